"""The review workbook as a spreadsheet user handles it: the Tables sheet's counts and measures are numbers (they
sort and sum), and each finding's citation URI is a link that opens the regulation."""

from __future__ import annotations

import io
from decimal import Decimal

import openpyxl
from pacomply.checker.review import Review
from pacomply.reports.content import TABLE_FIELDS
from pacomply.reports.xlsx import RENDERER

NUMERIC_FIELDS = {
    field_name
    for field_name, _label in TABLE_FIELDS
    if field_name
    in {
        "betting_positions", "decks", "batches", "discard_rack_height_mm", "discard_rack_mark_mm",
        "card_change_interval_hours", "payout_limit", "progressive_reset",
    }
}  # fmt: skip


def _workbook(review: Review) -> openpyxl.Workbook:
    return openpyxl.load_workbook(io.BytesIO(RENDERER.render(review)))


def test_tables_sheet_stores_counts_and_measures_as_numbers(violations_review: Review) -> None:
    sheet = _workbook(violations_review)["Tables"]
    headers = [cell.value for cell in sheet[1]]
    labels = dict(TABLE_FIELDS)
    assert {"betting_positions", "decks", "batches"} <= NUMERIC_FIELDS
    checked = 0
    for row_number, table in enumerate(violations_review.filing.tables, start=2):
        for field_name in NUMERIC_FIELDS:
            cell = sheet.cell(row=row_number, column=headers.index(labels[field_name]) + 1)
            value = getattr(table, field_name)
            if value is None:
                assert cell.value is None
                continue
            assert cell.data_type == "n", (table.table_id, field_name, cell.value)
            assert Decimal(str(cell.value)) == Decimal(value)
            checked += 1
    assert checked >= 3 * len(violations_review.filing.tables)
    # Sorted as numbers, 7 comes before 10 (as text, "10" sorts first).
    column = headers.index("Decks per batch") + 1
    decks = [sheet.cell(row=row, column=column).value for row in range(2, sheet.max_row + 1)]
    assert sorted(decks) == sorted(int(value) for value in decks)


def test_citation_uris_are_links(violations_review: Review) -> None:
    sheet = _workbook(violations_review)["Findings"]
    headers = [cell.value for cell in sheet[1]]
    column = headers.index("Citation URI") + 1
    for row_number, finding in enumerate(violations_review.findings, start=2):
        cell = sheet.cell(row=row_number, column=column)
        assert cell.value == finding.citation.uri
        assert cell.hyperlink is not None and cell.hyperlink.target == finding.citation.uri
        assert finding.citation.uri.startswith("https://")


def test_text_from_the_filing_is_never_a_formula(hostile_review: Review) -> None:
    workbook = _workbook(hostile_review)
    for sheet in workbook.worksheets:
        for row in sheet.iter_rows():
            for cell in row:
                assert cell.data_type != "f", (sheet.title, cell.coordinate, cell.value)
