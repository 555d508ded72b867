"""The whole distribution of a 685a Down Under Blackjack Bet Wager round's net result, exactly, under the play the
analysis prices (:func:`.analyzer.analyse_down_under`).

The same enumeration as the analysis: every up card, two-card hand and hole-card class (its Masque range, or the
card itself when both dealer cards are Large), with the class's optimal play (:func:`.analyzer._class_solution`);
a hand that is not split ends with the chance of losing, pushing and winning that the analysis's own sweep carries
beside its mean (:func:`engine.analysis.blackjack.kernels.outcome_sweep`), against the dealer's final hand drawn
from the shoe less the up card and the player's cards, the hole card in its class. Two original Large cards standing
beat a dealer 22, as a 21 does (§ 685a.7(n)(1), the analysis's reading). A split uses the split approximation of the
633a analyzer (one split, the hands sharing one dealer outcome drawn from the shoe less the pair; see
:mod:`engine.analysis.blackjack.spread`).
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

import numpy as np
from pacomply.engine.analysis.blackjack.combinatorics import ACE, RANKS, TEN, full_shoe, player_compositions
from pacomply.engine.analysis.blackjack.core import (
    dealer_table,
    hands_dealt_from,
    kernels,
    two_card_hands,
    two_card_index,
)
from pacomply.engine.analysis.blackjack.rules import BlackjackRules
from pacomply.engine.analysis.blackjack.spread import ExactRoundSpread, _add, _split_core, _triple
from pacomply.engine.analysis.blackjack_strategy import Strategy
from pacomply.engine.analysis.down_under.analyzer import (
    LARGE,
    PERMITTED_DECKS,
    _class_solution,
    _is_dealer_blackjack,
    analyse_down_under,
    hole_classes,
)

_CHOICES = {0: "stand", 1: "hit", 2: "double"}


def _class_hands(decks: int, up: int, hole: tuple[int, ...], ace_pair_is_22: bool) -> dict[tuple[int, int], tuple]:
    """For each non-Blackjack two-card hand against ``up`` with the hole card in ``hole``: ({net: probability},
    expected wager) under the class's optimal play."""
    k = kernels()
    comps = player_compositions()
    _values, policy = _class_solution(decks, up, hole, ace_pair_is_22)
    shoe = full_shoe(decks)
    shoe[up] -= 1
    key = (up, hole, False, 22, ace_pair_is_22, False, None if ace_pair_is_22 else 21)
    allowed = np.array([r in hole for r in range(RANKS)], dtype=np.bool_)
    dist = dealer_table(shoe, key)
    outcomes = dist.shape[1]
    every = np.ones(len(comps.counts), dtype=np.bool_)
    stand, _play, hit, one, *_states = k.outcome_sweep(
        shoe, comps.counts, comps.total, comps.child, dist, policy.hit_more, every, outcomes, allowed
    )
    hands: dict[tuple[int, int], tuple] = {}
    for a, b in two_card_hands():
        if (a, b) == (ACE, TEN):
            continue
        i = two_card_index(comps, a, b)
        code = int(policy.two_card[a, b])
        if code == 0:
            row = stand[i].copy()
            if a in LARGE and b in LARGE:  # two original Large cards standing beat a dealer 22 (§ 685a.7(n)(1))
                twenty_two = float(dist[i][outcomes - 2])
                if int(comps.total[i]) != 21:
                    row[1] -= twenty_two
                    row[2] += twenty_two
            hands[(a, b)] = (_triple(row, 1.0), 1.0)
        elif code == 1:
            hands[(a, b)] = (_triple(hit[i], 1.0), 1.0)
        elif code == 2:
            hands[(a, b)] = (_triple(one[i], 2.0), 2.0)
        else:
            post_choice = {second: _CHOICES[int(policy.post_split[a, second])] for second in range(RANKS)}
            hands[(a, b)] = _split_core(
                a, shoe, key, allowed, dist[i], post_choice, lambda _sweep, a=a: policy.split_hit_more[a],
                a != ACE, 2,
            )  # fmt: skip
    return hands


def exact_down_under_spread(decks: int = 6, dealer_ace_pair_is_22: bool = True) -> ExactRoundSpread:
    """The exact distribution of a 685a Bet Wager round's net result per unit of the wager (module docstring)."""
    if decks not in PERMITTED_DECKS:
        raise ValueError(f"685a.3(a) permits 4, 5, 6 or 8 decks, not {decks}")
    shoe = full_shoe(decks)
    size = int(shoe.sum())
    pays = float(Fraction(3, 2))  # 685a.11(a)
    total: dict[float, float] = defaultdict(float)
    wagered = 0.0
    for up in range(RANKS):
        p_up = shoe[up] / size
        after_up = shoe.copy()
        after_up[up] -= 1
        classes = hole_classes(up)
        hands = {
            hole: _class_hands(decks, up, hole, dealer_ace_pair_is_22)
            for hole in classes
            if not _is_dealer_blackjack(up, hole)
        }
        for a, b, p_hand, rest, left in hands_dealt_from(after_up):
            for hole in classes:
                p_hole = sum(rest[r] for r in hole) / left
                if p_hole == 0:
                    continue
                weight = p_up * p_hand * p_hole
                if _is_dealer_blackjack(up, hole):
                    _add(total, 0.0 if (a, b) == (ACE, TEN) else -1.0, weight)
                    wagered += weight
                elif (a, b) == (ACE, TEN):
                    _add(total, pays, weight)
                    wagered += weight
                else:
                    net, wager = hands[hole][(a, b)]
                    for value, p in net.items():
                        _add(total, value, weight * p)
                    wagered += weight * wager
    distribution = tuple((net, p) for net, p in sorted(total.items()) if p > 0)
    analysis = analyse_down_under(decks, dealer_ace_pair_is_22)
    if abs(wagered - analysis.expected_total_wagered) > 1e-9:
        raise RuntimeError("the spread's amount wagered is not the analysis's: the play differs")
    return ExactRoundSpread(
        rules=BlackjackRules(decks=decks), strategy=Strategy.OPTIMAL, distribution=distribution,
        wagered_per_round=wagered, down_under=True,
    )  # fmt: skip
