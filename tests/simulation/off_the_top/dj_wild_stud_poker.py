"""DJ Wild Stud Poker (687a) off the top: eleven distinct cards of the 53 per round (player five, dealer five, the
card set aside for the Progressive), settled by § 687a.11 computed on arrays here: the dealer comparison on the
evaluator's strengths, the raise/fold decision looked up from the exact strategy, the Blind, Trips, Bad Beat and
Progressive paytables from the rulebook. What it shares with the exact analysis is the evaluator and the strategy;
what it checks is the enumeration (card removal, inclusion-exclusion, the payout logic)."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
from pacomply.engine.analysis import dj_wild_stud_poker as analysis
from pacomply.engine.evaluator import HandCategory, standard_values
from pacomply.engine.evaluator.categories import CATEGORY_SHIFT
from pacomply.engine.games.dj_wild_stud_poker import progressive_payout
from pacomply.engine.simulation import SimulationResult
from pacomply.engine.simulation.dj_wild_stud_poker import JOKER, _colex
from pacomply.engine.simulation.twenty_one_baccarat import distinct_draws
from pacomply.regulations.chapter_687a import BAD_BEAT_ODDS, BLIND_ODDS, PROGRESSIVE_SEED


def _row_of(hands: np.ndarray) -> np.ndarray:
    """Row of each (sorted) hand in :func:`engine.analysis.dj_wild_stud_poker.hand_table`."""
    table = analysis.hand_table()
    lookup = np.empty(len(table.hands), dtype=np.int64)
    lookup[_colex(table.hands)] = np.arange(len(table.hands))
    return lookup[_colex(hands)]


def _vector(odds: dict[str, int], default: int) -> np.ndarray:
    return analysis._category_vector(odds, default)


def simulate(wager: str, rounds: int, seed: int, paytable: str | None = None) -> SimulationResult:
    """Simulate one 687a wager ('base', 'blind', 'trips', 'bad_beat', 'progressive'); reproducible for a seed."""
    generator = np.random.default_rng(seed)
    dealt = distinct_draws(53, 11, rounds, generator)
    player = np.sort(dealt[:, :5], axis=1)
    dealer = np.sort(dealt[:, 5:10], axis=1)
    table = analysis.hand_table()
    player_row, dealer_row = _row_of(player), _row_of(dealer)
    player_value, dealer_value = table.values[player_row], table.values[dealer_row]
    category = table.categories[player_row]
    raising = analysis.base_game().raise_mask[player_row]
    win, lose = player_value > dealer_value, player_value < dealer_value
    wagered = 1.0
    if wager == "base":
        blind = _vector(BLIND_ODDS, 0)[category]
        net = np.where(raising, np.where(win, 3.0 + blind, np.where(lose, -4.0, 0.0)), -2.0)
        wagered = float((2 + 2 * raising).mean())
    elif wager == "blind":
        blind = _vector(BLIND_ODDS, 0)[category]
        net = np.where(raising, np.where(win, blind, np.where(lose, -1.0, 0.0)), -1.0).astype(float)
    elif wager == "trips":
        assert paytable is not None
        net = analysis.trips_payouts(paytable)[player_row].astype(float)
    elif wager == "bad_beat":
        assert paytable is not None
        odds = _vector(BAD_BEAT_ODDS[paytable], 0)[category]
        net = np.where(raising & (odds > 0) & lose, odds, -1.0).astype(float)
    elif wager == "progressive":
        assert paytable is not None
        hand = np.where(player == JOKER, dealt[:, 10:11], player)
        categories = standard_values(np.sort(hand, axis=1)).astype(np.int64) >> CATEGORY_SHIFT
        meter = Fraction(PROGRESSIVE_SEED[paytable])
        pays = np.full(len(HandCategory), -1.0)
        for member in HandCategory:
            payout = progressive_payout(member.name.lower(), paytable, meter)
            if payout is not None:
                pays[int(member)] = float(payout)
        net = pays[categories]
    else:
        raise ValueError(f"687a has no wager '{wager}'")
    return SimulationResult(
        rounds=rounds,
        mean=float(net.mean()),
        std_dev=float(net.std(ddof=1)),
        wagered_per_round=wagered,
        hit_frequency=float((net > 0).mean()),
    )
