"""Wager math for Blackjack (633a): Insurance and every optional wager, exact, at every deck count each paytable is
permitted at; the Blackjack Wager itself (``base``) and Blackjack Switch (``switch``) wait on the base-game analyzer.
"""

from __future__ import annotations

from checker.wager_math import AnalysisUnavailable, WagerMath
from engine.analysis import blackjack_side_wagers
from engine.analysis.result import WagerAnalysis
from regulations.chapter_633a import ANALYSED_DECKS, MAX_DECKS, RULEBOOK
from regulations.rulebook import PayoutKind, Paytable

CHAPTER = "633a"
#: The wagers whose math is the base-game strategy analysis (issue #6, ``engine/analysis/blackjack/``).
BASE_GAME_WAGERS = ("base", "switch")
_READINGS_BY_WAGER = {
    "in_between": ("633a-in-between-ranks",),
    "royal_match": ("633a-for-one",),
    "bad_beat": ("633a-side-wager-model", "633a-for-one"),
    "hit_and_run": ("633a-side-wager-model", "633a-for-one"),
}


def base_game_math(wager: str, decks: int) -> list[WagerMath]:
    """Where ``base`` and ``switch`` will be wired to the base-game analyzer (issue #6). Not available yet."""
    raise AnalysisUnavailable(
        f"633a '{wager}' at {decks} deck(s): the Blackjack Wager's house edge needs the base-game strategy analyzer "
        "(issue #6, branch blackjack-analyzer), which is not merged yet; side wagers and insurance are available"
    )


def _describe(paytable: Paytable) -> tuple[tuple[str, str], ...]:
    rows = []
    for row in paytable.rows:
        if row.kind == PayoutKind.METER_PERCENT:
            rows.append((row.outcome, f"{row.amount}% of meter"))
        else:
            rows.append((row.outcome, f"{row.amount} to 1"))
    return tuple(rows)


def _reading(wager: str) -> str | None:
    ids = _READINGS_BY_WAGER.get(wager, ())
    if not ids:
        return None
    return " ".join(f"{reading.id}: {reading.choice}" for reading in map(RULEBOOK.reading, ids))


def _math(wager: str, paytable: Paytable | None, decks: int, analysis: WagerAnalysis) -> WagerMath:
    citation = paytable.citation if paytable is not None else RULEBOOK.wager(wager).citation
    return WagerMath(
        chapter=CHAPTER,
        wager=wager,
        paytable=paytable.id if paytable is not None else None,
        decks=decks,
        house_edge=analysis.house_edge,
        element_of_risk=analysis.element_of_risk,
        return_=analysis.return_,
        method=analysis.method,
        rounds=analysis.rounds,
        ci95=analysis.ci95,
        hit_frequency=analysis.hit_frequency,
        std_dev=analysis.std_dev,
        citation=str(citation),
        reading=_reading(wager),
        paytable_rows=_describe(paytable) if paytable is not None else (("dealer Blackjack", "2 to 1"),),
    )


def _permitted(paytable: Paytable, decks: int) -> bool:
    return paytable.permitted_decks is None or decks in paytable.permitted_decks


def analyse(wager: str | None, paytable: str | None, decks: int | None) -> list[WagerMath]:
    """The 633a wagers narrowed by the arguments; each paytable only at the deck counts the chapter permits it."""
    known = [w.id for w in RULEBOOK.wagers]
    if wager is not None and wager not in known:
        raise AnalysisUnavailable(f"633a has no wager '{wager}' (wagers: {', '.join(known)})")
    if decks is not None and not 1 <= decks <= MAX_DECKS:
        raise AnalysisUnavailable(f"633a is analysed at 1 to {MAX_DECKS} decks; {decks} asked for")
    deck_counts = [decks] if decks is not None else list(ANALYSED_DECKS)
    if wager in BASE_GAME_WAGERS:
        return base_game_math(wager, deck_counts[0])
    wagers = [wager] if wager is not None else [w for w in known if w not in BASE_GAME_WAGERS]
    results: list[WagerMath] = []
    for wager_id in wagers:
        if wager_id == "insurance":
            if paytable is not None and wager is not None:
                raise AnalysisUnavailable("633a Insurance pays 2 to 1 (§ 633a.13(b)) and has no paytable")
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
                distribution = blackjack_side_wagers.distribution(wager_id, table.id, deck_count)
                results.append(_math(wager_id, table, deck_count, blackjack_side_wagers.analysis(distribution)))
        if not found and wager is not None:
            allowed = "; ".join(
                f"{t.id}: {', '.join(map(str, sorted(t.permitted_decks or ())))} deck(s)" for t in tables
            )
            raise AnalysisUnavailable(
                f"633a {wager_id}: no permitted paytable at {', '.join(map(str, deck_counts))} deck(s) ({allowed})"
            )
    return results
