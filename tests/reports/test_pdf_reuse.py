"""A grid measured or drawn before in the process is measured and written again from what it gave then
(``reports/pdf/tables.py``: ``_layout_key``, ``_drawing_key``, ``_Drawing``): a Board batch holds many filings of
one chapter, whose paytables, strategy grids and par sheets repeat from one review to the next.

Whole reviews must give the same bytes with the kept grids cold, warm from another review, bounded to a few and
off; a key must miss where anything that decides the grid's measure or drawing differs (a text, a paragraph or
cell style, a column's width) and only then; and a drawing kept from one document is written in another only where
that document numbers the grid's characters as the first did, numbering the characters the grid numbered first
in the same order.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from pacomply.reports.pdf import tables
from pacomply.reports.pdf.paragraphs import _p, _text
from pacomply.reports.pdf.styles import _styles
from pacomply.reports.pdf.tables import _drawing_key, _grid, _grid_style, _header_cells, _layout_key
from reportlab.lib import colors
from reportlab.platypus import Flowable

from tests.reports.pdf_geometry import tagged_pdf
from tests.reports.renderings import example_review

#: One filing read from either kind of file (its grids the same, as in a Board batch) and a filing of another
#: chapter with long par-sheet grids split over pages.
PAIR_AND_ANOTHER = ("686a-compliant.json", "686a-compliant.xlsx", "687a-compliant.json")


@pytest.fixture
def no_grids_kept() -> Iterator[None]:
    tables.forget_grids()
    yield
    tables.forget_grids()


def _written(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """The grids written from a kept drawing from now on."""
    written: list[Any] = []
    original = tables._Drawing.write

    def write(drawing: tables._Drawing, table: Any, canvas: Any, recorder: Any) -> None:
        written.append(table)
        original(drawing, table, canvas, recorder)

    monkeypatch.setattr(tables._Drawing, "write", write)
    return written


def _measured_from_kept(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """The grids whose row heights are taken from kept ones from now on."""
    measured: list[Any] = []
    original = tables._as_measured

    def as_measured(table: Any, widths: Any) -> None:
        measured.append(table)
        original(table, widths)

    monkeypatch.setattr(tables, "_as_measured", as_measured)
    return measured


def _render(example: str) -> bytes:
    from pacomply.reports.pdf import render_pdf

    return render_pdf(example_review(example))


@pytest.mark.usefixtures("no_grids_kept")
def test_reviews_draw_the_same_bytes_with_their_grids_kept_cold_warm_bounded_or_off(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    alone = {}
    for example in PAIR_AND_ANOTHER:
        tables.forget_grids()
        alone[example] = _render(example)
    # Warm: each review after the others, then each again.
    written = _written(monkeypatch)
    measured = _measured_from_kept(monkeypatch)
    tables.forget_grids()
    for example in [*PAIR_AND_ANOTHER, *PAIR_AND_ANOTHER]:
        assert _render(example) == alone[example], f"{example}, grids kept from the reviews before"
    assert len(written) > 100 and len(measured) > 100, "the second filing of the pair and every repeat reuse grids"
    # Bounded to three grids' drawings and heights, and to fewer characters than a long grid's content.
    monkeypatch.setattr(tables, "_DRAWN_ENTRIES", 3)
    monkeypatch.setattr(tables, "_DRAWN_CHARACTERS", 20_000)
    monkeypatch.setattr(tables, "_LAID_OUT_ENTRIES", 3)
    tables.forget_grids()
    for example in PAIR_AND_ANOTHER:
        assert _render(example) == alone[example], f"{example}, three grids kept"
        drawings = [drawing for kept in tables._DRAWN.values() for drawing in kept]
        assert len(drawings) == tables._DRAWN_SIZE[1] <= 3 and len(tables._LAID_OUT) <= 3
        assert tables._DRAWN_SIZE[0] == sum(drawing.size for drawing in drawings) <= 20_000
    # Off: every grid measured and drawn.
    monkeypatch.setattr(tables, "_DRAWN_ENTRIES", 0)
    monkeypatch.setattr(tables, "_LAID_OUT_ENTRIES", 0)
    tables.forget_grids()
    written.clear()
    measured.clear()
    for example in PAIR_AND_ANOTHER:
        assert _render(example) == alone[example], f"{example}, no grid kept"
    assert written == [] and measured == [] and tables._DRAWN == {} and tables._LAID_OUT == {}


def _rows(texts: list[str], style: Any = None) -> list[list[Any]]:
    return [
        _header_cells(["Wager", "Pays"]),
        *([_p(_text(text), style), _p(_text(f"{len(text)} to 1"))] for text in texts),
    ]


def _laid_out(rows: list[list[Any]], widths: list[float | None], extra: list[tuple[Any, ...]] | None = None) -> Any:
    table = _grid(rows, widths, repeatRows=1)
    table.setStyle(_grid_style(extra=extra or []))
    table.wrap(6 * 72, 10_000)
    return table


def _keys(table: Any) -> tuple[Any, Any]:
    return _layout_key(table, table._colWidths), _drawing_key(table, True)


def test_a_grids_keys_are_its_cells_styles_and_widths_and_miss_when_any_differs() -> None:
    texts = ["Pair Plus", "Ante Bonus", "Six Card Bonus"]
    widths: list[float | None] = [2 * 72, None]
    layout, drawing = _keys(_laid_out(_rows(texts), widths))
    assert layout is not None and drawing is not None
    # The same grid made again from the same content: the same keys.
    assert _keys(_laid_out(_rows(texts), widths)) == (layout, drawing)
    # A text, a column's width, a paragraph style, a cell style's padding: both keys miss.
    for name, table in (
        ("a text", _laid_out(_rows(["Pair Plus", "Ante Bonus", "Six Card Bonus!"]), widths)),
        ("a width", _laid_out(_rows(texts), [2 * 72 + 0.01, None])),
        ("a paragraph style", _laid_out(_rows(texts, _styles().cell_bold), widths)),
        ("a cell's padding", _laid_out(_rows(texts), widths, [("LEFTPADDING", (0, 2), (0, 2), 4.5)])),
    ):
        other_layout, other_drawing = _keys(table)
        assert other_layout != layout and other_drawing != drawing, name
    # A background or a text colour changes the drawing, not the measure.
    for name, extra in (
        ("a background", [("BACKGROUND", (0, 1), (0, 1), colors.yellow)]),
        ("a text colour", [("TEXTCOLOR", (1, 1), (1, 1), colors.red)]),
    ):
        other_layout, other_drawing = _keys(_laid_out(_rows(texts), widths, extra))
        assert other_drawing != drawing, name
        if name == "a background":
            assert other_layout == layout, name
    # A cell holding a link (an annotation on its page) is never kept.
    linked = _rows(texts)
    linked[1][0] = _p('<link href="https://www.pacodeandbulletin.gov">58 Pa. Code</link>')
    assert _keys(_laid_out(linked, widths)) == (None, None)


def _build(flowables: list[Flowable]) -> bytes:
    return tagged_pdf(flowables)


def _story(opening: str) -> list[Flowable]:
    """Two paragraphs, then a grid of 120 rows split over pages (its header row repeated on each, untagged), whose
    characters beyond ASCII the opening paragraph may number first (reportlab numbers ASCII as itself). Its first
    rows show them in one order and the rest in the other, so a page that numbered none of them would number them
    otherwise."""
    texts = [
        f"wager {number} {'ÆØÅ éü ≤ §' if number < 10 else '§ ≤ üé ÅØÆ'} {number * 7 % 13}" for number in range(120)
    ]
    table = _grid(_rows(texts), [3 * 72, None], repeatRows=1)
    table.setStyle(_grid_style())
    # (The bold paragraph names the header row's font in the document before the grid is drawn.)
    return [_p(_text(opening), _styles().body), _p("Wagers", _styles().cell_bold), table]


@pytest.mark.usefixtures("no_grids_kept")
def test_a_drawing_kept_from_another_document_is_written_only_where_it_numbers_the_characters_alike(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def afresh(opening: str) -> bytes:
        with monkeypatch.context() as off:
            off.setattr(tables, "_DRAWN_ENTRIES", 0)
            off.setattr(tables, "_LAID_OUT_ENTRIES", 0)
            return _build(_story(opening))

    same, other = "Wagers", "§ ≤ üé ÅØÆ first"
    expected = {opening: afresh(opening) for opening in (same, other)}
    written = _written(monkeypatch)
    assert _build(_story(same)) == expected[same]
    assert written == [], "the first document draws its grid"
    # The same story again: the grid's parts are written from the drawings kept, the characters the grid numbered
    # first in the document numbered again in the same order, the repeated header rows left untagged.
    assert _build(_story(same)) == expected[same]
    assert len(written) == 3, "each part of the split grid is written from its kept drawing"
    # An opening that numbers the grid's characters beyond ASCII in another order: the kept drawings do not fit.
    written.clear()
    assert _build(_story(other)) == expected[other]
    assert written == []


def test_every_grid_cache_is_bounded() -> None:
    assert 0 < tables._DRAWN_ENTRIES <= 4096 and 0 < tables._DRAWN_CHARACTERS <= 16_000_000
    assert 0 < tables._DRAWINGS_A_KEY <= 8
    assert 0 < tables._LAID_OUT_ENTRIES <= 8192
    for cached in (tables._source_characters, tables._keepable_markup, tables._keepable_style):
        assert cached.cache_info().maxsize is not None
