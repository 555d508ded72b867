"""The 633a rulebook against the chapter text: every paytable number, minimum and the deck restrictions."""

from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction

import pytest
from pacomply.regulations import chapter_633a as book

from pacomply import regulations


def _normalised(text: str) -> str:
    return re.sub(r"\s+", " ", text).lower()


def _between(text: str, start: str, end: str) -> str:
    body = _normalised(text)
    first = body.index(start.lower())
    return body[first : body.index(end.lower(), first + len(start))]


def _odds(value: Fraction | int) -> str:
    value = Fraction(value)
    text = str(value.numerator) if value.denominator == 1 else str(float(value))
    return f"{int(text):,}" if value.denominator == 1 else text


@pytest.fixture(scope="module")
def text(regulation_text: Callable[[str], str]) -> str:
    return regulation_text("633a")


def test_633a_13_c_lucky_ladies_paytable_matches_text(text: str) -> None:
    section = _between(text, "(c) The certificate holder shall pay out winning Lucky Ladies", "(d) The certificate")
    for hand, odds in book.LUCKY_LADIES_ODDS.items():
        assert f"{hand} {_odds(odds)} to 1" in section


def test_633a_13_d_match_the_dealer_paytables_match_text(text: str) -> None:
    section = _between(text, "(d) The certificate holder shall pay out winning Match-the-Dealer", "(e) The certificate")
    for decks, (suited, unsuited) in book.MATCH_THE_DEALER_ODDS.items():
        words = {6: "six", 8: "eight"}[decks]
        part = section[section.index(f"if {words} decks") :]
        expected = (f"if {words} decks of cards are being used: hand payout each matching card of the same suit "
                    f"{suited} to 1 each matching card of a different suit {unsuited} to 1")  # fmt: skip
        assert part.startswith(expected)


def test_633a_13_e_in_between_paytable_matches_text(text: str) -> None:
    section = _between(text, "(e) The certificate holder shall pay out winning In Between", "(f) The certificate")
    expected = " ".join(f"{hand} {odds} to 1" for hand, odds in book.IN_BETWEEN_ODDS.items())
    assert expected in section


def test_633a_13_f_royal_match_paytables_match_text(text: str) -> None:
    section = _between(text, "(f) The certificate holder shall pay out winning Royal Match 21", "(g) The certificate")
    for group in (book.ROYAL_MATCH_SINGLE_DECK, book.ROYAL_MATCH_MULTI_DECK):
        royal = " ".join(f"{_odds(book.ROYAL_MATCH_ODDS[p][0])} to 1" for p in group)
        suited = " ".join(f"{_odds(book.ROYAL_MATCH_ODDS[p][1])} to 1" for p in group)
        crown = " ".join(f"{book.CROWN_TREASURE_FOR_ONE:,} for 1" for _ in group)
        header = " ".join(f"paytable {p.lower()}" for p in group)
        assert f"hand {header} royal match {royal} suited match {suited} crown treasure {crown}" in section


def test_633a_13_g_bet_the_set_paytables_match_text(text: str) -> None:
    section = _between(text, "(g) The certificate holder shall pay out winning Bet the Set 21", "(h) The certificate")
    assert "if a single deck is being used: hand paytable a pairs 15 to 1" in section
    assert book.BET_THE_SET_ODDS["A"] == (None, 15)
    assert "if two decks are being used: hand paytable b suited pairs 25 to 1 pairs 10 to 1" in section
    assert book.BET_THE_SET_ODDS["B"] == (25, 10)
    c_suited, c_pair = book.BET_THE_SET_ODDS["C"]
    d_suited, d_pair = book.BET_THE_SET_ODDS["D"]
    assert (f"if four or more decks are being used: hand paytable c paytable d suited pairs {c_suited} to 1 "
            f"{d_suited} to 1 pairs {c_pair} to 1 {d_pair} to 1") in section  # fmt: skip


def test_633a_13_h_kings_bounty_paytable_matches_text(text: str) -> None:
    section = _between(text, "(h) The certificate holder shall pay out winning King's Bounty", "(i) The certificate")
    expected = " ".join(f"{hand} {_odds(odds)} to 1" for hand, odds in book.KINGS_BOUNTY_ODDS.items())
    assert expected in section


def test_633a_13_i_super_match_paytables_match_text(text: str) -> None:
    section = _between(text, "(i) The certificate holder shall pay out winning Super Match", "(j) If a certificate")
    for decks, odds in book.SUPER_MATCH_ODDS.items():
        rows = " ".join(f"{hand} {value} to 1" for hand, value in odds.items())
        words = {6: "six", 8: "eight"}[decks]
        assert f"if {words} decks are being used: hand payout {rows}" in section


def test_633a_13_j_bad_beat_paytable_and_reset_match_text(text: str) -> None:
    section = _between(text, "(j) If a certificate holder offers the Bad Beat", "(k) The certificate")
    rows = " ".join(
        f"{hand} {'100% of meter' if award is None else f'{award:,} for 1'}"
        for hand, award in book.BAD_BEAT_FOR_ONE.items()
    )
    assert f"player has a 20 and dealer has: {rows}" in section
    assert f"player has a 20 (optional) {book.BAD_BEAT_PLAYER_20_FOR_ONE} for 1" in section
    assert f"magic card bonus (optional) {book.MAGIC_CARD_BONUS_FOR_ONE} for 1" in section
    assert f"lucky player bonus (optional) {book.LUCKY_PLAYER_BONUS_FOR_ONE} for 1" in section
    assert f"at least ${book.BAD_BEAT_MINIMUM_RESET:,}" in section


def test_633a_13_k_l_three_card_poker_and_hit_and_run_match_text(text: str) -> None:
    assert f"three card poker wagers at odds of {book.THREE_CARD_POKER_ODDS} to 1" in _normalised(text)
    section = _between(text, "(l) If the certificate holder offers the Hit and Run", "(m) Notwithstanding")
    rows = " ".join(
        f"{hand} {'100% of meter' if award is None else f'{award:,} for 1'}"
        for hand, award in book.HIT_AND_RUN_FOR_ONE.items()
    )
    assert f"dealer has: {rows}" in section
    assert f"at least ${book.HIT_AND_RUN_MINIMUM_RESET:,}" in section


def test_633a_13_m_maximum_payout_floor_matches_text(text: str) -> None:
    section = _between(text, "(m) Notwithstanding", "§ 633a.14")
    assert f"at least ${book.MAXIMUM_PAYOUT_FLOOR:,} or the maximum amount that one patron could win" in section


def test_633a_2_a_and_3_d_numbers_match_text(text: str) -> None:
    body = _normalised(text)
    assert "betting positions for no more than seven players" in body and book.MAX_BETTING_POSITIONS == 7
    assert "at least once every 24 hours" in body and book.CARD_CHANGE_HOURS == 24
    assert "changed at least every 4 hours" in body and book.HAND_DEALT_CARD_CHANGE_HOURS == 4
    assert "no more than two decks of cards shall be used" in body and book.HAND_DEALING_MAX_DECKS == 2


@pytest.mark.parametrize(
    ("wager", "paytable", "decks"),
    [
        ("royal_match", "A", {1}),
        ("royal_match", "B", {1}),
        ("royal_match", "C", set(range(2, 9))),
        ("royal_match", "E", set(range(2, 9))),
        ("bet_the_set", "A", {1}),
        ("bet_the_set", "B", {2}),
        ("bet_the_set", "C", set(range(4, 9))),
        ("bet_the_set", "D", set(range(4, 9))),
        ("match_the_dealer", "633a.13(d)(1)", {6}),
        ("match_the_dealer", "633a.13(d)(2)", {8}),
        ("super_match", "633a.13(i)(1)", {6}),
        ("super_match", "633a.13(i)(2)", {8}),
    ],
)
def test_633a_13_paytables_permitted_only_at_their_deck_counts(wager: str, paytable: str, decks: set[int]) -> None:
    # From the text: (f)(1) single deck, (f)(2) multiple decks; (g)(1) one, (g)(2) two, (g)(3) four or more;
    # (d)(1)/(i)(1) six decks, (d)(2)/(i)(2) eight decks.
    assert regulations.rulebook("633a").paytable(wager, paytable).permitted_decks == frozenset(decks)


def test_633a_checklist_keys_are_unique_and_dependencies_exist() -> None:
    rulebook = regulations.rulebook("633a")
    keys = [question.key for question in rulebook.checklist]
    assert len(keys) == len(set(keys))
    for question in rulebook.checklist:
        if question.depends_on is not None:
            assert rulebook.question(question.depends_on).kind.value == "yes_no"
        assert question.section.chapter == "633a"


def test_633a_6_e_every_optional_wager_has_an_offered_question() -> None:
    from pacomply.checker.rules.chapter_633a import OFFERED_KEYS

    rulebook = regulations.rulebook("633a")
    optional = {wager.id for wager in rulebook.wagers if not wager.required} - {"insurance"}
    assert optional == set(OFFERED_KEYS)
    for key in OFFERED_KEYS.values():
        rulebook.question(key)
