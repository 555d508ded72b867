"""A par sheet's line table in the PDF gives each figure its own width: a count of deals of 33 digits or a
probability of 0.000000000000814038 stands whole, in the cells' own type, where fixed columns shrank it and broke it
across two lines."""

from __future__ import annotations

import re

import pytest
from pacomply.reports.parsheet_text import LINE_COLUMNS, line_rows
from pacomply.reports.pdf.sections.figures import FIXED_LINE_WIDTHS, OUTCOME_LEAST, par_line_widths
from pacomply.reports.pdf.styles import CONTENT_WIDTH, _styles
from reportlab.pdfbase.pdfmetrics import stringWidth

from tests.reports.renderings import example_document, example_review


@pytest.mark.parametrize("example", ["633a-compliant.json", "687a-compliant.json"])
def test_each_figure_of_a_par_sheet_line_fits_its_column_in_the_cells_type(example: str) -> None:
    """Every par sheet of the example: the widths fill the page, the outcome keeps its least width, and each figure
    (combinations, probability, contribution) fits its column with the padding at the cell's type size."""
    cell = _styles().cell
    sheets = [sheet for sheet in example_review(example).par_sheets if sheet.lines]
    assert sheets
    for sheet in sheets:
        rows = line_rows(sheet)
        widths = par_line_widths(rows)
        assert widths != list(FIXED_LINE_WIDTHS), sheet.wager
        assert sum(width for width in widths if width is not None) == pytest.approx(CONTENT_WIDTH)
        assert widths[0] is not None and widths[0] >= OUTCOME_LEAST
        for column in (2, 3, 4):
            room = widths[column]
            assert room is not None
            for row in rows:
                assert stringWidth(row[column], cell.fontName, cell.fontSize) + 8 <= room, (sheet.wager, row)


def test_a_probability_of_many_zeros_is_printed_whole_on_one_line() -> None:
    """The 687a Two-Way Bad Beat's Royal Flush: 4 deals in 4,913,773,104,240, probability 0.000000000000814038; the
    PDF's text holds the whole figure on one line (it was '0.00000000000081403' with the '8' below it). The figure is
    read from the par sheet, not typed in."""
    review = example_review("687a-compliant.json")
    sheet = next(sheet for sheet in review.par_sheets if sheet.wager == "bad_beat")
    smallest = max((row[LINE_COLUMNS.index("probability")] for row in line_rows(sheet)), key=len)
    assert re.fullmatch(r"0\.0{10,}\d+", smallest), smallest
    document = example_document("687a-compliant.json")
    lines = [line for page in document.pages for line in (page.extract_text() or "").splitlines()]
    assert any(smallest in line for line in lines)
