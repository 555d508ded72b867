"""Wager math for Pai Gow Poker (645a): exact side wagers over all C(53,7) hands, the base game by simulation."""

from __future__ import annotations

from fractions import Fraction

from pacomply.checker.wager_math import READING_SEPARATOR, AnalysisUnavailable, WagerMath
from pacomply.engine.analysis import pai_gow_poker
from pacomply.engine.analysis.result import WagerAnalysis
from pacomply.regulations.chapter_645a import MINIMUM_PROGRESSIVE_RESET, RULEBOOK

_HIGHEST = "645a-bonus-highest-ranking-hand"
_READINGS: dict[str, tuple[str, ...]] = {
    "base": ("645a-copies",),
    "insurance": ("645a-insurance-joker",),
    "progressive": ("645a-progressive-meter", _HIGHEST),
    "fortune": ("645a-royal-match-overlap", _HIGHEST),
    "emperors_treasure": ("645a-royal-match-overlap", _HIGHEST),
}


def _math(wager: str, paytable: str | None, analysis: WagerAnalysis) -> WagerMath:
    book_wager = RULEBOOK.wager(wager)
    rows: tuple[tuple[str, str], ...] = ()
    citation = str(book_wager.citation)
    if paytable is not None:
        table = RULEBOOK.paytable(wager, paytable)
        citation = str(table.citation)
        rows = tuple((row.outcome, row.payout_text()) for row in table.rows)
    strategy = analysis.strategy
    if wager in {"fortune", "emperors_treasure"} and paytable is not None:
        envy = pai_gow_poker.envy_value(paytable, wager)
        strategy = (*strategy, ("Envy Bonus per other player, per Qualifying Wager", f"${float(envy):.4f}"))
    readings = [RULEBOOK.reading(reading_id) for reading_id in _READINGS[wager]]
    return WagerMath.from_analysis(
        analysis,
        chapter="645a",
        wager=wager,
        paytable=paytable,
        decks=1,
        citation=citation,
        reading=READING_SEPARATOR.join(f"{reading.id}: {reading.choice}" for reading in readings),
        strategy=strategy,
        paytable_rows=rows,
    )


def analyse(wager: str | None, paytable: str | None, decks: int | None) -> list[WagerMath]:
    """The 645a wagers narrowed by the arguments; one 53-card deck."""
    if decks not in (None, 1):
        raise AnalysisUnavailable("645a is dealt from one 53-card deck (§ 645a.3(a)); --decks must be 1")
    wagers = [wager] if wager is not None else [w.id for w in RULEBOOK.wagers]
    results = []
    for wager_id in wagers:
        try:
            book_wager = RULEBOOK.wager(wager_id)
        except KeyError:
            raise AnalysisUnavailable(f"645a has no wager '{wager_id}'") from None
        tables = list(book_wager.paytable_ids)
        if paytable is not None:
            if paytable.upper() not in {t.upper() for t in tables} and paytable != tables[:1]:
                raise AnalysisUnavailable(
                    f"645a's {book_wager.name} has no paytable '{paytable}' ({', '.join(tables)})"
                )
            tables = [t for t in tables if t.upper() == paytable.upper()]
        if wager_id == "base":
            results.append(_math("base", None, pai_gow_poker.base()))
        elif wager_id == "fortune":
            results.extend(_math(wager_id, t, pai_gow_poker.fortune(t)) for t in tables)
        elif wager_id == "emperors_treasure":
            results.extend(_math(wager_id, t, pai_gow_poker.emperors_treasure(t)) for t in tables)
        elif wager_id == "insurance":
            results.extend(_math(wager_id, t, pai_gow_poker.insurance(t)) for t in tables)
        else:
            meter = Fraction(int(MINIMUM_PROGRESSIVE_RESET))
            results.extend(_math(wager_id, t, pai_gow_poker.progressive(meter)) for t in tables)
    return results
