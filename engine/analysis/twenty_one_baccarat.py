"""Exact math of 21 Baccarat (681a): the Player, Banker and Tie wagers and the two Bonus wagers, four or eight decks.

Complete enumeration off the top of a freshly shuffled shoe with card removal. The Player/Banker/Tie figures come
from the joint distribution of the two settlement totals, enumerated over point values (ace = 1, ten-valued = 10)
with both hands' first two cards taken as unordered pairs (the order inside a hand does not change its total).
Every weight is an integer over the common denominator N·(N−1)·…·(N−5) (six cards, the most a round uses), so the
figures are exact rationals. The Bonus figures enumerate one hand's three cards by rank: with a Bonus on the table a
hand draws exactly when its first two cards total under 17, whatever the other hand holds (§ 681a.7(f)(2), (g)),
so the Player's and the Banker's Bonus have the same distribution (their cards are exchangeable in a shuffled shoe).
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from functools import cache

from pacomply.engine.analysis.result import Distribution, WagerAnalysis
from pacomply.regulations.chapter_681a import (
    BONUS_ODDS,
    STAND_ON,
    TIE_ODDS,
    WIN_WITH_17_ODDS,
    WIN_WITH_17_TOTAL,
    BonusHand,
)

TWENTY_ONE = 21
_POINT_VALUES = tuple(range(1, 11))  # ace counted 1 here; 10 stands for every ten-valued card


def point_composition(decks: int) -> dict[int, int]:
    """Cards of each point value (ace = 1) in a shoe of ``decks`` decks: 4 per deck each, ten-valued 16."""
    return {value: (16 if value == 10 else 4) * decks for value in _POINT_VALUES}


def total(values: tuple[int, ...]) -> int:
    """§ 681a.3(d): hard sum, plus 10 when an ace fits as 11."""
    hard = sum(values)
    return hard + 10 if 1 in values and hard + 10 <= TWENTY_ONE else hard


def _natural(first: int, second: int) -> bool:
    return {first, second} <= {1, 10} and 1 in (first, second)


def _pairs(counts: dict[int, int]) -> list[tuple[int, int, int]]:
    """Unordered two-card draws (a ≤ b) with the number of ordered ways to draw them."""
    result = []
    for a in _POINT_VALUES:
        for b in _POINT_VALUES:
            if b < a:
                continue
            ways = counts[a] * (counts[a] - 1) if a == b else 2 * counts[a] * counts[b]
            if ways:
                result.append((a, b, ways))
    return result


@cache
def settlement_totals(decks: int) -> dict[tuple[int, int], Fraction]:
    """Exact joint distribution of (Player total, Banker total) as settled (bonus-only cards excluded)."""
    counts = point_composition(decks)
    shoe = sum(counts.values())
    joint: dict[tuple[int, int], int] = defaultdict(int)
    for p1, p2, player_ways in _pairs(counts):
        counts[p1] -= 1
        counts[p2] -= 1
        for b1, b2, banker_ways in _pairs(counts):
            counts[b1] -= 1
            counts[b2] -= 1
            weight = player_ways * banker_ways
            player, banker = (p1, p2), (b1, b2)
            natural = _natural(p1, p2) or _natural(b1, b2)
            player_draws = not natural and total(player) < STAND_ON
            banker_draws = not natural and total(banker) < STAND_ON
            left = shoe - 4
            if not player_draws and not banker_draws:
                joint[(total(player), total(banker))] += weight * left * (left - 1)
            elif player_draws and banker_draws:
                for p3 in _POINT_VALUES:
                    if not counts[p3]:
                        continue
                    player_total = total((*player, p3))
                    counts[p3] -= 1
                    for b3 in _POINT_VALUES:
                        if counts[b3]:
                            key = (player_total, total((*banker, b3)))
                            joint[key] += weight * (counts[p3] + 1) * counts[b3]
                    counts[p3] += 1
            else:
                drawing, standing = (player, banker) if player_draws else (banker, player)
                for third in _POINT_VALUES:
                    if counts[third]:
                        drawn = total((*drawing, third))
                        key = (drawn, total(standing)) if player_draws else (total(standing), drawn)
                        joint[key] += weight * counts[third] * (left - 1)
            counts[b1] += 1
            counts[b2] += 1
        counts[p1] += 1
        counts[p2] += 1
    denominator = 1
    for taken in range(6):
        denominator *= shoe - taken
    assert sum(joint.values()) == denominator, "the enumeration must cover every deal exactly once"
    return {key: Fraction(weight, denominator) for key, weight in sorted(joint.items())}


def side_net(own: int, other: int) -> Fraction:
    """Net of a one-unit Player (own = Player) or Banker (own = Banker) wager, § 681a.6(c), § 681a.7(i)-(j), 8(a)."""
    if own == other:
        return Fraction(0)
    wins = (own <= TWENTY_ONE and (other > TWENTY_ONE or own > other)) or (TWENTY_ONE < own < other)
    if not wins:
        return Fraction(-1)
    return WIN_WITH_17_ODDS if own == WIN_WITH_17_TOTAL else Fraction(1)


def _analysis(outcomes: dict[Fraction, Fraction]) -> WagerAnalysis:
    return WagerAnalysis.from_distribution(Distribution(tuple(sorted(outcomes.items()))))


def side_distribution(side: str, decks: int) -> dict[Fraction, Fraction]:
    """Net result of a one-unit Player or Banker wager."""
    outcomes: dict[Fraction, Fraction] = defaultdict(Fraction)
    for (player_total, banker_total), probability in settlement_totals(decks).items():
        own, other = (player_total, banker_total) if side == "player" else (banker_total, player_total)
        outcomes[side_net(own, other)] += probability
    return dict(outcomes)


def side_wager(side: str, decks: int) -> WagerAnalysis:
    """The Player (``side='player'``) or Banker wager."""
    return _analysis(side_distribution(side, decks))


def tie(decks: int) -> WagerAnalysis:
    """The Tie wager, 10 to 1 on equal settlement totals."""
    tied = sum((p for (player, banker), p in settlement_totals(decks).items() if player == banker), Fraction(0))
    return _analysis({TIE_ODDS: tied, Fraction(-1): 1 - tied})


# --- Bonus -----------------------------------------------------------------------------------------------------
_RANKS = tuple(range(2, 15))  # 2..10, J=11, Q=12, K=13, A=14


def _rank_points(rank: int) -> int:
    return 1 if rank == 14 else min(rank, 10)


def bonus_category(ranks: tuple[int, ...]) -> BonusHand | None:
    """The § 681a.3(e) hand of a Bonus hand given by ranks (first two cards first); reading 681a-bonus-highest-hand."""
    if len(ranks) == 3:
        if ranks == (7, 7, 7):
            return BonusHand.THREE_SEVENS
        if len(set(ranks)) == 1:
            return BonusHand.THREE_OF_A_KIND
        for run in (sorted(ranks), sorted(1 if rank == 14 else rank for rank in ranks)):
            if len(set(run)) == 3 and run[2] - run[0] == 2:
                return BonusHand.STRAIGHT
        if total(tuple(_rank_points(rank) for rank in ranks)) == TWENTY_ONE:
            return BonusHand.TWENTY_ONE
    if ranks[0] == ranks[1]:
        return BonusHand.PAIR
    return None


@cache
def bonus_categories(decks: int) -> dict[BonusHand | None, Fraction]:
    """Exact probability of each Bonus hand (None: no qualifying hand) for one hand with a Bonus on the table."""
    per_rank = 4 * decks
    shoe = 13 * per_rank
    counts = dict.fromkeys(_RANKS, per_rank)
    weights: dict[BonusHand | None, int] = defaultdict(int)
    for first in _RANKS:
        counts[first] -= 1
        for second in _RANKS:
            ways = (counts[first] + 1) * counts[second]
            two = (first, second)
            if total(tuple(_rank_points(rank) for rank in two)) >= STAND_ON:
                weights[bonus_category(two)] += ways * (shoe - 2)
                continue
            counts[second] -= 1
            for third in _RANKS:
                weights[bonus_category((first, second, third))] += ways * counts[third]
            counts[second] += 1
        counts[first] += 1
    denominator = shoe * (shoe - 1) * (shoe - 2)
    assert sum(weights.values()) == denominator
    return {hand: Fraction(weight, denominator) for hand, weight in weights.items()}


def bonus_distribution(paytable: str, decks: int) -> dict[Fraction, Fraction]:
    """Net result of a one-unit Bonus wager on a § 681a.8(c) paytable."""
    outcomes: dict[Fraction, Fraction] = defaultdict(Fraction)
    for hand, probability in bonus_categories(decks).items():
        outcomes[Fraction(-1) if hand is None else Fraction(BONUS_ODDS[paytable][hand])] += probability
    return dict(outcomes)


def bonus(paytable: str, decks: int) -> WagerAnalysis:
    """A Bonus wager (Player's or Banker's Hand: the same distribution) on a paytable."""
    return _analysis(bonus_distribution(paytable, decks))
