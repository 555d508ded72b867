"""What the filing-ready reports (PDF, Excel, SARIF, JUnit) share: the filing id, the checklist as filed with the
findings beside each row, table configurations as rows of text, and the fixed timestamp of a document.

The JSON renderer (:mod:`reports.json`) is the reference for content; these helpers only arrange the same review
for a page or a sheet, generically for any chapter, wager and paytable.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from datetime import UTC, datetime

from pacomply.checker.registry import Finding, Rule, Severity, chapter_rules, filing_rules
from pacomply.checker.review import Review
from pacomply.regulations.rulebook import Rulebook
from pacomply.submissions.model import SourceLocation, TableConfiguration

from pacomply import regulations

SEVERITY_TITLES = {Severity.ERROR: "Errors", Severity.WARNING: "Warnings", Severity.INFO: "Information"}


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
    """0.0560523 → '5.6052%'; a small figure keeps four significant digits (0.00026750 → '0.02675%'); None →
    'n/a'."""
    if value is None:
        return "n/a"
    return f"{value * 100:.{percent_places(value * 100, places)}f}%"


def percent_places(number: float, places: int = 4) -> int:
    """Places after the point that show ``number`` with ``places`` decimals and at least four significant digits."""
    import math

    if number == 0 or not math.isfinite(number):
        return places
    return max(places, 3 - math.floor(math.log10(abs(number))))


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
    """40000 → '$40,000'; 1234.5 → '$1,234.50'; blank stays blank; text that is not a number is left as written."""
    from decimal import Decimal, InvalidOperation

    if value is None or value == "":
        return ""
    try:
        amount = Decimal(str(value))
    except InvalidOperation:
        return str(value)
    if not amount.is_finite():
        return str(value)
    if amount == amount.to_integral_value():
        return f"${amount:,.0f}"
    return f"${amount:,.2f}"


def table_display(table: TableConfiguration, field_name: str) -> str:
    """A table field for a printed page: as :func:`table_value`, with amounts of money as '$40,000'."""
    if field_name in MONEY_FIELDS:
        value = getattr(table, field_name)
        return money_text(getattr(value, "value", value))
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


def decks_text(decks: int) -> str:
    """'1 deck', '6 decks'."""
    return f"{decks} deck{'s' * (decks != 1)}"


def wager_title(math_chapter: str, wager: str, paytable: str | None, decks: int) -> str:
    """'686a bonus, paytable 686a.8(b), 6 decks'."""
    name = wager
    book = _rulebook(math_chapter)
    if book is not None:
        try:
            name = f"{book.wager(wager).name} ({wager})"
        except KeyError:
            name = wager
    return f"{math_chapter} {name}, " + (f"paytable {paytable}, " if paytable else "") + decks_text(decks)
