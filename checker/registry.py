"""The rule registry: stable ids, severities, citations and one documentation template for every rule.

A rule is a frozen value holding its metadata and a check function from a :class:`CheckContext` to findings.
Rules that every chapter shares (betting positions, deck configuration, ...) are built per chapter from its
rulebook by :mod:`checker.rules.common`; chapter-specific rules live in ``checker/rules/chapter_NNNa.py``.
Ids: ``686A-001`` … ``686A-099`` for the shared families, ``686A-101`` and up for the chapter's own rules,
``FIL-001`` and up for filing-wide rules. An id is never reused or renumbered once released.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from enum import StrEnum, unique
from importlib import import_module

from pacomply.regulations import chapters
from pacomply.regulations.citation import Citation
from pacomply.regulations.rulebook import Rulebook
from pacomply.submissions.model import ChapterSubmission, Filing, SourceLocation, TableConfiguration

RULE_CODE_PATTERN = re.compile(r"^(FIL|\d{3}A)-\d{3}$")
RULE_NAME_PATTERN = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+(-[a-z0-9]+)*)*$")
DOC_SECTIONS = ("## What it does", "## Why", "## Example", "Use instead:", "## References")


@unique
class Severity(StrEnum):
    """How much a finding matters. Any error makes ``validate`` exit 1."""

    ERROR = "error"
    """The filing or a table breaks the chapter."""
    WARNING = "warning"
    """Probably wrong, or a risk the Board will ask about; does not fail the filing."""
    INFO = "info"
    """Worth knowing (a reading we chose, a figure); never fails the filing."""

    @property
    def rank(self) -> int:
        """0 for errors, 1 warnings, 2 info: the order reports list them."""
        return (Severity.ERROR, Severity.WARNING, Severity.INFO).index(self)


@dataclass(frozen=True, slots=True)
class Waiver:
    """The Board's approval (58 Pa. Code § 601a.4) to set aside a named finding, for a table or the whole filing."""

    rule_id: str
    justification: str
    approval_reference: str
    expires: date
    table_id: str | None = None
    source: str = ""
    """Where the waiver was read, e.g. 'waivers.toml, waiver 2'."""


@dataclass(frozen=True, slots=True)
class Finding:
    """One thing a rule found: what, where, under which subsection, and how to fix it."""

    rule_id: str
    rule_name: str
    severity: Severity
    citation: Citation
    message: str
    fix: str
    chapter: str | None = None
    location: SourceLocation | None = None
    table_id: str | None = None
    waiver: Waiver | None = None
    """Set when a waiver accepts this finding; a waived finding is still reported, marked, but fails nothing."""

    @property
    def waived(self) -> bool:
        """True when a waiver accepts this finding."""
        return self.waiver is not None

    @property
    def sort_key(self) -> tuple[object, ...]:
        """Errors first, then by chapter, rule, table and place: the same order on every run."""
        return (
            self.severity.rank,
            self.chapter or "",
            self.rule_id,
            self.table_id or "",
            _location_key(self.location),
            self.message,
        )


def _location_key(location: SourceLocation | None) -> tuple[object, ...]:
    if location is None:
        return ("", "", 0, "", 0, "")
    cell = location.cell or ""
    match = re.fullmatch(r"([A-Z]+)(\d+)", cell)
    row, column = (int(match[2]), match[1]) if match else (0, cell)
    return (location.sheet or "", location.field or "", row, column, location.page or 0, location.file)


# The Board sits in Harrisburg: "today" for a review is the date there, so the machine's own time zone never
# decides whether a waiver has lapsed or a filing is dated in the future.
REVIEW_TIME_ZONE = "America/New_York"


def board_today() -> date:
    """Today's date in the Board's time zone (America/New_York)."""
    from datetime import datetime
    from zoneinfo import ZoneInfo

    return datetime.now(ZoneInfo(REVIEW_TIME_ZONE)).date()


@dataclass(frozen=True, slots=True)
class CheckSettings:
    """Knobs a review runs with (defaults per docs/filing-format.md)."""

    rack_tolerance: Decimal = Decimal("0.03")
    card_thickness_mm: Decimal | None = None
    """Overrides the filing's card thickness when set."""
    review_date: date = field(default_factory=board_today)
    """The day the review is made: waivers lapse and a future Date Filed is judged against it."""


@dataclass(frozen=True, slots=True)
class CheckContext:
    """What a chapter's rules look at."""

    filing: Filing
    rulebook: Rulebook
    submission: ChapterSubmission | None
    tables: tuple[TableConfiguration, ...]
    settings: CheckSettings = field(default_factory=CheckSettings)

    @property
    def card_thickness_mm(self) -> Decimal:
        """The thickness used for rack heights: the settings' override, else the filing's."""
        return self.settings.card_thickness_mm or self.filing.metadata.card_thickness_mm

    def answer(self, key: str) -> object:
        """The interpreted answer to a checklist question, None if missing or blank."""
        return None if self.submission is None else self.submission.value(key)

    def answer_location(self, key: str) -> SourceLocation | None:
        """Where a checklist answer is (or the chapter sheet)."""
        return None if self.submission is None else self.submission.location_of(key)


CheckFunction = Callable[[CheckContext, "Rule"], Iterable[Finding]]


@dataclass(frozen=True, slots=True)
class Rule:
    """A rule: stable metadata and its check."""

    code: str
    name: str
    chapter: str | None
    severity: Severity
    citation: Citation
    summary: str
    doc: str
    fix: str
    check_function: CheckFunction = field(repr=False, compare=False)
    asks_no_change: bool = False
    """True for a rule that points the reviewer at something (a Board figure read another way) and asks the filer to
    change nothing: its findings are counted and listed, never put among what to fix first."""

    def __post_init__(self) -> None:
        problems = rule_metadata_problems(self)
        if problems:
            raise ValueError(f"rule {self.code}: " + "; ".join(problems))

    def check(self, context: CheckContext) -> Iterator[Finding]:
        """Run the rule."""
        yield from self.check_function(context, self)

    def finding(
        self,
        message: str,
        location: SourceLocation | None = None,
        table: TableConfiguration | None = None,
        fix: str | None = None,
        citation: Citation | None = None,
        severity: Severity | None = None,
    ) -> Finding:
        """A finding of this rule; ``citation`` narrows the rule's own to a deeper paragraph when useful."""
        return Finding(
            rule_id=self.code,
            rule_name=self.name,
            severity=severity or self.severity,
            citation=citation or self.citation,
            message=message,
            fix=fix or self.fix,
            chapter=self.chapter,
            location=location,
            table_id=table.table_id if table is not None else None,
        )


def rule_metadata_problems(rule: Rule) -> list[str]:
    """What is wrong with a rule's metadata or documentation (empty when it follows the template)."""
    problems = []
    if not RULE_CODE_PATTERN.match(rule.code):
        problems.append(f"code '{rule.code}' is not like 686A-001 or FIL-001")
    if rule.chapter is not None and not rule.code.startswith(rule.chapter.upper()):
        problems.append(f"code '{rule.code}' does not start with its chapter {rule.chapter.upper()}")
    if not RULE_NAME_PATTERN.match(rule.name):
        problems.append(f"name '{rule.name}' is not dotted kebab-case")
    if not rule.summary or "\n" in rule.summary or len(rule.summary) > 110:
        problems.append("summary must be one line of at most 110 characters")
    if not rule.fix.strip():
        problems.append("fix is empty")
    positions = [rule.doc.find(section) for section in DOC_SECTIONS]
    missing = [section for section, position in zip(DOC_SECTIONS, positions, strict=True) if position < 0]
    if missing:
        problems.append(f"doc lacks {', '.join(missing)}")
    elif positions != sorted(positions):
        problems.append("doc sections are out of order")
    elif str(rule.citation) not in rule.doc[positions[-1] :]:
        problems.append(f"doc References do not name {rule.citation}")
    return problems


def make_doc(what: str, why: str, example: str, instead: str, citation: Citation, more: Iterable[Citation] = ()) -> str:
    """A rule doc in the one template: What it does · Why · Example · Use instead · References."""
    references = "\n".join(f"- {reference} <{reference.uri}>" for reference in (citation, *more))
    return (
        f"## What it does\n{what}\n\n## Why\n{why}\n\n## Example\n{example}\n\nUse instead:\n{instead}\n\n"
        f"## References\n{references}\n"
    )


def chapter_rules(chapter: str) -> tuple[Rule, ...]:
    """Every rule of a chapter, in code order (its descriptor's ``rules_module``); empty for a chapter pacomply does
    not support, :class:`~regulations.chapters.IncompleteChapterError` for a supported one without its rules."""
    if chapter not in chapters.chapter_ids():
        return ()
    rules: tuple[Rule, ...] = chapters.chapter(chapter).load("rules")
    return tuple(sorted(rules, key=lambda rule: rule.code))


# Like the chapters', found by name: the rule modules import this one for Rule and Finding, never the reverse.
_FILING_RULE_MODULES = (
    "pacomply.checker.rules.filing",
    "pacomply.checker.rules.currency",
    "pacomply.checker.rules.published",
    "pacomply.checker.rules.reading",
)


def filing_rules() -> tuple[Rule, ...]:
    """Rules about the filing as a whole."""
    rules: tuple[Rule, ...] = ()
    for module in _FILING_RULE_MODULES:
        rules += import_module(module).RULES
    return rules


def all_rules() -> tuple[Rule, ...]:
    """Every rule pacomply has, filing-wide first, then by chapter and code."""
    rules = list(filing_rules())
    for chapter in chapters.chapter_ids():
        rules.extend(chapter_rules(chapter))
    return tuple(rules)


def find_rule(code: str) -> Rule:
    """A rule by code (case-insensitive), or by name when only one chapter has a rule of that name."""
    wanted = code.strip().upper()
    rules = all_rules()
    for rule in rules:
        if rule.code == wanted:
            return rule
    named = [rule for rule in rules if rule.name == code.strip().lower()]
    if len(named) == 1:
        return named[0]
    if named:
        codes = ", ".join(rule.code for rule in named)
        raise KeyError(f"'{code}' names a rule in several chapters ({codes}); give its id")
    raise KeyError(f"no rule '{code}'; `pacomply rules` lists them")
