"""Exact house edge of the 685a Down Under Blackjack Bet Wager (issue #6), with optimal play given what the
Masque Card Reader shows.

The game as read (each reading is in :data:`READINGS` with its reason and citation): the players see
their two cards, the dealer's up card and the hole card's range — Small (2-5), Medium (6-9) or Large
(10-A) — and, when the up card and the hole card are both Large, the hole card itself. A dealer Blackjack is
therefore always known before the players act. The dealer stands on every 17 to 22, hard or soft, an ace
counting 11 unless that puts the dealer over 22. A dealer 22 pays a player 21 and a player's two
original Large cards, and pushes everything else; no surrender; one split; split aces take one card;
doubling on any two cards, after the split too; Blackjack pays 3 to 2.

Method: the 633a analyzer's (see :mod:`engine.analysis.blackjack`) with the hole card restricted to
the class the players know — the dealer's distributions are conditioned on it, and so are the player's
own draw probabilities — and the 685a dealer and settlement rules. Play is composition-dependent and uses
the class (CD optimal given the range). The split approximation is the 633a one (pre-split composition;
685a allows no resplit, so only the post-split composition is approximated).
"""

from pacomply.engine.analysis.down_under.analyzer import (
    CITATION,
    PERMITTED_DECKS,
    READINGS,
    DownUnderAnalysis,
    PolicyTables,
    analyse_down_under,
    hole_classes,
    policy_tables,
)

__all__ = [
    "CITATION",
    "PERMITTED_DECKS",
    "READINGS",
    "DownUnderAnalysis",
    "PolicyTables",
    "analyse_down_under",
    "hole_classes",
    "policy_tables",
]
