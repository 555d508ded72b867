"""Workbooks saved by software other than pacomply (tests/fixtures/producers/, README.md there says how each was
made) give the verdict their manifest names: the report of the example they came from, byte for byte, or a refusal
with exactly the problems listed, each located by sheet and cell.

Found by trying real files: every template opened and saved in LibreOffice was refused as damaged (the shared-strings
table went uncounted), styled rows down to row 1,048,576 made a sheet "more than 5,000 rows", a strict workbook
had "no 'Filing' sheet", a second 'Answer' column silently won, and '93,6' was read as 936.
"""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import pytest
from pacomply.regulations.chapters import chapter_ids

from tests.golden.outputs import GOLDEN, REVIEW_DATE
from tests.io.support import EXAMPLES, REPOSITORY, run_pacomply

PRODUCERS = REPOSITORY / "tests" / "fixtures" / "producers"
MANIFEST: dict[str, dict] = json.loads((PRODUCERS / "manifest.json").read_text(encoding="utf-8"))
SAME_REPORT = sorted(name for name, entry in MANIFEST.items() if entry["expect"] == "the source's report")
# A fixture whose example prices every permitted paytable exactly (tens of seconds; ``priced_at_length`` in its
# manifest entry) is compared by the filing read (every value and location), which the report is a function of; the
# full report is compared for every other fixture.
PRICED_AT_LENGTH = {name for name, entry in MANIFEST.items() if entry.get("priced_at_length")}
#: The examples each chapter has (docs/DEVELOPING.md, adding a chapter), each with its LibreOffice round trip here.
EXAMPLE_KINDS = ("compliant", "violations")
REFUSED = sorted(name for name, entry in MANIFEST.items() if entry["expect"] == "refused")


def _report(fixture: Path, tmp_path: Path) -> tuple[int, str, str]:
    report = tmp_path / "report.json"
    run = run_pacomply(
        "validate", fixture, "--format", "json", "--review-date", REVIEW_DATE.isoformat(), "--output", report
    )
    assert run.exception is None, run.exception
    return run.exit_code, report.read_text(encoding="utf-8") if report.exists() else "", run.stderr


def test_the_manifest_lists_every_fixture_and_the_round_trip_of_every_example() -> None:
    on_disk = {str(path.relative_to(PRODUCERS)) for path in PRODUCERS.rglob("*.xls[xm]")}
    assert on_disk == set(MANIFEST)
    round_trips = {name.removeprefix("libreoffice/") for name in MANIFEST if name.startswith("libreoffice/")}
    assert round_trips == {path.name for path in EXAMPLES.glob("*.xlsx")}


@pytest.mark.parametrize("chapter", chapter_ids())
def test_every_chapters_examples_have_their_libreoffice_round_trip_in_the_manifest(chapter: str) -> None:
    """Each chapter's two example workbooks have a round trip whose manifest entry names the example it came from
    and expects its report (make_fixtures.py writes them; README.md here)."""
    for kind in EXAMPLE_KINDS:
        example = f"{chapter}-{kind}.xlsx"
        entry = MANIFEST.get(f"libreoffice/{example}")
        assert entry is not None, f"tests/fixtures/producers/manifest.json has no libreoffice/{example}"
        assert (entry["source"], entry["expect"]) == (example, "the source's report"), f"libreoffice/{example}"
        assert (EXAMPLES / example).is_file(), f"examples/{example} is missing"


@pytest.mark.parametrize("name", sorted(name for name in MANIFEST if name.startswith("libreoffice/")))
def test_the_libreoffice_round_trip_of_every_example_reads_to_the_same_filing_values_and_cells(name: str) -> None:
    from pacomply.submissions import read_filing

    fixture = read_filing(PRODUCERS / name).model_dump(mode="json")
    example = read_filing(EXAMPLES / MANIFEST[name]["source"]).model_dump(mode="json")
    assert fixture == example


@pytest.mark.parametrize("name", [name for name in SAME_REPORT if name not in PRICED_AT_LENGTH])
def test_a_workbook_saved_by_another_producer_gives_its_examples_report_byte_for_byte(
    name: str, tmp_path: Path
) -> None:
    entry = MANIFEST[name]
    fixture = PRODUCERS / name
    code, report, stderr = _report(fixture, tmp_path)
    expected = (GOLDEN / "reports" / f"{entry['source']}.json").read_text(encoding="utf-8")
    expected_code = 1 if json.loads(expected)["verdict"]["errors"] else 0
    assert code == expected_code, stderr
    # The report names the file it read; a fixture kept under another name (.xlsm) or with the chapter sheet
    # renamed differs from its example exactly there, and nowhere else.
    if fixture.name != entry["source"]:
        report = report.replace(f'"{fixture.name}"', f'"{entry["source"]}"')
    if "sheet_renamed" in entry:
        old, new = entry["sheet_renamed"]
        assert f'"sheet": "{new}"' in report
        report = report.replace(f'"sheet": "{new}"', f'"sheet": "{old}"').replace(f'"{new}!', f'"{old}!')
    assert report == expected


@pytest.mark.parametrize("name", REFUSED)
def test_a_workbook_a_filing_cannot_be_read_from_is_refused_with_every_problem_at_its_cell(
    name: str, tmp_path: Path
) -> None:
    code, report, stderr = _report(PRODUCERS / name, tmp_path)
    assert code == 2, stderr
    assert report == ""
    assert [line.strip() for line in stderr.splitlines() if line.startswith("  ")] == MANIFEST[name]["problems"]


def test_the_strict_fixture_is_strict_and_is_what_the_script_makes_of_the_libreoffice_file() -> None:
    from tests.fixtures.producers.make_fixtures import strict_from

    strict = (PRODUCERS / "strict" / "686a-violations.xlsx").read_bytes()
    assert strict == strict_from((PRODUCERS / "libreoffice" / "686a-violations.xlsx").read_bytes())
    with zipfile.ZipFile(io.BytesIO(strict)) as archive:
        workbook = archive.read("xl/workbook.xml").decode()
        assert 'conformance="strict"' in workbook
        assert 'xmlns="http://purl.oclc.org/ooxml/spreadsheetml/main"' in workbook
        for part in archive.namelist():
            text = archive.read(part).decode("utf-8", "replace")
            assert "schemas.openxmlformats.org/spreadsheetml" not in text, part
            assert "schemas.openxmlformats.org/officeDocument/2006/relationships" not in text, part


def test_openpyxl_alone_finds_no_sheet_in_the_strict_fixture_so_the_reader_is_what_reads_it() -> None:
    # Why strict needs its own handling: openpyxl looks for the transitional namespaces only.
    from openpyxl import load_workbook

    assert load_workbook(PRODUCERS / "strict" / "686a-violations.xlsx").sheetnames == []


def test_the_minimal_export_is_what_the_script_writes_inline_strings_and_no_styles() -> None:
    from tests.fixtures.producers.make_fixtures import SOURCE, minimal_export

    minimal = (PRODUCERS / "minimal" / "686a-violations.xlsx").read_bytes()
    assert minimal == minimal_export(SOURCE)
    with zipfile.ZipFile(io.BytesIO(minimal)) as archive:
        assert not any("styles" in part or "sharedStrings" in part for part in archive.namelist())
        assert b'<c t="inlineStr"><is><r>' in archive.read("xl/worksheets/sheet1.xml")


def test_the_libreoffice_files_keep_text_in_the_shared_strings_table() -> None:
    # The encoding that was refused as damaged: every text cell an index into xl/sharedStrings.xml.
    with zipfile.ZipFile(PRODUCERS / "libreoffice" / "686a-violations.xlsx") as archive:
        assert "xl/sharedStrings.xml" in archive.namelist()
        assert b't="s"' in archive.read("xl/worksheets/sheet1.xml")
        assert b"inlineStr" not in archive.read("xl/worksheets/sheet1.xml")


def test_the_styled_rows_fixture_has_rows_down_to_the_last_row_of_a_sheet() -> None:
    with zipfile.ZipFile(PRODUCERS / "edge" / "styled-last-rows.xlsx") as archive:
        assert b'<row r="1048576"' in archive.read("xl/worksheets/sheet3.xml")
