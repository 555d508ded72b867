"""Wager math in the MATH.md contract: the rulebook's wagers and paytables joined with the engine's analyses.

One module per chapter (``chapter_NNNa.py``) exposes ``analyse(wager, paytable, decks)``; this package dispatches
and defines :class:`WagerMath`, the record ``pacomply edge`` prints and every report shows.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib import import_module
from typing import Any

_CHAPTER_MODULES: dict[str, str] = {
    "633a": "checker.wager_math.chapter_633a",
    "645a": "checker.wager_math.chapter_645a",
    "681a": "checker.wager_math.chapter_681a",
    "685a": "checker.wager_math.chapter_685a",
    "686a": "checker.wager_math.chapter_686a",
    "687a": "checker.wager_math.chapter_687a",
    "688a": "checker.wager_math.chapter_688a",
}

DECIMALS = 6


class AnalysisUnavailable(LookupError):
    """The chapter, wager, paytable or deck count asked for cannot be analysed (says why)."""


@dataclass(frozen=True, slots=True)
class WagerMath:
    """One (wager, paytable, decks) analysed, with the MATH.md ``edge`` JSON fields."""

    chapter: str
    wager: str
    paytable: str | None
    decks: int
    house_edge: float
    element_of_risk: float
    return_: float
    method: str
    rounds: int | None
    ci95: tuple[float, float] | None
    hit_frequency: float | None
    std_dev: float | None
    citation: str
    reading: str | None
    strategy: tuple[tuple[str, str], ...] = field(default_factory=tuple)
    paytable_rows: tuple[tuple[str, str], ...] = field(default_factory=tuple)

    def to_json(self) -> dict[str, Any]:
        """The MATH.md object, keys in the contract's order, then our additions (strategy, paytable_rows)."""
        return {
            "chapter": self.chapter,
            "wager": self.wager,
            "paytable": self.paytable,
            "decks": self.decks,
            "house_edge": round(self.house_edge, DECIMALS),
            "element_of_risk": round(self.element_of_risk, DECIMALS),
            "return": round(self.return_, DECIMALS),
            "method": self.method,
            "rounds": self.rounds,
            "ci95": None if self.ci95 is None else [round(bound, DECIMALS) for bound in self.ci95],
            "hit_frequency": None if self.hit_frequency is None else round(self.hit_frequency, DECIMALS),
            "std_dev": None if self.std_dev is None else round(self.std_dev, 4),
            "citation": self.citation,
            "reading": self.reading,
            "strategy": [{"when": when, "decision": decision} for when, decision in self.strategy],
            "paytable_rows": [{"outcome": outcome, "pays": pays} for outcome, pays in self.paytable_rows],
        }

    @property
    def sort_key(self) -> tuple[str, str, str, int]:
        """Chapter, wager, paytable, decks."""
        return (self.chapter, self.wager, self.paytable or "", self.decks)


def supported_chapters() -> tuple[str, ...]:
    """Chapters whose wagers pacomply can analyse."""
    return tuple(sorted(_CHAPTER_MODULES))


def analyse(
    chapter: str, wager: str | None = None, paytable: str | None = None, decks: int | None = None
) -> list[WagerMath]:
    """Every (wager, paytable, decks) the chapter permits, narrowed by the arguments given; sorted."""
    module_name = _CHAPTER_MODULES.get(chapter)
    if module_name is None:
        raise AnalysisUnavailable(
            f"no wager math for chapter '{chapter}' yet (available: {', '.join(supported_chapters())})"
        )
    results: list[WagerMath] = import_module(module_name).analyse(wager, paytable, decks)
    return sorted(results, key=lambda math: math.sort_key)
