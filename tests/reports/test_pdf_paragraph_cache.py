"""What the review PDF keeps of its paragraphs from one paragraph, and one document, to the next gives the bytes
reportlab gives without it (``reports/pdf/paragraphs.py``).

A plain text's parse is its style's one fragment holding the text (``_parsed``, ``_plain_fragment``): it is compared
here with reportlab's own parse, a change of style or width must miss, the caches are bounded, and whole reviews are
drawn the same with every cache cold, warm from another review, or bypassed (two chapters in the default suite,
every example under ``-m slow``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from pacomply.reports.pdf import paragraphs
from pacomply.reports.pdf.paragraphs import _p, _parsed, _plain_fragment, _text
from pacomply.reports.pdf.styles import FONT, _styles
from pacomply.reports.pdf.tables import _fitted_style, _header_style, _widest_token
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph

from tests.reports.renderings import EXAMPLES, example_review

#: Two chapters' reviews in the default suite (the 686a checklist and findings, the 687a par sheets' long grids), the
#: second of each read from the other kind of filing than the first, as a Board batch holds them; every example with
#: -m slow.
SAMPLE = ("686a-violations.xlsx", "686a-compliant.json", "687a-compliant.json", "687a-violations.xlsx")
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
    """Every paragraph and table cache of the process emptied (the next review's paragraphs start cold)."""
    for cached in (_parsed, _plain_fragment, paragraphs._lines, _widest_token, _fitted_style):
        cached.cache_clear()


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


def _render(example: str) -> bytes:
    from pacomply.reports.pdf import render_pdf

    return render_pdf(example_review(example))


def _assert_drawn_alike_cold_warm_and_bypassed(examples: tuple[str, ...] | list[str], monkeypatch: Any) -> None:
    # Each review alone, every cache cold.
    alone = {}
    for example in examples:
        _clear_caches()
        alone[example] = _render(example)
    # In a batch, the caches warm from the reviews before (and each review again once the others have run).
    _clear_caches()
    for example in [*examples, *examples]:
        assert _render(example) == alone[example], f"{example}, caches warm"
    # Without the plain parse: reportlab's parser throughout.
    monkeypatch.setattr(paragraphs, "_plain_fragment", lambda _style: None)
    _clear_caches()
    for example in examples:
        assert _render(example) == alone[example], f"{example}, through reportlab's parser"


@pytest.mark.usefixtures("cold_caches")
def test_two_chapters_reviews_draw_the_same_bytes_with_their_paragraph_caches_cold_warm_or_bypassed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _assert_drawn_alike_cold_warm_and_bypassed(SAMPLE, monkeypatch)


@pytest.mark.slow
@pytest.mark.usefixtures("cold_caches")
def test_every_examples_review_draws_the_same_bytes_with_its_paragraph_caches_cold_warm_or_bypassed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _assert_drawn_alike_cold_warm_and_bypassed(EVERY_EXAMPLE, monkeypatch)


def test_every_paragraph_cache_is_bounded() -> None:
    for cached in (_parsed, _plain_fragment, paragraphs._lines):
        assert cached.cache_info().maxsize is not None
