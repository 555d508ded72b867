"""A par sheet as a PDF (``pacomply parsheet -f pdf``): the lines, the figures and the blackjack strategy grids, in
the review's bundled fonts and tagged for screen readers as the review PDF is (:mod:`pacomply.reports.pdf_tagging`:
the title and headings, paragraphs and table cells in marked content, tied to a structure tree; everything else an
artifact). Deterministic: reportlab's invariant mode fixes the document's dates and identifier (docs/parsheet.md)."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pacomply.checker.parsheet import ParSheet


def par_sheet_flowables(sheet: ParSheet) -> list[Any]:
    """The par sheet's tagged flowables (title H1, the lines, the figures, the strategy and its grid)."""
    from pacomply.reports.parsheet_text import LINE_COLUMNS, line_rows, summary_rows, title
    from pacomply.reports.pdf import (
        _grid,
        _grid_style,
        _header_cells,
        _kept_with_label,
        _key_value_table,
        _p,
        _strategy_grid,
        _styles,
        _Tagged,
        _text,
    )
    from reportlab.lib.units import inch
    from reportlab.platypus import Spacer

    styles = _styles()
    story: list[Any] = [
        _Tagged(_text(title(sheet)), styles.title, role="H1"),
        _Tagged(_text(sheet.citation), styles.body),
        Spacer(1, 6),
    ]
    if sheet.lines:
        data = [_header_cells(LINE_COLUMNS)]
        data += [[_p(_text(cell)) for cell in row] for row in line_rows(sheet)]
        table = _grid(data, [2.3 * inch, 1.3 * inch, 1.3 * inch, 1.1 * inch, 1.0 * inch], repeatRows=1, hAlign="LEFT")
        table.setStyle(_grid_style())
        story += _kept_with_label(_Tagged("Paytable lines", styles.heading2, role="H2"), table)
        if sheet.space is not None:
            story.append(
                _Tagged(_text(f"Combinations counted over {sheet.space:,} equally likely deals."), styles.small)
            )
        story.append(Spacer(1, 6))
    figures = _key_value_table([(label, _text(value)) for label, value in summary_rows(sheet)], 2.6 * inch)
    story += _kept_with_label(_Tagged("Figures", styles.heading2, role="H2"), figures)
    if sheet.strategy:
        data = [_header_cells(("When", "Decision"))]
        data += [[_p(_text(when)), _p(_text(decision))] for when, decision in sheet.strategy]
        table = _grid(data, [2.5 * inch, 4.5 * inch], repeatRows=1, hAlign="LEFT")
        table.setStyle(_grid_style())
        story += [Spacer(1, 6), *_kept_with_label(_Tagged("Strategy", styles.heading2, role="H2"), table)]
    if sheet.grid is not None:
        story += [Spacer(1, 6), *_strategy_grid(sheet.grid, styles)]
    story += [_Tagged(_text(f"Note: {note}"), styles.small) for note in sheet.notes]
    return story


def render_par_sheet_pdf(sheet: ParSheet, *, tagged: bool = True) -> bytes:
    """The PDF's bytes (``tagged=False``: without marked content or structure tree, the tests' baseline)."""
    from pacomply.reports.parsheet_text import title
    from pacomply.reports.pdf import FONT, MARGIN, register_fonts
    from pacomply.reports.pdf_tagging import TaggingCanvas, add_structure_tree
    from reportlab.lib.pagesizes import LETTER
    from reportlab.platypus import Frame, PageTemplate
    from reportlab.platypus.doctemplate import BaseDocTemplate

    register_fonts()
    buffer = io.BytesIO()
    document = BaseDocTemplate(
        buffer,
        pagesize=LETTER,
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=MARGIN,
        bottomMargin=MARGIN,
        title=title(sheet),
        author="pacomply",
        invariant=1,
        pageCompression=1,
        lang="en-US",
        displayDocTitle=1,
        initialFontName=FONT,
    )
    frame = Frame(document.leftMargin, document.bottomMargin, document.width, document.height, leftPadding=0,
                  rightPadding=0, id="content")  # fmt: skip
    document.addPageTemplates(
        [
            PageTemplate(
                id="page",
                frames=[frame],
                # The page is an artifact until a piece of the document's text is drawn (see pdf_tagging).
                onPage=lambda canvas, _doc: canvas.open_artifact(),
                onPageEnd=lambda canvas, _doc: canvas.close_artifact(),
            )
        ]
    )
    canvases: list[TaggingCanvas] = []

    def canvas_maker(*args: Any, **kwargs: Any) -> TaggingCanvas:
        canvas = TaggingCanvas(*args, tagged=tagged, **kwargs)
        canvases[:] = [canvas]
        return canvas

    document.build(par_sheet_flowables(sheet), canvasmaker=canvas_maker)
    recorder = canvases[-1].tagging if canvases else None
    if recorder is None:
        return buffer.getvalue()
    return add_structure_tree(buffer.getvalue(), recorder.marks, recorder.links)
