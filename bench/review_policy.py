"""The review service's policy against the way the command line completed a review before, in the same run.

    python bench/review_policy.py [--filings 200] [--repeat 3]

Every example JSON filing with its card thickness left out, repeated to ``--filings``, under a configuration that
sets one (``card_thickness_mm = 0.2564``): the anchor reviews each filing and then completes the review with
``config.finish_review``, which reviews it again with the configured thickness (what ``validate`` did before the
review service took the policy); the service reviews once with it. Both must give the same reviews; the best of
``--repeat`` wall times and this process's CPU times are printed, and their ratio.
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from decimal import Decimal
from pathlib import Path

from pacomply.checker.registry import CheckSettings
from pacomply.checker.review import review_filing
from pacomply.submissions import read_filing

from pacomply.config import Config, finish_review
from pacomply.review_service import ReviewPolicy, review_under_policy

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def _filings(folder: Path, count: int) -> list[object]:
    paths = []
    for example in sorted(EXAMPLES.glob("*.json")):
        document = json.loads(example.read_text(encoding="utf-8"))
        document["metadata"].pop("card_thickness_mm", None)
        path = folder / example.name
        path.write_text(json.dumps(document), encoding="utf-8")
        paths.append(path)
    filings = [read_filing(path) for path in paths]
    return [filings[index % len(filings)] for index in range(count)]


def _best(function: object, repeat: int) -> tuple[float, float, list[object]]:
    best_wall = best_cpu = float("inf")
    result: list[object] = []
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        result = function()  # type: ignore[operator]
        best_wall = min(best_wall, time.perf_counter() - wall)
        best_cpu = min(best_cpu, time.process_time() - cpu)
    return best_wall, best_cpu, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--filings", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=3)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        filings = _filings(Path(folder), options.filings)
        source = Path(folder) / "pacomply.toml"
        source.write_text("card_thickness_mm = 0.2564\n", encoding="utf-8")
        config = Config(card_thickness_mm=Decimal("0.2564"), source=source)
        settings = CheckSettings()
        policy = ReviewPolicy(settings, config)

        def anchor() -> list[object]:
            return [
                finish_review(review_filing(filing, settings), settings, config, (), settings.review_date)  # type: ignore[arg-type]
                for filing in filings
            ]

        def service() -> list[object]:
            return [review_under_policy(filing, policy) for filing in filings]  # type: ignore[arg-type]

        anchor()  # warm the caches (rulebooks, wager math) before either is timed
        old_wall, old_cpu, old = _best(anchor, options.repeat)
        new_wall, new_cpu, new = _best(service, options.repeat)
    assert old == new, "the service's reviews differ from the anchor's"
    print(f"{len(filings)} filings, best of {options.repeat}; identical reviews: {old == new}")
    print(f"anchor (review, then finish_review re-reviews): {old_wall:.3f} s wall, {old_cpu:.3f} s CPU")
    print(f"review service (one review under the policy):   {new_wall:.3f} s wall, {new_cpu:.3f} s CPU")
    print(f"service / anchor: {new_wall / old_wall:.2f} wall, {new_cpu / old_cpu:.2f} CPU")


if __name__ == "__main__":
    main()
