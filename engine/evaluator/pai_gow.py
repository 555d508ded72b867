"""Pai Gow Poker (58 Pa. Code chapters 645a and 688a): the joker, seven-card bonus hands and hand setting.

* High hands (five cards, or best five of seven): :func:`pai_gow_value` under the § 645a.6 ranking — A-2-3-4-5 is
  the second-highest straight and the highest straight flush below a royal; five aces top everything. The joker
  follows a :class:`JokerRule`: ``SEMI_WILD`` (§ 645a.6(a), § 688a.6(a): an ace, or any card completing a straight,
  flush, straight flush or royal flush) or ``FULLY_WILD`` (the § 688a.12(d) "Fully Wild Joker" progressive
  paytables: any card, so five of a kind exists).
* Low hands (two cards): :func:`low_hand_value` — a pair or two high cards; the joker is an ace.
* Seven-card bonus category (Fortune, Emperor's Treasure, progressive): :func:`seven_card_bonus_category` and the
  batch :func:`seven_card_bonus_categories`; :func:`enumerate_seven_card_bonus` counts all C(53,7) hands.
* Hand setting: the 21 ways to split seven cards (:data:`HAND_SPLITS`), the high-at-least-low rule
  (§ 645a.11(b)), and settlement (§ 645a.11(f): copies go to the dealer).

Readings recorded here: the two cards beside a royal flush form a Royal Match / ace-king suited only as two real
cards (the joker has no suit outside straights and flushes); a seven-card straight flush may run A-2-...-7.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import IntEnum, StrEnum, unique

import numba
import numpy as np
from pacomply.engine.cards import JOKER_INDEX, Card, Rank
from pacomply.engine.evaluator import kernels
from pacomply.engine.evaluator._cards import CardLike, InvalidHandError, card_index, hand_array, hands_array
from pacomply.engine.evaluator.categories import CATEGORY_SHIFT, PaiGowCategory, SevenCardBonusCategory
from pacomply.engine.evaluator.tables import get_tables, pack

HIGH_HAND_SIZES = (5, 6, 7)
SEVEN_CARD_HANDS_WITH_JOKER = 154_143_080  # C(53, 7)


@unique
class JokerRule(StrEnum):
    """What the joker may stand for."""

    SEMI_WILD = "semi_wild"
    """An ace, or any card to complete a straight, flush, straight flush or royal flush (§ 645a.6(a))."""
    FULLY_WILD = "fully_wild"
    """Any card (§ 688a.12(d) progressive paytables marked "Fully Wild Joker")."""


@unique
class Outcome(IntEnum):
    """Result of a Pai Gow Poker Wager for the player (§ 645a.11(f))."""

    LOSE = -1
    """Both hands lower, a copy and the other hand not higher, or a fouled hand."""
    PUSH = 0
    """One hand higher, the other lower or a copy."""
    WIN = 1
    """Both hands higher."""


def _high_arrays(joker_rule: JokerRule) -> tuple[bool, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    tables = get_tables()
    return (
        joker_rule is JokerRule.FULLY_WILD,
        tables.offsets,
        tables.pai_gow_multiset,
        tables.pai_gow_flush,
        tables.pai_gow_flush_with_wild,
        tables.pai_gow_straight_with_wild,
    )


def _bonus_arrays(joker_rule: JokerRule) -> tuple:
    tables = get_tables()
    return (
        *_high_arrays(joker_rule),
        tables.seven_card_straight_flush_natural,
        tables.seven_card_straight_flush_with_joker,
    )


def pai_gow_value(cards: Iterable[CardLike], joker_rule: JokerRule = JokerRule.SEMI_WILD) -> int:
    """Packed value of the best five of 5..7 cards (the joker allowed) under the Pai Gow ranking."""
    hand = hand_array(cards, HIGH_HAND_SIZES, allow_joker=True, game="Pai Gow Poker")
    return int(kernels.pai_gow_values(hand[None, :], *_high_arrays(joker_rule))[0])


def pai_gow_category(value: int) -> PaiGowCategory:
    """Category of a packed Pai Gow high-hand value."""
    return PaiGowCategory(value >> CATEGORY_SHIFT)


def pai_gow_values(
    hands: np.ndarray | Sequence[Sequence[int]], joker_rule: JokerRule = JokerRule.SEMI_WILD
) -> np.ndarray:
    """Batch: packed Pai Gow values of an ``(n, 5..7)`` array of card indices (joker = 52)."""
    array = hands_array(hands, HIGH_HAND_SIZES, allow_joker=True)
    return kernels.pai_gow_values(array, *_high_arrays(joker_rule))


def pai_gow_high_card(cards: Iterable[CardLike], joker_rule: JokerRule = JokerRule.SEMI_WILD) -> Rank | None:
    """Rank of the highest card when the cards make no pair, straight or flush (a "pai gow"), else None.

    The joker counts as an ace. Pai Gow Insurance pays by this rank (§ 645a.7(e)(3), § 645a.13(d)) and the Aces
    High Bonus asks whether it is an ace (§ 688a.6(d)); whether the joker is among the cards is the caller's to see.
    """
    value = pai_gow_value(cards, joker_rule)
    if value >> CATEGORY_SHIFT != PaiGowCategory.HIGH_CARD:
        return None
    return Rank(((value >> 16) & 15) + 2)


def low_hand_value(cards: Iterable[CardLike]) -> int:
    """Packed value of a two-card low hand: a pair, else two high cards; the joker is an ace (§ 645a.6(a))."""
    hand = hand_array(cards, (2,), allow_joker=True, game="Pai Gow Poker low hand")
    ranks = sorted((12 if card == JOKER_INDEX else int(card) >> 2 for card in hand), reverse=True)
    if ranks[0] == ranks[1]:
        return pack(int(PaiGowCategory.PAIR), ranks[0])
    return pack(int(PaiGowCategory.HIGH_CARD), ranks[0], ranks[1])


def seven_card_bonus_category(
    cards: Iterable[CardLike], joker_rule: JokerRule = JokerRule.SEMI_WILD
) -> SevenCardBonusCategory:
    """Bonus category of seven cards (the joker allowed)."""
    hand = hand_array(cards, (7,), allow_joker=True, game="Pai Gow Poker")
    categories = kernels.seven_card_bonus_categories(hand[None, :], *_bonus_arrays(joker_rule))
    return SevenCardBonusCategory(int(categories[0]))


def seven_card_bonus_categories(
    hands: np.ndarray | Sequence[Sequence[int]], joker_rule: JokerRule = JokerRule.SEMI_WILD
) -> np.ndarray:
    """Batch: bonus category numbers (``int8``) of an ``(n, 7)`` array of card indices."""
    array = hands_array(hands, (7,), allow_joker=True)
    return kernels.seven_card_bonus_categories(array, *_bonus_arrays(joker_rule))


# A paytable that does not name a seven-card category pays the hand as what it otherwise is.
_BONUS = SevenCardBonusCategory
_FALLBACK: dict[SevenCardBonusCategory, SevenCardBonusCategory] = {
    _BONUS.SEVEN_CARD_STRAIGHT_FLUSH_NATURAL: _BONUS.SEVEN_CARD_STRAIGHT_FLUSH_WITH_JOKER,
    _BONUS.SEVEN_CARD_STRAIGHT_FLUSH_WITH_JOKER: _BONUS.STRAIGHT_FLUSH,
    _BONUS.ROYAL_FLUSH_AND_ACE_KING_SUITED: _BONUS.ROYAL_FLUSH,
    _BONUS.ROYAL_FLUSH_AND_KING_QUEEN_SUITED: _BONUS.ROYAL_FLUSH,
    _BONUS.FIVE_ACES: _BONUS.FIVE_OF_A_KIND,
    _BONUS.THREE_PAIR: _BONUS.TWO_PAIR,
}


def fallback_bonus_category(category: SevenCardBonusCategory) -> SevenCardBonusCategory | None:
    """The next category a hand also belongs to, for a paytable without ``category``; None for basic categories.

    A natural seven-card straight flush also holds a straight flush with the joker's line removed, and so on down
    to the five-card categories. Caveat: a seven-card straight flush whose best five are a royal falls back to
    straight flush, not royal; paytables that list seven-card straight flushes always pay more, so this matters
    only for a paytable that lists neither.
    """
    return _FALLBACK.get(category)


def bonus_payout_vector(payouts: Mapping[SevenCardBonusCategory, float], losing_payout: float = -1.0) -> np.ndarray:
    """Payout per bonus category number for a paytable, following :func:`fallback_bonus_category` for categories
    it does not list (e.g. Emperor's Treasure pays a royal with a suited king-queen as a royal flush)."""
    vector = np.full(len(SevenCardBonusCategory), losing_payout, dtype=np.float64)
    for category in SevenCardBonusCategory:
        current: SevenCardBonusCategory | None = category
        while current is not None and current not in payouts:
            current = fallback_bonus_category(current)
        if current is not None:
            vector[int(category)] = payouts[current]
    return vector


@dataclass(frozen=True)
class SevenCardEnumeration:
    """Exact counts over every seven-card hand."""

    by_bonus_category: dict[SevenCardBonusCategory, int]
    by_five_card_category: dict[PaiGowCategory, int]
    hands: int

    def expected_payout(self, payouts: Mapping[SevenCardBonusCategory, float]) -> float:
        """Expected payout per unit wagered for a bonus paytable (losses pay -1)."""
        vector = bonus_payout_vector(payouts)
        total = sum(vector[int(category)] * count for category, count in self.by_bonus_category.items())
        return float(total) / self.hands


def enumerate_seven_card_bonus(
    joker_rule: JokerRule = JokerRule.SEMI_WILD, with_joker: bool = True
) -> SevenCardEnumeration:
    """Classify all C(53,7) = 154,143,080 hands (or C(52,7) without the joker), on all numba threads (~25 s of
    CPU time)."""
    deck_size = 53 if with_joker else 52
    # Twice the threads: the interleaved shares of first cards are uneven, so more, smaller shares balance better.
    parts = 2 * numba.get_num_threads()
    bonus, five_card = kernels.count_seven_card_bonus(deck_size, parts, *_bonus_arrays(joker_rule))
    return SevenCardEnumeration(
        by_bonus_category={category: int(bonus[category]) for category in SevenCardBonusCategory},
        by_five_card_category={category: int(five_card[category]) for category in PaiGowCategory},
        hands=int(bonus.sum()),
    )


# --- hand setting --------------------------------------------------------------------------------------------------

HAND_SPLITS: tuple[tuple[tuple[int, ...], tuple[int, int]], ...] = tuple(
    (tuple(position for position in range(7) if position not in low), (low[0], low[1]))
    for low in itertools.combinations(range(7), 2)
)
"""The 21 ways to set seven cards: (positions of the five-card high hand, positions of the two-card low hand)."""


@dataclass(frozen=True, slots=True)
class PaiGowSetting:
    """Seven cards set into a five-card high hand and a two-card low hand."""

    high: tuple[Card, ...]
    low: tuple[Card, Card]
    high_value: int
    low_value: int

    @property
    def is_valid(self) -> bool:
        """The high hand ranks at least as high as the low hand (§ 645a.11(b)); otherwise the hand is fouled."""
        return high_beats_or_equals_low(self.high_value, self.low_value)


def high_beats_or_equals_low(high_value: int, low_value: int) -> bool:
    """True when a five-card high hand ranks equal to or above a two-card low hand.

    Both are packed with the same categories and rank fields, and the low hand's missing fields are zero, so
    integer comparison is the regulation's "highest card not in the other hand" rule.
    """
    return high_value >= low_value


def set_hand(
    cards: Sequence[CardLike], low_positions: tuple[int, int], joker_rule: JokerRule = JokerRule.SEMI_WILD
) -> PaiGowSetting:
    """Set seven cards with the two cards at ``low_positions`` as the low hand."""
    indices = [card_index(card) for card in cards]
    hand_array(indices, (7,), allow_joker=True, game="Pai Gow Poker")
    if len(set(low_positions)) != 2 or not all(0 <= position < 7 for position in low_positions):
        raise InvalidHandError(f"Pai Gow Poker: low hand positions {low_positions} are not two of 0..6")
    high = [index for position, index in enumerate(indices) if position not in low_positions]
    low = [indices[position] for position in low_positions]
    return PaiGowSetting(
        high=tuple(Card.from_index(index) for index in high),
        low=(Card.from_index(low[0]), Card.from_index(low[1])),
        high_value=pai_gow_value(high, joker_rule),
        low_value=low_hand_value(low),
    )


def all_settings(cards: Sequence[CardLike], joker_rule: JokerRule = JokerRule.SEMI_WILD) -> list[PaiGowSetting]:
    """All 21 settings of seven cards, valid or not, in :data:`HAND_SPLITS` order."""
    return [set_hand(cards, low, joker_rule) for _, low in HAND_SPLITS]


def valid_settings(cards: Sequence[CardLike], joker_rule: JokerRule = JokerRule.SEMI_WILD) -> list[PaiGowSetting]:
    """The settings whose high hand is at least the low hand (never empty: the best five always qualifies)."""
    return [setting for setting in all_settings(cards, joker_rule) if setting.is_valid]


_LOW_POSITIONS = np.array([low for _, low in HAND_SPLITS], dtype=np.int64)


def split_values(
    hands: np.ndarray | Sequence[Sequence[int]], joker_rule: JokerRule = JokerRule.SEMI_WILD
) -> np.ndarray:
    """Batch: for an ``(n, 7)`` array of card indices, the packed (high, low) values of all 21 settings in
    :data:`HAND_SPLITS` order, shape ``(n, 21, 2)``. A setting is valid where ``[..., 0] >= [..., 1]``."""
    array = hands_array(hands, (7,), allow_joker=True)
    return kernels.pai_gow_split_values(array, _LOW_POSITIONS, *_high_arrays(joker_rule))


def compare_values(first: int, second: int) -> int:
    """-1, 0 or 1 as ``first`` ranks below, equal to (a copy) or above ``second``."""
    return (first > second) - (first < second)


def settle(player: PaiGowSetting, dealer: PaiGowSetting) -> Outcome:
    """Settle a Pai Gow Poker Wager (§ 645a.11(f)); copies go to the dealer, a fouled player hand loses."""
    if not player.is_valid:
        return Outcome.LOSE
    high = compare_values(player.high_value, dealer.high_value)
    low = compare_values(player.low_value, dealer.low_value)
    if high > 0 and low > 0:
        return Outcome.WIN
    if high > 0 or low > 0:
        return Outcome.PUSH
    return Outcome.LOSE
