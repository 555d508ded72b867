"""The exact spread of a 633a Blackjack Wager round (``engine/analysis/blackjack/spread.py``): its standard deviation
and hit frequency on the par sheet.

How the expectations are derived, none of them from the figure under test:

* **Without splits the distribution's mean is the analyzer's house edge, to rounding.** The analyzer prices every
  decision by its mean alone; the spread enumerates the same draws into a whole distribution. With
  ``max_split_hands=1`` (no split) nothing is approximated differently, so minus the mean must equal the analyzer's
  house edge within 1e-12, under both plays and at 1, 2, 6 and 8 decks; the amount wagered likewise.
* **With splits, within the split approximation.** The split hands share one dealer outcome here, while the analyzer
  conditions the dealer on each hand's own cards: the gap is bounded by 0.02 points of the initial wager (measured
  0.0017 at 6 decks, 0.0102 at one deck).
* **Against two simulations that deal every card** (exact removal, splits and all): the engine's stored 200,000
  rounds of the basic strategy at every deck count the chapter permits, and a round simulator written from the
  chapter's text in ``tests/checker/test_spread_independent_633a.py`` (only the basic-strategy arrays shared, as
  data). The exact basic-strategy standard deviation, hit frequency and mean must lie within four standard errors of
  each sample. The standard error of a sample's standard deviation is sqrt(mu4 - sigma^4) / (2 sigma sqrt(n)), with
  mu4 and sigma taken from the exact distribution (a round's net is far from normal).
* **The count of split hands** is a distribution whose means are the analyzer's own expected counts
  (``split_hand_counts``), and a one-deck split of aces (no resplit) always ends in two hands.
"""

from __future__ import annotations

import functools
import math

import pytest
from pacomply.engine.analysis.blackjack import BlackjackRules, analyse
from pacomply.engine.analysis.blackjack.core import split_hand_counts
from pacomply.engine.analysis.blackjack.spread import exact_round_spread, split_count_distribution
from pacomply.engine.analysis.blackjack_strategy import Strategy

Z = 4.0


def _fourth_central(spread) -> float:
    mean = spread.mean
    return math.fsum(p * (net - mean) ** 4 for net, p in spread.distribution)


@functools.cache
def _exact_basic(decks: int):
    """The exact basic-strategy spread under the chapter's rules at ``decks``, enumerated once per test process for
    the two simulations it is checked against."""
    return exact_round_spread(BlackjackRules(decks=decks), Strategy.BASIC)


def _std_dev_error(spread, rounds: int) -> float:
    sigma = spread.std_dev
    return math.sqrt(_fourth_central(spread) - sigma**4) / (2 * sigma * math.sqrt(rounds))


@pytest.mark.parametrize("decks", [1, 2, 6, 8])
@pytest.mark.parametrize("strategy", list(Strategy))
def test_633a_13_a_round_spread_without_splits_has_the_analyzers_mean(decks: int, strategy: Strategy):
    rules = BlackjackRules(decks=decks, max_split_hands=1)
    spread = exact_round_spread(rules, strategy)
    analysis = analyse(rules, strategy)
    assert math.fsum(p for _net, p in spread.distribution) == pytest.approx(1.0, abs=1e-12)
    assert -spread.mean == pytest.approx(analysis.house_edge, abs=1e-12)
    assert spread.wagered_per_round == pytest.approx(analysis.expected_total_wagered, abs=1e-12)
    # a round's net result is a whole number of halves, or a Blackjack's 3 to 2
    assert {net for net, _p in spread.distribution} <= {-2.0, -1.0, -0.5, 0.0, 1.0, 1.5, 2.0}


@pytest.mark.parametrize("decks", [1, 6])
def test_633a_11_round_spread_with_splits_keeps_the_mean_within_the_split_approximation(decks: int):
    rules = BlackjackRules(decks=decks)
    spread = exact_round_spread(rules, Strategy.OPTIMAL)
    analysis = analyse(rules, Strategy.OPTIMAL)
    assert abs(-spread.mean - analysis.house_edge) < 2e-4
    assert spread.wagered_per_round == pytest.approx(analysis.expected_total_wagered, abs=1e-12)
    assert min(net for net, _p in spread.distribution) == -8.0  # four split hands, each doubled and lost
    assert 1.1 < spread.std_dev < 1.2 and 0.40 < spread.hit_frequency < 0.45


@pytest.mark.parametrize("pair_left, shoe_left, hands", [(2, 49, 4), (22, 309, 4), (2, 49, 2), (30, 413, 3)])
def test_633a_11_b_split_hand_count_distribution_has_the_analyzers_expected_counts(pair_left, shoe_left, hands):
    counts = split_count_distribution(pair_left, shoe_left, hands)
    assert math.fsum(counts.values()) == pytest.approx(1.0, abs=1e-12)
    non_pair = math.fsum(p * non for (non, _pair), p in counts.items())
    pair_end = math.fsum(p * pair for (_non, pair), p in counts.items())
    assert (non_pair, pair_end) == pytest.approx(split_hand_counts(pair_left, shoe_left, hands), abs=1e-12)
    assert all(2 <= non + pair <= hands for non, pair in counts)
    if hands == 2:
        assert all(non + pair == 2 for non, pair in counts)


@pytest.mark.parametrize("decks", range(1, 9))
def test_633a_13_a_exact_basic_spread_agrees_with_the_engines_stored_simulation(decks: int):
    from pacomply.engine.analysis.blackjack_spread import round_spread

    exact = _exact_basic(decks)
    dealt = round_spread("633a", "base", decks)  # the shipped 200,000 rounds: read, not dealt here
    assert abs(dealt.std_dev - exact.std_dev) < Z * _std_dev_error(exact, dealt.rounds)
    hit = exact.hit_frequency
    assert abs(dealt.hit_frequency - hit) < Z * math.sqrt(hit * (1 - hit) / dealt.rounds)
    assert abs(dealt.mean - exact.mean) < Z * exact.std_dev / math.sqrt(dealt.rounds)


def _agrees_with_the_text_simulator(decks: int, rounds: int, seed: int) -> None:
    from tests.checker.test_spread_independent_633a import simulate

    exact = _exact_basic(decks)
    dealt = simulate(decks, rounds, seed)
    assert abs(dealt.std_dev - exact.std_dev) < Z * _std_dev_error(exact, rounds)
    hit = exact.hit_frequency
    assert abs(dealt.hit_frequency - hit) < Z * math.sqrt(hit * (1 - hit) / rounds)
    assert abs(dealt.mean - exact.mean) < Z * exact.std_dev / math.sqrt(rounds)


def test_633a_13_a_exact_basic_spread_agrees_with_a_simulator_written_from_the_text():
    """20,000 rounds at one deck (a few seconds), where card removal matters most."""
    _agrees_with_the_text_simulator(decks=1, rounds=20_000, seed=38)


@pytest.mark.slow
@pytest.mark.parametrize("decks", [1, 6])
def test_633a_13_a_exact_basic_spread_agrees_with_a_large_simulation_written_from_the_text(decks: int):
    """1,000,000 rounds: the standard deviation's standard error is then about 0.0011."""
    _agrees_with_the_text_simulator(decks=decks, rounds=1_000_000, seed=3800 + decks)


# --- Blackjack Switch ------------------------------------------------------------------------------------------------


def _stored_switch(decks: int):
    """The shipped exact Switch spread at ``decks`` under the chapter's rules (read, not computed here)."""
    from pacomply.checker.wager_math import chapter_633a

    return chapter_633a.par_sheet_spread("switch", decks)


@pytest.mark.parametrize("decks", [1, 6])
def test_633a_12_a_switch_round_spread_keeps_the_analysis_mean_and_wager(decks: int):
    """The Switch spread settles both hands against one dealer drawn from the shoe less all four player cards; the
    analysis prices each hand with only its own cards out. The means differ by that alone: within 0.15 points of
    the initial wager at one deck (measured 0.12), 0.03 at six (measured 0.019). The amount wagered is the
    analysis's, per one of the two equal wagers."""
    from pacomply.engine.analysis.blackjack import analyse_switch
    from pacomply.engine.analysis.blackjack.switch import SWITCH_READINGS

    spread = _stored_switch(decks)
    assert spread.switch and "ordered deal of the four player cards" in spread.basis
    rules = spread.rules
    analysis = analyse_switch(rules, switched_blackjack_pays=rules.blackjack_pays)
    assert len(SWITCH_READINGS) == 4  # the readings the spread plays under are the analysis's
    assert math.fsum(p for _net, p in spread.distribution) == pytest.approx(1.0, abs=1e-12)
    assert abs(-spread.mean - analysis.house_edge) < (1.5e-3 if decks == 1 else 3e-4)
    assert spread.wagered_per_round == pytest.approx(analysis.expected_total_wagered / 2, abs=1e-12)
    # per one wager of two: the worst round is both hands split four ways, each doubled and lost
    assert min(net for net, _p in spread.distribution) == -8.0


@pytest.mark.parametrize("decks", range(1, 9))
def test_633a_12_a_exact_switch_spread_agrees_with_the_engines_stored_simulation(decks: int):
    """The engine's stored 200,000 Switch rounds deal every card (the other hand's cards and the split hands' too)
    and play the analysis's decisions: its standard deviation, hit frequency and mean lie within four standard
    errors of the exact figures (standard errors from the exact distribution, as above)."""
    from pacomply.engine.analysis.blackjack_spread import round_spread

    exact = _stored_switch(decks)
    dealt = round_spread("633a", "switch", decks)
    assert abs(dealt.std_dev - exact.std_dev) < Z * _std_dev_error(exact, dealt.rounds)
    hit = exact.hit_frequency
    assert abs(dealt.hit_frequency - hit) < Z * math.sqrt(hit * (1 - hit) / dealt.rounds)
    assert abs(dealt.mean - exact.mean) < Z * exact.std_dev / math.sqrt(dealt.rounds)


@pytest.mark.slow
def test_633a_12_a_switch_round_spread_is_recomputed_as_shipped():
    """The shipped figure is what the enumeration gives (six decks, about twenty seconds)."""
    from pacomply.engine.analysis.blackjack.spread import exact_switch_spread

    stored = _stored_switch(6)
    computed = dict(exact_switch_spread(stored.rules).distribution)
    assert computed == pytest.approx(dict(stored.distribution), abs=1e-15)
