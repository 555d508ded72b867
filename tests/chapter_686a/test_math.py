"""Exact math of 686a, checked against an independent brute force over physical cards and a seeded simulation."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from pacomply.checker.wager_math import analyse
from pacomply.engine.analysis import over_under
from pacomply.engine.cards import shoe_cards
from pacomply.engine.games.over_under import point_value
from pacomply.regulations.chapter_686a import BONUS_ODDS_BY_TOTAL

from tests.simulation.off_the_top.over_under import simulate


def physical_values(decks: int) -> np.ndarray:
    return np.array([point_value(card) for card in shoe_cards(decks)])


def brute_force(decks: int) -> tuple[Fraction, Fraction]:
    """House edge of the required wagers (best decision per physical first card) and of the Bonus.

    Enumerates every ordered triple of distinct physical cards: an independent method from the analysis, which
    works on the composition by point value.
    """
    values = physical_values(decks)
    size = len(values)
    required_total = Fraction(0)
    bonus_pays = np.full(34, -1, dtype=np.int64)
    for total, odds in BONUS_ODDS_BY_TOTAL.items():
        bonus_pays[total] = odds
    bonus_total = 0
    for first in range(size):
        rest = np.delete(values, first)
        sums = values[first] + rest[:, None] + rest[None, :]
        mask = ~np.eye(size - 1, dtype=bool)
        totals = sums[mask]
        pairs = len(totals)
        over = int(((totals >= 24) & (totals <= 33)).sum())
        under = int(((totals >= 6) & (totals <= 17)).sum())
        best = max(Fraction(-1), Fraction(4 * over - 2 * pairs, pairs), Fraction(4 * under - 2 * pairs, pairs))
        required_total += best
        bonus_total += int(bonus_pays[totals].sum())
    required_edge = -required_total / size
    bonus_edge = -Fraction(bonus_total, size * (size - 1) * (size - 2))
    return required_edge, bonus_edge


@pytest.mark.parametrize("decks", [1, 2])
def test_686a_exact_figures_equal_a_brute_force_over_physical_cards(decks: int) -> None:
    required_edge, bonus_edge = brute_force(decks)
    assert over_under.required_wagers(decks).exact_house_edge == required_edge
    assert over_under.bonus(decks).exact_house_edge == bonus_edge


@pytest.mark.parametrize("wager", ["required", "bonus"])
def test_686a_exact_six_deck_figures_agree_with_a_seeded_simulation(wager: str) -> None:
    exact = over_under.required_wagers(6) if wager == "required" else over_under.bonus(6)
    simulated = simulate(wager, decks=6, rounds=400_000, seed=20261122)
    low, high = simulated.ci95
    assert low <= exact.house_edge <= high


def test_686a_three_card_totals_form_a_distribution_over_6_to_33() -> None:
    totals = over_under.three_card_totals(6)
    assert sum(totals.values()) == 1
    assert min(totals) == 6 and max(totals) == 33


def test_686a_element_of_risk_divides_by_the_money_actually_wagered() -> None:
    analysis = over_under.required_wagers(6)
    # The best play never surrenders at six decks, so every round puts two units at risk.
    assert all(decision != "surrender" for _, decision in analysis.strategy)
    assert analysis.element_of_risk == pytest.approx(analysis.house_edge / 2)


MATH_MD_KEYS = [
    "chapter",
    "wager",
    "paytable",
    "decks",
    "house_edge",
    "element_of_risk",
    "return",
    "method",
    "rounds",
    "ci95",
    "hit_frequency",
    "std_dev",
    "citation",
    "reading",
]


def test_edge_json_follows_the_math_md_contract() -> None:
    results = [math.to_json() for math in analyse("686a")]
    assert [(r["wager"], r["decks"]) for r in results] == [("bonus", 6), ("required", 6)]
    for result in results:
        assert list(result)[: len(MATH_MD_KEYS)] == MATH_MD_KEYS
        assert result["method"] == "exact" and result["rounds"] is None and result["ci95"] is None
        assert result["return"] == pytest.approx(1 - result["element_of_risk"], abs=1e-6)
        assert result["citation"].startswith("58 Pa. Code § 686a.")
    bonus = results[0]
    assert bonus["house_edge"] == bonus["element_of_risk"]  # a single wager (docs/math.md)
    assert results[1]["reading"].startswith("686a-losing-side")
