"""Seeded simulation of DJ Wild Stud Poker (687a), round by round from a real shoe.

``ROUND_GAME`` plugs the chapter into :mod:`engine.simulation.runner`: one 53-card deck (§ 687a.3(a)) reshuffled
after every round (§ 687a.5(a)), dealt five cards to each seat, five to the dealer and one set aside for the
Progressive (§ 687a.8(d)-(f)), and settled by :func:`engine.games.dj_wild_stud_poker.settle`, as ``replay`` does.

The Progressive Bonus (§ 687a.12(c)) is a :class:`~engine.simulation.registry.ProgressiveRoundGame` wager: its
meter (:class:`~engine.simulation.progressive.MeterSpec`) is built from the rulebook's Progressive paytable (Royal
Flush 100 % and Straight Flush 10 % of the meter, the rest at odds), the fixed $1 or $5 wager, the reset amount
(``--meter-reset``, at least the printed "$2,000 / $10,000 seed and re-seed", which the rulebook keeps as a floor)
and the rate of progression (``--meter-rate``; the chapter prints none, so 0 — the meter frozen at the reset, which
is what ``edge`` prices). The player still settles the wager through ``settle`` (which decides win or loss and
cites the subsection) and reports the paytable row hit; the runner pays it from the meter. A winning row returns
the wager as well as the award (reading 687a-progressive, as ``edge`` prices it). Envy bonuses (paid to the other
seats on a Royal or Straight Flush) are left out, as in ``edge``.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from math import comb

import numpy as np
from pacomply.engine.analysis import dj_wild_stud_poker as analysis
from pacomply.engine.cards import Card
from pacomply.engine.evaluator import HandCategory, evaluate_standard
from pacomply.engine.games import dj_wild_stud_poker as rules
from pacomply.engine.settlement import RoundResult
from pacomply.engine.simulation.progressive import MeterSpec
from pacomply.engine.simulation.registry import (
    MeterChoice,
    RoundPlayer,
    SimulationUnavailable,
    TableSetup,
    WagerFacts,
    WagerPlay,
)
from pacomply.engine.simulation.shoe import Shoe
from pacomply.regulations.chapter_687a import (
    BAD_BEAT_ODDS,
    BLIND_PAYTABLE_ID,
    HAND_NAMES,
    JOKERS_PER_DECK,
    MAX_BETTING_POSITIONS,
    PROGRESSIVE_SEED,
    PROGRESSIVE_WAGER,
    RULEBOOK,
    TRIPS_ODDS,
)
from pacomply.regulations.rulebook import Shuffler

JOKER = 52


def _colex(hands: np.ndarray) -> np.ndarray:
    """Colexicographic index of sorted 5-card hands: Σ C(card_i, i + 1)."""
    index = np.zeros(len(hands), dtype=np.int64)
    for position in range(5):
        cards = hands[:, position].astype(np.int64)
        index += np.array([comb(int(card), position + 1) for card in range(53)], dtype=np.int64)[cards]
    return index


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

    def shared_tables(self, setup: TableSetup) -> list[bool]:
        """The raise decision of every hand (the exact strategy every set-up plays), for a pool's workers to adopt."""
        return _raise_by_colex()

    def adopt_tables(self, tables: object) -> None:
        """Keep the raise decisions :meth:`shared_tables` built in another process."""
        assert isinstance(tables, list)
        if not _RAISE_BY_COLEX:
            _RAISE_BY_COLEX.extend(tables)

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
            paytables[wager] = paytable
        if len(paytables) > 1:
            raise SimulationUnavailable("687a's side wagers have separate paytables: simulate one side wager at a time")
        metered = setup.meter_for("progressive") is not None
        return _DjWildPlayer(tuple(wagers), paytables, setup.seats, setup.shoe.shuffler, metered)

    def meters(self, setup: TableSetup, choice: MeterChoice) -> tuple[MeterSpec, ...]:
        """The Progressive's meter when the Progressive is simulated (§ 687a.12(c)); none otherwise.

        Reset: ``choice.reset``, else the paytable's printed seed, and never below it (the rulebook's
        ``progressive-N-seed`` minimum). Rate: ``choice.rate``, else 0 — the chapter prints no rate of
        progression, and a frozen meter is what ``edge`` prices. The wager is the paytable's fixed $1 or $5.
        """
        paytable = self._paytable(setup)
        if "progressive" not in self._wagers(setup, paytable):
            return ()
        if paytable not in PROGRESSIVE_WAGER:
            raise SimulationUnavailable(
                f"687a's progressive needs one of its paytables: --paytable {', '.join(PROGRESSIVE_WAGER)}"
            )
        floor = RULEBOOK.minimum(f"progressive-{paytable}-seed")
        reset = choice.reset if choice.reset is not None else Fraction(PROGRESSIVE_SEED[paytable])
        if reset < Fraction(floor.amount):
            raise SimulationUnavailable(
                f"--meter-reset {reset}: {floor.description} is ${floor.amount} ({floor.citation}); "
                "a lower reset is not permitted"
            )
        spec = MeterSpec(
            wager="progressive",
            paytable=RULEBOOK.paytable("progressive", paytable),
            seed=reset,
            rate=choice.rate if choice.rate is not None else Fraction(0),
            wager_amount=Fraction(PROGRESSIVE_WAGER[paytable]),
            # Reading 687a-progressive: a winning row returns the wager, as edge prices it.
            wager_returned=True,
        )
        problems = spec.problems()
        if problems:
            raise SimulationUnavailable("; ".join(problems))
        return (spec,)

    def row_probabilities(self, setup: TableSetup, wager: str) -> Mapping[str, Fraction]:
        """Exact probability of each Progressive row for one seat: the natural category of the five cards once the
        joker is replaced by the card set aside, a uniform five of the 52 (reading 687a-progressive), counted by
        :func:`engine.analysis.dj_wild_stud_poker.progressive_categories`. Every winning hand is raised under the
        exact strategy (tested there), so a fold never forfeits a winning Progressive."""
        if wager != "progressive":
            raise SimulationUnavailable(f"687a's {wager} has no meter")
        paytable = self._paytable(setup)
        if paytable not in PROGRESSIVE_WAGER:
            raise SimulationUnavailable("687a's progressive needs --paytable 1 or 2")
        outcomes = {row.outcome for row in RULEBOOK.paytable("progressive", paytable).rows}
        counts = analysis.progressive_categories()
        total = sum(counts.values())
        return {
            _PROGRESSIVE_ROW[category]: Fraction(count, total)
            for category, count in counts.items()
            if _PROGRESSIVE_ROW.get(category) in outcomes
        }

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
            rows += (_meter_row(setup.meter_for(wager), paytable),)
        return WagerFacts(wager, str(table.citation), reading, strategy, rows)


def _meter_row(meter: MeterSpec | None, paytable: str) -> tuple[str, str]:
    """The meter a report shows: edge's own row when it is frozen at the printed seed, else the meter filed."""
    seed = Fraction(PROGRESSIVE_SEED[paytable])
    if meter is None or (meter.seed == seed and meter.rate == 0):
        return ("meter priced at", f"${PROGRESSIVE_SEED[paytable]} seed; Envy not included")
    return ("meter simulated", f"${meter.seed} reset, rate {float(meter.rate) * 100:g}%; Envy not included")


#: The Progressive paytable's row for each natural category (the rows are named as § 687a.12(c) prints them).
_PROGRESSIVE_ROW: dict[HandCategory, str] = {
    category: HAND_NAMES[category.name.lower()] for category in HandCategory if category.name.lower() in HAND_NAMES
}


def _shown_amount(row: object) -> str:
    kind = row.kind.value  # type: ignore[attr-defined]
    if kind == "push":
        return "push"
    amount = row.amount  # type: ignore[attr-defined]
    return f"{amount}% of meter" if kind == "meter_percent" else f"{amount} to 1"


#: C(card, k) for card 0..52 and k 1..5: the colexicographic rank of a sorted hand, as :func:`_colex` computes it.
_BINOMIALS = tuple(tuple(comb(card, position + 1) for card in range(53)) for position in range(5))


_RAISE_BY_COLEX: list[bool] = []


def _raise_by_colex() -> list[bool]:
    """The exact strategy's raise decision for every hand, indexed by colexicographic rank (0 .. C(53,5) - 1).

    Built once per process (or adopted from the process that planned the run: ``adopt_tables``): the runner makes
    a new player for every chunk, and rebuilding this list (seconds) per chunk cost a quarter of a 20,000-round
    chunk's time."""
    if not _RAISE_BY_COLEX:
        table = analysis.hand_table()
        by_colex = np.empty(len(table.hands), dtype=bool)
        by_colex[_colex(table.hands)] = analysis.base_game().raise_mask
        _RAISE_BY_COLEX.extend(by_colex.tolist())
    return _RAISE_BY_COLEX


class _DjWildPlayer:
    """Plays one round; picklable (the raise table is module-level, built once in each worker process)."""

    def __init__(
        self, wagers: tuple[str, ...], paytables: dict[str, str], seats: int, shuffler: Shuffler, metered: bool
    ) -> None:
        self._wagers = wagers
        self._metered = metered
        self._paytables = paytables
        self._seats = seats
        self._reshuffle_each_round = shuffler != Shuffler.CONTINUOUS
        self._amounts = {"ante": _UNIT, **{wager: _UNIT for wager in paytables}}

    @staticmethod
    def _raises(hand: list[Card]) -> bool:
        cards = sorted(card.index for card in hand)
        return _raise_by_colex()[sum(_BINOMIALS[position][card] for position, card in enumerate(cards))]

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
                elif wager == "progressive" and self._metered:
                    plays.append(WagerPlay(wager, -1.0, progressive_outcome=self._row(result, hand, set_aside)))
                else:
                    plays.append(WagerPlay(wager, nets[wager]))
        return plays

    @staticmethod
    def _row(result: RoundResult, hand: list[Card], set_aside: Card) -> str | None:
        """The Progressive row ``settle`` paid (None when it collected the wager): the natural category of the hand
        with the joker replaced (§ 687a.11(f)(1)), named as the paytable names it."""
        settlement = next(item for item in result.settlements if item.wager == "progressive")
        if settlement.net <= 0:
            return None
        return HAND_NAMES[evaluate_standard(rules.progressive_hand(hand, set_aside)).category.name.lower()]


_UNIT = Fraction(1)
ROUND_GAME = DjWildStudPokerRounds()
