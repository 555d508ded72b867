"""Benchmark of batch review and report rendering. Prints figures and ratios; asserts nothing.

1. 1,000 generated filings (bench/generate_filings.py) reviewed with a JSON report each, written into a folder:
   in-process with 1 and 2 worker processes, and end to end through ``pacomply validate DIR --output-dir``.
   Budget: 60 s on 2 cores.
2. PDF and Excel rendering per filing (the 686a examples, and generated filings with up to 8 tables).

    python bench/reports.py [--count 1000] [--pdf-samples 10]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPOSITORY))

from pacomply.checker.review import review_filing  # noqa: E402
from pacomply.reports.interface import ReportFormat, renderer  # noqa: E402
from pacomply.submissions import read_filing  # noqa: E402

from bench.generate_filings import write as write_filings  # noqa: E402
from pacomply.review_service import review_paths, write_reports  # noqa: E402

BUDGET_SECONDS = 60.0


def _batch(paths: list[Path], out: Path, jobs: int) -> tuple[float, int]:
    start = time.perf_counter()
    outcomes = review_paths(paths, jobs=jobs)
    reviewed = time.perf_counter()
    write_reports(outcomes, out, [ReportFormat.JSON], paths)
    done = time.perf_counter()
    print(
        f"  jobs={jobs}: read + review {reviewed - start:.2f} s, render JSON + write atomically {done - reviewed:.2f} s"
    )
    return done - start, sum(1 for outcome in outcomes if outcome.review is not None)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--pdf-samples", type=int, default=10)
    arguments = parser.parse_args()
    print(f"cpu cores visible: {os.cpu_count()}")
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary) / "filings"
        start = time.perf_counter()
        paths = write_filings(folder, arguments.count, seed=686)
        print(f"generated {len(paths)} filings in {time.perf_counter() - start:.2f} s")

        results = {}
        for jobs in (1, 2):
            seconds, reviewed = _batch(paths, Path(temporary) / f"out-{jobs}", jobs)
            results[jobs] = seconds
            print(
                f"in-process batch, jobs={jobs}: {reviewed} filings reviewed + JSON written in {seconds:.2f} s "
                f"({seconds / len(paths) * 1000:.2f} ms/filing; {seconds / BUDGET_SECONDS:.1%} of the 60 s budget)"
            )
        print(f"speed-up with 2 workers: {results[1] / results[2]:.2f}x")
        for size in (len(paths) // 4, len(paths) // 2, len(paths)):
            start = time.perf_counter()
            review_paths(paths[:size])
            seconds = time.perf_counter() - start
            print(
                f"scaling, read + review only: {size:>5} filings in {seconds:.2f} s "
                f"({seconds / size * 1000:.2f} ms each)"
            )

        command = [sys.executable, "-m", "pacomply", "validate", str(folder), "--output-dir",
                   str(Path(temporary) / "cli"), "--format", "json"]  # fmt: skip
        start = time.perf_counter()
        completed = subprocess.run(command, cwd=REPOSITORY, capture_output=True, text=True, check=False)
        seconds = time.perf_counter() - start
        print(
            f"pacomply validate DIR --output-dir OUT -f json (end to end, 1 process): {seconds:.2f} s, exit "
            f"{completed.returncode}; {completed.stderr.strip().splitlines()[-1] if completed.stderr.strip() else ''}"
        )
        print(f"  {seconds / BUDGET_SECONDS:.1%} of the 60 s budget")

        samples = [REPOSITORY / "examples" / "686a-violations.xlsx", REPOSITORY / "examples" / "686a-compliant.xlsx"]
        samples += paths[: max(0, arguments.pdf_samples - len(samples))]
        reviews = [review_filing(read_filing(path)) for path in samples]
        for report_format in (ReportFormat.PDF, ReportFormat.XLSX, ReportFormat.JSON):
            report_renderer = renderer(report_format)
            report_renderer.render(reviews[0])  # warm: fonts registered, modules imported
            timings, sizes = [], []
            for review in reviews:
                start = time.perf_counter()
                data = report_renderer.render(review)
                timings.append(time.perf_counter() - start)
                sizes.append(len(data))
            print(
                f"{report_format.value:>5} per filing: median {statistics.median(timings) * 1000:.1f} ms, "
                f"max {max(timings) * 1000:.1f} ms, median size {statistics.median(sizes) / 1024:.0f} KiB "
                f"({len(reviews)} filings)"
            )


if __name__ == "__main__":
    main()
