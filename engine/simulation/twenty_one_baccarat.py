"""Seeded simulation of 21 Baccarat (681a), round by round from a real shoe.

``ROUND_GAME`` plugs the chapter into :mod:`engine.simulation.runner`: each round is drawn from a real shoe (cover
card, burn, reshuffles, or a continuous shuffler) in the chapter's dealing order, only as many cards as the round
uses, and settled by :func:`engine.games.twenty_one_baccarat.settle`, as ``pacomply replay`` settles it.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
from pacomply.engine.games import twenty_one_baccarat as rules
from pacomply.engine.simulation.registry import RoundPlayer, SimulationUnavailable, TableSetup, WagerFacts, WagerPlay
from pacomply.engine.simulation.shoe import Shoe
from pacomply.regulations.chapter_681a import (
    BONUS_PAYTABLE_DECKS,
    BONUS_WAGERS,
    MAX_BETTING_POSITIONS,
    PERMITTED_DECKS,
    RULEBOOK,
)


def distinct_draws(shoe_size: int, cards: int, rounds: int, generator: np.random.Generator) -> np.ndarray:
    """``cards`` distinct positions of a ``shoe_size``-card shoe per round, in dealing order, shape (rounds, cards).

    Draw k picks uniformly among the shoe_size − k positions not yet taken, by skipping the taken ones in order.
    """
    taken = np.empty((rounds, cards), dtype=np.int64)
    for draw in range(cards):
        pick = generator.integers(0, shoe_size - draw, rounds)
        if draw:
            for previous in np.sort(taken[:, :draw], axis=1).T:
                pick += pick >= previous
        taken[:, draw] = pick
    return taken


# --- Round by round from a real shoe (engine.simulation.registry protocol) ---------------------------------------


class TwentyOneBaccaratRounds:
    """21 Baccarat dealt from a real shoe, each round settled by :func:`engine.games.twenty_one_baccarat.settle`.

    One Player's Hand and one Banker's Hand are dealt per round (§ 681a.7(e)); every seat wagers on those same two
    hands, so more seats do not use up the shoe faster, they only add correlated observations. The cards drawn
    after the first four are exactly those the round uses (:func:`engine.games.twenty_one_baccarat.cards_needed`):
    with a natural and a Bonus on the table, the hands under 17 still draw for the Bonus (§ 681a.7(f)).
    Every seat places one unit on each simulated wager.
    """

    chapter = rules.CHAPTER
    default_decks = max(PERMITTED_DECKS)
    jokers_per_deck = 0

    def wager_ids(self) -> tuple[str, ...]:
        """Player, Banker, Tie and both Bonus wagers."""
        return rules.WAGER_IDS

    def _wagers(self, setup: TableSetup) -> tuple[str, ...]:
        # With no wager named, the Bonus wagers are simulated only when a paytable says how they pay.
        if setup.wagers:
            return setup.wagers
        if setup.paytable is None:
            return tuple(wager for wager in self.wager_ids() if wager not in BONUS_WAGERS)
        return self.wager_ids()

    def table(self, setup: TableSetup) -> RoundPlayer:
        """A round player; every wager asked for is settled on the same dealt hands."""
        wagers = self._wagers(setup)
        unknown = sorted(set(wagers) - set(self.wager_ids()))
        if unknown:
            raise SimulationUnavailable(
                f"681a has no wager {', '.join(unknown)} (wagers: {', '.join(self.wager_ids())})"
            )
        if setup.shoe.jokers_per_deck:
            raise SimulationUnavailable("21 Baccarat is dealt without jokers (§ 681a.3(a))")
        if setup.shoe.decks not in PERMITTED_DECKS:
            raise SimulationUnavailable(f"681a is played with 4 or 8 decks (§ 681a.3(a)); {setup.shoe.decks} is not")
        if setup.seats < 1 or setup.seats > MAX_BETTING_POSITIONS:
            raise SimulationUnavailable(f"seats: {setup.seats} is not 1-{MAX_BETTING_POSITIONS} (§ 681a.2(a))")
        bonus_wagers = [wager for wager in wagers if wager in BONUS_WAGERS]
        paytable = None
        if bonus_wagers:
            if setup.paytable is None:
                raise SimulationUnavailable(
                    f"681a's {', '.join(bonus_wagers)} need a paytable: --paytable A, B or C with 4 decks, "
                    "D, E or F with 8 (§ 681a.8(c))"
                )
            paytable = setup.paytable.upper()
            if paytable not in BONUS_PAYTABLE_DECKS:
                raise SimulationUnavailable(f"681a's Bonus paytables are A-F; '{setup.paytable}' is not one")
            if BONUS_PAYTABLE_DECKS[paytable] != setup.shoe.decks:
                raise SimulationUnavailable(
                    f"Bonus paytable {paytable} is permitted only with {BONUS_PAYTABLE_DECKS[paytable]} decks "
                    f"(§ 681a.8(c)); this shoe has {setup.shoe.decks}"
                )
        elif setup.paytable is not None and setup.wagers:
            raise SimulationUnavailable(f"681a's {', '.join(wagers)} wager(s) have no paytable")
        return _TwentyOneBaccaratPlayer(tuple(wagers), paytable, setup.seats)

    def facts(self, setup: TableSetup, wager: str) -> WagerFacts:
        """Citation, readings and paytable rows as ``edge`` reports them."""
        reading = " | ".join(
            f"{item.id}: {item.choice}" for item in (RULEBOOK.reading(i) for i in _READINGS_BY_WAGER[wager])
        )
        if wager in BONUS_WAGERS and setup.paytable is not None:
            table = RULEBOOK.paytable(wager, setup.paytable.upper())
            rows = tuple((row.outcome, f"{row.amount} to 1") for row in table.rows)
            return WagerFacts(wager, str(table.citation), reading=reading, paytable_rows=rows)
        return WagerFacts(wager, str(RULEBOOK.wager(wager).citation), reading=reading)


class _TwentyOneBaccaratPlayer:
    """Plays one round; picklable, holds only the wagers, the paytable and the seat count."""

    def __init__(self, wagers: tuple[str, ...], paytable: str | None, seats: int) -> None:
        self._wagers = wagers
        self._amounts = {wager: _UNIT for wager in wagers}
        self._paytable = paytable
        self._bonus_on_table = any(wager in BONUS_WAGERS for wager in wagers)
        self._seats = seats

    def __call__(self, shoe: Shoe) -> list[WagerPlay]:
        cards = [shoe.draw() for _ in range(4)]
        player_draws, banker_draws = rules.cards_needed(cards, self._bonus_on_table)
        cards.extend(shoe.draw() for _ in range(player_draws + banker_draws))
        result = rules.settle(cards, self._amounts, self._paytable, self._bonus_on_table)
        # Floats from here on: the nets are small exact multiples of 1/2, and float sums are fast.
        nets = {settlement.wager: float(settlement.net) for settlement in result.settlements}
        return [WagerPlay(wager, nets[wager]) for _ in range(self._seats) for wager in self._wagers]


_UNIT = Fraction(1)
#: The readings each wager's settlement relies on; the same lists ``edge`` shows (engine may not import checker,
#: so a test compares the two reports' ``reading`` fields).
_READINGS_BY_WAGER: dict[str, tuple[str, ...]] = {
    "player": ("681a-two-ace-natural", "681a-one-draw", "681a-win-with-17"),
    "banker": ("681a-two-ace-natural", "681a-one-draw", "681a-win-with-17"),
    "tie": ("681a-two-ace-natural", "681a-one-draw", "681a-bonus-card-only-for-bonus"),
    "bonus_player": ("681a-two-ace-natural", "681a-one-draw", "681a-bonus-highest-hand"),
    "bonus_banker": ("681a-two-ace-natural", "681a-one-draw", "681a-bonus-highest-hand"),
}
ROUND_GAME = TwentyOneBaccaratRounds()
