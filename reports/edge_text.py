"""``pacomply edge`` as text: under each chapter's title, one line per wager (named as the chapter names it),
paytable and deck count with its house edge, element of risk, return and hit frequency, the strategy notes, every
priced reading in words (the Board's figure beside it) and the rule effects under it, then each reading of the
regulation relied on, once, numbered. The JSON (``edge_json``) keeps the ids."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from pacomply.regulations.chapters import Capability, chapters_with

if TYPE_CHECKING:
    from pacomply.checker.wager_math import WagerMath

_STRATEGY_CHART_LINES = 12
"""A base game's strategy longer than this is a chart, printed with --charts only; a side wager's notes always."""


def edge_text(results: Sequence[WagerMath], *, decks_given: bool, from_filing: bool, show_strategy: bool) -> str:
    """The report; ``decks_given``: --decks was named; ``from_filing``: the rows are a filing's tables, in order."""
    from pacomply.reports import wording

    lines: list[str] = []
    rows = list(results) if from_filing or decks_given else _board_decks_first(list(results), lines)
    readings: dict[str, int] = {}  # a reading usually covers many rows: each distinct one is printed once, at the end
    chapter = None
    for result in rows:
        if result.chapter != chapter:  # the chapter once, above its wagers ('686a Over/Under'), then names only
            chapter = result.chapter
            lines.append(f"{chapter} {_chapter_title(chapter)}")
        hit = "" if result.hit_frequency is None else f"  hit {wording.percent(result.hit_frequency, 2)}"
        lines.append(
            f"  {wording.wager_title(result.chapter, result.wager, result.paytable, result.decks)}: "
            f"house edge {wording.percent(result.house_edge)}  "
            f"element of risk {wording.percent(result.element_of_risk)}  return {wording.percent(result.return_)}"
            f"{hit}  ({result.method}, {result.citation})"
        )
        # The strategy in words always; a chart (a base game's grid, or a long list) with --charts only.
        every = result.strategy_rows()
        if show_strategy or not _is_strategy_chart(result):
            chart = every
        else:
            chart = result.strategy if len(result.strategy) <= _STRATEGY_CHART_LINES else ()
        width = max((len(when) for when, _ in chart), default=0) + 1
        lines.extend(f"    {when + ':':<{width}} {decision}" for when, decision in chart)
        if len(chart) < len(every):
            lines.append(f"    strategy chart: {len(every) - len(chart)} lines (--charts prints them)")
        lines.extend(_priced_readings(result))
        lines.extend(
            f"    effect of {effect.change}: {wording.percent(effect.effect, signed=True)} "
            f"(house edge {wording.percent(effect.house_edge)}; {effect.citation})"
            for effect in result.rule_effects
        )
        if result.reading:
            lines.append(f"    {wording.numbered_readings(result.reading, readings)}")
    lines.extend(wording.reading_list(readings))
    return "".join(f"{line}\n" for line in lines)


def _chapter_title(chapter: str) -> str:
    from pacomply import regulations

    try:
        return regulations.rulebook(chapter).title
    except regulations.UnknownChapterError:
        return ""


def _priced_readings(result: WagerMath) -> list[str]:
    """Every candidate reading of a row with its figure, the one relied on marked, the Board's figures beside."""
    from pacomply.checker.reconciliation import board_figures_beside
    from pacomply.reports import wording

    lines = []
    for candidate in result.priced_readings:
        mark = "*" if candidate.relied_on else " "
        basis = f" [{candidate.basis}]" if candidate.basis and candidate.basis != candidate.choice else ""
        lines.append(
            f"   {mark} {wording.without_reading_ids(wording.plain(candidate.choice + basis))}: "
            f"return {wording.percent(candidate.return_)}  house edge {wording.percent(candidate.house_edge)}  "
            f"({candidate.method}){board_figures_beside(result, candidate)}"
        )
    if result.priced_readings:
        lines.append("    (* the reading relied on)")
    return lines


def _board_decks_first(results: list[WagerMath], lines: list[str]) -> list[WagerMath]:
    """Without --decks, a chapter whose wager math names the deck counts the Board's published range refers to
    (``BOARD_RANGE_DECKS``, with the line ``BOARD_RANGE_ORDER_NOTE`` that says so) shows those rows first, then every
    other count its chapter allows (each group in the usual order); other chapters unchanged."""
    from pacomply.regulations.chapters import chapter as chapter_descriptor

    leading: list[WagerMath] = []
    for chapter_id in sorted({result.chapter for result in results}):
        wager_math = chapter_descriptor(chapter_id).module("wager math")
        board_decks = getattr(wager_math, "BOARD_RANGE_DECKS", None)
        if board_decks is None:
            continue
        lines.append(wager_math.BOARD_RANGE_ORDER_NOTE)
        leading += [result for result in results if result.chapter == chapter_id and result.decks in board_decks]
    return leading + [result for result in results if result not in leading]


def _is_strategy_chart(result: WagerMath) -> bool:
    """A blackjack base game's strategy chart (long; behind --charts), as against a side wager's few notes."""
    return (
        result.chapter in chapters_with(Capability.BASE_GAME_OPTIONS)
        and result.wager in {"base", "blackjack", "switch"}
        and (result.chart is not None or len(result.strategy) > _STRATEGY_CHART_LINES)
    )
