"""What the par-sheet section costs a review (issue 29): ``validate FILING`` in every report format, as a user runs it.

Run from the repository root: ``python bench/review_par_sheets.py [--filing examples/633a-compliant.xlsx]
[--repeat 3]``.

Each figure is the wall time of ``python -m pacomply validate FILING --output-dir ... -f text,json,pdf,xlsx`` in a
fresh process, reported beside an anchor measured in the same run, because the development machine is shared:

* **warm**: the par sheets are in the user cache (the run before stored them). Anchor: the same command with
  ``PACOMPLY_REVIEW_PAR_SHEETS=off``, which this script sets only for the anchor (the review then carries no par
  sheets, as before issue 29); the two alternate, best of ``--repeat`` each.
* **cold**: a fresh, empty user cache (``PACOMPLY_CACHE_DIR`` a new temporary folder), so each par sheet is computed
  once and stored, as on a machine whose shipped figures do not carry it yet.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _run(filing: Path, cache: Path, par_sheets: bool) -> float:
    out = Path(tempfile.mkdtemp(prefix="pacomply-bench-"))
    environment = {**os.environ, "PACOMPLY_CACHE_DIR": str(cache)}
    if not par_sheets:
        environment["PACOMPLY_REVIEW_PAR_SHEETS"] = "off"
    command = [sys.executable, "-m", "pacomply", "-q", "validate", str(filing), "--output-dir", str(out),
               "-f", "text,json,pdf,xlsx", "--review-date", "2026-11-24"]  # fmt: skip
    start = time.perf_counter()
    subprocess.run(command, cwd=ROOT, env=environment, check=False, capture_output=True)
    elapsed = time.perf_counter() - start
    shutil.rmtree(out, ignore_errors=True)
    return elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--filing", type=Path, default=ROOT / "examples" / "633a-compliant.xlsx")
    parser.add_argument("--repeat", type=int, default=3)
    arguments = parser.parse_args()
    cold_cache = Path(tempfile.mkdtemp(prefix="pacomply-cold-"))
    try:
        cold = _run(arguments.filing, cold_cache, par_sheets=True)
        with_sheets, without = [], []
        for _ in range(arguments.repeat):
            without.append(_run(arguments.filing, cold_cache, par_sheets=False))
            with_sheets.append(_run(arguments.filing, cold_cache, par_sheets=True))
    finally:
        shutil.rmtree(cold_cache, ignore_errors=True)
    print(f"filing: {arguments.filing.name}; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    print(f"anchor, no par sheets (warm cache): best {min(without):.2f} s")
    ratio = min(with_sheets) / min(without)
    print(f"with par sheets (warm cache):       best {min(with_sheets):.2f} s  ratio {ratio:.2f}")
    print(f"with par sheets, cold cache (first run, each sheet computed and stored): {cold:.2f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
