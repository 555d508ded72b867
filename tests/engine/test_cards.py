"""The shared card vocabulary: encoding, parsing and shoes."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pacomply.engine.cards import (
    JOKER,
    JOKER_INDEX,
    Card,
    CardParseError,
    Rank,
    Suit,
    cards_text,
    shoe_cards,
    standard_deck,
)


def test_index_encoding_is_rank_major_then_suit() -> None:
    assert Card(Rank.TWO, Suit.CLUBS).index == 0
    assert Card(Rank.TWO, Suit.SPADES).index == 3
    assert Card(Rank.ACE, Suit.SPADES).index == 51
    assert JOKER.index == JOKER_INDEX == 52


@given(st.integers(min_value=0, max_value=52))
def test_index_round_trips(index: int) -> None:
    assert Card.from_index(index).index == index


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Ah", Card(Rank.ACE, Suit.HEARTS)),
        ("10d", Card(Rank.TEN, Suit.DIAMONDS)),
        ("tc", Card(Rank.TEN, Suit.CLUBS)),
        ("JK", JOKER),
        ("joker", JOKER),
        (" qS ", Card(Rank.QUEEN, Suit.SPADES)),
    ],
)
def test_parse_accepts_the_usual_spellings(text: str, expected: Card) -> None:
    assert Card.parse(text) == expected


@pytest.mark.parametrize("text", ["", "A", "1h", "Ax", "11s", "Kz"])
def test_parse_refuses_what_is_not_a_card(text: str) -> None:
    with pytest.raises(CardParseError):
        Card.parse(text)


def test_str_round_trips_every_card() -> None:
    for card in (*standard_deck(), JOKER):
        assert Card.parse(str(card)) == card


def test_cards_text_writes_each_card_as_the_card_writes_itself() -> None:
    """The settled rounds' descriptions read indices through one table; it says what each Card says."""
    indices = list(range(JOKER_INDEX + 1))
    assert cards_text(indices).split(" ") == [str(Card.from_index(index)) for index in indices]
    assert cards_text([51, 8, 52]) == "As 4c JK"
    assert cards_text([]) == ""


def test_shoe_holds_each_card_once_per_deck() -> None:
    shoe = shoe_cards(6, jokers_per_deck=1)
    assert len(shoe) == 6 * 53
    assert shoe.count(Card(Rank.ACE, Suit.HEARTS)) == 6
    assert shoe.count(JOKER) == 6
