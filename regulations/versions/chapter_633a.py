"""Which text of chapter 633a its rulebook encodes, and what has been published since (``VERSION``, named by the
chapter's descriptor); why it is kept apart from the law module: :mod:`pacomply.regulations.versions`.
"""

from __future__ import annotations

from datetime import date

from pacomply.regulations.citation import Citation
from pacomply.regulations.rulebook import LaterAmendment
from pacomply.regulations.versions import PA_B_55_261, PA_B_55_261_DATE, VersionFields

VERSION = VersionFields(
    version="633a/2012-05-19",
    effective=date(2012, 5, 19),
    source="42 Pa.B. 2922",
    version_basis=(
        "The text carries no Source note. It is dated by 42 Pa.B. 2922 (May 19, 2012), the final-form "
        "rulemaking that added the chapter; it lacks the paytable 44 Pa.B. 7057 added (November 8, 2014), so "
        "it is the chapter as it stood before that amendment."
    ),
    later_amendments=(
        LaterAmendment("44 Pa.B. 7057", date(2014, 11, 8), "adds a paytable to an existing Blackjack side wager"),
        LaterAmendment(PA_B_55_261, PA_B_55_261_DATE, "final-form rulemaking amending Chapter 633a"),
        LaterAmendment(
            "58 Pa. Code § 633a.1 (Code pages current to June 2024)",
            None,
            "defines 'Ace-king suited', which the encoded text lacks: a wager or paytable was added or changed",
            citation=Citation("633a", "1"),
        ),
        LaterAmendment("Chapter 633b", None, "Blackjack variations, progressives and bonuses", True),
        LaterAmendment("Chapter 633c", None, "Blackjack variations, progressives and bonuses", True),
    ),
    defined_terms=(
        "Any 20",
        "Blackjack",
        "Card reader device",
        "Crown Treasure Bonus",
        "Determinant card",
        "Double shoe",
        "Flush",
        "Four-of-a-kind",
        "Hard total",
        "Hole card",
        "Lucky Player Bonus",
        "Magic Card Bonus",
        "Matched 20",
        "Pair",
        "Royal Match",
        "Soft total",
        "Straight",
        "Straight flush",
        "Suited Match",
        "Suited pair",
        "Suited 20",
        "Three-of-a-kind",
        "Triple Match",
    ),
)
