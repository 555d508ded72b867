"""681a rules of play: totals, naturals, the draw, settlement of every wager, and replay of the example rounds."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from pacomply.engine.cards import Card, parse_cards
from pacomply.engine.games import twenty_one_baccarat as game
from pacomply.engine.replay import replay_round
from pacomply.engine.settlement import Outcome, ReplayError
from pacomply.engine.simulation.twenty_one_baccarat import distinct_draws
from pacomply.regulations.chapter_681a import BonusHand

ROUNDS = Path(__file__).resolve().parents[2] / "examples" / "rounds"


def _cards(text: str) -> list[Card]:
    return parse_cards(text.split())


def _settle(text: str, bonus_on_table: bool = False, paytable: str | None = None, **wagers: int):  # type: ignore[no-untyped-def]
    return game.settle(_cards(text), {k: Fraction(v) for k, v in wagers.items()}, paytable, bonus_on_table)


def _by_wager(result):  # type: ignore[no-untyped-def]
    return {settlement.wager: settlement for settlement in result.settlements}


def test_681a_3_d_3_ace_is_eleven_unless_over_21() -> None:
    assert game.hand_total(_cards("Ac 6d")) == 17
    assert game.hand_total(_cards("Ac 6d 9h")) == 16
    assert game.hand_total(_cards("Ac As")) == 12  # reading 681a-two-ace-natural
    assert game.hand_total(_cards("Kc Qd 5s")) == 25


def test_681a_1_natural_is_ace_with_ten_value_or_two_aces() -> None:
    assert game.is_natural(_cards("Ac Kd")) and game.is_natural(_cards("Ts Ah")) and game.is_natural(_cards("Ac Ad"))
    assert not game.is_natural(_cards("Ac 9d")) and not game.is_natural(_cards("Kc Qd"))


def test_681a_7_g_each_hand_under_17_draws_one_card() -> None:
    result = _settle("Tc 9d 6h 7s 5c 2d", player=10)
    facts = dict(result.facts)
    assert facts["player hand"] == "Tc 6h 5c" and facts["banker hand"] == "9d 7s 2d"
    with pytest.raises(ValueError, match="deals 6 cards"):
        _settle("Tc 9d 6h 7s 5c", player=10)


def test_681a_7_f_1_natural_stops_the_draw_without_a_bonus() -> None:
    result = _settle("Ac 5d Kh 6s", player=10)
    assert dict(result.facts)["banker total"] == "11"
    assert _by_wager(result)["player"].outcome == Outcome.WIN


def test_681a_7_f_2_bonus_card_does_not_change_player_banker_settlement() -> None:
    with_bonus = _settle("Ah 5c Kd 6s Th", bonus_on_table=True, player=10, banker=10, tie=5)
    without = _settle("Ah 5c Kd 6s", player=10, banker=10, tie=5)
    for wager in ("player", "banker", "tie"):
        assert _by_wager(with_bonus)[wager].net == _by_wager(without)[wager].net


def test_681a_7_i_1_player_21_or_less_wins_against_busted_banker_and_17_pays_1_to_2() -> None:
    settlement = _by_wager(_settle("Kc 9h 7d 7s Qs", player=10))["player"]
    assert settlement.outcome == Outcome.WIN and settlement.net == 5 and settlement.citation.short == "681a.7(i)(1)"


def test_681a_7_i_2_higher_total_wins_lower_loses() -> None:
    result = _by_wager(_settle("Tc 9d 9s 8h", player=10, banker=10))
    assert result["player"].net == 10 and result["player"].citation.short == "681a.7(i)(2)(i)"
    assert result["banker"].net == -10 and result["banker"].citation.short == "681a.7(j)(2)(ii)"


def test_681a_7_i_3_both_bust_lower_wins() -> None:
    result = _by_wager(_settle("Tc Td 6c 5d 8h Ks", player=10, banker=10))
    assert result["player"].net == 10 and result["player"].citation.short == "681a.7(i)(3)(i)"
    assert result["banker"].net == -10 and result["banker"].citation.short == "681a.7(j)(3)(ii)"


def test_681a_7_j_1_banker_wins_against_busted_player() -> None:
    result = _by_wager(_settle("Tc 9d 6h 9s 9c", player=10, banker=10))
    assert result["banker"].net == 10 and result["banker"].citation.short == "681a.7(j)(1)"
    assert result["player"].net == -10 and result["player"].citation.short == "681a.6(c)(1)"


def test_681a_7_i_4_equal_totals_push_and_tie_pays_10_to_1() -> None:
    result = _by_wager(_settle("Tc 9d 9s Kh", player=10, tie=5))
    assert result["player"].outcome == Outcome.PUSH and result["player"].citation.short == "681a.7(i)(4)"
    assert result["tie"].net == 50 and result["tie"].citation.short == "681a.7(k)(1)(i)"


def test_681a_3_e_bonus_hands() -> None:
    assert game.bonus_hand(_cards("7c 7h 7s")) == BonusHand.THREE_SEVENS
    assert game.bonus_hand(_cards("5c 5h 5s")) == BonusHand.THREE_OF_A_KIND
    assert game.bonus_hand(_cards("5c 7h 6s")) == BonusHand.STRAIGHT
    assert game.bonus_hand(_cards("Ac 2h 3s")) == BonusHand.STRAIGHT
    assert game.bonus_hand(_cards("Qc Kh As")) == BonusHand.STRAIGHT
    assert game.bonus_hand(_cards("Kc Ah 2s")) is None
    assert game.bonus_hand(_cards("6c 6h 9s")) == BonusHand.TWENTY_ONE  # the chapter's own example
    assert game.bonus_hand(_cards("Tc Th")) == BonusHand.PAIR
    assert game.bonus_hand(_cards("5c 9h 5s")) is None  # the chapter's example: only the first two cards pair


def test_681a_7_k_2_bonus_pays_from_the_selected_paytable() -> None:
    result = _by_wager(_settle("7c Td 7h 8s 7s", paytable="D", player=10, bonus_player=5))
    assert result["bonus_player"].net == 500 and result["bonus_player"].citation.short == "681a.8(c)"
    losing = _by_wager(_settle("9c Td 8h 8s", paytable="D", player=10, bonus_player=5))["bonus_player"]
    assert losing.net == -5 and losing.citation.short == "681a.7(k)(2)(ii)"


def test_681a_7_k_3_banker_bonus_with_bonus_only_card() -> None:
    result = _by_wager(_settle("Ah 5c Kd 6s Th", paytable="D", player=10, bonus_banker=5))
    assert result["bonus_banker"].net == 25 and "three-card 21" in result["bonus_banker"].explanation


@pytest.mark.parametrize("path", sorted(ROUNDS.glob("681a-*.json")), ids=lambda path: path.stem)
def test_681a_example_rounds_replay(path: Path) -> None:
    result = replay_round(json.loads(path.read_text(encoding="utf-8")))
    assert result.chapter == "681a" and result.settlements
    assert all(settlement.citation.chapter == "681a" for settlement in result.settlements)


def test_681a_example_rounds_cover_every_player_banker_subsection() -> None:
    seen = set()
    for path in ROUNDS.glob("681a-*.json"):
        seen |= {s.citation.short for s in replay_round(json.loads(path.read_text(encoding="utf-8"))).settlements}
    assert {"681a.7(i)(1)", "681a.7(i)(2)(i)", "681a.7(i)(3)(i)", "681a.7(i)(4)", "681a.7(j)(2)(i)",
            "681a.7(j)(3)(ii)", "681a.7(k)(1)(i)", "681a.7(k)(1)(ii)", "681a.8(c)"} <= seen  # fmt: skip


def test_681a_replay_collects_every_problem() -> None:
    with pytest.raises(ReplayError) as error:
        replay_round(
            {"chapter": "681a", "decks": 6, "cards": ["Ac", "Zz", "JK"], "wagers": {"tie": 5, "bonus_player": 1},
             "bonus_paytable": "G"}
        )  # fmt: skip
    problems = " | ".join(error.value.problems)
    for expected in ("decks", "cards[1]", "cards[2]", "Player or Banker wager is required", "bonus_paytable"):
        assert expected in problems


def test_681a_replay_rejects_wrong_card_count_and_deck_mismatch() -> None:
    with pytest.raises(ReplayError, match="exactly 5 cards"):
        replay_round({"chapter": "681a", "cards": ["Kc", "9h", "7d", "7s"], "wagers": {"player": 1}})
    with pytest.raises(ReplayError, match="paytable A is for 4 decks"):
        replay_round(
            {"chapter": "681a", "decks": 8, "cards": ["Tc", "9d", "9s", "Kh"], "wagers": {"player": 1,
             "bonus_player": 1}, "bonus_paytable": "A"}
        )  # fmt: skip


def test_681a_engine_agrees_with_the_vectorised_simulation_round_by_round() -> None:
    """The engine (Card objects) and the simulation (numpy arrays) are separate codes; same cards, same net."""
    from tests.simulation.off_the_top import twenty_one_baccarat as simulation

    generator = np.random.default_rng(681)
    ranks = np.repeat(np.arange(2, 15), 32)
    dealt = ranks[distinct_draws(len(ranks), 6, 3000, generator)]
    suits = "cdhs"
    expected = {wager: simulation.nets(dealt, wager) for wager in ("player", "banker", "tie")}
    for row_number, row in enumerate(dealt):
        cards = [Card.parse(f"{'23456789TJQKA'[rank - 2]}{suits[(row_number + i) % 4]}") for i, rank in enumerate(row)]
        needed = 4 + sum(game.cards_needed(cards[:4], bonus_on_table=False))
        one = Fraction(1)
        result = _by_wager(game.settle(cards[:needed], {"player": one, "banker": one, "tie": one}, None, False))
        for wager, net in expected.items():
            assert float(result[wager].net) == net[row_number], (wager, cards)
