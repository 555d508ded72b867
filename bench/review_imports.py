"""Benchmark a warm review of each chapter against the import floor, in the same run (issue #41).

Run from the repository root: ``python bench/review_imports.py [--repeat 5] [--chapters 686a 688a]
[--importtime 12]``.

The floor is ``python -c "import openpyxl"``: a review must read a workbook, so no review can start faster. Each
chapter's review is ``python -m pacomply -q validate examples/NNNa-compliant.xlsx`` (a text review, every figure
stored) in a fresh process, as a user runs it. The floor and the reviews are run in turns, ``--repeat`` rounds,
and the best of each is kept; every figure is printed with its ratio to the floor measured in the same run, because
the development machine is shared (only ratios compare across runs). Wall time and CPU time (user and system) are
both shown: on a loaded machine the wall time follows the load, the CPU time much less. The goal is a ratio of at
most 2.5 on an idle two-core machine.

``--importtime N`` also runs each review once under ``python -X importtime`` and prints its N costliest top-level
imports (cumulative), to show what is left to make lazy.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

from pacomply.regulations.chapters import chapter_ids

ROOT = Path(__file__).resolve().parents[1]
FLOOR = [sys.executable, "-c", "import openpyxl"]
GOAL = 2.5


def _environment() -> dict[str, str]:
    """This process's environment without the variables pacomply sets itself (the user's caches stay), and without
    ``PYTHONDONTWRITEBYTECODE``: with it, a source checkout's modules are compiled again on every run, which no
    installed copy does (an install writes their bytecode), so every review would be measured cold."""
    return {
        key: value
        for key, value in os.environ.items()
        if key not in {"PACOMPLY_CACHE_DIR", "NUMBA_CACHE_DIR", "NUMBA_NUM_THREADS", "PYTHONDONTWRITEBYTECODE"}
    }


def _review(chapter: str) -> list[str]:
    return [sys.executable, "-m", "pacomply", "-q", "validate", f"examples/{chapter}-compliant.xlsx"]


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _seconds(command: list[str]) -> tuple[float, float]:
    """Wall and CPU (user and system) seconds of one run."""
    cpu = _children_cpu()
    start = time.perf_counter()
    completed = subprocess.run(command, cwd=ROOT, env=_environment(), capture_output=True, check=False)
    elapsed = time.perf_counter() - start
    if completed.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(command)} failed ({completed.returncode}):\n{completed.stderr.decode()}")
    return elapsed, _children_cpu() - cpu


def _best(times: list[tuple[float, float]]) -> tuple[float, float]:
    return min(wall for wall, _ in times), min(cpu for _, cpu in times)


def measure(chapters: list[str], repeat: int) -> tuple[tuple[float, float], dict[str, tuple[float, float]]]:
    """The floor's and each chapter's best wall and best CPU seconds, run in turns so that load changes touch all
    alike."""
    for chapter in chapters:
        _seconds(_review(chapter))  # warm: the caches and bytecode as after a first run (the bytecode written here)
    floor: list[tuple[float, float]] = []
    reviews: dict[str, list[tuple[float, float]]] = {chapter: [] for chapter in chapters}
    for _ in range(repeat):
        floor.append(_seconds(FLOOR))
        for chapter in chapters:
            reviews[chapter].append(_seconds(_review(chapter)))
    return _best(floor), {chapter: _best(times) for chapter, times in reviews.items()}


def costliest_imports(chapter: str, count: int) -> list[tuple[float, str]]:
    """The ``count`` top-level imports of one review with the largest cumulative time (seconds, module)."""
    completed = subprocess.run(
        [sys.executable, "-X", "importtime", *_review(chapter)[1:]],
        cwd=ROOT,
        env=_environment(),
        capture_output=True,
        text=True,
        check=False,
    )
    found = []
    for line in completed.stderr.splitlines():
        if not line.startswith("import time:") or "cumulative" in line:
            continue
        _self, cumulative, name = line.removeprefix("import time:").split("|")
        if name.startswith("   "):  # one space after the bar, then two per level: a nested import
            continue
        found.append((int(cumulative) / 1e6, name.strip()))
    return sorted(found, reverse=True)[:count]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--chapters", nargs="+", default=list(chapter_ids()))
    parser.add_argument("--importtime", type=int, default=0, metavar="N")
    arguments = parser.parse_args()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"warm text review of each chapter's compliant example, best of {arguments.repeat} (load {load:.1f})")
    (floor_wall, floor_cpu), reviews = measure(arguments.chapters, arguments.repeat)
    print("                                       wall      ratio     CPU      ratio")
    print(f"  floor: python -c 'import openpyxl'  {floor_wall:5.2f} s   1.00 x   {floor_cpu:5.2f} s   1.00 x")
    for chapter, (wall, cpu) in reviews.items():
        mark = "" if wall / floor_wall <= GOAL else f"   (goal {GOAL} x)"
        print(f"  validate {chapter}                    {wall:5.2f} s  {wall / floor_wall:5.2f} x   {cpu:5.2f} s  "
              f"{cpu / floor_cpu:5.2f} x{mark}")  # fmt: skip
    for chapter in arguments.chapters if arguments.importtime else ():
        print(f"\ncostliest top-level imports of the {chapter} review (cumulative, one run)")
        for seconds, name in costliest_imports(chapter, arguments.importtime):
            print(f"  {seconds * 1000:7.0f} ms  {name}")


if __name__ == "__main__":
    main()
