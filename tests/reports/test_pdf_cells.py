"""Table cells and paragraphs of one plain line are written directly as text operators (see
``reports/pdf/paragraphs.py``, ``_Tagged._one_line``): they must read back as the same text, in the same
structure element, at the same place and in the same font, size and colour as reportlab's Paragraph draws them;
a line that wraps, or that carries markup or a link, is still reportlab's to draw."""

from __future__ import annotations

import io
from typing import Any

import pdfplumber
import pytest
from pacomply.reports.pdf.paragraphs import _p, _Tagged, _text
from pacomply.reports.pdf.styles import FONT, _styles
from pacomply.reports.pdf.tables import _grid, _grid_style, _header_cells
from pacomply.reports.pdf_tagging import TaggingCanvas, add_structure_tree
from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, Paragraph, SimpleDocTemplate

from tests.reports.pdf_geometry import Layout

GRID_PADDING = 4  # the grid's left and right padding (reports/pdf/tables.py _grid_style)
ONE_LINE = "Pair Plus"
WRAPPING = "Ante Bonus pays on a straight, three of a kind or a straight flush whatever the dealer holds"


def _build(flowables: list[Flowable]) -> bytes:
    """A tagged PDF of ``flowables`` made as the review is (a tagging canvas, then its structure tree)."""
    canvases: list[TaggingCanvas] = []

    def canvas_maker(*args: Any, **kwargs: Any) -> TaggingCanvas:
        canvas = TaggingCanvas(*args, **kwargs)
        canvases.append(canvas)
        return canvas

    buffer = io.BytesIO()
    SimpleDocTemplate(buffer, invariant=1).build(flowables, canvasmaker=canvas_maker)
    recorder = canvases[-1].tagging
    assert recorder is not None
    return add_structure_tree(buffer.getvalue(), recorder.marks, recorder.links)


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


def test_a_one_line_cell_and_a_wrapping_cell_read_back_as_their_text_in_their_table_cells() -> None:
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
def test_a_one_line_paragraph_is_drawn_as_reportlabs_paragraph_draws_it(
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
    assert [paragraph.text for paragraph in drawn] == [_text(WRAPPING)]  # the one paragraph of three lines
    drawn.clear()
    monkeypatch.setattr(_Tagged, "_one_line", lambda _self: None)
    by_reportlab = _characters(_build(story()))
    assert len(drawn) == 10  # every paragraph of the story went through reportlab this time
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


def test_a_line_that_fits_is_written_directly_and_a_squeezed_or_wrapped_one_is_left_to_reportlab() -> None:
    style = _styles().cell
    width = stringWidth(ONE_LINE, FONT, style.fontSize)
    fitting = _p(_text(ONE_LINE))
    fitting.wrap(width + 0.01, 100)
    line = fitting._one_line()
    assert line is not None
    _left, _baseline, _move, _colour, font, size, leading, text = line
    assert (font, size, leading, text) == (FONT, style.fontSize, style.leading, ONE_LINE)
    # Just narrower, reportlab keeps the line by shrinking its spaces (its spaceShrinkage): drawn with a negative
    # word spacing, which is reportlab's to write.
    squeezed = _p(_text(ONE_LINE))
    squeezed.wrap(width - 0.01, 100)
    assert len(squeezed.blPara.lines) == 1
    assert squeezed.blPara.lines[0][0] < 0
    assert squeezed._one_line() is None
    wrapped = _p(_text(ONE_LINE))
    wrapped.wrap(width * 0.9, 100)
    assert len(wrapped.blPara.lines) == 2
    assert wrapped._one_line() is None


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
    assert paragraph._one_line() is None


def test_one_line_of_several_fragments_is_shared_and_drawing_it_leaves_it_as_it_was() -> None:
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
    # Several lines of several fragments are each paragraph's own (a split changes their fragments).
    long_markup = "<b>Findings</b> " + " ".join(["and waivers"] * 30)
    third, fourth = _p(long_markup), _p(long_markup)
    third.wrap(200, 1000)
    fourth.wrap(200, 1000)
    assert third.blPara.kind == 1 and len(third.blPara.lines) > 1
    assert fourth.blPara is not third.blPara


def _bookmarked(key: str) -> Flowable:
    """A paragraph that is the destination ``key`` a link goes to."""
    return _p(f'<a name="{key}"/>Findings')
