"""Benchmark of ``pacomply simulate 645a``: rounds (and hands) per second on 1 worker, 1 → 2 worker scaling, and
the ratio to the vectorised-in-numba cross-check simulator of the base game.

Run from the repository root: ``python bench/simulation_645a.py [--rounds N]``. The first chunk in each process
loads the evaluator tables and the numba kernels (a few seconds); 1-worker figures are taken after a warm-up round
in this process, the 2-worker figure includes its spawned processes' warm-up, as a user's run would.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pacomply.engine.simulation.pai_gow_poker import simulate_base
from pacomply.engine.simulation.registry import MeterChoice, TableSetup, round_game
from pacomply.engine.simulation.runner import SimulationPlan, run
from pacomply.engine.simulation.shoe import ShoeSpec

MODULE = "pacomply.engine.simulation.pai_gow_rounds"
DECK = ShoeSpec(decks=1, jokers_per_deck=1)


def _setup(wagers: tuple[str, ...], paytable: str | None, seats: int) -> TableSetup:
    setup = TableSetup("645a", wagers, paytable, DECK, seats=seats)
    meters = round_game("645a").meters(setup, MeterChoice())  # type: ignore[attr-defined]
    return TableSetup("645a", wagers, paytable, DECK, seats=seats, meters=meters)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=20_000)
    parser.add_argument("--chunk-rounds", type=int, default=5_000)
    arguments = parser.parse_args()
    cases = {
        "base + progressive, 1 seat": _setup(("base", "progressive"), None, 1),
        "base + progressive, 6 seats": _setup(("base", "progressive"), None, 6),
        "base + Fortune/Emperor's/Insurance A, 6 seats": _setup(
            ("base", "fortune", "emperors_treasure", "insurance"), "A", 6
        ),
    }
    # Warm-up: evaluator tables, numba caches, the bonus-category tables.
    run(SimulationPlan(MODULE, cases["base + progressive, 1 seat"], 50, 1, 50), workers=1)
    simulate_base("645a", 1000, 1)
    print(f"rounds per measurement: {arguments.rounds}, chunks of {arguments.chunk_rounds}")
    one_worker: dict[str, float] = {}
    for name, setup in cases.items():
        plan = SimulationPlan(MODULE, setup, arguments.rounds, 1, arguments.chunk_rounds)
        started = time.perf_counter()
        run(plan, workers=1)
        rate = arguments.rounds / (time.perf_counter() - started)
        one_worker[name] = rate
        print(f"645a {name:<48} 1 worker {rate:>9,.0f} rounds/s  {rate * setup.seats:>9,.0f} hands/s")
    name = "base + progressive, 6 seats"
    plan = SimulationPlan(MODULE, cases[name], arguments.rounds, 1, arguments.chunk_rounds)
    started = time.perf_counter()
    run(plan, workers=2)
    rate = arguments.rounds / (time.perf_counter() - started)
    print(f"645a {name:<48} 2 processes {rate:>6,.0f} rounds/s (x{rate / one_worker[name]:.2f} of 1 worker)")
    numba_rounds = 1_000_000
    started = time.perf_counter()
    simulate_base("645a", numba_rounds, 2)
    numba_rate = numba_rounds / (time.perf_counter() - started)
    base_rate = one_worker["base + progressive, 1 seat"]
    print(
        f"numba base-game cross-check (engine.simulation.pai_gow_poker) 1 core {numba_rate:>9,.0f} rounds/s "
        f"(x{numba_rate / base_rate:.0f} the round-by-round replay path)"
    )


if __name__ == "__main__":
    main()
