"""Which text of chapter 685a its rulebook encodes, and what has been published since (``VERSION``, named by the
chapter's descriptor); why it is kept apart from the law module: :mod:`pacomply.regulations.versions`.
"""

from __future__ import annotations

from datetime import date

from pacomply.regulations.versions import VersionFields

VERSION = VersionFields(
    version="685a/2020-11-21",
    effective=date(2020, 11, 21),
    source="50 Pa.B., Pa.B. Doc. No. 20-1607",
    version_basis=(
        "The text carries no Source note; it ends with the notice's filing line (Pa.B. Doc. No. 20-1607, filed "
        "November 20, 2020). It is dated by the Bulletin issue that published the notice, Saturday November "
        "21, 2020."
    ),
    later_amendments=(),
    defined_terms=(
        "Blackjack",
        "Hard total",
        "Hole card",
        "Large",
        "Masque Card Reader device",
        "Medium",
        "Small",
        "Soft value",
    ),
)
