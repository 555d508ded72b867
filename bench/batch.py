"""Benchmark ``pacomply validate FOLDER -j N``: filings per second with one process and with more, in the same run
(issue #41).

Run from the repository root: ``python bench/batch.py [--counts 20 200 1000] [--jobs 1 2] [--repeat 3]``.

For each count a folder of generated 686a filings (``bench/generate_filings.py``, seed 686) is reviewed as a user
runs it, ``python -m pacomply -q validate FOLDER -f json -j N`` in a fresh process (its start included), the job
counts in turns for ``--repeat`` rounds, the best of each kept. Printed per count and job count: wall seconds,
filings per second, the ratio to ``-j 1`` measured in the same run, and the CPU seconds the run used (user and
system, the workers included): on a shared machine the wall time follows the load, the CPU time does not.
Every run's output must be byte for byte that of ``-j 1`` (the bench stops otherwise).
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from generate_filings import write  # this folder is on the path when a benchmark runs as a script

ROOT = Path(__file__).resolve().parents[1]
REVIEW_DATE = "2026-11-02"  # fixed, so that every run's output can be compared byte for byte


def _environment() -> dict[str, str]:
    """This process's environment without the variables pacomply sets itself (the user's caches stay)."""
    return {
        key: value
        for key, value in os.environ.items()
        if key not in {"PACOMPLY_CACHE_DIR", "NUMBA_CACHE_DIR", "NUMBA_NUM_THREADS"}
    }


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run(folder: Path, jobs: int) -> tuple[float, float, bytes]:
    """Wall seconds, CPU seconds and stdout of one batch review."""
    command = [sys.executable, "-m", "pacomply", "-q", "validate", str(folder), "-f", "json", "-j", str(jobs),
               "--review-date", REVIEW_DATE]  # fmt: skip
    cpu = _children_cpu()
    start = time.perf_counter()
    completed = subprocess.run(command, cwd=ROOT, env=_environment(), capture_output=True, check=False)
    wall = time.perf_counter() - start
    if completed.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(command)} failed ({completed.returncode}):\n{completed.stderr.decode()}")
    return wall, _children_cpu() - cpu, completed.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--counts", type=int, nargs="+", default=[20, 200, 1000])
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--repeat", type=int, default=3)
    arguments = parser.parse_args()
    jobs_list = sorted(set(arguments.jobs) | {1})
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"validate FOLDER -f json -j N, fresh process each, best of {arguments.repeat} (load {load:.1f}, "
          f"{os.cpu_count()} CPUs)")  # fmt: skip
    with tempfile.TemporaryDirectory(prefix="pacomply-batch-") as temporary:
        for count in arguments.counts:
            folder = Path(temporary) / f"filings-{count}"
            write(folder, count, 686)
            run(folder, 1)  # warm: caches and bytecode as after a first run
            best: dict[int, tuple[float, float]] = {}
            reference: bytes | None = None
            for _ in range(arguments.repeat):
                for jobs in jobs_list:
                    wall, cpu, output = run(folder, jobs)
                    reference = output if reference is None else reference
                    if output != reference:
                        raise SystemExit(f"-j {jobs} wrote other bytes than -j 1 for {count} filings")
                    if jobs not in best or wall < best[jobs][0]:
                        best[jobs] = (wall, cpu)
            anchor = best[1][0]
            print(f"\n{count} filings")
            for jobs in jobs_list:
                wall, cpu = best[jobs]
                print(f"  -j {jobs}   {wall:6.2f} s   {count / wall:7.1f} filings/s   {anchor / wall:4.2f} x -j 1's "
                      f"speed   CPU {cpu:6.2f} s")  # fmt: skip
            print("  output identical for every -j")


if __name__ == "__main__":
    main()
