"""The sample chapter's wager math: Over/Under's figures, each record under the id 699a."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pacomply.checker.wager_math import WagerMath
from pacomply.checker.wager_math.chapter_686a import analyse as over_under_analyse

#: The version of the method behind the figures (the figure store's key).
METHOD_VERSION = 1


def analyse(wager: str | None, paytable: str | None, decks: int | None) -> list[WagerMath]:
    """Over/Under's wager math, relabelled."""
    return [replace(math, chapter="699a") for math in over_under_analyse(wager, paytable, decks)]


def filing_options(_filing: object, wager: str) -> dict[str, Any]:
    """Nothing a filing answers changes a figure; the hook is here so a test sees it called."""
    CALLS.append(wager)
    return {}


CALLS: list[str] = []


def par_sheet_distribution(wager: str, paytable: str | None, decks: int) -> object:
    """The par sheet's hook: Over/Under's Bonus distribution, so the sample's par sheet has its lines."""
    from pacomply.checker.wager_math.chapter_686a import par_sheet_distribution as over_under_distribution

    return over_under_distribution(wager, paytable, decks)


def par_sheet_space(wager: str, paytable: str | None, decks: int) -> object:
    """The par sheet's hook: what Over/Under's Bonus lines count, so the sample's sheet counts the same hands."""
    from pacomply.checker.wager_math.chapter_686a import par_sheet_space as over_under_space

    return over_under_space(wager, paytable, decks)
