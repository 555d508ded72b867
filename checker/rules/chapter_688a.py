"""Rules of chapter 688a (Face Up Pai Gow Poker): the shared families plus dealing, equipment, wagers, house way,
and each progressive paytable's meter seed."""

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
from pacomply.regulations.chapter_688a import PROGRESSIVE_TABLES, RULEBOOK
from pacomply.regulations.citation import cite
from pacomply.regulations.paytable_resolution import resolve_paytable
from pacomply.regulations.rulebook import Equipment

_PROGRESSIVE = cite("688a.12(d)")
_PROGRESSIVE_SYSTEM = cite("688a.2(d)")


def _progressive(context: CheckContext, rule: Rule) -> Iterator[Finding]:
    for table in context.tables:
        offered = table.offers("progressive")
        if offered is None:
            continue
        resolved = resolve_paytable(RULEBOOK, "progressive", offered.paytable, table.decks, context.answer)
        spec = PROGRESSIVE_TABLES.get(resolved.paytable.id) if resolved is not None else None
        if spec is not None and table.progressive_reset is not None and table.progressive_reset < spec.meter_seed:
            assert resolved is not None
            yield rule.finding(
                f"table {table.table_id}'s progressive reset is ${table.progressive_reset:,}; {resolved.describe()} "
                f"seeds its meter at ${spec.meter_seed:,}",
                table.location_of("progressive_reset"),
                table,
                fix=progressive_reset_fix(table, spec.meter_seed, f"paytable {resolved.paytable.id}'s seed"),
            )
        yield from progressive_system_missing(rule, table, RULEBOOK.wager("progressive"), _PROGRESSIVE_SYSTEM)


def seed_of(paytable_id: str) -> Decimal:
    """The printed meter seed of a progressive paytable."""
    return PROGRESSIVE_TABLES[paytable_id].meter_seed


#: The base wager pays even money (§ 688a.12(a)); odds written beside it must be 1 to 1.
FIXED_ODDS = {"base": FixedOdds(frozenset({Fraction(1)}), cite("688a.12(a)"))}

RULES = (
    *shared_rules(RULEBOOK, wagers_citation=cite("688a.7(e)"), fixed_odds=FIXED_ODDS),
    dealing_answers_rule(RULEBOOK, "688A-101", cite("688a.8(a)"), cite("688a.9(a)(1)")),
    starting_position_rule(
        RULEBOOK,
        "688A-102",
        cite("688a.2(c)"),
        {"starting_position_shaker": Equipment.SHAKER, "starting_position_rng": Equipment.RNG},
        None,
    ),
    offered_wagers_rule(
        RULEBOOK,
        "688A-103",
        {"ace_high": "ace_high_offered", "fortune": "fortune_offered", "progressive": "progressive_offered"},
        {"ace_high": "ace_high_paytable", "fortune": "fortune_paytable", "progressive": "progressive_paytable"},
    ),
    house_way_rule(RULEBOOK, "688A-104", cite("688a.11(a)")),
    Rule(
        code="688A-105",
        name="progressive.meter-seed-and-system",
        chapter="688a",
        severity=Severity.ERROR,
        citation=_PROGRESSIVE,
        summary="A progressive table resets at least to its paytable's meter seed and has a progressive system.",
        doc=make_doc(
            what="Checks each table offering the Progressive Payout Wager: its Progressive Reset ($) is at least the "
            "Meter Seed printed under its paytable (1: $10,000 … 7: $1,000), and it lists a progressive system.",
            why="Each § 688a.12(d) paytable is approved with its seed and rate of progression; a lower reset changes "
            "the wager's return, and the chapter requires a progressive table game system.",
            example="Tables row: Wagers 'progressive=1', Progressive Reset ($) 2000",
            instead="Tables row: Wagers 'progressive=1', Progressive Reset ($) 10000, Equipment 'progressive system'",
            citation=_PROGRESSIVE,
            more=(_PROGRESSIVE_SYSTEM,),
        ),
        fix="Reset the meter at least to the paytable's seed, and list the progressive system on the table.",
        check_function=_progressive,
    ),
    discard_rack_present_rule(RULEBOOK, "688A-106", cite("688a.2(f)")),
    shuffler_answers_rule(RULEBOOK, "688A-107", cite("688a.3(b)")),
)
