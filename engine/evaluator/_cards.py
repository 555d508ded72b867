"""Turning the callers' cards (``Card`` objects, text or indices) into the index arrays the kernels read."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np
from pacomply.engine.cards import JOKER_INDEX, Card, cards_text


class InvalidHandError(ValueError):
    """A hand has the wrong number of cards, a repeated card, or a card the game does not use."""


CardLike = Card | int | str


def card_index(card: CardLike) -> int:
    """The shared index (engine.cards encoding) of a Card, an index, or card text such as ``'Ah'``/``'JK'``."""
    if isinstance(card, Card):
        return card.index
    if isinstance(card, str):
        return Card.parse(card).index
    index = int(card)
    if not 0 <= index <= JOKER_INDEX:
        raise InvalidHandError(f"card index {index} is outside 0..52")
    return index


def hand_array(cards: Iterable[CardLike], sizes: Sequence[int], allow_joker: bool, game: str) -> np.ndarray:
    """Validated 1-D ``uint8`` array of distinct card indices."""
    # Plain ints are the common case (replay, enumerations feeding the scalar API); skip the conversions for them.
    indices = [card if type(card) is int else card_index(card) for card in cards]
    if len(indices) not in sizes:
        expected = " or ".join(str(size) for size in sizes)
        raise InvalidHandError(f"{game}: a hand has {expected} cards, got {len(indices)}")
    if min(indices) < 0 or max(indices) > JOKER_INDEX:
        raise InvalidHandError(f"{game}: card indices run 0..52, got {indices}")
    if len(set(indices)) != len(indices):
        raise InvalidHandError(f"{game}: a hand holds the same card twice ({cards_text(indices)})")
    if not allow_joker and JOKER_INDEX in indices:
        raise InvalidHandError(f"{game}: the joker is not used in this evaluation ({cards_text(indices)})")
    return np.array(indices, dtype=np.uint8)


def hands_array(hands: np.ndarray | Sequence[Sequence[int]], sizes: Sequence[int], allow_joker: bool) -> np.ndarray:
    """Validated 2-D ``uint8`` array for the batch kernels (range and width checked, not duplicates: speed)."""
    array = np.asarray(hands)
    if array.ndim != 2 or array.shape[1] not in sizes:
        raise InvalidHandError(f"expected an (n, {'|'.join(map(str, sizes))}) array of card indices, got {array.shape}")
    limit = JOKER_INDEX if allow_joker else JOKER_INDEX - 1
    if array.size and (int(array.max()) > limit or int(array.min()) < 0):
        raise InvalidHandError(f"card indices must be 0..{limit}")
    array = np.ascontiguousarray(array, dtype=np.uint8)
    return array
