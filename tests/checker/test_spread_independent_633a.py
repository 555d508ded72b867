"""The stored spread of a 633a Blackjack Wager round (standard deviation and hit frequency on the par sheet), held
against a small round simulator written here, independently of the engine's table.

How the expectation is derived. The simulator below deals its own shoe (a freshly shuffled shoe of ``decks`` decks
each round: every card drawn uniformly from the cards left) and applies the chapter's rules as the text of
chapter 633a gives them, not as the engine codes them:

* deal: a card to the player, the dealer's up card, the player's second card, the dealer's hole card (§ 633a.7);
  the dealer checks the hole card for Blackjack before anyone plays, so a dealer Blackjack takes the initial wager
  only, and pushes a player's Blackjack;
* a player's Blackjack (an ace and a ten-valued card as the first two cards, never after a split) is paid 3 to 2,
  every other winning hand 1 to 1 (§ 633a.13(a));
* surrender gives up half the wager after the first two cards; against a dealer Blackjack the whole wager is lost
  (§ 633a.9(a)): the check comes first, so it is the late surrender of a peeking dealer;
* double down on any two cards, after a split too, for one more card (§ 633a.10); split cards of the same value
  (two ten-valued cards included) into up to four hands, aces once with one card each, each hand completed before
  the next (§ 633a.11);
* the dealer draws to 17 and stands on every 17, hard or soft (§ 633a.7(m)); a busted hand loses whatever the
  dealer does.

The only thing shared with the engine is the play, taken as data: the arrays of the engine's total-dependent basic
strategy for the chapter's rules (``basic_strategy_policy``: the two-card chart, the chart after a split and the
hit-or-stand chart of three or more cards). Both simulations play the same strategy, so the distribution of a
round's net result is the same for both, and the engine's stored figure (200,000 rounds through its own table) and
this one must agree within sampling error. The engine's shoe is dealt to a cover card three quarters in and this
one is shuffled fresh each round; that changes the expectation of a flat-betting fixed strategy by a few hundredths
of a point at most, far below the tolerance.

Tolerance: the difference of the two estimates is within ``Z`` combined standard errors. The hit frequency is a
binomial share, standard error sqrt(p(1 - p)/n) for each sample. The standard deviation s of n rounds has standard
error sqrt(mu4 - s^4) / (2 s sqrt(n)) (mu4 the fourth central moment, measured on this simulator's sample and used
for both: a round's result, mostly -1 or +1, is far from normal, so the normal-theory s / sqrt(2n) does not apply).
The means are held together as well, with standard errors s / sqrt(n)."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

import pytest

#: Combined standard errors the two estimates may differ by (a false alarm about once in 16,000 runs).
Z = 4.0
#: The policy's action codes (``engine/analysis/blackjack/analyzer.py``: ACTION_CODES).
STAND, HIT, DOUBLE, SPLIT, SURRENDER = 0, 1, 2, 3, 4
#: Rank index as the policy indexes it: the point value less one; the ace is 0, every ten-valued card 9.
ACE, TEN = 0, 9


@dataclass(frozen=True)
class Spread:
    rounds: int
    mean: float
    std_dev: float
    fourth_moment: float
    hit_frequency: float

    def std_dev_standard_error(self, rounds: int) -> float:
        """Standard error of a sample standard deviation of ``rounds`` rounds of this distribution."""
        return math.sqrt(max(self.fourth_moment - self.std_dev**4, 0.0)) / (2 * self.std_dev * math.sqrt(rounds))


def _total(cards: list[int]) -> tuple[int, bool]:
    """(total, soft): aces count 1, one of them 11 when that does not pass 21."""
    hard = sum(cards) + len(cards)  # rank index + 1 is the point value
    if ACE in cards and hard + 10 <= 21:
        return hard + 10, True
    return hard, False


class _Round:
    """One seat against the dealer, from a fresh shoe."""

    def __init__(self, decks: int, policy, rng: random.Random) -> None:
        self._counts = [4 * decks] * 9 + [16 * decks]
        self._left = 52 * decks
        self._rng = rng
        self._two_card, self._post_split, self._multi_hit = policy

    def _draw(self) -> int:
        pick = self._rng.randrange(self._left)
        for rank, count in enumerate(self._counts):
            if pick < count:
                self._counts[rank] -= 1
                self._left -= 1
                return rank
            pick -= count
        raise AssertionError("the shoe is empty")

    def _hit(self, cards: list[int], up: int) -> None:
        """Take a card, then go on by the chart for three or more cards until it stands or the hand reaches 21."""
        while True:
            cards.append(self._draw())
            total, soft = _total(cards)
            if total >= 21 or not self._multi_hit[up][1 if soft else 0][total]:
                return

    def _split(self, pair: int, up: int) -> list[tuple[list[int], int]]:
        limit = 2 if pair == ACE else 4
        starts = [pair, pair]
        hands: list[tuple[list[int], int]] = []
        while len(hands) < len(starts):
            card = self._draw()
            if card == pair and len(starts) < limit:
                starts.append(card)  # a new hand; the one being completed draws again
                continue
            cards = [pair, card]
            choice = STAND if pair == ACE else self._post_split[up][pair][card]
            if choice == DOUBLE:
                hands.append(([*cards, self._draw()], 2))
                continue
            if choice == HIT:
                self._hit(cards, up)
            hands.append((cards, 1))
        return hands

    def play(self) -> float:
        first, up, second, hole = self._draw(), self._draw(), self._draw(), self._draw()
        player_blackjack = _total([first, second])[0] == 21
        if _total([up, hole])[0] == 21:
            return 0.0 if player_blackjack else -1.0
        if player_blackjack:
            return 1.5
        action = self._two_card[up][first][second]
        if action == SURRENDER:
            return -0.5
        if action == SPLIT:
            hands = self._split(first, up)
        elif action == DOUBLE:
            hands = [([first, second, self._draw()], 2)]
        else:
            cards = [first, second]
            if action == HIT:
                self._hit(cards, up)
            hands = [(cards, 1)]
        dealer = [up, hole]
        if any(_total(cards)[0] <= 21 for cards, _ in hands):
            while _total(dealer)[0] < 17:
                dealer.append(self._draw())
        dealer_total = _total(dealer)[0]
        net = 0.0
        for cards, bet in hands:
            total = _total(cards)[0]
            if total > 21:
                net -= bet
            elif dealer_total > 21 or total > dealer_total:
                net += bet
            elif total < dealer_total:
                net -= bet
        return net


def simulate(decks: int, rounds: int, seed: int) -> Spread:
    """``rounds`` independent rounds of the 633a Blackjack Wager under the engine's basic strategy."""
    from pacomply.engine.analysis.blackjack.analyzer import basic_strategy_policy
    from pacomply.engine.analysis.blackjack.rules import BlackjackRules

    rules = BlackjackRules(decks=decks)
    # The simulator above implements these rules of the chapter; the policy must be the one for them.
    assert not rules.dealer_hits_soft_17 and rules.blackjack_pays == 1.5 and rules.late_surrender
    assert rules.double_after_split and rules.max_split_hands == 4 and rules.dealer_peeks
    assert not rules.resplit_aces and not rules.hit_split_aces and not rules.even_money
    policy = basic_strategy_policy(rules)
    arrays = (policy.two_card.tolist(), policy.post_split.tolist(), policy.multi_card_hit.tolist())
    rng = random.Random(seed)
    results = [_Round(decks, arrays, rng).play() for _ in range(rounds)]
    mean = sum(results) / rounds
    second = sum((result - mean) ** 2 for result in results)
    fourth = sum((result - mean) ** 4 for result in results) / rounds
    return Spread(
        rounds=rounds,
        mean=mean,
        std_dev=math.sqrt(second / (rounds - 1)),
        fourth_moment=fourth,
        hit_frequency=sum(result > 0 for result in results) / rounds,
    )


def _assert_agrees(decks: int, rounds: int, seed: int) -> None:
    from pacomply.engine.analysis.blackjack_spread import round_spread

    stored = round_spread("633a", "base", decks)  # the shipped figure: read, not dealt
    mine = simulate(decks, rounds, seed)
    std_dev_error = math.hypot(mine.std_dev_standard_error(mine.rounds), mine.std_dev_standard_error(stored.rounds))
    assert abs(mine.std_dev - stored.std_dev) < Z * std_dev_error, (mine, stored)
    hit_error = math.hypot(
        math.sqrt(mine.hit_frequency * (1 - mine.hit_frequency) / mine.rounds), stored.hit_frequency_standard_error
    )
    assert abs(mine.hit_frequency - stored.hit_frequency) < Z * hit_error, (mine, stored)
    # The same play has the same expectation: the means agree too (standard errors s / sqrt(n)).
    mean_error = math.hypot(mine.std_dev / math.sqrt(mine.rounds), stored.standard_error)
    assert abs(mine.mean - stored.mean) < Z * mean_error, (mine, stored)


def test_633a_13_a_base_round_spread_agrees_with_an_independent_simulation_at_six_decks():
    """A small sample (20,000 rounds, about two seconds): catches a spread of another game or another play."""
    _assert_agrees(decks=6, rounds=20_000, seed=633)


@pytest.mark.slow
@pytest.mark.parametrize("decks", [1, 6, 8])
def test_633a_13_a_base_round_spread_agrees_with_a_large_independent_simulation(decks: int):
    """1,000,000 rounds (about ten seconds a deck count): the combined standard error is then little more than the
    stored figure's own, so a gap of two of its standard errors would show. One deck included: the count where a
    round can run the engine's shoe out (completed from the discard rack there, a fresh shoe here)."""
    _assert_agrees(decks=decks, rounds=1_000_000, seed=6330 + decks)
