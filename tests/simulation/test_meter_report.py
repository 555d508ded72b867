"""What ``pacomply simulate`` reports about a progressive meter, and how it refuses meter options it cannot use.

Run on the one-card reference progressive (engine/simulation/reference_progressive.py), whose exact return is
written out here from the deck's composition: in one deck the ace of spades (1 card) pays the meter, the other
three aces $5, the four kings 1 to 1, the four queens push, and the other 40 cards lose the $1 wager.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction

from pacomply.checker.wager_math.simulated import simulated_meters
from pacomply.engine.simulation.reference_progressive import ROUND_GAME
from pacomply.engine.simulation.registry import MeterChoice, TableSetup
from pacomply.engine.simulation.runner import SimulationPlan, run
from pacomply.engine.simulation.shoe import ShoeSpec
from pacomply.regulations.rulebook import Shuffler
from typer.testing import CliRunner

from pacomply.cli import app
from tests.simulation.agreement import Estimate, disagreements

MODULE = "pacomply.engine.simulation.reference_progressive"


def _exact_net(meter: Fraction) -> Fraction:
    return (1 * meter + 3 * 5 + 4 * 1 + 4 * 0 - 40) / 52


def _run(choice: MeterChoice, rounds: int = 60_000):
    setup = TableSetup("reference", (), None, ShoeSpec(decks=1, shuffler=Shuffler.CONTINUOUS))
    setup = dataclasses.replace(setup, meters=ROUND_GAME.meters(setup, choice))
    return run(SimulationPlan(MODULE, setup, rounds, 2026, 20_000))


def test_a_frozen_meter_reports_the_exact_edge_at_the_reset_and_the_simulation_holds_it() -> None:
    outcome = _run(MeterChoice(reset=Fraction(20), rate=Fraction(0)))
    (summary,) = simulated_meters(outcome)
    exact_edge = -_exact_net(Fraction(20))
    assert summary.house_edge_at_reset == float(exact_edge)
    # Every meter row pays 100 % of the meter and the rate is 0: the long run is the return at the reset.
    assert summary.house_edge_long_run == float(exact_edge)
    assert summary.contributed_per_wager == 0.0 and summary.meter_hits > 0
    result = outcome.estimate("progressive").result
    assert disagreements({"progressive": Estimate(result.house_edge, result.standard_error)},
                         {"progressive": float(exact_edge)}) == []  # fmt: skip


def test_a_running_meter_reports_its_flows_and_the_long_run_is_the_reset_edge_less_the_rate() -> None:
    outcome = _run(MeterChoice(reset=Fraction(20), rate=Fraction(15, 100)))
    (summary,) = simulated_meters(outcome)
    assert summary.rate == Fraction(15, 100) and summary.reset == 20 and summary.wagers == 60_000
    # Renewal-reward: each cycle pays the reset plus every contribution, 15 cents per $1 wager.
    assert summary.house_edge_long_run == float(-_exact_net(Fraction(20)) - Fraction(15, 100))
    assert abs(summary.contributed_per_wager - 0.15) < 1e-9
    json_record = summary.to_json()
    assert json_record["rate"] == 0.15 and json_record["reset"] == "20"


def _simulate(*arguments: str):
    return CliRunner().invoke(app, ["simulate", "686a", "--rounds", "100", "--workers", "1", *arguments])


def test_a_meter_rate_of_100_percent_or_more_is_refused_with_exit_2() -> None:
    result = _simulate("--meter-rate", "150%")
    assert result.exit_code == 2 and "--meter-rate 150%" in result.output


def test_meter_amounts_that_are_not_numbers_are_all_named() -> None:
    result = _simulate("--meter-rate", "fast", "--meter-reset", "lots")
    assert result.exit_code == 2
    assert "--meter-rate 'fast'" in result.output and "--meter-reset 'lots'" in result.output


def test_meter_options_for_a_game_without_a_progressive_are_refused() -> None:
    result = _simulate("--meter-rate", "15%")
    assert result.exit_code == 2 and "no progressive wager of 686a" in result.output


def test_sim_meter_liability_chunks_shorter_than_a_meter_cycle_still_give_the_long_run() -> None:
    # The top row comes once in 52 rounds; chunks of 20 rounds end most cycles early. What the meter holds above
    # the reset at a chunk's end is the players' (reading sim-meter-liability), so the long run is still reached.
    setup = TableSetup("reference", (), None, ShoeSpec(decks=1, shuffler=Shuffler.CONTINUOUS))
    setup = dataclasses.replace(setup, meters=ROUND_GAME.meters(setup, MeterChoice(Fraction(20), Fraction(15, 100))))
    outcome = run(SimulationPlan(MODULE, setup, 60_000, 11, 20))
    (summary,) = simulated_meters(outcome)
    assert summary.left_on_meter_per_wager > 0.05  # much of each chunk's contributions is still on the meter
    result = outcome.estimate("progressive").result
    estimate = {"progressive": Estimate(result.house_edge, result.standard_error)}
    assert disagreements(estimate, {"progressive": summary.house_edge_long_run}) == []
    # ... and it is told apart from the return at the reset, 15 cents a wager away.
    assert disagreements(estimate, {"progressive": summary.house_edge_at_reset})
