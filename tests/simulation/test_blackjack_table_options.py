"""The 633a simulator's table options and comparison rules, kept out of the rules of play.

``engine.games.blackjack.settle`` settles a disputed round (``pacomply replay``) under chapter 633a alone; rules the
chapter does not allow (6 to 5, Las Vegas Switch) are the simulation's, which re-prices a Blackjack's payment after
``settle`` has settled it (``_compared_net``). Each figure below is the chapter's odds (3 to 2, § 633a.13(a)) or the
odds the comparison option names, times the one-unit wager.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest
from pacomply.engine.analysis.blackjack.rules import BlackjackRules, DoubleOn
from pacomply.engine.cards import parse_cards
from pacomply.engine.games import blackjack
from pacomply.engine.simulation.blackjack import (
    CHAPTER_RULES,
    BadBeatHand,
    ComparisonRules,
    TableOptions,
    _compared_net,
    read_options,
)
from pacomply.engine.simulation.registry import SimulationUnavailable
from pacomply.regulations import chapter_633a as book

ONE = {"base": Fraction(1)}


def _natural_round(dealer: str, *, switch: bool = False, switched: bool = False) -> blackjack.Round:
    hand = blackjack.PlayerHand(tuple(parse_cards(["Ah", "Kd"])), switched_blackjack=switched)
    options = blackjack.RoundOptions(switch=switch)
    return blackjack.Round(tuple(hand.cards), tuple(parse_cards(dealer.split())), (hand,), ONE, options)


def test_633a_13_a_settle_pays_a_blackjack_the_chapters_odds_and_takes_no_comparison_rules() -> None:
    assert "comparison" not in {field.name for field in dataclasses.fields(blackjack.RoundOptions)}
    round_ = _natural_round("Tc Qh")
    (settlement,) = blackjack.settle(round_).settlements
    assert settlement.net == book.BLACKJACK_ODDS == Fraction(3, 2)


@pytest.mark.parametrize(
    ("dealer", "switch", "switched", "comparison", "expected"),
    [
        # A natural against a dealer 20 at a standard table: 3 to 2 by the chapter, 6 to 5 compared.
        ("Tc Qh", False, False, ComparisonRules(blackjack_pays=Fraction(6, 5)), Fraction(6, 5)),
        # A switched Blackjack against a dealer 20: the switched odds (1 to 1 under the Las Vegas rules).
        ("Tc Qh", True, True, ComparisonRules(switched_blackjack_pays=Fraction(1)), Fraction(1)),
        # § 633a.12(a)(5)(v): an unswitched natural against a dealer 22 pushes; the Las Vegas rule pays it.
        ("Tc 5h 7d", True, False, ComparisonRules(natural_beats_dealer_22=True), book.BLACKJACK_ODDS),
        ("Tc 5h 7d", True, False, CHAPTER_RULES, Fraction(0)),
        # § 633a.12(a)(5)(i): 1 to 1 against a dealer 21 of three cards whatever the comparison odds.
        ("Tc 5h 6d", True, False, ComparisonRules(blackjack_pays=Fraction(6, 5)), Fraction(1)),
    ],
)
def test_the_simulation_reprices_only_the_blackjacks_the_comparison_rules_pay_otherwise(
    dealer: str, switch: bool, switched: bool, comparison: ComparisonRules, expected: Fraction
) -> None:
    round_ = _natural_round(dealer, switch=switch, switched=switched)
    (settlement,) = blackjack.settle(round_).settlements
    assert _compared_net(settlement, round_.hands[0], comparison) == expected


def test_the_table_options_are_typed_values() -> None:
    options = read_options(
        (("late_surrender", "No"), ("max_split_hands", "2"), ("bad_beat_hand", "final"),
         ("comparison_blackjack_pays", "6:5"), ("comparison_double_on", "ten_or_eleven"),
         ("comparison_even_money", "yes"))
    )  # fmt: skip
    assert options == TableOptions(
        bad_beat_hand=BadBeatHand.FINAL,
        late_surrender=False,
        max_split_hands=2,
        blackjack_pays=Fraction(6, 5),
        double_on=DoubleOn.TEN_OR_ELEVEN,
        even_money=True,
        comparison_asked=(("blackjack_pays", "6:5"), ("double_on", "ten_or_eleven"), ("even_money", "yes")),
    )
    rules = options.rules(decks=6)
    assert (rules.late_surrender, rules.max_split_hands, rules.blackjack_pays) == (False, 2, Fraction(6, 5))
    assert read_options(()).rules(decks=6) == BlackjackRules(decks=6)


def test_every_bad_option_is_named_at_once() -> None:
    with pytest.raises(SimulationUnavailable) as raised:
        read_options((("late_surrender", "maybe"), ("comparison_blackjack_pays", "0:1"), ("max_split_hands", "5")))
    message = str(raised.value)
    assert "late_surrender 'maybe' is not yes or no" in message
    assert "comparison_blackjack_pays '0:1' is not odds such as 6:5" in message
    assert "max_split_hands '5' is not 1 to 4 (§ 633a.11(c))" in message
