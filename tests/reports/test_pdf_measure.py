"""A grid's rows are measured straight from its cells' kept wraps where nothing spans and every cell is one tagged
paragraph, one spacer or plain text (``reports/pdf/tables.py``, ``_Grid._calc_height``): the heights, row positions
and total height must be reportlab's own, to the bit, for every table a review lays out, and anything else must still
be measured by reportlab."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pacomply.reports.pdf import render_pdf
from pacomply.reports.pdf.paragraphs import _p, _text
from pacomply.reports.pdf.tables import _Grid, _grid, _grid_style, _row_heights
from reportlab.platypus import CondPageBreak, Spacer, Table

from tests.reports.renderings import EXAMPLES, example_review

#: Two chapters' reviews in the default suite (a long checklist, findings and wager math; the par sheets' long
#: grids); every example with -m slow.
SAMPLE = ("686a-violations.xlsx", "687a-compliant.json")
EVERY_EXAMPLE = sorted(path.name for path in EXAMPLES.iterdir() if path.suffix in (".json", ".xlsx"))


def _measure(table: Table) -> tuple[Any, ...]:
    return (list(table._rowHeights), list(table._rowpositions), table._height, table._hmax)


def _compare_every_measure(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """From now on, every grid measured is measured both ways and the two compared; the counts of measures taken
    from the kept wraps and left to reportlab."""
    counts = {"from wraps": 0, "by reportlab": 0}
    fast = _Grid._calc_height

    def measured_both_ways(self: _Grid, availHeight: float, availWidth: float, H: Any = None, W: Any = None) -> None:
        direct = _row_heights(self, W or self._argW) is not None
        # What a review leaves to reportlab: a finding's block (its caption row spans the table) and the signature
        # block (of fixed row heights).
        assert direct or self._spanCmds or None not in self._argH, self.identity()
        fast(self, availHeight, availWidth, H=H, W=W)
        ours = _measure(self)
        Table._calc_height(self, availHeight, availWidth, H=H, W=W)
        assert ours == _measure(self), f"{self.identity()}: {ours} against reportlab's {_measure(self)}"
        counts["from wraps" if direct else "by reportlab"] += 1

    monkeypatch.setattr(_Grid, "_calc_height", measured_both_ways)
    return counts


def _assert_the_reviews_tables_measure_as_reportlab_measures_them(
    examples: tuple[str, ...] | list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    counts = _compare_every_measure(monkeypatch)
    for example in examples:
        render_pdf(example_review(example))
    assert counts["from wraps"] > counts["by reportlab"] > 0, counts


def test_every_grid_of_two_chapters_reviews_measures_as_reportlab_measures_it(monkeypatch: pytest.MonkeyPatch) -> None:
    _assert_the_reviews_tables_measure_as_reportlab_measures_them(SAMPLE, monkeypatch)


@pytest.mark.slow
def test_every_grid_of_every_example_review_measures_as_reportlab_measures_it(monkeypatch: pytest.MonkeyPatch) -> None:
    _assert_the_reviews_tables_measure_as_reportlab_measures_them(EVERY_EXAMPLE, monkeypatch)


def _table(rows: list[list[Any]], widths: list[float | None], **options: Any) -> _Grid:
    table = _grid(rows, widths, **options)
    table.setStyle(_grid_style(header=False))
    return table


def test_plain_text_cells_and_minimum_heights_measure_as_reportlab_measures_them() -> None:
    rows = [["plain", _p(_text("a paragraph that wraps onto a second line in a narrow column"))], ["two\nlines", ""]]
    table = _table(rows, [60, 90], minRowHeights=[0, 40])
    assert _row_heights(table, table._argW) is not None
    table.wrap(400, 800)
    ours = _measure(table)
    Table._calc_height(table, 800, 400)
    assert ours == _measure(table)
    assert ours[0][1] == 40  # the minimum stands for the short second row


def test_a_spanning_table_a_fixed_height_or_another_flowable_is_left_to_reportlab() -> None:
    spanning = _table([[_p("a"), _p("b")], [_p("c"), _p("d")]], [60, 60])
    spanning.setStyle([("SPAN", (0, 0), (1, 0))])
    fixed = _Grid([[_p("a")]], colWidths=[60], rowHeights=[20])
    other = _Grid([[Table([["inner"]])]], colWidths=[60])
    for table in (spanning, fixed, other):
        assert _row_heights(table, table._argW) is None
    # Measured by reportlab, they lay out as before: the fixed row keeps its height.
    fixed.wrap(400, 800)
    assert fixed._rowHeights == [20]


def test_a_paragraph_too_wide_for_its_column_is_left_to_reportlab() -> None:
    table = _table([[_p("x")]], [6])  # narrower than the grid's padding (4 points each side)
    assert _row_heights(table, table._argW) is None


def test_the_sample_is_of_examples_that_exist() -> None:
    assert set(SAMPLE) <= set(EVERY_EXAMPLE)
    assert all((EXAMPLES / Path(example)).is_file() for example in SAMPLE)


def test_spacer_cells_measure_as_reportlab_measures_them_and_a_conditional_break_is_left_to_reportlab() -> None:
    # The contents' rows: a spacer before an entry (some of integer, some of fractional height), then the entry.
    rows = [[Spacer(1, 6)], [_p(_text("Summary of the review"))], [Spacer(1, 4.5)], [_p(_text("Findings"))]]
    table = _table(rows, [200])
    assert _row_heights(table, table._argW) is not None
    table.wrap(400, 800)
    ours = _measure(table)
    Table._calc_height(table, 800, 400)
    assert ours == _measure(table)
    assert ours[0][0] == 6 + 3 + 3  # the spacer and the grid's top and bottom padding
    conditional = _table([[CondPageBreak(30)], [_p("a")]], [200])
    assert _row_heights(conditional, conditional._argW) is None
