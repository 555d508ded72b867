"""Which text of chapter 688a its rulebook encodes, and what has been published since (``VERSION``, named by the
chapter's descriptor); why it is kept apart from the law module: :mod:`pacomply.regulations.versions`.
"""

from __future__ import annotations

from pacomply.regulations.versions import DATED_BY_686A_SOURCE_NOTE, PA_B_51_2975, PA_B_51_2975_DATE, VersionFields

VERSION = VersionFields(
    version="688a/2021-05-29",
    effective=PA_B_51_2975_DATE,
    source=PA_B_51_2975,
    version_basis=DATED_BY_686A_SOURCE_NOTE,
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
