"""Which text of chapter 687a its rulebook encodes, and what has been published since (``VERSION``, named by the
chapter's descriptor); why it is kept apart from the law module: :mod:`pacomply.regulations.versions`.
"""

from __future__ import annotations

from pacomply.regulations.rulebook import LaterAmendment
from pacomply.regulations.versions import (
    DATED_BY_686A_SOURCE_NOTE,
    PA_B_51_2975,
    PA_B_51_2975_DATE,
    PA_B_55_261,
    PA_B_55_261_DATE,
    VersionFields,
)

VERSION = VersionFields(
    version="687a/2021-05-29",
    effective=PA_B_51_2975_DATE,
    source=PA_B_51_2975,
    version_basis=DATED_BY_686A_SOURCE_NOTE,
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
