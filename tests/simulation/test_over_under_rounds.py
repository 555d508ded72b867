"""686a round by round from a real shoe, through the rules-of-play ``settle``, against the exact figures.

The exact figures are enumerated at run time by :mod:`engine.analysis.over_under` (off the top of a full shoe).
A continuous shuffler deals exactly that model, so its interval must hold the exact edge; a hand-shuffled shoe
with a cover card differs only by cut-card effects far smaller than the interval at these round counts.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from pacomply.engine.analysis.over_under import best_decisions, bonus, required_wagers
from pacomply.engine.games.over_under import Decision
from pacomply.engine.simulation.registry import TableSetup
from pacomply.engine.simulation.runner import SimulationPlan, SimulationRun, run
from pacomply.engine.simulation.shoe import ShoeSpec
from pacomply.regulations.rulebook import Shuffler

from tests.simulation.off_the_top.over_under import simulate as simulate_off_the_top

ROUNDS = 40_000


def _simulate(shuffler: Shuffler, seed: int, seats: int = 1) -> SimulationRun:
    spec = ShoeSpec(decks=6, shuffler=shuffler, batches=2 if shuffler == Shuffler.AUTOMATED else 1)
    setup = TableSetup("686a", (), None, spec, seats)
    plan = SimulationPlan("pacomply.engine.simulation.over_under", setup, ROUNDS // seats, seed, chunk_rounds=10_000)
    return run(plan)  # in this process: the figures do not depend on the workers (tests/simulation/test_runner.py)


def _within(interval: tuple[float, float], value: float) -> bool:
    return interval[0] <= value <= interval[1]


@pytest.mark.parametrize(("shuffler", "seats"), [(Shuffler.CONTINUOUS, 1), (Shuffler.NONE, 1), (Shuffler.AUTOMATED, 6)])
def test_686a_8_simulated_house_edges_hold_the_exact_figures(shuffler: Shuffler, seats: int) -> None:
    simulated = _simulate(shuffler, seed=2026, seats=seats)
    required, bonus_wager = simulated.estimate("required").result, simulated.estimate("bonus").result
    assert required.rounds == ROUNDS // seats * seats
    assert _within(required.ci95, required_wagers(6).house_edge)
    assert _within(bonus_wager.ci95, bonus(6).house_edge)


def test_686a_7_g_ante_and_over_or_under_at_risk_unless_surrendered() -> None:
    # The exact share of hands surrendered under the strategy played, from the enumeration's decision table.
    surrendered = sum(
        (probability for decision, _, probability in best_decisions(6).values() if decision == Decision.SURRENDER),
        Fraction(0),
    )
    simulated = _simulate(Shuffler.CONTINUOUS, seed=5).estimate("required").result
    expected = 2 - float(surrendered)
    tolerance = 4 * (float(surrendered * (1 - surrendered)) / simulated.rounds) ** 0.5
    assert abs(simulated.wagered_per_round - expected) <= tolerance


def test_real_shoe_agrees_with_the_vectorised_off_the_top_simulation() -> None:
    real = _simulate(Shuffler.NONE, seed=9).estimate("required").result
    off_the_top = simulate_off_the_top("required", 6, 200_000, seed=9)
    difference = abs(real.house_edge - off_the_top.house_edge)
    assert difference < 1.96 * (real.standard_error**2 + off_the_top.standard_error**2) ** 0.5 * 1.5
