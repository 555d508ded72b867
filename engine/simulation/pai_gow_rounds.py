"""Pai Gow Poker (58 Pa. Code chapter 645a) dealt round by round from a real 53-card deck, for ``pacomply simulate``.

``ROUND_GAME`` plugs the chapter into :mod:`engine.simulation.runner`. Each round follows the chapter's procedure:

* **one deck, shuffled after every round** (§ 645a.3(a), § 645a.5(a)): 52 cards and the joker. With a hand shuffle
  or an automated shuffler the player marks the deck finished after each round, so the runner reshuffles before the
  next (with an automated shuffler two decks alternate, § 645a.3(b)); a continuous (automatic reshuffling) device
  (§ 645a.5(h)) deals each round from the whole deck by itself. The runner's shoe burns one card of a fresh deck
  (the chapter burns none); it comes off a uniformly shuffled deck, so it changes no figure, and 1 + 49 of the 53
  cards are used.
* **starting position** (§ 645a.5(i)(1)): three dice are shaken and totalled; the betting positions are counted
  counterclockwise with the dealer as one until the count reaches the total. Position *k + 1* in that count is
  betting position *k*; the simulated seats are betting positions 1 .. ``setup.seats``.
* **the deal** (§ 645a.8(d), § 645a.9(c), § 645a.10(c)): one card at a time, clockwise from the starting position,
  to all seven positions — every betting position whether or not it holds a wager, and the dealer — until each has
  seven cards (49 cards); the four left over go to the discard rack unseen (§ 645a.8(e)), so they are not drawn.
  Stacks of positions without a wager are collected unseen (§ 645a.8(g)); only the simulated seats' and the
  dealer's hands are settled.
* **setting and settling**: the players and the dealer set their hands by the standard house way (the pricing
  assumption of ``pacomply edge``: :func:`engine.analysis.pai_gow_poker.base`); every seat is settled by
  :func:`engine.games.pai_gow_poker.settle`, the function ``pacomply replay`` uses, which sets the hands with the
  compiled house-way kernels of :mod:`engine.games.pai_gow_house_way` and names the deciding subsection. Seats are
  settled in the chapter's order — from the player farthest to the dealer's right, counterclockwise (§ 645a.11(e)) —
  which is the order the progressive meter pays them (§ 645a.13(e)(3)).

Amounts placed per seat (model choices, stated in ``docs/simulation-645a.md``):

* the Pai Gow Poker Wager is $5: the 5 % vigorish on a $5 win is exactly 25¢, so the permitted rounding up to a
  multiple of 25¢ (§ 645a.13(a)) is applied and changes nothing, and the result per unit equals ``edge``'s
  unrounded 5 %; results are reported per unit (÷ 5);
* each optional wager is $1, below the $5 Qualifying Wager (§ 645a.1), so no Envy Bonus is earned — ``edge``
  prices the Fortune Bonus and Emperor's Treasure without Envy (it shows the Envy value per other player beside);
* the Progressive Payout Wager is $1 (reading ``645a-progressive-meter``). It is collected into the table inventory
  before the deal (§ 645a.8(b)(2), § 645a.9(a)(3)(ii), § 645a.10(a)(2)(ii)), so a win does not return it: "500 for
  1" is a net 499 (reading ``645a-progressive-for-one``), and a meter award of 100 % of a $2,000 meter nets $1,999.

With a meter (:meth:`PaiGowPokerRounds.meters`: reset ``--meter-reset`` else the chapter's $2,000 minimum,
§ 645a.13(e)(2); rate ``--meter-rate`` else 0, a frozen meter as ``edge`` prices it) the player reports the
§ 645a.13(e)(1) row each seat hit and the runner pays it from the meter. Without one, ``settle`` pays the row at the
$2,000 minimum reset.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from fractions import Fraction

from pacomply.engine.evaluator import seven_card_bonus_category
from pacomply.engine.games import pai_gow_poker as rules
from pacomply.engine.games.pai_gow_house_way import STANDARD_HOUSE_WAY
from pacomply.engine.games.pai_gow_poker import PlayerRound
from pacomply.engine.settlement import Outcome, Settlement
from pacomply.engine.simulation.pai_gow_seats import PaiGowSeats, deal_clockwise
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
from pacomply.regulations.chapter_645a import (
    MAX_POSITIONS,
    MINIMUM_PROGRESSIVE_RESET,
    PROGRESSIVE_PAYTABLE_ID,
    RULEBOOK,
)
from pacomply.regulations.rulebook import Shuffler

CARDS_PER_HAND = 7
POSITIONS = MAX_POSITIONS + 1
"""Six betting positions and the dealer: every one is dealt seven cards (§ 645a.8(d))."""
DICE = 3
DICE_SEED = 645
"""Seed of the dice shaker. The dice are independent of the cards (a fresh uniform shuffle each round), so which
stack a seat receives changes no figure; the shaker is modelled so the deal follows § 645a.5(i), not a shortcut."""

BASE_AMOUNT = Fraction(5)
"""The Pai Gow Poker Wager placed: 5 % of $5 is 25¢ exactly, so the vigorish's rounding (§ 645a.13(a)) is moot."""
OPTIONAL_AMOUNT = Fraction(1)
"""Each optional wager: $1, under the $5 Qualifying Wager, so no Envy Bonus (as ``edge`` prices them)."""
PROGRESSIVE_WAGER = Fraction(1)
"""The Progressive Payout Wager in dollars (reading 645a-progressive-meter)."""

WAGER_IDS = ("base", "fortune", "emperors_treasure", "insurance", "progressive")
_PAYTABLE_WAGERS = ("fortune", "emperors_treasure", "insurance")
#: The readings each wager's figure relies on, as ``pacomply edge`` shows them (checker.wager_math.chapter_645a;
#: engine may not import checker, so a test compares the two reports' ``reading`` fields).
_HIGHEST = "645a-bonus-highest-ranking-hand"
_READINGS_BY_WAGER: dict[str, tuple[str, ...]] = {
    "base": ("645a-copies",),
    "fortune": ("645a-royal-match-overlap", _HIGHEST),
    "emperors_treasure": ("645a-royal-match-overlap", _HIGHEST),
    "insurance": ("645a-insurance-joker",),
    "progressive": ("645a-progressive-meter", _HIGHEST),
}
#: The house way both sides use, as ``edge`` describes it (engine.analysis.pai_gow_poker.base).
_BASE_STRATEGY = (("player", "sets by the standard house way"), ("dealer", "sets by the standard house way"))


def deal_order(dice_total: int) -> tuple[int, ...]:
    """The position each of the 49 cards goes to, as counted positions (0 the dealer, k betting position k).

    § 645a.5(i)(1)(iii): counting counterclockwise with the dealer as one, the count that reaches the dice total is
    the starting position; § 645a.8(d): from there one card at a time clockwise (against the count) to all seven.
    """
    start = (dice_total - 1) % POSITIONS
    return tuple((start - card) % POSITIONS for card in range(CARDS_PER_HAND * POSITIONS))


def deal(shoe: Shoe, dice_total: int) -> list[list[int]]:
    """Seven cards to each of the seven positions from ``shoe`` (§ 645a.8(d)): card indices by counted position,
    0 the dealer and k betting position k, in the order :func:`deal_order` gives. The four cards left are not drawn
    (§ 645a.8(e))."""
    return deal_clockwise(shoe, (dice_total - 1) % POSITIONS, POSITIONS, CARDS_PER_HAND)


def progressive_row(cards: tuple[int, ...]) -> str | None:
    """The § 645a.13(e)(1) row a seat's seven cards hit (the rules module's classification), or None."""
    return rules.PROGRESSIVE_OUTCOME.get(seven_card_bonus_category(cards))


class PaiGowPokerRounds:
    """Pai Gow Poker from a real deck: the base game, the three fixed-odds optional wagers and the Progressive.

    Paytables: ``--paytable`` names the table the Fortune Bonus, Emperor's Treasure and Pai Gow Insurance are paid
    from (A-D; Insurance A-B), or ``645a.13(e)``, the Progressive's only table. With no ``--wager``: the base game,
    and every optional wager the paytable belongs to (the Progressive when no paytable is named).
    """

    chapter = rules.CHAPTER
    default_decks = 1
    jokers_per_deck = RULEBOOK.jokers_per_deck

    def wager_ids(self) -> tuple[str, ...]:
        """Every 645a wager (docs/math.md ids)."""
        return WAGER_IDS

    def _paytable(self, setup: TableSetup) -> str | None:
        if setup.paytable is None:
            return None
        wanted = setup.paytable.strip().upper()
        for table in sorted({t for w in WAGER_IDS for t in RULEBOOK.wager(w).paytable_ids}):
            if table.upper() == wanted:
                return table
        return setup.paytable

    def _wagers(self, setup: TableSetup, paytable: str | None) -> tuple[str, ...]:
        if setup.wagers:
            return setup.wagers
        if paytable is None:
            return ("base", "progressive")
        return ("base", *(w for w in WAGER_IDS[1:] if paytable in RULEBOOK.wager(w).paytable_ids))

    def _checked(self, setup: TableSetup) -> tuple[tuple[str, ...], dict[str, str]]:
        """The wagers and each optional wager's paytable; SimulationUnavailable listing every problem."""
        paytable = self._paytable(setup)
        wagers = self._wagers(setup, paytable)
        problems = []
        unknown = sorted(set(wagers) - set(WAGER_IDS))
        if unknown:
            problems.append(f"645a has no wager {', '.join(unknown)} (wagers: {', '.join(WAGER_IDS)})")
        if len(set(wagers)) != len(wagers):
            problems.append(f"--wager: a wager is named twice ({', '.join(wagers)})")
        every_table = sorted({t for w in WAGER_IDS for t in RULEBOOK.wager(w).paytable_ids})
        if paytable is not None and paytable not in every_table:
            problems.append(f"--paytable {setup.paytable} is not a 645a paytable ({', '.join(every_table)})")
        paytables: dict[str, str] = {}
        for wager in (w for w in wagers if w in WAGER_IDS and w != "base"):
            permitted = RULEBOOK.wager(wager).paytable_ids
            if wager == "progressive" and paytable is None:
                continue
            if paytable not in permitted:
                given = f"has no paytable '{setup.paytable}'" if paytable is not None else "needs a paytable"
                problems.append(
                    f"645a's {RULEBOOK.wager(wager).name} {given}: --paytable {', '.join(permitted)} "
                    f"({RULEBOOK.paytable(wager, permitted[0]).citation})"
                )
            else:
                paytables[wager] = paytable
        if paytable is not None and not paytables and not problems:
            problems.append(f"--paytable {setup.paytable}: no 645a wager simulated here is paid from it")
        if setup.shoe.decks != 1 or setup.shoe.jokers_per_deck != RULEBOOK.jokers_per_deck:
            problems.append(
                f"645a is dealt from one 53-card deck (§ 645a.3(a)); {setup.shoe.decks} deck(s) of "
                f"{52 + setup.shoe.jokers_per_deck} cards asked"
            )
        if not 1 <= setup.seats <= MAX_POSITIONS:
            problems.append(f"seats: {setup.seats} is not 1-{MAX_POSITIONS} betting positions (§ 645a.2(a))")
        if problems:
            raise SimulationUnavailable("; ".join(problems))
        # settle() reads the fixed-odds tables from this mapping; the Progressive's table is the chapter's only one.
        return wagers, {w: t for w, t in paytables.items() if w in _PAYTABLE_WAGERS}

    def table(self, setup: TableSetup) -> RoundPlayer:
        """A round player for the seats and wagers of ``setup``."""
        wagers, paytables = self._checked(setup)
        meter = setup.meter_for("progressive")
        return _PaiGowPlayer(
            wagers,
            paytables,
            setup.seats,
            metered=meter is not None,
            reshuffle_each_round=setup.shoe.shuffler != Shuffler.CONTINUOUS,
        )

    def facts(self, setup: TableSetup, wager: str) -> WagerFacts:
        """Citation, readings, strategy and paytable rows as ``pacomply edge`` reports them."""
        reading = " | ".join(
            f"{item.id}: {item.choice}" for item in (RULEBOOK.reading(i) for i in _READINGS_BY_WAGER[wager])
        )
        if wager == "base":
            return WagerFacts(wager, str(RULEBOOK.wager("base").citation), reading, _BASE_STRATEGY)
        table_id = PROGRESSIVE_PAYTABLE_ID if wager == "progressive" else self._paytable(setup)
        if table_id not in RULEBOOK.wager(wager).paytable_ids:
            return WagerFacts(wager, str(RULEBOOK.wager(wager).citation), reading)
        table = RULEBOOK.paytable(wager, table_id)
        strategy: tuple[tuple[str, str], ...] = ()
        if wager in {"fortune", "emperors_treasure"}:
            from pacomply.engine.analysis.pai_gow_poker import envy_value

            envy = envy_value(table_id, wager)
            strategy = (("Envy Bonus per other player, per Qualifying Wager", f"${float(envy):.4f}"),)
        rows = tuple((row.outcome, row.payout_text()) for row in table.rows)
        return WagerFacts(wager, str(table.citation), reading, strategy, rows)

    def meters(self, setup: TableSetup, choice: MeterChoice) -> tuple[MeterSpec, ...]:
        """The Progressive's meter when it is simulated: reset ``choice.reset`` else $2,000, the least the chapter
        allows (§ 645a.13(e)(2)); rate ``choice.rate`` else 0 (the chapter prints none: a frozen meter)."""
        paytable = self._paytable(setup)
        if "progressive" not in self._wagers(setup, paytable):
            return ()
        reset = choice.reset if choice.reset is not None else Fraction(int(MINIMUM_PROGRESSIVE_RESET))
        rate = choice.rate if choice.rate is not None else Fraction(0)
        problems = []
        try:
            self._checked(setup)
        except SimulationUnavailable as error:
            # Reported together with the meter's problems, so one run names every mistake.
            problems.append(str(error))
        if reset < Fraction(int(MINIMUM_PROGRESSIVE_RESET)):
            problems.append(
                f"--meter-reset {reset}: the Progressive's initial and reset amount is at least "
                f"${int(MINIMUM_PROGRESSIVE_RESET):,} (§ 645a.13(e)(2))"
            )
        spec = MeterSpec(
            wager="progressive",
            paytable=RULEBOOK.paytable("progressive", PROGRESSIVE_PAYTABLE_ID),
            seed=reset,
            rate=rate,
            wager_amount=PROGRESSIVE_WAGER,
            # § 645a.8(b)(2): the wager is collected into the table inventory before the deal; never returned.
            wager_returned=False,
        )
        problems += spec.problems()
        if problems:
            raise SimulationUnavailable("; ".join(problems))
        return (spec,)

    def row_probabilities(self, setup: TableSetup, wager: str) -> Mapping[str, Fraction]:
        """Exact § 645a.13(e)(1) row probabilities for one seat's seven cards: the C(53,7) enumeration's category
        counts (:func:`engine.analysis.pai_gow_poker.seven_card_counts`, what ``edge`` prices), mapped to rows
        by the rules module's classification."""
        if wager != "progressive":
            raise SimulationUnavailable(f"645a's {wager} has no meter")
        from pacomply.engine.analysis.pai_gow_poker import ALL_HANDS, seven_card_counts

        counts: dict[str, int] = {}
        for category, count in seven_card_counts().items():
            row = rules.PROGRESSIVE_OUTCOME.get(category)
            if row is not None and count:
                counts[row] = counts.get(row, 0) + count
        return {row: Fraction(count, ALL_HANDS) for row, count in sorted(counts.items())}


class _PaiGowPlayer(PaiGowSeats):
    """Deals and settles one round; picklable (module-level, plain attributes)."""

    def __init__(
        self,
        wagers: tuple[str, ...],
        paytables: dict[str, str],
        seats: int,
        metered: bool,
        reshuffle_each_round: bool,
    ) -> None:
        amounts = {"base": BASE_AMOUNT}
        for wager in wagers:
            if wager != "base":
                amounts[wager] = PROGRESSIVE_WAGER if wager == "progressive" else OPTIONAL_AMOUNT
        super().__init__(
            wagers,
            paytables,
            seats,
            amounts,
            reshuffle_each_round=reshuffle_each_round,
            progressive_on_meter=metered,
        )
        self._dice = random.Random(DICE_SEED)

    def __call__(self, shoe: Shoe) -> list[WagerPlay]:
        # § 645a.5(i)(1): three dice in the shaker set the starting position.
        stacks = deal(shoe, sum(self._dice.randint(1, 6) for _ in range(DICE)))
        self._dealt(shoe)
        seats = self._players(stacks)
        result = rules.settle(
            stacks[0],
            seats,
            STANDARD_HOUSE_WAY,
            self._paytables,
            commission_rounding=True,
            progressive_meter=Fraction(int(MINIMUM_PROGRESSIVE_RESET)),
        )
        return self._plays(seats, result.settlements)

    def progressive_outcome(self, player: PlayerRound, settlement: Settlement) -> str | None:
        """The § 645a.13(e)(1) row, checked against the settlement: a row hit is a win, and only a row."""
        row = progressive_row(player.cards)
        if (row is not None) != (settlement.outcome == Outcome.WIN):
            raise RuntimeError(f"progressive row {row} disagrees with the settlement {settlement}")
        return row


ROUND_GAME = PaiGowPokerRounds()
