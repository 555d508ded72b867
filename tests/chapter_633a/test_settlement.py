"""633a rules of play: each settlement names the subsection the chapter text gives for it."""

from __future__ import annotations

from fractions import Fraction

import pytest
from pacomply.engine.cards import Card, parse_cards
from pacomply.engine.games import blackjack
from pacomply.engine.games.blackjack import PlayerHand, Round, RoundOptions, settle
from pacomply.engine.games.blackjack_hand import hand_total
from pacomply.engine.replay import replay_round
from pacomply.engine.settlement import Outcome, ReplayError


def c(text: str) -> Card:
    return Card.parse(text)


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text.split()))


def _round(player: str, dealer: str, hands: list[str] | None = None, switch: bool = False, **wagers: int) -> Round:
    initial = cards(player)
    starts = [initial[0:2], initial[2:4]] if switch else [initial]
    played = [PlayerHand(cards(h)) for h in hands] if hands else [PlayerHand(tuple(s)) for s in starts]
    amounts = {name: Fraction(value) for name, value in ({"base": 10} | wagers).items()}
    return Round(initial, cards(dealer), tuple(played), amounts, RoundOptions(decks=6, switch=switch))


def _base(result: object) -> tuple[Outcome, Fraction, str]:
    settlement = result.settlements[0]  # type: ignore[attr-defined]
    return settlement.outcome, settlement.net, settlement.citation.short


def test_633a_3_e_ace_counts_11_unless_over_21() -> None:
    assert (hand_total(cards("Ah 6d")).total, hand_total(cards("Ah 6d")).soft) == (17, True)
    assert hand_total(cards("Ah 6d Tc")).total == 17
    assert hand_total(cards("Ah Ad 9c")).total == 21


def test_633a_13_a_blackjack_pays_3_to_2() -> None:
    assert _base(settle(_round("Ah Kd", "9c 7d"))) == (Outcome.WIN, Fraction(15), "633a.13(a)")


def test_633a_7_p_3_blackjack_beats_dealer_21_in_more_than_two_cards() -> None:
    assert _base(settle(_round("Ah Kd", "9c 7d 5h"))) == (Outcome.WIN, Fraction(15), "633a.7(p)(3)")


def test_633a_7_q_21_in_more_than_two_cards_loses_to_dealer_blackjack() -> None:
    outcome, net, _ = _base(settle(_round("7h 7d", "Ac Kd", hands=["7h 7d 7c"])))
    assert (outcome, net) == (Outcome.LOSE, Fraction(-10))


def test_633a_7_q_ties_push() -> None:
    assert _base(settle(_round("Th 8d", "9c 9d"))) == (Outcome.PUSH, Fraction(0), "633a.7(q)")


def test_633a_7_p_1_dealer_bust_pays_1_to_1() -> None:
    assert _base(settle(_round("Th 2d", "Tc 6d 8s"))) == (Outcome.WIN, Fraction(10), "633a.7(p)(1)")


def test_633a_10_a_double_down_doubles_the_stake() -> None:
    outcome, net, citation = _base(settle(_round("6h 5d", "Tc 7d", hands=["6h 5d Th"])))
    assert (outcome, net, citation) == (Outcome.WIN, Fraction(10), "633a.7(p)(2)")  # one unit: hand not doubled
    doubled = _round("6h 5d", "Tc 7d")
    doubled = Round(doubled.initial, doubled.dealer, (PlayerHand(cards("6h 5d Th"), doubled=True),), doubled.wagers,
                    doubled.options)  # fmt: skip
    assert _base(settle(doubled))[1] == Fraction(20)


def test_633a_10_b_dealer_blackjack_collects_only_original_wager_on_double() -> None:
    doubled = Round(cards("6h 5d"), cards("Ac Kd"), (PlayerHand(cards("6h 5d Th"), doubled=True),),
                    {"base": Fraction(10)}, RoundOptions())  # fmt: skip
    assert _base(settle(doubled)) == (Outcome.LOSE, Fraction(-10), "633a.10(b)")


def test_633a_9_a_surrender_forfeits_half_or_all_against_blackjack() -> None:
    plain = _round("Th 6d", "9c 7d")
    result = settle(Round(plain.initial, plain.dealer, plain.hands, plain.wagers, plain.options, surrender=True))
    assert _base(result) == (Outcome.SURRENDER, Fraction(-5), "633a.9(a)(1)")
    against = _round("Th 6d", "Ac Kd")
    result = settle(Round(against.initial, against.dealer, against.hands, against.wagers, against.options, True))
    assert _base(result) == (Outcome.LOSE, Fraction(-10), "633a.9(a)(2)")


def test_633a_8_e_even_money_pays_1_to_1() -> None:
    plain = _round("Ah Kd", "Ac 7d")
    result = settle(Round(plain.initial, plain.dealer, plain.hands, plain.wagers, plain.options, even_money=True))
    assert _base(result) == (Outcome.WIN, Fraction(10), "633a.8(e)")


def test_633a_8_a_insurance_wins_2_to_1_on_ten_hole_card() -> None:
    won = settle(_round("9h 7d", "Ac Qd", insurance=5)).settlements
    assert [(s.wager, s.net, s.citation.short) for s in won if s.wager == "insurance"] == [
        ("insurance", Fraction(10), "633a.13(b)")
    ]
    lost = settle(_round("9h 7d", "Ac 9d", insurance=5)).settlements
    assert [(s.net, s.citation.short) for s in lost if s.wager == "insurance"] == [(Fraction(-5), "633a.8(d)")]


def test_633a_12_a_5_switch_settlements() -> None:
    # (i) natural Blackjack against a dealer 21 in more than two cards pays 1 to 1 (up card ten-valued).
    result = settle(_round("Ah Kd 9c 8d", "Tc 5d 6h", switch=True))
    assert (result.settlements[0].net, result.settlements[0].citation.short) == (Fraction(10), "633a.12(a)(5)(i)")
    # (ii) Blackjack against dealer Blackjack ties.
    result = settle(_round("Ah Kd 9c 8d", "Ac Kh", switch=True))
    assert result.settlements[0].citation.short == "633a.12(a)(5)(ii)" and result.settlements[0].net == 0
    # (iii) a switched Blackjack against dealer Blackjack loses.
    switched = Round(cards("Ah 9d Tc 8d"), cards("Ac Kh"), (PlayerHand(cards("Ah Tc"), switched_blackjack=True),
                     PlayerHand(cards("9d 8d"))), {"base": Fraction(10)}, RoundOptions(switch=True))  # fmt: skip
    assert _base(settle(switched)) == (Outcome.LOSE, Fraction(-10), "633a.12(a)(5)(iii)")
    # (v) dealer 22 returns a hand of 21 or less.
    result = settle(_round("Th 9d 7c 8d", "Tc 5d 7h", switch=True))
    assert [(s.outcome, s.citation.short) for s in result.settlements] == [
        (Outcome.PUSH, "633a.12(a)(5)(v)"),
        (Outcome.PUSH, "633a.12(a)(5)(v)"),
    ]


@pytest.mark.parametrize(
    ("first", "second", "dealer_blackjack", "hand"),
    [
        ("Qh", "Qh", True, "queen of hearts pair and dealer blackjack"),
        ("Qh", "Qh", False, "queen of hearts pair"),
        ("Ks", "Ks", False, "matched 20"),
        ("Ks", "Qs", False, "suited 20"),
        ("As", "9s", False, "suited 20"),
        ("Kh", "Ks", False, "any 20"),
        ("Kh", "9s", False, None),
    ],
)
def test_633a_7_g_1_lucky_ladies(first: str, second: str, dealer_blackjack: bool, hand: str | None) -> None:
    result = blackjack.lucky_ladies(c(first), c(second), dealer_blackjack)
    assert result.hand == hand
    assert result.citation.short == ("633a.13(c)" if hand else "633a.7(g)(1)")


def test_633a_7_g_2_match_the_dealer_pays_each_matching_card() -> None:
    both = blackjack.match_the_dealer(c("7h"), c("7s"), c("7h"), 6)
    assert both.net == 11 + 4 and both.citation.short == "633a.13(d)(1)"
    assert blackjack.match_the_dealer(c("Kh"), c("2s"), c("Qh"), 8).won is False  # a king matches only a king
    assert blackjack.match_the_dealer(c("Kh"), c("2s"), c("Kd"), 8).net == 3


@pytest.mark.parametrize(
    ("first", "second", "up", "hand"),
    [
        ("7h", "9s", "8d", "one-card spread"),
        ("7h", "Ts", "8d", "two-card spread"),
        ("7h", "Js", "9d", "three-card spread"),
        ("2h", "As", "9d", "all others"),
        ("5h", "5s", "5d", "triple match"),
        ("7h", "9s", "9d", None),
        ("7h", "8s", "8d", None),
    ],
)
def test_633a_7_g_3_in_between(first: str, second: str, up: str, hand: str | None) -> None:
    assert blackjack.in_between(c(first), c(second), c(up)).hand == hand


def test_633a_7_g_4_royal_match_and_crown_treasure() -> None:
    assert blackjack.royal_match(c("Kh"), c("Qh"), c("9d"), c("2c"), "C").net == 30
    assert blackjack.royal_match(c("Kh"), c("Qh"), c("Ks"), c("Qs"), "C").net == 30 + 999
    assert blackjack.royal_match(c("Kh"), c("Qh"), c("Ks"), c("Qs"), "C", crown_treasure=False).net == 30
    assert blackjack.royal_match(c("5h"), c("Qh"), c("Ks"), c("Qs"), "E").net == 2
    assert blackjack.royal_match(c("5h"), c("Qs"), c("Ks"), c("Qs"), "A").won is False


def test_633a_7_g_5_bet_the_set() -> None:
    assert blackjack.bet_the_set(c("8h"), c("8h"), "B").hand == "suited pair"
    assert blackjack.bet_the_set(c("8h"), c("8h"), "A").hand == "pair"  # paytable A lists pairs only
    assert blackjack.bet_the_set(c("8h"), c("8d"), "D").net == 10


def test_633a_7_g_6_kings_bounty_pays_the_best_hand() -> None:
    assert blackjack.kings_bounty(c("Ks"), c("Ks"), True).net == 1000
    assert blackjack.kings_bounty(c("Kh"), c("Kh"), False).hand == "suited kings pair"
    assert blackjack.kings_bounty(c("Jd"), c("Jd"), False).hand == "suited queens, jacks or 10s pair"
    assert blackjack.kings_bounty(c("Kh"), c("Kd"), False).hand == "pair of kings"
    assert blackjack.kings_bounty(c("Ad"), c("9d"), False).hand == "suited 20"


def test_633a_7_g_7_super_match_on_four_cards() -> None:
    assert blackjack.super_match(cards("5h 5d 5c 5s"), 8).net == 50
    assert blackjack.super_match(cards("5h 5d 9c 9s"), 6).net == 8
    assert blackjack.super_match(cards("5h 5d 5c 9s"), 6).hand == "three-of-a-kind"
    assert blackjack.super_match(cards("Kh Qd Jc Ts"), 6).won is False  # ranks, not values


@pytest.mark.parametrize(
    ("up", "first", "second", "hand"),
    [
        ("Ah", "2h", "3h", "straight flush"),
        ("Ah", "2d", "3h", "straight"),
        ("Ah", "Kd", "Qh", "straight"),
        ("Ah", "Kd", "2h", None),
        ("9s", "9d", "9h", "three-of-a-kind"),
        ("2s", "9s", "Js", "flush"),
    ],
)
def test_633a_6_e_9_three_card_poker_ace_with_2_3_only(up: str, first: str, second: str, hand: str | None) -> None:
    assert blackjack.three_card_poker(c(up), c(first), c(second)).hand == hand


def test_633a_7_o_1_bad_beat_player_20_against_dealer_21() -> None:
    meter = Fraction(4999)
    assert blackjack.bad_beat(20, cards("Ah Kd"), meter).net == 9
    assert blackjack.bad_beat(20, cards("5h 6d Tc"), meter).net == 24  # 21 with three cards: 25 for 1
    assert blackjack.bad_beat(20, cards("2h 3d 4c 2s Kh"), meter).net == 99  # 21 with five cards: 100 for 1
    assert blackjack.bad_beat(20, cards("2h 2d 2c 2s 3h 3d 7c"), meter).net == meter  # 21 with seven cards
    assert blackjack.bad_beat(19, cards("Ah Kd"), meter).won is False
    assert blackjack.bad_beat(20, cards("Th 9d"), meter, player_20_option=True).net == 0


def test_633a_7_o_2_hit_and_run_counts_the_busting_card() -> None:
    meter = Fraction(999)
    # 14 in five cards, then a sixth card busting to 23: six cards count (the chapter's own example).
    assert blackjack.hit_and_run(cards("2h 3d 4c 2s 3h 9d"), meter).hand == "dealer six cards"
    assert blackjack.hit_and_run(cards("2h 3d 4c 2s 3h 2c 2d 2s"), meter).net == meter
    assert blackjack.hit_and_run(cards("Th 6d 5c"), meter).won is False


def test_633a_replay_reports_every_problem() -> None:
    with pytest.raises(ReplayError) as error:
        replay_round({"chapter": "633a", "decks": 1, "player": ["Ah", "Ah"], "dealer": ["Ah", "6c", "Kd"],
                      "wagers": {"insurance": 5, "bogus": 1}})  # fmt: skip
    problems = " | ".join(error.value.problems)
    assert "wagers.bogus" in problems
    assert "wagers.base" in problems
    assert "Ah appears 3 times" in problems
    assert "stands on 17" in problems


def test_633a_replay_rejects_a_card_drawn_to_21_and_a_paytable_at_the_wrong_decks() -> None:
    with pytest.raises(ReplayError) as error:
        replay_round({"chapter": "633a", "decks": 6, "player": ["Th", "Ad"], "dealer": ["9c", "8d"],
                      "hands": [{"cards": ["Th", "Ad", "2c"]}], "wagers": {"base": 10, "royal_match": 5},
                      "options": {"royal_match_paytable": "A"}})  # fmt: skip
    problems = " | ".join(error.value.problems)
    assert "§ 633a.7(k)" in problems and "§ 633a.13(f)" in problems


def test_633a_13_j_1_bad_beat_with_magic_card_bonus_and_meter_valuation() -> None:
    result = replay_round({"chapter": "633a", "decks": 6, "player": ["Kh", "Qd"], "dealer": ["9c", "5d", "7s"],
                           "wagers": {"base": 25, "bad_beat": 5}, "magic_card": "Qd"})  # fmt: skip
    by_wager = {s.wager: s for s in result.settlements}
    assert by_wager["bad_beat"].net == 5 * 24  # 21 with three cards: 25 for 1
    assert by_wager["magic_card_bonus"].net == 5 * 19 and by_wager["magic_card_bonus"].citation.short == "633a.13(j)(1)"
    assert by_wager["base"].outcome == Outcome.LOSE
    with pytest.raises(ReplayError):
        replay_round({"chapter": "633a", "decks": 6, "player": ["Kh", "Qd"], "dealer": ["9c", "8d"],
                      "wagers": {"base": 25}, "lucky_player": True})  # fmt: skip


def test_633a_7_g_1_queen_of_hearts_pair_settled_after_the_hole_card_is_known() -> None:
    result = settle(_round("Qh Qh", "Kc 9d", lucky_ladies=5))
    ladies = next(s for s in result.settlements if s.wager == "lucky_ladies")
    assert "633a.7(g)(1)(i)-(ii)" in ladies.explanation and ladies.net == 5 * 200
    early = settle(_round("Qh Qh", "5c 9d", lucky_ladies=5))
    assert "(g)(1)" not in next(s for s in early.settlements if s.wager == "lucky_ladies").explanation


def test_633a_7_o_2_hit_and_run_meter_paid_at_the_meter_amount() -> None:
    result = replay_round({"chapter": "633a", "decks": 8, "player": ["Th", "Td"],
                           "dealer": ["2h", "2d", "2c", "2s", "2h", "2d", "2c", "5s"],
                           "wagers": {"base": 10, "hit_and_run": 5}, "meters": {"hit_and_run": 2500}})  # fmt: skip
    hit_and_run = next(s for s in result.settlements if s.wager == "hit_and_run")
    assert hit_and_run.net == 2500 - 5  # eight cards: 100 % of the meter, the wager included (reading 633a-for-one)
