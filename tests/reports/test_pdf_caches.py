"""The review PDF's layout caches give what reportlab gives without them.

A paragraph's markup is parsed once per text and style, plain lines are shared between paragraphs of the same
text, style and width, and a table keeps its measure while the room it is given leaves it standing
(``reports/pdf/paragraphs.py``, ``reports/pdf/tables.py``). Each test builds the same thing with and without the
shared state and compares what reportlab lays out; the golden PDF digests check the whole documents.
"""

from __future__ import annotations

from reportlab.platypus import Paragraph


def _words(paragraph: Paragraph) -> list[tuple[object, ...]]:
    """The words of each line of a wrapped paragraph (plain lines and lines of fragments alike)."""
    lines = paragraph.blPara.lines
    if paragraph.blPara.kind == 0:
        return [tuple(words) for _width, words in lines]
    return [tuple(getattr(word, "text", word) for word in line.words) for line in lines]


def test_paragraphs_of_one_text_share_their_parse_and_lines_and_a_split_of_one_changes_neither() -> None:
    from pacomply.reports.pdf import _p, _styles

    style = _styles().body
    for text in (
        " ".join(f"word{number}" for number in range(300)),  # one fragment: plain lines, shared
        # Fragments: lines shared too; the paragraph split breaks its own first (reportlab's split adds a space to
        # the last fragment of each line it keeps).
        " ".join(f"<b>bold{number}</b> plain{number}" for number in range(150)),
    ):
        first, second = _p(text, style), _p(text, style)
        assert first.frags is second.frags
        first.wrap(200, 10_000)
        second.wrap(200, 10_000)
        assert first.blPara is second.blPara
        before = _words(second)
        parts = first.split(200, 120)
        assert len(parts) == 2, "the paragraph runs over 120 points and splits"
        fresh = Paragraph(text, style)  # reportlab's own paragraph, parsed and broken afresh
        fresh.wrap(200, 10_000)
        reportlabs = Paragraph(text, style)
        reportlabs.wrap(200, 10_000)
        expected = reportlabs.split(200, 120)
        for part in (*parts, *expected):
            part.wrap(200, 10_000)
        assert [_words(part) for part in parts] == [_words(part) for part in expected]
        assert _words(second) == before == _words(fresh)
        assert second.height == fresh.height
        # The parse the paragraphs share is reportlab's parse of the text, as it was before any wrap or split.
        assert [getattr(fragment, "text", None) for fragment in second.frags] == [
            getattr(fragment, "text", None) for fragment in Paragraph(text, style).frags
        ]


def test_a_tables_kept_measure_is_the_one_a_fresh_table_takes_for_the_same_room() -> None:
    from pacomply.reports.pdf import CONTENT_WIDTH, _grid, _grid_style, _header_cells, _p

    def table() -> object:
        rows = [_header_cells(("Outcome", "Pays"))]
        rows += [[_p(f"outcome {number} " * (1 + number % 4)), _p(f"{number} to 1")] for number in range(80)]
        made = _grid(rows, [2.5 * 72, None], repeatRows=1)
        made.setStyle(_grid_style())
        return made

    def measure(made: object) -> tuple[object, ...]:
        return (made._width, made._height, list(made._rowHeights), list(made._rowpositions), list(made._colWidths))

    # The same table measured by reportlab at every call (its kept measure dropped first): a table keeps the column
    # widths it first resolved, so a fresh table is the reference only for the room it is first given.
    kept, reference = table(), table()
    # A whole measure, heights it fits in and heights it overflows (reportlab then stops measuring rows), another
    # width: in the order a frame, a split and a kept-together block ask.
    for room in [
        (CONTENT_WIDTH, 10_000),
        (CONTENT_WIDTH, 9_000),
        (CONTENT_WIDTH, 150),
        (CONTENT_WIDTH, 150),
        (CONTENT_WIDTH, 400),
        (CONTENT_WIDTH, 10_000),
        (CONTENT_WIDTH / 2, 10_000),
        (CONTENT_WIDTH, 20_000),
    ]:
        kept.wrap(*room)
        reference.__dict__.pop("_measured", None)
        reference.wrap(*room)
        assert measure(kept) == measure(reference), room
        if room == (CONTENT_WIDTH, 9_000):
            assert kept._measured[1] == 10_000, "the whole measure stands for a height it fits in"
