"""685a Down Under Blackjack: the exact Bet Wager edge against a seeded simulation, and the chapter's rules.

No published house edge for the 685a rules was available to us (the game's maker publishes none we could
find), so the independent check is the chapter's simulator (real shoe, rounds settled as replay settles them),
which splits with exact card removal.
"""

from __future__ import annotations

import pytest
from pacomply.engine.analysis.blackjack.combinatorics import ACE, TEN, dealer_total
from pacomply.engine.analysis.down_under import PERMITTED_DECKS, READINGS, analyse_down_under, hole_classes

from tests.simulation.agreement import disagreements
from tests.simulation.real_shoe import simulate_base


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


# The one 685a simulator: real-shoe rounds played with the analyzer's decisions and settled by the rules module
# (its splits remove every card exactly, where the analyzer approximates the post-split composition).
@pytest.mark.parametrize(
    ("decks", "rounds"),
    [(6, 100_000), pytest.param(6, 2_000_000, marks=pytest.mark.slow),
     pytest.param(4, 2_000_000, marks=pytest.mark.slow), pytest.param(5, 2_000_000, marks=pytest.mark.slow),
     pytest.param(8, 2_000_000, marks=pytest.mark.slow)],
)  # fmt: skip
def test_685a_exact_edge_agrees_with_the_real_shoe_simulation(decks, rounds):
    exact = analyse_down_under(decks)
    simulated, wagered = simulate_base("685a", decks, rounds, seed=6850 + decks)
    assert disagreements({"base": simulated}, {"base": exact.house_edge}) == []
    assert wagered == pytest.approx(exact.expected_total_wagered, abs=0.004)


def test_685a_readings_are_recorded_with_citations():
    topics = {topic for topic, _, _, _ in READINGS}
    assert {"dealer ace pair", "busted hands against a dealer 22", "what the players know before acting"} <= topics
    assert all(citation.startswith("58 Pa. Code § 685a.") for _, _, _, citation in READINGS)


def test_685a_edge_json_reports_base_and_insurance():
    base, insurance = analyse_down_under(6).edge_json()
    assert base["wager"] == "base" and base["method"] == "exact" and base["citation"] == "58 Pa. Code § 685a.7"
    assert insurance["wager"] == "insurance" and insurance["house_edge"] == pytest.approx(1 - 3 * 96 / 311)
