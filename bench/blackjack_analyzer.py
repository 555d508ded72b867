"""Benchmark of the blackjack analyzers (issue #6).

Times, in a fresh process after the numba kernels are loaded (compilation is cached on disk and reported
separately): the 633a six-deck S17 DAS LS 3:2 analysis, against the 0.7 s a well-known C++ combinatorial
analyzer takes for it; a full eight-deck run (both strategies, rule effects); Blackjack Switch at six decks;
and 685a at 4, 5, 6 and 8 decks.

Run: ``/work/main/.venv/bin/python bench/blackjack_analyzer.py``
"""

from __future__ import annotations

import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

REFERENCE_SECONDS = 0.7  # the C++ analyzer's time for 6D S17 DAS LS 3:2, as given in issue #6


class Timer:
    """Wall-clock and CPU time of a block (CPU time too because the bench machine may be shared)."""

    def __enter__(self) -> Timer:
        self.wall = time.perf_counter()
        self.cpu = time.process_time()
        return self

    def __exit__(self, *exc: object) -> None:
        self.wall = time.perf_counter() - self.wall
        self.cpu = time.process_time() - self.cpu

    def __str__(self) -> str:
        return f"{self.wall:.3f} s wall ({self.cpu:.3f} s CPU)"


def _clear_caches() -> None:
    from pacomply.engine.analysis.blackjack import analyzer, core, switch
    from pacomply.engine.analysis.down_under import analyzer as down_under

    core._dealer_table_cached.cache_clear()
    analyzer._solve.cache_clear()
    switch._hand_values.cache_clear()
    down_under._class_solution.cache_clear()
    down_under.analyse_down_under.cache_clear()


def main() -> None:
    start = time.perf_counter()
    from pacomply.engine.analysis.blackjack import BlackjackRules, analyse, analyse_switch, rule_effects
    from pacomply.engine.analysis.blackjack.combinatorics import dealer_terminals, player_compositions
    from pacomply.engine.analysis.blackjack.core import kernels
    from pacomply.engine.analysis.down_under import analyse_down_under

    kernels()
    print(f"import + kernel load: {time.perf_counter() - start:.2f} s")
    start = time.perf_counter()
    analyse(BlackjackRules(decks=1))  # compiles (first run only) and fills the enumeration caches
    print(f"warm-up (JIT / cache load, compositions, dealer multisets): {time.perf_counter() - start:.2f} s")
    print(f"  {len(player_compositions().counts)} player compositions")
    _clear_caches()
    del dealer_terminals

    cores = os.cpu_count()
    rules = BlackjackRules(decks=6)  # S17, DAS, late surrender, 3:2, split to 4 hands
    with Timer() as timer:
        result = analyse(rules)
    print(
        f"633a 6D S17 DAS LS 3:2: {timer} on {cores} cores "
        f"(ratio to the C++ analyzer's {REFERENCE_SECONDS} s: {timer.wall / REFERENCE_SECONDS:.2f} wall); "
        f"house edge optimal {result.house_edge_optimal:.5%}, basic {result.house_edge_basic:.5%}"
    )

    _clear_caches()
    with Timer() as timer:
        eight = analyse(BlackjackRules(decks=8))
        effects = rule_effects(BlackjackRules(decks=8))
    print(
        f"633a 8D full run (optimal + basic + 4 rule effects): {timer}; "
        f"house edge optimal {eight.house_edge_optimal:.5%}, basic {eight.house_edge_basic:.5%}"
    )
    for effect in effects:
        print(f"    {effect.description}: {effect.effect:+.4%} -> {effect.house_edge:.4%}")

    for decks in (1, 2):
        _clear_caches()
        with Timer() as timer:
            other = analyse(BlackjackRules(decks=decks))
        print(
            f"633a {decks}D S17 DAS LS 3:2: {timer}; "
            f"optimal {other.house_edge_optimal:.5%}, basic {other.house_edge_basic:.5%}"
        )

    _clear_caches()
    with Timer() as timer:
        switch_result = analyse_switch(BlackjackRules(decks=6))
    print(f"633a.12(a) Switch 6D (chapter readings): {timer}; house edge {switch_result.house_edge:.4%}")

    for decks in (4, 5, 6, 8):
        _clear_caches()
        with Timer() as timer:
            down = analyse_down_under(decks)
        print(
            f"685a {decks}D: {timer}; house edge {down.house_edge:.5%}, "
            f"element of risk {down.element_of_risk:.5%}"
        )


if __name__ == "__main__":
    main()
