"""The long fuzz run: the property suite of tests/fuzz at 10,000 cases (or N), timed, with its result.

Run: python bench/fuzz.py [CASES] [WORKERS]   (defaults 10000 cases, 2 workers)

Prints the number of cases per property, the wall and CPU time, cases per second, and pytest's verdict.
The cases are derandomised, so a run of the same size always tries the same inputs.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import time
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parent.parent


def main() -> int:
    cases = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    workers = sys.argv[2] if len(sys.argv) > 2 else "2"
    sys.path.insert(0, str(REPOSITORY))
    os.environ["PACOMPLY_FUZZ_TOTAL"] = str(cases)
    from tests.fuzz.test_fuzz_filings import WEIGHTS  # the same split CI uses

    planned = {name: max(1, round(cases * weight)) for name, weight in WEIGHTS.items()}
    print(f"fuzz: {sum(planned.values()):,} cases on {workers} worker(s)")
    for name, count in planned.items():
        print(f"  {name:<16}{count:>7,}")
    started = time.perf_counter()
    completed = subprocess.run(
        [sys.executable, "-m", "pytest", "tests/fuzz", "-q", "-n", workers, "-p", "no:cacheprovider"],
        cwd=REPOSITORY,
        env=os.environ | {"PACOMPLY_FUZZ_TOTAL": str(cases)},
        capture_output=True,
        text=True,
        check=False,
    )
    wall = time.perf_counter() - started
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = usage.ru_utime + usage.ru_stime
    summary = completed.stdout.strip().splitlines()[-1] if completed.stdout.strip() else "(no output)"
    print(
        f"wall {wall:.1f} s, CPU {cpu:.1f} s, {sum(planned.values()) / wall:.1f} cases/s wall, "
        f"{sum(planned.values()) / cpu:.1f} cases/CPU-s"
    )
    print(f"pytest: {summary}")
    if "warnings summary" in completed.stdout:
        print(completed.stdout[completed.stdout.index("warnings summary") :][:3000])
    if completed.returncode != 0:
        print(completed.stdout[-5000:])
        print(completed.stderr[-2000:], file=sys.stderr)
    return completed.returncode


if __name__ == "__main__":
    raise SystemExit(main())
