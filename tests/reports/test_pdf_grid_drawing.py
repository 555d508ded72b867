"""A grid (``reports/pdf/tables.py``, ``_Grid``) keeps each cell's measure from its row heights for drawing it, makes
the tuple reportlab keeps a one-paragraph cell as without reportlab's general case, and copies a cell style without
``copy.copy``'s machinery: none of it may change what is drawn. A grid of tagged paragraphs (aligned left, right and
centred, at the top, middle and bottom of rows of several heights, some wrapping) must draw the bytes reportlab's own
``Table`` draws for the same cells and style, and a cell's kept measure stands only for the width it was taken at."""

from __future__ import annotations

import io
from typing import Any

from pacomply.reports.pdf.paragraphs import _p, _text
from pacomply.reports.pdf.styles import FONT, register_fonts
from pacomply.reports.pdf.tables import _cell_measure, _cell_tuple, _copied, _Grid, _grid_style, _header_cells
from reportlab.pdfgen import canvas as pdf_canvas
from reportlab.platypus import Flowable, Paragraph, Table
from reportlab.platypus.tables import CellStyle, _ExpandedCellTuple

WRAPPING = "Ante Bonus pays on a straight, three of a kind or a straight flush whatever the dealer holds"


def _rows() -> list[list[Any]]:
    """The same cells afresh for each table (a paragraph keeps its wrap, so the two tables must not share one)."""
    rows: list[list[Any]] = [_header_cells(["Wager", "Rule", "Pays"])]
    for index in range(6):
        rows.append(
            [
                _p(_text(f"Wager {index}")),
                _p(_text(f"{WRAPPING} {WRAPPING}"[: 20 + 30 * index])),
                _p(_text(f"{index} to 1")),
            ]
        )
    return rows


def _style() -> list[tuple[Any, ...]]:
    return [
        *_grid_style().getCommands(),
        ("FONT", (0, 1), (0, -1), f"{FONT}-Bold", 8),
        ("ALIGN", (2, 1), (2, -1), "RIGHT"),
        ("ALIGN", (0, 3), (0, 3), "CENTRE"),
        ("VALIGN", (0, 1), (0, -1), "MIDDLE"),
        ("VALIGN", (2, 4), (2, -1), "BOTTOM"),
    ]


def _drawn(table: Table, widths: list[float]) -> bytes:
    """The page ``table`` draws, wrapped at each of ``widths`` in turn and drawn at the last."""
    canvas = pdf_canvas.Canvas(io.BytesIO(), pageCompression=0, invariant=1)
    for width in widths:
        table.wrapOn(canvas, width, 10_000)
    table.drawOn(canvas, 72, 72)
    canvas.showPage()
    return bytes(canvas.getpdfdata())


def test_a_grid_of_paragraphs_draws_the_bytes_reportlabs_table_draws() -> None:
    register_fonts()
    grid = _Grid(_rows(), colWidths=[70, None, 60], style=_style())
    table = Table(_rows(), colWidths=[70, None, 60], style=_style())
    assert _drawn(grid, [420]) == _drawn(table, [420])
    assert grid._rowHeights == table._rowHeights
    assert len(set(grid._rowHeights[1:])) > 2  # rows of several heights: the alignments place text differently


def test_a_cells_kept_measure_stands_for_the_width_it_was_taken_at_alone() -> None:
    register_fonts()
    grid = _Grid(_rows(), colWidths=[70, 170, 60], style=_style())
    fresh = _rows()
    cell, same_cell = grid._cellvalues[4][1], fresh[4][1]
    narrow = grid._measure(cell, 60, 1_000)
    assert narrow == _cell_measure(same_cell, 60, 1_000)
    wide = grid._measure(cell, 160, 10)  # another width: measured again (the height offered plays no part)
    assert wide == _cell_measure(same_cell, 160, 10_000)
    assert wide[1] < narrow[1]  # fewer lines at the wider width
    assert grid._measure(cell, 160, 500) is wide


def test_a_one_paragraph_cell_is_the_tuple_reportlab_makes_and_anything_else_is_reportlabs() -> None:
    table = Table([["x"]], colWidths=[60])
    cell = _p(_text("Pair Plus"))
    made = _cell_tuple(table, cell, 60)  # type: ignore[arg-type]
    assert type(made) is _ExpandedCellTuple and made == table._cellListProcess(cell, 60, None)

    class SplitWhenMeasured(Flowable):
        __split_only__ = 1

        def splitOn(self, _canvas: Any, _width: float, _height: float) -> list[Flowable]:
            return [Paragraph("first"), Paragraph("second")]

    split = _cell_tuple(table, SplitWhenMeasured(), 60)  # type: ignore[arg-type]
    assert [part.text for part in split] == ["first", "second"]


def test_a_copied_cell_style_is_what_copy_makes() -> None:
    from copy import copy

    style = CellStyle("grid")
    style.fontsize, style.color, style.valign = 9, "#9C0006", "MIDDLE"
    copied = _copied(style)
    assert copied is not style and type(copied) is CellStyle
    assert copied.__dict__ == copy(style).__dict__ == style.__dict__
    copied.fontsize = 7
    assert style.fontsize == 9
