"""The finite objects the blackjack analyzer enumerates: player hand compositions and dealer draw multisets.

Ranks are indexed 0..9 by blackjack value: 0 is the ace, 1..8 are two..nine, 9 is every ten-valued card
(ten, jack, queen, king), because only the value matters to the base game.

* A player *composition* is a multiset of ranks (a count per rank) whose hard total is at most 21. The
  player's decisions, and the dealer's chances, depend on the cards removed from the shoe, which is
  exactly this multiset (plus the up card and any cards of other hands), not the order they came in.
* A dealer *terminal multiset* is the multiset of cards the dealer draws after the up card (hole card
  first) when the dealer stops. The dealer's stopping rule depends on the order of the draws, so each
  terminal multiset carries ``ways``: the number of draw orders that reach it without stopping earlier.
  The probability of a terminal multiset given a shoe is then ``ways * prod(falling(shoe_r, k_r)) /
  falling(N, n)`` — a closed form that a kernel evaluates for thousands of shoes quickly.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

RANKS = 10
ACE = 0
TEN = 9
RANK_VALUES = tuple(range(1, 11))
RANK_LABELS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T")


def full_shoe(decks: int) -> np.ndarray:
    """Counts per rank index for ``decks`` standard decks (four of each, sixteen ten-valued)."""
    shoe = np.full(RANKS, 4 * decks, dtype=np.int64)
    shoe[TEN] = 16 * decks
    return shoe


@dataclass(frozen=True)
class Compositions:
    """Every player composition with a hard total of at most 21 and at least one card.

    Arrays are ordered by hard total, descending, so that a composition's children (one card more) always
    come earlier: a single backward sweep computes every expectation.
    """

    counts: np.ndarray  # (C, 10) int64
    cards: np.ndarray  # (C,) number of cards
    hard_total: np.ndarray  # (C,) aces counted as 1
    total: np.ndarray  # (C,) best total (one ace as 11 where that stays <= 21)
    soft: np.ndarray  # (C,) bool
    child: np.ndarray  # (C, 10) index of composition + one card of rank r, -1 when that busts
    index: dict[tuple[int, ...], int]

    def find(self, counts: tuple[int, ...]) -> int:
        """Index of the composition with these rank counts."""
        return self.index[counts]


def _enumerate(limit: int = 21) -> list[tuple[int, ...]]:
    found: list[tuple[int, ...]] = []

    def walk(rank: int, remaining: int, prefix: list[int]) -> None:
        if rank == RANKS:
            if sum(prefix) > 0:
                found.append(tuple(prefix))
            return
        value = RANK_VALUES[rank]
        for count in range(remaining // value + 1):
            prefix.append(count)
            walk(rank + 1, remaining - count * value, prefix)
            prefix.pop()

    walk(0, limit, [])
    return found


@cache
def player_compositions() -> Compositions:
    """All player compositions (independent of the deck count; infeasible ones get probability zero)."""
    raw = _enumerate()
    values = np.array(RANK_VALUES, dtype=np.int64)
    counts = np.array(raw, dtype=np.int64)
    hard = counts @ values
    order = np.lexsort((counts.sum(axis=1), -hard))  # hard total descending
    counts = counts[order]
    hard = hard[order]
    cards = counts.sum(axis=1)
    soft = (counts[:, ACE] > 0) & (hard + 10 <= 21)
    total = np.where(soft, hard + 10, hard)
    index = {tuple(int(x) for x in row): i for i, row in enumerate(counts)}
    child = np.full((len(counts), RANKS), -1, dtype=np.int64)
    for i, row in enumerate(counts):
        for rank in range(RANKS):
            bigger = list(int(x) for x in row)
            bigger[rank] += 1
            child[i, rank] = index.get(tuple(bigger), -1)
    return Compositions(counts, cards, hard, total, soft, child, index)


@dataclass(frozen=True)
class DealerTerminals:
    """The dealer's stopping multisets for one up card and one set of possible hole cards."""

    counts: np.ndarray  # (T, 10) int64 cards drawn after the up card, hole card included
    cards: np.ndarray  # (T,)
    ways: np.ndarray  # (T,) float64 number of admissible draw orders
    outcome: np.ndarray  # (T,) int64: final total - 17 for a standing total, ``outcomes - 1`` for a bust
    outcomes: int
    # A prefix tree over the multisets written in rank order, so that a kernel gets each multiset's
    # falling-factorial product with one multiplication from its parent's (parents come first):
    node_parent: np.ndarray  # (K,) int64; node 0 is the empty multiset
    node_rank: np.ndarray  # (K,) the rank added at this node
    node_rank_before: np.ndarray  # (K,) cards of that rank already in the parent
    node_cards_before: np.ndarray  # (K,) cards in the parent
    terminal_node: np.ndarray  # (T,) node of each terminal multiset


def _prefix_tree(counts: np.ndarray) -> tuple[np.ndarray, ...]:
    index: dict[tuple[int, ...], int] = {(): 0}
    parent, rank_added, rank_before, cards_before = [-1], [0], [0], [0]
    terminal_node = []
    for row in counts:
        sequence: tuple[int, ...] = ()
        for rank in range(RANKS):
            for _ in range(int(row[rank])):
                extended = (*sequence, rank)
                if extended not in index:
                    index[extended] = len(parent)
                    parent.append(index[sequence])
                    rank_added.append(rank)
                    rank_before.append(sequence.count(rank))
                    cards_before.append(len(sequence))
                sequence = extended
        terminal_node.append(index[sequence])
    as_array = (parent, rank_added, rank_before, cards_before, terminal_node)
    return tuple(np.array(values, dtype=np.int64) for values in as_array)


def dealer_total(up: int, drawn: tuple[int, ...], ace_limit: int, ace_pair_is_22: bool) -> tuple[int, bool]:
    """(best total, soft) of the dealer's up card plus ``drawn``; an ace counts 11 while that keeps <= ace_limit."""
    hard = RANK_VALUES[up] + sum(count * RANK_VALUES[rank] for rank, count in enumerate(drawn))
    aces = drawn[ACE] + (1 if up == ACE else 0)
    if ace_pair_is_22 and aces == 2 and sum(drawn) == 1:
        # 685a.3(d)(3) read literally: each ace is 11 unless that puts the dealer over 22, so A-A is 22.
        return 22, True
    if aces and hard + 10 <= ace_limit:
        return hard + 10, True
    return hard, False


@cache
def dealer_terminals(
    up: int,
    hole_ranks: tuple[int, ...],
    dealer_hits_soft_17: bool,
    stand_max: int = 21,
    ace_pair_is_22: bool = False,
    separate_22: bool = False,
    ace_limit: int | None = None,
) -> DealerTerminals:
    """Enumerate the dealer's terminal multisets by dynamic programming over multisets.

    ``hole_ranks`` are the ranks the hole card may be given what the players know: all but the ten under
    an ace (and the ace under a ten) when the dealer has already checked for Blackjack (633a.7(h)); the
    Masque range in 685a. ``stand_max`` is 21 in 633a and 22 in 685a (the dealer stands on 17..22).
    ``separate_22`` keeps a dealer who busts with exactly 22 apart from other busts (Blackjack Switch,
    633a.12(a)(5)(v)), giving outcomes 17..21, 22, over 22.
    ``ace_limit`` is the highest total an ace may count 11 in (``stand_max`` when None: 685a.3(d)(3) counts an
    ace 11 up to 22); 21 gives a conventional dealer ace in a game whose dealer stands on 17 to 22 (the 685a
    candidate reading that counts A-A a soft 12), where a hard 22 is still a dealer 22.
    """
    outcomes = stand_max - 17 + 2 + (1 if separate_22 else 0)
    bust = outcomes - 1
    frontier: dict[tuple[int, ...], float] = {}
    for rank in hole_ranks:
        first = [0] * RANKS
        first[rank] = 1
        frontier[tuple(first)] = 1.0
    terminal: list[tuple[tuple[int, ...], float, int]] = []
    while frontier:
        following: dict[tuple[int, ...], float] = {}
        for state, ways in frontier.items():
            total, soft = dealer_total(up, state, stand_max if ace_limit is None else ace_limit, ace_pair_is_22)
            hard = RANK_VALUES[up] + sum(c * RANK_VALUES[r] for r, c in enumerate(state))
            if hard > stand_max:
                terminal.append((state, ways, bust - 1 if separate_22 and hard == 22 else bust))
                continue
            if total >= 17 and not (dealer_hits_soft_17 and soft and total == 17):
                terminal.append((state, ways, total - 17))
                continue
            for rank in range(RANKS):
                bigger = list(state)
                bigger[rank] += 1
                key = tuple(bigger)
                following[key] = following.get(key, 0.0) + ways
        frontier = following
    counts = np.array([t[0] for t in terminal], dtype=np.int64)
    parent, rank_added, rank_before, cards_before, terminal_node = _prefix_tree(counts)
    return DealerTerminals(
        counts=counts,
        cards=counts.sum(axis=1),
        ways=np.array([t[1] for t in terminal], dtype=np.float64),
        outcome=np.array([t[2] for t in terminal], dtype=np.int64),
        outcomes=outcomes,
        node_parent=parent,
        node_rank=rank_added,
        node_rank_before=rank_before,
        node_cards_before=cards_before,
        terminal_node=terminal_node,
    )
