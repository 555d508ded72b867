"""A simulation run as :class:`WagerMath` records: the same fields ``edge`` reports, with ``method: simulation``.

The 95 % interval is of the house edge (per unit of the initial wager); the element of risk divides the house edge
by the mean amount wagered per round that the simulation observed.
"""

from __future__ import annotations

from checker.wager_math import WagerMath
from engine.simulation.registry import load_game
from engine.simulation.runner import SimulationRun


def simulated_math(run: SimulationRun) -> list[WagerMath]:
    """One record per simulated wager, sorted like ``edge``'s."""
    plan = run.plan
    game = load_game(plan.module)
    records = []
    for estimate in run.estimates:
        result = estimate.result
        facts = game.facts(plan.setup, estimate.wager)
        element_of_risk = result.house_edge / result.wagered_per_round
        records.append(
            WagerMath(
                chapter=plan.setup.chapter,
                wager=estimate.wager,
                paytable=plan.setup.paytable if facts.paytable_rows else None,
                decks=plan.setup.shoe.decks,
                house_edge=result.house_edge,
                element_of_risk=element_of_risk,
                return_=1.0 - element_of_risk,
                method="simulation",
                rounds=result.rounds,
                ci95=result.ci95,
                hit_frequency=result.hit_frequency,
                std_dev=result.std_dev,
                citation=facts.citation,
                reading=facts.reading,
                strategy=facts.strategy,
                paytable_rows=facts.paytable_rows,
            )
        )
    return sorted(records, key=lambda record: record.sort_key)
