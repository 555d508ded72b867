"""``pacomply diff`` compares the values the review reads, not the text typed: an amendment that retypes an answer
in another spelling of the same value changes nothing, and a changed value is shown as read."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import openpyxl
from pacomply.checker.diff import diff_filings
from pacomply.submissions import read_filing

from tests.io.support import EXAMPLES


def _answer_rows(sheet: object) -> dict[str, int]:
    return {row[1].value: row[0].row for row in sheet.iter_rows(min_row=2) if row[1].value}  # type: ignore[attr-defined]


def _saved(tmp_path: Path, name: str, answers: dict[str, object], percent_format: bool = False) -> Path:
    """The 633a compliant example with some answers retyped (column D of the 633a sheet)."""
    workbook = openpyxl.load_workbook(EXAMPLES / "633a-compliant.xlsx")
    sheet = workbook["633a"]
    rows = _answer_rows(sheet)
    for key, value in answers.items():
        cell = sheet.cell(rows[key], 4)
        cell.value = value
        if percent_format and isinstance(value, float):
            cell.number_format = "0%"  # a spreadsheet shows 0.1 as 10%
    path = tmp_path / name
    workbook.save(path)
    return path


def test_diff_of_the_same_values_typed_differently_shows_no_change(tmp_path: Path) -> None:
    # Before: '633a.bad_beat_rate_of_progression: 10% -> 0.1' and '633a.bad_beat_offered: YES -> yes' were changes.
    old = read_filing(_saved(tmp_path, "old.xlsx", {"bad_beat_rate_of_progression": "10%", "bad_beat_offered": "YES"}))
    new = read_filing(
        _saved(tmp_path, "new.xlsx", {"bad_beat_rate_of_progression": 0.1, "bad_beat_offered": "yes"}, True)
    )
    assert old.chapters["633a"].answers["bad_beat_rate_of_progression"].text == "10%"
    assert new.chapters["633a"].answers["bad_beat_rate_of_progression"].text == "0.1"  # typed differently
    assert old.chapters["633a"].value("bad_beat_rate_of_progression") == Decimal(10)
    diff = diff_filings(old, new)
    assert diff.answers == ()
    assert diff.unchanged


def test_diff_of_a_changed_value_shows_both_values_as_read(tmp_path: Path) -> None:
    old = read_filing(_saved(tmp_path, "old.xlsx", {"bad_beat_rate_of_progression": "10%", "bad_beat_offered": "YES"}))
    new = read_filing(
        _saved(tmp_path, "new.xlsx", {"bad_beat_rate_of_progression": 0.12, "bad_beat_offered": "No"}, True)
    )
    changes = {change.where: (change.old, change.new) for change in diff_filings(old, new).answers}
    assert changes == {
        "633a.bad_beat_offered": ("Yes", "No"),
        "633a.bad_beat_rate_of_progression": ("10", "12"),
    }
