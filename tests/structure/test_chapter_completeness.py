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
import dataclasses
import importlib
import importlib.util
import inspect
import types
import typing
from pathlib import Path
from typing import Any

import pytest
from pacomply.checker import wager_math
from pacomply.checker.registry import all_rules, chapter_rules
from pacomply.checker.wager_math import hooks
from pacomply.checker.wager_math.hooks import ChapterWagerMath, wager_math_of
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
#: The hook of a chapter's wager math contract (``ChapterWagerMath``) that each capability promises.
CAPABILITY_HOOKS = {Capability.FILED_BASE_GAME: "rules_from_filing", Capability.FILING_OPTIONS: "filing_options"}


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
    assert isinstance(descriptor.load("wager math"), ChapterWagerMath), f"{descriptor.wager_math_module}.WAGER_MATH"
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
def test_a_chapters_capabilities_are_what_its_wager_math_has(chapter: str) -> None:
    """A capability that promises a hook is claimed exactly where the chapter's wager math contract has that hook
    (the review and the command line would otherwise never call it, or call one that is not there)."""
    descriptor = DESCRIPTORS[chapter]
    contract = wager_math_of(descriptor)
    for capability, hook in CAPABILITY_HOOKS.items():
        present = getattr(contract, hook) is not None
        assert present == descriptor.has(capability), f"{chapter}: {capability} vs WAGER_MATH.{hook}"


def _contract_hooks(contract: ChapterWagerMath) -> dict[str, tuple[Any, Any]]:
    """Every member of a contract by dotted name ("par_sheet.space"): (the value, its Protocol or type)."""
    found: dict[str, tuple[Any, Any]] = {}
    hints = typing.get_type_hints(ChapterWagerMath, vars(hooks))
    for member in dataclasses.fields(contract):
        value = getattr(contract, member.name)
        if dataclasses.is_dataclass(value):
            group_hints = typing.get_type_hints(type(value), vars(hooks))
            for inner in dataclasses.fields(value):
                found[f"{member.name}.{inner.name}"] = (getattr(value, inner.name), group_hints[inner.name])
        else:
            found[member.name] = (value, hints[member.name])
    return found


def _protocol(annotation: Any) -> Any:
    """The Protocol of an optional member's annotation (``ParSheetSpace | None`` -> ``ParSheetSpace``)."""
    if typing.get_origin(annotation) not in (typing.Union, types.UnionType):
        return typing.get_origin(annotation) or annotation  # frozenset[str] -> frozenset
    members = [part for part in typing.get_args(annotation) if part is not type(None)] or [annotation]
    return members[0]


def _shape_problems(name: str, value: Any, protocol: Any) -> list[str]:
    """How a hook's parameters and return type differ from its Protocol's ``__call__`` (by position and text: the
    chapter modules' annotations are strings)."""
    if not callable(value):
        return [f"{name} is a {type(value).__name__}, not a function"]
    wanted = inspect.signature(protocol.__call__)
    wanted_parameters = list(wanted.parameters.values())[1:]  # self
    given = inspect.signature(value)
    positional = [
        parameter
        for parameter in given.parameters.values()
        if parameter.kind in (parameter.POSITIONAL_ONLY, parameter.POSITIONAL_OR_KEYWORD)
    ]
    required = [parameter for parameter in positional if parameter.default is parameter.empty]
    problems = []
    if not len(required) <= len(wanted_parameters) <= len(positional):
        problems.append(
            f"{name} takes {len(positional)} positional argument(s) ({len(required)} required); its Protocol "
            f"{protocol.__name__} passes {len(wanted_parameters)}"
        )
    for wanted_parameter, parameter in zip(wanted_parameters, positional, strict=False):
        if parameter.annotation is not parameter.empty and not _same_type(
            parameter.annotation, wanted_parameter.annotation
        ):
            problems.append(
                f"{name}: argument {parameter.name} is {parameter.annotation}, not {wanted_parameter.annotation}"
            )
    if not _same_type(given.return_annotation, wanted.return_annotation):
        problems.append(f"{name} returns {given.return_annotation}, not {wanted.return_annotation}")
    return problems


def _same_type(given: Any, wanted: Any) -> bool:
    """Annotation texts agree, or the given one is wider (``object``, as a hook that ignores an argument says)."""
    return str(given).replace(" ", "") in {str(wanted).replace(" ", ""), "object"}


def _contract_problems(module: Any) -> list[str]:
    contract = getattr(module, hooks.CONTRACT_NAME, None)
    if not isinstance(contract, ChapterWagerMath):
        return [f"{module.__name__} has no {hooks.CONTRACT_NAME} (a checker.wager_math.hooks.ChapterWagerMath)"]
    problems = []
    members = _contract_hooks(contract)
    for name, (value, annotation) in members.items():
        protocol = _protocol(annotation)
        if value is None:
            if type(None) not in typing.get_args(annotation):
                problems.append(f"{name} is required and missing")
            continue
        if getattr(protocol, "_is_protocol", False):
            problems.extend(_shape_problems(name, value, protocol))
        elif name == "reconciliation.sized_bonuses":
            problems.extend(_shape_problems(f"{name}.trips_and_straight_odds", value.trips_and_straight_odds,
                                            hooks.BonusTripsAndStraightOdds))  # fmt: skip
            problems.extend(_shape_problems(f"{name}.envy_moments", value.envy_moments, hooks.BonusEnvyMoments))
            if value.computed_envy_moments is not None:
                problems.extend(_shape_problems(
                    f"{name}.computed_envy_moments", value.computed_envy_moments, hooks.BonusEnvyMoments
                ))  # fmt: skip
        elif not isinstance(value, protocol):
            problems.append(f"{name} is a {type(value).__name__}, not {protocol.__name__}")
    # A function named like a hook but left out of the contract is one shared code would never call.
    registered = {id(value) for value, _ in members.values()}
    sized = contract.reconciliation.sized_bonuses
    if sized is not None:
        registered |= {id(sized.trips_and_straight_odds), id(sized.envy_moments), id(sized.computed_envy_moments)}
    for name, value in vars(module).items():
        hook_function = inspect.isfunction(value) and value.__module__ == module.__name__
        if name.startswith(HOOK_PREFIXES) and hook_function and id(value) not in registered:
            problems.append(f"{name} is defined but not in {hooks.CONTRACT_NAME}, so nothing calls it")
    return problems


#: The names a chapter's hook functions start with (docs/DEVELOPING.md), to find one left out of its contract.
HOOK_PREFIXES = (
    "par_sheet_",
    "stored_figures",
    "printed_rate",
    "outcome_model",
    "bonus_trips",
    "bonus_envy",
    "computed_",
    "rules_from_filing",
    "filing_options",
)


@pytest.mark.parametrize("chapter", [*CHAPTERS, "sample"])
def test_a_chapters_wager_math_keeps_the_typed_contract_of_its_hooks(chapter: str) -> None:
    """Every chapter's ``WAGER_MATH`` has its required members, each hook has the shape of its Protocol in
    checker/wager_math/hooks.py (the positional arguments shared code passes, the annotated types), and no hook
    function is defined but left out (mypy checks the same types where the value is built)."""
    module = (
        importlib.import_module("tests.structure.sample_chapter.wager_math")
        if chapter == "sample"
        else DESCRIPTORS[chapter].module("wager math")
    )
    assert not _contract_problems(module), f"{chapter}: {_contract_problems(module)}"


def test_the_contract_check_names_a_missing_or_misshapen_hook() -> None:
    """The check above fails, naming the hook, for a module without a contract, a contract whose hook takes the
    wrong arguments or returns the wrong type, and a hook function left out of the contract."""
    import types

    from pacomply.checker.wager_math import chapter_686a

    bare = types.ModuleType("pacomply_sample_bare")
    assert _contract_problems(bare) == [
        "pacomply_sample_bare has no WAGER_MATH (a checker.wager_math.hooks.ChapterWagerMath)"
    ]

    def par_sheet_space(wager: str, decks: int) -> str:
        return wager

    misshapen = types.ModuleType("pacomply_sample_misshapen")
    misshapen.WAGER_MATH = dataclasses.replace(  # type: ignore[attr-defined]
        chapter_686a.WAGER_MATH,
        par_sheet=hooks.ParSheetHooks(space=par_sheet_space),  # type: ignore[arg-type]
    )
    problems = _contract_problems(misshapen)
    assert (
        "par_sheet.space takes 2 positional argument(s) (2 required); its Protocol ParSheetSpace passes 3" in problems
    )
    assert "par_sheet.space: argument decks is int, not str | None" in problems
    assert "par_sheet.space returns str, not tuple[int, str] | None" in problems

    def par_sheet_spread(wager: str, decks: int) -> None:
        return None

    par_sheet_spread.__module__ = "pacomply_sample_left_out"
    left_out = types.ModuleType("pacomply_sample_left_out")
    left_out.WAGER_MATH = chapter_686a.WAGER_MATH  # type: ignore[attr-defined]
    left_out.par_sheet_spread = par_sheet_spread  # type: ignore[attr-defined]
    assert _contract_problems(left_out) == ["par_sheet_spread is defined but not in WAGER_MATH, so nothing calls it"]


def test_a_chapter_without_its_wager_math_contract_is_a_clear_error() -> None:
    """Shared code asks a chapter's wager math through ``wager_math_of``: a module without a ``WAGER_MATH`` is an
    ``IncompleteChapterError`` naming the chapter and the module, never an AttributeError deep in a review."""
    lacking = Chapter("697a", "No Contract", "over_under", wager_math_module="pacomply.checker.wager_math.pai_gow")
    with chapters.registered(lacking), pytest.raises(IncompleteChapterError) as raised:
        wager_math_of(lacking)
    assert raised.value.part == "wager math"
    assert "pacomply.checker.wager_math.pai_gow defines no WAGER_MATH" in str(raised.value)


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
    built = _example_builder().chapter_examples()
    assert tuple(sorted(built)) == CHAPTERS, f"examples/chapters/ defines the examples of {tuple(sorted(built))}"


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
