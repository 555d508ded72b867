"""Over/Under (58 Pa. Code chapter 686a): card values, the player's decision, and settlement of each wager.

Every settlement names the subsection that decided it. Totals, winning bands and Bonus odds come from the
rulebook (:mod:`regulations.chapter_686a`), the single source of those numbers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum, unique
from fractions import Fraction

from pacomply.engine.cards import ACE_ONE_POINTS, Card, Rank
from pacomply.engine.replay_input import check_shoe_holds, parse_amount, parse_cards
from pacomply.engine.settlement import Outcome, ReplayError, RoundResult, Settlement
from pacomply.regulations.chapter_686a import (
    BONUS_ODDS_BY_TOTAL,
    DECKS_PER_BATCH,
    HOUSE_TOTALS,
    OVER_23_WINNING_TOTALS,
    UNDER_18_WINNING_TOTALS,
)
from pacomply.regulations.citation import cite
from pacomply.regulations.rulebook import odds_text

CHAPTER = "686a"
CARDS_PER_HAND = 3
ACE_VALUE = 11


@unique
class Decision(StrEnum):
    """The player's choice after the first card (§ 686a.7(g))."""

    OVER = "over"
    """Place an Over 23 wager equal to the Ante."""
    UNDER = "under"
    """Place an Under 18 wager equal to the Ante."""
    SURRENDER = "surrender"
    """Forfeit the Ante."""


def point_value(card: Card) -> int:
    """§ 686a.3(d): 2-10 at face value, pictures 10, ace 11. There is no joker in Over/Under."""
    if card.rank is None:
        raise ValueError("Over/Under is dealt without jokers")
    return _POINT_VALUES[card.rank]


def hand_total(cards: Sequence[Card]) -> int:
    """The point total of a three-card hand."""
    return sum([point_value(card) for card in cards])


_POINT_VALUES: tuple[int, ...] = (*ACE_ONE_POINTS[: Rank.ACE], ACE_VALUE)
"""§ 686a.3(d)'s point values by rank number: the shared ten-for-pictures values with the ace raised to 11."""


def settle(cards: Sequence[Card], ante: Fraction, bonus: Fraction, decision: Decision) -> RoundResult:
    """Settle one player's round: three cards, the Ante, the Bonus (0 if none) and the decision."""
    if len(cards) != CARDS_PER_HAND:
        raise ValueError(f"an Over/Under hand has {CARDS_PER_HAND} cards")
    total = hand_total(cards)
    settlements: list[Settlement] = []
    if decision == Decision.SURRENDER:
        settlements.append(
            Settlement(
                "ante", ante, Outcome.SURRENDER, -ante, cite("686a.7(g)(3)"), "Ante surrendered after the first card"
            )
        )
    else:
        settlements.extend(_settle_required(total, ante, decision))
    if bonus > 0:
        settlements.append(_settle_bonus(total, bonus, surrendered=decision == Decision.SURRENDER))
    return RoundResult(
        chapter=CHAPTER,
        cards=tuple(cards),
        settlements=tuple(settlements),
        facts=(("total", str(total)), ("decision", decision.value)),
    )


def _settle_required(total: int, ante: Fraction, decision: Decision) -> list[Settlement]:
    side = "over_23" if decision == Decision.OVER else "under_18"
    winning = OVER_23_WINNING_TOTALS if decision == Decision.OVER else UNDER_18_WINNING_TOTALS
    name = "Over 23" if decision == Decision.OVER else "Under 18"
    if total in winning:
        citation = cite("686a.7(k)(1)") if decision == Decision.OVER else cite("686a.7(k)(2)")
        explanation = f"total {total} wins the {name} wager; paid 1 to 1 under § 686a.8(a)"
        return [
            Settlement("ante", ante, Outcome.WIN, ante, citation, explanation),
            Settlement(side, ante, Outcome.WIN, ante, citation, explanation),
        ]
    if total in HOUSE_TOTALS:
        citation = cite("686a.7(l)")
        explanation = f"total {total} is in the house band 18-23"
    else:
        citation = cite("686a.7(k)")
        explanation = (
            f"total {total} is not a winning total for the {name} wager (reading 686a-losing-side: the wager loses)"
        )
    return [
        Settlement("ante", ante, Outcome.LOSE, -ante, citation, explanation),
        Settlement(side, ante, Outcome.LOSE, -ante, citation, explanation),
    ]


def _settle_bonus(total: int, bonus: Fraction, surrendered: bool) -> Settlement:
    kept = " (a surrender does not forfeit the Bonus, § 686a.7(h))" if surrendered else ""
    if total in BONUS_ODDS_BY_TOTAL:
        odds = BONUS_ODDS_BY_TOTAL[total]
        return Settlement(
            "bonus", bonus, Outcome.WIN, bonus * odds, cite("686a.8(b)"), f"total {total} pays {odds_text(odds)}{kept}"
        )
    return Settlement("bonus", bonus, Outcome.LOSE, -bonus, cite("686a.7(m)"), f"total {total} loses the Bonus{kept}")


def _amount(data: Mapping[str, object], name: str, problems: list[str], required: bool) -> Fraction:
    raw = data.get(name)
    if raw is None:
        if required:
            problems.append(f"wagers.{name}: missing; the Ante is required to play (§ 686a.6(d))")
        return Fraction(0)
    amount = parse_amount(raw, f"wagers.{name}", problems)
    if amount is None:
        return Fraction(0)
    if amount < 0 or (required and amount == 0):
        problems.append(f"wagers.{name}: {raw} must be {'more than' if required else 'at least'} 0")
    return amount


def replay(data: Mapping[str, object]) -> RoundResult:
    """Settle a recorded round (see ``examples/rounds``): cards in order, wagers, decision, decks."""
    problems: list[str] = []
    decks = data.get("decks", DECKS_PER_BATCH)
    if isinstance(decks, bool) or not isinstance(decks, int) or decks < 1:
        problems.append(f"decks: '{decks}' is not a positive whole number")
        decks = DECKS_PER_BATCH
    raw_cards = data.get("cards")
    cards: list[Card] = []
    if not isinstance(raw_cards, list):
        problems.append('cards: expected a list of three cards such as ["Ah", "9c", "Kd"]')
    else:
        if len(raw_cards) != CARDS_PER_HAND:
            problems.append(f"cards: an Over/Under hand has exactly {CARDS_PER_HAND} cards; {len(raw_cards)} given")
        cards = parse_cards(raw_cards, "cards", problems, "Over/Under is dealt without jokers (§ 686a.3(a))")
        check_shoe_holds(cards, decks, problems)
    raw_decision = data.get("decision")
    decision = None
    try:
        decision = Decision(str(raw_decision).lower())
    except ValueError:
        problems.append(f"decision: '{raw_decision}' is not one of over, under, surrender (§ 686a.7(g))")
    wagers = data.get("wagers")
    ante = bonus = Fraction(0)
    if not isinstance(wagers, dict):
        problems.append('wagers: expected an object such as {"ante": 10, "bonus": 5}')
    else:
        unknown = sorted(set(wagers) - {"ante", "bonus"})
        if unknown:
            problems.append(
                f"wagers: {', '.join(unknown)} not an Over/Under wager placed before the deal (ante, bonus)"
            )
        ante = _amount(wagers, "ante", problems, required=True)
        bonus = _amount(wagers, "bonus", problems, required=False)
    if problems:
        raise ReplayError(problems)
    assert decision is not None
    return settle(cards, ante, bonus, decision)
