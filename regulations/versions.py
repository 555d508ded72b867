"""The shape of a chapter's version: which text a rulebook encodes, where that version comes from, what has changed.

A Board reviewer must know which version of the law a review applied. Each chapter's law module
(``regulations/chapter_NNNa.py``) holds its own ``VERSION``, next to the law it dates: it names the
Pennsylvania Bulletin notice the encoded text comes from, its effective date, how that date was established when
the text itself carries none, the amendments and related chapters published since that pacomply knows of but does
not encode, and the terms the encoded definitions section defines (``pacomply regulations verify`` compares them
with an official text's).
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


#: The final-form rulemaking (published January 11, 2025) that amended several chapters after their encoded texts.
PA_B_55_261 = "55 Pa.B. 261"
PA_B_55_261_DATE = date(2025, 1, 11)


def version_fields(chapter: str) -> VersionFields:
    """The version fields of a chapter's rulebook (its law module's ``VERSION``);
    :class:`~regulations.chapters.IncompleteChapterError` when the module has none."""
    from pacomply.regulations.chapters import IncompleteChapterError
    from pacomply.regulations.chapters import chapter as descriptor_of

    descriptor = descriptor_of(chapter)
    fields: VersionFields | None = getattr(descriptor.module("rulebook"), "VERSION", None)
    if fields is None:
        raise IncompleteChapterError(chapter, "version", f"{descriptor.rulebook_module} defines no VERSION")
    return fields
