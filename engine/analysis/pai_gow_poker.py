"""Exact math of the Pai Gow Poker (645a) side wagers, and the base game by seeded simulation.

* Fortune Bonus, Emperor's Treasure, Progressive: every one of the C(53,7) = 154,143,080 seven-card hands is
  classified by the shared evaluator's compiled enumeration (:func:`engine.evaluator.enumerate_seven_card_bonus`);
  the counts are kept in the figure store (engine/figure_store.py), since they take ~25 s to make.
* Pai Gow Insurance: an independent combinatorial count of seven-card hands with no pair, straight or flush, by
  their top card (rank sets × suit assignments) — its total must equal the enumeration's high-card count.
* Envy Bonus: the dollars one Qualifying Wager collects per other player at the table, in expectation.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping
from fractions import Fraction
from functools import cache
from typing import Any

from pacomply.engine.analysis.result import Distribution, WagerAnalysis
from pacomply.engine.evaluator import JokerRule, SevenCardBonusCategory, enumerate_seven_card_bonus
from pacomply.engine.figure_store import figure
from pacomply.engine.games.pai_gow_poker import EMPERORS_OUTCOME, ENVY_ORDER, FORTUNE_OUTCOME, PROGRESSIVE_OUTCOME
from pacomply.engine.simulation import SimulationResult
from pacomply.engine.simulation.pai_gow_poker import (
    BaseShard,
    combine_shards,
    shard_seed,
    simulate_base,
    simulate_shard,
)
from pacomply.regulations.chapter_645a import (
    EMPERORS_ORDER,
    ENVY_AMOUNTS,
    FORTUNE_ODDS,
    FORTUNE_ORDER,
    INSURANCE_ODDS,
    INSURANCE_OUTCOMES,
    PROGRESSIVE_FOR_ONE,
    PROGRESSIVE_METER_PERCENT,
)

ALL_HANDS = math.comb(53, 7)
BASE_ROUNDS = 1_000_000_000
BASE_SEED = 645
#: The game whose base-game shards this module deals (the shards' ``game`` input).
BASE_GAME = "645a"
#: Rounds in one shard of a long base-game simulation (docs/figure-store.md, "Simulated figures").
SHARD_ROUNDS = 5_000_000


def _describe_counts(inputs: Mapping[str, Any]) -> str:
    return f"seven-card hands of each bonus category ({inputs['joker_rule'].value} joker), all C(53,7) enumerated"


@figure("pai-gow-seven-card-counts", method=1, describe=_describe_counts)
def _enumerated_counts(joker_rule: JokerRule) -> dict[SevenCardBonusCategory, int]:
    counts = dict(enumerate_seven_card_bonus(joker_rule).by_bonus_category)
    if sum(counts.values()) != ALL_HANDS:
        raise ArithmeticError(f"the enumeration counted {sum(counts.values())} hands, not C(53,7) = {ALL_HANDS}")
    return counts


@cache
def seven_card_counts(joker_rule: JokerRule = JokerRule.SEMI_WILD) -> dict[SevenCardBonusCategory, int]:
    """Hands of each seven-card bonus category among all C(53,7), enumerated once (the figure store keeps them)."""
    return _enumerated_counts(joker_rule=joker_rule)


def _has_straight(ranks: set[int], wild: bool) -> bool:
    """A five-rank window (A-2-3-4-5 included, ranks 0..12 two..ace) fully held, or missing one with the joker."""
    windows = [set(range(low, low + 5)) for low in range(9)] + [{12, 0, 1, 2, 3}]
    need = 4 if wild else 5
    return any(len(window & ranks) >= need for window in windows)


def _no_flush_assignments(cards: int, limit: int) -> int:
    """Suit assignments of ``cards`` distinct-rank cards with no suit used ``limit`` or more times."""
    flushes = sum(math.comb(cards, k) * 3 ** (cards - k) for k in range(limit, cards + 1))
    return 4**cards - 4 * flushes


@cache
def no_pair_hands_by_top() -> dict[tuple[int, bool], int]:
    """Seven-card hands with no pair, straight or flush, by (top rank index, joker held): an independent count.

    Without the joker: seven distinct ranks with no straight, suits with no five alike. With it: six distinct ranks,
    no ace (the joker is one), no window the joker completes, no four alike in a suit; the top card is the joker.
    """
    counts: dict[tuple[int, bool], int] = {}
    natural = _no_flush_assignments(7, 5)
    for ranks in itertools.combinations(range(13), 7):
        if not _has_straight(set(ranks), wild=False):
            key = (max(ranks), False)
            counts[key] = counts.get(key, 0) + natural
    with_joker = _no_flush_assignments(6, 4)
    for ranks in itertools.combinations(range(12), 6):
        if not _has_straight(set(ranks), wild=True):
            counts[(12, True)] = counts.get((12, True), 0) + with_joker
    return counts


@cache
def straights_holding_three_of_a_kind(joker_rule: JokerRule = JokerRule.SEMI_WILD) -> int:
    """Seven-card hands whose highest-ranking hand is a straight and that also hold three of a kind (counted once and
    kept in the figure store: :func:`_straights_holding_three_of_a_kind`)."""
    return _counted_straights(joker_rule=joker_rule)


def _describe_straights(inputs: Mapping[str, Any]) -> str:
    return f"seven-card straights holding three of a kind ({inputs['joker_rule'].value} joker)"


@figure("pai-gow-straights-holding-three-of-a-kind", method=1, describe=_describe_straights)
def _counted_straights(joker_rule: JokerRule) -> int:
    return _straights_holding_three_of_a_kind(joker_rule)


def _straights_holding_three_of_a_kind(joker_rule: JokerRule) -> int:
    """Seven-card hands whose highest-ranking hand is a straight and that also hold three of a kind: the hands a
    "pays most" reading pays as three of a kind (readings 645a/688a-bonus-highest-ranking-hand).

    Every hand that holds three of a kind is built (three cards of one rank and any four others; or, with the joker
    standing as an ace, the joker, two aces and four non-aces; a fully wild joker also joins any pair) and classified
    by the evaluator; those it ranks a straight are counted. A hand built twice needs two sets of three, a full house,
    so no straight is counted twice.
    """
    import numpy as np
    from pacomply.engine.evaluator.pai_gow import seven_card_bonus_categories

    joker = 52
    straight = int(SevenCardBonusCategory.STRAIGHT)
    found = 0
    for rank in range(13):
        for trio in itertools.combinations(range(4), 3):
            cards = [rank * 4 + suit for suit in trio]
            others = [card for card in range(53) if card == joker or card // 4 != rank]
            rest = np.array(list(itertools.combinations(others, 4)), dtype=np.uint8)
            hands = np.hstack([np.tile(np.array(cards, dtype=np.uint8), (len(rest), 1)), rest])
            found += int((seven_card_bonus_categories(hands, joker_rule) == straight).sum())
    pair_ranks = range(13) if joker_rule == JokerRule.FULLY_WILD else (12,)
    for rank in pair_ranks:
        for duo in itertools.combinations(range(4), 2):
            cards = [rank * 4 + suit for suit in duo] + [joker]
            # Four more of other ranks: a third card of this rank would make it a natural three of a kind (built
            # above); two of another rank with the joker would be a full house.
            others = [card for card in range(52) if card // 4 != rank]
            rest = np.array(list(itertools.combinations(others, 4)), dtype=np.uint8)
            hands = np.hstack([np.tile(np.array(cards, dtype=np.uint8), (len(rest), 1)), rest])
            found += int((seven_card_bonus_categories(hands, joker_rule) == straight).sum())
    return found


def _analysis(outcomes: dict[Fraction, int], total: int = ALL_HANDS) -> WagerAnalysis:
    distribution = Distribution(tuple(sorted((net, Fraction(count, total)) for net, count in outcomes.items())))
    return WagerAnalysis.from_distribution(distribution)


def _add(outcomes: dict[Fraction, int], net: Fraction, count: int) -> None:
    outcomes[net] = outcomes.get(net, 0) + count


def fortune(paytable: str) -> WagerAnalysis:
    """Fortune Bonus (§ 645a.13(b)) on paytable A-D."""
    outcomes: dict[Fraction, int] = {}
    for category, count in seven_card_counts().items():
        outcome = FORTUNE_OUTCOME.get(category)
        net = Fraction(FORTUNE_ODDS[paytable][FORTUNE_ORDER.index(outcome)]) if outcome else Fraction(-1)
        _add(outcomes, net, count)
    return _analysis(outcomes)


def emperors_treasure(paytable: str) -> WagerAnalysis:
    """Emperor's Treasure (§ 645a.13(c)) on paytable A-D."""
    outcomes: dict[Fraction, int] = {}
    for category, count in seven_card_counts().items():
        outcome = EMPERORS_OUTCOME.get(category)
        net = Fraction(FORTUNE_ODDS[paytable][EMPERORS_ORDER.index(outcome)]) if outcome else Fraction(-1)
        _add(outcomes, net, count)
    return _analysis(outcomes)


def insurance(paytable: str) -> WagerAnalysis:
    """Pai Gow Insurance (§ 645a.13(d)) on paytable A or B."""
    outcomes: dict[Fraction, int] = {}
    paying = 0
    for (top, _joker), count in no_pair_hands_by_top().items():
        _add(outcomes, Fraction(INSURANCE_ODDS[paytable][INSURANCE_OUTCOMES.index(_TOP_NAMES[top])]), count)
        paying += count
    _add(outcomes, Fraction(-1), ALL_HANDS - paying)
    return _analysis(outcomes)


_TOP_NAMES = {7: "nine-high", 8: "ten-high", 9: "jack-high", 10: "queen-high", 11: "king-high", 12: "ace-high"}


def progressive(meter: Fraction = Fraction(2000), wager: Fraction = Fraction(1)) -> WagerAnalysis:
    """Progressive Payout (§ 645a.13(e)) per ``wager``, the meter at ``meter`` (reading 645a-progressive-meter)."""
    outcomes: dict[Fraction, int] = {}
    for category, count in seven_card_counts().items():
        outcome = PROGRESSIVE_OUTCOME.get(category)
        if outcome is None:
            net = Fraction(-1)
        elif outcome in PROGRESSIVE_METER_PERCENT:
            net = meter * PROGRESSIVE_METER_PERCENT[outcome] / 100 / wager - 1
        else:
            net = Fraction(PROGRESSIVE_FOR_ONE[outcome]) - 1
        _add(outcomes, net, count)
    return _analysis(outcomes)


def envy_value(paytable: str, wager: str = "fortune") -> Fraction:
    """Expected Envy Bonus dollars one Qualifying Wager collects per other player at the table (§ 645a.13(b)-(c)).

    Each other player's seven cards are one hand from the deck; by symmetry each contributes the same expectation
    (the small dependence between two players' hands does not change an expectation of a sum)."""
    order = FORTUNE_OUTCOME if wager == "fortune" else EMPERORS_OUTCOME
    envy_order = ENVY_ORDER if wager == "fortune" else EMPERORS_ORDER[:7]
    total = Fraction(0)
    for category, count in seven_card_counts().items():
        outcome = order.get(category)
        if outcome in envy_order:
            total += Fraction(count, ALL_HANDS) * ENVY_AMOUNTS[paytable][envy_order.index(outcome)]
    return total


def envy_moments(paytable: str, wager: str = "fortune") -> tuple[Fraction, Fraction]:
    """First and second moments of the Envy Bonus dollars one other player's hand earns a Qualifying Wager
    (§ 645a.13(b)-(c)): E[a] (as :func:`envy_value`) and E[a²], over that player's seven cards as one hand of the
    deck; with them a candidate reading's variance can be sized."""
    order = FORTUNE_OUTCOME if wager == "fortune" else EMPERORS_OUTCOME
    envy_order = ENVY_ORDER if wager == "fortune" else EMPERORS_ORDER[:7]
    first = second = Fraction(0)
    for category, count in seven_card_counts().items():
        outcome = order.get(category)
        if outcome in envy_order:
            amount = Fraction(ENVY_AMOUNTS[paytable][envy_order.index(outcome)])
            first += Fraction(count, ALL_HANDS) * amount
            second += Fraction(count, ALL_HANDS) * amount * amount
    return first, second


@cache
def base(rounds: int = BASE_ROUNDS, seed: int = BASE_SEED) -> WagerAnalysis:
    """The Pai Gow Poker Wager, both sides on the standard house way, by seeded simulation with its interval; the
    simulation is run once for each sample size and seed and kept in the figure store, so a review deals no rounds."""
    return _simulated_base(rounds=rounds, seed=seed)


@figure(
    "645a-base-simulation",
    method=2,
    chapter="645a",
    describe=lambda inputs: f"645a base game: {inputs['rounds']:,} simulated rounds, seed {inputs['seed']}",
)
def _simulated_base(rounds: int, seed: int) -> WagerAnalysis:
    if shard_count(rounds) is not None:
        result, _ = sharded_simulation("645a", rounds, seed)
    else:
        result, _ = simulate_base("645a", rounds, seed)
    strategy = (("player", "sets by the standard house way"), ("dealer", "sets by the standard house way"))
    return simulated_base(result, rounds, strategy)


@figure(
    "pai-gow-base-shard",
    method=1,
    describe=lambda inputs: (
        f"{inputs['game']} base game: shard {inputs['index']} of the simulation seeded {inputs['seed']} "
        f"({inputs['rounds']:,} rounds)"
    ),
)
def _stored_shard(game: str, seed: int, index: int, rounds: int) -> BaseShard:
    """One shard of a long simulation: a figure of no chapter (the deal and the house way are the engine's), so a
    new paytable in the rulebook never throws hours of dealing away."""
    return simulate_shard(game, rounds, shard_seed(seed, index))


def shard_count(rounds: int) -> int | None:
    """How many shards make a simulation of ``rounds`` rounds; None where it is not dealt in shards (fewer than one
    shard's rounds, or not a whole number of shards: one stream seeded with the seed itself)."""
    if rounds < SHARD_ROUNDS or rounds % SHARD_ROUNDS:
        return None
    return rounds // SHARD_ROUNDS


def sharded_simulation(game: str, rounds: int, seed: int) -> tuple[SimulationResult, tuple[int, int, int, int]]:
    """A long base-game simulation as the sum of its shards (each looked up in the figure store, computed and kept
    when absent: an interrupted run resumes at the first missing shard)."""
    count = shard_count(rounds)
    if count is None:
        raise ValueError(f"{rounds:,} rounds is not a whole number of {SHARD_ROUNDS:,}-round shards")
    shards = [_stored_shard(game=game, seed=seed, index=index, rounds=SHARD_ROUNDS) for index in range(count)]
    return combine_shards(shards)


def deal_shards(games: tuple[str, ...], seeds: dict[str, int], shards: int, stop_at: float | None = None) -> int:
    """Compute and keep shards 0..``shards``-1 of each game's simulation, alternating games shard by shard, until
    done or the clock (``time.time()``) passes ``stop_at``; the number of shard indices complete for every game."""
    import time

    for index in range(shards):
        for game in games:
            if stop_at is not None and time.time() >= stop_at:
                return index
            _stored_shard(game=game, seed=seeds[game], index=index, rounds=SHARD_ROUNDS)
    return shards


def simulated_base(result: SimulationResult, rounds: int, strategy: tuple[tuple[str, str], ...]) -> WagerAnalysis:
    """A Pai Gow base wager's figures from its seeded simulation (645a and 688a): the wager is the whole risk, so
    the element of risk is the house edge."""
    return WagerAnalysis(
        house_edge=result.house_edge,
        element_of_risk=result.house_edge,
        hit_frequency=result.hit_frequency,
        std_dev=result.std_dev,
        method="simulation",
        rounds=rounds,
        ci95=result.ci95,
        strategy=strategy,
    )


def optimal_setting(cards: list[int], samples: int = 20_000, seed: int = 645) -> tuple[int, float, float]:
    """The player's best setting against the dealer's house-way distribution (645a analysis): the setting's index in
    :data:`engine.games.pai_gow_house_way.LOW_POSITIONS`, its expected result, and the house way's for comparison."""
    import numpy as np
    from pacomply.engine.games.pai_gow_house_way import LOW_POSITIONS, set_by_house_way
    from pacomply.engine.simulation.pai_gow_poker import setting_values

    values = setting_values(cards, samples, seed)
    house = set_by_house_way(cards)
    house_index = LOW_POSITIONS.index(tuple(sorted(cards.index(card) for card in house.low)))
    best = int(np.argmax(values))
    return best, float(values[best]), float(values[house_index])
