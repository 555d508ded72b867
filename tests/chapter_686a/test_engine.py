"""Rules of play of chapter 686a: each settlement subsection, and replay's refusal of impossible rounds."""

from __future__ import annotations

from fractions import Fraction

import pytest
from pacomply.engine.cards import Card
from pacomply.engine.games.over_under import Decision, hand_total, point_value, replay, settle
from pacomply.engine.replay import replay_round
from pacomply.engine.settlement import Outcome, ReplayError
from pacomply.regulations.citation import cite


def cards(*texts: str) -> list[Card]:
    return [Card.parse(text) for text in texts]


def by_wager(result):  # type: ignore[no-untyped-def]
    return {settlement.wager: settlement for settlement in result.settlements}


def test_686a_3_d_card_values() -> None:
    assert [point_value(card) for card in cards("2c", "9d", "Th", "Js", "Qc", "Kd", "Ah")] == [2, 9, 10, 10, 10, 10, 11]
    assert hand_total(cards("Ah", "As", "Ad")) == 33
    assert hand_total(cards("2h", "2s", "2d")) == 6


@pytest.mark.parametrize("hand", [("Ah", "Kd", "3c"), ("Ah", "As", "Ad"), ("9c", "9d", "6h")])
def test_686a_7_k_1_over_wins_on_24_to_33(hand: tuple[str, ...]) -> None:
    result = by_wager(settle(cards(*hand), Fraction(10), Fraction(0), Decision.OVER))
    assert result["ante"].outcome == result["over_23"].outcome == Outcome.WIN
    assert result["ante"].net == result["over_23"].net == 10  # 686a.8(a): 1 to 1
    assert result["over_23"].citation == cite("686a.7(k)(1)")


@pytest.mark.parametrize("hand", [("2c", "2d", "2h"), ("5c", "5d", "7h"), ("Kc", "4d", "3h")])
def test_686a_7_k_2_under_wins_on_6_to_17(hand: tuple[str, ...]) -> None:
    result = by_wager(settle(cards(*hand), Fraction(5), Fraction(0), Decision.UNDER))
    assert result["under_18"].outcome == Outcome.WIN
    assert result["under_18"].citation == cite("686a.7(k)(2)")
    assert result["ante"].net == 5


@pytest.mark.parametrize("decision", [Decision.OVER, Decision.UNDER])
@pytest.mark.parametrize("hand", [("Kc", "8d", "2h"), ("9c", "9d", "5h"), ("Kc", "Ah", "2d")])
def test_686a_7_l_house_wins_on_18_to_23(hand: tuple[str, ...], decision: Decision) -> None:
    result = settle(cards(*hand), Fraction(10), Fraction(0), decision)
    assert 18 <= int(dict(result.facts)["total"]) <= 23
    assert all(s.outcome == Outcome.LOSE and s.citation == cite("686a.7(l)") for s in result.settlements)
    assert result.net == -20


def test_686a_7_k_reading_over_wager_loses_on_a_total_under_18() -> None:
    result = settle(cards("2c", "3d", "4h"), Fraction(10), Fraction(0), Decision.OVER)
    assert result.net == -20
    assert "686a-losing-side" in result.settlements[0].explanation


def test_686a_7_g_3_surrender_forfeits_the_ante_only() -> None:
    result = by_wager(settle(cards("Ac", "Ad", "Ah"), Fraction(10), Fraction(0), Decision.SURRENDER))
    assert set(result) == {"ante"}
    assert result["ante"].outcome == Outcome.SURRENDER and result["ante"].net == -10
    assert result["ante"].citation == cite("686a.7(g)(3)")


def test_686a_7_h_surrender_keeps_the_bonus_in_play() -> None:
    result = by_wager(settle(cards("Ac", "Ad", "Ah"), Fraction(10), Fraction(2), Decision.SURRENDER))
    assert result["bonus"].outcome == Outcome.WIN
    assert result["bonus"].net == 100  # total 33 pays 50 to 1 (686a.8(b))


@pytest.mark.parametrize(
    ("hand", "odds"),
    [
        (("2c", "2d", "2h"), 50),
        (("2c", "2d", "3h"), 10),
        (("2c", "3d", "3h"), 5),
        (("3c", "3d", "3h"), 4),
        (("3c", "3d", "4h"), 3),
        (("3c", "4d", "4h"), 2),
        (("4c", "4d", "4h"), 1),
        (("Ac", "Ad", "5h"), 1),
        (("Ac", "Ad", "Th"), 10),
        (("Ac", "Ad", "Kh"), 10),
    ],
)
def test_686a_8_b_bonus_pays_its_table(hand: tuple[str, ...], odds: int) -> None:
    bonus = by_wager(settle(cards(*hand), Fraction(1), Fraction(3), Decision.UNDER))["bonus"]
    assert bonus.outcome == Outcome.WIN and bonus.net == 3 * odds and bonus.citation == cite("686a.8(b)")


@pytest.mark.parametrize("hand", [("4c", "4d", "5h"), ("Kc", "8d", "8h"), ("Ac", "Kd", "5h")])
def test_686a_7_m_bonus_loses_on_13_to_26(hand: tuple[str, ...]) -> None:
    bonus = by_wager(settle(cards(*hand), Fraction(1), Fraction(3), Decision.OVER))["bonus"]
    assert bonus.outcome == Outcome.LOSE and bonus.net == -3 and bonus.citation == cite("686a.7(m)")


def test_replay_settles_a_recorded_round() -> None:
    result = replay_round(
        {
            "chapter": "686a",
            "decks": 6,
            "cards": ["Ah", "9c", "Kd"],
            "wagers": {"ante": 10, "bonus": 5},
            "decision": "over",
        }
    )
    assert dict(result.facts)["total"] == "30"
    assert by_wager(result)["bonus"].net == 20  # 30 pays 4 to 1
    assert result.net == 40


def test_replay_collects_every_problem_of_an_impossible_round() -> None:
    with pytest.raises(ReplayError) as error:
        replay({"decks": 1, "cards": ["Ah", "Ah", "JK", "Zz"], "wagers": {"ante": -1, "tie": 5}, "decision": "double"})
    problems = "\n".join(error.value.problems)
    assert "exactly 3 cards; 4 given" in problems
    assert "without jokers" in problems
    assert "cards[3]" in problems
    assert "Ah appears 2 times but a 1-deck shoe holds 1" in problems
    assert "decision: 'double'" in problems
    assert "wagers.ante" in problems and "tie" in problems


def test_replay_refuses_a_round_with_too_few_cards() -> None:
    with pytest.raises(ReplayError, match="exactly 3 cards; 2 given"):
        replay({"cards": ["Ah", "Kd"], "wagers": {"ante": 1}, "decision": "over"})


def test_replay_refuses_an_unknown_chapter() -> None:
    with pytest.raises(ReplayError, match="cannot be replayed"):
        replay_round({"chapter": "999a"})
