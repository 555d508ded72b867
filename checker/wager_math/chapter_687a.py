"""Wager math for DJ Wild Stud Poker (687a): base game, Blind, Trips, Two-Way Bad Beat and Progressive, all exact.

The chapter deals one 53-card deck per round, so every figure is at one deck. The first call builds the table of
all C(53,5) hands and their counts against every dealer hand (a few seconds); later calls reuse it.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from pacomply.checker.wager_math import (
    NO_OPTIONS,
    AnalysisOptions,
    AnalysisUnavailable,
    PricedReading,
    WagerMath,
    price_candidate,
)
from pacomply.checker.wager_math.hooks import ChapterWagerMath, ParSheetHooks
from pacomply.checker.wager_math.progressive import ProgressiveModel, ProgressiveRow, percent_text
from pacomply.engine.analysis.result import WagerAnalysis
from pacomply.engine.settlement import money_text
from pacomply.regulations.chapter_687a import (
    BAD_BEAT_ODDS,
    BLIND_PAYTABLE_ID,
    BOARD_PROGRESSIVE_RETURN,
    DJWT_07_THREE_OF_A_KIND,
    HAND_NAMES,
    PROGRESSIVE_METER_PERCENT,
    PROGRESSIVE_ODDS,
    PROGRESSIVE_SEED,
    PROGRESSIVE_WAGER,
    RULEBOOK,
    TRIPS_ODDS,
)

#: The version of the method behind this chapter's wager math, part of every stored figure's key
#: (docs/figure-store.md): raise it whenever a change here or in the engine under it changes a figure, then run
#: ``pacomply figures build`` so the shipped figures are remade.
METHOD_VERSION = 4

_READINGS_BY_WAGER: dict[str, tuple[str, ...]] = {
    "base": ("687a-five-of-a-kind", "687a-wild-may-be-used"),
    "blind": ("687a-five-of-a-kind", "687a-wild-may-be-used"),
    "trips": ("687a-five-of-a-kind", "687a-wild-may-be-used", "687a-natural-hand"),
    "bad_beat": ("687a-five-of-a-kind", "687a-bad-beat"),
    "progressive": ("687a-progressive",),
}
_PAYTABLES: dict[str, tuple[str, ...]] = {
    "base": (),
    "blind": (BLIND_PAYTABLE_ID,),
    "trips": tuple(TRIPS_ODDS),
    "bad_beat": tuple(BAD_BEAT_ODDS),
    "progressive": tuple(PROGRESSIVE_WAGER),
}


def _reading(wager: str, paytable: str | None) -> str:
    ids = _READINGS_BY_WAGER[wager] + (("687a-djwt-07-three-of-a-kind",) if paytable == "DJWT-07" else ())
    return " | ".join(f"{reading.id}: {reading.choice}" for reading in (RULEBOOK.reading(i) for i in ids))


def _math(wager: str, paytable: str | None, analysis: WagerAnalysis) -> WagerMath:
    if paytable is not None:
        table = RULEBOOK.paytable(wager, paytable)
        citation = str(table.citation)
        rows = tuple(
            (row.outcome, row.payout_text()) if row.kind.value != "push" else (row.outcome, "push")
            for row in table.rows
        )
        if wager == "progressive":
            rows += (("meter priced at", f"{money_text(PROGRESSIVE_SEED[paytable])} seed; Envy not included"),)
    else:
        citation = str(RULEBOOK.wager(wager).citation)
        rows = (("Ante and Raise", "1 to 1"), ("Blind", f"paytable {BLIND_PAYTABLE_ID}"))
    return WagerMath.from_analysis(
        analysis,
        chapter="687a",
        wager=wager,
        paytable=paytable,
        decks=1,
        citation=citation,
        reading=_reading(wager, paytable),
        paytable_rows=rows,
    )


def _analyse_one(wager: str, paytable: str | None) -> WagerAnalysis:
    from pacomply.engine.analysis import dj_wild_stud_poker as analysis

    if wager == "base":
        return analysis.base()
    if wager == "blind":
        return analysis.blind()
    assert paytable is not None
    if wager == "trips":
        return analysis.trips(paytable)
    if wager == "bad_beat":
        return analysis.bad_beat(paytable)
    return analysis.progressive(paytable)


def djwt_07_readings() -> tuple[PricedReading, ...]:
    """DJWT-07 under every candidate of reading 687a-djwt-07-three-of-a-kind, each enumerated over C(53,5)."""
    from pacomply.engine.analysis import dj_wild_stud_poker as analysis

    reading = RULEBOOK.reading("687a-djwt-07-three-of-a-kind")
    natural, with_wild = TRIPS_ODDS["DJWT-07"]
    priced = []
    for key, (natural_odds, wild_odds) in DJWT_07_THREE_OF_A_KIND.items():
        wild_column = {k: v for k, v in with_wild.items() if k != "three_of_a_kind"}
        if wild_odds is not None:
            wild_column["three_of_a_kind"] = wild_odds
        exact = analysis.trips_return_of({**natural, "three_of_a_kind": natural_odds}, wild_column)
        priced.append(price_candidate(reading, key, exact))
    return tuple(priced)


def natural_readings(paytable: str) -> tuple[PricedReading, ...]:
    """A Trips paytable under every candidate of reading 687a-natural-hand (each enumerated over C(53,5))."""
    from pacomply.engine.analysis import dj_wild_stud_poker as analysis

    reading = RULEBOOK.reading("687a-natural-hand")
    natural, with_wild = TRIPS_ODDS[paytable]
    return tuple(
        price_candidate(reading, key, analysis.trips_return_of(natural, with_wild, key == "no-wild-card"))
        for key in ("deuce-as-itself", "no-wild-card")
    )


def bad_beat_readings(paytable: str) -> tuple[PricedReading, ...]:
    """A Two-Way Bad Beat paytable under every candidate of reading 687a-bad-beat (exact, over every pair)."""
    from pacomply.engine.analysis import dj_wild_stud_poker as analysis

    reading = RULEBOOK.reading("687a-bad-beat")
    return tuple(
        replace(
            price_candidate(reading, key, analysis.bad_beat_return(paytable, key)),
            std_dev=analysis.bad_beat_std_dev(paytable, key),
        )
        for key in analysis.BAD_BEAT_READINGS
    )


def base_readings() -> tuple[PricedReading, ...]:
    """The base game's return on each basis of reading 687a-base-return-basis (the same exact game)."""
    from pacomply.engine.analysis import dj_wild_stud_poker as analysis

    reading = RULEBOOK.reading("687a-base-return-basis")
    edge = analysis.base().exact_house_edge
    assert edge is not None
    game = analysis.base_game()
    wagered = 2 + 2 * Fraction(game.raise_hands, analysis.PLAYER_HANDS)
    returns = {"per-total-wagered": 1 - edge / wagered, "per-initial-wager": 1 - edge / 2, "per-ante": 1 - edge}
    return tuple(
        price_candidate(reading, key, value, basis=reading.candidate(key).choice) for key, value in returns.items()
    )


def progressive_model(paytable: str) -> ProgressiveModel:
    """The Progressive's exact row probabilities and pays per unit of its wager (reading 687a-progressive)."""
    from math import comb

    from pacomply.engine.analysis import dj_wild_stud_poker as analysis

    wager = Fraction(PROGRESSIVE_WAGER[paytable])
    rows = {name: ProgressiveRow(Fraction(odds)) for name, odds in PROGRESSIVE_ODDS.items()}
    rows.update(
        {name: ProgressiveRow(Fraction(0), Fraction(percent)) for name, percent in PROGRESSIVE_METER_PERCENT.items()}
    )
    total = comb(52, 5)
    probabilities = {
        category.name.lower(): Fraction(count, total)
        for category, count in analysis.progressive_categories().items()
        if category.name.lower() in rows
    }
    return ProgressiveModel(rows, probabilities, Fraction(PROGRESSIVE_SEED[paytable]) / wager, wager_returned=True)


def progressive_readings(paytable: str, meter_rate: Fraction | None) -> tuple[PricedReading, ...]:
    """At the seed, in the long run at ``meter_rate`` (when given), and at the rate that returns the Board's
    figure: the chapter prints no rate of progression."""
    reading = RULEBOOK.reading("687a-progressive")
    model = progressive_model(paytable)
    priced = [price_candidate(reading, "at-seed", model.return_at_seed(), basis="meter at its seed")]
    if meter_rate is not None:
        priced.append(
            price_candidate(
                reading, "long-run", model.long_run_return(meter_rate), basis=f"long run at {percent_text(meter_rate)}"
            )
        )
    rate = model.rate_for(BOARD_PROGRESSIVE_RETURN)
    priced.append(
        price_candidate(
            reading,
            "rate-for-board-figure",
            model.long_run_return(rate),
            basis=f"long run at {percent_text(rate)}, the rate that returns {percent_text(BOARD_PROGRESSIVE_RETURN)}",
        )
    )
    return tuple(priced)


def _priced(wager: str, paytable: str | None, meter_rate: Fraction | None) -> tuple[PricedReading, ...]:
    if wager == "trips" and paytable == "DJWT-07":
        # Its own reading only: the reconciliation combines readings by adding what each adds to one base, which
        # holds for readings of separate hands, not for these two (both move the three of a kind rows).
        return djwt_07_readings()
    if wager == "trips" and paytable is not None:
        return natural_readings(paytable)
    if wager == "bad_beat" and paytable is not None:
        return bad_beat_readings(paytable)
    if wager == "base":
        return base_readings()
    if wager == "progressive" and paytable is not None:
        return progressive_readings(paytable, meter_rate)
    return ()


def analyse(
    wager: str | None, paytable: str | None, decks: int | None, options: AnalysisOptions = NO_OPTIONS
) -> list[WagerMath]:
    """The 687a wagers narrowed by the arguments; one 53-card deck. ``meter_rate`` prices the Progressive's long
    run besides its seed."""
    meter_rate = options.meter_rate
    if decks is not None and decks != 1:
        raise AnalysisUnavailable(f"687a deals from one 53-card deck per round (§ 687a.3(a)); {decks} decks asked")
    wagers = [wager] if wager is not None else list(_PAYTABLES)
    results = []
    for wager_id in wagers:
        if wager_id not in _PAYTABLES:
            raise AnalysisUnavailable(f"687a has no wager '{wager_id}' (wagers: {', '.join(_PAYTABLES)})")
        permitted = _PAYTABLES[wager_id]
        if wager_id == "base":
            if paytable is not None and wager is not None:
                raise AnalysisUnavailable("687a's base game has no paytable to choose (the Blind's is fixed)")
            results.append(_with_readings(_math("base", None, _analyse_one("base", None)), meter_rate))
            continue
        if paytable is not None:
            chosen = [p for p in permitted if p.upper() == paytable.strip().upper()]
            if not chosen:
                if wager is None:
                    continue
                raise AnalysisUnavailable(
                    f"687a permits paytables {', '.join(permitted)} for '{wager_id}'; '{paytable}' is not one"
                )
        else:
            chosen = list(permitted)
        for paytable_id in chosen:
            results.append(
                _with_readings(_math(wager_id, paytable_id, _analyse_one(wager_id, paytable_id)), meter_rate)
            )
    return results


def _with_readings(math: WagerMath, meter_rate: Fraction | None) -> WagerMath:
    return replace(math, priced_readings=_priced(math.wager, math.paytable, meter_rate))


# The par sheet's hooks (checker/parsheet.py asks a chapter's wager math for what it can break down line by line).


def par_sheet_progressive(wager: str, paytable: str | None) -> ProgressiveModel | None:
    """A progressive paytable's rows, for its par-sheet lines and cycle."""
    return progressive_model(paytable) if wager == "progressive" and paytable is not None else None


def par_sheet_named_outcomes(
    wager: str, paytable: str | None
) -> tuple[dict[str, Fraction], dict[str, Fraction], tuple[str, ...]] | None:
    """The Trips Bonus's lines as the chapter prints them, each named by its hand and column (a natural three of a
    kind and a four of a kind with wild both pay 6 to 1 on DJWT-04, on two lines), then the losing hands: each
    line's share of the C(53,5) hands it decides the pay of."""
    if wager == "bad_beat" and paytable is not None:
        return _bad_beat_lines(paytable)
    if wager != "trips" or paytable is None:
        return None
    from pacomply.engine.analysis.dj_wild_stud_poker import PLAYER_HANDS, trips_line_counts

    table = RULEBOOK.paytable("trips", paytable)
    natural, with_wild = TRIPS_ODDS[paytable]
    suffix = {"natural": " (natural)", "with wild": " (with wild)"}
    columns = {"natural": natural, "with wild": with_wild}
    probabilities: dict[str, Fraction] = {}
    pays: dict[str, Fraction] = {}
    for (column, hand), count in trips_line_counts(paytable).items():
        name = "loses" if column == "loses" else f"{HAND_NAMES[hand]}{suffix[column]}"
        probabilities[name] = Fraction(count, PLAYER_HANDS)
        if column != "loses":
            pays[name] = Fraction(columns[column][hand])
    order = (*(row.outcome for row in table.rows), "loses")
    return probabilities, pays, order


def par_sheet_distribution(
    wager: str, _paytable: str | None, _decks: int
) -> tuple[tuple[Fraction, Fraction], ...] | None:
    """The Blind's (net, probability) pairs over every (player, dealer) pair of hands, under the base game's
    strategy."""
    if wager != "blind":
        return None
    from pacomply.engine.analysis.dj_wild_stud_poker import PAIRS, blind_outcome_counts

    return tuple(sorted((net, Fraction(count, PAIRS)) for net, count in blind_outcome_counts().items() if count))


def _bad_beat_lines(paytable: str) -> tuple[dict[str, Fraction], dict[str, Fraction], tuple[str, ...]]:
    """The Two-Way Bad Beat's lines under the reading relied on (687a-bad-beat): each paytable line's share of the
    (player, dealer) pairs it is paid on, then every other pair, lost."""
    from pacomply.engine.analysis.dj_wild_stud_poker import PAIRS, bad_beat_line_counts

    column = BAD_BEAT_ODDS[paytable]
    counts = bad_beat_line_counts(paytable)
    probabilities = {
        ("loses" if hand == "loses" else HAND_NAMES[hand]): Fraction(count, PAIRS) for hand, count in counts.items()
    }
    pays = {HAND_NAMES[hand]: Fraction(odds) for hand, odds in column.items()}
    order = (*(row.outcome for row in RULEBOOK.paytable("bad_beat", paytable).rows), "loses")
    return probabilities, pays, order


def par_sheet_space(wager: str, _paytable: str | None, _decks: int) -> tuple[int, str] | None:
    """What the Trips lines count: every five-card hand of the 53-card deck; the Progressive's, every joker-free
    five-card hand (the Progressive hand once the joker is replaced)."""
    from math import comb

    if wager == "trips":
        return comb(53, 5), "unordered five-card hands from the 53-card deck, C(53,5)"
    if wager == "progressive":
        return comb(52, 5), "unordered five-card hands without the joker, C(52,5)"
    if wager in {"blind", "bad_beat"}:
        return (
            comb(53, 5) * comb(48, 5),
            "the player's five cards and the dealer's five from the other 48, C(53,5) x C(48,5) (a fold counted "
            "once per dealer hand)",
        )
    return None


#: What shared code may ask of this chapter's wager math (checker/wager_math/hooks.py), typed.
WAGER_MATH = ChapterWagerMath(
    analyse=analyse,
    method_version=METHOD_VERSION,
    par_sheet=ParSheetHooks(
        progressive=par_sheet_progressive,
        named_outcomes=par_sheet_named_outcomes,
        distribution=par_sheet_distribution,
        space=par_sheet_space,
    ),
)
