"""``WagerAnalysis.from_distribution``: the one place a wager's exact figures are read off its distribution of net
results (docs/math.md: house edge = minus the mean, element of risk = the edge over the average amount wagered)."""

from __future__ import annotations

import math
from fractions import Fraction

from pacomply.engine.analysis.result import Distribution, WagerAnalysis

# A three-outcome wager counted by hand: lose 1 with 5/8, push with 1/8, win 2 with 2/8.
HAND_COUNTED = Distribution(
    ((Fraction(-1), Fraction(5, 8)), (Fraction(0), Fraction(1, 8)), (Fraction(2), Fraction(2, 8)))
)


def test_the_figures_of_a_single_wager_are_its_distributions() -> None:
    analysis = WagerAnalysis.from_distribution(HAND_COUNTED)
    mean = Fraction(-5, 8) + Fraction(4, 8)  # -1/8
    assert analysis.exact_house_edge == -mean == Fraction(1, 8)
    assert analysis.house_edge == analysis.element_of_risk == 0.125
    assert analysis.hit_frequency == 0.25
    second = Fraction(5, 8) + Fraction(4 * 2, 8)  # E[X^2] = 13/8
    assert analysis.std_dev == math.sqrt(second - mean**2)
    assert (analysis.method, analysis.rounds, analysis.ci95, analysis.strategy) == ("exact", None, None, ())


def test_the_element_of_risk_divides_the_edge_by_the_average_amount_wagered() -> None:
    """A wager that can double (Over/Under's required wagers, DJ Wild's Ante and Blind with a Play) risks more than
    the initial unit: 1.5 units on average here, so the element of risk is two thirds of the edge."""
    strategy = (("first card 2-8", "under"),)
    analysis = WagerAnalysis.from_distribution(HAND_COUNTED, Fraction(3, 2), strategy)
    assert analysis.exact_house_edge == Fraction(1, 8)
    assert analysis.element_of_risk == float(Fraction(1, 12))
    assert analysis.strategy == strategy
