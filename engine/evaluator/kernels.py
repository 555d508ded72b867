# Scalars are annotated ``int`` for readers; inside numba they are int64 and numpy scalars, which mypy cannot unify.
# mypy: disable-error-code="arg-type, return-value, assignment"
"""Numba-compiled kernels: every hot loop of the evaluators, over one hand or whole arrays of hands.

A hand is reduced to an additive *summary* (so enumerations can build it card by card):

* ``rank_word``: per-rank counts of the standard cards, 4 bits each (rank index 0 = two at the bottom);
* ``suit_word``: per-suit counts, 4 bits each (suit index order of :mod:`engine.cards`);
* ``lanes``: per-suit rank masks, 16 bits each;
* ``jokers``: 0 or 1.

In the nested enumeration loops ``r3, s3, l3, j3`` are those four summed over the first three cards (and so on):
short names keep seven nested loops readable, and the pattern is the same at every depth.

The kernels take the lookup tables as arguments (numba caches compiled code, not data), so the public modules
pass ``get_tables()`` arrays in. Kernels here trust their input; the public modules validate.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange
from pacomply.engine.evaluator.categories import CATEGORY_SHIFT

JOKER = 52
RANK_MASK_13 = 0x1FFF
ROYAL_BITS = 0b1111100000000
DEUCE_LANE_BITS = 0x0001000100010001
ACE_KING_BITS = (1 << 12) | (1 << 11)
KING_QUEEN_BITS = (1 << 11) | (1 << 10)

# PaiGowCategory numbers (see categories.py); kept as literals so numba sees constants.
PAI_GOW_TWO_PAIR = 2
PAI_GOW_ROYAL_FLUSH = 9
PAI_GOW_FIVE_OF_A_KIND = 10
PAI_GOW_FIVE_ACES = 11
# SevenCardBonusCategory numbers.
BONUS_THREE_PAIR = 3
BONUS_SEVEN_WITH_JOKER = 13
BONUS_ROYAL_KING_QUEEN = 14
BONUS_ROYAL_ACE_KING = 15
BONUS_SEVEN_NATURAL = 16
# PaiGowCategory -> SevenCardBonusCategory.
PAI_GOW_TO_BONUS = np.array([0, 1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12], dtype=np.int64)


@njit(cache=True, inline="always")
def card_summary(card: int) -> tuple[int, int, int, int]:
    """The summary contribution of one card index (0..52)."""
    if card == JOKER:
        return 0, 0, 0, 1
    rank = card >> 2
    suit = card & 3
    return (
        np.int64(1) << np.int64(4 * rank),
        np.int64(1) << np.int64(4 * suit),
        np.int64(1) << np.int64(16 * suit + rank),
        0,
    )


@njit(cache=True, inline="always")
def with_card(card: int, rank_word: int, suit_word: int, lanes: int, jokers: int) -> tuple[int, int, int, int]:
    """The summary of a partial hand with ``card`` added: the enumerations' nested loops carry each level's summary
    down, so every hand costs one addition per card instead of a sum over its cards."""
    card_rank, card_suit, card_lane, card_joker = card_summary(card)
    return rank_word + card_rank, suit_word + card_suit, lanes + card_lane, jokers + card_joker


@njit(cache=True, inline="always")
def hand_summary(hand: np.ndarray) -> tuple[int, int, int, int]:
    """Summary of a 1-D array of card indices."""
    rank_word = np.int64(0)
    suit_word = np.int64(0)
    lanes = np.int64(0)
    jokers = 0
    for position in range(hand.shape[0]):
        card_rank, card_suit, card_lane, card_joker = card_summary(hand[position])
        rank_word += card_rank
        suit_word += card_suit
        lanes += card_lane
        jokers += card_joker
    return rank_word, suit_word, lanes, jokers


@njit(cache=True, inline="always")
def multiset_lookup(rank_word: int, total: int, offsets: np.ndarray, table: np.ndarray) -> int:
    """Best non-flush value of a rank multiset (counts <= 4) of ``total`` cards, via the quinary hash.

    Branch-free over all 13 ranks (an absent rank adds ``offsets[rank, 0, remaining] == 0``): random hands in a
    batch would mispredict any per-rank branch.
    """
    index = 0
    remaining = total
    for rank in range(13):
        count = (rank_word >> np.int64(4 * rank)) & 15
        index += offsets[rank, count, remaining]
        remaining -= count
    return table[total, index]


@njit(cache=True, inline="always")
def lane(lanes: int, suit: int) -> int:
    """Rank mask of one suit."""
    return (lanes >> np.int64(16 * suit)) & RANK_MASK_13


@njit(cache=True, inline="always")
def natural_value(
    rank_word: int,
    suit_word: int,
    lanes: int,
    total: int,
    offsets: np.ndarray,
    multiset: np.ndarray,
    flush: np.ndarray,
) -> int:
    """Best five of 5..7 standard cards (no joker) under the ranking whose tables are passed.

    With seven or fewer cards a flush rules out a full house and four of a kind, so a flush suit decides alone.
    """
    # One exit, no loop-with-return: numba compiles this shape ~3x faster in the enumeration loops.
    flush_bits = (suit_word + 0x3333) & 0x8888
    if flush_bits != 0:
        suit = 0
        while ((flush_bits >> (4 * suit + 3)) & 1) == 0:
            suit += 1
        value = flush[lane(lanes, suit)]
    else:
        value = multiset_lookup(rank_word, total, offsets, multiset)
    return value


@njit(cache=True)
def standard_values(hands: np.ndarray, offsets: np.ndarray, multiset: np.ndarray, flush: np.ndarray) -> np.ndarray:
    """Values of an ``(n, 5..7)`` array of standard hands."""
    count = hands.shape[0]
    size = hands.shape[1]
    values = np.empty(count, dtype=np.int32)
    for row in range(count):
        rank_word, suit_word, lanes, _ = hand_summary(hands[row])
        values[row] = natural_value(rank_word, suit_word, lanes, size, offsets, multiset, flush)
    return values


@njit(cache=True)
def count_standard_five(parts: int, offsets: np.ndarray, multiset: np.ndarray, flush: np.ndarray) -> np.ndarray:
    """How many of the C(52,5) hands have each value category (array indexed by category, 0..15).

    Kept serial (``parts`` shares run one after another): it takes ~0.15 s, while a parallel build costs ~10 s
    of compile time on a cold numba cache, which every fresh test run would pay.
    """
    counts = np.zeros((parts, 16), dtype=np.int64)
    for part in range(parts):
        for first in range(part, 48, parts):
            r1, s1, l1, _ = card_summary(first)
            for second in range(first + 1, 49):
                r2, s2, l2, _ = with_card(second, r1, s1, l1, 0)
                for third in range(second + 1, 50):
                    r3, s3, l3, _ = with_card(third, r2, s2, l2, 0)
                    for fourth in range(third + 1, 51):
                        r4, s4, l4, _ = with_card(fourth, r3, s3, l3, 0)
                        for fifth in range(fourth + 1, 52):
                            r5, s5, l5, _ = card_summary(fifth)
                            # natural_value written out: measured 2-3x faster here than calling it, inlined or not.
                            flush_bits = (s4 + s5 + 0x3333) & 0x8888
                            if flush_bits != 0:
                                suit = 0
                                while ((flush_bits >> (4 * suit + 3)) & 1) == 0:
                                    suit += 1
                                value = flush[lane(l4 + l5, suit)]
                            else:
                                value = multiset_lookup(r4 + r5, 5, offsets, multiset)
                            counts[part, value >> CATEGORY_SHIFT] += 1
    return counts.sum(axis=0)


@njit(cache=True)
def count_standard_values_five(offsets: np.ndarray, multiset: np.ndarray, flush: np.ndarray) -> np.ndarray:
    """Every C(52,5) hand's value, in lexicographic order of the card indices (2,598,960 values)."""
    values = np.empty(2598960, dtype=np.int32)
    position = 0
    for first in range(48):
        for second in range(first + 1, 49):
            for third in range(second + 1, 50):
                for fourth in range(third + 1, 51):
                    for fifth in range(fourth + 1, 52):
                        rank_word = np.int64(0)
                        suit_word = np.int64(0)
                        lanes = np.int64(0)
                        for card in (first, second, third, fourth, fifth):
                            r, s, ln, _ = card_summary(card)
                            rank_word += r
                            suit_word += s
                            lanes += ln
                        values[position] = natural_value(rank_word, suit_word, lanes, 5, offsets, multiset, flush)
                        position += 1
    return values


# --- Pai Gow -----------------------------------------------------------------------------------------------------


@njit(cache=True, inline="always")
def pai_gow_value(
    rank_word: int,
    suit_word: int,
    lanes: int,
    jokers: int,
    total: int,
    fully_wild: bool,
    offsets: np.ndarray,
    multiset: np.ndarray,
    flush: np.ndarray,
    flush_with_wild: np.ndarray,
    straight_with_wild: np.ndarray,
) -> int:
    """Best five of 5..7 cards (``total`` counts the joker) under the Pai Gow ranking.

    Semi-wild joker (§ 645a.6(a)): the better of the joker as a suitless ace and the joker as any card completing a
    straight, flush, straight flush or royal flush. Fully wild joker (§ 688a.6(f) "Fully Wild Joker" paytables):
    any rank, so also five of a kind.
    """
    if jokers == 0:
        return natural_value(rank_word, suit_word, lanes, total, offsets, multiset, flush)
    rank_mask = (lanes | (lanes >> 16) | (lanes >> 32) | (lanes >> 48)) & RANK_MASK_13
    best = np.int64(straight_with_wild[rank_mask])
    four_suited = (suit_word + 0x4444) & 0x8888
    if four_suited != 0:
        for suit in range(4):
            if (four_suited >> np.int64(4 * suit + 3)) & 1:
                best = max(best, np.int64(flush_with_wild[lane(lanes, suit)]))
    if fully_wild:
        for rank in range(13):
            count = (rank_word >> np.int64(4 * rank)) & 15
            if count == 4:
                category = PAI_GOW_FIVE_ACES if rank == 12 else PAI_GOW_FIVE_OF_A_KIND
                candidate = (np.int64(category) << CATEGORY_SHIFT) | (np.int64(rank) << 16)
            else:
                candidate = np.int64(
                    multiset_lookup(rank_word + (np.int64(1) << np.int64(4 * rank)), total, offsets, multiset)
                )
            best = max(best, candidate)
    else:
        if (rank_word >> 48) & 15 == 4:
            best = max(best, (np.int64(PAI_GOW_FIVE_ACES) << CATEGORY_SHIFT) | (np.int64(12) << 16))
        else:
            best = max(best, np.int64(multiset_lookup(rank_word + (np.int64(1) << 48), total, offsets, multiset)))
    return best


@njit(cache=True)
def pai_gow_values(
    hands: np.ndarray,
    fully_wild: bool,
    offsets: np.ndarray,
    multiset: np.ndarray,
    flush: np.ndarray,
    flush_with_wild: np.ndarray,
    straight_with_wild: np.ndarray,
) -> np.ndarray:
    """Pai Gow values of an ``(n, 5..7)`` array of hands that may hold the joker."""
    count = hands.shape[0]
    size = hands.shape[1]
    values = np.empty(count, dtype=np.int32)
    for row in range(count):
        rank_word, suit_word, lanes, jokers = hand_summary(hands[row])
        values[row] = pai_gow_value(
            rank_word,
            suit_word,
            lanes,
            jokers,
            size,
            fully_wild,
            offsets,
            multiset,
            flush,
            flush_with_wild,
            straight_with_wild,
        )
    return values


@njit(cache=True)
def pai_gow_split_values(
    hands: np.ndarray,
    low_positions: np.ndarray,
    fully_wild: bool,
    offsets: np.ndarray,
    multiset: np.ndarray,
    flush: np.ndarray,
    flush_with_wild: np.ndarray,
    straight_with_wild: np.ndarray,
) -> np.ndarray:
    """For each seven-card row and each split (``low_positions[k]`` = the two low-hand positions): the packed
    high-hand value and low-hand value, shape ``(n, splits, 2)``. The low hand is a pair or two high cards, the
    joker an ace (same packing as :func:`engine.evaluator.pai_gow.low_hand_value`)."""
    count = hands.shape[0]
    splits = low_positions.shape[0]
    result = np.empty((count, splits, 2), dtype=np.int32)
    for row in range(count):
        rank_word, suit_word, lanes, jokers = hand_summary(hands[row])
        for split in range(splits):
            first = hands[row, low_positions[split, 0]]
            second = hands[row, low_positions[split, 1]]
            r1, s1, l1, j1 = card_summary(first)
            r2, s2, l2, j2 = card_summary(second)
            result[row, split, 0] = pai_gow_value(
                rank_word - r1 - r2,
                suit_word - s1 - s2,
                lanes - l1 - l2,
                jokers - j1 - j2,
                5,
                fully_wild,
                offsets,
                multiset,
                flush,
                flush_with_wild,
                straight_with_wild,
            )
            high = np.int64(12) if first == JOKER else np.int64(first >> 2)
            low = np.int64(12) if second == JOKER else np.int64(second >> 2)
            if low > high:
                high, low = low, high
            if high == low:
                result[row, split, 1] = (np.int64(1) << CATEGORY_SHIFT) | (high << 16)
            else:
                result[row, split, 1] = (high << 16) | (low << 12)
    return result


@njit(cache=True, inline="always")
def seven_card_bonus(
    rank_word: int,
    suit_word: int,
    lanes: int,
    jokers: int,
    fully_wild: bool,
    offsets: np.ndarray,
    multiset: np.ndarray,
    flush: np.ndarray,
    flush_with_wild: np.ndarray,
    straight_with_wild: np.ndarray,
    seven_natural: np.ndarray,
    seven_with_joker: np.ndarray,
) -> tuple[int, int]:
    """``(SevenCardBonusCategory, Pai Gow five-card value)`` of a seven-card hand."""
    value = pai_gow_value(
        rank_word,
        suit_word,
        lanes,
        jokers,
        7,
        fully_wild,
        offsets,
        multiset,
        flush,
        flush_with_wild,
        straight_with_wild,
    )
    category = value >> CATEGORY_SHIFT
    if jokers == 0:
        for suit in range(4):
            if seven_natural[lane(lanes, suit)]:
                return BONUS_SEVEN_NATURAL, value
    if category == PAI_GOW_ROYAL_FLUSH:
        for suit in range(4):
            royal_cards = lane(lanes, suit) & ROYAL_BITS
            present = 0
            for rank in range(8, 13):
                present += (royal_cards >> rank) & 1
            # The two cards outside the royal must be real: a natural royal beside the joker leaves only one.
            if present + jokers == 5 and not (present == 5 and jokers == 1):
                rest = lanes & ~(np.int64(ROYAL_BITS) << np.int64(16 * suit))
                for other in range(4):
                    pair = lane(rest, other)
                    if pair == ACE_KING_BITS:
                        return BONUS_ROYAL_ACE_KING, value
                    if pair == KING_QUEEN_BITS:
                        return BONUS_ROYAL_KING_QUEEN, value
    if jokers == 1:
        for suit in range(4):
            if seven_with_joker[lane(lanes, suit)]:
                return BONUS_SEVEN_WITH_JOKER, value
    if category <= PAI_GOW_TWO_PAIR:
        pairs = 0
        ace_extra = 0 if fully_wild else jokers
        for rank in range(13):
            count = (rank_word >> np.int64(4 * rank)) & 15
            if rank == 12:
                count += ace_extra
            if count == 2:
                pairs += 1
        if pairs == 3:
            return BONUS_THREE_PAIR, value
    return PAI_GOW_TO_BONUS[category], value


@njit(cache=True)
def seven_card_bonus_categories(
    hands: np.ndarray,
    fully_wild: bool,
    offsets: np.ndarray,
    multiset: np.ndarray,
    flush: np.ndarray,
    flush_with_wild: np.ndarray,
    straight_with_wild: np.ndarray,
    seven_natural: np.ndarray,
    seven_with_joker: np.ndarray,
) -> np.ndarray:
    """Bonus category of each row of an ``(n, 7)`` array of hands."""
    result = np.empty(hands.shape[0], dtype=np.int8)
    for row in range(hands.shape[0]):
        rank_word, suit_word, lanes, jokers = hand_summary(hands[row])
        category, _ = seven_card_bonus(
            rank_word,
            suit_word,
            lanes,
            jokers,
            fully_wild,
            offsets,
            multiset,
            flush,
            flush_with_wild,
            straight_with_wild,
            seven_natural,
            seven_with_joker,
        )
        result[row] = category
    return result


@njit(cache=True, parallel=True)
def count_seven_card_bonus(
    deck_size: int,
    parts: int,
    fully_wild: bool,
    offsets: np.ndarray,
    multiset: np.ndarray,
    flush: np.ndarray,
    flush_with_wild: np.ndarray,
    straight_with_wild: np.ndarray,
    seven_natural: np.ndarray,
    seven_with_joker: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:
    """Over all C(deck_size, 7) hands of cards ``0..deck_size-1`` (53 includes the joker): counts by bonus category
    (17) and by Pai Gow five-card category (12).

    The work is split into ``parts`` interleaved shares of the first card (part p takes first cards p, p+parts,
    ...): hands with a low first card are far more numerous, and interleaving balances the threads.
    """
    bonus_by_part = np.zeros((parts, 17), dtype=np.int64)
    five_card_by_part = np.zeros((parts, 12), dtype=np.int64)
    for part in prange(parts):
        for c1 in range(part, deck_size - 6, parts):
            r1, s1, l1, j1 = card_summary(c1)
            for c2 in range(c1 + 1, deck_size - 5):
                r2, s2, l2, j2 = with_card(c2, r1, s1, l1, j1)
                for c3 in range(c2 + 1, deck_size - 4):
                    r3, s3, l3, j3 = with_card(c3, r2, s2, l2, j2)
                    for c4 in range(c3 + 1, deck_size - 3):
                        r4, s4, l4, j4 = with_card(c4, r3, s3, l3, j3)
                        for c5 in range(c4 + 1, deck_size - 2):
                            r5, s5, l5, j5 = with_card(c5, r4, s4, l4, j4)
                            for c6 in range(c5 + 1, deck_size - 1):
                                r6, s6, l6, j6 = with_card(c6, r5, s5, l5, j5)
                                for c7 in range(c6 + 1, deck_size):
                                    r7, s7, l7, j7 = card_summary(c7)
                                    category, value = seven_card_bonus(
                                        r6 + r7,
                                        s6 + s7,
                                        l6 + l7,
                                        j6 + j7,
                                        fully_wild,
                                        offsets,
                                        multiset,
                                        flush,
                                        flush_with_wild,
                                        straight_with_wild,
                                        seven_natural,
                                        seven_with_joker,
                                    )
                                    bonus_by_part[part, category] += 1
                                    five_card_by_part[part, value >> CATEGORY_SHIFT] += 1
    return bonus_by_part.sum(axis=0), five_card_by_part.sum(axis=0)


# --- DJ Wild (deuces and the joker wild) -------------------------------------------------------------------------


@njit(cache=True, inline="always")
def natural_rank_hash(rank_word: int, natural_count: int, offsets: np.ndarray) -> int:
    """Quinary hash of the non-deuce ranks (the deuce count, rank 0, is masked off: deuces are the wild cards)."""
    index = 0
    remaining = natural_count
    for rank in range(1, 13):
        count = (rank_word >> np.int64(4 * rank)) & 15
        index += offsets[rank, count, remaining]
        remaining -= count
    return index


@njit(cache=True, inline="always")
def deuces_wild_evaluate(
    rank_word: int,
    suit_word: int,
    lanes: int,
    jokers: int,
    offsets: np.ndarray,
    multiset: np.ndarray,
    flush: np.ndarray,
    wild_best: np.ndarray,
    wild_reachable: np.ndarray,
) -> tuple[int, int, int, int]:
    """``(best value, natural value or -1, reachable with-wild categories bit set, wild card count)`` of 5 cards.

    The natural value reads every deuce as a two (only possible without the joker); the best value uses every
    wild card to best effect (a wild card can also stand for the card it is, so it is never worse).
    """
    deuces = rank_word & 15
    wild_count = deuces + jokers
    natural = np.int64(-1)
    if jokers == 0:
        natural = np.int64(natural_value(rank_word, suit_word, lanes, 5, offsets, multiset, flush))
    if wild_count == 0:
        return natural, natural, 0, 0
    natural_lanes = lanes & ~np.int64(DEUCE_LANE_BITS)
    suits_used = 0
    for suit in range(4):
        if lane(natural_lanes, suit) != 0:
            suits_used += 1
    suited = 1 if suits_used <= 1 else 0
    index = natural_rank_hash(rank_word, 5 - wild_count, offsets)
    return (
        np.int64(wild_best[wild_count, suited, index]),
        natural,
        np.int64(wild_reachable[wild_count, suited, index]),
        wild_count,
    )


@njit(cache=True, inline="always")
def deuces_wild_pay(
    natural: int,
    reachable: int,
    deuces: int,
    wild_count: int,
    natural_pay: np.ndarray,
    wild_pay: np.ndarray,
    deuce_may_stand_as_itself: bool,
) -> tuple[float, int, int]:
    """``(payout, category, 1 if natural else 0)`` of the interpretation that pays most.

    Ties go to the natural reading, then to the higher category, so the reported category is deterministic.
    """
    best_pay = -np.inf
    best_category = -1
    best_natural = 0
    if natural >= 0 and (deuces == 0 or deuce_may_stand_as_itself):
        best_category = natural >> CATEGORY_SHIFT
        best_pay = natural_pay[best_category]
        best_natural = 1
    if wild_count > 0:
        for category in range(wild_pay.shape[0] - 1, -1, -1):
            if (reachable >> category) & 1 and wild_pay[category] > best_pay:
                best_pay = wild_pay[category]
                best_category = category
                best_natural = 0
    return best_pay, best_category, best_natural


@njit(cache=True)
def deuces_wild_batch(
    hands: np.ndarray,
    offsets: np.ndarray,
    multiset: np.ndarray,
    flush: np.ndarray,
    wild_best: np.ndarray,
    wild_reachable: np.ndarray,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Per row of an ``(n, 5)`` array: best value, natural value (-1 with the joker), reachable set, wild count."""
    count = hands.shape[0]
    best = np.empty(count, dtype=np.int32)
    natural = np.empty(count, dtype=np.int32)
    reachable = np.empty(count, dtype=np.int32)
    wilds = np.empty(count, dtype=np.int8)
    for row in range(count):
        rank_word, suit_word, lanes, jokers = hand_summary(hands[row])
        b, n, r, w = deuces_wild_evaluate(
            rank_word, suit_word, lanes, jokers, offsets, multiset, flush, wild_best, wild_reachable
        )
        best[row] = b
        natural[row] = n
        reachable[row] = r
        wilds[row] = w
    return best, natural, reachable, wilds


@njit(cache=True)
def deuces_wild_payout_batch(
    hands: np.ndarray,
    offsets: np.ndarray,
    multiset: np.ndarray,
    flush: np.ndarray,
    wild_best: np.ndarray,
    wild_reachable: np.ndarray,
    natural_pay: np.ndarray,
    wild_pay: np.ndarray,
    deuce_may_stand_as_itself: bool,
) -> np.ndarray:
    """Best payout of each row of an ``(n, 5)`` array under a paytable (see :func:`deuces_wild_pay`)."""
    payouts = np.empty(hands.shape[0], dtype=np.float64)
    for row in range(hands.shape[0]):
        rank_word, suit_word, lanes, jokers = hand_summary(hands[row])
        _, natural, reachable, wild_count = deuces_wild_evaluate(
            rank_word, suit_word, lanes, jokers, offsets, multiset, flush, wild_best, wild_reachable
        )
        payouts[row] = deuces_wild_pay(
            natural, reachable, rank_word & 15, wild_count, natural_pay, wild_pay, deuce_may_stand_as_itself
        )[0]
    return payouts


@njit(cache=True)
def best_wild_pay_table(wild_reachable: np.ndarray, wild_pay: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per wild-table slot: the best with-wild payout over the reachable categories, and that category (highest
    category on ties)."""
    pay = np.full(wild_reachable.shape, -np.inf)
    category_of_pay = np.full(wild_reachable.shape, -1, dtype=np.int64)
    for wild_count in range(wild_reachable.shape[0]):
        for suited in range(wild_reachable.shape[1]):
            for index in range(wild_reachable.shape[2]):
                reachable = wild_reachable[wild_count, suited, index]
                for category in range(wild_pay.shape[0] - 1, -1, -1):
                    if (reachable >> category) & 1 and wild_pay[category] > pay[wild_count, suited, index]:
                        pay[wild_count, suited, index] = wild_pay[category]
                        category_of_pay[wild_count, suited, index] = category
    return pay, category_of_pay


@njit(cache=True)
def count_deuces_wild(
    parts: int,
    offsets: np.ndarray,
    multiset: np.ndarray,
    flush: np.ndarray,
    wild_best: np.ndarray,
    wild_reachable: np.ndarray,
    natural_pay: np.ndarray,
    wild_pay: np.ndarray,
    deuce_may_stand_as_itself: bool,
) -> tuple[np.ndarray, np.ndarray, float]:
    """Over all C(53,5) hands: counts by (best-value category, holds a wild card), counts by the paying
    interpretation (category, natural), and the total payout under the given paytable.

    The paytable is folded into the wild table first (best with-wild payout per slot), so each hand costs one
    natural evaluation and one lookup. Serial for the reason given in :func:`count_standard_five`.
    """
    slot_pay, slot_category = best_wild_pay_table(wild_reachable, wild_pay)
    rank_counts = np.zeros((parts, 12, 2), dtype=np.int64)
    paying_counts = np.zeros((parts, 12, 2), dtype=np.int64)
    total_pay = np.zeros(parts)
    for part in range(parts):
        for c1 in range(part, 49, parts):
            r1, s1, l1, j1 = card_summary(c1)
            for c2 in range(c1 + 1, 50):
                r2, s2, l2, j2 = with_card(c2, r1, s1, l1, j1)
                for c3 in range(c2 + 1, 51):
                    r3, s3, l3, j3 = with_card(c3, r2, s2, l2, j2)
                    for c4 in range(c3 + 1, 52):
                        r4, s4, l4, j4 = with_card(c4, r3, s3, l3, j3)
                        for c5 in range(c4 + 1, 53):
                            r5, s5, l5, j5 = card_summary(c5)
                            rank_word = r4 + r5
                            lanes = l4 + l5
                            jokers = j4 + j5
                            deuces = rank_word & 15
                            wild_count = deuces + jokers
                            best_pay = -np.inf
                            best_category = -1
                            best_natural = 0
                            strength = np.int64(0)
                            if jokers == 0:
                                natural = natural_value(rank_word, s4 + s5, lanes, 5, offsets, multiset, flush)
                                strength = natural
                                if deuces == 0 or deuce_may_stand_as_itself:
                                    best_category = natural >> CATEGORY_SHIFT
                                    best_pay = natural_pay[best_category]
                                    best_natural = 1
                            if wild_count > 0:
                                natural_lanes = lanes & ~np.int64(DEUCE_LANE_BITS)
                                suits_used = 0
                                for suit in range(4):
                                    if lane(natural_lanes, suit) != 0:
                                        suits_used += 1
                                suited = 1 if suits_used <= 1 else 0
                                index = natural_rank_hash(rank_word, 5 - wild_count, offsets)
                                strength = wild_best[wild_count, suited, index]
                                if slot_pay[wild_count, suited, index] > best_pay:
                                    best_pay = slot_pay[wild_count, suited, index]
                                    best_category = slot_category[wild_count, suited, index]
                                    best_natural = 0
                            rank_counts[part, strength >> CATEGORY_SHIFT, 1 if wild_count > 0 else 0] += 1
                            paying_counts[part, best_category, best_natural] += 1
                            total_pay[part] += best_pay
    return rank_counts.sum(axis=0), paying_counts.sum(axis=0), total_pay.sum()
