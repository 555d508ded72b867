"""The Board's published figures for 685a (Down Under Blackjack), with their sources (``regulations.published``: what a
row means and how it is copied)."""

from __future__ import annotations

from pacomply.regulations.citation import cite
from pacomply.regulations.published import (
    PA_B_50_DOC_20_1607,
    Basis,
    Measure,
    PublishedFigure,
    RangeEnd,
)

FIGURES: tuple[PublishedFigure, ...] = (
    # 685a: two holds, each a range over what the chapter approves.
    PublishedFigure(
        id="685a-base-low", chapter="685a", wager="base", paytable=None, measure=Measure.HOLD,
        basis=Basis.UNSTATED, percent="0.43", range_end=RangeEnd.LOW, source=PA_B_50_DOC_20_1607,
        citation=cite("685a.11(a)"), order=1,
        note="lower end of the hold of the required wagers over the approved payout tables",
    ),
    PublishedFigure(
        id="685a-base-high", chapter="685a", wager="base", paytable=None, measure=Measure.HOLD,
        basis=Basis.UNSTATED, percent="0.49", range_end=RangeEnd.HIGH, source=PA_B_50_DOC_20_1607,
        citation=cite("685a.11(a)"), order=2,
        note="upper end of the same range",
    ),
    PublishedFigure(
        id="685a-match-the-dealer-low", chapter="685a", wager="match_the_dealer", paytable=None,
        measure=Measure.HOLD, basis=Basis.UNSTATED, percent="3.67", range_end=RangeEnd.LOW,
        source=PA_B_50_DOC_20_1607, citation=cite("685a.11(c)"), order=1,
        note="lower end of the Match-the-Dealer hold",
    ),
    PublishedFigure(
        id="685a-match-the-dealer-high", chapter="685a", wager="match_the_dealer", paytable=None,
        measure=Measure.HOLD, basis=Basis.UNSTATED, percent="4.06", range_end=RangeEnd.HIGH,
        source=PA_B_50_DOC_20_1607, citation=cite("685a.11(c)"), order=2,
        note="upper end of the Match-the-Dealer hold",
    ),
)  # fmt: skip
