"""Seeded Monte Carlo of the 633a base game under the analyzer's basic strategy: the independent check.

It deals real rounds card by card from a freshly shuffled shoe (so split hands remove each other's cards
exactly, unlike the analyzer's split approximation), plays the :class:`BasicStrategyPolicy` arrays, and
settles by 633a.7(p)-(q). The mean result and its 95 % interval should contain ``analyse(rules, "basic")``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from pacomply.engine.analysis.blackjack.analyzer import basic_strategy_policy
from pacomply.engine.analysis.blackjack.combinatorics import ACE, TEN, full_shoe
from pacomply.engine.analysis.blackjack.rules import BlackjackRules


@dataclass(frozen=True)
class SimulationResult:
    """Mean net result per initial wager (negative of the house edge), with its 95 % interval."""

    rounds: int
    house_edge: float
    ci95: tuple[float, float]
    std_dev: float
    expected_total_wagered: float
    seed: int


def _kernel():  # type: ignore[no-untyped-def]
    from numba import njit

    @njit(cache=False)
    def draw(shoe, size):
        pick = np.random.randint(0, size)
        for r in range(10):
            if pick < shoe[r]:
                shoe[r] -= 1
                return r
            pick -= shoe[r]
        return 9

    @njit(cache=False)
    def best_total(hard, aces):
        if aces > 0 and hard + 10 <= 21:
            return hard + 10, True
        return hard, False

    @njit(cache=False)
    def play(full, rounds, seed, two_card, post_split, multi_hit, hits_soft_17, pays, even_money_up_ace,
             max_split_hands, resplit_aces, hit_split_aces, das, dbl_allowed):
        np.random.seed(seed)
        total = 0.0
        total_sq = 0.0
        wagered = 0.0
        hand_hard = np.zeros(8, dtype=np.int64)
        hand_aces = np.zeros(8, dtype=np.int64)
        hand_bet = np.zeros(8)
        for _ in range(rounds):
            shoe = full.copy()
            size = shoe.sum()
            a = draw(shoe, size)
            up = draw(shoe, size - 1)
            b = draw(shoe, size - 2)
            hole = draw(shoe, size - 3)
            size -= 4
            dealer_bj = (up == ACE and hole == TEN) or (up == TEN and hole == ACE)
            player_bj = (a == ACE and b == TEN) or (a == TEN and b == ACE)
            if player_bj and up == ACE and even_money_up_ace:
                # even money is taken before the card reader check (633a.8(e)), so it pays 1 either way
                total += 1.0
                total_sq += 1.0
                wagered += 1.0
                continue
            if dealer_bj:
                net = 0.0 if player_bj else -1.0
                total += net
                total_sq += net * net
                wagered += 1.0
                continue
            if player_bj:
                net = 1.0 if (up == ACE and even_money_up_ace) else pays
                total += net
                total_sq += net * net
                wagered += 1.0
                continue
            action = two_card[up, a, b]
            if action == 4:
                total += -0.5
                total_sq += 0.25
                wagered += 1.0
                continue
            hands = 0
            if action == 3:
                pair = a
                limit = max_split_hands if (pair != ACE or resplit_aces) else 2
                hands = 2
                for h in range(2):
                    hand_hard[h] = pair + 1
                    hand_aces[h] = 1 if pair == ACE else 0
                    hand_bet[h] = 1.0
                h = 0
                while h < hands:
                    c = draw(shoe, size)
                    size -= 1
                    if c == pair and hands < limit:
                        hand_hard[hands] = pair + 1
                        hand_aces[hands] = 1 if pair == ACE else 0
                        hand_bet[hands] = 1.0
                        hands += 1
                        continue  # this hand still holds one card; draw again
                    hand_hard[h] += c + 1
                    if c == ACE:
                        hand_aces[h] += 1
                    choice = post_split[up, pair, c]
                    if pair == ACE and not hit_split_aces:
                        choice = 0
                    if choice == 2:
                        hand_bet[h] = 2.0
                        c2 = draw(shoe, size)
                        size -= 1
                        hand_hard[h] += c2 + 1
                        if c2 == ACE:
                            hand_aces[h] += 1
                    elif choice == 1:
                        while True:
                            c2 = draw(shoe, size)
                            size -= 1
                            hand_hard[h] += c2 + 1
                            if c2 == ACE:
                                hand_aces[h] += 1
                            t, s = best_total(hand_hard[h], hand_aces[h])
                            if t >= 21 or not multi_hit[up, 1 if s else 0, t]:
                                break
                    h += 1
            else:
                hands = 1
                hand_hard[0] = a + b + 2
                hand_aces[0] = (1 if a == ACE else 0) + (1 if b == ACE else 0)
                hand_bet[0] = 1.0
                if action == 2:
                    hand_bet[0] = 2.0
                    c2 = draw(shoe, size)
                    size -= 1
                    hand_hard[0] += c2 + 1
                    if c2 == ACE:
                        hand_aces[0] += 1
                elif action == 1:
                    while True:
                        c2 = draw(shoe, size)
                        size -= 1
                        hand_hard[0] += c2 + 1
                        if c2 == ACE:
                            hand_aces[0] += 1
                        t, s = best_total(hand_hard[0], hand_aces[0])
                        if t >= 21 or not multi_hit[up, 1 if s else 0, t]:
                            break
            # dealer (633a.7(m)); drawing even when every hand busted does not change the result
            d_hard = up + hole + 2
            d_aces = (1 if up == ACE else 0) + (1 if hole == ACE else 0)
            while True:
                t, s = best_total(d_hard, d_aces)
                if t > 17 or (t == 17 and not (s and hits_soft_17)):
                    break
                c = draw(shoe, size)
                size -= 1
                d_hard += c + 1
                if c == ACE:
                    d_aces += 1
            dealer, _ = best_total(d_hard, d_aces)
            net = 0.0
            for h in range(hands):
                t, _s = best_total(hand_hard[h], hand_aces[h])
                wagered += hand_bet[h]
                if t > 21:
                    net -= hand_bet[h]
                elif dealer > 21 or t > dealer:
                    net += hand_bet[h]
                elif t < dealer:
                    net -= hand_bet[h]
            total += net
            total_sq += net * net
        return total, total_sq, wagered

    return play


def simulate_basic(rules: BlackjackRules | None = None, rounds: int = 1_000_000, seed: int = 633) -> SimulationResult:
    """Play ``rounds`` rounds of basic strategy from a full shoe each round; seeded and reproducible."""
    rules = rules or BlackjackRules()
    policy = basic_strategy_policy(rules)
    shoe = full_shoe(rules.decks)
    left = shoe.copy()
    left[ACE] -= 2
    left[TEN] -= 1
    pays = float(rules.blackjack_pays)
    dealer_blackjack = left[TEN] / left.sum()
    even_money = rules.even_money and (1 - dealer_blackjack) * pays < 1.0
    total, total_sq, wagered = _kernel()(
        shoe,
        rounds,
        seed,
        policy.two_card,
        policy.post_split,
        policy.multi_card_hit,
        rules.dealer_hits_soft_17,
        pays,
        even_money,
        rules.max_split_hands,
        rules.resplit_aces,
        rules.hit_split_aces,
        rules.double_after_split,
        True,
    )
    mean = total / rounds
    variance = total_sq / rounds - mean * mean
    half = 1.96 * math.sqrt(variance / rounds)
    edge = -mean
    return SimulationResult(
        rounds=rounds,
        house_edge=edge,
        ci95=(edge - half, edge + half),
        std_dev=math.sqrt(variance),
        expected_total_wagered=wagered / rounds,
        seed=seed,
    )
