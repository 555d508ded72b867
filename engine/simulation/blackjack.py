"""Whole Blackjack rounds (58 Pa. Code chapter 633a) from a real shoe: the base game and every optional wager.

``ROUND_GAME`` plugs chapter 633a into :mod:`engine.simulation.runner` (``pacomply simulate 633a``). Each round:

* **Deal** (§ 633a.7(f)): a first card to every seat from the dealer's left, the dealer's up card, a second card to
  every seat, the dealer's hole card. At a Blackjack Switch table (§ 633a.12(a)(3)) every seat has two boxes and is
  dealt the same way box by box, so a seat's four first cards are box one's first, box two's first, box one's
  second, box two's second.
* **Optional wagers decided by the first cards** (§ 633a.7(g)) are settled on those cards.
* **Card reader** (§ 633a.7(h)): with an ace or ten-valued up card a dealer Blackjack ends the round. Insurance
  (§ 633a.8) is taken, for half the Blackjack Wager, only by a seat with the ``insurance`` wager and only against an
  ace; the ``base`` hand itself never insures.
* **Players** (§ 633a.7(i)-(k)): each seat plays its base hand with the total-dependent basic strategy that
  ``pacomply edge 633a --wager base --strategy basic`` prints and prices
  (:func:`engine.analysis.blackjack.analyzer.basic_strategy_policy`): late surrender (§ 633a.9), doubling on any two
  cards and after a split (§ 633a.10), splitting to four hands with aces split once and given one card each
  (§ 633a.11, the analyzer's defaults), and the three-or-more-card hit/stand chart. A natural is not played.
* **Dealer** (§ 633a.7(l)-(n)): draws to 17 and stands on every 17 (§ 633a.7(m)). Under § 633a.7(n) the dealer stops
  when every hand is already decided (busted, surrendered or a Blackjack) — except when a Bad Beat or Hit and Run
  wager is on the table, which are decided by the dealer's hand (reading ``633a-dealer-completes``).
* **Settlement**: every wager of a seat is settled by :func:`engine.games.blackjack.settle` — the function
  ``pacomply replay`` settles a recorded 633a round with — on a :class:`engine.games.blackjack.Round` holding the
  seat's first cards, the dealer's whole hand and the seat's final hands; its ``Settlement`` nets are summed per wager
  (split hands into ``base``). The only wager settled outside ``settle`` is Bad Beat under the default
  ``bad_beat_hand=two_card`` (below), which calls :func:`engine.games.blackjack.bad_beat` — the function ``settle``
  itself calls — with the first two cards' total.

Bad Beat's hand (reading ``633a-sim-bad-beat-hand``): § 633a.7(o)(1)(i) pays on the player's hand totalling 20,
and ``replay`` reads the box's first final hand. The exact figure ``pacomply edge`` prices (reading
``633a-side-wager-model``) is the two-card 20 only. Basic strategy stands on every two-card 20, so settling Bad Beat
on the first two cards (``bad_beat_hand=two_card``, the default) is the hand the exact figure assumes, dealt and
played at a real table; ``bad_beat_hand=final`` (``TableSetup.options``) settles it through ``settle`` on the final
hand, which also pays 20s made by drawing and by splitting, and has no exact figure.

The progressive wagers (Bad Beat § 633a.13(j), Hit and Run § 633a.13(l)) are a :class:`ProgressiveRoundGame`: with a
meter in :attr:`TableSetup.meters` the seat reports the paytable row it hit and the runner pays it from the meter;
without one the wager is settled by ``settle`` at the chapter's minimum reset amount, as ``edge`` prices it. The
meter's paytable is the rulebook's in "for 1" terms (reading ``633a-for-one``): the wager is collected and "N for
1" pays N, so the "100 % of meter" row nets the meter less the wager, as ``settle`` does, and the exact figure at
the reset (:func:`row_probabilities` with :func:`engine.simulation.progressive.net_at_meter`) is ``edge``'s.

Blackjack Switch (§ 633a.12(a); wagers ``switch`` and ``super_match``) is a table of its own: asking for either deals
a Switch table — two boxes a seat, each with one of the two equal Blackjack Wagers (§ 633a.12(a)(1)), dealt box by box
(§ 633a.12(a)(3)). Super Match (§ 633a.7(g)(7), offered only there, § 633a.6(e)(7)) is settled on the seat's four first
cards. Unless the card reader finds a dealer Blackjack (which ends the round before any switch, § 633a.7(h)), each seat
decides whether to exchange the hands' second cards and plays both hands (§ 633a.12(a)(4)) with the decisions
``pacomply edge 633a --wager switch`` prices — :func:`engine.analysis.blackjack.switch.switch_policy`: the exact
switching table (every four cards against every up card) and each hand's composition-dependent play (hit, double,
split to the rules' limit, no surrender). The dealer completes the hand unless every hand is already decided (a bust,
or a natural against an up card of 2 to 9, paid at once by reading ``633a-switch-blackjack``). Both wagers are settled
by :func:`engine.games.blackjack.settle` with ``RoundOptions(switch=True)`` — the dealer 22 push, a natural's 1 to 1
against a dealer 21 of three or more cards, a switched Blackjack's push and loss (§ 633a.12(a)(5)) — on the seat's four
first cards and its final hands, as ``replay`` settles a Switch round. ``switch`` is reported per unit of one of the two
equal wagers (its net and amount wagered halved), as ``edge`` prices it. The two equal wagers are placed every round
whether or not ``switch`` is reported, so a Super Match run plays the hands too. ``edge``'s figure values each hand
with only its own two cards out of the shoe (the own-cards approximation of :mod:`engine.analysis.blackjack.switch`);
the simulation deals every card from one shoe, so it measures the true value of the same decisions (the difference,
about 0.03 points, is well inside the intervals tested here). A run is either a standard table
or a Switch table: the two are different tables.

Options (``TableSetup.options``, for the Python API; the CLI passes none): ``late_surrender``, ``double_after_split``
(``yes``/``no``), ``max_split_hands`` (1-4) — the base-game rules of the chapter a filing may state — and
``bad_beat_hand`` (``two_card``/``final``). The strategy follows the rules chosen (at a Switch table the split and
doubling options; ``late_surrender`` is not used there: Switch has no surrender, § 633a.12(a)(4)).

Comparison rules (``COMPARISON_OPTIONS``, Python API only): rules the chapter does not allow — the dealer hits soft
17, other Blackjack odds (6:5, 1:1), even money, doubling on 9-11 or 10-11 only, resplitting and hitting split aces,
and at a Switch table a switched Blackjack's odds and a Blackjack beating a dealer 22 (the Las Vegas rules). The
analyzer prices them for comparison with published figures; dealing them here, with the analyzer's strategy for
those rules, settled by :func:`engine.games.blackjack.settle` under the chapter's rules and a Blackjack's payment
re-priced here (:class:`ComparisonRules`, :func:`_compared_net`), lets the same simulator cross-check those
figures. A filing, ``replay`` and the CLI never reach them; the facts list them as not the chapter's.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from enum import StrEnum
from fractions import Fraction
from typing import Any

from pacomply.engine.analysis.blackjack.analyzer import analyse, basic_strategy_policy
from pacomply.engine.analysis.blackjack.rules import READINGS as ANALYZER_READINGS
from pacomply.engine.analysis.blackjack.rules import BlackjackRules, DoubleOn
from pacomply.engine.analysis.blackjack_strategy import Strategy
from pacomply.engine.analysis.readings import analysis_readings
from pacomply.engine.cards import Card, Rank
from pacomply.engine.games import blackjack
from pacomply.engine.games.blackjack_hand import hand_total, is_blackjack, point_value
from pacomply.engine.settlement import Outcome, RoundResult, Settlement
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
from pacomply.regulations import chapter_633a as book
from pacomply.regulations.citation import cite
from pacomply.regulations.rulebook import PayoutKind, Paytable, odds_text

#: Wagers of a standard table, in report order (docs/math.md ids).
STANDARD_WAGERS = (
    "base",
    "insurance",
    "lucky_ladies",
    "match_the_dealer",
    "in_between",
    "royal_match",
    "bet_the_set",
    "kings_bounty",
    "three_card_poker",
    "bad_beat",
    "hit_and_run",
)
#: Wagers of a Blackjack Switch table (§ 633a.12(a)): the two equal Blackjack Wagers (``switch``) and Super Match.
SWITCH_WAGERS = ("switch", "super_match")
PROGRESSIVE_WAGERS = ("bad_beat", "hit_and_run")
#: Side wagers with a paytable (the rest, base and insurance, have the chapter's fixed odds).
_PAYTABLE_WAGERS = blackjack.SIDE_WAGERS
#: Readings ``edge`` shows per side wager (engine may not import checker; a test compares the two reports).
_READINGS_BY_WAGER = {
    "in_between": ("633a-in-between-ranks",),
    "royal_match": ("633a-for-one",),
    "bad_beat": ("633a-side-wager-model", "633a-for-one"),
    "hit_and_run": ("633a-side-wager-model", "633a-for-one"),
}
_MINIMUM_RESET = {
    "bad_beat": Fraction(book.BAD_BEAT_MINIMUM_RESET),
    "hit_and_run": Fraction(book.HIT_AND_RUN_MINIMUM_RESET),
}
_OPTIONS = ("bad_beat_hand", "double_after_split", "late_surrender", "max_split_hands")
#: Rules the chapter does not allow, dealt only to compare the exact analysis with simulation under the rule sets
#: it is also checked against published figures with (Python API only; never from a filing or the CLI). Yes/no,
#: except the odds ("6:5") and ``comparison_double_on`` (a DoubleOn value).
COMPARISON_OPTIONS = (
    "comparison_blackjack_pays",
    "comparison_dealer_hits_soft_17",
    "comparison_double_on",
    "comparison_even_money",
    "comparison_hit_split_aces",
    "comparison_natural_beats_dealer_22",
    "comparison_resplit_aces",
    "comparison_switched_blackjack_pays",
)
_ODDS_OPTIONS = ("comparison_blackjack_pays", "comparison_switched_blackjack_pays")
_YES_NO = {"yes": True, "true": True, "no": False, "false": False}

# Action codes of BasicStrategyPolicy.
_STAND, _HIT, _DOUBLE, _SPLIT, _SURRENDER = 0, 1, 2, 3, 4
_ACE = 0  # the policy's rank index of the ace (its index is the point value less one; 9 is every ten-valued card)


def _permitted_paytables(wager: str, decks: int) -> tuple[str, ...]:
    return tuple(
        paytable.id
        for paytable in book.RULEBOOK.paytables
        if paytable.wager == wager and (paytable.permitted_decks is None or decks in paytable.permitted_decks)
    )


def _paytable_ids(wager: str, decks: int) -> tuple[str, ...]:
    """Paytables of a wager permitted at ``decks`` (the rulebook's, with the chapter's deck limits)."""
    if wager == "royal_match":
        return book.ROYAL_MATCH_SINGLE_DECK if decks == 1 else book.ROYAL_MATCH_MULTI_DECK
    if wager == "bet_the_set":
        return tuple(paytable for paytable, permitted in book.BET_THE_SET_DECKS.items() if decks in permitted)
    if wager in ("match_the_dealer", "super_match"):
        ids = book.MATCH_THE_DEALER_PAYTABLE_IDS if wager == "match_the_dealer" else book.SUPER_MATCH_PAYTABLE_IDS
        return (ids[decks],) if decks in ids else ()
    return _permitted_paytables(wager, decks)


@dataclasses.dataclass(frozen=True, slots=True)
class ComparisonRules:
    """Rules chapter 633a does not allow, with which the exact analysis is compared against published figures and
    against simulation (e.g. 6 to 5 Blackjacks, Blackjack Switch under Las Vegas rules). ``settle`` (what
    ``replay`` settles a dispute with) knows only the chapter's rules; :func:`_compared_net` re-prices the hands
    these rules change, here in the simulation only."""

    blackjack_pays: Fraction = book.BLACKJACK_ODDS
    """What an unswitched Blackjack pays (the chapter: § 633a.13(a))."""
    switched_blackjack_pays: Fraction = book.BLACKJACK_ODDS
    """Blackjack Switch: a switched Blackjack's odds when it does not push (reading 633a-switch-blackjack)."""
    natural_beats_dealer_22: bool = False
    """Blackjack Switch: an unswitched Blackjack is paid against a dealer 22, not pushed (§ 633a.12(a)(5)(v))."""


CHAPTER_RULES = ComparisonRules()
_DEALER_22_PUSH = cite("633a.12(a)(5)(v)")


def _compared_net(settlement: Settlement, hand: blackjack.PlayerHand, comparison: ComparisonRules) -> Fraction:
    """The net of one base hand that ``settle`` settled under the chapter's rules, under the comparison rules.

    Only a Blackjack's payment differs: paid at the chapter's odds it is paid at the comparison's instead (a switched
    one at ``switched_blackjack_pays``), and with ``natural_beats_dealer_22`` an unswitched one that the chapter
    pushes against a dealer 22 is paid. Even money, the 1 to 1 against a dealer 21 and every other hand are as
    settled."""
    if comparison == CHAPTER_RULES or not hand.natural:
        return settlement.net
    if settlement.outcome is Outcome.WIN and settlement.net == settlement.amount * book.BLACKJACK_ODDS:
        odds = comparison.switched_blackjack_pays if hand.switched_blackjack else comparison.blackjack_pays
        return settlement.amount * odds
    if (
        comparison.natural_beats_dealer_22 and not hand.switched_blackjack
        and settlement.outcome is Outcome.PUSH and settlement.citation == _DEALER_22_PUSH
    ):  # fmt: skip
        return settlement.amount * comparison.blackjack_pays
    return settlement.net


def _base_nets(
    result: RoundResult, hands: Sequence[blackjack.PlayerHand], comparison: ComparisonRules
) -> list[tuple[Settlement, Fraction]]:
    """Each base-hand settlement of a round (``base`` or ``base[i]``, in the order of ``hands``) with its net under
    the comparison rules; the other wagers' settlements with their own nets."""
    base = iter(hands)
    return [
        (settlement, _compared_net(settlement, next(base), comparison) if settlement.wager.startswith("base")
         else settlement.net)
        for settlement in result.settlements
    ]  # fmt: skip


def _dealer_draws(cards: Sequence[Card], hits_soft_17: bool) -> bool:
    """§ 633a.7(m) (:func:`engine.games.blackjack.dealer_must_draw`), or under the comparison rule ``hits_soft_17``
    a dealer who also draws to a soft 17."""
    if not hits_soft_17:
        return blackjack.dealer_must_draw(cards)
    total = hand_total(cards)
    return total.total < 17 or (total.soft and total.total == 17)


class BadBeatHand(StrEnum):
    """Which hand Bad Beat is settled on (reading ``633a-sim-bad-beat-hand``)."""

    TWO_CARD = "two_card"
    """The first two cards' total, the hand the exact figure assumes (the default)."""
    FINAL = "final"
    """The box's first final hand, through ``settle`` as ``replay`` reads it (20s made by drawing pay too)."""


@dataclasses.dataclass(frozen=True)
class TableOptions:
    """The options of a simulated 633a table (``TableSetup.options``, read by :func:`read_options`).

    The first four are rules a filing may state; each ``None`` among the comparison fields keeps the chapter's rule.
    """

    bad_beat_hand: BadBeatHand = BadBeatHand.TWO_CARD
    double_after_split: bool = True
    late_surrender: bool = True
    max_split_hands: int = 4
    blackjack_pays: Fraction | None = None
    dealer_hits_soft_17: bool | None = None
    double_on: DoubleOn | None = None
    even_money: bool | None = None
    hit_split_aces: bool | None = None
    natural_beats_dealer_22: bool = False
    resplit_aces: bool | None = None
    switched_blackjack_pays: Fraction | None = None
    comparison_asked: tuple[tuple[str, str], ...] = ()
    """The comparison options given, as (name without ``comparison_``, value as written): the facts list them."""

    def rules(self, decks: int) -> BlackjackRules:
        """The analyzer's rules: the chapter's, with the options and any comparison rules asked for."""
        chapter = BlackjackRules(decks=decks)
        return BlackjackRules(
            decks=decks,
            late_surrender=self.late_surrender,
            double_after_split=self.double_after_split,
            max_split_hands=self.max_split_hands,
            blackjack_pays=chapter.blackjack_pays if self.blackjack_pays is None else self.blackjack_pays,
            dealer_hits_soft_17=_given(self.dealer_hits_soft_17, chapter.dealer_hits_soft_17),
            double_on=chapter.double_on if self.double_on is None else self.double_on,
            even_money=_given(self.even_money, chapter.even_money),
            hit_split_aces=_given(self.hit_split_aces, chapter.hit_split_aces),
            resplit_aces=_given(self.resplit_aces, chapter.resplit_aces),
        )


def _given(value: bool | None, chapter: bool) -> bool:
    return chapter if value is None else value


def _odds_given(text: str) -> Fraction | None:
    try:
        odds = Fraction(text.replace(":", "/"))
    except (ValueError, ZeroDivisionError):
        return None
    return odds if odds > 0 else None


def read_options(raw: tuple[tuple[str, str], ...]) -> TableOptions:
    """``TableSetup.options`` as typed values; every problem at once, in one ``SimulationUnavailable``."""
    flags: dict[str, bool] = {}
    odds: dict[str, Fraction] = {}
    bad_beat_hand, max_split_hands, double_on = BadBeatHand.TWO_CARD, 4, None
    asked: dict[str, str] = {}
    problems = []
    for name, value in raw:
        text = str(value).strip().lower()
        short = name.removeprefix("comparison_")
        if name in _ODDS_OPTIONS:
            given = _odds_given(text)
            if given is None:
                problems.append(f"option {name} '{value}' is not odds such as 6:5")
            else:
                odds[short], asked[short] = given, text
        elif name == "comparison_double_on" and text not in {rule.value for rule in DoubleOn}:
            problems.append(f"option {name} '{value}' is not one of {', '.join(rule.value for rule in DoubleOn)}")
        elif name == "comparison_double_on":
            double_on, asked[short] = DoubleOn(text), text
        elif name in COMPARISON_OPTIONS and text not in _YES_NO:
            problems.append(f"option {name} '{value}' is not yes or no")
        elif name not in _OPTIONS + COMPARISON_OPTIONS:
            problems.append(f"option '{name}' is not one of {', '.join(_OPTIONS + COMPARISON_OPTIONS)}")
        elif name == "bad_beat_hand" and text not in {hand.value for hand in BadBeatHand}:
            problems.append(f"option bad_beat_hand '{value}' is not two_card or final")
        elif name in ("double_after_split", "late_surrender") and text not in _YES_NO:
            problems.append(f"option {name} '{value}' is not yes or no")
        elif name == "max_split_hands" and text not in ("1", "2", "3", "4"):
            problems.append(f"option max_split_hands '{value}' is not 1 to 4 (§ 633a.11(c))")
        elif name == "bad_beat_hand":
            bad_beat_hand = BadBeatHand(text)
        elif name == "max_split_hands":
            max_split_hands = int(text)
        else:
            flags[short] = _YES_NO[text]
            if name in COMPARISON_OPTIONS:
                asked[short] = "yes" if flags[short] else "no"
    if problems:
        raise SimulationUnavailable("; ".join(problems))
    return TableOptions(
        bad_beat_hand=bad_beat_hand,
        double_after_split=flags.get("double_after_split", True),
        late_surrender=flags.get("late_surrender", True),
        max_split_hands=max_split_hands,
        blackjack_pays=odds.get("blackjack_pays"),
        dealer_hits_soft_17=flags.get("dealer_hits_soft_17"),
        double_on=double_on,
        even_money=flags.get("even_money"),
        hit_split_aces=flags.get("hit_split_aces"),
        natural_beats_dealer_22=flags.get("natural_beats_dealer_22", False),
        resplit_aces=flags.get("resplit_aces"),
        switched_blackjack_pays=odds.get("switched_blackjack_pays"),
        comparison_asked=tuple(sorted(asked.items())),
    )


class _Table:
    """What one setup plays: the wagers and paytables, the base-game rules and options."""

    def __init__(self, setup: TableSetup) -> None:
        if setup.shoe.jokers_per_deck:
            raise SimulationUnavailable("Blackjack is dealt without jokers (§ 633a.3)")
        if not 1 <= setup.shoe.decks <= book.MAX_DECKS:
            raise SimulationUnavailable(f"633a is dealt with 1 to {book.MAX_DECKS} decks; {setup.shoe.decks} asked for")
        if setup.seats < 1 or setup.seats > book.MAX_BETTING_POSITIONS:
            raise SimulationUnavailable(f"seats: {setup.seats} is not 1-{book.MAX_BETTING_POSITIONS} (§ 633a.2(a))")
        self.decks = setup.shoe.decks
        self.options = read_options(setup.options)
        self.rules = self.options.rules(self.decks)
        self.comparison = ComparisonRules(
            blackjack_pays=self.rules.blackjack_pays,
            switched_blackjack_pays=self.options.switched_blackjack_pays or self.rules.blackjack_pays,
            natural_beats_dealer_22=self.options.natural_beats_dealer_22,
        )
        self.paytables = self._choose(setup)
        self.wagers = tuple(self.paytables)
        self.switch_table = any(wager in SWITCH_WAGERS for wager in self.wagers)
        # Blackjack Switch has no surrender (§ 633a.12(a)(4)); its analysis ignores the field, edge leaves it too.
        self.switch_rules = self.rules.with_changes(late_surrender=False)

    def _choose(self, setup: TableSetup) -> dict[str, str | None]:
        asked = setup.paytable.strip().upper() if setup.paytable is not None else None
        known = STANDARD_WAGERS + SWITCH_WAGERS
        unknown = [wager for wager in setup.wagers if wager not in known]
        if unknown:
            raise SimulationUnavailable(
                f"633a simulates the wagers {', '.join(known)}; not {', '.join(repr(w) for w in unknown)}"
            )
        standard = [wager for wager in setup.wagers if wager in STANDARD_WAGERS]
        switch = [wager for wager in setup.wagers if wager in SWITCH_WAGERS]
        if standard and switch:
            raise SimulationUnavailable(
                f"{', '.join(switch)} is played at a Blackjack Switch table (§ 633a.6(e)(7), § 633a.12(a)); simulate "
                f"it apart from the standard table's {', '.join(standard)}"
            )
        chosen: dict[str, str | None] = {}
        for wager in setup.wagers or STANDARD_WAGERS:
            if wager not in _PAYTABLE_WAGERS:
                chosen[wager] = None
                continue
            options = _paytable_ids(wager, self.decks)
            match = [paytable for paytable in options if paytable.upper() == asked]
            if match:
                chosen[wager] = match[0]
            elif len(options) == 1:
                chosen[wager] = options[0]
            elif setup.wagers:
                if not options:
                    raise SimulationUnavailable(
                        f"633a's {wager} is not offered with {self.decks} deck(s) (§ 633a.13; no paytable permitted)"
                    )
                raise SimulationUnavailable(
                    f"633a's {wager} at {self.decks} decks needs --paytable (permitted: {', '.join(options)})"
                )
        if asked is not None and not any(
            paytable is not None and paytable.upper() == asked for paytable in chosen.values()
        ):
            raise SimulationUnavailable(
                f"--paytable {setup.paytable}: no simulated 633a wager permits it with {self.decks} deck(s)"
            )
        return chosen


def _counts(*ranks: int) -> tuple[int, ...]:
    """A composition's count per rank index (the analyzer's key) of the cards ``ranks``."""
    return tuple(ranks.count(rank) for rank in range(10))


def _rank(card: Card) -> int:
    """The basic-strategy policy's rank index: point value less one (ace 0, every ten-valued card 9)."""
    return point_value(card) - 1


_POLICIES: dict[tuple[object, ...], Any] = {}
"""The strategies this process's players play, by what each depends on: built once per process (the analysis's
dealer tables and solutions, seconds; the runner makes a new player for every chunk), or adopted from the process
that planned the run (:meth:`BlackjackRounds.adopt_tables`)."""


def _policy_key(table: _Table) -> tuple[object, ...]:
    if table.switch_table:
        comparison = table.comparison
        return ("switch", table.switch_rules, comparison.switched_blackjack_pays, comparison.natural_beats_dealer_22)
    return ("basic", table.rules)


def _policy(table: _Table) -> Any:
    """The table's strategy: :func:`basic_strategy_policy` at a standard table, else :func:`switch_policy`'s arrays."""
    key = _policy_key(table)
    policy = _POLICIES.get(key)
    if policy is None:
        if table.switch_table:
            from pacomply.engine.analysis.blackjack.switch import switch_policy

            comparison = table.comparison
            policy = switch_policy(
                table.switch_rules,
                switched_blackjack_pays=comparison.switched_blackjack_pays,
                natural_beats_dealer_22=comparison.natural_beats_dealer_22,
            )
        else:
            policy = basic_strategy_policy(table.rules)
        _POLICIES[key] = policy
    return policy


class _StandardTablePlayer:
    """One round at a standard table: deal, play every seat, the dealer, settle; picklable (arrays and values)."""

    def __init__(self, table: _Table, seats: int, meters: tuple[str, ...]) -> None:
        policy = _policy(table)
        self._two_card = policy.two_card.tolist()
        self._post_split = policy.post_split.tolist()
        self._multi_hit = policy.multi_card_hit.tolist()
        self._seats = seats
        self._rules = table.rules
        self._wagers = table.wagers
        self._side = tuple(wager for wager in table.wagers if wager not in ("base", "insurance"))
        self._insurance = "insurance" in table.wagers
        self._two_card_bad_beat = "bad_beat" in table.wagers and table.options.bad_beat_hand == BadBeatHand.TWO_CARD
        self._dealer_wagers = any(wager in PROGRESSIVE_WAGERS for wager in table.wagers)
        self._metered = meters
        self._rows = {wager: _row_names(wager) for wager in PROGRESSIVE_WAGERS}
        self._round_options = blackjack.RoundOptions(
            decks=table.decks,
            royal_match_paytable=table.paytables.get("royal_match") or "C",
            bet_the_set_paytable=table.paytables.get("bet_the_set") or "C",
        )
        self._comparison = table.comparison
        self._hits_soft_17 = table.rules.dealer_hits_soft_17
        self._takes_even_money = table.rules.takes_even_money
        wagers = {wager: Fraction(1) for wager in self._side if not (wager == "bad_beat" and self._two_card_bad_beat)}
        wagers["base"] = Fraction(1)
        self._round_wagers = wagers
        self._insured_wagers = {**wagers, "insurance": Fraction(1, 2)}

    # --- the player's hand ---------------------------------------------------------------------------------------

    def _draw_to(self, shoe: Shoe, cards: list[Card], up: int) -> None:
        """Hit by the three-or-more-card chart until it says stand or the hand reaches 21 (§ 633a.7(k))."""
        while True:
            cards.append(shoe.draw())
            total = hand_total(cards)
            if total.total >= 21 or not self._multi_hit[up][1 if total.soft else 0][total.total]:
                return

    def _play(self, shoe: Shoe, first: Card, second: Card, up: int) -> tuple[list[blackjack.PlayerHand], bool]:
        """The seat's final hands and whether it surrendered, by the basic-strategy policy."""
        a, b = _rank(first), _rank(second)
        action = self._two_card[up][a][b]
        if action == _SURRENDER:
            return [blackjack.PlayerHand((first, second))], True
        if action == _DOUBLE:
            return [blackjack.PlayerHand((first, second, shoe.draw()), doubled=True)], False
        if action == _HIT:
            cards = [first, second]
            self._draw_to(shoe, cards, up)
            return [blackjack.PlayerHand(tuple(cards))], False
        if action != _SPLIT:
            return [blackjack.PlayerHand((first, second))], False
        return self._split(shoe, first, second, a, up), False

    def _split(self, shoe: Shoe, first: Card, second: Card, pair: int, up: int) -> list[blackjack.PlayerHand]:
        """§ 633a.11 by the post-split chart; a hand below 21 that the chart hits draws by the multi-card chart."""

        def hit(cards: list[Card], second_rank: int) -> None:
            if hand_total(cards).total < 21:
                self._draw_to(shoe, cards, up)

        return _split_hands(shoe, first, second, pair, self._rules, self._post_split[up][pair], hit)

    # --- the round -----------------------------------------------------------------------------------------------

    def __call__(self, shoe: Shoe) -> list[WagerPlay]:
        seats = self._seats
        firsts = [shoe.draw() for _ in range(seats)]
        up_card = shoe.draw()
        seconds = [shoe.draw() for _ in range(seats)]
        dealer = [up_card, shoe.draw()]
        up = _rank(up_card)
        dealer_blackjack = is_blackjack(dealer)
        played: list[tuple[list[blackjack.PlayerHand], bool]] = []
        even_money = self._takes_even_money and up == _ACE and not self._insurance
        for first, second in zip(firsts, seconds, strict=True):
            if dealer_blackjack or is_blackjack((first, second)):
                played.append(([blackjack.PlayerHand((first, second))], False))
            else:
                played.append(self._play(shoe, first, second, up))
        if not dealer_blackjack:
            decided = all(
                surrendered or all(hand.natural or hand_total(hand.cards).total > 21 for hand in hands)
                for hands, surrendered in played
            )
            if self._dealer_wagers or not decided:  # § 633a.7(n); reading 633a-dealer-completes
                while _dealer_draws(dealer, self._hits_soft_17):
                    dealer.append(shoe.draw())
        dealer_hand = tuple(dealer)
        insured = self._insurance and up_card.rank == Rank.ACE
        plays: list[WagerPlay] = []
        for (first, second), (hands, surrendered) in zip(zip(firsts, seconds, strict=True), played, strict=True):
            took_even_money = even_money and len(hands) == 1 and hands[0].natural
            plays.extend(self._settle(first, second, dealer_hand, hands, surrendered, insured, took_even_money))
        return plays

    def _settle(
        self,
        first: Card,
        second: Card,
        dealer: tuple[Card, ...],
        hands: list[blackjack.PlayerHand],
        surrendered: bool,
        insured: bool,
        even_money: bool = False,
    ) -> list[WagerPlay]:
        round_ = blackjack.Round(
            initial=(first, second),
            dealer=dealer,
            hands=tuple(hands),
            wagers=self._insured_wagers if insured else self._round_wagers,
            options=self._round_options,
            surrender=surrendered,
            even_money=even_money,
        )
        result = blackjack.settle(round_, describe=False)
        # A wager's first settlement is its sum so far: nothing is added to a zero (an int plus a Fraction takes
        # Fraction's slow reflected path, twice per wager and round).
        nets: dict[str, Fraction] = {}
        base_wagered: Fraction | None = None
        for settlement, net in _base_nets(result, hands, self._comparison):
            wager = "base" if settlement.wager.startswith("base") else settlement.wager
            so_far = nets.get(wager)
            nets[wager] = net if so_far is None else so_far + net
            if wager == "base":
                amount = settlement.amount
                base_wagered = amount if base_wagered is None else base_wagered + amount
        plays = []
        for wager in self._wagers:
            if wager == "base":
                plays.append(WagerPlay("base", float(nets["base"]), float(base_wagered or 0)))
            elif wager == "insurance":
                if insured:  # offered only against an ace (§ 633a.8(a)); per unit of the Insurance wagered
                    plays.append(WagerPlay("insurance", float(nets["insurance"] * 2)))
            elif wager in PROGRESSIVE_WAGERS:
                plays.append(self._progressive(wager, first, second, dealer, hands, nets))
            else:
                plays.append(WagerPlay(wager, float(nets[wager])))
        return plays

    def _progressive(
        self,
        wager: str,
        first: Card,
        second: Card,
        dealer: tuple[Card, ...],
        hands: list[blackjack.PlayerHand],
        nets: Mapping[str, Fraction],
    ) -> WagerPlay:
        if wager not in self._metered:
            if wager == "bad_beat" and self._two_card_bad_beat:
                # The two-card 20 the exact figure prices (reading 633a-sim-bad-beat-hand), by the rule settle() uses.
                meter_net = _MINIMUM_RESET[wager] - 1
                return WagerPlay(
                    wager, float(blackjack.bad_beat(hand_total((first, second)).total, dealer, meter_net).net)
                )
            return WagerPlay(wager, float(nets[wager]))
        # The row hit, by the same calls settle() makes (its meter_net does not change which row is hit).
        if wager == "hit_and_run":
            result = blackjack.hit_and_run(dealer, Fraction(0))
        else:
            decided_by = (first, second) if self._two_card_bad_beat else hands[0].cards
            result = blackjack.bad_beat(hand_total(decided_by).total, dealer, Fraction(0))
        return WagerPlay(wager, -1.0, progressive_outcome=self._rows[wager][result.hand] if result.hand else None)


def _split_hands(
    shoe: Shoe,
    first: Card,
    second: Card,
    pair: int,
    rules: BlackjackRules,
    choices: Sequence[int],
    hit: Callable[[list[Card], int], None],
) -> list[blackjack.PlayerHand]:
    """§ 633a.11, at a standard or a Switch table: each split hand takes its second card and is played before the
    next; a pair card drawn opens a new hand while the limit allows (aces once, one card each unless the rules let
    split aces hit). ``choices[rank]`` is the post-split decision with that second card; ``hit(cards, rank)`` draws
    by the table's own hitting chart."""
    limit = rules.max_split_hands if (pair != _ACE or rules.resplit_aces) else 2
    starts = [first, second]
    hands: list[blackjack.PlayerHand] = []
    index = 0
    while index < len(starts):
        card = shoe.draw()
        if _rank(card) == pair and len(starts) < limit:
            starts.append(card)  # a new split hand; this one still holds one card and draws again
            continue
        cards = [starts[index], card]
        choice = choices[_rank(card)]
        if pair == _ACE and not rules.hit_split_aces:
            choice = _STAND
        doubled = False
        if choice == _DOUBLE:
            cards.append(shoe.draw())
            doubled = True
        elif choice == _HIT:
            hit(cards, _rank(card))
        hands.append(blackjack.PlayerHand(tuple(cards), doubled=doubled, split=True))
        index += 1
    return hands


def _row_names(wager: str) -> dict[str, str]:
    """The game's hand names (``SideResult.hand``) → the paytable's row outcomes ("… (10 for 1)")."""
    paytable = book.RULEBOOK.paytable(wager, _permitted_paytables(wager, 6)[0])
    names = {}
    for row in paytable.rows:
        names[row.outcome.split(" (")[0]] = row.outcome
    return names


class _SwitchTablePlayer:
    """One round at a Blackjack Switch table: two boxes a seat, the switch, both hands played, the dealer, settle.

    The decisions are :func:`engine.analysis.blackjack.switch.switch_policy`'s — the switch table and the
    composition-dependent play of each hand that ``pacomply edge 633a --wager switch`` prices — as nested lists; a
    hand is followed as its composition index (:func:`engine.analysis.blackjack.combinatorics.player_compositions`).
    """

    def __init__(self, table: _Table, seats: int) -> None:
        from pacomply.engine.analysis.blackjack.combinatorics import player_compositions

        rules = table.switch_rules
        policy = _policy(table)
        self._hits_soft_17 = rules.dealer_hits_soft_17
        compositions = player_compositions()
        self._seats = seats
        self._rules = rules
        self._switch = policy["switch"].tolist()
        self._two_card = policy["two_card"].tolist()
        self._hit_more = policy["hit_more"].tolist()
        self._post_split = policy["post_split"].tolist()
        self._split_hit_more = policy["split_hit_more"].tolist()
        self._child = compositions.child.tolist()
        self._total = compositions.total.tolist()
        self._two_cards = [[compositions.find(_counts(a, b)) for b in range(10)] for a in range(10)]
        self._options = blackjack.RoundOptions(decks=table.decks, switch=True)
        self._comparison = table.comparison
        self._report = tuple(wager for wager in SWITCH_WAGERS if wager in table.wagers)
        # The two equal Blackjack Wagers are always made at a Switch table (§ 633a.12(a)(1)); Super Match is optional.
        self._wagers = {"base": Fraction(1)}
        if "super_match" in table.wagers:
            self._wagers["super_match"] = Fraction(1)

    # --- the player's hands --------------------------------------------------------------------------------------

    def _hit(self, shoe: Shoe, cards: list[Card], composition: int, more: list[bool]) -> None:
        """Draw while below 21 and the composition-dependent chart says hit (§ 633a.7(k))."""
        while composition >= 0 and self._total[composition] < 21:
            card = shoe.draw()
            cards.append(card)
            composition = self._child[composition][_rank(card)]
            if composition >= 0 and not more[composition]:
                return

    def _play(self, shoe: Shoe, first: Card, second: Card, up: int, switched: bool) -> list[blackjack.PlayerHand]:
        """One box's final hands after the switch (a Blackjack is not played; § 633a.12(a)(4))."""
        if is_blackjack((first, second)):
            return [blackjack.PlayerHand((first, second), switched_blackjack=switched)]
        a, b = _rank(first), _rank(second)
        action = self._two_card[up][a][b]
        if action == _DOUBLE:
            return [blackjack.PlayerHand((first, second, shoe.draw()), doubled=True)]
        if action == _HIT:
            cards = [first, second]
            self._hit(shoe, cards, self._two_cards[a][b], self._hit_more[up])
            return [blackjack.PlayerHand(tuple(cards))]
        if action == _SPLIT:
            return self._split(shoe, first, second, a, up)
        return [blackjack.PlayerHand((first, second))]

    def _split(self, shoe: Shoe, first: Card, second: Card, pair: int, up: int) -> list[blackjack.PlayerHand]:
        """§ 633a.11 as at the standard table, by the Switch post-split charts (composition-dependent hitting)."""

        def hit(cards: list[Card], second_rank: int) -> None:
            self._hit(shoe, cards, self._two_cards[pair][second_rank], self._split_hit_more[up][pair])

        return _split_hands(shoe, first, second, pair, self._rules, self._post_split[up][pair], hit)

    # --- the round -----------------------------------------------------------------------------------------------

    def __call__(self, shoe: Shoe) -> list[WagerPlay]:
        boxes = 2 * self._seats
        firsts = [shoe.draw() for _ in range(boxes)]
        up_card = shoe.draw()
        seconds = [shoe.draw() for _ in range(boxes)]
        dealer = [up_card, shoe.draw()]
        up = _rank(up_card)
        dealer_blackjack = is_blackjack(dealer)
        seats: list[tuple[tuple[Card, Card, Card, Card], list[blackjack.PlayerHand]]] = []
        for seat in range(self._seats):
            one, two = 2 * seat, 2 * seat + 1
            initial = (firsts[one], seconds[one], firsts[two], seconds[two])
            if dealer_blackjack:  # § 633a.7(h): the round ends before any switch
                seats.append((initial, [blackjack.PlayerHand(initial[:2]), blackjack.PlayerHand(initial[2:])]))
                continue
            a, b, c, d = (_rank(card) for card in initial)
            switched = bool(self._switch[up][a][b][c][d])
            # § 633a.12(a)(4): the hands exchange their second cards — box one keeps its first card and takes box
            # two's second, and the other way round.
            starts = ((initial[0], initial[3]), (initial[2], initial[1])) if switched else (initial[:2], initial[2:])
            hands = [hand for first, second in starts for hand in self._play(shoe, first, second, up, switched)]
            seats.append((initial, hands))
        if not dealer_blackjack and not all(self._decided(hand, up_card) for _, hands in seats for hand in hands):
            while _dealer_draws(dealer, self._hits_soft_17):  # § 633a.7(m)-(n)
                dealer.append(shoe.draw())
        dealer_hand = tuple(dealer)
        plays: list[WagerPlay] = []
        for initial, hands in seats:
            round_ = blackjack.Round(initial, dealer_hand, tuple(hands), self._wagers, self._options)
            result = blackjack.settle(round_, describe=False)
            net: Fraction | int = 0  # summed from an int zero: exact, without a Fraction per round
            wagered: Fraction | int = 0
            for settlement, compared in _base_nets(result, hands, self._comparison):
                if settlement.wager.startswith("base"):
                    net += compared
                    wagered += settlement.amount
                elif "super_match" in self._report and settlement.wager == "super_match":
                    plays.append(WagerPlay("super_match", float(settlement.net)))
            if "switch" in self._report:
                # Per unit of one of the two equal initial wagers, as edge prices it (§ 633a.12(a)(1)).
                plays.append(WagerPlay("switch", float(net / 2), float(wagered / 2)))
        return plays

    @staticmethod
    def _decided(hand: blackjack.PlayerHand, up_card: Card) -> bool:
        """Settled without the dealer's hand (§ 633a.7(n)): a bust, or an unswitched Blackjack against an up card of 2
        to 9, paid at once (§ 633a.7(i)(1)(i); reading 633a-switch-blackjack)."""
        if hand_total(hand.cards).total > 21:
            return True
        return hand.natural and not hand.switched_blackjack and up_card.rank != Rank.ACE and point_value(up_card) != 10


def row_probabilities(wager: str, decks: int) -> dict[str, Fraction]:
    """Exact probability of each row of a progressive paytable, from the exact analysis's net distribution.

    :func:`engine.analysis.blackjack_side_wagers.distribution` values the meter row at the chapter's minimum reset;
    every row of the two paytables nets a different amount there, so each net identifies its row.
    """
    from pacomply.engine.analysis.blackjack_side_wagers import distribution

    paytable = book.RULEBOOK.paytable(wager, _permitted_paytables(wager, decks)[0])
    by_net: dict[Fraction, str] = {}
    for row in paytable.rows:
        net = _MINIMUM_RESET[wager] - 1 if row.kind == PayoutKind.METER_PERCENT else row.amount
        if net in by_net:
            raise ValueError(f"rows '{by_net[net]}' and '{row.outcome}' net the same; rows are not identified")
        by_net[net] = row.outcome
    probabilities: dict[str, Fraction] = {}
    for net, probability in distribution(wager, paytable.id, decks).outcomes:
        if net == -1:
            continue
        if net not in by_net:
            raise ValueError(f"{wager}: the exact analysis has a net {net} that no paytable row pays")
        probabilities[by_net[net]] = probability
    return probabilities


def _describe(paytable: Paytable) -> tuple[tuple[str, str], ...]:
    # Written as edge writes them (the rulebook's payout_text: '5 to 2', not '5/2 to 1'), so the two agree.
    return tuple((row.outcome, row.payout_text()) for row in paytable.rows)


def _reading_text(ids: tuple[str, ...]) -> str | None:
    return " ".join(f"{item.id}: {item.choice}" for item in map(book.RULEBOOK.reading, ids)) or None


class BlackjackRounds:
    """Chapter 633a's round game: whole rounds at a standard table, or a Blackjack Switch table's Super Match."""

    chapter = blackjack.CHAPTER
    default_decks = 6
    jokers_per_deck = 0

    def wager_ids(self) -> tuple[str, ...]:
        """Every wager this game simulates, in report order."""
        return STANDARD_WAGERS + SWITCH_WAGERS

    def shared_tables(self, setup: TableSetup) -> dict[tuple[object, ...], Any]:
        """The strategy the set-up's table plays, for a pool's workers to adopt."""
        table = _Table(setup)
        return {_policy_key(table): _policy(table)}

    def adopt_tables(self, tables: object) -> None:
        """Keep the strategies :meth:`shared_tables` built in another process."""
        assert isinstance(tables, dict)
        _POLICIES.update(tables)

    def table(self, setup: TableSetup) -> RoundPlayer:
        """A standard table's round player, or a Switch table's when ``switch`` or Super Match is asked for."""
        table = _Table(setup)
        if table.switch_table:
            return _SwitchTablePlayer(table, setup.seats)
        metered = tuple(spec.wager for spec in setup.meters if spec.wager in table.wagers)
        return _StandardTablePlayer(table, setup.seats, metered)

    def facts(self, setup: TableSetup, wager: str) -> WagerFacts:
        """Citation, reading and paytable rows as ``edge`` shows them; the strategy the simulation plays."""
        table = _Table(setup)
        if wager == "switch":
            return _switch_facts(table)
        if wager == "base":
            basic = analyse(table.rules, Strategy.BASIC)
            rules = table.rules
            play = (
                "total-dependent basic strategy: the charts of pacomply edge 633a --wager base --strategy basic "
                f"(exact house edge {basic.house_edge * 100:.4f}%); a natural is not played; no insurance"
            )
            after_split = ", after a split too" if rules.double_after_split else ""
            described = (
                f"{rules.decks} decks; dealer stands on soft 17; Blackjack pays {odds_text(rules.blackjack_pays)}; "
                "dealer checks for Blackjack "
                f"with the card reader; double on any two cards{after_split}; "
                f"split to {rules.max_split_hands} hands (aces split once, one card to each split ace); "
                f"{'late surrender' if rules.late_surrender else 'no surrender'}; no even money"
            )
            rows = [("Blackjack", odds_text(rules.blackjack_pays)), ("any other winning hand", "1 to 1")]
            if rules.late_surrender:
                rows.append(("surrender", "half the wager returned"))
            return WagerFacts(
                "base",
                f"{basic.citation}, § 633a.13(a)",
                reading=analysis_readings(ANALYZER_READINGS),
                strategy=(("play", play), ("rules", described), *_comparison_facts(table)),
                paytable_rows=tuple(rows),
                paytable=None,
            )
        if wager == "insurance":
            return WagerFacts(
                "insurance",
                str(book.RULEBOOK.wager("insurance").citation),
                strategy=(
                    (
                        "insurance",
                        "taken for half the Blackjack Wager whenever the up card is an ace "
                        "(§ 633a.8(a)-(b)); figures per unit of Insurance",
                    ),
                ),
                paytable_rows=(("dealer Blackjack", "2 to 1"),),
                paytable=None,
            )
        paytable_id = table.paytables[wager]
        assert paytable_id is not None
        paytable = book.RULEBOOK.paytable(wager, paytable_id)
        ids = _READINGS_BY_WAGER.get(wager, ())
        if wager == "bad_beat":
            ids = (*ids, "633a-sim-bad-beat-hand")
        strategy: tuple[tuple[str, str], ...] = ()
        if wager == "bad_beat":
            strategy = (("bad_beat_hand", table.options.bad_beat_hand.value),)
        return WagerFacts(
            wager,
            str(paytable.citation),
            reading=_reading_text(ids),
            strategy=strategy,
            paytable_rows=_describe(paytable),
            paytable=paytable_id,
        )

    def meters(self, setup: TableSetup, choice: MeterChoice) -> tuple[MeterSpec, ...]:
        """Bad Beat's and Hit and Run's meters (those asked for): reset ``choice.reset`` else the chapter's minimum
        ($5,000 § 633a.13(j)(2); $1,000 § 633a.13(l)(2)), rate ``choice.rate`` else 0 (frozen, as edge prices)."""
        table = _Table(setup)
        specs = []
        problems = []
        for wager in PROGRESSIVE_WAGERS:
            if wager not in table.wagers:
                continue
            minimum = _MINIMUM_RESET[wager]
            reset = choice.reset if choice.reset is not None else minimum
            if reset < minimum:
                section = "633a.13(j)(2)" if wager == "bad_beat" else "633a.13(l)(2)"
                problems.append(f"{wager}: a meter reset of ${reset} is below the chapter's ${minimum} (§ {section})")
                continue
            paytable = _for_one(book.RULEBOOK.paytable(wager, _permitted_paytables(wager, table.decks)[0]))
            spec = MeterSpec(
                wager,
                paytable,
                seed=reset,
                rate=choice.rate if choice.rate is not None else Fraction(0),
                wager_returned=False,
            )
            problems += [f"{wager}: {problem}" for problem in spec.problems()]
            specs.append(spec)
        if problems:
            raise SimulationUnavailable("; ".join(problems))
        return tuple(specs)

    def row_probabilities(self, setup: TableSetup, wager: str) -> Mapping[str, Fraction]:
        """Exact row probabilities for one seat off the top of a full shoe (reading 633a-side-wager-model)."""
        if wager not in PROGRESSIVE_WAGERS:
            raise SimulationUnavailable(f"633a's {wager} has no meter")
        return row_probabilities(wager, setup.shoe.decks)


def _switch_facts(table: _Table) -> WagerFacts:
    """Blackjack Switch as ``edge 633a --wager switch`` reports it (citation, readings, rows); the play simulated."""
    from pacomply.engine.analysis.blackjack.switch import SWITCH_READINGS, analyse_switch, paytable_rows

    rules = table.switch_rules
    analysis = analyse_switch(
        rules,
        switched_blackjack_pays=table.comparison.switched_blackjack_pays,
        natural_beats_dealer_22=table.comparison.natural_beats_dealer_22,
    )
    play = (
        "the switch and each hand's composition-dependent play that pacomply edge 633a --wager switch prices "
        f"(exact house edge {analysis.house_edge * 100:.4f}%, each hand valued with its own two cards out of the "
        "shoe; here every card dealt is out of the shoe); a Blackjack is not played; figures per each of the two "
        "equal wagers"
    )
    after_split = ", after a split too" if rules.double_after_split else ""
    described = (
        f"{rules.decks} decks; dealer stands on soft 17; Blackjack pays {odds_text(rules.blackjack_pays)}; dealer "
        f"checks for Blackjack with the card reader before the switch; double on any two cards{after_split}; "
        f"split to {rules.max_split_hands} hands (aces split once, one card to each split ace); no surrender "
        "(§ 633a.12(a)(4)); a dealer 22 pushes"
    )
    return WagerFacts(
        "switch",
        analysis.citation,
        reading=f"{_reading_text(('633a-switch-blackjack',))} | {analysis_readings(SWITCH_READINGS)}",
        strategy=(
            ("play", play),
            ("switch", f"{analysis.switch_frequency * 100:.2f}% of rounds (exact)"),
            ("rules", described),
            *_comparison_facts(table),
        ),
        paytable_rows=paytable_rows(rules.blackjack_pays),
        paytable=None,
    )


def _comparison_facts(table: _Table) -> tuple[tuple[str, str], ...]:
    """The comparison rules dealt (they replace what the rules line says about them); none at the chapter's rules."""
    asked = [f"{name}={value}" for name, value in table.options.comparison_asked]
    if not asked:
        return ()
    return (("comparison rules", "not the chapter's, dealt to compare the analysis: " + ", ".join(asked)),)


def _for_one(paytable: Paytable) -> Paytable:
    """The meter's paytable in "for 1" terms (reading ``633a-for-one``): the rulebook stores "N for 1" as N - 1 to 1
    with the wager returned; a meter that collects the wager (``wager_returned=False``) pays N to 1 instead, so the
    fixed rows net the same N - 1 and the "100 % of meter" row nets the meter less the wager, as ``settle`` does."""
    rows = tuple(
        dataclasses.replace(row, amount=row.amount + 1) if row.kind == PayoutKind.ODDS else row for row in paytable.rows
    )
    return dataclasses.replace(paytable, rows=rows)


ROUND_GAME = BlackjackRounds()
