"""A shoe that deals given cards in order, for scripted rounds: the round players only call ``draw``."""

from __future__ import annotations

from pacomply.engine.cards import Card


class ScriptedShoe:
    """Deals the given cards in order (the round player only calls ``draw``)."""

    def __init__(self, cards: str) -> None:
        self.cards = [Card.parse(text) for text in cards.split()]
        self.dealt = 0

    def draw(self) -> Card:
        card = self.cards[self.dealt]
        self.dealt += 1
        return card
