"""What the review PDF keeps of its paragraphs from one paragraph, and one document, to the next gives the bytes
reportlab gives without it (``reports/pdf/paragraphs.py``).

A plain text's parse is its style's one fragment holding the text (``_parsed``, ``_plain_fragment``), and the text
operators of plain lines are kept across documents where the next document numbers their characters as the first
did (``_encoded``): each is compared here with reportlab's own parse or text object, a change of style, size or width
must miss, the caches are bounded, and whole reviews are drawn the same with every cache cold, warm from another
review, bounded to a few entries, or bypassed (two chapters in the default suite, every example under ``-m slow``).
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import Any

import pytest
from pacomply.reports.pdf import paragraphs, tables
from pacomply.reports.pdf.paragraphs import _encoded, _p, _parsed, _plain_fragment, _show_operators, _text
from pacomply.reports.pdf.styles import FONT, _styles, register_fonts
from pacomply.reports.pdf.tables import _fitted_style, _header_style, _widest_token
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from tests.reports.renderings import EXAMPLES, example_review

#: Two chapters' reviews in the default suite (the 686a checklist and findings, two filings of it read from either
#: kind of file as a Board batch holds them, and the 687a par sheets' long grids); every example with -m slow.
SAMPLE = ("686a-violations.xlsx", "686a-compliant.json", "687a-compliant.json")
EVERY_EXAMPLE = sorted(path.name for path in EXAMPLES.iterdir() if path.suffix in (".json", ".xlsx"))

PLAIN_TEXTS = (
    "8",
    "0.5%",
    "Pair Plus",
    "  Ante  Bonus\tpays\non a   straight  ",  # spaces, a tab and a line break, cleaned as reportlab cleans them
    "no\xa0break space",
    "Grüße — £5 ≤ 58 Pa. Code § 633a.13(k)",
    "super_match=633a.13(i)(1)",
)


def _clear_caches() -> None:
    """Every paragraph and table cache of the process emptied (the next review's paragraphs start cold), and no
    grid kept (tests/reports/test_pdf_reuse.py checks those)."""
    for cached in (_parsed, _plain_fragment, paragraphs._lines, _widest_token, _fitted_style):
        cached.cache_clear()
    paragraphs._ENCODED.clear()
    tables.forget_grids()


@pytest.fixture
def cold_caches() -> Iterator[None]:
    _clear_caches()
    yield
    _clear_caches()


def _fragments(parse: tuple[Any, ParagraphStyle, Any, Any]) -> tuple[Any, ...]:
    text, style, fragments, bullet = parse
    return (text, style, bullet, [(type(fragment), fragment.__dict__) for fragment in fragments])


def _reportlabs_parse(text: str, style: ParagraphStyle) -> tuple[Any, ParagraphStyle, Any, Any]:
    paragraph = Paragraph(text, style)
    return paragraph.text, paragraph.style, paragraph.frags, paragraph.bulletText


def _styles_to_try() -> list[ParagraphStyle]:
    styles = _styles()
    return [styles.cell, styles.cell_bold, styles.body, styles.heading1, styles.verdict, _header_style()]


@pytest.mark.usefixtures("cold_caches")
def test_a_plain_texts_parse_is_the_fragment_reportlabs_parser_makes_with_lists_of_its_own() -> None:
    for style in _styles_to_try():
        for text in PLAIN_TEXTS:
            parse = _parsed(text, style)
            assert _fragments(parse) == _fragments(_reportlabs_parse(text, style)), (style.name, text)
            (fragment,) = parse[2]
            plain = _plain_fragment(style)
            assert plain is not None
            template, fresh_lists = plain
            # A fragment's lists (its links and underlines) are its own: reportlab adds to them as it draws a line.
            lists = [name for name, value in fragment.__dict__.items() if isinstance(value, list)]
            assert lists and tuple(lists) == fresh_lists
            assert all(getattr(fragment, name) is not getattr(template, name) for name in lists)
        assert _parsed("8", style)[2] is _parsed("8", style)[2], "a text is parsed once per style"


@pytest.mark.usefixtures("cold_caches")
def test_markup_an_entity_and_a_text_transform_go_through_reportlabs_parser() -> None:
    cell = _styles().cell
    shouting = ParagraphStyle("shouting", parent=cell, textTransform="uppercase")
    assert _plain_fragment(shouting) is None
    assert [fragment.text for fragment in _parsed("pair plus", shouting)[2]] == ["PAIR PLUS"]
    for text in ("<b>Pair</b> Plus", _text("Pair & Plus"), _text("5 < 6"), ""):
        ours = _parsed(text, cell)
        reportlabs = _reportlabs_parse(text, cell)
        assert ours[0] == reportlabs[0]
        assert [(fragment.text, fragment.fontName) for fragment in ours[2]] == [
            (fragment.text, fragment.fontName) for fragment in reportlabs[2]
        ], text


@pytest.mark.usefixtures("cold_caches")
def test_the_same_text_in_another_style_or_at_another_width_misses() -> None:
    styles = _styles()
    regular, bold = _parsed("Pair Plus", styles.cell), _parsed("Pair Plus", styles.cell_bold)
    assert (regular[2][0].fontName, bold[2][0].fontName) == (FONT, f"{FONT}-Bold")
    text = "Ante Bonus pays on a straight, three of a kind or a straight flush whatever the dealer holds"
    for width in (400.0, 120.0, 60.0, 120.0):
        ours = _p(text)
        ours.wrap(width, 1_000)
        fresh = Paragraph(text, styles.cell)
        fresh.wrap(width, 1_000)
        assert [words for _spare, words in ours.blPara.lines] == [words for _spare, words in fresh.blPara.lines]
        assert (ours.height, ours.blPara.lines) == (fresh.height, fresh.blPara.lines), width


def _canvas() -> Canvas:
    register_fonts()
    return Canvas(io.BytesIO(), invariant=1)


def _reportlabs_operators(canvas: Canvas, font: str, size: float, leading: float, lines: tuple[str, ...]) -> str:
    """The operators reportlab's own text object writes for ``lines`` in ``canvas``'s document (numbering any
    character the document has not shown yet, as drawing them would)."""
    text_object = canvas.beginText()
    text_object._code = []
    text_object.setFont(font, size, leading)
    for line in lines:
        text_object._textOut(line, len(lines) > 1)
    return " ".join(text_object._code)


@pytest.mark.usefixtures("cold_caches")
def test_a_line_kept_from_another_document_is_used_only_where_this_one_numbers_its_characters_alike() -> None:
    line = ("Grüße — £5",)
    first = _canvas()
    kept = _show_operators(first, FONT, 8, 10, line)
    assert kept == _reportlabs_operators(_canvas(), FONT, 8, 10, line)

    # A document that has shown the same characters in the same order is given the kept operators themselves.
    alike = _canvas()
    _reportlabs_operators(alike, FONT, 8, 10, line)
    assert _encoded(alike, (FONT, 8, 10, line)) is kept
    # One that has not shown them yet numbers them as the first did, through reportlab.
    assert _show_operators(_canvas(), FONT, 8, 10, line) == kept

    # One that numbered them in another order gets its own, as reportlab writes them there (every character of the
    # line numbered already, so reportlab's text object numbers nothing more).
    other_order = _canvas()
    _reportlabs_operators(other_order, FONT, 8, 10, ("£ — ü ß",))
    own = _show_operators(other_order, FONT, 8, 10, line)
    assert own == _reportlabs_operators(other_order, FONT, 8, 10, line) != kept

    # Another size, leading or font is another line.
    for font, size, leading in ((FONT, 9, 10), (FONT, 8, 12), (f"{FONT}-Bold", 8, 10)):
        canvas = _canvas()
        _reportlabs_operators(canvas, FONT, 8, 10, line)
        operators = _show_operators(canvas, font, size, leading, line)
        assert operators == _reportlabs_operators(canvas, font, size, leading, line) != kept, (font, size, leading)


def _render(example: str) -> bytes:
    from pacomply.reports.pdf import render_pdf

    return render_pdf(example_review(example))


def _assert_drawn_alike_cold_warm_bounded_and_bypassed(examples: tuple[str, ...] | list[str], monkeypatch: Any) -> None:
    # Each review alone, every cache cold.
    alone = {}
    for example in examples:
        _clear_caches()
        alone[example] = _render(example)
    # In a batch, the caches warm from the reviews before (and each review again once the others have run).
    _clear_caches()
    for example in [*examples, *examples]:
        assert _render(example) == alone[example], f"{example}, caches warm"
    assert len(paragraphs._ENCODED) > 0
    # Kept to a few entries: the oldest go, the bytes are the same.
    monkeypatch.setattr(paragraphs, "_ENCODED_ENTRIES", 5)
    _clear_caches()
    for example in examples:
        assert _render(example) == alone[example], f"{example}, five lines kept"
        assert len(paragraphs._ENCODED) <= 5
    # Without the plain parse or the lines kept across documents: reportlab's parser and text object throughout.
    monkeypatch.setattr(paragraphs, "_ENCODED_ENTRIES", 0)
    monkeypatch.setattr(paragraphs, "_plain_fragment", lambda _style: None)
    _clear_caches()
    for example in examples:
        assert _render(example) == alone[example], f"{example}, through reportlab's parser and text object"
        assert len(paragraphs._ENCODED) == 0


@pytest.mark.usefixtures("cold_caches")
def test_two_chapters_reviews_draw_the_same_bytes_with_their_paragraph_caches_cold_warm_bounded_or_bypassed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _assert_drawn_alike_cold_warm_bounded_and_bypassed(SAMPLE, monkeypatch)


@pytest.mark.slow
@pytest.mark.usefixtures("cold_caches")
def test_every_examples_review_draws_the_same_bytes_with_its_paragraph_caches_cold_warm_bounded_or_bypassed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _assert_drawn_alike_cold_warm_bounded_and_bypassed(EVERY_EXAMPLE, monkeypatch)


def test_every_paragraph_cache_is_bounded() -> None:
    for cached in (_parsed, _plain_fragment, paragraphs._lines):
        assert cached.cache_info().maxsize is not None
    assert 0 < paragraphs._ENCODED_ENTRIES <= 8192
