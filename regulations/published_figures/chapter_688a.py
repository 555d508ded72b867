"""The Board's published figures for 688a (Face Up Pai Gow Poker), with their sources (``regulations.published``: what a
row means and how it is copied)."""

from __future__ import annotations

from pacomply.regulations.citation import cite
from pacomply.regulations.published import (
    RAF_125_223,
    Basis,
    Measure,
    PublishedFigure,
    series,
)

FIGURES: tuple[PublishedFigure, ...] = (
    PublishedFigure(
        id="688a-base", chapter="688a", wager="base", paytable=None, measure=Measure.PAYBACK,
        basis=Basis.UNSTATED, percent="98.404", source=RAF_125_223, citation=cite("688a.7(d)"),
        note="expected payback of the required wager",
    ),
    *series(
        "688a-ace-high", "688a", "ace_high", ("1", "2", "3", "4", "5"),
        ("96.425", "95.233", "94.169", "93.141", "92.647"), Measure.PAYBACK, Basis.UNSTATED, "688a.12(b)",
        "expected payback of the Ace High Bonus on one of its paytables",
    ),
    *series(
        "688a-fortune", "688a", "fortune", ("1", "2", "3", "4", "5", "6"),
        ("93.94", "94.15", "94.10", "93.41", "92.62", "94.10"), Measure.MAXIMUM_PAYBACK, Basis.UNSTATED,
        "688a.12(c)", "the most the Fortune Bonus returns on one of its paytables",
    ),
    *series(
        "688a-progressive", "688a", "progressive", ("1", "2", "3", "4", "5", "6", "7"),
        ("75.751", "78.073", "75.568", "91.937", "80.962", "75.349", "75.746"), Measure.PAYBACK, Basis.LONG_RUN,
        "688a.12(d)", "payback percentage of the Progressive Wager on one of its paytables",
    ),
)  # fmt: skip
