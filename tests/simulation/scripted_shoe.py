"""A shoe that deals given cards in order, for scripted rounds: the round players call ``draw`` (and the Pai Gow
rounds ``draw_indices``)."""

from __future__ import annotations

from pacomply.engine.cards import Card


class ScriptedShoe:
    """Deals the given cards in order."""

    def __init__(self, cards: str) -> None:
        self.cards = [Card.parse(text) for text in cards.split()]
        self.dealt = 0

    def draw(self) -> Card:
        card = self.cards[self.dealt]
        self.dealt += 1
        return card

    def draw_indices(self, count: int) -> list[int]:
        return [self.draw().index for _ in range(count)]
