"""Benchmark ``pacomply validate`` of every example filing against the 686a one, in the same run (issue #27).

Run from the repository root: ``python bench/validate.py [--repeat 3] [--skip-cold] [--published]``.

Every figure is the wall time of ``python -m pacomply -q validate FILING -f json`` in a fresh process, as a user
runs it, reported with its ratio to the 686a compliant filing measured in the same run (the machine is shared, so
only ratios compare across runs):

* **warm**: the caches and the figure store as a user has them after one run (each filing is run once first);
  the best of ``--repeat`` runs.
* **cold**: an empty cache folder (``PACOMPLY_CACHE_DIR`` pointing at a new temporary folder: numba's kernels
  compiled again, no user-cache figures) with the shipped figures, as on a fresh install; one run per filing,
  and its ratio to the same filing's warm run.
* ``--published``: ``pacomply published`` for all chapters, warm, and with ``NUMBA_NUM_THREADS`` 1 and all CPUs.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from cold_start import _environment  # this folder is on the path when a benchmark runs as a script
from pacomply.regulations.chapters import chapter_ids

ROOT = Path(__file__).resolve().parents[1]
#: Every supported chapter, from the chapter descriptors.
CHAPTERS = chapter_ids()
ANCHOR = "examples/686a-compliant.xlsx"


def _run(arguments: list[str], environment: dict[str, str]) -> float:
    start = time.perf_counter()
    completed = subprocess.run(
        [sys.executable, "-m", "pacomply", "-q", *arguments],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        check=False,
    )
    elapsed = time.perf_counter() - start
    if completed.returncode not in (0, 1):
        raise SystemExit(f"pacomply {' '.join(arguments)} failed ({completed.returncode}):\n{completed.stderr!r}")
    return elapsed


def _filings() -> list[str]:
    return [f"examples/{chapter}-{kind}.xlsx" for chapter in CHAPTERS for kind in ("compliant", "violations")]


def warm(repeat: int) -> dict[str, float]:
    environment = _environment()
    for filing in _filings():
        _run(["validate", filing, "-f", "json"], environment)  # caches as after a first run
    return {
        filing: min(_run(["validate", filing, "-f", "json"], environment) for _ in range(repeat))
        for filing in _filings()
    }


def cold(filings: list[str]) -> dict[str, float]:
    times = {}
    for filing in filings:
        with tempfile.TemporaryDirectory(prefix="pacomply-cold-") as folder:
            times[filing] = _run(["validate", filing, "-f", "json"], _environment(PACOMPLY_CACHE_DIR=folder))
    return times


def published() -> None:
    cpus = os.cpu_count() or 1
    environment = _environment()
    _run(["published", "-f", "json"], environment)
    anchor = _run(["validate", ANCHOR, "-f", "json"], environment)
    print(f"\npublished, all chapters (warm; anchor validate {ANCHOR} {anchor:.2f} s)")
    for threads in (1, cpus):
        seconds = _run(["published", "-f", "json"], _environment(NUMBA_NUM_THREADS=str(threads)))
        print(f"  NUMBA_NUM_THREADS={threads:<3} {seconds:7.2f} s  {seconds / anchor:6.2f} x the anchor")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--skip-cold", action="store_true")
    parser.add_argument("--published", action="store_true")
    arguments = parser.parse_args()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"{os.cpu_count()} CPUs, load average {load:.2f} at the start")
    warm_times = warm(arguments.repeat)
    anchor = warm_times[ANCHOR]
    cold_times = {} if arguments.skip_cold else cold(_filings())
    print(
        f"{'filing':38} {'warm s':>7} {'x 686a':>7}"
        + ("" if arguments.skip_cold else f" {'cold s':>7} {'cold/warm':>9}")
    )
    for filing, seconds in warm_times.items():
        line = f"{filing:38} {seconds:7.2f} {seconds / anchor:7.2f}"
        if filing in cold_times:
            line += f" {cold_times[filing]:7.2f} {cold_times[filing] / seconds:9.2f}"
        print(line)
    if arguments.published:
        published()


if __name__ == "__main__":
    main()
