"""How a simulation test decides that simulated figures agree with exact ones: one familywise interval per test.

A test that checks k wagers each against its own 95 % interval fails by chance with probability up to
1 - 0.95^k (26 % for six wagers), which invites re-seeding until it passes. Instead every test here checks all of
its wagers together at a familywise error rate (default 1 %): each wager gets the Bonferroni interval
z = Φ⁻¹(1 - α / 2k) standard errors wide (2.58 for one wager, 3.34 for eight). Seeds are then chosen once and never
changed after a miss: a miss at 1 % familywise is a finding to investigate, not noise to re-roll.

Heavy-tailed wagers (a paytable whose top award is hundreds of times the wager) have sample variances that
understate the truth at small round counts; their tests need round counts with many top-award hits, or a check of
the row frequencies instead of the mean.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from statistics import NormalDist

FAMILYWISE_ERROR = 0.01


def familywise_z(comparisons: int, error: float = FAMILYWISE_ERROR) -> float:
    """Standard errors each of ``comparisons`` intervals spans so all hold together with probability 1 - error."""
    if comparisons < 1:
        raise ValueError("at least one comparison")
    return NormalDist().inv_cdf(1 - error / (2 * comparisons))


@dataclass(frozen=True, slots=True)
class Estimate:
    """A simulated mean (house edge) and its standard error."""

    house_edge: float
    standard_error: float


def disagreements(
    simulated: Mapping[str, Estimate], exact: Mapping[str, float], error: float = FAMILYWISE_ERROR
) -> list[str]:
    """The wagers whose exact house edge lies outside the familywise interval, described; empty when all agree.

    Both mappings must hold the same wagers (a wager simulated but not compared is itself a disagreement).
    """
    if set(simulated) != set(exact):
        return [f"wagers differ: simulated {sorted(simulated)}, exact {sorted(exact)}"]
    z = familywise_z(len(simulated), error)
    found = []
    for wager in sorted(simulated):
        estimate = simulated[wager]
        distance = abs(estimate.house_edge - exact[wager])
        if not distance <= z * estimate.standard_error or math.isnan(distance):
            found.append(
                f"{wager}: simulated {estimate.house_edge:.6f} ± {z:.2f} × {estimate.standard_error:.6f}, "
                f"exact {exact[wager]:.6f} ({distance / estimate.standard_error:.2f} standard errors away)"
            )
    return found


def from_json_record(record: Mapping[str, object]) -> Estimate:
    """An Estimate from a ``pacomply simulate --format json`` record (std_dev is per hand, rounds hands)."""
    std_dev = float(record["std_dev"])  # type: ignore[arg-type]
    rounds = int(record["rounds"])  # type: ignore[call-overload]
    return Estimate(float(record["house_edge"]), std_dev / math.sqrt(rounds))  # type: ignore[arg-type]
