"""The workbooks as a spreadsheet reads them back (openpyxl): numbers, percentages, money and dates are typed cells
in their number formats, never text that looks like one; a figure pacomply has not is an empty cell, never a dash;
every sheet prints landscape, one page wide, its header row repeated.

Checked on the review workbook of every example and on the stand-alone par-sheet workbook of every wager each
chapter's compliant example configures (under ``-m slow``; a sample in the default suite).
"""

from __future__ import annotations

import io
import re
from datetime import date, datetime
from functools import cache
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from pacomply.checker.parsheet import ParSheet
from pacomply.checker.review import Review, review_filing
from pacomply.regulations.chapters import chapter_ids
from pacomply.regulations.rulebook import AnswerKind
from pacomply.reports.content import checklist_rows
from pacomply.reports.parsheet_xlsx import render_par_sheet_xlsx
from pacomply.reports.xlsx import _PAR_FIGURES, COUNT_FORMAT, PERCENT_FORMAT, PROBABILITY_FORMAT, RENDERER
from pacomply.submissions import read_filing

from pacomply import regulations

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
ALL_EXAMPLES = sorted(path.name for path in EXAMPLES.iterdir() if path.suffix in {".xlsx", ".json"})
SAMPLE_EXAMPLES = frozenset({"687a-violations.xlsx", "633a-compliant.xlsx"})
SAMPLE_CHAPTER = "687a"
SHEET_DATE = date(2026, 11, 28)

#: Text that a reader would take for a number, an amount, a percentage or a date, or a dash standing for nothing.
LOOKS_TYPED = re.compile(r"[-+]?\$?(\d{1,3}(,\d{3})+|\d+)(\.\d+)?\s*%?|\d{4}-\d{2}-\d{2}|'?[-–—]")
#: The digits a spreadsheet's number holds exactly.
EXACT_DIGITS = 15
#: Columns (or, in a sheet of label and value rows, labels) whose values are names that may be digits (a paytable
#: "1", a table "7"), or the filing's own text.
NAME_COLUMNS = frozenset(
    {"Paytable", "Table ID", "Table", "Key", "Section", "Figure", "Reading", "Outcome", "Pays", "outcome", "pays",
     "hand", "Notes", "Message", "Fix", "Answer"}
)  # fmt: skip


def _sampled(names: list[str], sample: frozenset[str]) -> list[object]:
    return [name if name in sample else pytest.param(name, marks=pytest.mark.slow) for name in names]


@cache
def _review(example: str) -> Review:
    return review_filing(read_filing(EXAMPLES / example))


@cache
def _review_workbook(example: str) -> Any:
    return openpyxl.load_workbook(io.BytesIO(RENDERER.render(_review(example))))


@cache
def _par_sheet_workbooks(chapter: str) -> tuple[tuple[ParSheet, Any], ...]:
    sheets = _review(f"{chapter}-compliant.json").par_sheets
    return tuple(
        (sheet, openpyxl.load_workbook(io.BytesIO(render_par_sheet_xlsx(sheet, made=SHEET_DATE)))) for sheet in sheets
    )


def _text_that_looks_typed(workbook: Any) -> list[str]:
    """sheet!cell 'value' of every text cell outside the name columns that reads as a number, amount, percentage,
    date or a dash."""
    found = []
    for sheet in workbook.worksheets:
        headers = [cell.value for cell in sheet[1]]
        for row in sheet.iter_rows(min_row=2):
            for cell in row:
                header = headers[cell.column - 1] if cell.column <= len(headers) else None
                if sheet.title == "Figures":
                    header = row[0].value  # a sheet of label and value rows: the label names the value
                    if str(header).startswith("Strategy: "):
                        continue  # the strategy in the analysis's words (an Envy amount among them)
                if header in NAME_COLUMNS or cell.data_type != "s" or not isinstance(cell.value, str):
                    continue
                if sheet.title.startswith("Strategy") and cell.value == "-":
                    continue  # a strategy grid's code for a decision not offered, as its legend says
                if sum(character.isdigit() for character in cell.value) > EXACT_DIGITS:
                    continue  # a count a spreadsheet cannot hold exactly is kept as its digits
                if LOOKS_TYPED.fullmatch(cell.value.strip()):
                    found.append(f"{sheet.title}!{cell.coordinate} {cell.value!r}")
    return found


def _print_setup_problems(workbook: Any) -> list[str]:
    problems = []
    for sheet in workbook.worksheets:
        setup = sheet.page_setup
        if not (
            setup.orientation == "landscape"
            and setup.fitToWidth == 1
            and setup.fitToHeight == 0
            and sheet.sheet_properties.pageSetUpPr is not None
            and sheet.sheet_properties.pageSetUpPr.fitToPage
            and sheet.print_title_rows == "$1:$1"
        ):
            problems.append(sheet.title)
    return problems


@pytest.mark.parametrize("example", _sampled(ALL_EXAMPLES, SAMPLE_EXAMPLES))
def test_every_review_workbook_types_its_figures_and_prints_each_sheet_landscape(example: str) -> None:
    workbook = _review_workbook(example)
    assert _text_that_looks_typed(workbook) == []
    assert _print_setup_problems(workbook) == []


@pytest.mark.parametrize("example", _sampled(ALL_EXAMPLES, SAMPLE_EXAMPLES))
def test_every_checklist_answer_the_checker_reads_as_a_number_is_a_number(example: str) -> None:
    """A whole-number, money or percentage answer is a numeric cell (the filed 3 decks is 3, not '3')."""
    review = _review(example)
    sheet = _review_workbook(example)["Checklist"]
    headers = [cell.value for cell in sheet[1]]
    answers = [row[headers.index("Answer")] for row in sheet.iter_rows(min_row=2)]
    numeric_kinds = {AnswerKind.INTEGER, AnswerKind.MONEY, AnswerKind.PERCENTAGE}
    checked = 0
    for row, cell in zip(checklist_rows(review), answers, strict=True):
        text = row.answer.strip()
        if row.kind in numeric_kinds and re.fullmatch(r"\$?[\d,]+(\.\d+)?\s*%?", text):
            assert isinstance(cell.value, int | float), (row.key, cell.value)
            assert cell.number_format != "General", (row.key, cell.number_format)
            checked += 1
    if example == "633a-compliant.xlsx":
        assert checked >= 4  # its money answers (5000, 1000, 50000, 25) among them


def test_a_board_figure_pacomply_cannot_price_leaves_its_cell_empty() -> None:
    """687a's Board figures include some pacomply has no figure for (the Board Figures sheet's F11 was the text
    '-'): the cell is empty, and every figure present is a percent cell."""
    review = _review("687a-violations.xlsx")
    sheet = _review_workbook("687a-violations.xlsx")["Board Figures"]
    headers = [cell.value for cell in sheet[1]]
    column = headers.index("pacomply") + 1
    values = [sheet.cell(row=row, column=column) for row in range(2, sheet.max_row + 1)]
    assert any(cell.value is None for cell in values), "the example no longer has a figure pacomply cannot price"
    assert len(values) == len(review.published)
    for cell in values:
        assert cell.value is None or (isinstance(cell.value, float) and cell.number_format.endswith("%"))


@pytest.mark.parametrize("chapter", _sampled(chapter_ids(), frozenset({SAMPLE_CHAPTER})))
def test_every_par_sheet_workbook_holds_its_figures_as_typed_cells(chapter: str) -> None:
    sheets = _par_sheet_workbooks(chapter)
    assert sheets
    for sheet, workbook in sheets:
        where = (sheet.wager, sheet.paytable, sheet.decks)
        assert _text_that_looks_typed(workbook) == [], where
        assert _print_setup_problems(workbook) == [], where
        # A Lines sheet only where the wager has lines (685a's base game has none: no sheet of a header alone).
        assert ("Lines" in workbook.sheetnames) == bool(sheet.lines), where
        if sheet.lines:
            lines = workbook["Lines"]
            assert lines.max_row - 1 == len(sheet.lines), where
            for row, line in enumerate(sheet.lines, start=2):
                probability = lines.cell(row=row, column=4)
                assert probability.value == pytest.approx(float(line.probability), rel=1e-12), where
                assert probability.number_format == PROBABILITY_FORMAT
                count = lines.cell(row=row, column=3)
                if line.combinations is not None and line.combinations < 10**EXACT_DIGITS:
                    assert count.value == line.combinations and count.number_format == COUNT_FORMAT, where
                elif line.combinations is not None:  # more digits than a spreadsheet number holds: its digits
                    assert count.value == f"{line.combinations:,}", where
        figures = {row[0].value: row[1] for row in workbook["Figures"].iter_rows(min_row=2)}
        made = figures["Date made"]
        assert isinstance(made.value, datetime) and made.value.date() == SHEET_DATE and made.is_date
        assert figures["Decks"].value == sheet.decks
        # The wager as the chapter names it, not its id (the title above it names it so too).
        assert figures["Wager"].value == regulations.rulebook(sheet.chapter).wager(sheet.wager).name, where
        for header, attribute, number_format in _PAR_FIGURES:
            value = getattr(sheet, attribute)
            if value is None:
                assert header not in figures, (where, header)  # not computed: left out, not written as words
                continue
            cell = figures[header]
            assert isinstance(cell.value, int | float), (where, header, cell.value)
            assert cell.value == pytest.approx(float(value), rel=1e-12), (where, header)
            assert cell.number_format == number_format, (where, header)
        assert figures["House edge (per initial wager)"].number_format == PERCENT_FORMAT
