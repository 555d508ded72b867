"""Standard five- to seven-card evaluation: textbook counts, the 7,462 classes, agreement with the reference."""

from __future__ import annotations

import itertools
from math import comb

import numpy as np
import pytest
from evaluator_support import parse, random_hands
from hypothesis import given, settings
from hypothesis import strategies as st
from pacomply.engine.cards import Card
from pacomply.engine.evaluator import (
    HandCategory,
    InvalidHandError,
    count_five_card_categories,
    evaluate_standard,
    standard_strength,
    standard_value,
    standard_values,
)
from pacomply.engine.evaluator.standard import all_five_card_values
from reference import best_standard_key

# Textbook frequencies of the C(52,5) = 2,598,960 five-card hands (e.g. Wikipedia "Poker probability"; each is a
# closed formula, recomputed below so the numbers are not merely typed in).
TEXTBOOK_FIVE_CARD = {
    HandCategory.ROYAL_FLUSH: 4,
    HandCategory.STRAIGHT_FLUSH: 36,
    HandCategory.FOUR_OF_A_KIND: 624,
    HandCategory.FULL_HOUSE: 3_744,
    HandCategory.FLUSH: 5_108,
    HandCategory.STRAIGHT: 10_200,
    HandCategory.THREE_OF_A_KIND: 54_912,
    HandCategory.TWO_PAIR: 123_552,
    HandCategory.PAIR: 1_098_240,
    HandCategory.HIGH_CARD: 1_302_540,
}


def test_textbook_counts_follow_from_their_formulas() -> None:
    formulas = {
        HandCategory.ROYAL_FLUSH: 4,
        HandCategory.STRAIGHT_FLUSH: 10 * 4 - 4,
        HandCategory.FOUR_OF_A_KIND: 13 * 48,
        HandCategory.FULL_HOUSE: 13 * comb(4, 3) * 12 * comb(4, 2),
        HandCategory.FLUSH: 4 * comb(13, 5) - 40,
        HandCategory.STRAIGHT: 10 * 4**5 - 40,
        HandCategory.THREE_OF_A_KIND: 13 * comb(4, 3) * comb(12, 2) * 16,
        HandCategory.TWO_PAIR: comb(13, 2) * 36 * 44,
        HandCategory.PAIR: 13 * 6 * comb(12, 3) * 64,
        HandCategory.HIGH_CARD: (comb(13, 5) - 10) * (4**5 - 4),
    }
    assert formulas == TEXTBOOK_FIVE_CARD
    assert sum(formulas.values()) == comb(52, 5)


def test_all_c52_5_hands_by_category_match_the_textbook() -> None:
    assert count_five_card_categories() == TEXTBOOK_FIVE_CARD


def test_all_c52_5_hands_fall_into_7462_distinct_classes() -> None:
    values = all_five_card_values()
    distinct = np.unique(values)
    assert distinct.size == 7462
    strengths = standard_strength(distinct)
    assert strengths.min() == 1 and strengths.max() == 7462


def test_dense_strength_agrees_with_phevaluator_on_every_five_card_hand() -> None:
    """phevaluator (an independent C implementation) numbers the classes 1 = royal .. 7462 = 7-5-4-3-2."""
    pytest.importorskip("phevaluator")
    from phevaluator import _pheval  # type: ignore[attr-defined]

    values = all_five_card_values()
    strengths = standard_strength(values)
    # phevaluator's card id is rank*4 + suit with suits c, d, h, s: the same as engine.cards.
    evaluate = _pheval.evaluate_5cards
    theirs = np.fromiter(
        (7463 - evaluate(*hand) for hand in itertools.combinations(range(52), 5)), dtype=np.int64, count=values.size
    )
    assert np.array_equal(strengths, theirs)


@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("Ah Kh Qh Jh Th", HandCategory.ROYAL_FLUSH),
        ("5d 4d 3d 2d Ad", HandCategory.STRAIGHT_FLUSH),
        ("9c 9d 9h 9s 2c", HandCategory.FOUR_OF_A_KIND),
        ("Ac 2d 3h 4s 5c", HandCategory.STRAIGHT),
        ("Ac Kd Qh Js 9c 8c 7c", HandCategory.HIGH_CARD),
        ("Ac Ad Kh Ks Qc Qd 2h", HandCategory.TWO_PAIR),
        ("Ac Ad Ah Ks Kc Kd 2h", HandCategory.FULL_HOUSE),
    ],
)
def test_named_hands(text: str, category: HandCategory) -> None:
    assert evaluate_standard(text.split()).category is category


def test_the_wheel_is_the_lowest_straight_in_standard_poker() -> None:
    assert standard_value(parse("Ac 2d 3h 4s 5c")) < standard_value(parse("2c 3d 4h 5s 6c"))


def test_bad_hands_are_refused_in_words() -> None:
    with pytest.raises(InvalidHandError, match="same card twice"):
        evaluate_standard(["Ah", "Ah", "Kd", "Qs", "Jc"])
    with pytest.raises(InvalidHandError, match="5 or 6 or 7 cards"):
        evaluate_standard(["Ah", "Kd"])
    with pytest.raises(InvalidHandError, match="joker"):
        evaluate_standard(["Ah", "Kd", "Qs", "Jc", "JK"])


def test_batch_and_scalar_agree(random_generator: np.random.Generator) -> None:
    for size in (5, 6, 7):
        hands = random_hands(random_generator, 300, size, 52)
        batch = standard_values(hands)
        assert [standard_value(hand.tolist()) for hand in hands] == batch.tolist()


hands_strategy = st.integers(5, 7).flatmap(
    lambda size: st.lists(st.integers(0, 51), min_size=size, max_size=size, unique=True)
)


@settings(max_examples=300, deadline=None)
@given(first=hands_strategy, second=hands_strategy)
def test_order_matches_the_reference(first: list[int], second: list[int]) -> None:
    """The packed value orders any two hands exactly as the itertools reference does (a total order)."""
    mine = (standard_value(first) > standard_value(second)) - (standard_value(first) < standard_value(second))
    key_first, key_second = best_standard_key(first), best_standard_key(second)
    theirs = (key_first > key_second) - (key_first < key_second)
    assert mine == theirs
    assert int(evaluate_standard(first).category) == key_first[0]


def test_cards_may_be_given_as_card_objects_text_or_indices() -> None:
    as_text = ["Ah", "Kh", "Qh", "Jh", "Th"]
    assert (
        standard_value(as_text)
        == standard_value([Card.parse(text) for text in as_text])
        == standard_value([Card.parse(text).index for text in as_text])
    )


def test_seven_card_strength_agrees_with_phevaluator(random_generator: np.random.Generator) -> None:
    """Best five of seven, checked against phevaluator's C ``evaluate_7cards`` on 200,000 random hands."""
    pytest.importorskip("phevaluator")
    from phevaluator import _pheval  # type: ignore[attr-defined]

    hands = random_hands(random_generator, 200_000, 7, 52)
    strengths = standard_strength(standard_values(hands))
    theirs = np.array([7463 - _pheval.evaluate_7cards(*hand) for hand in hands.tolist()])
    assert np.array_equal(strengths, theirs)
