"""Pai Gow Poker (58 Pa. Code 645a, 688a): the joker, seven-card bonus hands, hand setting, all C(53,7) hands."""

from __future__ import annotations

import itertools
from math import comb

import numpy as np
import pytest
from evaluator_support import parse, random_hands
from hypothesis import given, settings
from hypothesis import strategies as st
from pacomply.engine.evaluator import (
    HAND_SPLITS,
    JokerRule,
    Outcome,
    PaiGowCategory,
    SevenCardBonusCategory,
    all_settings,
    bonus_payout_vector,
    enumerate_seven_card_bonus,
    low_hand_value,
    pai_gow_category,
    pai_gow_high_card,
    pai_gow_value,
    pai_gow_values,
    set_hand,
    settle,
    seven_card_bonus_categories,
    seven_card_bonus_category,
    split_values,
    valid_settings,
)
from reference import low_hand_key, pai_gow_key

P = PaiGowCategory
B = SevenCardBonusCategory

# --- golden numbers -----------------------------------------------------------------------------------------------
# Best five of seven from the 53-card deck, semi-wild joker: Brian Alspach, "7-Card Poker Hands with Joker"
# (people.math.sfu.ca/~alspach/comp40, 2003), which merges Table 3 of his "Pai Gow Poker Computations".
# Alspach gives 210,964 straight flushes "of which 26,124 are royal"; direct counting gives 26,132 royals
# (test_royal_count_by_direct_counting), so the royal/straight-flush split below follows the direct count and
# only their sum is Alspach's.
ROYALS = 4 * comb(47, 2) + 4 * 47 + 4 * 5 * comb(47, 2)
ALSPACH_FIVE_CARD = {
    P.FIVE_ACES: 1_128,
    P.ROYAL_FLUSH: ROYALS,
    P.STRAIGHT_FLUSH: 210_964 - ROYALS,
    P.FOUR_OF_A_KIND: 307_472,
    P.FULL_HOUSE: 4_188_528,
    P.FLUSH: 6_172_088,
    P.STRAIGHT: 11_236_028,
    P.THREE_OF_A_KIND: 7_470_676,
    P.TWO_PAIR: 35_553_816,
    P.PAIR: 64_221_960,
    P.HIGH_CARD: 24_780_420,
    P.FIVE_OF_A_KIND: 0,
}
# C(52,7) by best five: textbook (Alspach, "Pai Gow Poker Computations" Table 1; also Wikipedia "Poker
# probability", 7-card table). Straight flushes include the 4,324 royals (4 x C(47,2)).
TEXTBOOK_SEVEN_CARD = {
    P.ROYAL_FLUSH: 4 * comb(47, 2),
    P.STRAIGHT_FLUSH: 41_584 - 4 * comb(47, 2),
    P.FOUR_OF_A_KIND: 224_848,
    P.FULL_HOUSE: 3_473_184,
    P.FLUSH: 4_047_644,
    P.STRAIGHT: 6_180_020,
    P.THREE_OF_A_KIND: 6_461_620,
    P.TWO_PAIR: 31_433_400,
    P.PAIR: 58_627_800,
    P.HIGH_CARD: 23_294_460,
    P.FIVE_ACES: 0,
    P.FIVE_OF_A_KIND: 0,
}


def _three_pair_with_joker_as_the_sixth_pair() -> int:
    """Joker, one ace, two non-ace pairs and one other card, where the joker cannot make a straight or flush
    instead (then the joker pairs the ace: three pair). Counted by direct loops over ranks and suits."""
    count = 0
    others = range(2, 14)  # ranks 2..K (14 = ace)
    pair_suits = list(itertools.combinations(range(4), 2))
    for low_pair, high_pair in itertools.combinations(others, 2):
        for single in others:
            if single in (low_pair, high_pair):
                continue
            ranks = {low_pair, high_pair, single, 14}
            straight = any(
                len(ranks & set(window)) == 4
                for window in [set(range(top - 4, top + 1)) for top in range(6, 15)] + [{14, 2, 3, 4, 5}]
            )
            for suits_low, suits_high in itertools.product(pair_suits, repeat=2):
                for ace_suit, single_suit in itertools.product(range(4), repeat=2):
                    flush = any(
                        suit in suits_low and suit in suits_high and suit == ace_suit == single_suit
                        for suit in range(4)
                    )
                    if not (straight or flush):
                        count += 1
    return count


def bonus_counts_by_derivation() -> dict[SevenCardBonusCategory, int]:
    """The bonus categories of all C(53,7) hands, semi-wild joker, each from a closed formula or a direct count."""
    seven_natural = 8 * 4  # eight runs A-7 .. 8-A, four suits
    seven_with_joker = 4 * (8 * 7 - 7)  # six of a run plus the joker; two adjacent runs share one six-card set
    # Royal plus a suited pair of another suit: natural royal (4 x 3 pairs) or four royal cards and the joker.
    royal_match_each = 4 * 3 + 4 * 5 * 3
    # Royals that a seven-card straight flush takes: natural 8-A runs (4), and six-card sets that the joker
    # completes to a royal: the 7 subsets of 8-A and 7-K minus 8 or 9 (9 per suit).
    royal = ROYALS - 4 - 2 * royal_match_each - 4 * 9
    straight_flush = ALSPACH_FIVE_CARD[P.STRAIGHT_FLUSH] - (seven_natural - 4) - (seven_with_joker - 4 * 9)
    three_pair = (
        comb(13, 3) * 6**3 * 40  # no joker: three pairs and a single of a fourth rank
        + comb(12, 3) * 6**3  # joker as the seventh card (an ace kicker) beside three non-ace pairs
        + _three_pair_with_joker_as_the_sixth_pair()
    )
    counts = {
        B.SEVEN_CARD_STRAIGHT_FLUSH_NATURAL: seven_natural,
        B.ROYAL_FLUSH_AND_ACE_KING_SUITED: royal_match_each,
        B.ROYAL_FLUSH_AND_KING_QUEEN_SUITED: royal_match_each,
        B.SEVEN_CARD_STRAIGHT_FLUSH_WITH_JOKER: seven_with_joker,
        B.FIVE_ACES: ALSPACH_FIVE_CARD[P.FIVE_ACES],
        B.FIVE_OF_A_KIND: 0,
        B.ROYAL_FLUSH: royal,
        B.STRAIGHT_FLUSH: straight_flush,
        B.FOUR_OF_A_KIND: ALSPACH_FIVE_CARD[P.FOUR_OF_A_KIND],
        B.FULL_HOUSE: ALSPACH_FIVE_CARD[P.FULL_HOUSE],
        B.FLUSH: ALSPACH_FIVE_CARD[P.FLUSH],
        B.STRAIGHT: ALSPACH_FIVE_CARD[P.STRAIGHT],
        B.THREE_OF_A_KIND: ALSPACH_FIVE_CARD[P.THREE_OF_A_KIND],
        B.THREE_PAIR: three_pair,
        B.TWO_PAIR: ALSPACH_FIVE_CARD[P.TWO_PAIR] - three_pair,
        B.PAIR: ALSPACH_FIVE_CARD[P.PAIR],
        B.HIGH_CARD: ALSPACH_FIVE_CARD[P.HIGH_CARD],
    }
    return counts


def test_golden_numbers_add_up() -> None:
    assert sum(ALSPACH_FIVE_CARD.values()) == comb(53, 7)
    assert sum(TEXTBOOK_SEVEN_CARD.values()) == comb(52, 7)
    assert sum(bonus_counts_by_derivation().values()) == comb(53, 7)


def test_royal_count_by_direct_counting() -> None:
    """Seven cards whose best five is a royal: count by brute force over which royal cards are present."""
    count = 0
    for jokers in (0, 1):
        real = 7 - jokers
        for present in range(5 - jokers, 6):
            # ``present`` of one suit's five royal cards, the other real cards from the 47 outside that royal.
            count += 4 * comb(5, present) * comb(47, real - present)
    assert count == ROYALS == 26_132


@pytest.mark.slow
def test_all_c53_7_hands_semi_wild_joker() -> None:
    result = enumerate_seven_card_bonus(JokerRule.SEMI_WILD)
    assert result.hands == comb(53, 7)
    assert result.by_five_card_category == ALSPACH_FIVE_CARD
    assert result.by_bonus_category == bonus_counts_by_derivation()


@pytest.mark.slow
def test_all_c52_7_hands_match_the_textbook() -> None:
    result = enumerate_seven_card_bonus(JokerRule.SEMI_WILD, with_joker=False)
    assert result.by_five_card_category == TEXTBOOK_SEVEN_CARD


@pytest.mark.slow
def test_all_c53_7_hands_fully_wild_joker_rare_rows() -> None:
    result = enumerate_seven_card_bonus(JokerRule.FULLY_WILD)
    assert result.hands == comb(53, 7)
    # Four of one rank and the joker, two other cards: five aces for aces, five of a kind for the other 12 ranks.
    assert result.by_five_card_category[P.FIVE_ACES] == comb(48, 2)
    assert result.by_five_card_category[P.FIVE_OF_A_KIND] == 12 * comb(48, 2)
    assert result.by_bonus_category[B.SEVEN_CARD_STRAIGHT_FLUSH_NATURAL] == 32
    assert result.by_bonus_category[B.SEVEN_CARD_STRAIGHT_FLUSH_WITH_JOKER] == 196


# --- the ranking ---------------------------------------------------------------------------------------------------


def test_645a_6_b_7_wheel_is_the_second_highest_straight() -> None:
    broadway = pai_gow_value(parse("Ac Kd Qh Js Tc"))
    wheel = pai_gow_value(parse("Ac 2d 3h 4s 5c"))
    king_high = pai_gow_value(parse("Kc Qd Jh Ts 9c"))
    assert broadway > wheel > king_high


def test_645a_6_b_3_suited_wheel_is_the_highest_straight_flush_below_a_royal() -> None:
    royal = pai_gow_value(parse("Ac Kc Qc Jc Tc"))
    wheel = pai_gow_value(parse("Ac 2c 3c 4c 5c"))
    king_high = pai_gow_value(parse("Kc Qc Jc Tc 9c"))
    assert royal > wheel > king_high
    assert pai_gow_category(wheel) is P.STRAIGHT_FLUSH and pai_gow_category(royal) is P.ROYAL_FLUSH


@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("Ac Ad Ah As JK", P.FIVE_ACES),
        ("Kc Qc Jc Tc JK", P.ROYAL_FLUSH),
        ("Ac Qc Jc Tc JK", P.ROYAL_FLUSH),
        ("9c 9d 9h 9s JK", P.FOUR_OF_A_KIND),  # the joker is an ace here, not a fifth nine
        ("Ac Ad Kh Ks JK", P.FULL_HOUSE),
        ("9c 9d Kh Ks JK", P.TWO_PAIR),
        ("2c 4c 7c 9c JK", P.FLUSH),
        ("2c 3d 4h 6s JK", P.STRAIGHT),
        ("Ac 3d 8h Ts JK", P.PAIR),
        ("Ac Ad Ah As 2c 3d JK", P.FIVE_ACES),
    ],
)
def test_semi_wild_joker(text: str, category: PaiGowCategory) -> None:
    assert pai_gow_category(pai_gow_value(parse(text))) is category


def test_fully_wild_joker_makes_five_of_a_kind_below_five_aces_above_a_royal() -> None:
    fives = pai_gow_value(parse("9c 9d 9h 9s JK"), JokerRule.FULLY_WILD)
    assert pai_gow_category(fives) is P.FIVE_OF_A_KIND
    assert pai_gow_value(parse("Ac Ad Ah As JK"), JokerRule.FULLY_WILD) > fives
    assert fives > pai_gow_value(parse("Ac Kc Qc Jc Tc"), JokerRule.FULLY_WILD)


def test_joker_in_a_flush_is_the_highest_missing_card() -> None:
    assert pai_gow_value(parse("Ac 4c 7c 9c JK")) == pai_gow_value(parse("Ac Kc 4c 7c 9c"))


def joker_heavy_hands(size: int) -> st.SearchStrategy[list[int]]:
    return st.booleans().flatmap(
        lambda joker: st.lists(st.integers(0, 51), min_size=size - joker, max_size=size - joker, unique=True).map(
            lambda cards: [*cards, 52] if joker else cards
        )
    )


@settings(max_examples=60, deadline=None)
@given(first=st.sampled_from([5, 7]).flatmap(joker_heavy_hands), fully_wild=st.booleans())
def test_pai_gow_value_matches_the_reference(first: list[int], fully_wild: bool) -> None:
    rule = JokerRule.FULLY_WILD if fully_wild else JokerRule.SEMI_WILD
    value = pai_gow_value(first, rule)
    key = pai_gow_key(first, fully_wild)
    assert int(pai_gow_category(value)) == key[0]


@settings(max_examples=60, deadline=None)
@given(first=joker_heavy_hands(7), second=joker_heavy_hands(7))
def test_pai_gow_order_matches_the_reference(first: list[int], second: list[int]) -> None:
    mine = (pai_gow_value(first) > pai_gow_value(second)) - (pai_gow_value(first) < pai_gow_value(second))
    key_first, key_second = pai_gow_key(first), pai_gow_key(second)
    assert mine == (key_first > key_second) - (key_first < key_second)


def test_batch_values_and_bonus_categories_match_scalar(random_generator: np.random.Generator) -> None:
    hands = random_hands(random_generator, 300, 7, 53)
    assert pai_gow_values(hands).tolist() == [pai_gow_value(hand.tolist()) for hand in hands]
    batch = seven_card_bonus_categories(hands)
    assert batch.tolist() == [int(seven_card_bonus_category(hand.tolist())) for hand in hands]


# --- seven-card bonus hands ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("Ah 2h 3h 4h 5h 6h 7h", B.SEVEN_CARD_STRAIGHT_FLUSH_NATURAL),
        ("8s 9s Ts Js Qs Ks As", B.SEVEN_CARD_STRAIGHT_FLUSH_NATURAL),
        ("8s 9s Ts Js Qs Ks JK", B.SEVEN_CARD_STRAIGHT_FLUSH_WITH_JOKER),
        ("3d 4d 5d 7d 8d 9d JK", B.SEVEN_CARD_STRAIGHT_FLUSH_WITH_JOKER),
        ("Ah Kh Qh Jh Th Ks Qs", B.ROYAL_FLUSH_AND_KING_QUEEN_SUITED),
        ("Ah Kh Qh Jh Th As Ks", B.ROYAL_FLUSH_AND_ACE_KING_SUITED),
        ("Kh Qh Jh Th JK As Ks", B.ROYAL_FLUSH_AND_ACE_KING_SUITED),
        ("Ah Kh Qh Jh Th JK Ks", B.ROYAL_FLUSH),  # the joker has no suit to pair with the king
        ("Ah Kh Qh Jh Th Ks Qd", B.ROYAL_FLUSH),
        ("Ac Ad Ah As JK 2c 3d", B.FIVE_ACES),
        ("4c 4d 7h 7s 9c 9d Kh", B.THREE_PAIR),
        ("Ac 4d 4h 7s 7c 9d JK", B.THREE_PAIR),
        ("Ac 4d 4h 7s 7c 9d Kh", B.TWO_PAIR),
        ("4c 4d 5h 5s 6c 7d JK", B.STRAIGHT),
    ],
)
def test_named_bonus_hands(text: str, category: SevenCardBonusCategory) -> None:
    assert seven_card_bonus_category(parse(text)) is category


def test_paytables_without_a_seven_card_row_fall_back() -> None:
    # Emperor's Treasure (§ 645a.13(c)) has no Royal Match row: a royal with a suited king-queen pays as a royal.
    emperors = {B.ROYAL_FLUSH_AND_ACE_KING_SUITED: 2000, B.ROYAL_FLUSH: 150, B.TWO_PAIR: -1}
    vector = bonus_payout_vector(emperors)
    assert vector[B.ROYAL_FLUSH_AND_KING_QUEEN_SUITED] == 150
    assert vector[B.THREE_PAIR] == -1


# --- hand setting (§ 645a.11(b), (f)) ------------------------------------------------------------------------------


def test_there_are_21_distinct_splits() -> None:
    assert len(HAND_SPLITS) == 21
    assert len({low for _, low in HAND_SPLITS}) == 21
    assert all(sorted(high + low) == list(range(7)) for high, low in HAND_SPLITS)


def test_645a_11_b_high_hand_must_rank_at_least_the_low_hand() -> None:
    cards = parse("7c 7d Ah 9s 5c 3d 2h")
    settings_by_low = {tuple(str(card) for card in setting.low): setting for setting in all_settings(cards)}
    assert not settings_by_low[("7c", "7d")].is_valid  # a pair of sevens in front of no pair fouls
    assert settings_by_low[("Ah", "9s")].is_valid
    assert settings_by_low[("9s", "5c")].is_valid
    # Fouls: the sevens in front, or a seven and the ace in front of a nine-high five (A beats 9).
    fouled = {tuple(str(card) for card in setting.low) for setting in all_settings(cards) if not setting.is_valid}
    assert fouled == {("7c", "7d"), ("7c", "Ah"), ("7d", "Ah")}
    assert len(valid_settings(cards)) == 18


def test_low_hand_joker_is_an_ace() -> None:
    assert low_hand_value(parse("JK Ac")) == low_hand_value(parse("Ad Ac"))
    assert low_hand_value(parse("JK 4c")) == low_hand_value(parse("Ad 4s"))


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 52), min_size=4, max_size=4, unique=True))
def test_low_hands_order_like_the_reference(cards: list[int]) -> None:
    first, second = cards[:2], cards[2:]
    mine = (low_hand_value(first) > low_hand_value(second)) - (low_hand_value(first) < low_hand_value(second))
    assert mine == (low_hand_key(first) > low_hand_key(second)) - (low_hand_key(first) < low_hand_key(second))


def test_645a_11_f_settlement() -> None:
    dealer = set_hand(parse("Kc Kd 9h 8s 4c Qd Jh"), (5, 6))  # pair of kings / Q-J
    win = set_hand(parse("Ac Ad 9c 8c 4d Kh Qc"), (5, 6))  # aces / K-Q: both higher
    copy_low = set_hand(parse("Ac Ad 9c 8c 4d Qh Js"), (5, 6))  # higher high, identical low
    lower_both = set_hand(parse("Qc Qh 9d 8d 4h Jd Tc"), (5, 6))
    fouled = set_hand(parse("Ac Ad 9c 8c 4d Kh Qc"), (0, 1))  # aces in front of a king-high five
    assert settle(win, dealer) is Outcome.WIN
    assert settle(copy_low, dealer) is Outcome.PUSH
    assert settle(lower_both, dealer) is Outcome.LOSE
    assert settle(dealer, dealer) is Outcome.LOSE  # copies go to the dealer
    assert settle(fouled, dealer) is Outcome.LOSE


def test_645a_13_d_pai_gow_high_card_for_insurance_and_aces_high() -> None:
    from pacomply.engine.cards import Rank

    assert pai_gow_high_card(parse("9c 7d 6h 5s 3c 2d 8h")) is None  # 5-6-7-8-9: a straight
    assert pai_gow_high_card(parse("9c 7d 6h 4s 3c 2d 8h")) is Rank.NINE  # no five in a row
    assert pai_gow_high_card(parse("9c 7d 6h 4s 3c 2d Th")) is Rank.TEN
    assert pai_gow_high_card(parse("9c 7d 6h 4s Jc 2d JK")) is Rank.ACE  # the joker is an ace
    assert pai_gow_high_card(parse("9c 9d 6h 4s Jc 2d Kh")) is None


def test_batch_split_values_match_the_scalar_settings(random_generator: np.random.Generator) -> None:
    hands = random_hands(random_generator, 200, 7, 53)
    batch = split_values(hands)
    for row, hand in enumerate(hands):
        settings_here = all_settings(hand.tolist())
        assert batch[row, :, 0].tolist() == [setting.high_value for setting in settings_here]
        assert batch[row, :, 1].tolist() == [setting.low_value for setting in settings_here]
