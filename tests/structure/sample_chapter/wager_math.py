"""The sample chapter's wager math: Over/Under's figures, each record under the id 699a."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from pacomply.checker.wager_math import NO_OPTIONS, AnalysisOptions, WagerMath
from pacomply.checker.wager_math.chapter_686a import analyse as over_under_analyse
from pacomply.checker.wager_math.hooks import ChapterWagerMath, ParSheetHooks

#: The version of the method behind the figures (the figure store's key).
METHOD_VERSION = 1


def analyse(
    wager: str | None, paytable: str | None, decks: int | None, _options: AnalysisOptions = NO_OPTIONS
) -> list[WagerMath]:
    """Over/Under's wager math, relabelled."""
    return [replace(math, chapter="699a") for math in over_under_analyse(wager, paytable, decks)]


def filing_options(_filing: object, wager: str) -> AnalysisOptions:
    """Nothing a filing answers changes a figure; the hook is here so a test sees it called."""
    CALLS.append(wager)
    return NO_OPTIONS


CALLS: list[str] = []


def par_sheet_distribution(
    wager: str, paytable: str | None, decks: int
) -> tuple[tuple[Fraction, Fraction], ...] | None:
    """The par sheet's hook: Over/Under's Bonus distribution, so the sample's par sheet has its lines."""
    from pacomply.checker.wager_math.chapter_686a import par_sheet_distribution as over_under_distribution

    return over_under_distribution(wager, paytable, decks)


def par_sheet_space(wager: str, paytable: str | None, decks: int) -> tuple[int, str] | None:
    """The par sheet's hook: what Over/Under's Bonus lines count, so the sample's sheet counts the same hands."""
    from pacomply.checker.wager_math.chapter_686a import par_sheet_space as over_under_space

    return over_under_space(wager, paytable, decks)


#: The sample chapter's contract with shared code (checker/wager_math/hooks.py).
WAGER_MATH = ChapterWagerMath(
    analyse=analyse,
    method_version=METHOD_VERSION,
    filing_options=filing_options,
    par_sheet=ParSheetHooks(distribution=par_sheet_distribution, space=par_sheet_space),
)
