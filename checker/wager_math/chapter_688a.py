"""Wager math for Face Up Pai Gow Poker (688a): Fortune and Progressive exact, Ace High and the base game with
their simulated parts and intervals."""

from __future__ import annotations

from pacomply.checker.wager_math import READING_SEPARATOR, AnalysisUnavailable, WagerMath
from pacomply.engine.analysis import face_up_pai_gow_poker as analysis_688a
from pacomply.engine.analysis.result import WagerAnalysis
from pacomply.regulations.chapter_688a import RULEBOOK

_HIGHEST = "688a-bonus-highest-ranking-hand"
_READINGS: dict[str, tuple[str, ...]] = {
    "base": ("688a-player-setting",),
    "ace_high": ("688a-ace-high-pai-gow",),
    "fortune": ("688a-three-pair-only-fortune", _HIGHEST),
    "progressive": ("688a-progressive-meter", _HIGHEST),
}


def _math(wager: str, paytable: str | None, analysis: WagerAnalysis) -> WagerMath:
    rows: tuple[tuple[str, str], ...] = ()
    citation = str(RULEBOOK.wager(wager).citation)
    if paytable is not None:
        table = RULEBOOK.paytable(wager, paytable)
        citation = str(table.citation)
        rows = tuple((row.outcome, row.payout_text()) for row in table.rows)
    readings = [RULEBOOK.reading(reading_id) for reading_id in _READINGS[wager]]
    return WagerMath.from_analysis(
        analysis,
        chapter="688a",
        wager=wager,
        paytable=paytable,
        decks=1,
        citation=citation,
        reading=READING_SEPARATOR.join(f"{reading.id}: {reading.choice}" for reading in readings),
        paytable_rows=rows,
    )


def analyse(wager: str | None, paytable: str | None, decks: int | None) -> list[WagerMath]:
    """The 688a wagers narrowed by the arguments; one 53-card deck."""
    if decks not in (None, 1):
        raise AnalysisUnavailable("688a is dealt from one 53-card deck (§ 688a.3(a)); --decks must be 1")
    wagers = [wager] if wager is not None else [w.id for w in RULEBOOK.wagers]
    results = []
    for wager_id in wagers:
        try:
            book_wager = RULEBOOK.wager(wager_id)
        except KeyError:
            raise AnalysisUnavailable(f"688a has no wager '{wager_id}'") from None
        tables = list(book_wager.paytable_ids)
        if paytable is not None:
            if paytable not in tables:
                raise AnalysisUnavailable(
                    f"688a's {book_wager.name} has no paytable '{paytable}' ({', '.join(tables)})"
                )
            tables = [paytable]
        if wager_id == "base":
            results.append(_math("base", None, analysis_688a.base()))
        elif wager_id == "ace_high":
            results.extend(_math(wager_id, t, analysis_688a.ace_high(t)) for t in tables)
        elif wager_id == "fortune":
            results.extend(_math(wager_id, t, analysis_688a.fortune(t)) for t in tables)
        else:
            results.extend(_math(wager_id, t, analysis_688a.progressive(t)) for t in tables)
    return results
