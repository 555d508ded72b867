"""Benchmark: exact analysis of every 633a side wager (and 685a Match-the-Dealer) at every deck count a filing could
choose (1, 2, 4, 5, 6, 8), cold caches, against the 5-second target; plus the vectorised enumeration against the
scalar per-card enumeration it replaces, for one wager.

Run: python bench/blackjack_side_wagers.py
"""

from __future__ import annotations

import itertools
import sys
import time
from collections import defaultdict
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pacomply.checker.wager_math import analyse
from pacomply.engine.analysis import blackjack_side_wagers
from pacomply.engine.cards import Card
from pacomply.engine.games import blackjack

TARGET_SECONDS = 5.0


def _clear_caches() -> None:
    blackjack_side_wagers._triples.cache_clear()
    blackjack_side_wagers._dealer_hands_cached.cache_clear()
    blackjack_side_wagers._dealer_hand_shapes.cache_clear()


def all_side_wagers() -> tuple[float, int]:
    _clear_caches()
    start = time.perf_counter()
    results = analyse("633a") + analyse("685a")
    return time.perf_counter() - start, len(results)


def scalar_in_between(decks: int) -> float:
    start = time.perf_counter()
    deck = [Card.from_index(index) for index in range(52)]
    outcomes: dict[Fraction, int] = defaultdict(int)
    for first, second, up in itertools.product(range(52), repeat=3):
        ways = decks * (decks - (second == first)) * (decks - (up == first) - (up == second))
        if ways:
            outcomes[blackjack.in_between(deck[first], deck[second], deck[up]).net] += ways
    return time.perf_counter() - start


def vectorised_in_between(decks: int) -> float:
    _clear_caches()
    start = time.perf_counter()
    blackjack_side_wagers.in_between(decks)
    return time.perf_counter() - start


def main() -> None:
    runs = [all_side_wagers() for _ in range(3)]
    best, count = min(runs)
    print(f"all side wagers, every permitted paytable and deck count: {count} results")
    print(
        f"  cold, best of 3: {best:.3f} s   (target {TARGET_SECONDS:.1f} s: {best / TARGET_SECONDS:.2f} of the budget)"
    )
    scalar = scalar_in_between(6)
    vectorised = min(vectorised_in_between(6) for _ in range(3))
    print("In Between at 6 decks (140,608 identity triples):")
    print(
        f"  scalar rules per triple: {scalar:.3f} s   vectorised: {vectorised:.3f} s   ratio {scalar / vectorised:.1f}x"
    )


if __name__ == "__main__":
    main()
