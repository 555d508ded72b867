"""Seeded Monte Carlo of Blackjack Switch (633a.12(a)) under the analyzer's decisions: the independent check.

Both hands and the dealer draw from one shoe with every card removed, so the simulation measures the true
value of the analysed decisions; the analyzer's own-cards approximation must land inside its interval.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
from pacomply.engine.analysis.blackjack.combinatorics import ACE, RANKS, TEN, full_shoe, player_compositions
from pacomply.engine.analysis.blackjack.rules import BlackjackRules
from pacomply.engine.analysis.blackjack.switch import switch_policy


@dataclass(frozen=True)
class SwitchSimulation:
    """Simulated house edge per initial wager (two wagers a round) with its 95 % interval."""

    rounds: int
    house_edge: float
    ci95: tuple[float, float]
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
    def run(
        full,
        rounds,
        seed,
        switch,
        two_card,
        hit_more,
        post_split,
        split_hit_more,
        index2,
        child,
        comp_total,
        hits_soft_17,
        pays,
        switched_pays,
        natural_beats_22,
        natural_at_once,
        max_hands,
        resplit_aces,
        hit_split_aces,
    ):
        np.random.seed(seed)
        total = 0.0
        total_sq = 0.0
        comp = np.zeros(8, dtype=np.int64)  # composition index, -1 busted
        bet = np.zeros(8)
        kind = np.zeros(8, dtype=np.int64)  # 0 ordinary, 1 natural Blackjack, 2 switched Blackjack
        for _ in range(rounds):
            shoe = full.copy()
            size = shoe.sum()
            a = draw(shoe, size)
            c = draw(shoe, size - 1)
            up = draw(shoe, size - 2)
            b = draw(shoe, size - 3)
            d = draw(shoe, size - 4)
            hole = draw(shoe, size - 5)
            size -= 6
            natural_one = (a == ACE and b == TEN) or (a == TEN and b == ACE)
            natural_two = (c == ACE and d == TEN) or (c == TEN and d == ACE)
            if (up == ACE and hole == TEN) or (up == TEN and hole == ACE):
                net = (0.0 if natural_one else -1.0) + (0.0 if natural_two else -1.0)
                total += net
                total_sq += net * net
                continue
            switched = switch[up, a, b, c, d]
            first = (a, d) if switched else (a, b)
            second = (c, b) if switched else (c, d)
            hands = 0
            for start in (first, second):
                x, y = start
                if (x == ACE and y == TEN) or (x == TEN and y == ACE):
                    comp[hands] = index2[x, y]
                    bet[hands] = 1.0
                    kind[hands] = 2 if switched else 1
                    hands += 1
                    continue
                action = two_card[up, x, y]
                if action == 3:
                    pair = x
                    limit = max_hands if (pair != ACE or resplit_aces) else 2
                    opened = 2
                    pending = 2
                    while pending > 0:
                        s = draw(shoe, size)
                        size -= 1
                        if s == pair and opened < limit:
                            opened += 1
                            pending += 1
                            continue
                        pending -= 1
                        h = index2[pair, s]
                        bet[hands] = 1.0
                        kind[hands] = 0
                        choice = post_split[up, pair, s]
                        if pair == ACE and not hit_split_aces:
                            choice = 0
                        if choice == 2:
                            bet[hands] = 2.0
                            r = draw(shoe, size)
                            size -= 1
                            h = child[h, r]
                        elif choice == 1:
                            while h >= 0 and comp_total[h] < 21:
                                r = draw(shoe, size)
                                size -= 1
                                h = child[h, r]
                                if h >= 0 and not split_hit_more[up, pair, h]:
                                    break
                        comp[hands] = h
                        hands += 1
                    continue
                h = index2[x, y]
                bet[hands] = 1.0
                kind[hands] = 0
                if action == 2:
                    bet[hands] = 2.0
                    r = draw(shoe, size)
                    size -= 1
                    h = child[h, r]
                elif action == 1:
                    while h >= 0 and comp_total[h] < 21:
                        r = draw(shoe, size)
                        size -= 1
                        h = child[h, r]
                        if h >= 0 and not hit_more[up, h]:
                            break
                comp[hands] = h
                hands += 1
            # dealer: 633a.7(m), stands on 17-21; a hard 22 is kept apart for 633a.12(a)(5)
            d_hard = up + hole + 2
            d_aces = (1 if up == ACE else 0) + (1 if hole == ACE else 0)
            while True:
                soft = d_aces > 0 and d_hard + 10 <= 21
                t = d_hard + 10 if soft else d_hard
                if t > 17 or (t == 17 and not (soft and hits_soft_17)):
                    break
                r = draw(shoe, size)
                size -= 1
                d_hard += r + 1
                if r == ACE:
                    d_aces += 1
            dealer = d_hard + 10 if (d_aces > 0 and d_hard + 10 <= 21) else d_hard
            net = 0.0
            for h in range(hands):
                if kind[h] == 1:
                    if natural_at_once and up != ACE and up != TEN:
                        net += pays  # § 633a.7(i)(1)(i): paid before the dealer draws
                    elif dealer == 21:
                        net += 1.0
                    elif dealer == 22:
                        net += pays if natural_beats_22 else 0.0
                    else:
                        net += pays
                    continue
                if kind[h] == 2:
                    if dealer != 21 and dealer != 22:
                        net += switched_pays
                    continue
                if comp[h] < 0:
                    net -= bet[h]
                    continue
                player = comp_total[comp[h]]
                if dealer == 22:
                    continue
                if dealer > 21 or player > dealer:
                    net += bet[h]
                elif player < dealer:
                    net -= bet[h]
            total += net
            total_sq += net * net
        return total, total_sq

    return run


def simulate_switch(
    rules: BlackjackRules | None = None,
    rounds: int = 1_000_000,
    seed: int = 12,
    switched_blackjack_pays: Fraction = Fraction(3, 2),
    natural_beats_dealer_22: bool = False,
    natural_paid_at_once: bool = True,
) -> SwitchSimulation:
    """Play ``rounds`` rounds of Switch with the analysed decisions; seeded and reproducible."""
    rules = rules or BlackjackRules()
    policy = switch_policy(rules, switched_blackjack_pays, natural_beats_dealer_22, natural_paid_at_once)
    comps = player_compositions()
    index2 = np.zeros((RANKS, RANKS), dtype=np.int64)
    for a in range(RANKS):
        for b in range(RANKS):
            counts = [0] * RANKS
            counts[a] += 1
            counts[b] += 1
            index2[a, b] = comps.find(tuple(counts))
    total, total_sq = _kernel()(
        full_shoe(rules.decks),
        rounds,
        seed,
        policy["switch"],
        policy["two_card"],
        policy["hit_more"],
        policy["post_split"],
        policy["split_hit_more"],
        index2,
        comps.child,
        comps.total,
        rules.dealer_hits_soft_17,
        float(rules.blackjack_pays),
        float(switched_blackjack_pays),
        natural_beats_dealer_22,
        natural_paid_at_once,
        rules.max_split_hands,
        rules.resplit_aces,
        rules.hit_split_aces,
    )
    mean = total / rounds / 2.0  # per initial wager
    variance = total_sq / rounds - (total / rounds) ** 2
    half = 1.96 * math.sqrt(variance / rounds) / 2.0
    return SwitchSimulation(rounds, -mean, (-mean - half, -mean + half), seed)
