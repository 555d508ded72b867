"""Face Up Pai Gow Poker (58 Pa. Code chapter 688a): settle a round — the dealer's face-up hands set first by the
house way (§ 688a.11(a)), each player's wager at 1 to 1 with no vigorish (§ 688a.12(a)), a push when the dealer
holds an Ace High Pai Gow (§ 688a.11(f)(2)(iii)), the Ace High Bonus, Fortune Bonus with three-pair push and Envy,
and the Progressive Payout Wager on paytables 1-7 (§ 688a.11(h), § 688a.12(b)-(d)).

A player with no recorded setting sets the best way against the dealer's known hands (reading 688a-player-setting).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from pacomply.engine.cards import Card, cards_text
from pacomply.engine.evaluator import JokerRule, SevenCardBonusCategory, pai_gow_value, seven_card_bonus_category
from pacomply.engine.games.pai_gow_house_way import (
    HouseWay,
    Setting,
    best_setting_against,
    set_by_house_way,
    setting_of,
)
from pacomply.engine.games.pai_gow_poker import (
    FORTUNE_OUTCOME,
    BaseGameDeal,
    PlayerRound,
    base_and_optional,
    check_deck,
    compare,
    read_amount,
    read_cards,
    read_house_way,
    read_players,
    surrender,
)
from pacomply.engine.settlement import Outcome, ReplayError, RoundResult, Settlement, money_text
from pacomply.regulations.chapter_645a import (
    FIVE_ACES,
    ROYAL_FLUSH,
    ROYAL_FLUSH_ROYAL_MATCH,
    SEVEN_CARD_STRAIGHT_FLUSH,
    SEVEN_CARD_STRAIGHT_FLUSH_JOKER,
    STRAIGHT_FLUSH,
)
from pacomply.regulations.chapter_688a import (
    ACE_HIGH_BOTH,
    ACE_HIGH_DEALER_JOKER,
    ACE_HIGH_DEALER_NO_JOKER,
    ACE_HIGH_ODDS,
    ACE_HIGH_OUTCOMES,
    FIVE_OF_A_KIND,
    FORTUNE_ENVY,
    FORTUNE_ODDS,
    FORTUNE_ORDER,
    FORTUNE_THREE_PAIR_PUSH,
    MINIMUM_QUALIFYING_WAGER,
    PROGRESSIVE_TABLES,
    SEVEN_CARD_NATURAL_STRAIGHT_FLUSH,
    SEVEN_CARD_WILD_STRAIGHT_FLUSH,
    THREE_PAIR,
)
from pacomply.regulations.citation import cite
from pacomply.regulations.rulebook import odds_text

CHAPTER = "688a"
JOKER = 52
_B = SevenCardBonusCategory

#: § 688a.11(a): the dealer's hands are set face up first; § 688a.11(f)(2)(iii): a dealer's Ace High Pai Gow pushes.
BASE_GAME = BaseGameDeal(dealer_face_up=True, dealer_ace_high_pushes=True)

#: § 688a.6(e)(2): the Royal Match is an extra king and queen suited only; a royal with ace-king is a royal flush.
FORTUNE_688A_OUTCOME = FORTUNE_OUTCOME | {_B.ROYAL_FLUSH_AND_ACE_KING_SUITED: ROYAL_FLUSH}

#: § 688a.6(f): progressive outcomes per evaluator category; which row pays depends on the paytable's rows.
_PROGRESSIVE_CANDIDATES: dict[SevenCardBonusCategory, tuple[str, ...]] = {
    _B.SEVEN_CARD_STRAIGHT_FLUSH_NATURAL: (SEVEN_CARD_NATURAL_STRAIGHT_FLUSH, SEVEN_CARD_STRAIGHT_FLUSH),
    _B.SEVEN_CARD_STRAIGHT_FLUSH_WITH_JOKER: (
        SEVEN_CARD_WILD_STRAIGHT_FLUSH,
        SEVEN_CARD_STRAIGHT_FLUSH_JOKER,
        SEVEN_CARD_STRAIGHT_FLUSH,
        STRAIGHT_FLUSH,
    ),
    _B.ROYAL_FLUSH_AND_KING_QUEEN_SUITED: (ROYAL_FLUSH_ROYAL_MATCH, ROYAL_FLUSH),
    _B.ROYAL_FLUSH_AND_ACE_KING_SUITED: (ROYAL_FLUSH,),
    _B.FIVE_ACES: (FIVE_ACES, FIVE_OF_A_KIND),
    _B.FIVE_OF_A_KIND: (FIVE_OF_A_KIND,),
}


def progressive_row(category: SevenCardBonusCategory, paytable_id: str) -> tuple[str, Fraction, Fraction] | None:
    """The paying row (outcome, fixed dollars, meter percent) of a hand on a progressive paytable, or None."""
    table = PROGRESSIVE_TABLES[paytable_id]
    rows = {outcome: (outcome, fixed, percent) for outcome, fixed, percent in table.rows}
    for outcome in _PROGRESSIVE_CANDIDATES.get(category, ()):
        if outcome in rows:
            return rows[outcome]
    if category in _PROGRESSIVE_CANDIDATES:  # e.g. a royal with ace-king on a table without royal match rows
        category = _B.ROYAL_FLUSH if category in (_B.ROYAL_FLUSH_AND_KING_QUEEN_SUITED,) else _B.STRAIGHT_FLUSH
    plain = FORTUNE_OUTCOME.get(category)
    return rows.get(plain) if plain else None


def ace_high_pai_gow(cards: Sequence[int]) -> bool:
    """§ 688a.1 / reading 688a-ace-high-pai-gow: no pair, straight or flush, and the top card an ace or the joker."""
    value = pai_gow_value(cards)
    return value >> 20 == 0 and (value >> 16) & 15 == 12


def ace_high_outcome(dealer: Sequence[int], player: Sequence[int]) -> str | None:
    """The § 688a.12(b) row for a dealer's and a player's seven cards, None when the dealer is not ace high."""
    if not ace_high_pai_gow(dealer):
        return None
    if ace_high_pai_gow(player):
        return ACE_HIGH_BOTH
    return ACE_HIGH_DEALER_JOKER if JOKER in dealer else ACE_HIGH_DEALER_NO_JOKER


def fortune_outcome(category: SevenCardBonusCategory, paytable_id: str) -> str | None:
    """The Fortune Bonus row of a hand (three pair only where paytable 1 lists it)."""
    if category == _B.THREE_PAIR and paytable_id in FORTUNE_THREE_PAIR_PUSH:
        return THREE_PAIR
    return FORTUNE_688A_OUTCOME.get(category)


def settle(
    dealer_cards: Sequence[int],
    players: Sequence[PlayerRound],
    house_way: HouseWay,
    paytables: Mapping[str, str],
    progressive_meter: Fraction | None = None,
) -> RoundResult:
    """Settle a round of Face Up Pai Gow Poker."""
    dealer = set_by_house_way(list(dealer_cards), house_way)
    dealer_ace_high = ace_high_pai_gow(dealer_cards)
    settlements: list[Settlement] = []
    facts = [
        ("dealer high", cards_text(dealer.high)),
        ("dealer low", cards_text(dealer.low)),
        ("dealer ace high pai gow", "yes" if dealer_ace_high else "no"),
    ]
    semi = {p.seat: seven_card_bonus_category(p.cards) for p in players}
    wild = {p.seat: seven_card_bonus_category(p.cards, JokerRule.FULLY_WILD) for p in players}
    for player in players:
        base, optional = base_and_optional(player)
        if player.surrender and not optional:
            settlements.append(surrender(player, base, "688a.11(d)"))
        else:
            setting: Setting = (
                setting_of(list(player.cards), list(player.low))
                if player.low is not None
                else best_setting_against(list(player.cards), dealer)
            )
            facts.append((f"seat {player.seat}", f"{cards_text(setting.high)} / {cards_text(setting.low)}"))
            outcome, citation, why = compare(setting, dealer, CHAPTER)
            if dealer_ace_high and setting.valid:
                outcome, citation, why = Outcome.PUSH, cite("688a.11(f)(2)(iii)"), "the dealer has an Ace High Pai Gow"
            net = base if outcome == Outcome.WIN else -base if outcome == Outcome.LOSE else Fraction(0)
            if outcome == Outcome.WIN:
                why += "; paid 1 to 1 with no vigorish (§ 688a.12(a))"
            settlements.append(Settlement(f"seat {player.seat} base", base, outcome, net, citation, why))
        for wager, amount in sorted(optional.items()):
            settlements.append(
                _optional(
                    player,
                    wager,
                    amount,
                    semi[player.seat],
                    wild[player.seat],
                    dealer_cards,
                    paytables,
                    progressive_meter,
                )
            )
    settlements.extend(_envy(players, semi, paytables))
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
    semi: SevenCardBonusCategory,
    wild: SevenCardBonusCategory,
    dealer_cards: Sequence[int],
    paytables: Mapping[str, str],
    meter: Fraction | None,
) -> Settlement:
    name = f"seat {player.seat} {wager}"
    if wager == "ace_high":
        table = paytables.get(wager, "1")
        outcome = ace_high_outcome(dealer_cards, player.cards)
        if outcome is None:
            return Settlement(name, amount, Outcome.LOSE, -amount, cite("688a.11(h)(1)(i)(A)"), "dealer not ace high")
        odds = ACE_HIGH_ODDS[table][ACE_HIGH_OUTCOMES.index(outcome)]
        return Settlement(
            name, amount, Outcome.WIN, amount * odds, cite("688a.12(b)"), f"{outcome} pays {odds_text(odds)}"
        )
    if wager == "fortune":
        table = paytables.get(wager, "1")
        outcome = fortune_outcome(semi, table)
        if outcome is None:
            return Settlement(name, amount, Outcome.LOSE, -amount, cite("688a.11(h)(2)(i)(A)"), "no straight or better")
        if outcome == THREE_PAIR:
            return Settlement(name, amount, Outcome.PUSH, Fraction(0), cite("688a.12(c)"), "three pair pushes")
        odds = FORTUNE_ODDS[table][FORTUNE_ORDER.index(outcome)]
        return Settlement(
            name, amount, Outcome.WIN, amount * odds, cite("688a.12(c)"), f"{outcome} pays {odds_text(odds)}"
        )
    table_id = paytables.get(wager, "1")
    spec = PROGRESSIVE_TABLES[table_id]
    row = progressive_row(wild if spec.fully_wild_joker else semi, table_id)
    if row is None:
        return Settlement(name, amount, Outcome.LOSE, -amount, cite("688a.11(h)(3)(i)(A)"), "no paying hand")
    outcome, fixed, percent = row
    units = amount / Fraction(str(spec.wager))
    current = meter if meter is not None else Fraction(str(spec.meter_seed))
    paid = fixed * units + current * percent / 100
    net = paid if spec.wager_returned else paid - amount
    joker = " (fully wild joker)" if spec.fully_wild_joker else ""
    return Settlement(
        name,
        amount,
        Outcome.WIN,
        net,
        cite("688a.12(d)"),
        f"{outcome}{joker} pays {money_text(fixed * units)} and {percent}% of the {money_text(current)} meter "
        f"on paytable {table_id}",
    )


def _envy(
    players: Sequence[PlayerRound], categories: Mapping[int, SevenCardBonusCategory], paytables: Mapping[str, str]
) -> list[Settlement]:
    """Envy Bonuses (§ 688a.11(h)(2)(ii)) for Qualifying Fortune (§ 688a.12(c)) or progressive 4 Wagers."""
    settlements = []
    envy_outcomes = FORTUNE_ORDER[:7]
    for player in players:
        sources = []
        if player.wagers.get("fortune", Fraction(0)) >= MINIMUM_QUALIFYING_WAGER:
            sources.append(
                ("fortune", dict(zip(envy_outcomes, FORTUNE_ENVY[paytables.get("fortune", "1")], strict=True)))
            )
        table_id = paytables.get("progressive", "1")
        if (
            player.wagers.get("progressive", Fraction(0)) >= MINIMUM_QUALIFYING_WAGER
            and PROGRESSIVE_TABLES[table_id].envy
        ):
            sources.append(("progressive", {o: int(a) for o, a in PROGRESSIVE_TABLES[table_id].envy}))
        for wager, amounts in sources:
            for other in players:
                outcome = FORTUNE_688A_OUTCOME.get(categories[other.seat])
                if other.seat == player.seat or outcome not in amounts:
                    continue
                settlements.append(
                    Settlement(
                        f"seat {player.seat} envy",
                        Fraction(0),
                        Outcome.WIN,
                        Fraction(amounts[outcome]),
                        cite("688a.12(c)") if wager == "fortune" else cite("688a.12(d)"),
                        f"seat {other.seat} holds {outcome}: Envy Bonus {money_text(amounts[outcome])} "
                        f"on the {wager} wager",
                    )
                )
    return settlements


def replay(data: Mapping[str, object]) -> RoundResult:
    """Settle a recorded 688a round."""
    problems: list[str] = []
    dealer = read_cards(data.get("dealer"), "dealer", problems)
    players = read_players(data, {"base", "ace_high", "fortune", "progressive"}, problems)
    check_deck(dealer, players, problems)
    house_way = read_house_way(data, problems)
    raw = data.get("paytables", {})
    paytables: dict[str, str] = {}
    permitted: dict[str, Mapping[str, object]] = {
        "ace_high": ACE_HIGH_ODDS, "fortune": FORTUNE_ODDS, "progressive": PROGRESSIVE_TABLES
    }
    if not isinstance(raw, dict):
        problems.append('paytables: expected an object such as {"fortune": "1"}')
    else:
        for wager, table in raw.items():
            if wager not in permitted or str(table) not in permitted[wager]:
                problems.append(f"paytables.{wager}: '{table}' is not a 688a paytable for that wager")
            else:
                paytables[wager] = str(table)
    meter = None
    if data.get("progressive_meter") is not None:
        meter = read_amount(data.get("progressive_meter"), "progressive_meter", problems)
    if problems:
        raise ReplayError(problems)
    return settle(dealer, players, house_way, paytables, meter)
