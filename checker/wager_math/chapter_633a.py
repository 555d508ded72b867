"""Wager math for Blackjack (633a): the Blackjack Wager (``base``) and Blackjack Switch (``switch``) from the
base-game strategy analyzer, Insurance and every optional wager exact, each at every deck count it is permitted at.

The base game's rules are the chapter's unless a filing's checklist answers (:func:`rules_from_filing`) or the
command line (:class:`~checker.wager_math.blackjack_base.BaseGameOptions`) change them.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from pacomply.checker.wager_math import (
    NO_OPTIONS,
    AnalysisOptions,
    AnalysisUnavailable,
    PricedReading,
    RuleEffectMath,
    WagerMath,
    price_candidate,
)
from pacomply.checker.wager_math.blackjack_base import (
    NOT_IN_SWITCH,
    BaseGameOptions,
    RuleChange,
    describe_rules,
    does_not_apply,
    odds_text,
    side_wager_math,
    strategy_chart,
)
from pacomply.checker.wager_math.hooks import ChapterWagerMath, FigureHooks, ParSheetHooks
from pacomply.checker.wager_math.progressive import percent_text
from pacomply.engine.analysis.blackjack_strategy import Strategy
from pacomply.engine.analysis.result import Distribution, WagerAnalysis
from pacomply.engine.figure_store import figure
from pacomply.regulations.chapter_633a import MAX_DECKS, RULEBOOK
from pacomply.regulations.rulebook import Paytable

if TYPE_CHECKING:
    from pacomply.engine.analysis.blackjack import BlackjackRules
    from pacomply.engine.analysis.blackjack.spread import ExactRoundSpread
    from pacomply.submissions.model import Filing

CHAPTER = "633a"
#: The wagers whose math is the base-game strategy analysis (``engine/analysis/blackjack/``).
BASE_GAME_WAGERS = ("base", "switch")
#: The most hands the analyzer models (``BlackjackRules.max_split_hands``).
ANALYSED_SPLIT_HANDS = 4
_READINGS_BY_WAGER = {
    "in_between": ("633a-in-between-ranks",),
    "royal_match": ("633a-for-one",),
    "bad_beat": ("633a-side-wager-model", "633a-for-one"),
    "hit_and_run": ("633a-side-wager-model", "633a-for-one"),
}
# The row's ``reading`` stays as the simulation of these wagers reports it (engine/simulation/blackjack.py); the
# readings with candidates (633a-crown-treasure, 633a-progressive-long-run) are named by each priced reading.
#: The progressive wagers: every meter award is 100 % of the meter (§ 633a.13(j)(1), (l)(1)).
PROGRESSIVE_WAGERS = ("bad_beat", "hit_and_run")
#: The deck counts the Board's basic-strategy range (0.355 % to 0.371 %, 42 Pa.B. 2922) is read against: the
#: preamble names none, and six and eight decks are the shoe games it describes. ``edge 633a`` prints them first.
BOARD_RANGE_DECKS = (6, 8)
#: The line ``edge`` prints above the rows it shows first.
BOARD_RANGE_ORDER_NOTE = (
    f"633a: deck counts {' and '.join(map(str, BOARD_RANGE_DECKS))} first (the shoe games of the Board's 0.355 % "
    "to 0.371 % basic-strategy range, 42 Pa.B. 2922), then every other count § 633a.3(a) allows"
)

#: The version of the method behind this chapter's wager math, part of every stored figure's key
#: (docs/figure-store.md): raise it whenever a change here or in the engine under it changes a figure, then run
#: ``pacomply figures build`` so the shipped figures are remade.
METHOD_VERSION = 3
#: The method version of the figures whose values stayed the same when :data:`METHOD_VERSION` went from 2 to 3 (the
#: Blackjack Wager's chart carried as a grid, ``WagerMath.chart``): Blackjack Switch and the exact spreads of a round
#: keep their stored keys. Raise it with :data:`METHOD_VERSION` when a change reaches them.
UNCHANGED_METHOD_VERSION = 2
#: The version of this chapter's par sheets beside :data:`METHOD_VERSION` (``checker/review_parsheets.py``): raised
#: when a par sheet's content changes while every other figure stays as it was (1: the Blackjack Wager's spread
#: exact; the side wagers' lines counted over the cards in use; 2: the spread's basis says "an 8-deck shoe"; 3: it
#: says the play is "as pacomply computes it").
PAR_SHEET_VERSION = 3
#: ``edge 633a`` without --decks: the Board's deck counts, then every other count § 633a.3(a) allows (one to eight,
#: reading 633a-deck-ceiling).
DEFAULT_DECKS = (*BOARD_RANGE_DECKS, *sorted(set(range(1, MAX_DECKS + 1)) - set(BOARD_RANGE_DECKS)))


def rules_from_filing(filing: Filing) -> BaseGameOptions:
    """The base-game rules a filing's 633a checklist states: splits (§ 633a.11(c)) and even money (§ 633a.8(e)).

    The deck count is each table's own. Everything else about the base game is fixed by the chapter (dealer
    stands on soft 17, 3 to 2, late surrender, doubling after a split, the card reader check), so the filing
    cannot change it. A missing or blank answer keeps the chapter's default; the checker reports it.
    """
    submission = filing.chapters.get(CHAPTER)
    if submission is None:
        return BaseGameOptions()
    changes: list[RuleChange] = []
    notes: list[str] = []
    splits = submission.answer("additional_splits")
    if splits is not None and isinstance(splits.value, int) and not isinstance(splits.value, bool):
        where = f"{splits.location or CHAPTER}, additional times a pair may be split: {splits.value}"
        hands = max(splits.value + 1, 2)
        reading = RULEBOOK.reading("633a-additional-splits")
        # The reader gets the reading's topic, then the filing's answer and what it allows (wording.reading_statement).
        note = (
            f"{reading.id}: The filing answers {splits.value} ({splits.location or CHAPTER}), so a pair may be split "
            f"into up to {hands} hands"
        )
        if hands > ANALYSED_SPLIT_HANDS:
            note += f"; the figures are computed at {ANALYSED_SPLIT_HANDS}, the most the analysis models"
            hands = ANALYSED_SPLIT_HANDS
        changes.append(RuleChange("max_split_hands", hands, where))
        notes.append(note)
    even_money = submission.answer("even_money_offered")
    if even_money is not None and isinstance(even_money.value, bool):
        where = f"{even_money.location or CHAPTER}, even money offered: {'Yes' if even_money.value else 'No'}"
        changes.append(RuleChange("even_money", even_money.value, where))
    return BaseGameOptions(changes=tuple(changes), notes=tuple(notes))


def filing_options(filing: Filing, wager: str) -> AnalysisOptions:
    """What the filing's answers change in one wager's math beyond its meter rate: Royal Match 21 without the Crown
    Treasure Bonus where the checklist says the bonus is not offered (the options' ``crown_treasure``)."""
    if wager != "royal_match":
        return NO_OPTIONS
    submission = filing.chapters.get(CHAPTER)
    if submission is not None and submission.value("crown_treasure_offered") is False:
        return AnalysisOptions(crown_treasure=False)
    return NO_OPTIONS


def _reading_text(
    notes: tuple[str, ...], engine_readings: tuple[tuple[str, str, str, str], ...], rulebook_ids: tuple[str, ...] = ()
) -> str:
    from pacomply.engine.analysis.readings import analysis_readings

    parts = list(notes)
    parts += [f"{reading.id}: {reading.choice}" for reading in map(RULEBOOK.reading, rulebook_ids)]
    parts.append(analysis_readings(engine_readings))
    return " | ".join(parts)


def _with_notes(math: WagerMath, notes: tuple[str, ...]) -> WagerMath:
    """A stored base-game record with the readings of the filing's answers put before its own (``_reading_text``)."""
    return replace(math, reading=" | ".join((*notes, math.reading or ""))) if notes else math


def _base_math(rules: BlackjackRules, strategy: Strategy, effects: bool, notes: tuple[str, ...]) -> WagerMath:
    """The Blackjack Wager under ``rules``: the figures from the store (they depend on the rules, never on where a
    filing stated them), the filing's readings added."""
    return _with_notes(_stored_base_math(rules=rules, strategy=strategy, effects=effects), notes)


def _method(_inputs: object) -> int:
    return METHOD_VERSION


def _unchanged_method(_inputs: object) -> int:
    return UNCHANGED_METHOD_VERSION


@figure(
    "633a-blackjack-wager",
    method=_method,
    chapter=CHAPTER,
    describe=lambda inputs: f"633a Blackjack Wager, {inputs['rules'].decks} decks, {inputs['strategy']} play",
)
def _stored_base_math(rules: BlackjackRules, strategy: Strategy, effects: bool) -> WagerMath:
    from pacomply.engine.analysis.blackjack import READINGS, analyse, rule_effects

    strategy = Strategy(strategy)  # inputs read back from the store (``figures build``) hold the plain string
    notes: tuple[str, ...] = ()

    analysis = analyse(rules, strategy)
    if strategy == Strategy.OPTIMAL:
        play = (
            "composition-dependent optimal: every decision uses the exact cards dealt; the charts are the "
            f"total-dependent basic strategy (house edge {analysis.house_edge_basic * 100:.4f}%)"
        )
        basis = (
            "total-dependent basic strategy under the rules above; the house edge is for composition-dependent "
            "optimal play, which departs from it only where the exact cards dealt favour another decision"
        )
    else:
        play = (
            "total-dependent basic strategy: the charts below "
            f"(optimal composition-dependent play: {analysis.house_edge_optimal * 100:.4f}%)"
        )
        basis = "total-dependent basic strategy under the rules above, the play the house edge is for"
    paytable_rows = [("Blackjack", odds_text(rules.blackjack_pays)), ("any other winning hand", "1 to 1")]
    if rules.late_surrender:
        paytable_rows.append(("surrender", "half the wager returned"))
    if rules.even_money:
        paytable_rows.append(("even money (Blackjack against an ace)", "1 to 1"))
    effect_rows: tuple[RuleEffectMath, ...] = ()
    if effects:
        effect_rows = tuple(
            RuleEffectMath(effect.rule, effect.description, effect.house_edge, effect.effect, effect.citation)
            for effect in rule_effects(rules, strategy)
        )
    return WagerMath.from_figures(
        analysis,
        chapter=CHAPTER,
        wager="base",
        paytable=None,
        decks=rules.decks,
        citation=f"{analysis.citation}, § 633a.13(a)",
        reading=_reading_text(notes, READINGS),
        strategy=(("play", play), ("rules", describe_rules(rules))),
        chart=strategy_chart(analysis.tables, basis),
        paytable_rows=tuple(paytable_rows),
        rule_effects=effect_rows,
        priced_readings=_strategy_readings(analysis.house_edge_optimal, analysis.house_edge_basic, strategy),
    )


def _strategy_readings(optimal: float, basic: float, relied: Strategy) -> tuple[PricedReading, ...]:
    """The Blackjack Wager's house edge under each player of reading 633a-base-strategy (one analysis gives both)."""
    reading = RULEBOOK.reading("633a-base-strategy")
    return tuple(
        PricedReading(
            reading=reading.id,
            choice=reading.candidate(key).choice,
            relied_on=key == relied,
            house_edge=edge,
            return_=1 - edge,
            method="exact",
            basis="per initial wager",
            candidate=key.value,
        )
        for key, edge in ((Strategy.OPTIMAL, optimal), (Strategy.BASIC, basic))
    )


def _switch_math(rules: BlackjackRules, notes: tuple[str, ...]) -> WagerMath:
    """Blackjack Switch under ``rules``, from the store, the filing's readings added."""
    return _with_notes(_stored_switch_math(rules=rules), notes)


@figure(
    "633a-blackjack-switch",
    method=_unchanged_method,
    chapter=CHAPTER,
    describe=lambda inputs: f"633a Blackjack Switch, {inputs['rules'].decks} decks",
)
def _stored_switch_math(rules: BlackjackRules) -> WagerMath:
    from pacomply.engine.analysis.blackjack import SWITCH_READINGS, analyse_switch

    notes: tuple[str, ...] = ()
    from pacomply.engine.analysis.blackjack.switch import paytable_rows as switch_paytable_rows

    # A switched Blackjack is paid as a Blackjack (reading 633a-switch-blackjack), so at the same odds.
    analysis = analyse_switch(rules, switched_blackjack_pays=rules.blackjack_pays)
    return WagerMath(
        chapter=CHAPTER,
        wager="switch",
        paytable=None,
        decks=rules.decks,
        house_edge=analysis.house_edge,
        element_of_risk=analysis.element_of_risk,
        return_=1.0 - analysis.element_of_risk,
        method=analysis.method,
        rounds=None,
        ci95=None,
        hit_frequency=None,
        std_dev=None,
        citation=analysis.citation,
        reading=_reading_text(notes, SWITCH_READINGS, ("633a-switch-blackjack",)),
        strategy=(
            (
                "play",
                "the two hands' second cards are exchanged whenever that raises their combined value; then "
                "each hand is played composition-dependently (optimal); house edge per each of the two equal wagers",
            ),
            ("switch", f"{analysis.switch_frequency * 100:.2f}% of rounds"),
            ("rules", describe_rules(rules, switch=True)),
        ),
        paytable_rows=switch_paytable_rows(rules.blackjack_pays),
    )


def _refuse(wager: str, flags: list[str], why: str) -> None:
    if flags:
        raise does_not_apply(flags, f"633a '{wager}'", why)


def base_game_math(wager: str, decks: int, base_game: BaseGameOptions | None = None) -> list[WagerMath]:
    """The Blackjack Wager or Blackjack Switch at ``decks`` under the chapter's rules changed by ``base_game``."""
    options = base_game or BaseGameOptions()
    if wager == "switch":
        return [_switch_math(options.rules(decks, skip=NOT_IN_SWITCH), options.notes)]
    rules = options.rules(decks)
    return [_base_math(rules, options.strategy, options.rule_effects, options.notes)]


def _check_options(wager: str | None, options: BaseGameOptions) -> None:
    """Refuse command-line options that cannot apply to the wager asked for (exit 2 in the CLI)."""
    if wager is None or not options.flags:
        return
    if wager not in BASE_GAME_WAGERS:
        _refuse(wager, list(options.flags), "the base-game rule options apply to the wagers base and switch")
    if wager == "switch":
        not_in_switch = [
            change.origin
            for change in options.changes
            if change.field in NOT_IN_SWITCH and change.origin.startswith("--")
        ]
        _refuse(wager, not_in_switch, "Blackjack Switch has no surrender and no even money (§ 633a.12(a)(4))")
        if options.strategy_given and options.strategy is not Strategy.OPTIMAL:
            _refuse(wager, [f"--strategy {options.strategy}"], "Switch is analysed with optimal switching and play")
        if options.rule_effects:
            _refuse(wager, ["--rule-effects"], "rule effects are given for the Blackjack Wager ('base')")


def _reading(wager: str) -> str | None:
    ids = _READINGS_BY_WAGER.get(wager, ())
    if not ids:
        return None
    return " ".join(f"{reading.id}: {reading.choice}" for reading in map(RULEBOOK.reading, ids))


def _math(wager: str, paytable: Paytable | None, decks: int, analysis: WagerAnalysis) -> WagerMath:
    return side_wager_math(
        RULEBOOK,
        wager,
        paytable,
        decks,
        analysis,
        reading=_reading(wager),
        insurance_rows=(("dealer Blackjack", "2 to 1"),),
    )


def _exact_return(distribution: Distribution) -> Fraction:
    return 1 + distribution.mean


def royal_match_readings(paytable: str, decks: int, crown_treasure: bool | None) -> tuple[PricedReading, ...]:
    """Royal Match 21 with and without the Crown Treasure Bonus; the filing's answer decides the one relied on."""
    from pacomply.engine.analysis import blackjack_side_wagers

    reading = RULEBOOK.reading("633a-crown-treasure")
    relied = "without-crown-treasure" if crown_treasure is False else "with-crown-treasure"
    return tuple(
        price_candidate(
            reading,
            key,
            _exact_return(
                blackjack_side_wagers.royal_match(decks, paytable, crown_treasure=key == "with-crown-treasure")
            ),
            relied_on=key == relied,
        )
        for key in ("with-crown-treasure", "without-crown-treasure")
    )


def progressive_readings(wager: str, decks: int, meter_rate: Fraction | None) -> tuple[PricedReading, ...]:
    """Bad Beat or Hit and Run at the least reset amount and, given a rate, in the long run (each award empties
    the meter, so the long run is the reset figure plus the rate)."""
    from pacomply.engine.analysis import blackjack_side_wagers

    reading = RULEBOOK.reading("633a-progressive-long-run")
    at_seed = _exact_return(blackjack_side_wagers.distribution(wager, None, decks))
    priced = [price_candidate(reading, "at-seed", at_seed, basis="meter at its least reset amount")]
    if meter_rate is not None:
        priced.append(
            price_candidate(
                reading, "long-run-at-rate", at_seed + meter_rate, basis=f"long run at {percent_text(meter_rate)}"
            )
        )
    return tuple(priced)


def _side_wager(
    wager: str, table: Paytable | None, decks: int, meter_rate: Fraction | None, crown_treasure: bool | None
) -> WagerMath:
    from pacomply.engine.analysis import blackjack_side_wagers

    if wager == "royal_match" and table is not None:
        priced = royal_match_readings(table.id, decks, crown_treasure)
        distribution = blackjack_side_wagers.royal_match(decks, table.id, crown_treasure=crown_treasure is not False)
        return replace(_math(wager, table, decks, blackjack_side_wagers.analysis(distribution)), priced_readings=priced)
    distribution = blackjack_side_wagers.distribution(wager, table.id if table is not None else None, decks)
    math = _math(wager, table, decks, blackjack_side_wagers.analysis(distribution))
    if wager in PROGRESSIVE_WAGERS:
        return replace(math, priced_readings=progressive_readings(wager, decks, meter_rate))
    return math


def _permitted(paytable: Paytable, decks: int) -> bool:
    return paytable.permitted_decks is None or decks in paytable.permitted_decks


def analyse(
    wager: str | None, paytable: str | None, decks: int | None, options: AnalysisOptions = NO_OPTIONS
) -> list[WagerMath]:
    """The 633a wagers narrowed by the arguments; each paytable only at the deck counts the chapter permits it.

    ``base`` and ``switch`` use the base game's rules as the options' ``base_game`` sets them (the chapter's by
    default). ``meter_rate`` prices Bad Beat and Hit and Run in the long run; ``crown_treasure`` False prices Royal
    Match 21 without the Crown Treasure Bonus (a filing that does not pay it).
    """
    meter_rate, crown_treasure = options.meter_rate, options.crown_treasure

    known = [w.id for w in RULEBOOK.wagers]
    if wager is not None and wager not in known:
        raise AnalysisUnavailable(f"633a has no wager '{wager}' (wagers: {', '.join(known)})")
    if decks is not None and not 1 <= decks <= MAX_DECKS:
        raise AnalysisUnavailable(f"633a is analysed at 1 to {MAX_DECKS} decks; {decks} asked for")
    deck_counts = [decks] if decks is not None else list(DEFAULT_DECKS)
    base_options = options.base_game or BaseGameOptions()
    _check_options(wager, base_options)
    if wager in BASE_GAME_WAGERS and paytable is not None:
        raise AnalysisUnavailable(f"633a '{wager}' has no paytable (§ 633a.13(a)); '{paytable}' asked for")
    wagers = [wager] if wager is not None else known
    results: list[WagerMath] = []
    for wager_id in wagers:
        if wager_id in BASE_GAME_WAGERS:
            if paytable is None:
                for deck_count in deck_counts:
                    results.extend(base_game_math(wager_id, deck_count, base_options))
            continue
        if wager_id == "insurance":
            if paytable is not None and wager is not None:
                raise AnalysisUnavailable("633a Insurance pays 2 to 1 (§ 633a.13(b)) and has no paytable")
            from pacomply.engine.analysis import blackjack_side_wagers  # only here: the base games need none

            for deck_count in deck_counts:
                distribution = blackjack_side_wagers.distribution("insurance", None, deck_count)
                results.append(_math("insurance", None, deck_count, blackjack_side_wagers.analysis(distribution)))
            continue
        tables = RULEBOOK.paytables_for(wager_id)
        if paytable is not None:
            tables = tuple(t for t in tables if t.id.upper() == paytable.strip().upper())
            if not tables and wager is not None:
                permitted = ", ".join(t.id for t in RULEBOOK.paytables_for(wager_id))
                raise AnalysisUnavailable(f"633a {wager_id} has no paytable '{paytable}' (permitted: {permitted})")
        found = False
        for table in tables:
            for deck_count in deck_counts:
                if not _permitted(table, deck_count):
                    continue
                found = True
                results.append(_side_wager(wager_id, table, deck_count, meter_rate, crown_treasure))
        if not found and wager is not None:
            allowed = "; ".join(
                f"{t.id}: {', '.join(map(str, sorted(t.permitted_decks or ())))} deck(s)" for t in tables
            )
            raise AnalysisUnavailable(
                f"633a {wager_id}: no permitted paytable at {', '.join(map(str, deck_counts))} deck(s) ({allowed})"
            )
    return results


def stored_figures() -> Iterator[tuple[Any, tuple[tuple[str, Any], ...]]]:
    """The figures the figure catalogue ships for this chapter beyond each wager's own (``checker.figures``): the
    Blackjack Wager and Switch under every rule a filing's checklist can set (splits, even money) at every deck count,
    since the filing's answers decide them (``rules_from_filing``)."""
    from pacomply.checker.wager_math.blackjack_base import NOT_IN_SWITCH, BaseGameOptions, RuleChange

    for count in sorted(RULEBOOK.permitted_decks):
        for hands in (None, *range(2, ANALYSED_SPLIT_HANDS + 1)):
            for even_money in (None, False, True):
                changes = []
                if hands is not None:
                    changes.append(RuleChange("max_split_hands", hands, "filing"))
                if even_money is not None:
                    changes.append(RuleChange("even_money", even_money, "filing"))
                options = BaseGameOptions(changes=tuple(changes))
                inputs = (("rules", options.rules(count)), ("strategy", Strategy.OPTIMAL), ("effects", False))
                yield _stored_base_math, inputs
                if even_money is None:
                    yield _stored_switch_math, (("rules", options.rules(count, skip=NOT_IN_SWITCH)),)
        defaults = BaseGameOptions()
        yield _stored_round_spread, (("rules", defaults.rules(count)), ("strategy", defaults.strategy))
        yield _stored_switch_round_spread, (("rules", defaults.rules(count, skip=NOT_IN_SWITCH)),)


@figure(
    "633a-blackjack-wager-round-spread",
    method=_unchanged_method,
    chapter=CHAPTER,
    describe=lambda inputs: (
        f"633a Blackjack Wager, {inputs['rules'].decks} decks, {inputs['strategy']} play: exact distribution of a round"
    ),
)
def _stored_round_spread(rules: BlackjackRules, strategy: Strategy) -> ExactRoundSpread:
    from pacomply.engine.analysis.blackjack.spread import exact_round_spread

    return exact_round_spread(rules, Strategy(strategy))


@figure(
    "633a-blackjack-switch-round-spread",
    method=_unchanged_method,
    chapter=CHAPTER,
    describe=lambda inputs: f"633a Blackjack Switch, {inputs['rules'].decks} decks: exact distribution of a round",
)
def _stored_switch_round_spread(rules: BlackjackRules) -> ExactRoundSpread:
    from pacomply.engine.analysis.blackjack.spread import exact_switch_spread

    return exact_switch_spread(rules)


def par_sheet_spread(wager: str, decks: int) -> ExactRoundSpread | None:
    """The exact spread of a round of the Blackjack Wager or Blackjack Switch at ``decks`` under the chapter's rules
    and the play its par sheet prices (None for every other wager)."""
    from pacomply.checker.wager_math.blackjack_base import BaseGameOptions

    defaults = BaseGameOptions()
    if wager == "switch":
        return _stored_switch_round_spread(rules=defaults.rules(decks, skip=NOT_IN_SWITCH))
    if wager != "base":
        return None
    return _stored_round_spread(rules=defaults.rules(decks), strategy=defaults.strategy)


# The par sheet's hooks (checker/parsheet.py asks a chapter's wager math for what it can break down line by line).


def par_sheet_distribution(
    wager: str, paytable: str | None, decks: int
) -> tuple[tuple[Fraction, Fraction], ...] | None:
    """A side wager's (net, probability) pairs at ``decks`` under ``paytable``."""
    from pacomply.engine.analysis import blackjack_side_wagers

    if wager in {"base", "switch"}:
        return None
    return blackjack_side_wagers.distribution(wager, paytable, decks).outcomes


#: The side wagers whose lines count the player's first two cards (unordered) and, where the wager reads it, the
#: dealer's up card: how many up cards each reads.
_SPACE_UP_CARDS = {"bet_the_set": 0, "three_card_poker": 1, "in_between": 1, "match_the_dealer": 1}
#: The side wagers whose lines count the player's two cards and the dealer's two (a dealer Blackjack or Royal Match
#: pays more): each pair unordered.
_SPACE_BOTH_HANDS = frozenset({"lucky_ladies", "kings_bounty", "royal_match"})


def par_sheet_space(wager: str, _paytable: str | None, decks: int) -> tuple[int, str] | None:
    """What a side wager's lines count, from the shoe's 52 x ``decks`` cards: the player's two cards as an unordered
    hand, times the dealer's up card where the wager reads it, or times the dealer's two cards (unordered) where it
    reads the dealer's hand; Super Match's the player's first four cards (both Switch hands) as one unordered set.
    Bad Beat and Hit and Run read the dealer's whole hand, of any number of cards: no one space of equally likely
    hands holds them (None: the least common denominator, said so)."""
    from math import comb

    cards = 52 * decks
    shoe = f"from {decks} decks ({cards} cards)"
    if wager in _SPACE_BOTH_HANDS:
        return (
            comb(cards, 2) * comb(cards - 2, 2),
            f"the player's two cards and the dealer's two cards, each pair unordered, {shoe}, "
            f"C({cards},2) x C({cards - 2},2)",
        )
    if wager == "super_match":
        return comb(cards, 4), f"the player's first four cards (both hands), unordered, {shoe}, C({cards},4)"
    if wager not in _SPACE_UP_CARDS:
        return None
    if _SPACE_UP_CARDS[wager] == 0:
        return comb(cards, 2), f"the player's two cards, unordered, {shoe}, C({cards},2)"
    return (
        comb(cards, 2) * (cards - 2),
        f"the player's two cards, unordered, and the dealer's up card, {shoe}, C({cards},2) x {cards - 2}",
    )


#: What shared code may ask of this chapter's wager math (checker/wager_math/hooks.py), typed.
WAGER_MATH = ChapterWagerMath(
    analyse=analyse,
    method_version=METHOD_VERSION,
    rules_from_filing=rules_from_filing,
    filing_options=filing_options,
    figures=FigureHooks(stored_figures=stored_figures),
    par_sheet=ParSheetHooks(
        distribution=par_sheet_distribution,
        space=par_sheet_space,
        spread=par_sheet_spread,
        version=PAR_SHEET_VERSION,
    ),
)
