"""Pai Gow Poker (58 Pa. Code chapter 645a): settle a round — every player's Pai Gow Poker Wager against the
dealer's house-way hands (§ 645a.11(f)), the 5 % vigorish with its 25¢ rounding (§ 645a.13(a)), surrender
(§ 645a.11(d)), fouled hands, and each optional wager with the Envy Bonus (§ 645a.11(h), § 645a.13(b)-(e)).

Every settlement names the subsection that decided it. Seven-card categories come from the shared evaluator;
paytable numbers from :mod:`regulations.chapter_645a`. :func:`replay` reads a recorded round (see
``examples/rounds/645a-*.json``) and raises :class:`ReplayError` listing every problem.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from pacomply.engine.cards import Card, CardParseError, cards_text
from pacomply.engine.evaluator import SevenCardBonusCategory, pai_gow_value, seven_card_bonus_category
from pacomply.engine.games.pai_gow_house_way import (
    HouseWay,
    HouseWayError,
    Setting,
    parse_house_way,
    set_by_house_way,
    setting_of,
)
from pacomply.engine.replay_input import read_amount
from pacomply.engine.settlement import Outcome, ReplayError, RoundResult, Settlement, money_text
from pacomply.regulations.chapter_645a import (
    COMMISSION,
    COMMISSION_ROUNDING,
    EMPERORS_ORDER,
    ENVY_AMOUNTS,
    FIVE_ACES,
    FLUSH,
    FORTUNE_ODDS,
    FORTUNE_ORDER,
    FOUR_OF_A_KIND,
    FULL_HOUSE,
    INSURANCE_ODDS,
    INSURANCE_OUTCOMES,
    MINIMUM_QUALIFYING_WAGER,
    PROGRESSIVE_FOR_ONE,
    PROGRESSIVE_METER_PERCENT,
    ROYAL_FLUSH,
    ROYAL_FLUSH_ACE_KING_SUITED,
    ROYAL_FLUSH_ROYAL_MATCH,
    SEVEN_CARD_STRAIGHT_FLUSH,
    SEVEN_CARD_STRAIGHT_FLUSH_JOKER,
    STRAIGHT,
    STRAIGHT_FLUSH,
    THREE_OF_A_KIND,
)
from pacomply.regulations.citation import Citation, cite
from pacomply.regulations.rulebook import odds_text

CHAPTER = "645a"
CARDS_PER_HAND = 7
HIGH_CARD_TOP_NINE = 7  # rank index of a nine


@dataclass(frozen=True, slots=True)
class BaseGameDeal:
    """How a Pai Gow chapter deals and settles its base wager where the two chapters differ, for the base-game
    simulation (:mod:`engine.simulation.pai_gow_poker`). What a win pays beside it is the law module's
    ``COMMISSION``."""

    dealer_face_up: bool
    """The dealer's hands are set by the house way and shown before the players set theirs, so a player sets the
    best way against them; otherwise the player sets by the house way too, the usual pricing assumption."""
    dealer_ace_high_pushes: bool
    """A dealer's Ace High Pai Gow pushes every base wager (the Ace High Bonus is settled on that deal)."""


#: § 645a.11(c): the dealer's cards are turned over and set only after the players have set theirs; a dealer's ace
#: high is an ordinary hand.
BASE_GAME = BaseGameDeal(dealer_face_up=False, dealer_ace_high_pushes=False)

_B = SevenCardBonusCategory
#: Evaluator category → this chapter's outcome name, per wager (reading 645a-royal-match-overlap).
FORTUNE_OUTCOME: dict[SevenCardBonusCategory, str] = {
    _B.SEVEN_CARD_STRAIGHT_FLUSH_NATURAL: SEVEN_CARD_STRAIGHT_FLUSH,
    _B.ROYAL_FLUSH_AND_ACE_KING_SUITED: ROYAL_FLUSH_ROYAL_MATCH,
    _B.ROYAL_FLUSH_AND_KING_QUEEN_SUITED: ROYAL_FLUSH_ROYAL_MATCH,
    _B.SEVEN_CARD_STRAIGHT_FLUSH_WITH_JOKER: SEVEN_CARD_STRAIGHT_FLUSH_JOKER,
    _B.FIVE_ACES: FIVE_ACES,
    _B.ROYAL_FLUSH: ROYAL_FLUSH,
    _B.STRAIGHT_FLUSH: STRAIGHT_FLUSH,
    _B.FOUR_OF_A_KIND: FOUR_OF_A_KIND,
    _B.FULL_HOUSE: FULL_HOUSE,
    _B.FLUSH: FLUSH,
    _B.THREE_OF_A_KIND: THREE_OF_A_KIND,
    _B.STRAIGHT: STRAIGHT,
}
EMPERORS_OUTCOME = FORTUNE_OUTCOME | {
    _B.ROYAL_FLUSH_AND_ACE_KING_SUITED: ROYAL_FLUSH_ACE_KING_SUITED,
    _B.ROYAL_FLUSH_AND_KING_QUEEN_SUITED: ROYAL_FLUSH,
}
PROGRESSIVE_OUTCOME: dict[SevenCardBonusCategory, str] = {
    _B.SEVEN_CARD_STRAIGHT_FLUSH_NATURAL: SEVEN_CARD_STRAIGHT_FLUSH,
    _B.SEVEN_CARD_STRAIGHT_FLUSH_WITH_JOKER: SEVEN_CARD_STRAIGHT_FLUSH,
    _B.FIVE_ACES: FIVE_ACES,
    _B.ROYAL_FLUSH_AND_ACE_KING_SUITED: ROYAL_FLUSH,
    _B.ROYAL_FLUSH_AND_KING_QUEEN_SUITED: ROYAL_FLUSH,
    _B.ROYAL_FLUSH: ROYAL_FLUSH,
    _B.STRAIGHT_FLUSH: STRAIGHT_FLUSH,
    _B.FOUR_OF_A_KIND: FOUR_OF_A_KIND,
    _B.FULL_HOUSE: FULL_HOUSE,
}
#: Envy Bonus Qualifying Hands (four-of-a-kind or better), in the paytables' Envy order.
ENVY_ORDER = FORTUNE_ORDER[:7]


def vigorish(won: Fraction, rounding: bool) -> Fraction:
    """5 % of the amount won (§ 645a.13(a)); with rounding, up to the next multiple of 25¢."""
    commission = won * COMMISSION
    if rounding:
        commission = math.ceil(commission / COMMISSION_ROUNDING) * COMMISSION_ROUNDING
    return Fraction(commission)


def insurance_outcome(cards: Sequence[int]) -> str | None:
    """The § 645a.13(d) row of a seven-card hand with no pair or better, else None (reading 645a-insurance-joker)."""
    value = pai_gow_value(cards)
    if value >> 20 != 0:
        return None
    top = (value >> 16) & 15
    return INSURANCE_OUTCOMES[top - HIGH_CARD_TOP_NINE]


def compare(player: Setting, dealer: Setting, chapter: str) -> tuple[Outcome, Citation, str]:
    """Settle high and low hands against the dealer's (§ 645a.11(f) / § 688a.11(f)): outcome, subsection, why."""
    if not player.valid:
        return Outcome.LOSE, cite(f"{chapter}.11(f)(1)(iii)"), "the high hand ranks below the low hand (fouled)"
    high = (player.high_value > dealer.high_value) - (player.high_value < dealer.high_value)
    low = (player.low_value > dealer.low_value) - (player.low_value < dealer.low_value)
    if high > 0 and low > 0:
        return Outcome.WIN, cite(f"{chapter}.11(f)(3)"), "both hands beat the dealer's"
    if high > 0 or low > 0:
        sub = "(i)" if high > 0 else "(ii)"
        return Outcome.PUSH, cite(f"{chapter}.11(f)(2){sub}"), "one hand beats the dealer's, the other does not"
    if high == 0 or low == 0:
        return Outcome.LOSE, cite(f"{chapter}.11(f)(1)(ii)"), "a copy, and the other hand does not win (copies lose)"
    return Outcome.LOSE, cite(f"{chapter}.11(f)(1)(i)"), "both hands lose to the dealer's"


@dataclass(frozen=True, slots=True)
class PlayerRound:
    """One betting position: seven card indices, the setting chosen (None: the house way), wagers, surrender."""

    seat: int
    cards: tuple[int, ...]
    wagers: Mapping[str, Fraction]
    low: tuple[int, int] | None = None
    surrender: bool = False


def _bonus(
    seat: int, wager: str, amount: Fraction, outcome: str | None, odds: int | None, citation: Citation
) -> Settlement:
    if outcome is None or odds is None:
        return Settlement(f"seat {seat} {wager}", amount, Outcome.LOSE, -amount, citation, "no paying hand")
    return Settlement(
        f"seat {seat} {wager}", amount, Outcome.WIN, amount * odds, citation, f"{outcome} pays {odds_text(odds)}"
    )


def base_and_optional(player: PlayerRound) -> tuple[Fraction, dict[str, Fraction]]:
    """A seat's base wager, and the optional wagers it placed (an optional wager of 0 is not placed)."""
    optional = {k: v for k, v in player.wagers.items() if k != "base" and v > 0}
    return player.wagers.get("base", Fraction(0)), optional


def surrender(player: PlayerRound, base: Fraction, subsection: str) -> Settlement:
    """The base wager surrendered after the dealer set his hands (§ 645a.11(d), § 688a.11(d): only without an
    optional wager placed, which the caller checks)."""
    return Settlement(
        f"seat {player.seat} base",
        base,
        Outcome.SURRENDER,
        -base,
        cite(subsection),
        "surrendered after the dealer set his hands",
    )


def settle(
    dealer_cards: Sequence[int],
    players: Sequence[PlayerRound],
    house_way: HouseWay,
    paytables: Mapping[str, str],
    commission_rounding: bool = True,
    progressive_meter: Fraction = Fraction(2000),
) -> RoundResult:
    """Settle a round of Pai Gow Poker against the dealer (no player bank)."""
    dealer = set_by_house_way(list(dealer_cards), house_way)
    settlements: list[Settlement] = []
    facts = [("dealer high", cards_text(dealer.high)), ("dealer low", cards_text(dealer.low))]
    categories = {p.seat: seven_card_bonus_category(p.cards) for p in players}
    for player in players:
        base, optional = base_and_optional(player)
        if player.surrender and not optional:
            settlements.append(surrender(player, base, "645a.11(d)"))
        else:
            setting = (
                setting_of(list(player.cards), list(player.low))
                if player.low is not None
                else set_by_house_way(list(player.cards), house_way)
            )
            facts.append((f"seat {player.seat}", f"{cards_text(setting.high)} / {cards_text(setting.low)}"))
            outcome, citation, why = compare(setting, dealer, CHAPTER)
            note = " (surrender refused: optional wagers placed, § 645a.11(d))" if player.surrender else ""
            if outcome == Outcome.WIN:
                fee = vigorish(base, commission_rounding)
                net = base - fee
                why = f"{why}; paid 1 to 1 less {money_text(fee)} vigorish (§ 645a.13(a))"
            else:
                net = -base if outcome == Outcome.LOSE else Fraction(0)
            settlements.append(Settlement(f"seat {player.seat} base", base, outcome, net, citation, why + note))
        category = categories[player.seat]
        for wager, amount in sorted(optional.items()):
            settlements.append(_optional(player, wager, amount, category, paytables, progressive_meter))
    settlements.extend(_envy(players, categories, paytables))
    return RoundResult(
        chapter=CHAPTER,
        cards=tuple(Card.from_index(card) for card in (*dealer_cards, *(c for p in players for c in p.cards))),
        settlements=tuple(settlements),
        facts=tuple(facts),
    )


def _optional(
    player: PlayerRound,
    wager: str,
    amount: Fraction,
    category: SevenCardBonusCategory,
    paytables: Mapping[str, str],
    meter: Fraction,
) -> Settlement:
    table = paytables.get(wager, "A")
    if wager == "fortune":
        outcome = FORTUNE_OUTCOME.get(category)
        odds = FORTUNE_ODDS[table][FORTUNE_ORDER.index(outcome)] if outcome else None
        return _bonus(
            player.seat, wager, amount, outcome, odds, cite("645a.13(b)") if odds else cite("645a.11(h)(1)(i)(A)")
        )
    if wager == "emperors_treasure":
        outcome = EMPERORS_OUTCOME.get(category)
        odds = FORTUNE_ODDS[table][EMPERORS_ORDER.index(outcome)] if outcome else None
        return _bonus(
            player.seat, wager, amount, outcome, odds, cite("645a.13(c)") if odds else cite("645a.11(h)(2)(i)(A)")
        )
    if wager == "insurance":
        outcome = insurance_outcome(player.cards)
        odds = INSURANCE_ODDS[table][INSURANCE_OUTCOMES.index(outcome)] if outcome else None
        return _bonus(
            player.seat, wager, amount, outcome, odds, cite("645a.13(d)") if odds else cite("645a.11(h)(3)(i)")
        )
    outcome = PROGRESSIVE_OUTCOME.get(category)
    name = f"seat {player.seat} progressive"
    if outcome is None:
        return Settlement(name, amount, Outcome.LOSE, -amount, cite("645a.11(h)(4)(i)"), "no full house or better")
    if outcome in PROGRESSIVE_METER_PERCENT:
        paid = meter * PROGRESSIVE_METER_PERCENT[outcome] / 100
        return Settlement(
            name,
            amount,
            Outcome.WIN,
            paid - amount,
            cite("645a.13(e)(3)"),
            f"{outcome} pays {PROGRESSIVE_METER_PERCENT[outcome]}% of the {money_text(meter)} meter",
        )
    paid = amount * PROGRESSIVE_FOR_ONE[outcome]
    return Settlement(
        name,
        amount,
        Outcome.WIN,
        paid - amount,
        cite("645a.13(e)(1)"),
        f"{outcome} pays {PROGRESSIVE_FOR_ONE[outcome]} for 1 (reading 645a-progressive-for-one)",
    )


def _envy(
    players: Sequence[PlayerRound], categories: Mapping[int, SevenCardBonusCategory], paytables: Mapping[str, str]
) -> list[Settlement]:
    """§ 645a.11(h)(1)(ii): each Qualifying Wager earns the Envy Bonus for every other player's qualifying hand."""
    settlements = []
    for player in players:
        for wager, order, citation in (
            ("fortune", FORTUNE_OUTCOME, cite("645a.13(b)")),
            ("emperors_treasure", EMPERORS_OUTCOME, cite("645a.13(c)")),
        ):
            if player.wagers.get(wager, Fraction(0)) < MINIMUM_QUALIFYING_WAGER:
                continue
            amounts = ENVY_AMOUNTS[paytables.get(wager, "A")]
            for other in players:
                outcome = order.get(categories[other.seat])
                envy_order = ENVY_ORDER if wager == "fortune" else EMPERORS_ORDER[:7]
                if other.seat == player.seat or outcome not in envy_order:
                    continue
                bonus = Fraction(amounts[envy_order.index(outcome)])
                settlements.append(
                    Settlement(
                        f"seat {player.seat} envy",
                        Fraction(0),
                        Outcome.WIN,
                        bonus,
                        citation,
                        f"seat {other.seat} holds {outcome}: Envy Bonus {money_text(bonus)} "
                        f"on the {wager} Qualifying Wager",
                    )
                )
    return settlements


@dataclass(frozen=True, slots=True)
class Bank:
    """A player banking the round (§ 645a.12): the seat, co-banking with the dealer, the dealer's wager against it."""

    seat: int
    co_banking: bool = False
    dealer_wager: Fraction = Fraction(0)


def settle_bank(
    dealer_cards: Sequence[int],
    bank: Bank,
    players: Sequence[PlayerRound],
    house_way: HouseWay,
    paytables: Mapping[str, str],
    commission_rounding: bool = True,
    progressive_meter: Fraction = Fraction(2000),
) -> RoundResult:
    """Settle a round a player banks (§ 645a.12(i)-(n)): each player against the bank's hands, the dealer's wager
    against the bank unless co-banking, the 5 % vigorish on each winner and on the bank's surplus (half the result
    to the dealer when co-banking), and the optional wagers paid by the dealer."""
    banker = next(player for player in players if player.seat == bank.seat)
    # § 645a.12(e), (i): the dealer sets a co-bank's hands, and resets a bank's hands set other than the house way.
    bank_setting = (
        setting_of(list(banker.cards), list(banker.low))
        if banker.low is not None and not bank.co_banking
        else set_by_house_way(list(banker.cards), house_way)
    )
    if not bank_setting.valid:
        bank_setting = set_by_house_way(list(banker.cards), house_way)
    settlements: list[Settlement] = []
    facts = [
        ("bank", f"seat {bank.seat}" + (" co-banking with the dealer" if bank.co_banking else "")),
        ("bank high", cards_text(bank_setting.high)),
        ("bank low", cards_text(bank_setting.low)),
    ]
    bank_result = Fraction(0)
    if bank.dealer_wager > 0 and not bank.co_banking:
        dealer = set_by_house_way(list(dealer_cards), house_way)
        outcome, _, why = compare(dealer, bank_setting, CHAPTER)
        facts.append(("dealer vs bank", f"{outcome.value}: {why}"))
        bank_result += (
            -bank.dealer_wager if outcome == Outcome.WIN else bank.dealer_wager if outcome == Outcome.LOSE else 0
        )
    categories = {p.seat: seven_card_bonus_category(p.cards) for p in players}
    for player in players:
        optional = {k: v for k, v in player.wagers.items() if k != "base" and v > 0}
        if player.seat != bank.seat:
            base = player.wagers.get("base", Fraction(0))
            setting = (
                setting_of(list(player.cards), list(player.low))
                if player.low is not None
                else set_by_house_way(list(player.cards), house_way)
            )
            outcome, _, why = compare(setting, bank_setting, CHAPTER)
            why = why.replace("dealer's", "bank's")
            citation = cite("645a.12(l)") if bank.co_banking else cite("645a.12(j)")
            if outcome == Outcome.WIN:
                fee = vigorish(base, commission_rounding)
                settlements.append(
                    Settlement(
                        f"seat {player.seat} base",
                        base,
                        outcome,
                        base - fee,
                        cite("645a.12(m)"),
                        f"against the bank: {why}; paid 1 to 1 less {money_text(fee)} vigorish",
                    )
                )
                bank_result -= base
            else:
                net = -base if outcome == Outcome.LOSE else Fraction(0)
                settlements.append(
                    Settlement(f"seat {player.seat} base", base, outcome, net, citation, f"against the bank: {why}")
                )
                bank_result -= net
        for wager, amount in sorted(optional.items()):
            settlement = _optional(player, wager, amount, categories[player.seat], paytables, progressive_meter)
            settlements.append(
                Settlement(
                    settlement.wager,
                    settlement.amount,
                    settlement.outcome,
                    settlement.net,
                    settlement.citation,
                    settlement.explanation + " (settled by the dealer, not the bank, § 645a.12(n))",
                )
            )
    share = bank_result / 2 if bank.co_banking else bank_result
    if share > 0:
        fee = vigorish(share, commission_rounding)
        explanation = f"surplus {money_text(share)} less {money_text(fee)} vigorish" + (
            " (half the result to the dealer)" if bank.co_banking else ""
        )
        bank_net = share - fee
    else:
        explanation = (
            f"the bank pays {money_text(-share)} to cover winning wagers" if share < 0 else "the bank breaks even"
        )
        bank_net = share
    settlements.append(
        Settlement(
            f"seat {bank.seat} bank",
            Fraction(0),
            Outcome.WIN if bank_net > 0 else Outcome.LOSE if bank_net < 0 else Outcome.PUSH,
            bank_net,
            cite("645a.12(l)") if bank.co_banking else cite("645a.12(j)"),
            explanation,
        )
    )
    settlements.extend(_envy(players, categories, paytables))
    return RoundResult(
        chapter=CHAPTER,
        cards=tuple(Card.from_index(card) for card in (*dealer_cards, *(c for p in players for c in p.cards))),
        settlements=tuple(settlements),
        facts=tuple(facts),
    )


# --- replay ----------------------------------------------------------------------------------------------------------


def read_cards(raw: object, where: str, problems: list[str]) -> list[int]:
    """Seven card indices from a JSON list, problems appended with their field."""
    if not isinstance(raw, list) or len(raw) != CARDS_PER_HAND:
        problems.append(f'{where}: expected a list of seven cards such as ["Ah", "JK", ...]')
        return []
    cards = []
    for position, text in enumerate(raw):
        try:
            cards.append(Card.parse(str(text)).index)
        except CardParseError as error:
            problems.append(f"{where}[{position}]: {error}")
    return cards


def read_players(data: Mapping[str, object], wagers_allowed: set[str], problems: list[str]) -> list[PlayerRound]:
    """The players of a recorded round."""
    raw_players = data.get("players")
    if not isinstance(raw_players, list) or not raw_players:
        problems.append("players: expected a list of {seat, cards, wagers} objects")
        return []
    players = []
    for number, raw in enumerate(raw_players):
        where = f"players[{number}]"
        if not isinstance(raw, dict):
            problems.append(f"{where}: expected an object")
            continue
        cards = read_cards(raw.get("cards"), f"{where}.cards", problems)
        wagers: dict[str, Fraction] = {}
        raw_wagers = raw.get("wagers")
        if not isinstance(raw_wagers, dict) or "base" not in raw_wagers:
            problems.append(f"{where}.wagers: expected an object with at least 'base'")
        else:
            for name, amount in raw_wagers.items():
                if name not in wagers_allowed:
                    problems.append(
                        f"{where}.wagers.{name}: not a wager of this game ({', '.join(sorted(wagers_allowed))})"
                    )
                    continue
                wagers[name] = read_amount(amount, f"{where}.wagers.{name}", problems)
        low = None
        if raw.get("low") is not None:
            low_cards = raw.get("low")
            if not isinstance(low_cards, list) or len(low_cards) != 2:
                problems.append(f"{where}.low: expected the two cards of the low hand")
            else:
                try:
                    parsed = tuple(Card.parse(str(text)).index for text in low_cards)
                except CardParseError as error:
                    problems.append(f"{where}.low: {error}")
                else:
                    if not set(parsed) <= set(cards) or len(set(parsed)) != 2:
                        problems.append(f"{where}.low: the low hand must be two of the player's seven cards")
                    else:
                        low = (parsed[0], parsed[1])
        seat = raw.get("seat", number + 1)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 1 <= seat <= 6:
            problems.append(f"{where}.seat: '{seat}' is not a betting position 1-6")
            seat = number + 1
        players.append(PlayerRound(seat, tuple(cards), wagers, low, bool(raw.get("surrender", False))))
    return players


def check_deck(dealer: list[int], players: Sequence[PlayerRound], problems: list[str]) -> None:
    """One 53-card deck: no card twice."""
    counts = Counter([*dealer, *(card for player in players for card in player.cards)])
    for card, count in sorted(counts.items()):
        if count > 1:
            problems.append(f"cards: {Card.from_index(card)} is dealt {count} times from one deck")


def read_house_way(data: Mapping[str, object], problems: list[str]) -> HouseWay:
    """The round's house way ('standard' when absent)."""
    try:
        return parse_house_way(str(data.get("house_way", "standard")))
    except HouseWayError as error:
        problems.append(f"house_way: {error}")
        return parse_house_way("standard")


def replay(data: Mapping[str, object]) -> RoundResult:
    """Settle a recorded 645a round: dealer's seven cards, players (cards, wagers, optional low hand, surrender)."""
    problems: list[str] = []
    dealer = read_cards(data.get("dealer"), "dealer", problems)
    players = read_players(data, {"base", "fortune", "emperors_treasure", "insurance", "progressive"}, problems)
    check_deck(dealer, players, problems)
    house_way = read_house_way(data, problems)
    raw_paytables = data.get("paytables", {})
    paytables: dict[str, str] = {}
    if not isinstance(raw_paytables, dict):
        problems.append('paytables: expected an object such as {"fortune": "A"}')
    else:
        for wager, table in raw_paytables.items():
            permitted = {"fortune": FORTUNE_ODDS, "emperors_treasure": FORTUNE_ODDS, "insurance": INSURANCE_ODDS}
            if wager not in permitted or str(table).upper() not in permitted[wager]:
                problems.append(f"paytables.{wager}: '{table}' is not a 645a paytable for that wager")
            else:
                paytables[wager] = str(table).upper()
    meter = read_amount(data.get("progressive_meter", 2000), "progressive_meter", problems)
    bank = _read_bank(data.get("bank"), players, problems)
    limit = None
    if data.get("payout_limit") is not None:
        limit = read_amount(data.get("payout_limit"), "payout_limit", problems)
    if problems:
        raise ReplayError(problems)
    rounding = bool(data.get("commission_rounding", True))
    if bank is not None:
        result = settle_bank(dealer, bank, players, house_way, paytables, rounding, meter)
    else:
        result = settle(dealer, players, house_way, paytables, rounding, meter)
    return apply_payout_limit(result, limit) if limit is not None else result


def apply_payout_limit(result: RoundResult, limit: Fraction) -> RoundResult:
    """§ 645a.13(f): cap what one hand wins at ``limit``; Envy Bonuses (and the bank's own result) are not limited."""
    excess_by_seat: dict[str, Fraction] = {}
    for settlement in result.settlements:
        seat, _, wager = settlement.wager.rpartition(" ")
        if wager in {"envy", "bank"} or settlement.net <= 0:
            continue
        excess_by_seat[seat] = excess_by_seat.get(seat, Fraction(0)) + settlement.net
    adjustments = tuple(
        Settlement(f"{seat} payout limit", Fraction(0), Outcome.LOSE, limit - won, cite("645a.13(f)"),
                   f"the hand won {money_text(won)}; the posted limit pays {money_text(limit)} (Envy Bonuses excepted)")
        for seat, won in sorted(excess_by_seat.items())
        if won > limit
    )  # fmt: skip
    return RoundResult(result.chapter, result.cards, result.settlements + adjustments, result.facts)


def _read_bank(raw: object, players: Sequence[PlayerRound], problems: list[str]) -> Bank | None:
    if raw is None:
        return None
    if not isinstance(raw, dict):
        problems.append('bank: expected an object such as {"seat": 2, "co_banking": false, "dealer_wager": 25}')
        return None
    seat = raw.get("seat")
    if not any(player.seat == seat for player in players):
        problems.append(f"bank.seat: '{seat}' is not the seat of a player in the round (§ 645a.12(c))")
        return None
    co_banking = bool(raw.get("co_banking", False))
    dealer_wager = read_amount(raw.get("dealer_wager", 0), "bank.dealer_wager", problems)
    if co_banking and dealer_wager > 0:
        problems.append("bank.dealer_wager: the dealer may not wager against a co-banked round (§ 645a.12(e))")
    return Bank(int(seat), co_banking, dealer_wager)  # type: ignore[arg-type]
