"""688a exact math cross-checked by the seeded deal (slow): Ace High Bonus joint distribution."""

from __future__ import annotations

import math

import pytest
from pacomply.engine.analysis import face_up_pai_gow_poker as analysis
from pacomply.engine.simulation import Z_95
from pacomply.regulations.chapter_688a import ACE_HIGH_BOTH, ACE_HIGH_DEALER_JOKER, ACE_HIGH_DEALER_NO_JOKER


@pytest.mark.slow
def test_688a_12_b_exact_ace_high_outcomes_within_simulation_intervals() -> None:
    exact = analysis.ace_high_distribution()
    assert sum(exact.values()) == 1
    _, counts = analysis.base_simulation(400_000, 12)
    rounds = sum(counts)
    for position, outcome in enumerate((ACE_HIGH_BOTH, ACE_HIGH_DEALER_JOKER, ACE_HIGH_DEALER_NO_JOKER)):
        probability = float(exact[outcome])
        observed = counts[position] / rounds
        assert abs(observed - probability) <= Z_95 * math.sqrt(probability * (1 - probability) / rounds)
