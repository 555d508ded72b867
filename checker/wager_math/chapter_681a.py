"""Wager math for 21 Baccarat (681a): Player, Banker, Tie and both Bonus wagers, exact at four and eight decks.

Bonus paytables are analysed only at the deck count § 681a.8(c) permits them with (A-C four decks, D-F eight).
"""

from __future__ import annotations

from fractions import Fraction

from pacomply.checker.wager_math import NO_OPTIONS, AnalysisOptions, AnalysisUnavailable, WagerMath
from pacomply.checker.wager_math.hooks import ChapterWagerMath, ParSheetHooks
from pacomply.engine.analysis.result import WagerAnalysis
from pacomply.regulations.chapter_681a import BONUS_PAYTABLE_DECKS, PERMITTED_DECKS, RULEBOOK

#: The version of the method behind this chapter's wager math, part of every stored figure's key
#: (docs/figure-store.md): raise it whenever a change here or in the engine under it changes a figure, then run
#: ``pacomply figures build`` so the shipped figures are remade.
METHOD_VERSION = 2

_READINGS_BY_WAGER: dict[str, tuple[str, ...]] = {
    "player": ("681a-two-ace-natural", "681a-one-draw", "681a-win-with-17"),
    "banker": ("681a-two-ace-natural", "681a-one-draw", "681a-win-with-17"),
    "tie": ("681a-two-ace-natural", "681a-one-draw", "681a-bonus-card-only-for-bonus"),
    "bonus_player": ("681a-two-ace-natural", "681a-one-draw", "681a-bonus-highest-hand"),
    "bonus_banker": ("681a-two-ace-natural", "681a-one-draw", "681a-bonus-highest-hand"),
}


def _reading(wager: str) -> str:
    return " | ".join(
        f"{reading.id}: {reading.choice}" for reading in (RULEBOOK.reading(i) for i in _READINGS_BY_WAGER[wager])
    )


def _math(wager: str, paytable: str | None, decks: int, analysis: WagerAnalysis) -> WagerMath:
    if paytable is not None:
        table = RULEBOOK.paytable(wager, paytable)
        citation = str(table.citation)
        rows = tuple((row.outcome, row.payout_text()) for row in table.rows)
    else:
        citation = str(RULEBOOK.wager(wager).citation)
        rows = (("win", "1 to 1"), ("win with 17", "1 to 2"), ("tie", "push")) if wager != "tie" else ()
        if wager == "tie":
            rows = (("equal totals", "10 to 1"),)
    return WagerMath.from_analysis(
        analysis,
        chapter="681a",
        wager=wager,
        paytable=paytable,
        decks=decks,
        citation=citation,
        reading=_reading(wager),
        paytable_rows=rows,
    )


def analyse(
    wager: str | None, paytable: str | None, decks: int | None, _options: AnalysisOptions = NO_OPTIONS
) -> list[WagerMath]:
    """The 681a wagers narrowed by the arguments; four and eight decks unless ``decks`` is given."""
    from pacomply.engine.analysis import twenty_one_baccarat

    wager_ids = [w.id for w in RULEBOOK.wagers]
    wagers = [wager] if wager is not None else wager_ids
    if decks is not None and decks not in PERMITTED_DECKS:
        raise AnalysisUnavailable(f"681a is played with 4 or 8 decks (§ 681a.3(a)); {decks} is not permitted")
    deck_counts = [decks] if decks is not None else sorted(PERMITTED_DECKS)
    results: list[WagerMath] = []
    for wager_id in wagers:
        if wager_id not in wager_ids:
            raise AnalysisUnavailable(f"681a has no wager '{wager_id}' (wagers: {', '.join(wager_ids)})")
        if wager_id in ("bonus_player", "bonus_banker"):
            if paytable is not None and paytable.upper() not in BONUS_PAYTABLE_DECKS:
                raise AnalysisUnavailable(f"681a's Bonus paytables are A-F; '{paytable}' is not one")
            chosen = [paytable.upper()] if paytable is not None else sorted(BONUS_PAYTABLE_DECKS)
            for paytable_id in chosen:
                permitted = BONUS_PAYTABLE_DECKS[paytable_id]
                if permitted not in deck_counts:
                    if paytable is not None:
                        raise AnalysisUnavailable(
                            f"Bonus paytable {paytable_id} is permitted only with {permitted} decks (§ 681a.8(c))"
                        )
                    continue
                analysis = twenty_one_baccarat.bonus(paytable_id, permitted)
                results.append(_math(wager_id, paytable_id, permitted, analysis))
            continue
        if paytable is not None and wager is not None:
            raise AnalysisUnavailable(f"681a's {wager_id} wager has no paytable")
        for deck_count in deck_counts:
            if wager_id == "tie":
                analysis = twenty_one_baccarat.tie(deck_count)
            else:
                analysis = twenty_one_baccarat.side_wager(wager_id, deck_count)
            results.append(_math(wager_id, None, deck_count, analysis))
    return results


# The par sheet's hook (checker/parsheet.py asks a chapter's wager math for what it can break down line by line).


def par_sheet_distribution(
    wager: str, paytable: str | None, decks: int
) -> tuple[tuple[Fraction, Fraction], ...] | None:
    """The Bonus wagers' and the Player and Banker wagers' (net, probability) pairs at ``decks``."""
    from pacomply.engine.analysis import twenty_one_baccarat

    if wager in {"bonus_player", "bonus_banker"} and paytable is not None:
        return tuple(twenty_one_baccarat.bonus_distribution(paytable, decks).items())
    if wager in {"player", "banker"}:
        return tuple(twenty_one_baccarat.side_distribution(wager, decks).items())
    return None


def par_sheet_space(wager: str, _paytable: str | None, decks: int) -> tuple[int, str] | None:
    """What a Bonus wager's lines count: the hand's first three cards dealt in order from the shoe's 52 x ``decks``
    cards (whether a third card is drawn depends on the first two, so order matters)."""
    from math import perm

    if wager not in {"bonus_player", "bonus_banker"}:
        return None
    cards = 52 * decks
    return perm(
        cards, 3
    ), f"the hand's first three cards dealt in order from {decks} decks ({cards} cards), P({cards},3)"


#: What shared code may ask of this chapter's wager math (checker/wager_math/hooks.py), typed.
WAGER_MATH = ChapterWagerMath(
    analyse=analyse,
    method_version=METHOD_VERSION,
    par_sheet=ParSheetHooks(distribution=par_sheet_distribution, space=par_sheet_space),
)
