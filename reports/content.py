"""The review's content model: what the text, PDF and workbook reviews say, in which order and in which words; the
JSON document (:mod:`reports.json`) keeps every field as computed.

One document design for every format: the verdict, the counts and what to fix first (:func:`summary`); the
findings grouped by table, each with its citation, location and fix (:func:`finding_groups`); the wager math with
the Board's figure beside each wager (:func:`wager_rows`); the readings relied on (:func:`reading_lines`); the law
applied; then the appendices: each wager's par sheet and the evidence behind each Board-figure verdict
(:func:`reports.reconciliation.evidence_rows`). Numbers and names are written by :mod:`reports.wording`.

Also here: the filing id, the checklist as filed with the findings beside each row, table configurations as rows
of text, and the fixed timestamp of a document.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from pacomply.checker.registry import Finding, Rule, Severity, chapter_rules, filing_rules
from pacomply.checker.review import Review
from pacomply.regulations.rulebook import Reading, Rulebook
from pacomply.reports import wording
from pacomply.submissions.model import SourceLocation, TableConfiguration

from pacomply import regulations

if TYPE_CHECKING:
    from pacomply.checker.wager_math import WagerMath
    from pacomply.reports.reconciliation import BoardBeside

SEVERITY_TITLES = {Severity.ERROR: "Errors", Severity.WARNING: "Warnings", Severity.INFO: "Information"}
#: A severity as one finding's label and as a counted noun ('2 warnings', '1 note').
SEVERITY_LABELS = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}


def filing_id(review: Review) -> str:
    """A short id of the filing's content, printed on every page: the same filing always gets the same id.

    It is a digest of the parsed filing (metadata, answers, tables and where each was read), so two different
    filings from the same licensee on the same day still get different ids.
    """
    digest = hashlib.sha256(review.filing.model_dump_json().encode("utf-8")).hexdigest()
    return f"PAC-{digest[:12].upper()}"


#: What the "return" printed beside the house edge is measured on (the figures: return = 1 − element of risk).
RETURN_BASIS = (
    "return = 1 − element of risk: what comes back per unit of everything wagered in the round (doubles, splits, "
    "raises included); the house edge is per unit of the initial wager"
)
#: Said beside a par sheet whose figure is not the review's own for the same configuration.
PAR_SHEET_DIFFERS = (
    "this par sheet is for the chapter's own rules; the filing's answers (a rule option, a rate of progression) "
    "give the review's figure above"
)


def document_epoch(review: Review) -> int:
    """Seconds since 1970 stamped into a document: ``SOURCE_DATE_EPOCH`` when set, else the review date
    (``Review.review_date``, ``--review-date``) at 00:00 UTC, never the clock at the time of rendering.

    A report of the same review is then byte-identical however often, and wherever, it is rendered.
    """
    configured = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if configured.isdigit():
        return int(configured)
    day = review.review_date
    return int(datetime(day.year, day.month, day.day, tzinfo=UTC).timestamp())


def document_datetime(review: Review) -> datetime:
    """:func:`document_epoch` as a naive UTC datetime (what openpyxl stores)."""
    return datetime.fromtimestamp(document_epoch(review), tz=UTC).replace(tzinfo=None)


def percent(value: float | None, places: int = 4) -> str:
    """0.0560523 → '5.6052 %'; a small figure keeps four significant digits (0.00026750 → '0.02675 %'); None → ''
    (:func:`reports.wording.percent`: a figure not computed is left out)."""
    return wording.percent(value, places)


percent_places = wording.percent_places


def location_text(location: SourceLocation | None) -> str:
    """'686a!D10', 'tables[0].decks' or 'filing'."""
    return "filing" if location is None else str(location)


def chapters_line(review: Review) -> str:
    """'686a Over/Under, 687a DJ Wild Stud Poker'."""
    return ", ".join(f"{used.chapter} {used.title}" for used in review.rulebooks) or "none"


def law_applied_lines(review: Review) -> list[str]:
    """Per chapter: the version applied, where it was published and where its date comes from, then each later
    amendment known but not encoded, then each wager of a side-wager chapter that was not checked (every report
    names the law it applied and what it could not check)."""
    lines = []
    for used in review.rulebooks:
        lines.append(
            f"{used.chapter}: rulebook {used.version}, {used.source or 'source not recorded'}, effective "
            f"{used.effective}. {used.version_basis}".rstrip()
        )
        for amendment in used.amendments_not_encoded:
            lines.append(f"{used.chapter}: later amendment not encoded: {amendment}")
        for related in used.related_chapters:
            lines.append(f"{used.chapter}: related chapter not encoded: {related}")
        for item in review.not_checked:
            if item.chapter == used.chapter:
                lines.append(f"{used.chapter}: not checked: {item.describe()}")
    return lines


def findings_of(review: Review, severity: Severity) -> tuple[Finding, ...]:
    """The findings of one severity, in the review's order (waived ones included, marked by the renderer)."""
    return tuple(finding for finding in review.findings if finding.severity == severity)


def finding_flag(finding: Finding) -> str:
    """'686A-006 error' or '686A-006 error (waived)': the mark printed beside a checklist or table row."""
    return f"{finding.rule_id} {finding.severity.value}" + (" (waived)" if finding.waived else "")


def worst_severity(findings: tuple[Finding, ...]) -> Severity | None:
    """The most serious severity among findings no waiver accepts (None when all pass or are waived)."""
    open_findings = [finding for finding in findings if not finding.waived]
    if not open_findings:
        return None
    return min((finding.severity for finding in open_findings), key=lambda severity: severity.rank)


@dataclass(frozen=True, slots=True)
class ChecklistRow:
    """One checklist question as filed, with the findings located at its answer."""

    chapter: str
    section: str
    key: str
    question: str
    answer: str
    notes: str
    location: SourceLocation | None
    findings: tuple[Finding, ...]
    in_rulebook: bool
    """False for a row the filing holds that the chapter's checklist does not ask (kept, never dropped)."""
    kind: str = ""
    """The answer's kind (``regulations.rulebook.AnswerKind`` value) where the checklist asks the question."""


def _rulebook(chapter: str) -> Rulebook | None:
    try:
        return regulations.rulebook(chapter)
    except regulations.UnknownChapterError:
        return None


def checklist_rows(review: Review) -> tuple[ChecklistRow, ...]:
    """Every chapter's checklist in the rulebook's order, then any extra answered keys, each with its findings."""
    rows: list[ChecklistRow] = []
    for chapter in review.filing.filed_chapters:
        submission = review.filing.chapters.get(chapter)
        answers = dict(submission.answers) if submission is not None else {}
        book = _rulebook(chapter)
        asked = book.checklist if book is not None else ()
        for question in asked:
            answer = answers.pop(question.key, None)
            location = submission.location_of(question.key) if submission is not None else None
            located = (
                tuple(f for f in review.findings if f.location is not None and f.location == location)
                if answer is not None and answer.location is not None
                else ()
            )
            rows.append(
                ChecklistRow(
                    chapter=chapter,
                    section=question.section.short,
                    key=question.key,
                    question=question.question,
                    answer="" if answer is None else answer.text,
                    notes="" if answer is None else answer.notes,
                    location=location,
                    findings=located,
                    in_rulebook=True,
                    kind=str(question.kind.value),
                )
            )
        for key in sorted(answers):
            answer = answers[key]
            located = tuple(f for f in review.findings if answer.location is not None and f.location == answer.location)
            rows.append(ChecklistRow(chapter, "", key, "", answer.text, answer.notes, answer.location, located, False))
    return tuple(rows)


TABLE_FIELDS: tuple[tuple[str, str], ...] = (
    ("chapter", "Chapter"),
    ("betting_positions", "Betting positions"),
    ("decks", "Decks per batch"),
    ("batches", "Batches"),
    ("shuffler", "Shuffler"),
    ("dealing", "Dealing"),
    ("discard_rack_height_mm", "Discard rack height (mm)"),
    ("discard_rack_mark_mm", "Discard rack mark (mm)"),
    ("card_change_interval_hours", "Card change interval (h)"),
    ("equipment", "Equipment"),
    ("wagers", "Wagers (paytable)"),
    ("payout_limit", "Payout limit ($)"),
    ("progressive_reset", "Progressive reset ($)"),
)
"""The Tables sheet's columns, in the filing format's order, as the reports label them."""


def table_value(table: TableConfiguration, field_name: str) -> str:
    """A table field as the filing would write it; blank for an empty optional field."""
    value = getattr(table, field_name)
    if field_name == "equipment":
        return "; ".join(item.value for item in value)
    if field_name == "wagers":
        return "; ".join(f"{w.wager}={w.paytable}" if w.paytable else w.wager for w in value)
    if value is None:
        return ""
    return str(value.value) if hasattr(value, "value") else str(value)


#: Table fields that are amounts of money (dollars).
MONEY_FIELDS = frozenset({"payout_limit", "progressive_reset"})


def money_text(value: object) -> str:
    """40000 → '$40,000'; 1234.5 → '$1,234.50'; blank stays blank; text that is not a number is left as written
    (:func:`reports.wording.money`)."""
    return wording.money(value)


def table_display(table: TableConfiguration, field_name: str) -> str:
    """A table field for a printed page: as :func:`table_value`, with amounts of money as '$40,000' and each wager
    as the chapter names it with its paytable ('Two-Way Bad Beat Bonus Wager, paytable DJWBB-03'), never the
    filing's key for it."""
    if field_name in MONEY_FIELDS:
        value = getattr(table, field_name)
        return money_text(getattr(value, "value", value))
    if field_name == "wagers":
        return "; ".join(wording.wager_title(table.chapter, w.wager, w.paytable, None) for w in table.wagers)
    return table_value(table, field_name)


def table_findings(review: Review, table_id: str) -> tuple[Finding, ...]:
    """Findings about one table."""
    return tuple(finding for finding in review.findings if finding.table_id == table_id)


def rules_checked(review: Review) -> tuple[Rule, ...]:
    """Every rule the review ran: the filing-wide rules, then each filed chapter's rules in code order."""
    rules = list(filing_rules())
    for used in review.rulebooks:
        rules.extend(chapter_rules(used.chapter))
    return tuple(rules)


def rule_checks(review: Review, rule_id: str) -> str:
    """What the rule ``rule_id`` checks, in a sentence (its summary), as a reader is told it: "Every question of the
    chapter's Rules Submission checklist is answered." rather than our name for the rule ('checklist.answered');
    empty where the review ran no rule of that id."""
    return next((rule.summary for rule in rules_checked(review) if rule.code == rule_id), "")


def rule_summary(review: Review, rule_id: str) -> str:
    """The rule's id with what it checks: "686A-006: Every question of … is answered."; the id alone where the review
    ran no rule of that id."""
    checks = rule_checks(review, rule_id)
    return f"{rule_id}: {checks}" if checks else rule_id


def decks_text(decks: int) -> str:
    """'1 deck', '6 decks'."""
    return wording.decks(decks)


def wager_title(math_chapter: str, wager: str, paytable: str | None, decks: int) -> str:
    """'Bonus Wager, paytable 686a.8(b), 6 decks' (the chapter is the section's; the wager as the chapter names
    it)."""
    return wording.wager_title(math_chapter, wager, paytable, decks)


#: The document's sections in order, as every format titles them.
SECTION_TITLES = (
    "Verdict",
    "Findings by table",
    "Wager math",
    "Readings of the regulation relied on",
    "Law applied",
    "Appendix A: par sheets",
    "Appendix B: evidence for the Board-figure verdicts",
)
#: How many findings "what to fix first" names.
FIX_FIRST = 5


@dataclass(frozen=True, slots=True)
class Summary:
    """The first thing a reader sees: the verdict, the findings counted, and the findings to fix first."""

    verdict: str
    counts: str
    """'16 errors, 2 warnings, 8 notes' ('no findings' when there are none); waived findings are counted apart."""
    fix_first: tuple[Finding, ...]
    """The most serious open findings, errors first, at most :data:`FIX_FIRST` (none when nothing is wrong); a
    finding that asks the filer to change nothing (``Rule.asks_no_change``: a Board figure read another way) is
    never among them."""


def counts_text(findings: tuple[Finding, ...]) -> str:
    """'16 errors, 2 warnings, 8 notes, 1 finding waived'; 'no findings'."""
    open_findings = [finding for finding in findings if not finding.waived]
    parts = [
        wording.counted(sum(1 for finding in open_findings if finding.severity == severity), label)
        for severity, label in SEVERITY_LABELS.items()
    ]
    waived = len(findings) - len(open_findings)
    if waived:
        parts.append(f"{wording.counted(waived, 'finding')} waived (marked WAIVED below)")
    return ", ".join(parts) if findings else "no findings"


def summary(review: Review) -> Summary:
    """The verdict, the counts and what to fix first."""
    verdict = "compliant" if review.compliant else "not compliant"
    if review.configuration is not None and review.configuration.errors_demoted:
        verdict += (
            f" ({wording.counted(review.configuration.errors_demoted, 'error')} demoted by "
            f"{review.configuration.source})"
        )
    pointers = {rule.code for rule in filing_rules() if rule.asks_no_change}
    urgent = sorted(
        (
            finding
            for finding in review.findings
            if not finding.waived and finding.severity != Severity.INFO and finding.rule_id not in pointers
        ),
        key=lambda finding: finding.severity.rank,
    )
    return Summary(verdict=verdict, counts=counts_text(review.findings), fix_first=tuple(urgent[:FIX_FIRST]))


@dataclass(frozen=True, slots=True)
class FindingGroup:
    """The findings about one table (or, for those about no table, the checklist and the filing as a whole)."""

    title: str
    findings: tuple[Finding, ...]


def finding_groups(review: Review) -> tuple[FindingGroup, ...]:
    """The findings grouped by table in the filing's order, each group's errors first; the findings about no table
    (checklist answers, the filing as a whole) last."""
    order = [table.table_id for table in review.filing.tables]
    groups: dict[str | None, list[Finding]] = {}
    for finding in review.findings:
        table_id = finding.table_id if finding.table_id in order else None
        groups.setdefault(table_id, []).append(finding)
    result = []
    for table_id in [*order, None]:
        findings = groups.get(table_id)
        if not findings:
            continue
        findings.sort(key=lambda finding: finding.severity.rank)
        title = f"Table {table_id}" if table_id is not None else "Checklist and filing"
        result.append(FindingGroup(title, tuple(findings)))
    return tuple(result)


def finding_label(finding: Finding) -> str:
    """'error 687A-001', 'error 686A-004 WAIVED'."""
    return f"{SEVERITY_LABELS[finding.severity]} {finding.rule_id}" + (" WAIVED" if finding.waived else "")


def finding_message(finding: Finding) -> str:
    """A finding's message as printed: numbers in words, and no reading ids inside a computed figure's description
    (the computed sentences of a Board-figure finding). The rules quote the Board's questions themselves."""
    return wording.without_reading_ids(wording.plain(finding.message))


def waiver_text(finding: Finding) -> str:
    """'waived under 58 Pa. Code § 601a.4 by ..., until ... (source): justification'; '' where not waived."""
    waiver = finding.waiver
    if waiver is None:
        return ""
    return (
        f"waived under 58 Pa. Code § 601a.4 by {waiver.approval_reference}, until {waiver.expires.isoformat()} "
        f"({waiver.source}): {waiver.justification}"
    )


def method_text(math: WagerMath) -> str:
    """'exact'; 'simulated, 2,000 rounds'."""
    if math.rounds:
        return f"simulated, {wording.rounds(math.rounds)}"
    return math.method


@dataclass(frozen=True, slots=True)
class WagerRow:
    """One wager-math row in words, with the Board's figures that stand beside it."""

    wager: str
    paytable: str
    decks: str
    house_edge: str
    return_: str
    method: str
    citation: str
    board: tuple[str, ...]
    """One sentence per Board figure compared with this row."""


def board_beside_text(entry: BoardBeside) -> str:
    """One Board figure beside a wager row: 'Board 0.355 % house edge (low end), 42 Pa.B. 2922, preamble;
    pacomply 0.355 %: reproduced under another reading'."""
    ours = f"; pacomply {entry.pacomply}" if entry.pacomply else ""
    return f"Board {entry.board} ({entry.source}){ours}: {entry.verdict_text}"


def wager_rows(review: Review) -> tuple[WagerRow, ...]:
    """The review's wager math in words, each row with the Board's figures compared with it."""
    from pacomply.reports.reconciliation import beside

    return tuple(
        WagerRow(
            wager=wording.wager_name(math.chapter, math.wager),
            paytable=math.paytable or "",
            decks=wording.decks(math.decks),
            house_edge=wording.percent(math.house_edge),
            return_=wording.percent(math.return_),
            method=method_text(math),
            citation=math.citation,
            board=tuple(board_beside_text(entry) for entry in beside(math, review.published)),
        )
        for math in review.wager_math
    )


def reading_lines(review: Review) -> tuple[str, ...]:
    """Each reading relied on: its topic, where the chapter is silent or ambiguous (unless the topic already names
    the subsection), and the choice made."""
    return tuple(
        wording.without_reading_ids(f"{reading.topic}{_citation_unless_named(reading)}: {reading.choice}")
        for _chapter, reading in review.readings
    )


def _citation_unless_named(reading: Reading) -> str:
    """' (58 Pa. Code § 633a.7(g)(3))', or '' where the topic already says '§ 633a.7(g)(3)'."""
    cited = str(reading.citation)
    section = cited[cited.index("§") :] if "§" in cited else cited
    return "" if section in reading.topic else f" ({cited})"
