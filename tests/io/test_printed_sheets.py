"""The filing workbook printed to PDF by LibreOffice (tests/fixtures/printed_sheets/, its README says how each was
made): read like the workbook it was printed from, or refused saying what is wrong with the print, at its page.

Found by trying it: the default print (portrait, the Value column on the page after the Field column) and a
landscape print one page wide were both refused with "'Licensee' is empty", which was false.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pdfplumber
import pikepdf
import pytest
from pacomply.submissions import read_filing
from pacomply.submissions.readers.pdf_sheets import (
    LAYOUTS,
    Char,
    PrintedSheet,
    _match_headers,
    page_chars,
    read_printed_sheets,
)

from tests.io.support import EXAMPLES, REPOSITORY, assert_input_refused, finding_signature, review_json, run_pacomply

PRINTS = REPOSITORY / "tests" / "fixtures" / "printed_sheets"


def _review(path: Path) -> tuple[int, dict]:
    return review_json(path, "--review-date", "2026-11-24")


@pytest.mark.parametrize(
    ("fixture", "twin"),
    [
        ("686a-compliant-portrait.pdf", "686a-compliant"),
        ("686a-violations-portrait.pdf", "686a-violations"),
        ("686a-compliant-landscape-fit-width.pdf", "686a-compliant"),
        ("686a-violations-landscape-fit-width.pdf", "686a-violations"),
        ("686a-compliant-portrait-tall-rows.pdf", "686a-compliant"),
        ("645a-violations-portrait.pdf", "645a-violations"),
    ],
)
def test_601a_2_workbook_printed_by_a_spreadsheet_validates_like_the_workbook(fixture: str, twin: str) -> None:
    twin_code, twin_review = _review(EXAMPLES / f"{twin}.xlsx")
    code, review = _review(PRINTS / fixture)
    assert code == twin_code
    assert finding_signature(review) == finding_signature(twin_review)
    assert review["filing"] | {"source": ""} == twin_review["filing"] | {"source": ""}


def test_the_twins_differ_so_the_comparisons_mean_something() -> None:
    compliant, violations = _review(EXAMPLES / "686a-compliant.xlsx"), _review(EXAMPLES / "686a-violations.xlsx")
    assert compliant[0] == 0 and violations[0] == 1
    assert finding_signature(compliant[1]) != finding_signature(violations[1])


def test_the_prints_are_libreoffices_without_ruled_cells() -> None:
    # Made by LibreOffice, and with no rules around the cells: no table for pdfplumber to extract, unlike
    # pacomply's own printed template.
    for fixture in sorted(PRINTS.glob("*.pdf")):
        with pikepdf.open(fixture) as pdf:
            assert "LibreOffice" in str(pdf.docinfo.get("/Producer", "")), fixture.name
        with pdfplumber.open(fixture) as pdf:
            assert all(not page.extract_tables() for page in pdf.pages), fixture.name


def test_the_default_print_puts_the_value_column_on_the_page_after_the_field_column() -> None:
    with pdfplumber.open(PRINTS / "686a-compliant-portrait.pdf") as pdf:
        first, second = (pdf.pages[index].extract_text() or "" for index in (0, 1))
    assert "Licensee" in first and "Keystone Downs Casino" not in first
    assert "Keystone Downs Casino" in second and "Licensee" not in second


def test_each_value_of_a_print_across_pages_is_located_at_the_page_it_is_printed_on() -> None:
    filing = read_filing(PRINTS / "686a-compliant-portrait.pdf")
    assert filing.metadata.licensee == "Keystone Downs Casino"
    assert str(filing.metadata.locations["licensee"]) == "page 2, Filing, Licensee"
    answer = filing.chapters["686a"].answers["max_adjacent_boxes"]
    assert answer.value == 2 and answer.location is not None and answer.location.page == 5
    table = filing.tables[2]
    assert table.table_id == "OU-3" and str(table.discard_rack_mark_mm) == "93.6"
    assert table.locations["discard_rack_mark_mm"].page == 7
    assert table.locations["discard_rack_height_mm"].page == 6


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler's pdftotext is not installed")
def test_the_landscape_print_shows_label_and_value_on_one_line_to_pdftotext() -> None:
    text = subprocess.run(
        ["pdftotext", "-layout", str(PRINTS / "686a-compliant-landscape-fit-width.pdf"), "-"],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    assert any(line.split() == ["Licensee", "Keystone", "Downs", "Casino"] for line in text.splitlines())


def test_a_print_across_then_down_is_refused_naming_the_page_and_how_to_print() -> None:
    # Page order across, then down: a strip's second page of rows comes after the other strips' first pages, so
    # rows cannot be paired by position; the refusal says so instead of "'Licensee' is empty".
    run = run_pacomply("validate", PRINTS / "686a-compliant-across-then-down.pdf")
    assert_input_refused(
        run, "page 4, printed sheet", "the 'Answer' column is on page 4", "print each sheet one page wide"
    )
    assert "is empty" not in run.stderr


def test_a_print_missing_its_value_page_is_refused_naming_the_missing_column() -> None:
    run = run_pacomply("validate", PRINTS / "686a-compliant-portrait-value-page-missing.pdf")
    assert_input_refused(run, "page 1, printed sheet", "the Filing sheet printed on page(s) 1 has no 'Value' column")
    assert "'Licensee' is empty" not in run.stderr


def _line(text: str, top: float, left: float = 50.0, width: float = 5.0) -> list[Char]:
    """``text`` laid out one character every ``width`` points from ``left``, as a spreadsheet prints a cell."""
    return [Char(letter, left + index * width, left + (index + 1) * width, top) for index, letter in enumerate(text)]


def test_a_header_cut_by_its_column_is_matched_as_the_start_of_the_header_expected_there() -> None:
    # 'Betting Positions' cut to 'Betting Po' by its column, the next header touching it.
    header = _line("Table IDChapterBetting PoDecks", 72.0)
    (tables,) = [layout for layout in LAYOUTS if layout.name == "Tables"]
    columns = _match_headers(header, tables, 0)
    assert columns is not None
    assert [name for name, _ in columns] == ["Table ID", "Chapter", "Betting Positions", "Decks"]
    assert [left for _, left in columns] == [50.0, 90.0, 125.0, 175.0]  # where each header's first letter is
    assert _match_headers(_line("Licensee Keystone", 72.0), tables, 0) is None  # not a header row


def test_a_ligature_is_read_as_its_letters_sharing_its_box() -> None:
    # LibreOffice prints 'Shuffler' with the ligature U+FB04 (ffl); the header must still read 'Shuffler'.
    letters = page_chars([{"text": "\ufb04", "x0": 10.0, "x1": 16.0, "top": 72.0}], 595.0, 842.0)
    assert [(letter.text, letter.x0, letter.x1) for letter in letters] == [
        ("f", 10.0, 12.0),
        ("f", 12.0, 14.0),
        ("l", 14.0, 16.0),
    ]


def test_strips_of_a_sheet_are_paired_row_for_row_by_position() -> None:
    field_page = _line("Field", 72.0) + _line("Licensee", 87.0) + _line("Date Filed", 102.0)
    value_page = _line("Value", 72.0) + _line("Keystone Downs", 87.0) + _line("2026-11-02", 102.0, left=300.0)
    (sheet,), problems = read_printed_sheets([(1, field_page), (2, value_page)])
    assert problems == []
    assert [(row["Field"].text, row["Value"].text, row["Value"].page) for row in sheet.rows] == [
        ("Licensee", "Keystone Downs", 2),
        ("Date Filed", "2026-11-02", 2),
    ]


def _printed(fixture: str) -> list[PrintedSheet]:
    with pdfplumber.open(PRINTS / fixture) as pdf:
        pages = [
            (page.page_number, page_chars(page.chars, page.width, page.height))
            for page in pdf.pages
            if not page.extract_tables()
        ]
    sheets, problems = read_printed_sheets(pages)
    assert problems == []
    return sheets


def test_text_running_on_over_empty_cells_and_past_the_page_is_its_own_cells() -> None:
    # 633a's table BJ-2 offers five wagers: the text runs on over the empty Payout Limit and Progressive Reset
    # cells and past the page's edge onto a page of its own, and both pages' margins show a stretch of it.
    (tables,) = [sheet for sheet in _printed("633a-violations-portrait.pdf") if sheet.layout.name == "Tables"]
    wagers = {row["Table ID"].text: row["Wagers"].text for row in tables.rows}
    assert wagers["BJ-2"] == (
        "match_the_dealer=633a.13(d)(1); bet_the_set=B; super_match=633a.13(i)(1); bad_beat; hit_and_run"
    )
    assert all("Payout Limit ($)" not in row and "Progressive Reset ($)" not in row for row in tables.rows[:4])


def test_a_value_the_print_cut_at_its_columns_edge_is_refused_saying_so() -> None:
    # The Equipment column is too narrow for 'card reader' beside a filled Wagers cell: the print shows 'card reade'.
    run = run_pacomply("validate", PRINTS / "633a-violations-portrait.pdf")
    assert_input_refused(
        run,
        "Page 7, Tables row BJ-1, Equipment: equipment 'card reade' is not one of",
        "the print may have cut it at its column's edge: widen the column before printing, or file the workbook",
    )
