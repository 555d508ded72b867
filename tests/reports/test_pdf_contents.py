"""The table of contents' table (:class:`pacomply.reports.pdf.contents._ContentsGrid`) is measured, split and drawn
by the document's grid path, to what reportlab's own ``Table`` gives for the same entries: the same row heights, the
same split at every height, the same bytes drawn."""

from __future__ import annotations

import io

import pytest
from pacomply.reports.pdf.contents import _Contents, _ContentsGrid
from pacomply.reports.pdf.paragraphs import _Tagged
from pacomply.reports.pdf.styles import CONTENT_WIDTH, register_fonts
from pacomply.reports.pdf.tables import _row_heights
from reportlab.pdfgen import canvas as pdf_canvas
from reportlab.platypus import Flowable, Spacer, Table


def _entries() -> list[list[Flowable]]:
    """Contents rows as the contents make them: a spacer before each entry whose level's style asks for one, then
    the entry (a tagged paragraph), some long enough to wrap."""
    contents = _Contents()
    rows: list[list[Flowable]] = []
    for index in range(40):
        level = index % 3
        style = contents.getLevelStyle(level)
        words = " ".join(["Section", str(index), *(["of the review's findings and waivers"] * (index % 4))])
        if style.spaceBefore:
            rows.append([Spacer(1, style.spaceBefore)])
        rows.append([_Tagged(words, style, role="TOCI")])
    return rows


def _tables() -> tuple[Table, Table]:
    register_fonts()
    style = _Contents().tableStyle
    return (
        _ContentsGrid(_entries(), colWidths=(CONTENT_WIDTH,), style=style),
        Table(_entries(), colWidths=(CONTENT_WIDTH,), style=style),
    )


def _drawn(table: Table) -> bytes:
    canvas = pdf_canvas.Canvas(io.BytesIO(), pageCompression=0, invariant=1)
    table.wrapOn(canvas, CONTENT_WIDTH, 10_000)
    table.drawOn(canvas, 72, 72)
    canvas.showPage()
    return bytes(canvas.getpdfdata())


def test_the_contents_table_measures_and_draws_as_reportlabs_table() -> None:
    grid, table = _tables()
    assert _row_heights(grid, grid._argW) is not None  # measured from the entries' kept wraps
    assert _drawn(grid) == _drawn(table)
    assert grid._rowHeights == table._rowHeights
    assert grid._colWidths == table._colWidths


@pytest.mark.parametrize("height", [40.0, 95.5, 200.0, 333.0, 500.0])
def test_the_contents_table_splits_where_reportlabs_table_splits(height: float) -> None:
    # reportlab's rule, not the document grids' rows-each-side rule: a contents page ends where its room does.
    grid, table = _tables()
    canvas = pdf_canvas.Canvas(io.BytesIO())
    parts = grid.splitOn(canvas, CONTENT_WIDTH, height)
    expected = table.splitOn(canvas, CONTENT_WIDTH, height)
    assert [len(part._cellvalues) for part in parts] == [len(part._cellvalues) for part in expected]
    assert len(parts) == 2
    assert all(isinstance(part, _ContentsGrid) for part in parts)
