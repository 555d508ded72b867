"""The Board's published figures for 681a (21 Baccarat), with their sources (``regulations.published``: what a
row means and how it is copied)."""

from __future__ import annotations

from pacomply.regulations.citation import cite
from pacomply.regulations.published import (
    NOT_PUBLISHED,
    Basis,
    Measure,
    PublishedFigure,
)

FIGURES: tuple[PublishedFigure, ...] = (
    # 681a: nothing published in the material held.
    PublishedFigure(
        id="681a-none", chapter="681a", wager=None, paytable=None, measure=Measure.NO_FIGURE,
        basis=Basis.UNSTATED, percent=None, source=NOT_PUBLISHED, citation=cite("681a.6"),
        note="no figure for 21 Baccarat in the rulemaking material held",
    ),
)  # fmt: skip
