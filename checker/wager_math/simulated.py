"""A simulation run as :class:`WagerMath` records: the same fields ``edge`` reports, with ``method: simulation``.

The 95 % interval is of the house edge (per unit of the initial wager); the element of risk divides the house edge
by the mean amount wagered per round that the simulation observed.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING

from pacomply.checker.wager_math import WagerMath
from pacomply.submissions.model import Filing

if TYPE_CHECKING:
    from pacomply.engine.simulation.runner import SimulationRun


def simulated_math(run: SimulationRun) -> list[WagerMath]:
    """One record per simulated wager, sorted like ``edge``'s."""
    from pacomply.engine.simulation.registry import load_game

    plan = run.plan
    game = load_game(plan.module)
    records = []
    for estimate in run.estimates:
        result = estimate.result
        facts = game.facts(plan.setup, estimate.wager)
        element_of_risk = result.house_edge / result.wagered_per_round
        figures = _SimulatedFigures(
            house_edge=result.house_edge,
            element_of_risk=element_of_risk,
            return_=1.0 - element_of_risk,
            rounds=result.rounds,
            ci95=result.ci95,
            hit_frequency=result.hit_frequency,
            std_dev=result.std_dev,
        )
        records.append(
            WagerMath.from_figures(
                figures,
                chapter=plan.setup.chapter,
                wager=estimate.wager,
                paytable=(
                    facts.paytable if facts.paytable != "" else plan.setup.paytable if facts.paytable_rows else None
                ),
                decks=plan.setup.shoe.decks,
                citation=facts.citation,
                reading=facts.reading,
                strategy=facts.strategy,
                paytable_rows=facts.paytable_rows,
            )
        )
    return sorted(records, key=lambda record: record.sort_key)


@dataclass(frozen=True, slots=True)
class _SimulatedFigures:
    """A simulated wager's figures in the shape :meth:`WagerMath.from_figures` reads (``wager_math.Figures``)."""

    house_edge: float
    element_of_risk: float
    return_: float
    rounds: int
    ci95: tuple[float, float]
    hit_frequency: float
    std_dev: float
    method: str = "simulation"


@dataclass(frozen=True, slots=True)
class MeterSummary:
    """What a progressive wager's meter did in a simulation, beside the exact figures it is checked against.

    Dollar figures are per progressive wager placed; house edges are per unit of the wager, like ``edge``'s.
    """

    wager: str
    paytable: str
    reset: Fraction
    rate: Fraction
    wager_amount: Fraction
    wagers: int
    contributed_per_wager: float
    paid_from_meter_per_wager: float
    reseeded_per_wager: float
    left_on_meter_per_wager: float
    """Held above the reset when each chunk ended; counted as paid to the players (sim-meter-liability)."""
    meter_hits: int
    house_edge_at_reset: float
    """Exact: the meter frozen at the reset amount (what ``edge`` prices)."""
    house_edge_long_run: float | None
    """Exact long run when every meter row pays 100 % of the meter (renewal-reward); None otherwise."""

    def to_json(self) -> dict[str, object]:
        """Plain JSON: amounts as strings, rates as fractions of one, figures rounded to 6 places."""
        return {
            "paytable": self.paytable,
            "reset": str(self.reset),
            "rate": float(self.rate),
            "wager_amount": str(self.wager_amount),
            "wagers": self.wagers,
            "contributed_per_wager": round(self.contributed_per_wager, 6),
            "paid_from_meter_per_wager": round(self.paid_from_meter_per_wager, 6),
            "reseeded_per_wager": round(self.reseeded_per_wager, 6),
            "left_on_meter_per_wager": round(self.left_on_meter_per_wager, 6),
            "meter_hits": self.meter_hits,
            "house_edge_at_reset_exact": round(self.house_edge_at_reset, 6),
            "house_edge_long_run_exact": (
                None if self.house_edge_long_run is None else round(self.house_edge_long_run, 6)
            ),
        }


def simulated_meters(run: SimulationRun) -> list[MeterSummary]:
    """One summary per wager that was paid from a meter, sorted by wager id."""
    from pacomply.engine.simulation.progressive import long_run_net, net_at_meter
    from pacomply.engine.simulation.registry import ProgressiveRoundGame, load_game

    plan = run.plan
    game = load_game(plan.module)
    summaries = []
    for estimate in run.estimates:
        spec = plan.setup.meter_for(estimate.wager)
        if spec is None or estimate.meter is None or not isinstance(game, ProgressiveRoundGame):
            continue
        probabilities = game.row_probabilities(plan.setup, estimate.wager)
        at_reset = -net_at_meter(spec, probabilities, spec.seed) / spec.wager_amount
        try:
            long_run: float | None = float(-long_run_net(spec, probabilities) / spec.wager_amount)
        except ValueError:
            long_run = None
        wagers = estimate.result.rounds
        tally = estimate.meter
        summaries.append(
            MeterSummary(
                wager=estimate.wager,
                paytable=spec.paytable.id,
                reset=spec.seed,
                rate=spec.rate,
                wager_amount=spec.wager_amount,
                wagers=wagers,
                contributed_per_wager=tally.contributed / wagers,
                paid_from_meter_per_wager=tally.paid_from_meter / wagers,
                reseeded_per_wager=tally.reseeded / wagers,
                left_on_meter_per_wager=tally.left_on_meter / wagers,
                meter_hits=tally.meter_hits,
                house_edge_at_reset=float(at_reset),
                house_edge_long_run=long_run,
            )
        )
    return sorted(summaries, key=lambda summary: summary.wager)


@dataclass(frozen=True, slots=True)
class FiledMeter:
    """A progressive wager's reset and rate as a filing states them, with where each was read."""

    wager: str
    reset: Fraction | None = None
    rate: Fraction | None = None
    """As a fraction of each wager (a filed 15 % is 3/20)."""
    reset_from: str = ""
    rate_from: str = ""

    def to_json(self) -> dict[str, object]:
        """Plain JSON: amounts as strings, the rate as a fraction of one, the cells they came from."""
        return {
            "reset": None if self.reset is None else str(self.reset),
            "reset_from": self.reset_from or None,
            "rate": None if self.rate is None else float(self.rate),
            "rate_from": self.rate_from or None,
        }


def filed_meters(filing: Filing, chapter: str, wagers: Iterable[str]) -> dict[str, FiledMeter]:
    """The filed reset and rate of each progressive wager, where the filing gives them.

    A chapter sheet answer ``<wager>_reset_amount`` / ``<wager>_reset`` (``progressive_reset`` for the wager
    ``progressive``) and ``<wager>_rate_of_progression`` comes first; then the Tables sheet's Progressive Reset
    column of the chapter's first table that fills it, when the chapter has a single progressive wager (with two,
    as 633a, the column cannot say whose meter it is).
    """
    submission = filing.chapters.get(chapter)
    tables = [table for table in filing.tables_for(chapter) if table.progressive_reset is not None]
    wager_list = sorted(set(wagers))
    found: dict[str, FiledMeter] = {}
    for wager in wager_list:
        reset = rate = None
        reset_from = rate_from = ""
        if submission is not None:
            for key in (f"{wager}_reset_amount", f"{wager}_reset"):
                value = submission.value(key)
                if isinstance(value, Decimal):
                    reset, reset_from = Fraction(value), str(submission.location_of(key) or key)
                    break
            value = submission.value(f"{wager}_rate_of_progression")
            if isinstance(value, Decimal):
                key = f"{wager}_rate_of_progression"
                rate, rate_from = Fraction(value) / 100, str(submission.location_of(key) or key)
        if reset is None and tables and len(wager_list) == 1:
            table = tables[0]
            reset = Fraction(table.progressive_reset)  # type: ignore[arg-type]
            location = table.location_of("progressive_reset")
            reset_from = str(location) if location is not None else f"table {table.table_id}"
        if reset is not None or rate is not None:
            found[wager] = FiledMeter(wager, reset, rate, reset_from, rate_from)
    return found
