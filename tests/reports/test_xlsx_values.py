"""The review workbook as a spreadsheet user handles it: the Tables sheet's counts and measures are numbers (they
sort and sum), and each finding's citation URI is a link that opens the regulation."""

from __future__ import annotations

import io
from decimal import Decimal

import openpyxl
from pacomply.checker.review import Review
from pacomply.reports.content import TABLE_FIELDS, checklist_rows
from pacomply.reports.xlsx import RENDERER

from tests.reports.conftest import EXAMPLES

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


def test_board_figures_are_percent_cells_at_the_boards_precision(compliant_review: Review) -> None:
    """The Board's published figure and pacomply's beside it are numbers (a percent cell holds the fraction, 98.95 %
    is 0.9895) shown to the places the Board printed; what the figure measures is a column of its own."""
    from pacomply.reports.reconciliation import sorted_reconciliations

    sheet = _workbook(compliant_review)["Board Figures"]
    headers = [cell.value for cell in sheet[1]]
    board, ours, measure = headers.index("Board") + 1, headers.index("pacomply") + 1, headers.index("Measure") + 1
    items = [item for item in sorted_reconciliations(compliant_review.published) if item.figure.percent is not None]
    assert items  # 686a has the Board's payback figure
    for row_number, item in enumerate(sorted_reconciliations(compliant_review.published), start=2):
        figure = item.figure
        if figure.percent is None:
            continue
        places = figure.places
        expected_format = f"0.{'0' * places}%" if places else "0%"
        cell = sheet.cell(row=row_number, column=board)
        assert cell.data_type == "n" and cell.number_format == expected_format, (figure.id, cell.value)
        assert Decimal(str(cell.value)) == Decimal(figure.percent) / 100
        assert sheet.cell(row=row_number, column=measure).value.startswith(figure.measure.value)
        shown = item.pacomply_figure
        if shown is not None:
            cell = sheet.cell(row=row_number, column=ours)
            assert cell.data_type == "n" and cell.number_format == expected_format, (figure.id, cell.value)
            assert Decimal(str(cell.value)) == shown.rounded(places) / 100


def _with_answer(review: Review, key: str, text: str) -> Review:
    """The review's filing with one checklist answer replaced (as a filing would write it), reviewed again."""
    from pacomply.checker.review import review_filing

    filing = review.filing
    chapter = next(chapter for chapter, submission in filing.chapters.items() if key in dict(submission.answers))
    submission = filing.chapters[chapter]
    answers = dict(submission.answers)
    answers[key] = answers[key].model_copy(update={"text": text})
    changed = submission.model_copy(update={"answers": answers})
    return review_filing(filing.model_copy(update={"chapters": {**filing.chapters, chapter: changed}}))


def test_money_answers_are_currency_cells_and_other_text_stays_text() -> None:
    """A checklist answer of kind money is a number in a dollar format ($40,000 whole, cents when filed); one the
    checker cannot read as money, a formula above all, stays text and never a formula."""
    from pacomply.checker.review import review_filing
    from pacomply.submissions import read_filing

    review = review_filing(read_filing(EXAMPLES / "633a-violations.json"))
    money_rows = [row for row in checklist_rows(review) if row.kind == "money" and row.answer.strip()]
    assert money_rows, "the 633a example files an amount of money"
    key = money_rows[0].key
    for written, value, number_format in (("40000", Decimal(40000), '"$"#,##0'), ("$1,234.50", Decimal("1234.50"),
                                          '"$"#,##0.00'), ("=40000+1", None, "General")):  # fmt: skip
        changed = _with_answer(review, key, written)
        sheet = _workbook(changed)["Checklist"]
        [row_number] = [number for number, row in enumerate(checklist_rows(changed), start=2) if row.key == key]
        cell = sheet.cell(row=row_number, column=5)
        assert cell.number_format == number_format, (written, cell.number_format)
        if value is None:
            assert cell.data_type == "s" and not str(cell.value).startswith("=")
        else:
            assert cell.data_type == "n" and Decimal(str(cell.value)) == value


def test_money_columns_of_the_tables_sheet_show_whole_dollars_without_a_trailing_point() -> None:
    """A table's payout limit of 25000 shows as $25,000 (the format '#,##0.##' would show '$25,000.')."""
    from pacomply.checker.review import review_filing
    from pacomply.submissions import read_filing

    review = review_filing(read_filing(EXAMPLES / "633a-violations.json"))
    sheet = _workbook(review)["Tables"]
    money = [cell for row in sheet.iter_rows(min_row=2) for cell in row if "$" in cell.number_format]
    assert money, "the 633a example files a payout limit"
    assert all(cell.data_type == "n" for cell in money)
    assert {cell.number_format for cell in money} <= {'"$"#,##0', '"$"#,##0.00'}
