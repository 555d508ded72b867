"""Every registered chapter has every part its descriptor names and docs/DEVELOPING.md lists: a chapter half added
fails here, by name and part.

The chapters are the descriptors of ``regulations.chapters``; every registry derives from them, so this test checks
the parts themselves: the rulebook and its version entry, the coverage matrix, the rules, the rules of play, the
wager math (its method version, the exact analysis it computes with, and the capabilities the descriptor claims),
the round simulator, the Board's published figures (or the row saying there are none), the example filings and the
golden outputs. It also holds that an incomplete or unknown chapter is a clear error naming what is missing, never
a bare KeyError.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import inspect
from pathlib import Path
from typing import Any

import pytest
from pacomply.checker import wager_math
from pacomply.checker.registry import all_rules, chapter_rules
from pacomply.engine import replay
from pacomply.engine.simulation import registry as simulation_registry
from pacomply.regulations import chapters, published, versions
from pacomply.regulations.chapters import Capability, Chapter, IncompleteChapterError
from pacomply.regulations.rulebook import Rulebook

from pacomply import regulations

REPOSITORY = Path(__file__).resolve().parents[2]
CHAPTERS = regulations.known_chapters()
DESCRIPTORS = {descriptor.id: descriptor for descriptor in chapters.chapters()}
PARTS = tuple(Chapter("000a", "-", "-").parts)
EXAMPLE_FILINGS = ("compliant.xlsx", "compliant.json", "violations.xlsx", "violations.json")
#: The keyword argument of a wager math module's ``analyse`` that each capability promises.
ANALYSE_KEYWORDS = {
    Capability.BASE_GAME_OPTIONS: "base_game",
    Capability.METER_RATE: "meter_rate",
    Capability.CROWN_TREASURE: "crown_treasure",
}
#: The function of a wager math module that each capability promises.
WAGER_MATH_HOOKS = {Capability.FILED_BASE_GAME: "rules_from_filing", Capability.FILING_OPTIONS: "filing_options"}


def test_every_registry_names_the_chapters_of_the_descriptors() -> None:
    registries = {
        "regulations (rulebooks)": CHAPTERS,
        "regulations.CHAPTER_TITLES": tuple(regulations.CHAPTER_TITLES),
        "engine.replay (rules of play)": replay.replay_chapters(),
        "checker.wager_math": wager_math.supported_chapters(),
        "engine.simulation.registry": simulation_registry.simulated_chapters(),
        "checker.registry (rules)": tuple(sorted({rule.code[:4].lower() for rule in all_rules()} - {"fil-"})),
        "regulations.versions": versions.versioned(),
    }
    differing = {name: ids for name, ids in registries.items() if ids != tuple(sorted(DESCRIPTORS))}
    assert not differing, f"the descriptors register {tuple(sorted(DESCRIPTORS))}; these registries differ: {differing}"


@pytest.mark.parametrize("part", PARTS)
@pytest.mark.parametrize("chapter", CHAPTERS)
def test_a_registered_chapter_has_every_part_its_descriptor_names(chapter: str, part: str) -> None:
    assert DESCRIPTORS[chapter].load(part) is not None


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_a_registered_chapter_has_its_rulebook_version_rules_game_and_simulation(chapter: str) -> None:
    descriptor = DESCRIPTORS[chapter]
    book = regulations.rulebook(chapter)
    assert isinstance(book, Rulebook) and book.chapter == chapter
    assert book.title == descriptor.title, f"{chapter}: the descriptor's title differs from the rulebook's"
    assert book.version == versions.version_fields(chapter)["version"]
    assert descriptor.load("coverage matrix").chapter == chapter
    rules = chapter_rules(chapter)
    assert any(rule.code.startswith(f"{chapter.upper()}-1") for rule in rules), f"{chapter}: no chapter rule 101+"
    assert callable(descriptor.load("rules of play")), f"{descriptor.game_module} has no replay(data)"
    assert getattr(descriptor.module("rules of play"), "CHAPTER", None) == chapter
    assert callable(descriptor.load("wager math")), f"{descriptor.wager_math_module} has no analyse()"
    assert isinstance(wager_math.method_version(chapter), int)
    simulation = simulation_registry.load_game(simulation_registry.game_module(chapter))
    assert simulation.chapter == chapter


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_a_chapters_version_string_is_in_the_figure_key_and_its_notes_are_not(chapter: str) -> None:
    """The figure keys digest the law module's bytes (``engine.figure_store.rulebook_version``); the version entry
    lives in its own module so that a later amendment noted there invalidates no exact figure, while the version
    string is still the start of every key's rulebook version."""
    from pacomply.engine.figure_store import _law_sources, rulebook_version

    version_file = Path(DESCRIPTORS[chapter].module("version").__file__ or "").resolve()
    assert version_file not in [path.resolve() for path in _law_sources(chapter)]
    assert rulebook_version(chapter).startswith(f"{versions.version_fields(chapter)['version']} data:")


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_a_chapters_capabilities_are_what_its_wager_math_takes(chapter: str) -> None:
    """A capability the descriptor claims is one the wager math has, and the wager math takes no option the
    descriptor does not claim (the review and the command line would never pass it)."""
    descriptor = DESCRIPTORS[chapter]
    module = descriptor.module("wager math")
    parameters = inspect.signature(module.analyse).parameters
    for capability, keyword in ANALYSE_KEYWORDS.items():
        assert (keyword in parameters) == descriptor.has(capability), f"{chapter}: {capability} vs analyse({keyword})"
    for capability, hook in WAGER_MATH_HOOKS.items():
        assert callable(getattr(module, hook, None)) == descriptor.has(capability), f"{chapter}: {capability} vs {hook}"


def _analysis_modules(module_name: str) -> set[str]:
    """The ``engine.analysis`` modules a module imports (at its top or inside a function), ``result`` aside."""
    tree = ast.parse(inspect.getsource(importlib.import_module(module_name)))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module] if node.module != "pacomply.engine.analysis" else [
                f"{node.module}.{alias.name}" for alias in node.names
            ]  # fmt: skip
            found.update(name for name in names if name.startswith("pacomply.engine.analysis."))
    return {name for name in found if name != "pacomply.engine.analysis.result"}


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_a_registered_chapter_has_an_exact_analysis_its_wager_math_uses(chapter: str) -> None:
    analyses = _analysis_modules(DESCRIPTORS[chapter].wager_math_module)
    assert analyses, f"{chapter}: its wager math imports no engine.analysis module"
    for name in sorted(analyses):
        assert importlib.util.find_spec(name) is not None, f"{chapter}: {name} does not exist"


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_a_registered_chapter_has_its_published_figures_or_says_there_are_none(chapter: str) -> None:
    assert published.figures(chapter), f"{chapter}: regulations/published.py has no row (a NO_FIGURE row if none)"


def _example_builder() -> Any:
    spec = importlib.util.spec_from_file_location("build_examples", REPOSITORY / "examples" / "build_examples.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_example_builder_builds_every_chapter() -> None:
    built = _example_builder().EXAMPLES
    assert tuple(sorted(built)) == CHAPTERS, f"examples/build_examples.py EXAMPLES covers {tuple(sorted(built))}"


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_a_registered_chapter_has_its_example_filings_and_golden_outputs(chapter: str) -> None:
    missing = [name for name in EXAMPLE_FILINGS if not (REPOSITORY / "examples" / f"{chapter}-{name}").is_file()]
    assert not missing, f"{chapter}: examples/ lacks {', '.join(f'{chapter}-{name}' for name in missing)}"
    golden = REPOSITORY / "tests" / "golden"
    expected = [golden / "edge" / f"{chapter}.json", golden / "simulate" / f"{chapter}.json"]
    absent = [str(path.relative_to(golden)) for path in expected if not path.is_file()]
    absent += [] if any((golden / "reports").glob(f"{chapter}-*")) else [f"reports/{chapter}-*"]
    assert not absent, f"{chapter}: no golden {', '.join(absent)} (python -m tests.golden.regenerate FAMILY/{chapter})"


INCOMPLETE = Chapter("697a", "Half Added", "no_such_game")


@pytest.mark.parametrize("part", PARTS)
def test_an_incomplete_chapter_is_a_clear_error_naming_the_missing_part(part: str) -> None:
    with chapters.registered(INCOMPLETE), pytest.raises(IncompleteChapterError) as raised:
        INCOMPLETE.load(part)
    assert raised.value.chapter == "697a" and raised.value.part == part
    assert str(raised.value).startswith(f"chapter 697a is registered but incomplete: its {part} is missing")
    assert INCOMPLETE.parts[part][0] in str(raised.value)


def test_every_registry_reports_an_incomplete_chapter_by_name_not_a_bare_key_error() -> None:
    with chapters.registered(INCOMPLETE):
        for call in (
            lambda: regulations.rulebook("697a"),
            lambda: chapter_rules("697a"),
            lambda: versions.version_fields("697a"),
            lambda: wager_math.method_version("697a"),
            lambda: replay.replay_round({"chapter": "697a"}),
        ):
            with pytest.raises(IncompleteChapterError, match="chapter 697a is registered but incomplete"):
                call()


def test_an_unknown_chapter_is_a_clear_error_listing_the_supported_ones() -> None:
    with pytest.raises(regulations.UnknownChapterError) as raised:
        chapters.chapter("699z")
    assert str(raised.value) == f"chapter '699z' is not supported (supported: {', '.join(CHAPTERS)})"


def test_a_descriptor_refuses_an_id_that_is_not_a_chapter_id() -> None:
    with pytest.raises(ValueError, match="three digits and a letter"):
        Chapter("686", "Over/Under", "over_under")


def test_a_part_whose_own_import_fails_is_not_reported_as_a_missing_part() -> None:
    """A module that exists but imports something missing raises that error, naming what is missing, so a broken
    installation is never mistaken for a chapter without its part."""
    broken = Chapter("696a", "Broken", "tests.structure.sample_chapter.broken_dependency")
    with pytest.raises(ModuleNotFoundError) as raised:
        broken.module("rules of play")
    assert not isinstance(raised.value, IncompleteChapterError)
    assert raised.value.name == "pacomply_no_such_dependency"


def test_the_chapter_registry_imports_no_part_of_any_chapter() -> None:
    """Listing the chapters (the CLI's choices, the workspace's filters) stays cheap: a fresh interpreter that asks
    for every descriptor and title has imported no rulebook, rule, game, wager math or simulator."""
    import subprocess
    import sys

    program = (
        "import sys\n"
        "from pacomply import regulations\n"
        "from pacomply.regulations import chapters\n"
        "assert chapters.chapters() and dict(regulations.CHAPTER_TITLES)\n"
        "parts = {module for chapter in chapters.chapters() for module, _ in chapter.parts.values()}\n"
        "print(sorted(parts & set(sys.modules)))\n"
    )
    result = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"
