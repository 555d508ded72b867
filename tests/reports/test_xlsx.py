"""The review workbook re-opened with openpyxl: its cells hold what the review holds, text stays text."""

from __future__ import annotations

import io
import zipfile

import openpyxl
import pytest
from pacomply.checker.registry import Severity, find_rule
from pacomply.checker.review import Review
from pacomply.reports.content import checklist_rows, filing_id, finding_message
from pacomply.reports.xlsx import RENDERER, SEVERITY_FILLS

HOSTILE_LICENSEE = '=HYPERLINK("http://x","y")'  # as in conftest.hostile_review
SHEETS = [
    "Summary",
    "Checklist",
    "Tables",
    "Findings",
    "Wager Math",
    "Board Figures",
    "Evidence",
    "Paytables",
    "Par Sheets",
    "Par Figures",
    "Readings",
]


def _open(data: bytes) -> openpyxl.Workbook:
    return openpyxl.load_workbook(io.BytesIO(data))


@pytest.fixture(scope="module")
def workbook(violations_review: Review) -> openpyxl.Workbook:
    return _open(RENDERER.render(violations_review))


def _records(sheet: object) -> list[dict[str, object]]:
    rows = list(sheet.iter_rows(values_only=True))  # type: ignore[attr-defined]
    return [dict(zip(rows[0], row, strict=True)) for row in rows[1:]]


def test_sheets(workbook: openpyxl.Workbook) -> None:
    assert workbook.sheetnames == SHEETS


def test_summary_holds_the_filing_and_verdict(workbook: openpyxl.Workbook, violations_review: Review) -> None:
    values = {row[0]: row[1] for row in workbook["Summary"].iter_rows(values_only=True) if row[0]}
    metadata = violations_review.filing.metadata
    assert values["Licensee"] == metadata.licensee
    assert values["Date filed"].date() == metadata.date_filed  # a date cell, not text
    assert values["Verdict"] == violations_review.verdict
    assert values["Errors"] == violations_review.count(Severity.ERROR)
    assert values["Filing id"] == filing_id(violations_review)
    assert values["686a"] == "Over/Under"  # the rulebook table


def test_findings_sheet_is_filterable_frozen_coloured_and_complete(
    workbook: openpyxl.Workbook, violations_review: Review
) -> None:
    sheet = workbook["Findings"]
    assert sheet.freeze_panes == "A2"
    assert sheet.auto_filter.ref == f"A1:O{len(violations_review.findings) + 1}"
    assert sheet.column_dimensions["I"].width >= 40
    records = _records(sheet)
    assert len(records) == len(violations_review.findings)
    for row_number, (record, finding) in enumerate(zip(records, violations_review.findings, strict=True), start=2):
        assert record["Rule ID"] == finding.rule_id
        # What the rule checks, in its summary's words, not pacomply's name for the rule.
        assert record["What the rule checks"] == find_rule(finding.rule_id).summary != finding.rule_name
        assert record["Severity"] == finding.severity.value
        assert record["Citation"] == str(finding.citation)
        assert record["Location"] == str(finding.location)
        assert record["Message"] == finding_message(finding)
        assert record["Fix"] == finding.fix
        assert record["Waived"] == "No"
        fill = sheet.cell(row=row_number, column=1).fill.start_color.rgb
        assert fill.endswith(SEVERITY_FILLS[finding.severity].start_color.rgb[-6:])


def test_checklist_flags_findings_beside_answers(workbook: openpyxl.Workbook, violations_review: Review) -> None:
    records = _records(workbook["Checklist"])
    expected = checklist_rows(violations_review)
    assert [record["Key"] for record in records] == [row.key for row in expected]
    blank = next(record for record in records if record["Key"] == "max_adjacent_boxes")
    assert blank["Answer"] is None  # the example leaves 686a!D10 empty
    assert "686A-006 error" in str(blank["Findings"]) and blank["Severity"] == "error"


def test_tables_and_wager_math_and_paytables(workbook: openpyxl.Workbook, violations_review: Review) -> None:
    tables = _records(workbook["Tables"])
    assert [record["Table ID"] for record in tables] == [table.table_id for table in violations_review.filing.tables]
    assert [record["Decks per batch"] for record in tables] == [  # numbers, not text
        table.decks for table in violations_review.filing.tables
    ]
    math_rows = _records(workbook["Wager Math"])
    assert len(math_rows) == len(violations_review.wager_math)
    for record, math in zip(math_rows, violations_review.wager_math, strict=True):
        assert record["House edge"] == pytest.approx(math.house_edge, rel=1e-14)
        assert record["Return (1 − element of risk)"] == pytest.approx(math.return_, rel=1e-14)
        assert record["Hit frequency"] == pytest.approx(math.hit_frequency, rel=1e-14)
    assert workbook["Wager Math"].cell(row=2, column=5).number_format == "0.0000%"
    paytables = _records(workbook["Paytables"])
    assert [(r["Outcome"], r["Pays"]) for r in paytables] == [
        row for math in violations_review.wager_math for row in math.paytable_rows
    ]


def test_waived_finding_carries_its_waiver(waived_review: Review) -> None:
    records = _records(_open(RENDERER.render(waived_review))["Findings"])
    waived = [record for record in records if record["Waived"] == "Yes"]
    assert len(waived) == 1
    assert waived[0]["Rule ID"] == "686A-004"
    assert waived[0]["Approval reference"] == "PGCB-TG-2026-0415"
    assert waived[0]["Waiver expires"].date().isoformat() == "2027-03-31"  # a date cell


def test_formula_in_a_licensee_name_is_written_as_text(hostile_review: Review) -> None:
    data = RENDERER.render(hostile_review)
    workbook = _open(data)
    cell = next(row[1] for row in workbook["Summary"].iter_rows() if row[0].value == "Licensee")
    assert cell.data_type == "s"
    assert cell.value == "'" + HOSTILE_LICENSEE
    table_cell = workbook["Tables"]["A2"]
    assert table_cell.data_type == "s" and str(table_cell.value).startswith("'@")
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        for name in archive.namelist():
            if name.startswith("xl/worksheets/"):
                assert b"<f>" not in archive.read(name), f"{name} holds a formula"


def test_workbook_bytes_are_fixed_to_the_review_date(violations_review: Review) -> None:
    """Every zip entry and the document properties (openpyxl would stamp the time of saving into both)."""
    data = RENDERER.render(violations_review)
    workbook = _open(data)
    filed = violations_review.review_date
    assert workbook.properties.created.date() == filed
    assert workbook.properties.modified.date() == filed
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        assert {info.date_time[:3] for info in archive.infolist()} == {(filed.year, filed.month, filed.day)}


def test_source_date_epoch_stamps_the_workbook(violations_review: Review, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")  # 2023-11-14 22:13:20 UTC
    data = RENDERER.render(violations_review)
    assert str(_open(data).properties.modified) == "2023-11-14 22:13:20"
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        assert {info.date_time for info in archive.infolist()} == {(2023, 11, 14, 22, 13, 20)}


@pytest.mark.parametrize(("name", "colour"), [("violations_review", "F8D7DA"), ("compliant_review", "D4EDDA")])
def test_summary_shows_the_verdict_bold_in_its_colour_and_no_other_value_so(
    name: str, colour: str, request: pytest.FixtureRequest
) -> None:
    """The Summary's verdict stands out (bold; red where not compliant, green where compliant), whichever rows come
    before it; the review date above it is an ordinary cell."""
    review: Review = request.getfixturevalue(name)
    sheet = _open(RENDERER.render(review))["Summary"]
    fields = range(2, next(row for row in range(2, sheet.max_row + 1) if sheet.cell(row=row, column=1).value is None))
    standing_out = {
        sheet.cell(row=row, column=1).value: sheet.cell(row=row, column=2)
        for row in fields
        if sheet.cell(row=row, column=2).font.b or sheet.cell(row=row, column=2).fill.fill_type
    }
    assert list(standing_out) == ["Verdict"]
    assert standing_out["Verdict"].value == review.verdict
    assert standing_out["Verdict"].fill.fgColor.rgb == "00" + colour
