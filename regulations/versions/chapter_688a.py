"""Which text of chapter 688a its rulebook encodes, and what has been published since (``VERSION``, named by the
chapter's descriptor); why it is kept apart from the law module: :mod:`pacomply.regulations.versions`.
"""

from __future__ import annotations

from datetime import date

from pacomply.regulations.versions import VersionFields

VERSION = VersionFields(
    version="688a/2021-05-29",
    effective=date(2021, 5, 29),
    source="51 Pa.B. 2975",
    version_basis=(
        "The text carries no Source note. Chapters 686a, 687a and 688a were adopted by one rulemaking "
        "(Regulatory Analysis Form 125-223, IRRC 3239); it is dated by 686a's Source note for that rulemaking: "
        "adopted May 28, 2021, effective May 29, 2021, 51 Pa.B. 2975."
    ),
    later_amendments=(),
    defined_terms=(
        "Ace High Pai Gow",
        "Ace High Bonus Wager",
        "Envy Bonus",
        "Envy Bonus Qualifying Hand",
        "Fortune Bonus Wager",
        "High hand",
        "Low hand",
        "Progressive Payout Wager",
        "Qualifying Wager",
        "Setting the hands",
    ),
)
