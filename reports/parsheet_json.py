"""A par sheet as JSON (``pacomply parsheet -f json``): the reference for its content (docs/parsheet.md)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pacomply.checker.parsheet import ParSheet


def _fraction(value: Any) -> str | None:
    return None if value is None else f"{value.numerator}/{value.denominator}"


def par_sheet_json(sheet: ParSheet) -> dict[str, Any]:
    """The JSON object of one par sheet: exact fractions as strings, floats as numbers."""
    from pacomply.checker.parsheet import significant

    progressive = sheet.progressive
    return {
        "chapter": sheet.chapter,
        "wager": sheet.wager,
        "paytable": sheet.paytable,
        "decks": sheet.decks,
        "method": sheet.method,
        "citation": sheet.citation,
        "combinations_total": sheet.space,
        "combinations_basis": sheet.space_basis,
        "lines": [
            {
                "outcome": line.outcome,
                "pays": line.pays,
                "combinations": line.combinations,
                "probability": _fraction(line.probability),
                "probability_decimal": significant(line.probability),
                "contribution": _fraction(line.contribution),
                "contribution_decimal": significant(line.contribution),
            }
            for line in sheet.lines
        ],
        "house_edge_per_initial_wager": sheet.house_edge,
        "element_of_risk_per_unit_wagered": sheet.element_of_risk,
        "return_per_initial_wager": sheet.return_per_initial_wager,
        "return_per_unit_wagered": sheet.return_per_unit_wagered,
        "total_wagered_per_initial_wager": sheet.total_wagered,
        "hit_frequency": sheet.hit_frequency,
        "std_dev": sheet.std_dev,
        "std_dev_basis": sheet.std_dev_basis,
        "rounds": sheet.rounds,
        "seed": sheet.seed,
        "standard_error": sheet.standard_error,
        "ci95": None if sheet.ci95 is None else list(sheet.ci95),
        "strategy": [list(pair) for pair in sheet.strategy],
        "strategy_grid": None if sheet.grid is None else sheet.grid.to_json(),
        "progressive": None
        if progressive is None
        else {
            "reset_probability": _fraction(progressive.reset_probability),
            "cycle_rounds": progressive.cycle_rounds,
            "seed_per_unit_wagered": _fraction(progressive.seed),
            "break_even_meter_per_unit_wagered": _fraction(progressive.break_even_meter),
            "break_even_meter_decimal": None
            if progressive.break_even_meter is None
            else significant(progressive.break_even_meter),
        },
        "notes": list(sheet.notes),
        "std_dev_per_unit_wagered": sheet.std_dev_per_unit_wagered,
        "hit_frequency_basis": sheet.hit_frequency_basis,
        "spread": None
        if sheet.spread_method is None
        else {
            "method": sheet.spread_method,
            "basis": sheet.spread_basis,
            "rounds": sheet.spread_rounds,
            "seed": sheet.spread_seed,
            "strategy": sheet.spread_strategy,
            "std_dev_standard_error": sheet.std_dev_standard_error,
            "hit_frequency_standard_error": sheet.hit_frequency_standard_error,
            "house_edge_simulated": sheet.spread_house_edge,
            "house_edge_standard_error": sheet.spread_mean_standard_error,
        },
    }


def par_sheet_json_text(sheet: ParSheet) -> str:
    """Indented, keys in a fixed order, ending in a newline."""
    return json.dumps(par_sheet_json(sheet), indent=2, ensure_ascii=False) + "\n"
