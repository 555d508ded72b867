"""Numba kernels: dealer outcome distributions for many shoes, and the player's backward sweep.

Imported lazily by :mod:`engine.analysis.blackjack.analyzer` so that loading the package (and the CLI's
``--help``) does not pay for numba.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange


@njit(cache=True, parallel=True)
def dealer_distributions(
    base_shoe,
    comp_counts,
    comp_mask,
    node_parent,
    node_rank,
    node_rank_before,
    node_cards_before,
    terminal_node,
    term_ways,
    term_outcome,
    outcomes,
):
    """For every composition ``c`` with ``comp_mask[c]``: the dealer's outcome distribution from the shoe
    ``base_shoe - comp_counts[c]``, conditioned on the hole card being one the terminals allow.

    The chance of drawing a given multiset (in one fixed order) is a product of ``left / size`` factors; the
    prefix tree of the terminal multisets shares those products, so each terminal costs one multiplication.
    Infeasible compositions (more cards of a rank than the shoe holds) get an all-zero row.
    """
    n_comp = comp_counts.shape[0]
    n_node = node_parent.shape[0]
    n_term = terminal_node.shape[0]
    out = np.zeros((n_comp, outcomes))
    for c in prange(n_comp):
        if not comp_mask[c]:
            continue
        shoe = base_shoe - comp_counts[c]
        feasible = True
        size = 0
        for r in range(10):
            if shoe[r] < 0:
                feasible = False
            size += shoe[r]
        if not feasible:
            continue
        value = np.empty(n_node)
        value[0] = 1.0
        for i in range(1, n_node):
            left = shoe[node_rank[i]] - node_rank_before[i]
            if left <= 0:
                value[i] = 0.0
            else:
                value[i] = value[node_parent[i]] * left / (size - node_cards_before[i])
        row = np.zeros(outcomes)
        for t in range(n_term):
            row[term_outcome[t]] += term_ways[t] * value[terminal_node[t]]
        norm = row.sum()
        if norm > 0:
            for o in range(outcomes):
                out[c, o] = row[o] / norm
    return out


@njit(cache=True)
def draw_probabilities(base_shoe, comp_row, size, hole_allowed):
    """Chance of each rank as the player's next card, given the hole card is one of ``hole_allowed``.

    The hole card lies under the up card unseen, and what the players know about it (not a Blackjack card
    after the card reader check; its Masque range) changes the odds of the cards still to come:
    P(next = r | hole in I) = n_r (G - [r in I]) / (G (M - 1)), with n_r the rank's count left, M the
    cards left (hole included) and G the cards of I left.
    """
    probabilities = np.zeros(10)
    remaining = 0
    allowed_left = 0
    for r in range(10):
        left = base_shoe[r] - comp_row[r]
        remaining += left
        if hole_allowed[r]:
            allowed_left += left
    if allowed_left <= 0 or remaining <= 1:
        return probabilities
    for r in range(10):
        left = base_shoe[r] - comp_row[r]
        if left <= 0:
            continue
        probabilities[r] = left * (allowed_left - (1 if hole_allowed[r] else 0)) / (allowed_left * (remaining - 1.0))
    return probabilities


@njit(cache=True)
def stand_value(total, dist, outcomes, dealer_22_pays_two_large, dealer_22_pushes=False):
    """Expected value of standing on ``total`` against a dealer distribution.

    ``outcomes`` is 6 (dealer 17..21, bust) in 633a or 7 (17..22, bust) in 685a, where a dealer 22 pays
    a player 21 and ``dealer_22_pays_two_large`` hands, and pushes the rest (685a.7(n)(1)). With
    ``dealer_22_pushes`` (Blackjack Switch, 633a.12(a)(5)(v)) a dealer 22 pushes every hand of 21 or less.
    """
    if total > 21:
        return -1.0
    ev = dist[outcomes - 1]
    for o in range(outcomes - 1):
        dealer = 17 + o
        if dealer == 22:
            if dealer_22_pushes:
                continue
            if total == 21 or dealer_22_pays_two_large:
                ev += dist[o]
        elif total > dealer:
            ev += dist[o]
        elif total < dealer:
            ev -= dist[o]
    return ev


@njit(cache=True, inline="always")
def fits_in(comp_row, base_shoe):
    """Whether the shoe holds every card of the composition (the sweeps skip the ones it cannot deal)."""
    for r in range(10):  # noqa: SIM110 - a plain loop: numba compiles no generator inside all()
        if comp_row[r] > base_shoe[r]:
            return False
    return True


@njit(cache=True)
def player_sweep(
    base_shoe,
    comp_counts,
    comp_cards,
    comp_total,
    comp_hard,
    child,
    dist,
    mask,
    outcomes,
    hole_allowed,
    dealer_22_pushes=False,
):
    """Backward sweep over compositions (children first): stand, hit (then optimal hit/stand), double.

    Returns arrays (stand, hit, double, best_no_double, wager_best_no_double). ``hit`` assumes the
    player continues optimally with hit/stand only (no doubling after the first draw); ``double`` is twice
    the stand value after exactly one card.
    """
    n_comp = comp_counts.shape[0]
    stand = np.zeros(n_comp)
    hit = np.full(n_comp, -1.0)
    double = np.full(n_comp, -2.0)
    best = np.zeros(n_comp)
    wager = np.ones(n_comp)
    hit_wager = np.ones(n_comp)
    size = np.int64(0)  # not a literal 0: draw_probabilities is compiled for one signature
    for r in range(10):
        size += base_shoe[r]
    for c in range(n_comp):
        if not (mask[c] and fits_in(comp_counts[c], base_shoe)):
            continue
        # A bool, not a literal False: the signature the Python callers use, so stand_value is compiled once.
        stand[c] = stand_value(comp_total[c], dist[c], outcomes, np.bool_(False), dealer_22_pushes)
        if comp_total[c] >= 21:
            best[c] = stand[c]
            wager[c] = 1.0
            continue
        ev_hit = 0.0
        ev_double = 0.0
        w_hit = 0.0
        probabilities = draw_probabilities(base_shoe, comp_counts[c], size, hole_allowed)
        for r in range(10):
            p = probabilities[r]
            if p <= 0:
                continue
            k = child[c, r]
            if k < 0:
                ev_hit -= p
                ev_double -= p
                w_hit += p
            else:
                ev_hit += p * best[k]
                ev_double += p * stand[k]
                w_hit += p * wager[k]
        hit[c] = ev_hit
        double[c] = 2.0 * ev_double
        hit_wager[c] = w_hit
        if ev_hit > stand[c]:
            best[c] = ev_hit
            wager[c] = w_hit
        else:
            best[c] = stand[c]
            wager[c] = 1.0
    return stand, hit, double, best, wager, hit_wager


@njit(cache=True)
def fixed_sweep(base_shoe, comp_counts, comp_cards, comp_total, child, stand, decision_hit, mask, hole_allowed):
    """EV and expected wager of following a fixed hit/stand rule ``decision_hit[c]`` from each composition."""
    n_comp = comp_counts.shape[0]
    value = np.zeros(n_comp)
    wager = np.ones(n_comp)
    hit = np.full(n_comp, -1.0)
    hit_wager = np.ones(n_comp)
    size = np.int64(0)  # not a literal 0: draw_probabilities is compiled for one signature
    for r in range(10):
        size += base_shoe[r]
    for c in range(n_comp):
        if not (mask[c] and fits_in(comp_counts[c], base_shoe)):
            continue
        if comp_total[c] < 21:
            ev_hit = 0.0
            w_hit = 0.0
            probabilities = draw_probabilities(base_shoe, comp_counts[c], size, hole_allowed)
            for r in range(10):
                p = probabilities[r]
                if p <= 0:
                    continue
                k = child[c, r]
                if k < 0:
                    ev_hit -= p
                    w_hit += p
                else:
                    ev_hit += p * value[k]
                    w_hit += p * wager[k]
            hit[c] = ev_hit
            hit_wager[c] = w_hit
        if comp_total[c] < 21 and decision_hit[c]:
            value[c] = hit[c]
            wager[c] = hit_wager[c]
        else:
            value[c] = stand[c]
            wager[c] = 1.0
    return value, wager, hit, hit_wager


@njit(cache=True)
def reach_weights(base_shoe, comp_counts, comp_cards, child, start_weight, decision_hit, mask, hole_allowed):
    """Probability of reaching each composition of three or more cards under a fixed hit/stand rule.

    ``start_weight`` holds the probability of each two-card hand that the chart says to hit (zero
    elsewhere); a composition passes its weight on to its children when ``decision_hit`` says hit.
    Compositions are swept from the end (lowest hard totals) so parents come before children.
    """
    n_comp = comp_counts.shape[0]
    weight = start_weight.copy()
    size = np.int64(0)  # not a literal 0: draw_probabilities is compiled for one signature
    for r in range(10):
        size += base_shoe[r]
    for c in range(n_comp - 1, -1, -1):
        if not mask[c] or weight[c] == 0.0:
            continue
        if comp_cards[c] >= 3 and not decision_hit[c]:
            continue
        if comp_cards[c] < 2:
            continue
        probabilities = draw_probabilities(base_shoe, comp_counts[c], size, hole_allowed)
        for r in range(10):
            k = child[c, r]
            if probabilities[r] <= 0 or k < 0:
                continue
            weight[k] += weight[c] * probabilities[r]
    for c in range(n_comp):
        if comp_cards[c] < 3:
            weight[c] = 0.0
    return weight


@njit(cache=True, inline="always")
def _final_state(total):
    """The index of a finished hand's state: 0 bust, 1 a total of 16 or less, 2..6 the totals 17..21."""
    if total > 21:
        return 0
    if total <= 16:
        return 1
    return total - 15


@njit(cache=True)
def outcome_sweep(
    base_shoe, comp_counts, comp_total, child, dist, decision_hit, mask, outcomes, hole_allowed, dealer_22_pushes=False
):
    """The distributions behind :func:`fixed_sweep`'s values: per composition, for a unit wager, the chance of losing,
    pushing and winning (columns 0, 1, 2) and the chance of each finished state (:func:`_final_state`), when standing,
    when following ``decision_hit`` from the composition on, when hitting once and then following it, and when taking
    exactly one card (a double). The means of the first kind are :func:`fixed_sweep`'s values (the same draws, the
    same dealer tables); the states are what a split hand is settled from against a dealer outcome the hands share.

    Returns (stand, play, hit, one_card) result arrays (n, 3) and (stand, play, hit, one_card) state arrays (n, 7).
    """
    n_comp = comp_counts.shape[0]
    stand = np.zeros((n_comp, 3))
    play = np.zeros((n_comp, 3))
    hit = np.zeros((n_comp, 3))
    one = np.zeros((n_comp, 3))
    stand_state = np.zeros((n_comp, 7))
    play_state = np.zeros((n_comp, 7))
    hit_state = np.zeros((n_comp, 7))
    one_state = np.zeros((n_comp, 7))
    size = np.int64(0)  # not a literal 0: draw_probabilities is compiled for one signature
    for r in range(10):
        size += base_shoe[r]
    for c in range(n_comp):
        if not (mask[c] and fits_in(comp_counts[c], base_shoe)):
            continue
        total = comp_total[c]
        stand_state[c, _final_state(total)] = 1.0
        if total > 21:
            stand[c, 0] = 1.0
        else:
            row = dist[c]
            stand[c, 2] += row[outcomes - 1]
            for o in range(outcomes - 1):
                dealer = 17 + o
                if dealer == 22:
                    if dealer_22_pushes:
                        stand[c, 1] += row[o]
                    elif total == 21:
                        stand[c, 2] += row[o]
                    else:
                        stand[c, 1] += row[o]
                elif total > dealer:
                    stand[c, 2] += row[o]
                elif total < dealer:
                    stand[c, 0] += row[o]
                else:
                    stand[c, 1] += row[o]
        if total < 21:
            probabilities = draw_probabilities(base_shoe, comp_counts[c], size, hole_allowed)
            for r in range(10):
                p = probabilities[r]
                if p <= 0:
                    continue
                k = child[c, r]
                if k < 0:
                    hit[c, 0] += p
                    one[c, 0] += p
                    hit_state[c, 0] += p
                    one_state[c, 0] += p
                else:
                    for j in range(3):
                        hit[c, j] += p * play[k, j]
                        one[c, j] += p * stand[k, j]
                    for j in range(7):
                        hit_state[c, j] += p * play_state[k, j]
                        one_state[c, j] += p * stand_state[k, j]
        if total < 21 and decision_hit[c]:
            play[c] = hit[c]
            play_state[c] = hit_state[c]
        else:
            play[c] = stand[c]
            play_state[c] = stand_state[c]
    return stand, play, hit, one, stand_state, play_state, hit_state, one_state
