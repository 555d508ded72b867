"""687a rules of play: fold/raise, settlement per § 687a.11, the optional wagers, and replay of the example rounds."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from pacomply.engine.cards import parse_cards
from pacomply.engine.evaluator import WildHandCategory, evaluate_deuces_wild
from pacomply.engine.games import dj_wild_stud_poker as game
from pacomply.engine.games.dj_wild_stud_poker import Decision
from pacomply.engine.replay import replay_round
from pacomply.engine.settlement import Outcome, ReplayError

ROUNDS = Path(__file__).resolve().parents[2] / "examples" / "rounds"
PAYTABLES = {"trips": "DJWT-04", "bad_beat": "DJWBB-03", "progressive": "1"}


def _play(player: str, dealer: str, decision: Decision = Decision.RAISE, replacement: str | None = None, **wagers: int):  # type: ignore[no-untyped-def]
    amounts = {name: Fraction(value) for name, value in {"ante": 10, **wagers}.items()}
    spare = parse_cards([replacement])[0] if replacement else None
    result = game.settle(parse_cards(player.split()), parse_cards(dealer.split()), amounts, decision, PAYTABLES, spare)
    return {settlement.wager: settlement for settlement in result.settlements}


def test_687a_6_c_five_of_a_kind_ranks_between_royal_and_straight_flush() -> None:
    five = evaluate_deuces_wild(parse_cards(["2h", "2s", "JK", "Qs", "Qh"]))
    royal = evaluate_deuces_wild(parse_cards(["As", "Ks", "Qs", "Js", "Ts"]))
    straight_flush = evaluate_deuces_wild(parse_cards(["9s", "Ks", "Qs", "Js", "Ts"]))
    assert five.category == WildHandCategory.FIVE_OF_A_KIND
    assert straight_flush.value < five.value < royal.value


def test_687a_6_c_1_five_wilds_is_the_top_hand() -> None:
    wilds = evaluate_deuces_wild(parse_cards(["2c", "2d", "2h", "2s", "JK"]))
    assert wilds.category == WildHandCategory.FIVE_WILDS


def test_687a_11_e_1_higher_hand_wins_ante_raise_and_blind_per_paytable() -> None:
    result = _play("2c 2d Ks Kh 7c", "As Ad Ah 9c 9d")
    assert result["ante"].net == 10 and result["raise"].net == 20 and result["raise"].amount == 20
    assert result["ante"].citation.short == "687a.11(e)(1)"
    assert result["blind"].net == 40 and result["blind"].citation.short == "687a.12(b)"


def test_687a_12_b_winning_three_of_a_kind_or_less_pushes_the_blind() -> None:
    result = _play("9c 9d 9h 4s 6c", "Ac Kc Qh Jd 3s")
    assert result["ante"].outcome == Outcome.WIN and result["blind"].outcome == Outcome.PUSH


def test_687a_11_e_2_equal_hands_push() -> None:
    result = _play("As Ks Qd Jh 9c", "Ah Kh Qc Jd 9d")
    assert {s.outcome for s in result.values()} == {Outcome.PUSH}
    assert result["raise"].citation.short == "687a.11(e)(2)"


def test_687a_11_e_3_lower_hand_loses_all_three() -> None:
    result = _play("3c 5d 8h Tc Kd", "Ac Ad 4h 6s 9c")
    assert result["ante"].net == -10 and result["blind"].net == -10 and result["raise"].net == -20
    assert result["ante"].citation.short == "687a.11(e)(3)"


def test_687a_11_b_fold_forfeits_ante_and_blind_only() -> None:
    result = _play("9c 9d 9h 4s 6c", "Ac Kc Qh Jd 3s", Decision.FOLD, trips=5, bad_beat=5)
    assert result["ante"].net == -10 and result["blind"].net == -10 and "raise" not in result
    assert result["trips"].net == 30  # § 687a.11(b)(1): the Trips survives the fold
    assert result["bad_beat"].net == -5 and result["bad_beat"].citation.short == "687a.11(b)(2)"


def test_687a_12_d_trips_natural_versus_with_wild() -> None:
    natural = _play("2c 3c 4c 5c 6c", "Ac Ad 4h 6s 9c", trips=1)["trips"]
    assert natural.net == 200 and "(natural)" in natural.explanation  # 2-6 suited: a natural straight flush
    wild = _play("2d 3c 4c 5c 7c", "Ac Ad 4h 6s 9c", trips=1)["trips"]  # the deuce must be the 6c
    assert wild.net == 25 and "(with wild)" in wild.explanation
    losing = _play("3c 5d 8h Tc Kd", "Ac Ad 4h 6s 9c", trips=1)["trips"]
    assert losing.net == -1 and losing.citation.short == "687a.11(f)(2)(i)"


def test_687a_11_f_3_bad_beat_pays_when_three_of_a_kind_or_better_loses() -> None:
    result = _play("Kc Kd Kh 7s 3c", "2s JK Qc Qd 4h", bad_beat=5)
    assert result["bad_beat"].net == 75 and result["bad_beat"].citation.short == "687a.12(e)"
    not_lost = _play("Kc Kd Kh 7s 3c", "3s 4d 8c Qd 9h", bad_beat=5)["bad_beat"]
    assert not_lost.net == -5 and not_lost.citation.short == "687a.11(f)(3)(i)"


def test_687a_11_f_1_progressive_joker_replaced_and_valued_naturally() -> None:
    result = _play("JK Ac Ad 7s 4h", "3c 5d 8h Tc Kd", replacement="Ah", progressive=1)
    assert result["progressive"].net == 9 and "joker replaced by Ah" in result["progressive"].explanation
    # Deuces stand as twos for the Progressive (reading 687a-progressive): 2-2-K-K-7 is two pair, not four kings.
    assert _play("2c 2d Ks Kh 7c", "3c 5d 8h Tc 9d", progressive=1)["progressive"].net == -1


def test_687a_11_b_3_folded_hands_qualify_only_if_the_casino_allows() -> None:
    cards = (parse_cards(["9c", "9d", "9h", "4s", "6c"]), parse_cards(["Ac", "Kc", "Qh", "Jd", "3s"]))
    wagers = {"ante": Fraction(10), "progressive": Fraction(1)}
    denied = game.settle(*cards, wagers, Decision.FOLD, PAYTABLES, folded_hands_qualify=False)
    allowed = game.settle(*cards, wagers, Decision.FOLD, PAYTABLES, folded_hands_qualify=True)
    assert denied.settlements[-1].net == -1 and denied.settlements[-1].citation.short == "687a.11(b)(3)"
    assert allowed.settlements[-1].net == 9


@pytest.mark.parametrize("path", sorted(ROUNDS.glob("687a-*.json")), ids=lambda path: path.stem)
def test_687a_example_rounds_replay(path: Path) -> None:
    result = replay_round(json.loads(path.read_text(encoding="utf-8")))
    assert result.chapter == "687a" and all(s.citation.chapter == "687a" for s in result.settlements)


def test_687a_example_rounds_cover_every_settlement_subsection() -> None:
    seen = set()
    for path in ROUNDS.glob("687a-*.json"):
        seen |= {s.citation.short for s in replay_round(json.loads(path.read_text(encoding="utf-8"))).settlements}
    assert {"687a.11(b)", "687a.11(b)(2)", "687a.11(e)(1)", "687a.11(e)(2)", "687a.11(e)(3)", "687a.12(b)",
            "687a.12(c)", "687a.12(d)", "687a.12(e)", "687a.11(f)(3)(i)"} <= seen  # fmt: skip


def test_687a_replay_collects_every_problem() -> None:
    with pytest.raises(ReplayError) as error:
        replay_round(
            {"chapter": "687a", "player": ["Ac", "Ac", "Zz", "Kd"], "dealer": ["2c", "3c", "4c", "5c", "6c"],
             "decision": "check", "wagers": {"ante": 10, "blind": 5, "progressive": 5, "insurance": 1},
             "paytables": {"progressive": "1"}}
        )  # fmt: skip
    problems = " | ".join(error.value.problems)
    for expected in ("player[2]", "exactly five cards", "dealt twice", "decision", "Blind equals the Ante",
                     "insurance", "$1 wager"):  # fmt: skip
        assert expected in problems, expected


def test_687a_replay_needs_the_replacement_card_for_a_joker_progressive() -> None:
    with pytest.raises(ReplayError, match="card set aside"):
        replay_round(
            {"chapter": "687a", "player": ["JK", "Ac", "Ad", "7s", "4h"], "dealer": ["3c", "5d", "8h", "Tc", "Kd"],
             "decision": "raise", "wagers": {"ante": 10, "progressive": 1}, "paytables": {"progressive": "1"}}
        )  # fmt: skip
