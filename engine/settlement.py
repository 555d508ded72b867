"""What a settled round says: each wager's outcome, its money, and the subsection that decided it."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import ROUND_HALF_EVEN, Decimal
from enum import StrEnum, unique
from fractions import Fraction

from pacomply.engine.cards import Card
from pacomply.regulations.citation import Citation


def dollars(amount: Fraction | Decimal | int) -> str:
    """Dollars and cents as a decimal string ('12.50', '-0.25'): how every stake, payout and net is shown, in text
    and JSON alike. Settlements are exact fractions; one that is not a whole number of cents is rounded half to
    even."""
    value = Fraction(amount)
    cents = (Decimal(value.numerator) / Decimal(value.denominator)).quantize(Decimal("0.01"), ROUND_HALF_EVEN)
    return f"{cents:.2f}"


def money_text(amount: Fraction | Decimal | int) -> str:
    """An amount inside an explanation: '$5' for whole dollars, '$1.25' otherwise (never a fraction such as
    '$5/4')."""
    value = Fraction(amount)
    if value.denominator == 1:
        return f"${value.numerator:,}" if value >= 0 else f"-${-value.numerator:,}"
    text = dollars(value)
    return f"${text}" if value >= 0 else f"-${text[1:]}"


@unique
class Outcome(StrEnum):
    """How a wager ended."""

    WIN = "win"
    """Paid at its odds."""
    LOSE = "lose"
    """Collected by the dealer."""
    PUSH = "push"
    """Returned to the player."""
    SURRENDER = "surrender"
    """Forfeited by the player's choice."""


@dataclass(frozen=True, slots=True)
class Settlement:
    """One wager's settlement. ``net`` is the player's gain (positive) or loss (negative)."""

    wager: str
    amount: Fraction
    outcome: Outcome
    net: Fraction
    citation: Citation
    explanation: str


@dataclass(frozen=True, slots=True)
class RoundResult:
    """A settled round: the cards as dealt, the facts derived from them, and each wager's settlement."""

    chapter: str
    cards: tuple[Card, ...]
    settlements: tuple[Settlement, ...]
    facts: tuple[tuple[str, str], ...] = field(default_factory=tuple)
    """Derived facts worth showing, e.g. (('total', '24'),)."""

    @property
    def net(self) -> Fraction:
        """The player's net result over every wager."""
        return sum((settlement.net for settlement in self.settlements), Fraction(0))


class ReplayError(ValueError):
    """A recorded round that cannot have happened, or cannot be read. Carries every problem found."""

    def __init__(self, problems: list[str] | tuple[str, ...]) -> None:
        self.problems = tuple(problems)
        super().__init__("; ".join(self.problems))
