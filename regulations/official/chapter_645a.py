"""The figures chapter 645a prints beside its paytables that the rulebook keeps in the chapter module's tables:
each Fortune and Emperor's Treasure paytable's Envy amounts. ``regulations.official.comparison`` looks for each in
the subsection cited."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

from pacomply.regulations.chapter_645a import ENVY_AMOUNTS
from pacomply.regulations.citation import Citation


def printed_figures() -> Iterator[tuple[Citation, str, Fraction, str]]:
    """(where, kind of figure, amount, label) for each figure, in the comparison's order."""
    for paytable_id, amounts in sorted(ENVY_AMOUNTS.items()):
        for wager, subsection in (("Fortune", "13(b)"), ("Emperor's Treasure", "13(c)")):
            for amount in amounts:
                yield Citation("645a", subsection), "dollars", Fraction(amount), f"{wager} {paytable_id} Envy"
