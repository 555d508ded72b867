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

_REFUSE_685A_WAGERS = """
import json, sys
from pacomply.checker.wager_math import AnalysisUnavailable
from pacomply.checker.wager_math.chapter_685a import analyse
refusals = []
for wager, paytable, decks in (("base", None, 2), ("match_the_dealer", "6 decks", 5)):
    try:
        analyse(wager, paytable, decks)
    except AnalysisUnavailable as refusal:
        refusals.append(str(refusal))
before = sorted(sys.modules)
priced = analyse("match_the_dealer", "6 decks", 6)
print(json.dumps({"refusals": refusals, "modules": before, "priced": [math.wager for math in priced],
                  "then": sorted(sys.modules)}))
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


def test_685a_3_a_and_685a_6_e_a_refused_deck_count_loads_neither_the_side_wager_analysis_nor_numpy() -> None:
    """685a-violations.json files a table of 2 decks (§ 685a.3(a)) and a Match-the-Dealer Wager at 5 decks with the
    6-deck paytable (§ 685a.6(e)): both are refused before the side wagers' analysis, which imports numpy, is
    loaded; a wager priced at a permitted deck count still loads it."""
    found = _run(_REFUSE_685A_WAGERS)
    assert found["refusals"] == [
        "685a is dealt with 4, 5, 6 or 8 decks (§ 685a.3(a)); 2 asked for",
        "685a Match-the-Dealer is offered only with six or eight decks (§ 685a.6(e)); 5 asked for",
    ]
    assert "pacomply.engine.analysis.blackjack_side_wagers" not in found["modules"]
    assert "numpy" not in found["modules"]
    assert found["priced"] == ["match_the_dealer"]
    assert "pacomply.engine.analysis.blackjack_side_wagers" in found["then"]
