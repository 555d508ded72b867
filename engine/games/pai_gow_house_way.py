"""Setting seven Pai Gow cards: the house way (built-in standard or filed, structured) and the best setting
against known dealer hands. Shared by 645a (Pai Gow Poker) and 688a (Face Up Pai Gow Poker).

Hand values come from the shared evaluator (:mod:`engine.evaluator`, issue #3): its numba kernels are called from
the kernels here, so a whole simulation runs without leaving compiled code.

The structured house way and its reader are :mod:`engine.games.pai_gow_house_way_reading`.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numba import njit
from pacomply.engine.evaluator import kernels
from pacomply.engine.evaluator.tables import get_tables
from pacomply.engine.games.pai_gow_house_way_reading import STANDARD_HOUSE_WAY as STANDARD_HOUSE_WAY
from pacomply.engine.games.pai_gow_house_way_reading import HouseWay as HouseWay
from pacomply.engine.games.pai_gow_house_way_reading import HouseWayError as HouseWayError
from pacomply.engine.games.pai_gow_house_way_reading import parse_house_way as parse_house_way

CATEGORY_SHIFT = 20
PAIR, TWO_PAIR, THREE, STRAIGHT, FOUR, FIVE_ACES = 1, 2, 3, 4, 7, 11
ACE = 12
JOKER = 52

#: The 21 ways to set seven cards: the two positions forming the low hand, in the evaluator's HAND_SPLITS order.
LOW_POSITIONS: tuple[tuple[int, int], ...] = tuple(itertools.combinations(range(7), 2))

# --- kernels ---------------------------------------------------------------------------------------------------------


@njit(cache=True, inline="always")
def _low_value(first: int, second: int) -> int:
    rank_a = ACE if first == JOKER else first >> 2
    rank_b = ACE if second == JOKER else second >> 2
    if rank_a == rank_b:
        return (PAIR << CATEGORY_SHIFT) | (rank_a << 16)
    high, low = (rank_a, rank_b) if rank_a > rank_b else (rank_b, rank_a)
    return (high << 16) | (low << 12)


@njit(cache=True)
def split_values(hand, fully_wild, offsets, multiset, flush, flush_with_wild, straight_with_wild, highs, lows):
    """Fill ``highs``/``lows`` (length 21) with the packed values of each setting, in LOW_POSITIONS order."""
    rank_word, suit_word, lanes, jokers = kernels.hand_summary(hand)
    index = 0
    for a in range(7):
        ra, sa, la, ja = kernels.card_summary(hand[a])
        for b in range(a + 1, 7):
            rb, sb, lb, jb = kernels.card_summary(hand[b])
            highs[index] = kernels.pai_gow_value(
                rank_word - ra - rb,
                suit_word - sa - sb,
                lanes - la - lb,
                jokers - ja - jb,
                5,
                fully_wild,
                offsets,
                multiset,
                flush,
                flush_with_wild,
                straight_with_wild,
            )
            lows[index] = _low_value(hand[a], hand[b])
            index += 1


@njit(cache=True)
def _best_with_floor(highs, lows, floor):
    best = -1
    for index in range(21):
        if highs[index] < lows[index] or (highs[index] >> CATEGORY_SHIFT) < floor:
            continue
        if best < 0 or lows[index] > lows[best] or (lows[index] == lows[best] and highs[index] > highs[best]):
            best = index
    return best


@njit(cache=True)
def house_way_index(hand, highs, lows, params):
    """The setting (0..20) the house way picks, given the split values already computed for ``hand``."""
    counts = np.zeros(13, dtype=np.int64)
    for position in range(7):
        card = hand[position]
        counts[ACE if card == JOKER else card >> 2] += 1
    pairs = 0
    trips = 0
    quads_rank = -1
    high_pair = -1
    trips_rank = -1
    for rank in range(13):
        if counts[rank] == 2:
            pairs += 1
            high_pair = rank
        elif counts[rank] == 3:
            trips += 1
            trips_rank = rank
        elif counts[rank] >= 4:
            quads_rank = rank
    best_five = 0
    for index in range(21):
        best_five = max(best_five, highs[index] >> CATEGORY_SHIFT)
    ace_single = counts[ACE] == 1
    floor = 0
    if counts[ACE] == 5:
        floor = FIVE_ACES if (pairs > 0 or params[5] == 0) else THREE
    elif quads_rank >= 0:
        if pairs > 0 or trips > 0 or quads_rank <= params[1] or (quads_rank <= params[2] and ace_single):
            floor = FOUR
        else:
            floor = PAIR
    elif trips >= 2 or (trips == 1 and pairs >= 1):
        floor = THREE if (params[3] == 1 or trips >= 2) else 6
    elif trips == 1:
        floor = PAIR if (trips_rank == ACE and params[4] == 1) else THREE
        if params[6] == 1 and best_five >= STRAIGHT and best_five < 6:
            chosen = _best_with_floor(highs, lows, np.int64(STRAIGHT))
            if chosen >= 0 and (lows[chosen] >> CATEGORY_SHIFT) == PAIR:
                return chosen
    elif pairs >= 3:
        floor = PAIR
    elif pairs == 2:
        floor = TWO_PAIR if (high_pair <= params[0] and ace_single) else PAIR
    else:
        floor = PAIR if pairs == 1 else 0
        if params[6] == 1 and best_five >= STRAIGHT:
            floor = STRAIGHT
    chosen = _best_with_floor(highs, lows, floor)
    if chosen < 0:
        chosen = _best_with_floor(highs, lows, np.int64(0))  # int64 as the other calls pass: one signature
    return chosen


@njit(cache=True)
def best_against(highs, lows, dealer_high, dealer_low):
    """The valid setting with the most hands beating the dealer's (2 wins, 1 ties); copies do not count."""
    best = -1
    best_score = -1
    for index in range(21):
        if highs[index] < lows[index]:
            continue
        score = (highs[index] > dealer_high) + (lows[index] > dealer_low)
        if score > best_score or (
            score == best_score
            and (lows[index] > lows[best] or (lows[index] == lows[best] and highs[index] > highs[best]))
        ):
            best, best_score = index, score
    return best


# --- Python API ------------------------------------------------------------------------------------------------------


EvaluatorArrays = tuple[bool, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]
"""What the kernels here take after the hand: the joker's reach and the evaluator's five lookup tables."""


def evaluator_arrays(fully_wild: bool = False) -> EvaluatorArrays:
    """The evaluator's lookup tables in the order the kernels here take them."""
    tables = get_tables()
    return (
        fully_wild,
        tables.offsets,
        tables.pai_gow_multiset,
        tables.pai_gow_flush,
        tables.pai_gow_flush_with_wild,
        tables.pai_gow_straight_with_wild,
    )


@dataclass(frozen=True, slots=True)
class Setting:
    """Seven card indices set into a high hand (5) and a low hand (2), with their packed values."""

    high: tuple[int, ...]
    low: tuple[int, int]
    high_value: int
    low_value: int

    @property
    def valid(self) -> bool:
        """The high hand ranks at least the low hand (§ 645a.11(b), § 688a.11(c))."""
        return self.high_value >= self.low_value


def settings_of(cards: Sequence[int]) -> tuple[np.ndarray, np.ndarray]:
    """Packed (high, low) values of the 21 settings of seven card indices."""
    return _settings_of(np.asarray(cards, dtype=np.int64))


def _settings_of(hand: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    highs = np.empty(21, dtype=np.int64)
    lows = np.empty(21, dtype=np.int64)
    split_values(hand, *evaluator_arrays(), highs, lows)
    return highs, lows


def setting_at(cards: Sequence[int], index: int) -> Setting:
    """The setting with the low hand at LOW_POSITIONS[index]."""
    return _setting(cards, index, *settings_of(cards))


def _setting(cards: Sequence[int], index: int, highs: np.ndarray, lows: np.ndarray) -> Setting:
    """The setting at ``index`` from the 21 settings' values already worked out (the callers that chose the index
    had them: working them out again was a third of the house way's time in a simulated round)."""
    low_positions = LOW_POSITIONS[index]
    return Setting(
        high=tuple(card for position, card in enumerate(cards) if position not in low_positions),
        low=(cards[low_positions[0]], cards[low_positions[1]]),
        high_value=int(highs[index]),
        low_value=int(lows[index]),
    )


def set_by_house_way(cards: Sequence[int], house_way: HouseWay = STANDARD_HOUSE_WAY) -> Setting:
    """How the house way sets seven card indices."""
    hand = np.asarray(cards, dtype=np.int64)
    highs, lows = _settings_of(hand)
    return _setting(cards, int(house_way_index(hand, highs, lows, house_way.as_array())), highs, lows)


def setting_of(cards: Sequence[int], low: Sequence[int]) -> Setting:
    """The setting with the two given cards as the low hand (ValueError if they are not two of the seven)."""
    low_set = sorted(cards.index(card) for card in low)
    return setting_at(cards, LOW_POSITIONS.index((low_set[0], low_set[1])))


def best_setting_against(cards: Sequence[int], dealer: Setting) -> Setting:
    """The player's best valid setting against known dealer hands (wins if any setting wins, else ties if any)."""
    highs, lows = settings_of(cards)
    return _setting(cards, int(best_against(highs, lows, dealer.high_value, dealer.low_value)), highs, lows)
