"""Which text of chapter 686a its rulebook encodes, and what has been published since (``VERSION``, named by the
chapter's descriptor).

Kept out of ``regulations/chapter_686a.py`` so that the figure keys' digest of the law (which reads that module's
bytes) does not cover these notes: a later amendment noted here changes none of the encoded law's numbers, so it
must not invalidate an exact figure. The version string itself is still in every figure's key
(``engine.figure_store.rulebook_version``); see :mod:`pacomply.regulations.versions`.
"""

from __future__ import annotations

from datetime import date

from pacomply.regulations.versions import VersionFields

VERSION = VersionFields(
    version="686a/2021-05-29",
    effective=date(2021, 5, 29),
    source="51 Pa.B. 2975",
    version_basis="The text's Source note: adopted May 28, 2021, effective May 29, 2021.",
    later_amendments=(),
    defined_terms=("Ante Wager", "Bonus Wager", "Hand", "Over 23 Wager", "Surrender", "Under 18 Wager"),
)
