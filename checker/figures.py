"""Every figure the seven rulebooks can need, and the ``pacomply figures`` commands over the figure store.

The catalogue (:func:`catalogue`) lists what a review, ``edge`` and ``published`` ask the store for under any
filing the chapters permit: each wager's math at every paytable and deck count permitted (as a table offers it, and
as a required wager asks for all its paytables), each chapter's whole ``edge``, every request the reconciliation with
the Board's published figures makes, the 633a base games under every rule a filing's answers can set, and the
enumerations and seeded simulations under them. ``build`` looks each one up (computing only what is absent) and writes
the shipped shelves; ``verify`` recomputes stored figures and compares them exactly.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pacomply.checker.wager_math import AnalysisUnavailable, method_version, supported_chapters
from pacomply.engine import figure_store
from pacomply.engine.figure_store import Figure, FigureKey
from pacomply.regulations import chapters as chapter_registry

from pacomply import regulations


@dataclass(frozen=True, slots=True)
class Wanted:
    """One figure of the catalogue: the registered figure and its inputs."""

    figure: Figure
    inputs: tuple[tuple[str, Any], ...]

    @property
    def key(self) -> FigureKey:
        """Its key in the store."""
        return self.figure.key(**dict(self.inputs))

    @property
    def description(self) -> str:
        """What it is, in words."""
        return self.figure.describe(dict(self.inputs))

    def look_up(self) -> Any:
        """The figure from the store, computed and stored when absent."""
        return self.figure(**dict(self.inputs))


def load_figures() -> None:
    """Import every module that registers a figure, so stored entries can be recomputed by name: the wager math's
    own figure, every figure each chapter's catalogue names (through its descriptor: :func:`_chapter_figures`), the
    blackjack round spreads and the par sheets. No chapter's module is named here."""
    from pacomply.checker import review_parsheets
    from pacomply.checker.wager_math import _stored_wager_math
    from pacomply.engine.analysis import blackjack_spread

    del review_parsheets, blackjack_spread  # imported for the figures they register
    _stored_wager_math()
    for chapter in supported_chapters():
        for _wanted in _chapter_figures(chapter):
            pass  # naming a chapter's figures imports the modules that register them


def _wager_math(chapter: str, wager: str | None = None, paytable: str | None = None, decks: int | None = None,
                base_game: Any = None) -> Wanted:  # fmt: skip
    from pacomply.checker.wager_math import _stored_wager_math

    inputs = {
        "chapter": chapter,
        "wager": wager,
        "paytable": paytable,
        "decks": decks,
        "base_game": base_game,
        "meter_rate": None,
        "crown_treasure": None,
    }
    return Wanted(_stored_wager_math(), tuple(inputs.items()))


def _configurations(chapter: str) -> Iterator[Wanted]:
    """Each wager as a filed table asks for it: every paytable at every deck count the chapter permits (each
    paytable's own deck restriction aside, which the wager math refuses), and every wager without a paytable."""
    book = regulations.rulebook(chapter)
    decks = sorted(book.permitted_decks)
    for wager in book.wagers:
        for count in decks:
            yield _wager_math(chapter, wager.id, None, count)
            for paytable in book.paytables_for(wager.id):
                if paytable.permitted_decks is None or count in paytable.permitted_decks:
                    yield _wager_math(chapter, wager.id, paytable.id, count)


def _reconciliation(chapter: str) -> Iterator[Wanted]:
    """The wager-math calls the reconciliation with the Board's published figures makes for the chapter."""
    from pacomply.checker.reconciliation import requests_for, run_request
    from pacomply.regulations import published

    del run_request  # the requests are looked up as the reconciliation makes them (checked in build)
    for published_figure in published.figures(chapter):
        for request in requests_for(published_figure):
            yield Wanted(_request_figure(), (("request", request),))


def _run_reconciliation_request(request: Any) -> Any:
    from pacomply.checker.reconciliation import run_request

    return run_request(request)


class _RequestFigure:
    """A reconciliation request as a catalogue entry: looking it up runs it (its wager math is then stored)."""

    name = "reconciliation-request"

    def key(self, **inputs: Any) -> FigureKey:
        request = inputs["request"]
        return FigureKey(self.name, request.chapter, 0, "", figure_store.encode(request))

    def describe(self, inputs: dict[str, Any]) -> str:
        request = inputs["request"]
        parts = [request.chapter, request.wager, request.paytable or "", f"{request.decks or ''}"]
        if request.strategy:
            parts.append(f"{request.strategy} strategy")
        if request.rule_change:
            parts.append(f"rule {request.rule_change[0]} = {request.rule_change[1]}")
        return "Board figure: " + " ".join(part for part in parts if part)

    def __call__(self, **inputs: Any) -> Any:
        return _run_reconciliation_request(inputs["request"])


def _request_figure() -> Any:
    return _RequestFigure()


def _chapter_figures(chapter: str) -> Iterator[Wanted]:
    """The figures a chapter's own wager math names through its ``stored_figures()`` hook (the rule sets a filing
    can set, the enumerations and simulations under its wagers; none when it has no hook), and the figures its
    reconciliation sizes and tests candidates with (:mod:`checker.wager_math.reconciliation_figures`)."""
    from pacomply.checker.wager_math import reconciliation_figures
    from pacomply.checker.wager_math.hooks import wager_math_of

    hook = wager_math_of(chapter_registry.chapter(chapter)).figures.stored_figures
    if hook is not None:
        for stored, inputs in hook():
            yield Wanted(stored, inputs)
    for stored, inputs in reconciliation_figures.catalogued(chapter):
        yield Wanted(stored, inputs)


def _round_spreads(chapter: str) -> Iterator[Wanted]:
    """The simulated spread of a round of each blackjack base game (par sheets, and the 633a base figures'
    standard deviation in the reconciliation), at every deck count the chapter permits for the wager."""
    from pacomply.engine.analysis import blackjack_spread

    for game, wager in blackjack_spread.spread_wagers():
        if game != chapter:
            continue
        for decks in blackjack_spread.spread_decks(game, wager):
            inputs = {
                "chapter": game,
                "wager": wager,
                "decks": decks,
                "rounds": blackjack_spread.SPREAD_ROUNDS,
                "seed": blackjack_spread.SPREAD_SEED,
            }
            yield Wanted(blackjack_spread._stored_spread, tuple(inputs.items()))


def _par_sheets(chapter: str) -> Iterator[Wanted]:
    """The par sheet of each configuration :func:`_configurations` lists (the review's par-sheet section reads
    them), every deck count included (a blackjack base game's spread at each is :func:`_round_spreads`')."""
    from pacomply.checker import review_parsheets

    book = regulations.rulebook(chapter)
    for wager in book.wagers:
        decks = sorted(book.permitted_decks)
        for count in decks:
            paytables = [paytable for paytable in book.paytables_for(wager.id)
                         if paytable.permitted_decks is None or count in paytable.permitted_decks]  # fmt: skip
            paytable_ids: list[str | None] = [paytable.id for paytable in paytables] or [None]
            for paytable_id in paytable_ids:
                inputs: dict[str, Any] = {"chapter": chapter, "wager": wager.id, "paytable": paytable_id,
                                          "decks": count, "layout": review_parsheets.LAYOUT}  # fmt: skip
                yield Wanted(review_parsheets._stored_par_sheet, tuple(inputs.items()))


def catalogue(chapters: Iterable[str] | None = None) -> list[Wanted]:
    """Every figure the chapters can need (all seven when None), the cheapest kinds first, no repeats."""
    load_figures()
    chosen = sorted(chapters) if chapters is not None else list(supported_chapters())
    found: dict[str, Wanted] = {}
    for chapter in chosen:
        groups: list[Iterable[Wanted]] = [
            _chapter_figures(chapter),
            _round_spreads(chapter),
            _configurations(chapter),
            [_wager_math(chapter)],
            _reconciliation(chapter),
            _par_sheets(chapter),
        ]
        for group in groups:
            for wanted in group:
                found.setdefault(wanted.key.digest, wanted)
    return list(found.values())


# --------------------------------------------------------------------------------------------------------------------
# build


@dataclass(frozen=True, slots=True)
class BuildResult:
    """What a build did."""

    looked_up: int
    computed: int
    unavailable: int
    shelves: tuple[Path, ...]


class _Collector(figure_store.Reporter):
    """Counts the figures a build had to compute, passing the news on."""

    def __init__(self, passed_to: figure_store.FigureReporter) -> None:
        self.passed_to = passed_to
        self.count = 0

    def computing(self, description: str) -> None:
        self.passed_to.computing(description)

    def computed(self, description: str, seconds: float) -> None:
        self.count += 1
        self.passed_to.computed(description, seconds)

    def abandoned(self, description: str) -> None:
        self.passed_to.abandoned(description)


def build(
    chapters: Iterable[str] | None,
    shipped: Path | None,
    reporter: figure_store.FigureReporter,
    on_step: Callable[[Wanted], None] | None = None,
) -> BuildResult:
    """Look every catalogued figure up (computing and storing what is absent: resumable) and, with ``shipped``, write
    the shipped shelves of the chapters built with every figure looked up (those a looked-up figure was computed from
    included, where it had to be computed)."""
    wanted = catalogue(chapters)
    collector = _Collector(reporter)
    previous = _swap_reporter(collector)
    touched = figure_store.touched_keys()
    unavailable = 0
    try:
        with touched:
            for item in wanted:
                if on_step is not None:
                    on_step(item)
                try:
                    item.look_up()
                except AnalysisUnavailable:
                    unavailable += 1
    finally:
        figure_store.set_reporter(previous)
    shelves: list[Path] = []
    if shipped is not None:
        shelves = write_shelves(shipped, touched.keys)
    return BuildResult(len(wanted), collector.count, unavailable, tuple(shelves))


def _swap_reporter(reporter: figure_store.FigureReporter) -> figure_store.FigureReporter:
    previous = figure_store.current_reporter()
    figure_store.set_reporter(reporter)
    return previous


def write_shelves(folder: Path, keys: Iterable[FigureKey]) -> list[Path]:
    """Write the shelves the keys fall on with exactly those entries (from wherever they are stored): a figure no
    longer asked for, or made under an older rulebook or method, is dropped."""
    by_shelf: dict[str, dict[str, dict[str, Any]]] = {}
    for key in keys:
        found = figure_store.stored_entry(key)
        if found is not None:
            by_shelf.setdefault(key.shelf, {})[key.digest] = found[1]
    written = []
    for shelf, entries in sorted(by_shelf.items()):
        written.append(figure_store.write_shelf(folder, shelf, entries))
    return written


def still_valid(entry: dict[str, Any]) -> bool:
    """Whether a stored entry was made under the current rulebook and method of its figure."""
    load_figures()
    try:
        registered = figure_store.registered(entry["figure"])
        inputs = figure_store.decode(entry["inputs"])
        return registered.key(**inputs) == FigureKey(
            entry["figure"], entry["chapter"], entry["method"], entry["rulebook"], entry["inputs"]
        )
    except (KeyError, figure_store.FigureStoreError, TypeError, ValueError):
        return False


# --------------------------------------------------------------------------------------------------------------------
# verify and list


@dataclass(frozen=True, slots=True)
class Stored:
    """One stored figure, where it is kept."""

    digest: str
    where: str
    entry: dict[str, Any]

    @property
    def chapter(self) -> str | None:
        """The chapter whose rulebook the figure follows (None: a figure of no chapter)."""
        return self.entry.get("chapter")

    def description(self) -> str:
        """What it is, in words."""
        load_figures()
        try:
            return figure_store.registered(self.entry["figure"]).describe(figure_store.decode(self.entry["inputs"]))
        except (KeyError, figure_store.FigureStoreError):
            return self.entry.get("figure", "?")

    def to_json(self) -> dict[str, Any]:
        """One entry of ``figures list --format json``."""
        return {
            "key": self.digest,
            "where": self.where,
            "figure": self.entry.get("figure"),
            "chapter": self.chapter,
            "description": self.description(),
            "rulebook": self.entry.get("rulebook"),
            "method": self.entry.get("method"),
            "pacomply": self.entry.get("pacomply"),
            "current": still_valid(self.entry),
        }


def stored(chapter: str | None = None, shipped: Path | None = None) -> list[Stored]:
    """Every stored figure (shipped, then the user cache), of one chapter when given; sorted by chapter and figure."""
    found: dict[str, Stored] = {}
    folder = shipped if shipped is not None else figure_store.shipped_folder()
    if folder is not None:
        for path in sorted(folder.glob("*.json.gz")):
            shelf = path.name.removesuffix(".json.gz")
            for digest, entry in figure_store.read_shelf(folder, shelf).items():
                found[digest] = Stored(digest, "shipped", entry)
    for digest, entry in figure_store.user_entries():
        found.setdefault(digest, Stored(digest, "cache", entry))
    chosen = [item for item in found.values() if chapter is None or item.chapter == chapter]
    return sorted(chosen, key=lambda item: (item.chapter or "", item.entry.get("figure", ""), item.digest))


@dataclass(frozen=True, slots=True)
class Mismatch:
    """A stored figure that its recomputation does not equal."""

    stored: Stored
    reason: str


def verify(items: Iterable[Stored], on_step: Callable[[Stored], None] | None = None) -> list[Mismatch]:
    """Recompute each stored figure (nothing read from a store) and compare its exact encoding with the stored one's
    as read back; figures of an older rulebook or method, which no lookup can reach, are left out."""
    load_figures()
    mismatches = []
    for item in items:
        if on_step is not None:
            on_step(item)
        entry = item.entry
        if not still_valid(entry):
            continue  # made under another rulebook or method version: never read, nothing to compare
        registered = figure_store.registered(entry["figure"])
        with figure_store.recomputing():
            value = registered.recompute(figure_store.decode(entry["inputs"]))
        # The stored value as a lookup reads it (a field added to its type since takes its default), encoded again.
        if figure_store.encode(value) != figure_store.encode(figure_store.decode(entry["value"])):
            mismatches.append(Mismatch(item, "the recomputed figure differs from the stored one"))
    return mismatches


def method_versions() -> dict[str, int]:
    """Each chapter's method version (docs/figure-store.md)."""
    return {chapter: method_version(chapter) for chapter in supported_chapters()}


def shipped_writable() -> Path | None:
    """The shipped folder when it can be written (a source checkout), else None."""
    folder = figure_store.SHIPPED_FOLDER
    parent = folder if folder.is_dir() else folder.parent
    return folder if os.access(parent, os.W_OK) else None
