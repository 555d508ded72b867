"""The sample chapter's round simulator: the Over/Under simulator under the id 699a."""

from __future__ import annotations

from dataclasses import replace

from pacomply.engine.simulation.over_under import ROUND_GAME as OVER_UNDER
from pacomply.engine.simulation.registry import RoundPlayer, TableSetup, WagerFacts


class _SampleGame:
    chapter = "699a"
    default_decks = OVER_UNDER.default_decks
    jokers_per_deck = OVER_UNDER.jokers_per_deck

    def wager_ids(self) -> tuple[str, ...]:
        return OVER_UNDER.wager_ids()

    def table(self, setup: TableSetup) -> RoundPlayer:
        return OVER_UNDER.table(replace(setup, chapter="686a"))

    def facts(self, setup: TableSetup, wager: str) -> WagerFacts:
        return OVER_UNDER.facts(replace(setup, chapter="686a"), wager)


ROUND_GAME = _SampleGame()
