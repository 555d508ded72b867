"""checker/diff.py and ``pacomply diff``: answers, tables, metadata, findings added and resolved."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pacomply.checker.diff import FindingSummary, diff_filings, diff_text
from pacomply.checker.review import review_filing
from pacomply.submissions import read_filing
from typer.testing import CliRunner

from pacomply.cli import app
from tests.workspace.conftest import EXAMPLES, LICENSEE_A


def _diff(old: Path, new: Path) -> Any:
    old_filing, new_filing = read_filing(old), read_filing(new)
    return diff_filings(
        old_filing,
        new_filing,
        [FindingSummary.from_finding(item) for item in review_filing(old_filing).findings],
        [FindingSummary.from_finding(item) for item in review_filing(new_filing).findings],
    )


def _amended(tmp_path: Path) -> Path:
    # The compliant 686a filing, filed by the licensee of the violations example: an amendment that fixes them.
    document = json.loads((EXAMPLES / "686a-compliant.json").read_text(encoding="utf-8"))
    document["metadata"]["licensee"] = LICENSEE_A
    path = tmp_path / "amended.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def test_a_filing_against_itself_and_against_its_json_twin_is_unchanged() -> None:
    assert _diff(EXAMPLES / "686a-violations.xlsx", EXAMPLES / "686a-violations.xlsx").unchanged
    # The workbook and its JSON form hold the same filing; where values were read is not a difference.
    twin = _diff(EXAMPLES / "686a-violations.xlsx", EXAMPLES / "686a-violations.json")
    assert twin.unchanged, twin.to_json()


def test_an_amendment_that_fixes_every_error_resolves_every_finding(tmp_path: Path) -> None:
    old = EXAMPLES / "686a-violations.xlsx"
    result = _diff(old, _amended(tmp_path))
    expected = {FindingSummary.from_finding(item).key for item in review_filing(read_filing(old)).findings}
    assert {item.key for item in result.findings_resolved} == expected
    assert len(expected) == 11  # the example's eleven planted errors (README: violations (11 errors))
    assert result.findings_added == ()
    assert result.metadata == ()  # same licensee, date and reviewer
    assert ("OU-1.betting_positions", "7", "6") in [(item.where, item.old, item.new) for item in result.tables]
    assert result.tables_removed == ("OU-4",)  # the compliant filing keeps OU-3, its table with a marked rack
    assert result.tables_added == ()
    changed = {item.where: (item.old, item.new) for item in result.answers}
    assert changed["686a.bonus_offered"] == ("No", "Yes")
    assert changed["686a.max_adjacent_boxes"] == ("", "2")


def test_the_reverse_diff_adds_what_the_forward_one_resolved(tmp_path: Path) -> None:
    forward = _diff(EXAMPLES / "686a-violations.xlsx", _amended(tmp_path))
    backward = _diff(_amended(tmp_path), EXAMPLES / "686a-violations.xlsx")
    assert backward.findings_added == forward.findings_resolved
    assert backward.findings_resolved == forward.findings_added
    assert backward.tables_added == forward.tables_removed
    assert [(item.where, item.old, item.new) for item in backward.answers] == [
        (item.where, item.new, item.old) for item in forward.answers
    ]
    assert {item.kind for item in backward.answers} >= {"changed", "removed"}


def test_chapters_added_and_removed_and_metadata_changes() -> None:
    result = _diff(EXAMPLES / "686a-compliant.json", EXAMPLES / "687a-compliant.json")
    assert result.chapters_added == ("687a",)
    assert result.chapters_removed == ("686a",)
    text = diff_text(result)
    assert "  + 687a" in text and "  - 686a" in text


def test_cli_diff_text_and_json_are_the_same_diff(tmp_path: Path) -> None:
    runner = CliRunner()
    amended = _amended(tmp_path)
    text = runner.invoke(app, ["diff", str(EXAMPLES / "686a-violations.xlsx"), str(amended)])
    assert text.exit_code == 0, text.output
    assert "Findings resolved (11)" in text.output
    assert "~ OU-1.betting_positions: 7 -> 6" in text.output
    output = tmp_path / "diff.json"
    arguments = ["diff", str(EXAMPLES / "686a-violations.xlsx"), str(amended), "-f", "json", "-o", str(output)]
    done = runner.invoke(app, arguments)
    assert done.exit_code == 0, done.output
    document = json.loads(output.read_text(encoding="utf-8"))
    assert document["schema"] == "pacomply.diff/1"
    assert document == _diff(EXAMPLES / "686a-violations.xlsx", amended).to_json() | {"new": "amended.json"}
    assert len(document["findings"]["resolved"]) == 11


def test_cli_diff_of_an_unreadable_filing_exits_2_naming_it(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")
    result = CliRunner().invoke(app, ["diff", str(EXAMPLES / "686a-violations.xlsx"), str(broken)])
    assert result.exit_code == 2
    assert "broken.json" in result.output
    bad_format = CliRunner().invoke(app, ["diff", str(broken), str(broken), "-f", "xml"])
    assert bad_format.exit_code == 2
