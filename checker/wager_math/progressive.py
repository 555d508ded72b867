"""A progressive wager at its seed and in the long run, from its exact row probabilities.

The figure ``edge`` has always printed freezes the meter at its seed: the least the wager returns. The Board's
"payback percentage" of a progressive is the long-run figure: what every wager returns once the meter's growth is
counted. Over each cycle from one reset to the next the meter pays out its seed plus every contribution made in the
cycle, so per wager the long run is

    fixed pays  +  P(a meter-resetting hand) × seed  +  rate of progression  (+ reserve rate, where it reaches the
    players)

in units of the wager. A row paying part of the meter (10 % of it) is paid from those contributions and is not added
again. The one term this leaves out is the re-seed top-up after a partial award that drops the meter below its seed;
it lies between 0 and P(partial hand) × share × seed, and :func:`top_up_bound` gives that bound so a report can say
how small it is (the seeded simulation of the meter includes it: the cross-check in the tests).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

_HUNDRED = Fraction(100)


@dataclass(frozen=True, slots=True)
class ProgressiveRow:
    """What one winning hand pays, per unit of the wager: fixed odds or dollars, and a share of the meter."""

    fixed: Fraction
    """Fixed pay in units of the wager (odds to 1, or dollars divided by the wager)."""
    meter_percent: Fraction = Fraction(0)
    """Percent of the meter the hand pays (100 resets the meter to its seed)."""


@dataclass(frozen=True, slots=True)
class ProgressiveModel:
    """A progressive paytable reduced to what its long run depends on; every amount per unit of the wager."""

    rows: Mapping[str, ProgressiveRow]
    probabilities: Mapping[str, Fraction]
    """Exact probability of each paying row (rows not listed never occur)."""
    seed: Fraction
    """The meter's seed and re-seed amount divided by the wager."""
    wager_returned: bool
    """Whether a winning hand keeps its wager besides the award."""

    def _win_probability(self) -> Fraction:
        return sum((self.probabilities.get(outcome, Fraction(0)) for outcome in self.rows), Fraction(0))

    def return_at_meter(self, meter: Fraction) -> Fraction:
        """The expected return (wager back included) with the meter frozen at ``meter`` (per unit)."""
        paid = Fraction(0)
        for outcome, row in self.rows.items():
            probability = self.probabilities.get(outcome, Fraction(0))
            paid += probability * (row.fixed + row.meter_percent / _HUNDRED * meter)
        return paid + (self._win_probability() if self.wager_returned else 0)

    def return_at_seed(self) -> Fraction:
        """The return with the meter at its seed: the least the wager returns."""
        return self.return_at_meter(self.seed)

    def return_without_meter_growth(self) -> Fraction:
        """Fixed pays plus the meter-resetting hands paid at the seed: the long run at a rate of 0."""
        paid = Fraction(0)
        for outcome, row in self.rows.items():
            probability = self.probabilities.get(outcome, Fraction(0))
            paid += probability * row.fixed
            if row.meter_percent == _HUNDRED:
                paid += probability * self.seed
        return paid + (self._win_probability() if self.wager_returned else 0)

    def long_run_return(self, rate: Fraction, reserve: Fraction = Fraction(0)) -> Fraction:
        """The long-run return at a rate of progression (and a reserve rate counted as the players')."""
        if not any(row.meter_percent == _HUNDRED for row in self.rows.values()):
            # A meter that no hand resets is never paid down to its seed: nothing of the growth is the players'.
            return self.return_at_seed()
        return self.return_without_meter_growth() + rate + reserve

    def rate_for(self, target: Fraction) -> Fraction:
        """The rate of progression whose long run returns ``target`` (negative where no rate could)."""
        return target - self.return_without_meter_growth()

    def top_up_bound(self) -> Fraction:
        """The most the re-seed top-ups after partial meter awards could add to the long run (per unit)."""
        return sum(
            (
                self.probabilities.get(outcome, Fraction(0)) * row.meter_percent / _HUNDRED * self.seed
                for outcome, row in self.rows.items()
                if 0 < row.meter_percent < _HUNDRED
            ),
            Fraction(0),
        )


def percent_text(rate: Fraction) -> str:
    """A rate as the chapters print it: 28 %, 0.5 %."""
    return f"{float(rate * 100):g} %"
