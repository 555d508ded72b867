"""The reconciliation of the Board's published figures with pacomply's own, computed at run time.

For each figure of the register (:mod:`regulations.published`) the wager math of its chapter is run
(:func:`checker.wager_math.analyse`) for the wager, every paytable and deck count the figure can refer to, and every
reading the chapter admits (``WagerMath.priced_readings``), alone and in combination (a bounded search, see
:data:`MAX_COMBINED_READINGS`). Each of those computed figures is put in the Board's terms (a payback, a hold, a
house edge or a rule's effect) and compared with the Board's number at the precision the Board printed. The verdict
is the first of these that the evidence supports, tested in this order (docs/published-figures.md):

1. *reproduced*: pacomply's own pricing rounds to the Board's figure;
2. *reproduced under another reading*: a candidate reading, or a combination of them, does (text and Board disagree);
3. *Board misprint*: one digit (not the last) off, or two neighbours swapped, while the rest of the list reproduces;
4. *undecidable*: pacomply's own figure is simulated and the Board's lies inside its interval, or the chapter lacks
   the number the figure depends on (a rate of progression, a paytable it does not print);
5. *implied parameter*: a round value of the parameter the chapter prints (a progressive's rate) reproduces it;
6. *consistent with simulation*: the gap to the nearest exact figure is within two standard errors of a simulation
   of at least :data:`SIMULATION_FLOOR` rounds, the standard error from the candidate's own standard deviation;
7. *unexplained*: the nearest reading and the gap.

Each verdict carries its evidence (``Reconciliation.evidence``), printed in every output.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from decimal import ROUND_HALF_UP, Decimal, localcontext
from enum import StrEnum, unique
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING, Any

from pacomply.engine.analysis.blackjack_strategy import Strategy
from pacomply.regulations import chapters, published
from pacomply.regulations.chapters import Capability
from pacomply.regulations.published import Basis, Measure, PublishedFigure

from pacomply import regulations

if TYPE_CHECKING:
    from pacomply.checker.wager_math import PricedReading, WagerMath
    from pacomply.checker.wager_math.hooks import ReconciliationHooks

#: Digits after the point kept for pacomply's figures in percent (six: more than any Board figure carries).
PERCENT_PLACES = 6
#: The least number of rounds a simulation behind a published figure is assumed to have run: a laboratory prices a
#: wager to three decimals with 10^7 rounds or more. A gap within two standard errors of such a simulation (or of any
#: larger one up to the size where it would not be) is called consistent with simulation.
SIMULATION_FLOOR = 10**7
#: Simulation sizes the evidence shows the gap at, in standard errors.
SIMULATION_SIZES = (10**7, 10**8, 10**9, 10**10)
#: The most readings combined at once in the search over combinations of candidate readings.
MAX_COMBINED_READINGS = 3
#: A progressive's implied rate is called round when it is a multiple of this (half a percent).
ROUND_RATE = Fraction(1, 200)
_Z95 = 1.959963984540054


@unique
class Verdict(StrEnum):
    """How a Board figure stands against pacomply's (tested in this order; docs/published-figures.md)."""

    REPRODUCED = "reproduced"
    """pacomply's own pricing rounds to the Board's figure."""
    REPRODUCED_UNDER_READING = "reproduced under another reading"
    """Only a reading (or a combination of readings) pacomply does not rely on gives it: text and Board disagree."""
    MISPRINT = "Board misprint"
    """One digit (not the last) off, or two neighbours swapped, while the rest of the Board's list reproduces."""
    UNDECIDABLE = "undecidable"
    """The data cannot settle it: pacomply's own figure is simulated around it, or the chapter lacks a number."""
    IMPLIED_PARAMETER = "implied parameter"
    """A round value of a parameter the chapter prints (a rate of progression) reproduces it."""
    SIMULATION = "consistent with simulation"
    """Within two standard errors of the exact figure for a simulation of a plausible size."""
    UNEXPLAINED = "unexplained"
    """None of the above: the nearest reading and the gap are given."""
    NO_FIGURE = "no figure"
    """The Board published nothing to reconcile."""

    @property
    def needs_attention(self) -> bool:
        """Whether a review of a filing that selects this figure's paytable should point the reviewer at it."""
        return self not in {Verdict.REPRODUCED, Verdict.NO_FIGURE}


@dataclass(frozen=True, slots=True)
class Computed:
    """One figure pacomply computes that a Board figure can be compared with, in the Board's terms."""

    paytable: str | None
    decks: int
    reading: str | None
    """The rulebook reading id where the chapter admits several pricings; None for the one pricing there is."""
    candidate: str | None
    choice: str
    """What was priced, in words (the reading's candidate, or the measurement basis)."""
    basis: str
    own: bool
    """pacomply's own pricing: the reading it relies on (on whichever basis), as against an alternative reading."""
    calibrated: bool
    """Solved from the Board's figure itself (a rate that returns it), so it cannot count as reproducing it."""
    percent: Decimal
    method: str
    std_dev: float | None = None
    """The standard deviation of one round's result, on :attr:`std_dev_basis` (a test of a gap uses it only where that
    is the figure's own :attr:`basis`: :func:`spread_of`)."""
    ci95: tuple[Decimal, Decimal] | None = None
    """pacomply's 95 % interval, in the Board's terms, where its figure is simulated."""
    rate: Fraction | None = None
    """For a progressive's long run at a printed rate of progression: that rate (an implied rate is solved from it)."""
    std_dev_basis: str | None = None
    """What :attr:`std_dev` is measured per (a unit of the same wagers the figure is per, or another); None where the
    figure has no standard deviation."""

    def rounded(self, places: int) -> Decimal:
        """The figure at the Board's printed precision."""
        return self.percent.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)

    @property
    def where(self) -> str:
        """Paytable and deck count, as a report prints them."""
        paytable = f"paytable {self.paytable}, " if self.paytable else ""
        return f"{paytable}{self.decks} deck{'s' * (self.decks != 1)}"

    @property
    def label(self) -> str:
        """Where and under which reading, in words."""
        reading = f"{self.reading}: " if self.reading else ""
        return f"{self.where}, {reading}{self.choice}"

    def to_json(self, places: int) -> dict[str, Any]:
        """One entry of a reconciliation's ``computed`` list."""
        return {
            "paytable": self.paytable,
            "decks": self.decks,
            "reading": self.reading,
            "candidate": self.candidate,
            "choice": self.choice,
            "basis": self.basis,
            "relied_on": self.own,
            "solved_from_board_figure": self.calibrated,
            "percent": str(self.percent),
            "at_board_precision": str(self.rounded(places)),
            "method": self.method,
            "std_dev": None if self.std_dev is None else round(self.std_dev, 6),
            "std_dev_basis": self.std_dev_basis,
        }


@dataclass(frozen=True, slots=True)
class Reconciliation:
    """A Board figure, every figure pacomply computes for it, and the verdict."""

    figure: PublishedFigure
    verdict: Verdict
    computed: tuple[Computed, ...]
    matched: tuple[Computed, ...]
    """The computed figures equal to the Board's at its printed precision."""
    nearest: Computed | None
    explanation: str
    evidence: tuple[tuple[str, str], ...] = ()
    """What the verdict rests on, as (name, value) pairs in a fixed order: printed in every output."""

    @property
    def evidence_text(self) -> str:
        """The evidence on one line: 'name: value; name: value'."""
        return "; ".join(f"{name}: {value}" for name, value in self.evidence)

    @property
    def gap(self) -> Decimal | None:
        """pacomply's nearest figure minus the Board's, in percentage points."""
        if self.nearest is None or self.figure.value is None:
            return None
        return self.nearest.percent - self.figure.value

    @property
    def pacomply_figure(self) -> Computed | None:
        """The figure shown beside the Board's: the first match, else the nearest."""
        return self.matched[0] if self.matched else self.nearest

    def to_json(self) -> dict[str, Any]:
        """The ``pacomply published --format json`` object of one figure."""
        figure = self.figure
        places = figure.places
        gap = self.gap
        return {
            "id": figure.id,
            "chapter": figure.chapter,
            "wager": figure.wager,
            "paytable": figure.paytable,
            "measure": figure.measure.value,
            "basis": figure.basis.value,
            "range_end": None if figure.range_end is None else figure.range_end.value,
            "strategy": figure.strategy,
            "decks": list(figure.decks),
            "board_percent": figure.percent,
            "board_source": {
                "key": figure.source.key,
                "document": figure.source.document,
                "date": figure.source.published.isoformat(),
                "item": figure.source.item,
            },
            "citation": str(figure.citation),
            "note": figure.note,
            "verdict": self.verdict.value,
            "explanation": self.explanation,
            "evidence": dict(self.evidence),
            "pacomply_percent": None if self.pacomply_figure is None else str(self.pacomply_figure.rounded(places)),
            "gap_points": None if gap is None else str(gap.quantize(Decimal(1).scaleb(-PERCENT_PLACES))),
            "matched": [computed.to_json(places) for computed in self.matched],
            "nearest": None if self.nearest is None else self.nearest.to_json(places),
            "computed": [computed.to_json(places) for computed in self.computed],
        }


# --------------------------------------------------------------------------------------------------------------------
# What to analyse for a figure


@dataclass(frozen=True, slots=True, order=True)
class Request:
    """One call of the wager math a figure needs; figures that need the same call share it."""

    chapter: str
    wager: str
    paytable: str | None
    decks: int | None
    strategy: Strategy | None
    rule_change: tuple[str, str] | None
    base_changes: tuple[tuple[str, str], ...] = ()
    """Rules changed from the chapter's before ``rule_change`` is applied: an alternative base a rule effect is
    measured against (:data:`ALTERNATIVE_BASES`)."""


#: The alternative bases a rule effect is also measured against (the Board did not say which rules its base had):
#: the chapter's rules without doubling after a split, without late surrender, and without both; a base is skipped
#: where the figure's own change is one of its changes. Priced at :data:`ALTERNATIVE_BASE_DECKS` only (a bound: the
#: shoe games, each base two more analyses per deck count).
ALTERNATIVE_BASES: tuple[tuple[tuple[str, str], ...], ...] = (
    (("double_after_split", "no"),),
    (("late_surrender", "no"),),
    (("double_after_split", "no"), ("late_surrender", "no")),
)
ALTERNATIVE_BASE_DECKS = (6, 8)


def _base_rule_readings() -> tuple[tuple[tuple[str, str], ...], ...]:
    """Every set of the defensible rule readings a 633a base-game figure (one with no rule effect) is priced under,
    at :data:`ALTERNATIVE_BASE_DECKS`: splitting to 4, 3 or 2 hands, resplitting aces or not, doubling after a split
    or not, late surrender or not, the dealer hitting soft 17 or not, each alone and in every combination (39 sets
    besides the chapter's own, resplitting aces left out where only one split is allowed; a bound: two figures
    share them, each an exact analysis of under a second to a few seconds). It holds :data:`ALTERNATIVE_BASES`,
    labelled alike."""
    found = []
    for hands, aces, after_split, surrender, soft in itertools.product(
        ("4", "3", "2"), ("no", "yes"), ("yes", "no"), ("yes", "no"), ("no", "yes")
    ):
        changes: list[tuple[str, str]] = []
        if hands != "4":
            changes.append(("max_split_hands", hands))
        if aces == "yes":
            changes.append(("resplit_aces", "yes"))
        if after_split == "no":
            changes.append(("double_after_split", "no"))
        if surrender == "no":
            changes.append(("late_surrender", "no"))
        if soft == "yes":
            changes.append(("dealer_hits_soft_17", "yes"))
        if changes and (hands, aces) != ("2", "yes"):  # with one split allowed no ace is ever resplit
            found.append(tuple(changes))
    return tuple(found)


#: The rule readings a 633a base-game figure is priced under (:func:`_base_rule_readings`).
BASE_RULE_READINGS = _base_rule_readings()


def _alternative_base_chapters() -> tuple[str, ...]:
    """The chapters whose base game can be analysed under other rules: those whose filing sets its base game's
    rules (the others fix their rules)."""
    return chapters.chapters_with(Capability.FILED_BASE_GAME)


def _reconciliation_hooks(chapter: str) -> ReconciliationHooks:
    """What the chapter's wager math gives the reconciliation (``printed_rate``, ``outcome_model``, the sized Pai Gow
    bonuses; checker/wager_math/hooks.py), none of them where the chapter is not supported."""
    from pacomply.checker.wager_math.hooks import ReconciliationHooks, wager_math_of

    try:
        descriptor = chapters.chapter(chapter)
    except chapters.UnknownChapterError:
        return ReconciliationHooks()
    return wager_math_of(descriptor).reconciliation


def _strategy(figure: PublishedFigure) -> Strategy | None:
    # "perfect" is the wager math's default (composition-dependent, optimal); only "basic" changes the call.
    return Strategy.BASIC if figure.strategy == Strategy.BASIC else None


def requests_for(figure: PublishedFigure) -> tuple[Request, ...]:
    """The wager-math calls a figure's reconciliation needs (none for a row without a figure)."""
    from pacomply.checker.wager_math import base_game_option_chapters

    if figure.wager is None or figure.percent is None:
        return ()
    strategy = _strategy(figure)
    decks: tuple[int | None, ...] = (None,)
    if figure.chapter in base_game_option_chapters() and figure.wager == "base":
        # The base game is the long enumeration: one call per deck count lets them run side by side.
        decks = figure.decks or _analysed_decks(figure.chapter)
    elif figure.decks:
        decks = figure.decks
    calls = [Request(figure.chapter, figure.wager, figure.paytable, count, strategy, None) for count in decks]
    if figure.rule_change is not None:
        calls += [
            Request(figure.chapter, figure.wager, figure.paytable, count, strategy, figure.rule_change)
            for count in decks
        ]
    if figure.chapter in _alternative_base_chapters() and figure.wager == "base":
        for base in ALTERNATIVE_BASES if figure.rule_change is not None else BASE_RULE_READINGS:
            if figure.rule_change is not None and any(field == figure.rule_change[0] for field, _ in base):
                continue
            for count in decks:
                if count not in ALTERNATIVE_BASE_DECKS:
                    continue
                calls.append(Request(figure.chapter, figure.wager, figure.paytable, count, strategy, None, base))
                if figure.rule_change is not None:
                    calls.append(
                        Request(
                            figure.chapter, figure.wager, figure.paytable, count, strategy, figure.rule_change, base
                        )
                    )
    return tuple(calls)


def _analysed_decks(chapter: str) -> tuple[int, ...]:
    """The deck counts the chapter's base game is analysed at (``edge`` shows the same): a chapter may list fewer
    than it permits where the rest add nothing a reviewer needs (``ANALYSED_DECKS``)."""
    from pacomply import regulations

    analysed = chapters.chapter(chapter).hook("rulebook", "ANALYSED_DECKS")
    return tuple(analysed) if analysed else tuple(sorted(regulations.rulebook(chapter).permitted_decks))


def _rule_value(text: str) -> bool | Fraction:
    if text == "yes":
        return True
    if text == "no":
        return False
    return Fraction(text)


def run_request(request: Request) -> tuple[WagerMath, ...]:
    """The wager math of one request; empty where the chapter does not analyse that deck count or paytable.

    Kept for the life of the process: a review's finding and its wager-math section ask for the same figures.
    """
    return _run_request(request)


@cache
def _run_request(request: Request) -> tuple[WagerMath, ...]:
    from pacomply.checker.wager_math import AnalysisUnavailable, analyse
    from pacomply.checker.wager_math.blackjack_base import BaseGameOptions, RuleChange

    options = None
    if request.strategy is not None or request.rule_change is not None or request.base_changes:
        changes = tuple(
            RuleChange(field, _rule_value(value), "an alternative base for the Board's rule effect")
            for field, value in request.base_changes
        )
        if request.rule_change is not None:
            field, value = request.rule_change
            changes += (RuleChange(field, _rule_value(value), "the Board's rule effect"),)
        options = BaseGameOptions(
            strategy=request.strategy or Strategy.OPTIMAL,
            strategy_given=request.strategy is not None,
            changes=changes,
        )
    try:
        return tuple(analyse(request.chapter, request.wager, request.paytable, request.decks, base_game=options))
    except AnalysisUnavailable:
        return ()


# --------------------------------------------------------------------------------------------------------------------
# Computed figures in the Board's terms


def _percent(value: Fraction | float) -> Decimal:
    with localcontext() as context:
        context.prec = 40
        if isinstance(value, Fraction):
            exact = Decimal(value.numerator) / Decimal(value.denominator)
        else:
            exact = Decimal(repr(value))
        return (exact * 100).quantize(Decimal(1).scaleb(-PERCENT_PLACES), rounding=ROUND_HALF_UP)


def _in_board_terms(figure: PublishedFigure, return_: Fraction | float) -> Decimal:
    """A return per unit wagered as the Board's measure: a payback, or a hold / house edge (100 % minus it)."""
    if figure.measure in {Measure.HOLD, Measure.HOUSE_EDGE}:
        return _percent(1 - return_)
    return _percent(return_)


def _interval(figure: PublishedFigure, ci95: tuple[float, float] | None) -> tuple[Decimal, Decimal] | None:
    """The wager math's 95 % interval (of the house edge, per unit wagered) in the Board's terms."""
    if ci95 is None:
        return None
    ends = sorted(_in_board_terms(figure, 1 - bound) for bound in ci95)
    return ends[0], ends[1]


def _basis_allowed(figure: PublishedFigure, basis: str) -> bool:
    """Whether a computed figure's basis is one the Board's definition allows."""
    text = basis.lower()
    if figure.basis == Basis.LONG_RUN:
        return text.startswith("long run")
    if figure.basis == Basis.AT_SEED:
        return "seed" in text
    if figure.basis == Basis.PER_INITIAL_WAGER:
        return "initial" in text or text in {"per wager", ""}
    if figure.basis == Basis.PER_TOTAL_WAGERED:
        return "total" in text or "unit wagered" in text or text in {"per wager", ""}
    return True


def _basis_readings(readings: Sequence[PricedReading]) -> set[str]:
    """Readings whose candidates differ only in what the figure is measured on (each names its own basis): a
    figure restated on another basis is still pacomply's own pricing, not another reading of the rules."""
    by_reading: dict[str, list[PricedReading]] = {}
    for candidate in readings:
        by_reading.setdefault(candidate.reading, []).append(candidate)
    result = set()
    for reading, candidates in by_reading.items():
        bases = [candidate.basis for candidate in candidates if not _is_calibrated(candidate)]
        if all(bases) and len(set(bases)) == len(bases) and len(bases) > 1:
            result.add(reading)
    return result


def _is_calibrated(candidate: PricedReading) -> bool:
    # The readings module names a candidate solved from the Board's own figure by its key (e.g.
    # "rate-for-board-figure"); such a figure equals the Board's by construction.
    return "board-figure" in (candidate.candidate or "")


def _printed_rate(chapter: str, paytable: str | None) -> Fraction | None:
    """The rate of progression the chapter prints for a progressive paytable (None where it prints none): its wager
    math's ``printed_rate`` hook."""
    hook = _reconciliation_hooks(chapter).printed_rate
    return hook(paytable) if hook is not None else None


def _candidate_std_dev(row: WagerMath, priced: PricedReading, restated: set[str]) -> float | None:
    """The candidate's own standard deviation where its pricing knows it; the row's for pacomply's own pricing;
    for a Pai Gow bonus under the Envy or pays-most readings, sized from their moments (:func:`_bonus_std_dev`)."""
    if priced.std_dev is not None:
        return priced.std_dev
    if priced.relied_on or priced.reading in restated:
        return row.std_dev if row.std_dev is not None else _blackjack_std_dev(row)
    return _bonus_std_dev(row, (priced,)) or _blackjack_std_dev(row)


def _blackjack_std_dev(row: WagerMath) -> float | None:
    """A 633a base-game figure's standard deviation per initial wager: the simulated spread of a round under the
    chapter's rules (engine/analysis/blackjack_spread.py), stored at the deck counts of
    :data:`ALTERNATIVE_BASE_DECKS` only (None elsewhere). A rule reading changes the spread by far less than the
    simulation sizes need, so each candidate at that deck count is sized with it."""
    if (
        row.chapter not in _alternative_base_chapters()
        or row.wager != "base"
        or row.decks not in ALTERNATIVE_BASE_DECKS
    ):
        return None
    from pacomply.engine.analysis.blackjack_spread import round_spread

    return round_spread(row.chapter, "base", row.decks).std_dev


def _bonus_std_dev(row: WagerMath, parts: Sequence[PricedReading]) -> float | None:
    """The standard deviation of one Fortune (or Emperor's Treasure) wager's result per unit, under a candidate of
    the pays-most reading (``*-bonus-highest-ranking-hand``) and/or N other players' Envy (``*-envy-players``).

    The relied-on result F has the row's mean and standard deviation. A pays-most candidate moves the straights that
    hold three of a kind from the straight's odds s to three of a kind's t: with Δ its change of return, the share
    moved is Δ / (t − s), so E[F'²] = E[F²] + Δ·(t + s). Each other player's Envy adds a / Q (a the dollars their
    hand earns, Q the $5 Qualifying Wager), with E[a] and E[a²] over all C(53,7) hands; the other players' hands are
    taken as independent of the player's (the shared deck's small dependence is left out), so N of them add
    N·Var(a) / Q². The figure sizes a simulation's noise; it is not a published quantity. None where a part is
    neither reading, or the row has no standard deviation."""
    sized = _reconciliation_hooks(row.chapter).sized_bonuses
    if sized is None or row.wager not in sized.wagers or row.std_dev is None or row.paytable is None:
        return None
    relied = {priced.reading: priced for priced in row.priced_readings if priced.relied_on}
    bases = {priced.exact_return for priced in relied.values() if priced.exact_return is not None}
    if len(bases) != 1:
        return None
    mean = bases.pop() - 1  # the relied-on result's mean, net per unit
    second = Fraction(row.std_dev) ** 2 + mean**2
    envy_variance = Fraction(0)
    for priced in parts:
        anchor = relied.get(priced.reading)
        if anchor is None or priced.exact_return is None or anchor.exact_return is None or priced.candidate is None:
            return None
        if priced.reading.endswith("-bonus-highest-ranking-hand"):
            three, straight = sized.trips_and_straight_odds(row.wager, row.paytable)
            change = priced.exact_return - anchor.exact_return
            second += change * (three + straight)
            mean += change
        elif priced.reading.endswith("-envy-players") and priced.candidate.startswith("envy-"):
            players = int(priced.candidate.removeprefix("envy-"))
            first_moment, second_moment = sized.envy_moments(row.wager, row.paytable)
            qualifying = Fraction(5)
            envy_variance += players * (second_moment - first_moment**2) / qualifying**2
        else:
            return None
    variance = second - mean**2 + envy_variance
    return math.sqrt(float(variance)) if variance > 0 else None


def _combined_candidates(figure: PublishedFigure, row: WagerMath) -> list[Computed]:
    """Every combination of two or more readings' non-relied-on candidates (at most :data:`MAX_COMBINED_READINGS`
    readings at once), for readings priced exactly on one common base: each candidate is that base plus what its
    reading adds (an expectation), so a combination is the base plus the sum of what each adds."""
    by_reading: dict[str, list[PricedReading]] = {}
    for priced in row.priced_readings:
        if _is_calibrated(priced) or priced.exact_return is None:
            continue
        by_reading.setdefault(priced.reading, []).append(priced)
    relied = {
        reading: next((priced for priced in candidates if priced.relied_on), None)
        for reading, candidates in by_reading.items()
    }
    readings = sorted(
        reading for reading, anchor in relied.items() if anchor is not None and len(by_reading[reading]) > 1
    )
    bases = {relied[reading].exact_return for reading in readings}  # type: ignore[union-attr]
    if len(readings) < 2 or len(bases) != 1:
        return []
    (base,) = bases
    assert base is not None
    result = []
    for size in range(2, min(MAX_COMBINED_READINGS, len(readings)) + 1):
        for chosen in itertools.combinations(readings, size):
            options = [[priced for priced in by_reading[reading] if not priced.relied_on] for reading in chosen]
            for combination in itertools.product(*options):
                value = base + sum((priced.exact_return - base for priced in combination), Fraction(0))  # type: ignore[operator]
                bases_named = [priced.basis for priced in combination if priced.basis]
                long_run = next((text for text in bases_named if text.lower().startswith("long run")), None)
                basis = long_run or (bases_named[0] if bases_named else "per wager")
                spread = _bonus_std_dev(row, combination)
                result.append(
                    Computed(
                        paytable=row.paytable,
                        decks=row.decks,
                        reading=" + ".join(priced.reading for priced in combination),
                        candidate=" + ".join(priced.candidate or "" for priced in combination),
                        choice=" + ".join(priced.choice for priced in combination),
                        basis=basis,
                        own=False,
                        calibrated=False,
                        percent=_in_board_terms(figure, value),
                        method="exact",
                        std_dev=spread,
                        std_dev_basis=None if spread is None else basis,
                        rate=next(
                            (
                                _printed_rate(row.chapter, row.paytable)
                                for p in combination
                                if p.candidate == "long-run"
                            ),
                            None,
                        ),
                    )
                )
    return result


def _row_candidates(figure: PublishedFigure, row: WagerMath) -> list[Computed]:
    if row.priced_readings:
        restated = _basis_readings(row.priced_readings)
        result = []
        for priced in row.priced_readings:
            value = priced.exact_return if priced.exact_return is not None else priced.return_
            values = [(priced.basis or "per wager", value)]
            if priced.exact_return is None and abs((1 - priced.house_edge) - priced.return_) > 1e-12:
                # A multi-wager game priced both ways (685a): per unit wagered, and per initial wager.
                values = [
                    (Basis.PER_TOTAL_WAGERED.value, priced.return_),
                    (Basis.PER_INITIAL_WAGER.value, 1 - priced.house_edge),
                ]
            for basis, figure_value in values:
                spread = _candidate_std_dev(row, priced, restated)
                if priced.std_dev is None and (priced.relied_on or priced.reading in restated):
                    # The row's own spread, of the same game: restated on this figure's basis.
                    spread, spread_basis = _restated_spread(row, spread, figure_value, basis)
                elif len(values) > 1:
                    # A candidate priced both ways (685a): its spread is per initial wager, like its house edge.
                    spread, spread_basis = _restated_spread(
                        row, spread, figure_value, basis, edge_of_spread=priced.house_edge
                    )
                else:
                    spread_basis = _candidate_spread_basis(row, priced, basis, spread)
                result.append(
                    Computed(
                        paytable=row.paytable,
                        decks=row.decks,
                        reading=priced.reading,
                        candidate=priced.candidate,
                        choice=priced.choice if len(values) == 1 else f"{priced.choice} ({basis})",
                        basis=basis,
                        own=priced.relied_on or priced.reading in restated,
                        calibrated=_is_calibrated(priced),
                        percent=_in_board_terms(figure, figure_value),
                        method=priced.method,
                        std_dev=spread,
                        ci95=_interval(figure, priced.ci95),
                        rate=_printed_rate(row.chapter, row.paytable) if priced.candidate == "long-run" else None,
                        std_dev_basis=spread_basis,
                    )
                )
        return result + _combined_candidates(figure, row)
    if figure.measure in {Measure.HOLD, Measure.HOUSE_EDGE}:
        per_total = _percent(row.element_of_risk)
        per_initial = _percent(row.house_edge)
    else:
        per_total = _percent(row.return_)
        per_initial = _percent(1 - row.house_edge)
    bases = [(Basis.PER_TOTAL_WAGERED, per_total, 1 - row.element_of_risk)]
    if row.house_edge != row.element_of_risk:
        bases.append((Basis.PER_INITIAL_WAGER, per_initial, 1 - row.house_edge))
    elif figure.basis == Basis.PER_INITIAL_WAGER:
        bases = [(Basis.PER_INITIAL_WAGER, per_initial, 1 - row.house_edge)]
    result = []
    for basis, in_board_terms, return_on_basis in bases:
        spread, spread_basis = _restated_spread(row, row.std_dev, return_on_basis, basis.value)
        result.append(
            Computed(
                paytable=row.paytable,
                decks=row.decks,
                reading=None,
                candidate=None,
                choice=basis.value if len(bases) > 1 else "the one pricing the chapter admits",
                basis=basis.value,
                own=True,
                calibrated=False,
                percent=in_board_terms,
                method=row.method,
                std_dev=spread,
                ci95=_interval(figure, row.ci95) if basis == Basis.PER_TOTAL_WAGERED else None,
                std_dev_basis=spread_basis,
            )
        )
    return result


def _restated_spread(
    row: WagerMath,
    std_dev: float | None,
    figure_return: Fraction | float,
    basis: str,
    edge_of_spread: float | None = None,
) -> tuple[float | None, str | None]:
    """The row's standard deviation (measured per unit of its house edge's basis: per initial wager, per Ante)
    restated on the basis of a figure of the same game whose return is ``figure_return`` (``edge_of_spread``: the
    house edge on the spread's basis, the row's unless a candidate's own is given).

    A restatement divides every round's result by one fixed amount (the mean wagered on that basis per unit of the
    house edge's, as the return per unit wagered is the ratio of the expectations), so the standard deviation
    scales as the edge does: 687a's base game, 3.4442 per Ante, is 3.4442 / 3.3866 = 1.0170 per unit wagered. A
    wager of one stake only is the same on every basis. Where the house edge is zero no ratio can be taken: the
    spread keeps its own basis, and a test refuses it (:func:`spread_of`)."""
    if std_dev is None:
        return None, None
    if row.house_edge == row.element_of_risk:
        return std_dev, basis
    edge = 1 - float(figure_return)
    own_edge = row.house_edge if edge_of_spread is None else edge_of_spread
    if own_edge == 0:
        return std_dev, _ROW_SPREAD_BASIS
    return std_dev * edge / own_edge, basis


#: The basis of a wager-math row's own standard deviation where it cannot be restated: the house edge's.
_ROW_SPREAD_BASIS = "per unit of the house edge's basis"


def _candidate_spread_basis(row: WagerMath, priced: PricedReading, basis: str, spread: float | None) -> str | None:
    """The basis of an alternative reading's standard deviation: the candidate's own where its pricing knows it or
    the wager is one stake; a blackjack round's simulated spread is per initial wager (:func:`_blackjack_std_dev`)."""
    if spread is None:
        return None
    if priced.std_dev is not None or row.house_edge == row.element_of_risk:
        return basis
    if _blackjack_std_dev(row) is not None:
        return Basis.PER_INITIAL_WAGER.value
    return basis if _bonus_std_dev(row, (priced,)) is not None else _ROW_SPREAD_BASIS


def _base_text(base: tuple[tuple[str, str], ...]) -> str:
    return (
        "the chapter's rules"
        if not base
        else "the chapter's rules with " + ", ".join(f"{field} = {value}" for field, value in base)
    )


def _rule_effect_candidates(
    figure: PublishedFigure,
    plain: Iterable[WagerMath],
    changed: Iterable[WagerMath],
    base: tuple[tuple[str, str], ...] = (),
) -> list[Computed]:
    """The effect of the figure's rule change at each deck count: the house edge with it minus without it, on the
    chapter's rules (``base`` empty, pacomply's own measure) or on an alternative base."""
    without = {row.decks: row for row in plain}
    result = []
    for row in changed:
        reference = without.get(row.decks)
        if reference is None:
            continue
        assert figure.rule_change is not None
        change = f"{figure.rule_change[0]} = {figure.rule_change[1]}"
        result.append(
            Computed(
                paytable=row.paytable,
                decks=row.decks,
                reading="rule-effect-base" if base else None,
                candidate="+".join(f"{field}-{value}" for field, value in base) or None,
                choice=f"{figure.strategy or 'optimal'} strategy, {change}, measured on {_base_text(base)}",
                basis=Basis.PER_INITIAL_WAGER.value,
                own=not base,
                calibrated=False,
                percent=_percent(row.house_edge) - _percent(reference.house_edge),
                method=row.method,
            )
        )
    return result


def computed_for(figure: PublishedFigure, results: dict[Request, tuple[WagerMath, ...]]) -> tuple[Computed, ...]:
    """Every figure pacomply computes for a Board figure, from the results of its requests, sorted."""
    calls = requests_for(figure)
    plain = [
        row for call in calls if call.rule_change is None and not call.base_changes for row in results.get(call, ())
    ]
    if figure.rule_change is not None:
        candidates = []
        for base in ((), *ALTERNATIVE_BASES):
            without = [
                row
                for call in calls
                if call.rule_change is None and call.base_changes == base
                for row in results.get(call, ())
            ]
            changed = [
                row
                for call in calls
                if call.rule_change is not None and call.base_changes == base
                for row in results.get(call, ())
            ]
            candidates += _rule_effect_candidates(figure, without, changed, base)
    else:
        candidates = [candidate for row in plain for candidate in _row_candidates(figure, row)]
        for base in BASE_RULE_READINGS:
            rows = [
                row
                for call in calls
                if call.rule_change is None and call.base_changes == base
                for row in results.get(call, ())
            ]
            candidates += [
                replace(
                    candidate,
                    reading="base-rules",
                    candidate="+".join(f"{field}-{value}" for field, value in base),
                    choice=f"{candidate.choice}, on {_base_text(base)}",
                    own=False,
                )
                for row in rows
                for candidate in _row_candidates(figure, row)
            ]
    if figure.decks:
        candidates = [candidate for candidate in candidates if candidate.decks in figure.decks]
    return tuple(
        sorted(
            candidates,
            key=lambda c: (c.paytable or "", c.decks, c.reading or "", not c.own, c.candidate or "", c.basis),
        )
    )


# --------------------------------------------------------------------------------------------------------------------
# Verdicts


def _one_digit_apart(ours: Decimal, board: Decimal) -> bool:
    """The same number of digits with one of them different, or two neighbours swapped: the usual misprints.

    A difference in the last printed digit alone is not one: rounding or a simulation explains it as well.
    """
    left, right = format(ours, "f"), format(board, "f")
    if len(left) != len(right):
        return False
    differing = [index for index, (a, b) in enumerate(zip(left, right, strict=True)) if a != b]
    if len(differing) == 1:
        return differing[0] != len(left) - 1
    if len(differing) == 2 and differing[1] == differing[0] + 1:
        first, second = differing
        return left[first] == right[second] and left[second] == right[first]
    return False


def _admissible(figure: PublishedFigure, computed: Iterable[Computed]) -> list[Computed]:
    return [candidate for candidate in computed if not candidate.calibrated and _basis_allowed(figure, candidate.basis)]


def _counts_as_own(figure: PublishedFigure, candidate: Computed, computed: Sequence[Computed]) -> bool:
    """pacomply's own pricing; for a figure the Board calls a maximum, also the most generous candidate of its
    reading (the Board's figure is that candidate by its own definition)."""
    if candidate.own:
        return True
    if figure.measure != Measure.MAXIMUM_PAYBACK or candidate.reading is None:
        return False
    same = [
        other.percent
        for other in computed
        if (other.reading, other.paytable, other.decks) == (candidate.reading, candidate.paytable, candidate.decks)
    ]
    return candidate.percent == max(same)


@dataclass(frozen=True, slots=True)
class _First:
    """The verdict before siblings are looked at: reproduced (by pacomply's own pricing or another reading), or not."""

    verdict: Verdict | None
    """None where nothing reproduces the figure: the later tests decide."""
    matched: tuple[Computed, ...]
    nearest: Computed | None


def _combined(candidate: Computed) -> int:
    """How many readings a computed figure combines (0 for pacomply's own pricing)."""
    return 0 if candidate.reading is None else candidate.reading.count(" + ") + 1


def _first_pass(figure: PublishedFigure, computed: tuple[Computed, ...]) -> _First:
    board = figure.value
    if board is None:
        return _First(Verdict.NO_FIGURE, (), None)
    admissible = _admissible(figure, computed)
    matched = [candidate for candidate in admissible if candidate.rounded(figure.places) == board]
    own = [candidate for candidate in matched if _counts_as_own(figure, candidate, computed)]
    nearest = min(
        admissible,
        key=lambda c: (abs(c.percent - board), not c.own, _combined(c), c.paytable or "", c.decks, c.reading or ""),
        default=None,
    )
    if own:
        return _First(Verdict.REPRODUCED, tuple(own), own[0])
    if matched:
        # The fewest readings first: a single reading explains more simply than a combination.
        matched.sort(key=lambda c: (_combined(c), abs(c.percent - board), c.paytable or "", c.decks))
        return _First(Verdict.REPRODUCED_UNDER_READING, tuple(matched), matched[0])
    return _First(None, (), nearest)


def _points(value: Decimal) -> str:
    return f"{value:+.4f} points"


def _percent_text(value: Decimal, places: int) -> str:
    return f"{value.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)} %"


def _rounds_within_two_errors(gap: Decimal, std_dev: float, own_error: float = 0.0) -> int:
    """The largest number of rounds whose simulation has two standard errors at least ``gap`` (percentage points):
    any simulation up to that size is as likely as not to land this far from the exact figure or farther. Where
    pacomply's own figure is simulated too, its standard error ``own_error`` (per unit) adds in quadrature: two
    standard errors of the difference, 2·sqrt(sd²/n + own²), must reach the gap."""
    half = abs(float(gap)) / 100 / 2
    room = half * half - own_error * own_error
    if room <= 0:
        return 2**62  # the gap is within our own two standard errors: any sample size
    return math.floor(std_dev * std_dev / room)


def _errors_at(gap: Decimal, std_dev: float, rounds: int) -> float:
    """The gap in standard errors of a simulation of ``rounds`` rounds."""
    return abs(float(gap)) / 100 / (std_dev / math.sqrt(rounds))


def chi_square_survival(statistic: float, degrees: int) -> float:
    """P(chi-square with ``degrees`` degrees of freedom >= ``statistic``): the closed forms for whole degrees."""
    half = statistic / 2
    if degrees % 2 == 0:
        term, total = 1.0, 1.0
        for index in range(1, degrees // 2):
            term *= half / index
            total += term
        return math.exp(-half) * total
    total = math.erfc(math.sqrt(half))
    term = math.sqrt(half) * math.exp(-half) / math.gamma(1.5)
    for index in range((degrees - 1) // 2):
        total += term
        term *= half / (index + 1.5)
    return min(1.0, total)


@dataclass(frozen=True, slots=True)
class _Decision:
    verdict: Verdict
    nearest: Computed | None
    explanation: str
    evidence: tuple[tuple[str, str], ...]


def _undecidable(figure: PublishedFigure, first: _First, computed: tuple[Computed, ...]) -> _Decision | None:
    board = figure.value
    assert board is not None
    for candidate in _admissible(figure, computed):
        if candidate.own and candidate.method == "simulation" and candidate.ci95 is not None:
            low, high = candidate.ci95
            if low <= board <= high:
                half = (high - low) / 2
                return _Decision(
                    Verdict.UNDECIDABLE,
                    candidate,
                    f"pacomply's own figure is simulated: {_percent_text(candidate.percent, figure.places)} "
                    f"± {half:.3f} points (95 %), and the Board's {figure.percent} % lies inside that interval, so "
                    "the data cannot say whether they agree to the Board's last digit",
                    (
                        ("why", "pacomply's own figure is simulated"),
                        ("pacomply", f"{candidate.percent} %"),
                        ("ci95", f"{low} % to {high} %"),
                        ("half_width_points", f"{half:.6f}"),
                    ),
                )
    calibrated = [candidate for candidate in computed if candidate.calibrated]
    if first.nearest is None and calibrated:
        solved = calibrated[0]
        return _Decision(
            Verdict.UNDECIDABLE,
            None,
            f"the chapter prints no number to price the figure on its basis ({figure.basis.value}): "
            f"{solved.where}: {solved.basis}; that solved figure cannot count as reproducing it",
            (("why", "the chapter lacks a number"), ("solved", f"{solved.where}: {solved.basis}")),
        )
    if first.nearest is None:
        return _Decision(
            Verdict.UNDECIDABLE,
            None,
            f"pacomply prices no figure on the Board's basis ({figure.basis.value})",
            (("why", "no figure on the Board's basis"),),
        )
    return None


def _implied(figure: PublishedFigure, computed: tuple[Computed, ...]) -> _Decision | None:
    """A progressive's long run at a round rate of progression (a multiple of :data:`ROUND_RATE`) other than the
    printed one that rounds to the Board's figure: the rate the Board must have used."""
    board = figure.value
    assert board is not None
    found = []
    for candidate in _admissible(figure, computed):
        if candidate.rate is None or candidate.candidate != "long-run" or figure.measure != Measure.PAYBACK:
            continue
        implied = candidate.rate + Fraction(board - candidate.percent) / 100
        rounded = round(implied / ROUND_RATE) * ROUND_RATE
        if rounded <= 0 or rounded == candidate.rate:
            continue
        at_round = (
            candidate.percent
            + Decimal(rounded.numerator) / Decimal(rounded.denominator) * 100
            - Decimal(candidate.rate.numerator) / Decimal(candidate.rate.denominator) * 100
        )
        if at_round.quantize(Decimal(1).scaleb(-figure.places), rounding=ROUND_HALF_UP) == board:
            found.append((abs(implied - rounded), candidate, implied, rounded, at_round))
    if not found:
        return None
    _, candidate, implied, rounded, at_round = min(found, key=lambda item: (item[0], item[1].paytable or ""))
    assert candidate.rate is not None  # only candidates with a printed rate were found
    from pacomply.checker.wager_math.progressive import percent_text

    return _Decision(
        Verdict.IMPLIED_PARAMETER,
        candidate,
        f"the long run at a rate of progression of {percent_text(rounded)} gives "
        f"{_percent_text(at_round, figure.places)} ({candidate.where}), the Board's figure; the chapter prints "
        f"{percent_text(candidate.rate)} (long run {_percent_text(candidate.percent, figure.places)}): the Board "
        "priced a rate the chapter does not print",
        (
            ("parameter", "rate of progression"),
            ("implied", percent_text(rounded)),
            ("solved_exactly", f"{float(implied * 100):.4f} %"),
            ("chapter_prints", percent_text(candidate.rate)),
            ("long_run_at_implied", f"{at_round} %"),
        ),
    )


class MixedBasisError(ValueError):
    """A test was asked to weigh a gap with a standard deviation measured on another basis (a defect of pacomply's,
    never a verdict)."""


def spread_of(candidate: Computed) -> float:
    """The standard deviation a test of the candidate's gap uses: refused (:class:`MixedBasisError`) unless it is on
    the figure's own basis, since a gap per unit wagered and a spread per Ante would mis-size every standard error."""
    if candidate.std_dev is None:
        raise MixedBasisError(f"{candidate.label}: no standard deviation to test its gap with")
    if candidate.std_dev_basis != candidate.basis:
        raise MixedBasisError(
            f"{candidate.label}: the figure is {candidate.basis} but its standard deviation is "
            f"{candidate.std_dev_basis}; restate one on the other's basis before testing"
        )
    return candidate.std_dev


def _sized(candidate: Computed) -> bool:
    """Whether a candidate can enter a test of a simulation's noise: a standard deviation on its own basis, and an
    exact figure (or pacomply's own simulated one, whose standard error is counted)."""
    if not candidate.std_dev or candidate.std_dev_basis != candidate.basis:
        return False
    return candidate.method == "exact" or (candidate.own and candidate.ci95 is not None)


def _simulation(figure: PublishedFigure, computed: tuple[Computed, ...]) -> _Decision | None:
    """The nearest exact figure with a standard deviation whose gap a simulation of :data:`SIMULATION_FLOOR` rounds
    or more explains (within two standard errors), pacomply's own pricing first. A provisional verdict: the list's
    figures are then held to one assumption chosen for the whole list (:func:`_one_assumption_per_list`)."""
    board = figure.value
    assert board is not None
    fits = []
    for candidate in _admissible(figure, computed):
        if not _sized(candidate) or candidate.percent == board:
            continue
        gap = candidate.percent - board
        rounds = _rounds_within_two_errors(gap, spread_of(candidate), _own_standard_error(candidate))
        if rounds >= SIMULATION_FLOOR:
            fits.append((not candidate.own, _combined(candidate), abs(gap), candidate, rounds))
    if not fits:
        return None
    *_, candidate, rounds = min(fits, key=lambda item: item[:3])
    return _simulation_decision(figure, candidate)


def _simulation_decision(figure: PublishedFigure, candidate: Computed) -> _Decision:
    """'Consistent with simulation' for one figure at one candidate: its gap in standard errors of each simulation
    size, the spread and its basis, and whether pacomply's own figure is exact or simulated (never called exact when
    it is simulated)."""
    board = figure.value
    assert board is not None
    spread = spread_of(candidate)
    gap = candidate.percent - board
    own_error = _own_standard_error(candidate)
    rounds = _rounds_within_two_errors(gap, spread, own_error)
    errors = ", ".join(
        f"{_errors_at(gap, spread, size):.2f} at 10^{round(math.log10(size))}" for size in SIMULATION_SIZES
    )
    under = "" if candidate.own else f" under reading {candidate.reading} '{candidate.choice}'"
    kind = "simulated" if candidate.method != "exact" else "exact"
    extra: tuple[tuple[str, str], ...] = ()
    if own_error:
        under += f" (its own standard error {own_error * 100:.4f} points, counted in the two standard errors)"
        extra = (("own_standard_error_points", f"{own_error * 100:.6f}"),)
    return _Decision(
        Verdict.SIMULATION,
        candidate,
        f"the {kind} {_percent_text(candidate.percent, figure.places + 1)} ({candidate.label}){under} is "
        f"{_points(gap)} from the Board's; with that wager's standard deviation of {spread:.4f} "
        f"({candidate.std_dev_basis}, the gap's basis) the gap is within two standard errors of any simulation of "
        f"up to {rounds:.3e} rounds (standard errors: {errors}): a simulated Board figure",
        (
            (kind, f"{candidate.percent} %"),
            ("reading", candidate.reading or "relied on"),
            ("std_dev", f"{spread:.6f}"),
            ("std_dev_basis", candidate.std_dev_basis or ""),
            ("gap_points", f"{gap}"),
            ("gap_basis", candidate.basis),
            ("rounds_within_two_standard_errors", f"{rounds:.3e}"),
            ("standard_errors", errors),
            *extra,
        ),
    )


def _own_standard_error(candidate: Computed) -> float:
    """The standard error, per unit, of pacomply's own figure where it is simulated (from its 95 % interval, in the
    Board's percent); 0 for an exact figure."""
    if candidate.method == "exact" or candidate.ci95 is None:
        return 0.0
    low, high = candidate.ci95
    return float(high - low) / 2 / 1.959963984540054 / 100


def _same_direction(
    figure: PublishedFigure, first: _First, siblings: Sequence[tuple[PublishedFigure, _First]]
) -> str | None:
    listed = [(figure, first), *siblings]
    gaps = [
        result.nearest.percent - (other.value or Decimal(0))
        for other, result in listed
        if result.verdict is None and result.nearest is not None and other.value is not None
    ]
    if len(listed) >= 3 and len(gaps) == len(listed) and (all(g > 0 for g in gaps) or all(g < 0 for g in gaps)):
        low, high = min(gaps, key=abs), max(gaps, key=abs)
        return (
            f"all {len(gaps)} figures of this list miss in the same direction ({_points(low)} to {_points(high)}): "
            "one assumption the Board made that the chapter does not state"
        )
    return None


def _unexplained(
    figure: PublishedFigure,
    first: _First,
    computed: tuple[Computed, ...],
    siblings: Sequence[tuple[PublishedFigure, _First]],
) -> _Decision:
    nearest = first.nearest
    assert nearest is not None and figure.value is not None
    gap = nearest.percent - figure.value
    readings = sorted({c.reading for c in computed if c.reading and not c.calibrated and " + " not in c.reading})
    combinations = sum(1 for c in computed if _combined(c) > 1)
    tried = f"{len(readings)} reading{'s' * (len(readings) != 1)} ({', '.join(readings) or 'none'})"
    if combinations:
        tried += f" and {combinations} combinations of them"
    rule_sets = {c.candidate for c in computed if c.reading == "base-rules"}
    if rule_sets:
        rule_decks = sorted({c.decks for c in computed if c.reading == "base-rules"})
        tried += f" ({len(rule_sets)} sets of base rules at {' and '.join(map(str, rule_decks))} decks)"
    note = _same_direction(figure, first, siblings)
    sd = spread_of(nearest) if _sized(nearest) else None
    evidence = [
        ("nearest", nearest.label),
        ("nearest_percent", f"{nearest.percent} %"),
        ("gap_points", f"{gap}"),
        ("searched", tried),
    ]
    if sd:
        evidence.append(("rounds_within_two_standard_errors", f"{_rounds_within_two_errors(gap, sd):.3e}"))
    if note:
        evidence.append(("list", note))
    return _Decision(
        Verdict.UNEXPLAINED,
        nearest,
        f"nearest is {_percent_text(nearest.percent, figure.places)} ({nearest.label}), {_points(gap)} from the "
        f"Board's; searched {tried}; no round rate, simulation of 10^7 rounds or more, or misprint explains it"
        + (f"; {note}" if note else ""),
        tuple(evidence),
    )


def _reproduced(figure: PublishedFigure, first: _First, computed: tuple[Computed, ...]) -> _Decision:
    places = figure.places
    matched = first.matched[0]
    evidence = (
        ("matched", "; ".join(candidate.label for candidate in first.matched[:4])),
        ("percent", f"{matched.percent} %"),
        ("places", str(places)),
    )
    if first.verdict == Verdict.REPRODUCED:
        where = "; ".join(candidate.label for candidate in first.matched)
        return _Decision(
            Verdict.REPRODUCED,
            matched,
            f"reproduced at {places} decimal place{'s' * (places != 1)} by {where}",
            evidence,
        )
    relied = [
        candidate
        for candidate in computed
        if candidate.own
        and candidate.paytable == matched.paytable
        and candidate.decks == matched.decks
        and (candidate.reading == matched.reading or candidate.reading is None)
    ]
    relied_text = (
        f"; pacomply relies on '{relied[0].choice}', which gives {_percent_text(relied[0].percent, places)}"
        if relied
        else ""
    )
    kind = "readings" if _combined(matched) > 1 else "reading"
    return _Decision(
        Verdict.REPRODUCED_UNDER_READING,
        matched,
        f"reproduced only under {kind} {matched.reading} '{matched.choice}' ({matched.where}){relied_text}: "
        "the chapter's text and the Board's figure disagree",
        (*evidence, ("readings", matched.reading or "")),
    )


def _decide(
    figure: PublishedFigure,
    first: _First,
    computed: tuple[Computed, ...],
    siblings: Sequence[tuple[PublishedFigure, _First]],
) -> _Decision:
    """The verdict, tested in the module's order, with its explanation and evidence."""
    if first.verdict == Verdict.NO_FIGURE:
        return _Decision(Verdict.NO_FIGURE, None, f"no figure to reconcile: {figure.note}", (("why", figure.note),))
    if first.verdict is not None:
        return _reproduced(figure, first, computed)
    nearest = first.nearest
    if (
        nearest is not None
        and figure.value is not None
        and siblings
        and all(s.verdict in {Verdict.REPRODUCED, Verdict.REPRODUCED_UNDER_READING} for _, s in siblings)
        and _one_digit_apart(nearest.rounded(figure.places), figure.value)
    ):
        agreeing = len(siblings)
        return _Decision(
            Verdict.MISPRINT,
            nearest,
            f"pacomply's {_percent_text(nearest.percent, figure.places)} ({nearest.label}) differs from the Board's "
            f"{figure.percent} % in one digit while the other {agreeing} figure{'s' * (agreeing != 1)} of the "
            "same list reproduce: a misprint in the Board's figure",
            (
                ("pacomply", f"{nearest.rounded(figure.places)} %"),
                ("board", f"{figure.percent} %"),
                ("siblings_reproduced", str(agreeing)),
            ),
        )
    for test in (_undecidable,):
        decided = test(figure, first, computed)
        if decided is not None:
            return decided
    for other in (_implied, _simulation):
        decided = other(figure, computed)
        if decided is not None:
            return decided
    return _unexplained(figure, first, computed, siblings)


def _assign_paytables(
    figures: Sequence[PublishedFigure], computed: dict[str, tuple[Computed, ...]]
) -> dict[str, str | None]:
    """One paytable per figure, for a list of figures that name none while the chapter prints several paytables for
    the wager (687a's four Bad Beat figures, two paytables): the one-to-one assignment (no paytable given two
    figures) that minimises the sum of squared gaps in standard deviations; figures left over get None."""
    from pacomply import regulations

    assignment: dict[str, str | None] = {}
    groups: dict[tuple[str, str, str, str], list[PublishedFigure]] = {}
    for figure in figures:
        if figure.paytable is None and figure.wager is not None and figure.value is not None:
            groups.setdefault(figure.group, []).append(figure)
    for members in groups.values():
        if len(members) < 2:
            continue
        tables = [table.id for table in regulations.rulebook(members[0].chapter).paytables_for(members[0].wager or "")]
        if len(tables) < 2:
            continue

        def score(figure: PublishedFigure, table: str) -> float:
            board = figure.value
            assert board is not None
            values = [
                (abs(float(c.percent - board)) / 100) / (c.std_dev or 1.0)
                for c in _admissible(figure, computed[figure.id])
                if c.paytable == table
            ]
            return min(values, default=math.inf) ** 2

        size = min(len(members), len(tables))
        best = min(
            (
                (sum(score(members[index], table) for index, table in zip(chosen, tables, strict=False)), chosen)
                for chosen in itertools.permutations(range(len(members)), size)
            ),
            key=lambda item: (item[0], item[1]),
        )
        for index, member in enumerate(members):
            assignment[member.id] = tables[best[1].index(index)] if index in best[1] else None
    return assignment


#: The significance of the joint test of a list held to one assumption (after the correction for the search).
LIST_SIGNIFICANCE = 0.05


@dataclass(frozen=True, slots=True)
class _Assumption:
    """One assumption set tried for a whole list: pacomply's own pricing, or one candidate (or combination) of the
    readings, the same for every figure of the list; each figure's candidate under it, and the list's joint test."""

    key: tuple[str, ...]
    label: str
    chosen: tuple[Computed, ...]
    statistic: float
    p_value: float


def _assumption_key(candidate: Computed) -> tuple[str, ...]:
    return ("own",) if candidate.own else (candidate.reading or "", candidate.candidate or "")


def _joint_fit(members: Sequence[Reconciliation], chosen: Sequence[Computed]) -> tuple[float, float]:
    """The chi-square of a list's gaps at :data:`SIMULATION_FLOOR` rounds (the smallest simulation a figure is
    assumed to rest on, the most lenient: the statistic grows with the rounds), each figure's simulation taken as its
    own, with pacomply's own standard error added where its figure is simulated; and its p-value."""
    statistic = 0.0
    for member, candidate in zip(members, chosen, strict=True):
        assert member.figure.value is not None
        gap = float(candidate.percent - member.figure.value) / 100
        variance = spread_of(candidate) ** 2 / SIMULATION_FLOOR + _own_standard_error(candidate) ** 2
        statistic += gap * gap / variance
    return statistic, chi_square_survival(statistic, len(members))


def _assumptions(members: Sequence[Reconciliation]) -> list[_Assumption]:
    """Every assumption set available to every figure of the list, each tested jointly; sets that give every figure
    the same numbers as an earlier one (pacomply's own pricing restated under two readings' names) counted once."""
    per_member: list[dict[tuple[str, ...], Computed]] = []
    for member in members:
        board = member.figure.value
        assert board is not None
        options: dict[tuple[str, ...], Computed] = {}
        for candidate in _admissible(member.figure, member.computed):
            if not _sized(candidate):
                continue
            key = _assumption_key(candidate)
            best = options.get(key)
            if best is None or abs(candidate.percent - board) < abs(best.percent - board):
                options[key] = candidate
        per_member.append(options)
    keys = [key for key in per_member[0] if all(key in options for options in per_member[1:])]
    keys.sort(key=lambda key: (key != ("own",), key.count(" + "), key))
    found: list[_Assumption] = []
    seen: set[tuple[Decimal, ...]] = set()
    for key in keys:
        chosen = tuple(options[key] for options in per_member)
        values = tuple(candidate.percent for candidate in chosen)
        if values in seen:
            continue
        seen.add(values)
        first = chosen[0]
        label = "pacomply's own pricing" if key == ("own",) else f"{first.reading} '{first.choice}'"
        statistic, p_value = _joint_fit(members, chosen)
        found.append(_Assumption(key, label, chosen, statistic, p_value))
    return found


def _sidak(p_value: float, tried: int) -> float:
    """A p-value corrected for the best of ``tried`` assumption sets having been picked (Šidák: the chance that the
    best of that many independent tests does at least this well by luck)."""
    return 1.0 - (1.0 - p_value) ** tried


def _one_assumption_per_list(reconciliations: list[Reconciliation]) -> list[Reconciliation]:
    """Hold the figures of a list that a simulation explains to one assumption set, chosen once for the whole list.

    Each figure's provisional verdict picked its own nearest candidate; a laboratory's list rests on one set of
    assumptions, so the list is tested jointly (:func:`_joint_fit`) under pacomply's own pricing first, and only if
    that fails under every assumption set available to every figure, the best one chosen for the list with its
    p-value corrected for the search (:func:`_sidak`). Where none passes, every figure of the list is unexplained,
    with the common offset of the Board's figures from pacomply's own pricing and its spread as the evidence."""
    groups: dict[tuple[str, str, str, str], list[int]] = {}
    for position, item in enumerate(reconciliations):
        if item.verdict == Verdict.SIMULATION:
            groups.setdefault(item.figure.group, []).append(position)
    for positions in groups.values():
        members = [reconciliations[position] for position in positions]
        tried = _assumptions(members)
        if not tried:
            continue
        own = next((assumption for assumption in tried if assumption.key == ("own",)), None)
        if own is not None and own.p_value >= LIST_SIGNIFICANCE:
            chosen, searched, adjusted = own, 1, own.p_value
        else:
            chosen = max(tried, key=lambda assumption: (assumption.p_value, -tried.index(assumption)))
            searched, adjusted = len(tried), _sidak(chosen.p_value, len(tried))
        joint = (
            f"chi-square {chosen.statistic:.2f} with {len(members)} degree{'s' * (len(members) != 1)} of freedom at "
            f"10^{round(math.log10(SIMULATION_FLOOR))} rounds, p {chosen.p_value:.3f}"
            + (f", {adjusted:.3f} corrected for the best of {searched} (Šidák)" if searched > 1 else "")
        )
        search = "none: pacomply's own pricing fits" if searched == 1 else f"best of {searched}, chosen for the list"
        if adjusted >= LIST_SIGNIFICANCE:
            for position, member, candidate in zip(positions, members, chosen.chosen, strict=True):
                decision = _simulation_decision(member.figure, candidate)
                text = decision.explanation
                if len(members) > 1 or searched > 1:
                    text += (
                        f"; one assumption for the list of {len(members)}: {chosen.label} ({search}; jointly {joint})"
                    )
                reconciliations[position] = replace(
                    member,
                    nearest=candidate,
                    explanation=text,
                    evidence=(
                        *decision.evidence,
                        ("assumption", chosen.label),
                        ("assumption_search", search),
                        ("list_test", joint),
                    ),
                )
            continue
        offsets = []
        own_nearest = []
        for member in members:
            assert member.figure.value is not None
            ours = [c for c in _admissible(member.figure, member.computed) if c.own]
            board = member.figure.value
            nearest_own = min(ours, key=lambda c: abs(c.percent - board), default=member.nearest)
            own_nearest.append(nearest_own)
            if nearest_own is not None:
                offsets.append(float(board - nearest_own.percent))
        mean = sum(offsets) / len(offsets) if offsets else 0.0
        spread = (
            math.sqrt(sum((value - mean) ** 2 for value in offsets) / (len(offsets) - 1)) if len(offsets) > 1 else 0.0
        )
        listed = ", ".join(f"{value:+.3f}" for value in offsets)
        for position, member, nearest_own in zip(positions, members, own_nearest, strict=True):
            text = (
                f"no one assumption explains the list of {len(members)}: each figure's nearest candidate was fitted "
                f"row by row, and the best assumption set shared by the whole list, {chosen.label} ({search}), "
                f"fails jointly ({joint}); the Board's figures sit a common {mean:+.3f} points (standard deviation "
                f"{spread:.3f}) from pacomply's own pricing ({listed}), an offset no assumption tried produces"
            )
            reconciliations[position] = replace(
                member,
                verdict=Verdict.UNEXPLAINED,
                nearest=nearest_own,
                explanation=text,
                evidence=(
                    ("common_offset_points", f"{mean:+.4f}"),
                    ("offset_spread_points", f"{spread:.4f}"),
                    ("offsets_points", listed),
                    ("best_shared_assumption", chosen.label),
                    ("assumption_search", search),
                    ("list_test", joint),
                ),
            )
    return reconciliations


def _deck_set(reconciliations: list[Reconciliation]) -> list[Reconciliation]:
    """For the figures of one source that leave the deck count open (633a), the one deck count that reproduces the
    most of them, and whether the set is consistent (every reproduced figure reproduced at that count)."""
    by_source: dict[tuple[str, str], list[int]] = {}
    for position, item in enumerate(reconciliations):
        figure = item.figure
        if figure.decks or figure.value is None or len({c.decks for c in item.computed}) < 2:
            continue
        by_source.setdefault((figure.chapter, figure.source.key), []).append(position)
    for positions in by_source.values():
        members = [reconciliations[position] for position in positions]
        # A range alone may end at two deck counts (685a's holds); a set that also holds other figures, or where
        # nothing reproduces, is not judged.
        if len(positions) < 2 or all(m.figure.range_end is not None for m in members):
            continue
        if not any(m.matched for m in members):
            continue
        counts = sorted({c.decks for position in positions for c in reconciliations[position].computed})
        explained = {
            decks: [
                reconciliations[position].figure.id
                for position in positions
                if any(c.decks == decks for c in reconciliations[position].matched)
            ]
            for decks in counts
        }
        chosen = max(counts, key=lambda decks: (len(explained[decks]), decks))
        reproduced = [reconciliations[p].figure.id for p in positions if reconciliations[p].matched]
        others = sorted(set(reproduced) - set(explained[chosen]))
        consistent = not others
        for position in positions:
            if reconciliations[position].figure.id in others:
                reconciliations[position] = _at_another_deck_count(reconciliations[position], chosen)
        text = f"one deck count for the set: {chosen} decks reproduces {len(explained[chosen])} of {len(positions)}" + (
            " (every figure reproduced anywhere is reproduced there)"
            if consistent
            else f"; inconsistent: {', '.join(others)} only at another deck count"
        )
        _annotate(
            reconciliations,
            positions,
            text,
            (("set_decks", str(chosen)), ("set_consistent", "yes" if consistent else "no")),
        )
    return reconciliations


def _at_another_deck_count(item: Reconciliation, set_decks: int) -> Reconciliation:
    """A figure of a set reproduced only at a deck count other than the set's: the deck count is then a reading of
    the Board's (the set's figures rest on one shoe), so the figure is reproduced under that reading, not by
    pacomply's own pricing; what pacomply gives at the set's count is stated beside it."""
    matched = item.matched[0]
    figure = item.figure
    at_set = [c for c in _admissible(figure, item.computed) if c.decks == set_decks and c.own]
    board = figure.value
    assert board is not None
    ours = min(at_set, key=lambda c: abs(c.percent - board), default=None)
    plural = "s" * (matched.decks != 1)
    there = (
        f"; at the set's {set_decks} decks pacomply gives {_percent_text(ours.percent, figure.places + 2)}, which "
        f"rounds to {_percent_text(ours.percent, figure.places)}"
        if ours is not None
        else ""
    )
    return replace(
        item,
        verdict=Verdict.REPRODUCED_UNDER_READING,
        nearest=ours or item.nearest,
        explanation=(
            f"reproduced under a reading: {matched.decks} deck{plural} ({matched.label}, "
            f"{_percent_text(matched.percent, figure.places + 2)}){there}: the set's other figures rest on "
            f"{set_decks} decks, so the Board's set is not consistent"
        ),
        evidence=(
            *item.evidence,
            ("readings", f"deck count: {matched.decks} deck{plural}"),
            ("at_set_decks", "none" if ours is None else f"{ours.percent} %"),
        ),
    )


def _annotate(
    reconciliations: list[Reconciliation],
    positions: list[int],
    text: str,
    evidence: tuple[tuple[str, str], ...],
) -> None:
    """Add one finding about a set of figures (its deck count, its joint test) to each member's explanation and
    evidence."""
    for position in positions:
        item = reconciliations[position]
        reconciliations[position] = replace(
            item, explanation=f"{item.explanation}; {text}", evidence=(*item.evidence, *evidence)
        )


def _outcome_model(chapter: str, wager: str) -> tuple[dict[str, Fraction], dict[str, dict[str, Fraction]]] | None:
    """Where every paytable of a wager is one set of outcomes weighted differently (688a's Ace High Bonus): the
    outcomes' probabilities and each paytable's return per outcome, so one simulation can be tested for a list (the
    chapter's wager math's ``outcome_model`` hook)."""
    hook = _reconciliation_hooks(chapter).outcome_model
    return hook(wager) if hook is not None else None


def _one_simulation_chi_square(members: Sequence[Reconciliation], rounds: int) -> float | None:
    """The chi-square of a list's gaps under one simulation of ``rounds`` deals shared by every paytable (the
    multinomial covariance of the outcomes' frequencies, carried to each paytable's return), plus the Board's
    rounding to its printed places (uniform, variance step^2 / 12)."""
    import numpy as np

    figure = members[0].figure
    model = _outcome_model(figure.chapter, figure.wager or "")
    if model is None:
        return None
    probabilities, returns = model
    outcomes = sorted(probabilities)
    p = np.array([float(probabilities[outcome]) for outcome in outcomes])
    rows, gaps, rounding = [], [], []
    for member in members:
        paytable = member.figure.paytable
        if paytable not in returns or member.nearest is None or member.figure.value is None:
            return None
        rows.append([float(returns[paytable][outcome]) for outcome in outcomes])
        gaps.append(float(member.figure.value - member.nearest.percent) / 100)
        step = 10.0**-member.figure.places / 100
        rounding.append(step * step / 12)
    weights = np.array(rows)
    covariance = weights @ (np.diag(p) - np.outer(p, p)) @ weights.T / rounds + np.diag(rounding)
    gap = np.array(gaps)
    return float(gap @ np.linalg.solve(covariance, gap))


def _family_test(reconciliations: list[Reconciliation]) -> list[Reconciliation]:
    """For a list whose figures are all consistent with simulation, a joint chi-square of their gaps at each size of
    :data:`SIMULATION_SIZES`: under one simulation shared by every paytable where the wager is one set of outcomes
    (:func:`_outcome_model`), else with the figures' estimates taken as independent; and the sizes it passes at 5 %."""
    groups: dict[tuple[str, str, str, str], list[int]] = {}
    for position, item in enumerate(reconciliations):
        groups.setdefault(item.figure.group, []).append(position)
    for positions in groups.values():
        members = [reconciliations[p] for p in positions]
        if len(members) < 2 or any(m.verdict != Verdict.SIMULATION for m in members):
            continue
        nearest = [m.nearest for m in members if m.nearest is not None]
        if len(nearest) != len(members):
            continue
        gaps = [
            (candidate.percent - (m.figure.value or Decimal(0)), spread_of(candidate))
            for m, candidate in zip(members, nearest, strict=True)
        ]
        results = []
        shared = _outcome_model(members[0].figure.chapter, members[0].figure.wager or "") is not None
        for size in SIMULATION_SIZES:
            statistic = _one_simulation_chi_square(members, size) if shared else None
            if statistic is None:
                statistic = sum(_errors_at(gap, sd, size) ** 2 for gap, sd in gaps if sd)
            results.append((size, statistic, chi_square_survival(statistic, len(gaps))))
        passing = [size for size, _, p_value in results if p_value >= 0.05]
        model = "one simulation shared by every paytable" if shared else "independent estimates"
        text = ", ".join(
            f"chi-square {statistic:.2f} (p {p_value:.3f}) at 10^{round(math.log10(size))}"
            for size, statistic, p_value in results
        )
        verdict_text = (
            f"jointly, the {len(members)} figures fit {model} at "
            + ", ".join(f"10^{round(math.log10(size))}" for size in passing)
            + " rounds (chi-square, 5 %)"
            if passing
            else f"jointly ({model}) the list fails the chi-square test at every size tried"
        )
        joint_test = ("joint_test", f"{model}, {len(members)} degrees of freedom: {text}")
        _annotate(reconciliations, positions, verdict_text, (joint_test,))
    return reconciliations


def reconcile_figures(
    figures: Sequence[PublishedFigure], results: dict[Request, tuple[WagerMath, ...]]
) -> tuple[Reconciliation, ...]:
    """The reconciliation of each figure from the results of its requests (:func:`requests_for`).

    Siblings (figures the Board printed in one list for one wager) are judged together: a misprint needs the
    others to reproduce; figures sharing a wager's paytables are assigned one to each paytable; a list of simulated
    figures is tested jointly; figures that leave the deck count open are held to one deck count.
    """
    everything = {figure.id: figure for figure in published.FIGURES}
    related = {
        figure.id: figure
        for figure in (*figures, *everything.values())
        if any(_judged_together(figure, chosen) for chosen in figures)
    }
    computed = {figure_id: computed_for(figure, results) for figure_id, figure in related.items()}
    assignment = _assign_paytables(list(related.values()), computed)
    unassigned = {figure_id for figure_id, table in assignment.items() if table is None}
    for figure_id, table in assignment.items():
        if table is not None:
            computed[figure_id] = tuple(c for c in computed[figure_id] if c.paytable == table)
    first = {figure_id: _first_pass(related[figure_id], computed[figure_id]) for figure_id in related}
    result = []
    # Every figure of each list is decided, the ones asked for and their siblings, so that a list is judged whole
    # (one assumption, one deck count, one joint test) whichever of its figures were asked for.
    for figure in related.values():
        siblings = [
            (other, first[other.id])
            for other in related.values()
            if other.group == figure.group and other.id != figure.id and other.percent is not None
        ]
        if figure.id in unassigned:
            # Only this figure's list: a run over several chapters assigns several lists.
            listed = {key: value for key, value in assignment.items() if related[key].group == figure.group}
            tables = sorted({table for table in listed.values() if table})
            nearest = first[figure.id].nearest
            decision = _Decision(
                Verdict.UNDECIDABLE,
                nearest,
                f"the Board printed {len(listed)} figures for this wager and the chapter prints "
                f"{len(tables)} paytables ({', '.join(tables)}), each taken by the figure nearest it; this figure "
                "is for a paytable the chapter does not print, so there is nothing to price it on",
                (
                    ("why", "the chapter lacks the paytable"),
                    ("assignment", ", ".join(f"{k} -> {v or 'none'}" for k, v in sorted(listed.items()))),
                ),
            )
        else:
            decision = _decide(figure, first[figure.id], computed[figure.id], siblings)
            if figure.id in assignment:
                decision = replace_decision(decision, ("assigned_paytable", str(assignment[figure.id])))
        result.append(
            Reconciliation(
                figure=figure,
                verdict=decision.verdict,
                computed=computed[figure.id],
                matched=first[figure.id].matched,
                nearest=decision.nearest or first[figure.id].nearest,
                explanation=decision.explanation,
                evidence=decision.evidence,
            )
        )
    judged = _family_test(_deck_set(_one_assumption_per_list(result)))
    by_id = {item.figure.id: item for item in judged}
    return tuple(by_id[figure.id] for figure in figures)


def _judged_together(figure: PublishedFigure, other: PublishedFigure) -> bool:
    """Whether two figures are judged as one set: the same list (chapter, wager, source, measure), or figures of one
    chapter and source that both leave the deck count open where the chapter permits several (held to one deck
    count, :func:`_deck_set`)."""
    if figure.group == other.group:
        return True
    if (figure.chapter, figure.source.key) != (other.chapter, other.source.key) or figure.decks or other.decks:
        return False
    return len(regulations.rulebook(figure.chapter).permitted_decks) > 1


def replace_decision(decision: _Decision, extra: tuple[str, str]) -> _Decision:
    """A decision with one more piece of evidence."""
    return _Decision(decision.verdict, decision.nearest, decision.explanation, (*decision.evidence, extra))


def run_requests(requests: Iterable[Request], jobs: int = 1) -> dict[Request, tuple[WagerMath, ...]]:
    """Each distinct request's wager math, ``jobs`` at a time in separate processes (1: in this process)."""
    unique = sorted(set(requests), key=lambda request: (request.chapter, request.wager, str(request)))
    if jobs <= 1 or len(unique) <= 1:
        return {request: run_request(request) for request in unique}
    from pacomply.engine.processes import process_pool

    # The longest calls first, so the two workers finish together: the blackjack base games are the long ones.
    ordered = sorted(unique, key=lambda request: (request.decks is None, request.chapter, str(request)))
    with process_pool(jobs) as pool:
        outputs = list(pool.map(run_request, ordered))
    return dict(zip(ordered, outputs, strict=True))


def reconcile(
    chapters: Sequence[str] | None = None, jobs: int = 1, figures: Sequence[PublishedFigure] | None = None
) -> tuple[Reconciliation, ...]:
    """Every Board figure of the chapters given (all when None), reconciled at run time; in the register's order.

    A figure's siblings in other chapters are never needed: a list is always one wager of one chapter.
    """
    chosen = (
        tuple(figures)
        if figures is not None
        else tuple(figure for figure in published.FIGURES if chapters is None or figure.chapter in chapters)
    )
    # Siblings are computed too, so a verdict never depends on which figures were asked for.
    needed = [figure for figure in published.FIGURES if any(_judged_together(figure, other) for other in chosen)]
    results = run_requests([request for figure in needed for request in requests_for(figure)], jobs)
    return reconcile_figures(chosen, results)


def speaks_of(figure: PublishedFigure, row: WagerMath) -> bool:
    """Whether a Board figure is about a wager-math row: same chapter and wager, and the row's paytable and deck
    count among those the figure covers (a rule effect is about a change of the rules, never a filed row)."""
    return (
        figure.percent is not None
        and figure.chapter == row.chapter
        and figure.wager == row.wager
        and figure.rule_change is None
        and (figure.paytable is None or figure.paytable == (row.paytable or _sole_paytable(row)))
        and (not figure.decks or row.decks in figure.decks)
    )


def _sole_paytable(row: WagerMath) -> str | None:
    """The paytable a row without one is on, where the chapter prints exactly one for the wager (686a's Bonus: a
    filing may leave it blank, reading 686a-bonus-paytable-id)."""
    paytables = regulations.rulebook(row.chapter).paytables_for(row.wager)
    return paytables[0].id if len(paytables) == 1 else None


def figures_for_row(row: WagerMath, reconciliations: Iterable[Reconciliation]) -> tuple[Reconciliation, ...]:
    """The reconciled Board figures that speak of a wager-math row."""
    return tuple(item for item in reconciliations if speaks_of(item.figure, row))


def for_wager_math(rows: Iterable[WagerMath]) -> tuple[Reconciliation, ...]:
    """The Board figures a review shows: every figure of a list (same chapter, wager, source and measure) one of
    whose figures speaks of a wager-math row, reconciled in this process. A rule effect speaks of a change of the
    rules, not of a filed wager, so a review leaves it to ``pacomply published`` (it is also the longest to price)."""
    rows = tuple(rows)
    groups = {figure.group for figure in published.FIGURES if any(speaks_of(figure, row) for row in rows)}
    chosen = [figure for figure in published.FIGURES if figure.group in groups and figure.rule_change is None]
    return reconcile(figures=chosen) if chosen else ()


def board_figures_beside(row: WagerMath, priced: PricedReading) -> str:
    """The Board's figures about a row, beside one of its priced readings (``edge``): each with '= Board' where this
    reading's figure rounds to it at the Board's precision. No enumeration is run: this only compares."""
    notes = []
    for figure in published.FIGURES:
        if not speaks_of(figure, row) or figure.value is None:
            continue
        value = priced.exact_return if priced.exact_return is not None else priced.return_
        ours = _in_board_terms(figure, value).quantize(Decimal(1).scaleb(-figure.places), rounding=ROUND_HALF_UP)
        mark = "= " if ours == figure.value else ""
        notes.append(f"{mark}Board {figure.percent} % {figure.measure.value} ({figure.source.key})")
    return f"  [{'; '.join(notes)}]" if notes else ""
