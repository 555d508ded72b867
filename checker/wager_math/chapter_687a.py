"""Wager math for DJ Wild Stud Poker (687a): base game, Blind, Trips, Two-Way Bad Beat and Progressive, all exact.

The chapter deals one 53-card deck per round, so every figure is at one deck. The first call builds the table of
all C(53,5) hands and their counts against every dealer hand (a few seconds); later calls reuse it.
"""

from __future__ import annotations

from pacomply.checker.wager_math import AnalysisUnavailable, WagerMath
from pacomply.engine.analysis.result import WagerAnalysis
from pacomply.regulations.chapter_687a import (
    BAD_BEAT_ODDS,
    BLIND_PAYTABLE_ID,
    PROGRESSIVE_SEED,
    PROGRESSIVE_WAGER,
    RULEBOOK,
    TRIPS_ODDS,
)

_READINGS_BY_WAGER: dict[str, tuple[str, ...]] = {
    "base": ("687a-five-of-a-kind", "687a-wild-may-be-used"),
    "blind": ("687a-five-of-a-kind", "687a-wild-may-be-used"),
    "trips": ("687a-five-of-a-kind", "687a-wild-may-be-used"),
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
            (row.outcome, f"{row.amount}% of meter" if row.kind.value == "meter_percent" else f"{row.amount} to 1")
            if row.kind.value != "push"
            else (row.outcome, "push")
            for row in table.rows
        )
        if wager == "progressive":
            rows += (("meter priced at", f"${PROGRESSIVE_SEED[paytable]} seed; Envy not included"),)
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


def analyse(wager: str | None, paytable: str | None, decks: int | None) -> list[WagerMath]:
    """The 687a wagers narrowed by the arguments; one 53-card deck."""
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
            results.append(_math("base", None, _analyse_one("base", None)))
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
            results.append(_math(wager_id, paytable_id, _analyse_one(wager_id, paytable_id)))
    return results
