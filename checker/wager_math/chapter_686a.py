"""Wager math for Over/Under (686a): the required wagers and the Bonus, exact at any deck count asked for."""

from __future__ import annotations

from fractions import Fraction

from pacomply.checker.wager_math import NO_OPTIONS, AnalysisOptions, AnalysisUnavailable, WagerMath
from pacomply.checker.wager_math.hooks import ChapterWagerMath, ParSheetHooks
from pacomply.engine.analysis.result import WagerAnalysis
from pacomply.regulations.chapter_686a import BONUS_PAYTABLE, DECKS_PER_BATCH, RULEBOOK

#: The version of the method behind this chapter's wager math, part of every stored figure's key
#: (docs/figure-store.md): raise it whenever a change here or in the engine under it changes a figure, then run
#: ``pacomply figures build`` so the shipped figures are remade.
METHOD_VERSION = 2


def _math(wager: str, paytable: str | None, decks: int, analysis: WagerAnalysis) -> WagerMath:
    book_wager = RULEBOOK.wager(wager)
    citation = str(BONUS_PAYTABLE.citation) if wager == "bonus" else str(book_wager.citation)
    reading = None
    if wager == "required":
        chosen = RULEBOOK.reading("686a-losing-side")
        reading = f"{chosen.id}: {chosen.choice}"
    rows = tuple((row.outcome, row.payout_text()) for row in BONUS_PAYTABLE.rows) if wager == "bonus" else ()
    return WagerMath.from_analysis(
        analysis,
        chapter="686a",
        wager=wager,
        paytable=paytable,
        decks=decks,
        citation=citation,
        reading=reading,
        paytable_rows=rows,
    )


def analyse(
    wager: str | None, paytable: str | None, decks: int | None, _options: AnalysisOptions = NO_OPTIONS
) -> list[WagerMath]:
    """The 686a wagers narrowed by the arguments; the chapter permits six decks, other counts on request."""
    from pacomply.engine.analysis import over_under

    wagers = [wager] if wager is not None else [w.id for w in RULEBOOK.wagers]
    deck_counts = [decks] if decks is not None else [DECKS_PER_BATCH]
    results = []
    for wager_id in wagers:
        if wager_id not in {w.id for w in RULEBOOK.wagers}:
            raise AnalysisUnavailable(f"686a has no wager '{wager_id}' (wagers: required, bonus)")
        if wager_id == "bonus" and paytable not in (None, BONUS_PAYTABLE.id):
            raise AnalysisUnavailable(f"686a's Bonus has one paytable, '{BONUS_PAYTABLE.id}'; '{paytable}' is not it")
        if wager_id == "required" and paytable is not None:
            raise AnalysisUnavailable("686a's required wagers pay 1 to 1 and have no paytable")
        for deck_count in deck_counts:
            if deck_count < 1:
                raise AnalysisUnavailable(f"{deck_count} is not a number of decks")
            if wager_id == "required":
                results.append(_math("required", None, deck_count, over_under.required_wagers(deck_count)))
            else:
                results.append(_math("bonus", None, deck_count, over_under.bonus(deck_count)))
    return results


# The par sheet's hook (checker/parsheet.py asks a chapter's wager math for what it can break down line by line).


def par_sheet_distribution(
    wager: str, _paytable: str | None, decks: int
) -> tuple[tuple[Fraction, Fraction], ...] | None:
    """The Bonus's (net, probability) pairs at ``decks``."""
    from pacomply.engine.analysis import over_under

    return tuple(over_under.bonus_distribution(decks).outcomes) if wager == "bonus" else None


def par_sheet_space(wager: str, _paytable: str | None, decks: int) -> tuple[int, str] | None:
    """What the Bonus's lines count: every unordered three-card hand from the shoe's 52 x ``decks`` cards."""
    from math import comb

    if wager != "bonus":
        return None
    return comb(52 * decks, 3), f"unordered three-card hands from {decks} decks ({52 * decks} cards), C({52 * decks},3)"


#: What shared code may ask of this chapter's wager math (checker/wager_math/hooks.py), typed.
WAGER_MATH = ChapterWagerMath(
    analyse=analyse,
    method_version=METHOD_VERSION,
    par_sheet=ParSheetHooks(distribution=par_sheet_distribution, space=par_sheet_space),
)
