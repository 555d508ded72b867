"""Shared machinery for the 633a and 685a analyzers: per-shoe dealer tables and the split branching model.

The expensive part of an analysis is the dealer's outcome distribution for every player composition (about
3,100 of them) from every up card; :func:`dealer_table` computes those in one numba kernel call and caches
them per (shoe, terminals) pair, so the optimal and the basic-strategy passes, and the rule-effect
comparisons that share a shoe and a dealer rule, pay for them once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

import numpy as np
from pacomply.engine.analysis.blackjack.combinatorics import (
    RANKS,
    DealerTerminals,
    dealer_terminals,
    player_compositions,
)


@dataclass(frozen=True, kw_only=True)
class BaseGameRecord:
    """The figures of a blackjack-family base game and the rest of the ``edge`` record (docs/math.md), shared by the
    633a and 685a analyses. They are exact, so the simulation fields stay empty; they are kept so every key is there."""

    house_edge: float
    element_of_risk: float
    expected_total_wagered: float
    method: str = "exact"
    rounds: int | None = None
    ci95: tuple[float, float] | None = None
    hit_frequency: float | None = None
    std_dev: float | None = None

    @property
    def return_(self) -> float:
        """Payback: 1 − element of risk (the base game puts doubles and splits at risk too)."""
        return 1.0 - self.element_of_risk

    def base_record(
        self, chapter: str, decks: int, citation: str, readings: tuple[tuple[str, str, str, str], ...]
    ) -> dict[str, object]:
        """The docs/math.md ``edge`` object of the ``base`` wager; the reading names each topic and the choice made."""
        return {
            "chapter": chapter,
            "wager": "base",
            "paytable": None,
            "decks": decks,
            "house_edge": self.house_edge,
            "element_of_risk": self.element_of_risk,
            "return": self.return_,
            "method": self.method,
            "rounds": self.rounds,
            "ci95": self.ci95,
            "hit_frequency": self.hit_frequency,
            "std_dev": self.std_dev,
            "citation": citation,
            "reading": "; ".join(f"{topic}: {choice}" for topic, choice, _, _ in readings),
        }


def kernels():
    """The numba kernels, imported on first use (numba is heavy to import)."""
    from pacomply.engine.analysis.blackjack import kernels as module

    return module


# One analysis of a rule set asks for about 110 dealer tables (one each 150 KB or so); analyses of other rules over the
# same shoe ask for many of the same again. 512 tables (about 75 MB at most, held only by a process that analyses
# that many) keep those of four or five analyses, so a process that prices several rule sets in turn (a figure build,
# the rule variations, the test suite) computes each less often; 256 kept barely two, and 13 % of the tables over the
# blackjack tests were computed again (a table is about 90 % of an analysis's time). 1,024 saved a little more CPU but
# took a test worker's peak memory from 1.31 to 1.44 GB, too near its 1.5 GB bound.
@lru_cache(maxsize=512)
def _dealer_table_cached(shoe_key: tuple[int, ...], terminal_key: tuple, mask_rank: int) -> np.ndarray:
    comps = player_compositions()
    terminals: DealerTerminals = dealer_terminals(*terminal_key)
    mask = np.ones(len(comps.counts), dtype=np.bool_) if mask_rank < 0 else comps.counts[:, mask_rank] > 0
    return kernels().dealer_distributions(
        np.array(shoe_key, dtype=np.int64),
        comps.counts,
        mask,
        terminals.node_parent,
        terminals.node_rank,
        terminals.node_rank_before,
        terminals.node_cards_before,
        terminals.terminal_node,
        terminals.ways,
        terminals.outcome,
        terminals.outcomes,
    )


def dealer_table(shoe: np.ndarray, terminal_key: tuple, mask_rank: int = -1) -> np.ndarray:
    """Dealer outcome distribution (rows: compositions) from ``shoe`` minus each composition.

    ``terminal_key`` is the argument tuple of :func:`dealer_terminals`; ``mask_rank`` restricts the work to
    compositions holding that rank (the post-split hands of a pair), -1 for all.
    """
    return _dealer_table_cached(tuple(int(x) for x in shoe), terminal_key, mask_rank)


@cache
def split_hand_counts(pair_left: int, shoe_left: int, max_hands: int, hole_factor: float = 1.0) -> tuple[float, float]:
    """Expected numbers of finished split hands (x + non-x, x + x unsplittable) when a pair is split.

    Hands are completed one at a time (633a.11(b)); a hand that draws another pair card is split again while
    fewer than ``max_hands`` hands exist. The chance that a hand's second card is a pair card is
    ``(pair_left - k) / (shoe_left - k)`` after ``k`` further pair cards have appeared: removal of pair cards
    is exact, removal of the other hands' non-pair cards is ignored (see the package docstring).
    ``hole_factor`` scales those chances for what is known about the hole card (not a Blackjack card; its
    Masque range), as :func:`kernels.draw_probabilities` does exactly for the first of them.
    """

    @cache
    def expect(open_hands: int, hands: int, seen: int) -> tuple[float, float]:
        if open_hands == 0:
            return 0.0, 0.0
        left = pair_left - seen
        size = shoe_left - seen
        p_pair = min(1.0, hole_factor * max(left, 0) / size) if size > 0 else 0.0
        non_pair, pair_end = expect(open_hands - 1, hands, seen)
        result_non = (1 - p_pair) * (non_pair + 1)
        result_pair = (1 - p_pair) * pair_end
        if p_pair > 0:
            if hands < max_hands:
                more_non, more_pair = expect(open_hands + 1, hands + 1, seen + 1)
            else:
                more_non, more_pair = expect(open_hands - 1, hands, seen + 1)
                more_pair += 1
            result_non += p_pair * more_non
            result_pair += p_pair * more_pair
        return result_non, result_pair

    return expect(2, 2, 0)


def probability_two_cards(shoe: np.ndarray, a: int, b: int) -> float:
    """Probability the next two cards from ``shoe`` are ranks ``a`` and ``b`` in either order."""
    size = int(shoe.sum())
    if a == b:
        return shoe[a] * (shoe[a] - 1) / (size * (size - 1))
    return 2 * shoe[a] * shoe[b] / (size * (size - 1))


def two_card_hands() -> list[tuple[int, int]]:
    """The 55 unordered two-card rank pairs (a <= b)."""
    return [(a, b) for a in range(RANKS) for b in range(a, RANKS)]


def two_card_index(compositions: Any, a: int, b: int) -> int:
    """The index in ``compositions`` (:func:`player_compositions`) of the hand of ranks ``a`` and ``b``."""
    counts = [0] * RANKS
    counts[a] += 1
    counts[b] += 1
    return int(compositions.find(tuple(counts)))


def hands_dealt_from(shoe: np.ndarray) -> Iterator[tuple[int, int, float, np.ndarray, Any]]:
    """Each two-card hand the player can be dealt from ``shoe`` (the shoe less the dealer's up card): its ranks,
    its chance, the shoe left after it and that shoe's size; hands of chance zero are left out."""
    for a, b in two_card_hands():
        p_hand = probability_two_cards(shoe, a, b)
        if p_hand == 0:
            continue
        rest = shoe.copy()
        rest[a] -= 1
        rest[b] -= 1
        yield a, b, p_hand, rest, rest.sum()


Evaluator = Callable[[int, int], float]
