"""The Board's published figures for 687a (DJ Wild Stud Poker), with their sources (``regulations.published``: what a
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
        id="687a-base", chapter="687a", wager="base", paytable=None, measure=Measure.PAYBACK,
        basis=Basis.UNSTATED, percent="98.99", strategy="perfect", source=RAF_125_223,
        citation=cite("687a.7(d)(1)"),
        note="expected payback of the Ante, Blind and Play (Raise) with the player's best strategy",
    ),
    *series(
        "687a-trips", "687a", "trips", ("DJWT-04", "DJWT-05", "DJWT-06", "DJWT-07"),
        ("98.843", "92.474", "92.338", "91.454"), Measure.PAYBACK, Basis.UNSTATED, "687a.12(d)",
        "expected payback of the Trips Bonus on one of the approved paytables",
    ),
    # Four figures for "the approved paytables" while the chapter prints two: which paytable each is for is unknown.
    *series(
        "687a-bad-beat", "687a", "bad_beat", (None, None, None, None),
        ("86.8", "87.682", "85.904", "85.848"), Measure.PAYBACK, Basis.UNSTATED, "687a.12(e)",
        "expected payback of the Bad Beat Bonus on one of four approved paytables (the chapter prints two)",
    ),
    PublishedFigure(
        id="687a-progressive", chapter="687a", wager="progressive", paytable=None, measure=Measure.PAYBACK,
        basis=Basis.LONG_RUN, percent="77", source=RAF_125_223, citation=cite("687a.12(c)"),
        note="payback of the Progressive Payout Wager for the approved paytables",
    ),
)  # fmt: skip
