"""A par sheet as a PDF (``pacomply parsheet -f pdf``): the lines, the figures and the blackjack strategy grid, in
the review's bundled fonts and tagged for screen readers as the review PDF is (:mod:`pacomply.reports.pdf_tagging`:
the title and headings, paragraphs and table cells in marked content, tied to a structure tree; everything else an
artifact). Every page carries a footer as the review's does (the sheet, its date, pacomply's version, the law applied,
page x of y). Deterministic: reportlab's invariant mode fixes the identifier, and the dates are the sheet's date
(:func:`sheet_epoch`)."""

from __future__ import annotations

import io
import os
from datetime import UTC, date, datetime
from typing import TYPE_CHECKING, Any

from pacomply.reports.collection import collection_paused

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
        _styles,
        _Tagged,
        _text,
        _Together,
    )
    from pacomply.reports.pdf.sections.figures import par_line_widths, strategy_block
    from reportlab.lib.units import inch
    from reportlab.platypus import Spacer

    styles = _styles()
    story: list[Any] = [
        _Tagged(_text(title(sheet)), styles.title, role="H1"),
        _Tagged(_text(sheet.citation), styles.body),
        Spacer(1, 6),
    ]
    if sheet.lines:
        rows = line_rows(sheet)
        data = [_header_cells(LINE_COLUMNS)]
        data += [[_p(_text(cell)) for cell in row] for row in rows]
        table = _grid(data, par_line_widths(rows), repeatRows=1, hAlign="LEFT")
        table.setStyle(_grid_style())
        story += _kept_with_label(_Tagged("Paytable lines", styles.heading2, role="H2"), table)
        if sheet.space is not None:
            story.append(
                _Tagged(_text(f"Combinations counted over {sheet.space:,} equally likely deals."), styles.small)
            )
        story.append(Spacer(1, 6))
    figures = _key_value_table([(label, _text(value)) for label, value in summary_rows(sheet)], 2.6 * inch)
    # The key figures are one block with their heading, never split across pages.
    story.append(_Together([_Tagged("Figures", styles.heading2, role="H2"), figures], whole=True))
    if sheet.strategy or sheet.grid is not None:
        # The strategy once: its words, then its grid (a column per up card), as the review shows it.
        story += [Spacer(1, 6), *strategy_block(sheet.strategy, sheet.grid, styles)]
    story += [_Tagged(_text(f"Note: {note}"), styles.small) for note in sheet.notes]
    return story


def sheet_epoch(made: date | None = None) -> int:
    """Seconds since 1970 stamped into a par sheet's PDF: ``SOURCE_DATE_EPOCH`` when set, else ``made`` (today in
    UTC when not given) at 00:00 UTC, the date its footer prints."""
    configured = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if configured.isdigit():
        return int(configured)
    day = made or datetime.now(tz=UTC).date()
    return int(datetime(day.year, day.month, day.day, tzinfo=UTC).timestamp())


@collection_paused()
def render_par_sheet_pdf(sheet: ParSheet, *, tagged: bool = True, made: date | None = None) -> bytes:
    """The PDF's bytes (``tagged=False``: without marked content or structure tree, the tests' baseline). Every page
    carries the sheet's title, the date it was made (``made``, see :func:`sheet_epoch`), pacomply's version, the law
    applied and "page x of y"; the PDF's dates are that date."""
    from pacomply.checker.review import tool_version
    from pacomply.reports.parsheet_text import title
    from pacomply.reports.pdf import (
        PAGE_GEOMETRY,
        DeferringCanvas,
        build_pdf,
        document_options,
        draw_footer_later,
        register_fonts,
        tool_and_law_line,
    )
    from pacomply.reports.pdf_tagging import FOOTER_OPEN
    from reportlab.platypus import Frame, PageTemplate
    from reportlab.platypus.doctemplate import BaseDocTemplate

    from pacomply import regulations

    register_fonts()
    epoch = sheet_epoch(made)
    dated = datetime.fromtimestamp(epoch, tz=UTC)
    version = tool_version()
    footer = (
        f"{title(sheet)} · made {dated.date().isoformat()}",
        tool_and_law_line(version, [(sheet.chapter, regulations.rulebook(sheet.chapter).version)]),
    )

    buffer = io.BytesIO()
    document = BaseDocTemplate(
        buffer, **PAGE_GEOMETRY, title=title(sheet), creator=f"pacomply {version}", **document_options(tagged)
    )
    frame = Frame(document.leftMargin, document.bottomMargin, document.width, document.height, leftPadding=0,
                  rightPadding=0, id="content")  # fmt: skip

    def page_begins(canvas: DeferringCanvas, _document: BaseDocTemplate) -> None:
        # The footer is a pagination artifact, its "of y" drawn when the sheet is saved; the page is an artifact
        # until a piece of the text is drawn.
        canvas.open_artifact(FOOTER_OPEN)
        draw_footer_later(canvas, footer)
        canvas.close_artifact()
        canvas.open_artifact()

    document.addPageTemplates(
        [
            PageTemplate(
                id="page",
                frames=[frame],
                onPage=page_begins,
                onPageEnd=lambda canvas, _doc: canvas.close_artifact(),
            )
        ]
    )
    # One build: the footers' "of y" waits for the last page (DeferringCanvas).
    return build_pdf(document, buffer, par_sheet_flowables(sheet), tagged=tagged, epoch=epoch)
