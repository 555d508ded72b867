"""A par sheet as a PDF (``pacomply parsheet -f pdf``): the lines, the figures and 685a's strategy grid, in the
review's fonts (docs/parsheet.md). Deterministic: the document's dates and identifier are fixed."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pacomply.checker.parsheet import ParSheet


def render_par_sheet_pdf(sheet: ParSheet) -> bytes:
    """The PDF's bytes."""
    from pacomply.reports.parsheet_text import LINE_COLUMNS, line_rows, summary_rows, title
    from pacomply.reports.pdf import _register_fonts
    from reportlab.lib import colors
    from reportlab.lib.pagesizes import landscape, letter
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.lib.units import inch
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

    font = _register_fonts()
    body = ParagraphStyle("body", fontName=font, fontSize=9, leading=11)
    heading = ParagraphStyle("heading", fontName=f"{font}-Bold", fontSize=13, leading=16, spaceAfter=6)
    small = ParagraphStyle("small", fontName=font, fontSize=6, leading=7)

    def grid(rows: list[tuple[str, ...]], widths: list[float] | None = None, style: ParagraphStyle = body) -> Table:
        from xml.sax.saxutils import escape

        data = [[Paragraph(escape(str(cell)), style) for cell in row] for row in rows]
        table = Table(data, colWidths=widths, repeatRows=1)
        table.setStyle(
            TableStyle(
                [
                    ("FONT", (0, 0), (-1, -1), font, style.fontSize),
                    ("GRID", (0, 0), (-1, -1), 0.25, colors.grey),
                    ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#DDE3EE")),
                    ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ]
            )
        )
        return table

    story: list = [Paragraph(title(sheet), heading), Paragraph(sheet.citation, body), Spacer(1, 8)]
    if sheet.lines:
        story.append(
            grid([LINE_COLUMNS, *line_rows(sheet)], [3.2 * inch, 2.0 * inch, 1.5 * inch, 1.3 * inch, 1.3 * inch])
        )
        if sheet.space is not None:
            story.append(Paragraph(f"Combinations counted over {sheet.space:,} equally likely deals.", body))
        story.append(Spacer(1, 8))
    story.append(grid([("figure", "value"), *summary_rows(sheet)], [3.0 * inch, 6.0 * inch]))
    if sheet.strategy:
        story.append(Spacer(1, 8))
        story.append(grid([("strategy", "decision"), *sheet.strategy], [3.0 * inch, 6.0 * inch]))
    if sheet.grid is not None:
        story.append(Spacer(1, 8))
        story.append(Paragraph(f"Strategy grid: {sheet.grid.legend}", body))
        rows = [("hand", *sheet.grid.columns), *((hand, *cells) for hand, cells in sheet.grid.rows)]
        story.append(grid(rows, None, small))
    for note in sheet.notes:
        story.append(Paragraph(f"Note: {note}", body))
    buffer = io.BytesIO()
    document = SimpleDocTemplate(
        buffer,
        pagesize=landscape(letter),
        title=title(sheet),
        author="pacomply",
        invariant=1,
        leftMargin=0.5 * inch,
        rightMargin=0.5 * inch,
    )
    document.build(story)
    return buffer.getvalue()
