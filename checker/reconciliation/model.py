"""The reconciliation's values: the verdicts in their order, a computed figure in the Board's terms, one figure's
reconciliation, and the limits the tests use.

Part of :mod:`checker.reconciliation`, which imports every name from here.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from enum import StrEnum, unique
from fractions import Fraction
from typing import Any

from pacomply.regulations.published import PublishedFigure

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


def explanation_sentence(explanation: str) -> str:
    """An explanation as the sentence that follows a verdict: its first letter a capital, unless it begins with
    pacomply's name, which is spelled in lower case (the finding's message and the reports' sentence alike)."""
    if explanation.startswith("pacomply"):
        return explanation
    return explanation[:1].upper() + explanation[1:]


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
        from pacomply.regulations.rulebook import paytable_and_decks

        return paytable_and_decks(self.paytable, self.decks)

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
                "date": None if figure.source.published is None else figure.source.published.isoformat(),
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
