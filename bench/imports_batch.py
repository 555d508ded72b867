"""What the staff's batch with its documents imports, against the same batch as text (issue #41 items 1 and 3).

Run from the repository root: ``python bench/imports_batch.py [--repeat 3] [--top 15]``.

The example filings (``examples/*.xlsx`` and ``*.json``, 28) are reviewed as ``bench/batch.py --documents`` reviews
them, ``python -m pacomply -q validate FOLDER -j 1``, once with ``-f json,pdf,xlsx --output-dir`` and once as text on
standard output, each under ``python -X importtime`` in a fresh process, ``--repeat`` times in turns; for every
module the least time seen is kept (a loaded machine only ever adds time). Printed for each batch: the time spent
importing (the top-level imports' cumulative times added up) beside the run's CPU seconds (user and system, taken
from runs without ``-X importtime``, which costs time of its own), the ``--top`` costliest top-level imports, and,
for the documents, every top-level package it imports that the text batch does not, by the time its modules took
themselves. Each package is also said to be needed or not where known: a package imported only because another one
tries it (numpy, which openpyxl imports to accept numpy's numbers in cells, and which a review and its reports never
give it) is named with the package that imports it.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
REVIEW_DATE = "2026-11-02"

#: Packages a batch imports though nothing of its own uses them, with what imports them.
UNNEEDED = {"numpy": "openpyxl.compat.numbers (to accept numpy's numbers in cells; pacomply writes none)"}


def _environment() -> dict[str, str]:
    """As ``bench/batch.py``'s: the user's caches kept, bytecode written."""
    return {
        key: value
        for key, value in os.environ.items()
        if key not in {"PACOMPLY_CACHE_DIR", "NUMBA_CACHE_DIR", "NUMBA_NUM_THREADS", "PYTHONDONTWRITEBYTECODE"}
    }


def _command(folder: Path, into: Path | None, importtime: bool) -> list[str]:
    options = ["-f", "json,pdf,xlsx", "--output-dir", str(into)] if into else ["-f", "text"]
    flags = ["-X", "importtime"] if importtime else []
    return [sys.executable, *flags, "-m", "pacomply", "-q", "validate", str(folder), "-j", "1", "--review-date",
            REVIEW_DATE, *options]  # fmt: skip


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _run(command: list[str]) -> tuple[float, str]:
    """CPU seconds and stderr of one run (exit 0 or 1, a verdict; anything else stops the bench)."""
    before = _children_cpu()
    completed = subprocess.run(command, cwd=ROOT, env=_environment(), capture_output=True, text=True, check=False)
    if completed.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(command)} failed ({completed.returncode}):\n{completed.stderr}")
    return _children_cpu() - before, completed.stderr


def _imports(stderr: str) -> list[tuple[str, int, int, int]]:
    """(module, depth, self µs, cumulative µs) of every ``-X importtime`` line, in the order printed."""
    found = []
    for line in stderr.splitlines():
        if not line.startswith("import time:") or "cumulative" in line:
            continue
        own, cumulative, name = line.removeprefix("import time:").split("|")
        depth = (len(name) - len(name.lstrip()) - 1) // 2
        found.append((name.strip(), depth, int(own), int(cumulative)))
    return found


def _least(runs: list[list[tuple[str, int, int, int]]]) -> dict[str, tuple[int, int, int]]:
    """Each module's depth and least self and cumulative time over the runs."""
    least: dict[str, tuple[int, int, int]] = {}
    for imports in runs:
        for name, depth, own, cumulative in imports:
            if name in least:
                _depth, known_own, known_cumulative = least[name]
                least[name] = (depth, min(own, known_own), min(cumulative, known_cumulative))
            else:
                least[name] = (depth, own, cumulative)
    return least


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--top", type=int, default=15)
    arguments = parser.parse_args()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    with tempfile.TemporaryDirectory(prefix="pacomply-imports-") as temporary:
        folder = Path(temporary) / "filings"
        folder.mkdir()
        for path in sorted((ROOT / "examples").iterdir()):
            if path.suffix in {".xlsx", ".json"}:
                (folder / path.name).write_bytes(path.read_bytes())
        runs: dict[str, list[list[tuple[str, int, int, int]]]] = {"text": [], "documents": []}
        cpu: dict[str, float] = {}
        _run(_command(folder, None, importtime=False))  # warm: bytecode and caches as after a first run
        for round_number in range(arguments.repeat):
            for kind in ("text", "documents"):
                into = Path(temporary) / f"{kind}-{round_number}" if kind == "documents" else None
                _cpu, stderr = _run(_command(folder, into, importtime=True))
                runs[kind].append(_imports(stderr))
                into = Path(temporary) / f"{kind}-{round_number}-timed" if kind == "documents" else None
                seconds, _stderr = _run(_command(folder, into, importtime=False))
                cpu[kind] = min(seconds, cpu.get(kind, seconds))
    least = {kind: _least(kind_runs) for kind, kind_runs in runs.items()}
    print(f"28 example filings, -j 1, -X importtime, least of {arguments.repeat} per module (load {load:.1f})")
    for kind in ("text", "documents"):
        modules = least[kind]
        total = sum(cumulative for depth, _own, cumulative in modules.values() if depth == 0) / 1e6
        print(f"\n{kind}: imports {total:5.2f} s against {cpu[kind]:5.2f} s of CPU for the whole run without "
              f"-X importtime ({total / cpu[kind]:4.0%})")  # fmt: skip
        top = sorted(((cumulative, name) for name, (depth, _own, cumulative) in modules.items() if depth == 0),
                     reverse=True)[: arguments.top]  # fmt: skip
        for cumulative, name in top:
            print(f"  {cumulative / 1000:7.1f} ms  {name}")
    only: dict[str, int] = defaultdict(int)
    for name, (_depth, own, _cumulative) in least["documents"].items():
        if name not in least["text"]:
            only[name.split(".")[0]] += own
    print("\nimported by the documents' batch only, by package (the modules' own time)")
    for package, own in sorted(only.items(), key=lambda item: -item[1])[: arguments.top]:
        print(f"  {own / 1000:7.1f} ms  {package}")
    print("\nimported though nothing of pacomply's uses it")
    for package, why in UNNEEDED.items():
        for kind in ("text", "documents"):
            own = sum(o for name, (_d, o, _c) in least[kind].items() if name.split(".")[0] == package)
            shown = f"{own / 1000:7.1f} ms" if own else "    not imported"
            print(f"  {kind:9s} {shown}  {package}: imported by {why}")


if __name__ == "__main__":
    main()
