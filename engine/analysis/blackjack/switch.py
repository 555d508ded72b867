"""Blackjack Switch (633a.12(a)): house edge of the two equal Blackjack Wagers with optimal switching.

The player sees both hands and the up card (the card reader has already ruled out a dealer Blackjack,
633a.7(h)), may exchange the hands' second cards, and then plays each hand; a dealer 22 pushes. Readings
are in :data:`SWITCH_READINGS`.

Method and approximations (on top of the base game's, see :mod:`engine.analysis.blackjack`):

* The switch decision and the deal are exact: every ordered deal of four player cards and the up card is
  enumerated with its exact probability and its exact chance of a dealer Blackjack.
* Each hand is valued composition-dependently with *its own* two cards and the up card removed from the
  shoe; the other hand's two cards are not removed (the "own-cards" approximation). The simulator in the
  tests plays the same decisions with every card removed and bounds the combined error by its interval.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

import numpy as np
from pacomply.engine.analysis.blackjack.analyzer import (
    POST_SPLIT_ACTIONS,
    _doubling_allowed,
    _max_hands,
    post_split_play,
    post_split_rules,
    split_sweep,
    split_value,
    sweep_every_hand,
)
from pacomply.engine.analysis.blackjack.combinatorics import ACE, RANKS, TEN, full_shoe, player_compositions
from pacomply.engine.analysis.blackjack.core import dealer_table
from pacomply.engine.analysis.blackjack.rules import BlackjackRules

CITATION = "58 Pa. Code § 633a.12(a)"

SWITCH_READINGS: tuple[tuple[str, str, str, str], ...] = (
    (
        "Blackjack payout in Switch",
        "an unswitched Blackjack against an up card of 2 to 9 is paid 3 to 2 at once; against an ace or ten-valued "
        "up card it waits for the dealer's hand: 3 to 2, except 1 to 1 against a dealer 21 of three or more cards "
        "and a push against a dealer 22 or Blackjack",
        "633a.12(a)(5) overrides 633a.7 only in the cases it lists and completes the round under 633a.7, whose "
        "(i)(1)(i) pays a Blackjack against a low up card before any other card is dealt (as a "
        "replayed round is settled); 633a.13(a) pays Blackjack 3 "
        "to 2 otherwise; (5)(v) pushes a dealer 22 against any hand of 21 or less",
        "58 Pa. Code § 633a.7(i)(1), § 633a.12(a)(5), § 633a.13(a)",
    ),
    (
        "switched Blackjack",
        "a Blackjack made by switching pushes against a dealer 21 or 22, loses to a dealer Blackjack, and is "
        "otherwise paid as a Blackjack, at the table's Blackjack odds (3 to 2)",
        "633a.12(a)(5)(iii)-(iv) give only those cases; the chapter's definition of Blackjack is an ace and a "
        "ten-value card as the initial two cards, which a switched hand still is",
        "58 Pa. Code § 633a.1, § 633a.12(a)(5)(iii)-(iv)",
    ),
    (
        "surrender in Switch",
        "not available",
        "633a.12(a)(4) lists switching, doubling, splitting, standing and drawing",
        "58 Pa. Code § 633a.12(a)(4)",
    ),
    (
        "dealer Blackjack",
        "checked with the card reader before the switch; each hand loses its original wager, a natural Blackjack "
        "pushes",
        "633a.7(h) settles a dealer Blackjack before any player decision",
        "58 Pa. Code § 633a.7(h), § 633a.12(a)(5)(ii)",
    ),
)


def paytable_rows(blackjack_pays: Fraction) -> tuple[tuple[str, str], ...]:
    """What each hand is paid at Blackjack Switch (633a.12(a)(5), 633a.13(a)), as ``edge`` and ``simulate`` show it."""
    odds = f"{blackjack_pays.numerator} to {blackjack_pays.denominator}"
    return (
        ("Blackjack (natural or switched)", odds),
        ("natural Blackjack against an up card of 2 to 9", f"{odds}, paid at once"),
        ("natural Blackjack against a dealer 21 of three or more cards (ace or ten-valued up card)", "1 to 1"),
        ("switched Blackjack against a dealer 21 or 22", "push"),
        ("any other hand of 21 or less against a dealer 22", "push"),
        ("any other winning hand", "1 to 1"),
    )


@dataclass(frozen=True)
class SwitchAnalysis:
    """House edge per initial wager (each of the two equal wagers counts as one unit)."""

    rules: BlackjackRules
    house_edge: float
    element_of_risk: float
    expected_total_wagered: float
    switch_frequency: float
    method: str = "exact"
    citation: str = CITATION
    readings: tuple[tuple[str, str, str, str], ...] = SWITCH_READINGS


@dataclass(frozen=True)
class _HandValues:
    """Optimal values of each two-card hand (given no dealer Blackjack) and the policy for the simulator."""

    value: dict[tuple[int, int], tuple[float, float]]  # non-Blackjack hands: (EV, expected wager)
    blackjack_natural: float
    blackjack_switched: float
    two_card: np.ndarray  # (10, 10) 0 stand, 1 hit, 2 double, 3 split
    hit_more: np.ndarray  # (C,)
    post_split: np.ndarray  # (10, 10)
    split_hit_more: np.ndarray  # (10, C)


@lru_cache(maxsize=64)
def _hand_values(
    rules: BlackjackRules,
    up: int,
    switched_blackjack_pays: Fraction,
    natural_beats_dealer_22: bool,
    natural_paid_at_once: bool = True,
) -> _HandValues:
    comps = player_compositions()
    shoe = full_shoe(rules.decks)
    shoe[up] -= 1
    excluded = {ACE: TEN, TEN: ACE}.get(up)
    hole = tuple(r for r in range(RANKS) if r != excluded)
    allowed = np.array([r in hole for r in range(RANKS)], dtype=np.bool_)
    key = (up, hole, rules.dealer_hits_soft_17, 21, False, True)
    dist = dealer_table(shoe, key)
    stand, hit, double, hit_wager = sweep_every_hand(shoe, dist, allowed, dealer_22_pushes=True)
    two_card = np.zeros((RANKS, RANKS), dtype=np.int64)
    post_split = np.zeros((RANKS, RANKS), dtype=np.int64)
    split_hit_more = np.zeros((RANKS, len(comps.counts)), dtype=np.bool_)
    split_values: dict[int, tuple[float, float]] = {}
    if rules.max_split_hands >= 2:
        for pair in range(RANKS):
            sweep = split_sweep(shoe, key, pair, allowed, True)
            post, choices = post_split_play(sweep, *post_split_rules(rules, pair))
            split_hit_more[pair] = sweep.hit > sweep.stand
            post_split[pair] = [POST_SPLIT_ACTIONS[choices[second]] for second in range(RANKS)]
            pre = sweep.pre_split_shoe()
            split_values[pair] = split_value(_max_hands(rules, pair), pair, pre, allowed, post)
    value: dict[tuple[int, int], tuple[float, float]] = {}
    for a in range(RANKS):
        for b in range(a, RANKS):
            counts = [0] * RANKS
            counts[a] += 1
            counts[b] += 1
            i = comps.find(tuple(counts))
            candidates = [(stand[i], 1.0), (hit[i], hit_wager[i])]
            if _doubling_allowed(rules, int(comps.hard_total[i]), bool(comps.soft[i])):
                candidates.append((double[i], 2.0))
            else:
                candidates.append((-np.inf, 2.0))
            if a == b and a in split_values:
                candidates.append(split_values[a])
            best = max(range(len(candidates)), key=lambda n: candidates[n][0])
            value[(a, b)] = candidates[best]
            two_card[a, b] = two_card[b, a] = best
    blackjack_row = dist[comps.find((1, 0, 0, 0, 0, 0, 0, 0, 0, 1))]
    dealer_21, dealer_22 = blackjack_row[4], blackjack_row[5]
    pays = float(rules.blackjack_pays)
    natural = pays * (1 - dealer_21 - dealer_22) + 1.0 * dealer_21
    if natural_beats_dealer_22:
        natural += pays * dealer_22
    if natural_paid_at_once and up not in (ACE, TEN):
        natural = pays  # § 633a.7(i)(1)(i): paid before the dealer draws, so (5)(i) and (v) never reach it
    switched = float(switched_blackjack_pays) * (1 - dealer_21 - dealer_22)
    return _HandValues(value, natural, switched, two_card, hit > stand, post_split, split_hit_more)


def _two_card_tables(values: _HandValues) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(value, wager) of every ordered two-card hand, unswitched and switched, as 10 x 10 arrays."""
    tables = np.zeros((4, RANKS, RANKS))
    for a in range(RANKS):
        for b in range(RANKS):
            tables[0, a, b], tables[1, a, b] = _hand_ev(values, a, b, False)
            tables[2, a, b], tables[3, a, b] = _hand_ev(values, a, b, True)
    return tables[0], tables[1], tables[2], tables[3]


def _hand_ev(values: _HandValues, a: int, b: int, switched: bool) -> tuple[float, float]:
    low, high = min(a, b), max(a, b)
    if (low, high) == (ACE, TEN):
        return (values.blackjack_switched if switched else values.blackjack_natural), 1.0
    return values.value[(low, high)]


def analyse_switch(
    rules: BlackjackRules | None = None,
    switched_blackjack_pays: Fraction = Fraction(3, 2),
    natural_beats_dealer_22: bool = False,
    natural_paid_at_once: bool = True,
) -> SwitchAnalysis:
    """House edge of Blackjack Switch with optimal switching and composition-dependent play of each hand.

    ``rules`` supplies decks, soft 17, doubling and splitting (late surrender is ignored: Switch has none).
    The defaults of the two keyword options are this module's readings of 633a.12(a)(5); the common casino
    rules (a switched Blackjack counts as 21, a natural Blackjack beats a dealer 22) are
    ``switched_blackjack_pays=Fraction(1)``, ``natural_beats_dealer_22=True``. ``natural_paid_at_once`` (reading
    633a-switch-blackjack) pays an unswitched Blackjack against an up card of 2 to 9 at once, 3 to 2, as
    :func:`engine.games.blackjack.settle` does; False settles it against the dealer's final hand whatever the up card.
    """
    rules = rules or BlackjackRules()
    shoe = full_shoe(rules.decks)
    size = int(shoe.sum())
    total_ev = total_wager = switch_probability = 0.0
    a, b, c, d = np.indices((RANKS,) * 4)
    for up in range(RANKS):
        values = _hand_values(rules, up, switched_blackjack_pays, natural_beats_dealer_22, natural_paid_at_once)
        kept_value, kept_wager, switched_value, switched_wager = _two_card_tables(values)
        deck = shoe.astype(np.float64)
        p_up = deck[up] / size
        deck[up] -= 1
        left = size - 1
        # exact probability of each ordered deal (first cards a, c; second cards b, d) after the up card
        probability = deck[a] / left
        probability = probability * (deck[b] - (b == a)) / (left - 1)
        probability = probability * (deck[c] - (c == a) - (c == b)) / (left - 2)
        probability = probability * (deck[d] - (d == a) - (d == b) - (d == c)) / (left - 3)
        probability = np.clip(probability, 0.0, None) * p_up
        blackjack_card = {ACE: TEN, TEN: ACE}.get(up)
        if blackjack_card is None:
            dealer_blackjack = np.zeros_like(probability)
        else:
            seen = sum((cards == blackjack_card).astype(int) for cards in (a, b, c, d))
            dealer_blackjack = (deck[blackjack_card] - seen) / (left - 4)
        natural_one = ((a == ACE) & (b == TEN)) | ((a == TEN) & (b == ACE))
        natural_two = ((c == ACE) & (d == TEN)) | ((c == TEN) & (d == ACE))
        on_blackjack = np.where(natural_one, 0.0, -1.0) + np.where(natural_two, 0.0, -1.0)
        keep = kept_value[a, b] + kept_value[c, d]
        swap = switched_value[a, d] + switched_value[c, b]
        switching = swap > keep
        best = np.where(switching, swap, keep)
        wager = np.where(switching, switched_wager[a, d] + switched_wager[c, b], kept_wager[a, b] + kept_wager[c, d])
        total_ev += float((probability * (dealer_blackjack * on_blackjack + (1 - dealer_blackjack) * best)).sum())
        total_wager += float((probability * (dealer_blackjack * 2.0 + (1 - dealer_blackjack) * wager)).sum())
        switch_probability += float((probability * (1 - dealer_blackjack) * switching).sum())
    edge = -total_ev / 2.0  # per initial wager: the player puts out two equal wagers (633a.12(a)(1))
    return SwitchAnalysis(
        rules=rules,
        house_edge=float(edge),
        element_of_risk=float(-total_ev / total_wager),
        expected_total_wagered=float(total_wager),
        switch_frequency=float(switch_probability),
    )


def switch_policy(
    rules: BlackjackRules | None = None,
    switched_blackjack_pays: Fraction = Fraction(3, 2),
    natural_beats_dealer_22: bool = False,
    natural_paid_at_once: bool = True,
) -> dict[str, np.ndarray]:
    """The analysed decisions as arrays (for the simulator): switch table and each hand's play, per up card."""
    rules = rules or BlackjackRules()
    n = len(player_compositions().counts)
    arrays = {
        "switch": np.zeros((RANKS,) * 5, dtype=np.bool_),
        "two_card": np.zeros((RANKS, RANKS, RANKS), dtype=np.int64),
        "hit_more": np.zeros((RANKS, n), dtype=np.bool_),
        "post_split": np.zeros((RANKS, RANKS, RANKS), dtype=np.int64),
        "split_hit_more": np.zeros((RANKS, RANKS, n), dtype=np.bool_),
    }
    for up in range(RANKS):
        values = _hand_values(rules, up, switched_blackjack_pays, natural_beats_dealer_22, natural_paid_at_once)
        arrays["two_card"][up] = values.two_card
        arrays["hit_more"][up] = values.hit_more
        arrays["post_split"][up] = values.post_split
        arrays["split_hit_more"][up] = values.split_hit_more
        kept_value, _kw, switched_value, _sw = _two_card_tables(values)
        a, b, c, d = np.indices((RANKS,) * 4)
        arrays["switch"][up] = switched_value[a, d] + switched_value[c, b] > kept_value[a, b] + kept_value[c, d]
    return arrays
