"""House edge of the 633a base game under composition-dependent optimal play and total-dependent basic strategy.

See the package docstring for the method and the split approximation.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache

import numpy as np
from pacomply.engine.analysis.blackjack.combinatorics import (
    ACE,
    RANK_LABELS,
    RANKS,
    TEN,
    full_shoe,
    player_compositions,
)
from pacomply.engine.analysis.blackjack.core import (
    BaseGameRecord,
    dealer_table,
    hands_dealt_from,
    kernels,
    probability_two_cards,
    split_hand_counts,
    two_card_hands,
    two_card_index,
)
from pacomply.engine.analysis.blackjack.rules import READINGS, BlackjackRules, DoubleOn
from pacomply.engine.analysis.blackjack_strategy import Strategy

UPCARD_ORDER = (1, 2, 3, 4, 5, 6, 7, 8, 9, ACE)  # columns 2..9, T, A as charts print them
CITATION = "58 Pa. Code § 633a.7"


@dataclass(frozen=True)
class StrategyTable:
    """One chart: a row label and the action against each up card 2, 3, ..., 9, T, A."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, tuple[str, ...]], ...]

    def render(self) -> str:
        """The chart as fixed-width text."""
        width = max(len(label) for label, _ in self.rows) if self.rows else 4
        lines = [self.title, " " * width + " " + " ".join(f"{c:>2}" for c in self.columns)]
        lines += [f"{label:<{width}} " + " ".join(f"{a:>2}" for a in actions) for label, actions in self.rows]
        return "\n".join(lines)


@dataclass(frozen=True)
class StrategyTables:
    """Total-dependent basic strategy.

    Codes: H hit, S stand, D double (else hit), Ds double (else stand), P split; in the surrender chart
    R means surrender when the rules allow it (otherwise follow the other charts). The multi-card chart is
    the hit/stand rule for hands of three or more cards.
    """

    hard: StrategyTable
    soft: StrategyTable
    pairs: StrategyTable
    surrender: StrategyTable
    multi_card: StrategyTable

    def render(self) -> str:
        """All charts as text."""
        return "\n\n".join(t.render() for t in (self.hard, self.soft, self.pairs, self.surrender, self.multi_card))


@dataclass(frozen=True)
class BlackjackAnalysis(BaseGameRecord):
    """The base-game figures for one rule set and one player strategy (fields follow docs/math.md's ``edge``)."""

    rules: BlackjackRules
    strategy: Strategy
    tables: StrategyTables
    house_edge_optimal: float
    house_edge_basic: float
    citation: str = CITATION
    readings: tuple[tuple[str, str, str, str], ...] = READINGS

    def edge_json(self) -> dict[str, object]:
        """The docs/math.md ``edge`` object for the ``base`` wager."""
        return self.base_record("633a", self.rules.decks, self.citation, self.readings)


def _doubling_allowed(rules: BlackjackRules, hard_total: int, soft: bool) -> bool:
    if rules.double_on is DoubleOn.ANY_TWO_CARDS:
        return True
    if soft:
        return False
    if rules.double_on is DoubleOn.NINE_TO_ELEVEN:
        return 9 <= hard_total <= 11
    return 10 <= hard_total <= 11


def _terminal_key(up: int, rules: BlackjackRules) -> tuple:
    excluded = {ACE: TEN, TEN: ACE}.get(up)  # the card reader has ruled out a dealer Blackjack (633a.7(h))
    hole = tuple(r for r in range(RANKS) if r != excluded)
    return (up, hole, rules.dealer_hits_soft_17)


@dataclass
class _UpcardSolution:
    """Per up card: values of every two-card hand under both strategies, plus chart material."""

    optimal: dict[tuple[int, int], tuple[float, float]]  # value, wager (given no dealer Blackjack)
    basic: dict[tuple[int, int], tuple[float, float]]
    chart_rows: dict[tuple[bool, int], dict[str, float]]  # deal-weighted EV of each action per (soft, total)
    chart_pairs: dict[int, dict[str, float]]  # EV of each action per pair
    multi_card_hit: dict[tuple[bool, int], bool]
    basic_choice: dict[tuple[int, int], str]  # the chart's action for each two-card hand
    post_split_choice: dict[int, dict[int, str]]  # the chart's action for pair card + second card after a split
    optimal_choice: dict[tuple[int, int], str]  # the optimal action for each two-card hand
    optimal_post_split_choice: dict[int, dict[int, str]]  # the optimal action after a split, by second card


def _post_split_options(
    rules: BlackjackRules, pair: int, composition: int, stand: float, hit: float, double: float
) -> dict[str, float]:
    """The values of what a post-split hand may do, by :func:`post_split_rules`."""
    may_draw, may_double = post_split_rules(rules, pair)
    options = {"stand": stand}
    if may_draw:
        options["hit"] = hit
        if may_double(composition):
            options["double"] = double
    return options


def split_value(
    max_hands: int,
    pair: int,
    pre_split_shoe: np.ndarray,
    hole_allowed: np.ndarray,
    post_value: dict[int, tuple[float, float]],
) -> tuple[float, float]:
    """(EV, expected wager) of splitting with fixed resplitting, from post-split hand values per second card."""
    size = int(pre_split_shoe.sum())
    draw = kernels().draw_probabilities(pre_split_shoe, np.zeros(RANKS, dtype=np.int64), size, hole_allowed)
    p_pair = float(draw[pair])
    plain = pre_split_shoe[pair] / size
    factor = round(p_pair / plain, 12) if plain > 0 else 1.0
    non_pair_count, pair_count = split_hand_counts(int(pre_split_shoe[pair]), size, max_hands, factor)
    ev_non = wager_non = 0.0
    if p_pair < 1:
        for rank in range(RANKS):
            if rank == pair or draw[rank] == 0:
                continue
            weight = draw[rank] / (1 - p_pair)
            ev_non += weight * post_value[rank][0]
            wager_non += weight * post_value[rank][1]
    ev = non_pair_count * ev_non + pair_count * post_value[pair][0]
    wager = non_pair_count * wager_non + pair_count * post_value[pair][1]
    return ev, wager


def _max_hands(rules: BlackjackRules, pair: int) -> int:
    return rules.max_split_hands if (pair != ACE or rules.resplit_aces) else 2


@dataclass(frozen=True)
class SplitSweep:
    """The values of every hand holding one card of ``pair`` after a split, with the other pair card out of the shoe.

    One numba sweep gives them all (stand, hit and double, and the amount wagered when hitting); the 633a, Switch
    and 685a analyses differ only in which of those a post-split hand may take (:func:`post_split_play`).
    """

    pair: int
    shoe: np.ndarray
    mask: np.ndarray
    stand: np.ndarray
    hit: np.ndarray
    double: np.ndarray
    hit_wager: np.ndarray

    def composition(self, second: int) -> int:
        """The composition index of the pair card and the ``second`` card dealt to it."""
        counts = [0] * RANKS
        counts[self.pair] += 1
        counts[second] += 1
        return player_compositions().find(tuple(counts))

    def pre_split_shoe(self) -> np.ndarray:
        """The shoe with both pair cards out (what the split hands draw from, before their second cards)."""
        pre = self.shoe.copy()
        pre[self.pair] -= 1
        return pre


def sweep_every_hand(
    shoe: np.ndarray, dist: np.ndarray, hole_allowed: np.ndarray, *, dealer_22_pushes: bool
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The backward sweep over every player composition against one dealer table: each composition's value
    standing, hitting (then playing on without doubling), doubling, and the wager hitting puts out. The one call of
    the kernel for a whole hand (the base game, Switch, Down Under, the round spread): its arguments always of the
    same types, so numba compiles it for one signature."""
    comps = player_compositions()
    every = np.ones(len(comps.counts), dtype=np.bool_)
    stand, hit, double, _best_value, _best_wager, hit_wager = kernels().player_sweep(
        shoe,
        comps.counts,
        comps.cards,
        comps.total,
        comps.hard_total,
        comps.child,
        dist,
        every,
        dist.shape[1],
        hole_allowed,
        bool(dealer_22_pushes),
    )
    return stand, hit, double, hit_wager


def split_sweep(
    shoe: np.ndarray, key: tuple, pair: int, hole_allowed: np.ndarray, dealer_22_pushes: bool = False
) -> SplitSweep:
    """Sweep every post-split composition of ``pair`` against the dealer table of ``key`` (a rule set's dealer)."""
    comps = player_compositions()
    split_shoe = shoe.copy()
    split_shoe[pair] -= 1
    sdist = dealer_table(split_shoe, key, pair)
    mask = comps.counts[:, pair] > 0
    stand, hit, double, _best_value, _best_wager, hit_wager = kernels().player_sweep(
        split_shoe, comps.counts, comps.cards, comps.total, comps.hard_total, comps.child, sdist, mask, sdist.shape[1],
        hole_allowed, bool(dealer_22_pushes),  # always passed, a bool: one compiled signature
    )  # fmt: skip
    return SplitSweep(pair, split_shoe, mask, stand, hit, double, hit_wager)


POST_SPLIT_ACTIONS = {"stand": 0, "hit": 1, "double": 2}


def post_split_play(
    sweep: SplitSweep, may_draw: bool, may_double: Callable[[int], bool]
) -> tuple[dict[int, tuple[float, float]], dict[int, str]]:
    """The best play of each post-split two-card hand: (value, amount wagered) and the choice, by second card.

    A hand may always stand; it may hit only when ``may_draw`` (split aces usually take one card), and double
    only when it may draw and ``may_double(composition)`` says the rules allow it there.
    """
    values: dict[int, tuple[float, float]] = {}
    choices: dict[int, str] = {}
    for second in range(RANKS):
        j = sweep.composition(second)
        options = {"stand": (sweep.stand[j], 1.0)}
        if may_draw:
            options["hit"] = (sweep.hit[j], sweep.hit_wager[j])
            if may_double(j):
                options["double"] = (sweep.double[j], 2.0)
        choice = max(options, key=lambda name: options[name][0])
        values[second] = options[choice]
        choices[second] = choice
    return values, choices


def post_split_rules(rules: BlackjackRules, pair: int) -> tuple[bool, Callable[[int], bool]]:
    """What a 633a post-split hand may do under ``rules``: draw (not split aces, unless they may), and double where
    doubling after a split and doubling on that total are allowed (§§ 633a.10, 633a.11)."""
    comps = player_compositions()

    def may_double(j: int) -> bool:
        return rules.double_after_split and _doubling_allowed(rules, int(comps.hard_total[j]), bool(comps.soft[j]))

    return pair != ACE or rules.hit_split_aces, may_double


def _best(options: dict[str, float]) -> str:
    return max(options, key=lambda k: options[k])


def _solve_upcard(rules: BlackjackRules, up: int) -> _UpcardSolution:
    comps = player_compositions()
    shoe = full_shoe(rules.decks)
    shoe[up] -= 1
    key = _terminal_key(up, rules)
    hole_allowed = np.array([rank in key[1] for rank in range(RANKS)], dtype=np.bool_)
    dist = dealer_table(shoe, key)
    stand, hit, double, hit_wager = sweep_every_hand(shoe, dist, hole_allowed, dealer_22_pushes=False)

    # --- split passes: the other pair card is out of the shoe for every post-split hand
    split_post: dict[int, dict[Strategy, dict[int, tuple[float, float]]]] = {}
    split_data: dict[int, SplitSweep] = {}
    optimal_post_choice: dict[int, dict[int, str]] = {}
    if rules.max_split_hands >= 2:
        for pair in range(RANKS):
            if shoe[pair] < 2:
                continue
            sweep = split_data[pair] = split_sweep(shoe, key, pair, hole_allowed)
            post, optimal_post_choice[pair] = post_split_play(sweep, *post_split_rules(rules, pair))
            split_post[pair] = {Strategy.OPTIMAL: post}

    pre_split = {pair: shoe - np.eye(RANKS, dtype=np.int64)[pair] * 2 for pair in range(RANKS)}

    optimal: dict[tuple[int, int], tuple[float, float]] = {}
    optimal_choice: dict[tuple[int, int], str] = {}
    option_table: dict[tuple[int, int], dict[str, float]] = {}
    option_wager: dict[tuple[int, int], dict[str, float]] = {}
    for a, b in two_card_hands():
        i = two_card_index(comps, a, b)
        options = {"stand": stand[i], "hit": hit[i]}
        wagers = {"stand": 1.0, "hit": hit_wager[i]}
        if _doubling_allowed(rules, int(comps.hard_total[i]), bool(comps.soft[i])):
            options["double"] = double[i]
            wagers["double"] = 2.0
        if rules.late_surrender:
            options["surrender"] = -0.5
            wagers["surrender"] = 1.0
        if a == b and a in split_post:
            post = split_post[a][Strategy.OPTIMAL]
            ev, wager = split_value(_max_hands(rules, a), a, pre_split[a], hole_allowed, post)
            options["split"] = ev
            wagers["split"] = wager
        option_table[(a, b)] = options
        option_wager[(a, b)] = wagers
        choice = optimal_choice[(a, b)] = _best(options)
        optimal[(a, b)] = (options[choice], wagers[choice])

    basic, chart_rows, chart_pairs, multi, chosen, post_choice = _basic_strategy(
        rules, up, shoe, stand, hit, double, option_table, option_wager, split_data, hole_allowed
    )
    return _UpcardSolution(
        optimal=optimal,
        basic=basic,
        chart_rows=chart_rows,
        chart_pairs=chart_pairs,
        multi_card_hit=multi,
        basic_choice=chosen,
        post_split_choice=post_choice,
        optimal_choice=optimal_choice,
        optimal_post_split_choice=optimal_post_choice,
    )


def _class_of(comps, c: int) -> tuple[bool, int]:
    return bool(comps.soft[c]), int(comps.total[c])


@cache
def _class_layout() -> tuple[list[tuple[bool, int]], np.ndarray]:
    """The (soft, total) classes and each composition's class number (fixed, so computed once)."""
    comps = player_compositions()
    classes = sorted({_class_of(comps, c) for c in range(len(comps.counts))})
    number = {cls: i for i, cls in enumerate(classes)}
    class_index = np.array([number[_class_of(comps, c)] for c in range(len(comps.counts))], dtype=np.int64)
    return classes, class_index


def _basic_strategy(rules, up, shoe, stand, hit_cd, double_cd, option_table, option_wager, split_data, hole_allowed):
    """Total-dependent basic strategy for one up card, found by fixed-point iteration.

    * Hands of three or more cards hit or stand by (soft, total) class; a class's decision maximises the
      probability-weighted EV of its compositions, with weights = chance of reaching them under the
      current strategy (post-split hands are left out of the weights).
    * Two-card hands choose among stand/hit/double/surrender by (soft, total) class, weighted by the
      deal probabilities; pairs choose per pair (a pair is a single composition).
    * Post-split hands follow the two-card chart of their total (double only where allowed after a split).
    Iterates until the class decisions stop changing.
    """
    k = kernels()
    comps = player_compositions()
    n = len(comps.counts)
    all_mask = np.ones(n, dtype=np.bool_)
    classes, class_index = _class_layout()
    decide: dict[tuple[bool, int], bool] = {cls: cls[1] < (18 if cls[0] else 17) for cls in classes}
    deal_weight = {}
    for a, b in two_card_hands():
        deal_weight[(a, b)] = probability_two_cards(shoe, a, b)

    # Start from a sound table: decide the classes in dependency order (a class's hands only draw into
    # classes already decided: hard 20..12, then soft 20..12, then hard 11 and below), weighting by the
    # chance of reaching each hand when every two-card hand is hit. Iterating from a poor start can settle
    # in a self-consistent but bad table (e.g. standing on hard 5 because 13-16 are hit).
    start_all = np.zeros(n)
    for (a, b), w in deal_weight.items():
        start_all[two_card_index(comps, a, b)] = w
    hit_everything = np.ones(n, dtype=np.bool_)
    reach_all = k.reach_weights(
        shoe, comps.counts, comps.cards, comps.child, start_all, hit_everything, all_mask, hole_allowed
    )
    dependency_order = (
        [(False, t) for t in range(20, 11, -1)]
        + [(True, t) for t in range(20, 11, -1)]
        + [(False, t) for t in range(11, 1, -1)]
    )
    for cls in dependency_order:
        if cls not in decide:
            continue
        decision = np.array([decide[cls] for cls in classes], dtype=np.bool_)[class_index]
        _v, _w, hit_now, _hw = k.fixed_sweep(
            shoe, comps.counts, comps.cards, comps.total, comps.child, stand, decision, all_mask, hole_allowed
        )
        members = class_index == classes.index(cls)
        weight_sum = reach_all[members].sum()
        if weight_sum > 0:
            decide[cls] = bool((reach_all[members] * (hit_now[members] - stand[members])).sum() > 0)

    for _ in range(12):
        decision = np.array([decide[cls] for cls in classes], dtype=np.bool_)[class_index]
        _value, _wager, hit, hit_wager = k.fixed_sweep(
            shoe, comps.counts, comps.cards, comps.total, comps.child, stand, decision, all_mask, hole_allowed
        )
        # two-card chart (non-pairs by class)
        row_score: dict[tuple[bool, int], dict[str, float]] = {}
        hand_options: dict[tuple[int, int], dict[str, float]] = {}
        hand_wagers: dict[tuple[int, int], dict[str, float]] = {}
        for (a, b), options_cd in option_table.items():
            i = two_card_index(comps, a, b)
            options = dict(options_cd)
            wagers = dict(option_wager[(a, b)])
            options["hit"] = hit[i]
            wagers["hit"] = hit_wager[i]
            hand_options[(a, b)] = options
            hand_wagers[(a, b)] = wagers
            if a != b:
                score = row_score.setdefault(_class_of(comps, i), {})
                for name, ev in options.items():
                    score[name] = score.get(name, 0.0) + deal_weight[(a, b)] * ev
        row_action = {cls: _best(score) for cls, score in row_score.items()}
        row_fallback = {cls: ("hit" if score["hit"] > score["stand"] else "stand") for cls, score in row_score.items()}
        row_no_surrender = {
            cls: _best({name: v for name, v in score.items() if name != "surrender"})
            for cls, score in row_score.items()
        }

        # splits under the chart
        split_values = {}
        post_choice: dict[int, dict[int, str]] = {}
        for pair, sweep in split_data.items():
            split_shoe, mask, s_stand, s_double = sweep.shoe, sweep.mask, sweep.stand, sweep.double
            _s_value, _s_wager, s_hit, s_hit_wager = k.fixed_sweep(
                split_shoe, comps.counts, comps.cards, comps.total, comps.child, s_stand, decision, mask, hole_allowed
            )
            post = {}
            for second in range(RANKS):
                j = two_card_index(comps, pair, second)
                cls = _class_of(comps, j)
                evs = {"stand": (s_stand[j], 1.0), "hit": (s_hit[j], s_hit_wager[j]), "double": (s_double[j], 2.0)}
                allowed = _post_split_options(rules, pair, j, s_stand[j], s_hit[j], s_double[j])
                if cls in row_no_surrender:
                    choice = row_no_surrender[cls]
                    if choice not in allowed:
                        choice = row_fallback[cls] if row_fallback[cls] in allowed else "stand"
                else:
                    choice = _best(allowed)
                post[second] = evs[choice]
                post_choice.setdefault(pair, {})[second] = choice
            pre = split_shoe.copy()
            pre[pair] -= 1
            split_values[pair] = split_value(_max_hands(rules, pair), pair, pre, hole_allowed, post)

        chosen: dict[tuple[int, int], str] = {}
        for (a, b), options in hand_options.items():
            if a == b:
                if a in split_values:
                    options["split"], hand_wagers[(a, b)]["split"] = split_values[a]
                chosen[(a, b)] = _best(options)
            else:
                chosen[(a, b)] = row_action[_class_of(comps, two_card_index(comps, a, b))]

        # reach weights of three-card-plus hands under this chart
        start = np.zeros(n)
        for (a, b), choice in chosen.items():
            if choice == "hit":
                start[two_card_index(comps, a, b)] = deal_weight[(a, b)]
        weight = k.reach_weights(shoe, comps.counts, comps.cards, comps.child, start, decision, all_mask, hole_allowed)
        gain = np.zeros(len(classes))
        np.add.at(gain, class_index, weight * (hit - stand))
        changed = False
        for ci, cls in enumerate(classes):
            if cls[1] >= 21:
                continue
            if weight[class_index == ci].sum() == 0:
                continue
            new = bool(gain[ci] > 0)
            if new != decide[cls]:
                decide[cls] = new
                changed = True
        if not changed:
            break

    basic = {hand: (hand_options[hand][choice], hand_wagers[hand][choice]) for hand, choice in chosen.items()}
    pairs = {a: hand_options[(a, a)] for a in range(RANKS)}
    return basic, row_score, pairs, dict(decide), chosen, post_choice


def _assemble(rules: BlackjackRules, solutions: dict[int, _UpcardSolution], which: Strategy) -> tuple[float, float]:
    shoe = full_shoe(rules.decks)
    size = int(shoe.sum())
    pays = float(rules.blackjack_pays)
    even_money = rules.takes_even_money
    total_ev = 0.0
    total_wager = 0.0
    for up in range(RANKS):
        p_up = shoe[up] / size
        after_up = shoe.copy()
        after_up[up] -= 1
        table = getattr(solutions[up], which.value)  # the solution keeps each strategy's table under its name
        for a, b, p_hand, rest, left in hands_dealt_from(after_up):
            dealer_blackjack = {ACE: rest[TEN] / left, TEN: rest[ACE] / left}.get(up, 0.0)
            if (a, b) == (ACE, TEN):
                ev = 1.0 if up == ACE and even_money else (1 - dealer_blackjack) * pays
                wager = 1.0
            else:
                value, hand_wager = table[(a, b)]
                ev = -dealer_blackjack + (1 - dealer_blackjack) * value
                wager = dealer_blackjack + (1 - dealer_blackjack) * hand_wager
            total_ev += p_up * p_hand * ev
            total_wager += p_up * p_hand * wager
    return -total_ev, total_wager


def _tables(rules: BlackjackRules, solutions: dict[int, _UpcardSolution]) -> StrategyTables:
    columns = tuple(RANK_LABELS[u] for u in UPCARD_ORDER)

    def code(options: dict[str, float], allow_split: bool) -> str:
        pool = {k: v for k, v in options.items() if k != "surrender" and (allow_split or k != "split")}
        best = _best(pool)
        if best == "double":
            return "D" if options["hit"] >= options["stand"] else "Ds"
        return {"hit": "H", "stand": "S", "split": "P"}[best]

    def row(cls: tuple[bool, int]) -> tuple[str, ...]:
        return tuple(
            code(solutions[u].chart_rows[cls], False) if cls in solutions[u].chart_rows else "-" for u in UPCARD_ORDER
        )

    hard_rows = tuple((f"hard {t}", row((False, t))) for t in range(5, 20))  # 4 and 20 are only pairs
    soft_rows = tuple((f"soft {t}", row((True, t))) for t in range(13, 21))
    pair_rows = tuple(
        (
            f"{RANK_LABELS[p]},{RANK_LABELS[p]}",
            tuple(code(solutions[u].chart_pairs[p], True) for u in UPCARD_ORDER),
        )
        for p in (*range(1, RANKS), ACE)
    )
    surrender_rows = []
    if rules.late_surrender:
        for t in range(12, 18):
            cells = []
            for u in UPCARD_ORDER:
                score = solutions[u].chart_rows.get((False, t))
                cells.append("R" if score and _best(score) == "surrender" else "-")
            surrender_rows.append((f"hard {t}", tuple(cells)))
        for p in (*range(1, RANKS), ACE):
            cells = []
            for u in UPCARD_ORDER:
                options = solutions[u].chart_pairs[p]
                cells.append("R" if _best(options) == "surrender" else "-")
            if "R" in cells:
                surrender_rows.append((f"{RANK_LABELS[p]},{RANK_LABELS[p]}", tuple(cells)))
    multi_rows = tuple(
        (
            f"{'soft' if soft else 'hard'} {t}",
            tuple("H" if solutions[u].multi_card_hit.get((soft, t), True) else "S" for u in UPCARD_ORDER),
        )
        for soft, lo in ((False, 12), (True, 16))
        for t in range(lo, 21)
    )
    return StrategyTables(
        hard=StrategyTable("Hard totals (two cards)", columns, hard_rows),
        soft=StrategyTable("Soft totals (two cards)", columns, soft_rows),
        pairs=StrategyTable("Pairs", columns, pair_rows),
        surrender=StrategyTable("Late surrender (R: surrender)", columns, tuple(surrender_rows)),
        multi_card=StrategyTable("Three or more cards (hit/stand)", columns, multi_rows),
    )


@lru_cache(maxsize=32)
def _solve(rules: BlackjackRules) -> dict[int, _UpcardSolution]:
    return {up: _solve_upcard(rules, up) for up in range(RANKS)}


def analyse(rules: BlackjackRules | None = None, strategy: Strategy = Strategy.OPTIMAL) -> BlackjackAnalysis:
    """Exact house edge of the 633a base game under ``rules`` for ``strategy``.

    ``optimal`` is composition-dependent play (every decision uses the exact cards out); ``basic`` is the
    total-dependent basic strategy whose charts come with the result.
    """
    rules = rules or BlackjackRules()
    try:
        strategy = Strategy(strategy)  # a figure's inputs read back from the store hold the plain string
    except ValueError:
        raise ValueError(f"strategy is {' or '.join(repr(choice.value) for choice in Strategy)}") from None
    solutions = _solve(rules)
    edge_optimal, wager_optimal = _assemble(rules, solutions, Strategy.OPTIMAL)
    edge_basic, wager_basic = _assemble(rules, solutions, Strategy.BASIC)
    edge, wager = (edge_optimal, wager_optimal) if strategy is Strategy.OPTIMAL else (edge_basic, wager_basic)
    return BlackjackAnalysis(
        rules=rules,
        strategy=strategy,
        house_edge=float(edge),
        element_of_risk=float(edge / wager),
        expected_total_wagered=float(wager),
        tables=_tables(rules, solutions),
        house_edge_optimal=float(edge_optimal),
        house_edge_basic=float(edge_basic),
    )


@dataclass(frozen=True)
class RuleEffect:
    """The change in house edge when one rule of a filing is changed (positive: worse for the player)."""

    rule: str
    description: str
    house_edge: float
    effect: float
    citation: str


def rule_effects(rules: BlackjackRules | None = None, strategy: Strategy = Strategy.OPTIMAL) -> tuple[RuleEffect, ...]:
    """Effect of each comparison rule change against ``rules``.

    The changes are: dealer hits soft 17, no late surrender, Blackjack pays 6 to 5, no double after split
    (each skipped where the filing already has it).
    """
    rules = rules or BlackjackRules()
    base = analyse(rules, strategy).house_edge
    variants = (
        ("dealer_hits_soft_17", "dealer hits soft 17", {"dealer_hits_soft_17": True}, "§ 633a.7(m)"),
        ("late_surrender", "no late surrender", {"late_surrender": False}, "§ 633a.9"),
        ("blackjack_pays", "Blackjack pays 6 to 5", {"blackjack_pays": Fraction(6, 5)}, "§ 633a.13(a)"),
        ("double_after_split", "no double after split", {"double_after_split": False}, "§ 633a.10(a)"),
    )
    effects = []
    for name, description, change, section in variants:
        if all(getattr(rules, field) == value for field, value in change.items()):
            continue  # the filing already has this rule
        edge = analyse(rules.with_changes(**change), strategy).house_edge
        effects.append(RuleEffect(name, description, float(edge), float(edge - base), f"58 Pa. Code {section}"))
    return tuple(effects)


def insurance_edge(decks: int) -> float:
    """House edge of the Insurance Wager (633a.8, pays 2 to 1 on a ten-valued hole card), off the top.

    Averaged over the player's cards this equals the chance of a ten among the cards other than the ace.
    """
    shoe = full_shoe(decks)
    tens = int(shoe[TEN])
    others = int(shoe.sum()) - 1
    return 1.0 - 3.0 * tens / others


@dataclass(frozen=True)
class BasicStrategyPolicy:
    """The total-dependent basic strategy as lookup arrays (for the simulator and for the rules engines).

    Action codes: 0 stand, 1 hit, 2 double, 3 split, 4 surrender. Index order: up card rank, then cards.
    """

    two_card: np.ndarray  # (10, 10, 10) action for two-card hand (a, b) against the up card
    post_split: np.ndarray  # (10, 10, 10) action for pair card + second card after a split
    multi_card_hit: np.ndarray  # (10, 2, 22) hit (True) or stand for (soft, total) with three or more cards


ACTION_CODES = {"stand": 0, "hit": 1, "double": 2, "split": 3, "surrender": 4}


def basic_strategy_policy(rules: BlackjackRules | None = None) -> BasicStrategyPolicy:
    """The basic strategy that ``analyse(rules, Strategy.BASIC)`` values, as arrays."""
    rules = rules or BlackjackRules()
    solutions = _solve(rules)
    two_card = np.zeros((RANKS, RANKS, RANKS), dtype=np.int64)
    post_split = np.zeros((RANKS, RANKS, RANKS), dtype=np.int64)
    multi = np.zeros((RANKS, 2, 22), dtype=np.bool_)
    for up, solution in solutions.items():
        for (a, b), choice in solution.basic_choice.items():
            two_card[up, a, b] = two_card[up, b, a] = ACTION_CODES[choice]
        for pair, seconds in solution.post_split_choice.items():
            for second, choice in seconds.items():
                post_split[up, pair, second] = ACTION_CODES[choice]
        for total in range(22):
            for soft in (0, 1):
                multi[up, soft, total] = solution.multi_card_hit.get((bool(soft), total), total < 12)
    return BasicStrategyPolicy(two_card, post_split, multi)
