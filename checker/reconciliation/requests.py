"""What to analyse for a Board figure: the wager-math calls (:class:`Request`) a figure's reconciliation needs, and
running them.

Part of :mod:`checker.reconciliation`, which imports every name from here.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING

from pacomply.engine.analysis.blackjack_strategy import Strategy
from pacomply.regulations import chapters
from pacomply.regulations.chapters import Capability
from pacomply.regulations.published import PublishedFigure

from pacomply import regulations

if TYPE_CHECKING:
    from pacomply.checker.wager_math import WagerMath
    from pacomply.checker.wager_math.hooks import ReconciliationHooks


# --------------------------------------------------------------------------------------------------------------------
# What to analyse for a figure


@dataclass(frozen=True, slots=True, order=True)
class Request:
    """One call of the wager math a figure needs; figures that need the same call share it."""

    chapter: str
    wager: str
    paytable: str | None
    decks: int | None
    strategy: Strategy | None
    rule_change: tuple[str, str] | None
    base_changes: tuple[tuple[str, str], ...] = ()
    """Rules changed from the chapter's before ``rule_change`` is applied: an alternative base a rule effect is
    measured against (:data:`ALTERNATIVE_BASES`)."""


# A request is part of a stored figure's key, which names its class (engine.figure_store): it keeps the name it had
# before the package was split, the package's, where it is importable too.
Request.__module__ = "pacomply.checker.reconciliation"


#: The alternative bases a rule effect is also measured against (the Board did not say which rules its base had):
#: the chapter's rules without doubling after a split, without late surrender, and without both; a base is skipped
#: where the figure's own change is one of its changes. Priced at :data:`ALTERNATIVE_BASE_DECKS` only (a bound: the
#: shoe games, each base two more analyses per deck count).
ALTERNATIVE_BASES: tuple[tuple[tuple[str, str], ...], ...] = (
    (("double_after_split", "no"),),
    (("late_surrender", "no"),),
    (("double_after_split", "no"), ("late_surrender", "no")),
)
ALTERNATIVE_BASE_DECKS = (6, 8)


def _base_rule_readings() -> tuple[tuple[tuple[str, str], ...], ...]:
    """Every set of the defensible rule readings a 633a base-game figure (one with no rule effect) is priced under,
    at :data:`ALTERNATIVE_BASE_DECKS`: splitting to 4, 3 or 2 hands, resplitting aces or not, doubling after a split
    or not, late surrender or not, the dealer hitting soft 17 or not, each alone and in every combination (39 sets
    besides the chapter's own, resplitting aces left out where only one split is allowed; a bound: two figures
    share them, each an exact analysis of under a second to a few seconds). It holds :data:`ALTERNATIVE_BASES`,
    labelled alike."""
    found = []
    for hands, aces, after_split, surrender, soft in itertools.product(
        ("4", "3", "2"), ("no", "yes"), ("yes", "no"), ("yes", "no"), ("no", "yes")
    ):
        changes: list[tuple[str, str]] = []
        if hands != "4":
            changes.append(("max_split_hands", hands))
        if aces == "yes":
            changes.append(("resplit_aces", "yes"))
        if after_split == "no":
            changes.append(("double_after_split", "no"))
        if surrender == "no":
            changes.append(("late_surrender", "no"))
        if soft == "yes":
            changes.append(("dealer_hits_soft_17", "yes"))
        if changes and (hands, aces) != ("2", "yes"):  # with one split allowed no ace is ever resplit
            found.append(tuple(changes))
    return tuple(found)


#: The rule readings a 633a base-game figure is priced under (:func:`_base_rule_readings`).
BASE_RULE_READINGS = _base_rule_readings()


def _alternative_base_chapters() -> tuple[str, ...]:
    """The chapters whose base game can be analysed under other rules: those whose filing sets its base game's
    rules (the others fix their rules)."""
    return chapters.chapters_with(Capability.FILED_BASE_GAME)


def _reconciliation_hooks(chapter: str) -> ReconciliationHooks:
    """What the chapter's wager math gives the reconciliation (``printed_rate``, ``outcome_model``, the sized Pai Gow
    bonuses; checker/wager_math/hooks.py), none of them where the chapter is not supported."""
    from pacomply.checker.wager_math.hooks import ReconciliationHooks, wager_math_of

    try:
        descriptor = chapters.chapter(chapter)
    except chapters.UnknownChapterError:
        return ReconciliationHooks()
    return wager_math_of(descriptor).reconciliation


def _strategy(figure: PublishedFigure) -> Strategy | None:
    # "perfect" is the wager math's default (composition-dependent, optimal); only "basic" changes the call.
    return Strategy.BASIC if figure.strategy == Strategy.BASIC else None


def requests_for(figure: PublishedFigure) -> tuple[Request, ...]:
    """The wager-math calls a figure's reconciliation needs (none for a row without a figure)."""
    from pacomply.checker.wager_math import base_game_option_chapters

    if figure.wager is None or figure.percent is None:
        return ()
    strategy = _strategy(figure)
    decks: tuple[int | None, ...] = (None,)
    if figure.chapter in base_game_option_chapters() and figure.wager == "base":
        # The base game is the long enumeration: one call per deck count lets them run side by side.
        decks = figure.decks or _analysed_decks(figure.chapter)
    elif figure.decks:
        decks = figure.decks
    calls = [Request(figure.chapter, figure.wager, figure.paytable, count, strategy, None) for count in decks]
    if figure.rule_change is not None:
        calls += [
            Request(figure.chapter, figure.wager, figure.paytable, count, strategy, figure.rule_change)
            for count in decks
        ]
    if figure.chapter in _alternative_base_chapters() and figure.wager == "base":
        for base in ALTERNATIVE_BASES if figure.rule_change is not None else BASE_RULE_READINGS:
            if figure.rule_change is not None and any(field == figure.rule_change[0] for field, _ in base):
                continue
            for count in decks:
                if count not in ALTERNATIVE_BASE_DECKS:
                    continue
                calls.append(Request(figure.chapter, figure.wager, figure.paytable, count, strategy, None, base))
                if figure.rule_change is not None:
                    calls.append(
                        Request(
                            figure.chapter, figure.wager, figure.paytable, count, strategy, figure.rule_change, base
                        )
                    )
    return tuple(calls)


def _analysed_decks(chapter: str) -> tuple[int, ...]:
    """The deck counts the chapter's base game is analysed at (``edge`` shows the same): a chapter may list fewer
    than it permits where the rest add nothing a reviewer needs (``ANALYSED_DECKS``)."""

    analysed = chapters.chapter(chapter).hook("rulebook", "ANALYSED_DECKS")
    return tuple(analysed) if analysed else tuple(sorted(regulations.rulebook(chapter).permitted_decks))


def _rule_value(text: str) -> bool | Fraction:
    if text == "yes":
        return True
    if text == "no":
        return False
    return Fraction(text)


def run_request(request: Request) -> tuple[WagerMath, ...]:
    """The wager math of one request; empty where the chapter does not analyse that deck count or paytable.

    Kept for the life of the process: a review's finding and its wager-math section ask for the same figures.
    """
    return _run_request(request)


@cache
def _run_request(request: Request) -> tuple[WagerMath, ...]:
    from pacomply.checker.wager_math import AnalysisUnavailable, analyse
    from pacomply.checker.wager_math.blackjack_base import BaseGameOptions, RuleChange

    options = None
    if request.strategy is not None or request.rule_change is not None or request.base_changes:
        changes = tuple(
            RuleChange(field, _rule_value(value), "an alternative base for the Board's rule effect")
            for field, value in request.base_changes
        )
        if request.rule_change is not None:
            field, value = request.rule_change
            changes += (RuleChange(field, _rule_value(value), "the Board's rule effect"),)
        options = BaseGameOptions(
            strategy=request.strategy or Strategy.OPTIMAL,
            strategy_given=request.strategy is not None,
            changes=changes,
        )
    try:
        return tuple(analyse(request.chapter, request.wager, request.paytable, request.decks, base_game=options))
    except AnalysisUnavailable:
        return ()
