"""The Board's published figures for 633a (Blackjack), with their sources (``regulations.published``: what a
row means and how it is copied)."""

from __future__ import annotations

from pacomply.regulations.citation import cite
from pacomply.regulations.published import (
    PA_B_42_2922,
    Basis,
    Measure,
    PublishedFigure,
    RangeEnd,
)

FIGURES: tuple[PublishedFigure, ...] = (
    # 633a: a range for the basic-strategy player under the chapter's rules, and three rule effects beside it.
    PublishedFigure(
        id="633a-base-low", chapter="633a", wager="base", paytable=None, measure=Measure.HOUSE_EDGE,
        basis=Basis.PER_INITIAL_WAGER, percent="0.355", range_end=RangeEnd.LOW, strategy="basic",
        source=PA_B_42_2922, citation=cite("633a.6(d)"), order=1,
        note="lower end of the house edge a basic-strategy player faces under the chapter's rules "
        "(dealer stands on soft 17, late surrender, blackjack 3 to 2)",
    ),
    PublishedFigure(
        id="633a-base-high", chapter="633a", wager="base", paytable=None, measure=Measure.HOUSE_EDGE,
        basis=Basis.PER_INITIAL_WAGER, percent="0.371", range_end=RangeEnd.HIGH, strategy="basic",
        source=PA_B_42_2922, citation=cite("633a.6(d)"), order=2,
        note="upper end of the same range",
    ),
    PublishedFigure(
        id="633a-rule-hit-soft-17", chapter="633a", wager="base", paytable=None, measure=Measure.RULE_EFFECT,
        basis=Basis.PER_INITIAL_WAGER, percent="0.22", strategy="basic", rule_change=("dealer_hits_soft_17", "yes"),
        source=PA_B_42_2922, citation=cite("633a.7(m)"), order=1,
        note="what the dealer hitting soft 17 would add to the house edge",
    ),
    PublishedFigure(
        id="633a-rule-no-surrender", chapter="633a", wager="base", paytable=None, measure=Measure.RULE_EFFECT,
        basis=Basis.PER_INITIAL_WAGER, percent="0.08", strategy="basic", rule_change=("late_surrender", "no"),
        source=PA_B_42_2922, citation=cite("633a.9"), order=2,
        note="what taking away late surrender would add to the house edge",
    ),
    PublishedFigure(
        id="633a-rule-six-to-five", chapter="633a", wager="base", paytable=None, measure=Measure.RULE_EFFECT,
        basis=Basis.PER_INITIAL_WAGER, percent="1.39", strategy="basic", rule_change=("blackjack_pays", "6/5"),
        source=PA_B_42_2922, citation=cite("633a.13(a)"), order=3,
        note="what paying a blackjack 6 to 5 instead of 3 to 2 would add to the house edge",
    ),
)  # fmt: skip
