"""The figures chapter 688a prints beside its paytables that the rulebook keeps in the chapter module's tables: the
Fortune paytables' Envy amounts and each progressive paytable's wager, meter seed, rates and Envy amounts.
``regulations.official.comparison`` looks for each in the subsection cited."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

from pacomply.regulations.chapter_688a import FORTUNE_ENVY, PROGRESSIVE_TABLES
from pacomply.regulations.citation import Citation


def printed_figures() -> Iterator[tuple[Citation, str, Fraction, str]]:
    """(where, kind of figure, amount, label) for each figure, in the comparison's order."""
    for paytable_id, amounts in sorted(FORTUNE_ENVY.items()):
        for amount in amounts:
            yield Citation("688a", "12(c)"), "dollars", Fraction(amount), f"Fortune {paytable_id} Envy"
    for paytable_id, table in sorted(PROGRESSIVE_TABLES.items()):
        where = Citation("688a", "12(d)")
        name = f"Progressive {paytable_id}"
        yield where, "dollars", Fraction(table.wager), f"{name} wager"
        yield where, "dollars", Fraction(table.meter_seed), f"{name} meter seed"
        yield where, "percent", table.rate_of_progression * 100, f"{name} rate of progression"
        if table.reserve_rate:
            yield where, "percent", table.reserve_rate * 100, f"{name} reserve rate"
        for outcome, envy_amount in table.envy:
            yield where, "dollars", Fraction(envy_amount), f"{name} Envy {outcome}"
