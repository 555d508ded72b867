"""The sample chapter's published figures: one row saying the Board published none (as 681a's)."""

from __future__ import annotations

from pacomply.regulations.citation import cite
from pacomply.regulations.published import NOT_PUBLISHED, Basis, Measure, PublishedFigure

FIGURES: tuple[PublishedFigure, ...] = (
    PublishedFigure(
        id="699a-none", chapter="699a", wager=None, paytable=None, measure=Measure.NO_FIGURE,
        basis=Basis.UNSTATED, percent=None, source=NOT_PUBLISHED, citation=cite("699a.6"),
        note="no figure for the sample chapter",
    ),
)  # fmt: skip
