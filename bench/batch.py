"""Benchmark ``pacomply validate FOLDER -j N``: filings per second with one process and with more, in the same run
(issue #41).

Run from the repository root: ``python bench/batch.py [--counts 20 200 1000] [--jobs 1 2] [--repeat 3]``.

For each count (20, 70 and 1,000 by default) a folder of generated 686a filings (``bench/generate_filings.py``,
seed 686) is reviewed as a user runs it, ``pacomply -q validate FOLDER -f json -j N`` in a fresh process (its start
included), the job counts in turns for ``--repeat`` rounds, the best of each kept. Printed per count and job count:
wall seconds, filings per second, and the CPU seconds (user and system) of the process that runs the batch and of
its workers. On a shared machine the wall time follows the load and two processes may never run at once, so each
run is also timed by its critical path, in CPU seconds: the batch's process, or the CPU it had used when it handed
the batch out (the workers are forked then) plus a worker's (the workers' CPU, reaped before the batch ends,
shared among them), whichever is longer. That is about the wall time on an idle machine with a core per process.
The last lines give ``-j N`` against ``-j 1`` for every count: the wall ratio of the same run (below 1: faster),
the critical-path ratio and the CPU ratio. Every run's output must be byte for byte that of ``-j 1`` (the bench
stops otherwise).

``--documents`` measures the staff's batch instead: the example filings (``examples/*.xlsx`` and ``*.json``, 28)
reviewed into a folder with ``-f json,pdf,xlsx --output-dir`` (or the formats ``--formats`` names, ``xlsx`` for the
workbooks alone) against the same batch as text on standard output, each at every job count, in turns, best of
``--repeat``: the ratio of the documents' batch to the text batch at the same job count, in wall seconds, in CPU
seconds and by the critical path (as above), from the same run. The folders written must be byte for byte alike.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from generate_filings import write  # this folder is on the path when a benchmark runs as a script

ROOT = Path(__file__).resolve().parents[1]
REVIEW_DATE = "2026-11-02"  # fixed, so that every run's output can be compared byte for byte


def _environment() -> dict[str, str]:
    """This process's environment without the variables pacomply sets itself (the user's caches stay), and without
    ``PYTHONDONTWRITEBYTECODE`` (which would compile every module again in every run, as no installed copy does)."""
    return {
        key: value
        for key, value in os.environ.items()
        if key not in {"PACOMPLY_CACHE_DIR", "NUMBA_CACHE_DIR", "NUMBA_NUM_THREADS", "PYTHONDONTWRITEBYTECODE"}
    }


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


# ``python -m pacomply`` with the process's own CPU seconds, its workers' (all of them, reaped by the batch before it
# ends) and its CPU seconds when it handed the batch out, written to the file named first; pacomply is unchanged.
_TIMED = """
import json, resource, sys, time
from pacomply import review_workers
record = {"handed_out": None, "workers": 0}
target = sys.argv.pop(1)
hand_out = review_workers.ReviewWorkers.hand_out
def timed_hand_out(self, batch):
    record["handed_out"] = time.process_time()
    hand_out(self, batch)
    record["workers"] = len(self.processes)
review_workers.ReviewWorkers.hand_out = timed_hand_out
sys.argv[0] = "pacomply"
try:
    from pacomply.cli import main
    main()
finally:
    record["self"] = time.process_time()
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    record["children"] = usage.ru_utime + usage.ru_stime
    with open(target, "w") as file:
        json.dump(record, file)
"""


@dataclass(frozen=True)
class Run:
    """One batch review: wall seconds, and CPU seconds of its process, of its workers, and at the hand-out."""

    wall: float
    cpu: float
    own: float
    workers: int
    workers_cpu: float
    handed_out: float | None

    @property
    def critical_path(self) -> float:
        """The CPU seconds on the longest chain: the batch's process, or the hand-out and a worker's share of the
        workers' CPU (their mean: with one worker, its own)."""
        if not self.workers or self.handed_out is None:
            return self.own
        return max(self.own, self.handed_out + self.workers_cpu / self.workers)


def run(folder: Path, jobs: int) -> tuple[Run, bytes]:
    """The timings and the stdout of one batch review."""
    with tempfile.TemporaryDirectory(prefix="pacomply-batch-times-") as temporary:
        record_file = Path(temporary) / "times.json"
        command = [sys.executable, "-c", _TIMED, str(record_file), "-q", "validate", str(folder), "-f", "json",
                   "-j", str(jobs), "--review-date", REVIEW_DATE]  # fmt: skip
        wall, cpu, completed = _timed(command)
        record = json.loads(record_file.read_text())
    timed = Run(wall, cpu, record["self"], record["workers"], record["children"], record["handed_out"])
    return timed, completed.stdout


def _documents(jobs: int, folder: Path, into: Path | None, formats: str) -> tuple[Run, bytes]:
    """The timings and the output (stdout, or the files written) of the examples' batch: as text, or (``into``) as
    files of ``formats``."""
    options = ["-f", formats, "--output-dir", str(into)] if into else ["-f", "text"]
    with tempfile.TemporaryDirectory(prefix="pacomply-batch-times-") as temporary:
        record_file = Path(temporary) / "times.json"
        command = [sys.executable, "-c", _TIMED, str(record_file), "-q", "validate", str(folder), "-j", str(jobs),
                   "--review-date", REVIEW_DATE, *options]  # fmt: skip
        wall, cpu, completed = _timed(command)
        record = json.loads(record_file.read_text())
    timed = Run(wall, cpu, record["self"], record["workers"], record["children"], record["handed_out"])
    if into is None:
        return timed, completed.stdout
    written = b"".join(path.name.encode() + path.read_bytes() for path in sorted(into.iterdir()))
    return timed, written


def _timed(command: list[str]) -> tuple[float, float, subprocess.CompletedProcess[bytes]]:
    """Run one batch review as a user does: its wall seconds, the CPU seconds of its process tree, and its output
    (exit 0 or 1, a verdict; anything else stops the bench)."""
    cpu = _children_cpu()
    start = time.perf_counter()
    completed = subprocess.run(command, cwd=ROOT, env=_environment(), capture_output=True, check=False)
    wall = time.perf_counter() - start
    if completed.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(command)} failed ({completed.returncode}):\n{completed.stderr.decode()}")
    return wall, _children_cpu() - cpu, completed


def documents(jobs_list: list[int], repeat: int, formats: str = "json,pdf,xlsx") -> None:
    """The examples' batch with its documents against the same batch as text (issue #41 item 3)."""
    with tempfile.TemporaryDirectory(prefix="pacomply-documents-") as temporary:
        folder = Path(temporary) / "filings"
        folder.mkdir()
        for path in sorted((ROOT / "examples").iterdir()):
            if path.suffix in {".xlsx", ".json"}:
                (folder / path.name).write_bytes(path.read_bytes())
        count = len(list(folder.iterdir()))
        best: dict[tuple[int, bool], tuple[float, ...]] = {}
        reference: dict[bool, bytes] = {}
        for round_number in range(repeat):
            for jobs in jobs_list:
                for with_documents in (False, True):
                    into = Path(temporary) / f"out-{round_number}-{jobs}" if with_documents else None
                    timed, output = _documents(jobs, folder, into, formats)
                    if reference.setdefault(with_documents, output) != output:
                        raise SystemExit(f"-j {jobs} wrote other bytes than the first run")
                    key = (jobs, with_documents)
                    measured = (timed.wall, timed.cpu, timed.critical_path)
                    previous = best.get(key)
                    best[key] = tuple(map(min, previous, measured)) if previous else measured
        print(f"\n{count} example filings: -f {formats} --output-dir against -f text, same job count (critical path:"
              " the CPU seconds of the longest chain, about the wall time on an idle machine)")  # fmt: skip
        for jobs in jobs_list:
            (text_wall, text_cpu, text_path), (wall, cpu, path) = best[(jobs, False)], best[(jobs, True)]
            print(f"  -j {jobs}   text {text_wall:6.2f} s (CPU {text_cpu:5.2f} s, critical path {text_path:5.2f} s)   "
                  f"documents {wall:6.2f} s (CPU {cpu:5.2f} s, critical path {path:5.2f} s)   "
                  f"{wall / text_wall:5.2f} x wall   {cpu / text_cpu:5.2f} x CPU   {path / text_path:5.2f} x critical "
                  "path")  # fmt: skip
        print("  output identical for every -j")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--counts", type=int, nargs="+", default=[20, 70, 1000])
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--documents", action="store_true", help="the examples' batch with its documents instead")
    parser.add_argument("--formats", default="json,pdf,xlsx", help="the documents' formats (--documents)")
    arguments = parser.parse_args()
    jobs_list = sorted(set(arguments.jobs) | {1})
    if arguments.documents:
        documents(jobs_list, arguments.repeat, arguments.formats)
        return
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"validate FOLDER -f json -j N, fresh process each, best of {arguments.repeat} (load {load:.1f}, "
          f"{os.cpu_count()} CPUs)")  # fmt: skip
    ratios: list[str] = []
    with tempfile.TemporaryDirectory(prefix="pacomply-batch-") as temporary:
        for count in arguments.counts:
            folder = Path(temporary) / f"filings-{count}"
            write(folder, count, 686)
            run(folder, 1)  # warm: caches and bytecode as after a first run
            walls: dict[int, float] = {}
            paths: dict[int, Run] = {}
            reference: bytes | None = None
            for _ in range(arguments.repeat):
                for jobs in jobs_list:
                    timed, output = run(folder, jobs)
                    reference = output if reference is None else reference
                    if output != reference:
                        raise SystemExit(f"-j {jobs} wrote other bytes than -j 1 for {count} filings")
                    walls[jobs] = min(walls.get(jobs, timed.wall), timed.wall)
                    if jobs not in paths or timed.critical_path < paths[jobs].critical_path:
                        paths[jobs] = timed
            print(f"\n{count} filings")
            for jobs in jobs_list:
                timed = paths[jobs]
                handed = f", handed out at {timed.handed_out:.2f} s" if timed.handed_out is not None else ""
                workers = f"{timed.workers} worker(s) {timed.workers_cpu:.2f} s" if timed.workers else "no worker"
                print(f"  -j {jobs}   wall {walls[jobs]:6.2f} s  {count / walls[jobs]:7.1f} filings/s   CPU "
                      f"{timed.cpu:6.2f} s (batch process {timed.own:.2f} s{handed}; {workers})   critical path "
                      f"{timed.critical_path:6.2f} s")  # fmt: skip
            print("  output identical for every -j")
            for jobs in jobs_list[1:]:
                ratios.append(
                    f"  {count:>5} filings   -j {jobs} / -j 1:  wall {walls[jobs] / walls[1]:5.2f}   critical path "
                    f"{paths[jobs].critical_path / paths[1].critical_path:5.2f}   CPU "
                    f"{paths[jobs].cpu / paths[1].cpu:5.2f}"
                )
    print("\ntime of -j N over the time of -j 1, same run (below 1: -j N is faster)")
    print("\n".join(ratios))


if __name__ == "__main__":
    main()
