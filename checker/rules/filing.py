"""Rules about the filing as a whole (ids FIL-NNN), whatever chapters it covers.

The waiver rules (FIL-003, FIL-004) are defined here with the others and raised by ``checker.waivers``, which
imports them: a rule module never imports the waivers or the review, so the rules sit below both.
"""

from __future__ import annotations

from collections.abc import Iterator

from pacomply.checker.registry import CheckContext, Finding, Rule, Severity, make_doc
from pacomply.regulations.citation import RULES_SUBMISSIONS, WAIVERS


def _date_filed(context: CheckContext, rule: Rule) -> Iterator[Finding]:
    metadata = context.filing.metadata
    if metadata.date_filed > context.settings.review_date:
        yield rule.finding(
            f"the filing is dated {metadata.date_filed.isoformat()}, after the review date "
            f"{context.settings.review_date.isoformat()}",
            metadata.locations.get("date_filed"),
        )


def _has_tables(context: CheckContext, rule: Rule) -> Iterator[Finding]:
    if not context.filing.tables:
        yield rule.finding("the Tables sheet lists no table; table-level rules could not be checked")


def _nothing(context: CheckContext, rule: Rule) -> Iterator[Finding]:
    """Waiver rules do not look at a filing; ``checker.waivers.apply_waivers`` raises their findings."""
    return iter(())


WAIVER_EXPIRED = Rule(
    code="FIL-003",
    name="waiver.not-expired",
    chapter=None,
    severity=Severity.ERROR,
    citation=WAIVERS,
    summary="A waiver relied on has not expired.",
    doc=make_doc(
        what="Reports a waiver in the waiver file whose expiry date has passed; the finding it covered counts again.",
        why="A waiver under § 601a.4 is granted for a time; after it lapses the requirement applies in full.",
        example='waivers.toml: rule = "686A-004", expires = 2025-01-31 (reviewed in 2026)',
        instead='waivers.toml: rule = "686A-004", expires = 2027-06-30, with the Board\'s renewed approval reference',
        citation=WAIVERS,
    ),
    fix="Obtain the Board's renewal and record its reference and new expiry, or remedy the finding.",
    check_function=_nothing,
)

WAIVER_UNMATCHED = Rule(
    code="FIL-004",
    name="waiver.matches-a-finding",
    chapter=None,
    severity=Severity.WARNING,
    citation=WAIVERS,
    summary="Every waiver in the waiver file matches a finding of the filing.",
    doc=make_doc(
        what="Warns about a waiver that accepts no finding of the filing reviewed (wrong rule, wrong table, or "
        "the problem was fixed).",
        why="A stale waiver hides nothing today but may hide a new problem tomorrow; the file should list only "
        "what the Board actually waived for this filing.",
        example='waivers.toml: rule = "686A-004", table = "OU-9" (no such table in the filing)',
        instead='waivers.toml: rule = "686A-004", table = "OU-4"',
        citation=WAIVERS,
    ),
    fix="Remove the waiver, or correct its rule id or table id.",
    check_function=_nothing,
)

WAIVER_RULES = (WAIVER_EXPIRED, WAIVER_UNMATCHED)


RULES = (
    Rule(
        code="FIL-001",
        name="filing.date-not-in-future",
        chapter=None,
        severity=Severity.WARNING,
        citation=RULES_SUBMISSIONS,
        summary="The Date Filed is not later than the day of the review.",
        doc=make_doc(
            what="Warns when the Filing sheet's Date Filed is after the day pacomply runs.",
            why="A Rules Submission is dated when it is filed; a future date usually means a typing error.",
            example="Filing sheet: Date Filed 2099-01-01",
            instead="Filing sheet: Date Filed 2026-11-22",
            citation=RULES_SUBMISSIONS,
        ),
        fix="Correct the Date Filed.",
        check_function=_date_filed,
    ),
    Rule(
        code="FIL-002",
        name="filing.tables-listed",
        chapter=None,
        severity=Severity.WARNING,
        citation=RULES_SUBMISSIONS,
        summary="The filing lists the tables it covers.",
        doc=make_doc(
            what="Warns when the Tables sheet has no rows.",
            why="The physical rules (positions, decks, racks, card changes) are checked per table; without tables "
            "only the checklist is reviewed.",
            example="Tables sheet: header row only",
            instead="Tables sheet: one row per table, e.g. OU-1, 686a, 6 positions, 6 decks, …",
            citation=RULES_SUBMISSIONS,
        ),
        fix="List each table the filing covers in the Tables sheet.",
        check_function=_has_tables,
    ),
    *WAIVER_RULES,  # FIL-003, FIL-004: raised by checker.waivers.apply_waivers
)
