"""The par sheets of a review: one per configured wager, paytable and deck count, read from the figure store.

A par sheet is a pure function of the chapter's law, the wager, paytable and deck count and the way it is computed
(:func:`pacomply.checker.parsheet.par_sheet`), never of the filing, so it is a stored figure like the wager math
(docs/figure-store.md): a review reads it, and computes it only the first time a configuration is seen. The par
sheet is for the chapter's own rules; where the filing's answers (a 633a split limit, a progressive's rate) make the
review's figure differ, the section says so beside it (:func:`differs_from_review`).
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from pacomply.engine.figure_store import figure

if TYPE_CHECKING:
    from pacomply.checker.parsheet import ParSheet
    from pacomply.checker.wager_math import WagerMath

#: Raise when the par sheet's layout or content changes (a stored sheet of an older layout is then not reused).
LAYOUT = 10


def _method(inputs: Any) -> int:
    """The chapter's method version; where its wager math's par-sheet hooks also carry a ``version``
    (``PAR_SHEET_VERSION``: its par sheets changed while its other figures did not), both, so only that chapter's
    stored sheets are remade."""
    from pacomply.checker.wager_math import method_version
    from pacomply.checker.wager_math.hooks import wager_math_of
    from pacomply.regulations import chapters

    version = method_version(inputs["chapter"])
    sheets = wager_math_of(chapters.chapter(inputs["chapter"])).par_sheet.version
    return version * 1000 + sheets if sheets else version


@figure(
    "par-sheet",
    method=_method,
    chapter=lambda inputs: inputs["chapter"],
    describe=lambda inputs: (
        f"{inputs['chapter']} {inputs['wager']} par sheet, paytable {inputs['paytable'] or '-'}, "
        f"{inputs['decks']} decks"
    ),
)
def _stored_par_sheet(chapter: str, wager: str, paytable: str | None, decks: int, layout: int) -> ParSheet | None:
    from pacomply.checker.parsheet import ParSheetUnavailable, par_sheet

    del layout  # part of the key only
    try:
        return par_sheet(chapter, wager, paytable, decks)
    except ParSheetUnavailable:
        return None


def review_par_sheets(rows: Iterable[WagerMath]) -> tuple[ParSheet, ...]:
    """The par sheet of each distinct (chapter, wager, paytable, decks) of the review's wager math, in its order;
    a configuration the par sheet cannot be built for is left out. ``PACOMPLY_REVIEW_PAR_SHEETS=off`` leaves the
    section out altogether."""
    if os.environ.get("PACOMPLY_REVIEW_PAR_SHEETS", "").strip().lower() == "off":
        return ()  # a review without its par-sheet section (bench/review_par_sheets.py times the difference)
    seen: set[tuple[str, str, str | None, int]] = set()
    sheets: list[ParSheet] = []
    for row in rows:
        key = (row.chapter, row.wager, row.paytable, row.decks)
        if key in seen:
            continue
        seen.add(key)
        sheet = _stored_par_sheet(chapter=row.chapter, wager=row.wager, paytable=row.paytable, decks=row.decks,
                                  layout=LAYOUT)  # fmt: skip
        if sheet is not None:
            sheets.append(sheet)
    return tuple(sheets)


def differs_from_review(sheet: ParSheet, rows: Iterable[WagerMath]) -> bool:
    """True where the review's own figure for the same configuration is not the par sheet's (the filing's answers
    changed a rule or a rate the par sheet takes at the chapter's value)."""
    row = wager_math_of_sheet(sheet, rows)
    return row is not None and abs(row.house_edge - sheet.house_edge) > 1e-12


def wager_math_of_sheet(sheet: ParSheet, rows: Iterable[WagerMath]) -> WagerMath | None:
    """The review's wager-math row of the par sheet's configuration (chapter, wager, paytable, decks), if any."""
    for row in rows:
        if (row.chapter, row.wager, row.paytable, row.decks) == (sheet.chapter, sheet.wager, sheet.paytable,
                                                                   sheet.decks):  # fmt: skip
            return row
    return None


def rules_differences(
    sheet_strategy: Iterable[tuple[str, str]], review_strategy: Iterable[tuple[str, str]]
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The rules the par sheet is computed under that the review's pricing does not have, and the review's that the
    par sheet does not, each as the strategy's ``rules`` line words them (its parts between semicolons, in order):
    ('no even money',) and ('even money offered',) where the filing offers even money and the chapter's own rules,
    which the par sheet takes, do not."""
    sheet_rules = dict(sheet_strategy).get("rules", "").split("; ")
    review_rules = dict(review_strategy).get("rules", "").split("; ")
    return (
        tuple(part for part in sheet_rules if part and part not in review_rules),
        tuple(part for part in review_rules if part and part not in sheet_rules),
    )
