"""Benchmark of ``pacomply published`` for all seven chapters (issue #15; target: at most 30 s on 2 cores from warm
caches), with anchors timed in the same run so that the figure can be compared across machines and loads.

Each command runs in a fresh process, as a user runs it: numba kernels and the evaluator's tables load from their
on-disk caches (a first run warms them and is not counted), nothing else carries over. The anchors are
``python -c pass`` (interpreter start) and ``pacomply edge 686a`` (the CLI's start-up plus a small exact
enumeration); the ratio of ``published`` to each is printed. Wall time and the CPU time of the command and its
worker processes are both shown, because the development machine is shared: CPU / 2 is what the command would take
on two idle cores.

Run: ``python bench/published.py [--repeat 3] [--jobs 2]``
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _children_cpu() -> float:
    """CPU seconds of finished child processes (NaN where the platform does not say, e.g. Windows)."""
    try:
        import resource
    except ImportError:
        return float("nan")
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _run(arguments: list[str]) -> tuple[float, float]:
    """Wall seconds and CPU seconds (user + system, its own workers included) of one fresh process."""
    before = _children_cpu()
    start = time.perf_counter()
    done = subprocess.run([sys.executable, *arguments], cwd=ROOT, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(arguments)} failed ({done.returncode}): {done.stderr[-2000:]}")
    return wall, _children_cpu() - before


def _load() -> str:
    return f"{os.getloadavg()[0]:.1f}" if hasattr(os, "getloadavg") else "n/a"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs of each command; the best is reported")
    parser.add_argument("--jobs", type=int, default=2, help="processes `published` runs its enumerations in")
    options = parser.parse_args()
    commands = {
        "python -c pass": ["-c", "pass"],
        "pacomply edge 686a": ["-m", "pacomply", "edge", "686a", "--format", "json"],
        "pacomply published": ["-m", "pacomply", "published", "--format", "json", "--jobs", str(options.jobs)],
    }
    print(f"cores available: {os.cpu_count()}; load average before: {_load()}")
    _run(commands["pacomply published"][:])  # warm the on-disk caches; not counted
    best: dict[str, tuple[float, float]] = {}
    for label, arguments in commands.items():
        runs = [_run(arguments) for _ in range(options.repeat)]
        best[label] = min(runs)
        wall, cpu = best[label]
        print(f"{label:<22} best wall {wall:8.2f} s   cpu {cpu:8.2f} s   (cpu / 2 = {cpu / 2:6.2f} s)")
    wall, cpu = best["pacomply published"]
    for anchor in ("python -c pass", "pacomply edge 686a"):
        anchor_wall, anchor_cpu = best[anchor]
        print(f"published / {anchor:<20} wall x{wall / anchor_wall:8.1f}   cpu x{cpu / max(anchor_cpu, 1e-9):8.1f}")
    verdict = "meets" if wall <= 30 else "misses"
    print(f"target: at most 30 s on 2 cores: {verdict} it at {wall:.1f} s wall (load average now {_load()})")


if __name__ == "__main__":
    main()
