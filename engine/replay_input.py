"""Reading a recorded round's JSON for replay: card lists and amounts, every problem collected with its field.

The games' ``replay`` functions share these so that the same mistake reads the same way in every chapter.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping
from fractions import Fraction

from pacomply.engine.cards import Card, CardParseError


def parse_amount(raw: object, field: str, problems: list[str]) -> Fraction | None:
    """The number ``raw`` holds (a JSON number or a numeric string), or None with a problem recorded.

    Its sign is the caller's to judge: chapters say differently which wagers may be zero."""
    if isinstance(raw, bool) or not isinstance(raw, int | float | str):
        problems.append(f"{field}: '{raw}' is not an amount")
        return None
    try:
        return Fraction(str(raw))
    except ValueError:
        problems.append(f"{field}: '{raw}' is not an amount")
        return None


def read_amount(raw: object, field: str, problems: list[str]) -> Fraction:
    """A non-negative amount (0, with a problem recorded, when it is not one)."""
    amount = parse_amount(raw, field, problems)
    if amount is None:
        return Fraction(0)
    if amount < 0:
        problems.append(f"{field}: {raw} is negative")
    return amount


def read_wager_amounts(
    raw: object, known: Collection[str], chapter: str, example: str, problems: list[str]
) -> dict[str, Fraction]:
    """A round's ``wagers`` object: each of the chapter's ``known`` wagers it names as a non-negative amount. A
    problem when it is not an object (``example`` shows one) and for each wager the chapter does not have."""
    wagers: dict[str, Fraction] = {}
    if not isinstance(raw, dict):
        problems.append(f"wagers: expected an object such as {example}")
        return wagers
    for name in sorted(set(raw) - set(known)):
        problems.append(f"wagers.{name}: not a {chapter} wager ({', '.join(sorted(known))})")
    for name in sorted(set(raw) & set(known)):
        wagers[name] = read_amount(raw[name], f"wagers.{name}", problems)
    return wagers


def read_wager(wagers: Mapping[str, object], name: str, problems: list[str]) -> Fraction | None:
    """``wagers[name]`` as an amount of at least 0; None when it is absent or not a number (a problem recorded)."""
    raw = wagers.get(name)
    if raw is None:
        return None
    amount = parse_amount(raw, f"wagers.{name}", problems)
    if amount is not None and amount < 0:
        problems.append(f"wagers.{name}: {raw} must be at least 0")
    return amount


def parse_cards(raw: list[object], field: str, problems: list[str], jokers_refused_because: str | None) -> list[Card]:
    """Each text of a JSON list as a card; one problem per entry that is not a card (or a refused joker)."""
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


def check_shoe_holds(cards: list[Card], decks: int, problems: list[str]) -> None:
    """A problem for each card dealt more often than a shoe of ``decks`` decks holds it."""
    for card, count in sorted(Counter(cards).items()):
        if count > decks:
            problems.append(f"cards: {card} appears {count} times but a {decks}-deck shoe holds {decks}")


def read_card_list(
    raw: object, field: str, problems: list[str], *, jokers_refused_because: str | None = None
) -> list[Card]:
    """A non-empty JSON list of cards; a joker is refused with the given reason when the game has none."""
    if not isinstance(raw, list) or not raw:
        problems.append(f'{field}: expected a list of cards such as ["Ah", "Kd"]')
        return []
    return parse_cards(raw, field, problems, jokers_refused_because)
