"""Which text of chapter 686a its rulebook encodes, and what has been published since (``VERSION``, named by the
chapter's descriptor); why it is kept apart from the law module: :mod:`pacomply.regulations.versions`.
"""

from __future__ import annotations

from pacomply.regulations.versions import PA_B_51_2975, PA_B_51_2975_DATE, VersionFields

VERSION = VersionFields(
    version="686a/2021-05-29",
    effective=PA_B_51_2975_DATE,
    source=PA_B_51_2975,
    version_basis="The text's Source note: adopted May 28, 2021, effective May 29, 2021.",
    later_amendments=(),
    defined_terms=("Ante Wager", "Bonus Wager", "Hand", "Over 23 Wager", "Surrender", "Under 18 Wager"),
)
