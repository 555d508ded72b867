"""Over/Under (686a) off the top: three distinct cards of the shoe per round, the chapter's strategy and settlement
bands applied with numpy (the model :mod:`pacomply.engine.analysis.over_under` enumerates)."""

from __future__ import annotations

import numpy as np
from pacomply.engine.analysis.over_under import best_decisions, composition
from pacomply.engine.games.over_under import Decision
from pacomply.engine.simulation import SimulationResult
from pacomply.regulations.chapter_686a import BONUS_ODDS_BY_TOTAL, OVER_23_WINNING_TOTALS, UNDER_18_WINNING_TOTALS


def _deal_three(decks: int, rounds: int, generator: np.random.Generator) -> np.ndarray:
    """Point values of three distinct cards per round, shape (rounds, 3)."""
    shoe = np.repeat(np.array(list(composition(decks).keys())), list(composition(decks).values()))
    size = len(shoe)
    first = generator.integers(0, size, rounds)
    second = generator.integers(0, size - 1, rounds)
    second += second >= first
    third = generator.integers(0, size - 2, rounds)
    low, high = np.minimum(first, second), np.maximum(first, second)
    third += third >= low
    third += third >= high
    return np.stack([shoe[first], shoe[second], shoe[third]], axis=1)


def simulate(wager: str, decks: int, rounds: int, seed: int) -> SimulationResult:
    """Simulate ``rounds`` rounds of the 'required' or 'bonus' wager; reproducible for a seed."""
    generator = np.random.default_rng(seed)
    values = _deal_three(decks, rounds, generator)
    totals = values.sum(axis=1)
    if wager == "bonus":
        pays = np.full(34, -1.0)
        for total, odds in BONUS_ODDS_BY_TOTAL.items():
            pays[total] = odds
        net = pays[totals]
        wagered = 1.0
    elif wager == "required":
        decision_by_value = {value: decision for value, (decision, _, _) in best_decisions(decks).items()}
        over_wins = np.isin(totals, sorted(OVER_23_WINNING_TOTALS))
        under_wins = np.isin(totals, sorted(UNDER_18_WINNING_TOTALS))
        net = np.empty(rounds)
        stake = np.empty(rounds)
        for value, decision in decision_by_value.items():
            mask = values[:, 0] == value
            if decision == Decision.SURRENDER:
                net[mask], stake[mask] = -1.0, 1.0
                continue
            wins = over_wins if decision == Decision.OVER else under_wins
            net[mask] = np.where(wins[mask], 2.0, -2.0)
            stake[mask] = 2.0
        wagered = float(stake.mean())
    else:
        raise ValueError(f"686a has no wager '{wager}' (required, bonus)")
    return SimulationResult(
        rounds=rounds,
        mean=float(net.mean()),
        std_dev=float(net.std(ddof=1)),
        wagered_per_round=wagered,
        hit_frequency=float((net > 0).mean()),
    )
