"""Benchmark of the blackjack base game through the command line (issue #6, wired into ``edge`` and ``validate``).

Each command runs in a fresh process (as a user runs it: numba kernels load from their on-disk cache, nothing
else is cached between runs), three times; the best wall time is printed with the number of base-game records
the command produced and the time per base-game analysis, the figure that dominates these commands now.

Run: ``/work/main/.venv/bin/python bench/blackjack_edge_cli.py``
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COMMANDS = (
    ("edge 633a --wager base --decks 6", ["edge", "633a", "--wager", "base", "--decks", "6", "--format", "json"]),
    ("edge 633a", ["edge", "633a", "--format", "json"]),
    ("edge 685a", ["edge", "685a", "--format", "json"]),
    ("edge --filing examples/633a-compliant.xlsx", ["edge", "--filing", "examples/633a-compliant.xlsx", "-f", "json"]),
    ("validate examples/633a-compliant.xlsx", ["validate", "examples/633a-compliant.xlsx", "--format", "json"]),
    ("validate examples/685a-compliant.xlsx", ["validate", "examples/685a-compliant.xlsx", "--format", "json"]),
)
REPEATS = 3


def _run(arguments: list[str]) -> tuple[float, str]:
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "pacomply", *arguments], cwd=ROOT, capture_output=True, text=True, check=False
    )
    elapsed = time.perf_counter() - start
    if done.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(arguments)} failed: {done.stderr}")
    return elapsed, done.stdout


def _base_records(output: str) -> int:
    document = json.loads(output)
    records = document if isinstance(document, list) else document.get("wager_math", [])
    return sum(
        1 for record in records if record["wager"] in {"base", "switch"} and record["chapter"] in {"633a", "685a"}
    )


def main() -> None:
    print(f"{'command':<45} {'best of ' + str(REPEATS):>10} {'base/switch':>12} {'s each':>8}")
    for label, arguments in COMMANDS:
        times, output = [], ""
        for _ in range(REPEATS):
            elapsed, output = _run(arguments)
            times.append(elapsed)
        best = min(times)
        records = _base_records(output)
        each = f"{best / records:.2f}" if records else "-"
        print(f"{label:<45} {best:>9.2f}s {records:>12} {each:>8}")


if __name__ == "__main__":
    main()
