"""The Board's published figures for 645a (Pai Gow Poker), with their sources (``regulations.published``: what a
row means and how it is copied)."""

from __future__ import annotations

from pacomply.regulations.citation import cite
from pacomply.regulations.published import (
    PA_B_42_2922_645A,
    Basis,
    Measure,
    PublishedFigure,
)

FIGURES: tuple[PublishedFigure, ...] = (
    # 645a: the preamble gives casinos' monthly hold ranges, which are not a figure of the game's math.
    PublishedFigure(
        id="645a-none", chapter="645a", wager=None, paytable=None, measure=Measure.NO_FIGURE,
        basis=Basis.UNSTATED, percent=None, source=PA_B_42_2922_645A, citation=cite("645a.7"),
        note="only the monthly hold ranges of Pennsylvania and New Jersey casinos: table results, not game math",
    ),
)  # fmt: skip
