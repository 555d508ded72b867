"""A par sheet's line table in the PDF gives each figure its own width: a count of deals of 33 digits or a
probability of 0.000000000000814038 stands whole, in the cells' own type, where fixed columns shrank it and broke it
across two lines."""

from __future__ import annotations

import pytest
from pacomply.reports.parsheet_text import line_rows
from pacomply.reports.pdf.sections.figures import FIXED_LINE_WIDTHS, OUTCOME_LEAST, par_line_widths
from pacomply.reports.pdf.styles import CONTENT_WIDTH, _styles
from reportlab.pdfbase.pdfmetrics import stringWidth

from tests.reports.renderings import example_review


@pytest.mark.parametrize("example", ["633a-compliant.xlsx", "687a-compliant.xlsx"])
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

