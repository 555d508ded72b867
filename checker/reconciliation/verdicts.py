"""The verdict of one figure: the fixed order of tests (reproduced, under a reading, misprint, undecidable, implied
parameter, consistent with simulation, unexplained), each with its evidence.

Part of :mod:`checker.reconciliation`, which imports every name from here.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from pacomply.checker.reconciliation.candidates import _basis_allowed
from pacomply.checker.reconciliation.model import ROUND_RATE, SIMULATION_FLOOR, SIMULATION_SIZES, Computed, Verdict
from pacomply.regulations.published import Measure, PublishedFigure

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
        "the Board's figure follows another reading than the one pacomply relies on",
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
