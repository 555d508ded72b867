"""Which text of chapter 687a its rulebook encodes, and what has been published since (``VERSION``, named by the
chapter's descriptor); why it is kept apart from the law module: :mod:`pacomply.regulations.versions`.
"""

from __future__ import annotations

from datetime import date

from pacomply.regulations.rulebook import LaterAmendment
from pacomply.regulations.versions import PA_B_55_261, PA_B_55_261_DATE, VersionFields

VERSION = VersionFields(
    version="687a/2021-05-29",
    effective=date(2021, 5, 29),
    source="51 Pa.B. 2975",
    version_basis=(
        "The text carries no Source note. Chapters 686a, 687a and 688a were adopted by one rulemaking "
        "(Regulatory Analysis Form 125-223, IRRC 3239); it is dated by 686a's Source note for that rulemaking: "
        "adopted May 28, 2021, effective May 29, 2021, 51 Pa.B. 2975."
    ),
    later_amendments=(LaterAmendment(PA_B_55_261, PA_B_55_261_DATE, "final-form rulemaking amending Chapter 687a"),),
    defined_terms=(
        "Ante Wager",
        "Blind Wager",
        "Fold",
        "Progressive Bonus Wager",
        "Raise Wager",
        "Trips Bonus Wager",
        "Two-Way Bad Beat Bonus Wager",
    ),
)
