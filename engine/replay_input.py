"""Reading a recorded round's JSON for replay: card lists and amounts, every problem collected with its field.

The games' ``replay`` functions share these so that the same mistake reads the same way in every chapter.
"""

from __future__ import annotations

from fractions import Fraction

from pacomply.engine.cards import Card, CardParseError


def read_amount(raw: object, field: str, problems: list[str]) -> Fraction:
    """A non-negative amount (0, with a problem recorded, when it is not one)."""
    if isinstance(raw, bool) or not isinstance(raw, int | float | str):
        problems.append(f"{field}: '{raw}' is not an amount")
        return Fraction(0)
    try:
        amount = Fraction(str(raw))
    except ValueError:
        problems.append(f"{field}: '{raw}' is not an amount")
        return Fraction(0)
    if amount < 0:
        problems.append(f"{field}: {raw} is negative")
    return amount


def read_card_list(
    raw: object, field: str, problems: list[str], *, jokers_refused_because: str | None = None
) -> list[Card]:
    """A non-empty JSON list of cards; a joker is refused with the given reason when the game has none."""
    if not isinstance(raw, list) or not raw:
        problems.append(f'{field}: expected a list of cards such as ["Ah", "Kd"]')
        return []
    cards = []
    for position, text in enumerate(raw):
        try:
            card = Card.parse(str(text))
        except CardParseError as error:
            problems.append(f"{field}[{position}]: {error}")
            continue
        if card.is_joker and jokers_refused_because is not None:
            problems.append(f"{field}[{position}]: {jokers_refused_because}")
            continue
        cards.append(card)
    return cards
