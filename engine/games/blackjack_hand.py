"""Blackjack hand totals shared by chapters 633a and 685a: point values, hard/soft totals, Blackjack.

Aces count 11 unless that would take the hand over a limit, then 1: 21 for every hand in 633a (§ 633a.3(e)(3)) and
for the player in 685a; 22 for the dealer in 685a (§ 685a.3(d)(3)).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pacomply.engine.cards import ACE_ONE_POINTS, Card, Rank

BLACKJACK_TOTAL = 21


def _no_jokers() -> ValueError:
    return ValueError("blackjack is dealt without jokers")


def point_value(card: Card) -> int:
    """2-10 at face value, jack/queen/king 10, ace 1 (its 11 is decided by :func:`hand_total`)."""
    rank = card.rank
    if rank is None:
        raise _no_jokers()
    return ACE_ONE_POINTS[rank]


def is_ten_valued(card: Card) -> bool:
    """10, jack, queen or king."""
    return card.rank is not None and Rank.TEN <= card.rank <= Rank.KING


@dataclass(frozen=True, slots=True)
class HandTotal:
    """A hand's point count and whether an ace in it counts 11."""

    total: int
    soft: bool

    def __str__(self) -> str:
        return f"soft {self.total}" if self.soft else str(self.total)


def hand_total(cards: Sequence[Card], limit: int = BLACKJACK_TOTAL) -> HandTotal:
    """The total, counting aces as 11 while that keeps the hand at or under ``limit``.

    Each ace is 11 unless that would exceed the limit, so with the 685a dealer's limit of 22 an ace pair is 22;
    with 21 at most one ace can count 11 (the 685a conventional-ace candidate reading uses 21).
    """
    total = aces = 0
    for card in cards:
        rank = card.rank
        if rank is None:
            raise _no_jokers()
        value = ACE_ONE_POINTS[rank]
        total += value
        if value == 1:
            aces += 1
    return HandTotal(*_count_aces(total, aces, limit))


def hand_total_values(values: Sequence[int], limit: int = BLACKJACK_TOTAL) -> tuple[int, bool]:
    """:func:`hand_total` for point values (ace as 1): the analyses work on values, not cards."""
    return _count_aces(sum(values), values.count(1), limit)


def _count_aces(total: int, aces: int, limit: int) -> tuple[int, bool]:
    """The hard ``total`` (aces as 1) raised by 10 for each ace while it stays at or under ``limit``; soft if any."""
    elevens = 0
    for _ in range(aces):
        if total + 10 > limit:
            break
        total += 10
        elevens += 1
    return total, elevens > 0


def is_blackjack(cards: Sequence[Card]) -> bool:
    """An ace and a ten-valued card as the first two cards."""
    if len(cards) != 2:
        return False
    first, second = point_value(cards[0]), point_value(cards[1])
    return (first == 1 and second == 10) or (first == 10 and second == 1)
