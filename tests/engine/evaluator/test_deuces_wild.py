"""DJ Wild Stud Poker (58 Pa. Code 687a): wild evaluation, paytable valuation, and all C(53,5) hands counted."""

from __future__ import annotations

import itertools
from math import comb

import numpy as np
import pytest
from evaluator_support import parse
from hypothesis import given, settings
from hypothesis import strategies as st
from pacomply.engine.evaluator import (
    WildHandCategory,
    WildPaytable,
    best_payout,
    deuces_wild_payouts,
    deuces_wild_value,
    deuces_wild_values,
    enumerate_deuces_wild,
    evaluate_deuces_wild,
)
from reference import DEUCES_WILD_ORDER, deuces_wild_reference

W = WildHandCategory

# § 687a.12(d) Paytable DJWT-04 (natural column, with-wild column); "n/a" cells are left out.
DJWT_04 = WildPaytable(
    natural={
        W.ROYAL_FLUSH: 1000,
        W.STRAIGHT_FLUSH: 200,
        W.FOUR_OF_A_KIND: 60,
        W.FULL_HOUSE: 30,
        W.FLUSH: 25,
        W.STRAIGHT: 20,
        W.THREE_OF_A_KIND: 6,
    },
    with_wild={
        W.FIVE_WILDS: 2000,
        W.ROYAL_FLUSH: 90,
        W.FIVE_OF_A_KIND: 70,
        W.STRAIGHT_FLUSH: 25,
        W.FOUR_OF_A_KIND: 6,
        W.FULL_HOUSE: 5,
        W.FLUSH: 4,
        W.STRAIGHT: 3,
        W.THREE_OF_A_KIND: 1,
    },
    name="DJWT-04",
)

# Hands with no deuce and no joker: five cards from the 48 cards 3..A. Closed formulas (ranks 3..A are 12 ranks;
# the lowest straight is 3-4-5-6-7, so 8 straights per suit pattern).
NATURAL_COUNTS = {
    W.ROYAL_FLUSH: 4,
    W.STRAIGHT_FLUSH: 8 * 4 - 4,
    W.FOUR_OF_A_KIND: 12 * 44,
    W.FULL_HOUSE: 12 * 4 * 11 * 6,
    W.FLUSH: 4 * comb(12, 5) - 8 * 4,
    W.STRAIGHT: 8 * 4**5 - 8 * 4,
    W.THREE_OF_A_KIND: 12 * 4 * comb(11, 2) * 16,
    W.TWO_PAIR: comb(12, 2) * 36 * 40,
    W.PAIR: 12 * 6 * comb(11, 3) * 64,
    W.HIGH_CARD: (comb(12, 5) - 8) * (4**5 - 4),
}

# Hands holding at least one wild card, by strength. Five wilds, five of a kind and royal flush are closed
# formulas (see the test below); every row is re-derived hand by hand by the itertools reference in
# test_reference_enumeration_of_all_c53_5_hands (slow).
WILD_COUNTS = {
    W.FIVE_WILDS: 1,
    W.ROYAL_FLUSH: 1_000,
    W.FIVE_OF_A_KIND: 1_400,
    W.STRAIGHT_FLUSH: 3_620,
    W.FOUR_OF_A_KIND: 51_160,
    W.FULL_HOUSE: 11_880,
    W.FLUSH: 15_820,
    W.STRAIGHT: 75_840,
    W.THREE_OF_A_KIND: 415_800,
    W.PAIR: 580_860,
}
# Exact DJWT-04 Trips total payout over all hands (loss = -1), re-derived by the reference (slow test).
DJWT_04_TOTAL_PAYOUT = -176_684


def test_natural_counts_sum_to_the_hands_without_wild_cards() -> None:
    assert sum(NATURAL_COUNTS.values()) == comb(48, 5)
    assert sum(WILD_COUNTS.values()) == comb(53, 5) - comb(48, 5)


def test_rare_wild_counts_follow_from_closed_formulas() -> None:
    # Five of a kind: naturals all one rank 3..A with the rest wild; one natural ten or higher is a royal instead.
    five_of_a_kind = 12 * 1 * comb(5, 1) + 12 * 4 * comb(5, 2) + 12 * 6 * comb(5, 3) + 7 * 4 * comb(5, 4)
    # Wild royal: 1..4 distinct suited ten-to-ace naturals, the rest wild.
    royal = sum(4 * comb(5, naturals) * comb(5, 5 - naturals) for naturals in range(1, 5))
    assert (five_of_a_kind, royal) == (WILD_COUNTS[W.FIVE_OF_A_KIND], WILD_COUNTS[W.ROYAL_FLUSH])


def test_all_c53_5_hands_by_strength_and_wildness() -> None:
    result = enumerate_deuces_wild(DJWT_04)
    expected = {(category, False): count for category, count in NATURAL_COUNTS.items()}
    expected |= {(category, True): count for category, count in WILD_COUNTS.items()}
    assert result.by_strength == expected
    assert result.total_payout == DJWT_04_TOTAL_PAYOUT
    assert sum(result.by_payout.values()) == comb(53, 5)


@pytest.mark.parametrize(
    ("text", "payout", "category", "natural"),
    [
        ("2s 3s 4s 5s 6s", 200, W.STRAIGHT_FLUSH, True),  # the deuce stands as a two: natural straight flush
        ("2c 2d 2h 2s JK", 2000, W.FIVE_WILDS, False),
        ("As Ks Qs Js Ts", 1000, W.ROYAL_FLUSH, True),
        ("As Ks Qs Js 2d", 90, W.ROYAL_FLUSH, False),
        ("7c 7d 7h 2s JK", 70, W.FIVE_OF_A_KIND, False),
        ("7c 7d 7h 7s JK", 70, W.FIVE_OF_A_KIND, False),
        ("7c 7d 7h 7s 2h", 70, W.FIVE_OF_A_KIND, False),  # wild five of a kind 70 beats natural quads 60
        ("7c 7d 7h 9s 2h", 6, W.THREE_OF_A_KIND, True),  # natural trips 6 ties wild quads 6: natural reported
        ("7c 7d 2h 9s 2c", 6, W.FOUR_OF_A_KIND, False),
        ("7c 7d 7h 9s Kh", 6, W.THREE_OF_A_KIND, True),
        ("2c 2d 7h 9s Kh", 1, W.THREE_OF_A_KIND, False),
        ("3c 5d 7h 9s Jh", -1, None, False),
    ],
)
def test_djwt_04_pays_the_best_interpretation(text: str, payout: float, category: W | None, natural: bool) -> None:
    result = best_payout(text.split(), DJWT_04)
    assert (result.payout, result.category, result.natural) == (payout, category, natural)


def test_a_deuce_can_be_read_as_always_wild() -> None:
    strict = WildPaytable(DJWT_04.natural, DJWT_04.with_wild, deuce_may_stand_as_itself=False)
    assert best_payout(["2s", "3s", "4s", "5s", "6s"], strict).payout == 25


def test_strength_ranks_five_wilds_over_royal_over_five_of_a_kind_over_straight_flush() -> None:
    order = ["2c 2d 2h 2s JK", "Ah Kh Qh Jh Th", "Ac Ad Ah 2s JK", "9h 8h 7h 6h 5h", "Ac Ad Ah As Kd"]
    values = [deuces_wild_value(text.split()) for text in order]
    assert values == sorted(values, reverse=True)
    assert deuces_wild_value(parse("Ah Kh Qh Jh 2c")) == deuces_wild_value(parse("As Ks Qs Js Ts"))


def test_batch_payouts_match_scalar(random_generator: np.random.Generator) -> None:
    from evaluator_support import random_hands

    hands = random_hands(random_generator, 400, 5, 53)
    batch = deuces_wild_payouts(hands, DJWT_04)
    assert batch.tolist() == [best_payout(hand.tolist(), DJWT_04).payout for hand in hands]
    values = deuces_wild_values(hands)
    assert values.tolist() == [deuces_wild_value(hand.tolist()) for hand in hands]


@st.composite
def wild_heavy_hands(draw: st.DrawFn) -> list[int]:
    """Five distinct cards with 0-5 wild cards, so every wild count is exercised."""
    wild_count = draw(st.integers(0, 4))
    wild = draw(st.lists(st.sampled_from([0, 1, 2, 3, 52]), min_size=wild_count, max_size=wild_count, unique=True))
    naturals = draw(st.lists(st.integers(4, 51), min_size=5 - wild_count, max_size=5 - wild_count, unique=True))
    return wild + naturals


# Kept small: the reference tries up to ~20,000 completions for a four-wild hand.
@settings(max_examples=40, deadline=None)
@given(first=wild_heavy_hands(), second=wild_heavy_hands())
def test_matches_the_reference(first: list[int], second: list[int]) -> None:
    hand = evaluate_deuces_wild(first)
    best, natural, reachable = deuces_wild_reference(first)
    assert int(hand.category) == best[0]
    assert hand.natural_category == (None if natural is None else W(natural[0]))
    assert {int(category) for category in hand.reachable_with_wild} == set(reachable)
    other_best = deuces_wild_reference(second)[0]
    mine = (hand.value > deuces_wild_value(second)) - (hand.value < deuces_wild_value(second))
    assert mine == (best > other_best) - (best < other_best)


@pytest.mark.slow
def test_reference_enumeration_of_all_c53_5_hands() -> None:
    """Re-derive WILD_COUNTS, NATURAL_COUNTS and the DJWT-04 total with the reference, hand by hand.

    Wild-card results are memoised on (natural ranks, whether the naturals share a suit, wild count): by suit
    symmetry that is all a wild hand's best depends on.
    """
    order = DEUCES_WILD_ORDER
    wild_memo: dict[tuple, tuple] = {}
    natural_memo: dict[tuple, int] = {}
    counts: dict[tuple[W, bool], int] = {}
    natural_pay = DJWT_04.natural_vector()
    wild_pay = DJWT_04.with_wild_vector()
    total = 0.0
    for hand in itertools.combinations(range(53), 5):
        wild = [card for card in hand if card == 52 or card < 4]
        naturals = [card for card in hand if not (card == 52 or card < 4)]
        natural_category = None
        if 52 not in hand:
            natural_key = (tuple(sorted(card // 4 for card in hand)), len({card % 4 for card in hand}) == 1)
            if natural_key not in natural_memo:
                natural_memo[natural_key] = deuces_wild_reference(list(hand))[1][0]
            natural_category = natural_memo[natural_key]
        if wild:
            key = (tuple(sorted(card // 4 for card in naturals)), len({card % 4 for card in naturals}) <= 1, len(wild))
            if key not in wild_memo:
                best, _, reachable = deuces_wild_reference(list(hand))
                wild_memo[key] = (best[0], max(wild_pay[category] for category in reachable))
            category, wild_best_pay = wild_memo[key]
            pay = wild_best_pay if natural_category is None else max(wild_best_pay, natural_pay[natural_category])
        else:
            category, pay = natural_category, natural_pay[natural_category]
        counts[(W(category), bool(wild))] = counts.get((W(category), bool(wild)), 0) + 1
        total += pay
    expected = {(category, False): count for category, count in NATURAL_COUNTS.items()}
    expected |= {(category, True): count for category, count in WILD_COUNTS.items()}
    assert counts == expected
    assert total == DJWT_04_TOTAL_PAYOUT
    assert order[-1] == "five_wilds"
