"""The familywise agreement check every simulation test uses (tests/simulation/agreement.py)."""

from __future__ import annotations

from statistics import NormalDist

import pytest

from tests.simulation.agreement import Estimate, disagreements, familywise_z


def test_one_comparison_at_1_percent_is_the_two_sided_2_58_interval() -> None:
    # Φ⁻¹(0.995) = 2.5758..., the textbook two-sided 99 % quantile.
    assert familywise_z(1) == pytest.approx(2.5758, abs=1e-4)


def test_bonferroni_widens_with_the_number_of_wagers() -> None:
    assert familywise_z(8) == pytest.approx(NormalDist().inv_cdf(1 - 0.01 / 16))
    assert familywise_z(8) > familywise_z(2) > familywise_z(1)


def test_an_exact_figure_inside_every_interval_agrees() -> None:
    simulated = {"a": Estimate(0.05, 0.01), "b": Estimate(-0.01, 0.002)}
    assert disagreements(simulated, {"a": 0.07, "b": -0.005}) == []


def test_an_exact_figure_outside_its_interval_is_named_with_its_distance() -> None:
    simulated = {"a": Estimate(0.05, 0.01), "b": Estimate(-0.01, 0.002)}
    (found,) = disagreements(simulated, {"a": 0.05, "b": 0.0})
    assert found.startswith("b:") and "5.00 standard errors" in found


def test_a_wager_missing_from_either_side_is_a_disagreement() -> None:
    assert disagreements({"a": Estimate(0.0, 1.0)}, {"a": 0.0, "b": 0.0})
