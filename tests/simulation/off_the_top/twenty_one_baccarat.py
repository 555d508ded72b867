"""21 Baccarat (681a) off the top: six distinct cards of the shoe per round (the model the exact analysis
enumerates), laid out P, B, P, B, Player's draw, Banker's draw, and § 681a.7 applied independently of the exact code:
totals, naturals, the draw, settlement and the Bonus hands are recomputed here on arrays."""

from __future__ import annotations

import numpy as np
from pacomply.engine.simulation import SimulationResult
from pacomply.engine.simulation.twenty_one_baccarat import distinct_draws
from pacomply.regulations.chapter_681a import BONUS_ODDS, BonusHand


def _totals(points: np.ndarray) -> np.ndarray:
    """Hand totals of rows of point values (ace 1, 0 for an absent card)."""
    hard = points.sum(axis=1)
    soft = (points == 1).any(axis=1) & (hard + 10 <= 21)
    return np.where(soft, hard + 10, hard)


def _deal(decks: int, rounds: int, generator: np.random.Generator) -> np.ndarray:
    """Ranks (2..14) of six cards per round in dealing order."""
    ranks = np.repeat(np.arange(2, 15), 4 * decks)
    return ranks[distinct_draws(len(ranks), 6, rounds, generator)]


def _points(ranks: np.ndarray) -> np.ndarray:
    return np.where(ranks == 14, 1, np.minimum(ranks, 10))


def simulate(wager: str, decks: int, rounds: int, seed: int, paytable: str | None = None) -> SimulationResult:
    """Simulate ``rounds`` rounds of one wager ('player', 'banker', 'tie', 'bonus_player', 'bonus_banker')."""
    generator = np.random.default_rng(seed)
    net = nets(_deal(decks, rounds, generator), wager, paytable)
    return SimulationResult(
        rounds=rounds,
        mean=float(net.mean()),
        std_dev=float(net.std(ddof=1)),
        wagered_per_round=1.0,
        hit_frequency=float((net > 0).mean()),
    )


def nets(ranks: np.ndarray, wager: str, paytable: str | None = None) -> np.ndarray:
    """Net result of a one-unit wager for each row of six card ranks (2..14) in dealing order."""
    rounds = len(ranks)
    points = _points(ranks)
    player_two, banker_two = points[:, [0, 2]], points[:, [1, 3]]
    natural = np.zeros(rounds, dtype=bool)
    for two in (player_two, banker_two):
        natural |= (two == 1).any(axis=1) & np.isin(two, [1, 10]).all(axis=1)
    player_draws = _totals(player_two) < 17
    banker_draws = _totals(banker_two) < 17
    player_third = points[:, 4]
    # The Banker's draw is the fifth card when the Player does not draw, else the sixth.
    banker_index = np.where(player_draws, 5, 4)
    banker_third = points[np.arange(rounds), banker_index]
    if wager in ("bonus_player", "bonus_banker"):
        assert paytable is not None
        two_ranks = ranks[:, [0, 2]] if wager == "bonus_player" else ranks[:, [1, 3]]
        draws = player_draws if wager == "bonus_player" else banker_draws
        third_rank = ranks[:, 4] if wager == "bonus_player" else ranks[np.arange(rounds), banker_index]
        net = _bonus_net(two_ranks, third_rank, draws, paytable)
    else:
        settled_player_draws = player_draws & ~natural
        settled_banker_draws = banker_draws & ~natural
        player_total = _totals(np.column_stack([player_two, np.where(settled_player_draws, player_third, 0)]))
        banker_third = points[np.arange(rounds), np.where(settled_player_draws, 5, 4)]
        banker_total = _totals(np.column_stack([banker_two, np.where(settled_banker_draws, banker_third, 0)]))
        if wager == "tie":
            net = np.where(player_total == banker_total, 10.0, -1.0)
        elif wager in ("player", "banker"):
            own, other = (player_total, banker_total) if wager == "player" else (banker_total, player_total)
            wins = ((own <= 21) & ((other > 21) | (own > other))) | ((own > 21) & (own < other))
            net = np.where(own == other, 0.0, np.where(wins, np.where(own == 17, 0.5, 1.0), -1.0))
        else:
            raise ValueError(f"681a has no wager '{wager}'")
    return net


def _bonus_net(two: np.ndarray, third: np.ndarray, draws: np.ndarray, paytable: str) -> np.ndarray:
    odds = BONUS_ODDS[paytable]
    three = np.column_stack([two, third])
    high = np.sort(three, axis=1)
    low = np.sort(np.where(three == 14, 1, three), axis=1)

    def is_run(sorted_ranks: np.ndarray) -> np.ndarray:
        distinct = (sorted_ranks[:, 0] != sorted_ranks[:, 1]) & (sorted_ranks[:, 1] != sorted_ranks[:, 2])
        return distinct & (sorted_ranks[:, 2] - sorted_ranks[:, 0] == 2)

    trips = draws & (three[:, 0] == three[:, 1]) & (three[:, 1] == three[:, 2])
    sevens = trips & (three[:, 0] == 7)
    straight = draws & ~trips & (is_run(high) | is_run(low))
    twenty_one = draws & ~trips & ~straight & (_totals(_points(three)) == 21)
    pair = ~(trips | straight | twenty_one) & (two[:, 0] == two[:, 1])
    net = np.full(len(two), -1.0)
    net[pair] = odds[BonusHand.PAIR]
    net[twenty_one] = odds[BonusHand.TWENTY_ONE]
    net[straight] = odds[BonusHand.STRAIGHT]
    net[trips] = odds[BonusHand.THREE_OF_A_KIND]
    net[sevens] = odds[BonusHand.THREE_SEVENS]
    return net
