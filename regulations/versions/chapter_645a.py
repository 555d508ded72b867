"""Which text of chapter 645a its rulebook encodes, and what has been published since (``VERSION``, named by the
chapter's descriptor); why it is kept apart from the law module: :mod:`pacomply.regulations.versions`.
"""

from __future__ import annotations

from datetime import date

from pacomply.regulations.rulebook import LaterAmendment
from pacomply.regulations.versions import VersionFields

VERSION = VersionFields(
    version="645a/2012-05-19",
    effective=date(2012, 5, 19),
    source="42 Pa.B. 2922",
    version_basis=(
        "The text carries no Source note. It is dated by 42 Pa.B. 2922 (May 19, 2012), the final-form "
        "rulemaking that added Chapters 633a and 645a."
    ),
    later_amendments=(
        LaterAmendment(
            "Chapter 645c (54 Pa.B. 2923)",
            date(2024, 5, 25),
            "commission-free Pai Gow Poker and dice wagers",
            True,
        ),
    ),
    defined_terms=(
        "Bank",
        "Co-banking",
        "Envy Bonus",
        "Envy Bonus Qualifying Hand",
        "High hand",
        "Low hand",
        "Qualifying Wager",
        "Setting the hands",
    ),
)
