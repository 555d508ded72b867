"""Benchmark of the simulation runner: rounds per second per game, 1 → 2 worker scaling, and Dask on a LocalCluster.

Run from the repository root: ``python bench/simulation.py [--rounds N]``. Prints one line per measurement and the
ratios; the figures also check that every scheduler returned the same estimates (the reproducibility contract).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from fractions import Fraction

from engine.simulation import reference_progressive
from engine.simulation.registry import TableSetup
from engine.simulation.runner import SimulationPlan, SimulationRun, run
from engine.simulation.shoe import ShoeSpec
from regulations.rulebook import Shuffler


def _plans(rounds: int, chunk_rounds: int) -> dict[str, SimulationPlan]:
    over_under = "engine.simulation.over_under"
    progressive_setup = TableSetup(
        "reference",
        (),
        None,
        ShoeSpec(decks=1, shuffler=Shuffler.CONTINUOUS),
        meters=(reference_progressive.meter(Fraction(20), Fraction(15, 100)),),
    )
    return {
        "686a hand-shuffled shoe, cover card 75 %": SimulationPlan(
            over_under, TableSetup("686a", (), None, ShoeSpec(decks=6)), rounds, 1, chunk_rounds
        ),
        "686a continuous shuffler": SimulationPlan(
            over_under,
            TableSetup("686a", (), None, ShoeSpec(decks=6, shuffler=Shuffler.CONTINUOUS)),
            rounds,
            1,
            chunk_rounds,
        ),
        "reference progressive with meter": SimulationPlan(
            "engine.simulation.reference_progressive", progressive_setup, rounds, 1, chunk_rounds
        ),
    }


def _timed(plan: SimulationPlan, workers: int, scheduler: str | None = None) -> tuple[float, SimulationRun]:
    started = time.perf_counter()
    outcome = run(plan, workers=workers, scheduler=scheduler)
    return time.perf_counter() - started, outcome


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=200_000)
    parser.add_argument("--chunk-rounds", type=int, default=20_000)
    parser.add_argument("--no-dask", action="store_true")
    arguments = parser.parse_args()
    try:
        import distributed  # noqa: F401

        dask_available = not arguments.no_dask
    except ImportError:
        dask_available = False
    print(f"rounds per measurement: {arguments.rounds}, chunks of {arguments.chunk_rounds}")
    for name, plan in _plans(arguments.rounds, arguments.chunk_rounds).items():
        one, serial = _timed(plan, 1)
        two, pooled = _timed(plan, 2)
        line = (
            f"{name:<42} 1 worker {plan.rounds / one:>9,.0f} rounds/s | 2 processes {plan.rounds / two:>9,.0f} "
            f"rounds/s (x{one / two:.2f})"
        )
        same = pooled.estimates == serial.estimates
        if dask_available:
            dask_time, dask_run = _timed(plan, 2, "local")
            same = same and dask_run.estimates == serial.estimates
            line += f" | Dask LocalCluster 2 workers {plan.rounds / dask_time:>9,.0f} rounds/s (x{one / dask_time:.2f})"
        print(line + f" | identical estimates: {same}")


if __name__ == "__main__":
    main()
