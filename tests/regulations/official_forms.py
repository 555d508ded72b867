"""Build the HTML page and the PDF of a chapter from its text, the way the PA Code publishes both.

The HTML puts each paragraph in a <p> and each table row (tab-separated in the text) in a <tr>; the PDF prints
the text line by line, wrapped, on Letter pages (reportlab, as the Code's print version is a text PDF).
"""

from __future__ import annotations

import html
import textwrap
from pathlib import Path


def html_page(text: str) -> str:
    """The chapter as an HTML page with paragraphs and tables."""
    body: list[str] = []
    table: list[str] = []
    for line in text.split("\n"):
        if "\t" in line:
            cells = "".join(f"<td>{html.escape(cell.strip())}</td>" for cell in line.split("\t") if cell.strip())
            table.append(f"<tr>{cells}</tr>")
            continue
        if table:
            body.append("<table>" + "".join(table) + "</table>")
            table = []
        if line.strip():
            body.append(f"<p>{html.escape(line)}</p>")
    if table:
        body.append("<table>" + "".join(table) + "</table>")
    return (
        "<!DOCTYPE html><html><head><title>58 Pa. Code</title><style>p{margin:0}</style>"
        "<script>var ignored = '§ 999a.1. Not text.';</script></head><body>" + "\n".join(body) + "</body></html>"
    )


def pdf_document(text: str, path: Path) -> None:
    """The chapter as a text PDF: each line wrapped at 95 characters, tabs as spaces."""
    from reportlab.lib.pagesizes import letter
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen import canvas

    font = "Helvetica"
    for candidate in ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "/Library/Fonts/Arial Unicode.ttf"):
        if Path(candidate).exists():
            pdfmetrics.registerFont(TTFont("ChapterFont", candidate))
            font = "ChapterFont"
            break
    document = canvas.Canvas(str(path), pagesize=letter, invariant=True)
    height = letter[1]
    y = height - 50
    document.setFont(font, 8)
    for line in text.split("\n"):
        for piece in textwrap.wrap(line.replace("\t", "    "), 110) or [""]:
            if y < 50:
                document.showPage()
                document.setFont(font, 8)
                y = height - 50
            document.drawString(40, y, piece)
            y -= 10
    document.save()
