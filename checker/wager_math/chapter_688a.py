"""Wager math for Face Up Pai Gow Poker (688a): Fortune and Progressive exact, Ace High and the base game with
their simulated parts and intervals; every candidate reading of the Fortune and Progressive figures priced."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from fractions import Fraction
from typing import Any

from pacomply.checker.wager_math import (
    NO_OPTIONS,
    AnalysisOptions,
    PricedReading,
    WagerMath,
    envy_candidates,
    price_candidate,
)
from pacomply.checker.wager_math.hooks import (
    ChapterWagerMath,
    FigureHooks,
    ParSheetHooks,
    ReconciliationHooks,
    SizedBonuses,
)
from pacomply.checker.wager_math.pai_gow import (
    highest_ranking_candidates,
    long_run_at_rate,
    wager_math,
    wagers_and_paytables,
)
from pacomply.checker.wager_math.progressive import ProgressiveModel, ProgressiveRow, percent_text
from pacomply.engine.analysis.result import WagerAnalysis
from pacomply.regulations.chapter_688a import (
    FORTUNE_ENVY,
    FORTUNE_ODDS,
    FORTUNE_ORDER,
    PROGRESSIVE_TABLES,
    RULEBOOK,
    STRAIGHT,
    THREE_OF_A_KIND,
    THREE_PAIR,
)

#: The version of the method behind this chapter's wager math, part of every stored figure's key
#: (docs/figure-store.md): raise it whenever a change here or in the engine under it changes a figure, then run
#: ``pacomply figures build`` so the shipped figures are remade.
METHOD_VERSION = 4
#: The version of this chapter's par sheets beside :data:`METHOD_VERSION` (``checker/review_parsheets.py``): raised
#: when a par sheet's content changes while every other figure stays as it was (1: the Ace High Bonus's lines
#: counted over the dealer's and the player's hands; 2: the house way of the base game's note in words).
PAR_SHEET_VERSION = 2

_HIGHEST = "688a-bonus-highest-ranking-hand"
_READINGS: dict[str, tuple[str, ...]] = {
    "base": ("688a-player-setting",),
    "ace_high": ("688a-ace-high-pai-gow",),
    "fortune": ("688a-three-pair-only-fortune", _HIGHEST),
    "progressive": ("688a-progressive-meter", _HIGHEST),
}


def _math(wager: str, paytable: str | None, analysis: WagerAnalysis) -> WagerMath:
    return wager_math(RULEBOOK, _READINGS, wager, paytable, analysis)


def _exact_return(analysis: WagerAnalysis) -> Fraction:
    assert analysis.exact_house_edge is not None
    return 1 - analysis.exact_house_edge


def ace_high_outcome_model() -> tuple[dict[str, Fraction], dict[str, dict[str, Fraction]]]:
    """The Ace High Bonus as one set of outcomes shared by every paytable: each outcome's exact probability, and
    per paytable what each outcome returns per unit wagered (the wager back included; 0 for a loss). Every
    paytable's return is the same probabilities weighted by its returns, so one simulated deal prices them all."""
    from pacomply.engine.analysis import face_up_pai_gow_poker as analysis_688a
    from pacomply.regulations.chapter_688a import ACE_HIGH_ODDS, ACE_HIGH_OUTCOMES

    probabilities = analysis_688a.ace_high_distribution()
    returns = {
        paytable: {
            **{outcome: Fraction(odds) + 1 for outcome, odds in zip(ACE_HIGH_OUTCOMES, pays, strict=True)},
            "lose": Fraction(0),
        }
        for paytable, pays in ACE_HIGH_ODDS.items()
    }
    return dict(probabilities), returns


def fortune_readings(paytable: str) -> tuple[PricedReading, ...]:
    """Fortune under reading 688a-bonus-highest-ranking-hand's candidates and with 0 to 5 other players' Envy."""
    from pacomply.engine.analysis import face_up_pai_gow_poker as analysis_688a
    from pacomply.engine.analysis.pai_gow_poker import seven_card_counts

    exact = _exact_return(analysis_688a.fortune(paytable))
    odds = FORTUNE_ODDS[paytable]
    gain = odds[FORTUNE_ORDER.index(THREE_OF_A_KIND)] - odds[FORTUNE_ORDER.index(STRAIGHT)]
    priced = list(highest_ranking_candidates(RULEBOOK.reading(_HIGHEST), exact, gain))
    envy = _envy_per_player(seven_card_counts(), dict(zip(FORTUNE_ORDER, FORTUNE_ENVY[paytable], strict=False)))
    priced.extend(envy_candidates(RULEBOOK.reading("688a-envy-players"), exact, envy))
    return tuple(priced)


def _envy_per_player(counts: dict, amounts: dict[str, int | Fraction]) -> Fraction:
    """Expected Envy dollars one other player's seven cards earn (their hand is one hand of the deck)."""
    from pacomply.engine.analysis.pai_gow_poker import ALL_HANDS
    from pacomply.engine.games.face_up_pai_gow_poker import FORTUNE_688A_OUTCOME

    total = Fraction(0)
    for category, count in counts.items():
        outcome = FORTUNE_688A_OUTCOME.get(category)
        if outcome in amounts:
            total += Fraction(count, ALL_HANDS) * Fraction(amounts[outcome])
    return total


def progressive_model(paytable: str) -> ProgressiveModel:
    """A progressive paytable's exact row probabilities and pays per unit of its wager."""
    from pacomply.engine.analysis.pai_gow_poker import ALL_HANDS, seven_card_counts
    from pacomply.engine.evaluator import JokerRule
    from pacomply.engine.games.face_up_pai_gow_poker import progressive_row

    table = PROGRESSIVE_TABLES[paytable]
    wager = Fraction(str(table.wager))
    rule = JokerRule.FULLY_WILD if table.fully_wild_joker else JokerRule.SEMI_WILD
    rows = {outcome: ProgressiveRow(fixed / wager, percent) for outcome, fixed, percent in table.rows}
    probabilities: dict[str, Fraction] = {}
    for category, count in seven_card_counts(rule).items():
        row = progressive_row(category, paytable)
        if row is not None:
            probabilities[row[0]] = probabilities.get(row[0], Fraction(0)) + Fraction(count, ALL_HANDS)
    return ProgressiveModel(rows, probabilities, Fraction(str(table.meter_seed)) / wager, table.wager_returned)


def progressive_readings(paytable: str, meter_rate: Fraction | None) -> tuple[PricedReading, ...]:
    """At the seed, the long run at the printed rate (and with the reserve, where printed), at ``meter_rate``, and
    for paytable 4 (three of a kind pays more than a straight; Envy) the other readings' candidates."""
    table = PROGRESSIVE_TABLES[paytable]
    model = progressive_model(paytable)
    meter = RULEBOOK.reading("688a-progressive-meter")
    rate = table.rate_of_progression
    priced = [
        price_candidate(meter, "at-seed", model.return_at_seed(), basis="meter at its seed"),
        price_candidate(meter, "long-run", model.long_run_return(rate), basis=f"long run at {percent_text(rate)}"),
    ]
    if table.reserve_rate:
        priced.append(
            price_candidate(
                meter,
                "long-run-with-reserve",
                model.long_run_return(rate, table.reserve_rate),
                basis=f"long run at {percent_text(rate)} plus {percent_text(table.reserve_rate)} reserve",
            )
        )
    priced.extend(long_run_at_rate(meter, model, meter_rate))
    outcomes = {outcome: fixed for outcome, fixed, _ in table.rows}
    if THREE_OF_A_KIND in outcomes and STRAIGHT in outcomes:
        wager = Fraction(str(table.wager))
        gain = (outcomes[THREE_OF_A_KIND] - outcomes[STRAIGHT]) / wager
        priced.extend(
            highest_ranking_candidates(
                RULEBOOK.reading(_HIGHEST), model.return_at_seed(), gain, basis="meter at its seed"
            )
        )
    if table.envy:
        from pacomply.engine.analysis.pai_gow_poker import seven_card_counts

        envy = _envy_per_player(seven_card_counts(), {outcome: Fraction(amount) for outcome, amount in table.envy})
        priced.extend(envy_candidates(RULEBOOK.reading("688a-envy-players"), model.return_at_seed(), envy))
    return tuple(priced)


def analyse(
    wager: str | None, paytable: str | None, decks: int | None, options: AnalysisOptions = NO_OPTIONS
) -> list[WagerMath]:
    """The 688a wagers narrowed by the arguments; one 53-card deck. Progressive rows carry their long run at the
    printed rate (and at ``meter_rate`` when given)."""
    meter_rate = options.meter_rate
    # Checked before the analysis is imported: a filing's table with another deck count (a finding of its own)
    # asks for figures no deck count of the chapter has, and is refused without loading the hand evaluator.
    selected = wagers_and_paytables(RULEBOOK, wager, paytable, decks)
    from pacomply.engine.analysis import face_up_pai_gow_poker as analysis_688a

    results = []
    for wager_id, tables in selected:
        if wager_id == "base":
            results.append(_math("base", None, analysis_688a.base()))
        elif wager_id == "ace_high":
            results.extend(_math(wager_id, t, analysis_688a.ace_high(t)) for t in tables)
        elif wager_id == "fortune":
            results.extend(
                replace(_math(wager_id, t, analysis_688a.fortune(t)), priced_readings=fortune_readings(t))
                for t in tables
            )
        else:
            results.extend(
                replace(
                    _math(wager_id, t, analysis_688a.progressive(t)),
                    priced_readings=progressive_readings(t, meter_rate),
                )
                for t in tables
            )
    return results


def stored_figures() -> Iterator[tuple[Any, tuple[tuple[str, Any], ...]]]:
    """The figures the figure catalogue ships for this chapter beyond each wager's own (``checker.figures``): the
    Pai Gow enumerations and shards both chapters read, the base game's simulated figure and the Ace High figures'
    joint counts (the reconciliation's joint test)."""
    from pacomply.checker.wager_math.pai_gow import shared_pai_gow_figures
    from pacomply.engine.analysis import face_up_pai_gow_poker as analysis

    yield from shared_pai_gow_figures()
    yield analysis._stored_base_simulation, (("rounds", analysis.BASE_ROUNDS), ("seed", analysis.BASE_SEED))
    yield analysis._stored_joint_counts, ()


# The par sheet's hooks (checker/parsheet.py asks a chapter's wager math for what it can break down line by line).


def par_sheet_progressive(wager: str, paytable: str | None) -> ProgressiveModel | None:
    """A progressive paytable's rows, for its par-sheet lines and cycle."""
    return progressive_model(paytable) if wager == "progressive" and paytable is not None else None


def par_sheet_named_outcomes(
    wager: str, paytable: str | None
) -> tuple[dict[str, Fraction], dict[str, Fraction], tuple[str, ...]] | None:
    """The Ace High Bonus's lines: each outcome's exact probability, its net pay under ``paytable``, and the order
    the chapter lists them in (a loss last); the Fortune Bonus's (:func:`_fortune_lines`)."""
    if wager == "fortune" and paytable is not None:
        return _fortune_lines(paytable)
    from pacomply.engine.analysis import face_up_pai_gow_poker as analysis_688a

    if wager != "ace_high" or paytable is None:
        return None
    from pacomply.regulations.chapter_688a import ACE_HIGH_ODDS, ACE_HIGH_OUTCOMES

    pays = {outcome: Fraction(odds) for outcome, odds in zip(ACE_HIGH_OUTCOMES, ACE_HIGH_ODDS[paytable], strict=True)}
    return analysis_688a.ace_high_distribution(), pays, (*ACE_HIGH_OUTCOMES, "lose")


def _fortune_lines(paytable: str) -> tuple[dict[str, Fraction], dict[str, Fraction], tuple[str, ...]]:
    """The Fortune Bonus's lines: each paytable line's share of the C(53,7) hands, its net pay, then the losing
    hands and (paytable 1) the three-pair push."""
    from pacomply.engine.analysis.pai_gow_poker import ALL_HANDS, seven_card_counts
    from pacomply.engine.games.face_up_pai_gow_poker import fortune_outcome

    counts: dict[str, int] = {}
    for category, count in seven_card_counts().items():
        outcome = fortune_outcome(category, paytable) or "loses"
        counts[outcome] = counts.get(outcome, 0) + count
    pays = {outcome: Fraction(odds) for outcome, odds in zip(FORTUNE_ORDER, FORTUNE_ODDS[paytable], strict=True)}
    pays[THREE_PAIR] = Fraction(0)
    order = (*FORTUNE_ORDER, "loses", *((THREE_PAIR,) if THREE_PAIR in counts else ()))
    return {outcome: Fraction(count, ALL_HANDS) for outcome, count in counts.items()}, pays, order


def par_sheet_space(wager: str, _paytable: str | None, _decks: int) -> tuple[int, str] | None:
    """What the lines of the Fortune Bonus and the progressives count: every seven-card hand of the 53-card deck;
    the Ace High Bonus's, which reads the player's hand and the dealer's: every pair of them, the dealer's seven
    cards and the player's seven from the 46 left."""
    from math import comb

    from pacomply.engine.analysis.pai_gow_poker import ALL_HANDS

    if wager in {"fortune", "progressive"}:
        return ALL_HANDS, "unordered seven-card hands from the 53-card deck, C(53,7)"
    if wager == "ace_high":
        return (
            ALL_HANDS * comb(46, 7),
            "the dealer's seven cards and the player's seven, each hand unordered, from the 53-card deck, "
            "C(53,7) x C(46,7)",
        )
    return None


#: Where the chapter leaves the dealer's house way to the filing, and how the base game's player sets the hands.
_HOUSE_WAY = ("§ 688a.11(a)", "the player sees the dealer's hands and takes the best of the 21 settings against them")


def par_sheet_simulation(rounds: int | None, standard_error: float | None) -> tuple[int, tuple[str, ...]]:
    """The simulated figures' seed and shard note on their par sheet."""
    from pacomply.checker.wager_math.pai_gow import house_way_notes
    from pacomply.checker.wager_math.pai_gow import par_sheet_simulation as pai_gow_facts
    from pacomply.engine.analysis import face_up_pai_gow_poker as analysis_688a

    return pai_gow_facts(
        analysis_688a.BASE_SEED,
        rounds,
        standard_error,
        house_way_notes(
            "§ 688a.11(a)", "the player sees the dealer's hands and takes the best of the 21 settings against them"
        ),
    )


# The reconciliation's hooks (checker/reconciliation/ sizes a candidate reading's spread and tests a list of the
# Board's figures through them).

#: The bonus wagers whose Envy and pays-most candidates get a standard deviation of their own.
SIZED_BONUS_WAGERS = frozenset({"fortune"})


def bonus_trips_and_straight_odds(_wager: str, paytable: str) -> tuple[Fraction, Fraction]:
    """What three of a kind and a straight pay on the Fortune ``paytable``, per unit."""
    from pacomply.regulations.chapter_688a import FORTUNE_ODDS, FORTUNE_ORDER, STRAIGHT, THREE_OF_A_KIND

    odds = FORTUNE_ODDS[paytable]
    return Fraction(odds[FORTUNE_ORDER.index(THREE_OF_A_KIND)]), Fraction(odds[FORTUNE_ORDER.index(STRAIGHT)])


def bonus_envy_moments(wager: str, paytable: str) -> tuple[Fraction, Fraction]:
    """E[a] and E[a²] of the Envy dollars a hand earns under the Fortune ``paytable``, from the figure store."""
    from pacomply.checker.wager_math.reconciliation_figures import envy_moments

    return envy_moments("688a", wager, paytable)


def computed_envy_moments(_wager: str, paytable: str) -> tuple[Fraction, Fraction]:
    """:func:`bonus_envy_moments` computed from the exact analysis (what the store keeps)."""
    from pacomply.engine.analysis import face_up_pai_gow_poker as analysis_688a

    return analysis_688a.envy_moments(paytable)


def printed_rate(paytable: str | None) -> Fraction | None:
    """The rate of progression the chapter prints for a progressive paytable (None where it prints none)."""
    if paytable is None:
        return None
    from pacomply.regulations.chapter_688a import PROGRESSIVE_TABLES

    table = PROGRESSIVE_TABLES.get(paytable)
    return None if table is None else Fraction(table.rate_of_progression)


#: The wagers whose paytables are one set of outcomes weighted differently (:func:`outcome_model`).
OUTCOME_MODEL_WAGERS = frozenset({"ace_high"})


def outcome_model(wager: str) -> tuple[dict[str, Fraction], dict[str, dict[str, Fraction]]] | None:
    """Where every paytable of a wager is one set of outcomes weighted differently (the Ace High Bonus): its
    :func:`ace_high_outcome_model`, from the figure store."""
    if wager not in OUTCOME_MODEL_WAGERS:
        return None
    from pacomply.checker.wager_math.reconciliation_figures import outcome_model as stored_outcome_model

    return stored_outcome_model("688a", wager)


def computed_outcome_model(_wager: str) -> tuple[dict[str, Fraction], dict[str, dict[str, Fraction]]]:
    """:func:`outcome_model` computed from the exact analysis (what the store keeps)."""
    return ace_high_outcome_model()


#: What shared code may ask of this chapter's wager math (checker/wager_math/hooks.py), typed.
WAGER_MATH = ChapterWagerMath(
    analyse=analyse,
    method_version=METHOD_VERSION,
    figures=FigureHooks(stored_figures=stored_figures),
    par_sheet=ParSheetHooks(
        progressive=par_sheet_progressive,
        named_outcomes=par_sheet_named_outcomes,
        simulation=par_sheet_simulation,
        space=par_sheet_space,
        version=PAR_SHEET_VERSION,
    ),
    reconciliation=ReconciliationHooks(
        printed_rate=printed_rate,
        outcome_model=outcome_model,
        computed_outcome_model=computed_outcome_model,
        outcome_model_wagers=OUTCOME_MODEL_WAGERS,
        sized_bonuses=SizedBonuses(
            SIZED_BONUS_WAGERS, bonus_trips_and_straight_odds, bonus_envy_moments, computed_envy_moments
        ),
    ),
)
