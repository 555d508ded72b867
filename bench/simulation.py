"""Benchmark of ``pacomply simulate``: rounds per second per game, 1 → 2 worker scaling, and Dask on a LocalCluster.

Run from the repository root: ``python bench/simulation.py [--seconds 8] [--chapters 686a 633a ...] [--no-dask]``.

Every game registered for simulation (:func:`engine.simulation.registry.simulated_chapters`) is measured with its
default table (every wager it simulates, the chapter's deck count, a hand-shuffled shoe, one seat, meters at the
chapter's reset and rate), plus the 686a continuous shuffler and the reference progressive with a running meter.
A calibration chunk sizes each game's run to about ``--seconds`` on one worker, in whole chunks (at least eight,
so two workers have work to share). The same plan then runs on one worker (in this process), on a pool of two
spawned processes, and on a Dask LocalCluster of two single-threaded workers; the ratios are against the one-worker
time of the same run, and each line says whether all three schedulers returned identical estimates (the
reproducibility contract). Spawning processes and starting a cluster are part of the measured time: that is what a
user waits for.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys
import time
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pacomply.engine.simulation import reference_progressive
from pacomply.engine.simulation.registry import (
    MeterChoice,
    ProgressiveRoundGame,
    TableSetup,
    game_module,
    load_game,
    simulated_chapters,
)
from pacomply.engine.simulation.runner import SimulationPlan, SimulationRun, run
from pacomply.engine.simulation.shoe import ShoeSpec
from pacomply.regulations.rulebook import Shuffler

CALIBRATION_ROUNDS = 1_000
MINIMUM_CHUNKS = 8


def _chapter_setup(chapter: str, shuffler: Shuffler = Shuffler.NONE) -> tuple[str, TableSetup]:
    module = game_module(chapter)
    game = load_game(module)
    shoe = ShoeSpec(decks=game.default_decks, jokers_per_deck=game.jokers_per_deck, shuffler=shuffler)
    setup = TableSetup(chapter, (), None, shoe)
    if isinstance(game, ProgressiveRoundGame):
        setup = dataclasses.replace(setup, meters=game.meters(setup, MeterChoice()))
    return module, setup


def _tables(chapters: list[str]) -> dict[str, tuple[str, TableSetup]]:
    tables = {f"{chapter} every wager, hand shuffle": _chapter_setup(chapter) for chapter in chapters}
    if "686a" in chapters:
        tables["686a every wager, continuous shuffler"] = _chapter_setup("686a", Shuffler.CONTINUOUS)
    tables["reference progressive, meter at 15 %"] = (
        "pacomply.engine.simulation.reference_progressive",
        TableSetup(
            "reference",
            (),
            None,
            ShoeSpec(decks=1, shuffler=Shuffler.CONTINUOUS),
            meters=(reference_progressive.meter(Fraction(20), Fraction(15, 100)),),
        ),
    )
    return tables


def _timed(plan: SimulationPlan, workers: int, scheduler: str | None = None) -> tuple[float, SimulationRun]:
    started = time.perf_counter()
    outcome = run(plan, workers=workers, scheduler=scheduler)
    return time.perf_counter() - started, outcome


def _start_up(module: str, setup: TableSetup) -> float:
    """Seconds a freshly spawned process takes to deal its first round: imports, tables, strategies, numba caches.
    Every pool or Dask worker pays it once per run, which is why short runs gain little from a second process."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    from pacomply.engine.simulation.runner import ChunkTask, run_chunk

    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn")) as executor:
        executor.submit(run_chunk, ChunkTask(module, setup, 1, 0, 1)).result()
    return time.perf_counter() - started


def _sized_plan(module: str, setup: TableSetup, seconds: float) -> SimulationPlan:
    """A plan of about ``seconds`` on one worker, in at least MINIMUM_CHUNKS whole chunks."""
    calibration = SimulationPlan(module, setup, CALIBRATION_ROUNDS, 1, CALIBRATION_ROUNDS)
    elapsed, _ = _timed(calibration, 1)  # also warms numba caches and imports
    elapsed, _ = _timed(calibration, 1)
    rate = CALIBRATION_ROUNDS / max(elapsed, 1e-9)
    rounds = max(int(rate * seconds), MINIMUM_CHUNKS * 100)
    chunk_rounds = max(rounds // MINIMUM_CHUNKS, 100)
    return SimulationPlan(module, setup, chunk_rounds * MINIMUM_CHUNKS, 1, chunk_rounds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=8.0, help="target one-worker time per game")
    parser.add_argument("--chapters", nargs="*", default=list(simulated_chapters()))
    parser.add_argument("--no-dask", action="store_true")
    arguments = parser.parse_args()
    try:
        import distributed  # noqa: F401

        dask_available = not arguments.no_dask
    except ImportError:
        dask_available = False
    load = ", ".join(f"{value:.2f}" for value in os.getloadavg())
    print(f"cores: {os.cpu_count()}, load average before: {load}; target {arguments.seconds:g} s per game on 1 worker")
    for name, (module, setup) in _tables(arguments.chapters).items():
        plan = _sized_plan(module, setup, arguments.seconds)
        start_up = _start_up(module, setup)
        one, serial = _timed(plan, 1)
        two, pooled = _timed(plan, 2)
        line = (
            f"{name:<40} {plan.rounds:>8,} rounds | 1 worker {plan.rounds / one:>9,.0f} rounds/s | "
            f"2 processes {plan.rounds / two:>9,.0f} rounds/s (x{one / two:.2f})"
        )
        same = pooled.estimates == serial.estimates
        if dask_available:
            dask_time, dask_run = _timed(plan, 2, "local")
            same = same and dask_run.estimates == serial.estimates
            line += f" | Dask 2 workers {plan.rounds / dask_time:>9,.0f} rounds/s (x{one / dask_time:.2f})"
        print(line + f" | identical: {same} | worker start-up {start_up:.1f} s", flush=True)


if __name__ == "__main__":
    main()
