"""A list of Board figures is explained by one assumption set, never one per row; a gap and its standard deviation
are on one basis; a set's deck count is the set's; a simulated figure is never called exact.

The made-up lists below are built so the expected verdict follows from arithmetic written beside each test (a
chi-square of gaps in standard errors of a 10^7-round simulation, its closed-form p-value for two degrees of freedom,
exp(-x/2), and Šidák's correction 1 - (1 - p)^m), not from pacomply's output.
"""

from __future__ import annotations

import math
import statistics
from decimal import Decimal
from fractions import Fraction

import pytest
from pacomply.checker import reconciliation
from pacomply.checker.reconciliation import Computed, MixedBasisError, Verdict, reconcile, spread_of
from pacomply.checker.wager_math import PricedReading, analyse
from pacomply.regulations import published

from tests.checker.test_reconciliation import _figure, _reconcile_alone, _row


def _two_candidates(own: Fraction, first: Fraction, second: Fraction, sd: float) -> tuple[PricedReading, ...]:
    """Reading r: the relied-on candidate and two others, each with its own standard deviation."""
    return (
        PricedReading("r", "plain", True, float(1 - own), float(own), "exact", own, candidate="plain", std_dev=sd),
        PricedReading("r", "k1", False, float(1 - first), float(first), "exact", first, candidate="k1", std_dev=sd),
        PricedReading("r", "k2", False, float(1 - second), float(second), "exact", second, candidate="k2", std_dev=sd),
    )


def _list(rows: dict[str, tuple[Fraction, Fraction, Fraction]], boards: dict[str, str], sd: float = 4.0):
    figures = [_figure(name, boards[name], paytable=name, order=n) for n, name in enumerate(boards, start=1)]
    made = {
        name: [_row("687a", "trips", name, float(own), std_dev=sd, priced_readings=_two_candidates(own, a, b, sd))]
        for name, (own, a, b) in rows.items()
    }
    return _reconcile_alone(figures, made)


def test_687a_12_d_a_list_fitted_row_by_row_is_unexplained_with_its_common_offset():
    # T1's candidate k1 is 0.1 points from the Board (0.79 standard errors of 10^7 rounds at sd 4: 0.001 / (4 /
    # sqrt(10^7))), k2 2 points; T2's the other way round. Row by row each fits; one assumption for both does not:
    # k1 leaves T2 2 points off (15.8 standard errors), and so does k2 for T1. The own pricing is 2.0 and 2.2 points
    # below the Board's: the common offset is their mean, +2.1, with standard deviation sqrt(0.02) = 0.1414.
    result = _list(
        {
            "T1": (Fraction(9000, 10**4), Fraction(9190, 10**4), Fraction(9400, 10**4)),
            "T2": (Fraction(9110, 10**4), Fraction(9530, 10**4), Fraction(9320, 10**4)),
        },
        {"T1": "92.00", "T2": "93.30"},
    )
    for name in ("T1", "T2"):
        item = result[name]
        assert item.verdict == Verdict.UNEXPLAINED, item.explanation
        evidence = dict(item.evidence)
        assert evidence["common_offset_points"] == "+2.1000"
        assert evidence["offset_spread_points"] == f"{math.sqrt(0.02):.4f}"
        assert evidence["assumption_search"] == "best of 3, chosen for the list"
        assert item.nearest is not None and item.nearest.own


def test_687a_12_d_one_shared_assumption_is_chosen_for_the_list_and_the_search_is_corrected():
    # k1 is 0.1 points from both Board figures: each gap 0.001 / (4 / sqrt(10^7)) = 0.7906 standard errors, a
    # chi-square of 2 x 0.625 = 1.25 with 2 degrees of freedom, p = exp(-1.25 / 2) = 0.535; three assumption sets
    # were tried (plain, k1, k2), so Šidák's p is 1 - (1 - 0.535)^3 = 0.899.
    result = _list(
        {
            "T1": (Fraction(9000, 10**4), Fraction(9190, 10**4), Fraction(9400, 10**4)),
            "T2": (Fraction(9100, 10**4), Fraction(9320, 10**4), Fraction(9500, 10**4)),
        },
        {"T1": "92.00", "T2": "93.30"},
    )
    statistic = 2 * (0.001 / (4 / math.sqrt(10**7))) ** 2
    p_value = math.exp(-statistic / 2)
    corrected = 1 - (1 - p_value) ** 3
    for name in ("T1", "T2"):
        item = result[name]
        assert item.verdict == Verdict.SIMULATION
        assert item.nearest is not None and item.nearest.candidate == "k1"
        evidence = dict(item.evidence)
        assert evidence["assumption"] == "r 'k1'"
        assert evidence["assumption_search"] == "best of 3, chosen for the list"
        assert evidence["list_test"] == (
            f"chi-square {statistic:.2f} with 2 degrees of freedom at 10^7 rounds, p {p_value:.3f}, "
            f"{corrected:.3f} corrected for the best of 3 (Šidák)"
        )


def test_sidak_correction_is_the_chance_the_best_of_m_does_as_well_by_luck():
    assert reconciliation._sidak(0.05, 1) == pytest.approx(0.05)
    assert reconciliation._sidak(0.01, 12) == pytest.approx(1 - 0.99**12)


def test_a_gap_and_a_standard_deviation_on_different_bases_are_refused():
    mixed = Computed(
        paytable=None, decks=1, reading=None, candidate=None, choice="x", basis="per unit wagered", own=True,
        calibrated=False, percent=Decimal("98.976109"), method="exact", std_dev=3.444187, std_dev_basis="per Ante",
    )  # fmt: skip
    with pytest.raises(MixedBasisError, match="per Ante"):
        spread_of(mixed)
    assert not reconciliation._sized(mixed)


def test_687a_7_d_base_gap_and_standard_deviation_are_both_per_unit_wagered():
    # From the base game's distribution (net results in Antes over every (player, dealer) pair): the standard
    # deviation per Ante, and the mean wagered per Ante, 2 + 2 x P(raise) (Ante and Blind, and a Raise of twice the
    # Ante, § 687a.7). Restated per unit wagered the spread is their ratio, 3.4442 / 3.3866 = 1.0170, and the gap of
    # 0.0139 points stays within two standard errors up to (2 x 1.0170 / 0.000139)^2 rounds.
    from pacomply.engine.analysis import dj_wild_stud_poker as analysis

    game = analysis.base_game()
    total = sum(game.outcome_counts.values())
    mean = Fraction(sum(net * count for net, count in game.outcome_counts.items()), total)
    second = Fraction(sum(net * net * count for net, count in game.outcome_counts.items()), total)
    per_ante = math.sqrt(second - mean * mean)
    wagered = 2 + 2 * Fraction(game.raise_hands, analysis.PLAYER_HANDS)
    per_unit = per_ante / float(wagered)
    assert per_ante == pytest.approx(3.4442, abs=5e-5) and per_unit == pytest.approx(1.0170, abs=5e-5)
    (item,) = reconcile(figures=[published.figure("687a-base")])
    evidence = dict(item.evidence)
    assert evidence["std_dev_basis"] == evidence["gap_basis"]
    assert evidence["std_dev"] == f"{per_unit:.6f}"
    gap = float(evidence["gap_points"]) / 100
    assert evidence["rounds_within_two_standard_errors"] == f"{math.floor(per_unit**2 / (gap / 2) ** 2):.3e}"


def test_633a_13_a_a_figure_reproduced_only_at_another_deck_count_is_a_reading_of_the_set():
    # Three figures that leave the deck count open: A and B reproduce at 8 decks, C (1.39) only at 1 deck (1.3948;
    # at 8 decks 1.3580 rounds to 1.36). The set's count is 8 decks; C is reproduced under a reading (1 deck).
    figures = [
        _figure(name, percent, paytable=name, order=n)
        for n, (name, percent) in enumerate([("A", "0.08"), ("B", "0.22"), ("C", "1.39")], start=1)
    ]
    rows = {
        "A": [_row("687a", "trips", "A", 0.0007591, decks=8), _row("687a", "trips", "A", 0.0002, decks=1)],
        "B": [_row("687a", "trips", "B", 0.002167, decks=8), _row("687a", "trips", "B", 0.0031, decks=1)],
        "C": [_row("687a", "trips", "C", 0.013580, decks=8), _row("687a", "trips", "C", 0.013948, decks=1)],
    }
    result = _reconcile_alone(figures, rows)
    assert result["A"].verdict == result["B"].verdict == Verdict.REPRODUCED
    item = result["C"]
    assert item.verdict == Verdict.REPRODUCED_UNDER_READING
    assert item.explanation.startswith("reproduced under a reading: 1 deck")
    evidence = dict(item.evidence)
    assert evidence["set_decks"] == "8" and evidence["set_consistent"] == "no"
    assert evidence["readings"] == "deck count: 1 deck"
    assert evidence["at_set_decks"] == "1.358000 %"


def test_688a_7_d_a_simulated_figure_is_never_labelled_exact():
    # pacomply's own figure simulated at 98.434 % ± 0.01 (95 %); the Board's 98.404 lies outside that interval but
    # within two standard errors of a 10^7-round simulation at sd 0.72 (0.0003 / (0.72 / sqrt(10^7)) = 1.3).
    from dataclasses import replace

    row = replace(_row("688a", "base", None, 0.98434, std_dev=0.72), method="simulation", ci95=(0.01556, 0.01576))
    figure = _figure("a", "98.404", wager="base", paytable=None)
    item = _reconcile_alone([figure], {"a": [row]})["a"]
    assert item.verdict == Verdict.SIMULATION
    evidence = dict(item.evidence)
    assert "exact" not in evidence and evidence["simulated"] == "98.434000 %"
    assert item.explanation.startswith("the simulated ")
    assert " exact " not in item.explanation


def test_688a_12_c_fortune_list_is_unexplained_with_the_common_offset_as_evidence():
    # The offsets are the Board's six figures minus the exact no-Envy returns, taken here from the wager math's
    # relied-on priced readings (pinned by the chapter's own enumeration tests), their mean and sample standard
    # deviation computed with the statistics module.
    boards = {n: Decimal(published.figure(f"688a-fortune-{n}").percent or "0") for n in range(1, 7)}
    offsets = []
    for n in range(1, 7):
        [row] = analyse("688a", "fortune", str(n), None)
        [own] = [p for p in row.priced_readings if p.reading == "688a-envy-players" and p.relied_on]
        assert own.exact_return is not None
        offsets.append(float(boards[n]) - float(own.exact_return) * 100)
    results = reconcile(figures=[published.figure(f"688a-fortune-{n}") for n in range(1, 7)])
    for item in results:
        assert item.verdict == Verdict.UNEXPLAINED
        evidence = dict(item.evidence)
        assert float(evidence["common_offset_points"]) == pytest.approx(statistics.mean(offsets), abs=5e-5)
        assert float(evidence["offset_spread_points"]) == pytest.approx(statistics.stdev(offsets), abs=5e-5)
        assert evidence["assumption_search"] == "best of 12, chosen for the list"
    assert statistics.mean(offsets) == pytest.approx(2.08, abs=0.005)
