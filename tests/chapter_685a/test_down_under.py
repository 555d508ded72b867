"""685a: the rulebook against the chapter text, the rules, the rules of play and the Match-the-Dealer math."""

from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction

import pytest
from pacomply.checker.registry import Finding, chapter_rules, rule_metadata_problems
from pacomply.checker.review import review_filing
from pacomply.engine.analysis import blackjack_side_wagers as analysis
from pacomply.engine.cards import Card, parse_cards
from pacomply.engine.games import down_under_blackjack as game
from pacomply.engine.games.down_under_blackjack import HoleRange, PlayerHand
from pacomply.engine.replay import replay_round
from pacomply.engine.settlement import Outcome, ReplayError
from pacomply.regulations import chapter_685a as book
from pacomply.regulations.rulebook import Equipment
from pacomply.submissions.model import Filing, TableConfiguration, TableWager

from examples.build_examples import answers
from examples.chapters.chapter_685a import COMPLIANT_685A, DOWN_UNDER_ANSWERS, NONCOMPLIANT_685A, down_under_table


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text.split()))


def _findings(filing: Filing, rule_id: str) -> list[Finding]:
    return [finding for finding in review_filing(filing).findings if finding.rule_id == rule_id]


def _with_tables(*tables: TableConfiguration, **changes: object) -> Filing:
    return COMPLIANT_685A.model_copy(
        update={"tables": tables, "chapters": {"685a": answers("685a", **(DOWN_UNDER_ANSWERS | changes))}}
    )


# --- the text ---------------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def text(regulation_text: Callable[[str], str]) -> str:
    return re.sub(r"\s+", " ", regulation_text("685a")).lower()


def test_685a_11_c_match_the_dealer_paytables_match_text(text: str) -> None:
    six_suited, six_unsuited = book.MATCH_THE_DEALER_ODDS[6]
    eight_suited, eight_unsuited = book.MATCH_THE_DEALER_ODDS[8]
    assert (f"6 decks result pay 8 decks result pay suited match {six_suited} to 1 suited match {eight_suited} to 1 "
            f"unsuited match {six_unsuited} to 1 unsuited match {eight_unsuited} to 1") in text  # fmt: skip


def test_685a_numbers_match_text(text: str) -> None:
    assert "betting positions for no more than six players" in text and book.MAX_BETTING_POSITIONS == 6
    assert "either a four-deck, five-deck, six-deck or eight-deck batch" in text
    assert frozenset({4, 5, 6, 8}) == book.PERMITTED_DECKS
    assert "changed at least once every 24 hours" in text and book.CARD_CHANGE_HOURS == 24
    assert "until he has a hard or soft total of 17, 18, 19, 20, 21 or 22" in text
    assert (book.DEALER_STANDS_FROM, book.DEALER_MAX_TOTAL) == (17, 22)
    assert "split pairs a maximum of one time" in text and book.MAX_SPLITS == 1
    assert "only be offered at down under blackjack tables using a six-deck or eight-deck" in text
    assert frozenset({6, 8}) == book.MATCH_THE_DEALER_DECKS


# --- rules ------------------------------------------------------------------------------------------------------


def test_685a_compliant_example_has_no_findings_and_violations_fail() -> None:
    assert [f.message for f in review_filing(COMPLIANT_685A).findings] == []
    found = {finding.rule_id for finding in review_filing(NONCOMPLIANT_685A).findings}
    assert {"685A-001", "685A-002", "685A-005", "685A-007", "685A-101", "685A-103"} <= found


def test_685a_rules_follow_the_documentation_template() -> None:
    for rule in chapter_rules("685a"):
        assert rule_metadata_problems(rule) == []


@pytest.mark.parametrize(("decks", "paytable", "fails"), [(5, "6 decks", True), (4, "8 decks", True),
                                                         (6, "6 decks", False), (8, "8 decks", False),
                                                         (6, "8 decks", True)])  # fmt: skip
def test_685a_6_e_match_the_dealer_only_at_six_or_eight_decks(decks: int, paytable: str, fails: bool) -> None:
    table = down_under_table("T", decks=decks, discard_rack_height_mm=decks * 52 * 0.3,
                             wagers=(TableWager(wager="match_the_dealer", paytable=paytable),))  # fmt: skip
    findings = _findings(_with_tables(table), "685A-007")
    assert bool(findings) is fails
    if fails:
        assert findings[0].citation.short == "685a.11(c)"


def test_685a_2_d_masque_card_reader_required() -> None:
    assert _findings(_with_tables(down_under_table("T")), "685A-101") == []
    table = down_under_table("T", equipment=(Equipment.CARD_READER,))
    assert len(_findings(_with_tables(table), "685A-101")) == 1
    assert len(_findings(_with_tables(down_under_table("T"), masque_card_reader=False), "685A-101")) == 1


def test_685a_6_e_match_the_dealer_must_be_specified() -> None:
    assert len(_findings(_with_tables(down_under_table("T"), match_the_dealer_offered=False), "685A-102")) == 1


def test_685a_7_r_settlement_procedure_and_6_f_boxes() -> None:
    assert _findings(_with_tables(down_under_table("T")), "685A-103") == []
    assert len(_findings(_with_tables(down_under_table("T"), settlement_procedure=5), "685A-103")) == 1
    assert len(_findings(_with_tables(down_under_table("T"), adjacent_boxes_allowed=True, max_adjacent_boxes=1),
                         "685A-104")) == 1  # fmt: skip
    # A blank total is the checklist rule's finding (685A-006), not this rule's again.
    blank = _with_tables(down_under_table("T"), adjacent_boxes_allowed=True, max_adjacent_boxes=None)
    assert _findings(blank, "685A-104") == [] and len(_findings(blank, "685A-006")) == 1


def test_685a_3_c_cards_changed_every_24_hours() -> None:
    table = down_under_table("T", card_change_interval_hours=30)
    assert len(_findings(_with_tables(table), "685A-003")) == 1


# --- rules of play ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("card", "expected"), [("2h", HoleRange.SMALL), ("5s", HoleRange.SMALL),
                                                ("6d", HoleRange.MEDIUM), ("9c", HoleRange.MEDIUM),
                                                ("Th", HoleRange.LARGE), ("Ks", HoleRange.LARGE),
                                                ("Ad", HoleRange.LARGE)])  # fmt: skip
def test_685a_3_e_hole_card_range(card: str, expected: HoleRange) -> None:
    assert game.hole_range(Card.parse(card)) == expected


def test_685a_3_d_3_dealer_ace_counts_11_up_to_22() -> None:
    assert game.dealer_total(cards("Ah Ad")) == 22  # both aces 11 would be 22: allowed for the dealer
    assert game.dealer_total(cards("Ah Ac Ad")) == 13
    assert game.dealer_total(cards("Ah 5d 6c")) == 22
    assert not game.dealer_must_draw(cards("Ah Ad"))
    assert game.dealer_must_draw(cards("Th 6d"))


def _settle(player: str, dealer: str, hands: list[PlayerHand] | None = None, **wagers: int):  # type: ignore[no-untyped-def]
    initial = cards(player)
    amounts = {name: Fraction(value) for name, value in ({"base": 10} | wagers).items()}
    return game.settle(initial, cards(dealer), hands or [PlayerHand(initial)], amounts, 6)


def _base(result) -> tuple[Outcome, Fraction, str]:  # type: ignore[no-untyped-def]
    settlement = next(s for s in result.settlements if s.wager.startswith("base"))
    return settlement.outcome, settlement.net, settlement.citation.short


def test_685a_7_n_1_dealer_22_pushes_except_21_or_two_large() -> None:
    assert _base(_settle("9h 8d", "Tc 5d 7h")) == (Outcome.PUSH, Fraction(0), "685a.7(n)(1)")
    assert _base(_settle("Th Kd", "Tc 5d 7h")) == (Outcome.WIN, Fraction(10), "685a.7(n)(1)")
    hand = [PlayerHand(cards("5h 6d Tc"))]
    assert _base(_settle("5h 6d", "Tc 5d 7h", hand)) == (Outcome.WIN, Fraction(10), "685a.7(n)(1)")
    bust = [PlayerHand(cards("Th 6d 9c"))]
    assert _base(_settle("Th 6d", "Tc 5d 7h", bust)) == (Outcome.LOSE, Fraction(-10), "685a.7(q)(1)")


def test_685a_7_o_p_q_compare_totals() -> None:
    assert _base(_settle("Th 9d", "Tc 5d 8h")) == (Outcome.WIN, Fraction(10), "685a.7(o)(1)")
    assert _base(_settle("Th 9d", "Tc 8d")) == (Outcome.WIN, Fraction(10), "685a.7(o)(2)")
    assert _base(_settle("Th 8d", "Tc 8d")) == (Outcome.PUSH, Fraction(0), "685a.7(p)")
    assert _base(_settle("Th 7d", "Tc 8d")) == (Outcome.LOSE, Fraction(-10), "685a.7(q)(2)")


def test_685a_7_h_dealer_blackjack_and_7_i_player_blackjack() -> None:
    assert _base(_settle("Ah Kd", "Ac Td")) == (Outcome.PUSH, Fraction(0), "685a.7(h)(1)")
    assert _base(_settle("9h Kd", "Ac Td")) == (Outcome.LOSE, Fraction(-10), "685a.7(h)(2)")
    assert _base(_settle("Ah Kd", "9c 8d")) == (Outcome.WIN, Fraction(15), "685a.7(i)(1)")


def test_685a_8_insurance_and_7_f_match_the_dealer() -> None:
    result = _settle("Ah 9d", "Ac Kd", insurance=5, match_the_dealer=5)
    by_wager = {s.wager: (s.net, s.citation.short) for s in result.settlements}
    assert by_wager["insurance"] == (Fraction(10), "685a.11(b)")
    assert by_wager["match_the_dealer"] == (Fraction(5 * 4), "685a.11(c)")  # ace of another suit: 4 to 1


def test_685a_replay_rejects_surrender_second_split_and_split_ace_draws() -> None:
    with pytest.raises(ReplayError) as error:
        replay_round({"chapter": "685a", "decks": 6, "player": ["Ah", "Ad"], "dealer": ["9c", "8d"],
                      "decisions": {"surrender": True},
                      "hands": [{"cards": ["Ah", "5c", "2d"]}, {"cards": ["Ad", "Kc"]}, {"cards": ["As", "3c"]}],
                      "wagers": {"base": 10}})  # fmt: skip
    problems = " | ".join(error.value.problems)
    assert "§ 685a.7(i)(2)" in problems
    assert "§ 685a.10(c)" in problems
    assert "§ 685a.10(e)" in problems


def test_685a_replay_match_the_dealer_needs_six_or_eight_decks() -> None:
    with pytest.raises(ReplayError) as error:
        replay_round({"chapter": "685a", "decks": 5, "player": ["Ah", "9d"], "dealer": ["9c", "8d"],
                      "wagers": {"base": 10, "match_the_dealer": 5}})  # fmt: skip
    assert "§ 685a.6(e)" in " ".join(error.value.problems)


def test_685a_7_m_dealer_drawing_checked_to_22() -> None:
    # A+5 is a soft 16: the dealer must draw; A+6 is a soft 17 and A+5+6 a 22: the dealer stands on both.
    with pytest.raises(ReplayError) as error:
        replay_round({"chapter": "685a", "decks": 6, "player": ["Th", "9d"], "dealer": ["Ac", "5d"],
                      "wagers": {"base": 10}})  # fmt: skip
    assert "§ 685a.7(m)" in " ".join(error.value.problems)
    with pytest.raises(ReplayError):
        replay_round({"chapter": "685a", "decks": 6, "player": ["Th", "9d"], "dealer": ["Ac", "6d", "2c"],
                      "wagers": {"base": 10}})  # fmt: skip
    result = replay_round({"chapter": "685a", "decks": 6, "player": ["Th", "9d"], "dealer": ["Ac", "5d", "6h"],
                           "wagers": {"base": 10}})  # fmt: skip
    assert _base(result) == (Outcome.PUSH, Fraction(0), "685a.7(n)(1)")


# --- Match-the-Dealer math --------------------------------------------------------------------------------------


@pytest.mark.parametrize("decks", [6, 8])
def test_685a_11_c_match_the_dealer_equals_closed_form(decks: int) -> None:
    # Per player card: same rank and suit as the up card (d - 1 of 52d - 1 left), same rank other suit (3d).
    # Expected net = 2 × (suited × odds_s + unsuited × odds_u) / (52d - 1) - P(no match) (by linearity; a card
    # that matches pays, a round with no match loses one unit).
    suited_odds, unsuited_odds = book.MATCH_THE_DEALER_ODDS[decks]
    n = 52 * decks
    suited, unsuited, other = decks - 1, 3 * decks, n - 1 - (4 * decks - 1)
    no_match = Fraction(other * (other - 1), (n - 1) * (n - 2))
    expected = 2 * Fraction(suited * suited_odds + unsuited * unsuited_odds, n - 1) - no_match
    assert analysis.match_the_dealer(decks, book.MATCH_THE_DEALER_ODDS[decks]).mean == expected
