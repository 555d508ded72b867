"""The blackjack player's strategy (633a, and the strategy readings of the blackjack chapters): one ``StrEnum`` the
analyzer, the wager math, the reconciliation and the command line's ``--strategy`` share.

Its own small module, apart from :mod:`engine.analysis.blackjack` (numpy), so the command line can offer it as a
choice without loading the analyzer.
"""

from __future__ import annotations

from enum import StrEnum, unique

from pacomply.engine.figure_store import stored_by_value


@stored_by_value
@unique
class Strategy(StrEnum):
    """How the player decides (the candidates of reading ``633a-base-strategy``, keyed alike)."""

    OPTIMAL = "optimal"
    """Composition-dependent: the best play for the exact cards seen."""
    BASIC = "basic"
    """Total-dependent basic strategy (the charts ``edge --charts`` prints)."""
