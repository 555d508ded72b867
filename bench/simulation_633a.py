"""Benchmark of ``pacomply simulate 633a``: rounds per second on 1 worker and on 2 processes.

Run from the repository root: ``python bench/simulation_633a.py [--rounds N]``. Measures the base game alone, every
standard-table wager together (base, insurance, the side wagers with Royal Match and Bet the Set on paytable C, Bad
Beat and Hit and Run on frozen meters), and a Blackjack Switch table (the two hands switched and played, Super Match);
prints rounds per second, the ratio to the
base game, and the 1 → 2 process scaling. The first chunk in each process also builds the basic-strategy policy
(about 2.5 s), which the 1-worker figure excludes by a warm-up and the 2-process figure includes.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pacomply.engine.simulation import blackjack
from pacomply.engine.simulation.registry import MeterChoice, TableSetup
from pacomply.engine.simulation.runner import ChunkTask, SimulationPlan, run, run_chunk
from pacomply.engine.simulation.shoe import ShoeSpec

MODULE = "pacomply.engine.simulation.blackjack"


def _setups() -> dict[str, TableSetup]:
    shoe = ShoeSpec(decks=6)
    everything = TableSetup("633a", (), "C", shoe)
    everything = TableSetup("633a", (), "C", shoe, meters=blackjack.ROUND_GAME.meters(everything, MeterChoice()))
    return {
        "base game only": TableSetup("633a", ("base",), None, shoe),
        "every standard-table wager": everything,
        "Switch table (switch, Super Match)": TableSetup("633a", ("switch", "super_match"), None, shoe),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=40_000)
    rounds = parser.parse_args().rounds
    print(f"rounds per measurement: {rounds}")
    base_rate = None
    for name, setup in _setups().items():
        run_chunk(ChunkTask(MODULE, setup, 1, 0, 50))  # warm-up: the strategy policy and the analysis caches
        start = time.perf_counter()
        run_chunk(ChunkTask(MODULE, setup, 1, 1, rounds))
        one = rounds / (time.perf_counter() - start)
        start = time.perf_counter()
        run(SimulationPlan(MODULE, setup, rounds, 1, rounds // 4), workers=2)
        two = rounds / (time.perf_counter() - start)
        base_rate = base_rate or one
        print(
            f"633a {name:<34} 1 worker {one:>9,.0f} rounds/s (x{one / base_rate:.2f} of the base game) | "
            f"2 processes {two:>9,.0f} rounds/s (x{two / one:.2f})"
        )


if __name__ == "__main__":
    main()
