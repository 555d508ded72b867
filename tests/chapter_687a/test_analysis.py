"""687a exact math: enumerated at run time, checked by brute force, by the evaluator's own enumeration, by symmetry
and by seeded simulation."""

from __future__ import annotations

import json
from math import comb

import numpy as np
import pytest
from pacomply.checker.wager_math import AnalysisUnavailable, analyse
from pacomply.engine.analysis import dj_wild_stud_poker as analysis
from pacomply.engine.evaluator import HandCategory, WildHandCategory, enumerate_deuces_wild
from typer.testing import CliRunner

from pacomply.cli import app
from tests.simulation.off_the_top.dj_wild_stud_poker import _row_of, simulate


@pytest.fixture(scope="module")
def table() -> analysis.HandTable:
    return analysis.hand_table()


def test_687a_every_hand_and_every_dealer_hand_counted(table: analysis.HandTable) -> None:
    assert len(table.hands) == comb(53, 5)
    assert np.all(table.wins + table.ties + table.losses == comb(48, 5))
    assert (table.wins >= 0).all() and (table.losses >= 0).all() and (table.ties >= 0).all()
    # Every ordered (player, dealer) pair where the player wins is a pair where the other hand loses.
    assert int(table.wins.sum()) == int(table.losses.sum())


def test_687a_category_counts_match_the_evaluators_enumeration(table: analysis.HandTable) -> None:
    """Golden counts over all C(53,5) hands with wilds: our table and the evaluator's own loop must agree."""
    counts = np.bincount(table.categories, minlength=len(WildHandCategory))
    by_strength = enumerate_deuces_wild().by_strength
    for category in WildHandCategory:
        expected = sum(count for (cat, _), count in by_strength.items() if cat == category)
        assert counts[int(category)] == expected, category
    assert counts[int(WildHandCategory.FIVE_WILDS)] == 1  # the four deuces and the joker: one hand


def test_687a_progressive_hand_counts_are_the_textbook_c52_5_counts() -> None:
    """Published five-card counts (e.g. Wikipedia 'Poker probability'): 4 royals, 36 straight flushes, ..."""
    expected = {HandCategory.ROYAL_FLUSH: 4, HandCategory.STRAIGHT_FLUSH: 36, HandCategory.FOUR_OF_A_KIND: 624,
                HandCategory.FULL_HOUSE: 3744, HandCategory.FLUSH: 5108, HandCategory.STRAIGHT: 10200,
                HandCategory.THREE_OF_A_KIND: 54912, HandCategory.TWO_PAIR: 123552, HandCategory.PAIR: 1098240,
                HandCategory.HIGH_CARD: 1302540}  # fmt: skip
    assert analysis.progressive_categories() == expected


@pytest.mark.parametrize("seed", [1])
def test_687a_inclusion_exclusion_matches_brute_force_over_dealer_hands(table: analysis.HandTable, seed: int) -> None:
    """For a few player hands, enumerate all C(48,5) dealer hands directly and compare win/tie/loss counts."""
    generator = np.random.default_rng(seed)
    picks = list(generator.choice(len(table.hands), 3, replace=False))
    picks.append(int(np.argmax(table.values)))  # Five Wilds
    for row in picks:
        hand = table.hands[row]
        rest = np.array([card for card in range(53) if card not in set(hand.tolist())], dtype=np.uint8)
        dealer = rest[analysis._all_hands(48)]  # all C(48,5) dealer hands, cards ascending
        dealer_values = table.values[_row_of(dealer)]
        value = table.values[row]
        assert (dealer_values < value).sum() == table.wins[row]
        assert (dealer_values == value).sum() == table.ties[row]
        assert (dealer_values > value).sum() == table.losses[row]


@pytest.mark.parametrize("paytable", ["DJWT-04", "DJWT-05", "DJWT-06", "DJWT-07"])
def test_687a_12_d_trips_matches_the_evaluators_own_enumeration(paytable: str) -> None:
    assert analysis.trips(paytable).exact_house_edge == -analysis.trips_by_evaluator(paytable)


def test_687a_strategy_raises_every_three_of_a_kind_or_better(table: analysis.HandTable) -> None:
    game = analysis.base_game()
    strong = table.categories >= int(WildHandCategory.THREE_OF_A_KIND)
    assert game.raise_mask[strong].all()  # so folded-hands-qualify does not change the Progressive or Bad Beat
    assert not game.raise_mask[table.categories == int(WildHandCategory.HIGH_CARD)].any()


def test_687a_strategy_is_compact_and_readable() -> None:
    lines = dict(analysis.strategy())
    assert lines["High Card"] == "fold" and lines["Two Pairs"] == "raise"
    assert any(when.startswith("Pair of") and decision == "raise" for when, decision in lines.items())


CROSS_CHECKS = [
    ("base", None), ("blind", None), ("trips", "DJWT-04"), ("trips", "DJWT-05"), ("trips", "DJWT-06"),
    ("trips", "DJWT-07"), ("bad_beat", "DJWBB-03"), ("bad_beat", "DJWBB-04"), ("progressive", "1"),
]  # fmt: skip


@pytest.mark.parametrize(("wager", "paytable"), CROSS_CHECKS)
def test_687a_exact_edges_within_the_simulation_interval(wager: str, paytable: str | None) -> None:
    [math] = analyse("687a", wager, paytable, 1)
    result = simulate(wager, 400_000, seed=687 + len(wager) + len(paytable or ""), paytable=paytable)
    low, high = result.ci95
    assert low <= math.house_edge <= high, (math.house_edge, result.ci95)


def test_687a_element_of_risk_counts_the_raise() -> None:
    [math] = analyse("687a", "base")
    raised = analysis.base_game().raise_hands / comb(53, 5)
    assert math.element_of_risk == pytest.approx(math.house_edge / (2 + 2 * raised))
    assert math.strategy


def test_687a_edge_json_lists_every_wager_and_paytable() -> None:
    output = CliRunner().invoke(app, ["edge", "687a", "--format", "json"])
    assert output.exit_code == 0
    rows = json.loads(output.stdout)
    assert {(row["wager"], row["paytable"]) for row in rows} == {
        ("base", None), ("blind", "687a.12(b)"), ("bad_beat", "DJWBB-03"), ("bad_beat", "DJWBB-04"),
        ("progressive", "1"), ("progressive", "2"), ("trips", "DJWT-04"), ("trips", "DJWT-05"),
        ("trips", "DJWT-06"), ("trips", "DJWT-07"),
    }  # fmt: skip
    assert all(row["method"] == "exact" and "687a-" in row["reading"] for row in rows)
    with pytest.raises(AnalysisUnavailable):
        analyse("687a", "trips", "DJWT-99", None)
