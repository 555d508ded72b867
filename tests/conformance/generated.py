"""Reviewing the conformance cases ``checker.conformance`` generates from each chapter's rulebook.

Every case is filed on the chapter's compliant example (its metadata, its answers and its first table supply
what the rulebook does not decide: equipment every table needs, the house way) and reviewed in-process by the
checker's review function, as the command line reviews a filing. The default run takes a small deterministic
sample of each chapter's cases; the whole enumeration is marked ``slow``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from functools import cache
from typing import TypeVar

from pacomply.checker import conformance
from pacomply.checker.conformance import ConstraintKind, within
from pacomply.checker.registry import Finding, Severity
from pacomply.checker.review import Review, review_filing

from examples.build_examples import chapter_examples
from pacomply import regulations

CHAPTERS = regulations.known_chapters()
#: Each chapter's example filings, (compliant, violations); a case mutates the compliant one.
EXAMPLES = chapter_examples()

#: The kinds of constraint ``test_payout_and_paytable_forms.py`` mutates (payout forms, decks counted per
#: game, contradictions between the checklist and the tables, a table's paytable against the checklist's);
#: ``test_conformance.py`` mutates the others.
OWN_FILE_KINDS = frozenset(
    {
        ConstraintKind.PAYOUT_ODDS,
        ConstraintKind.HAND_DECKS_PER_GAME,
        ConstraintKind.CHECKLIST_AGREES,
        ConstraintKind.SELECTION_AGREES,
        ConstraintKind.PAYTABLE_AGREES,
    }
)

#: How many cases of each chapter (and of each kind of constraint) the default run reviews.
SAMPLE_SIZE = 4

Item = TypeVar("Item")


@cache
def suite(chapter: str) -> conformance.Suite:
    """The chapter's generated suite (generated once per test session)."""
    return conformance.suite(chapter)


def review(case: conformance.Case) -> Review:
    """The case filed on the chapter's compliant example and reviewed in-process."""
    return review_filing(conformance.filing(case, EXAMPLES[case.chapter][0]))


def sample(chapter: str, items: Sequence[Item], size: int = SAMPLE_SIZE) -> list[Item]:
    """A deterministic sample (seeded by the chapter), in the items' order."""
    if len(items) <= size:
        return list(items)
    chosen = sorted(random.Random(f"conformance {chapter}").sample(range(len(items)), size))
    return [items[index] for index in chosen]


def errors(review_done: Review) -> list[Finding]:
    """The review's error findings."""
    return [finding for finding in review_done.findings if finding.severity == Severity.ERROR]


def describe(findings: Iterable[Finding]) -> str:
    """Findings, one a line, for an assertion message."""
    return "\n".join(
        f"  {f.rule_id} {f.severity.value} {f.citation.short} [{f.table_id}] {f.message}" for f in findings
    )


def caught(mutation: conformance.Mutation) -> tuple[list[Finding], list[Finding]]:
    """(the errors reporting the mutation, every error): those citing the mutated subsection, on the case's table
    where the step changed the table."""
    found = errors(review(mutation.case))
    hits = [
        finding
        for finding in found
        if within(finding.citation, mutation.citation)
        and (not mutation.on_table or finding.table_id == conformance.TABLE_ID)
    ]
    return hits, found


def assert_compliant(case: conformance.Case) -> None:
    """The case draws no error."""
    found = errors(review(case))
    assert not found, f"{case.chapter} {case.name}: a filing the rulebook allows drew errors:\n{describe(found)}"


def assert_caught(mutation: conformance.Mutation) -> list[Finding]:
    """The mutation draws an error citing its subsection, on its table; returns those errors."""
    hits, found = caught(mutation)
    assert hits, (
        f"{mutation.case.chapter} {mutation.case.name}: {mutation.change} must be an error citing "
        f"{mutation.citation.short}"
        + (f" on table {conformance.TABLE_ID}" if mutation.on_table else "")
        + f"; the review found:\n{describe(found) or '  no error'}"
    )
    return hits
