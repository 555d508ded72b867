"""The card vocabulary every game and evaluator shares.

Encoding (stable; the evaluators' lookup tables depend on it):

* a standard card's ``index`` is ``rank_index * 4 + suit_index`` where ``rank_index`` runs 0..12 for
  two..ace and ``suit_index`` is 0 clubs, 1 diamonds, 2 hearts, 3 spades — so 0 is the two of clubs and
  51 the ace of spades;
* the joker is index 52.

Text form: rank character (``2``-``9``, ``T`` or ``10``, ``J``, ``Q``, ``K``, ``A``) followed by a suit
character (``c``, ``d``, ``h``, ``s``), case-insensitive; the joker is ``JK`` (also ``Joker``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import IntEnum, StrEnum, unique

JOKER_INDEX = 52
STANDARD_DECK_SIZE = 52


@unique
class Rank(IntEnum):
    """Card ranks, valued two through ace-high (14), as poker orders them."""

    TWO = 2
    """Deuce; wild in DJ Wild Stud Poker."""
    THREE = 3
    """Three."""
    FOUR = 4
    """Four."""
    FIVE = 5
    """Five."""
    SIX = 6
    """Six."""
    SEVEN = 7
    """Seven."""
    EIGHT = 8
    """Eight."""
    NINE = 9
    """Nine."""
    TEN = 10
    """Ten."""
    JACK = 11
    """Jack (a picture card)."""
    QUEEN = 12
    """Queen (a picture card)."""
    KING = 13
    """King (a picture card)."""
    ACE = 14
    """Ace; its point value is game-specific (11 in Over/Under, 1 or 11 in blackjack)."""

    @property
    def symbol(self) -> str:
        """One-character symbol: 2-9, T, J, Q, K, A."""
        return _RANK_SYMBOLS[self]

    @property
    def rank_index(self) -> int:
        """0 for two up to 12 for ace: the rank part of a card index."""
        return int(self) - 2


@unique
class Suit(StrEnum):
    """The four suits in index order."""

    CLUBS = "c"
    """Clubs (suit index 0)."""
    DIAMONDS = "d"
    """Diamonds (suit index 1)."""
    HEARTS = "h"
    """Hearts (suit index 2)."""
    SPADES = "s"
    """Spades (suit index 3)."""


_SUIT_ORDER: tuple[Suit, ...] = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
_SUIT_INDEX: dict[Suit, int] = {suit: position for position, suit in enumerate(_SUIT_ORDER)}
_CARDS_BY_INDEX: list[Card] = []
"""The 52 standard cards by index, built on first use by :meth:`Card.from_index`."""
_RANK_SYMBOLS = {
    rank: ("T" if rank == Rank.TEN else "JQKA"[rank - 11] if rank > 10 else str(int(rank))) for rank in Rank
}
_SYMBOL_TO_RANK = {symbol: rank for rank, symbol in _RANK_SYMBOLS.items()} | {"10": Rank.TEN}


class CardParseError(ValueError):
    """A card's text form could not be read."""


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """One playing card, or the joker (``rank`` and ``suit`` both ``None``)."""

    rank: Rank | None
    suit: Suit | None
    index: int = field(init=False, repr=False, compare=False)
    """The shared integer encoding (see the module docstring). Worked out once when the card is built: the
    simulations read it for every card dealt, and a property recomputing it was a seventh of a Pai Gow round."""

    def __post_init__(self) -> None:
        if (self.rank is None) != (self.suit is None):
            raise ValueError("a card has both a rank and a suit, or neither (the joker)")
        index = (
            JOKER_INDEX if self.rank is None or self.suit is None else self.rank.rank_index * 4 + _SUIT_INDEX[self.suit]
        )
        object.__setattr__(self, "index", index)

    @property
    def is_joker(self) -> bool:
        """True for the joker."""
        return self.rank is None

    @classmethod
    def from_index(cls, index: int) -> Card:
        """Inverse of :attr:`index`. Cards are immutable, so the 53 of them are built once and shared: simulations
        call this for every card dealt, and building a Card (two enum lookups) was a fifth of a Pai Gow round."""
        if index == JOKER_INDEX:
            return JOKER
        if not 0 <= index < STANDARD_DECK_SIZE:
            raise ValueError(f"card index {index} is outside 0..52")
        if not _CARDS_BY_INDEX:
            _CARDS_BY_INDEX.extend(cls(Rank(i // 4 + 2), _SUIT_ORDER[i % 4]) for i in range(STANDARD_DECK_SIZE))
        return _CARDS_BY_INDEX[index]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``'Ah'``, ``'10d'``, ``'Tc'`` or ``'JK'``; raise :class:`CardParseError` otherwise."""
        cleaned = text.strip()
        if cleaned.lower() in {"jk", "joker", "jo"}:
            return JOKER
        if len(cleaned) < 2:
            raise CardParseError(f"'{text}' is not a card (expected rank then suit, e.g. 'Ah', 'Td', or 'JK')")
        rank_text, suit_text = cleaned[:-1].upper(), cleaned[-1].lower()
        rank = _SYMBOL_TO_RANK.get(rank_text)
        if rank is None:
            raise CardParseError(f"'{text}' has no rank 2-10, J, Q, K or A")
        try:
            suit = Suit(suit_text)
        except ValueError:
            raise CardParseError(f"'{text}' has no suit c, d, h or s") from None
        return cls(rank, suit)

    def __str__(self) -> str:
        if self.rank is None or self.suit is None:
            return "JK"
        return f"{self.rank.symbol}{self.suit.value}"


JOKER = Card(None, None)


#: Each card's text ('Ah', '10d', 'JK') by index, 0 .. 52: rounds settled in a simulation describe every hand, and
#: building the Card and its text for each card of each hand was a tenth of a Pai Gow round.
CARD_TEXT_BY_INDEX: tuple[str, ...] = tuple(str(Card.from_index(index)) for index in range(JOKER_INDEX + 1))


def cards_text(indices: Iterable[int]) -> str:
    """Card indices (0 .. 52, checked by the caller) written as a reader reads them, one space between cards:
    ``'Ah 10d JK'``."""
    return " ".join(CARD_TEXT_BY_INDEX[index] for index in indices)


def standard_deck() -> tuple[Card, ...]:
    """The 52 standard cards in index order."""
    return tuple(Card.from_index(index) for index in range(STANDARD_DECK_SIZE))


def shoe_cards(decks: int, jokers_per_deck: int = 0) -> tuple[Card, ...]:
    """Every card of a shoe of ``decks`` decks (each with ``jokers_per_deck`` jokers), in index order."""
    if decks < 1:
        raise ValueError("a shoe has at least one deck")
    one_deck = standard_deck() + (JOKER,) * jokers_per_deck
    return one_deck * decks


def parse_cards(texts: Iterable[str]) -> list[Card]:
    """Parse several cards; raises on the first bad one (callers that must collect problems loop themselves)."""
    return [Card.parse(text) for text in texts]


#: A rank's point value where pictures count ten and the ace one, indexed by the rank's number (2-14; 0 and 1 unused):
#: how the blackjack family (633a, 685a), 21 Baccarat (681a) and, with its ace raised to 11, Over/Under (686a) count
#: a card. A table rather than a property because a simulation reads it for every card it deals.
ACE_ONE_POINTS: tuple[int, ...] = (0, 0, *(min(rank, 10) for rank in range(2, 14)), 1)
