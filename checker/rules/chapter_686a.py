"""Rules of chapter 686a (Over/Under): the shared families plus the checklist's consistency with the tables."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

from pacomply.checker.registry import CheckContext, Finding, Rule, Severity, make_doc
from pacomply.checker.rules.common import (
    FixedOdds,
    adjacent_boxes,
    discard_rack_answers,
    shared_rules,
    shuffler_answers,
    wager_not_offered,
)
from pacomply.regulations.chapter_686a import RULEBOOK
from pacomply.regulations.citation import cite

_RACK = cite("686a.2(d)")
_SHUFFLER = cite("686a.3(b)")
_BONUS = cite("686a.6(e)")
_ADJACENT = cite("686a.6(f)")


def _bonus_offered(context: CheckContext, rule: Rule) -> Iterator[Finding]:
    if context.answer("bonus_offered") is not False:
        return
    for table in context.tables:
        if table.offers("bonus") is not None:
            yield wager_not_offered(rule, table, RULEBOOK.wager("bonus"), "bonus_offered")


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
        summary="The discard rack options answered agree with each table's rack.",
        doc=make_doc(
            what="Judges each table's rack from its own Tables columns (a mark: taller with a mark, § 686a.2(d)(2); "
            "none: as high as the stack, § 686a.2(d)(1)) and checks the two rack options of § 686a.2(d) against "
            "them: a No is an error for each table of its kind, a Yes that no table fits is a warning, two Noes an "
            "error. Both Yes is right when the tables show both kinds.",
            why="The checklist is the licensee's statement of how its racks comply; it must agree with the tables.",
            example="Sheet 686a: discard_rack_equal_height No, discard_rack_taller_with_mark No",
            instead="Sheet 686a: discard_rack_equal_height Yes, discard_rack_taller_with_mark No",
            citation=_RACK,
            more=(cite("686a.2(d)(1)"), cite("686a.2(d)(2)")),
        ),
        fix="Answer Yes to each rack option some table uses, and make the Tables sheet's rack columns agree.",
        check_function=discard_rack_answers,
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
        check_function=shuffler_answers(RULEBOOK),
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
        fix="Answer Yes to offering the Bonus Wager on the chapter sheet, or remove the Bonus wager from the table.",
        check_function=_bonus_offered,
    ),
    Rule(
        code="686A-104",
        name="checklist.adjacent-boxes",
        chapter="686a",
        severity=Severity.ERROR,
        citation=_ADJACENT,
        summary="The number of adjacent boxes a player may wager on agrees with the Yes/No and fits the layout.",
        doc=make_doc(
            what="Checks that when wagers on more than one adjacent box are allowed, the total number of boxes is at "
            "least 2 and does not exceed a table's betting positions (a warning); when not allowed, the total is 1. "
            "A total left blank is the checklist rule's finding (686A-006).",
            why="§ 686a.6(f) requires the Rules Submission to state the number of adjacent boxes.",
            example="Sheet 686a: adjacent_boxes_allowed Yes, max_adjacent_boxes 1",
            instead="Sheet 686a: adjacent_boxes_allowed Yes, max_adjacent_boxes 2",
            citation=_ADJACENT,
        ),
        fix="State the total number of boxes a player may wager on in one round.",
        check_function=adjacent_boxes,
    ),
)
