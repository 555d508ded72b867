"""The long hostile-input run: structure-aware cases of every kind under a 2 GB address-space limit.

Run: python bench/fuzz.py [CASES] [WORKERS] [FIRST]   (defaults 20,000 cases, 2 workers, from case 0; POSIX only:
RLIMIT_AS). FIRST skips the plan's first cases, so a long run can be done in parts.

Kinds (tests/fuzz/cases.py): PDF streams and filters (decompression bombs in every spelling, a stream shared by
many pages, encryption), JSON size, nesting and numbers, TOML/YAML bombs in waiver and configuration files,
Unicode categories in every text field and in file names, sheet-name collisions, workbook cell defects, and byte
mutations of a workbook, a JSON filing and a PDF. Each case runs ``pacomply validate`` in-process (in a worker
limited to 2 GB of address space) with a random report format, and is judged: no traceback or exception, exit
0/1/2 only, every exit-2 problem located (sheet!cell, page, JSON path or line, else the file), the input
untouched, nothing written but the requested report. Cases are seeded: a run of the same size tries the same
inputs. Prints cases per kind, exit codes, violations, the slowest case, peak memory, wall and CPU time.
"""

from __future__ import annotations

import os
import resource
import sys
import time
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parent.parent


def main() -> int:
    cases = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000
    workers = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    first = int(sys.argv[3]) if len(sys.argv) > 3 else 0  # resume a plan: skip its first cases
    sys.path.insert(0, str(REPOSITORY))
    os.chdir(REPOSITORY)
    from tests.fuzz.cases import GENERATORS
    from tests.fuzz.limited import ADDRESS_SPACE_BYTES, limits_supported, run_limited

    if not limits_supported():
        print("fuzz: needs RLIMIT_AS (Linux or macOS); not run")
        return 2
    kinds = sorted(GENERATORS)
    plan = [(kinds[index % len(kinds)], index // len(kinds)) for index in range(first, first + cases)]
    print(f"fuzz: {cases:,} cases, {len(kinds)} kinds, {workers} worker(s), {ADDRESS_SPACE_BYTES / 1024**3:.0f} GiB "
          "address space each")  # fmt: skip
    started = time.perf_counter()

    shown = 0

    def progress(so_far: object) -> None:
        nonlocal shown
        for violation in so_far.violations[shown:]:  # type: ignore[attr-defined]
            print(f"  violation: {violation}", flush=True)
        shown = len(so_far.violations)  # type: ignore[attr-defined]
        done = so_far.cases  # type: ignore[attr-defined]
        if done % 1000 < 50:  # about every thousand cases
            elapsed = time.perf_counter() - started
            print(f"  ... {done:,} cases, {len(so_far.violations)} violation(s), {done / elapsed:.1f} cases/s",  # type: ignore[attr-defined]
                  flush=True)  # fmt: skip

    summary = run_limited(plan, workers=workers, large=True, on_batch=progress)
    wall = time.perf_counter() - started
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = usage.ru_utime + usage.ru_stime
    for kind in kinds:
        print(f"  {kind:<14}{summary.by_kind[kind]:>8,}")
    print("exits: " + ", ".join(f"{code}: {count:,}" for code, count in sorted(summary.exits.items())))
    print(
        f"exit-2 problem lines: {summary.problem_lines:,}, of which located finer than the file "
        f"(sheet/cell, page, JSON path or line): {summary.finely_located:,}"
    )
    print(f"violations: {len(summary.violations):,}")
    for violation in summary.violations[:40]:
        print(f"  {violation}")
    print(f"slowest case: {summary.slowest[1]} {summary.slowest[0]:.2f} s; peak RSS of a worker "
          f"{summary.peak_rss_bytes / 1024**2:.0f} MiB")  # fmt: skip
    print(f"wall {wall:.1f} s, CPU {cpu:.1f} s, {summary.cases / wall:.1f} cases/s wall, "
          f"{summary.cases / max(cpu, 1e-9):.1f} cases/CPU-s")  # fmt: skip
    return 0 if not summary.violations and summary.cases == cases else 1


if __name__ == "__main__":
    raise SystemExit(main())
