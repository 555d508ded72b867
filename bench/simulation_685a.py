"""Benchmark of ``pacomply simulate 685a``: rounds per second on 1 worker, the strategy's build time, 1 → 2 workers.

Run from the repository root: ``python bench/simulation_685a.py [--rounds N]``. The first call in a process builds
the analyzer's decision tables for the deck count (the class solutions of :mod:`engine.analysis.down_under`), which
is timed on its own; the rounds-per-second figures are measured after it. With 2 workers each spawned process builds
its own tables, so short runs gain little.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pacomply.engine.simulation import down_under_blackjack
from pacomply.engine.simulation.registry import TableSetup
from pacomply.engine.simulation.runner import SimulationPlan, run
from pacomply.engine.simulation.shoe import ShoeSpec

MODULE = "pacomply.engine.simulation.down_under_blackjack"


def _rate(setup: TableSetup, rounds: int, workers: int) -> tuple[float, tuple[float, ...]]:
    plan = SimulationPlan(MODULE, setup, rounds, 685, chunk_rounds=max(rounds // 10, 1))
    start = time.perf_counter()
    outcome = run(plan, workers=workers)
    elapsed = time.perf_counter() - start
    return rounds / elapsed, tuple(estimate.result.mean for estimate in outcome.estimates)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=100_000)
    arguments = parser.parse_args()
    start = time.perf_counter()
    down_under_blackjack._policy(6)
    print(f"decision tables, 6 decks (once per process): {time.perf_counter() - start:.1f} s")
    cases = {
        "base + Match-the-Dealer + Insurance, 1 seat": TableSetup("685a", (), None, ShoeSpec(6)),
        "base + Match-the-Dealer + Insurance, 6 seats": TableSetup("685a", (), None, ShoeSpec(6), seats=6),
        "Match-the-Dealer + Insurance only, 1 seat": TableSetup(
            "685a", ("match_the_dealer", "insurance"), None, ShoeSpec(6)
        ),
    }
    for name, setup in cases.items():
        one, one_means = _rate(setup, arguments.rounds, 1)
        two, two_means = _rate(setup, arguments.rounds, 2)
        print(
            f"{name:<46} 1 worker {one:>9,.0f} rounds/s | 2 processes {two:>9,.0f} rounds/s (x{two / one:.2f}) "
            f"| identical estimates: {one_means == two_means}"
        )


if __name__ == "__main__":
    main()
