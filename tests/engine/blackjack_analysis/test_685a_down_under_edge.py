"""685a Down Under Blackjack: the exact Bet Wager edge against a seeded simulation, and the chapter's rules.

No published house edge for the 685a rules was available to us (the game's maker publishes none we could
find), so the independent check is the simulator, which splits with exact card removal.
"""

from __future__ import annotations

import pytest
from pacomply.engine.analysis.blackjack.combinatorics import ACE, TEN, dealer_total
from pacomply.engine.analysis.down_under import PERMITTED_DECKS, READINGS, analyse_down_under, hole_classes
from pacomply.engine.analysis.down_under.simulation import simulate_down_under


def test_685a_3_d_3_dealer_ace_counts_eleven_up_to_22():
    assert dealer_total(4, (1, 0, 0, 0, 0, 1, 0, 0, 0, 0), 22, True) == (22, True)  # 5 + A + 6 = soft 22
    assert dealer_total(ACE, (1, 0, 0, 0, 0, 0, 0, 0, 0, 0), 22, True) == (22, True)  # A-A read literally
    assert dealer_total(ACE, (1, 0, 0, 0, 0, 0, 0, 0, 0, 0), 22, False) == (12, True)


def test_685a_7_h_players_see_the_range_and_both_large_cards_expose_the_hole_card():
    assert hole_classes(5) == ((1, 2, 3, 4), (5, 6, 7, 8), (TEN, ACE))
    assert hole_classes(ACE) == ((1, 2, 3, 4), (5, 6, 7, 8), (TEN,), (ACE,))


def test_685a_3_a_only_four_five_six_or_eight_decks():
    with pytest.raises(ValueError, match="685a"):
        analyse_down_under(7)
    assert PERMITTED_DECKS == (4, 5, 6, 8)


@pytest.mark.slow
def test_685a_house_edge_rises_with_the_number_of_decks():
    edges = [analyse_down_under(decks).house_edge for decks in PERMITTED_DECKS]
    assert edges == sorted(edges)
    assert all(-0.005 < edge < 0.01 for edge in edges)


@pytest.mark.parametrize("decks", [6])
def test_685a_exact_edge_lies_in_the_95_percent_interval_of_a_seeded_simulation(decks):
    exact = analyse_down_under(decks)
    simulated = simulate_down_under(decks, rounds=2_000_000, seed=685 + decks)
    low, high = simulated.ci95
    assert low <= exact.house_edge <= high


@pytest.mark.slow
@pytest.mark.parametrize(("decks", "ace_pair_is_22"), [(4, True), (5, True), (8, True), (6, False)])
def test_685a_exact_edge_agrees_with_long_simulation(decks, ace_pair_is_22):
    exact = analyse_down_under(decks, ace_pair_is_22)
    simulated = simulate_down_under(decks, rounds=10_000_000, seed=6850 + decks, dealer_ace_pair_is_22=ace_pair_is_22)
    assert within_three_standard_errors(exact.house_edge, simulated.ci95)


def test_685a_readings_are_recorded_with_citations():
    topics = {topic for topic, _, _, _ in READINGS}
    assert {"dealer ace pair", "busted hands against a dealer 22", "what the players know before acting"} <= topics
    assert all(citation.startswith("58 Pa. Code § 685a.") for _, _, _, citation in READINGS)


def test_685a_edge_json_reports_base_and_insurance():
    base, insurance = analyse_down_under(6).edge_json()
    assert base["wager"] == "base" and base["method"] == "exact" and base["citation"] == "58 Pa. Code § 685a.7"
    assert insurance["wager"] == "insurance" and insurance["house_edge"] == pytest.approx(1 - 3 * 96 / 311)


def within_three_standard_errors(exact: float, ci95: tuple[float, float]) -> bool:
    """The slow battery makes about a dozen simulation comparisons at once, so each uses a 3-standard-error
    band (99.7 %) instead of 95 %, which would fail one in twenty correct comparisons by chance."""
    low, high = ci95
    centre, standard_error = (low + high) / 2, (high - low) / (2 * 1.96)
    return abs(exact - centre) <= 3 * standard_error
