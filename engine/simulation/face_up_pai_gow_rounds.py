"""Face Up Pai Gow Poker (58 Pa. Code chapter 688a) round by round from a real 53-card deck, for ``pacomply simulate``.

Each round (the dealing procedure of § 688a.8(c)-(e), the same as § 688a.9(b)-(d) from the hand):

* the deck is shuffled before every round (§ 688a.5(a)): with a hand shuffle or an automated shuffler the round
  marks the deck finished so the runner reshuffles it (with an automated shuffler two decks alternate round by
  round, § 688a.3(b)(3)); a continuous shuffler deals every round from the whole deck by itself;
* the starting position comes from a Pai Gow shaker, three dice counted from the dealer as position 1
  (§ 688a.5(i)(1)); the other permitted method, a 1-7 random number (§ 688a.5(i)(2)), deals the same hands in
  distribution, since a uniformly shuffled deck makes every position's seven cards exchangeable;
* one card at a time goes to each of the seven places (six betting positions and the dealer) whether or not a wager
  is there, clockwise from the starting position, until each has seven (§ 688a.8(d)); the four cards left over go
  to the discard rack unseen (§ 688a.8(e)). The framework's shoe burns one card first (the chapter has no burn
  card), so three are left over: it comes off a uniform shuffle and changes no figure;
* positions are numbered counterclockwise from the dealer (§ 688a.5(i)(1)(iii)); ``setup.seats`` players sit at
  positions 2 .. seats + 1, the other positions' stacks are collected unseen (§ 688a.8(f)).

Play and settlement: the dealer sets by the standard house way face up (§ 688a.11(a)); each player sets his hands
the best way against the dealer's known hands (reading 688a-player-setting, what ``pacomply edge`` prices) — the
numba :func:`engine.games.pai_gow_house_way.best_against` kernel, called inside
:func:`engine.games.face_up_pai_gow_poker.settle`, the function ``pacomply replay`` uses for every wager of the
round: the base wager (1 to 1 without vigorish, a push when the dealer holds an Ace High Pai Gow), the Ace High
Bonus, the Fortune Bonus and the Progressive Payout Wager.

Progressive (:class:`FaceUpPaiGowRounds` is a ``ProgressiveRoundGame``): the meter is the § 688a.12(d) paytable's
own — its printed Meter Seed and Rate of Progression unless ``--meter-reset`` / ``--meter-rate`` say otherwise, the
wager it is written for ($1, or $5 for paytable 4), whether the wager is returned (paytable 4 only) and its joker
(fully wild on paytables 2, 5, 6 and 7, reading 688a-fully-wild-attribution). The row hit is the one
:func:`engine.games.face_up_pai_gow_poker.progressive_row` picks, as ``settle`` does; the runner pays it from the
running meter. Paytable 4's Reserve Rate is not a separate flow (reading 688a-progressive-reserve).

Not simulated: the Envy Bonuses (§ 688a.11(h)(2)(ii), § 688a.12(c)-(d)) that other seats' hands pay a Qualifying
Wager — like ``edge``, the figures are the wager's own return; and surrender (§ 688a.11(d)), which never beats
playing the best setting.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from pacomply.engine.evaluator import JokerRule, seven_card_bonus_category
from pacomply.engine.games import face_up_pai_gow_poker as rules
from pacomply.engine.games.pai_gow_house_way import STANDARD_HOUSE_WAY
from pacomply.engine.games.pai_gow_poker import PlayerRound
from pacomply.engine.settlement import Settlement
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
from pacomply.regulations.chapter_688a import (
    ACE_HIGH_ODDS,
    FORTUNE_ODDS,
    MAX_POSITIONS,
    PROGRESSIVE_TABLES,
    RULEBOOK,
)
from pacomply.regulations.rulebook import Shuffler

CARDS_PER_HAND = 7
PLACES = MAX_POSITIONS + 1
"""Six betting positions and the dealer, each dealt seven cards (§ 688a.8(d))."""
SHAKER_DICE = 3
"""§ 688a.5(i)(1): the shaker holds three dice."""
_WAGER_IDS = ("base", "ace_high", "fortune", "progressive")
#: The paytables each optional wager may be paid from (the ids overlap: one --paytable names all of them).
_PAYTABLES: dict[str, tuple[str, ...]] = {
    "ace_high": tuple(ACE_HIGH_ODDS),
    "fortune": tuple(FORTUNE_ODDS),
    "progressive": tuple(PROGRESSIVE_TABLES),
}
#: The readings each wager's figure relies on, in ``edge``'s order (checker.wager_math.chapter_688a; engine may not
#: import checker, so a test compares the two reports).
_HIGHEST = "688a-bonus-highest-ranking-hand"
_READINGS_BY_WAGER: dict[str, tuple[str, ...]] = {
    "base": ("688a-player-setting",),
    "ace_high": ("688a-ace-high-pai-gow",),
    "fortune": ("688a-three-pair-only-fortune", _HIGHEST),
    "progressive": ("688a-progressive-meter", _HIGHEST),
}
_RESERVE_READING = "688a-progressive-reserve"
_BASE_STRATEGY = (("dealer", "standard house way, face up"), ("player", "best setting against the dealer's hands"))
_READING_SEPARATOR = " | "


def progressive_wager(paytable: str) -> Fraction:
    """The Progressive Payout Wager a paytable is written for, in dollars ($1, or $5 for paytable 4)."""
    return Fraction(str(PROGRESSIVE_TABLES[paytable].wager))


def progressive_meter(paytable: str, choice: MeterChoice) -> MeterSpec:
    """The § 688a.12(d) meter of a paytable: its seed and rate unless ``choice`` overrides them."""
    table = PROGRESSIVE_TABLES[paytable]
    return MeterSpec(
        wager="progressive",
        paytable=RULEBOOK.paytable("progressive", paytable),
        seed=choice.reset if choice.reset is not None else Fraction(str(table.meter_seed)),
        rate=choice.rate if choice.rate is not None else table.rate_of_progression,
        wager_amount=progressive_wager(paytable),
        wager_returned=table.wager_returned,
    )


def progressive_row_probabilities(paytable: str) -> dict[str, Fraction]:
    """Exact probability of each § 688a.12(d) row for one seven-card hand of the 53-card deck: the evaluator's
    C(53,7) category counts (fully wild joker where the paytable has one) mapped by ``progressive_row``."""
    from pacomply.engine.analysis.pai_gow_poker import ALL_HANDS, seven_card_counts

    rule = JokerRule.FULLY_WILD if PROGRESSIVE_TABLES[paytable].fully_wild_joker else JokerRule.SEMI_WILD
    counts: dict[str, int] = {}
    for category, count in seven_card_counts(rule).items():
        row = rules.progressive_row(category, paytable)
        if row is not None:
            counts[row[0]] = counts.get(row[0], 0) + count
    return {outcome: Fraction(count, ALL_HANDS) for outcome, count in sorted(counts.items())}


def deal_places(shoe: Shoe) -> list[list[int]]:
    """One round's seven stacks of seven card indices, by position number - 1 (index 0 the dealer).

    § 688a.5(i)(1)(iii): the shaker's total is counted from the dealer as 1 counterclockwise round the seven places;
    § 688a.8(d): from that place the cards go one at a time clockwise, i.e. to the next lower position number."""
    return deal_clockwise(shoe, (shoe.roll_dice(SHAKER_DICE) - 1) % PLACES, PLACES, CARDS_PER_HAND)


class FaceUpPaiGowRounds:
    """Face Up Pai Gow Poker dealt from a real deck and settled by :func:`engine.games.face_up_pai_gow_poker.settle`.

    Wager ids are ``edge``'s. Each seat places 1 on the base wager and on each optional wager simulated (the
    Progressive: the wager its paytable is written for); results are per unit of that wager. One ``--paytable``
    names the paytable of every optional wager in the run (the chapter numbers them 1-5, 1-6 and 1-7): with no
    ``--wager`` it runs the base wager and every optional wager that has that paytable; with no ``--paytable``, the
    base wager alone.
    """

    chapter = rules.CHAPTER
    default_decks = 1
    jokers_per_deck = RULEBOOK.jokers_per_deck

    def wager_ids(self) -> tuple[str, ...]:
        """The base wager and the three optional wagers."""
        return _WAGER_IDS

    def _resolve(self, setup: TableSetup) -> tuple[tuple[str, ...], dict[str, str]]:
        """The wagers placed and each optional wager's paytable; SimulationUnavailable says what is wrong."""
        paytable = setup.paytable.strip() if setup.paytable is not None else None
        if paytable is not None and not any(paytable in ids for ids in _PAYTABLES.values()):
            raise SimulationUnavailable(
                f"688a has no paytable '{setup.paytable}' (Ace High 1-5, Fortune 1-6, Progressive 1-7, § 688a.12)"
            )
        if setup.wagers:
            wagers = tuple(dict.fromkeys(setup.wagers))
            unknown = sorted(set(wagers) - set(_WAGER_IDS))
            if unknown:
                raise SimulationUnavailable(f"688a has no wager {', '.join(unknown)} (wagers: {', '.join(_WAGER_IDS)})")
        else:
            wagers = ("base", *(w for w, ids in _PAYTABLES.items() if paytable is not None and paytable in ids))
        paytables: dict[str, str] = {}
        for wager in wagers:
            if wager not in _PAYTABLES:
                continue
            if paytable not in _PAYTABLES[wager]:
                name = RULEBOOK.wager(wager).name
                raise SimulationUnavailable(
                    f"688a's {name} needs one of its paytables: --paytable {', '.join(_PAYTABLES[wager])}"
                    + (f" ('{paytable}' is not one)" if paytable is not None else "")
                )
            paytables[wager] = paytable
        return wagers, paytables

    def table(self, setup: TableSetup) -> RoundPlayer:
        """A round player; every wager asked for is settled in the same round."""
        wagers, paytables = self._resolve(setup)
        if setup.shoe.decks != 1 or setup.shoe.jokers_per_deck != self.jokers_per_deck:
            raise SimulationUnavailable(
                f"688a deals from one 53-card deck with one joker (§ 688a.3(a)); {setup.shoe.decks} decks of "
                f"{52 + setup.shoe.jokers_per_deck} cards asked"
            )
        if not 1 <= setup.seats <= MAX_POSITIONS:
            raise SimulationUnavailable(f"seats: {setup.seats} is not 1-{MAX_POSITIONS} (§ 688a.2(a))")
        meter = setup.meter_for("progressive")
        return _FaceUpPlayer(
            wagers, paytables, setup.seats, setup.shoe.shuffler != Shuffler.CONTINUOUS, meter is not None
        )

    def facts(self, setup: TableSetup, wager: str) -> WagerFacts:
        """Citation, readings, strategy and paytable rows as ``edge`` reports them (and, for a paytable with a
        Reserve Rate, the reading on it)."""
        ids = _READINGS_BY_WAGER[wager]
        if wager == "base":
            reading = _READING_SEPARATOR.join(f"{r.id}: {r.choice}" for r in map(RULEBOOK.reading, ids))
            return WagerFacts(wager, str(RULEBOOK.wager(wager).citation), reading, _BASE_STRATEGY)
        _, paytables = self._resolve(setup)
        paytable = paytables.get(wager)
        if paytable is None:
            return WagerFacts(wager, str(RULEBOOK.wager(wager).citation))
        if wager == "progressive" and PROGRESSIVE_TABLES[paytable].reserve_rate:
            ids = (*ids, _RESERVE_READING)
        reading = _READING_SEPARATOR.join(f"{r.id}: {r.choice}" for r in map(RULEBOOK.reading, ids))
        table = RULEBOOK.paytable(wager, paytable)
        rows = tuple((row.outcome, row.payout_text()) for row in table.rows)
        return WagerFacts(wager, str(table.citation), reading, (), rows)

    def meters(self, setup: TableSetup, choice: MeterChoice) -> tuple[MeterSpec, ...]:
        """The Progressive's meter when it is simulated: the paytable's printed seed and rate unless chosen."""
        wagers, paytables = self._resolve(setup)
        if "progressive" not in wagers:
            return ()
        spec = progressive_meter(paytables["progressive"], choice)
        problems = spec.problems()
        if problems:
            raise SimulationUnavailable("; ".join(problems))
        return (spec,)

    def row_probabilities(self, setup: TableSetup, wager: str) -> Mapping[str, Fraction]:
        """Exact, from the evaluator's count of all C(53,7) hands."""
        _, paytables = self._resolve(setup)
        return progressive_row_probabilities(paytables[wager])


class _FaceUpPlayer(PaiGowSeats):
    """Deals, sets and settles one round; picklable (plain data only)."""

    def __init__(
        self,
        wagers: tuple[str, ...],
        paytables: dict[str, str],
        seats: int,
        reshuffle_each_round: bool,
        progressive_on_meter: bool,
    ) -> None:
        amounts: dict[str, Fraction] = {wager: Fraction(1) for wager in wagers}
        if "progressive" in paytables:
            amounts["progressive"] = progressive_wager(paytables["progressive"])
            table = PROGRESSIVE_TABLES[paytables["progressive"]]
            self._progressive_rule = JokerRule.FULLY_WILD if table.fully_wild_joker else JokerRule.SEMI_WILD
        super().__init__(
            wagers,
            paytables,
            seats,
            amounts,
            reshuffle_each_round=reshuffle_each_round,
            progressive_on_meter=progressive_on_meter,
        )

    def __call__(self, shoe: Shoe) -> list[WagerPlay]:
        places = deal_places(shoe)
        self._dealt(shoe)
        players = self._players(places)
        result = rules.settle(places[0], players, STANDARD_HOUSE_WAY, self._paytables)
        return self._plays(players, result.settlements)

    def progressive_outcome(self, player: PlayerRound, settlement: Settlement) -> str | None:
        """The row ``settle`` paid, found again from the seat's cards under the paytable's joker."""
        category = seven_card_bonus_category(player.cards, self._progressive_rule)
        row = rules.progressive_row(category, self._paytables["progressive"])
        return None if row is None else row[0]


ROUND_GAME = FaceUpPaiGowRounds()
