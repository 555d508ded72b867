"""Rules of chapter 645a (Pai Gow Poker): the shared families plus dealing, equipment, wagers, house way and floors."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from fractions import Fraction

from pacomply.checker.registry import CheckContext, Finding, Rule, Severity, make_doc
from pacomply.checker.rules.common import (
    FixedOdds,
    discard_rack_present_rule,
    progressive_reset_fix,
    progressive_system_missing,
    shared_rules,
    shuffler_answers_rule,
)
from pacomply.checker.rules.pai_gow_common import (
    dealing_answers_rule,
    house_way_rule,
    offered_wagers_rule,
    starting_position_rule,
)
from pacomply.regulations.chapter_645a import (
    FORTUNE_ODDS,
    INSURANCE_ODDS,
    MINIMUM_PAYOUT_LIMIT,
    MINIMUM_PROGRESSIVE_RESET,
    MINIMUM_QUALIFYING_WAGER,
    RULEBOOK,
)
from pacomply.regulations.citation import cite
from pacomply.regulations.rulebook import Equipment

_PAYOUT_LIMIT = cite("645a.13(f)")
_PROGRESSIVE_RESET = cite("645a.13(e)(2)")
_QUALIFYING = cite("645a.1")
_PROGRESSIVE_SYSTEM = cite("645a.2(d)")

_TOP_ODDS = {
    "fortune": {table: odds[0] for table, odds in FORTUNE_ODDS.items()},
    "emperors_treasure": {table: odds[0] for table, odds in FORTUNE_ODDS.items()},
    "insurance": {table: odds[0] for table, odds in INSURANCE_ODDS.items()},
}


def maximum_win_at_minimum(minimum_wager: Decimal, offered: dict[str, str | None]) -> Decimal:
    """Reading 645a-payout-limit-maximum-win: minimum × (1 + top fixed odds of each offered optional wager)."""
    multiple = Decimal(1)
    for wager, paytable in offered.items():
        table_odds = _TOP_ODDS.get(wager)
        if table_odds is None:
            continue
        multiple += Decimal(table_odds.get((paytable or "").upper(), max(table_odds.values())))
    return minimum_wager * multiple


def money(value: object) -> Decimal | None:
    """A money answer as read from xlsx (Decimal) or JSON (int, float or text); None when absent or not a number."""
    if value is None or isinstance(value, bool):
        return None
    try:
        return Decimal(str(value))
    except ArithmeticError:
        return None


def _payout_limit(context: CheckContext, rule: Rule) -> Iterator[Finding]:
    limit = money(context.answer("payout_limit"))
    minimum = money(context.answer("minimum_wager"))
    limits: list[tuple[Decimal, object, dict[str, str | None]]] = []
    if limit is not None:
        answered = {
            wager: context.answer(f"{wager}_paytable")
            for wager in ("fortune", "emperors_treasure", "insurance")
            if context.answer(f"{wager}_offered") is True
        }
        paytables = {wager: None if answer is None else str(answer) for wager, answer in answered.items()}
        limits.append((limit, context.answer_location("payout_limit"), paytables))
    for table in context.tables:
        if table.payout_limit is not None:
            offered_here = {w.wager: w.paytable for w in table.wagers}
            limits.append((table.payout_limit, table, offered_here))
    for amount, where, offered in limits:
        floor = MINIMUM_PAYOUT_LIMIT
        reason = "$50,000"
        if minimum is not None:
            most = maximum_win_at_minimum(minimum, offered)
            if most > floor:
                floor, reason = most, f"${most:,} (the most one player can win betting the ${minimum} minimum)"
        if amount < floor:
            subject = f"table {where.table_id}'s payout limit" if hasattr(where, "table_id") else "the payout limit"
            location = where.location_of("payout_limit") if hasattr(where, "location_of") else where
            yield rule.finding(
                f"{subject} is ${amount:,}; a per-hand limit must be at least {reason}",
                location,  # type: ignore[arg-type]
                where if hasattr(where, "table_id") else None,  # type: ignore[arg-type]
                fix=f"Raise {subject} to at least ${floor:,}, or establish none.",
            )


def _progressive_reset(context: CheckContext, rule: Rule) -> Iterator[Finding]:
    reset = money(context.answer("progressive_reset"))
    if reset is not None and reset < MINIMUM_PROGRESSIVE_RESET:
        yield rule.finding(
            f"the progressive initial/reset amount is ${reset:,}; it must be at least ${MINIMUM_PROGRESSIVE_RESET:,}",
            context.answer_location("progressive_reset"),
            fix=f"Answer the checklist's initial and reset amount with ${MINIMUM_PROGRESSIVE_RESET:,} or more.",
        )
    for table in context.tables:
        if table.offers("progressive") is None:
            continue
        if table.progressive_reset is not None and table.progressive_reset < MINIMUM_PROGRESSIVE_RESET:
            yield rule.finding(
                f"table {table.table_id}'s progressive reset is ${table.progressive_reset:,}; it must be at least "
                f"${MINIMUM_PROGRESSIVE_RESET:,}",
                table.location_of("progressive_reset"),
                table,
                fix=progressive_reset_fix(table, MINIMUM_PROGRESSIVE_RESET, "the chapter's least reset amount"),
            )
        yield from progressive_system_missing(rule, table, RULEBOOK.wager("progressive"), _PROGRESSIVE_SYSTEM)


def _qualifying_wager(context: CheckContext, rule: Rule) -> Iterator[Finding]:
    amount = money(context.answer("envy_qualifying_wager"))
    if amount is not None and amount < MINIMUM_QUALIFYING_WAGER:
        yield rule.finding(
            f"Envy Bonuses are offered from a ${amount} wager; a Qualifying Wager is at least "
            f"${MINIMUM_QUALIFYING_WAGER}",
            context.answer_location("envy_qualifying_wager"),
        )


#: The base wager pays even money (§ 645a.13(a)); odds written beside it must be 1 to 1.
FIXED_ODDS = {"base": FixedOdds(frozenset({Fraction(1)}), cite("645a.13(a)"))}

RULES = (
    *shared_rules(RULEBOOK, wagers_citation=cite("645a.7(e)"), fixed_odds=FIXED_ODDS),
    dealing_answers_rule(RULEBOOK, "645A-101", cite("645a.8(a)"), cite("645a.9(a)(1)")),
    starting_position_rule(
        RULEBOOK,
        "645A-102",
        cite("645a.5(i)"),
        {
            "starting_position_shaker": Equipment.SHAKER,
            "starting_position_rng": Equipment.RNG,
            "starting_position_flat_button": Equipment.FLAT_BUTTON,
        },
        cite("645a.5(i)(3)"),
    ),
    offered_wagers_rule(
        RULEBOOK,
        "645A-103",
        {
            "fortune": "fortune_offered",
            "emperors_treasure": "emperors_treasure_offered",
            "insurance": "insurance_offered",
            "progressive": "progressive_offered",
        },
        {
            "fortune": "fortune_paytable",
            "emperors_treasure": "emperors_treasure_paytable",
            "insurance": "insurance_paytable",
        },
    ),
    house_way_rule(RULEBOOK, "645A-104", cite("645a.11(c)")),
    Rule(
        code="645A-105",
        name="limits.payout-limit-floor",
        chapter="645a",
        severity=Severity.ERROR,
        citation=_PAYOUT_LIMIT,
        summary="A per-hand payout limit is at least $50,000 or the most one player can win at the minimum bet.",
        doc=make_doc(
            what="Checks the checklist's payout limit and each table's Payout Limit ($) against the floor: $50,000, "
            "or the filed minimum wager times 1 plus the top odds of each fixed-odds optional wager offered "
            "(reading 645a-payout-limit-maximum-win), whichever is greater. Envy Bonuses are never limited.",
            why="The chapter lets a licensee cap a hand's payout only above that floor.",
            example="Sheet 645a: payout_limit $25,000",
            instead="Sheet 645a: payout_limit $50,000 (or more when $5 × 8,001 on Fortune A exceeds it: $40,005)",
            citation=_PAYOUT_LIMIT,
        ),
        fix="Raise the payout limit to the floor, or establish none.",
        check_function=_payout_limit,
    ),
    Rule(
        code="645A-106",
        name="progressive.reset-and-system",
        chapter="645a",
        severity=Severity.ERROR,
        citation=_PROGRESSIVE_RESET,
        summary="The progressive initial/reset amount is at least $2,000 and the table has a progressive system.",
        doc=make_doc(
            what="Checks the checklist's and each table's progressive reset against the $2,000 floor, and that a "
            "table offering the Progressive Payout Wager lists a progressive system.",
            why="The chapter sets the meter's least starting amount and requires a progressive table game system.",
            example="Sheet 645a: progressive_reset $1,000",
            instead="Sheet 645a: progressive_reset $2,000; Tables row: Equipment 'progressive system'",
            citation=_PROGRESSIVE_RESET,
            more=(_PROGRESSIVE_SYSTEM,),
        ),
        fix="Set the reset to at least $2,000 and list the progressive system on the table.",
        check_function=_progressive_reset,
    ),
    Rule(
        code="645A-107",
        name="envy.qualifying-wager",
        chapter="645a",
        severity=Severity.ERROR,
        citation=_QUALIFYING,
        summary="Envy Bonuses go only to Fortune Bonus or Emperor's Treasure Wagers of at least $5.",
        doc=make_doc(
            what="Checks the filed least qualifying wager for the Envy Bonus against the chapter's $5.",
            why="The chapter defines a Qualifying Wager as a Fortune Bonus or Emperor's Treasure Wager of $5 or more.",
            example="Sheet 645a: envy_qualifying_wager $1",
            instead="Sheet 645a: envy_qualifying_wager $5",
            citation=_QUALIFYING,
        ),
        fix="Pay Envy Bonuses only on Qualifying Wagers of $5 or more.",
        check_function=_qualifying_wager,
    ),
    discard_rack_present_rule(RULEBOOK, "645A-108", cite("645a.2(f)")),
    shuffler_answers_rule(RULEBOOK, "645A-109", cite("645a.3(b)")),
)
