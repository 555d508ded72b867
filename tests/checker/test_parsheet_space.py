"""Par-sheet combinations are true counts of the hands in use (``par_sheet_space``), never a least common denominator:
633a's Lucky Ladies, King's Bounty, Royal Match and Super Match, and 688a's Ace High Bonus.

How the expectations are derived: each test deals the cards itself, from a shoe written here (52 cards a deck, each
card a rank and a suit, every copy a card of its own), and counts the hands of each paytable line as the chapter's
paytable names them (§ 633a.13(c), (f), (h), (i); § 688a.6(d), § 688a.12(b)), with nothing from the engine but the
par sheet under test. The lines are matched by their order of pay (the best-paid line first, the loss last), so the
test reads no net result off the engine either. Two-deck shoes keep the enumerations to seconds while still holding
two of every card (the matched, identical-card lines need them).
"""

from __future__ import annotations

import itertools
from math import comb, prod

import pytest
from pacomply.checker.parsheet import par_sheet

RANKS = range(2, 15)  # 11 jack, 12 queen, 13 king, 14 ace
SUITS = range(4)  # 0 spades, 2 hearts
SPADES, HEARTS = 0, 2
QUEEN, KING, ACE = 12, 13, 14


def _shoe(decks: int) -> list[tuple[int, int]]:
    return [(rank, suit) for _copy in range(decks) for rank in RANKS for suit in SUITS]


def _value(rank: int) -> int:
    return 11 if rank == ACE else min(rank, 10)


def _total(first: tuple[int, int], second: tuple[int, int]) -> int:
    total = _value(first[0]) + _value(second[0])
    return 12 if total == 22 else total  # two aces: one counts 1 (§ 633a.3(e)(3))


def _dealer_pairs(shoe: list[tuple[int, int]], used: tuple[int, int], wanted) -> int:
    """Unordered pairs of the dealer's two cards, from the cards the player does not hold, that ``wanted`` accepts."""
    left = [card for position, card in enumerate(shoe) if position not in used]
    return sum(1 for a, b in itertools.combinations(left, 2) if wanted(a, b))


def _dealer_blackjack(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return {_value(a[0]), _value(b[0])} == {11, 10}


def _counts_by_pay(sheet) -> list[int]:
    """The sheet's combinations, best-paid line first (the loss last)."""
    lines = sorted(sheet.lines, key=lambda line: line.contribution / line.probability, reverse=True)
    return [line.combinations for line in lines]


def _assert_true_space(sheet, space: int, expected_by_pay: list[int]) -> None:
    assert sheet.space == space
    assert sheet.space_basis is not None and "least common denominator" not in sheet.space_basis
    assert sum(line.combinations for line in sheet.lines) == space
    assert _counts_by_pay(sheet) == [*expected_by_pay, space - sum(expected_by_pay)]


def _player_hands(decks: int, classify) -> tuple[list[tuple[int, int]], dict[str, int], dict[str, int]]:
    """Every unordered two-card player hand of the shoe, classified: (shoe, hands per class, dealer-pair count per
    class where ``classify`` asks for the dealer's cards)."""
    shoe = _shoe(decks)
    hands: dict[str, int] = {}
    with_dealer: dict[str, int] = {}
    for used in itertools.combinations(range(len(shoe)), 2):
        first, second = shoe[used[0]], shoe[used[1]]
        found = classify(first, second)
        if found is None:
            continue
        name, dealer_wanted = found
        hands[name] = hands.get(name, 0) + 1
        if dealer_wanted is not None:
            with_dealer[name] = with_dealer.get(name, 0) + _dealer_pairs(shoe, used, dealer_wanted)
    return shoe, hands, with_dealer


def test_633a_13_c_lucky_ladies_lines_count_both_hands_unordered():
    def classify(a, b):
        if _total(a, b) != 20:
            return None
        if a == b == (QUEEN, HEARTS):
            return "queen of hearts pair", _dealer_blackjack
        if a == b:
            return "matched 20", None
        return ("suited 20" if a[1] == b[1] else "any 20"), None

    decks = 2
    shoe, hands, blackjacks = _player_hands(decks, classify)
    n = len(shoe)
    dealer = comb(n - 2, 2)
    queens_blackjack = blackjacks["queen of hearts pair"]
    expected = [
        queens_blackjack,
        hands["queen of hearts pair"] * dealer - queens_blackjack,
        hands["matched 20"] * dealer,
        hands["suited 20"] * dealer,
        hands["any 20"] * dealer,
    ]
    _assert_true_space(par_sheet("633a", "lucky_ladies", None, decks), comb(n, 2) * dealer, expected)


def test_633a_13_h_kings_bounty_lines_count_both_hands_unordered():
    def classify(a, b):
        if _total(a, b) != 20:
            return None
        if a == b == (KING, SPADES):
            return "king of spades pair", _dealer_blackjack
        if a == b and a[0] == KING:
            return "suited kings pair", None
        if a == b and a[0] in (10, 11, QUEEN):
            return "suited queens, jacks or 10s pair", None
        if a[1] == b[1]:
            return "suited 20", None
        if a[0] == b[0] == KING:
            return "pair of kings", None
        return "any 20", None

    decks = 2
    shoe, hands, blackjacks = _player_hands(decks, classify)
    n = len(shoe)
    dealer = comb(n - 2, 2)
    spades_blackjack = blackjacks["king of spades pair"]
    expected = [
        spades_blackjack,
        hands["king of spades pair"] * dealer - spades_blackjack,
        hands["suited kings pair"] * dealer,
        hands["suited queens, jacks or 10s pair"] * dealer,
        hands["suited 20"] * dealer,
        hands["pair of kings"] * dealer,
        hands["any 20"] * dealer,
    ]
    _assert_true_space(par_sheet("633a", "kings_bounty", None, decks), comb(n, 2) * dealer, expected)


@pytest.mark.parametrize("paytable", ["C", "E"])
def test_633a_13_f_royal_match_lines_count_both_hands_unordered(paytable: str):
    def royal(a, b) -> bool:
        return a[1] == b[1] and {a[0], b[0]} == {QUEEN, KING}

    def classify(a, b):
        if royal(a, b):
            return "royal match", royal  # a dealer Royal Match beside it adds the Crown Treasure
        return ("suited match", None) if a[1] == b[1] else None

    decks = 2
    shoe, hands, crowns = _player_hands(decks, classify)
    n = len(shoe)
    dealer = comb(n - 2, 2)
    crown = crowns["royal match"]
    expected = [crown, hands["royal match"] * dealer - crown, hands["suited match"] * dealer]
    _assert_true_space(par_sheet("633a", "royal_match", paytable, decks), comb(n, 2) * dealer, expected)


def test_633a_13_i_super_match_lines_count_the_four_cards_unordered():
    decks = 6
    copies = 4 * decks  # of each rank
    by_pattern: dict[tuple[int, ...], int] = {}
    for ranks in itertools.combinations_with_replacement(RANKS, 4):
        multiplicities = tuple(sorted((ranks.count(rank) for rank in set(ranks)), reverse=True))
        ways = prod(comb(copies, ranks.count(rank)) for rank in set(ranks))
        by_pattern[multiplicities] = by_pattern.get(multiplicities, 0) + ways
    expected = [by_pattern[(4,)], by_pattern[(2, 2)], by_pattern[(3, 1)], by_pattern[(2, 1, 1)]]
    _assert_true_space(par_sheet("633a", "super_match", None, decks), comb(52 * decks, 4), expected)


def _has_straight(ranks: set[int], wild: bool) -> bool:
    """Five ranks in a row (the ace high or low), the joker filling one gap where ``wild``."""
    windows = [set(range(low, low + 5)) for low in range(2, 11)] + [{14, 2, 3, 4, 5}]
    return any(len(window & ranks) >= (4 if wild else 5) for window in windows)


def _suitings(cards: int, limit: int) -> int:
    """Suit assignments of ``cards`` cards of distinct ranks with fewer than ``limit`` of any suit."""
    return sum(1 for suits in itertools.product(SUITS, repeat=cards) if max(map(suits.count, SUITS)) < limit)


def test_688a_12_b_ace_high_lines_count_the_dealers_and_the_players_hands():
    """The 53-card deck's ace-high seven-card hands counted here (§ 688a.6(d)): seven ranks with the ace, no straight,
    fewer than five of a suit; or the joker (played as the ace) with six ranks but the ace, none it completes into a
    straight, fewer than four of a suit (it would complete the flush). The three paying lines are the deals whose
    dealer hand is ace high, so they sum to that count times the player's C(46,7) hands."""
    natural = sum(
        1 for ranks in itertools.combinations(RANKS, 7) if ACE in ranks and not _has_straight(set(ranks), False)
    ) * _suitings(7, 5)
    with_joker = sum(
        1 for ranks in itertools.combinations(range(2, 14), 6) if not _has_straight(set(ranks), True)
    ) * _suitings(6, 4)
    space = comb(53, 7) * comb(46, 7)
    for paytable in ("1", "5"):
        sheet = par_sheet("688a", "ace_high", paytable, None)
        assert sheet.space == space and sum(line.combinations for line in sheet.lines) == space
        assert sheet.space_basis is not None and "C(53,7) x C(46,7)" in sheet.space_basis
        *paying, loss = _counts_by_pay(sheet)
        assert sum(paying) == (natural + with_joker) * comb(46, 7)
        assert loss == space - sum(paying)
