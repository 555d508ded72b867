"""Wager math for Pai Gow Poker (645a): exact side wagers over all C(53,7) hands, the base game by simulation."""

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
from pacomply.checker.wager_math.progressive import ProgressiveModel, ProgressiveRow
from pacomply.engine.analysis.result import WagerAnalysis
from pacomply.regulations.chapter_645a import (
    EMPERORS_ORDER,
    FORTUNE_ODDS,
    FORTUNE_ORDER,
    MINIMUM_PROGRESSIVE_RESET,
    PROGRESSIVE_FOR_ONE,
    PROGRESSIVE_METER_PERCENT,
    RULEBOOK,
    STRAIGHT,
    THREE_OF_A_KIND,
)

#: The version of the method behind this chapter's wager math, part of every stored figure's key
#: (docs/figure-store.md): raise it whenever a change here or in the engine under it changes a figure, then run
#: ``pacomply figures build`` so the shipped figures are remade.
METHOD_VERSION = 4

_HIGHEST = "645a-bonus-highest-ranking-hand"
_READINGS: dict[str, tuple[str, ...]] = {
    "base": ("645a-copies",),
    "insurance": ("645a-insurance-joker",),
    "progressive": ("645a-progressive-meter", _HIGHEST),
    "fortune": ("645a-royal-match-overlap", _HIGHEST),
    "emperors_treasure": ("645a-royal-match-overlap", _HIGHEST),
}


def _math(wager: str, paytable: str | None, analysis: WagerAnalysis) -> WagerMath:
    from pacomply.engine.analysis import pai_gow_poker

    strategy = analysis.strategy
    if wager in {"fortune", "emperors_treasure"} and paytable is not None:
        envy = pai_gow_poker.envy_value(paytable, wager)
        strategy = (*strategy, ("Envy Bonus per other player, per Qualifying Wager", f"${float(envy):.4f}"))
    return wager_math(RULEBOOK, _READINGS, wager, paytable, analysis, strategy)


def bonus_readings(wager: str, paytable: str, analysis: WagerAnalysis) -> tuple[PricedReading, ...]:
    """Fortune or Emperor's Treasure under reading 645a-bonus-highest-ranking-hand's candidates, and with the Envy
    Bonuses of 0 to 5 other players (reading 645a-envy-players)."""
    from pacomply.engine.analysis import pai_gow_poker

    assert analysis.exact_house_edge is not None
    exact = 1 - analysis.exact_house_edge
    order = FORTUNE_ORDER if wager == "fortune" else EMPERORS_ORDER
    odds = FORTUNE_ODDS[paytable]
    gain = odds[order.index(THREE_OF_A_KIND)] - odds[order.index(STRAIGHT)]
    return (
        *highest_ranking_candidates(RULEBOOK.reading(_HIGHEST), exact, gain),
        *envy_candidates(RULEBOOK.reading("645a-envy-players"), exact, pai_gow_poker.envy_value(paytable, wager)),
    )


def progressive_model(reset: Fraction = Fraction(int(MINIMUM_PROGRESSIVE_RESET))) -> ProgressiveModel:
    """The Progressive Payout's exact row probabilities and pays per $1 (awards 'for 1': the wager is not kept)."""
    from pacomply.engine.analysis import pai_gow_poker
    from pacomply.engine.games.pai_gow_poker import PROGRESSIVE_OUTCOME

    rows = {outcome: ProgressiveRow(Fraction(pays)) for outcome, pays in PROGRESSIVE_FOR_ONE.items()}
    rows.update({outcome: ProgressiveRow(Fraction(0), Fraction(p)) for outcome, p in PROGRESSIVE_METER_PERCENT.items()})
    probabilities: dict[str, Fraction] = {}
    for category, count in pai_gow_poker.seven_card_counts().items():
        outcome = PROGRESSIVE_OUTCOME.get(category)
        if outcome is not None:
            probabilities[outcome] = probabilities.get(outcome, Fraction(0)) + Fraction(count, pai_gow_poker.ALL_HANDS)
    return ProgressiveModel(rows, probabilities, reset, wager_returned=False)


def progressive_readings(meter_rate: Fraction | None) -> tuple[PricedReading, ...]:
    """At the reset floor, and in the long run at ``meter_rate`` (the chapter prints no rate)."""
    reading = RULEBOOK.reading("645a-progressive-meter")
    model = progressive_model()
    priced = [price_candidate(reading, "at-seed", model.return_at_seed(), basis="meter at its reset amount")]
    priced.extend(long_run_at_rate(reading, model, meter_rate))
    return tuple(priced)


def analyse(
    wager: str | None, paytable: str | None, decks: int | None, options: AnalysisOptions = NO_OPTIONS
) -> list[WagerMath]:
    """The 645a wagers narrowed by the arguments; one 53-card deck. ``meter_rate`` prices the Progressive's long
    run besides its reset amount."""
    meter_rate = options.meter_rate
    # Checked before the analysis is imported: a filing's table with another deck count (a finding of its own)
    # asks for figures no deck count of the chapter has, and is refused without loading the hand evaluator.
    selected = wagers_and_paytables(RULEBOOK, wager, paytable, decks)
    from pacomply.engine.analysis import pai_gow_poker

    results = []
    for wager_id, tables in selected:
        if wager_id == "base":
            results.append(_math("base", None, pai_gow_poker.base()))
        elif wager_id in {"fortune", "emperors_treasure"}:
            price = pai_gow_poker.fortune if wager_id == "fortune" else pai_gow_poker.emperors_treasure
            for t in tables:
                analysis = price(t)
                results.append(
                    replace(_math(wager_id, t, analysis), priced_readings=bonus_readings(wager_id, t, analysis))
                )
        elif wager_id == "insurance":
            results.extend(_math(wager_id, t, pai_gow_poker.insurance(t)) for t in tables)
        else:
            meter = Fraction(int(MINIMUM_PROGRESSIVE_RESET))
            results.extend(
                replace(
                    _math(wager_id, t, pai_gow_poker.progressive(meter)),
                    priced_readings=progressive_readings(meter_rate),
                )
                for t in tables
            )
    return results


def stored_figures() -> Iterator[tuple[Any, tuple[tuple[str, Any], ...]]]:
    """The figures the figure catalogue ships for this chapter beyond each wager's own (``checker.figures``): the
    Pai Gow enumerations and shards both chapters read, and the base game's simulated figure."""
    from pacomply.checker.wager_math.pai_gow import shared_pai_gow_figures
    from pacomply.engine.analysis import pai_gow_poker

    yield from shared_pai_gow_figures()
    yield pai_gow_poker._simulated_base, (("rounds", pai_gow_poker.BASE_ROUNDS), ("seed", pai_gow_poker.BASE_SEED))


# The par sheet's hooks (checker/parsheet.py asks a chapter's wager math for what it can break down line by line).


def par_sheet_progressive(wager: str, _paytable: str | None) -> ProgressiveModel | None:
    """The progressive's rows at the chapter's minimum reset, for its par-sheet lines and cycle."""
    return progressive_model() if wager == "progressive" else None


#: Where the chapter leaves the dealer's house way to the filing, and how the base game's player sets the hands.
_HOUSE_WAY = ("§ 645a.11(c)", "the player sets by the same house way, the usual pricing assumption")


def par_sheet_named_outcomes(
    wager: str, paytable: str | None
) -> tuple[dict[str, Fraction], dict[str, Fraction], tuple[str, ...]] | None:
    """The lines of the Fortune Bonus, Emperor's Treasure and Pai Gow Insurance: each paytable line's share of the
    C(53,7) hands, its net pay, in the chapter's order, then the losing hands (the engine's own classification)."""
    from pacomply.engine.analysis.pai_gow_poker import ALL_HANDS, no_pair_hands_by_top, seven_card_counts
    from pacomply.engine.games.pai_gow_poker import EMPERORS_OUTCOME, FORTUNE_OUTCOME
    from pacomply.regulations.chapter_645a import INSURANCE_ODDS, INSURANCE_OUTCOMES

    if paytable is None:
        return None
    counts: dict[str, int] = {}
    order: tuple[str, ...]
    if wager in {"fortune", "emperors_treasure"}:
        outcomes, order = (FORTUNE_OUTCOME, FORTUNE_ORDER) if wager == "fortune" else (EMPERORS_OUTCOME, EMPERORS_ORDER)
        for category, count in seven_card_counts().items():
            outcome = outcomes.get(category) or "loses"
            counts[outcome] = counts.get(outcome, 0) + count
        pays = {outcome: Fraction(odds) for outcome, odds in zip(order, FORTUNE_ODDS[paytable], strict=False)}
    elif wager == "insurance":
        order = tuple(INSURANCE_OUTCOMES)
        names = {7: "nine-high", 8: "ten-high", 9: "jack-high", 10: "queen-high", 11: "king-high", 12: "ace-high"}
        for (top, _joker), count in no_pair_hands_by_top().items():
            counts[names[top]] = counts.get(names[top], 0) + count
        counts["loses"] = ALL_HANDS - sum(counts.values())
        pays = {outcome: Fraction(odds) for outcome, odds in zip(order, INSURANCE_ODDS[paytable], strict=True)}
    else:
        return None
    return {outcome: Fraction(count, ALL_HANDS) for outcome, count in counts.items()}, pays, (*order, "loses")


def par_sheet_space(wager: str, _paytable: str | None, _decks: int) -> tuple[int, str] | None:
    """What the seven-card wagers' lines count: every seven-card hand of the 53-card deck."""
    from pacomply.engine.analysis.pai_gow_poker import ALL_HANDS

    if wager in {"fortune", "emperors_treasure", "insurance", "progressive"}:
        return ALL_HANDS, "unordered seven-card hands from the 53-card deck, C(53,7)"
    return None


#: The version of this chapter's par sheets beside :data:`METHOD_VERSION` (``checker/review_parsheets.py``): raised
#: when a par sheet's content changes while every other figure stays as it was (1: the house way of the base game's
#: note in words).
PAR_SHEET_VERSION = 1


def par_sheet_simulation(rounds: int | None, standard_error: float | None) -> tuple[int, tuple[str, ...]]:
    """The simulated base game's seed and shard note on its par sheet."""
    from pacomply.checker.wager_math.pai_gow import house_way_notes
    from pacomply.checker.wager_math.pai_gow import par_sheet_simulation as pai_gow_facts
    from pacomply.engine.analysis import pai_gow_poker

    return pai_gow_facts(
        pai_gow_poker.BASE_SEED,
        rounds,
        standard_error,
        house_way_notes("§ 645a.11(c)", "the player sets by the same house way, the usual pricing assumption"),
    )


# The reconciliation's hooks (checker/reconciliation/ sizes a candidate reading's spread through them).

#: The bonus wagers whose Envy and pays-most candidates get a standard deviation of their own.
SIZED_BONUS_WAGERS = frozenset({"fortune", "emperors_treasure"})


def bonus_trips_and_straight_odds(wager: str, paytable: str) -> tuple[Fraction, Fraction]:
    """What three of a kind and a straight pay on ``wager``'s ``paytable``, per unit."""
    from pacomply.regulations.chapter_645a import (
        EMPERORS_ORDER,
        FORTUNE_ODDS,
        FORTUNE_ORDER,
        STRAIGHT,
        THREE_OF_A_KIND,
    )

    order = FORTUNE_ORDER if wager == "fortune" else EMPERORS_ORDER
    odds = FORTUNE_ODDS[paytable]
    return Fraction(odds[order.index(THREE_OF_A_KIND)]), Fraction(odds[order.index(STRAIGHT)])


def bonus_envy_moments(wager: str, paytable: str) -> tuple[Fraction, Fraction]:
    """E[a] and E[a²] of the Envy dollars a hand earns under ``paytable``, from the figure store."""
    from pacomply.checker.wager_math.reconciliation_figures import envy_moments

    return envy_moments("645a", wager, paytable)


def computed_envy_moments(wager: str, paytable: str) -> tuple[Fraction, Fraction]:
    """:func:`bonus_envy_moments` computed from the exact analysis (what the store keeps)."""
    from pacomply.engine.analysis import pai_gow_poker

    return pai_gow_poker.envy_moments(paytable, wager)


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
        sized_bonuses=SizedBonuses(
            SIZED_BONUS_WAGERS, bonus_trips_and_straight_odds, bonus_envy_moments, computed_envy_moments
        )
    ),
)
