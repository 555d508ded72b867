"""Seeded simulation of 21 Baccarat (681a): vectorised off the top, and round by round from a real shoe.

:func:`simulate` deals six distinct cards of the shoe uniformly per round (the model the exact analysis
enumerates), lays them out P, B, P, B, Player's draw, Banker's draw, and applies § 681a.7 independently of the exact
code: totals, naturals, the draw, settlement and the Bonus hands are recomputed here on arrays.

``ROUND_GAME`` plugs the chapter into :mod:`engine.simulation.runner`: each round is drawn from a real shoe (cover
card, burn, reshuffles, or a continuous shuffler) in the chapter's dealing order, only as many cards as the round
uses, and settled by :func:`engine.games.twenty_one_baccarat.settle`, as ``pacomply replay`` settles it.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
from pacomply.engine.games import twenty_one_baccarat as rules
from pacomply.engine.simulation import SimulationResult
from pacomply.engine.simulation.registry import RoundPlayer, SimulationUnavailable, TableSetup, WagerFacts, WagerPlay
from pacomply.engine.simulation.shoe import Shoe
from pacomply.regulations.chapter_681a import (
    BONUS_ODDS,
    BONUS_PAYTABLE_DECKS,
    BONUS_WAGERS,
    MAX_BETTING_POSITIONS,
    PERMITTED_DECKS,
    RULEBOOK,
    BonusHand,
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


def _totals(points: np.ndarray) -> np.ndarray:
    """Hand totals of rows of point values (ace 1, 0 for an absent card)."""
    hard = points.sum(axis=1)
    soft = (points == 1).any(axis=1) & (hard + 10 <= 21)
    return np.where(soft, hard + 10, hard)


def _deal(decks: int, rounds: int, generator: np.random.Generator) -> np.ndarray:
    """Ranks (2..14) of six cards per round in dealing order."""
    ranks = np.repeat(np.arange(2, 15), 4 * decks)
    return ranks[distinct_draws(len(ranks), 6, rounds, generator)]


def _points(ranks: np.ndarray) -> np.ndarray:
    return np.where(ranks == 14, 1, np.minimum(ranks, 10))


def simulate(wager: str, decks: int, rounds: int, seed: int, paytable: str | None = None) -> SimulationResult:
    """Simulate ``rounds`` rounds of one wager ('player', 'banker', 'tie', 'bonus_player', 'bonus_banker')."""
    generator = np.random.default_rng(seed)
    net = nets(_deal(decks, rounds, generator), wager, paytable)
    return SimulationResult(
        rounds=rounds,
        mean=float(net.mean()),
        std_dev=float(net.std(ddof=1)),
        wagered_per_round=1.0,
        hit_frequency=float((net > 0).mean()),
    )


def nets(ranks: np.ndarray, wager: str, paytable: str | None = None) -> np.ndarray:
    """Net result of a one-unit wager for each row of six card ranks (2..14) in dealing order."""
    rounds = len(ranks)
    points = _points(ranks)
    player_two, banker_two = points[:, [0, 2]], points[:, [1, 3]]
    natural = np.zeros(rounds, dtype=bool)
    for two in (player_two, banker_two):
        natural |= (two == 1).any(axis=1) & np.isin(two, [1, 10]).all(axis=1)
    player_draws = _totals(player_two) < 17
    banker_draws = _totals(banker_two) < 17
    player_third = points[:, 4]
    # The Banker's draw is the fifth card when the Player does not draw, else the sixth.
    banker_index = np.where(player_draws, 5, 4)
    banker_third = points[np.arange(rounds), banker_index]
    if wager in ("bonus_player", "bonus_banker"):
        assert paytable is not None
        two_ranks = ranks[:, [0, 2]] if wager == "bonus_player" else ranks[:, [1, 3]]
        draws = player_draws if wager == "bonus_player" else banker_draws
        third_rank = ranks[:, 4] if wager == "bonus_player" else ranks[np.arange(rounds), banker_index]
        net = _bonus_net(two_ranks, third_rank, draws, paytable)
    else:
        settled_player_draws = player_draws & ~natural
        settled_banker_draws = banker_draws & ~natural
        player_total = _totals(np.column_stack([player_two, np.where(settled_player_draws, player_third, 0)]))
        banker_third = points[np.arange(rounds), np.where(settled_player_draws, 5, 4)]
        banker_total = _totals(np.column_stack([banker_two, np.where(settled_banker_draws, banker_third, 0)]))
        if wager == "tie":
            net = np.where(player_total == banker_total, 10.0, -1.0)
        elif wager in ("player", "banker"):
            own, other = (player_total, banker_total) if wager == "player" else (banker_total, player_total)
            wins = ((own <= 21) & ((other > 21) | (own > other))) | ((own > 21) & (own < other))
            net = np.where(own == other, 0.0, np.where(wins, np.where(own == 17, 0.5, 1.0), -1.0))
        else:
            raise ValueError(f"681a has no wager '{wager}'")
    return net


def _bonus_net(two: np.ndarray, third: np.ndarray, draws: np.ndarray, paytable: str) -> np.ndarray:
    odds = BONUS_ODDS[paytable]
    three = np.column_stack([two, third])
    high = np.sort(three, axis=1)
    low = np.sort(np.where(three == 14, 1, three), axis=1)

    def is_run(sorted_ranks: np.ndarray) -> np.ndarray:
        distinct = (sorted_ranks[:, 0] != sorted_ranks[:, 1]) & (sorted_ranks[:, 1] != sorted_ranks[:, 2])
        return distinct & (sorted_ranks[:, 2] - sorted_ranks[:, 0] == 2)

    trips = draws & (three[:, 0] == three[:, 1]) & (three[:, 1] == three[:, 2])
    sevens = trips & (three[:, 0] == 7)
    straight = draws & ~trips & (is_run(high) | is_run(low))
    twenty_one = draws & ~trips & ~straight & (_totals(_points(three)) == 21)
    pair = ~(trips | straight | twenty_one) & (two[:, 0] == two[:, 1])
    net = np.full(len(two), -1.0)
    net[pair] = odds[BonusHand.PAIR]
    net[twenty_one] = odds[BonusHand.TWENTY_ONE]
    net[straight] = odds[BonusHand.STRAIGHT]
    net[trips] = odds[BonusHand.THREE_OF_A_KIND]
    net[sevens] = odds[BonusHand.THREE_SEVENS]
    return net


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
