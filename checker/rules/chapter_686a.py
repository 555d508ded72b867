"""Rules of chapter 686a (Over/Under): the shared families plus the checklist's consistency with the tables."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

from pacomply.checker.registry import CheckContext, Finding, Rule, Severity, make_doc
from pacomply.checker.rules.common import FixedOdds, shared_rules
from pacomply.regulations.chapter_686a import RULEBOOK
from pacomply.regulations.citation import cite
from pacomply.regulations.rulebook import Shuffler

_RACK = cite("686a.2(d)")
_SHUFFLER = cite("686a.3(b)")
_BONUS = cite("686a.6(e)")
_ADJACENT = cite("686a.6(f)")


def _discard_rack_answers(context: CheckContext, rule: Rule) -> Iterator[Finding]:
    equal = context.answer("discard_rack_equal_height")
    taller = context.answer("discard_rack_taller_with_mark")
    if equal is True and taller is True:
        yield rule.finding(
            "the checklist answers Yes to both discard rack options; a rack is either equal to the stack or taller "
            "with a mark",
            context.answer_location("discard_rack_taller_with_mark"),
        )
    elif equal is False and taller is False:
        yield rule.finding(
            "the checklist answers No to both discard rack options; § 686a.2(d) requires one of them",
            context.answer_location("discard_rack_equal_height"),
        )
    for table in context.tables:
        if table.discard_rack_mark_mm is not None and taller is False:
            yield rule.finding(
                f"table {table.table_id} has a marked, taller rack but the checklist says racks are not taller with "
                "a mark",
                table.location_of("discard_rack_mark_mm"),
                table,
            )
        if table.discard_rack_mark_mm is None and equal is False and taller is True:
            yield rule.finding(
                f"table {table.table_id} has no rack mark but the checklist says racks are taller with a mark",
                table.location_of("discard_rack_height_mm"),
                table,
            )


def _shuffler_answers(context: CheckContext, rule: Rule) -> Iterator[Finding]:
    for key, shuffler in (("automated_shuffler", Shuffler.AUTOMATED), ("continuous_shuffler", Shuffler.CONTINUOUS)):
        answer = context.answer(key)
        using = [table for table in context.tables if table.shuffler == shuffler]
        if answer is False and using:
            for table in using:
                yield rule.finding(
                    f"table {table.table_id} uses a{'n' if shuffler == Shuffler.AUTOMATED else ''} {shuffler.value} "
                    f"shuffler but the checklist answers No to '{key}'",
                    table.location_of("shuffler"),
                    table,
                )
        elif answer is True and context.tables and not using:
            yield rule.finding(
                f"the checklist answers Yes to '{key}' but no table lists a {shuffler.value} shuffler",
                context.answer_location(key),
                severity=Severity.WARNING,
            )


def _bonus_offered(context: CheckContext, rule: Rule) -> Iterator[Finding]:
    if context.answer("bonus_offered") is not False:
        return
    for table in context.tables:
        if table.offers("bonus") is not None:
            yield rule.finding(
                f"table {table.table_id} offers the Bonus Wager but the checklist answers No to 'bonus_offered'",
                table.location_of("wagers"),
                table,
            )


def _adjacent_boxes(context: CheckContext, rule: Rule) -> Iterator[Finding]:
    allowed = context.answer("adjacent_boxes_allowed")
    maximum = context.answer("max_adjacent_boxes")
    location = context.answer_location("max_adjacent_boxes")
    if allowed is True:
        if maximum is None:
            yield rule.finding(
                "the checklist allows wagers on more than one adjacent box but does not say how many", location
            )
            return
        assert isinstance(maximum, int)
        if maximum < 2:
            yield rule.finding(
                f"the checklist allows more than one adjacent box but gives a total of {maximum} boxes", location
            )
        for table in context.tables:
            if maximum > table.betting_positions:
                yield rule.finding(
                    f"a player may wager on {maximum} boxes but table {table.table_id} has only "
                    f"{table.betting_positions} betting positions",
                    location,
                    table,
                    severity=Severity.WARNING,
                )
    elif allowed is False and isinstance(maximum, int) and maximum != 1:
        yield rule.finding(
            f"the checklist does not allow more than one adjacent box but gives a total of {maximum} boxes", location
        )


#: The Ante, Over 23 and Under 18 Wagers pay even money (§ 686a.8(a)); odds written beside them must be 1 to 1.
FIXED_ODDS = {"required": FixedOdds(frozenset({Fraction(1)}), cite("686a.8(a)"))}

RULES = (
    *shared_rules(RULEBOOK, wagers_citation=cite("686a.6(e)"), fixed_odds=FIXED_ODDS),
    Rule(
        code="686A-101",
        name="checklist.discard-rack-consistent",
        chapter="686a",
        severity=Severity.ERROR,
        citation=_RACK,
        summary="Exactly one discard rack option is answered Yes, and it matches the tables' racks.",
        doc=make_doc(
            what="Checks that the checklist picks one of the two rack options of § 686a.2(d) (equal height, or taller "
            "with a mark) and that each table's rack columns agree with the option picked.",
            why="The checklist is the licensee's statement of how its racks comply; it must agree with the tables.",
            example="Sheet 686a: discard_rack_equal_height No, discard_rack_taller_with_mark No",
            instead="Sheet 686a: discard_rack_equal_height Yes, discard_rack_taller_with_mark No",
            citation=_RACK,
        ),
        fix="Answer Yes to the one rack option your tables use, and make the Tables sheet's rack columns agree.",
        check_function=_discard_rack_answers,
    ),
    Rule(
        code="686A-102",
        name="checklist.shuffler-consistent",
        chapter="686a",
        severity=Severity.ERROR,
        citation=_SHUFFLER,
        summary="The checklist's shuffler answers agree with the shufflers the tables list.",
        doc=make_doc(
            what="Checks that a table using an automated or a continuous shuffler is covered by a Yes to the matching "
            "checklist question, and warns when the checklist says Yes but no table uses one.",
            why="The shuffler decides the deck configuration (§ 686a.3(a)-(b)); the Board approves what is declared.",
            example="Sheet 686a: automated_shuffler No; Tables row: Shuffler automated",
            instead="Sheet 686a: automated_shuffler Yes",
            citation=_SHUFFLER,
            more=(cite("686a.3(a)"),),
        ),
        fix="Make the checklist's shuffler answers match the tables.",
        check_function=_shuffler_answers,
    ),
    Rule(
        code="686A-103",
        name="wagers.bonus-specified",
        chapter="686a",
        severity=Severity.ERROR,
        citation=_BONUS,
        summary="A table offers the Bonus Wager only if the Rules Submission says it is offered.",
        doc=make_doc(
            what="Checks that no table lists the Bonus wager when the checklist answers No to 'bonus_offered'.",
            why="The Bonus Wager may be offered only if the Rules Submission specifies it.",
            example="Sheet 686a: bonus_offered No; Tables row: Wagers 'bonus'",
            instead="Sheet 686a: bonus_offered Yes",
            citation=_BONUS,
        ),
        fix="Answer Yes to 'bonus_offered', or remove the Bonus wager from the table.",
        check_function=_bonus_offered,
    ),
    Rule(
        code="686A-104",
        name="checklist.adjacent-boxes",
        chapter="686a",
        severity=Severity.ERROR,
        citation=_ADJACENT,
        summary="The number of adjacent boxes a player may wager on is given and fits the layout.",
        doc=make_doc(
            what="Checks that when wagers on more than one adjacent box are allowed, the total number of boxes is "
            "given, is at least 2 and does not exceed a table's betting positions (a warning); when not allowed, "
            "the total is 1.",
            why="§ 686a.6(f) requires the Rules Submission to state the number of adjacent boxes.",
            example="Sheet 686a: adjacent_boxes_allowed Yes, max_adjacent_boxes (blank)",
            instead="Sheet 686a: adjacent_boxes_allowed Yes, max_adjacent_boxes 2",
            citation=_ADJACENT,
        ),
        fix="State the total number of boxes a player may wager on in one round.",
        check_function=_adjacent_boxes,
    ),
)
