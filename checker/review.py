"""A review: the filing, every finding, the math of every wager configured, and the readings relied on."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from functools import cache
from importlib.metadata import PackageNotFoundError, version

from pacomply.checker.parsheet import ParSheet
from pacomply.checker.reconciliation import Reconciliation, for_wager_math
from pacomply.checker.registry import (
    CheckContext,
    CheckSettings,
    Finding,
    Severity,
    board_today,
    chapter_rules,
    filing_rules,
)
from pacomply.checker.review_parsheets import review_par_sheets
from pacomply.checker.rules.common import not_encoded_wagers
from pacomply.checker.wager_math import AnalysisUnavailable, WagerMath, analyse, filing_options
from pacomply.checker.wager_math.blackjack_base import BASE_GAME_WAGERS, BaseGameOptions
from pacomply.regulations import chapters
from pacomply.regulations.paytable_resolution import resolve_paytable
from pacomply.regulations.rulebook import Reading, Rulebook
from pacomply.submissions.model import Filing

from pacomply import regulations


@cache
def tool_version() -> str:
    """pacomply's version, from the installed metadata (or the source tree's); read once per process (every review
    records it, and each reading of the metadata scans the installed packages)."""
    try:
        return version("pacomply")
    except PackageNotFoundError:
        # Run from a source checkout without installing: the version is the one pyproject.toml declares.
        import tomllib
        from pathlib import Path

        pyproject = Path(__file__).resolve().parent.parent / "pyproject.toml"
        try:
            return str(tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]["version"]) + "+source"
        except (OSError, KeyError, tomllib.TOMLDecodeError):
            return "0+source"


@dataclass(frozen=True, slots=True)
class ConfigurationApplied:
    """The configuration file a review was completed with and what it changed there.

    Every report names it in its header: a configuration can demote an error to a warning and so turn a verdict
    into "compliant", and the report must say which file did that.
    """

    source: str
    """The file, as a path relative to the working folder where it lies under it, else absolute."""
    changes: tuple[str, ...] = ()
    """What the file changed in this review, one line each (a severity, a default); empty when nothing."""
    errors_demoted: int = 0
    """Findings of this review that were errors by their rule and are not errors by this file."""

    def describe(self) -> str:
        """One line: the file, then what it changed."""
        if not self.changes:
            return f"{self.source} (it changed nothing in this review)"
        demoted = f"{self.errors_demoted} error(s) demoted by this file; " if self.errors_demoted else ""
        return f"{self.source}: {demoted}" + "; ".join(self.changes)


@dataclass(frozen=True, slots=True)
class RulebookUsed:
    """Which rulebook a review applied."""

    chapter: str
    title: str
    version: str
    effective: str
    source: str = ""
    """The Pennsylvania Bulletin notice the encoded text comes from."""
    version_basis: str = ""
    """Where the version and effective date come from."""
    amendments_not_encoded: tuple[str, ...] = ()
    """Later amendments known but not encoded, one line each."""
    related_chapters: tuple[str, ...] = ()
    """Separate chapters now governing variants of the game, not encoded."""


@dataclass(frozen=True, slots=True)
class NotChecked:
    """A wager a table offers that belongs to a side-wager or variation chapter pacomply does not encode."""

    chapter: str
    """The chapter of the table."""
    table_id: str
    wager: str
    """The wager as the filing names it."""
    name: str
    """The wager's name in its own chapter."""
    other_chapter: str
    where: str
    """'§ 633b.17' or 'chapter 633b'."""

    def describe(self) -> str:
        """One line for a report."""
        return (
            f"table {self.table_id}: '{self.wager}' ({self.name}, {self.where}): chapter {self.other_chapter} is not "
            "encoded; review by hand"
        )


@dataclass(frozen=True, slots=True)
class Review:
    """Everything a report renders. Sorted and deterministic for a given filing."""

    filing: Filing
    findings: tuple[Finding, ...]
    wager_math: tuple[WagerMath, ...]
    readings: tuple[tuple[str, Reading], ...]
    rulebooks: tuple[RulebookUsed, ...]
    tool_version: str = field(default_factory=tool_version)
    published: tuple[Reconciliation, ...] = ()
    """The Board's published figures about the wager math (with the rest of their lists), each reconciled."""
    review_date: date = field(default_factory=board_today)
    """The day the review was made (CheckSettings.review_date), printed in every report."""
    configuration: ConfigurationApplied | None = None
    """The configuration file that completed the review (severities, defaults), named in every report's header."""
    not_checked: tuple[NotChecked, ...] = ()
    """Wagers of side-wager or variation chapters the filing lists, which no rule could check."""
    par_sheets: tuple[ParSheet, ...] = ()
    """The par sheet of each configured wager, paytable and deck count (from the figure store)."""

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


@dataclass(frozen=True, slots=True)
class FiledChapter:
    """A chapter a filing names, looked up once where the review starts: its descriptor and its rulebook, carried
    through every stage of the review instead of its id looked up again at each."""

    descriptor: chapters.Chapter
    rulebook: Rulebook

    @property
    def id(self) -> str:
        """The chapter id (``686a``)."""
        return self.descriptor.id


def filed_chapters(filing: Filing) -> dict[str, FiledChapter]:
    """Every chapter the filing's checklists and tables name, by id, each looked up once (an unknown id is
    ``regulations.UnknownChapterError``, as anywhere)."""
    ids = sorted({*filing.filed_chapters, *(table.chapter for table in filing.tables)})
    return {
        chapter_id: FiledChapter(chapters.chapter(chapter_id), regulations.rulebook(chapter_id)) for chapter_id in ids
    }


def filing_base_game(
    filing: Filing, descriptor: chapters.Chapter, overrides: BaseGameOptions | None = None
) -> BaseGameOptions | None:
    """The base-game rules the filing's answers set for the chapter of ``descriptor`` (one with
    ``Capability.FILED_BASE_GAME``: 633a), with ``overrides`` on top; None for a chapter whose filing answers do not
    change its base game."""
    if not descriptor.has(chapters.Capability.FILED_BASE_GAME):
        return None
    from pacomply.checker.wager_math.hooks import wager_math_of

    hook = wager_math_of(descriptor).rules_from_filing
    if hook is None:
        raise chapters.IncompleteChapterError(descriptor.id, "wager math", "FILED_BASE_GAME without rules_from_filing")
    options = hook(filing)
    return options if overrides is None else options.then(overrides)


def _no_answer(key: str) -> object:
    """No checklist filed for the chapter: no answer selects a paytable."""
    return None


def configured_wager_math(
    filing: Filing,
    base_game: BaseGameOptions | None = None,
    chapter: str | None = None,
    wager: str | None = None,
    filed: dict[str, FiledChapter] | None = None,
) -> tuple[WagerMath, ...]:
    """The math of every wager the filing's tables offer (required wagers included), at each table's deck count.

    The blackjack base games use the rules the filing's checklist states (:func:`filing_base_game`); ``base_game``
    (the command line's rule options) changes the 633a rules on top of them. ``chapter`` and ``wager`` narrow
    what is analysed (``pacomply edge --filing``). ``filed`` is the filing's chapters as the review looked them up
    (:func:`filed_chapters`), looked up here when not given.
    """
    filed = filed if filed is not None else filed_chapters(filing)
    wanted: set[tuple[str, str, str | None, int]] = set()
    for table in filing.tables:
        if chapter is not None and table.chapter != chapter:
            continue
        book = filed[table.chapter].rulebook
        for defined in book.wagers:
            if defined.required:
                wanted.add((table.chapter, defined.id, None, table.decks))
        known = {defined.id for defined in book.wagers}
        submission = filing.chapters.get(table.chapter)
        for table_wager in table.wagers:
            if table_wager.wager not in known:
                continue
            paytable = table_wager.paytable
            if book.paytables_for(table_wager.wager):
                # The one paytable resolution the rules use (the table's, the checklist's, the only one, the deck
                # count's); a name it cannot resolve is kept, so the wager math says it is not permitted.
                resolved = resolve_paytable(
                    book,
                    table_wager.wager,
                    paytable,
                    table.decks,
                    submission.value if submission is not None else _no_answer,
                    filed[table.chapter].descriptor.hook("rules", "PAYTABLES_BY_AMOUNT") or (),
                )
                paytable = resolved.paytable.id if resolved is not None else paytable
            else:
                paytable = None  # odds written beside a wager the chapter pays at fixed odds are no paytable
            wanted.add((table.chapter, table_wager.wager, paytable, table.decks))
    if wager is not None:
        wanted = {key for key in wanted if key[1] == wager}
    options = {key[0]: filing_base_game(filing, filed[key[0]].descriptor, base_game) for key in wanted}
    results: dict[tuple[str, str, str, int], WagerMath] = {}
    for table_chapter, wager_id, paytable, decks in sorted(
        wanted, key=lambda key: (key[0], key[1], key[2] or "", key[3])
    ):
        try:
            # Only the base games take rule options; the side wagers' figures do not depend on them.
            chosen = options[table_chapter] if wager_id in BASE_GAME_WAGERS else None
            answered = filing_options(filing, table_chapter, wager_id)
            for math in analyse(
                table_chapter,
                wager_id,
                paytable,
                decks,
                base_game=chosen,
                meter_rate=answered.meter_rate,
                crown_treasure=answered.crown_treasure,
            ):
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
    filed = filed_chapters(filing)
    for chapter in filing.filed_chapters:
        book = filed[chapter].rulebook
        used.append(
            RulebookUsed(
                book.chapter,
                book.title,
                book.version,
                book.effective.isoformat(),
                source=book.source,
                version_basis=book.version_basis,
                amendments_not_encoded=tuple(amendment.describe() for amendment in book.amendments_not_encoded),
                related_chapters=tuple(a.describe() for a in book.later_amendments if a.related_chapter),
            )
        )
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
    wager_math = configured_wager_math(filing, filed=filed)
    not_checked = tuple(
        NotChecked(table.chapter, table.table_id, filed, other.name, other.chapter, other.where)
        for table, filed, other in not_encoded_wagers(filing.tables)
    )
    return Review(
        filing=filing,
        findings=tuple(sorted(findings, key=lambda finding: finding.sort_key)),
        wager_math=wager_math,
        readings=tuple(readings),
        rulebooks=tuple(used),
        published=for_wager_math(wager_math),
        review_date=settings.review_date,
        not_checked=not_checked,
        par_sheets=review_par_sheets(wager_math),
    )
