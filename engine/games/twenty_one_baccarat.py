"""21 Baccarat (58 Pa. Code chapter 681a): hand totals, the deal and draw, and settlement of every wager.

The round is dealt P, B, P, B (§ 681a.7(e)); with no natural each hand under 17 draws one card (§ 681a.7(g)); with a
natural nothing more counts for the Player/Banker/Tie wagers, and when a Bonus is on the table a hand under 17
draws one card that counts for the Bonus alone (§ 681a.7(f)). The chapter's readings (two-ace natural, one draw per
hand, Player before Banker) are those recorded in :mod:`regulations.chapter_681a`. Every settlement cites the
subsection that decided it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from pacomply.engine.cards import ACE_ONE_POINTS, Card, Rank
from pacomply.engine.games.blackjack_hand import hand_total_values
from pacomply.engine.replay_input import check_shoe_holds, parse_cards, read_wager
from pacomply.engine.settlement import Outcome, ReplayError, RoundResult, Settlement
from pacomply.regulations.chapter_681a import (
    BONUS_ODDS,
    BONUS_PAYTABLE_DECKS,
    PERMITTED_DECKS,
    STAND_ON,
    TIE_ODDS,
    WIN_WITH_17_ODDS,
    WIN_WITH_17_TOTAL,
    BonusHand,
)
from pacomply.regulations.citation import Citation, cite
from pacomply.regulations.rulebook import odds_text

CHAPTER = "681a"
TWENTY_ONE = 21
WAGER_IDS = ("player", "banker", "tie", "bonus_player", "bonus_banker")


def point_value(card: Card) -> int:
    """§ 681a.3(d): 2-10 face value, pictures 10, ace counted here as 1 (:func:`hand_total` raises it to 11)."""
    if card.rank is None:
        raise ValueError("21 Baccarat is dealt without jokers")
    return ACE_ONE_POINTS[card.rank]


def hand_total(cards: Sequence[Card]) -> int:
    """§ 681a.3(d)(3): an ace is 11 unless that takes the hand over 21 (at most one ace can be 11), the rule the
    blackjack hand totals apply with a limit of 21."""
    return hand_total_values([point_value(card) for card in cards], TWENTY_ONE)[0]


def is_natural(cards: Sequence[Card]) -> bool:
    """§ 681a.1: two aces, or an ace and a ten-valued card, as the first two cards."""
    if len(cards) != 2 or all(card.rank != Rank.ACE for card in cards):
        return False
    return all(card.rank == Rank.ACE or point_value(card) == 10 for card in cards)


def bonus_hand(cards: Sequence[Card]) -> BonusHand | None:
    """The highest § 681a.3(e) hand the cards make (reading 681a-bonus-highest-hand); None when none."""
    ranks = [card.rank for card in cards]
    if len(cards) == 3:
        if all(rank == Rank.SEVEN for rank in ranks):
            return BonusHand.THREE_SEVENS
        if len(set(ranks)) == 1:
            return BonusHand.THREE_OF_A_KIND
        values = sorted(int(rank) for rank in ranks if rank is not None)
        low_ace = sorted(1 if value == 14 else value for value in values)
        if any(run[2] - run[0] == 2 and len(set(run)) == 3 for run in (values, low_ace)):
            return BonusHand.STRAIGHT
        if hand_total(cards) == TWENTY_ONE:
            return BonusHand.TWENTY_ONE
    if len(cards) >= 2 and ranks[0] == ranks[1]:
        return BonusHand.PAIR
    return None


@dataclass(frozen=True, slots=True)
class Deal:
    """The hands as dealt: the cards that count for the Player/Banker/Tie wagers, and those that count for Bonuses."""

    player: tuple[Card, ...]
    banker: tuple[Card, ...]
    player_bonus: tuple[Card, ...]
    banker_bonus: tuple[Card, ...]
    natural: bool

    @property
    def player_total(self) -> int:
        """The Player's Hand total for settlement."""
        return hand_total(self.player)

    @property
    def banker_total(self) -> int:
        """The Banker's Hand total for settlement."""
        return hand_total(self.banker)


def cards_needed(first_four: Sequence[Card], bonus_on_table: bool) -> tuple[bool, bool]:
    """Whether the Player's and the Banker's hand each draws a card after the first four (§ 681a.7(f)-(g))."""
    player, banker = (first_four[0], first_four[2]), (first_four[1], first_four[3])
    natural = is_natural(player) or is_natural(banker)
    if natural and not bonus_on_table:
        return (False, False)
    return (hand_total(player) < STAND_ON, hand_total(banker) < STAND_ON)


def deal(cards: Sequence[Card], bonus_on_table: bool) -> Deal:
    """Lay out the cards in dealing order: P, B, P, B, the Player's draw, the Banker's (reading 681a-one-draw).

    ``cards`` must hold exactly the cards the round uses; :func:`cards_needed` says how many that is.
    """
    if len(cards) < 4:
        raise ValueError("a 21 Baccarat round deals at least four cards")
    player, banker = [cards[0], cards[2]], [cards[1], cards[3]]
    natural = is_natural(player) or is_natural(banker)
    player_draws, banker_draws = cards_needed(cards[:4], bonus_on_table)
    expected = 4 + player_draws + banker_draws
    if len(cards) != expected:
        raise ValueError(f"this round deals {expected} cards, not {len(cards)}")
    extra = list(cards[4:])
    player_bonus, banker_bonus = list(player), list(banker)
    if player_draws:
        player_bonus.append(extra.pop(0))
    if banker_draws:
        banker_bonus.append(extra.pop(0))
    if natural:
        return Deal(tuple(player), tuple(banker), tuple(player_bonus), tuple(banker_bonus), natural)
    return Deal(tuple(player_bonus), tuple(banker_bonus), tuple(player_bonus), tuple(banker_bonus), natural)


def _side_result(own: int, other: int, side: str) -> tuple[Outcome, Citation, str]:
    """Outcome of the wager on one hand (``own``) against the other, with the deciding paragraph of (i) or (j)."""
    letter = "i" if side == "player" else "j"
    other_name = "Banker's" if side == "player" else "Player's"
    name = "Player's" if side == "player" else "Banker's"
    if own == other:
        return Outcome.PUSH, cite(f"681a.7({letter})(4)"), f"both hands total {own}: the wager is returned"
    if own <= TWENTY_ONE < other:
        return Outcome.WIN, cite(f"681a.7({letter})(1)"), f"{name} {own} against a busted {other_name} {other}"
    if own <= TWENTY_ONE and other <= TWENTY_ONE:
        if own > other:
            return Outcome.WIN, cite(f"681a.7({letter})(2)(i)"), f"{name} {own} beats {other_name} {other}"
        return Outcome.LOSE, cite(f"681a.7({letter})(2)(ii)"), f"{name} {own} is lower than {other_name} {other}"
    if own > TWENTY_ONE and other > TWENTY_ONE:
        if own < other:
            return Outcome.WIN, cite(f"681a.7({letter})(3)(i)"), f"both bust; {name} {own} is the lower"
        return Outcome.LOSE, cite(f"681a.7({letter})(3)(ii)"), f"both bust; {name} {own} is the higher"
    # Own hand busted, the other did not: the only case (i)/(j) leave to § 681a.6(c).
    definition = cite("681a.6(c)(1)") if side == "player" else cite("681a.6(c)(2)")
    return Outcome.LOSE, definition, f"{name} {own} is over 21 and {other_name} {other} is not"


def settle_side(side: str, amount: Fraction, own: int, other: int) -> Settlement:
    """Settle a Player (``side='player'``) or Banker wager on the hand totals."""
    outcome, citation, explanation = _side_result(own, other, side)
    if outcome == Outcome.WIN:
        with_17 = own == WIN_WITH_17_TOTAL
        pays = WIN_WITH_17_ODDS if with_17 else Fraction(1)
        explanation += "; a win with 17 pays 1 to 2 (§ 681a.8(a))" if with_17 else "; pays 1 to 1 (§ 681a.8(a))"
        return Settlement(side, amount, outcome, amount * pays, citation, explanation)
    net = Fraction(0) if outcome == Outcome.PUSH else -amount
    return Settlement(side, amount, outcome, net, citation, explanation)


def settle_tie(amount: Fraction, player_total: int, banker_total: int) -> Settlement:
    """§ 681a.7(k)(1): the Tie wins 10 to 1 on equal totals (bonus-only cards excluded, reading 681a-bonus-card...)."""
    if player_total == banker_total:
        return Settlement(
            "tie", amount, Outcome.WIN, amount * TIE_ODDS, cite("681a.7(k)(1)(i)"),
            f"both hands total {player_total}; pays 10 to 1 (§ 681a.8(b))",
        )  # fmt: skip
    return Settlement(
        "tie", amount, Outcome.LOSE, -amount, cite("681a.7(k)(1)(ii)"),
        f"Player {player_total}, Banker {banker_total}: not a tie",
    )  # fmt: skip


def settle_bonus(wager: str, amount: Fraction, cards: Sequence[Card], paytable: str) -> Settlement:
    """§ 681a.7(k)(2)-(3): a Bonus on the Player's or Banker's Hand, paid from the chosen § 681a.8(c) paytable."""
    paragraph = "2" if wager == "bonus_player" else "3"
    hand = bonus_hand(cards)
    shown = " ".join(str(card) for card in cards)
    if hand is None:
        return Settlement(
            wager, amount, Outcome.LOSE, -amount, cite(f"681a.7(k)({paragraph})(ii)"), f"{shown}: no pair or better"
        )
    paid = BONUS_ODDS[paytable][hand]
    return Settlement(
        wager, amount, Outcome.WIN, amount * paid, cite("681a.8(c)"),
        f"{shown}: {hand.value} pays {odds_text(paid)} on paytable {paytable} (§ 681a.7(k)({paragraph})(i))",
    )  # fmt: skip


def settle(
    cards: Sequence[Card], wagers: Mapping[str, Fraction], bonus_paytable: str | None, bonus_on_table: bool
) -> RoundResult:
    """Settle one player's wagers on a dealt round. ``bonus_on_table`` is True when any player placed a Bonus."""
    bonus_on_table = bonus_on_table or any(wagers.get(w, 0) > 0 for w in ("bonus_player", "bonus_banker"))
    dealt = deal(cards, bonus_on_table)
    player_total, banker_total = dealt.player_total, dealt.banker_total
    settlements: list[Settlement] = []
    for side in ("player", "banker"):
        if wagers.get(side, 0) > 0:
            own, other = (player_total, banker_total) if side == "player" else (banker_total, player_total)
            settlements.append(settle_side(side, wagers[side], own, other))
    if wagers.get("tie", 0) > 0:
        settlements.append(settle_tie(wagers["tie"], player_total, banker_total))
    for wager, hand in (("bonus_player", dealt.player_bonus), ("bonus_banker", dealt.banker_bonus)):
        if wagers.get(wager, 0) > 0:
            assert bonus_paytable is not None
            settlements.append(settle_bonus(wager, wagers[wager], hand, bonus_paytable))
    facts = [
        ("player hand", " ".join(map(str, dealt.player))),
        ("banker hand", " ".join(map(str, dealt.banker))),
        ("player total", str(player_total)),
        ("banker total", str(banker_total)),
        ("natural", "yes" if dealt.natural else "no"),
    ]
    if any(len(hand) == 2 and all(card.rank == Rank.ACE for card in hand) for hand in (dealt.player, dealt.banker)):
        facts.append(("reading", "681a-two-ace-natural: a natural of two aces counts 12 (§ 681a.3(d)(3))"))
    if dealt.natural and (dealt.player_bonus != dealt.player or dealt.banker_bonus != dealt.banker):
        facts.append(
            (
                "bonus-only cards",
                " ".join(str(c) for c in (*dealt.player_bonus[2:], *dealt.banker_bonus[2:]))
                + " (§ 681a.7(f)(2): they count for the Bonus Wagers only)",
            )
        )
    return RoundResult(chapter=CHAPTER, cards=tuple(cards), settlements=tuple(settlements), facts=tuple(facts))


def _amount(wagers: Mapping[str, object], name: str, problems: list[str]) -> Fraction:
    amount = read_wager(wagers, name, problems)
    return Fraction(0) if amount is None else amount


def replay(data: Mapping[str, object]) -> RoundResult:
    """Settle a recorded round: ``cards`` in dealing order (P, B, P, B, draws), ``wagers``, ``decks``,
    ``bonus_paytable`` (when a Bonus is wagered) and ``bonus_on_table`` (True when another player placed a Bonus).
    """
    problems: list[str] = []
    decks = data.get("decks", 8)
    if isinstance(decks, bool) or not isinstance(decks, int) or decks not in PERMITTED_DECKS:
        problems.append(f"decks: '{decks}' is not 4 or 8 (§ 681a.3(a))")
        decks = 8
    cards: list[Card] = []
    raw_cards = data.get("cards")
    if not isinstance(raw_cards, list):
        problems.append('cards: expected the cards in dealing order, e.g. ["Ah", "9c", "Kd", "7s", "5h"]')
        raw_cards = []
    cards = parse_cards(raw_cards, "cards", problems, "21 Baccarat is dealt without jokers (§ 681a.3(a))")
    check_shoe_holds(cards, decks, problems)
    wagers: dict[str, Fraction] = {}
    raw_wagers = data.get("wagers")
    if not isinstance(raw_wagers, dict):
        problems.append('wagers: expected an object such as {"player": 10, "bonus_player": 5}')
        raw_wagers = {}
    unknown = sorted(set(raw_wagers) - set(WAGER_IDS))
    if unknown:
        problems.append(f"wagers: {', '.join(unknown)} not a 21 Baccarat wager ({', '.join(WAGER_IDS)})")
    for name in WAGER_IDS:
        wagers[name] = _amount(raw_wagers, name, problems)
    if isinstance(raw_wagers, dict) and wagers["player"] == 0 and wagers["banker"] == 0:
        problems.append("wagers: a Player or Banker wager is required to take part in the round (§ 681a.6(c))")
    paytable = data.get("bonus_paytable")
    if wagers["bonus_player"] > 0 or wagers["bonus_banker"] > 0:
        if not isinstance(paytable, str) or paytable.strip().upper() not in BONUS_ODDS:
            problems.append(f"bonus_paytable: '{paytable}' is not one of A-F (§ 681a.8(c))")
            paytable = None
        else:
            paytable = paytable.strip().upper()
            if BONUS_PAYTABLE_DECKS[paytable] != decks:
                problems.append(
                    f"bonus_paytable: paytable {paytable} is for {BONUS_PAYTABLE_DECKS[paytable]} decks, the round "
                    f"uses {decks} (§ 681a.8(c))"
                )
    else:
        paytable = None
    other_bonus = data.get("bonus_on_table", False)
    if not isinstance(other_bonus, bool):
        problems.append(f"bonus_on_table: '{other_bonus}' is not true or false")
        other_bonus = False
    bonus_on_table = other_bonus or wagers["bonus_player"] > 0 or wagers["bonus_banker"] > 0
    if len(cards) == len(raw_cards) and len(cards) >= 4:
        player_draws, banker_draws = cards_needed(cards[:4], bonus_on_table)
        expected = 4 + player_draws + banker_draws
        if len(cards) != expected:
            problems.append(
                f"cards: this round deals exactly {expected} cards (Player draws: {'yes' if player_draws else 'no'}, "
                f"Banker draws: {'yes' if banker_draws else 'no'}; § 681a.7(f)-(g)); {len(cards)} given"
            )
    elif len(raw_cards) < 4:
        problems.append(f"cards: a round deals at least four cards (§ 681a.7(e)); {len(raw_cards)} given")
    if problems:
        raise ReplayError(problems)
    return settle(cards, wagers, paytable if isinstance(paytable, str) else None, bonus_on_table)
