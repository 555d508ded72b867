"""Seeded simulation of Over/Under (686a), round by round from a real shoe.

``ROUND_GAME`` plugs the chapter into :mod:`engine.simulation.runner`: rounds dealt from a real shoe (cover card,
burn, reshuffles, batches or a continuous shuffler) and settled by the rules-of-play module, as ``replay`` does.
"""

from __future__ import annotations

from fractions import Fraction

from pacomply.engine.analysis.over_under import best_decisions, required_wagers
from pacomply.engine.games.over_under import CHAPTER, Decision, point_value, settle
from pacomply.engine.simulation.registry import RoundPlayer, SimulationUnavailable, TableSetup, WagerFacts, WagerPlay
from pacomply.engine.simulation.shoe import Shoe
from pacomply.regulations.chapter_686a import (
    BONUS_PAYTABLE,
    BONUS_PAYTABLE_ID,
    DECKS_PER_BATCH,
    RULEBOOK,
)

# --- Round by round from a real shoe (engine.simulation.registry protocol) ---------------------------------------


class OverUnderRounds:
    """Over/Under dealt from a real shoe, each round settled by :func:`engine.games.over_under.settle`.

    Dealing order follows § 686a.7(e)-(i): a first card to every seat, then seat by seat the decision (the exact
    analysis's best decision for the first card's value, off the top of a full shoe) and two more cards.
    Every seat places an Ante of 1 and, when the Bonus is simulated, a Bonus of 1.
    """

    chapter = CHAPTER
    default_decks = DECKS_PER_BATCH
    jokers_per_deck = 0

    def wager_ids(self) -> tuple[str, ...]:
        """The required wagers and the Bonus."""
        return tuple(wager.id for wager in RULEBOOK.wagers)

    def table(self, setup: TableSetup) -> RoundPlayer:
        """A round player; the Bonus and the required wagers are settled in the same round."""
        wagers = setup.wagers or self.wager_ids()
        unknown = sorted(set(wagers) - set(self.wager_ids()))
        if unknown:
            raise SimulationUnavailable(f"686a has no wager {', '.join(unknown)} (wagers: required, bonus)")
        if setup.paytable not in (None, BONUS_PAYTABLE_ID):
            raise SimulationUnavailable(f"686a has one paytable, '{BONUS_PAYTABLE_ID}'; '{setup.paytable}' is not it")
        if setup.shoe.jokers_per_deck:
            raise SimulationUnavailable("Over/Under is dealt without jokers (§ 686a.3(a))")
        if setup.seats < 1 or setup.seats > RULEBOOK.max_betting_positions:
            raise SimulationUnavailable(f"seats: {setup.seats} is not 1-{RULEBOOK.max_betting_positions} (§ 686a.2(a))")
        decision_by_value = {value: decision for value, (decision, _, _) in best_decisions(setup.shoe.decks).items()}
        return _OverUnderPlayer(decision_by_value, "bonus" in wagers, "required" in wagers, setup.seats)

    def facts(self, setup: TableSetup, wager: str) -> WagerFacts:
        """Citation, reading, strategy and paytable rows as ``edge`` reports them."""
        if wager == "bonus":
            rows = tuple((row.outcome, f"{row.amount} to 1") for row in BONUS_PAYTABLE.rows)
            return WagerFacts(wager, str(BONUS_PAYTABLE.citation), paytable_rows=rows)
        reading = RULEBOOK.reading("686a-losing-side")
        return WagerFacts(
            wager,
            str(RULEBOOK.wager(wager).citation),
            reading=f"{reading.id}: {reading.choice}",
            strategy=required_wagers_strategy(setup.shoe.decks),
        )


def required_wagers_strategy(decks: int) -> tuple[tuple[str, str], ...]:
    """The decision played, as the exact analysis states it."""
    return required_wagers(decks).strategy


class _OverUnderPlayer:
    """Plays one round; picklable, holds only the decision table."""

    def __init__(self, decisions: dict[int, Decision], bonus: bool, required: bool, seats: int) -> None:
        self._decisions = decisions
        self._bonus_amount = Fraction(1) if bonus else Fraction(0)
        self._required = required
        self._seats = seats

    def __call__(self, shoe: Shoe) -> list[WagerPlay]:
        first_cards = [shoe.draw() for _ in range(self._seats)]
        plays: list[WagerPlay] = []
        for first in first_cards:
            decision = self._decisions[point_value(first)]
            cards = (first, shoe.draw(), shoe.draw())
            result = settle(cards, _ANTE, self._bonus_amount, decision)
            # Floats from here on: the settlement's exact Fractions are small integers, and float sums are fast.
            required_net = 0.0
            bonus_net = None
            for settlement in result.settlements:
                if settlement.wager == "bonus":
                    bonus_net = float(settlement.net)
                else:
                    required_net += float(settlement.net)
            if self._required:
                wagered = 1.0 if decision == Decision.SURRENDER else 2.0
                plays.append(WagerPlay("required", required_net, wagered))
            if bonus_net is not None:
                plays.append(WagerPlay("bonus", bonus_net))
        return plays


_ANTE = Fraction(1)
ROUND_GAME = OverUnderRounds()
