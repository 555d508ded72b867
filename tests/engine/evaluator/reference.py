"""Deliberately simple reference evaluators, written for the tests only.

Nothing here shares code or tables with :mod:`engine.evaluator`: hands are compared through plain tuples built
from ``collections.Counter`` and ``itertools`` brute force (best five of seven by trying all 21 subsets, wild
cards by trying every card they could stand for). Slow on purpose; clarity is the point.

A card is ``(rank, suit)`` with rank 2..14 and suit 0..3; a wild card standing for "a rank, no suit" has suit
``None`` (it can pair but never complete a flush). Index 52 is the joker.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Sequence

JOKER = 52
ACE = 14

STANDARD_ORDER = (
    "high_card",
    "pair",
    "two_pair",
    "three_of_a_kind",
    "straight",
    "flush",
    "full_house",
    "four_of_a_kind",
    "straight_flush",
    "royal_flush",
)
DEUCES_WILD_ORDER = (*STANDARD_ORDER[:-1], "five_of_a_kind", "royal_flush", "five_wilds")
PAI_GOW_ORDER = (*STANDARD_ORDER, "five_of_a_kind", "five_aces")

Card = tuple[int, int | None]
Key = tuple[int, tuple[float, ...]]


def to_card(index: int) -> Card:
    """Engine index (0..51) to ``(rank 2..14, suit 0..3)``."""
    return index // 4 + 2, index % 4


def five_card_key(cards: Sequence[Card], order: tuple[str, ...], wheel_second: bool = False) -> Key:
    """(category position in ``order``, tiebreak tuple) of exactly five cards."""
    ranks = [rank for rank, _ in cards]
    counts = Counter(ranks)
    by_count = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    suits = {suit for _, suit in cards}
    is_flush = len(suits) == 1 and None not in suits
    distinct = sorted(counts, reverse=True)
    straight_top: float | None = None
    if len(distinct) == 5:
        if distinct[0] - distinct[4] == 4:
            straight_top = distinct[0]
        elif distinct == [14, 5, 4, 3, 2]:
            straight_top = 13.5 if wheel_second else 5
    shape = sorted(counts.values(), reverse=True)
    tiebreak = tuple(float(rank) for rank, _ in by_count)
    if shape[0] == 5:
        name = "five_aces" if ranks[0] == ACE and "five_aces" in order else "five_of_a_kind"
        return order.index(name), (float(ranks[0]),)
    if straight_top is not None and is_flush:
        if distinct[0] == ACE and distinct[4] == 10:
            return order.index("royal_flush"), ()
        return order.index("straight_flush"), (straight_top,)
    if shape[0] == 4:
        return order.index("four_of_a_kind"), tiebreak
    if shape[:2] == [3, 2]:
        return order.index("full_house"), tiebreak
    if is_flush:
        return order.index("flush"), tiebreak
    if straight_top is not None:
        return order.index("straight"), (straight_top,)
    if shape[0] == 3:
        return order.index("three_of_a_kind"), tiebreak
    if shape[:2] == [2, 2]:
        return order.index("two_pair"), tiebreak
    if shape[0] == 2:
        return order.index("pair"), tiebreak
    return order.index("high_card"), tiebreak


def best_standard_key(indices: Iterable[int]) -> Key:
    """Best five of 5..7 standard cards."""
    cards = [to_card(index) for index in indices]
    return max(five_card_key(five, STANDARD_ORDER) for five in itertools.combinations(cards, 5))


def pai_gow_key(indices: Iterable[int], fully_wild: bool = False) -> Key:
    """Best five of 5..7 cards under the Pai Gow ranking, the joker tried as everything it may be."""
    indices = list(indices)
    real = [to_card(index) for index in indices if index != JOKER]
    if JOKER not in indices:
        return max(five_card_key(five, PAI_GOW_ORDER, wheel_second=True) for five in itertools.combinations(real, 5))
    straight_like = {PAI_GOW_ORDER.index(name) for name in ("straight", "flush", "straight_flush", "royal_flush")}
    best: Key = (-1, ())
    # The joker as a rank without a suit: always an ace when semi-wild, any rank when fully wild.
    for rank in range(2, ACE + 1) if fully_wild else (ACE,):
        hand = [*real, (rank, None)]
        for five in itertools.combinations(hand, 5):
            best = max(best, five_card_key(five, PAI_GOW_ORDER, wheel_second=True))
    # The joker as a real card not in the hand: only to complete a straight or flush when semi-wild.
    for index in range(52):
        card = to_card(index)
        if card in real:
            continue
        hand = [*real, card]
        for five in itertools.combinations(hand, 5):
            key = five_card_key(five, PAI_GOW_ORDER, wheel_second=True)
            if fully_wild or card not in five or key[0] in straight_like:
                best = max(best, key)
    return best


def low_hand_key(indices: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """Two-card low hand: (1, pair rank) or (0, high, low); the joker is an ace."""
    ranks = sorted((ACE if index == JOKER else index // 4 + 2 for index in indices), reverse=True)
    return (1, (ranks[0],)) if ranks[0] == ranks[1] else (0, tuple(ranks))


def _wild_assignments(naturals: list[Card], wild_count: int) -> Iterable[list[Card]]:
    """Every way ``wild_count`` wild cards can complete ``naturals``: suitless ranks, plus distinct real cards of
    the naturals' one suit (any suit is as good as another when there are no naturals: spades stand for all)."""
    natural_suits = {suit for _, suit in naturals}
    suited_options: list[Card] = []
    if len(natural_suits) <= 1:
        suit = natural_suits.pop() if natural_suits else 3
        suited_options = [(rank, suit) for rank in range(2, ACE + 1) if (rank, suit) not in naturals]
    for suited_count in range(wild_count + 1):
        for suited in itertools.combinations(suited_options, suited_count):
            for ranks in itertools.combinations_with_replacement(range(2, ACE + 1), wild_count - suited_count):
                yield [*naturals, *suited, *((rank, None) for rank in ranks)]


def deuces_wild_reference(indices: Sequence[int]) -> tuple[Key, Key | None, frozenset[int]]:
    """DJ Wild: (best key, natural key with deuces as twos or None with the joker, categories the wilds reach)."""
    indices = list(indices)
    wild = [index for index in indices if index == JOKER or index // 4 == 0]
    naturals = [to_card(index) for index in indices if index not in wild]
    natural_key = None
    if JOKER not in indices:
        natural_key = five_card_key([to_card(index) for index in indices], DEUCES_WILD_ORDER)
    if not wild:
        assert natural_key is not None
        return natural_key, natural_key, frozenset()
    reachable: set[int] = set()
    best: Key = (-1, ())
    for hand in _wild_assignments(naturals, len(wild)):
        key = five_card_key(hand, DEUCES_WILD_ORDER)
        reachable.add(key[0])
        best = max(best, key)
    if len(wild) == 5:
        best = (DEUCES_WILD_ORDER.index("five_wilds"), ())
        reachable.add(best[0])
    return best, natural_key, frozenset(reachable)
