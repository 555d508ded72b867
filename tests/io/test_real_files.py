"""Real files that reached the reader damaged, amended or made by other software, each read for what it holds or
refused saying what is wrong with it."""

from __future__ import annotations

import io
import json
import re
import zipfile
from pathlib import Path

import pytest
from pacomply.submissions import read_filing

from tests.golden.outputs import REVIEW_DATE
from tests.io.support import (
    EXAMPLES,
    REPOSITORY,
    assert_input_refused,
    finding_signature,
    rewrite_member,
    run_pacomply,
    sheet_member,
)

COMPLIANT = EXAMPLES / "686a-compliant.xlsx"


def _first_part_span(workbook: bytes) -> tuple[str, int, int]:
    """The first part in the file (by offset): its name and where its stored bytes start and end."""
    archive = zipfile.ZipFile(io.BytesIO(workbook))
    first = min(archive.infolist(), key=lambda member: member.header_offset)
    name_length = len(first.filename.encode())
    start = first.header_offset + 30 + name_length + len(first.extra)
    return first.filename, start, start + first.compress_size


def test_compliant_example_reads_compliant_so_a_refusal_below_is_the_damage() -> None:
    assert run_pacomply("validate", COMPLIANT).exit_code == 0


@pytest.mark.parametrize("damage", ["bytes lost", "not yet written"])
def test_workbook_cut_short_is_refused_with_exit_2_not_reviewed(tmp_path: Path, damage: str) -> None:
    # The directory at the end of the file is intact and the sheets a filing is read from still open, so the
    # reader used to review the file and exit 0: bytes lost inside a part the filing does not read (its document
    # properties), or that part's bytes still zero, as a copy written out of order leaves it.
    original = COMPLIANT.read_bytes()
    name, start, end = _first_part_span(original)
    assert not name.startswith("xl/worksheets"), "the damaged part must be one the filing is not read from"
    middle = (start + end) // 2
    if damage == "bytes lost":
        damaged = original[:middle] + original[middle + 20 :]
    else:
        damaged = original[:start] + bytes(end - start) + original[end:]
    path = tmp_path / "cut-short.xlsx"
    path.write_bytes(damaged)
    run = run_pacomply("validate", path)
    assert_input_refused(run, "cut-short.xlsx", "damaged or cut short", f"'{name}'")


# --- workbooks edited by a filer and saved by other software (tests/fixtures/producers/, its README) ------------

PRODUCERS = REPOSITORY / "tests" / "fixtures" / "producers"
MANIFEST: dict[str, dict] = json.loads((PRODUCERS / "manifest.json").read_text(encoding="utf-8"))
WITH_INFORMATION = sorted(
    name
    for name, entry in MANIFEST.items()
    if entry["expect"] == "the source's findings and these information findings"
)
READING_RULES = {"FIL-020", "FIL-021"}


def _review(path: Path) -> tuple[int, dict]:
    run = run_pacomply("validate", path, "--format", "json", "--review-date", REVIEW_DATE.isoformat())
    assert run.exception is None, run.exception
    return run.exit_code, json.loads(run.stdout)


def test_the_manifest_names_a_formula_saved_by_libreoffice_and_a_very_hidden_sheet() -> None:
    assert {"edge/formula-with-saved-value.xlsx", "edge/very-hidden-draft-sheet.xlsx"} <= set(WITH_INFORMATION)


@pytest.mark.parametrize("name", WITH_INFORMATION)
def test_601a_2_a_workbook_read_beyond_its_typed_values_gives_the_sources_findings_and_names_what_was_done(
    name: str,
) -> None:
    # A formula saved with its value by LibreOffice was refused ("type the value itself") and a very hidden draft
    # of the 686a sheet was taken as a second 686a checklist ("both name chapter 686a"): both exited 2.
    entry = MANIFEST[name]
    code, review = _review(PRODUCERS / name)
    source_code, source = _review(EXAMPLES / entry["source"])
    assert code == source_code
    assert [finding for finding in finding_signature(review) if finding[0] not in READING_RULES] == finding_signature(
        source
    )
    information = [
        [finding["rule_id"], finding["location"]["text"], finding["message"]]
        for finding in review["findings"]
        if finding["rule_id"] in READING_RULES
    ]
    assert information == entry["information"]
    assert all(
        finding["severity"] == "info" and finding["citation"] == "58 Pa. Code § 601a.2"
        for finding in review["findings"]
        if finding["rule_id"] in READING_RULES
    )


def test_the_libreoffice_fixture_holds_the_formula_and_the_value_libreoffice_saved() -> None:
    workbook = (PRODUCERS / "edge" / "formula-with-saved-value.xlsx").read_bytes()
    sheet = zipfile.ZipFile(io.BytesIO(workbook)).read(sheet_member(workbook, "Tables")).decode()
    cell = re.search(r'<c r="H2"[^>]*>(.*?)</c>', sheet)
    assert cell is not None
    assert "<f" in cell[1] and "6*52*0.3</f>" in cell[1] and "<v>93.6</v>" in cell[1]


def test_a_very_hidden_sheet_is_left_out_but_a_hidden_one_is_part_of_the_filing(tmp_path: Path) -> None:
    # A hidden sheet is shown again from a menu: it is the filer's, and a second 686a sheet stays a contradiction.
    workbook = (PRODUCERS / "edge" / "very-hidden-draft-sheet.xlsx").read_bytes()
    hidden = rewrite_member(
        workbook, "xl/workbook.xml", lambda text: text.replace('state="veryHidden"', 'state="hidden"')
    )
    path = tmp_path / "hidden-draft.xlsx"
    path.write_bytes(hidden)
    assert_input_refused(run_pacomply("validate", path), "'686a' and '686a (old draft)' both name chapter 686a")


def test_a_formula_whose_saved_value_is_a_spreadsheet_error_is_refused_at_its_cell(tmp_path: Path) -> None:
    workbook = (PRODUCERS / "edge" / "formula-with-saved-value.xlsx").read_bytes()
    broken = rewrite_member(
        workbook,
        sheet_member(workbook, "Tables"),
        lambda text: re.sub(r'<c r="H2"[^>]*>.*?</c>', '<c r="H2" t="e"><f>6*52/0</f><v>#DIV/0!</v></c>', text),
    )
    path = tmp_path / "formula-error.xlsx"
    path.write_bytes(broken)
    assert_input_refused(run_pacomply("validate", path), "Sheet Tables, cell H2", "'=6*52/0'", "no value saved")


def test_a_checklist_answer_given_by_a_formula_reads_its_saved_value_and_is_named(tmp_path: Path) -> None:
    workbook = (PRODUCERS / "edge" / "formula-with-saved-value.xlsx").read_bytes()
    # 686a!D9 (adjacent_boxes_allowed, 'Yes' in the example) given by a formula whose saved text is 'Yes'.
    changed = rewrite_member(
        workbook,
        sheet_member(workbook, "686a"),
        lambda text: re.sub(
            r'<c r="D9"[^>]*>.*?</c>', '<c r="D9" t="str"><f>IF(1=1,"Yes","No")</f><v>Yes</v></c>', text
        ),
    )
    path = tmp_path / "answer-formula.xlsx"
    path.write_bytes(changed)
    filing = read_filing(path)
    assert filing.chapters["686a"].value("adjacent_boxes_allowed") is True
    assert filing.chapters["686a"].answers["adjacent_boxes_allowed"].text == "Yes"
    assert [(note.location.describe(), note.kind.value) for note in filing.reading_notes] == [
        ("Sheet 686a, cell D9", "formula read at its saved value"),
        ("Sheet Tables, cell H2", "formula read at its saved value"),
    ]
