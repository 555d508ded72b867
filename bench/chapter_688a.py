"""Benchmark of Face Up Pai Gow Poker (688a) math: the fully wild enumeration, the exact Ace High Bonus, the
base-game simulation throughput, and (with --precision) the base game to ±0.02 % at 95 %.

Run: python bench/chapter_688a.py [--precision] [--workers 2]
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pacomply.engine.analysis import face_up_pai_gow_poker as analysis
from pacomply.engine.evaluator import JokerRule, enumerate_seven_card_bonus
from pacomply.engine.simulation import Z_95
from pacomply.engine.simulation.pai_gow_poker import simulate_base, simulate_base_parallel

TARGET_HALF_WIDTH = 0.0002


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--precision", action="store_true", help="run the base game to ±0.02 % at 95 %")
    parser.add_argument("--workers", type=int, default=2)
    arguments = parser.parse_args()

    enumerate_seven_card_bonus(JokerRule.FULLY_WILD)  # compile
    start = time.perf_counter()
    enumeration = enumerate_seven_card_bonus(JokerRule.FULLY_WILD)
    seconds = time.perf_counter() - start
    print(
        f"fully wild C(53,7) enumeration: {enumeration.hands:,} hands in {seconds:.1f} s "
        f"({enumeration.hands / seconds / 1e6:.1f} M hands/s; {seconds / 60:.2f} of the 60 s target)"
    )

    analysis.ace_high_joint_counts.cache_clear()
    start = time.perf_counter()
    distribution = analysis.ace_high_distribution()
    print(
        f"exact Ace High Bonus joint distribution: {time.perf_counter() - start:.1f} s; "
        + ", ".join(f"{k}: {float(v):.6f}" for k, v in distribution.items())
    )

    simulate_base("688a", 1_000, 1)  # compile
    rounds = 500_000
    start = time.perf_counter()
    result, _ = simulate_base("688a", rounds, 2)
    seconds = time.perf_counter() - start
    rate = rounds / seconds
    needed = math.ceil((Z_95 * result.std_dev / TARGET_HALF_WIDTH) ** 2)
    print(
        f"688a base-game simulation: {rate:,.0f} rounds/s on one core (std dev {result.std_dev:.4f}); "
        f"±0.02 % at 95 % needs {needed:,} rounds ≈ {needed / rate / arguments.workers:.0f} s on "
        f"{arguments.workers} cores"
    )
    if arguments.precision:
        start = time.perf_counter()
        result, counts = simulate_base_parallel("688a", needed, 688_000, arguments.workers)
        low, high = result.ci95
        print(
            f"688a base game over {result.rounds:,} rounds in {time.perf_counter() - start:.0f} s: house edge "
            f"{result.house_edge * 100:.4f}% (95% CI {low * 100:.4f}% .. {high * 100:.4f}%, half-width "
            f"{(high - low) / 2 * 100:.4f}%)"
        )
        print(
            f"  Ace High outcomes seen: both {counts[0]:,}, dealer-with-joker {counts[1]:,}, "
            f"dealer-no-joker {counts[2]:,}, no ace high {counts[3]:,}"
        )


if __name__ == "__main__":
    main()
