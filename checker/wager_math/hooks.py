"""The typed contract of a chapter's wager math: what shared code may ask of a chapter's wager math module.

Each chapter's wager math module ends with one :class:`ChapterWagerMath` value, ``WAGER_MATH``, naming its
``analyse``, its method version and the optional hooks it has, grouped by who asks: the figure catalogue
(:class:`FigureHooks`), the par sheet (:class:`ParSheetHooks`) and the reconciliation with the Board's figures
(:class:`ReconciliationHooks`). Each hook's type is a Protocol below, so mypy checks every chapter's hooks where
the value is built, and shared code reads typed values (:func:`wager_math_of`) instead of looking names up. A hook
left ``None`` means the chapter has nothing of that kind. The Protocols take their arguments by position, so a
chapter may call an argument it ignores ``_paytable``.

``regulations`` is the bottom layer and names this layer's modules only as strings
(``regulations.chapters.Chapter.wager_math_module``); this module is imported only where a chapter's wager math
is, so importing it imports no analysis.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from pacomply.checker.wager_math import AnalysisOptions, WagerMath
    from pacomply.checker.wager_math.blackjack_base import BaseGameOptions
    from pacomply.checker.wager_math.progressive import ProgressiveModel
    from pacomply.engine.analysis.blackjack.spread import ExactRoundSpread
    from pacomply.regulations.chapters import Chapter
    from pacomply.submissions.model import Filing

__all__ = [
    "Analyse",
    "BonusEnvyMoments",
    "BonusTripsAndStraightOdds",
    "ChapterWagerMath",
    "ComputedOutcomeModel",
    "FigureHooks",
    "FilingOptions",
    "OutcomeModel",
    "ParSheetDistribution",
    "ParSheetHooks",
    "ParSheetNamedOutcomes",
    "ParSheetProgressive",
    "ParSheetSimulation",
    "ParSheetSpace",
    "ParSheetSpread",
    "PrintedRate",
    "ReconciliationHooks",
    "RulesFromFiling",
    "SizedBonuses",
    "StoredFigures",
    "wager_math_of",
]

#: The name each chapter's wager math module gives its :class:`ChapterWagerMath`.
CONTRACT_NAME = "WAGER_MATH"


class Analyse(Protocol):
    """Every (wager, paytable, decks) the chapter permits, narrowed by the arguments given (``None``: all), under
    ``options`` (the capabilities the chapter's descriptor claims; shared code passes no other)."""

    def __call__(
        self, wager: str | None, paytable: str | None, decks: int | None, options: AnalysisOptions, /
    ) -> list[WagerMath]: ...


class RulesFromFiling(Protocol):
    """The base game's rules a filing's checklist answers set (``Capability.FILED_BASE_GAME``)."""

    def __call__(self, filing: Filing, /) -> BaseGameOptions: ...


class FilingOptions(Protocol):
    """What a filing's answers change in one wager's math beyond its meter rate (``Capability.FILING_OPTIONS``)."""

    def __call__(self, filing: Filing, wager: str, /) -> AnalysisOptions: ...


class StoredFigures(Protocol):
    """The figures the figure catalogue ships for the chapter beyond each wager's own: (stored function, inputs)."""

    def __call__(self) -> Iterator[tuple[Any, tuple[tuple[str, Any], ...]]]: ...


class ParSheetProgressive(Protocol):
    """A progressive wager's model, or None for another wager."""

    def __call__(self, wager: str, paytable: str | None, /) -> ProgressiveModel | None: ...


class ParSheetNamedOutcomes(Protocol):
    """(probabilities, net pays, order) of a wager's named outcomes, or None."""

    def __call__(
        self, wager: str, paytable: str | None, /
    ) -> tuple[dict[str, Fraction], dict[str, Fraction], tuple[str, ...]] | None: ...


class ParSheetDistribution(Protocol):
    """A wager's whole distribution of net results, as (net, probability) pairs, or None."""

    def __call__(
        self, wager: str, paytable: str | None, decks: int, /
    ) -> tuple[tuple[Fraction, Fraction], ...] | None: ...


class ParSheetSimulation(Protocol):
    """A simulated figure's seed and notes, from its rounds and standard error."""

    def __call__(self, rounds: int | None, standard_error: float | None, /) -> tuple[int, tuple[str, ...]]: ...


class ParSheetSpace(Protocol):
    """How many deals the par sheet's lines count over and what they are, or None."""

    def __call__(self, wager: str, paytable: str | None, decks: int, /) -> tuple[int, str] | None: ...


class ParSheetSpread(Protocol):
    """A blackjack base game's exact round spread (standard deviation, hit frequency and their basis), or None."""

    def __call__(self, wager: str, decks: int, /) -> ExactRoundSpread | None: ...


class PrintedRate(Protocol):
    """A progressive paytable's printed rate of progression, or None."""

    def __call__(self, paytable: str | None, /) -> Fraction | None: ...


class OutcomeModel(Protocol):
    """One set of outcomes every paytable of a wager weights (probabilities, each paytable's pays), for a joint
    test, or None."""

    def __call__(self, wager: str, /) -> tuple[dict[str, Fraction], dict[str, dict[str, Fraction]]] | None: ...


class BonusTripsAndStraightOdds(Protocol):
    """A Pai Gow bonus paytable's odds for three of a kind and a straight."""

    def __call__(self, wager: str, paytable: str, /) -> tuple[Fraction, Fraction]: ...


class ComputedOutcomeModel(Protocol):
    """:class:`OutcomeModel` computed from the exact analysis (what the figure store keeps for the review)."""

    def __call__(self, wager: str, /) -> tuple[dict[str, Fraction], dict[str, dict[str, Fraction]]]: ...


class BonusEnvyMoments(Protocol):
    """The first and second moments of the Envy Bonus a bonus wager's hand earns."""

    def __call__(self, wager: str, paytable: str, /) -> tuple[Fraction, Fraction]: ...


@dataclass(frozen=True, slots=True)
class FigureHooks:
    """What the figure catalogue (``checker.figures``) asks beyond each wager's own figures."""

    stored_figures: StoredFigures | None = None


@dataclass(frozen=True, slots=True)
class ParSheetHooks:
    """What the par sheet (``checker.parsheet``) asks to break a wager down line by line (docs/DEVELOPING.md)."""

    progressive: ParSheetProgressive | None = None
    named_outcomes: ParSheetNamedOutcomes | None = None
    distribution: ParSheetDistribution | None = None
    simulation: ParSheetSimulation | None = None
    space: ParSheetSpace | None = None
    spread: ParSheetSpread | None = None
    version: int = 0
    """Raised when only the chapter's par sheets change (beside ``method_version`` in a par sheet's key)."""


@dataclass(frozen=True, slots=True)
class SizedBonuses:
    """The Pai Gow bonus wagers whose candidates' spread the reconciliation sizes, and how."""

    wagers: frozenset[str]
    trips_and_straight_odds: BonusTripsAndStraightOdds
    envy_moments: BonusEnvyMoments
    computed_envy_moments: BonusEnvyMoments | None = None
    """The moments computed from the exact analysis (what the figure store keeps; ``envy_moments`` reads it)."""


@dataclass(frozen=True, slots=True)
class ReconciliationHooks:
    """What the reconciliation with the Board's figures (``checker.reconciliation``) asks."""

    printed_rate: PrintedRate | None = None
    outcome_model: OutcomeModel | None = None
    computed_outcome_model: ComputedOutcomeModel | None = None
    """The outcome model computed from the exact analysis, for each of ``outcome_model_wagers`` (what the figure
    store keeps; ``outcome_model`` reads it)."""
    outcome_model_wagers: frozenset[str] = frozenset()
    sized_bonuses: SizedBonuses | None = None


@dataclass(frozen=True, slots=True)
class ChapterWagerMath:
    """A chapter's wager math as shared code sees it: ``WAGER_MATH`` in its ``checker/wager_math/chapter_NNNa.py``."""

    analyse: Analyse
    method_version: int
    """Raised whenever a change in the wager math or the engine under it changes a figure (docs/figure-store.md)."""
    rules_from_filing: RulesFromFiling | None = None
    filing_options: FilingOptions | None = None
    figures: FigureHooks = field(default_factory=FigureHooks)
    par_sheet: ParSheetHooks = field(default_factory=ParSheetHooks)
    reconciliation: ReconciliationHooks = field(default_factory=ReconciliationHooks)


def wager_math_of(descriptor: Chapter) -> ChapterWagerMath:
    """The chapter's :class:`ChapterWagerMath`, imported now; ``IncompleteChapterError`` naming the module when it
    has none or it is not one (a defect in pacomply, never a verdict)."""
    from pacomply.regulations.chapters import IncompleteChapterError

    found = descriptor.load("wager math")
    if not isinstance(found, ChapterWagerMath):
        raise IncompleteChapterError(
            descriptor.id,
            "wager math",
            f"{descriptor.wager_math_module}.{CONTRACT_NAME} is a {type(found).__name__}, not a ChapterWagerMath",
        )
    return found
