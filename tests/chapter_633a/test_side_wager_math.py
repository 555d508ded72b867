"""Exact side-wager math: each figure checked by an independent count, and the vectorised enumeration checked card
for card against the engine's scalar settlement rules."""

from __future__ import annotations

import itertools
from collections import defaultdict
from fractions import Fraction
from math import comb

import pytest
from pacomply.engine.analysis import blackjack_side_wagers as analysis
from pacomply.engine.analysis.result import Distribution
from pacomply.engine.cards import Card
from pacomply.engine.games import blackjack
from pacomply.engine.games.blackjack_hand import is_blackjack
from pacomply.regulations import chapter_633a as book


def _scalar_three_card(decks: int, settle: object) -> Distribution:
    """Independent enumeration over identity triples with the engine's scalar rules (net per unit)."""
    deck = [Card.from_index(index) for index in range(52)]
    cards = 52 * decks
    outcomes: dict[Fraction, int] = defaultdict(int)
    for first, second, up in itertools.product(range(52), repeat=3):
        ways = decks * (decks - (second == first)) * (decks - (up == first) - (up == second))
        if ways:
            outcomes[settle(deck[first], deck[second], deck[up])] += ways  # type: ignore[operator]
    total = cards * (cards - 1) * (cards - 2)
    return Distribution(tuple(sorted((net, Fraction(n, total)) for net, n in outcomes.items())))


@pytest.mark.parametrize("decks", [1, 2, 4, 5, 6, 8])
def test_633a_13_b_insurance_equals_closed_form(decks: int) -> None:
    # Against an ace, the hole card is ten-valued with probability 16d / (52d - 1); insurance nets +2 or -1.
    win = Fraction(16 * decks, 52 * decks - 1)
    assert analysis.insurance(decks).mean == 3 * win - 1


def test_633a_13_g_bet_the_set_equals_closed_form() -> None:
    # One deck: a pair is 3/51 and pays 15 (paytable A).
    assert analysis.bet_the_set(1, "A").mean == Fraction(16 * 3, 51) - 1
    # Two decks: the identical card is 1/103, another of the rank 6/103 (paytable B: 25 and 10).
    assert analysis.bet_the_set(2, "B").mean == Fraction(26 * 1 + 11 * 6, 103) - 1
    # Six decks, paytable C (15 and 10): identical 5/311, same rank other suit 18/311.
    assert analysis.bet_the_set(6, "C").mean == Fraction(16 * 5 + 11 * 18, 311) - 1


@pytest.mark.parametrize("decks", [6, 8])
def test_633a_13_i_super_match_equals_multinomial_count(decks: int) -> None:
    per_rank, cards = 4 * decks, 52 * decks
    total = comb(cards, 4)
    quads = 13 * comb(per_rank, 4)
    trips = 13 * comb(per_rank, 3) * 12 * per_rank
    two_pair = comb(13, 2) * comb(per_rank, 2) ** 2
    pair = 13 * comb(per_rank, 2) * comb(12, 2) * per_rank**2
    odds = book.SUPER_MATCH_ODDS[decks]
    wins = {odds["four-of-a-kind"]: quads, odds["three-of-a-kind"]: trips, odds["two pair"]: two_pair,
            odds["pair"]: pair}  # fmt: skip
    expected = sum(Fraction(pays * n, total) for pays, n in wins.items()) - Fraction(total - sum(wins.values()), total)
    assert analysis.super_match(decks, odds).mean == expected


@pytest.mark.parametrize("decks", [1, 2, 4, 5, 6, 8])
def test_633a_7_o_2_dealer_hands_sum_to_one_and_blackjack_matches_closed_form(decks: int) -> None:
    hands = analysis.dealer_hands(analysis._shoe_values(decks))
    assert sum(hands.values()) == 1
    cards = 52 * decks
    assert hands[("blackjack", 2)] == Fraction(2 * 4 * decks * 16 * decks, cards * (cards - 1))
    assert all(count >= 2 for _, count in hands)


def test_633a_7_g_1_lucky_ladies_two_decks_matches_scalar_count() -> None:
    # Independent: loop over the player's two identities; the dealer's Blackjack given them is counted directly.
    decks, cards = 2, 104
    deck = [Card.from_index(index) for index in range(52)]
    total = Fraction(0)
    for first, second in itertools.product(range(52), repeat=2):
        ways = decks * (decks - (first == second))
        if not ways:
            continue
        p1, p2 = deck[first], deck[second]
        left = cards - 2
        aces = 4 * decks - sum(card.rank == 14 for card in (p1, p2))
        tens = 16 * decks - sum(10 <= int(card.rank) <= 13 for card in (p1, p2))  # type: ignore[arg-type]
        blackjack_chance = Fraction(aces * tens * 2, left * (left - 1))
        with_bj = blackjack.lucky_ladies(p1, p2, True).net
        without = blackjack.lucky_ladies(p1, p2, False).net
        total += Fraction(ways, cards * (cards - 1)) * (blackjack_chance * with_bj + (1 - blackjack_chance) * without)
    assert analysis.lucky_ladies(decks).mean == total


@pytest.mark.parametrize(
    ("wager", "settle"),
    [
        ("in_between", lambda a, b, up: blackjack.in_between(a, b, up).net),
        ("three_card_poker", lambda a, b, up: blackjack.three_card_poker(up, a, b).net),
        ("match_the_dealer", lambda a, b, up: blackjack.match_the_dealer(a, b, up, 6).net),
    ],
)
def test_633a_three_card_wagers_enumeration_agrees_with_scalar_rules(wager: str, settle: object) -> None:
    assert analysis.distribution(wager, None, 6) == _scalar_three_card(6, settle)


@pytest.mark.slow
@pytest.mark.parametrize("decks", [1, 2, 4, 5, 8])
def test_633a_three_card_wagers_agree_at_every_deck_count(decks: int) -> None:
    assert analysis.in_between(decks) == _scalar_three_card(decks, lambda a, b, up: blackjack.in_between(a, b, up).net)
    assert analysis.three_card_poker(decks) == _scalar_three_card(
        decks, lambda a, b, up: blackjack.three_card_poker(up, a, b).net
    )


@pytest.mark.slow
def test_633a_royal_match_single_deck_matches_four_card_scalar_count() -> None:
    # One deck, every ordered (player, player, up, hole) of distinct cards: 52·51·50·49 deals, scalar rules.
    deck = [Card.from_index(index) for index in range(52)]
    outcomes: dict[Fraction, int] = defaultdict(int)
    losing = 0
    for first, second in itertools.permutations(range(52), 2):
        if first % 4 != second % 4:
            losing += 50 * 49
            continue
        for up, hole in itertools.permutations([i for i in range(52) if i not in (first, second)], 2):
            outcomes[blackjack.royal_match(deck[first], deck[second], deck[up], deck[hole], "A").net] += 1
    outcomes[Fraction(-1)] += losing
    total = 52 * 51 * 50 * 49
    expected = Distribution(tuple(sorted((net, Fraction(n, total)) for net, n in outcomes.items())))
    assert analysis.royal_match(1, "A") == expected


def test_633a_kings_bounty_blackjack_weighting_counts_dealer_blackjack() -> None:
    distribution = analysis.kings_bounty(2)
    top = dict(distribution.outcomes)[Fraction(1000)]
    # Two kings of spades (2·1 of 104·103), then the dealer's Blackjack from the 102 left: 8 aces, 30 tens.
    assert top == Fraction(2 * 1, 104 * 103) * Fraction(2 * 8 * 30, 102 * 101)
    assert is_blackjack((Card.parse("As"), Card.parse("Kd")))


def _dealer_by_sequences(counts: list[int]) -> dict[tuple[str, int], Fraction]:
    """Independent: walk every ordered dealer draw with its exact chance (no memo, no shapes)."""
    result: dict[tuple[str, int], Fraction] = defaultdict(Fraction)

    def walk(drawn: list[int], chance: Fraction) -> None:
        hard = sum(drawn)
        total = hard + 10 if 1 in drawn and hard <= 11 else hard
        if len(drawn) == 2 and total == 21:
            result[("blackjack", 2)] += chance
            return
        if len(drawn) >= 2 and total >= 17:
            result[("21" if total == 21 else "other", len(drawn))] += chance
            return
        left = sum(counts)
        for value in range(1, 11):
            if counts[value]:
                available = counts[value]
                counts[value] -= 1
                walk([*drawn, value], chance * Fraction(available, left))
                counts[value] += 1

    walk([], Fraction(1))
    return dict(result)


@pytest.mark.parametrize("decks", [1, 2])
def test_633a_7_m_dealer_hands_match_a_sequence_walk(decks: int) -> None:
    shoe = list(analysis._shoe_values(decks))
    assert analysis.dealer_hands(tuple(shoe)) == _dealer_by_sequences(shoe)
