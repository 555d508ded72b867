"""Rules about the filing as a whole (ids FIL-NNN), whatever chapters it covers."""

from __future__ import annotations

from collections.abc import Iterator

from pacomply.checker.registry import CheckContext, Finding, Rule, Severity, make_doc
from pacomply.checker.waivers import WAIVER_RULES
from pacomply.regulations.citation import RULES_SUBMISSIONS


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
