"""685a Down Under Blackjack: the exact Bet Wager edge against a seeded simulation, and the chapter's rules.

No published house edge for the 685a rules was available to us (the game's maker publishes none we could
find), so the independent check is the chapter's simulator (real shoe, rounds settled as replay settles them),
which splits with exact card removal.
"""

from __future__ import annotations

import inspect
import math

import pytest
from pacomply.engine.analysis.blackjack.combinatorics import ACE, TEN, dealer_total
from pacomply.engine.analysis.down_under import PERMITTED_DECKS, READINGS, analyse_down_under, hole_classes
from pacomply.engine.cards import Card
from pacomply.engine.games import down_under_blackjack as down_under
from pacomply.engine.simulation import down_under_blackjack as simulation
from pacomply.engine.simulation.down_under_blackjack import ACE_PAIR_OPTION, DealerAcePairReading
from pacomply.engine.simulation.registry import SimulationUnavailable
from pacomply.regulations import chapter_685a

from tests.simulation.agreement import disagreements
from tests.simulation.real_shoe import SAMPLE_ROUNDS, WIDE_SAMPLE_ROUNDS, rounds_matching, simulate_base


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
# (its splits remove every card exactly, where the analyzer approximates the post-split composition). Both candidates
# of reading 685a-dealer-ace-pair are checked: the chapter as written (A-A a dealer 22, relied on) and the soft 12,
# dealt through the simulator's reading option. The removed numba simulator (8fa07b1^) checked 6 decks with 2,000,000
# rounds at 95 % (1.96 standard errors), and 4, 5, 8 decks and the soft 12 at 6 decks with 10,000,000 rounds at 3
# standard errors; the slow runs have as many rounds as make their 2.58-standard-error intervals no wider.
AS_WRITTEN, SOFT_12 = DealerAcePairReading.AS_WRITTEN, DealerAcePairReading.SOFT_12
SIX_DECK_SLOW_ROUNDS = rounds_matching(2_000_000, 1.96)  # 3,500,000
LONG_SLOW_ROUNDS = rounds_matching(10_000_000, 3.0)  # 7,400,000
# Each check: (decks, reading, the default suite's sample, the same check's wider sample (the default one before
# the suite was cut to three minutes), full precision); the last two are slow.
CHECKS = ((6, AS_WRITTEN, 25_000, 100_000, SIX_DECK_SLOW_ROUNDS),
          (4, AS_WRITTEN, SAMPLE_ROUNDS, WIDE_SAMPLE_ROUNDS, LONG_SLOW_ROUNDS),
          (5, AS_WRITTEN, SAMPLE_ROUNDS, WIDE_SAMPLE_ROUNDS, LONG_SLOW_ROUNDS),
          (8, AS_WRITTEN, SAMPLE_ROUNDS, WIDE_SAMPLE_ROUNDS, LONG_SLOW_ROUNDS),
          (6, SOFT_12, SAMPLE_ROUNDS, WIDE_SAMPLE_ROUNDS, LONG_SLOW_ROUNDS))  # fmt: skip


@pytest.mark.parametrize(
    ("decks", "ace_pair", "rounds"),
    [*((decks, ace_pair, sample) for decks, ace_pair, sample, _, _ in CHECKS),
     *(pytest.param(decks, ace_pair, rounds, marks=pytest.mark.slow)
       for decks, ace_pair, _, *slow in CHECKS for rounds in slow)],
)  # fmt: skip
def test_685a_exact_edge_agrees_with_the_real_shoe_simulation(decks, ace_pair, rounds):
    exact = analyse_down_under(decks, dealer_ace_pair_is_22=ace_pair is AS_WRITTEN)
    options = () if ace_pair is AS_WRITTEN else ((ACE_PAIR_OPTION, ace_pair.value),)
    simulated, wagered = simulate_base("685a", decks, rounds, seed=6850 + decks, options=options)
    assert disagreements({"base": simulated}, {"base": exact.house_edge}) == []
    # About 0.4 standard deviation per round in the amount wagered: the bound is 2.2 standard errors of the sample's
    # mean (0.0062 at 20,000 rounds), and never under 0.004 (the bound at 50,000 and above).
    assert wagered == pytest.approx(exact.expected_total_wagered, abs=max(2.2 * 0.4 / math.sqrt(rounds), 0.004))


def test_685a_3_d_3_the_rules_module_and_the_simulation_count_the_dealer_ace_pair_under_each_candidate():
    """The chapter's A-A is a 22 that stands; the conventional candidate draws to it. As written an ace counts 11 up
    to 22 (A-6-5 and A-A-T are 22); the conventional dealer ace counts 11 only up to 21 (both are a hard 12 that
    draws), as the analyzer prices the two candidates (tests/chapter_685a/test_conventional_dealer_ace.py). The
    rules module knows only the chapter's count; the candidates are the simulation's."""
    ace_pair = [Card.parse("As"), Card.parse("Ah")]
    assert down_under.dealer_total(ace_pair) == 22 and not down_under.dealer_must_draw(ace_pair)
    assert simulation.dealer_total(ace_pair, AS_WRITTEN) == 22 and not simulation.dealer_must_draw(ace_pair, AS_WRITTEN)
    assert simulation.dealer_total(ace_pair, SOFT_12) == 12 and simulation.dealer_must_draw(ace_pair, SOFT_12)
    for hand in (("Ac", "6d", "5h"), ("Ac", "Ad", "Th")):
        cards = [Card.parse(card) for card in hand]
        assert down_under.dealer_total(cards) == 22 and not down_under.dealer_must_draw(cards)
        assert simulation.dealer_total(cards, SOFT_12) == 12 and simulation.dealer_must_draw(cards, SOFT_12)
    # A hard 22 is a dealer 22 under both.
    assert simulation.dealer_total([Card.parse(c) for c in ("Tc", "6d", "6h")], SOFT_12) == 22
    # The candidate's name is the rulebook's, so a figure and its simulation are labelled alike.
    candidates = {candidate.key for candidate in chapter_685a.RULEBOOK.reading("685a-dealer-ace-pair").candidates}
    assert {reading.value for reading in DealerAcePairReading} == candidates


def test_685a_the_soft_12_candidate_is_not_a_choice_of_replay_or_the_cli():
    """A recorded round is settled as the chapter counts; the candidate is reached only through the simulator's
    reading option (Python API), and an unknown option is refused."""
    assert "ace_pair" not in inspect.signature(down_under.replay).parameters
    # The dispute-settling functions take no reading at all: they count the dealer's hand as the chapter does.
    for function in (down_under.settle, down_under.dealer_total, down_under.dealer_must_draw):
        assert set(inspect.signature(function).parameters).isdisjoint({"ace_pair", "reading"}), function
    assert not hasattr(down_under, "DealerAcePairReading")
    with pytest.raises(SimulationUnavailable, match=ACE_PAIR_OPTION):
        simulate_base("685a", 6, 10, seed=1, options=((ACE_PAIR_OPTION, "ace-pair-is-13"),))
    with pytest.raises(SimulationUnavailable, match="not reading_685a_dealer_ace_pair"):
        simulate_base("685a", 6, 10, seed=1, options=(("dealer_hits_soft_17", "yes"),))


def test_685a_readings_are_recorded_with_citations():
    topics = {topic for topic, _, _, _ in READINGS}
    assert {"dealer ace pair", "busted hands against a dealer 22", "what the players know before acting"} <= topics
    assert all(citation.startswith("58 Pa. Code § 685a.") for _, _, _, citation in READINGS)


def test_685a_edge_json_reports_base_and_insurance():
    base, insurance = analyse_down_under(6).edge_json()
    assert base["wager"] == "base" and base["method"] == "exact" and base["citation"] == "58 Pa. Code § 685a.7"
    assert insurance["wager"] == "insurance" and insurance["house_edge"] == pytest.approx(1 - 3 * 96 / 311)


def test_685a_the_analysis_and_the_simulators_policy_read_one_solution_of_each_hole_card_class():
    """The analysis names ``double_after_split``; the simulator's policy and the round spread leave it at its default.
    Both reach the same cached solution, so simulating a deck count the analysis priced solves no class again."""
    from pacomply.engine.analysis.down_under.analyzer import _class_solution

    hole = hole_classes(1)[0]  # against a 2 up, the hole card small
    spelled_out = _class_solution(6, 1, hole, True, True)
    assert _class_solution(6, 1, hole, True) is spelled_out
    assert _class_solution(6, 1, hole, True, False) is not spelled_out  # a game without doubling after a split
