"""Seeded simulation of the blackjack side wagers: the cross-check of :mod:`engine.analysis.blackjack_side_wagers`.

Each round deals, off the top of a freshly shuffled shoe, the player's first two cards, the dealer's up and hole cards,
two more player cards (the second Blackjack Switch hand) and the dealer's draws under § 633a.7(m) (the model of
reading ``633a-side-wager-model``). Every wager is settled by the scalar rules of :mod:`engine.games.blackjack` and
:mod:`engine.games.down_under_blackjack` — a code path independent of the vectorised enumeration it checks.

Rounds dealt from a real shoe, with the base game played and every wager settled by ``replay``'s
:func:`engine.games.blackjack.settle`, are :mod:`engine.simulation.blackjack` (``pacomply simulate 633a``); this
module stays the off-the-top cross-check of the exact side-wager enumeration.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import numpy as np
from pacomply.engine.cards import Card
from pacomply.engine.games import blackjack, down_under_blackjack
from pacomply.engine.games.blackjack_hand import is_blackjack
from pacomply.engine.simulation import SimulationResult
from pacomply.regulations import chapter_633a as book

#: Cards a round may use: four player cards and a dealer hand of at most 12 cards.
_CARDS_PER_ROUND = 16
_BATCH = 4096

Settler = Callable[[tuple[Card, ...], tuple[Card, ...]], Fraction]


def _deals(decks: int, rounds: int, seed: int) -> list[tuple[tuple[Card, ...], tuple[Card, ...]]]:
    """(player's four cards, dealer's complete hand) per round; uniform ordered samples without replacement."""
    generator = np.random.default_rng(seed)
    shoe = [Card.from_index(index % 52) for index in range(52 * decks)]
    deals: list[tuple[tuple[Card, ...], tuple[Card, ...]]] = []
    remaining = rounds
    while remaining:
        size = min(_BATCH, remaining)
        keys = generator.random((size, len(shoe)))
        chosen = np.argpartition(keys, _CARDS_PER_ROUND, axis=1)[:, :_CARDS_PER_ROUND]
        order = np.argsort(np.take_along_axis(keys, chosen, axis=1), axis=1)
        positions = np.take_along_axis(chosen, order, axis=1)
        for row in positions.tolist():
            cards = [shoe[position] for position in row]
            player = (cards[0], cards[2], cards[4], cards[5])
            dealer = [cards[1], cards[3]]
            following = iter(cards[6:])
            while not is_blackjack(dealer) and blackjack.dealer_must_draw(dealer):
                dealer.append(next(following))
            deals.append((player, tuple(dealer)))
        remaining -= size
    return deals


def settlers(decks: int) -> dict[tuple[str, str | None], Settler]:
    """The scalar settlement of every side wager permitted at ``decks``, keyed by (wager, paytable)."""
    bad_beat_meter = Fraction(int(book.BAD_BEAT_MINIMUM_RESET) - 1)
    hit_and_run_meter = Fraction(int(book.HIT_AND_RUN_MINIMUM_RESET) - 1)
    table: dict[tuple[str, str | None], Settler] = {
        ("insurance", None): lambda p, d: Fraction(2) if blackjack.insurance_wins(d[0], d[1]) else Fraction(-1),
        ("lucky_ladies", book.LUCKY_LADIES_PAYTABLE_ID): lambda p, d: (
            blackjack.lucky_ladies(p[0], p[1], is_blackjack(d[:2])).net
        ),
        ("in_between", book.IN_BETWEEN_PAYTABLE_ID): lambda p, d: blackjack.in_between(p[0], p[1], d[0]).net,
        ("kings_bounty", book.KINGS_BOUNTY_PAYTABLE_ID): lambda p, d: (
            blackjack.kings_bounty(p[0], p[1], is_blackjack(d[:2])).net
        ),
        ("three_card_poker", book.THREE_CARD_POKER_PAYTABLE_ID): lambda p, d: (
            blackjack.three_card_poker(d[0], p[0], p[1]).net
        ),
        ("bad_beat", book.BAD_BEAT_PAYTABLE_ID): lambda p, d: (
            blackjack.bad_beat(blackjack.hand_total(p[:2]).total, d, bad_beat_meter).net
        ),
        ("hit_and_run", book.HIT_AND_RUN_PAYTABLE_ID): lambda p, d: blackjack.hit_and_run(d, hit_and_run_meter).net,
    }
    for paytable in book.ROYAL_MATCH_SINGLE_DECK if decks == 1 else book.ROYAL_MATCH_MULTI_DECK:
        table[("royal_match", paytable)] = _royal_match_settler(paytable)
    for paytable, permitted in book.BET_THE_SET_DECKS.items():
        if decks in permitted:
            table[("bet_the_set", paytable)] = _bet_the_set_settler(paytable)
    if decks in book.MATCH_THE_DEALER_ODDS:
        table[("match_the_dealer", book.MATCH_THE_DEALER_PAYTABLE_IDS[decks])] = lambda p, d: (
            blackjack.match_the_dealer(p[0], p[1], d[0], decks).net
        )
        table[("super_match", book.SUPER_MATCH_PAYTABLE_IDS[decks])] = lambda p, d: blackjack.super_match(p, decks).net
        table[("685a:match_the_dealer", None)] = lambda p, d: _down_under_match(p, d, decks)
    return table


def _royal_match_settler(paytable: str) -> Settler:
    def settle(player: tuple[Card, ...], dealer: tuple[Card, ...]) -> Fraction:
        return blackjack.royal_match(player[0], player[1], dealer[0], dealer[1], paytable).net

    return settle


def _bet_the_set_settler(paytable: str) -> Settler:
    def settle(player: tuple[Card, ...], dealer: tuple[Card, ...]) -> Fraction:
        return blackjack.bet_the_set(player[0], player[1], paytable).net

    return settle


def _down_under_match(player: tuple[Card, ...], dealer: tuple[Card, ...], decks: int) -> Fraction:
    hand, net = down_under_blackjack.match_the_dealer(player[0], player[1], dealer[0], decks)
    return Fraction(-1) if hand is None else net


def simulate(decks: int, rounds: int, seed: int) -> dict[tuple[str, str | None], SimulationResult]:
    """Every side wager permitted at ``decks`` over the same ``rounds`` seeded deals."""
    deals = _deals(decks, rounds, seed)
    results = {}
    for key, settle in sorted(settlers(decks).items(), key=lambda item: (item[0][0], item[0][1] or "")):
        if key[0] == "insurance":
            nets = np.array([float(settle(p, d)) for p, d in deals if d[0].rank is not None and d[0].rank == 14])
        else:
            nets = np.array([float(settle(p, d)) for p, d in deals])
        results[key] = SimulationResult(
            rounds=len(nets),
            mean=float(nets.mean()),
            std_dev=float(nets.std(ddof=1)),
            wagered_per_round=1.0,
            hit_frequency=float((nets > 0).mean()),
        )
    return results
