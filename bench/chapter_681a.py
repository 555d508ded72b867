"""Benchmark the exact 21 Baccarat (681a) analyses: each wager at each deck count, every permitted Bonus paytable.

Run from the repository root: ``python bench/chapter_681a.py [--repeat 3]``. Wall time and this process's CPU time
are both printed (best of ``--repeat``, caches cleared before each run) because the development machine is shared.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pacomply.engine.analysis import twenty_one_baccarat as analysis
from pacomply.regulations.chapter_681a import BONUS_PAYTABLE_DECKS


def _clear() -> None:
    analysis.settlement_totals.cache_clear()
    analysis.bonus_categories.cache_clear()


def _time(work: Callable[[], object], repeat: int) -> tuple[float, float, object]:
    best_wall = best_cpu = float("inf")
    result: object = None
    for _ in range(repeat):
        _clear()
        wall, cpu = time.perf_counter(), time.process_time()
        result = work()
        best_wall = min(best_wall, time.perf_counter() - wall)
        best_cpu = min(best_cpu, time.process_time() - cpu)
    return best_wall, best_cpu, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3)
    repeat = parser.parse_args().repeat
    print(f"{'analysis':<34} {'wall s':>8} {'cpu s':>8}  house edge")
    total_cpu = 0.0
    jobs: list[tuple[str, Callable[[], object]]] = []
    for decks in (4, 8):
        jobs.append((f"player ({decks} decks)", lambda d=decks: analysis.side_wager("player", d)))
        jobs.append((f"banker ({decks} decks)", lambda d=decks: analysis.side_wager("banker", d)))
        jobs.append((f"tie ({decks} decks)", lambda d=decks: analysis.tie(d)))
    for paytable, decks in BONUS_PAYTABLE_DECKS.items():
        jobs.append((f"bonus paytable {paytable} ({decks} decks)", lambda p=paytable, d=decks: analysis.bonus(p, d)))
    for name, work in jobs:
        wall, cpu, result = _time(work, repeat)
        total_cpu += cpu
        print(f"{name:<34} {wall:8.3f} {cpu:8.3f}  {result.house_edge:.6%}")  # type: ignore[attr-defined]
    print(f"{'all 681a analyses (cold caches)':<34} {'':>8} {total_cpu:8.3f}")


if __name__ == "__main__":
    main()
