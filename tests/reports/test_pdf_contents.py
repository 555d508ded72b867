"""The table of contents' table (:class:`pacomply.reports.pdf.contents._ContentsGrid`) is measured, split and drawn
by the document's grid path, to what reportlab's own ``Table`` gives for the same entries: the same row heights, the
same split at every height where the next page keeps enough entries, the same bytes drawn. A split never leaves a
page with fewer than three entries, and the contents a reviewer reads are compact: read back from the PDF, each
contents page holds three entries or more, at a close, even pitch."""

from __future__ import annotations

import io
import itertools
import re
from typing import Any

import pytest
from pacomply.reports.pdf.contents import LEAST_ENTRIES_A_PAGE, _Contents, _ContentsGrid
from pacomply.reports.pdf.paragraphs import _Tagged
from pacomply.reports.pdf.styles import CONTENT_WIDTH, MARGIN, PAGE_GEOMETRY, PAGE_HEIGHT, register_fonts
from pacomply.reports.pdf.tables import _row_heights
from reportlab.pdfgen import canvas as pdf_canvas
from reportlab.platypus import Flowable, Spacer, Table

from tests.reports.renderings import EXAMPLES, example_document


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


def _entry_rows(table: Table) -> int:
    """The rows of a contents table holding an entry (the others are the spaces before a section's entry)."""
    return sum(1 for values in table._cellvalues if type(values[0]) is not Spacer)


def test_the_contents_never_leave_their_last_entries_alone_on_a_page() -> None:
    # A height at which reportlab's own split leaves one entry for the next page: the split moves up so that the
    # next page holds the last LEAST_ENTRIES_A_PAGE entries.
    grid, table = _tables()
    canvas = pdf_canvas.Canvas(io.BytesIO())
    table.wrapOn(canvas, CONTENT_WIDTH, 100_000)
    height = sum(table._rowHeights[:-1]) + 0.5  # every row but the last fits
    reportlab_parts = table.splitOn(canvas, CONTENT_WIDTH, height)
    assert [_entry_rows(part) for part in reportlab_parts][1] == 1
    parts = grid.splitOn(canvas, CONTENT_WIDTH, height)
    assert len(parts) == 2
    assert _entry_rows(parts[1]) == LEAST_ENTRIES_A_PAGE
    assert _entry_rows(parts[0]) + _entry_rows(parts[1]) == _entry_rows(grid)


def test_the_contents_move_whole_rather_than_split_too_few_entries() -> None:
    # Five entries: any split would leave fewer than LEAST_ENTRIES_A_PAGE on one side.
    register_fonts()
    contents = _Contents()
    rows = [[_Tagged(f"Section {index}", contents.getLevelStyle(1), role="TOCI")] for index in range(5)]
    grid = _ContentsGrid(rows, colWidths=(CONTENT_WIDTH,), style=contents.tableStyle)
    canvas = pdf_canvas.Canvas(io.BytesIO())
    _width, height = grid.wrapOn(canvas, CONTENT_WIDTH, 100_000)
    assert grid.splitOn(canvas, CONTENT_WIDTH, height * 0.7) == []


#: The contents as a reviewer sees them, read back from the PDF: the greatest distance from one line's top to the
#: next's between two sub-entries (9-point type on 11.5 points, a point above and below), and between any two lines
#: (a section's entry has 5 points more above it; its type is 10.5 points on 13). The least is the smaller type's size.
SUB_ENTRY_PITCH_MOST = 14.0
ENTRY_PITCH_MOST = 22.5
ENTRY_PITCH_LEAST = 9.0
#: An entry's last line ends in the leader dots and its page number.
_LEADER = re.compile(r"(?:\.\s?){3,}\s*\d+$")
#: Where the page's frame is (the running header above, the footer below are no entries).
_FRAME_TOP = MARGIN
_FRAME_BOTTOM = PAGE_HEIGHT - PAGE_GEOMETRY["bottomMargin"]

#: A long contents running onto a second page, and one that ran one entry onto a page of its own in an earlier layout;
#: every example with -m slow.
CONTENTS_SAMPLE = ("633a-violations.xlsx", "688a-compliant.xlsx")
EVERY_EXAMPLE = sorted(path.name for path in EXAMPLES.iterdir() if path.suffix in (".json", ".xlsx"))


def _contents_pages(example: str) -> list[list[dict[str, Any]]]:
    """The text lines inside the frame of each contents page of ``example``'s review, from the page after the cover
    to the last page holding an entry's leader dots (the 'Contents' heading left out)."""
    pages = []
    for page in example_document(example).pages[1:]:
        lines = [
            line
            for line in page.extract_text_lines(return_chars=False)
            if line["top"] >= _FRAME_TOP and line["bottom"] <= _FRAME_BOTTOM and line["text"].strip() != "Contents"
        ]
        if not any(_LEADER.search(line["text"].strip()) for line in lines):
            break
        pages.append(lines)
    return pages


def _assert_compact_contents(example: str) -> None:
    pages = _contents_pages(example)
    assert pages, f"{example}: no contents page found"
    entries = [sum(1 for line in lines if _LEADER.search(line["text"].strip())) for lines in pages]
    assert min(entries) >= LEAST_ENTRIES_A_PAGE, f"{example}: entries on each contents page {entries}"
    left = min(line["x0"] for lines in pages for line in lines)
    for lines in pages:
        for above, below in itertools.pairwise(lines):
            pitch = below["top"] - above["top"]
            where = f"{example}: {above['text'][:40]!r} to {below['text'][:40]!r}"
            assert ENTRY_PITCH_LEAST <= pitch <= ENTRY_PITCH_MOST, f"{where}: {pitch:.1f} points"
            if above["x0"] > left + 8 and below["x0"] > left + 8:  # a sub-entry, or an entry's wrapped line
                assert pitch <= SUB_ENTRY_PITCH_MOST, f"{where}: {pitch:.1f} points between sub-entries"


@pytest.mark.parametrize("example", CONTENTS_SAMPLE)
def test_the_contents_pages_hold_three_entries_or_more_at_a_compact_pitch(example: str) -> None:
    _assert_compact_contents(example)


@pytest.mark.slow
@pytest.mark.parametrize("example", EVERY_EXAMPLE)
def test_every_examples_contents_pages_hold_three_entries_or_more_at_a_compact_pitch(example: str) -> None:
    _assert_compact_contents(example)
