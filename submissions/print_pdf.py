"""Prints a filing as PDF in pacomply's own template layout, the layout :mod:`submissions.readers.pdf` reads back.

The printed filing has three parts, each a ruled table under its heading:

- ``Filing``: Field | Value (the Filing sheet of the workbook);
- ``Chapter NNNa — title``: Section | Key | Question | Answer | Notes, one row per checklist question;
- ``Tables``: one column per Tables-sheet column (docs/filing-format.md), one row per gaming table.

The Board's own checklist form has no place for tables; a filer who uses it attaches the same ``Tables`` page
(:func:`tables_flowables`), which is how the reader finds the tables of a PDF filing. Output is byte-identical
for identical input (reportlab's invariant mode: no timestamps, fixed document id).
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any
from xml.sax.saxutils import escape

from pacomply.regulations.rulebook import AnswerKind
from pacomply.submissions.layout import CHAPTER_SHEET_HEADERS, FILING_FIELDS, FILING_SHEET_HEADERS, TABLE_COLUMNS
from pacomply.submissions.model import Filing
from pacomply.submissions.template import _cell_text, _table_cell

from pacomply import regulations

TABLES_HEADING = "Tables"
FILING_HEADING = "Filing"


def _styles() -> dict[str, Any]:
    from reportlab.lib.styles import ParagraphStyle, getSampleStyleSheet

    base = getSampleStyleSheet()
    return {
        "title": base["Title"],
        "heading": base["Heading2"],
        "body": base["BodyText"],
        "cell": ParagraphStyle("cell", parent=base["BodyText"], fontSize=8, leading=10),
        "small": ParagraphStyle("small", parent=base["BodyText"], fontSize=6.5, leading=8),
    }


def _paragraph(value: object, style: Any) -> Any:
    from reportlab.platypus import Paragraph

    return Paragraph(escape("" if value is None else str(value)), style)


def ruled_table(rows: list[list[object]], widths: Sequence[float], style: Any, repeat_header: bool = True) -> Any:
    """A table with every cell ruled, so pdfplumber finds its cells from the lines."""
    from reportlab.lib import colors
    from reportlab.platypus import Table, TableStyle

    table = Table(
        [[_paragraph(value, style) for value in row] for row in rows],
        colWidths=list(widths),
        repeatRows=1 if repeat_header else 0,
    )
    table.setStyle(
        TableStyle(
            [
                ("GRID", (0, 0), (-1, -1), 0.5, colors.black),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#DDDDDD")),
            ]
        )
    )
    return table


def tables_flowables(filing: Filing, styles: dict[str, Any] | None = None) -> list[Any]:
    """The Tables page: heading and a ruled table of every gaming table (attachable to the Board's form too)."""
    from reportlab.platypus import PageBreak, Paragraph

    styles = styles or _styles()
    header: list[object] = [column.header for column in TABLE_COLUMNS]
    rows: list[list[object]] = [header]
    for table in filing.tables:
        rows.append([_plain(_table_cell(table, column.field)) for column in TABLE_COLUMNS])
    widths = [44, 40, 44, 30, 36, 46, 46, 44, 44, 48, 80, 96, 46, 54]
    return [
        PageBreak(),
        Paragraph(TABLES_HEADING, styles["heading"]),
        ruled_table(rows, widths, styles["small"]),
    ]


def _plain(value: object) -> object:
    """A value as it reads on paper (the workbook's formula guard is for spreadsheets, not for print)."""
    if isinstance(value, str) and value.startswith("'") and len(value) > 1 and value[1] in "=+-@":
        return value[1:]
    return value


def build_pdf(story: list[Any], title: str) -> bytes:
    """Lay out a story on landscape Letter pages, deterministically."""
    from reportlab.lib.pagesizes import landscape, letter
    from reportlab.platypus import SimpleDocTemplate

    stream = io.BytesIO()
    document = SimpleDocTemplate(
        stream,
        pagesize=landscape(letter),
        leftMargin=36,
        rightMargin=36,
        topMargin=36,
        bottomMargin=36,
        title=title,
        author="pacomply",
        creator="pacomply",
        invariant=1,
    )
    document.build(story)
    return stream.getvalue()


def filing_pdf_bytes(filing: Filing, chapters: Sequence[str] | None = None) -> bytes:
    """The filing printed in pacomply's template layout (every checklist question, answered or not)."""
    from reportlab.platypus import PageBreak, Paragraph

    styles = _styles()
    story: list[Any] = [
        Paragraph("Rules Submission — printed from the pacomply template", styles["title"]),
        Paragraph(FILING_HEADING, styles["heading"]),
    ]
    filing_rows: list[list[object]] = [list(FILING_SHEET_HEADERS)]
    for column in FILING_FIELDS:
        value = getattr(filing.metadata, column.field)
        filing_rows.append([column.header, _plain(_cell_text(value))])
    story.append(ruled_table(filing_rows, [180, 400], styles["cell"]))
    for chapter in chapters or filing.filed_chapters:
        book = regulations.rulebook(chapter)
        submission = filing.chapters.get(book.chapter)
        rows: list[list[object]] = [list(CHAPTER_SHEET_HEADERS)]
        for question in book.checklist:
            answer = submission.answer(question.key) if submission is not None else None
            text: object = None
            if answer is not None:
                text = answer.text if question.kind == AnswerKind.TEXT else _plain(_cell_text(answer.value))
            rows.append([question.section.short, question.key, question.question, text, answer.notes if answer else ""])
        story += [
            PageBreak(),
            Paragraph(f"Chapter {book.chapter} — {escape(book.title)}", styles["heading"]),
            ruled_table(rows, [70, 150, 330, 80, 90], styles["cell"]),
        ]
    story += tables_flowables(filing, styles)
    return build_pdf(story, f"Rules Submission of {filing.metadata.licensee}")
