"""The long-run figure of a progressive (``checker.wager_math.progressive``) against a seeded simulation of its meter.

The simulation is the engine's own meter (``engine.simulation.progressive.Meter``): every wager contributes the rate,
awards are paid from the meter, and a meter paid below its seed is re-seeded. Its long-run mean must lie between the
exact figure (fixed pays, the meter-resetting hand at the seed, plus the rate) and that figure plus the bound on
re-seed top-ups after partial awards, widened by the familywise interval of ``tests/simulation/agreement.py``.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest
from pacomply.checker.wager_math.chapter_688a import progressive_model
from pacomply.checker.wager_math.progressive import ProgressiveModel, ProgressiveRow
from pacomply.engine.simulation.face_up_pai_gow_rounds import progressive_meter, progressive_row_probabilities
from pacomply.engine.simulation.progressive import Meter, MeterSpec
from pacomply.engine.simulation.registry import MeterChoice
from pacomply.regulations.chapter_688a import PROGRESSIVE_TABLES
from pacomply.regulations.citation import cite
from pacomply.regulations.rulebook import PayoutKind, Paytable, PaytableRow

from tests.simulation.agreement import familywise_z


def _play(spec: MeterSpec, probabilities: dict[str, Fraction], wagers: int, seed: int) -> tuple[float, float]:
    """Mean return per unit wagered and its standard error, rows drawn independently from their probabilities."""
    rows = sorted(probabilities)
    weights = [float(probabilities[row]) for row in rows]
    draw = np.random.default_rng(seed).choice(len(rows) + 1, size=wagers, p=[*weights, 1 - sum(weights)])
    outcomes: list[str | None] = [*rows, None]
    meter = Meter(spec)
    wager = float(spec.wager_amount)
    nets = np.fromiter((meter.play(outcomes[index]) for index in draw.tolist()), dtype=np.float64, count=wagers)
    returns = 1 + nets / wager
    return float(returns.mean()), float(returns.std(ddof=1)) / math.sqrt(wagers)


def _within(model: ProgressiveModel, rate: Fraction, mean: float, standard_error: float) -> bool:
    z = familywise_z(1)
    low = float(model.long_run_return(rate)) - z * standard_error
    high = float(model.long_run_return(rate) + model.top_up_bound()) + z * standard_error
    return low <= mean <= high


def test_long_run_formula_and_top_up_bound_hold_for_a_meter_with_a_partial_award() -> None:
    """A small made-up paytable whose meter is won often, so the long run is reached in 300,000 wagers: a 100 %
    award, a 10 % award (whose top-ups the bound covers) and a fixed 5 to 1."""
    paytable = Paytable(
        id="T",
        wager="progressive",
        rows=(
            PaytableRow("top", PayoutKind.METER_PERCENT, Fraction(100)),
            PaytableRow("partial", PayoutKind.METER_PERCENT, Fraction(10)),
            PaytableRow("fixed", PayoutKind.ODDS, Fraction(5)),
        ),
        citation=cite("688a.12(d)"),
    )
    probabilities = {"top": Fraction(1, 2000), "partial": Fraction(1, 200), "fixed": Fraction(1, 10)}
    rate = Fraction(20, 100)
    spec = MeterSpec("progressive", paytable, seed=Fraction(100), rate=rate, wager_returned=False)
    rows = {"top": ProgressiveRow(Fraction(0), Fraction(100)), "partial": ProgressiveRow(Fraction(0), Fraction(10)),
            "fixed": ProgressiveRow(Fraction(5))}  # fmt: skip
    model = ProgressiveModel(rows, probabilities, Fraction(100), wager_returned=False)
    mean, standard_error = _play(spec, probabilities, 300_000, 7001)
    assert _within(model, rate, mean, standard_error), (mean, standard_error, float(model.long_run_return(rate)))
    # The simulated meter returns more than with the meter frozen at its seed: the growth reaches the players.
    assert mean > float(model.return_at_seed()) + familywise_z(1) * standard_error


@pytest.mark.slow
@pytest.mark.parametrize("paytable", ["3", "7"])
def test_688a_12_d_long_run_agrees_with_the_filed_meter_played_at_length(paytable: str) -> None:
    """Paytables whose meter rows come about once in 100,000 hands, 12,000,000 wagers each."""
    table = PROGRESSIVE_TABLES[paytable]
    spec = progressive_meter(paytable, MeterChoice())
    mean, standard_error = _play(spec, progressive_row_probabilities(paytable), 12_000_000, 6880 + int(paytable))
    assert _within(progressive_model(paytable), table.rate_of_progression, mean, standard_error)
