"""The Board's published figures for 686a (Over/Under), with their sources (``regulations.published``: what a
row means and how it is copied)."""

from __future__ import annotations

from pacomply.regulations.citation import cite
from pacomply.regulations.published import (
    RAF_125_223,
    Basis,
    Measure,
    PublishedFigure,
)

FIGURES: tuple[PublishedFigure, ...] = (
    # 686a, 687a, 688a: the Regulatory Analysis Form's item (17).
    PublishedFigure(
        id="686a-required", chapter="686a", wager="required", paytable=None, measure=Measure.PAYBACK,
        basis=Basis.UNSTATED, percent="98.95", source=RAF_125_223, citation=cite("686a.6(d)"),
        note="expected payback of the required wagers",
    ),
    PublishedFigure(
        id="686a-bonus", chapter="686a", wager="bonus", paytable="686a.8(b)", measure=Measure.PAYBACK,
        basis=Basis.UNSTATED, percent="94.393", source=RAF_125_223, citation=cite("686a.8(b)"),
        note="expected payback of the Bonus Wager on its one paytable",
    ),
)  # fmt: skip
