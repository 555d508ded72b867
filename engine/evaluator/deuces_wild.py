"""DJ Wild Stud Poker (58 Pa. Code chapter 687a): five cards, the four deuces and the joker wild.

Two questions, two APIs:

* **Strength** (player against dealer, § 687a.11(e)): :func:`deuces_wild_value` — every wild card used to best
  effect, ranked Five Wilds > royal flush > five of a kind > straight flush > ... (:class:`WildHandCategory`).
  Natural and wild hands of one category rank alike.
* **Payout** (Trips, Blind, Bad Beat paytables, § 687a.12): :func:`best_payout` — the interpretation that pays the
  player most under a :class:`WildPaytable`, which has a natural column and a with-wild column. A wild card *may*
  be used (§ 687a.6(b)); reading: a deuce may stand as a two, so a hand whose deuces all stand as twos is natural
  (2-3-4-5-6 suited is a natural straight flush); the joker has no rank of its own, so a hand holding it is always
  a with-wild hand. ``deuce_may_stand_as_itself=False`` switches to "any deuce makes the hand wild".

A with-wild hand is valued over every category its wild cards can *reach* (each wild card may become any card),
not only its strongest, so a paytable that paid some lower category more would still be honoured.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np
from pacomply.engine.evaluator import kernels
from pacomply.engine.evaluator._cards import CardLike, hand_array, hands_array
from pacomply.engine.evaluator.categories import CATEGORY_SHIFT, WildHandCategory
from pacomply.engine.evaluator.tables import get_tables

CATEGORY_COUNT = len(WildHandCategory)
HANDS_IN_DECK = 2_869_685  # C(53, 5)


@dataclass(frozen=True)
class WildPaytable:
    """Payouts (``x to 1``; a loss is ``losing_payout``) per category, natural and with wild cards.

    A category missing from a column does not pay in that column (it is valued ``losing_payout``), e.g. Five Wilds
    and five of a kind are "n/a" in the natural column of DJWT-04.
    """

    natural: Mapping[WildHandCategory, float]
    with_wild: Mapping[WildHandCategory, float]
    deuce_may_stand_as_itself: bool = True
    losing_payout: float = -1.0
    name: str = ""

    def natural_vector(self) -> np.ndarray:
        """Natural column as an array indexed by category number."""
        return self._vector(self.natural)

    def with_wild_vector(self) -> np.ndarray:
        """With-wild column as an array indexed by category number."""
        return self._vector(self.with_wild)

    def _vector(self, column: Mapping[WildHandCategory, float]) -> np.ndarray:
        vector = np.full(CATEGORY_COUNT, self.losing_payout, dtype=np.float64)
        for category, payout in column.items():
            vector[int(category)] = payout
        return vector


def single_column_paytable(payouts: Mapping[WildHandCategory, float], name: str = "") -> WildPaytable:
    """A paytable that pays natural and wild hands alike (the Blind and Bad Beat tables, § 687a.12(b), (e))."""
    return WildPaytable(natural=dict(payouts), with_wild=dict(payouts), name=name)


@dataclass(frozen=True, slots=True)
class DeucesWildHand:
    """One five-card DJ Wild hand, evaluated."""

    value: int
    """Packed strength (all wild cards used to best effect); compare these between player and dealer."""
    category: WildHandCategory
    """Category of ``value``."""
    natural_category: WildHandCategory | None
    """Category with every deuce standing as a two; None when the hand holds the joker."""
    reachable_with_wild: frozenset[WildHandCategory]
    """Every category the wild cards can make (empty when the hand holds no wild card)."""
    wild_cards: int
    """Deuces plus joker in the hand."""


@dataclass(frozen=True, slots=True)
class WildPayout:
    """The best-paying interpretation of a hand under a paytable."""

    payout: float
    category: WildHandCategory | None
    """None when nothing in the paytable pays (a loss)."""
    natural: bool


def _arrays() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    tables = get_tables()
    return (
        tables.offsets,
        tables.deuces_wild_multiset,
        tables.deuces_wild_flush,
        tables.deuces_wild_best,
        tables.deuces_wild_reachable,
    )


def evaluate_deuces_wild(cards: Iterable[CardLike]) -> DeucesWildHand:
    """Evaluate five cards from the 53-card DJ Wild deck."""
    hand = hand_array(cards, (5,), allow_joker=True, game="DJ Wild Stud Poker")
    best, natural, reachable, wilds = kernels.deuces_wild_batch(hand[None, :], *_arrays())
    natural_value = int(natural[0])
    reachable_bits = int(reachable[0])
    return DeucesWildHand(
        value=int(best[0]),
        category=WildHandCategory(int(best[0]) >> CATEGORY_SHIFT),
        natural_category=None if natural_value < 0 else WildHandCategory(natural_value >> CATEGORY_SHIFT),
        reachable_with_wild=frozenset(category for category in WildHandCategory if reachable_bits >> int(category) & 1),
        wild_cards=int(wilds[0]),
    )


def deuces_wild_value(cards: Iterable[CardLike]) -> int:
    """Packed strength of five cards (for player-against-dealer comparisons)."""
    return evaluate_deuces_wild(cards).value


def best_payout(cards: Iterable[CardLike], paytable: WildPaytable) -> WildPayout:
    """The payout of the interpretation of five cards that pays most under ``paytable``."""
    hand = evaluate_deuces_wild(cards)
    deuces = sum(1 for card in hand_array(cards, (5,), True, "DJ Wild Stud Poker") if card // 4 == 0)
    natural_value = -1 if hand.natural_category is None else int(hand.natural_category) << CATEGORY_SHIFT
    reachable = sum(1 << int(category) for category in hand.reachable_with_wild)
    payout, category, natural = kernels.deuces_wild_pay(
        natural_value,
        reachable,
        deuces,
        hand.wild_cards,
        paytable.natural_vector(),
        paytable.with_wild_vector(),
        paytable.deuce_may_stand_as_itself,
    )
    paid = payout > paytable.losing_payout
    return WildPayout(float(payout), WildHandCategory(int(category)) if paid else None, bool(natural) and paid)


def deuces_wild_values(hands: np.ndarray | Sequence[Sequence[int]]) -> np.ndarray:
    """Batch: packed strengths of an ``(n, 5)`` array of card indices (joker = 52)."""
    array = hands_array(hands, (5,), allow_joker=True)
    return kernels.deuces_wild_batch(array, *_arrays())[0]


def deuces_wild_payouts(hands: np.ndarray | Sequence[Sequence[int]], paytable: WildPaytable) -> np.ndarray:
    """Batch: best payout of every row of an ``(n, 5)`` array under ``paytable``."""
    array = hands_array(hands, (5,), allow_joker=True)
    return kernels.deuces_wild_payout_batch(
        array, *_arrays(), paytable.natural_vector(), paytable.with_wild_vector(), paytable.deuce_may_stand_as_itself
    )


@dataclass(frozen=True)
class DeucesWildEnumeration:
    """Exact counts over all C(53,5) = 2,869,685 hands."""

    by_strength: dict[tuple[WildHandCategory, bool], int]
    """(strength category, holds a wild card) -> hands."""
    by_payout: dict[tuple[WildHandCategory, bool], int] = field(default_factory=dict)
    """(category of the paying interpretation, natural) -> hands; a loss is filed under its natural category, or
    else its highest reachable one."""
    total_payout: float = 0.0
    """Sum of payouts over all hands (``losing_payout`` for a loss)."""
    hands: int = HANDS_IN_DECK

    @property
    def expected_payout(self) -> float:
        """Expected payout per unit wagered (the negative of the house edge)."""
        return self.total_payout / self.hands


def enumerate_deuces_wild(paytable: WildPaytable | None = None) -> DeucesWildEnumeration:
    """Exact enumeration of every five-card hand of the 53-card deck (about 0.6 s compiled)."""
    if paytable is None:
        paytable = WildPaytable(natural={}, with_wild={})
    by_strength, by_payout, total = kernels.count_deuces_wild(
        1,
        *_arrays(),
        paytable.natural_vector(),
        paytable.with_wild_vector(),
        paytable.deuce_may_stand_as_itself,
    )
    return DeucesWildEnumeration(
        by_strength={
            (category, bool(wild)): int(by_strength[category, wild])
            for category in WildHandCategory
            for wild in (0, 1)
            if by_strength[category, wild]
        },
        by_payout={
            (category, bool(natural)): int(by_payout[category, natural])
            for category in WildHandCategory
            for natural in (0, 1)
            if by_payout[category, natural]
        },
        total_payout=float(total),
    )
