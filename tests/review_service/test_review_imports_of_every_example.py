"""A batch of reviews whose figures are all stored imports no hand evaluator and no numba, the violations filings
included: a table filed with a deck count the chapter does not allow is refused its figures (a finding says why)
before any analysis module is loaded."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

#: Loaded only to compute a Pai Gow figure: numba, its compiler, the hand evaluator's kernels, the analyses.
COMPUTING = ("numba", "llvmlite", "pacomply.engine.evaluator", "pacomply.engine.analysis.pai_gow_poker",
             "pacomply.engine.analysis.face_up_pai_gow_poker")  # fmt: skip

_ANALYSE_WITH_TWO_DECKS = """
import json, sys
from pacomply.checker.wager_math import AnalysisUnavailable
from pacomply.checker.wager_math.chapter_645a import analyse as analyse_645a
from pacomply.checker.wager_math.chapter_688a import analyse as analyse_688a
refusals = []
for analyse in (analyse_645a, analyse_688a):
    try:
        analyse(None, None, 2)
    except AnalysisUnavailable as refusal:
        refusals.append(str(refusal))
print(json.dumps({"refusals": refusals, "modules": sorted(sys.modules)}))
"""

_REVIEW_EVERY_EXAMPLE = """
import json, sys
from pathlib import Path
from pacomply.review_service import collect_filings, review_paths
paths = [path for path in collect_filings([Path("examples")]) if path.suffix == ".json"]
outcomes = review_paths(paths)
print(json.dumps({"reviewed": [path.name for path, outcome in zip(paths, outcomes) if outcome.review is not None],
                  "modules": sorted(sys.modules)}))
"""


def _run(program: str) -> dict[str, list[str]]:
    completed = subprocess.run(
        [sys.executable, "-c", program], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert completed.returncode == 0, completed.stderr
    return json.loads(completed.stdout.rstrip().rsplit("\n", 1)[-1])


def _computing(modules: list[str]) -> list[str]:
    return sorted({name.split(".")[0] if name.startswith(("numba", "llvmlite")) else name
                   for name in modules if name.startswith(COMPUTING)})  # fmt: skip


def test_645a_3_a_and_688a_3_a_another_deck_count_is_refused_without_loading_the_hand_evaluator() -> None:
    found = _run(_ANALYSE_WITH_TWO_DECKS)
    assert found["refusals"] == [
        "645a is dealt from one 53-card deck (§ 645a.3(a)); --decks must be 1",
        "688a is dealt from one 53-card deck (§ 688a.3(a)); --decks must be 1",
    ]
    assert _computing(found["modules"]) == []


def test_reviewing_every_example_filing_violations_included_imports_no_numba() -> None:
    found = _run(_REVIEW_EVERY_EXAMPLE)
    # Both filings of every chapter were reviewed, among them the Pai Gow filings with a table of two decks.
    assert {"645a-violations.json", "688a-violations.json"} <= set(found["reviewed"])
    assert len(found["reviewed"]) == len(list((ROOT / "examples").glob("*.json")))
    assert _computing(found["modules"]) == []
