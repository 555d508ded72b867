"""The per-row binomial check of tests/simulation/row_frequencies.py, against figures computed another way."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from tests.simulation.row_frequencies import binomial_p_value, row_disagreements


def test_p_value_is_twice_the_smaller_tail_summed_term_by_term() -> None:
    # Independent: the tail of Binomial(20, 0.3) at 2 summed with math.comb, doubled.
    lower = sum(math.comb(20, k) * 0.3**k * 0.7 ** (20 - k) for k in range(3))
    assert binomial_p_value(2, 20, 0.3) == pytest.approx(2 * lower, rel=1e-12)
    upper = sum(math.comb(20, k) * 0.3**k * 0.7 ** (20 - k) for k in range(11, 21))
    assert binomial_p_value(11, 20, 0.3) == pytest.approx(2 * upper, rel=1e-12)


def test_a_rare_row_seen_once_is_no_alarm_but_a_common_row_far_off_is() -> None:
    assert binomial_p_value(1, 100_000, 2e-7) == pytest.approx(2 * (1 - (1 - 2e-7) ** 100_000), rel=1e-6)
    assert binomial_p_value(1_000, 100_000, 0.02) < 1e-80


def test_rows_are_checked_together_and_misses_are_named() -> None:
    probabilities = {"win": Fraction(1, 10), "push": Fraction(1, 10), "lose": Fraction(4, 5)}
    assert row_disagreements({"win": 1_010, "push": 990, "lose": 8_000}, probabilities, 0.01) == []
    # 300 wins too many (ten standard deviations) and as many losses too few; the pushes are as expected.
    found = row_disagreements({"win": 1_300, "push": 1_000, "lose": 7_700}, probabilities, 0.01)
    assert [line.split(":")[0] for line in found] == ["lose", "win"]
    assert found[1].startswith("win: seen 1300 times in 10000, expected 1000.00")
    assert row_disagreements({"jackpot": 1, "lose": 9}, probabilities, 0.01) == [
        "outcomes without an exact probability: jackpot"
    ]
