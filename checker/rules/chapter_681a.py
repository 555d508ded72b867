"""Rules of chapter 681a (21 Baccarat): the shared families plus the checklist's consistency with the tables.

The shared deck-configuration rule (681A-002) enforces four or eight decks in one or two batches; the shared
paytable rule (681A-007) enforces Bonus paytables A-C with four decks and D-F with eight through each paytable's
``permitted_decks``. The chapter sets no discard rack height, so the shared height rule is not built; 681A-101
checks that every table has a rack.
"""

from __future__ import annotations

from collections.abc import Iterator

from pacomply.checker.registry import CheckContext, Finding, Rule, Severity, make_doc
from pacomply.checker.rules.common import (
    PAYTABLE_DIFFERS_WHY,
    FixedOdds,
    decks_text,
    differs_from_checklist,
    discard_rack_present_rule,
    paytable_differs,
    paytable_not_permitted_fix,
    paytables_named_by_tables,
    paytables_named_text,
    shared_rules,
    shuffler_answers,
    wager_not_offered,
)
from pacomply.regulations.chapter_681a import (
    BONUS_PAYTABLE_DECKS,
    BONUS_WAGERS,
    EVEN_MONEY,
    PERMITTED_DECKS,
    RULEBOOK,
    TIE_ODDS,
    WIN_WITH_17_ODDS,
)
from pacomply.regulations.citation import cite

_RACK = cite("681a.2(d)")
_SHUFFLER = cite("681a.3(b)")
_OPTIONAL = cite("681a.6(d)")
_PAYTABLE = cite("681a.8(c)")
_DECKS = cite("681a.3(a)")

_OFFERED_KEY = {"tie": "tie_offered", "bonus_player": "bonus_player_offered", "bonus_banker": "bonus_banker_offered"}


def _optional_specified(context: CheckContext, rule: Rule) -> Iterator[Finding]:
    for wager, key in _OFFERED_KEY.items():
        if context.answer(key) is not False:
            continue
        for table in context.tables:
            if table.offers(wager) is not None:
                yield wager_not_offered(rule, table, RULEBOOK.wager(wager), key)


def _bonus_paytable(context: CheckContext, rule: Rule) -> Iterator[Finding]:
    offered = any(context.answer(_OFFERED_KEY[wager]) is True for wager in BONUS_WAGERS)
    chosen = context.answer("bonus_paytable")
    location = context.answer_location("bonus_paytable")
    if offered and chosen is None:
        yield rule.finding("a Bonus Wager is offered but the checklist names no Bonus paytable (A-F)", location)
        return
    if not isinstance(chosen, str):
        return
    paytable = chosen.upper()
    if paytable not in BONUS_PAYTABLE_DECKS:
        choices = RULEBOOK.question("bonus_paytable").choices
        yield rule.finding(
            f"Bonus paytable '{chosen}' is not one of A-F",
            location,
            fix=paytable_not_permitted_fix("Bonus Wagers", choices, paytables_named_by_tables(context, BONUS_WAGERS)),
        )
        return
    decks = context.answer("decks_per_batch")
    permitted = BONUS_PAYTABLE_DECKS[paytable]
    if isinstance(decks, int) and decks != permitted:
        # One mistake, reported once: a table paying on a paytable its decks permit is not also told to follow
        # the checklist's paytable, which no table at the checklist's deck count may pay on.
        fitting = ", ".join(sorted(id_ for id_, paid_with in BONUS_PAYTABLE_DECKS.items() if paid_with == decks))
        named = paytables_named_by_tables(context, BONUS_WAGERS)
        named_text = f" The tables pay on {paytables_named_text(named)}." if named else ""
        yield rule.finding(
            f"Bonus paytable {paytable} is permitted only with {permitted} decks; the checklist says {decks}",
            location,
            fix=f"Select a Bonus paytable the chapter permits with {decks_text([decks])} ({fitting or 'none'}), or "
            "correct the checklist's deck count." + named_text,
        )
        return
    for table in context.tables:
        for wager in BONUS_WAGERS:
            offer = table.offers(wager)
            if offer is not None and offer.paytable is not None and differs_from_checklist(
                RULEBOOK, wager, offer.paytable, paytable
            ):
                yield paytable_differs(
                    rule, table, RULEBOOK.wager(wager), offer.paytable, paytable, "bonus_paytable", _PAYTABLE
                )


def _decks_answer(context: CheckContext, rule: Rule) -> Iterator[Finding]:
    decks = context.answer("decks_per_batch")
    if not isinstance(decks, int):
        return
    if decks not in PERMITTED_DECKS:
        yield rule.finding(
            f"the checklist gives {decks} decks; 21 Baccarat is played with 4 or 8",
            context.answer_location("decks_per_batch"),
        )
        return
    for table in context.tables:
        if table.decks in PERMITTED_DECKS and table.decks != decks:
            yield rule.finding(
                f"table {table.table_id} uses {table.decks} decks but the checklist says {decks}",
                table.location_of("decks"),
                table,
                severity=Severity.WARNING,
                fix="Make the table's deck count agree with the checklist, or explain the difference.",
            )


#: Wagers the chapter pays at fixed odds (no paytable to choose), for odds written in a Tables row.
FIXED_ODDS = {
    "player": FixedOdds(frozenset({EVEN_MONEY, WIN_WITH_17_ODDS}), cite("681a.8(a)")),
    "banker": FixedOdds(frozenset({EVEN_MONEY, WIN_WITH_17_ODDS}), cite("681a.8(a)")),
    "tie": FixedOdds(frozenset({TIE_ODDS}), cite("681a.8(b)")),
}

RULES = (
    *shared_rules(RULEBOOK, wagers_citation=_OPTIONAL, fixed_odds=FIXED_ODDS),
    discard_rack_present_rule(RULEBOOK, "681A-101", _RACK),
    Rule(
        code="681A-102",
        name="checklist.shuffler-consistent",
        chapter="681a",
        severity=Severity.ERROR,
        citation=_SHUFFLER,
        summary="The checklist's shuffler answers agree with the shufflers the tables list.",
        doc=make_doc(
            what="Checks that a table using an automated or continuous shuffler is covered by a Yes to the matching "
            "checklist question, warns when the checklist says Yes but no table uses one, and flags a Yes to the "
            "shuffler inserting the stack into the shoe (§ 681a.5(a)) beside a No to both kinds of shuffler.",
            why="The shuffler decides whether two batches are dealt (§ 681a.3(b)); the Board approves what is "
            "declared.",
            example="Sheet 681a: automated_shuffler No; Tables row: Shuffler automated",
            instead="Sheet 681a: automated_shuffler Yes",
            citation=_SHUFFLER,
            more=(cite("681a.5(a)"),),
        ),
        fix="Make the checklist's shuffler answers match the tables.",
        check_function=shuffler_answers(RULEBOOK),
    ),
    Rule(
        code="681A-103",
        name="wagers.optional-specified",
        chapter="681a",
        severity=Severity.ERROR,
        citation=_OPTIONAL,
        summary="A table offers the Tie or a Bonus Wager only if the Rules Submission says it is offered.",
        doc=make_doc(
            what="Checks that no table lists the Tie, the Bonus on the Player's Hand or the Bonus on the Banker's "
            "Hand when the checklist answers No to offering it.",
            why="§ 681a.6(d) allows the optional wagers only if specified in the Rules Submission.",
            example="Sheet 681a: tie_offered No; Tables row: Wagers 'tie'",
            instead="Sheet 681a: tie_offered Yes",
            citation=_OPTIONAL,
            more=(cite("681a.6(d)(1)"), cite("681a.6(d)(2)"), cite("681a.6(d)(3)")),
        ),
        fix="Answer Yes to offering the wager, or remove it from the table.",
        check_function=_optional_specified,
    ),
    Rule(
        code="681A-104",
        name="wagers.bonus-paytable-selected",
        chapter="681a",
        severity=Severity.ERROR,
        citation=_PAYTABLE,
        summary="A Bonus offered has a paytable A-F selected, permitted at the decks in use, and tables agree.",
        doc=make_doc(
            what="Checks that when either Bonus Wager is offered the checklist selects one § 681a.8(c) paytable, "
            "that it is permitted with the checklist's deck count (A-C four decks, D-F eight), and warns when a "
            "table names a different paytable (unless the checklist's own paytable does not fit its deck count: "
            "that one error covers the difference).",
            why="The certificate holder selects the Bonus paytable in its Rules Submission, and the paytables are "
            "tied to the number of decks. " + PAYTABLE_DIFFERS_WHY,
            example="Sheet 681a: decks_per_batch 8, bonus_player_offered Yes, bonus_paytable A",
            instead="Sheet 681a: decks_per_batch 8, bonus_player_offered Yes, bonus_paytable D",
            citation=_PAYTABLE,
        ),
        fix="Select a paytable permitted with your deck count (A-C four decks, D-F eight).",
        check_function=_bonus_paytable,
    ),
    Rule(
        code="681A-105",
        name="checklist.decks-consistent",
        chapter="681a",
        severity=Severity.ERROR,
        citation=_DECKS,
        summary="The checklist's deck count is 4 or 8, and the tables use it.",
        doc=make_doc(
            what="Checks that the checklist's deck count is four or eight, and warns when a table uses the other.",
            why="§ 681a.3(a) allows four or eight decks; the Bonus paytable depends on which.",
            example="Sheet 681a: decks_per_batch 6",
            instead="Sheet 681a: decks_per_batch 8",
            citation=_DECKS,
        ),
        fix="Deal 21 Baccarat with four or eight decks and say which.",
        check_function=_decks_answer,
    ),
)
