"""The blank template guides a filer: drop-down lists for Shuffler and Dealing, a note on the Wagers syntax that
lists the chapter's wagers, and a wager written as the regulation names it ('Bonus Wager', 'Tie Wager') is read as
the wager it names."""

from __future__ import annotations

import io
from pathlib import Path

import openpyxl
import pytest
from pacomply.checker.review import review_filing
from pacomply.regulations.paytable_resolution import wager_aliases
from pacomply.regulations.rulebook import DealingMethod, Shuffler
from pacomply.submissions import read_filing
from pacomply.submissions.layout import TABLE_COLUMNS, TABLES_SHEET
from pacomply.submissions.template import workbook_bytes

from pacomply import regulations

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _column_letter(field: str) -> str:
    from openpyxl.utils import get_column_letter

    return get_column_letter(next(n for n, column in enumerate(TABLE_COLUMNS, start=1) if column.field == field))


def test_blank_tables_sheet_lists_the_shuffler_and_dealing_choices() -> None:
    sheet = openpyxl.load_workbook(io.BytesIO(workbook_bytes(["686a"])))[TABLES_SHEET]
    lists = {str(rule.sqref): rule.formula1 for rule in sheet.data_validations.dataValidation if rule.type == "list"}
    shuffler, dealing = _column_letter("shuffler"), _column_letter("dealing")
    assert lists[f"{shuffler}2:{shuffler}501"] == '"' + ",".join(choice.value for choice in Shuffler) + '"'
    assert lists[f"{dealing}2:{dealing}501"] == '"' + ",".join(choice.value for choice in DealingMethod) + '"'


@pytest.mark.parametrize("chapter", regulations.known_chapters())
def test_blank_tables_sheet_notes_the_wagers_syntax_and_the_chapters_wagers(chapter: str) -> None:
    sheet = openpyxl.load_workbook(io.BytesIO(workbook_bytes([chapter])))[TABLES_SHEET]
    wagers = _column_letter("wagers")
    note = sheet[f"{wagers}1"].comment.text
    assert "separated by semicolons" in note and "=Paytable" in note
    for wager in regulations.rulebook(chapter).wagers:
        assert f"{wager.id} = {wager.name}" in note
    prompts = [rule for rule in sheet.data_validations.dataValidation if rule.prompt]
    assert [str(rule.sqref) for rule in prompts] == [f"{wagers}2:{wagers}501"]
    assert len(prompts[0].prompt) <= 255  # what Excel shows


@pytest.mark.parametrize("chapter", regulations.known_chapters())
def test_every_regulation_wager_name_is_an_alias_of_its_id(chapter: str) -> None:
    """The alias table is derived from the rulebook's names: each name (and it without 'Wager') maps to its wager."""
    from pacomply.submissions.values import wager_id

    aliases = wager_aliases(regulations.rulebook(chapter))
    for wager in regulations.rulebook(chapter).wagers:
        assert aliases[wager.id] == wager.id
        assert aliases[wager_id(wager.name)] == wager.id, wager.name


@pytest.mark.parametrize(
    ("example", "written"),
    [("686a-compliant.xlsx", "Bonus Wager"), ("686a-compliant.xlsx", "bonus wager"), ("686a-compliant.xlsx", "Bonus")],
)
def test_a_wager_written_as_the_regulation_names_it_is_understood(example: str, written: str, tmp_path: Path) -> None:
    workbook = openpyxl.load_workbook(EXAMPLES / example)
    sheet = workbook[TABLES_SHEET]
    column = next(n for n, column in enumerate(TABLE_COLUMNS, start=1) if column.field == "wagers")
    original = review_filing(read_filing(EXAMPLES / example))
    changed = 0
    for row in range(2, sheet.max_row + 1):
        if sheet.cell(row=row, column=column).value == "bonus":
            sheet.cell(row=row, column=column).value = written
            changed += 1
    assert changed
    path = tmp_path / example
    workbook.save(path)
    filing = read_filing(path)
    assert [wager.wager for table in filing.tables for wager in table.wagers] == [
        wager.wager for table in original.filing.tables for wager in table.wagers
    ]
    review = review_filing(filing)
    assert review.verdict == original.verdict
    assert [finding.rule_id for finding in review.findings] == [finding.rule_id for finding in original.findings]


def test_a_name_no_wager_of_the_chapter_has_is_still_reported(tmp_path: Path) -> None:
    workbook = openpyxl.load_workbook(EXAMPLES / "686a-compliant.xlsx")
    sheet = workbook[TABLES_SHEET]
    column = next(n for n, column in enumerate(TABLE_COLUMNS, start=1) if column.field == "wagers")
    sheet.cell(row=2, column=column).value = "Tie Wager"  # a 681a wager, not an Over/Under one
    path = tmp_path / "tie.xlsx"
    workbook.save(path)
    filing = read_filing(path)
    assert filing.tables[0].wagers[0].wager == "tie_wager"
    assert not review_filing(filing).compliant
