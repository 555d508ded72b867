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

Blackjack Switch (:func:`exact_switch_spread`) is enumerated the same way over every ordered deal of its four
player cards: the switch and each hand's play are the Switch analysis's (:mod:`.switch`, each hand valued with its own
cards removed), and both hands are settled against one dealer outcome drawn from the shoe less the up card and all
four player cards. 685a's Bet Wager (a Masque hole card and other terminals) keeps its simulated spread
(``engine/analysis/blackjack_spread.py``).
"""

from __future__ import annotations

import itertools
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
    sweep_every_hand,
)
from pacomply.engine.analysis.blackjack.combinatorics import ACE, RANKS, TEN, full_shoe, player_compositions
from pacomply.engine.analysis.blackjack.core import (
    dealer_table,
    hands_dealt_from,
    kernels,
    two_card_hands,
    two_card_index,
)
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
    switch: bool = False
    """Blackjack Switch's round (two hands, one of its two equal wagers the unit) rather than the Blackjack Wager's."""
    down_under: bool = False
    """685a's Bet Wager (Down Under Blackjack; of :attr:`rules` only the deck count applies)."""

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
        if self.down_under:
            return (
                "exact, by enumeration of every up card, two-card hand, Masque range of the hole card and drawing "
                f"sequence from {_a_shoe_of(self.rules.decks)} under the analysis's play for each range (its split "
                "approximation; the split hands sharing one dealer outcome)"
            )
        if self.switch:
            return (
                "exact, by enumeration of every up card, ordered deal of the four player cards and drawing sequence "
                f"from {_a_shoe_of(self.rules.decks)} under the analysis's switching and play (each hand's play with "
                "its own cards removed, splits by the split approximation; both hands settled against one dealer "
                "outcome drawn from the shoe less all four player cards)"
            )
        return (
            "exact, by enumeration of every up card, two-card hand and drawing sequence from "
            f"{_a_shoe_of(self.rules.decks)} under {self.strategy} play as pacomply computes it "
            "(splits by its split approximation, the split hands sharing one dealer outcome)"
        )


def _a_shoe_of(decks: int) -> str:
    """'a 6-deck shoe', 'an 8-deck shoe': the article as the number is read aloud (eight, eleven, eighteen, eighty)."""
    spoken_with_a_vowel = str(decks).startswith("8") or decks in (11, 18)
    return f"{'an' if spoken_with_a_vowel else 'a'} {decks}-deck shoe"


def _key(net: float) -> float:
    return round(net, _NET_DECIMALS)


def _add(into: dict[float, float], net: float, p: float) -> None:
    into[_key(net)] += p


def _triple(row: np.ndarray, bet: float) -> dict[float, float]:
    """A lose/push/win row at ``bet`` units as {net: probability}."""
    return {-bet: float(row[0]), 0.0: float(row[1]), bet: float(row[2])}


def _state_net(state: int, dealer: int, outcomes: int) -> int:
    """A unit hand's net result in ``state`` (0 bust, 1 sixteen or less, 2..6 the totals 17..21) against the dealer's
    outcome (0..outcomes-2 the totals 17 up, outcomes-1 bust). With seven outcomes (685a) the sixth is a dealer 22,
    which a split hand beats only with 21 and otherwise pushes (§ 685a.7(n)(1))."""
    if state == 0:
        return -1
    if dealer == outcomes - 1:
        return 1
    dealer_total = 17 + dealer
    if dealer_total == 22:
        return 1 if state == 6 else 0
    if state == 1:
        return -1
    player = state + 15
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
        stand_ev, hit_ev, *_rest = sweep_every_hand(shoe, dist, hole_allowed, dealer_22_pushes=False)
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
        i = two_card_index(comps, a, b)
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
    may_draw, _may_double = post_split_rules(rules, pair)

    def decide(sweep):
        # optimal play goes on hitting where that is worth more after the split too; the charts by their own rule
        return sweep.hit > sweep.stand if strategy is Strategy.OPTIMAL else chart_decision

    return _split_core(
        pair, shoe, key, hole_allowed, dealer_row, post_choice, decide, may_draw, _max_hands(rules, pair)
    )


def _split_core(pair, shoe, key, hole_allowed, dealer_row, post_choice, decide, may_draw, max_hands):
    """({net: probability}, expected wager) of splitting ``pair`` with the post-split choices ``post_choice`` (by
    second card) and hit-or-stand rule ``decide(sweep)``: the hands' finished states from the split sweep, their count
    by :func:`split_count_distribution`, all settled against one dealer outcome drawn from ``dealer_row``."""
    from pacomply.engine.analysis.blackjack.analyzer import split_sweep

    k = kernels()
    comps = player_compositions()
    sweep = split_sweep(shoe, key, pair, hole_allowed)
    decision = decide(sweep)
    outcomes = int(dealer_row.shape[0])
    split_dist = dealer_table(sweep.shoe, key, pair)
    *_results, stand_state, _play_state, hit_state, one_state = k.outcome_sweep(
        sweep.shoe, comps.counts, comps.total, comps.child, split_dist, decision, sweep.mask, outcomes, hole_allowed
    )
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
    counts = split_count_distribution(int(pre[pair]), size, max_hands, factor)
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
        for a, b, p_hand, rest, left in hands_dealt_from(after_up):
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


# --- Blackjack Switch (§ 633a.12(a)) -------------------------------------------------------------------------------

#: Half-units either side of zero a grid of one Switch hand's net result spans (four split hands, each doubled).
_SWITCH_REACH = 16


def _switch_state_net(state: int, dealer: int) -> int:
    """A unit Switch hand's net result in ``state`` against the dealer's outcome (0..4 the totals 17..21, 5 a dealer
    22, which pushes every hand of 21 or less (§ 633a.12(a)(5)(v)), 6 a bust)."""
    if state == 0:
        return -1
    if dealer == 6:
        return 1
    if dealer == 5:
        return 0
    if state == 1:
        return -1
    player, dealer_total = state + 15, 17 + dealer
    return (player > dealer_total) - (player < dealer_total)


def _grid_vector(entries: dict[int, float]) -> np.ndarray:
    """A distribution over half-unit nets (index ``net * 2 + _SWITCH_REACH``)."""
    vector = np.zeros(2 * _SWITCH_REACH + 1)
    for half_units, p in entries.items():
        vector[half_units + _SWITCH_REACH] += p
    return vector


def _grid_convolve(first: np.ndarray, second: np.ndarray) -> np.ndarray:
    """Two grid distributions summed, kept on the grid (a split round's sums never leave it)."""
    full = np.convolve(first, second)
    return full[_SWITCH_REACH : _SWITCH_REACH + len(first)]


def _state_vectors(state_row: np.ndarray, bet: int) -> np.ndarray:
    """(7 dealer outcomes, grid) for a finished Switch hand with these state chances and bet."""
    out = np.zeros((7, 2 * _SWITCH_REACH + 1))
    for dealer in range(7):
        for state in range(7):
            if state_row[state] > 0:
                out[dealer, 2 * bet * _switch_state_net(state, dealer) + _SWITCH_REACH] += state_row[state]
    return out


def _switch_hand_vectors(rules, up, values, shoe, key, allowed) -> dict[object, np.ndarray]:
    """Each Switch hand's net distribution on the half-unit grid given each dealer outcome (7 x grid): the 55 two-card
    hands as the analysis plays them, and the Blackjack unswitched ("natural") and switched ("switched")."""
    from pacomply.engine.analysis.blackjack.analyzer import split_sweep

    k = kernels()
    comps = player_compositions()
    dist = dealer_table(shoe, key)
    every = np.ones(len(comps.counts), dtype=np.bool_)
    _r = k.outcome_sweep(shoe, comps.counts, comps.total, comps.child, dist, values.hit_more, every, 7, allowed, True)
    stand_state, hit_state, one_state = _r[4], _r[6], _r[7]
    vectors: dict[object, np.ndarray] = {}
    for a, b in two_card_hands():
        i = two_card_index(comps, a, b)
        code = int(values.two_card[a, b])
        if code == 3:
            vectors[(a, b)] = _switch_split_vectors(rules, a, values, shoe, key, allowed, split_sweep)
        else:
            state_row = (stand_state, hit_state, one_state)[code][i]
            vectors[(a, b)] = _state_vectors(state_row, 2 if code == 2 else 1)
    pays = 2 * rules.blackjack_pays
    if pays.denominator != 1:
        raise ValueError("the exact Switch spread keeps nets on a grid of half units: Blackjack pays 3 to 2 or 1 to 1")
    natural = np.zeros((7, 2 * _SWITCH_REACH + 1))
    switched = np.zeros((7, 2 * _SWITCH_REACH + 1))
    for dealer in range(7):
        if up not in (ACE, TEN):
            natural[dealer, int(pays) + _SWITCH_REACH] = 1.0  # paid at once (§ 633a.7(i)(1)(i))
        else:
            natural[dealer, {4: 2, 5: 0}.get(dealer, int(pays)) + _SWITCH_REACH] = 1.0
        switched[dealer, (0 if dealer in (4, 5) else int(pays)) + _SWITCH_REACH] = 1.0
    vectors["natural"], vectors["switched"] = natural, switched
    return vectors


def _switch_split_vectors(rules, pair, values, shoe, key, allowed, split_sweep) -> np.ndarray:
    """(7, grid): a split of ``pair`` at Switch given each dealer outcome, under the split approximation."""
    k = kernels()
    comps = player_compositions()
    sweep = split_sweep(shoe, key, pair, allowed, True)
    split_dist = dealer_table(sweep.shoe, key, pair)
    _r = k.outcome_sweep(
        sweep.shoe, comps.counts, comps.total, comps.child, split_dist, values.split_hit_more[pair], sweep.mask, 7,
        allowed, True,
    )  # fmt: skip
    stand_state, hit_state, one_state = _r[4], _r[6], _r[7]
    hand = {}
    for second in range(RANKS):
        j = sweep.composition(second)
        code = int(values.post_split[pair, second])
        hand[second] = _state_vectors((stand_state, hit_state, one_state)[code][j], 2 if code == 2 else 1)
    pre = sweep.pre_split_shoe()
    size = int(pre.sum())
    draw = k.draw_probabilities(pre, np.zeros(RANKS, dtype=np.int64), size, allowed)
    p_pair = float(draw[pair])
    plain = pre[pair] / size
    factor = round(p_pair / plain, 12) if plain > 0 else 1.0
    counts = split_count_distribution(int(pre[pair]), size, _max_hands(rules, pair), factor)
    non_pair = np.zeros_like(hand[pair])
    if p_pair < 1:
        for rank in range(RANKS):
            if rank != pair and draw[rank] > 0:
                non_pair += float(draw[rank]) / (1 - p_pair) * hand[rank]
    out = np.zeros_like(non_pair)
    unit = _grid_vector({0: 1.0})
    for dealer in range(7):
        for (non, pair_end), p in counts.items():
            vector = unit
            for _ in range(non):
                vector = _grid_convolve(vector, non_pair[dealer])
            for _ in range(pair_end):
                vector = _grid_convolve(vector, hand[pair][dealer])
            out[dealer] += p * vector
    return out


def _four_card_dealer_tables(shoe: np.ndarray, key: tuple) -> tuple[dict[tuple[int, ...], int], np.ndarray]:
    """The dealer's outcome distribution from ``shoe`` less each multiset of four player cards (rows), by multiset."""
    from pacomply.engine.analysis.blackjack.combinatorics import dealer_terminals

    multisets = sorted({tuple(sorted(cards)) for cards in itertools.product(range(RANKS), repeat=4)})
    counts = np.zeros((len(multisets), RANKS), dtype=np.int64)
    for row, cards in enumerate(multisets):
        for rank in cards:
            counts[row, rank] += 1
    terminals = dealer_terminals(*key)
    table = kernels().dealer_distributions(
        shoe.astype(np.int64), counts, np.ones(len(multisets), dtype=np.bool_), terminals.node_parent,
        terminals.node_rank, terminals.node_rank_before, terminals.node_cards_before, terminals.terminal_node,
        terminals.ways, terminals.outcome, terminals.outcomes,
    )  # fmt: skip
    return {cards: row for row, cards in enumerate(multisets)}, table


def exact_switch_spread(rules: BlackjackRules | None = None) -> ExactRoundSpread:
    """The exact distribution of a Blackjack Switch round's net result per unit of the initial wager (one of the two
    equal wagers, as the analysis prices it), under the analysis's play and readings (:func:`.switch.analyse_switch`
    with a switched Blackjack paid as a natural one, as the chapter's wager math prices it): every ordered deal of the
    four player cards and the up card, the switch the analysis takes, each hand played as it plays it, both hands
    settled against one dealer outcome drawn from the shoe less the up card and all four player cards. Each hand's
    own play keeps the analysis's approximations (its own cards removed; splits by the split approximation)."""
    from pacomply.engine.analysis.blackjack.switch import _hand_values, _two_card_tables, analyse_switch

    rules = rules or BlackjackRules()
    shoe = full_shoe(rules.decks)
    size = int(shoe.sum())
    total = np.zeros(4 * _SWITCH_REACH + 1)  # the two hands' sum, in half units
    centre = 2 * _SWITCH_REACH
    a, b, c, d = (axis.ravel() for axis in np.indices((RANKS,) * 4))
    for up in range(RANKS):
        values = _hand_values(rules, up, rules.blackjack_pays, False, True)
        kept_value, _kw, switched_value, _sw = _two_card_tables(values)
        deck = shoe.copy()
        deck[up] -= 1
        excluded = {ACE: TEN, TEN: ACE}.get(up)
        hole = tuple(r for r in range(RANKS) if r != excluded)
        allowed = np.array([r in hole for r in range(RANKS)], dtype=np.bool_)
        key = (up, hole, rules.dealer_hits_soft_17, 21, False, True)
        vectors = _switch_hand_vectors(rules, up, values, deck, key, allowed)
        row_of, dealer_rows = _four_card_dealer_tables(deck, key)
        left = size - 1
        probability = (deck[a] / left) * (deck[b] - (b == a)) / (left - 1)
        probability = probability * (deck[c] - (c == a) - (c == b)) / (left - 2)
        probability = probability * (deck[d] - (d == a) - (d == b) - (d == c)) / (left - 3)
        probability = np.clip(probability, 0.0, None) * (shoe[up] / size)
        if excluded is None:
            blackjack = np.zeros_like(probability)
        else:
            seen = sum((cards == excluded).astype(int) for cards in (a, b, c, d))
            blackjack = (deck[excluded] - seen) / (left - 4)
        switching = switched_value[a, d] + switched_value[c, b] > kept_value[a, b] + kept_value[c, d]
        pairs_cache: dict[tuple[object, object], np.ndarray] = {}

        def hand(x: int, y: int, was_switched: bool) -> object:
            if {x, y} == {ACE, TEN}:
                return "switched" if was_switched else "natural"
            return (min(x, y), max(x, y))

        for n in np.flatnonzero(probability > 0):
            p = float(probability[n])
            first, second, third, fourth = int(a[n]), int(b[n]), int(c[n]), int(d[n])
            p_blackjack = float(blackjack[n])
            if p_blackjack > 0:
                naturals = sum({x, y} == {ACE, TEN} for x, y in ((first, second), (third, fourth)))
                total[centre - 2 * (2 - naturals)] += p * p_blackjack
            if switching[n]:
                pair = (hand(first, fourth, True), hand(third, second, True))
            else:
                pair = (hand(first, second, False), hand(third, fourth, False))
            convolved = pairs_cache.get(pair)
            if convolved is None:
                one, two = vectors[pair[0]], vectors[pair[1]]
                convolved = pairs_cache[pair] = np.array([np.convolve(one[o], two[o]) for o in range(7)])
            dealer = dealer_rows[row_of[tuple(sorted((first, second, third, fourth)))]]
            total += p * (1 - p_blackjack) * (dealer @ convolved)
    distribution = tuple(
        ((index - centre) / 4, float(p)) for index, p in enumerate(total) if p > 0
    )  # half units of the two hands' sum, per initial wager: / 2 / 2
    analysis = analyse_switch(rules, switched_blackjack_pays=rules.blackjack_pays)
    return ExactRoundSpread(
        rules=rules,
        strategy=Strategy.OPTIMAL,
        distribution=distribution,
        wagered_per_round=analysis.expected_total_wagered / 2,
        switch=True,
    )
