"""A review: the filing, every finding, the math of every wager configured, and the readings relied on."""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib.metadata import PackageNotFoundError, version

import regulations
from checker.registry import CheckContext, CheckSettings, Finding, Severity, chapter_rules, filing_rules
from checker.wager_math import AnalysisUnavailable, WagerMath, analyse
from regulations.rulebook import Reading
from submissions.model import Filing


def tool_version() -> str:
    """pacomply's version, from the installed metadata (or the source tree's)."""
    try:
        return version("pacomply")
    except PackageNotFoundError:
        return "0+source"


@dataclass(frozen=True, slots=True)
class RulebookUsed:
    """Which rulebook a review applied."""

    chapter: str
    title: str
    version: str
    effective: str


@dataclass(frozen=True, slots=True)
class Review:
    """Everything a report renders. Sorted and deterministic for a given filing."""

    filing: Filing
    findings: tuple[Finding, ...]
    wager_math: tuple[WagerMath, ...]
    readings: tuple[tuple[str, Reading], ...]
    rulebooks: tuple[RulebookUsed, ...]
    tool_version: str = field(default_factory=tool_version)

    def count(self, severity: Severity) -> int:
        """Findings of one severity that no waiver accepts."""
        return sum(1 for finding in self.findings if finding.severity == severity and not finding.waived)

    @property
    def waived_count(self) -> int:
        """Findings a waiver accepts (still listed in every report, marked)."""
        return sum(1 for finding in self.findings if finding.waived)

    @property
    def compliant(self) -> bool:
        """No errors."""
        return self.count(Severity.ERROR) == 0

    @property
    def verdict(self) -> str:
        """'compliant' or 'N errors, M warnings'."""
        errors, warnings = self.count(Severity.ERROR), self.count(Severity.WARNING)
        if errors == 0:
            return "compliant" + (f" ({warnings} warning{'s' * (warnings != 1)})" if warnings else "")
        return f"not compliant: {errors} error{'s' * (errors != 1)}, {warnings} warning{'s' * (warnings != 1)}"

    @property
    def exit_code(self) -> int:
        """0 when compliant, 1 when any error (2 is for unreadable input, decided before a review exists)."""
        return 0 if self.compliant else 1


def configured_wager_math(filing: Filing) -> tuple[WagerMath, ...]:
    """The math of every wager the filing's tables offer (required wagers included), at each table's deck count."""
    wanted: set[tuple[str, str, str | None, int]] = set()
    for table in filing.tables:
        book = regulations.rulebook(table.chapter)
        for wager in book.wagers:
            if wager.required:
                wanted.add((table.chapter, wager.id, None, table.decks))
        known = {wager.id for wager in book.wagers}
        for table_wager in table.wagers:
            if table_wager.wager in known:
                wanted.add((table.chapter, table_wager.wager, table_wager.paytable, table.decks))
    results: dict[tuple[str, str, str, int], WagerMath] = {}
    for chapter, wager_id, paytable, decks in sorted(wanted, key=lambda key: (key[0], key[1], key[2] or "", key[3])):
        try:
            for math in analyse(chapter, wager_id, paytable, decks):
                results[math.sort_key] = math
        except AnalysisUnavailable:
            continue  # the rules report why the wager or paytable is not permitted
    return tuple(results[key] for key in sorted(results))


def review_filing(filing: Filing, settings: CheckSettings | None = None) -> Review:
    """Run every rule of every chapter the filing covers, and the math of what it configures."""
    settings = settings or CheckSettings()
    findings: list[Finding] = []
    base_context = CheckContext(filing=filing, rulebook=None, submission=None, tables=filing.tables, settings=settings)  # type: ignore[arg-type]
    for rule in filing_rules():
        findings.extend(rule.check(base_context))
    readings: list[tuple[str, Reading]] = []
    used: list[RulebookUsed] = []
    for chapter in filing.filed_chapters:
        book = regulations.rulebook(chapter)
        used.append(RulebookUsed(book.chapter, book.title, book.version, book.effective.isoformat()))
        readings.extend((chapter, reading) for reading in book.readings)
        context = CheckContext(
            filing=filing,
            rulebook=book,
            submission=filing.chapters.get(chapter),
            tables=filing.tables_for(chapter),
            settings=settings,
        )
        for rule in chapter_rules(chapter):
            findings.extend(rule.check(context))
    return Review(
        filing=filing,
        findings=tuple(sorted(findings, key=lambda finding: finding.sort_key)),
        wager_math=configured_wager_math(filing),
        readings=tuple(readings),
        rulebooks=tuple(used),
    )
