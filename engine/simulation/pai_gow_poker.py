"""Seeded simulation of Pai Gow Poker (645a) and Face Up Pai Gow Poker (688a) base games, compiled with numba.

Each round deals the dealer and one player seven cards off a freshly shuffled 53-card deck. 645a: both set by the
house way (the player following the house way is the usual pricing assumption), wins pay 1 to 1 less the 5 %
vigorish (unrounded, per unit wagered). 688a: the dealer sets by the house way face up, the player sets the best
way against the known hands (reading 688a-player-setting), a dealer Ace High Pai Gow pushes, no vigorish.
The same kernel counts the Ace High Bonus outcomes of the 688a deal, for the joint dealer/player distribution.
The kernel knows no chapter: how a chapter deals and settles is its rules of play's ``BASE_GAME`` (a
:class:`engine.games.pai_gow_poker.BaseGameDeal`) and what a win pays its law module's ``COMMISSION``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from numba import njit
from pacomply.engine.games.pai_gow_house_way import (
    CATEGORY_SHIFT,
    STANDARD_HOUSE_WAY,
    HouseWay,
    best_against,
    evaluator_arrays,
    house_way_index,
    split_values,
)
from pacomply.engine.games.pai_gow_poker import BaseGameDeal
from pacomply.engine.simulation import SimulationResult

JOKER = 52


@njit(cache=True)
def _ace_high(highs) -> bool:
    best = 0
    for index in range(21):
        best = max(best, highs[index])
    return (best >> CATEGORY_SHIFT) == 0 and ((best >> 16) & 15) == 12


@njit(cache=True)
def _simulate(
    rounds, seed, face_up, ace_high_pushes, commission, params, fully_wild, offsets, multiset, flush, fww, sww, counts
):
    np.random.seed(seed)
    deck = np.arange(53, dtype=np.int64)
    dealer = np.empty(7, dtype=np.int64)
    player = np.empty(7, dtype=np.int64)
    dealer_highs = np.empty(21, dtype=np.int64)
    dealer_lows = np.empty(21, dtype=np.int64)
    highs = np.empty(21, dtype=np.int64)
    lows = np.empty(21, dtype=np.int64)
    total = 0.0
    total_squares = 0.0
    wins = 0
    for _ in range(rounds):
        for position in range(14):  # partial Fisher-Yates: the first 14 cards of a shuffled deck
            other = position + np.random.randint(0, 53 - position)
            deck[position], deck[other] = deck[other], deck[position]
        for position in range(7):
            dealer[position] = deck[position]
            player[position] = deck[7 + position]
        split_values(dealer, fully_wild, offsets, multiset, flush, fww, sww, dealer_highs, dealer_lows)
        chosen = house_way_index(dealer, dealer_highs, dealer_lows, params)
        dealer_high = dealer_highs[chosen]
        dealer_low = dealer_lows[chosen]
        split_values(player, fully_wild, offsets, multiset, flush, fww, sww, highs, lows)
        if ace_high_pushes and _ace_high(dealer_highs):
            player_ace = _ace_high(highs)
            has_joker = False
            for position in range(7):
                if dealer[position] == JOKER:
                    has_joker = True
            counts[0 if player_ace else (1 if has_joker else 2)] += 1
            net = 0.0
        else:
            if ace_high_pushes:
                counts[3] += 1
            if face_up:  # the player sets the best way against the dealer's hands shown
                index = best_against(highs, lows, dealer_high, dealer_low)
            else:
                index = house_way_index(player, highs, lows, params)
            high_wins = highs[index] > dealer_high
            low_wins = lows[index] > dealer_low
            net = (1.0 - commission) if (high_wins and low_wins) else (0.0 if (high_wins or low_wins) else -1.0)
        total += net
        total_squares += net * net
        if net > 0:
            wins += 1
    return total, total_squares, wins


def base_game(chapter: str) -> BaseGameDeal:
    """How the chapter deals and settles its Pai Gow base wager: its rules of play's ``BASE_GAME``; ValueError for
    a chapter whose game has none."""
    from pacomply.regulations import chapters

    deal = chapters.chapter(chapter).hook("rules of play", "BASE_GAME")
    if not isinstance(deal, BaseGameDeal):
        raise ValueError(f"no Pai Gow base game for chapter {chapter}")
    return deal


def _dealt(chapter: str, rounds: int, seed: int, house_way: HouseWay, counts: np.ndarray) -> tuple[float, float, int]:
    """The kernel's totals for ``rounds`` seeded rounds of the chapter's base game, counting the Ace High Bonus
    outcomes into ``counts``."""
    deal = base_game(chapter)
    return _simulate(
        rounds,
        seed,
        deal.dealer_face_up,
        deal.dealer_ace_high_pushes,
        commission(chapter),
        house_way.as_array(),
        *evaluator_arrays(),
        counts,
    )


def commission(chapter: str) -> float:
    """The commission taken from a player's win of both hands, per unit: the chapter's law module's ``COMMISSION``
    (the five percent vigorish of § 645a.13(a)); none where the chapter takes none (Face Up Pai Gow Poker)."""
    from pacomply.regulations import chapters

    taken = chapters.chapter(chapter).hook("rulebook", "COMMISSION")
    return float(taken) if taken is not None else 0.0


def simulate_base(
    chapter: str, rounds: int, seed: int, house_way: HouseWay = STANDARD_HOUSE_WAY
) -> tuple[SimulationResult, np.ndarray]:
    """The base wager's result per unit over ``rounds`` seeded rounds, and (688a) the Ace High Bonus outcome counts
    (both ace high, only dealer with joker, only dealer without, dealer not ace high)."""
    counts = np.zeros(4, dtype=np.int64)
    total, squares, wins = _dealt(chapter, rounds, seed, house_way, counts)
    mean = total / rounds
    variance = max(squares / rounds - mean * mean, 0.0) * rounds / max(rounds - 1, 1)
    result = SimulationResult(
        rounds=rounds, mean=mean, std_dev=float(np.sqrt(variance)), wagered_per_round=1.0, hit_frequency=wins / rounds
    )
    return result, counts


@dataclass(frozen=True, slots=True)
class BaseShard:
    """The outcomes of one seeded stream of base-game rounds, as whole counts, so streams add up exactly: a long
    simulation is the sum of its shards, each kept once computed (a run stopped part way resumes where it was)."""

    chapter: str
    rounds: int
    seed: int
    wins: int
    pushes: int
    losses: int
    ace_high: tuple[int, int, int, int]
    """688a: the Ace High Bonus outcomes (both ace high, only the dealer with the joker, only without, dealer not
    ace high); zeros for 645a."""


def shard_seed(seed: int, index: int) -> int:
    """The random seed of shard ``index`` of the simulation seeded ``seed`` (distinct for up to 10,000 shards)."""
    if not 0 <= index < SHARDS_PER_SEED:
        raise ValueError(f"shard index {index} outside 0..{SHARDS_PER_SEED - 1}")
    return seed * SHARDS_PER_SEED + index


#: Shards one simulation seed can have (their random seeds are ``seed * SHARDS_PER_SEED + index``).
SHARDS_PER_SEED = 10_000


def simulate_shard(chapter: str, rounds: int, seed: int) -> BaseShard:
    """``rounds`` rounds of the base game seeded ``seed``, counted as wins, pushes and losses."""
    counts = np.zeros(4, dtype=np.int64)
    total, _, wins = _dealt(chapter, rounds, seed, STANDARD_HOUSE_WAY, counts)
    win_pays = 1.0 - commission(chapter)
    losses = round(win_pays * wins - total)  # total = win_pays * wins - losses, exact to far below one unit
    return BaseShard(
        chapter=chapter,
        rounds=rounds,
        seed=seed,
        wins=int(wins),
        pushes=rounds - int(wins) - losses,
        losses=losses,
        ace_high=(int(counts[0]), int(counts[1]), int(counts[2]), int(counts[3])),
    )


def combine_shards(shards: list[BaseShard]) -> tuple[SimulationResult, tuple[int, int, int, int]]:
    """The pooled result of several shards of one chapter (mean and sample standard deviation from the exact
    counts) and the pooled Ace High counts."""
    if not shards:
        raise ValueError("no shards to combine")
    chapter = shards[0].chapter
    win_pays = 1.0 - commission(chapter)
    rounds = sum(shard.rounds for shard in shards)
    wins = sum(shard.wins for shard in shards)
    losses = sum(shard.losses for shard in shards)
    mean = (win_pays * wins - losses) / rounds
    second = (win_pays * win_pays * wins + losses) / rounds
    variance = max(second - mean * mean, 0.0) * rounds / max(rounds - 1, 1)
    ace_high = tuple(sum(shard.ace_high[index] for shard in shards) for index in range(4))
    result = SimulationResult(
        rounds=rounds, mean=mean, std_dev=math.sqrt(variance), wagered_per_round=1.0, hit_frequency=wins / rounds
    )
    return result, ace_high  # type: ignore[return-value]


def _stream(arguments: tuple[str, int, int]) -> tuple[float, float, int, list[int]]:
    chapter, rounds, seed = arguments
    result, counts = simulate_base(chapter, rounds, seed)
    total = result.mean * rounds
    squares = (result.std_dev**2 * (rounds - 1) + rounds * result.mean**2) if rounds > 1 else total * total
    return total, squares, round(result.hit_frequency * rounds), [int(count) for count in counts]


def simulate_base_parallel(
    chapter: str, rounds: int, seed: int, workers: int = 2
) -> tuple[SimulationResult, np.ndarray]:
    """:func:`simulate_base` split into ``workers`` independent streams (seeds ``seed``, ``seed + 1``, ...), run in
    separate processes and pooled: reproducible for a (seed, workers) pair."""
    from pacomply.engine.processes import process_pool

    share = rounds // workers
    jobs = [
        (chapter, share + (rounds - share * workers if index == 0 else 0), seed + index) for index in range(workers)
    ]
    with process_pool(workers) as pool:
        parts = list(pool.map(_stream, jobs))
    total = sum(part[0] for part in parts)
    squares = sum(part[1] for part in parts)
    wins = sum(part[2] for part in parts)
    counts = np.sum([part[3] for part in parts], axis=0)
    mean = total / rounds
    variance = max(squares / rounds - mean * mean, 0.0) * rounds / (rounds - 1)
    result = SimulationResult(
        rounds=rounds, mean=mean, std_dev=float(np.sqrt(variance)), wagered_per_round=1.0, hit_frequency=wins / rounds
    )
    return result, counts


@njit(cache=True)
def _setting_values(player, samples, seed, commission, params, fully_wild, offsets, multiset, flush, fww, sww):
    np.random.seed(seed)
    remaining = np.empty(46, dtype=np.int64)
    used = np.zeros(53, dtype=np.bool_)
    for position in range(7):
        used[player[position]] = True
    count = 0
    for card in range(53):
        if not used[card]:
            remaining[count] = card
            count += 1
    highs = np.empty(21, dtype=np.int64)
    lows = np.empty(21, dtype=np.int64)
    split_values(player, fully_wild, offsets, multiset, flush, fww, sww, highs, lows)
    dealer = np.empty(7, dtype=np.int64)
    dealer_highs = np.empty(21, dtype=np.int64)
    dealer_lows = np.empty(21, dtype=np.int64)
    totals = np.zeros(21)
    for _ in range(samples):
        for position in range(7):
            other = position + np.random.randint(0, 46 - position)
            remaining[position], remaining[other] = remaining[other], remaining[position]
            dealer[position] = remaining[position]
        split_values(dealer, fully_wild, offsets, multiset, flush, fww, sww, dealer_highs, dealer_lows)
        chosen = house_way_index(dealer, dealer_highs, dealer_lows, params)
        for index in range(21):
            if highs[index] < lows[index]:
                totals[index] -= 1.0
                continue
            high_wins = highs[index] > dealer_highs[chosen]
            low_wins = lows[index] > dealer_lows[chosen]
            totals[index] += (
                (1.0 - commission) if (high_wins and low_wins) else (0.0 if (high_wins or low_wins) else -1.0)
            )
    return totals / samples


def setting_values(
    cards: list[int], samples: int = 20_000, seed: int = 645, house_way: HouseWay = STANDARD_HOUSE_WAY
) -> np.ndarray:
    """645a analysis: expected result per unit of each of the 21 settings (LOW_POSITIONS order) of a player's seven
    cards against the dealer's house-way hands from the other 46 cards, over ``samples`` seeded dealer hands (the
    same dealer hands for every setting, so the comparison between settings is sharp). Fouled settings are -1; a
    win of both hands pays less the vigorish of § 645a.13(a), the law module's ``COMMISSION``."""
    from pacomply.regulations.chapter_645a import COMMISSION

    return _setting_values(
        np.asarray(cards, dtype=np.int64), samples, seed, float(COMMISSION), house_way.as_array(), *evaluator_arrays()
    )
