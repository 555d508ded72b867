"""Which text of chapter 681a its rulebook encodes, and what has been published since (``VERSION``, named by the
chapter's descriptor).

Kept out of ``regulations/chapter_681a.py`` so that the figure keys' digest of the law (which reads that module's
bytes) does not cover these notes: a later amendment noted here changes none of the encoded law's numbers, so it
must not invalidate an exact figure. The version string itself is still in every figure's key
(``engine.figure_store.rulebook_version``); see :mod:`pacomply.regulations.versions`.
"""

from __future__ import annotations

from datetime import date

from pacomply.regulations.versions import VersionFields

VERSION = VersionFields(
    version="681a/2016-11-19",
    effective=date(2016, 11, 19),
    source="46 Pa.B. 7323, 7448",
    version_basis="The text's Source note: adopted November 18, 2016, effective November 19, 2016.",
    later_amendments=(),
    defined_terms=("Hard total", "Natural", "Soft total"),
)
