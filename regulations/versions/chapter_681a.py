"""Which text of chapter 681a its rulebook encodes, and what has been published since (``VERSION``, named by the
chapter's descriptor); why it is kept apart from the law module: :mod:`pacomply.regulations.versions`.
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
