"""Every exact side-wager figure lies within the 95 % interval of a seeded simulation settled by the scalar rules.

The figures of one deck count are checked together, so the interval is the familywise 95 % one (Bonferroni over
the k figures: each at 1 - 0.05/k); with fifteen separate 95 % intervals about half of all seeds would put one
correct figure outside by chance alone.
"""

from __future__ import annotations

from statistics import NormalDist

import pytest
from pacomply.engine.analysis import blackjack_side_wagers as analysis
from pacomply.regulations.chapter_685a import MATCH_THE_DEALER_ODDS

from tests.simulation.off_the_top import blackjack_side_wagers as simulation

SEED = 20261122


def _exact(wager: str, paytable: str | None, decks: int) -> float:
    if wager == "685a:match_the_dealer":
        return float(-analysis.match_the_dealer(decks, MATCH_THE_DEALER_ODDS[decks]).mean)
    return float(-analysis.distribution(wager, paytable, decks).mean)


def _check(decks: int, rounds: int) -> None:
    results = simulation.simulate(decks, rounds, SEED)
    assert results, "the simulation settled no wager"
    z = NormalDist().inv_cdf(1 - 0.05 / (2 * len(results)))
    outside = []
    for (wager, paytable), result in results.items():
        low, high = result.house_edge - z * result.standard_error, result.house_edge + z * result.standard_error
        exact = _exact(wager, paytable, decks)
        if not low <= exact <= high:
            outside.append(f"{wager} {paytable}: exact {exact:.5f} outside [{low:.5f}, {high:.5f}]")
    assert outside == []


def test_633a_side_wagers_six_decks_within_simulation_interval() -> None:
    _check(6, 40_000)


def test_633a_simulation_is_reproducible_for_a_seed() -> None:
    first = simulation.simulate(6, 2_000, 7)
    assert first == simulation.simulate(6, 2_000, 7)
    assert first != simulation.simulate(6, 2_000, 8)


@pytest.mark.slow
@pytest.mark.parametrize("decks", [1, 2, 4, 5, 8])
def test_633a_side_wagers_every_deck_count_within_simulation_interval(decks: int) -> None:
    _check(decks, 150_000)
