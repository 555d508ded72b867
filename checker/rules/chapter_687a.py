"""Rules of chapter 687a (DJ Wild Stud Poker): the shared families plus the Board's checklist against the tables.

The shared families enforce six positions, one 53-card deck (two alternating with an automated shuffler), the card
change every 4 h by hand and 8 h from a shoe, the dealing methods, and the permitted paytables. The chapter sets no
rack height, so 687A-101 checks only that a rack is there.
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
    differs_from_checklist,
    discard_rack_present_rule,
    paytable_differs,
    progressive_reset_fix,
    progressive_system_missing,
    shared_rules,
    wager_not_offered,
)
from pacomply.regulations.chapter_687a import PROGRESSIVE_SEED, PROGRESSIVE_WAGER, RULEBOOK
from pacomply.regulations.citation import cite
from pacomply.regulations.paytable_resolution import PaytableByAmount, resolve_paytable
from pacomply.regulations.rulebook import DealingMethod, Shuffler, in_words

_RACK = cite("687a.2(d)")
_HAND_DEAL = cite("687a.9(a)(1)")
_DEALING = cite("687a.8(a)")
_OPTIONAL = cite("687a.7(d)")
_PROGRESSIVE = cite("687a.12(c)")
_ADJACENT = cite("687a.7(e)")

#: § 687a.12(c) ties each Progressive paytable to its wager ($1: Paytable 1, $5: Paytable 2); the checklist's required
#: bet selects the paytable of a table that names none.
PAYTABLES_BY_AMOUNT = (
    PaytableByAmount("progressive", "progressive_wager_amount", tuple(PROGRESSIVE_WAGER.items()), _PROGRESSIVE),
)

_OFFERED = {"progressive": "progressive_offered", "trips": "trips_offered", "bad_beat": "bad_beat_offered"}
_PAYTABLE_KEY = {"trips": "trips_paytable", "bad_beat": "bad_beat_paytable"}
_DEALING_KEYS = {
    DealingMethod.SHOE: "manual_dealing_shoe",
    DealingMethod.HAND: "dealt_from_hand",
    DealingMethod.AUTOMATED_SHOE: "automated_dealing_shoe",
}


def _hand_dealing_needs_shuffler(context: CheckContext, rule: Rule) -> Iterator[Finding]:
    for table in context.tables:
        if table.dealing == DealingMethod.HAND and table.shuffler == Shuffler.NONE:
            yield rule.finding(
                f"table {table.table_id} deals from the hand but shuffles by hand; dealing from the hand requires an "
                "automated shuffler",
                table.location_of("shuffler"),
                table,
            )
    if context.answer("dealt_from_hand") is True and context.answer("automated_shuffler") is False:
        yield rule.finding(
            "the checklist deals from the dealer's hand but answers No to using an automated shuffler",
            context.answer_location("automated_shuffler"),
        )


def _dealing_answers(context: CheckContext, rule: Rule) -> Iterator[Finding]:
    # Each contradiction cites the section governing the way of dealing in question (8 manual shoe, 9 hand,
    # 10 automated shoe), and a shuffler contradiction the shuffler subsection.
    for method, key in _DEALING_KEYS.items():
        answer = context.answer(key)
        section = RULEBOOK.question(key).section
        using = [table for table in context.tables if table.dealing == method]
        if answer is False:
            for table in using:
                yield rule.finding(
                    f"table {table.table_id} deals from {in_words(method)} but the checklist answers No to "
                    f"{asked(RULEBOOK, key)}",
                    table.location_of("dealing"),
                    table,
                    citation=section,
                )
        elif answer is True and context.tables and not using:
            yield rule.finding(
                f"the checklist answers Yes to {asked(RULEBOOK, key)} but no table deals from {in_words(method)}",
                context.answer_location(key),
                severity=Severity.WARNING,
                citation=section,
            )
    automated = context.answer("automated_shuffler")
    if automated is False:
        for table in context.tables:
            if table.shuffler != Shuffler.NONE:
                yield rule.finding(
                    f"table {table.table_id} uses {in_words(table.shuffler)} but the checklist answers No to "
                    f"{asked(RULEBOOK, 'automated_shuffler')}",
                    table.location_of("shuffler"),
                    table,
                    citation=RULEBOOK.question("automated_shuffler").section,
                )


def _optional_wagers(context: CheckContext, rule: Rule) -> Iterator[Finding]:
    for wager, key in _OFFERED.items():
        offered = context.answer(key)
        for table in context.tables:
            offer = table.offers(wager)
            if offer is None:
                continue
            if offered is False:
                yield wager_not_offered(rule, table, RULEBOOK.wager(wager), key)
            paytable_key = _PAYTABLE_KEY.get(wager)
            selected = checklist_paytable(context, RULEBOOK, paytable_key) if paytable_key is not None else None
            if paytable_key and selected and differs_from_checklist(RULEBOOK, wager, offer.paytable, selected):
                assert offer.paytable is not None
                section = RULEBOOK.question(paytable_key).section
                named = offer.paytable
                yield paytable_differs(rule, table, RULEBOOK.wager(wager), named, selected, paytable_key, section)
    for wager, key in _PAYTABLE_KEY.items():
        yield from checklist_paytable_not_permitted(rule, context, RULEBOOK, wager, key)


def _money(value: object) -> Decimal | object:
    """A money answer as a Decimal, however the reader delivered it (xlsx: Decimal; JSON: number or text)."""
    if isinstance(value, bool) or value is None or isinstance(value, Decimal):
        return value
    try:
        return Decimal(str(value).replace("$", "").replace(",", "").strip())
    except ArithmeticError:
        return value


def _progressive(context: CheckContext, rule: Rule) -> Iterator[Finding]:
    amount = _money(context.answer("progressive_wager_amount"))
    if (
        context.answer("progressive_offered") is True
        and amount is not None
        and (not isinstance(amount, Decimal) or amount not in set(PROGRESSIVE_WAGER.values()))
    ):
        yield rule.finding(
            f"the Progressive Bonus Wager is ${amount}; the chapter's paytables take $1 (paytable 1) or $5 "
            "(paytable 2)",
            context.answer_location("progressive_wager_amount"),
        )
    for table in context.tables:
        offer = table.offers("progressive")
        if offer is None:
            continue
        yield from progressive_system_missing(rule, table, RULEBOOK.wager("progressive"), cite("687a.8(c)"))
        resolved = resolve_paytable(
            RULEBOOK, "progressive", offer.paytable, table.decks, context.answer, PAYTABLES_BY_AMOUNT
        )
        if resolved is None:
            continue  # 687A-007 reports a paytable the chapter does not permit, or none that can be resolved
        paytable = resolved.paytable.id
        described = resolved.describe()
        selects_other = amount in PROGRESSIVE_WAGER.values() and amount != PROGRESSIVE_WAGER[paytable]
        if isinstance(amount, Decimal) and selects_other:
            # The checklist's required bet selects a paytable as a paytable answer does; a table naming the other
            # is the same contradiction, with the same severity in every chapter.
            selected = next(p for p, paid_on in PROGRESSIVE_WAGER.items() if paid_on == amount)
            yield paytable_differs(
                rule,
                table,
                RULEBOOK.wager("progressive"),
                f"{paytable} (a ${PROGRESSIVE_WAGER[paytable]} wager)",
                f"paytable {selected} (a ${amount} wager)",
                "progressive_wager_amount",
                _PROGRESSIVE,
            )
        reset = table.progressive_reset
        if reset is None:
            yield rule.finding(
                f"table {table.table_id} offers Progressive {described} but gives no reset amount "
                f"(seed ${PROGRESSIVE_SEED[paytable]:,})",
                table.location_of("progressive_reset"),
                table,
                fix=progressive_reset_fix(table, PROGRESSIVE_SEED[paytable], f"paytable {paytable}'s seed"),
            )
        elif reset < PROGRESSIVE_SEED[paytable]:
            yield rule.finding(
                f"table {table.table_id} resets the Progressive meter to ${reset:,}; {described} seeds and "
                f"re-seeds at ${PROGRESSIVE_SEED[paytable]:,}",
                table.location_of("progressive_reset"),
                table,
                fix=progressive_reset_fix(table, PROGRESSIVE_SEED[paytable], f"paytable {paytable}'s seed"),
            )


#: Paytables whose figures rest on a reading the Board should confirm, with that reading's id.
_READING_PAYTABLES = {("trips", "DJWT-07"): "687a-djwt-07-three-of-a-kind"}
_READING_WAGERS = {"bad_beat": "687a-bad-beat"}


def _paytable_readings(context: CheckContext, rule: Rule) -> Iterator[Finding]:
    for table in context.tables:
        for table_wager in table.wagers:
            reading_id = _READING_PAYTABLES.get((table_wager.wager, (table_wager.paytable or "").upper()))
            reading_id = reading_id or _READING_WAGERS.get(table_wager.wager)
            if reading_id is None:
                continue
            reading = RULEBOOK.reading(reading_id)
            label = RULEBOOK.wager(table_wager.wager).name
            label += f" on paytable {table_wager.paytable}" if table_wager.paytable else ""
            yield rule.finding(
                f"table {table.table_id} offers the {label}, whose house edge rests on a reading the Board should "
                f"confirm: {reading.choice}",
                table.location_of("wagers"),
                table,
                citation=reading.citation,
            )


#: The Ante and Raise Wagers pay even money (§ 687a.12(a)); odds written beside the Ante must be 1 to 1.
FIXED_ODDS = {"base": FixedOdds(frozenset({Fraction(1)}), cite("687a.12(a)"))}

RULES = (
    *shared_rules(
        RULEBOOK, wagers_citation=cite("687a.7(d)"), fixed_odds=FIXED_ODDS, paytables_by_amount=PAYTABLES_BY_AMOUNT
    ),
    discard_rack_present_rule(RULEBOOK, "687A-101", _RACK),
    Rule(
        code="687A-102",
        name="dealing.hand-needs-automated-shuffler",
        chapter="687a",
        severity=Severity.ERROR,
        citation=_HAND_DEAL,
        summary="Cards dealt from the dealer's hand are shuffled by an automated shuffler.",
        doc=make_doc(
            what="Checks that no table deals from the hand with a hand shuffle, and that the checklist does not deal "
            "from the hand while answering No to an automated shuffler.",
            why="§ 687a.9(a)(1) makes an automated shuffling device a condition of dealing from the hand.",
            example="Tables row: Chapter 687a, Dealing hand, Shuffler none",
            instead="Tables row: Chapter 687a, Dealing hand, Shuffler automated",
            citation=_HAND_DEAL,
        ),
        fix="Use an automated shuffler at tables dealt from the hand, or deal from a shoe.",
        check_function=_hand_dealing_needs_shuffler,
    ),
    Rule(
        code="687A-103",
        name="checklist.dealing-consistent",
        chapter="687a",
        severity=Severity.ERROR,
        citation=_DEALING,
        summary="The checklist's dealing and shuffler answers agree with the tables.",
        doc=make_doc(
            what="Checks each table's Dealing column against the checklist's manual shoe, dealer's hand and "
            "automated shoe answers, and its Shuffler against the automated-shuffler answer; warns when a method "
            "answered Yes is used at no table.",
            why="The Board approves the dealing procedures the Rules Submission declares (§ 687a.8-10).",
            example="Sheet 687a: automated_dealing_shoe No; Tables row: Dealing automated shoe",
            instead="Sheet 687a: automated_dealing_shoe Yes",
            citation=_DEALING,
            more=(cite("687a.9(a)"), cite("687a.10(a)"), cite("687a.3(b)")),
        ),
        fix="Make the checklist's dealing and shuffler answers match the tables.",
        check_function=_dealing_answers,
    ),
    Rule(
        code="687A-104",
        name="wagers.optional-specified",
        chapter="687a",
        severity=Severity.ERROR,
        citation=_OPTIONAL,
        summary="Optional wagers are offered only if the checklist offers them, on the paytable it selects.",
        doc=make_doc(
            what="Checks that no table offers the Progressive, Trips or Two-Way Bad Beat wager the checklist says is "
            "not offered, that the checklist's Trips and Bad Beat paytables are ones the chapter permits, and warns "
            "when a table names a different paytable.",
            why="§ 687a.7(d)(2)-(4) allow the optional wagers only if specified in the Rules Submission, paid from a "
            "paytable selected there (§ 687a.12(c)-(e)). " + PAYTABLE_DIFFERS_WHY,
            example="Sheet 687a: trips_offered No; Tables row: Wagers 'trips=DJWT-04'",
            instead="Sheet 687a: trips_offered Yes, trips_paytable DJWT-04",
            citation=_OPTIONAL,
            more=(cite("687a.12(d)"), cite("687a.12(e)")),
        ),
        fix="Answer Yes to offering the wager and select its paytable, or remove it from the table.",
        check_function=_optional_wagers,
    ),
    Rule(
        code="687A-105",
        name="progressive.configuration",
        chapter="687a",
        severity=Severity.ERROR,
        citation=_PROGRESSIVE,
        summary="A Progressive is a $1 or $5 wager matching its paytable, with a system and a meter at its seed.",
        doc=make_doc(
            what="Checks that the Progressive's required bet is $1 (paytable 1) or $5 (paytable 2), that each table "
            "offering it lists a progressive table game system, and that its reset amount is at least the seed "
            "($2,000 or $10,000) of its paytable: the one the table names, else the one the checklist's required bet "
            "selects (the finding says which and how). A table naming the other paytable than the required bet "
            "selects is a warning.",
            why="§ 687a.12(c) fixes the wager and the seed and re-seed of each Progressive paytable; the wager is "
            "collected through the progressive system's sensor and keypad (§ 687a.8(c)). " + PAYTABLE_DIFFERS_WHY,
            example="Tables row: Wagers 'progressive=2', Progressive Reset ($) 5000, Equipment (blank)",
            instead="Tables row: Wagers 'progressive=2', Progressive Reset ($) 10000, Equipment 'progressive system'",
            citation=_PROGRESSIVE,
            more=(cite("687a.8(c)"),),
        ),
        fix="Take a $1 wager on paytable 1 or $5 on paytable 2, seed the meter at the paytable's amount, and list the "
        "progressive system.",
        check_function=_progressive,
    ),
    Rule(
        code="687A-106",
        name="paytable.reading-to-confirm",
        chapter="687a",
        severity=Severity.INFO,
        citation=cite("687a.12(d)"),
        summary="A paytable whose printed figures need a reading (DJWT-07, Two-Way Bad Beat) is pointed out.",
        doc=make_doc(
            what="Notes each table that offers the Trips Bonus on DJWT-07, or the Two-Way Bad Beat, and names the "
            "reading of the chapter that its house edge depends on.",
            why="DJWT-07 prints one figure for three of a kind where the other paytables print two, and the chapter "
            "pays the Two-Way Bad Beat only on the player's own losing hand: the hold a reviewer sees depends on "
            "how those lines are read, so the Board should confirm them when they are filed.",
            example="Tables row: Chapter 687a, Wagers 'trips=DJWT-07'",
            instead="Tables row: Chapter 687a, Wagers 'trips=DJWT-04' (or keep DJWT-07 and confirm its reading)",
            citation=cite("687a.12(d)"),
            more=(cite("687a.11(f)(3)"),),
        ),
        fix="Confirm with the Board how the paytable is to be read, or choose a paytable that needs no reading.",
        check_function=_paytable_readings,
    ),
    Rule(
        code="687A-107",
        name="checklist.adjacent-boxes",
        chapter="687a",
        severity=Severity.ERROR,
        citation=_ADJACENT,
        summary="The number of adjacent boxes a player may wager on agrees with the Yes/No and fits the layout.",
        doc=make_doc(
            what="Checks that when wagers on more than one adjacent box are allowed the total number of boxes is at "
            "least 2 and fits each table (a warning), and that when they are not allowed the total is 1. A total "
            "left blank is the checklist rule's finding (687A-006).",
            why="§ 687a.7(e) requires the Rules Submission to state the number of boxes; a No beside a total of "
            "three answers the one question two ways.",
            example="Sheet 687a: adjacent_boxes_allowed No, max_adjacent_boxes 3",
            instead="Sheet 687a: adjacent_boxes_allowed No, max_adjacent_boxes 1",
            citation=_ADJACENT,
        ),
        fix="Make the Yes/No and the number of boxes agree.",
        check_function=adjacent_boxes,
    ),
)
