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

``--timeline`` (with ``--documents`` or alone, for the first ``--counts``) runs each batch once more per job count
with every process's steps recorded (where workers are forked, as on Linux: a spawned worker records nothing) and
prints its timeline: for each process when it started and stopped (wall seconds from the start of the batch's
process, and its CPU seconds), when the batch was handed out, each filing it took with its reading, review and
renderings, and at the end the CPU each process spent after the hand-out and how long the first to finish waited
for the last. That is where ``-j 2``'s wall time goes beyond half its CPU: the part before the hand-out, which one
process works alone, and the wait at the end.
"""

from __future__ import annotations

import argparse
import itertools
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


# ``python -m pacomply`` with each step of every process recorded as one JSON line (process id, wall seconds since the
# batch's process started, that process's CPU seconds, the step, the filing, the format) in the file named first; the
# workers forked from this process record theirs too. pacomply is unchanged.
_RECORDED = """
import json, os, sys, time
from pathlib import Path
started = time.monotonic()
log = sys.argv.pop(1)
def record(step, filing="", report_format=""):
    with open(log, "a", encoding="utf-8") as stream:
        stream.write(json.dumps([os.getpid(), time.monotonic() - started, time.process_time(), step, filing,
                                 report_format]) + "\\n")
record("start")
from pacomply import review_service, review_workers
read_filing, review_path, renderer = review_service.read_filing, review_service.review_path, review_service.renderer
def reading(path):
    record("read", path.name)
    return read_filing(path)
def reviewing(path, *rest):
    record("take", path.name)
    try:
        return review_path(path, *rest)
    finally:
        record("done", path.name)
class Recorded:  # the renderer is looked up (its module imported on first use) inside the rendering recorded
    def __init__(self, report_format):
        self.report_format = report_format
    def render(self, review):
        record("render", Path(review.filing.source).name, self.report_format.value)
        return renderer(self.report_format).render(review)
review_service.read_filing, review_service.review_path, review_service.renderer = reading, reviewing, Recorded
hand_out = review_workers.ReviewWorkers.hand_out
def recorded_hand_out(self, batch):
    record("hand-out")
    hand_out(self, batch)
review_workers.ReviewWorkers.hand_out = recorded_hand_out
sys.argv[0] = "pacomply"
try:
    from pacomply.cli import main
    main()
finally:
    record("stop")
"""


@dataclass(frozen=True)
class Step:
    """One recorded step of one process of a batch."""

    process: int
    wall: float
    cpu: float
    what: str
    filing: str
    report_format: str


def timeline(folder: Path, jobs: int, options: list[str]) -> list[Step]:
    """The recorded steps of one batch review of ``folder`` with ``jobs`` processes and ``options``."""
    with tempfile.TemporaryDirectory(prefix="pacomply-batch-timeline-") as temporary:
        log = Path(temporary) / "steps.jsonl"
        command = [sys.executable, "-c", _RECORDED, str(log), "-q", "validate", str(folder), "-j", str(jobs),
                   "--review-date", REVIEW_DATE, *options]  # fmt: skip
        _timed(command)
        return [Step(*json.loads(line)) for line in log.read_text().splitlines()]


def print_timeline(title: str, steps: list[Step]) -> None:
    """Each process's steps, then what each spent after the hand-out and the wait at the end."""
    processes = list(dict.fromkeys(step.process for step in steps))
    names = {process: "batch" if number == 0 else f"worker {number}" for number, process in enumerate(processes)}
    handed = next((step for step in steps if step.what == "hand-out"), None)
    print(f"\n{title}")
    for process in processes:
        own = [step for step in steps if step.process == process]
        print(f"  {names[process]}: first step at {own[0].wall:.3f} s (CPU {own[0].cpu:.3f} s)")
        for step in own:
            if step.what == "take":
                finished = next(later for later in own if later.what == "done" and later.filing == step.filing
                                and later.wall >= step.wall)  # fmt: skip
                renders = [later for later in own if later.what == "render" and later.filing == step.filing
                           and step.wall <= later.wall <= finished.wall]  # fmt: skip
                marks = [step, *renders, finished]
                parts = [f"{(first.report_format or 'review')} {second.cpu - first.cpu:.3f}"
                         for first, second in itertools.pairwise(marks)]  # fmt: skip
                print(
                    f"    {step.wall:7.3f}-{finished.wall:7.3f} s  CPU {finished.cpu - step.cpu:.3f} s  "
                    f"{step.filing}  ({', '.join(parts)})"
                )
            elif step.what in {"hand-out", "stop"}:
                print(f"    {step.wall:7.3f} s  {step.what} (CPU {step.cpu:.3f} s)")
    ends = {process: max(step.wall for step in steps if step.process == process and step.what in {"done", "stop"})
            for process in processes}  # fmt: skip
    last_done = {process: max((step.wall for step in steps if step.process == process and step.what == "done"),
                              default=0.0) for process in processes}  # fmt: skip
    if handed is not None:
        spent = []
        for process in processes:
            own = [step for step in steps if step.process == process and step.wall >= handed.wall]
            spent.append(f"{names[process]} {own[-1].cpu - (handed.cpu if process == handed.process else 0):.3f} s")
        print(f"  before the hand-out: {handed.wall:.3f} s (CPU {handed.cpu:.3f} s, the batch's process alone); "
              f"CPU after it: {', '.join(spent)}")  # fmt: skip
    finished = sorted(last_done.values())
    if len(finished) > 1:
        print(
            f"  last filing done: {', '.join(f'{names[p]} {last_done[p]:.3f} s' for p in processes)}; the first "
            f"to finish waited {finished[-1] - finished[0]:.3f} s; the batch ended at {max(ends.values()):.3f} s"
        )


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


def timelines(jobs_list: list[int], with_documents: bool, formats: str, count: int) -> None:
    """The timeline of each job count's batch: the examples with their documents and as text, or a generated folder
    of ``count`` filings (``-f json``)."""
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    with tempfile.TemporaryDirectory(prefix="pacomply-timeline-") as temporary:
        folder = Path(temporary) / "filings"
        if with_documents:
            folder.mkdir()
            for path in sorted((ROOT / "examples").iterdir()):
                if path.suffix in {".xlsx", ".json"}:
                    (folder / path.name).write_bytes(path.read_bytes())
            into = str(Path(temporary) / "out")
            batches = [("text", ["-f", "text"]), (formats, ["-f", formats, "--output-dir", into])]
        else:
            write(folder, count, 686)
            batches = [("json", ["-f", "json"])]
        timeline(folder, 1, batches[0][1])  # warm: caches and bytecode as after a first run
        for jobs in jobs_list:
            for label, options in batches:
                steps = timeline(folder, jobs, options)
                print_timeline(f"-j {jobs}, -f {label} (load {load:.1f})", steps)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--counts", type=int, nargs="+", default=[20, 70, 1000])
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--documents", action="store_true", help="the examples' batch with its documents instead")
    parser.add_argument("--formats", default="json,pdf,xlsx", help="the documents' formats (--documents)")
    parser.add_argument("--timeline", action="store_true", help="print each process's steps, once per job count")
    arguments = parser.parse_args()
    jobs_list = sorted(set(arguments.jobs) | {1})
    if arguments.timeline:
        timelines(jobs_list, arguments.documents, arguments.formats, arguments.counts[0])
        return
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
