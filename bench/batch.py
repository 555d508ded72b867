"""Benchmark ``pacomply validate FOLDER -j N``: filings per second with one process and with more, in the same run
(issue #41).

Run from the repository root: ``python bench/batch.py [--counts 20 200 1000] [--jobs 1 2] [--repeat 3]``.

For each count a folder of generated 686a filings (``bench/generate_filings.py``, seed 686) is reviewed as a user
runs it, ``python -m pacomply -q validate FOLDER -f json -j N`` in a fresh process (its start included), the job
counts in turns for ``--repeat`` rounds, the best of each kept. Printed per count and job count: wall seconds,
filings per second, the ratio to ``-j 1`` measured in the same run, and the CPU seconds the run used (user and
system, the workers included): on a shared machine the wall time follows the load, the CPU time does not.
Every run's output must be byte for byte that of ``-j 1`` (the bench stops otherwise).

``--documents`` measures the staff's batch instead: the example filings (``examples/*.xlsx`` and ``*.json``, 28)
reviewed into a folder with ``-f json,pdf,xlsx --output-dir`` against the same batch as text on standard output,
each at every job count, in turns, best of ``--repeat``: the ratio of the documents' batch to the text batch at the
same job count, in wall and in CPU seconds, from the same run. The folders written must be byte for byte alike.
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


def _documents(jobs: int, folder: Path, into: Path | None) -> tuple[float, float, bytes]:
    """Wall seconds, CPU seconds and the output (stdout, or the files written) of the examples' batch: as text, or
    (``into``) as JSON, PDF and workbook files."""
    formats = ["-f", "json,pdf,xlsx", "--output-dir", str(into)] if into else ["-f", "text"]
    command = [sys.executable, "-m", "pacomply", "-q", "validate", str(folder), "-j", str(jobs), "--review-date",
               REVIEW_DATE, *formats]  # fmt: skip
    cpu = _children_cpu()
    start = time.perf_counter()
    completed = subprocess.run(command, cwd=ROOT, env=_environment(), capture_output=True, check=False)
    wall = time.perf_counter() - start
    if completed.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(command)} failed ({completed.returncode}):\n{completed.stderr.decode()}")
    if into is None:
        return wall, _children_cpu() - cpu, completed.stdout
    written = b"".join(path.name.encode() + path.read_bytes() for path in sorted(into.iterdir()))
    return wall, _children_cpu() - cpu, written


def documents(jobs_list: list[int], repeat: int) -> None:
    """The examples' batch with its documents against the same batch as text (issue #41 item 3)."""
    with tempfile.TemporaryDirectory(prefix="pacomply-documents-") as temporary:
        folder = Path(temporary) / "filings"
        folder.mkdir()
        for path in sorted((ROOT / "examples").iterdir()):
            if path.suffix in {".xlsx", ".json"}:
                (folder / path.name).write_bytes(path.read_bytes())
        count = len(list(folder.iterdir()))
        best: dict[tuple[int, bool], tuple[float, float]] = {}
        reference: dict[bool, bytes] = {}
        for round_number in range(repeat):
            for jobs in jobs_list:
                for with_documents in (False, True):
                    into = Path(temporary) / f"out-{round_number}-{jobs}" if with_documents else None
                    wall, cpu, output = _documents(jobs, folder, into)
                    if reference.setdefault(with_documents, output) != output:
                        raise SystemExit(f"-j {jobs} wrote other bytes than the first run")
                    key = (jobs, with_documents)
                    previous = best.get(key)
                    best[key] = (min(wall, previous[0]), min(cpu, previous[1])) if previous else (wall, cpu)
        print(f"\n{count} example filings: -f json,pdf,xlsx --output-dir against -f text, same job count")
        for jobs in jobs_list:
            (text_wall, text_cpu), (wall, cpu) = best[(jobs, False)], best[(jobs, True)]
            print(f"  -j {jobs}   text {text_wall:6.2f} s (CPU {text_cpu:5.2f} s)   documents {wall:6.2f} s "
                  f"(CPU {cpu:5.2f} s)   {wall / text_wall:5.2f} x wall   {cpu / text_cpu:5.2f} x CPU")  # fmt: skip
        print("  output identical for every -j")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--counts", type=int, nargs="+", default=[20, 200, 1000])
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--documents", action="store_true", help="the examples' batch with its documents instead")
    arguments = parser.parse_args()
    jobs_list = sorted(set(arguments.jobs) | {1})
    if arguments.documents:
        documents(jobs_list, arguments.repeat)
        return
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
