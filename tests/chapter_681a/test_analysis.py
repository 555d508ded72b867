"""681a exact math: enumerated at run time, checked against independent counts and seeded simulation."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction

import pytest
from pacomply.checker.wager_math import AnalysisUnavailable, analyse
from pacomply.engine.analysis import twenty_one_baccarat as analysis
from pacomply.engine.cards import Card, Rank, Suit
from pacomply.engine.games.twenty_one_baccarat import bonus_hand, hand_total
from pacomply.regulations.chapter_681a import BONUS_PAYTABLE_DECKS
from typer.testing import CliRunner

from pacomply.cli import app
from tests.simulation.off_the_top.twenty_one_baccarat import simulate


@pytest.mark.parametrize("decks", [4, 8])
def test_681a_settlement_totals_cover_every_deal(decks: int) -> None:
    joint = analysis.settlement_totals(decks)
    assert sum(joint.values()) == 1
    # The Player's and the Banker's hands follow the same rules on exchangeable cards: the joint is symmetric.
    for (player, banker), probability in joint.items():
        assert joint.get((banker, player)) == probability


@pytest.mark.parametrize("decks", [4, 8])
def test_681a_6_c_player_and_banker_have_the_same_edge(decks: int) -> None:
    assert (
        analysis.side_wager("player", decks).exact_house_edge == analysis.side_wager("banker", decks).exact_house_edge
    )


def _independent_bonus_probabilities(decks: int) -> dict[object, Fraction]:
    """Rank triples through the engine's own Card-based Bonus evaluation, with weights counted afresh."""
    per_rank = 4 * decks
    shoe = 13 * per_rank
    result: dict[object, Fraction] = {}
    ranks = list(Rank)
    for first, second in itertools.product(ranks, repeat=2):
        two = [Card(first, Suit.CLUBS), Card(second, Suit.HEARTS)]
        p_two = Fraction(per_rank, shoe) * Fraction(per_rank - (first == second), shoe - 1)
        if hand_total(two) >= 17:
            hand = bonus_hand(two)
            result[hand] = result.get(hand, Fraction(0)) + p_two
            continue
        for third in ranks:
            left = per_rank - (third == first) - (third == second)
            hand = bonus_hand([*two, Card(third, Suit.SPADES)])
            result[hand] = result.get(hand, Fraction(0)) + p_two * Fraction(left, shoe - 2)
    return result


@pytest.mark.parametrize("decks", [4, 8])
def test_681a_3_e_bonus_probabilities_match_an_independent_count(decks: int) -> None:
    assert analysis.bonus_categories(decks) == _independent_bonus_probabilities(decks)


CROSS_CHECKS = [
    ("player", None, 4), ("player", None, 8), ("banker", None, 4), ("banker", None, 8), ("tie", None, 4),
    ("tie", None, 8), *[("bonus_player", p, d) for p, d in BONUS_PAYTABLE_DECKS.items()],
    ("bonus_banker", "A", 4), ("bonus_banker", "F", 8),
]  # fmt: skip


@pytest.mark.parametrize(("wager", "paytable", "decks"), CROSS_CHECKS)
def test_681a_exact_edges_within_the_simulation_interval(wager: str, paytable: str | None, decks: int) -> None:
    [math] = analyse("681a", wager, paytable, decks)
    seed = 6810 + decks + len(wager) + (ord(paytable) if paytable else 0)
    result = simulate(wager, decks, 300_000, seed=seed, paytable=paytable)
    low, high = result.ci95
    assert low <= math.house_edge <= high, (math.house_edge, result.ci95)


def test_681a_8_c_bonus_paytables_only_at_their_decks() -> None:
    results = analyse("681a", "bonus_player")
    assert {(math.paytable, math.decks) for math in results} == set(BONUS_PAYTABLE_DECKS.items())
    with pytest.raises(AnalysisUnavailable, match="only with 8 decks"):
        analyse("681a", "bonus_player", "D", 4)
    with pytest.raises(AnalysisUnavailable):
        analyse("681a", "player", None, 6)


def test_681a_edge_shows_the_readings() -> None:
    output = CliRunner().invoke(app, ["edge", "681a", "--wager", "player", "--format", "json"])
    assert output.exit_code == 0
    rows = json.loads(output.stdout)
    assert [row["decks"] for row in rows] == [4, 8]
    assert all("681a-two-ace-natural" in row["reading"] and "681a-one-draw" in row["reading"] for row in rows)
    assert all(row["method"] == "exact" for row in rows)
