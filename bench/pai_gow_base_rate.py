"""Rounds per second of the 645a and 688a base-game simulation kernel on one core (the rate that sizes the figure
store's long samples, docs/figure-store.md): ``python bench/pai_gow_base_rate.py [ROUNDS]``.

Each game deals ROUNDS (default 1,000,000) rounds once after a short warm-up (numba's compilation), in this
process, and prints the rate and the hours 10^9 rounds would take at it."""

from __future__ import annotations

import sys
import time

from pacomply.engine.simulation.pai_gow_poker import simulate_shard


def main(rounds: int) -> None:
    for game in ("645a", "688a"):
        simulate_shard(game, 1_000, 1)
        start = time.perf_counter()
        simulate_shard(game, rounds, 2)
        seconds = time.perf_counter() - start
        rate = rounds / seconds
        hours = 1e9 / rate / 3600
        print(f"{game}: {rounds:,} rounds in {seconds:.1f} s = {rate:,.0f} rounds/s; 10^9 rounds: {hours:.2f} h")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000)
