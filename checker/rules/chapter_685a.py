"""Rules of chapter 685a (Down Under Blackjack): the shared families plus the Masque Card Reader, Match-the-Dealer,
settlement procedure, adjacent boxes and discard-rack answers (685A-101 and up).
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

from pacomply.checker.registry import CheckContext, Finding, Rule, Severity, make_doc
from pacomply.checker.rules.chapter_633a import settlement_procedure
from pacomply.checker.rules.common import (
    FixedOdds,
    adjacent_boxes,
    asked,
    discard_rack_answers,
    shared_rules,
    shuffler_answers_rule,
)
from pacomply.regulations.chapter_685a import RULEBOOK
from pacomply.regulations.citation import Citation, cite
from pacomply.regulations.rulebook import Equipment

CHAPTER = "685a"


def _masque_card_reader(context: CheckContext, rule: Rule) -> Iterator[Finding]:
    if context.answer("masque_card_reader") is False:
        yield rule.finding(f"the checklist answers No to {asked(RULEBOOK, 'masque_card_reader')}; every table "
                           "needs a Masque card reader",
                           context.answer_location("masque_card_reader"))  # fmt: skip
    for table in context.tables:
        if Equipment.MASQUE_CARD_READER not in table.equipment:
            yield rule.finding(f"table {table.table_id} lists no Masque card reader in its Equipment",
                               table.location_of("equipment"), table)  # fmt: skip


def _match_the_dealer_offered(context: CheckContext, rule: Rule) -> Iterator[Finding]:
    if context.answer("match_the_dealer_offered") is not False:
        return
    for table in context.tables:
        if table.offers("match_the_dealer") is not None:
            yield rule.finding(f"table {table.table_id} offers Match-the-Dealer but the checklist answers No to "
                               "'match_the_dealer_offered'", table.location_of("wagers"), table)  # fmt: skip


def _rule(code: str, name: str, citation: Citation, summary: str, what: str, why: str, example: str, instead: str,
          fix: str, check: object, more: tuple[Citation, ...] = ()) -> Rule:  # fmt: skip
    return Rule(code=code, name=name, chapter=CHAPTER, severity=Severity.ERROR, citation=citation, summary=summary,
                doc=make_doc(what, why, example, instead, citation, more=more), fix=fix,
                check_function=check)  # type: ignore[arg-type]  # fmt: skip


#: Wagers the chapter pays at fixed odds (no paytable to choose), for odds written in a Tables row.
FIXED_ODDS = {
    "base": FixedOdds(frozenset({Fraction(1), Fraction(3, 2)}), cite("685a.11(a)")),
    "insurance": FixedOdds(frozenset({Fraction(2)}), cite("685a.11(b)")),
}

RULES = (
    *shared_rules(RULEBOOK, wagers_citation=cite("685a.6(e)"), fixed_odds=FIXED_ODDS),
    _rule("685A-101", "equipment.masque-card-reader", cite("685a.2(d)"),
          "Every Down Under Blackjack table has a Masque Card Reader device, inspected daily.",
          "Checks the checklist's Masque Card Reader answer and that each 685a table lists 'masque card reader' in "
          "its Equipment column.",
          "The reader shows the hole card's range (Small, Medium, Large) before any player acts (§ 685a.3(e)).",
          "Tables row: Chapter 685a, Equipment 'card reader'", "Tables row: Chapter 685a, Equipment "
          "'masque card reader'", "Fit a Masque Card Reader and list it.", _masque_card_reader, (cite("685a.3(e)"),)),
    _rule("685A-102", "wagers.match-the-dealer-specified", cite("685a.6(e)"),
          "A table offers Match-the-Dealer only if the Rules Submission says it is offered.",
          "Checks that no table lists match_the_dealer when the checklist answers No to 'match_the_dealer_offered' "
          "(the six-or-eight-deck condition is 685A-007's).",
          "The optional wager may be offered only if the Rules Submission specifies it.",
          "Sheet 685a: match_the_dealer_offered No; Tables row: Wagers 'match_the_dealer=6 decks'",
          "Sheet 685a: match_the_dealer_offered Yes", "Make the checklist and the tables agree.",
          _match_the_dealer_offered),
    _rule("685A-103", "checklist.settlement-procedure", cite("685a.7(r)"),
          "The settlement procedure is (r)(1) or (r)(2).",
          "Checks that the checklist's settlement procedure is 1 or 2.",
          "The chapter permits exactly two procedures and the filing designates one.",
          "Sheet 685a: settlement_procedure 3", "Sheet 685a: settlement_procedure 2", "Answer 1 or 2.",
          settlement_procedure),
    _rule("685A-104", "checklist.adjacent-boxes", cite("685a.6(f)"),
          "The number of adjacent boxes a player may wager on agrees with the Yes/No and fits the layout.",
          "Checks that the total number of boxes is at least 2 when more than one is allowed and fits each table (a "
          "warning), and is 1 when not allowed; a total left blank is the checklist rule's finding (685A-006).",
          "§ 685a.6(f) requires the Rules Submission to state it.",
          "Sheet 685a: adjacent_boxes_allowed Yes, max_adjacent_boxes 1", "Sheet 685a: max_adjacent_boxes 2",
          "State the number of boxes.", adjacent_boxes),
    _rule("685A-105", "checklist.discard-rack-consistent", cite("685a.2(e)"),
          "The discard rack options answered agree with each table's rack.",
          "Judges each table's rack from its own Tables columns (a mark: taller with a mark, § 685a.2(e)(2); none: "
          "as high as the stack, § 685a.2(e)(1)) and checks the two rack options against them: a No is an error "
          "for each table of its kind, a Yes that no table fits is a warning, two Noes an error. Both Yes is right "
          "when the tables show both kinds.", "The checklist must agree with the tables, rack by rack.",
          "Sheet 685a: discard_rack_equal_height No, discard_rack_taller_with_mark No",
          "Sheet 685a: discard_rack_equal_height Yes", "Answer Yes to each rack option some table uses.",
          discard_rack_answers, (cite("685a.2(e)(1)"), cite("685a.2(e)(2)"))),
    shuffler_answers_rule(RULEBOOK, "685A-106", cite("685a.3(b)")),
)  # fmt: skip
