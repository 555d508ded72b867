"""Coverage matrices: for each chapter, every subsection that states a requirement, and what pacomply does with it.

A subsection is either checked — mapped to the rule ids that look at what a filing or a Tables row shows of it —
or not checkable from a filing, with the reason (a dealing procedure carried out at the table, an inspection
duty, a layout the Bureau approves, a rule of play the engine applies when it replays or prices a round). Some
subsections are both: a rule checks the part a filing shows, and the reason names what is left to the floor.

The matrices are law-as-data: rule ids are plain strings here (this layer never imports the checker); a test
holds each matrix against the chapter text and against the rule registry. ``pacomply rules --coverage NNNa``
prints one.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum, unique

from pacomply.regulations import chapters
from pacomply.regulations.citation import Citation


@unique
class Unchecked(StrEnum):
    """Why a subsection (or the part of it no rule checks) cannot be checked from a filing."""

    DEFINITION = "definition"
    """It defines terms; the requirements that use them are mapped where they are stated."""
    LAYOUT_APPROVAL = "layout or equipment approval"
    """The Bureau approves the layout, signage or device itself (§ 601a.10); the filing does not show it."""
    INSPECTION_DUTY = "inspection duty"
    """Cards or equipment are inspected, verified or stored at the table; an inspection, not a filed option."""
    DEALING_PROCEDURE = "dealing procedure"
    """How the dealer shuffles, cuts, deals, collects or pays at the table; conduct, not a filed option."""
    RULE_OF_PLAY = "rule of play"
    """How hands are valued, ranked or settled; applied by pacomply's replay and house-edge figures, not a filing
    entry."""
    IRREGULARITY = "irregularity procedure"
    """What is done when a card, shuffle or device goes wrong during play."""


@dataclass(frozen=True, slots=True)
class CoverageEntry:
    """One subsection: the rules that check it, or why none can (or both, for a partly checkable one)."""

    citation: Citation
    topic: str
    """What the subsection is about, in our words."""
    rule_ids: tuple[str, ...] = ()
    reason: Unchecked | None = None
    note: str = ""
    """What a rule checks of it, or what is left unchecked, where the topic alone does not say."""

    def __post_init__(self) -> None:
        if not self.rule_ids and self.reason is None:
            raise ValueError(f"{self.citation.short}: a coverage entry needs rule ids or a reason")
        if not self.topic.strip():
            raise ValueError(f"{self.citation.short}: a coverage entry needs a topic")

    @property
    def checked(self) -> bool:
        """True when at least one rule checks the subsection."""
        return bool(self.rule_ids)


@dataclass(frozen=True, slots=True)
class CoverageMatrix:
    """A chapter's subsections in text order, each checked or explained."""

    chapter: str
    entries: tuple[CoverageEntry, ...]
    unlabelled: tuple[Citation, ...] = ()
    """Subsections the Board cites (checklists, paytables) that the published text prints without their label."""

    def entry(self, citation: Citation) -> CoverageEntry:
        """The entry for a subsection; KeyError if the matrix has none."""
        for entry in self.entries:
            if entry.citation == citation:
                return entry
        raise KeyError(f"the {self.chapter} coverage matrix has no entry for {citation.short}")

    @property
    def rule_ids(self) -> frozenset[str]:
        """Every rule id the matrix names."""
        return frozenset(rule_id for entry in self.entries for rule_id in entry.rule_ids)


def coverage_matrix(chapter: str) -> CoverageMatrix:
    """The coverage matrix of a chapter: :class:`~regulations.chapters.UnknownChapterError` (a KeyError) for a
    chapter pacomply does not support, :class:`~regulations.chapters.IncompleteChapterError` for one without its
    matrix."""
    matrix: CoverageMatrix = chapters.chapter(chapter).load("coverage matrix")
    return matrix


def unmapped_subsections(matrix: CoverageMatrix, text: str) -> tuple[str, ...]:
    """The subsections of the chapter text that the matrix places in neither column (short form, text order)."""
    from pacomply.regulations.coverage.text import subsections

    mapped = {entry.citation.short for entry in matrix.entries}
    return tuple(subsection for subsection in subsections(text, matrix.chapter) if subsection not in mapped)


def stray_entries(matrix: CoverageMatrix, text: str) -> tuple[str, ...]:
    """Entries naming a subsection the text does not have (and the matrix does not declare unlabelled)."""
    from pacomply.regulations.coverage.text import subsections

    present = set(subsections(text, matrix.chapter)) | {citation.short for citation in matrix.unlabelled}
    return tuple(entry.citation.short for entry in matrix.entries if entry.citation.short not in present)
