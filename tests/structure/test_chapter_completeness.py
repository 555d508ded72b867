"""Every registered chapter has every part docs/DEVELOPING.md lists: a chapter half added fails here, by name.

The parts, and where each is registered: the rulebook (``regulations._RULEBOOK_MODULES``), the rules
(``checker.registry``), the rules of play (``engine.replay``), the exact analysis (an ``engine.analysis`` module the
chapter's wager math computes with), the wager math (``checker.wager_math``), the round simulator
(``engine.simulation.registry``), the example filings (``examples/``) and the coverage matrix
(``regulations/coverage/``).
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import inspect
from pathlib import Path

import pytest
from pacomply.checker import wager_math
from pacomply.checker.registry import chapter_rules
from pacomply.engine import replay
from pacomply.engine.simulation import registry as simulation_registry
from pacomply.regulations.rulebook import Rulebook

from pacomply import regulations

REPOSITORY = Path(__file__).resolve().parents[2]
CHAPTERS = regulations.known_chapters()
EXAMPLE_FILINGS = ("compliant.xlsx", "compliant.json", "violations.xlsx", "violations.json")


def test_every_registry_names_the_same_chapters() -> None:
    registries = {
        "regulations (rulebooks)": CHAPTERS,
        "engine.replay (rules of play)": replay.replay_chapters(),
        "checker.wager_math": wager_math.supported_chapters(),
        "engine.simulation.registry": simulation_registry.simulated_chapters(),
        "checker.registry (rules)": tuple(chapter for chapter in CHAPTERS if chapter_rules(chapter)),
    }
    differing = {name: chapters for name, chapters in registries.items() if chapters != CHAPTERS}
    assert not differing, f"rulebooks are registered for {CHAPTERS}; these registries differ: {differing}"


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_a_registered_chapter_has_its_rulebook_rules_game_wager_math_and_simulation(chapter: str) -> None:
    book = regulations.rulebook(chapter)
    assert isinstance(book, Rulebook) and book.chapter == chapter
    rules = chapter_rules(chapter)
    assert any(rule.code.startswith(f"{chapter.upper()}-1") for rule in rules), f"{chapter}: no chapter rule 101+"
    game = importlib.import_module(replay._GAME_MODULES[chapter])
    assert callable(getattr(game, "replay", None)), f"{game.__name__} has no replay(data)"
    math_module = importlib.import_module(wager_math._CHAPTER_MODULES[chapter])
    assert callable(getattr(math_module, "analyse", None)), f"{math_module.__name__} has no analyse()"
    simulation = simulation_registry.load_game(simulation_registry.game_module(chapter))
    assert simulation.chapter == chapter


def _analysis_modules(module_name: str) -> set[str]:
    """The ``engine.analysis`` modules a module imports (at its top or inside a function), ``result`` aside."""
    tree = ast.parse(inspect.getsource(importlib.import_module(module_name)))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module] if node.module != "pacomply.engine.analysis" else [
                f"{node.module}.{alias.name}" for alias in node.names
            ]  # fmt: skip
            found.update(name for name in names if name.startswith("pacomply.engine.analysis."))
    return {name for name in found if name != "pacomply.engine.analysis.result"}


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_a_registered_chapter_has_an_exact_analysis_its_wager_math_uses(chapter: str) -> None:
    analyses = _analysis_modules(wager_math._CHAPTER_MODULES[chapter])
    assert analyses, f"{chapter}: its wager math imports no engine.analysis module"
    for name in sorted(analyses):
        assert importlib.util.find_spec(name) is not None, f"{chapter}: {name} does not exist"


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_a_registered_chapter_has_its_example_filings(chapter: str) -> None:
    missing = [name for name in EXAMPLE_FILINGS if not (REPOSITORY / "examples" / f"{chapter}-{name}").is_file()]
    assert not missing, f"{chapter}: examples/ lacks {', '.join(f'{chapter}-{name}' for name in missing)}"


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_a_registered_chapter_has_its_coverage_matrix(chapter: str) -> None:
    """Tolerated only while the coverage package does not exist at all; once it does, every chapter needs one."""
    if importlib.util.find_spec("pacomply.regulations.coverage") is None:
        pytest.skip("regulations/coverage/ does not exist yet, so no chapter can have its coverage matrix")
    folder = REPOSITORY / "regulations" / "coverage"
    matrices = [path for path in folder.rglob("*") if path.is_file() and chapter in path.name]
    assert matrices, f"{chapter}: regulations/coverage/ has no file for the chapter"
