"""Rules of chapter 633a (Blackjack): the shared families plus equipment, dealing, wager, progressive and
payout-limit rules the chapter adds (633A-101 and up).
"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from fractions import Fraction

from pacomply.checker.registry import CheckContext, Finding, Rule, Severity, make_doc
from pacomply.checker.rules.common import (
    PAYTABLE_DIFFERS_WHY,
    FixedOdds,
    adjacent_boxes,
    asked,
    checklist_paytable,
    checklist_paytable_not_permitted,
    counted,
    differs_from_checklist,
    discard_rack_answers,
    paytable_differs,
    progressive_reset_fix,
    shared_rules,
    shuffler_answers_rule,
)
from pacomply.regulations.chapter_633a import (
    CAPPED_AWARD_ODDS,
    HAND_DEALING_MAX_DECKS,
    RULEBOOK,
)
from pacomply.regulations.citation import Citation, cite
from pacomply.regulations.rulebook import DealingMethod, Equipment, Shuffler, in_words

CHAPTER = "633a"
_RACK = cite("633a.2(g)")
_CARD_READER = cite("633a.2(f)")
_BAD_BEAT_EQUIPMENT = cite("633a.2(c)")
_HIT_AND_RUN_EQUIPMENT = cite("633a.2(d)")
_HAND_DEALING = cite("633a.12(b)")
_DOUBLE_SHOE = cite("633a.3(c)")
_OFFERED = cite("633a.6(e)")
_BAD_BEAT_RESET = cite("633a.13(j)(2)")
_HIT_AND_RUN_RESET = cite("633a.13(l)(2)")
_MAXIMUM_PAYOUT = cite("633a.13(m)")
_SETTLEMENT = cite("633a.7(r)")
_ADJACENT = cite("633a.6(f)")
_SUPER_MATCH = cite("633a.6(e)(7)")

#: Optional wager id → the checklist key that says it is offered.
OFFERED_KEYS = {
    "lucky_ladies": "lucky_ladies_offered",
    "match_the_dealer": "match_the_dealer_offered",
    "in_between": "in_between_offered",
    "royal_match": "royal_match_offered",
    "bet_the_set": "bet_the_set_offered",
    "kings_bounty": "kings_bounty_offered",
    "super_match": "super_match_offered",
    "bad_beat": "bad_beat_offered",
    "three_card_poker": "three_card_poker_offered",
    "hit_and_run": "hit_and_run_offered",
    "switch": "blackjack_switch_offered",
}
#: Checklist keys naming the paytable a filing selected for a wager with a choice of paytables.
PAYTABLE_KEYS = {"royal_match": "royal_match_paytable", "bet_the_set": "bet_the_set_paytable"}


def money(value: object) -> Decimal | None:
    """A money answer as a Decimal: JSON filings carry Decimals as strings ("25"), workbooks as numbers."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, Decimal | int):
        return Decimal(value)
    try:
        return Decimal(str(value).replace("$", "").replace(",", "").strip())
    except ArithmeticError:
        return None


def _rule(code: str, name: str, citation: Citation, summary: str, what: str, why: str, example: str, instead: str,
          fix: str, check: object, more: tuple[Citation, ...] = ()) -> Rule:  # fmt: skip
    return Rule(
        code=code,
        name=name,
        chapter=CHAPTER,
        severity=Severity.ERROR,
        citation=citation,
        summary=summary,
        doc=make_doc(what, why, example, instead, citation, more=more),
        fix=fix,
        check_function=check,  # type: ignore[arg-type]
    )


def _equipment(required: Equipment, wager: str | None) -> object:
    def check(context: CheckContext, rule: Rule) -> Iterator[Finding]:
        for table in context.tables:
            if wager is not None and table.offers(wager) is None:
                continue
            if required not in table.equipment:
                because = f" because it offers {RULEBOOK.wager(wager).name}" if wager else ""
                yield rule.finding(f"table {table.table_id} lists no '{required.value}' in its Equipment{because}",
                                   table.location_of("equipment"), table)  # fmt: skip

    return check


def _card_reader(context: CheckContext, rule: Rule) -> Iterator[Finding]:
    """Every table has a card reader (§ 633a.2(f)), and the checklist's answer about it agrees with the tables."""
    answer = context.answer("card_reader_device")
    if answer is False:
        listing = [table.table_id for table in context.tables if Equipment.CARD_READER in table.equipment]
        listed = f"; the Tables sheet lists one at {', '.join(listing)}" if listing else ""
        yield rule.finding(f"the checklist answers No to {asked(RULEBOOK, 'card_reader_device')}; every Blackjack "
                           "table must have a "
                           f"card reader device{listed}", context.answer_location("card_reader_device"))  # fmt: skip
    yield from _equipment(Equipment.CARD_READER, None)(context, rule)  # type: ignore[operator]


def _bad_beat_equipment(context: CheckContext, rule: Rule) -> Iterator[Finding]:
    for required in (Equipment.PROGRESSIVE_SYSTEM, Equipment.ELECTRONIC_WAGERING_SYSTEM):
        yield from _equipment(required, "bad_beat")(context, rule)  # type: ignore[operator]


def _hand_dealing(context: CheckContext, rule: Rule) -> Iterator[Finding]:
    answer = context.answer("hand_dealing_offered")
    for table in context.tables:
        if table.dealing != DealingMethod.HAND:
            continue
        location = table.location_of("dealing")
        if answer is False:
            yield rule.finding(f"table {table.table_id} deals from the hand but the checklist answers No to "
                               "'hand_dealing_offered'", location, table)  # fmt: skip
        # Every batch of the table is used in the game: two batches alternate, one shuffled while the other is
        # dealt, so the limit counts the decks of all of them, not of the batch in play.
        total_decks = table.decks * max(table.batches, 1)
        if total_decks > HAND_DEALING_MAX_DECKS:
            each = counted(table.decks, "deck")
            batches = f" ({each} in each of {table.batches} batches)" if table.batches > 1 else ""
            yield rule.finding(f"table {table.table_id} deals from the hand with {total_decks} decks used in the "
                               f"game{batches}; at most {HAND_DEALING_MAX_DECKS} may be used",
                               table.location_of("decks"), table, citation=cite("633a.12(b)(1)"))  # fmt: skip
        if table.shuffler == Shuffler.NONE:
            yield rule.finding(f"table {table.table_id} deals from the hand without an automated shuffler",
                               table.location_of("shuffler"), table, citation=cite("633a.12(b)(2)"))  # fmt: skip


def _double_shoe(context: CheckContext, rule: Rule) -> Iterator[Finding]:
    answer = context.answer("double_shoe")
    for table in context.tables:
        if table.dealing != DealingMethod.DOUBLE_SHOE:
            continue
        if answer is False:
            yield rule.finding(f"table {table.table_id} deals from a double shoe but the checklist answers No to "
                               f"{asked(RULEBOOK, 'double_shoe')}", table.location_of("dealing"),
                               table)  # fmt: skip
        if table.batches != 1 or table.shuffler != Shuffler.NONE:
            yield rule.finding(f"table {table.table_id} declares a double shoe with {counted(table.batches, 'batch')} "
                               "and "
                               f"{in_words(table.shuffler)}; each side of a double shoe is shuffled by hand "
                               "as its own stack (Batches 1, Shuffler none, Decks per side)",
                               table.location_of("batches"), table, severity=Severity.WARNING)  # fmt: skip
    if answer is True and not context.answer("double_shoe_red_suits_side"):
        yield rule.finding("the checklist uses a double shoe but does not designate which side hearts and diamonds "
                           "stand for", context.answer_location("double_shoe_red_suits_side"),
                           citation=cite("633a.7(d)(1)"))  # fmt: skip


def _offered(context: CheckContext, rule: Rule) -> Iterator[Finding]:
    for table in context.tables:
        for table_wager in table.wagers:
            key = OFFERED_KEYS.get(table_wager.wager)
            if key is None:
                continue
            if context.answer(key) is False:
                # Cite the subsection authorising this wager or variation (Blackjack Switch: § 633a.12(a)).
                wager = RULEBOOK.wager(table_wager.wager)
                yield rule.finding(f"table {table.table_id} offers {wager.name} but the checklist answers No to "
                                   f"{asked(RULEBOOK, key)}", table.location_of("wagers"), table,
                                   citation=wager.citation)  # fmt: skip
            paytable_key = PAYTABLE_KEYS.get(table_wager.wager)
            selected = checklist_paytable(context, RULEBOOK, paytable_key) if paytable_key else None
            if paytable_key and selected and differs_from_checklist(
                RULEBOOK, table_wager.wager, table_wager.paytable, selected
            ):
                assert table_wager.paytable is not None
                # Cite the paragraph of the paytable the table names (Bet the Set's C is § 633a.13(g)(3)), the
                # wager's first paytable where the table names none the chapter has.
                paytables = RULEBOOK.paytables_for(table_wager.wager)
                named = next((p for p in paytables if p.id.upper() == table_wager.paytable.upper()), paytables[0])
                yield paytable_differs(rule, table, RULEBOOK.wager(table_wager.wager), table_wager.paytable, selected,
                                       paytable_key, named.citation)  # fmt: skip
    for wager_id, key in PAYTABLE_KEYS.items():
        yield from checklist_paytable_not_permitted(rule, context, RULEBOOK, wager_id, key)


def _super_match(context: CheckContext, rule: Rule) -> Iterator[Finding]:
    for table in context.tables:
        if table.offers("super_match") is not None and table.offers("switch") is None:
            yield rule.finding(f"table {table.table_id} offers Super Match but is not a Blackjack Switch table "
                               "(add Blackjack Switch to its Wagers)", table.location_of("wagers"), table)  # fmt: skip
    if context.answer("crown_treasure_offered") is True and context.answer("royal_match_offered") is False:
        yield rule.finding("the Crown Treasure Bonus is offered without the Royal Match 21 Wager",
                           context.answer_location("crown_treasure_offered"),
                           citation=cite("633a.7(g)(4)"))  # fmt: skip


def _progressive(wager: str, reset_key: str, rate_key: str, minimum_id: str) -> object:
    minimum = RULEBOOK.minimum(minimum_id)

    def check(context: CheckContext, rule: Rule) -> Iterator[Finding]:
        offered_somewhere = any(table.offers(wager) is not None for table in context.tables)
        if context.answer(OFFERED_KEYS[wager]) is not True and not offered_somewhere:
            return
        reset = money(context.answer(reset_key))
        if reset is not None and reset < minimum.amount:
            yield rule.finding(f"the {RULEBOOK.wager(wager).name} initial/reset amount is ${reset:,}; it must be at "
                               f"least ${minimum.amount:,}", context.answer_location(reset_key))  # fmt: skip
        if context.answer(rate_key) is None:
            yield rule.finding(f"the {RULEBOOK.wager(wager).name} meter's rate of progression is not given",
                               context.answer_location(rate_key))  # fmt: skip
        for table in context.tables:
            if table.offers(wager) is None or table.progressive_reset is None:
                continue
            if wager == "hit_and_run" and table.offers("bad_beat") is not None:
                continue  # the column holds the Bad Beat meter's reset then; that rule checks it
            if table.progressive_reset < minimum.amount:
                yield rule.finding(f"table {table.table_id}'s progressive reset is ${table.progressive_reset:,}; the "
                                   f"{RULEBOOK.wager(wager).name} meter starts at ${minimum.amount:,} or more",
                                   table.location_of("progressive_reset"), table,
                                   fix=progressive_reset_fix(table, minimum.amount,
                                                             "the chapter's least reset amount"))  # fmt: skip

    return check


def required_maximum_payout(maximum_side_wager: Decimal, boxes: int) -> Decimal:
    """§ 633a.13(m): the greater of $25,000 and the most one patron could win per round (reading
    633a-maximum-payout-per-patron)."""
    floor = RULEBOOK.minimum("maximum_payout").amount
    return max(floor, maximum_side_wager * CAPPED_AWARD_ODDS * max(boxes, 1))


def _maximum_payout(context: CheckContext, rule: Rule) -> Iterator[Finding]:
    established = context.answer("maximum_payout_established")
    amount = money(context.answer("maximum_payout_amount"))
    side_maximum = money(context.answer("maximum_side_wager"))
    boxes = context.answer("max_adjacent_boxes") if context.answer("adjacent_boxes_allowed") is True else 1
    boxes = boxes if isinstance(boxes, int) else 1
    if established is True:
        if side_maximum is None:
            yield rule.finding("a maximum payout is set but the table maximum Lucky Ladies / King's Bounty wager is "
                               "not given, so the $25,000-or-more floor cannot be checked",
                               context.answer_location("maximum_side_wager"))  # fmt: skip
            side_maximum = Decimal(0)
        required = required_maximum_payout(side_maximum, boxes)
        if amount is not None and amount < required:
            yield rule.finding(f"the maximum payout is ${amount:,}; it must be at least ${required:,} (the greater of "
                               f"$25,000 and 1,000 × ${side_maximum:,} × {boxes} box(es))",
                               context.answer_location("maximum_payout_amount"))  # fmt: skip
    # A table's Payout Limit is the § 633a.13(m) cap the layout shows (§ 633a.2(b)(14)), whatever the checklist
    # answers and whichever wagers the table offers: below the floor it is wrong in itself.
    for table in context.tables:
        if table.payout_limit is None:
            continue
        required = required_maximum_payout(side_maximum or Decimal(0), boxes)
        if table.payout_limit < required:
            yield rule.finding(f"table {table.table_id}'s payout limit is ${table.payout_limit:,}; on the queen of "
                               f"hearts / king of spades awards it must be at least ${required:,}",
                               table.location_of("payout_limit"), table)  # fmt: skip


def settlement_procedure(context: CheckContext, rule: Rule) -> Iterator[Finding]:
    """The settlement procedure is 1 or 2 (shared by 633a and 685a)."""
    answer = context.answer("settlement_procedure")
    if isinstance(answer, int) and answer not in (1, 2):
        yield rule.finding(
            f"settlement procedure {answer} is not 1 or 2", context.answer_location("settlement_procedure")
        )


#: Wagers the chapter pays at fixed odds (no paytable to choose), for odds written in a Tables row.
FIXED_ODDS = {
    "base": FixedOdds(frozenset({Fraction(1), Fraction(3, 2)}), cite("633a.13(a)")),
    "insurance": FixedOdds(frozenset({Fraction(2)}), cite("633a.13(b)")),
}

RULES = (
    *shared_rules(RULEBOOK, two_batch_citation=cite("633a.3(b)(1)"), wagers_citation=cite("633a.6(e)"),
                  fixed_odds=FIXED_ODDS),
    _rule("633A-101", "checklist.discard-rack-consistent", _RACK,
          "The discard rack options answered agree with each table's rack.",
          "Judges each table's rack from its own Tables columns (a mark: taller with a mark, § 633a.2(g)(2); none: "
          "as high as the stack, § 633a.2(g)(1)) and checks the two rack options against them: a No is an error "
          "for each table of its kind, a Yes that no table fits is a warning, two Noes an error. Both Yes is right "
          "when the tables show both kinds.",
          "The checklist states how the racks comply; it must agree with the tables, rack by rack.",
          "Sheet 633a: discard_rack_equal_height No, discard_rack_taller_with_mark No",
          "Sheet 633a: discard_rack_equal_height Yes, discard_rack_taller_with_mark Yes (one rack of each kind)",
          "Answer Yes to each rack option some table uses, and No to any other.", discard_rack_answers,
          (cite("633a.2(g)(1)"), cite("633a.2(g)(2)"), cite("633a.2(h)"))),
    _rule("633A-102", "equipment.card-reader", _CARD_READER,
          "Every Blackjack table has a card reader device.",
          "Checks that the checklist answers Yes to 'card_reader_device' and that each 633a table lists 'card "
          "reader' in its Equipment column.",
          "The dealer checks the hole card for Blackjack with the reader, unseen by anyone (§ 633a.7(h)).",
          "Tables row: Chapter 633a, Equipment (blank)", "Tables row: Chapter 633a, Equipment 'card reader'",
          "Fit a card reader device and list it in the Equipment column.",
          _card_reader),
    _rule("633A-103", "equipment.bad-beat-systems", _BAD_BEAT_EQUIPMENT,
          "A table offering Bad Beat has a progressive system and an electronic wagering system.",
          "Checks that each table offering bad_beat lists 'progressive system' and 'electronic wagering system' "
          "(with its lock-out) in its Equipment column.",
          "The Bad Beat Wager is placed electronically at each position and locked out once dealing begins.",
          "Tables row: Wagers 'bad_beat', Equipment 'card reader'",
          "Tables row: Wagers 'bad_beat', Equipment 'card reader; progressive system; electronic wagering system'",
          "Fit both systems, or stop offering the Bad Beat Wager at the table.", _bad_beat_equipment),
    _rule("633A-104", "equipment.hit-and-run-progressive", _HIT_AND_RUN_EQUIPMENT,
          "A table offering Hit and Run has a progressive table game system.",
          "Checks that each table offering hit_and_run lists 'progressive system' in its Equipment column.",
          "The Hit and Run Wager is accepted and locked out by the progressive system's devices.",
          "Tables row: Wagers 'hit_and_run', Equipment 'card reader'",
          "Tables row: Wagers 'hit_and_run', Equipment 'card reader; progressive system'",
          "Fit a progressive table game system, or stop offering Hit and Run at the table.",
          _equipment(Equipment.PROGRESSIVE_SYSTEM, "hit_and_run")),
    _rule("633A-105", "dealing.hand-conditions", _HAND_DEALING,
          "Dealing from the hand is filed, uses at most two decks and an automated shuffler.",
          "Checks each table dealing from the hand: the checklist offers hand dealing, the table uses at most two "
          "decks in the game (decks per batch × batches: two alternating batches are both used in the game, so "
          "two batches of two decks are four) and an automated shuffler.",
          "Hand-dealt games let players touch the cards; the chapter allows it only under those conditions.",
          "Tables row: Dealing hand, Decks 2, Batches 2, Shuffler automated",
          "Tables row: Dealing hand, Decks 1, Batches 2, Shuffler automated",
          "Deal from a shoe, or use at most two decks and an automated shuffler.", _hand_dealing,
          (cite("633a.12(b)(1)"), cite("633a.12(b)(2)"))),
    _rule("633A-106", "dealing.double-shoe", _DOUBLE_SHOE,
          "A double shoe is filed, each side is its own stack, and the suits' sides are designated.",
          "Checks tables dealing from a double shoe against the checklist's double-shoe answer, warns when such a "
          "table also declares batches or a shuffler, and requires the hearts/diamonds side designation.",
          "The determinant card procedure (§ 633a.7(d)) depends on the suits designating the sides.",
          "Sheet 633a: double_shoe Yes, double_shoe_red_suits_side (blank)",
          "Sheet 633a: double_shoe_red_suits_side 'red backs'", "Designate the sides and file the double shoe.",
          _double_shoe, (cite("633a.7(d)(1)"),)),
    _rule("633A-107", "wagers.offered-in-checklist", _OFFERED,
          "A table offers an optional wager only if the checklist does, on the paytable the checklist selects.",
          "Checks each table's Wagers against the checklist's '<wager>_offered' answers (an error), that the Royal "
          "Match 21 and Bet the Set 21 paytables the checklist selects are ones the chapter prints (an error), and "
          "warns when a table names another of them than the checklist selects.",
          "Optional wagers may be offered only if the Rules Submission specifies them. " + PAYTABLE_DIFFERS_WHY,
          "Sheet 633a: royal_match_paytable C; Tables row: Wagers 'royal_match=D'",
          "Tables row: Wagers 'royal_match=C'", "Make the tables and the checklist agree.", _offered),
    _rule("633A-108", "progressive.bad-beat-reset", _BAD_BEAT_RESET,
          "The Bad Beat meter's reset is at least $5,000 and its rate of progression is filed.",
          "Checks the checklist's Bad Beat reset amount and each Bad Beat table's Progressive Reset ($) against the "
          "$5,000 minimum, and that the rate of progression is given.",
          "The chapter sets the meter's floor so that the top award is worth what the layout promises.",
          "Sheet 633a: bad_beat_reset_amount $2,500", "Sheet 633a: bad_beat_reset_amount $5,000",
          "Set the initial and reset amounts to at least $5,000.",
          _progressive("bad_beat", "bad_beat_reset_amount", "bad_beat_rate_of_progression", "bad_beat_reset")),
    _rule("633A-109", "progressive.hit-and-run-reset", _HIT_AND_RUN_RESET,
          "The Hit and Run meter's reset is at least $1,000 and its rate of progression is filed.",
          "Checks the checklist's Hit and Run reset amount and each Hit and Run table's Progressive Reset ($) against "
          "the $1,000 minimum, and that the rate of progression is given.",
          "The chapter sets the meter's floor.", "Sheet 633a: hit_and_run_reset_amount $500",
          "Sheet 633a: hit_and_run_reset_amount $1,000", "Set the initial and reset amounts to at least $1,000.",
          _progressive("hit_and_run", "hit_and_run_reset_amount", "hit_and_run_rate_of_progression",
                       "hit_and_run_reset")),
    _rule("633A-110", "payout.maximum-award", _MAXIMUM_PAYOUT,
          "A maximum payout on the 1,000-to-1 pair awards is at least $25,000 or one patron's maximum win.",
          "When the filing caps the queen-of-hearts / king-of-spades pair with dealer Blackjack awards, checks the "
          "cap, and whatever the checklist answers, each table's Payout Limit, against the greater of $25,000 and "
          "1,000 × the table maximum wager × the boxes one patron may play (reading 633a-maximum-payout-per-patron).",
          "A cap below one patron's possible win would take back an award the layout promises.",
          "Sheet 633a: maximum_payout_amount $20,000, maximum_side_wager $25",
          "Sheet 633a: maximum_payout_amount $25,000, maximum_side_wager $25",
          "Raise the cap, or lower the table maximum, and give the table maximum.", _maximum_payout),
    _rule("633A-111", "checklist.settlement-procedure", _SETTLEMENT,
          "The settlement procedure is (r)(1) or (r)(2).",
          "Checks that the checklist's settlement procedure is 1 or 2.",
          "The chapter permits exactly two procedures and the filing designates one.",
          "Sheet 633a: settlement_procedure 3", "Sheet 633a: settlement_procedure 1",
          "Answer 1 or 2.", settlement_procedure),
    _rule("633A-112", "wagers.dependent-options", _SUPER_MATCH,
          "Super Match only at Blackjack Switch tables; Crown Treasure only with Royal Match 21.",
          "Checks that a table offering super_match also offers switch, and that Crown Treasure is not offered "
          "without Royal Match 21.",
          "Super Match settles on the four cards of the two Switch hands; Crown Treasure is a Royal Match bonus.",
          "Tables row: Wagers 'super_match=633a.13(i)(1)'",
          "Tables row: Wagers 'switch; super_match=633a.13(i)(1)'", "Offer the parent game or wager.", _super_match,
          (cite("633a.7(g)(4)"),)),
    _rule("633A-113", "checklist.adjacent-boxes", _ADJACENT,
          "The number of adjacent boxes a player may wager on agrees with the Yes/No and fits the layout.",
          "Checks that the total number of boxes is at least 2 when more than one is allowed and fits each table (a "
          "warning), and is 1 when not allowed; a total left blank is the checklist rule's finding (633A-006).",
          "§ 633a.6(f) requires the Rules Submission to state it.",
          "Sheet 633a: adjacent_boxes_allowed Yes, max_adjacent_boxes 1",
          "Sheet 633a: max_adjacent_boxes 2", "State the number of boxes.", adjacent_boxes),
    shuffler_answers_rule(RULEBOOK, "633A-114", cite("633a.3(b)")),
)  # fmt: skip
