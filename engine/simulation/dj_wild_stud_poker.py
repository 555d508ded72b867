"""Seeded simulation of DJ Wild Stud Poker (687a): vectorised off the top, and round by round from a real shoe.

Each round deals eleven distinct cards of the 53 (player five, dealer five, the card set aside for the Progressive)
and settles them with the rules of § 687a.11 computed on arrays here: the dealer comparison on the evaluator's
strengths, the raise/fold decision looked up from the exact strategy, the Blind, Trips, Bad Beat and Progressive
paytables from the rulebook. What it shares with the exact analysis is the evaluator and the strategy; what it
checks is the enumeration (card removal, inclusion-exclusion, the payout logic).

``ROUND_GAME`` plugs the chapter into :mod:`engine.simulation.runner`: one 53-card deck (§ 687a.3(a)) reshuffled
after every round (§ 687a.5(a)), dealt five cards to each seat, five to the dealer and one set aside for the
Progressive (§ 687a.8(d)-(f)), and settled by :func:`engine.games.dj_wild_stud_poker.settle`, as ``replay`` does.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

import numpy as np

from engine.analysis import dj_wild_stud_poker as analysis
from engine.cards import Card
from engine.evaluator import HandCategory, standard_values
from engine.evaluator.categories import CATEGORY_SHIFT
from engine.games import dj_wild_stud_poker as rules
from engine.games.dj_wild_stud_poker import progressive_payout
from engine.simulation import SimulationResult
from engine.simulation.registry import RoundPlayer, SimulationUnavailable, TableSetup, WagerFacts, WagerPlay
from engine.simulation.shoe import Shoe
from engine.simulation.twenty_one_baccarat import distinct_draws
from regulations.chapter_687a import (
    BAD_BEAT_ODDS,
    BLIND_ODDS,
    BLIND_PAYTABLE_ID,
    JOKERS_PER_DECK,
    MAX_BETTING_POSITIONS,
    PROGRESSIVE_SEED,
    PROGRESSIVE_WAGER,
    RULEBOOK,
    TRIPS_ODDS,
)
from regulations.rulebook import Shuffler

JOKER = 52


def _colex(hands: np.ndarray) -> np.ndarray:
    """Colexicographic index of sorted 5-card hands: Σ C(card_i, i + 1)."""
    index = np.zeros(len(hands), dtype=np.int64)
    for position in range(5):
        cards = hands[:, position].astype(np.int64)
        index += np.array([comb(int(card), position + 1) for card in range(53)], dtype=np.int64)[cards]
    return index


def _row_of(hands: np.ndarray) -> np.ndarray:
    """Row of each (sorted) hand in :func:`engine.analysis.dj_wild_stud_poker.hand_table`."""
    table = analysis.hand_table()
    lookup = np.empty(len(table.hands), dtype=np.int64)
    lookup[_colex(table.hands)] = np.arange(len(table.hands))
    return lookup[_colex(hands)]


def _vector(odds: dict[str, int], default: int) -> np.ndarray:
    return analysis._category_vector(odds, default)


def simulate(wager: str, rounds: int, seed: int, paytable: str | None = None) -> SimulationResult:
    """Simulate one 687a wager ('base', 'blind', 'trips', 'bad_beat', 'progressive'); reproducible for a seed."""
    generator = np.random.default_rng(seed)
    dealt = distinct_draws(53, 11, rounds, generator)
    player = np.sort(dealt[:, :5], axis=1)
    dealer = np.sort(dealt[:, 5:10], axis=1)
    table = analysis.hand_table()
    player_row, dealer_row = _row_of(player), _row_of(dealer)
    player_value, dealer_value = table.values[player_row], table.values[dealer_row]
    category = table.categories[player_row]
    raising = analysis.base_game().raise_mask[player_row]
    win, lose = player_value > dealer_value, player_value < dealer_value
    wagered = 1.0
    if wager == "base":
        blind = _vector(BLIND_ODDS, 0)[category]
        net = np.where(raising, np.where(win, 3.0 + blind, np.where(lose, -4.0, 0.0)), -2.0)
        wagered = float((2 + 2 * raising).mean())
    elif wager == "blind":
        blind = _vector(BLIND_ODDS, 0)[category]
        net = np.where(raising, np.where(win, blind, np.where(lose, -1.0, 0.0)), -1.0).astype(float)
    elif wager == "trips":
        assert paytable is not None
        net = analysis.trips_payouts(paytable)[player_row].astype(float)
    elif wager == "bad_beat":
        assert paytable is not None
        odds = _vector(BAD_BEAT_ODDS[paytable], 0)[category]
        net = np.where(raising & (odds > 0) & lose, odds, -1.0).astype(float)
    elif wager == "progressive":
        assert paytable is not None
        hand = np.where(player == JOKER, dealt[:, 10:11], player)
        categories = standard_values(np.sort(hand, axis=1)).astype(np.int64) >> CATEGORY_SHIFT
        meter = Fraction(PROGRESSIVE_SEED[paytable])
        pays = np.full(len(HandCategory), -1.0)
        for member in HandCategory:
            payout = progressive_payout(member.name.lower(), paytable, meter)
            if payout is not None:
                pays[int(member)] = float(payout)
        net = pays[categories]
    else:
        raise ValueError(f"687a has no wager '{wager}'")
    return SimulationResult(
        rounds=rounds,
        mean=float(net.mean()),
        std_dev=float(net.std(ddof=1)),
        wagered_per_round=wagered,
        hit_frequency=float((net > 0).mean()),
    )


# --- Round by round from a real shoe (engine.simulation.registry protocol) ---------------------------------------

#: The side wagers and the paytables each may be paid from; the ids do not overlap, so one --paytable names both.
_SIDE_PAYTABLES: dict[str, tuple[str, ...]] = {
    "trips": tuple(TRIPS_ODDS),
    "bad_beat": tuple(BAD_BEAT_ODDS),
    "progressive": tuple(PROGRESSIVE_WAGER),
}
#: The readings each wager's settlement relies on, as ``edge`` shows them (engine may not import checker, so a
#: test compares the two reports' ``reading`` fields).
_READINGS_BY_WAGER: dict[str, tuple[str, ...]] = {
    "base": ("687a-five-of-a-kind", "687a-wild-may-be-used"),
    "blind": ("687a-five-of-a-kind", "687a-wild-may-be-used"),
    "trips": ("687a-five-of-a-kind", "687a-wild-may-be-used"),
    "bad_beat": ("687a-five-of-a-kind", "687a-bad-beat"),
    "progressive": ("687a-progressive",),
}
_WAGER_IDS = ("base", "blind", "trips", "bad_beat", "progressive")


class DjWildStudPokerRounds:
    """DJ Wild Stud Poker dealt from a real deck, each round settled by :func:`engine.games.dj_wild_stud_poker.settle`.

    The wager ids are ``edge``'s: ``base`` is the Ante, Blind and Raise together per unit of Ante (what the exact
    base-game figure measures), ``blind`` the Blind alone, and the three side wagers. Each seat places an Ante and a
    Blind of 1 and one unit on each side wager simulated, and raises exactly when the exact analysis's strategy
    does. The Progressive is paid at its seed meter, as ``edge`` prices it; a running meter is not simulated.

    One deck is shuffled after every round (§ 687a.5(a)): with a hand shuffle or an automated shuffler the player
    marks the deck finished after each round, so the runner reshuffles before the next; a continuous shuffler does
    so by itself. The shoe's burn card (none in this chapter) comes off a uniformly shuffled deck, so it changes no
    figure; with six seats a round uses 36 of the 53 cards, the burn card included.
    """

    chapter = rules.CHAPTER
    default_decks = 1
    jokers_per_deck = JOKERS_PER_DECK

    def wager_ids(self) -> tuple[str, ...]:
        """The base game, the Blind and the three side wagers."""
        return _WAGER_IDS

    def _paytable(self, setup: TableSetup) -> str | None:
        if setup.paytable is None:
            return None
        wanted = setup.paytable.strip().upper()
        for paytables in _SIDE_PAYTABLES.values():
            for paytable in paytables:
                if paytable.upper() == wanted:
                    return paytable
        every = ", ".join(p for paytables in _SIDE_PAYTABLES.values() for p in paytables)
        raise SimulationUnavailable(f"687a has no paytable '{setup.paytable}' (paytables: {every})")

    def _wagers(self, setup: TableSetup, paytable: str | None) -> tuple[str, ...]:
        if setup.wagers:
            return setup.wagers
        # With no wager named: the base game and the Blind, and the side wager the paytable belongs to.
        return ("base", "blind", *(w for w, paytables in _SIDE_PAYTABLES.items() if paytable in paytables))

    def table(self, setup: TableSetup) -> RoundPlayer:
        """A round player; every wager asked for is settled in the same round."""
        paytable = self._paytable(setup)
        wagers = self._wagers(setup, paytable)
        unknown = sorted(set(wagers) - set(_WAGER_IDS))
        if unknown:
            raise SimulationUnavailable(f"687a has no wager {', '.join(unknown)} (wagers: {', '.join(_WAGER_IDS)})")
        if setup.shoe.decks != 1 or setup.shoe.jokers_per_deck != JOKERS_PER_DECK:
            raise SimulationUnavailable(
                f"687a deals from one 53-card deck per round (§ 687a.3(a)); {setup.shoe.decks} decks of "
                f"{52 + setup.shoe.jokers_per_deck} asked"
            )
        if setup.seats < 1 or setup.seats > MAX_BETTING_POSITIONS:
            raise SimulationUnavailable(f"seats: {setup.seats} is not 1-{MAX_BETTING_POSITIONS} (§ 687a.2(a))")
        paytables: dict[str, str] = {}
        for wager in wagers:
            if wager not in _SIDE_PAYTABLES:
                continue
            if paytable not in _SIDE_PAYTABLES[wager]:
                raise SimulationUnavailable(
                    f"687a's {wager} needs one of its paytables: --paytable {', '.join(_SIDE_PAYTABLES[wager])}"
                )
            if setup.meter_for(wager) is not None:
                raise SimulationUnavailable("687a's Progressive is simulated at its seed meter; a meter is not yet")
            paytables[wager] = paytable
        if len(paytables) > 1:
            raise SimulationUnavailable("687a's side wagers have separate paytables: simulate one side wager at a time")
        return _DjWildPlayer(tuple(wagers), paytables, setup.seats, setup.shoe.shuffler)

    def facts(self, setup: TableSetup, wager: str) -> WagerFacts:
        """Citation, readings, strategy and paytable rows as ``edge`` reports them."""
        paytable = self._paytable(setup) if wager in _SIDE_PAYTABLES else None
        ids = _READINGS_BY_WAGER[wager] + (("687a-djwt-07-three-of-a-kind",) if paytable == "DJWT-07" else ())
        reading = " | ".join(f"{item.id}: {item.choice}" for item in (RULEBOOK.reading(i) for i in ids))
        strategy = analysis.strategy() if wager == "base" else ()
        if paytable is None:
            if wager == "blind":
                table = RULEBOOK.paytable("blind", BLIND_PAYTABLE_ID)
                rows = tuple((row.outcome, _shown_amount(row)) for row in table.rows)
                return WagerFacts(wager, str(table.citation), reading, strategy, rows)
            return WagerFacts(wager, str(RULEBOOK.wager(wager).citation), reading, strategy)
        table = RULEBOOK.paytable(wager, paytable)
        rows = tuple((row.outcome, _shown_amount(row)) for row in table.rows)
        if wager == "progressive":
            rows += (("meter priced at", f"${PROGRESSIVE_SEED[paytable]} seed; Envy not included"),)
        return WagerFacts(wager, str(table.citation), reading, strategy, rows)


def _shown_amount(row: object) -> str:
    kind = row.kind.value  # type: ignore[attr-defined]
    if kind == "push":
        return "push"
    amount = row.amount  # type: ignore[attr-defined]
    return f"{amount}% of meter" if kind == "meter_percent" else f"{amount} to 1"


#: C(card, k) for card 0..52 and k 1..5: the colexicographic rank of a sorted hand, as :func:`_colex` computes it.
_BINOMIALS = tuple(tuple(comb(card, position + 1) for card in range(53)) for position in range(5))


class _DjWildPlayer:
    """Plays one round; picklable (the raise table is looked up in the worker, where it is cached)."""

    def __init__(self, wagers: tuple[str, ...], paytables: dict[str, str], seats: int, shuffler: Shuffler) -> None:
        self._wagers = wagers
        self._paytables = paytables
        self._seats = seats
        self._reshuffle_each_round = shuffler != Shuffler.CONTINUOUS
        self._amounts = {"ante": _UNIT, **{wager: _UNIT for wager in paytables}}
        self._raise_by_colex: list[bool] | None = None

    def _raises(self, hand: list[Card]) -> bool:
        if self._raise_by_colex is None:
            table = analysis.hand_table()
            # Indexed by colexicographic rank, which covers 0 .. C(53,5) - 1 exactly once.
            by_colex = np.empty(len(table.hands), dtype=bool)
            by_colex[_colex(table.hands)] = analysis.base_game().raise_mask
            self._raise_by_colex = by_colex.tolist()
        cards = sorted(card.index for card in hand)
        return self._raise_by_colex[sum(_BINOMIALS[position][card] for position, card in enumerate(cards))]

    def __call__(self, shoe: Shoe) -> list[WagerPlay]:
        # § 687a.8(d)-(f): five cards to each seat, five to the dealer, then one set aside for the Progressive.
        hands = [[shoe.draw() for _ in range(5)] for _ in range(self._seats)]
        dealer = [shoe.draw() for _ in range(5)]
        set_aside = shoe.draw()
        if self._reshuffle_each_round:
            # § 687a.5(a): the deck is shuffled after every round; the runner reshuffles a finished shoe.
            shoe.cover_card_out = True
        plays: list[WagerPlay] = []
        for hand in hands:
            decision = rules.Decision.RAISE if self._raises(hand) else rules.Decision.FOLD
            result = rules.settle(hand, dealer, self._amounts, decision, self._paytables, set_aside)
            nets = {settlement.wager: float(settlement.net) for settlement in result.settlements}
            raised = decision == rules.Decision.RAISE
            for wager in self._wagers:
                if wager == "base":
                    net = nets["ante"] + nets["blind"] + nets.get("raise", 0.0)
                    plays.append(WagerPlay("base", net, 4.0 if raised else 2.0))
                else:
                    plays.append(WagerPlay(wager, nets[wager]))
        return plays


_UNIT = Fraction(1)
ROUND_GAME = DjWildStudPokerRounds()
