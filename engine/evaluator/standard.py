"""Standard poker: the best five of five to seven cards (no wild cards), scalar and batch.

Values are packed ints (see :mod:`engine.evaluator.categories`); larger is better. Five-card values fall into the
textbook 7,462 classes; :func:`standard_strength` maps any value to its dense class number 1 (7-5-4-3-2 offsuit)
.. 7462 (royal flush).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np
from pacomply.engine.evaluator import kernels
from pacomply.engine.evaluator._cards import CardLike, hand_array, hands_array
from pacomply.engine.evaluator.categories import CATEGORY_SHIFT, HandCategory
from pacomply.engine.evaluator.tables import get_tables

STANDARD_SIZES = (5, 6, 7)


@dataclass(frozen=True, order=True, slots=True)
class StandardHand:
    """A standard hand's packed value (ordering compares hands) and its category."""

    value: int
    category: HandCategory

    @property
    def strength(self) -> int:
        """Dense class number of the best five cards, 1..7462."""
        return int(standard_strength(np.array([self.value]))[0])


def standard_value(cards: Iterable[CardLike]) -> int:
    """Packed value of the best five of 5..7 standard cards."""
    hand = hand_array(cards, STANDARD_SIZES, allow_joker=False, game="standard poker")
    tables = get_tables()
    values = kernels.standard_values(hand[None, :], tables.offsets, tables.standard_multiset, tables.standard_flush)
    return int(values[0])


def evaluate_standard(cards: Iterable[CardLike]) -> StandardHand:
    """Best five of 5..7 standard cards."""
    value = standard_value(cards)
    return StandardHand(value, HandCategory(value >> CATEGORY_SHIFT))


def standard_values(hands: np.ndarray | Sequence[Sequence[int]]) -> np.ndarray:
    """Batch: packed values (``int32``) of an ``(n, 5..7)`` array of card indices (compiled loop)."""
    array = hands_array(hands, STANDARD_SIZES, allow_joker=False)
    tables = get_tables()
    return kernels.standard_values(array, tables.offsets, tables.standard_multiset, tables.standard_flush)


def standard_strength(values: np.ndarray) -> np.ndarray:
    """Dense class numbers 1..7462 of packed standard values."""
    return np.searchsorted(get_tables().standard_classes, values) + 1


def standard_categories(values: np.ndarray) -> np.ndarray:
    """Category numbers (:class:`HandCategory`) of packed values."""
    return np.asarray(values) >> CATEGORY_SHIFT


def count_five_card_categories() -> dict[HandCategory, int]:
    """How many of the C(52,5) = 2,598,960 hands fall in each category (exact enumeration, ~0.15 s compiled)."""
    tables = get_tables()
    parts = 1
    counts = kernels.count_standard_five(parts, tables.offsets, tables.standard_multiset, tables.standard_flush)
    return {category: int(counts[category]) for category in HandCategory}


def all_five_card_values() -> np.ndarray:
    """Every C(52,5) hand's value, hands in lexicographic order of their card indices."""
    tables = get_tables()
    return kernels.count_standard_values_five(tables.offsets, tables.standard_multiset, tables.standard_flush)
