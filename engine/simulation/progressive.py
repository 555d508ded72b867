"""Progressive meters: a seed (reset) amount, a rate of progression, and a paytable that pays from the meter.

Generic over a paytable given as data (:class:`regulations.rulebook.Paytable`), whose rows pay

* ``ODDS`` — ``amount`` to 1 on the wager;
* ``FIXED_AMOUNT`` — ``amount`` dollars;
* ``METER_PERCENT`` — ``amount`` percent of the meter, which then drops by what was paid;
* ``PUSH`` — the wager back.

An outcome may have two rows, a fixed amount and a share of the meter (688a paytable 4's "$5,000/100% of meter",
reading 688a-progressive-fixed-and-meter): it pays both.

The model (readings, shown in ``docs/simulation.md``):

* ``sim-meter-contribution``: every progressive wager adds ``rate`` × wager to the meter when it is placed, before
  the round is dealt (the filed rate of progression, e.g. 0.15 for 15 %).
* ``sim-meter-reset``: a meter paid down below its seed amount is put back to the seed amount — the certificate
  holder funds the difference, as a meter "seed and re-seed" amount means.
* ``sim-meter-wager-returned``: on a winning row the player keeps the wager (``wager_returned=True``, the usual
  meaning of "X to 1" and of a meter award) unless the chapter says the wager is collected; a game sets it.

Exact results: :func:`net_at_meter` is the expected net per round with the meter frozen at a value (the "return
at the seed amount" of the filings), from the exact row probabilities the game's analysis enumerates. When every
meter row pays 100 % of the meter, each dollar contributed is paid out exactly once per reset cycle, so by the
renewal-reward theorem the long-run expected net is the net at the seed amount plus ``rate`` × wager
(:func:`long_run_net`); with partial meter awards the re-seed top-ups make it game-specific and only simulation
gives it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from pacomply.regulations.rulebook import PayoutKind, Paytable, PaytableRow

_HUNDRED = Fraction(100)


@dataclass(frozen=True, slots=True)
class MeterSpec:
    """A progressive wager's meter as filed: paytable, seed/reset, rate of progression, wager amount."""

    wager: str
    """The wager id it belongs to (docs/math.md), e.g. ``progressive``."""
    paytable: Paytable
    seed: Fraction
    """The seed and re-seed amount in dollars."""
    rate: Fraction
    """Fraction of each wager added to the meter (0.15 for a 15 % rate of progression)."""
    wager_amount: Fraction = Fraction(1)
    """The progressive wager in dollars (fixed by the paytable, e.g. $1 or $5)."""
    wager_returned: bool = True
    """Whether a winning row returns the wager as well as paying the award."""

    def problems(self) -> list[str]:
        """What is wrong with this meter, in words."""
        found = []
        if self.seed < 0:
            found.append(f"meter seed {self.seed} is negative")
        if not 0 <= self.rate < 1:
            found.append(f"rate of progression {self.rate} is not a fraction between 0 and 1")
        if self.wager_amount <= 0:
            found.append(f"progressive wager {self.wager_amount} is not positive")
        for row in self.paytable.rows:
            if row.kind == PayoutKind.METER_PERCENT and not 0 < row.amount <= _HUNDRED:
                found.append(f"row '{row.outcome}' pays {row.amount}% of the meter; expected 0-100")
        return found

    def rows_of(self, outcome: str) -> tuple[PaytableRow, ...]:
        """Every row of an outcome (a fixed amount and a meter share may both be listed); KeyError when none."""
        rows = tuple(row for row in self.paytable.rows if row.outcome == outcome)
        if not rows:
            raise KeyError(f"paytable {self.paytable.id} has no outcome '{outcome}'")
        return rows

    def award(self, outcome: str, meter: Fraction) -> Fraction:
        """What an outcome pays with the meter at ``meter`` (the award only, without the wager): every row of it."""
        total = Fraction(0)
        for row in self.rows_of(outcome):
            if row.kind == PayoutKind.ODDS:
                total += row.amount * self.wager_amount
            elif row.kind == PayoutKind.FIXED_AMOUNT:
                total += row.amount
            elif row.kind == PayoutKind.METER_PERCENT:
                total += row.amount / _HUNDRED * meter
        return total

    def net(self, outcome: str | None, meter: Fraction) -> Fraction:
        """The player's net in dollars for a round that hit ``outcome`` (None: the wager lost)."""
        if outcome is None:
            return -self.wager_amount
        if all(row.kind == PayoutKind.PUSH for row in self.rows_of(outcome)):
            return Fraction(0)
        award = self.award(outcome, meter)
        return award if self.wager_returned else award - self.wager_amount


class Meter:
    """The meter in play: contributions in, awards out, re-seeded when paid below the seed amount.

    Works in floats (a simulation's speed); the exact functions below use the spec's Fractions.
    """

    def __init__(self, spec: MeterSpec) -> None:
        problems = spec.problems()
        if problems:
            raise ValueError("; ".join(problems))
        self.spec = spec
        self.value = float(spec.seed)
        self._seed = float(spec.seed)
        self._contribution = float(spec.rate * spec.wager_amount)
        self._wager = float(spec.wager_amount)
        self.contributed = 0.0
        """Dollars the wagers added to the meter."""
        self.paid_from_meter = 0.0
        """Dollars the meter paid out."""
        self.reseeded = 0.0
        """Dollars the certificate holder put back to reach the seed amount after awards."""
        self.meter_hits = 0
        """Rounds that paid from the meter."""
        self._rows: dict[str, tuple[PaytableRow, ...]] = {}
        for row in spec.paytable.rows:
            self._rows[row.outcome] = (*self._rows.get(row.outcome, ()), row)

    def play(self, outcome: str | None) -> float:
        """One progressive wager: contribute, settle ``outcome`` against the meter; returns the net in dollars."""
        self.value += self._contribution
        self.contributed += self._contribution
        if outcome is None:
            return -self._wager
        rows = self._rows.get(outcome)
        if rows is None:
            raise KeyError(f"paytable {self.spec.paytable.id} has no outcome '{outcome}'")
        if all(row.kind == PayoutKind.PUSH for row in rows):
            return 0.0
        award = 0.0
        for row in rows:
            if row.kind == PayoutKind.METER_PERCENT:
                share = float(row.amount / _HUNDRED) * self.value
                self.value -= share
                self.paid_from_meter += share
                self.meter_hits += 1
                if self.value < self._seed:
                    self.reseeded += self._seed - self.value
                    self.value = self._seed
                award += share
            elif row.kind == PayoutKind.ODDS:
                award += float(row.amount) * self._wager
            elif row.kind == PayoutKind.FIXED_AMOUNT:
                award += float(row.amount)
        return award if self.spec.wager_returned else award - self._wager


def net_at_meter(spec: MeterSpec, probabilities: Mapping[str, Fraction], meter: Fraction) -> Fraction:
    """Exact expected net per wager in dollars with the meter frozen at ``meter``.

    ``probabilities`` gives each paytable row's probability (outcomes not listed lose); they must not exceed 1.
    """
    unknown = sorted(set(probabilities) - {row.outcome for row in spec.paytable.rows})
    if unknown:
        raise KeyError(f"paytable {spec.paytable.id} has no outcome {', '.join(unknown)}")
    paying = sum(probabilities.values(), Fraction(0))
    if paying > 1:
        raise ValueError(f"row probabilities sum to {paying} > 1")
    expected = (1 - paying) * -spec.wager_amount
    for outcome, probability in probabilities.items():
        expected += probability * spec.net(outcome, meter)
    return expected


def long_run_net(spec: MeterSpec, probabilities: Mapping[str, Fraction]) -> Fraction:
    """Exact long-run expected net per wager in dollars when every meter row pays 100 % of the meter.

    Renewal-reward: over each cycle from one reset to the next, the meter pays the seed plus every contribution
    made in the cycle, so the long-run net is the net at the seed amount plus the contribution per wager.
    Raises ValueError for a paytable with a partial meter award (simulate it instead).
    """
    partial = [
        row.outcome for row in spec.paytable.rows if row.kind == PayoutKind.METER_PERCENT and row.amount != _HUNDRED
    ]
    if partial:
        raise ValueError(f"rows {', '.join(partial)} pay part of the meter; the long run needs simulation")
    if not any(row.kind == PayoutKind.METER_PERCENT and probabilities.get(row.outcome) for row in spec.paytable.rows):
        # A meter that is never won keeps what it collects: the player gets nothing of it.
        return net_at_meter(spec, probabilities, spec.seed)
    return net_at_meter(spec, probabilities, spec.seed) + spec.rate * spec.wager_amount
