"""Standard deviation and hit frequency of the blackjack base games (633a Blackjack Wager and Switch, 685a Bet
Wager), by seeded simulation through the engine.

The par sheets print the exact spread (:mod:`engine.analysis.blackjack.spread`,
:mod:`engine.analysis.down_under.spread`); this simulation of the same rounds is kept beside it, for the
reconciliation's sizing of the 633a base figures and as the tests' reference that deals every card: ``rounds``
rounds dealt by the engine's own table
(``engine/simulation/blackjack.py``, ``down_under_blackjack.py``) from a shoe run as the chapter has the dealer run it
(``engine/simulation/shoe.py``: shuffle, cut, burn, cover card three quarters in), in the seeded chunks of
``engine/simulation/runner.py``. Each chunk starts a freshly shuffled shoe. Which wagers are measured is the chapter
descriptor's ``spread_wagers``; the deck counts are every count the chapter's rulebook permits for the wager.

A single deck can run out during a round of many splits (a second Switch box makes it likelier). The table then does
what the chapters tell the dealer to do (§ 633a.14(f), § 685a.12(e)): the discard rack is shuffled and cut, one card
burnt, and the round completed from it. The figure counts those rounds (:attr:`RoundSpread.discard_reshuffles`), so
a par sheet can say how many there were. The figure keeps the rounds, seed and standard errors, so a par sheet can
print them; it is computed once and kept in the figure store (``pacomply figures build``), never dealt in a review.
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
#: How the table copes with a shoe that runs out during a round, in words for the figure and the par sheet.
SHORT_SHOE_RULE = (
    "a round the shoe runs out during is completed from the discard rack, shuffled and cut with one card burnt "
    "(§ 633a.14(f), § 685a.12(e))"
)


def spread_wagers() -> tuple[tuple[str, str], ...]:
    """The wagers whose round spread is simulated, (chapter, wager) sorted: each chapter descriptor's
    ``spread_wagers``."""
    from pacomply.regulations.chapters import chapters

    return tuple((descriptor.id, wager) for descriptor in chapters() for wager in descriptor.spread_wagers)


def spread_decks(chapter: str, wager: str) -> tuple[int, ...]:
    """The deck counts the spread of a wager is stored at: every count the chapter's rulebook permits for it (the
    counts its paytables are tied to where every paytable of the wager is, else every count the chapter permits)."""
    from pacomply.regulations import rulebook

    book = rulebook(chapter)
    return tuple(sorted(book.decks_for(wager) or book.permitted_decks))


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
    discard_reshuffles: int = 0
    """Rounds completed from the shuffled discard rack because the shoe ran out during them (one deck only)."""

    @property
    def shoe(self) -> str:
        """How the cards were dealt, in words: the shoe, and what happens when it runs out during a round."""
        from pacomply.engine.simulation.shoe import ShoeSpec

        return f"{ShoeSpec(decks=self.decks).describe()}; each chunk of rounds starts a new shoe; {SHORT_SHOE_RULE}"

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
    dealt = run(SimulationPlan(module, setup, rounds, seed), workers=1)
    result = dealt.estimate(wager).result
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
        discard_reshuffles=dealt.discard_reshuffles,
    )


def round_spread(
    chapter: str, wager: str, decks: int, rounds: int = SPREAD_ROUNDS, seed: int = SPREAD_SEED
) -> RoundSpread:
    """The stored spread of a blackjack base game (computed and kept when absent)."""
    if (chapter, wager) not in spread_wagers():
        raise ValueError(f"no simulated spread for {chapter} '{wager}'")
    return _stored_spread(chapter=chapter, wager=wager, decks=decks, rounds=rounds, seed=seed)
