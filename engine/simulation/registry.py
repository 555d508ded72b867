"""Which game simulates each chapter, and the small protocol every game's round simulator implements.

A chapter plugs in with one module that exposes ``ROUND_GAME``, an object satisfying :class:`RoundGame`, named by
its descriptor (``regulations.chapters.Chapter.simulation``). The runner (:mod:`engine.simulation.runner`) owns
the shoe, the seeds, the chunks, the tallies and the progressive meters; the game owns only what happens in one round:

1. ``ROUND_GAME.table(setup)`` checks the setup (wagers, paytable, decks) and returns a :class:`RoundPlayer`;
   it raises :class:`SimulationUnavailable` saying what cannot be simulated.
2. The runner calls the player once per round with the :class:`~engine.simulation.shoe.Shoe` in play. The
   player draws the cards in the chapter's dealing order, decides with its strategy, settles the round through
   the chapter's rules-of-play module (the same ``settle`` that ``pacomply replay`` uses) and returns one
   :class:`WagerPlay` per wager and seat.

Modules are imported only when their chapter is asked for, so the registry is cheap to import.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from importlib import import_module
from typing import Protocol, runtime_checkable

from pacomply.engine.simulation.progressive import MeterSpec
from pacomply.engine.simulation.shoe import Shoe, ShoeSpec
from pacomply.regulations import chapters


class SimulationUnavailable(LookupError):
    """The chapter, wager, paytable or table set-up asked for cannot be simulated (says why)."""


@dataclass(frozen=True, slots=True)
class WagerPlay:
    """One wager's result in one round, per unit of its initial wager."""

    wager: str
    net: float
    """The player's net result (positive a win) per unit of the initial wager."""
    wagered: float = 1.0
    """Everything put at risk on this wager line per unit of the initial wager (Raise, Over 23 … included)."""
    progressive_outcome: str | None = None
    """For a progressive wager: the paytable row hit (its ``outcome`` text), or None when it lost. The runner
    pays it from the meter; ``net`` then holds only the fixed part (-1 when the row is paid from the meter)."""


@dataclass(frozen=True, slots=True)
class WagerFacts:
    """What a report says about a simulated wager: its citation, the reading it relies on, its strategy."""

    wager: str
    citation: str
    reading: str | None = None
    strategy: tuple[tuple[str, str], ...] = ()
    paytable_rows: tuple[tuple[str, str], ...] = ()
    paytable: str | None = ""
    """The paytable id as ``edge`` names it (None: the wager has none). The default, empty, leaves it to the
    runner: ``--paytable`` when the wager has paytable rows."""


@dataclass(frozen=True, slots=True)
class TableSetup:
    """What is simulated: the wagers placed each round, the paytable, the shoe, the seats in play."""

    chapter: str
    wagers: tuple[str, ...]
    """Wager ids placed every round (docs/math.md ids); empty means every wager the game simulates."""
    paytable: str | None
    shoe: ShoeSpec
    seats: int = 1
    """Players dealt in each round; more seats use up the shoe faster (the cover card comes sooner)."""
    options: tuple[tuple[str, str], ...] = field(default_factory=tuple)
    """Game-specific options as sorted (name, value) pairs, e.g. (('strategy', 'basic'),)."""
    meters: tuple[MeterSpec, ...] = ()
    """Progressive meters, one per progressive wager; the runner pays those wagers' rows from them."""

    def meter_for(self, wager: str) -> MeterSpec | None:
        """The meter of a wager, if it has one."""
        return next((meter for meter in self.meters if meter.wager == wager), None)


class RoundPlayer(Protocol):
    """Deals, plays and settles one round from the shoe."""

    def __call__(self, shoe: Shoe) -> Sequence[WagerPlay]: ...


@runtime_checkable
class RoundGame(Protocol):
    """What one chapter's simulation module exposes as ``ROUND_GAME``."""

    chapter: str
    default_decks: int
    jokers_per_deck: int

    def wager_ids(self) -> tuple[str, ...]:
        """Every wager this game can simulate, in report order."""
        ...

    def table(self, setup: TableSetup) -> RoundPlayer:
        """A round player for this setup; :class:`SimulationUnavailable` if it cannot be simulated."""
        ...

    def facts(self, setup: TableSetup, wager: str) -> WagerFacts:
        """The citation, reading and strategy a report shows for a wager."""
        ...


@runtime_checkable
class TabledRoundGame(RoundGame, Protocol):
    """A round game whose players look up tables that take seconds to build (the strategy the analysis solves) and
    that a process builds once. The runner builds them once, in the process that plans the run, and hands them to
    each worker of its process pool, which would otherwise solve the same strategy again, one copy per worker."""

    def shared_tables(self, setup: TableSetup) -> object:
        """The tables the set-up's players look up, built in this process; picklable."""
        ...

    def adopt_tables(self, tables: object) -> None:
        """Keep ``tables`` (:meth:`shared_tables` of the same set-up, in another process) as this process's own."""
        ...


@dataclass(frozen=True, slots=True)
class MeterChoice:
    """The progressive meter as the user filed it (``--meter-reset``, ``--meter-rate``); None: the chapter's own.

    A game fills what is left open from its chapter: a reset amount the chapter prints (687a, 688a) or its
    minimum (633a, 645a), and a rate of progression the chapter prints (688a) or 0 — a meter frozen at its
    reset amount, which is what ``edge`` prices.
    """

    reset: Fraction | None = None
    """The initial and reset (seed) amount in dollars."""
    rate: Fraction | None = None
    """The rate of progression as a fraction of each wager (0.15 for 15 %)."""


@runtime_checkable
class ProgressiveRoundGame(RoundGame, Protocol):
    """A round game with progressive wagers: it builds their meters and knows their exact row probabilities.

    The runner pays every wager that has a meter in ``TableSetup.meters`` from that meter; the game's player then
    reports the paytable row hit in :attr:`WagerPlay.progressive_outcome` (``net`` -1, the fixed part).
    """

    def meters(self, setup: TableSetup, choice: MeterChoice) -> tuple[MeterSpec, ...]:
        """One meter per progressive wager in ``setup.wagers`` (every one when empty), reset and rate from
        ``choice`` where given, else the chapter's. :class:`SimulationUnavailable` for a choice that cannot be
        used (a negative reset, a rate of 100 % or more, a paytable whose meter the chapter fixes)."""
        ...

    def row_probabilities(self, setup: TableSetup, wager: str) -> Mapping[str, Fraction]:
        """Exact probability of each row of the wager's meter paytable for one seat dealt off the top of a full
        batch (outcomes not listed lose): with :func:`engine.simulation.progressive.net_at_meter` it gives the
        return at the reset amount that the simulated meter is checked against."""
        ...


def simulated_chapters() -> tuple[str, ...]:
    """Chapters with a round simulator."""
    return chapters.chapter_ids()


def game_module(chapter: str) -> str:
    """The module path of a chapter's round simulator; :class:`SimulationUnavailable` when there is none."""
    if chapter not in simulated_chapters():
        raise SimulationUnavailable(
            f"chapter '{chapter}' has no round simulator yet (available: {', '.join(simulated_chapters())})"
        )
    return chapters.chapter(chapter).simulation_module


def load_game(module_name: str) -> RoundGame:
    """Import a round simulator module and return its ``ROUND_GAME``."""
    game = import_module(module_name).ROUND_GAME
    if not isinstance(game, RoundGame):
        raise TypeError(f"{module_name}.ROUND_GAME does not implement the RoundGame protocol")
    return game


def round_game(chapter: str) -> RoundGame:
    """The round simulator of a chapter."""
    return load_game(game_module(chapter))
