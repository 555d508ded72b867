"""Exact math of DJ Wild Stud Poker (687a): the base game under the EV-maximising raise/fold, the Blind, Trips,
Two-Way Bad Beat and the Progressive — complete enumeration, exact rationals.

Method
------
* Every one of the C(53,5) = 2,869,685 player hands is valued by the shared evaluator (deuces and joker wild).
* Player against dealer: for each player hand P the dealer's hands are the C(48,5) = 1,712,304 hands disjoint from
  P. The counts of those ranking below and equal to P come from one pass over all hands in order of strength with
  inclusion-exclusion over the card subsets of P (every subset S of P, |S| ≤ 4, keeps a counter of the hands seen
  so far that contain S; the hands disjoint from P that are weaker = Σ_S (−1)^|S| counter[S]). That replaces
  4.9·10^12 player/dealer pairs by 2.9·10^6 × 31 counter reads in a numba kernel (a few seconds on one core).
* From (win, tie, loss) counts per hand: raise when 3 + Blind-odds on a win and −4 on a loss beat the fold's −2
  (exact integer comparison); the Blind and Bad Beat follow on the same counts under that strategy.
* Trips: the evaluator's exact enumeration of all C(53,5) hands under each two-column paytable.
* Progressive: with the joker replaced by the card set aside (a uniformly random card of the other 48), the hand is
  a uniformly random five cards of the 52 standard ones, so its distribution is the C(52,5) joker-free hands.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import comb

import numpy as np
from numba import njit
from pacomply.engine.analysis.result import Distribution, WagerAnalysis
from pacomply.engine.cards import cards_text
from pacomply.engine.evaluator import HandCategory, WildHandCategory, enumerate_deuces_wild, standard_values
from pacomply.engine.evaluator.categories import CATEGORY_SHIFT
from pacomply.engine.games.dj_wild_stud_poker import category_key, category_of_key, progressive_payout, trips_paytable
from pacomply.regulations.chapter_687a import (
    BAD_BEAT_ODDS,
    BLIND_ODDS,
    HAND_NAMES,
    PROGRESSIVE_SEED,
    TRIPS_ODDS,
)

DECK = 53
PLAYER_HANDS = comb(DECK, 5)
DEALER_HANDS = comb(DECK - 5, 5)
PAIRS = PLAYER_HANDS * DEALER_HANDS
_CATEGORIES = len(WildHandCategory)


@njit(cache=True)
def _all_hands(deck: int) -> np.ndarray:
    """Every 5-card hand of a ``deck``-card deck, cards ascending, hands in lexicographic order."""
    count = 0
    for _ in range(1):
        count = deck * (deck - 1) * (deck - 2) * (deck - 3) * (deck - 4) // 120
    hands = np.empty((count, 5), dtype=np.uint8)
    row = 0
    for a in range(deck):
        for b in range(a + 1, deck):
            for c in range(b + 1, deck):
                for d in range(c + 1, deck):
                    for e in range(d + 1, deck):
                        hands[row, 0] = a
                        hands[row, 1] = b
                        hands[row, 2] = c
                        hands[row, 3] = d
                        hands[row, 4] = e
                        row += 1
    return hands


@njit(cache=True)
def _binomials(size: int) -> np.ndarray:
    table = np.zeros((size + 1, 6), dtype=np.int64)
    for n in range(size + 1):
        table[n, 0] = 1
        for k in range(1, 6):
            table[n, k] = 0 if n == 0 else table[n - 1, k - 1] + table[n - 1, k]
    return table


@njit(cache=True)
def _disjoint_sum(
    hand: np.ndarray, total: int, c1: np.ndarray, c2: np.ndarray, c3: np.ndarray, c4: np.ndarray, binom: np.ndarray
) -> int:
    """Inclusion-exclusion: hands counted so far that share no card with ``hand`` (hand itself excluded term)."""
    result = total
    for i in range(5):
        a = hand[i]
        result -= c1[a]
        for j in range(i + 1, 5):
            b = hand[j]
            result += c2[binom[a, 1] + binom[b, 2]]
            for k in range(j + 1, 5):
                c = hand[k]
                result -= c3[binom[a, 1] + binom[b, 2] + binom[c, 3]]
                for m in range(k + 1, 5):
                    d = hand[m]
                    result += c4[binom[a, 1] + binom[b, 2] + binom[c, 3] + binom[d, 4]]
    return result


@njit(cache=True)
def _add(hand: np.ndarray, c1: np.ndarray, c2: np.ndarray, c3: np.ndarray, c4: np.ndarray, binom: np.ndarray) -> None:
    for i in range(5):
        a = hand[i]
        c1[a] += 1
        for j in range(i + 1, 5):
            b = hand[j]
            c2[binom[a, 1] + binom[b, 2]] += 1
            for k in range(j + 1, 5):
                c = hand[k]
                c3[binom[a, 1] + binom[b, 2] + binom[c, 3]] += 1
                for m in range(k + 1, 5):
                    d = hand[m]
                    c4[binom[a, 1] + binom[b, 2] + binom[c, 3] + binom[d, 4]] += 1


@njit(cache=True)
def _subset_counts(binom: np.ndarray, deck: int) -> tuple:
    """Empty counts of the 1-, 2-, 3- and 4-card subsets of the hands seen, indexed by their combinatorial rank
    (what :func:`_add` fills and :func:`_disjoint_sum` reads)."""
    return (
        np.zeros(binom[deck, 1], dtype=np.int32),
        np.zeros(binom[deck, 2], dtype=np.int32),
        np.zeros(binom[deck, 3], dtype=np.int32),
        np.zeros(binom[deck, 4], dtype=np.int32),
    )


@njit(cache=True)
def _end_of_tie(values: np.ndarray, order: np.ndarray, start: int, count: int) -> int:
    """Where the run of hands equal in strength to ``order[start]`` ends, walking ``order`` from ``start``."""
    stop = start
    value = values[order[start]]
    while stop < count and values[order[stop]] == value:
        stop += 1
    return stop


@njit(cache=True)
def _weaker_and_equal(hands: np.ndarray, values: np.ndarray, order: np.ndarray, deck: int) -> tuple:
    """Per hand: dealer hands (disjoint from it) strictly weaker, and equal in strength."""
    binom = _binomials(deck)
    c1, c2, c3, c4 = _subset_counts(binom, deck)
    count = hands.shape[0]
    weaker = np.empty(count, dtype=np.int64)
    equal = np.empty(count, dtype=np.int64)
    # int64s that numba does not type as literal 0s (which compiled the kernels they are passed to once more);
    # ints to the type checker.
    seen = int(np.int64(0))
    start = int(np.int64(0))
    while start < count:
        stop = _end_of_tie(values, order, start, count)
        for position in range(start, stop):
            hand = hands[order[position]]
            weaker[order[position]] = _disjoint_sum(hand, seen, c1, c2, c3, c4, binom)
        for position in range(start, stop):
            _add(hands[order[position]], c1, c2, c3, c4, binom)
        seen += stop - start
        for position in range(start, stop):
            index = order[position]
            # The hand itself is among the hands seen and contains all of its own cards: its term is (−1)^5.
            at_most = _disjoint_sum(hands[index], seen, c1, c2, c3, c4, binom) - 1
            equal[index] = at_most - weaker[index]
        start = stop
    return weaker, equal


@dataclass(frozen=True)
class HandTable:
    """Every C(53,5) hand with its strength and its counts against the C(48,5) dealer hands."""

    hands: np.ndarray
    values: np.ndarray
    categories: np.ndarray
    wins: np.ndarray
    ties: np.ndarray
    losses: np.ndarray
    natural_values: np.ndarray
    """Value with every deuce standing as a two; −1 for hands holding the joker."""
    reachable: np.ndarray
    """Bit set of the categories the wild cards can make (0 without a wild card)."""
    wild_cards: np.ndarray


@cache
def hand_table() -> HandTable:
    """Build (once per process) the strengths and win/tie/loss counts of every player hand."""
    hands = _all_hands(DECK)
    best, natural, reachable, wild_cards = evaluate_batch(hands)
    values = best.astype(np.int64)
    order = np.argsort(values, kind="stable").astype(np.int64)
    weaker, equal = _weaker_and_equal(hands, values, order, DECK)
    losses = DEALER_HANDS - weaker - equal
    categories = (values >> CATEGORY_SHIFT).astype(np.int64)
    return HandTable(hands, values, categories, weaker, equal, losses, natural, reachable, wild_cards)


def evaluate_batch(hands: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The evaluator's DJ Wild batch kernel: best value, natural value, reachable categories, wild count per hand.

    The evaluator's public batch API returns only the best values; Trips needs the other three, so this calls its
    kernel with its tables (a public ``deuces_wild_batch`` returning all four is requested in issue #3).
    """
    from pacomply.engine.evaluator import deuces_wild, kernels

    return kernels.deuces_wild_batch(np.ascontiguousarray(hands, dtype=np.uint8), *deuces_wild._arrays())


def _category_vector(odds: dict[str, int], default: int = 0) -> np.ndarray:
    vector = np.full(_CATEGORIES, default, dtype=np.int64)
    for key, value in odds.items():
        vector[int(category_of_key(key))] = value
    return vector


@dataclass(frozen=True)
class BaseGame:
    """The base game under the EV-maximising decision, in exact integer numerators over PAIRS."""

    raise_mask: np.ndarray
    ev_numerator: int
    raise_hands: int
    outcome_counts: dict[int, int]
    """Net result (in Antes) → number of (player, dealer) pairs, folds counted C(48,5) times."""


@cache
def base_game() -> BaseGame:
    """Raise exactly when raising's expected value beats folding's −2 Antes (ties fold: less money at risk)."""
    table = hand_table()
    blind = _category_vector(BLIND_ODDS)[table.categories]
    raise_numerator = table.wins * (3 + blind) - 4 * table.losses
    fold_numerator = -2 * DEALER_HANDS
    raising = raise_numerator > fold_numerator
    ev = int(np.where(raising, raise_numerator, fold_numerator).sum())
    outcomes: dict[int, int] = defaultdict(int)
    for odds in np.unique(blind):
        chosen = raising & (blind == odds)
        outcomes[int(3 + odds)] += int(table.wins[chosen].sum())
    outcomes[0] += int(table.ties[raising].sum())
    outcomes[-4] += int(table.losses[raising].sum())
    outcomes[-2] += int((~raising).sum()) * DEALER_HANDS
    return BaseGame(raising, ev, int(raising.sum()), dict(outcomes))


def _analysis(outcomes: dict[Fraction, Fraction], wagered: Fraction = Fraction(1), strategy=()) -> WagerAnalysis:
    distribution = Distribution(tuple(sorted((net, p) for net, p in outcomes.items() if p)))
    return WagerAnalysis.from_distribution(distribution, wagered, tuple(strategy))


@cache
def base() -> WagerAnalysis:
    """Ante + Blind + Raise: house edge per Ante, element of risk per unit actually wagered (docs/math.md)."""
    game = base_game()
    outcomes = {Fraction(net): Fraction(count, PAIRS) for net, count in game.outcome_counts.items()}
    wagered = 2 + 2 * Fraction(game.raise_hands, PLAYER_HANDS)
    return _analysis(outcomes, wagered, strategy())


@cache
def blind() -> WagerAnalysis:
    """The Blind on its own, under the base game's strategy (it is lost on a fold)."""
    return _analysis({net: Fraction(count, PAIRS) for net, count in blind_outcome_counts().items()})


@cache
def blind_outcome_counts() -> dict[Fraction, int]:
    """The Blind's net result → (player, dealer) pairs of the C(53,5) x C(48,5), under the base game's strategy (a
    fold counted once per dealer hand)."""
    table, game = hand_table(), base_game()
    odds = _category_vector(BLIND_ODDS)[table.categories]
    raising = game.raise_mask
    outcomes: dict[Fraction, int] = defaultdict(int)
    for value in np.unique(odds):
        chosen = raising & (odds == value)
        outcomes[Fraction(int(value))] += int(table.wins[chosen].sum())
    outcomes[Fraction(0)] += int(table.ties[raising].sum())
    outcomes[Fraction(-1)] += int(table.losses[raising].sum()) + int((~raising).sum()) * DEALER_HANDS
    # A win that pays nothing on the Blind is a push: fold it into the zero outcome.
    return dict(outcomes)


@cache
def bad_beat(paytable: str) -> WagerAnalysis:
    """Two-Way Bad Beat under the base game's strategy: paid when the raised three-of-a-kind-or-better loses."""
    table, game = hand_table(), base_game()
    odds = _category_vector(BAD_BEAT_ODDS[paytable])[table.categories]
    eligible = game.raise_mask & (odds > 0)
    outcomes: dict[Fraction, int] = defaultdict(int)
    for value in np.unique(odds[eligible]):
        outcomes[Fraction(int(value))] += int(table.losses[eligible & (odds == value)].sum())
    lost = int((table.wins + table.ties)[eligible].sum()) + int((~eligible).sum()) * DEALER_HANDS
    outcomes[Fraction(-1)] += lost
    return _analysis({net: Fraction(count, PAIRS) for net, count in outcomes.items()})


def bad_beat_line_counts(paytable: str) -> dict[str, int]:
    """The Bad Beat's lines under the reading relied on (the player's own raised hand, three of a kind or better,
    losing): hand key → (player, dealer) pairs it is paid on, and "loses" → every other pair (a fold counted once
    per dealer hand)."""
    table, game = hand_table(), base_game()
    odds = _category_vector(BAD_BEAT_ODDS[paytable])[table.categories]
    eligible = game.raise_mask & (odds > 0)
    counts: dict[str, int] = {}
    for value in np.unique(table.categories[eligible]):
        chosen = eligible & (table.categories == value)
        counts[category_key(WildHandCategory(int(value)))] = int(table.losses[chosen].sum())
    counts["loses"] = PAIRS - sum(counts.values())
    return counts


@njit(cache=True)
def _stronger_among(hands: np.ndarray, values: np.ndarray, included: np.ndarray, deck: int) -> np.ndarray:
    """Per hand: the ``included`` hands disjoint from it that are strictly stronger (the same inclusion-exclusion
    as :func:`_weaker_and_equal`, walking the hands from the strongest down)."""
    binom = _binomials(deck)
    c1, c2, c3, c4 = _subset_counts(binom, deck)
    order = np.argsort(-values, kind="mergesort")
    count = hands.shape[0]
    stronger = np.empty(count, dtype=np.int64)
    # int64s that numba does not type as literal 0s (which compiled the kernels they are passed to once more);
    # ints to the type checker.
    seen = int(np.int64(0))
    start = int(np.int64(0))
    while start < count:
        stop = _end_of_tie(values, order, start, count)
        for position in range(start, stop):
            stronger[order[position]] = _disjoint_sum(hands[order[position]], seen, c1, c2, c3, c4, binom)
        for position in range(start, stop):
            index = order[position]
            if included[index]:
                _add(hands[index], c1, c2, c3, c4, binom)
                seen += 1
        start = stop
    return stronger


@cache
def beaten_by_raised_hands() -> np.ndarray:
    """Per hand, as the dealer's: the player hands disjoint from it that beat it and were raised (the dealer's side
    of the two-way Bad Beat reading; a folded hand never reaches the showdown)."""
    table, game = hand_table(), base_game()
    return _stronger_among(table.hands, table.values, game.raise_mask, DECK)


#: Candidate keys of reading 687a-bad-beat, in the order they are priced.
BAD_BEAT_READINGS = ("player-only", "player-only-with-ties", "two-way", "two-way-with-ties")


def bad_beat_return(paytable: str, reading: str) -> Fraction:
    """The exact return of a Two-Way Bad Beat paytable under one candidate reading (:data:`BAD_BEAT_READINGS`):
    paid from the player's own losing hand only, or from the losing hand of either the player or the dealer; each
    with or without a tie of three of a kind or better paying on the tied hand. Folded hands forfeit it in all."""
    if reading not in BAD_BEAT_READINGS:
        raise KeyError(f"687a-bad-beat has no candidate '{reading}'")
    table, game = hand_table(), base_game()
    odds = _category_vector(BAD_BEAT_ODDS[paytable])[table.categories]
    player_side = game.raise_mask & (odds > 0)
    # Each paid pair returns its odds plus the wager; every other pair returns nothing.
    returned = int(((odds + 1) * table.losses)[player_side].sum())
    if reading.startswith("two-way"):
        dealer_side = odds > 0
        returned += int(((odds + 1) * beaten_by_raised_hands())[dealer_side].sum())
    if reading.endswith("with-ties"):
        returned += int(((odds + 1) * table.ties)[player_side].sum())
    return Fraction(returned, PAIRS)


def bad_beat_std_dev(paytable: str, reading: str) -> float:
    """The standard deviation of one wager's result under a candidate of :data:`BAD_BEAT_READINGS`: a pair of hands
    either returns its odds plus the wager (one side loses, or a tie pays) or nothing, so the second moment is
    the same sums as :func:`bad_beat_return` with the returns squared."""
    if reading not in BAD_BEAT_READINGS:
        raise KeyError(f"687a-bad-beat has no candidate '{reading}'")
    table, game = hand_table(), base_game()
    odds = _category_vector(BAD_BEAT_ODDS[paytable])[table.categories].astype(np.int64)
    player_side = game.raise_mask & (odds > 0)
    squared = (odds + 1) ** 2
    second = int((squared * table.losses)[player_side].sum())
    if reading.startswith("two-way"):
        second += int((squared * beaten_by_raised_hands())[odds > 0].sum())
    if reading.endswith("with-ties"):
        second += int((squared * table.ties)[player_side].sum())
    mean = bad_beat_return(paytable, reading)
    return float(Fraction(second, PAIRS) - mean * mean) ** 0.5


def trips_payouts(paytable: str) -> np.ndarray:
    """What each of the C(53,5) hands pays under a Trips paytable (−1 a loss), the best of its readings: the
    Natural column when every deuce stands as a two (no joker), the With Wild column for any category its wild
    cards can reach (reading 687a-wild-may-be-used)."""
    natural_column, wild_column = TRIPS_ODDS[paytable]
    return trips_payouts_of(natural_column, wild_column)


def trips_payouts_of(
    natural_column: dict[str, int], wild_column: dict[str, int], natural_holds_no_wild_card: bool = False
) -> np.ndarray:
    """:func:`trips_payouts` for two columns given as data (a candidate reading of a printed row).

    ``natural_holds_no_wild_card`` reads a Natural hand as one with no wild card at all (no deuce, no joker; the
    candidate ``no-wild-card`` of reading 687a-natural-hand): a hand holding a deuce is then paid from the With
    Wild column only. By default a deuce standing as a two leaves the hand natural (the relied-on reading)."""
    table = hand_table()
    natural_pay = _category_vector(natural_column, default=-1)
    wild_pay = _category_vector(wild_column, default=-1)
    is_natural = table.natural_values >= 0
    if natural_holds_no_wild_card:
        is_natural &= table.wild_cards == 0
    natural_category = np.where(is_natural, table.natural_values >> CATEGORY_SHIFT, 0)
    pays = np.where(is_natural, natural_pay[natural_category], np.iinfo(np.int64).min)
    has_wild = table.wild_cards > 0
    for category in range(_CATEGORIES):
        reaches = has_wild & ((table.reachable >> category) & 1).astype(bool)
        pays = np.where(reaches, np.maximum(pays, wild_pay[category]), pays)
    return pays


def trips_line_counts(paytable: str) -> dict[tuple[str, str], int]:
    """How many of the C(53,5) hands each line of a Trips paytable pays (the line that decides the pay of
    :func:`trips_payouts`): ("natural" or "with wild", hand key) → hands; ("loses", "") → the hands no line pays.

    A hand two lines would pay the same is counted on the line of the higher-ranking hand (a natural three of a kind
    with a deuce is also a four of a kind with wild: both pay 6 to 1 on DJWT-04, and it is the four of a kind), on
    the Natural line where both lines name the same hand."""
    natural_column, wild_column = TRIPS_ODDS[paytable]
    table = hand_table()
    natural_pay = _category_vector(natural_column, default=-1)
    wild_pay = _category_vector(wild_column, default=-1)
    is_natural = table.natural_values >= 0
    natural_category = np.where(is_natural, table.natural_values >> CATEGORY_SHIFT, 0)
    pays = np.where(is_natural, natural_pay[natural_category], np.iinfo(np.int64).min)
    column = np.where(is_natural, 0, -1)
    category = natural_category.copy()
    has_wild = table.wild_cards > 0
    for index in range(_CATEGORIES):
        reaches = has_wild & ((table.reachable >> index) & 1).astype(bool)
        better = reaches & ((wild_pay[index] > pays) | ((wild_pay[index] == pays) & (index > category)))
        pays = np.where(better, wild_pay[index], pays)
        column = np.where(better, 1, column)
        category = np.where(better, index, category)
    counts: dict[tuple[str, str], int] = {}
    paid = pays >= 0
    for side, name in ((0, "natural"), (1, "with wild")):
        chosen = paid & (column == side)
        values, numbers = np.unique(category[chosen], return_counts=True)
        for value, number in zip(values, numbers, strict=True):
            counts[(name, category_key(WildHandCategory(int(value))))] = int(number)
    counts[("loses", "")] = int((~paid).sum())
    return counts


@cache
def trips(paytable: str) -> WagerAnalysis:
    """Trips Bonus: complete enumeration of all C(53,5) hands under one paytable (independent of strategy)."""
    values, counts = np.unique(trips_payouts(paytable), return_counts=True)
    return _analysis({Fraction(int(v)): Fraction(int(c), PLAYER_HANDS) for v, c in zip(values, counts, strict=True)})


def trips_return_of(
    natural_column: dict[str, int], wild_column: dict[str, int], natural_holds_no_wild_card: bool = False
) -> Fraction:
    """The exact return (wager back included) of a Trips paytable given as its two columns (for
    ``natural_holds_no_wild_card`` see :func:`trips_payouts_of`)."""
    payouts = trips_payouts_of(natural_column, wild_column, natural_holds_no_wild_card)
    values, counts = np.unique(payouts, return_counts=True)
    paid = sum(int(value) * int(count) for value, count in zip(values, counts, strict=True))
    return 1 + Fraction(paid, PLAYER_HANDS)


def trips_by_evaluator(paytable: str) -> Fraction:
    """Expected Trips payout by the evaluator's own enumeration (an independent path, used by the tests)."""
    enumeration = enumerate_deuces_wild(trips_paytable(paytable))
    return Fraction(round(enumeration.total_payout), enumeration.hands)


@cache
def progressive_categories() -> dict[HandCategory, int]:
    """Natural categories of the C(52,5) joker-free hands (the Progressive hand after the joker's replacement)."""
    table = hand_table()
    joker_free = table.hands[~(table.hands == 52).any(axis=1)]
    categories = standard_values(joker_free).astype(np.int64) >> CATEGORY_SHIFT
    counts = np.bincount(categories, minlength=len(HandCategory))
    return {category: int(counts[int(category)]) for category in HandCategory if counts[int(category)]}


@cache
def progressive(paytable: str) -> WagerAnalysis:
    """The Progressive at its seed meter, Envy bonuses excluded (reading 687a-progressive). Whether folded hands
    qualify does not matter under the optimal strategy: every natural three of a kind or better is raised (a test
    checks it)."""
    meter = Fraction(PROGRESSIVE_SEED[paytable])
    total = comb(52, 5)
    outcomes: dict[Fraction, Fraction] = defaultdict(Fraction)
    for category, count in progressive_categories().items():
        payout = progressive_payout(category.name.lower(), paytable, meter)
        outcomes[Fraction(-1) if payout is None else payout] += Fraction(count, total)
    return _analysis(dict(outcomes))


# --- the strategy in a compact human form ----------------------------------------------------------------------
_RANK_NAMES = ("2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "10s", "jacks", "queens", "kings", "aces")


@cache
def strategy() -> tuple[tuple[str, str], ...]:
    """Per strength category: always raise, always fold, or raise from a threshold (with its exceptions)."""
    table, game = hand_table(), base_game()
    lines: list[tuple[str, str]] = []
    for category in sorted(WildHandCategory, reverse=True):
        mask = table.categories == int(category)
        if not mask.any():
            continue
        raised = game.raise_mask[mask]
        name = HAND_NAMES[category_key(category)]
        if raised.all():
            lines.append((name, "raise"))
            continue
        if not raised.any():
            lines.append((name, "fold"))
            continue
        # Mixed: split by the leading tiebreak (the rank of the pair, trips, or high card).
        leading = (table.values[mask] >> (CATEGORY_SHIFT - 4)) & 15
        always: list[str] = []
        for field in range(12, -1, -1):
            in_field = leading == field
            if not in_field.any():
                continue
            share = float(raised[in_field].mean())
            label = f"{name}, {_RANK_NAMES[field]}"
            if share == 1.0:
                always.append(_RANK_NAMES[field])
                continue
            if always:
                lines.append((f"{name} of {always[-1]} or higher", "raise"))
                always = []
            if share == 0.0:
                lines.append((label, "fold"))
            else:
                example = cards_text(table.hands[mask][in_field & ~raised][0].tolist())
                lines.append((label, f"raise {share:.1%} of these hands (card removal decides; e.g. fold {example})"))
        if always:
            lines.append((f"{name} of {always[-1]} or higher", "raise"))
    return tuple(lines)
