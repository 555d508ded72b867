"""Seeded Monte Carlo of the 685a Bet Wager under the analyzer's optimal decisions: the independent check.

Rounds are dealt card by card from a full shoe; the split hands remove each other's cards exactly (the
analyzer approximates that), the dealer plays 685a.7(m) and hands settle by 685a.7(n)-(q).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from pacomply.engine.analysis.blackjack.combinatorics import ACE, RANKS, TEN, full_shoe, player_compositions
from pacomply.engine.analysis.down_under.analyzer import (
    LARGE,
    MEDIUM,
    _class_solution,
    _is_dealer_blackjack,
    hole_classes,
)


@dataclass(frozen=True)
class DownUnderSimulation:
    """Simulated house edge of the Bet Wager with its 95 % interval."""

    decks: int
    rounds: int
    house_edge: float
    ci95: tuple[float, float]
    std_dev: float
    seed: int


def _policy_arrays(decks: int, ace_pair_is_22: bool):  # type: ignore[no-untyped-def]
    comps = player_compositions()
    n = len(comps.counts)
    two_card = np.zeros((RANKS, 4, RANKS, RANKS), dtype=np.int64)
    hit_more = np.zeros((RANKS, 4, n), dtype=np.bool_)
    post = np.zeros((RANKS, 4, RANKS, RANKS), dtype=np.int64)
    split_hit_more = np.zeros((RANKS, 4, RANKS, n), dtype=np.bool_)
    for up in range(RANKS):
        for ci, hole in enumerate(hole_classes(up)):
            if _is_dealer_blackjack(up, hole):
                continue
            _, policy = _class_solution(decks, up, hole, ace_pair_is_22)
            two_card[up, ci] = policy.two_card
            hit_more[up, ci] = policy.hit_more
            post[up, ci] = policy.post_split
            split_hit_more[up, ci] = policy.split_hit_more
    two_card_index = np.zeros((RANKS, RANKS), dtype=np.int64)
    for a in range(RANKS):
        for b in range(RANKS):
            counts = [0] * RANKS
            counts[a] += 1
            counts[b] += 1
            two_card_index[a, b] = comps.find(tuple(counts))
    return two_card, hit_more, post, split_hit_more, two_card_index, comps.child, comps.total


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
    def hole_class(up, hole, large_up):
        if hole in (ACE, TEN):
            if large_up:
                return 2 if hole == TEN else 3
            return 2
        return 1 if hole >= MEDIUM[0] else 0

    @njit(cache=False)
    def play_hand(shoe, size, c, up, ci, hit_rule, child, comp_total):
        # returns (composition index or -1 for a bust, cards drawn)
        drawn = 0
        while comp_total[c] < 21 and hit_rule[c]:
            r = draw(shoe, size - drawn)
            drawn += 1
            c = child[c, r]
            if c < 0:
                break
        return c, drawn

    @njit(cache=False)
    def run(full, rounds, seed, two_card, hit_more, post, split_hit_more, index2, child, comp_total, ace_pair_22):
        np.random.seed(seed)
        total = 0.0
        total_sq = 0.0
        hand_comp = np.zeros(2, dtype=np.int64)
        hand_bet = np.zeros(2)
        hand_two_large = np.zeros(2, dtype=np.bool_)
        for _ in range(rounds):
            shoe = full.copy()
            size = shoe.sum()
            a = draw(shoe, size)
            up = draw(shoe, size - 1)
            b = draw(shoe, size - 2)
            hole = draw(shoe, size - 3)
            size -= 4
            large_up = up in (ACE, TEN)
            dealer_bj = (up == ACE and hole == TEN) or (up == TEN and hole == ACE)
            player_bj = (a == ACE and b == TEN) or (a == TEN and b == ACE)
            if dealer_bj:
                net = 0.0 if player_bj else -1.0
                total += net
                total_sq += net * net
                continue
            if player_bj:
                total += 1.5
                total_sq += 2.25
                continue
            ci = hole_class(up, hole, large_up)
            action = two_card[up, ci, a, b]
            hands = 1
            if action == 3:
                hands = 2
                pair = a
                for h in range(2):
                    s = draw(shoe, size)
                    size -= 1
                    c = index2[pair, s]
                    hand_bet[h] = 1.0
                    hand_two_large[h] = False
                    choice = 0 if pair == ACE else post[up, ci, pair, s]
                    if choice == 2:
                        hand_bet[h] = 2.0
                        r = draw(shoe, size)
                        size -= 1
                        c = child[c, r]
                    elif choice == 1:
                        c, used = play_hand(shoe, size, c, up, ci, split_hit_more[up, ci, pair], child, comp_total)
                        size -= used
                    hand_comp[h] = c
            else:
                c = index2[a, b]
                hand_bet[0] = 1.0
                hand_two_large[0] = (a in (ACE, TEN)) and (b in (ACE, TEN)) and action == 0
                if action == 2:
                    hand_bet[0] = 2.0
                    r = draw(shoe, size)
                    size -= 1
                    c = child[c, r]
                elif action == 1:
                    r = draw(shoe, size)
                    size -= 1
                    c = child[c, r]
                    if c >= 0:
                        c, used = play_hand(shoe, size, c, up, ci, hit_more[up, ci], child, comp_total)
                        size -= used
                hand_comp[0] = c
            # dealer: stands on 17-22; an ace is 11 unless that puts the hand over 22 (685a.3(d)(3), 685a.7(m))
            d_hard = up + hole + 2
            d_aces = (1 if up == ACE else 0) + (1 if hole == ACE else 0)
            d_cards = 2
            while True:
                if ace_pair_22 and d_aces == 2 and d_cards == 2:
                    dealer = 22
                elif d_aces > 0 and d_hard + 10 <= 22:
                    dealer = d_hard + 10
                else:
                    dealer = d_hard
                if dealer >= 17:
                    break
                r = draw(shoe, size)
                size -= 1
                d_hard += r + 1
                d_cards += 1
                if r == ACE:
                    d_aces += 1
            net = 0.0
            for h in range(hands):
                c = hand_comp[h]
                if c < 0:
                    net -= hand_bet[h]
                    continue
                t = comp_total[c]
                if dealer == 22:
                    if t == 21 or hand_two_large[h]:
                        net += hand_bet[h]
                elif dealer > 22 or t > dealer:
                    net += hand_bet[h]
                elif t < dealer:
                    net -= hand_bet[h]
            total += net
            total_sq += net * net
        return total, total_sq

    return run


def simulate_down_under(
    decks: int = 6, rounds: int = 1_000_000, seed: int = 685, dealer_ace_pair_is_22: bool = True
) -> DownUnderSimulation:
    """Play ``rounds`` rounds with the analyzer's decisions; seeded and reproducible."""
    arrays = _policy_arrays(decks, dealer_ace_pair_is_22)
    total, total_sq = _kernel()(full_shoe(decks), rounds, seed, *arrays, dealer_ace_pair_is_22)
    mean = total / rounds
    variance = total_sq / rounds - mean * mean
    half = 1.96 * math.sqrt(variance / rounds)
    return DownUnderSimulation(decks, rounds, -mean, (-mean - half, -mean + half), math.sqrt(variance), seed)


__all__ = ["LARGE", "DownUnderSimulation", "simulate_down_under"]
