"""The progressive meter model on the one-card reference progressive, whose return is known exactly.

Exact figures: the row probabilities are counted card by card from the batch (``row_probabilities``), the net at
the seed amount is their expectation (``net_at_meter``), and the long run adds the rate of progression when the
top award is 100 % of the meter (renewal-reward; ``long_run_net``). The tests recount the probabilities
independently from the deck's ranks before trusting them.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from pacomply.engine.simulation import reference_progressive as reference
from pacomply.engine.simulation.progressive import Meter, MeterSpec, long_run_net, net_at_meter
from pacomply.engine.simulation.registry import SimulationUnavailable, TableSetup
from pacomply.engine.simulation.runner import MeterTally, SimulationPlan, run
from pacomply.engine.simulation.shoe import ShoeSpec
from pacomply.regulations.rulebook import PayoutKind, Paytable, PaytableRow, Shuffler

SEED_AMOUNT = Fraction(20)


def _run(rate: Fraction, rounds: int = 60_000, seed: int = 17) -> tuple[tuple[float, float], MeterTally]:
    shoe = ShoeSpec(decks=1, shuffler=Shuffler.CONTINUOUS)
    setup = TableSetup("reference", (), None, shoe, meters=(reference.meter(SEED_AMOUNT, rate),))
    plan = SimulationPlan("pacomply.engine.simulation.reference_progressive", setup, rounds, seed, 20_000)
    outcome = run(plan)  # in this process: the figures do not depend on the workers (tests/simulation/test_runner.py)
    estimate = outcome.estimate(reference.WAGER)
    assert estimate.meter is not None
    # The interval of the mean net (the house edge's interval, negated).
    return (-estimate.result.ci95[1], -estimate.result.ci95[0]), estimate.meter


def test_row_probabilities_match_an_independent_count() -> None:
    # One deck: one ace of spades, three other aces, four kings, four queens.
    assert reference.row_probabilities(1) == {
        reference.TOP: Fraction(1, 52),
        reference.OTHER_ACE: Fraction(3, 52),
        reference.KING: Fraction(4, 52),
        reference.QUEEN: Fraction(4, 52),
    }


def test_net_at_the_seed_amount_is_the_expectation_over_the_rows() -> None:
    spec = reference.meter(SEED_AMOUNT, Fraction(0))
    # $20 meter, 3 × $5, 4 × 1 to 1, 4 pushes, 40 losing cards, out of 52.
    assert net_at_meter(spec, reference.row_probabilities(1), SEED_AMOUNT) == Fraction(20 + 15 + 4 - 40, 52)


def test_meter_frozen_at_its_seed_matches_the_exact_return_at_the_seed_amount() -> None:
    exact = net_at_meter(reference.meter(SEED_AMOUNT, Fraction(0)), reference.row_probabilities(1), SEED_AMOUNT)
    interval, meter = _run(Fraction(0))
    assert interval[0] <= float(exact) <= interval[1]
    assert meter.contributed == 0.0 and meter.meter_hits > 0


def test_rate_of_progression_adds_to_the_long_run_return() -> None:
    rate = Fraction(15, 100)
    spec = reference.meter(SEED_AMOUNT, rate)
    exact_long_run = long_run_net(spec, reference.row_probabilities(1))
    assert exact_long_run == net_at_meter(spec, reference.row_probabilities(1), SEED_AMOUNT) + rate
    interval, meter = _run(rate)
    assert interval[0] <= float(exact_long_run) <= interval[1]
    # And the rate is visible: the return at the seed amount alone is outside the interval.
    exact_at_seed = float(net_at_meter(spec, reference.row_probabilities(1), SEED_AMOUNT))
    assert not interval[0] <= exact_at_seed <= interval[1]
    assert meter.contributed == pytest.approx(60_000 * 0.15)


def test_meter_pays_what_it_collected_plus_seed_and_reseeds() -> None:
    spec = reference.meter(Fraction(10), Fraction(1, 10))
    meter = Meter(spec)
    for _ in range(30):
        meter.play(None)
    assert meter.value == pytest.approx(13.0)
    assert meter.play(reference.TOP) == pytest.approx(13.1)
    assert meter.value == 10.0 and meter.reseeded == pytest.approx(10.0)
    assert meter.play(reference.KING) == 1.0 and meter.play(reference.QUEEN) == 0.0
    assert meter.play(reference.OTHER_ACE) == 5.0


def test_partial_meter_award_keeps_the_rest_and_is_not_given_a_closed_form() -> None:
    paytable = Paytable(
        "partial",
        "progressive",
        (PaytableRow("top", PayoutKind.METER_PERCENT, Fraction(100)),
         PaytableRow("second", PayoutKind.METER_PERCENT, Fraction(10))),
        reference.PAYTABLE.citation,
    )  # fmt: skip
    spec = MeterSpec("progressive", paytable, seed=Fraction(100), rate=Fraction(1, 2))
    meter = Meter(spec)
    for _ in range(100):
        meter.play(None)
    assert meter.play("second") == pytest.approx(15.05)
    assert meter.value == pytest.approx(135.45)
    with pytest.raises(ValueError, match="part of the meter"):
        long_run_net(spec, {"top": Fraction(1, 1000), "second": Fraction(1, 100)})


def test_a_meter_with_an_impossible_rate_is_refused() -> None:
    with pytest.raises(ValueError, match="rate of progression"):
        Meter(reference.meter(SEED_AMOUNT, Fraction(3, 2)))


def test_the_reference_game_needs_its_meter() -> None:
    setup = TableSetup("reference", (), None, ShoeSpec(decks=1))
    with pytest.raises(SimulationUnavailable, match="needs a meter"):
        reference.ROUND_GAME.table(setup)
