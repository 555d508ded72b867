"""Deterministic generator of Over/Under (686a) JSON filings for benchmarks: seeded variations of the bundled
compliant example (licensee, date, tables, decks, positions, shuffler, rack, wagers, answers), some compliant and
some not, so every rule path is exercised. Same seed and count, same files, byte for byte.

    python bench/generate_filings.py OUT_DIR --count 1000 --seed 686
"""

from __future__ import annotations

import argparse
import copy
import json
import random
from pathlib import Path
from typing import Any

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "686a-compliant.json"
LICENSEES = (
    "Allegheny Riverfront Gaming",
    "Keystone Downs Casino",
    "Lehigh Valley Table Games",
    "Erie Bayfront Resort",
    "Poconos Summit Casino",
    "Susquehanna Gaming Hall",
)


def generate(count: int, seed: int) -> list[tuple[str, dict[str, Any]]]:
    """``count`` (file name, filing JSON) pairs."""
    base = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    randomness = random.Random(seed)
    filings = []
    for number in range(count):
        filing = copy.deepcopy(base)
        filing["metadata"]["licensee"] = f"{randomness.choice(LICENSEES)} #{number:04d}"
        filing["metadata"]["date_filed"] = f"2026-{randomness.randint(1, 10):02d}-{randomness.randint(1, 28):02d}"
        template = base["tables"][0]
        tables = []
        for table_number in range(randomness.randint(1, 8)):
            table = copy.deepcopy(template)
            table["table_id"] = f"OU-{table_number + 1}"
            table["betting_positions"] = randomness.choice((5, 6, 6, 6, 7))
            table["decks"] = randomness.choice((6, 6, 6, 8))
            table["card_change_interval_hours"] = randomness.choice(("24", "24", "12", "36"))
            table["discard_rack_height_mm"] = randomness.choice(("93.6", "93.6", "80"))
            table["wagers"] = randomness.choice(([], [{"wager": "bonus", "paytable": None}]))
            tables.append(table)
        filing["tables"] = tables
        answers = filing["chapters"]["686a"]["answers"]
        if randomness.random() < 0.3:
            answers["verbal_wagers"] = {**answers["verbal_wagers"], "text": "", "value": None}
        filings.append((f"filing-{number:04d}.json", filing))
    return filings


def write(folder: Path, count: int, seed: int) -> list[Path]:
    """Write the filings into ``folder``; their paths."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, filing in generate(count, seed):
        path = folder / name
        path.write_text(json.dumps(filing, indent=2, sort_keys=True) + "\n", encoding="utf-8")
        paths.append(path)
    return paths


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=686)
    arguments = parser.parse_args()
    paths = write(arguments.folder, arguments.count, arguments.seed)
    print(f"wrote {len(paths)} filings into {arguments.folder}")


if __name__ == "__main__":
    main()
