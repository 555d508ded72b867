"""Exact math of the blackjack side wagers (633a optional wagers, 633a/685a Insurance, 685a Match-the-Dealer).

Every figure is a complete enumeration, with card removal, off the top of a freshly shuffled shoe:

* wagers on the player's first two cards and the dealer's up card (Lucky Ladies, Match-the-Dealer, In Between, Royal
  Match 21, Bet the Set 21, King's Bounty, Three Card Poker, Insurance) enumerate every ordered triple of the 52 card
  identities, weighted by how many ways the shoe deals it; where the dealer's hole card matters (a dealer Blackjack
  for the queen-of-hearts / king-of-spades pairs, a dealer Royal Match for Crown Treasure, a ten under an ace for
  Insurance) the hole card is counted exactly from what the triple leaves, so the result is a four-card enumeration;
* Super Match enumerates every ordered four-card sequence of ranks;
* Bad Beat and Hit and Run walk every dealer hand (§ 633a.7(m)) by point values, memoised on the cards drawn, under
  the model of reading ``633a-side-wager-model``.

Counts are Python/NumPy integers and results exact rationals (``Distribution`` of net result per unit wagered).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from fractions import Fraction
from functools import cache
from math import prod

import numpy as np
from pacomply.engine.analysis.result import Distribution, WagerAnalysis
from pacomply.regulations import chapter_633a as book

IDENTITIES = 52
RANK_COUNT = 13
_ACE_RANK = 14
_QUEEN_OF_HEARTS = (12 - 2) * 4 + 2
_KING_OF_SPADES = (13 - 2) * 4 + 3


def _falling(n: int, k: int) -> int:
    return prod(range(n - k + 1, n + 1))


class _Triples:
    """Every ordered (player first, player second, dealer up) triple of card identities, with its ways to be dealt."""

    def __init__(self, decks: int) -> None:
        self.decks = decks
        self.cards = IDENTITIES * decks
        first, second, up = (axis.ravel() for axis in np.indices((IDENTITIES,) * 3, dtype=np.int64))
        ways = decks * (decks - (second == first)) * (decks - (up == first) - (up == second))
        keep = ways > 0
        self.first, self.second, self.up, self.ways = first[keep], second[keep], up[keep], ways[keep]
        self.rank1, self.rank2, self.rank_up = self.first // 4 + 2, self.second // 4 + 2, self.up // 4 + 2
        self.suit1, self.suit2, self.suit_up = self.first % 4, self.second % 4, self.up % 4
        self.value1, self.value2, self.value_up = (self._value(rank) for rank in (self.rank1, self.rank2, self.rank_up))
        hard = self.value1 + self.value2
        has_ace = (self.value1 == 1) | (self.value2 == 1)
        self.player_total = np.where(has_ace & (hard + 10 <= 21), hard + 10, hard)
        tens_seen = (self.value1 == 10).astype(np.int64) + (self.value2 == 10) + (self.value_up == 10)
        aces_seen = (self.value1 == 1).astype(np.int64) + (self.value2 == 1) + (self.value_up == 1)
        #: hole cards (of the cards - 3 left) that give the dealer a Blackjack under this up card
        self.blackjack_holes = np.where(
            self.value_up == 1, 16 * decks - tens_seen, np.where(self.value_up == 10, 4 * decks - aces_seen, 0)
        )
        self.hole_cards = self.cards - 3

    @staticmethod
    def _value(rank: np.ndarray) -> np.ndarray:
        return np.where(rank == _ACE_RANK, 1, np.minimum(rank, 10))

    def copies_left(self, identity: np.ndarray) -> np.ndarray:
        """How many of the given identity the shoe still holds after the triple."""
        return self.decks - (self.first == identity) - (self.second == identity) - (self.up == identity)

    def distribution(self, categories: list[tuple[Fraction, np.ndarray]]) -> Distribution:
        """Net results from (net, four-card weight per triple) pairs; whatever weight is left over loses."""
        denominator = _falling(self.cards, 4)
        outcomes: dict[Fraction, int] = defaultdict(int)
        used = 0
        for net, weight in categories:
            count = int(weight.sum())
            if count:
                outcomes[net] += count
                used += count
        outcomes[Fraction(-1)] += denominator - used
        return Distribution(
            tuple(sorted((net, Fraction(count, denominator)) for net, count in outcomes.items() if count))
        )


@cache
def _triples(decks: int) -> _Triples:
    return _Triples(decks)


def _full(t: _Triples, mask: np.ndarray) -> np.ndarray:
    """Four-card weight of triples in ``mask`` whatever the hole card."""
    return np.where(mask, t.ways * t.hole_cards, 0)


def _with_blackjack(t: _Triples, mask: np.ndarray) -> np.ndarray:
    """Four-card weight of triples in ``mask`` whose hole card gives the dealer a Blackjack."""
    return np.where(mask, t.ways * t.blackjack_holes, 0)


def _without_blackjack(t: _Triples, mask: np.ndarray) -> np.ndarray:
    """Four-card weight of triples in ``mask`` whose hole card does not give the dealer a Blackjack."""
    return np.where(mask, t.ways * (t.hole_cards - t.blackjack_holes), 0)


def lucky_ladies(decks: int) -> Distribution:
    """§ 633a.7(g)(1), § 633a.13(c)."""
    t = _triples(decks)
    odds = book.LUCKY_LADIES_ODDS
    twenty = t.player_total == 20
    queens = twenty & (t.first == _QUEEN_OF_HEARTS) & (t.second == _QUEEN_OF_HEARTS)
    matched = twenty & (t.first == t.second) & ~queens
    suited = twenty & (t.suit1 == t.suit2) & (t.first != t.second)
    other = twenty & (t.suit1 != t.suit2)
    return t.distribution(
        [
            (
                Fraction(odds["queen of hearts pair and dealer blackjack"]),
                np.where(queens, t.ways * t.blackjack_holes, 0),
            ),
            (Fraction(odds["queen of hearts pair"]), np.where(queens, t.ways * (t.hole_cards - t.blackjack_holes), 0)),
            (Fraction(odds["matched 20"]), _full(t, matched)),
            (Fraction(odds["suited 20"]), _full(t, suited)),
            (Fraction(odds["any 20"]), _full(t, other)),
        ]
    )


def kings_bounty(decks: int) -> Distribution:
    """§ 633a.7(g)(6), § 633a.13(h)."""
    t = _triples(decks)
    odds = book.KINGS_BOUNTY_ODDS
    twenty = t.player_total == 20
    identical = t.first == t.second
    kings_spades = twenty & identical & (t.first == _KING_OF_SPADES)
    suited_kings = twenty & identical & (t.rank1 == 13) & ~kings_spades
    suited_court = twenty & identical & (t.rank1 >= 10) & (t.rank1 <= 12)
    suited = twenty & (t.suit1 == t.suit2) & ~identical
    kings = twenty & (t.rank1 == 13) & (t.rank2 == 13) & (t.suit1 != t.suit2)
    other = twenty & (t.suit1 != t.suit2) & ~kings
    return t.distribution(
        [
            (Fraction(odds["king of spades pair and dealer blackjack"]), _with_blackjack(t, kings_spades)),
            (Fraction(odds["king of spades pair"]), _without_blackjack(t, kings_spades)),
            (Fraction(odds["suited kings pair"]), _full(t, suited_kings)),
            (Fraction(odds["suited queens, jacks or 10s pair"]), _full(t, suited_court)),
            (Fraction(odds["suited 20"]), _full(t, suited)),
            (Fraction(odds["pair of kings"]), _full(t, kings)),
            (Fraction(odds["any 20"]), _full(t, other)),
        ]
    )  # fmt: skip


def match_the_dealer(decks: int, odds: tuple[int, int]) -> Distribution:
    """§ 633a.7(g)(2) / § 685a.7(f): each matching card paid at its own odds (suited, unsuited)."""
    t = _triples(decks)
    suited_odds, unsuited_odds = odds
    net = np.zeros_like(t.ways)
    for rank, suit in ((t.rank1, t.suit1), (t.rank2, t.suit2)):
        match = rank == t.rank_up
        net = (
            net
            + np.where(match & (suit == t.suit_up), suited_odds, 0)
            + np.where(match & (suit != t.suit_up), unsuited_odds, 0)
        )
    return t.distribution([(Fraction(int(value)), _full(t, net == value)) for value in np.unique(net) if value > 0])


def in_between(decks: int) -> Distribution:
    """§ 633a.7(g)(3), § 633a.13(e), reading 633a-in-between-ranks."""
    t = _triples(decks)
    low, high = np.minimum(t.rank1, t.rank2), np.maximum(t.rank1, t.rank2)
    triple = (t.rank1 == t.rank2) & (t.rank2 == t.rank_up)
    between = (t.rank_up > low) & (t.rank_up < high)
    spread = high - low - 1
    odds = book.IN_BETWEEN_ODDS
    return t.distribution(
        [
            (Fraction(odds["triple match"]), _full(t, triple)),
            (Fraction(odds["one-card spread"]), _full(t, between & (spread == 1))),
            (Fraction(odds["two-card spread"]), _full(t, between & (spread == 2))),
            (Fraction(odds["three-card spread"]), _full(t, between & (spread == 3))),
            (Fraction(odds["all others"]), _full(t, between & (spread >= 4))),
        ]
    )


@cache
def _royal_match_weights(decks: int) -> tuple[int, int, int]:
    """Four-card weights of (suited match, royal match with a dealer Royal Match, royal match without one)."""
    t = _triples(decks)
    suited = t.suit1 == t.suit2
    royal = suited & (np.minimum(t.rank1, t.rank2) == 12) & (np.maximum(t.rank1, t.rank2) == 13)
    # The dealer's Royal Match: up card a king or queen, hole card its partner of the same suit.
    partner_rank = np.where(t.rank_up == 13, 12, 13)
    partner = (partner_rank - 2) * 4 + t.suit_up
    up_royal = (t.rank_up == 12) | (t.rank_up == 13)
    crown_holes = np.where(up_royal & royal, t.copies_left(partner), 0)
    return (
        int(_full(t, suited & ~royal).sum()),
        int(np.where(royal, t.ways * crown_holes, 0).sum()),
        int(np.where(royal, t.ways * (t.hole_cards - crown_holes), 0).sum()),
    )


def royal_match(decks: int, paytable: str, crown_treasure: bool = True) -> Distribution:
    """§ 633a.7(g)(4), § 633a.13(f); Crown Treasure counted on the exact hole card that completes the dealer's."""
    royal_odds, suited_odds = book.ROYAL_MATCH_ODDS[paytable]
    suited, crown, plain = _royal_match_weights(decks)
    crown_net = royal_odds + book.CROWN_TREASURE_FOR_ONE - 1 if crown_treasure else royal_odds
    return _from_weights(decks, [(suited_odds, suited), (crown_net, crown), (royal_odds, plain)])


@cache
def _pair_weights(decks: int) -> tuple[int, int]:
    """Four-card weights of (identical pair, same rank in different suits)."""
    t = _triples(decks)
    pair = t.rank1 == t.rank2
    identical = t.first == t.second
    return int(_full(t, identical).sum()), int(_full(t, pair & ~identical).sum())


def bet_the_set(decks: int, paytable: str) -> Distribution:
    """§ 633a.7(g)(5), § 633a.13(g)."""
    suited_odds, pair_odds = book.BET_THE_SET_ODDS[paytable]
    identical, other_suits = _pair_weights(decks)
    if suited_odds is None:
        return _from_weights(decks, [(Fraction(pair_odds), identical + other_suits)])
    return _from_weights(decks, [(Fraction(suited_odds), identical), (Fraction(pair_odds), other_suits)])


def _from_weights(decks: int, categories: list[tuple[Fraction, int]]) -> Distribution:
    """A distribution from summed four-card weights; the rest loses one unit."""
    denominator = _falling(IDENTITIES * decks, 4)
    outcomes: dict[Fraction, int] = defaultdict(int)
    for net, weight in categories:
        if weight:
            outcomes[Fraction(net)] += weight
    outcomes[Fraction(-1)] += denominator - sum(outcomes.values())
    return Distribution(tuple(sorted((net, Fraction(n, denominator)) for net, n in outcomes.items() if n)))


def three_card_poker(decks: int) -> Distribution:
    """§ 633a.6(e)(9), § 633a.13(k): straight flush, trips, straight or flush pay 9 to 1 (A-2-3 and Q-K-A straights)."""
    t = _triples(decks)
    ranks = np.sort(np.stack([t.rank1, t.rank2, t.rank_up]), axis=0)
    flush = (t.suit1 == t.suit2) & (t.suit2 == t.suit_up)
    trips = ranks[0] == ranks[2]
    straight = ((ranks[0] + 1 == ranks[1]) & (ranks[1] + 1 == ranks[2])) | (
        (ranks[0] == 2) & (ranks[1] == 3) & (ranks[2] == _ACE_RANK)
    )
    return t.distribution([(Fraction(book.THREE_CARD_POKER_ODDS), _full(t, flush | trips | straight))])


def insurance(decks: int) -> Distribution:
    """§ 633a.8 / § 685a.8: one unit of Insurance against a dealer ace, averaged over the player's two cards."""
    t = _triples(decks)
    ace_up = t.value_up == 1
    total = int(np.where(ace_up, t.ways * t.hole_cards, 0).sum())
    wins = int(np.where(ace_up, t.ways * t.blackjack_holes, 0).sum())
    return Distribution(((Fraction(-1), Fraction(total - wins, total)), (Fraction(2), Fraction(wins, total))))


def super_match(decks: int, odds: dict[str, int]) -> Distribution:
    """§ 633a.7(g)(7), § 633a.13(i): the player's first four cards at Blackjack Switch, by rank."""
    ranks = np.indices((RANK_COUNT,) * 4, dtype=np.int64).reshape(4, -1)
    ways = np.ones(ranks.shape[1], dtype=np.int64)
    for position in range(4):
        seen = sum((ranks[position] == ranks[earlier]).astype(np.int64) for earlier in range(position))
        ways = ways * (4 * decks - seen)
    equal_pairs = sum((ranks[a] == ranks[b]).astype(np.int64) for a in range(4) for b in range(a + 1, 4))
    denominator = _falling(IDENTITIES * decks, 4)
    hands = {1: "pair", 2: "two pair", 3: "three-of-a-kind", 6: "four-of-a-kind"}
    outcomes: dict[Fraction, int] = defaultdict(int)
    for pairs, hand in hands.items():
        outcomes[Fraction(odds[hand])] += int(ways[equal_pairs == pairs].sum())
    outcomes[Fraction(-1)] += int(ways[equal_pairs == 0].sum())
    assert sum(outcomes.values()) == denominator
    return Distribution(tuple(sorted((net, Fraction(count, denominator)) for net, count in outcomes.items())))


# --- the dealer's hand (Bad Beat, Hit and Run) --------------------------------------------------------------------

#: Point values 1 (ace) .. 10 and how many of each one deck holds.
_VALUE_COUNTS_PER_DECK = (0, 4, 4, 4, 4, 4, 4, 4, 4, 4, 16)


def _shoe_values(decks: int) -> tuple[int, ...]:
    return tuple(count * decks for count in _VALUE_COUNTS_PER_DECK)


def _drawing(shape: tuple[int, ...]) -> bool:
    """True when a dealer holding these point values (index 1 ace … 10) must take another card (§ 633a.7(m))."""
    cards = sum(shape)
    if cards < 2:
        return True
    hard = sum(value * count for value, count in enumerate(shape))
    total = hard + 10 if shape[1] and hard <= 11 else hard
    return not (cards == 2 and total == 21) and total < 17


@cache
def _dealer_hand_shapes() -> tuple[tuple[tuple[tuple[int, int], ...], int, tuple[str, int]], ...]:
    """Every complete dealer hand as a multiset of point values, with the number of card orders that deal it.

    Each hand is ((value, count), ...) for the values it holds. An order is valid when every proper prefix is a hand
    the dealer draws to; the count depends only on the values, not on the shoe, so it is computed once and weighted
    per shoe by :func:`dealer_hands`.
    """
    orderings: dict[tuple[int, ...], int] = {(0,) * 11: 1}
    frontier: list[tuple[int, ...]] = [(0,) * 11]
    finished: dict[tuple[int, ...], int] = defaultdict(int)
    while frontier:
        following: dict[tuple[int, ...], int] = defaultdict(int)
        for shape in frontier:
            ways = orderings[shape]
            for value in range(1, 11):
                grown = (*shape[:value], shape[value] + 1, *shape[value + 1 :])
                if _drawing(grown):
                    following[grown] += ways
                else:
                    finished[grown] += ways
        orderings.update(following)
        frontier = list(following)
    shapes = []
    for shape, ways in sorted(finished.items()):
        cards = sum(shape)
        hard = sum(value * count for value, count in enumerate(shape))
        total = hard + 10 if shape[1] and hard <= 11 else hard
        kind = "blackjack" if cards == 2 and total == 21 else "21" if total == 21 else "other"
        used = tuple((value, count) for value, count in enumerate(shape) if count)
        shapes.append((used, ways, (kind, cards)))
    return tuple(shapes)


def dealer_hands(counts: tuple[int, ...]) -> dict[tuple[str, int], Fraction]:
    """Exact distribution of the dealer's complete hand (§ 633a.7(m)) from a shoe of point-value ``counts``.

    Keys are ``('blackjack', 2)``, ``('21', n)`` or ``('other', n)`` with ``n`` the number of cards, the busting
    card included (§ 633a.7(o)(2)(i)). A hand's chance is its valid orders times the ways the shoe deals its values
    in one order, over the ordered draws of that many cards.
    """
    start = sum(counts)
    # falling[value][m]: ordered ways to draw m cards of that value from the shoe.
    falling = []
    for available in counts:
        row = [1]
        for taken in range(available):
            row.append(row[-1] * (available - taken))
        falling.append(row)
    weights: dict[tuple[str, int], int] = defaultdict(int)
    for used, orders, key in _dealer_hand_shapes():
        ways = orders
        for value, count in used:
            row = falling[value]
            if count >= len(row):
                break
            ways *= row[count]
        else:
            weights[key] += ways
    return {key: Fraction(ways, _falling(start, key[1])) for key, ways in sorted(weights.items())}


@cache
def _dealer_hands_cached(counts: tuple[int, ...]) -> dict[tuple[str, int], Fraction]:
    return dealer_hands(counts)


def hit_and_run(decks: int, meter_for_one: int = int(book.HIT_AND_RUN_MINIMUM_RESET)) -> Distribution:
    """§ 633a.7(o)(2), § 633a.13(l)(1) with the meter worth ``meter_for_one`` for 1 (reading 633a-side-wager-model)."""
    outcomes: dict[Fraction, Fraction] = defaultdict(Fraction)
    for (kind, cards), probability in _dealer_hands_cached(_shoe_values(decks)).items():
        outcomes[_hit_and_run_net(kind, cards, meter_for_one)] += probability
    return Distribution(tuple(sorted(outcomes.items())))


def _hit_and_run_net(kind: str, cards: int, meter_for_one: int) -> Fraction:
    table = book.HIT_AND_RUN_FOR_ONE
    if kind == "blackjack":
        award = table["blackjack"]
    elif cards >= 8:
        award = meter_for_one
    elif cards >= 5:
        award = table[{5: "five cards", 6: "six cards", 7: "seven cards"}[cards]]
    else:
        return Fraction(-1)
    assert award is not None
    return Fraction(award - 1)


def bad_beat(decks: int, meter_for_one: int = int(book.BAD_BEAT_MINIMUM_RESET)) -> Distribution:
    """§ 633a.7(o)(1), § 633a.13(j)(1): the player's two-card 20 against the dealer's Blackjack or 21."""
    shoe = _shoe_values(decks)
    cards = sum(shoe)
    pairs = _falling(cards, 2)
    outcomes: dict[Fraction, Fraction] = defaultdict(Fraction)
    twenties = {(10, 10): shoe[10] * (shoe[10] - 1), (1, 9): 2 * shoe[1] * shoe[9]}
    outcomes[Fraction(-1)] += Fraction(pairs - sum(twenties.values()), pairs)
    for (first, second), ways in twenties.items():
        left = list(shoe)
        left[first] -= 1
        left[second] -= 1
        for (kind, count), probability in _dealer_hands_cached(tuple(left)).items():
            outcomes[_bad_beat_net(kind, count, meter_for_one)] += Fraction(ways, pairs) * probability
    return Distribution(tuple(sorted(outcomes.items())))


def _bad_beat_net(kind: str, cards: int, meter_for_one: int) -> Fraction:
    table = book.BAD_BEAT_FOR_ONE
    if kind == "blackjack":
        award = table["blackjack"]
    elif kind == "21":
        award = meter_for_one if cards >= 7 else table[f"21 with {_WORDS[cards]} cards"]
    else:
        return Fraction(-1)
    assert award is not None
    return Fraction(award - 1)


_WORDS = {3: "three", 4: "four", 5: "five", 6: "six"}


# --- one entry point ----------------------------------------------------------------------------------------------


def distribution(wager: str, paytable: str | None, decks: int) -> Distribution:
    """The exact net-result distribution of a 633a side wager (``paytable`` as the rulebook names it)."""
    builders: dict[str, Callable[[], Distribution]] = {
        "insurance": lambda: insurance(decks),
        "lucky_ladies": lambda: lucky_ladies(decks),
        "match_the_dealer": lambda: match_the_dealer(decks, book.MATCH_THE_DEALER_ODDS[decks]),
        "in_between": lambda: in_between(decks),
        "royal_match": lambda: royal_match(decks, paytable or ""),
        "bet_the_set": lambda: bet_the_set(decks, paytable or ""),
        "kings_bounty": lambda: kings_bounty(decks),
        "super_match": lambda: super_match(decks, book.SUPER_MATCH_ODDS[decks]),
        "three_card_poker": lambda: three_card_poker(decks),
        "bad_beat": lambda: bad_beat(decks),
        "hit_and_run": lambda: hit_and_run(decks),
    }
    return builders[wager]()


def analysis(result: Distribution) -> WagerAnalysis:
    """House edge and friends of a single wager (house edge = element of risk, docs/math.md)."""
    return WagerAnalysis.from_distribution(result)
