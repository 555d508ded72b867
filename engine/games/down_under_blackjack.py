"""Down Under Blackjack (58 Pa. Code chapter 685a): the hole-card range, the dealer's 17-22 rule, the 22 push, and
settlement of the Bet Wager, Insurance and Match-the-Dealer with the subsection that decided each; ``replay``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum, unique
from fractions import Fraction

from pacomply.engine.cards import Card, Rank
from pacomply.engine.games.blackjack_hand import BLACKJACK_TOTAL, hand_total, is_blackjack, is_ten_valued, point_value
from pacomply.engine.replay_input import read_card_list, read_wager_amounts
from pacomply.engine.settlement import Outcome, ReplayError, RoundResult, Settlement
from pacomply.regulations import chapter_685a as book
from pacomply.regulations.citation import cite
from pacomply.regulations.rulebook import odds_text

CHAPTER = "685a"


@unique
class HoleRange(StrEnum):
    """The Masque Card Reader's light for the hole card (§ 685a.3(e))."""

    SMALL = "small"
    """2-5, blue light."""
    MEDIUM = "medium"
    """6-9, red light."""
    LARGE = "large"
    """10, J, Q, K or A, yellow light."""


def hole_range(card: Card) -> HoleRange:
    """§ 685a.3(e): the range the reader shows before any player acts."""
    value = 11 if card.rank == Rank.ACE else point_value(card)
    if value in book.SMALL_VALUES:
        return HoleRange.SMALL
    if value in book.MEDIUM_VALUES:
        return HoleRange.MEDIUM
    return HoleRange.LARGE


def is_large(card: Card) -> bool:
    """10, jack, queen, king or ace (§ 685a.1)."""
    return hole_range(card) == HoleRange.LARGE


def dealer_total(cards: Sequence[Card]) -> int:
    """§ 685a.3(d)(3): the dealer's ace counts 11 unless that takes the hand over 22 (so A-A is a dealer 22)."""
    return hand_total(cards, limit=book.DEALER_MAX_TOTAL).total


def dealer_must_draw(cards: Sequence[Card]) -> bool:
    """§ 685a.7(m): the dealer draws until a hard or soft 17 to 22."""
    return dealer_total(cards) < book.DEALER_STANDS_FROM


def match_the_dealer(first: Card, second: Card, up: Card, decks: int) -> tuple[str | None, Fraction]:
    """§ 685a.7(f), § 685a.11(c): each matching card at its own odds (reading 685a-match-per-card)."""
    if decks not in book.MATCH_THE_DEALER_ODDS:
        raise ValueError(f"Match-the-Dealer is offered only with 6 or 8 decks (§ 685a.6(e)); {decks} given")
    suited_odds, unsuited_odds = book.MATCH_THE_DEALER_ODDS[decks]
    net = Fraction(0)
    parts = []
    for card in (first, second):
        if card.rank == up.rank:
            suited = card.suit == up.suit
            net += suited_odds if suited else unsuited_odds
            parts.append("suited match" if suited else "unsuited match")
    return (", ".join(parts) if parts else None), net


@dataclass(frozen=True, slots=True)
class PlayerHand:
    """One of the player's final hands."""

    cards: tuple[Card, ...]
    doubled: bool = False
    split: bool = False

    @property
    def natural(self) -> bool:
        """Blackjack on the first two cards of an unsplit hand (§ 685a.1)."""
        return not self.split and is_blackjack(self.cards)


def _settle_hand(hand: PlayerHand, wager: Fraction, dealer: Sequence[Card], name: str) -> Settlement:
    stake = wager * (2 if hand.doubled else 1)
    player = hand_total(hand.cards).total
    if is_blackjack(dealer[:2]):
        if hand.natural:
            return Settlement(name, wager, Outcome.PUSH, Fraction(0), cite("685a.7(h)(1)"), "Blackjack against dealer "
                              "Blackjack: the Bet Wager is returned")  # fmt: skip
        citation = cite("685a.9(b)") if hand.doubled else cite("685a.10(d)") if hand.split else cite("685a.7(h)(2)")
        return Settlement(name, stake, Outcome.LOSE, -wager, citation, "dealer Blackjack; only the initial Bet Wager "
                          "is collected")  # fmt: skip
    if hand.natural:
        return Settlement(name, wager, Outcome.WIN, wager * book.BLACKJACK_ODDS, cite("685a.7(i)(1)"),
                          f"Blackjack pays {odds_text(book.BLACKJACK_ODDS)} (§ 685a.11(a))")  # fmt: skip
    if player > BLACKJACK_TOTAL:
        return Settlement(name, stake, Outcome.LOSE, -stake, cite("685a.7(q)(1)"), f"player busts with {player}")
    dealer_points = dealer_total(dealer)
    if dealer_points == book.DEALER_MAX_TOTAL:
        two_large = not hand.split and len(hand.cards) >= 2 and is_large(hand.cards[0]) and is_large(hand.cards[1])
        if player == BLACKJACK_TOTAL or two_large:
            why = "a 21" if player == BLACKJACK_TOTAL else "two original Large cards (reading 685a-two-large-cards)"
            return Settlement(name, stake, Outcome.WIN, stake, cite("685a.7(n)(1)"), f"dealer 22; the player has {why}")
        return Settlement(name, stake, Outcome.PUSH, Fraction(0), cite("685a.7(n)(1)"), "dealer 22 pushes")
    if dealer_points > book.DEALER_MAX_TOTAL:
        return Settlement(name, stake, Outcome.WIN, stake, cite("685a.7(o)(1)"), f"dealer busts with {dealer_points}")
    if player > dealer_points:
        return Settlement(name, stake, Outcome.WIN, stake, cite("685a.7(o)(2)"), f"{player} beats {dealer_points}")
    if player == dealer_points:
        return Settlement(name, stake, Outcome.PUSH, Fraction(0), cite("685a.7(p)"), f"{player} ties")
    return Settlement(name, stake, Outcome.LOSE, -stake, cite("685a.7(q)(2)"), f"{dealer_points} beats {player}")


def settle(
    initial: Sequence[Card],
    dealer: Sequence[Card],
    hands: Sequence[PlayerHand],
    wagers: Mapping[str, Fraction],
    decks: int,
    describe: bool = True,
) -> RoundResult:
    """Settle a 685a round for one box as the chapter counts it (the dealer's A-A a 22, § 685a.3(d)(3)): what a
    dispute is settled with, so it takes no reading. The simulator's soft-12 candidate of reading
    ``685a-dealer-ace-pair`` changes only when its dealer draws (:mod:`engine.simulation.down_under_blackjack`).

    ``describe=False`` leaves out the facts shown beside a replayed round (text a simulation never reads)."""
    up, hole = dealer[0], dealer[1]
    settlements: list[Settlement] = []
    match_amount = wagers.get("match_the_dealer", Fraction(0))
    if match_amount > 0:
        matched, net = match_the_dealer(initial[0], initial[1], up, decks)
        if matched is None:
            settlements.append(Settlement("match_the_dealer", match_amount, Outcome.LOSE, -match_amount,
                                          cite("685a.7(f)"), "no card matches the up card's rank"))  # fmt: skip
        else:
            settlements.append(Settlement("match_the_dealer", match_amount, Outcome.WIN, match_amount * net,
                                          cite("685a.11(c)"), f"{matched}: {odds_text(net)} in all"))  # fmt: skip
    insurance = wagers.get("insurance", Fraction(0))
    if insurance > 0:
        if is_ten_valued(hole):
            settlements.append(Settlement("insurance", insurance, Outcome.WIN, insurance * book.INSURANCE_ODDS,
                                          cite("685a.11(b)"), "hole card 10-K: Insurance pays 2 to 1"))  # fmt: skip
        else:
            settlements.append(Settlement("insurance", insurance, Outcome.LOSE, -insurance, cite("685a.8(d)"),
                                          "no dealer Blackjack: Insurance collected"))  # fmt: skip
    base = wagers.get("base", Fraction(0))
    for index, hand in enumerate(hands):
        name = "base" if len(hands) == 1 else f"base[{index + 1}]"
        settlements.append(_settle_hand(hand, base, dealer, name))
    extra = [c for h in hands for c in (h.cards[1:] if h.split else h.cards[2:])]
    if not describe:
        return RoundResult(CHAPTER, (*initial, *dealer, *extra), tuple(settlements))
    exposed = is_large(up) and is_large(hole)
    facts = (
        ("hole card range", hole_range(hole).value + (" (exposed before action, § 685a.7(h))" if exposed else "")),
        (
            "dealer",
            f"{' '.join(map(str, dealer))} "
            f"({'Blackjack' if is_blackjack(dealer[:2]) else dealer_total(dealer)})",
        ),
        *((f"hand {i + 1}", f"{' '.join(map(str, h.cards))} ({hand_total(h.cards)})") for i, h in enumerate(hands)),
    )
    return RoundResult(CHAPTER, (*initial, *dealer, *extra), tuple(settlements), facts)


def _cards(raw: object, field: str, problems: list[str]) -> list[Card]:
    return read_card_list(
        raw, field, problems, jokers_refused_because="Down Under Blackjack is dealt without jokers (§ 685a.3(a))"
    )


def _hands(raw: object, initial: list[Card], problems: list[str]) -> list[PlayerHand]:
    if len(initial) != 2:
        return []
    if raw is None:
        return [PlayerHand(tuple(initial))]
    if not isinstance(raw, list) or not raw:
        problems.append('hands: expected a list of hands such as [{"cards": ["9s", "2d", "Kc"], "double": true}]')
        return []
    if len(raw) > book.MAX_SPLITS + 1:
        problems.append(f"hands: {len(raw)} hands; a pair may be split once, for two hands (§ 685a.10(c))")
    hands = []
    for index, item in enumerate(raw):
        field = f"hands[{index}]"
        if not isinstance(item, dict):
            problems.append(f"{field}: expected an object with cards")
            continue
        cards = _cards(item.get("cards"), f"{field}.cards", problems)
        doubled = item.get("double", False)
        if not isinstance(doubled, bool):
            problems.append(f"{field}.double: '{doubled}' is not true or false")
            doubled = False
        hand = PlayerHand(tuple(cards), doubled, split=len(raw) > 1)
        hands.append(hand)
        for count in range(2, len(cards)):
            if hand_total(cards[:count]).total >= BLACKJACK_TOTAL:
                problems.append(f"{field}: a card was drawn at {hand_total(cards[:count])} (§ 685a.7(k))")
                break
        if doubled and len(cards) != 3:
            problems.append(f"{field}: a doubled hand takes exactly one more card (§ 685a.9(a))")
        if hand.split and initial[0].rank == Rank.ACE and len(cards) != 2:
            problems.append(f"{field}: each split ace receives only one card (§ 685a.10(e))")
    if len(hands) == 1 and hands[0].cards[:2] != tuple(initial):
        problems.append("hands[0]: an unsplit hand starts with the player's first two cards")
    if len(hands) > 1:
        if point_value(initial[0]) != point_value(initial[1]):
            problems.append("hands: only two cards of identical value may be split (§ 685a.10(a))")
        if sorted(h.cards[0] for h in hands if h.cards) != sorted(initial):
            problems.append("hands: each split hand starts with one card of the split pair")
    return hands


def replay(data: Mapping[str, object]) -> RoundResult:
    """Settle a recorded 685a round (see ``examples/rounds/685a-*.json``); every problem found is reported."""
    problems: list[str] = []
    decks = data.get("decks", 6)
    if isinstance(decks, bool) or not isinstance(decks, int) or decks not in book.PERMITTED_DECKS:
        problems.append(f"decks: '{decks}' is not 4, 5, 6 or 8 (§ 685a.3(a))")
        decks = 6
    initial = _cards(data.get("player"), "player", problems)
    if initial and len(initial) != 2:
        problems.append(f"player: the player's first two cards are expected; {len(initial)} given")
    dealer = _cards(data.get("dealer"), "dealer", problems)
    raw_wagers = data.get("wagers")
    wagers = read_wager_amounts(
        raw_wagers, {"base", "insurance", "match_the_dealer"}, CHAPTER, '{"base": 10, "match_the_dealer": 5}', problems
    )
    if isinstance(raw_wagers, dict) and wagers.get("base", Fraction(0)) <= 0:
        problems.append("wagers.base: a Bet Wager is required to play (§ 685a.6(d))")
    decisions = data.get("decisions", {})
    if isinstance(decisions, dict) and decisions.get("surrender"):
        problems.append("decisions.surrender: players may not surrender in Down Under Blackjack (§ 685a.7(i)(2))")
    if isinstance(decisions, dict) and decisions.get("even_money"):
        problems.append("decisions.even_money: the chapter sets no even-money settlement (reading 685a-even-money)")
    if "match_the_dealer" in wagers and decks not in book.MATCH_THE_DEALER_DECKS:
        problems.append(f"wagers.match_the_dealer: offered only with 6 or 8 decks (§ 685a.6(e)); {decks} given")
    hands = _hands(data.get("hands"), initial, problems)
    if len(dealer) >= 2:
        up = dealer[0]
        insurance = wagers.get("insurance", Fraction(0))
        if insurance > 0 and up.rank != Rank.ACE:
            problems.append("wagers.insurance: offered only when the dealer's first card is an ace (§ 685a.8(a))")
        if insurance > wagers.get("base", Fraction(0)) / 2:
            problems.append(f"wagers.insurance: {insurance} is more than half the Bet Wager (§ 685a.8(b))")
        if is_blackjack(dealer[:2]):
            if len(dealer) > 2:
                problems.append("dealer: no card is dealt after a dealer Blackjack (§ 685a.7(h))")
        else:
            for count in range(2, len(dealer)):
                if not dealer_must_draw(dealer[:count]):
                    problems.append(f"dealer: drew on {dealer_total(dealer[:count])}; the dealer stands on 17 to 22 "
                                    "(§ 685a.7(m))")  # fmt: skip
                    break
            else:
                all_settled = all(h.natural or hand_total(h.cards).total > BLACKJACK_TOTAL for h in hands)
                if dealer_must_draw(dealer) and not all_settled:
                    problems.append(f"dealer: stopped on {dealer_total(dealer)}; the dealer draws to 17 (§ 685a.7(m))")
    elif dealer:
        problems.append("dealer: the dealer has an up card and a hole card")
    all_cards = [*initial, *dealer, *(c for h in hands for c in (h.cards[1:] if h.split else h.cards[2:]))]
    for card, count in sorted(Counter(all_cards).items()):
        if count > decks:
            problems.append(f"cards: {card} appears {count} times but {decks} decks hold {decks}")
    if problems:
        raise ReplayError(problems)
    return settle(initial, dealer, hands, wagers, decks)
