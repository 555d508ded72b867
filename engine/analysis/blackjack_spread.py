"""Standard deviation and hit frequency of the blackjack base games (633a Blackjack Wager and Switch, 685a Bet
Wager), by seeded simulation through the engine.

The exact analyses of these games value decisions (the best expectation of each hand), not the distribution of a
round's results, so the spread of a round is measured instead: ``rounds`` rounds dealt by the engine's own table
(``engine/simulation/blackjack.py``, ``down_under_blackjack.py``) from a full shoe each round, in the seeded chunks of
``engine/simulation/runner.py``. The figure keeps the rounds, seed and standard errors, so a par sheet can print them;
it is computed once and kept in the figure store.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pacomply.engine.figure_store import figure

#: Rounds and seed of the stored spread of each blackjack base game (docs/parsheet.md).
SPREAD_ROUNDS = 200_000
SPREAD_SEED = 2929
#: The wagers measured: (chapter, wager).
SPREAD_WAGERS = (("633a", "base"), ("633a", "switch"), ("685a", "base"))
#: The deck counts the spread is dealt at and shipped for: the shoe games the Board's figures describe. One deck is
#: left out because a round of many splits can empty a single deck dealt fresh each round; at other counts a par
#: sheet says the spread is not computed rather than dealing 200,000 rounds inside a review.
SPREAD_DECKS = (6, 8)


@dataclass(frozen=True, slots=True)
class RoundSpread:
    """The spread of one round's net result, per unit of the initial wager, from a seeded simulation."""

    chapter: str
    wager: str
    decks: int
    rounds: int
    seed: int
    mean: float
    """Mean net result per unit of the initial wager (minus the simulated house edge)."""
    std_dev: float
    """Sample standard deviation of a round's net result per unit of the initial wager."""
    hit_frequency: float
    """Share of rounds the player ends ahead (net result above zero)."""
    wagered_per_round: float
    """Average amount wagered (doubles and splits included) per unit of the initial wager."""
    strategy: str
    """The play the simulated table follows, in words."""

    @property
    def standard_error(self) -> float:
        """Standard error of :attr:`mean`."""
        return self.std_dev / math.sqrt(self.rounds)

    @property
    def hit_frequency_standard_error(self) -> float:
        """Standard error of :attr:`hit_frequency` (a binomial share)."""
        return math.sqrt(self.hit_frequency * (1 - self.hit_frequency) / self.rounds)

    @property
    def std_dev_per_unit_wagered(self) -> float:
        """The standard deviation divided by the average amount wagered: per unit of everything wagered."""
        return self.std_dev / self.wagered_per_round


def _describe(inputs: Mapping[str, Any]) -> str:
    return (
        f"{inputs['chapter']} {inputs['wager']} at {inputs['decks']} decks: spread of a round, "
        f"{inputs['rounds']:,} simulated rounds, seed {inputs['seed']}"
    )


@figure("blackjack-round-spread", method=1, chapter=lambda inputs: inputs["chapter"], describe=_describe)
def _stored_spread(chapter: str, wager: str, decks: int, rounds: int, seed: int) -> RoundSpread:
    from pacomply.engine.simulation.registry import TableSetup, game_module, load_game
    from pacomply.engine.simulation.runner import SimulationPlan, run
    from pacomply.engine.simulation.shoe import ShoeSpec

    module = game_module(chapter)
    game = load_game(module)
    setup = TableSetup(chapter, (wager,), None, ShoeSpec(decks=decks, jokers_per_deck=game.jokers_per_deck))
    result = run(SimulationPlan(module, setup, rounds, seed), workers=1).estimate(wager).result
    facts = game.facts(setup, wager)
    strategy = "; ".join(f"{when}: {decision}" for when, decision in facts.strategy)
    return RoundSpread(
        chapter=chapter,
        wager=wager,
        decks=decks,
        rounds=result.rounds,
        seed=seed,
        mean=result.mean,
        std_dev=result.std_dev,
        hit_frequency=result.hit_frequency,
        wagered_per_round=result.wagered_per_round,
        strategy=strategy,
    )


def round_spread(
    chapter: str, wager: str, decks: int, rounds: int = SPREAD_ROUNDS, seed: int = SPREAD_SEED
) -> RoundSpread:
    """The stored spread of a blackjack base game (computed and kept when absent)."""
    if (chapter, wager) not in SPREAD_WAGERS:
        raise ValueError(f"no simulated spread for {chapter} '{wager}'")
    return _stored_spread(chapter=chapter, wager=wager, decks=decks, rounds=rounds, seed=seed)
