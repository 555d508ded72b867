"""Benchmark the first run on a new machine and ``edge 633a`` on a machine other programs keep busy (issue #19).

Run from the repository root: ``python bench/cold_start.py [--filing examples/645a-compliant.xlsx]
[--edge-chapter 633a] [--skip-cold] [--skip-load]``.

Every figure is the wall time of ``python -m pacomply ...`` in a fresh process, as a user runs it, and every figure
is reported as a ratio to an anchor measured in the same run, because the development machine is shared:

* **cold cache**: ``validate FILING`` with an empty cache folder (``PACOMPLY_CACHE_DIR`` pointing at a new temporary
  folder, so numba's kernels and the evaluator's tables are built from nothing), then the same command again with
  the caches it left. Anchor: the warm run. The cold run's stderr is kept to show the first-run notice.
* **busy machine**: ``edge CHAPTER`` idle, then while one spinning process per CPU keeps every core busy, once with
  numba allowed a thread per CPU (``NUMBA_NUM_THREADS`` = CPUs, numba's own default) and once with pacomply's
  choice (the CPUs left free by the load average). Anchor: the idle run. The load runs for a minute before the
  loaded runs so that the one-minute load average pacomply reads has caught up with it.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _environment(**overrides: str) -> dict[str, str]:
    """This process's environment without the variables pacomply sets itself, plus ``overrides``."""
    environment = {
        key: value
        for key, value in os.environ.items()
        if key not in {"PACOMPLY_CACHE_DIR", "NUMBA_CACHE_DIR", "NUMBA_NUM_THREADS"}
    }
    environment.update(overrides)
    return environment


def _run(arguments: list[str], environment: dict[str, str]) -> tuple[float, str]:
    """Wall seconds of one ``python -m pacomply`` run, and its stderr."""
    start = time.perf_counter()
    completed = subprocess.run(
        [sys.executable, "-m", "pacomply", *arguments],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        check=False,
    )
    elapsed = time.perf_counter() - start
    if completed.returncode not in (0, 1):
        raise SystemExit(f"pacomply {' '.join(arguments)} failed ({completed.returncode}):\n{completed.stderr}")
    return elapsed, completed.stderr


def cold_cache(filing: str) -> None:
    with tempfile.TemporaryDirectory(prefix="pacomply-cold-") as folder:
        environment = _environment(PACOMPLY_CACHE_DIR=folder)
        cold, notice = _run(["validate", filing, "-f", "json"], environment)
        warm, _ = _run(["validate", filing, "-f", "json"], environment)
    first_line = next((line for line in notice.splitlines() if "first run" in line), "(no first-run notice)")
    print(f"cold cache: validate {filing}")
    print(f"  cold (empty cache folder)  {cold:7.1f} s   {cold / warm:5.1f} x the warm run")
    print(f"  warm (anchor)              {warm:7.1f} s    1.0 x")
    print(f"  notice on stderr: {first_line.strip()}")


def _spin(stop_at: float) -> None:
    while time.time() < stop_at:
        pass


def busy_machine(chapter: str, settle_seconds: float) -> None:
    cpus = os.cpu_count() or 1
    arguments = ["edge", chapter]
    # Warm the caches first so that no run below pays for compiling.
    _run(arguments, _environment())
    idle, _ = _run(arguments, _environment())
    load_average = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    stop_at = time.time() + settle_seconds + 3600
    spinners = [multiprocessing.Process(target=_spin, args=(stop_at,), daemon=True) for _ in range(cpus)]
    for spinner in spinners:
        spinner.start()
    try:
        time.sleep(settle_seconds)
        every_cpu, _ = _run(arguments, _environment(NUMBA_NUM_THREADS=str(cpus)))
        loaded_average = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
        chosen, _ = _run(arguments, _environment())
    finally:
        for spinner in spinners:
            spinner.terminate()
        for spinner in spinners:
            spinner.join()
    print(f"busy machine: edge {chapter}, {cpus} CPUs, {cpus} spinning processes added")
    print(f"  load average before the added load {load_average:.1f}, with it {loaded_average:.1f}")
    print(f"  idle (anchor)                          {idle:7.1f} s    1.0 x")
    print(f"  loaded, numba threads = {cpus} (default)   {every_cpu:7.1f} s   {every_cpu / idle:5.1f} x idle")
    print(f"  loaded, pacomply's bounded threads     {chosen:7.1f} s   {chosen / idle:5.1f} x idle")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--filing", default="examples/645a-compliant.xlsx")
    parser.add_argument("--edge-chapter", default="633a")
    parser.add_argument("--settle", type=float, default=60.0, help="seconds of load before the loaded runs")
    parser.add_argument("--skip-cold", action="store_true")
    parser.add_argument("--skip-load", action="store_true")
    options = parser.parse_args()
    if not options.skip_cold:
        cold_cache(options.filing)
    if not options.skip_load:
        busy_machine(options.edge_chapter, options.settle)


if __name__ == "__main__":
    main()
