"""The reconciliation of the Board's published figures with pacomply's own, computed at run time.

For each figure of the register (:mod:`regulations.published`) the wager math of its chapter is run
(:func:`checker.wager_math.analyse`) for the wager, every paytable and deck count the figure can refer to, and every
reading the chapter admits (``WagerMath.priced_readings``). Each of those computed figures is put in the Board's
terms (a payback, a hold, a house edge or a rule's effect) and compared with the Board's number at the precision the
Board printed. The verdict follows from that comparison alone, the same way for every figure:

- *reproduced*: pacomply's own pricing (the reading it relies on, on any basis the Board's words allow) rounds to the
  Board's figure;
- *reproduced only under reading X*: only another candidate reading does, so the chapter's text and the Board's
  figure disagree and a reviewer should know which one a filing is held to;
- *Board misprint*: no reading reproduces it, the nearest figure differs from it in a single digit (or two digits
  swapped), and the other figures the Board printed in the same list do reproduce;
- *not reproduced*: the nearest figure, the gap, and the likeliest cause the data supports.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal, localcontext
from enum import StrEnum, unique
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING, Any

from pacomply.regulations import published
from pacomply.regulations.published import Basis, Measure, PublishedFigure

from pacomply import regulations

if TYPE_CHECKING:
    from pacomply.checker.wager_math import PricedReading, WagerMath

#: Digits after the point kept for pacomply's figures in percent (six: more than any Board figure carries).
PERCENT_PLACES = 6
#: Rounds a simulation would need before its 95 % spread is narrower than a gap, above which the gap is put down to
#: a simulated Board figure: published figures of this kind come from simulations of about 10^8 to 10^9 rounds.
SIMULATION_ROUNDS = 10**8
_Z95 = 1.959963984540054


@unique
class Verdict(StrEnum):
    """How a Board figure stands against pacomply's."""

    REPRODUCED = "reproduced"
    REPRODUCED_UNDER_READING = "reproduced only under another reading"
    MISPRINT = "Board misprint"
    NOT_REPRODUCED = "not reproduced"
    NO_FIGURE = "no figure"

    @property
    def needs_attention(self) -> bool:
        """Whether a review of a filing that selects this figure's paytable should point the reviewer at it."""
        return self in {Verdict.REPRODUCED_UNDER_READING, Verdict.MISPRINT, Verdict.NOT_REPRODUCED}


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
    ci95: tuple[Decimal, Decimal] | None = None
    """pacomply's 95 % interval, in the Board's terms, where its figure is simulated."""

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
    strategy: str | None
    rule_change: tuple[str, str] | None


def _strategy(figure: PublishedFigure) -> str | None:
    # "perfect" is the wager math's default (composition-dependent, optimal); only "basic" changes the call.
    return "basic" if figure.strategy == "basic" else None


def requests_for(figure: PublishedFigure) -> tuple[Request, ...]:
    """The wager-math calls a figure's reconciliation needs (none for a row without a figure)."""
    from pacomply.checker.wager_math import BASE_GAME_OPTION_CHAPTERS

    if figure.wager is None or figure.percent is None:
        return ()
    strategy = _strategy(figure)
    decks: tuple[int | None, ...] = (None,)
    if figure.chapter in BASE_GAME_OPTION_CHAPTERS and figure.wager == "base":
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
    return tuple(calls)


def _analysed_decks(chapter: str) -> tuple[int, ...]:
    """The deck counts the chapter's base game is analysed at (``edge`` shows the same): a chapter may list fewer
    than it permits where the rest add nothing a reviewer needs (``ANALYSED_DECKS``)."""
    from importlib import import_module

    from pacomply import regulations

    module = import_module(type(regulations.rulebook(chapter)).__module__.replace("rulebook", f"chapter_{chapter}"))
    analysed = getattr(module, "ANALYSED_DECKS", None)
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
    if request.strategy is not None or request.rule_change is not None:
        changes = ()
        if request.rule_change is not None:
            field, value = request.rule_change
            changes = (RuleChange(field, _rule_value(value), "the Board's rule effect"),)
        options = BaseGameOptions(
            strategy="basic" if request.strategy == "basic" else "optimal",
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


def _row_candidates(figure: PublishedFigure, row: WagerMath) -> list[Computed]:
    if row.priced_readings:
        restated = _basis_readings(row.priced_readings)
        result = []
        for priced in row.priced_readings:
            value = priced.exact_return if priced.exact_return is not None else priced.return_
            result.append(
                Computed(
                    paytable=row.paytable,
                    decks=row.decks,
                    reading=priced.reading,
                    candidate=priced.candidate,
                    choice=priced.choice,
                    basis=priced.basis or "per wager",
                    own=priced.relied_on or priced.reading in restated,
                    calibrated=_is_calibrated(priced),
                    percent=_in_board_terms(figure, value),
                    method=priced.method,
                    std_dev=row.std_dev,
                    ci95=_interval(figure, priced.ci95),
                )
            )
        return result
    if figure.measure in {Measure.HOLD, Measure.HOUSE_EDGE}:
        per_total = _percent(row.element_of_risk)
        per_initial = _percent(row.house_edge)
    else:
        per_total = _percent(row.return_)
        per_initial = _percent(1 - row.house_edge)
    bases = [(Basis.PER_TOTAL_WAGERED, per_total)]
    if row.house_edge != row.element_of_risk:
        bases.append((Basis.PER_INITIAL_WAGER, per_initial))
    elif figure.basis == Basis.PER_INITIAL_WAGER:
        bases = [(Basis.PER_INITIAL_WAGER, per_initial)]
    return [
        Computed(
            paytable=row.paytable,
            decks=row.decks,
            reading=None,
            candidate=None,
            choice=basis.value if len(bases) > 1 else "the one pricing the chapter admits",
            basis=basis.value,
            own=True,
            calibrated=False,
            percent=value,
            method=row.method,
            std_dev=row.std_dev,
            ci95=_interval(figure, row.ci95) if basis == Basis.PER_TOTAL_WAGERED else None,
        )
        for basis, value in bases
    ]


def _rule_effect_candidates(
    figure: PublishedFigure, plain: Iterable[WagerMath], changed: Iterable[WagerMath]
) -> list[Computed]:
    """The effect of the figure's rule change at each deck count: the house edge with it minus without it."""
    without = {row.decks: row for row in plain}
    result = []
    for row in changed:
        base = without.get(row.decks)
        if base is None:
            continue
        assert figure.rule_change is not None
        result.append(
            Computed(
                paytable=row.paytable,
                decks=row.decks,
                reading=None,
                candidate=None,
                choice=f"{figure.strategy or 'optimal'} strategy, {figure.rule_change[0]} = {figure.rule_change[1]}",
                basis=Basis.PER_INITIAL_WAGER.value,
                own=True,
                calibrated=False,
                percent=_percent(row.house_edge) - _percent(base.house_edge),
                method=row.method,
            )
        )
    return result


def computed_for(figure: PublishedFigure, results: dict[Request, tuple[WagerMath, ...]]) -> tuple[Computed, ...]:
    """Every figure pacomply computes for a Board figure, from the results of its requests, sorted."""
    calls = requests_for(figure)
    plain = [row for call in calls if call.rule_change is None for row in results.get(call, ())]
    if figure.rule_change is not None:
        changed = [row for call in calls if call.rule_change is not None for row in results.get(call, ())]
        candidates = _rule_effect_candidates(figure, plain, changed)
    else:
        candidates = [candidate for row in plain for candidate in _row_candidates(figure, row)]
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
    """The verdict before siblings are looked at."""

    verdict: Verdict
    matched: tuple[Computed, ...]
    nearest: Computed | None


def _first_pass(figure: PublishedFigure, computed: tuple[Computed, ...]) -> _First:
    board = figure.value
    if board is None:
        return _First(Verdict.NO_FIGURE, (), None)
    admissible = _admissible(figure, computed)
    matched = [candidate for candidate in admissible if candidate.rounded(figure.places) == board]
    own = [candidate for candidate in matched if _counts_as_own(figure, candidate, computed)]
    nearest = min(
        admissible,
        key=lambda c: (abs(c.percent - board), not c.own, c.paytable or "", c.decks, c.reading or ""),
        default=None,
    )
    if own:
        return _First(Verdict.REPRODUCED, tuple(own), own[0])
    if matched:
        return _First(Verdict.REPRODUCED_UNDER_READING, tuple(matched), matched[0])
    return _First(Verdict.NOT_REPRODUCED, (), nearest)


def _points(value: Decimal) -> str:
    return f"{value:+.4f} points"


def _percent_text(value: Decimal, places: int) -> str:
    return f"{value.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)} %"


def _rounds_to_resolve(gap: Decimal, std_dev: float | None) -> int | None:
    """Rounds a simulation needs before its 95 % spread is narrower than ``gap`` (percentage points)."""
    if std_dev is None or gap == 0:
        return None
    return math.ceil((_Z95 * std_dev / (abs(float(gap)) / 100)) ** 2)


def _cause(
    figure: PublishedFigure,
    first: _First,
    computed: tuple[Computed, ...],
    siblings: Sequence[tuple[PublishedFigure, _First]],
) -> str:
    """The likeliest cause of a figure that is not reproduced, from the data alone."""
    calibrated = [candidate for candidate in computed if candidate.calibrated]
    if first.nearest is None:
        if calibrated:
            return (
                f"the chapter states nothing pacomply can price on the Board's basis ({figure.basis.value}); "
                + "; ".join(f"{candidate.where}: {candidate.basis}" for candidate in calibrated)
            )
        return f"pacomply prices no figure on the Board's basis ({figure.basis.value})"
    assert figure.value is not None
    gap = first.nearest.percent - figure.value
    if first.nearest.method == "simulation" and first.nearest.std_dev is not None:
        inside = first.nearest.ci95 is not None and first.nearest.ci95[0] <= figure.value <= first.nearest.ci95[1]
        interval = (
            ""
            if first.nearest.ci95 is None
            else f" (95 % interval {first.nearest.ci95[0]:.3f} % to {first.nearest.ci95[1]:.3f} %)"
        )
        return (
            f"pacomply's own figure is simulated{interval}, so it cannot settle the Board's last digits; the Board's "
            f"figure is {'inside' if inside else 'outside'} that interval"
        )
    listed = [(figure, first), *siblings]
    missed = [(other, result) for other, result in listed if result.nearest is not None and other.value is not None]
    gaps = [
        result.nearest.percent - (other.value or Decimal(0))
        for other, result in missed
        if result.verdict == Verdict.NOT_REPRODUCED and result.nearest is not None
    ]
    if len(missed) >= 3 and len(gaps) == len(listed) and (all(g > 0 for g in gaps) or all(g < 0 for g in gaps)):
        low, high = min(gaps, key=abs), max(gaps, key=abs)
        cause = (
            f"all {len(gaps)} figures of this list miss in the same direction ({_points(low)} to {_points(high)}): "
            "one assumption the Board made that the chapter does not state"
        )
        if figure.measure == Measure.MAXIMUM_PAYBACK:
            cause += (
                ", most likely the option the word 'maximum' refers to taken at its most generous (such as Envy "
                "bonuses paid on other players' hands), which pacomply does not price"
            )
        return cause
    rounds = _rounds_to_resolve(gap, first.nearest.std_dev)
    if rounds is not None and rounds >= SIMULATION_ROUNDS:
        return (
            f"a gap of {_points(gap)} is inside the 95 % spread of any simulation of fewer than {rounds:.2e} rounds: "
            "consistent with a simulated Board figure printed to more digits than its simulation supports"
        )
    if figure.strategy is not None:
        return (
            f"the Board names {figure.strategy} strategy but not the rules of play or strategy details it assumed; "
            f"pacomply's {figure.strategy} strategy under the chapter's rules gives {_points(gap)}"
        )
    readings = sorted({candidate.reading for candidate in computed if candidate.reading and not candidate.calibrated})
    tried = "the chapter admits one pricing"
    if readings:
        tried = f"none of the readings priced ({', '.join(readings)}) gives it"
    if figure.measure == Measure.MAXIMUM_PAYBACK:
        return (
            f"{tried}, and the Board's 'maximum' is not the most generous of them either: the option it maximised "
            "over (Envy bonuses, how many other players, or a combination of readings) is not stated"
        )
    return (
        f"{tried}: the Board assumed something the chapter does not state (a combination of readings, a house way, "
        "a strategy, or a rule read differently)"
    )


def _explain(
    figure: PublishedFigure,
    verdict: Verdict,
    first: _First,
    computed: tuple[Computed, ...],
    siblings: Sequence[tuple[PublishedFigure, _First]],
) -> str:
    places = figure.places
    if verdict == Verdict.NO_FIGURE:
        return f"no figure to reconcile: {figure.note}"
    if verdict == Verdict.REPRODUCED:
        where = "; ".join(candidate.label for candidate in first.matched)
        return f"reproduced at {places} decimal place{'s' * (places != 1)} by {where}"
    if verdict == Verdict.REPRODUCED_UNDER_READING:
        matched = first.matched[0]
        relied = [
            candidate
            for candidate in computed
            if candidate.own
            and candidate.reading == matched.reading
            and candidate.paytable == matched.paytable
            and candidate.decks == matched.decks
        ]
        relied_text = (
            f"; pacomply relies on '{relied[0].choice}', which gives {_percent_text(relied[0].percent, places)}"
            if relied
            else ""
        )
        return (
            f"reproduced only under reading {matched.reading} '{matched.choice}' ({matched.where}){relied_text}: "
            "the chapter's text and the Board's figure disagree"
        )
    nearest = first.nearest
    if verdict == Verdict.MISPRINT:
        assert nearest is not None and figure.value is not None
        agreeing = len(siblings)
        return (
            f"pacomply's {_percent_text(nearest.percent, places)} ({nearest.label}) differs from the Board's "
            f"{figure.percent} % in one digit while the other {agreeing} figure{'s' * (agreeing != 1)} of the "
            "same list reproduce: a misprint in the Board's figure"
        )
    cause = _cause(figure, first, computed, siblings)
    if nearest is None:
        return f"not reproduced: {cause}"
    assert figure.value is not None
    return (
        f"nearest is {_percent_text(nearest.percent, places)} ({nearest.label}), "
        f"{_points(nearest.percent - figure.value)} from the Board's; likely cause: {cause}"
    )


def reconcile_figures(
    figures: Sequence[PublishedFigure], results: dict[Request, tuple[WagerMath, ...]]
) -> tuple[Reconciliation, ...]:
    """The reconciliation of each figure from the results of its requests (:func:`requests_for`).

    Siblings (figures the Board printed in one list for one wager) are judged together: a misprint needs the
    others to reproduce, and a list that misses in one direction points at one unstated assumption.
    """
    computed = {figure.id: computed_for(figure, results) for figure in figures}
    first = {figure.id: _first_pass(figure, computed[figure.id]) for figure in figures}
    everything = {figure.id: figure for figure in published.FIGURES}
    result = []
    for figure in figures:
        siblings = [
            (other, first[other.id] if other.id in first else _first_pass(other, computed_for(other, results)))
            for other in everything.values()
            if other.group == figure.group and other.id != figure.id and other.percent is not None
        ]
        verdict = first[figure.id].verdict
        nearest = first[figure.id].nearest
        if (
            verdict == Verdict.NOT_REPRODUCED
            and nearest is not None
            and figure.value is not None
            and siblings
            and all(s.verdict in {Verdict.REPRODUCED, Verdict.REPRODUCED_UNDER_READING} for _, s in siblings)
            and _one_digit_apart(nearest.rounded(figure.places), figure.value)
        ):
            verdict = Verdict.MISPRINT
        result.append(
            Reconciliation(
                figure=figure,
                verdict=verdict,
                computed=computed[figure.id],
                matched=first[figure.id].matched,
                nearest=nearest,
                explanation=_explain(figure, verdict, first[figure.id], computed[figure.id], siblings),
            )
        )
    return tuple(result)


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
    # Siblings are computed too, so a misprint verdict never depends on which figures were asked for.
    groups = {figure.group for figure in chosen}
    needed = [figure for figure in published.FIGURES if figure.group in groups]
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
