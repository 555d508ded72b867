"""Writes the filing workbook: blank (``pacomply template``) or filled from a :class:`Filing`.

The layout is the contract in docs/filing-format.md, taken from :mod:`submissions.layout`.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

from pacomply.regulations.rulebook import AnswerKind, DealingMethod, Shuffler
from pacomply.submissions.files import neutralise_formula, write_atomically
from pacomply.submissions.layout import (
    CHAPTER_SHEET_HEADERS,
    FILING_FIELDS,
    FILING_SHEET,
    FILING_SHEET_HEADERS,
    TABLE_COLUMNS,
    TABLES_SHEET,
)
from pacomply.submissions.model import Filing, TableConfiguration

from pacomply import regulations

_FIXED_TIMESTAMP = datetime(2021, 5, 29)


def _cell_text(value: object) -> object:
    if value is None:
        return None
    if isinstance(value, bool):
        return "Yes" if value else "No"
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    if isinstance(value, str):
        return neutralise_formula(value)
    return value


def _table_cell(table: TableConfiguration, field: str) -> object:
    value = getattr(table, field)
    if field == "equipment":
        return "; ".join(item.value for item in value) or None
    if field == "wagers":
        return "; ".join(w.wager + (f"={w.paytable}" if w.paytable else "") for w in value) or None
    if hasattr(value, "value") and not isinstance(value, Decimal):
        return value.value
    return _cell_text(value)


def build_workbook(chapters: Sequence[str], filing: Filing | None = None) -> Any:
    """An openpyxl workbook for the chapters, blank or filled from ``filing``."""
    from openpyxl import Workbook
    from openpyxl.styles import Alignment, Font
    from openpyxl.worksheet.datavalidation import DataValidation

    workbook = Workbook()
    workbook.properties.creator = "pacomply"
    workbook.properties.created = _FIXED_TIMESTAMP
    bold = Font(bold=True)

    sheet = workbook.active
    sheet.title = FILING_SHEET
    sheet.append(list(FILING_SHEET_HEADERS))
    for column in FILING_FIELDS:
        value = getattr(filing.metadata, column.field) if filing is not None else None
        if column.field == "card_thickness_mm" and filing is not None and value == Decimal("0.30"):
            value = None
        sheet.append([column.header, _cell_text(value)])
    sheet.column_dimensions["A"].width = 24
    sheet.column_dimensions["B"].width = 48
    for cell in sheet[1]:
        cell.font = bold

    for chapter in chapters:
        book = regulations.rulebook(chapter)
        chapter_sheet = workbook.create_sheet(book.chapter)
        chapter_sheet.append(list(CHAPTER_SHEET_HEADERS))
        yes_no = DataValidation(type="list", formula1='"Yes,No"', allow_blank=True)
        chapter_sheet.add_data_validation(yes_no)
        submission = filing.chapters.get(book.chapter) if filing is not None else None
        for row_number, question in enumerate(book.checklist, start=2):
            answer = submission.answer(question.key) if submission is not None else None
            answer_value = None
            if answer is not None:
                answer_value = _cell_text(answer.value) if question.kind != AnswerKind.TEXT else answer.text
            chapter_sheet.append(
                [
                    question.section.short,
                    question.key,
                    question.question,
                    answer_value,
                    answer.notes if answer is not None and answer.notes else None,
                ]
            )
            if question.kind == AnswerKind.YES_NO:
                yes_no.add(f"D{row_number}")
            chapter_sheet.cell(row=row_number, column=3).alignment = Alignment(wrap_text=True, vertical="top")
        for letter, width in zip("ABCDE", (12, 30, 70, 16, 30), strict=True):
            chapter_sheet.column_dimensions[letter].width = width
        for cell in chapter_sheet[1]:
            cell.font = bold
        chapter_sheet.freeze_panes = "A2"

    tables_sheet = workbook.create_sheet(TABLES_SHEET)
    tables_sheet.append([column.header for column in TABLE_COLUMNS])
    for table in filing.tables if filing is not None else ():
        tables_sheet.append([_table_cell(table, column.field) for column in TABLE_COLUMNS])
    for cell in tables_sheet[1]:
        cell.font = bold
    tables_sheet.freeze_panes = "A2"
    if filing is None:  # the blank template a filer fills in (a workbook written from a filing stays as it was)
        _guide_tables_sheet(tables_sheet, chapters)
    return workbook


TABLE_ROWS_GUIDED = 500
"""Rows of the Tables sheet given drop-down lists (far more tables than a licensee files at once)."""


def _guide_tables_sheet(sheet: Any, chapters: Sequence[str]) -> None:
    """Drop-down lists for the Shuffler and Dealing columns, and a note on the Wagers column: its syntax and the
    wagers of the chapters in the workbook, by id and by the regulation's name (either is understood)."""
    from openpyxl.comments import Comment
    from openpyxl.utils import get_column_letter
    from openpyxl.worksheet.datavalidation import DataValidation

    letters = {column.field: get_column_letter(number) for number, column in enumerate(TABLE_COLUMNS, start=1)}
    for field, choices in (("shuffler", Shuffler), ("dealing", DealingMethod)):
        column = next(column for column in TABLE_COLUMNS if column.field == field)
        listed = DataValidation(
            type="list",
            formula1='"' + ",".join(choice.value for choice in choices) + '"',
            allow_blank=True,
            showErrorMessage=True,
            errorTitle=column.header,
            error=f"{column.header}: {column.help}",
        )
        sheet.add_data_validation(listed)
        listed.add(f"{letters[field]}2:{letters[field]}{TABLE_ROWS_GUIDED + 1}")
    syntax = (
        "Optional wagers offered at the table, separated by semicolons, each followed by =Paytable where the "
        "chapter has paytables: e.g. trips=DJWT-04; bad_beat=DJWBB-03. A wager may be written by its id or as the "
        "regulation names it ('Trips Bonus Wager=DJWT-04'); the note on this column's header lists them."
    )
    short = (  # Excel shows at most 255 characters when the cell is selected
        "Semicolon list, each =Paytable where the chapter has paytables, e.g. trips=DJWT-04; bad_beat=DJWBB-03. "
        "An id or the regulation's name ('Trips Bonus Wager') is understood; the header's note lists them."
    )
    prompt = DataValidation(
        type="custom", formula1="TRUE", allow_blank=True, showInputMessage=True, promptTitle="Wagers", prompt=short
    )
    sheet.add_data_validation(prompt)
    prompt.add(f"{letters['wagers']}2:{letters['wagers']}{TABLE_ROWS_GUIDED + 1}")
    lines = [syntax, ""]
    for chapter in chapters:
        book = regulations.rulebook(chapter)
        lines.append(f"{book.chapter} {book.title}:")
        for wager in book.wagers:
            paytables = f" (paytables {', '.join(wager.paytable_ids)})" if wager.paytable_ids else ""
            lines.append(f"  {wager.id} = {wager.name}{paytables}")
    header = sheet[f"{letters['wagers']}1"]
    header.comment = Comment("\n".join(lines), "pacomply", height=min(40 + 15 * len(lines), 600), width=420)


def workbook_bytes(chapters: Sequence[str], filing: Filing | None = None) -> bytes:
    """The workbook as bytes: the same for the same chapters and filing (stamped with the filing's date)."""
    from pacomply.submissions.xlsx_writer import workbook_bytes as deterministic_bytes

    stamp = datetime.combine(filing.metadata.date_filed, datetime.min.time()) if filing else _FIXED_TIMESTAMP
    return deterministic_bytes(build_workbook(chapters, filing), stamp)


def write_template(path: Path, chapters: Sequence[str], filing: Filing | None = None) -> None:
    """Write the workbook atomically."""
    write_atomically(path, workbook_bytes(chapters, filing))
