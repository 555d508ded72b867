"""The whole distribution of a 633a Blackjack Wager round's net result, exactly, under the play the analyzer prices.

The analyzer (:mod:`.analyzer`) values each decision by its mean. The same sweep over compositions carries more than
the mean: for a hand played by a fixed rule from a composition on, the chance of losing, pushing and winning (and of
each finished total) is a sum over the same draws with the same weights (:func:`.kernels.outcome_sweep`). So the
round's net result, per unit of the initial wager, has an exact distribution on the analyzer's own terms:

* every round is dealt from a full shoe of ``decks`` decks; for each up card and each of the 55 two-card hands the
  action is the one the analyzer's strategy takes (``optimal``: composition-dependent, the best action for the exact
  cards out; ``basic``: the total-dependent charts), and a hand that hits goes on by the same strategy's hit-or-stand
  rule; the dealer's final total is drawn from the shoe less the up card and the player's final cards, conditioned on
  the hole card not completing a Blackjack (the card reader's check, § 633a.7(h)), exactly as for the mean;
* a dealer Blackjack takes the initial wager (and pushes a player's Blackjack); a player's Blackjack is paid at the
  rules' odds, or even money against an ace where the rules take it;
* a split uses the analyzer's split approximation (each post-split hand drawn from the shoe with the up card and both
  pair cards out, the other hands' later cards not removed; the number of hands by the exact removal of further pair
  cards, :func:`.core.split_hand_counts`, here as a distribution rather than a mean). The hands of one split share
  one dealer outcome, drawn from the shoe less the up card and the two pair cards, and are settled together against
  it, so their correlation is kept. For the mean the analyzer conditions the dealer on each hand's own cards; the two
  means differ by the dealer's dependence on the split hands' later cards (the test module bounds it).

What it is not: Blackjack Switch (two hands and a switch) and 685a's Bet Wager (a Masque hole card and other
terminals) keep their simulated spread (``engine/analysis/blackjack_spread.py``).
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass
from functools import cache

import numpy as np
from pacomply.engine.analysis.blackjack.analyzer import (
    _class_layout,
    _max_hands,
    _solve,
    _terminal_key,
    post_split_rules,
)
from pacomply.engine.analysis.blackjack.combinatorics import ACE, RANKS, TEN, full_shoe, player_compositions
from pacomply.engine.analysis.blackjack.core import dealer_table, kernels, probability_two_cards, two_card_hands
from pacomply.engine.analysis.blackjack.rules import BlackjackRules
from pacomply.engine.analysis.blackjack_strategy import Strategy

#: Nets are kept to this many decimals (every net is a whole number of halves, or a Blackjack's odds).
_NET_DECIMALS = 9


@dataclass(frozen=True, slots=True)
class ExactRoundSpread:
    """The exact distribution of a round's net result per unit of the initial wager, and its moments."""

    rules: BlackjackRules
    strategy: Strategy
    distribution: tuple[tuple[float, float], ...]
    """(net result, probability), by net result; the probabilities sum to 1."""
    wagered_per_round: float
    """Expected amount wagered (doubles and splits included) per unit of the initial wager."""

    @property
    def mean(self) -> float:
        """Expected net result per unit of the initial wager (minus the house edge)."""
        return math.fsum(net * p for net, p in self.distribution)

    @property
    def std_dev(self) -> float:
        """Standard deviation of a round's net result per unit of the initial wager."""
        mean = self.mean
        return math.sqrt(math.fsum(p * (net - mean) ** 2 for net, p in self.distribution))

    @property
    def hit_frequency(self) -> float:
        """Chance the player ends the round ahead (net result above zero)."""
        return math.fsum(p for net, p in self.distribution if net > 0)

    @property
    def std_dev_per_unit_wagered(self) -> float:
        """The standard deviation divided by the expected amount wagered: per unit of everything wagered."""
        return self.std_dev / self.wagered_per_round

    @property
    def basis(self) -> str:
        """How the figure was reached, in words, for a par sheet."""
        return (
            "exact, by enumeration of every up card, two-card hand and drawing sequence from a "
            f"{self.rules.decks}-deck shoe under {self.strategy} play (the analyzer's own; splits by its "
            "split approximation, the split hands sharing one dealer outcome)"
        )


def _key(net: float) -> float:
    return round(net, _NET_DECIMALS)


def _add(into: dict[float, float], net: float, p: float) -> None:
    into[_key(net)] += p


def _triple(row: np.ndarray, bet: float) -> dict[float, float]:
    """A lose/push/win row at ``bet`` units as {net: probability}."""
    return {-bet: float(row[0]), 0.0: float(row[1]), bet: float(row[2])}


def _state_net(state: int, dealer: int, outcomes: int) -> int:
    """A unit hand's net result in ``state`` (0 bust, 1 sixteen or less, 2..6 the totals 17..21) against the dealer's
    outcome (0..outcomes-2 the totals 17 up, outcomes-1 bust)."""
    if state == 0:
        return -1
    if dealer == outcomes - 1:
        return 1
    if state == 1:
        return -1
    player = state + 15
    dealer_total = 17 + dealer
    return (player > dealer_total) - (player < dealer_total)


def split_count_distribution(
    pair_left: int, shoe_left: int, max_hands: int, hole_factor: float = 1.0
) -> dict[tuple[int, int], float]:
    """The distribution of (hands ending with a non-pair second card, hands ending with a pair card unsplit) when a
    pair is split: :func:`.core.split_hand_counts`' process, whose means it has, kept as a distribution."""

    @cache
    def after(open_hands: int, hands: int, seen: int) -> tuple[tuple[tuple[int, int], float], ...]:
        if open_hands == 0:
            return (((0, 0), 1.0),)
        left = pair_left - seen
        size = shoe_left - seen
        p_pair = min(1.0, hole_factor * max(left, 0) / size) if size > 0 else 0.0
        out: dict[tuple[int, int], float] = defaultdict(float)
        for (non, pair_end), p in after(open_hands - 1, hands, seen):
            out[(non + 1, pair_end)] += (1 - p_pair) * p
        if p_pair > 0:
            if hands < max_hands:
                for (non, pair_end), p in after(open_hands + 1, hands + 1, seen + 1):
                    out[(non, pair_end)] += p_pair * p
            else:
                for (non, pair_end), p in after(open_hands - 1, hands, seen + 1):
                    out[(non, pair_end + 1)] += p_pair * p
        return tuple(out.items())

    return dict(after(2, 2, 0))


def _convolve(first: dict[float, float], second: dict[float, float]) -> dict[float, float]:
    out: dict[float, float] = defaultdict(float)
    for a, p in first.items():
        for b, q in second.items():
            if p and q:
                out[_key(a + b)] += p * q
    return out


def _power(hand: dict[float, float], times: int) -> dict[float, float]:
    out: dict[float, float] = {0.0: 1.0}
    for _ in range(times):
        out = _convolve(out, hand)
    return out


def _upcard_distributions(rules: BlackjackRules, strategy: Strategy, up: int) -> dict[tuple[int, int], tuple]:
    """For each two-card hand against ``up``, given no dealer Blackjack: ({net: probability}, expected wager)."""
    k = kernels()
    comps = player_compositions()
    solution = _solve(rules)[up]
    shoe = full_shoe(rules.decks)
    shoe[up] -= 1
    key = _terminal_key(up, rules)
    hole_allowed = np.array([rank in key[1] for rank in range(RANKS)], dtype=np.bool_)
    dist = dealer_table(shoe, key)
    outcomes = dist.shape[1]
    everything = np.ones(len(comps.counts), dtype=np.bool_)
    if strategy is Strategy.OPTIMAL:
        stand_ev, hit_ev, *_rest = k.player_sweep(
            shoe, comps.counts, comps.cards, comps.total, comps.hard_total, comps.child, dist, everything, outcomes,
            hole_allowed,
        )  # fmt: skip
        decision = hit_ev > stand_ev
        choices, post_choices = solution.optimal_choice, solution.optimal_post_split_choice
    else:
        classes, class_index = _class_layout()
        decision = np.array([solution.multi_card_hit.get(cls, cls[1] < 12) for cls in classes], dtype=np.bool_)[
            class_index
        ]
        choices, post_choices = solution.basic_choice, solution.post_split_choice
    stand, _play, hit, one, *_states = k.outcome_sweep(
        shoe, comps.counts, comps.total, comps.child, dist, decision, everything, outcomes, hole_allowed
    )
    hands: dict[tuple[int, int], tuple] = {}
    for a, b in two_card_hands():
        counts = [0] * RANKS
        counts[a] += 1
        counts[b] += 1
        i = comps.find(tuple(counts))
        choice = choices[(a, b)]
        if choice == "stand":
            hands[(a, b)] = (_triple(stand[i], 1.0), 1.0)
        elif choice == "hit":
            hands[(a, b)] = (_triple(hit[i], 1.0), None)
        elif choice == "double":
            hands[(a, b)] = (_triple(one[i], 2.0), 2.0)
        elif choice == "surrender":
            hands[(a, b)] = ({-0.5: 1.0}, 1.0)
        else:
            hands[(a, b)] = _split_distribution(
                rules, strategy, a, shoe, key, hole_allowed, dist[i], post_choices[a], decision
            )
    # the expected wager of a hit hand is one unit: it never adds to the wager
    return {hand: (net, 1.0 if wager is None else wager) for hand, (net, wager) in hands.items()}


def _split_distribution(rules, strategy, pair, shoe, key, hole_allowed, dealer_row, post_choice, chart_decision):
    """({net: probability}, expected wager) of splitting ``pair``, under the split approximation (module docstring)."""
    from pacomply.engine.analysis.blackjack.analyzer import split_sweep

    k = kernels()
    comps = player_compositions()
    sweep = split_sweep(shoe, key, pair, hole_allowed)
    # optimal play goes on hitting where that is worth more after the split too; the charts by their hit-or-stand rule
    decision = sweep.hit > sweep.stand if strategy is Strategy.OPTIMAL else chart_decision
    outcomes = int(dealer_row.shape[0])
    split_dist = dealer_table(sweep.shoe, key, pair)
    *_results, stand_state, _play_state, hit_state, one_state = k.outcome_sweep(
        sweep.shoe, comps.counts, comps.total, comps.child, split_dist, decision, sweep.mask, outcomes, hole_allowed
    )
    may_draw, _may_double = post_split_rules(rules, pair)
    # the state of a finished post-split hand, and its bet, by the second card dealt to it
    states: dict[int, tuple[np.ndarray, float]] = {}
    for second in range(RANKS):
        j = sweep.composition(second)
        choice = post_choice.get(second, "stand")
        if choice == "hit" and may_draw:
            states[second] = (hit_state[j], 1.0)
        elif choice == "double" and may_draw:
            states[second] = (one_state[j], 2.0)
        else:
            states[second] = (stand_state[j], 1.0)
    pre = sweep.pre_split_shoe()
    size = int(pre.sum())
    draw = k.draw_probabilities(pre, np.zeros(RANKS, dtype=np.int64), size, hole_allowed)
    p_pair = float(draw[pair])
    plain = pre[pair] / size
    factor = round(p_pair / plain, 12) if plain > 0 else 1.0
    counts = split_count_distribution(int(pre[pair]), size, _max_hands(rules, pair), factor)
    non_pair_weights = {
        rank: float(draw[rank]) / (1 - p_pair) for rank in range(RANKS) if rank != pair and draw[rank] > 0
    } if p_pair < 1 else {}  # fmt: skip
    wager_non = sum(w * states[rank][1] for rank, w in non_pair_weights.items())
    wager = sum(p * (non * wager_non + pair_end * states[pair][1]) for (non, pair_end), p in counts.items())
    total: dict[float, float] = defaultdict(float)
    for dealer in range(outcomes):
        p_dealer = float(dealer_row[dealer])
        if p_dealer <= 0:
            continue

        def hand_net(state_row: np.ndarray, bet: float, dealer: int = dealer) -> dict[float, float]:
            out: dict[float, float] = defaultdict(float)
            for state in range(7):
                if state_row[state] > 0:
                    out[_key(bet * _state_net(state, dealer, outcomes))] += float(state_row[state])
            return out

        non_hand: dict[float, float] = defaultdict(float)
        for rank, weight in non_pair_weights.items():
            for net, p in hand_net(*states[rank]).items():
                non_hand[net] += weight * p
        pair_hand = hand_net(*states[pair])
        for (non, pair_end), p_counts in counts.items():
            for net, p in _convolve(_power(non_hand, non), _power(pair_hand, pair_end)).items():
                total[net] += p_dealer * p_counts * p
    return dict(total), wager


def exact_round_spread(rules: BlackjackRules | None = None, strategy: Strategy = Strategy.OPTIMAL) -> ExactRoundSpread:
    """The exact distribution of a 633a Blackjack Wager round's net result under ``rules`` and ``strategy``."""
    rules = rules or BlackjackRules()
    strategy = Strategy(strategy)
    shoe = full_shoe(rules.decks)
    size = int(shoe.sum())
    pays = float(rules.blackjack_pays)
    total: dict[float, float] = defaultdict(float)
    wagered = 0.0
    for up in range(RANKS):
        p_up = shoe[up] / size
        after_up = shoe.copy()
        after_up[up] -= 1
        hands = _upcard_distributions(rules, strategy, up)
        for a, b in two_card_hands():
            p_hand = probability_two_cards(after_up, a, b)
            if p_hand == 0:
                continue
            rest = after_up.copy()
            rest[a] -= 1
            rest[b] -= 1
            left = rest.sum()
            dealer_blackjack = {ACE: rest[TEN] / left, TEN: rest[ACE] / left}.get(up, 0.0)
            weight = p_up * p_hand
            if (a, b) == (ACE, TEN):
                if up == ACE and rules.takes_even_money:
                    _add(total, 1.0, weight)
                else:
                    _add(total, pays, weight * (1 - dealer_blackjack))
                    _add(total, 0.0, weight * dealer_blackjack)
                wagered += weight
                continue
            net, wager = hands[(a, b)]
            _add(total, -1.0, weight * dealer_blackjack)
            for value, p in net.items():
                _add(total, value, weight * (1 - dealer_blackjack) * p)
            wagered += weight * (dealer_blackjack + (1 - dealer_blackjack) * wager)
    distribution = tuple((net, p) for net, p in sorted(total.items()) if p > 0)
    return ExactRoundSpread(rules=rules, strategy=strategy, distribution=distribution, wagered_per_round=wagered)
