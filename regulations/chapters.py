"""The chapters pacomply supports: one :class:`Chapter` value each, naming the chapter's parts and what it can do.

Every registry, filter, command-line choice and test parametrisation derives from :func:`chapters`. A descriptor
names the modules of the layers above this one only as dotted strings; each layer imports its own part lazily
(``import_module(chapter.rules_module)``), so importing this registry imports no rulebook, no rule and no engine,
and the import-linter layer contracts hold: ``regulations`` imports nothing above it.

Adding a chapter: write its parts under the conventional names (``regulations/chapter_NNNa.py``,
``regulations/versions/chapter_NNNa.py``, ``regulations/coverage/chapter_NNNa.py``, ``checker/rules/chapter_NNNa.py``,
``checker/wager_math/chapter_NNNa.py``, ``engine/games/<game>.py``, ``engine/simulation/<simulation>.py``), then add
one line to :data:`_CHAPTERS`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from enum import StrEnum, unique
from importlib import import_module
from typing import Any

__all__ = [
    "Capability",
    "Chapter",
    "IncompleteChapterError",
    "UnknownChapterError",
    "chapter",
    "chapter_ids",
    "chapters",
    "chapters_with",
    "normalise_chapter",
    "registered",
]

CHAPTER_ID_PATTERN = re.compile(r"^\d{3}[a-z]$")


@unique
class Capability(StrEnum):
    """Something a chapter's wager math or review can do beyond pricing its wagers on the chapter's own terms."""

    BASE_GAME_OPTIONS = "base_game"
    """Its ``analyse`` reads the options' ``base_game``: a blackjack base game's rule and strategy options."""
    FILED_BASE_GAME = "filed_base_game"
    """The filing's checklist answers set its base game's rules: its wager math has ``rules_from_filing(filing)``."""
    METER_RATE = "meter_rate"
    """Its ``analyse`` reads the options' ``meter_rate``: a progressive wager's rate of progression, for its long
    run."""
    CROWN_TREASURE = "crown_treasure"
    """Its ``analyse`` reads the options' ``crown_treasure``: Royal Match 21 priced with or without the Crown
    Treasure Bonus."""
    FILING_OPTIONS = "filing_options"
    """Its wager math has ``filing_options(filing, wager)``: what the filing's answers change in one wager's math
    beyond the meter rate (a bonus it does not pay)."""


class UnknownChapterError(KeyError):
    """A chapter id that pacomply has no descriptor for."""

    def __init__(self, chapter: str) -> None:
        supported = ", ".join(chapter_ids())
        super().__init__(f"chapter '{chapter}' is not supported (supported: {supported})")
        self.chapter = chapter

    def __str__(self) -> str:
        return str(self.args[0])


class IncompleteChapterError(LookupError):
    """A registered chapter lacks a part its descriptor names (a module, or a name in it): a defect in pacomply,
    never a verdict about a filing."""

    def __init__(self, chapter: str, part: str, detail: str) -> None:
        super().__init__(f"chapter {chapter} is registered but incomplete: its {part} is missing ({detail})")
        self.chapter = chapter
        self.part = part

    def __str__(self) -> str:
        return str(self.args[0])


@dataclass(frozen=True, slots=True)
class Chapter:
    """One chapter of 58 Pa. Code Subpart K and where each of its parts lives.

    Only ``id``, ``title`` and ``game`` are required: the other modules follow the conventional names and are
    given explicitly only where a chapter's part lives elsewhere (a test's chapter does).
    """

    id: str
    """The chapter id, lower case: ``686a``."""
    title: str
    """The game's name as the chapter titles it: ``Over/Under``."""
    game: str
    """The rules-of-play module under ``engine/games/`` that settles and replays a round."""
    simulation: str = ""
    """The round simulator under ``engine/simulation/`` (``ROUND_GAME``); ``game`` when empty."""
    capabilities: frozenset[Capability] = frozenset()
    spread_wagers: tuple[str, ...] = ()
    """The wagers whose par sheets carry a simulated spread of a round (standard deviation, hit frequency): a
    blackjack base game, whose exact analysis values decisions, not the distribution of a round."""
    rulebook_module: str = ""
    """The law as data (``RULEBOOK``); ``pacomply.regulations.chapter_NNNa`` when empty."""
    coverage_module: str = ""
    """The coverage matrix (``MATRIX``); ``pacomply.regulations.coverage.chapter_NNNa`` when empty."""
    rules_module: str = ""
    """The rules (``RULES``); ``pacomply.checker.rules.chapter_NNNa`` when empty."""
    wager_math_module: str = ""
    """The wager math (``WAGER_MATH``, a ``checker.wager_math.hooks.ChapterWagerMath``: its ``analyse`` and typed
    hooks); ``pacomply.checker.wager_math.chapter_NNNa`` when empty."""
    version_module: str = ""
    """Which text of the law the rulebook encodes (``VERSION``); ``pacomply.regulations.versions.chapter_NNNa`` when
    empty. Apart from the law module so that its notes stay out of the figure keys' digest of the law."""
    published_figures_module: str = ""
    """The Board's published figures for the chapter (``FIGURES``, ``regulations.published.PublishedFigure`` rows, or
    one ``NO_FIGURE`` row saying there are none); ``pacomply.regulations.published_figures.chapter_NNNa`` when
    empty."""
    printed_figures_module: str = ""
    """The figures the chapter prints beside its paytables that its rulebook keeps elsewhere (``printed_figures()``),
    compared with the official text; ``pacomply.regulations.official.chapter_NNNa`` when empty. Optional: a chapter
    without such figures has no such module."""
    game_module: str = field(default="", init=False)
    """The rules of play (``replay``, ``settle``): ``pacomply.engine.games.<game>``, or ``game`` when dotted."""
    simulation_module: str = field(default="", init=False)
    """The round simulator (``ROUND_GAME``): ``pacomply.engine.simulation.<simulation>``, or it when dotted."""

    def __post_init__(self) -> None:
        if not CHAPTER_ID_PATTERN.fullmatch(self.id):
            raise ValueError(f"chapter id '{self.id}' is not three digits and a letter, lower case (e.g. 686a)")
        if not self.title.strip() or not self.game.strip():
            raise ValueError(f"chapter {self.id}: a descriptor needs a title and a game module")
        defaults = {
            "rulebook_module": f"pacomply.regulations.chapter_{self.id}",
            "coverage_module": f"pacomply.regulations.coverage.chapter_{self.id}",
            "rules_module": f"pacomply.checker.rules.chapter_{self.id}",
            "wager_math_module": f"pacomply.checker.wager_math.chapter_{self.id}",
            "version_module": f"pacomply.regulations.versions.chapter_{self.id}",
            "printed_figures_module": f"pacomply.regulations.official.chapter_{self.id}",
            "published_figures_module": f"pacomply.regulations.published_figures.chapter_{self.id}",
        }
        for name, default in defaults.items():
            if not getattr(self, name):
                object.__setattr__(self, name, default)
        simulation = self.simulation or self.game
        object.__setattr__(self, "game_module", _dotted(self.game, "pacomply.engine.games"))
        object.__setattr__(self, "simulation_module", _dotted(simulation, "pacomply.engine.simulation"))

    def has(self, capability: Capability) -> bool:
        """True when the chapter has ``capability``."""
        return capability in self.capabilities

    @property
    def parts(self) -> dict[str, tuple[str, str]]:
        """Each part by name: (its module, the name that module must define)."""
        return {
            "rulebook": (self.rulebook_module, "RULEBOOK"),
            "version": (self.version_module, "VERSION"),
            "rules": (self.rules_module, "RULES"),
            "rules of play": (self.game_module, "replay"),
            "wager math": (self.wager_math_module, "WAGER_MATH"),
            "simulation": (self.simulation_module, "ROUND_GAME"),
            "coverage matrix": (self.coverage_module, "MATRIX"),
            "published figures": (self.published_figures_module, "FIGURES"),
        }

    def load(self, part: str) -> Any:
        """The object a part names (``load("rules")`` is the rules module's ``RULES``), imported now;
        :class:`IncompleteChapterError` when the module or the name is missing."""
        module_name, attribute = self.parts[part]
        module = self.module(part)
        if not hasattr(module, attribute):
            raise IncompleteChapterError(self.id, part, f"{module_name} defines no {attribute}")
        return getattr(module, attribute)

    def hook(self, part: str, name: str) -> Any:
        """An optional hook of a part's module (a function or constant looked up by name, docs/DEVELOPING.md): None
        where the chapter's module has none, so a chapter without it simply has nothing of that kind."""
        return getattr(self.module(part), name, None)

    def module(self, part: str) -> Any:
        """The module of a part, imported now; :class:`IncompleteChapterError` when it does not exist."""
        module_name = self.parts[part][0]
        try:
            return import_module(module_name)
        except ModuleNotFoundError as error:
            if error.name is not None and (module_name == error.name or module_name.startswith(f"{error.name}.")):
                raise IncompleteChapterError(self.id, part, f"there is no module {module_name}") from error
            raise


def _dotted(name: str, package: str) -> str:
    return name if "." in name else f"{package}.{name}"


_BASE_GAME = Capability.BASE_GAME_OPTIONS
_METER = frozenset({Capability.METER_RATE})
_633A = _METER | {_BASE_GAME, Capability.FILED_BASE_GAME, Capability.CROWN_TREASURE, Capability.FILING_OPTIONS}

# One line per chapter. The modules each names are imported only when a command needs that chapter's part.
_CHAPTERS: dict[str, Chapter] = {
    descriptor.id: descriptor
    for descriptor in (
        Chapter("633a", "Blackjack", "blackjack", capabilities=_633A, spread_wagers=("base", "switch")),
        Chapter("645a", "Pai Gow Poker", "pai_gow_poker", "pai_gow_rounds", _METER),
        Chapter("681a", "21 Baccarat", "twenty_one_baccarat"),
        Chapter(
            "685a",
            "Down Under Blackjack",
            "down_under_blackjack",
            capabilities=frozenset({_BASE_GAME}),
            spread_wagers=("base",),
        ),
        Chapter("686a", "Over/Under", "over_under"),
        Chapter("687a", "DJ Wild Stud Poker", "dj_wild_stud_poker", capabilities=_METER),
        Chapter("688a", "Face Up Pai Gow Poker", "face_up_pai_gow_poker", "face_up_pai_gow_rounds", _METER),
    )
}


def normalise_chapter(text: str) -> str:
    """'686A', ' 686a ', 'Chapter 686a' → '686a'."""
    return text.strip().lower().removeprefix("chapter").strip()


def chapters() -> tuple[Chapter, ...]:
    """Every chapter pacomply supports, sorted by id."""
    return tuple(_CHAPTERS[key] for key in sorted(_CHAPTERS))


def chapter_ids() -> tuple[str, ...]:
    """The ids of every supported chapter, sorted."""
    return tuple(sorted(_CHAPTERS))


def chapter(chapter_id: str) -> Chapter:
    """The descriptor of a chapter (id normalised: '686A' works); :class:`UnknownChapterError` when unsupported."""
    found = _CHAPTERS.get(normalise_chapter(chapter_id))
    if found is None:
        raise UnknownChapterError(chapter_id)
    return found


def chapters_with(capability: Capability) -> tuple[str, ...]:
    """The ids of the chapters that have ``capability``, sorted."""
    return tuple(descriptor.id for descriptor in chapters() if descriptor.has(capability))


@contextmanager
def registered(descriptor: Chapter) -> Iterator[Chapter]:
    """Support ``descriptor``'s chapter while the block runs (a test's chapter): every registry sees it, and it is
    gone again afterwards. A chapter already supported cannot be replaced."""
    if descriptor.id in _CHAPTERS:
        raise ValueError(f"chapter {descriptor.id} is already registered")
    _CHAPTERS[descriptor.id] = descriptor
    try:
        yield descriptor
    finally:
        del _CHAPTERS[descriptor.id]
