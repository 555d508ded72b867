"""Table cells and paragraphs of plain lines are written directly as text operators (see
``reports/pdf/paragraphs.py``, ``_Tagged._plain_lines``): they must read back as the same text, in the same
structure element, at the same place and in the same font, size and colour as reportlab's Paragraph draws them,
and plain lines aligned left that wrap are written operator for operator as reportlab writes them; a line that
carries markup or a link, or that reportlab squeezes, is still reportlab's to draw."""

from __future__ import annotations

import io
from typing import Any

import pdfplumber
import pytest
from pacomply.reports.pdf import tables
from pacomply.reports.pdf.paragraphs import _p, _Tagged, _text
from pacomply.reports.pdf.styles import FONT, _styles
from pacomply.reports.pdf.tables import _Grid, _grid, _grid_style, _header_cells
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, Paragraph, Table
from reportlab.platypus.tables import CellStyle

from tests.reports.pdf_geometry import Layout, tagged_pdf

GRID_PADDING = 4  # the grid's left and right padding (reports/pdf/tables.py _grid_style)
ONE_LINE = "Pair Plus"
WRAPPING = "Ante Bonus pays on a straight, three of a kind or a straight flush whatever the dealer holds"


@pytest.fixture(autouse=True)
def _grids_drawn_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every grid here is measured and drawn, none written from a drawing kept from another build (see
    ``tables._Grid.draw``; tests/reports/test_pdf_reuse.py checks those): these tests draw the same story twice,
    and compare how its cells are drawn."""
    monkeypatch.setattr(tables, "_DRAWN_ENTRIES", 0)
    monkeypatch.setattr(tables, "_LAID_OUT_ENTRIES", 0)
    tables.forget_grids()


def _build(flowables: list[Flowable]) -> bytes:
    return tagged_pdf(flowables)


def _table(cells: list[str], widths: list[float | None]) -> Flowable:
    table = _grid([_header_cells(["Wager", "Pays"]), [_p(_text(cell)) for cell in cells]], widths)
    table.setStyle(_grid_style())
    return table


def _characters(data: bytes) -> list[tuple[Any, ...]]:
    """Every character drawn: its text, font, size, position (to a thousandth of a point), colour and the
    marked content it is in."""
    with pdfplumber.open(io.BytesIO(data)) as document:
        return [
            (
                char["text"],
                char["fontname"],
                round(char["size"], 3),
                round(char["x0"], 3),
                round(char["top"], 3),
                tuple(char["non_stroking_color"] or ()),
                char.get("tag"),
                char.get("mcid"),
            )
            for page in document.pages
            for char in page.chars
        ]


def _drawn_by_reportlab(monkeypatch: pytest.MonkeyPatch) -> list[Paragraph]:
    """The paragraphs reportlab's own Paragraph.draw is called for from now on."""
    drawn: list[Paragraph] = []
    original = Paragraph.draw

    def draw(paragraph: Paragraph) -> None:
        drawn.append(paragraph)
        original(paragraph)

    monkeypatch.setattr(Paragraph, "draw", draw)
    return drawn


def test_a_plain_lines_cell_and_a_wrapping_cell_read_back_as_their_text_in_their_table_cells() -> None:
    layout = Layout(_build([_table([ONE_LINE, WRAPPING], [1.5 * 72, 2.5 * 72])]))
    (table,) = layout.tables
    header, row = table.rows
    assert [(piece.role, piece.text) for piece in header.pieces] == [("TH", "Wager"), ("TH", "Pays")]
    # (The pieces' text is their characters joined; a wrapped line's end has no space character.)
    assert [(piece.role, piece.text.replace(" ", "")) for piece in row.pieces] == [
        ("TD", ONE_LINE.replace(" ", "")),
        ("TD", WRAPPING.replace(" ", "")),
    ]
    one_line, wrapping = row.pieces
    leading = _styles().cell.leading
    assert one_line.bottom - one_line.top < leading  # one line
    assert wrapping.bottom - wrapping.top > 2 * leading  # three lines at this width


@pytest.mark.parametrize("alignment", [TA_LEFT, TA_CENTER, TA_RIGHT], ids=["left", "centre", "right"])
def test_a_plain_lines_paragraph_is_drawn_as_reportlabs_paragraph_draws_it(
    alignment: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    styles = _styles()
    aligned_cell = ParagraphStyle(f"cell-{alignment}", parent=styles.cell, alignment=alignment)
    aligned_body = ParagraphStyle(f"body-{alignment}", parent=styles.body, alignment=alignment)

    def story() -> list[Flowable]:
        return [
            _table([ONE_LINE, WRAPPING], [1.5 * 72, None]),  # white bold on navy, ink below, one line and three
            _p(_text("A plain body line"), aligned_body),
            _table(["-", "2.32%"], [None, 1 * 72]),
            _Tagged(_text("Centred, right or left in a cell"), aligned_cell),
        ]

    drawn = _drawn_by_reportlab(monkeypatch)
    direct = _characters(_build(story()))
    assert drawn == []  # the paragraph of three lines, aligned left, is written directly too

    monkeypatch.setattr(_Tagged, "_plain_lines", lambda _self: None)
    by_reportlab = _characters(_build(story()))
    assert len(drawn) == 10  # every paragraph of the story went through reportlab this time
    assert direct == by_reportlab


def test_plain_lines_aligned_left_are_written_as_reportlabs_paragraph_writes_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Paragraphs of several plain lines (a cell that wraps, a body paragraph) give the same file, byte for byte,
    # written directly as drawn by reportlab's Paragraph; one indented on its first line is reportlab's to draw.
    styles = _styles()
    indented = ParagraphStyle("indented", parent=styles.body, firstLineIndent=12)

    def story() -> list[Flowable]:
        table = _grid([[_p(_text(WRAPPING)), _p(_text(WRAPPING + " twice"))]], [1.2 * 72, 1.5 * 72])
        table.setStyle(_grid_style(header=False))
        return [
            table,
            _p(_text(" ".join([WRAPPING] * 3)), styles.body),
            _Tagged(_text(" ".join([WRAPPING] * 2)), indented),
        ]

    drawn = _drawn_by_reportlab(monkeypatch)
    direct = _build(story())
    assert [paragraph.style.name for paragraph in drawn] == ["indented"]
    drawn.clear()
    monkeypatch.setattr(_Tagged, "_plain_lines", lambda _self: None)
    by_reportlab = _build(story())
    assert [len(paragraph.blPara.lines) > 1 for paragraph in drawn] == [True] * 4
    assert direct == by_reportlab


def _cell_drawn_directly(text: str, width: float, monkeypatch: pytest.MonkeyPatch) -> bool:
    """Whether a table cell of ``text`` in a column ``width`` wide was written directly (not drawn by reportlab's
    Paragraph), checked on the cell as drawn and by its text reading back."""
    with monkeypatch.context() as patched:
        drawn = _drawn_by_reportlab(patched)
        table = _grid([[_p(_text(text)), _p("x")]], [width, None])
        table.setStyle(_grid_style(header=False))
        layout = Layout(_build([table]))
    assert layout.tables[0].rows[0].pieces[0].text == text
    cell = table._cellvalues[0][0][0]
    assert isinstance(cell, _Tagged)
    return cell not in drawn


def test_the_direct_path_is_taken_for_a_line_that_fits_its_cell_and_not_for_one_that_wraps(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The column's width at which the text just fits on one line: its width in the cell's font and size (the
    # widths reportlab breaks lines by) plus the grid's padding on each side.
    style = _styles().cell
    fits = stringWidth(ONE_LINE, FONT, style.fontSize) + 2 * GRID_PADDING
    assert _cell_drawn_directly(ONE_LINE, fits + 0.01, monkeypatch)
    assert not _cell_drawn_directly(ONE_LINE, fits - 0.01, monkeypatch)


def test_lines_that_fit_or_wrap_are_written_directly_and_squeezed_or_centred_wrapped_ones_are_reportlabs() -> None:
    style = _styles().cell
    width = stringWidth(ONE_LINE, FONT, style.fontSize)
    fitting = _p(_text(ONE_LINE))
    fitting.wrap(width + 0.01, 100)
    line = fitting._plain_lines()
    assert line is not None
    _left, _baseline, _move, _colour, font, size, leading, lines = line
    assert (font, size, leading, lines) == (FONT, style.fontSize, style.leading, (ONE_LINE,))
    # Just narrower, reportlab keeps the line by shrinking its spaces (its spaceShrinkage): drawn with a negative
    # word spacing, which is reportlab's to write.
    squeezed = _p(_text(ONE_LINE))
    squeezed.wrap(width - 0.01, 100)
    assert len(squeezed.blPara.lines) == 1
    assert squeezed.blPara.lines[0][0] < 0
    assert squeezed._plain_lines() is None
    # Wrapped onto two plain lines, it is written directly, a line each; centred, it is reportlab's.
    wrapped = _p(_text(ONE_LINE))
    wrapped.wrap(width * 0.9, 100)
    assert len(wrapped.blPara.lines) == 2
    wrapped_line = wrapped._plain_lines()
    assert wrapped_line is not None
    assert wrapped_line[-1] == tuple(ONE_LINE.split())
    centred = _Tagged(_text(ONE_LINE), ParagraphStyle("centred", parent=style, alignment=TA_CENTER))
    centred.wrap(width * 0.9, 100)
    assert len(centred.blPara.lines) == 2
    assert centred._plain_lines() is None


@pytest.mark.parametrize(
    "markup",
    [
        "Hello <b>world</b>",  # two fonts in one line
        '<link href="#findings">58 Pa. Code § 633a.13(k)</link>',  # a link
        "<u>underlined</u>",
    ],
    ids=["two-fonts", "link", "underline"],
)
def test_markup_links_and_underlines_stay_with_reportlab(markup: str) -> None:
    paragraph = _p(markup)
    paragraph.wrap(400, 100)
    assert len(paragraph.blPara.lines) == 1
    assert paragraph._plain_lines() is None


def test_plain_lines_of_several_fragments_is_shared_and_drawing_it_leaves_it_as_it_was() -> None:
    # A contents entry or a cell with a bold part: one line of several fragments, wrapped again in every measure of
    # its table, is broken into lines once per text, style and width; drawing only reads the lines.
    markup = '<link href="#findings"><b>Findings</b> and waivers</link>'
    first, second = _p(markup), _p(markup)
    first.wrap(400, 100)
    second.wrap(400, 100)
    assert first.blPara.kind == 1 and len(first.blPara.lines) == 1
    assert second.blPara is first.blPara
    before = repr(first.blPara)
    _build([first, _bookmarked("findings")])
    assert repr(second.blPara) == before
    # Several lines of several fragments are shared too (a paragraph split breaks its own lines first, as a split
    # changes their fragments: tests/reports/test_pdf_caches.py), and drawing them leaves them as they were.
    long_markup = "<b>Findings</b> " + " ".join(["and waivers"] * 30)
    third, fourth = _p(long_markup), _p(long_markup)
    third.wrap(200, 1000)
    fourth.wrap(200, 1000)
    assert third.blPara.kind == 1 and len(third.blPara.lines) > 1
    assert fourth.blPara is third.blPara
    before = repr(third.blPara)
    _build([third])
    assert repr(fourth.blPara) == before


def _bookmarked(key: str) -> Flowable:
    """A paragraph that is the destination ``key`` a link goes to."""
    return _p(f'<a name="{key}"/>Findings')


def _cell_style_values(table: Table) -> list[list[dict[str, Any]]]:
    """Each cell's style as the values reportlab reads from it (every attribute a CellStyle has, but its name)."""
    probe = CellStyle("probe")
    names = [name for name in dir(probe) if not name.startswith("_") and not callable(getattr(probe, name))]
    names.remove("name")
    return [[{name: getattr(style, name) for name in names} for style in row] for row in table._cellStyles]


def test_a_grids_cells_share_styles_with_the_values_reportlab_gives_each_cell() -> None:
    # The grid style, then commands on part of the table (a column's font, a row's colour, a cell's alignment, an
    # overlapping padding): every cell ends with the values reportlab's per-cell styles get, in a few shared styles.
    commands = [
        *_grid_style().getCommands(),
        ("FONT", (0, 1), (0, -1), f"{FONT}-Bold", 9),
        ("TEXTCOLOR", (1, 2), (-1, 2), "#9C0006"),
        ("ALIGN", (2, 3), (2, 3), "RIGHT"),
        ("LEFTPADDING", (1, 1), (2, 4), 7),
        ("VALIGN", (-1, -1), (-1, -1), "MIDDLE"),
        ("ROUNDEDCORNERS", [2, 2, 2, 2]),  # a command of two parts, reportlab's
        ("TEXTCOLOR", (0, "splitlast"), (-1, "splitlast"), "#7F6000"),  # kept for a split's last row, reportlab's
    ]
    rows = [[_p(_text(f"{row}-{column}")) for column in range(4)] for row in range(6)]
    shared = _Grid(rows, colWidths=[60] * 4)
    shared.setStyle(commands)
    each_its_own = Table([list(row) for row in rows], colWidths=[60] * 4)
    each_its_own.setStyle(commands)
    assert _cell_style_values(shared) == _cell_style_values(each_its_own)
    assert shared._srflcmds == each_its_own._srflcmds
    distinct = {id(style) for row in shared._cellStyles for style in row}
    assert len(distinct) < 12 < 24  # 24 cells, a handful of distinct combinations of values


def test_a_split_grids_last_row_style_lands_on_its_first_parts_last_row_alone() -> None:
    # A command on a split's last row is given to the part above the break as a command on its last row: that row's
    # cells change, the part's other rows and the part below keep the grid's colour.
    ink = colors.HexColor("#7F6000")
    rows = [[_p(_text(f"row {row}")), _p(_text("-"))] for row in range(14)]
    table = _Grid(rows, colWidths=[60, 60])
    table.setStyle([*_grid_style(header=False).getCommands(), ("TEXTCOLOR", (0, "splitlast"), (-1, "splitlast"), ink)])
    _width, height = table.wrap(400, 1000)
    first, second = table.split(400, height * 0.6)
    assert [style.color == ink for style in first._cellStyles[-1]] == [True, True]
    assert not any(style.color == ink for row in first._cellStyles[:-1] for style in row)
    assert not any(style.color == ink for row in second._cellStyles for style in row)
