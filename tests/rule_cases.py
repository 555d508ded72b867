"""Pass/fail cases with several violations planted at once, shared by the chapters' test modules.

A case starts from a chapter's compliant example filing, replaces its tables with one row built from the chapter's
table builder (or keeps them), overrides checklist answers, and lists every (rule id, subsection) it must be
found under. A case passes only when every planted violation is reported, each with its own subsection: no
violation hidden by another, no citation to a neighbouring subsection.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from pacomply.checker.registry import CheckContext, Finding, chapter_rules
from pacomply.submissions.model import Filing, TableConfiguration

from examples.build_examples import answers
from pacomply import regulations

#: The kinds of miss issue #16 names; every chapter has a case of each kind that applies to it.
KINDS = ("several-in-one-row", "most-specific-citation", "paired-answers", "stated-odds", "discard-rack")


@dataclass(frozen=True)
class Case:
    """Planted violations and the (rule id, subsection) each must be reported under."""

    id: str
    expected: frozenset[tuple[str, str]]
    kind: str
    table: dict[str, object] | None = None
    answers: dict[str, object] = field(default_factory=dict)
    without_checklist: bool = False
    warnings: frozenset[tuple[str, str]] = frozenset()
    """Findings that must be reported as warnings (a stated payout the chapter does not print)."""
    absent: frozenset[tuple[str, str]] = frozenset()
    """Citations that must not be reported: the neighbouring subsection a less specific check would cite."""

    def __post_init__(self) -> None:
        assert self.kind in KINDS, self.kind


def case(
    case_id: str,
    kind: str,
    *expected: tuple[str, str],
    table: dict[str, object] | None = None,
    without_checklist: bool = False,
    warnings: Iterable[tuple[str, str]] = (),
    absent: Iterable[tuple[str, str]] = (),
    **answer_overrides: object,
) -> Case:
    """Shorthand: ``case('3_b_1-…', 'several-in-one-row', ('686A-002', '686a.3(b)(1)'), table={...})``."""
    return Case(
        case_id,
        frozenset(expected),
        kind,
        table,
        dict(answer_overrides),
        without_checklist,
        frozenset(warnings),
        frozenset(absent),
    )


def found(
    compliant: Filing, chapter: str, build_table: Callable[..., TableConfiguration], planted: Case
) -> dict[tuple[str, str], set[str]]:
    """(rule id, subsection) → the severities it was reported with, for the case's filing."""
    base = {key: answer.value for key, answer in compliant.chapters[chapter].answers.items()}
    chapters = {} if planted.without_checklist else {chapter: answers(chapter, **(base | planted.answers))}
    tables = compliant.tables if planted.table is None else (build_table(**planted.table),)
    filing = compliant.model_copy(update={"chapters": chapters, "tables": tables})
    # The chapter's rules alone: the wager math a full review adds is not what these cases are about.
    context = CheckContext(
        filing=filing,
        rulebook=regulations.rulebook(chapter),
        submission=filing.chapters.get(chapter),
        tables=filing.tables_for(chapter),
    )
    result: dict[tuple[str, str], set[str]] = {}
    for rule in chapter_rules(chapter):
        for finding in rule.check(context):
            result.setdefault((finding.rule_id, finding.citation.short), set()).add(finding.severity.value)
    return result


def rule_findings(filing: Filing, chapter: str, rule_id: str) -> list[Finding]:
    """The findings of one rule of a chapter for a filing, without the wager math a full review adds."""
    context = CheckContext(
        filing=filing,
        rulebook=regulations.rulebook(chapter),
        submission=filing.chapters.get(chapter),
        tables=filing.tables_for(chapter),
    )
    rule = next(rule for rule in chapter_rules(chapter) if rule.code == rule_id)
    return list(rule.check(context))


def check_case(compliant: Filing, chapter: str, build_table: Callable[..., TableConfiguration], planted: Case) -> None:
    """Assert every planted violation is reported under its own subsection (warnings as warnings)."""
    reported = found(compliant, chapter, build_table, planted)
    missing = sorted(planted.expected - reported.keys())
    assert missing == [], f"not reported: {missing}; reported: {sorted(reported)}"
    assert sorted(planted.absent & reported.keys()) == [], "a less specific subsection is cited"
    severity = {rule.code: rule.severity.value for rule in chapter_rules(chapter)}
    for key in planted.expected:
        wanted = {"warning"} if key in planted.warnings else {severity[key[0]]}
        assert reported[key] & wanted, (key, reported[key])


def rules_without_a_multiple_case(chapter: str, cases: Iterable[Case]) -> list[str]:
    """Rule ids of the chapter that no case reports beside at least one other violation."""
    covered = {rule_id for planted in cases if len(planted.expected) >= 2 for rule_id, _ in planted.expected}
    return [rule.code for rule in chapter_rules(chapter) if rule.code not in covered]


def kinds_without_a_case(cases: Iterable[Case], not_applicable: Iterable[str] = ()) -> list[str]:
    """The kinds of miss with no case in a chapter (minus those that cannot arise there)."""
    present = {planted.kind for planted in cases}
    return [kind for kind in KINDS if kind not in present and kind not in set(not_applicable)]
