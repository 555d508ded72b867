"""Blackjack (58 Pa. Code chapter 633a): settlement of the Blackjack Wager, Insurance, surrender, doubles, splits,
Blackjack Switch and every optional wager, each with the subsection that decided it; and ``replay`` of a round.

The side-wager classifiers (``lucky_ladies`` …) are pure functions of the cards; the exact analysis
(:mod:`engine.analysis.blackjack_side_wagers`) evaluates the same rules vectorised, and the tests check that the two
agree card for card. Odds come from the rulebook (:mod:`regulations.chapter_633a`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from pacomply.engine.cards import Card, CardParseError, Rank, Suit
from pacomply.engine.games.blackjack_hand import BLACKJACK_TOTAL, hand_total, is_blackjack, is_ten_valued, point_value
from pacomply.engine.replay_input import read_amount, read_card_list, read_wager_amounts
from pacomply.engine.settlement import Outcome, ReplayError, RoundResult, Settlement
from pacomply.regulations import chapter_633a as book
from pacomply.regulations.citation import Citation, cite
from pacomply.regulations.rulebook import odds_text

CHAPTER = "633a"
DEALER_STANDS_FROM = 17
_ZERO = Fraction(0)  # shared: a simulated round settles several wagers absent or pushed, each would build its own
_MINUS_ONE = Fraction(-1)  # shared, as _ZERO: most side wagers of a simulated round lose
SIDE_WAGERS = (
    "lucky_ladies",
    "match_the_dealer",
    "in_between",
    "royal_match",
    "bet_the_set",
    "kings_bounty",
    "super_match",
    "three_card_poker",
    "bad_beat",
    "hit_and_run",
)


@dataclass(frozen=True, slots=True)
class SideResult:
    """A side wager's result per unit wagered: the hand made (None when lost), the net, the deciding subsection."""

    hand: str | None
    net: Fraction
    citation: Citation

    @property
    def won(self) -> bool:
        """True when the wager paid."""
        return self.hand is not None


def _lose(citation: str) -> SideResult:
    return SideResult(None, _MINUS_ONE, cite(citation))


def _total_of_two(first: Card, second: Card) -> int:
    return hand_total((first, second)).total


def lucky_ladies(first: Card, second: Card, dealer_blackjack: bool) -> SideResult:
    """§ 633a.7(g)(1), § 633a.13(c): the player's first two cards total 20."""
    if _total_of_two(first, second) != 20:
        return _lose("633a.7(g)(1)")
    queen_of_hearts = Card(Rank.QUEEN, Suit.HEARTS)
    if first == second == queen_of_hearts:
        hand = "queen of hearts pair and dealer blackjack" if dealer_blackjack else "queen of hearts pair"
    elif first == second:
        hand = "matched 20"
    elif first.suit == second.suit:
        hand = "suited 20"
    else:
        hand = "any 20"
    return SideResult(hand, Fraction(book.LUCKY_LADIES_ODDS[hand]), cite("633a.13(c)"))


def _matches(card: Card, up: Card) -> bool:
    """§ 633a.7(g)(2): ranks match; ten-valued cards match only the identical rank."""
    return card.rank == up.rank


def match_the_dealer(first: Card, second: Card, up: Card, decks: int) -> SideResult:
    """§ 633a.7(g)(2), § 633a.13(d): each of the first two cards matching the up card's rank is paid."""
    if decks not in book.MATCH_THE_DEALER_ODDS:
        raise ValueError(f"Match-the-Dealer is paid only with 6 or 8 decks (§ 633a.13(d)); {decks} given")
    suited_odds, unsuited_odds = book.MATCH_THE_DEALER_ODDS[decks]
    net = Fraction(0)
    parts = []
    for card in (first, second):
        if _matches(card, up):
            suited = card.suit == up.suit
            net += suited_odds if suited else unsuited_odds
            parts.append("same suit" if suited else "different suit")
    if not parts:
        return _lose("633a.7(g)(2)")
    citation = cite(book.MATCH_THE_DEALER_PAYTABLE_IDS[decks])
    return SideResult(f"{len(parts)} matching card(s): {', '.join(parts)}", net, citation)


def in_between(first: Card, second: Card, up: Card) -> SideResult:
    """§ 633a.7(g)(3), § 633a.13(e): spreads by ranks strictly between, ace high (reading 633a-in-between-ranks)."""
    assert first.rank is not None and second.rank is not None and up.rank is not None
    if first.rank == second.rank == up.rank:
        return SideResult("triple match", Fraction(book.IN_BETWEEN_ODDS["triple match"]), cite("633a.7(g)(3)(ii)"))
    low, high = sorted((int(first.rank), int(second.rank)))
    if not low < int(up.rank) < high:
        return _lose("633a.7(g)(3)")
    spread = high - low - 1
    hand = {1: "one-card spread", 2: "two-card spread", 3: "three-card spread"}.get(spread, "all others")
    return SideResult(hand, Fraction(book.IN_BETWEEN_ODDS[hand]), cite("633a.7(g)(3)(i)"))


def _is_royal_match(first: Card, second: Card) -> bool:
    return first.suit == second.suit and {first.rank, second.rank} == {Rank.KING, Rank.QUEEN}


def royal_match(
    first: Card, second: Card, up: Card, hole: Card, paytable: str, crown_treasure: bool = True
) -> SideResult:
    """§ 633a.7(g)(4), § 633a.13(f): Suited Match or Royal Match; Crown Treasure when the dealer has one too."""
    royal_odds, suited_odds = book.ROYAL_MATCH_ODDS[paytable]
    if first.suit != second.suit:
        return _lose("633a.7(g)(4)")
    citation = cite("633a.13(f)(1)" if paytable in book.ROYAL_MATCH_SINGLE_DECK else "633a.13(f)(2)")
    if not _is_royal_match(first, second):
        return SideResult("suited match", suited_odds, citation)
    if crown_treasure and _is_royal_match(up, hole):
        # Reading 633a-for-one: the bonus '1,000 for 1' is added; the wager is returned once, with the Royal Match.
        return SideResult("royal match with crown treasure", royal_odds + book.CROWN_TREASURE_FOR_ONE - 1, citation)
    return SideResult("royal match", royal_odds, citation)


def bet_the_set(first: Card, second: Card, paytable: str) -> SideResult:
    """§ 633a.7(g)(5), § 633a.13(g): a pair, or a suited pair where the paytable lists one."""
    if first.rank != second.rank:
        return _lose("633a.7(g)(5)")
    suited_odds, pair_odds = book.BET_THE_SET_ODDS[paytable]
    citation = cite({"A": "633a.13(g)(1)", "B": "633a.13(g)(2)"}.get(paytable, "633a.13(g)(3)"))
    if first.suit == second.suit and suited_odds is not None:
        return SideResult("suited pair", Fraction(suited_odds), citation)
    return SideResult("pair", Fraction(pair_odds), citation)


def kings_bounty(first: Card, second: Card, dealer_blackjack: bool) -> SideResult:
    """§ 633a.7(g)(6), § 633a.13(h): the player's first two cards total 20; the best hand listed is paid."""
    if _total_of_two(first, second) != 20:
        return _lose("633a.7(g)(6)")
    if first == second == Card(Rank.KING, Suit.SPADES):
        hand = "king of spades pair and dealer blackjack" if dealer_blackjack else "king of spades pair"
    elif first == second and first.rank == Rank.KING:
        hand = "suited kings pair"
    elif first == second and first.rank in (Rank.QUEEN, Rank.JACK, Rank.TEN):
        hand = "suited queens, jacks or 10s pair"
    elif first.suit == second.suit:
        hand = "suited 20"
    elif first.rank == second.rank == Rank.KING:
        hand = "pair of kings"
    else:
        hand = "any 20"
    return SideResult(hand, Fraction(book.KINGS_BOUNTY_ODDS[hand]), cite("633a.13(h)"))


def super_match(cards: Sequence[Card], decks: int) -> SideResult:
    """§ 633a.7(g)(7), § 633a.13(i): the first four cards of the two Switch hands, by rank."""
    if decks not in book.SUPER_MATCH_ODDS:
        raise ValueError(f"Super Match is paid only with 6 or 8 decks (§ 633a.13(i)); {decks} given")
    counts = sorted(Counter(card.rank for card in cards).values(), reverse=True)
    if counts[0] == 4:
        hand = "four-of-a-kind"
    elif counts[0] == 3:
        hand = "three-of-a-kind"
    elif counts[:2] == [2, 2]:
        hand = "two pair"
    elif counts[0] == 2:
        hand = "pair"
    else:
        return _lose("633a.7(g)(7)")
    return SideResult(hand, Fraction(book.SUPER_MATCH_ODDS[decks][hand]), cite(book.SUPER_MATCH_PAYTABLE_IDS[decks]))


def three_card_poker(up: Card, first: Card, second: Card) -> SideResult:
    """§ 633a.6(e)(9), § 633a.7(g)(8), § 633a.13(k): straight flush, trips, straight or flush; A-2-3 and Q-K-A."""
    cards = (up, first, second)
    ranks = sorted(int(card.rank) for card in cards if card.rank is not None)
    flush = len({card.suit for card in cards}) == 1
    trips = ranks[0] == ranks[2]
    straight = (ranks[0] + 1 == ranks[1] and ranks[1] + 1 == ranks[2]) or ranks == [2, 3, 14]
    if straight and flush:
        hand = "straight flush"
    elif trips:
        hand = "three-of-a-kind"
    elif straight:
        hand = "straight"
    elif flush:
        hand = "flush"
    else:
        return _lose("633a.7(g)(8)")
    return SideResult(hand, Fraction(book.THREE_CARD_POKER_ODDS), cite("633a.13(k)"))


def _for_one(award: int | None, meter_net: Fraction) -> Fraction:
    return meter_net if award is None else Fraction(award - 1)


def bad_beat(
    player_total: int,
    dealer_cards: Sequence[Card],
    meter_net: Fraction,
    player_20_option: bool = False,
) -> SideResult:
    """§ 633a.7(o)(1), § 633a.13(j)(1): the player's 20 beaten by a dealer Blackjack or 21 (net per unit wagered).

    ``meter_net`` is what the 100 %-of-meter award nets per unit wagered (the meter over the wager, less one).
    """
    if player_total != 20:
        return _lose("633a.7(o)(1)(i)")
    dealer_total = hand_total(dealer_cards).total
    if is_blackjack(dealer_cards):
        hand = "blackjack"
    elif dealer_total == BLACKJACK_TOTAL:
        count = len(dealer_cards)
        hand = "21 with seven or more cards" if count >= 7 else f"21 with {_NUMBER_WORDS[count]} cards"
    elif player_20_option:
        return SideResult("player has a 20", Fraction(book.BAD_BEAT_PLAYER_20_FOR_ONE - 1), cite("633a.7(o)(1)(i)"))
    else:
        return _lose("633a.7(o)(1)(i)")
    return SideResult(
        f"player 20, dealer {hand}", _for_one(book.BAD_BEAT_FOR_ONE[hand], meter_net), cite("633a.13(j)(1)")
    )


_NUMBER_WORDS = {3: "three", 4: "four", 5: "five", 6: "six", 7: "seven"}


def hit_and_run(dealer_cards: Sequence[Card], meter_net: Fraction) -> SideResult:
    """§ 633a.7(o)(2), § 633a.13(l)(1): dealer Blackjack, or five or more cards counting the one that busts."""
    count = len(dealer_cards)
    if is_blackjack(dealer_cards):
        hand = "blackjack"
    elif count >= 8:
        hand = "eight or more cards"
    elif count >= 5:
        hand = f"{_NUMBER_WORDS[count]} cards"
    else:
        return _lose("633a.7(o)(2)(i)")
    return SideResult(f"dealer {hand}", _for_one(book.HIT_AND_RUN_FOR_ONE[hand], meter_net), cite("633a.13(l)(1)"))


def insurance_wins(up: Card, hole: Card) -> bool:
    """§ 633a.8(a): the dealer shows an ace and the hole card is ten-valued."""
    return up.rank == Rank.ACE and is_ten_valued(hole)


def dealer_must_draw(cards: Sequence[Card]) -> bool:
    """§ 633a.7(m): the dealer draws below 17 and stands on every hard or soft 17 to 21."""
    return hand_total(cards).total < DEALER_STANDS_FROM


# --- the round --------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayerHand:
    """One of the player's final hands: its cards, whether it was doubled, and whether it came from a split."""

    cards: tuple[Card, ...]
    doubled: bool = False
    split: bool = False
    switched_blackjack: bool = False
    """Blackjack Switch: a Blackjack made by exchanging second cards (§ 633a.12(a)(5)(iii)-(iv))."""

    @property
    def natural(self) -> bool:
        """A Blackjack as § 633a.1 defines it: the first two cards, not from a split."""
        return not self.split and is_blackjack(self.cards)


@dataclass(frozen=True, slots=True)
class RoundOptions:
    """The Rules Submission's choices a round is settled under."""

    decks: int = 6
    royal_match_paytable: str = "C"
    bet_the_set_paytable: str = "C"
    crown_treasure: bool = True
    bad_beat_player_20: bool = False
    switch: bool = False


def _settle_hand(
    hand: PlayerHand,
    wager: Fraction,
    dealer: Sequence[Card],
    options: RoundOptions,
    surrender: bool,
    even_money: bool,
    name: str,
) -> Settlement:
    up = dealer[0]
    dealer_blackjack = is_blackjack(dealer)
    dealer_total = hand_total(dealer).total
    player_total = hand_total(hand.cards).total
    stake = wager * 2 if hand.doubled else wager
    up_high = up.rank == Rank.ACE or is_ten_valued(up)
    if surrender:
        if dealer_blackjack:
            return Settlement(name, wager, Outcome.LOSE, -wager, cite("633a.9(a)(2)"), "surrendered; dealer Blackjack "
                              "takes the whole wager")  # fmt: skip
        citation = cite("633a.9(a)(2)" if up_high else "633a.9(a)(1)")
        return Settlement(name, wager, Outcome.SURRENDER, -wager / 2, citation, "surrendered: half the wager returned")
    if even_money:
        return Settlement(name, wager, Outcome.WIN, wager, cite("633a.8(e)"), "Blackjack paid even money at 1 to 1")
    switch = options.switch
    if dealer_blackjack:
        if hand.natural and not hand.switched_blackjack:
            citation = cite("633a.12(a)(5)(ii)") if switch else cite("633a.7(q)")
            return Settlement(name, wager, Outcome.PUSH, _ZERO, citation, "Blackjack against dealer Blackjack ties")
        if switch and hand.switched_blackjack:
            return Settlement(name, wager, Outcome.LOSE, -wager, cite("633a.12(a)(5)(iii)"), "a switched Blackjack "
                              "counts 21 against the dealer's Blackjack")  # fmt: skip
        # § 633a.10(b) / § 633a.11(d): only the original wager is lost to a dealer Blackjack.
        citation = cite("633a.10(b)") if hand.doubled else cite("633a.11(d)") if hand.split else cite("633a.7(h)")
        return Settlement(name, stake, Outcome.LOSE, -wager, citation, "dealer Blackjack; only the original wager "
                          "is collected")  # fmt: skip
    if player_total > BLACKJACK_TOTAL:
        return Settlement(name, stake, Outcome.LOSE, -stake, cite("633a.7(p)(1)"), f"player busts with {player_total}")
    if hand.natural:
        if switch and hand.switched_blackjack and dealer_total in (21, 22):
            return Settlement(name, wager, Outcome.PUSH, _ZERO, cite("633a.12(a)(5)(iv)"), "switched Blackjack "
                              f"against a dealer {dealer_total} is returned")  # fmt: skip
        if switch and up_high and not hand.switched_blackjack and dealer_total == 21:
            return Settlement(name, wager, Outcome.WIN, wager, cite("633a.12(a)(5)(i)"), "Blackjack against a dealer "
                              "21 in more than two cards pays 1 to 1")  # fmt: skip
        if switch and up_high and not hand.switched_blackjack and dealer_total == 22:
            return Settlement(name, wager, Outcome.PUSH, _ZERO, cite("633a.12(a)(5)(v)"), "dealer 22 pushes")
        citation = cite("633a.7(p)(3)") if dealer_total == BLACKJACK_TOTAL else cite("633a.13(a)")
        reading = " (reading 633a-switch-blackjack)" if hand.switched_blackjack else ""
        odds = book.BLACKJACK_ODDS
        return Settlement(name, wager, Outcome.WIN, wager * odds, citation,
                          f"Blackjack pays {odds_text(odds)}{reading}")  # fmt: skip
    if switch and dealer_total == 22:
        return Settlement(name, stake, Outcome.PUSH, _ZERO, cite("633a.12(a)(5)(v)"), "Blackjack Switch: dealer "
                          "22 returns every hand of 21 or less")  # fmt: skip
    if dealer_total > BLACKJACK_TOTAL:
        return Settlement(name, stake, Outcome.WIN, stake, cite("633a.7(p)(1)"), f"dealer busts with {dealer_total}")
    if player_total > dealer_total:
        return Settlement(name, stake, Outcome.WIN, stake, cite("633a.7(p)(2)"), f"{player_total} beats {dealer_total}")
    if player_total == dealer_total:
        return Settlement(name, stake, Outcome.PUSH, _ZERO, cite("633a.7(q)"), f"{player_total} ties")
    return Settlement(name, stake, Outcome.LOSE, -stake, cite("633a.7(p)(2)"), f"{dealer_total} beats {player_total}")


def _side_settlement(name: str, amount: Fraction, result: SideResult, timing: str = "") -> Settlement:
    if not result.won:
        return Settlement(name, amount, Outcome.LOSE, -amount, result.citation, "the wager's hand was not made")
    if result.net == 0:
        return Settlement(name, amount, Outcome.PUSH, _ZERO, result.citation, f"{result.hand}: 1 for 1{timing}")
    return Settlement(name, amount, Outcome.WIN, amount * result.net, result.citation, f"{result.hand} pays "
                      f"{odds_text(result.net)}{timing}")  # fmt: skip


def _timing(wager: str, result: SideResult, up: Card) -> str:
    """When the chapter defers a winning side wager's payment until the dealer's hole card is known."""
    up_high = up.rank == Rank.ACE or is_ten_valued(up)
    if wager == "lucky_ladies" and up_high and result.hand and result.hand.startswith("queen of hearts pair"):
        return "; settled after the other Lucky Ladies wagers, once the hole card is known (§ 633a.7(g)(1)(i)-(ii))"
    if wager == "kings_bounty" and up_high and result.hand and result.hand.startswith("king of spades pair"):
        return "; settled after the other King's Bounty wagers, once the hole card is known (§ 633a.7(g)(6)(i)-(ii))"
    if wager == "royal_match" and up.rank in (Rank.KING, Rank.QUEEN) and result.hand and "royal" in result.hand:
        return "; settled after the hole card is exposed (§ 633a.7(g)(4))"
    return ""


@dataclass(frozen=True, slots=True)
class BadBeatBonuses:
    """The optional Bad Beat awards a round is settled with (§ 633a.13(j)(1)), when the filing offers them."""

    magic_card: Card | None = None
    """The card the table game system selected; a player card of the same rank and suit wins."""
    lucky_player: bool = False
    """True when the system selected this player's position."""


def _bad_beat_bonuses(amount: Fraction, first: Card, second: Card, bonuses: BadBeatBonuses) -> list[Settlement]:
    """Magic Card and Lucky Player awards, in addition to the Bad Beat Wager (reading 633a-for-one: N - 1 added)."""
    settlements = []
    citation = cite("633a.13(j)(1)")
    if bonuses.magic_card is not None and bonuses.magic_card in (first, second):
        net = amount * (book.MAGIC_CARD_BONUS_FOR_ONE - 1)
        settlements.append(Settlement("magic_card_bonus", amount, Outcome.WIN, net, citation,
                                      f"a first card matches the magic card {bonuses.magic_card}: "
                                      f"{book.MAGIC_CARD_BONUS_FOR_ONE} for 1"))  # fmt: skip
    if bonuses.lucky_player:
        net = amount * (book.LUCKY_PLAYER_BONUS_FOR_ONE - 1)
        explanation = f"the system selected this position: {book.LUCKY_PLAYER_BONUS_FOR_ONE} for 1"
        settlements.append(Settlement("lucky_player_bonus", amount, Outcome.WIN, net, citation, explanation))
    return settlements


@dataclass(frozen=True, slots=True)
class Round:
    """A recorded round for one player's box (two boxes' worth at a Blackjack Switch table)."""

    initial: tuple[Card, ...]
    """The player's first two cards (four at Blackjack Switch: hand one, then hand two, before any switch)."""
    dealer: tuple[Card, ...]
    hands: tuple[PlayerHand, ...]
    wagers: Mapping[str, Fraction]
    options: RoundOptions
    surrender: bool = False
    even_money: bool = False
    meters: Mapping[str, Fraction] | None = None
    bonuses: BadBeatBonuses = BadBeatBonuses()


def settle(round_: Round, describe: bool = True) -> RoundResult:
    """Settle every wager of a round; see :func:`replay` for the checks a recorded round must pass first.

    ``describe=False`` leaves out the facts shown beside a replayed round (the dealer's and each hand's cards and
    totals as text): a simulation reads only the settlements, and writing that text was a sixth of its round."""
    dealer = round_.dealer
    up, hole = dealer[0], dealer[1]
    first, second = round_.initial[0], round_.initial[1]
    dealer_blackjack = is_blackjack(dealer)
    options = round_.options
    settlements: list[Settlement] = []
    base = round_.wagers.get("base", _ZERO)
    for index, hand in enumerate(round_.hands):
        name = "base" if len(round_.hands) == 1 else f"base[{index + 1}]"
        settlements.append(_settle_hand(hand, base, dealer, options, round_.surrender, round_.even_money, name))
    # An absent wager is not compared with 0 (a Fraction comparison per round and wager in a simulation).
    insurance = round_.wagers.get("insurance")
    if insurance is not None and insurance > 0:
        if insurance_wins(up, hole):
            settlements.append(Settlement("insurance", insurance, Outcome.WIN, insurance * book.INSURANCE_ODDS,
                                          cite("633a.13(b)"), "dealer Blackjack: Insurance pays 2 to 1"))  # fmt: skip
        else:
            settlements.append(Settlement("insurance", insurance, Outcome.LOSE, -insurance, cite("633a.8(d)"),
                                          "no dealer Blackjack: Insurance collected"))  # fmt: skip
    meters = round_.meters or {}
    results: dict[str, SideResult] = {}
    for wager in SIDE_WAGERS:
        # A simulated round settles few side wagers, so the absent ones are skipped before any Fraction is made.
        if wager not in round_.wagers:
            continue
        amount = round_.wagers[wager]
        if amount <= 0:
            continue
        if wager == "lucky_ladies":
            results[wager] = lucky_ladies(first, second, dealer_blackjack)
        elif wager == "match_the_dealer":
            results[wager] = match_the_dealer(first, second, up, options.decks)
        elif wager == "in_between":
            results[wager] = in_between(first, second, up)
        elif wager == "royal_match":
            results[wager] = royal_match(first, second, up, hole, options.royal_match_paytable, options.crown_treasure)
        elif wager == "bet_the_set":
            results[wager] = bet_the_set(first, second, options.bet_the_set_paytable)
        elif wager == "kings_bounty":
            results[wager] = kings_bounty(first, second, dealer_blackjack)
        elif wager == "super_match":
            results[wager] = super_match(round_.initial[:4], options.decks)
        elif wager == "three_card_poker":
            results[wager] = three_card_poker(up, first, second)
        elif wager == "bad_beat":
            meter_net = meters.get("bad_beat", Fraction(book.BAD_BEAT_MINIMUM_RESET)) / amount - 1
            player_total = hand_total(round_.hands[0].cards).total
            results[wager] = bad_beat(player_total, dealer, meter_net, options.bad_beat_player_20)
        elif wager == "hit_and_run":
            meter_net = meters.get("hit_and_run", Fraction(book.HIT_AND_RUN_MINIMUM_RESET)) / amount - 1
            results[wager] = hit_and_run(dealer, meter_net)
        settlements.append(_side_settlement(wager, amount, results[wager], _timing(wager, results[wager], up)))
    bonus_amount = round_.wagers.get("bad_beat")
    if bonus_amount is not None and bonus_amount > 0:
        settlements.extend(_bad_beat_bonuses(bonus_amount, first, second, round_.bonuses))
    facts = (
        [
            ("dealer", f"{' '.join(map(str, dealer))} ({'Blackjack' if dealer_blackjack else hand_total(dealer)})"),
            *(
                (f"hand {i + 1}", f"{' '.join(map(str, h.cards))} ({hand_total(h.cards)})")
                for i, h in enumerate(round_.hands)
            ),
        ]
        if describe
        else []
    )
    cards = (*round_.initial, *dealer, *(c for h in round_.hands for c in h.cards[2 if not h.split else 1 :]))
    return RoundResult(chapter=CHAPTER, cards=tuple(cards), settlements=tuple(settlements), facts=tuple(facts))


# --- replay -----------------------------------------------------------------------------------------------------


def _cards(raw: object, field: str, problems: list[str]) -> list[Card]:
    return read_card_list(
        raw, field, problems, jokers_refused_because="blackjack is dealt without jokers (§ 633a.3(a))"
    )


_amount = read_amount


def _flag(data: Mapping[str, object], key: str, field: str, problems: list[str]) -> bool:
    value = data.get(key, False)
    if not isinstance(value, bool):
        problems.append(f"{field}.{key}: '{value}' is not true or false")
        return False
    return value


def _check_hand(hand: PlayerHand, field: str, problems: list[str]) -> None:
    for count in range(2, len(hand.cards)):
        if hand_total(hand.cards[:count]).total >= BLACKJACK_TOTAL:
            problems.append(f"{field}: a card was drawn to {hand_total(hand.cards[:count])}; no card is drawn at 21 "
                            "or more (§ 633a.7(k))")  # fmt: skip
            break
    if hand.doubled and len(hand.cards) != 3:
        problems.append(f"{field}: a doubled hand takes exactly one more card (§ 633a.10(a)); {len(hand.cards)} cards")
    if len(hand.cards) < 2:
        problems.append(f"{field}: a hand has at least two cards")


def _check_dealer(dealer: list[Card], settled_early: bool, problems: list[str]) -> None:
    if len(dealer) < 2:
        problems.append("dealer: the dealer has an up card and a hole card")
        return
    if is_blackjack(dealer[:2]):
        if len(dealer) > 2:
            problems.append("dealer: no card is dealt after a dealer Blackjack (§ 633a.7(h))")
        return
    for count in range(2, len(dealer)):
        if not dealer_must_draw(dealer[:count]):
            problems.append(
                f"dealer: drew on {hand_total(dealer[:count])}; the dealer stands on 17 to 21 (§ 633a.7(m))"
            )
            return
    if dealer_must_draw(dealer) and not settled_early:
        problems.append(f"dealer: stopped on {hand_total(dealer)}; the dealer draws to 17 (§ 633a.7(m))")


def replay(data: Mapping[str, object]) -> RoundResult:
    """Settle a recorded 633a round (see ``examples/rounds/633a-*.json``); every problem found is reported."""
    problems: list[str] = []
    decks = data.get("decks", 6)
    if isinstance(decks, bool) or not isinstance(decks, int) or not 1 <= decks <= book.MAX_DECKS:
        problems.append(f"decks: '{decks}' is not a number of decks from 1 to {book.MAX_DECKS}")
        decks = 6
    raw_options = data.get("options", {})
    if not isinstance(raw_options, dict):
        problems.append("options: expected an object")
        raw_options = {}
    switch = _flag(raw_options, "switch", "options", problems)
    royal = str(raw_options.get("royal_match_paytable", "C" if decks > 1 else "A")).upper()
    bet_the_set_table = str(raw_options.get("bet_the_set_paytable", "A" if decks == 1 else "B" if decks == 2 else "C"))
    if royal not in book.ROYAL_MATCH_ODDS:
        problems.append(f"options.royal_match_paytable: '{royal}' is not A-E (§ 633a.13(f))")
        royal = "C"
    if bet_the_set_table.upper() not in book.BET_THE_SET_ODDS:
        problems.append(f"options.bet_the_set_paytable: '{bet_the_set_table}' is not A-D (§ 633a.13(g))")
        bet_the_set_table = "C"
    options = RoundOptions(
        decks=decks,
        royal_match_paytable=royal,
        bet_the_set_paytable=bet_the_set_table.upper(),
        crown_treasure=bool(raw_options.get("crown_treasure", True)),
        bad_beat_player_20=_flag(raw_options, "bad_beat_player_20", "options", problems),
        switch=switch,
    )
    initial = _cards(data.get("player"), "player", problems)
    expected_initial = 4 if switch else 2
    if initial and len(initial) != expected_initial:
        what = "two per hand at Blackjack Switch" if switch else "the first two"
        problems.append(f"player: {expected_initial} first cards expected ({what}); {len(initial)} given")
    dealer = _cards(data.get("dealer"), "dealer", problems)
    raw_wagers = data.get("wagers")
    wagers = read_wager_amounts(
        raw_wagers, {"base", "insurance", *SIDE_WAGERS}, CHAPTER, '{"base": 10, "lucky_ladies": 5}', problems
    )
    if isinstance(raw_wagers, dict) and wagers.get("base", Fraction(0)) <= 0:
        problems.append("wagers.base: a Blackjack Wager is required to play (§ 633a.6(d))")
    decisions = data.get("decisions", {})
    if not isinstance(decisions, dict):
        problems.append("decisions: expected an object")
        decisions = {}
    surrender = _flag(decisions, "surrender", "decisions", problems)
    even_money = _flag(decisions, "even_money", "decisions", problems)
    if len(initial) == expected_initial and len(dealer) >= 2:
        _check_wager_rules(initial, dealer, wagers, options, surrender, even_money, problems)
    hands = _hands(data.get("hands"), initial, switch, problems)
    if hands and len(dealer) >= 2:
        settled_early = (
            all(hand_total(h.cards).total > BLACKJACK_TOTAL or (h.natural and not switch) for h in hands)
            or surrender
            or even_money
        )
        settled_early = settled_early and not {"bad_beat", "hit_and_run"} & set(wagers)
        _check_dealer(dealer, settled_early, problems)
        if (surrender or even_money) and len(hands) > 1:
            problems.append("decisions: surrender and even money apply to an unsplit hand")
    all_cards = [*initial, *dealer, *(c for h in hands for c in (h.cards[1:] if h.split else h.cards[2:]))]
    for card, count in sorted(Counter(all_cards).items()):
        if count > decks:
            problems.append(f"cards: {card} appears {count} times but {decks} deck(s) hold {decks}")
    meters = _meters(data.get("meters"), problems)
    bonuses = _bonuses(data, wagers, problems)
    if problems:
        raise ReplayError(problems)
    return settle(
        Round(tuple(initial), tuple(dealer), tuple(hands), wagers, options, surrender, even_money, meters, bonuses)
    )


def _bonuses(data: Mapping[str, object], wagers: Mapping[str, Fraction], problems: list[str]) -> BadBeatBonuses:
    raw_card = data.get("magic_card")
    lucky = data.get("lucky_player", False)
    if not isinstance(lucky, bool):
        problems.append(f"lucky_player: '{lucky}' is not true or false")
        lucky = False
    magic = None
    if raw_card is not None:
        try:
            magic = Card.parse(str(raw_card))
        except CardParseError as error:
            problems.append(f"magic_card: {error}")
    if (magic is not None or lucky) and "bad_beat" not in wagers:
        problems.append("magic_card / lucky_player: the bonuses are paid only on a Bad Beat Wager (§ 633a.1)")
    return BadBeatBonuses(magic, lucky)


def _check_wager_rules(
    initial: list[Card],
    dealer: list[Card],
    wagers: Mapping[str, Fraction],
    options: RoundOptions,
    surrender: bool,
    even_money: bool,
    problems: list[str],
) -> None:
    up = dealer[0]
    base = wagers.get("base", Fraction(0))
    insurance = wagers.get("insurance", Fraction(0))
    if insurance > 0 and up.rank != Rank.ACE:
        problems.append(
            "wagers.insurance: Insurance is offered only when the dealer's first card is an ace (§ 633a.8(a))"
        )
    if insurance > base / 2:
        problems.append(f"wagers.insurance: {insurance} is more than half the Blackjack Wager (§ 633a.8(b))")
    if even_money and not (up.rank == Rank.ACE and is_blackjack(initial[:2])):
        problems.append("decisions.even_money: even money is for a player Blackjack against a dealer ace (§ 633a.8(e))")
    if even_money and insurance > 0:
        problems.append("decisions.even_money: even money is taken instead of Insurance (§ 633a.8(e))")
    if surrender and (is_blackjack(initial[:2]) or options.switch):
        problems.append(
            "decisions.surrender: a Blackjack (or a Switch hand) is not surrendered in this replay (§ 633a.9(a))"
        )
    if "match_the_dealer" in wagers and options.decks not in book.MATCH_THE_DEALER_ODDS:
        problems.append(
            f"wagers.match_the_dealer: offered only with 6 or 8 decks (§ 633a.13(d)); {options.decks} given"
        )
    if "super_match" in wagers and (not options.switch or options.decks not in book.SUPER_MATCH_ODDS):
        problems.append("wagers.super_match: offered only at a 6- or 8-deck Blackjack Switch table (§ 633a.6(e)(7), "
                        "§ 633a.13(i))")  # fmt: skip
    royal_decks = {1} if options.royal_match_paytable in book.ROYAL_MATCH_SINGLE_DECK else set(range(2, 9))
    if "royal_match" in wagers and options.decks not in royal_decks:
        problems.append(f"options.royal_match_paytable: {options.royal_match_paytable} is not permitted with "
                        f"{options.decks} deck(s) (§ 633a.13(f))")  # fmt: skip
    if "bet_the_set" in wagers and options.decks not in book.BET_THE_SET_DECKS[options.bet_the_set_paytable]:
        problems.append(f"options.bet_the_set_paytable: {options.bet_the_set_paytable} is not permitted with "
                        f"{options.decks} deck(s) (§ 633a.13(g))")  # fmt: skip


def _hands(raw: object, initial: list[Card], switch: bool, problems: list[str]) -> list[PlayerHand]:
    """The player's final hands; absent means each first hand stood on its first two cards."""
    if len(initial) < 2:
        return []
    starts = [initial[0:2], initial[2:4]] if switch and len(initial) == 4 else [initial[0:2]]
    if raw is None:
        return [PlayerHand(tuple(start)) for start in starts]
    if not isinstance(raw, list) or not raw:
        problems.append('hands: expected a list of hands such as [{"cards": ["Ts", "6d", "5c"], "double": true}]')
        return []
    hands = []
    for index, item in enumerate(raw):
        field = f"hands[{index}]"
        if not isinstance(item, dict):
            problems.append(f"{field}: expected an object with cards")
            continue
        cards = _cards(item.get("cards"), f"{field}.cards", problems)
        doubled = _flag(item, "double", field, problems)
        hands.append(PlayerHand(tuple(cards), doubled, split=len(raw) > len(starts)))
        _check_hand(hands[-1], field, problems)
    if switch:
        if len(hands) != 2:
            problems.append("hands: a Blackjack Switch replay has exactly two hands (splits are not replayed there)")
            return hands
        kept = [tuple(initial[0:2]), tuple(initial[2:4])]
        exchanged = [(initial[0], initial[3]), (initial[2], initial[1])]
        starts_found = [hand.cards[:2] for hand in hands]
        if starts_found not in (kept, exchanged):
            problems.append("hands: the two hands start with their first cards and either their own second cards or "
                            "each other's (§ 633a.12(a)(4))")  # fmt: skip
        switched = starts_found == exchanged and starts_found != kept
        return [
            PlayerHand(hand.cards, hand.doubled, split=False, switched_blackjack=switched and is_blackjack(hand.cards))
            for hand in hands
        ]
    if len(hands) == 1:
        if hands[0].cards[:2] != tuple(initial):
            problems.append("hands[0]: an unsplit hand starts with the player's first two cards")
        return hands
    if point_value(initial[0]) != point_value(initial[1]):
        problems.append("hands: only two cards of identical value may be split (§ 633a.11(a))")
    for index, hand in enumerate(hands):
        if hand.cards and point_value(hand.cards[0]) != point_value(initial[0]):
            problems.append(f"hands[{index}]: a split hand starts with a card of the split pair's value")
    return hands


def _meters(raw: object, problems: list[str]) -> dict[str, Fraction]:
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        problems.append('meters: expected an object such as {"bad_beat": 12500}')
        return {}
    return {str(key): _amount(value, f"meters.{key}", problems) for key, value in sorted(raw.items())}
