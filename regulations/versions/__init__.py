"""Which text of each chapter the rulebooks encode, where that version comes from, and what has changed since.

A Board reviewer must know which version of the law a review applied. Each chapter's entry names the
Pennsylvania Bulletin notice the encoded text comes from, its effective date, how that date was established when
the text itself carries none, the amendments and related chapters published since that pacomply knows of but does
not encode, and the terms the encoded definitions section defines (``pacomply regulations verify`` compares them
with an official text's).

Each chapter's entry is ``VERSION`` in its own module, ``regulations/versions/chapter_NNNa.py``, which its descriptor
names (``Chapter.version_module``); this package holds what the entries share and looks them up.

An entry lives outside the chapter's law module on purpose. Every stored figure's key carries the rulebook version
(``engine.figure_store.rulebook_version``): the version string, which is part of the entry and so still in the key,
and a digest of the bytes of ``regulations/chapter_NNNa.py`` and the chapter data modules it imports. The rest of an
entry (the basis of the dating, the later amendments pacomply knows of but does not encode, the defined terms) says
what the encoded text is, not what it rules: a later amendment noted here changes no paytable, rule or number of
the encoded text, so it must not invalidate an exact figure. A change to the encoded law changes the law module's
bytes, or the version string when a new text is encoded, and either changes every figure's key.
"""

from __future__ import annotations

from datetime import date
from typing import TypedDict

from pacomply.regulations.rulebook import LaterAmendment


class VersionFields(TypedDict):
    """The version fields of a :class:`~pacomply.regulations.rulebook.Rulebook`."""

    version: str
    effective: date
    source: str
    version_basis: str
    later_amendments: tuple[LaterAmendment, ...]
    defined_terms: tuple[str, ...]


#: The 2021 rulemaking that adopted Chapters 686a, 687a and 688a together; 686a's Source note dates it, and the two
#: chapters whose texts carry no Source note are dated by it.
PA_B_51_2975 = "51 Pa.B. 2975"
PA_B_51_2975_DATE = date(2021, 5, 29)
DATED_BY_686A_SOURCE_NOTE = (
    "The text carries no Source note. Chapters 686a, 687a and 688a were adopted by one rulemaking "
    "(Regulatory Analysis Form 125-223, IRRC 3239); it is dated by 686a's Source note for that rulemaking: "
    "adopted May 28, 2021, effective May 29, 2021, 51 Pa.B. 2975."
)
#: The 2025 rulemaking that amended Chapters 633a and 687a, which both chapters' entries name.
PA_B_55_261 = "55 Pa.B. 261"
PA_B_55_261_DATE = date(2025, 1, 11)


def version_fields(chapter: str) -> VersionFields:
    """The version fields of a chapter's rulebook: ``Rulebook(..., **version_fields(CHAPTER))``, the ``VERSION`` of
    the module its descriptor names; :class:`IncompleteChapterError` naming that module when it has none."""
    from pacomply.regulations.chapters import chapter as descriptor

    fields: VersionFields = descriptor(chapter).load("version")
    return fields


def versioned() -> tuple[str, ...]:
    """The chapters with a version entry, sorted."""
    from pacomply.regulations.chapters import IncompleteChapterError, chapters

    found = []
    for descriptor in chapters():
        try:
            descriptor.load("version")
        except IncompleteChapterError:
            continue
        found.append(descriptor.id)
    return tuple(found)
