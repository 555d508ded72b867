"""A review imports only what it needs: a text review whose figures are all stored loads no compiled code (numba),
no hand evaluator, no simulator, no analysis module that computes figures and no PDF library.

Each review runs as the user runs it (``python -m pacomply validate``), in a fresh interpreter, and the modules it
left in ``sys.modules`` are compared with the forbidden ones. It is a test of imports, not of time: what a review
costs is measured in ``bench/review_imports.py``.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from pacomply.regulations.chapters import chapter_ids

ROOT = Path(__file__).resolve().parents[2]

#: Whole packages a review of stored figures never needs.
FORBIDDEN_PACKAGES = ("numba", "llvmlite", "reportlab", "pikepdf")
#: pacomply's own packages that compute figures: the evaluator's kernels, the simulators, the exact analyses.
FORBIDDEN_MODULES = ("pacomply.engine.evaluator", "pacomply.engine.simulation", "pacomply.engine.analysis")
#: Modules of the analysis package that a review reads without computing anything: the result record, the name of a
#: blackjack strategy, the blackjack package's front (it imports its analyser only when one of its names is used)
#: with the rule set a filing's answers make, and the lookup of a base game's stored round spread (its simulation is
#: imported only to compute one).
VALUE_MODULES = (
    "pacomply.engine.analysis",
    "pacomply.engine.analysis.result",
    "pacomply.engine.analysis.blackjack_strategy",
    "pacomply.engine.analysis.blackjack",
    "pacomply.engine.analysis.blackjack.rules",
    "pacomply.engine.analysis.blackjack_spread",
)

#: What the command line loads for other commands only: their modules (``edge``, ``simulate`` and the ``store``,
#: ``regulations`` and ``figures`` groups are imported when named), and rich (help and errors, progress on a terminal).
OTHER_COMMANDS = (
    "pacomply.edge_command",
    "pacomply.simulate_command",
    "pacomply.figures_commands",
    "pacomply.regulations_commands",
    "rich",
)

#: What one filing's review never needs: worker processes (a batch's) and the workspace with its database and server.
NOT_FOR_ONE_FILING = ("multiprocessing", "pacomply.workspace", "sqlalchemy", "flask")


_PROGRAM = """
import json, runpy, sys
sys.argv = ["pacomply", "-q", "validate", sys.argv[1]]
try:
    runpy.run_module("pacomply", run_name="__main__")
except SystemExit:
    pass
print("\\n" + json.dumps(sorted(sys.modules)))
"""


def _forbidden(loaded: list[str]) -> list[str]:
    found = []
    for name in loaded:
        if name.split(".")[0] in FORBIDDEN_PACKAGES or (
            name.startswith(FORBIDDEN_MODULES) and name not in VALUE_MODULES
        ):
            found.append(name)
    return sorted({name if not name.startswith(FORBIDDEN_PACKAGES) else name.split(".")[0] for name in found})


def _modules_after_review(filing: Path) -> list[str]:
    completed = subprocess.run(
        [sys.executable, "-c", _PROGRAM, str(filing)], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert completed.returncode == 0, completed.stderr
    last = completed.stdout.rstrip().rsplit("\n", 1)[-1]
    return json.loads(last)


@pytest.mark.parametrize("chapter", chapter_ids())
def test_a_text_review_of_stored_figures_imports_no_numba_evaluator_simulator_analysis_or_pdf_library(
    chapter: str,
) -> None:
    filing = ROOT / "examples" / f"{chapter}-compliant.xlsx"
    loaded = _modules_after_review(filing)
    assert "pacomply.checker.review" in loaded  # the review ran in that interpreter
    assert _forbidden(loaded) == []


def test_a_text_review_imports_no_other_commands_module_nor_rich() -> None:
    """``validate`` is made into a command alone: typer never reads the other commands' signatures, so their modules
    stay unimported; a review on a pipe draws nothing with rich, and one filing starts no worker process and opens
    no workspace."""
    loaded = _modules_after_review(ROOT / "examples" / "686a-compliant.xlsx")
    assert "pacomply.checker.review" in loaded
    assert [name for name in loaded if name.split(".")[0] == "rich" or name in OTHER_COMMANDS] == []
    assert [name for name in loaded if name.startswith(NOT_FOR_ONE_FILING)] == []


def test_the_other_commands_check_names_what_a_help_loads() -> None:
    """The check itself can fail: the root help lists every command, so it imports each one's module and rich."""
    program = _PROGRAM.replace('"-q", "validate", sys.argv[1]', '"--help"')
    completed = subprocess.run(
        [sys.executable, "-c", program, ""], cwd=ROOT, capture_output=True, text=True, check=False
    )
    loaded = json.loads(completed.stdout.rstrip().rsplit("\n", 1)[-1])
    assert set(OTHER_COMMANDS) <= set(loaded)


def test_the_import_check_names_what_a_figure_computation_loads() -> None:
    """The check itself can fail: the modules an exact Pai Gow analysis loads are all named by it."""
    program = (
        "import json, sys\nimport pacomply.engine.analysis.pai_gow_poker\nprint(json.dumps(sorted(sys.modules)))\n"
    )
    completed = subprocess.run([sys.executable, "-c", program], cwd=ROOT, capture_output=True, text=True, check=True)
    found = _forbidden(json.loads(completed.stdout))
    assert {"numba", "pacomply.engine.evaluator", "pacomply.engine.analysis.pai_gow_poker"} <= set(found)
