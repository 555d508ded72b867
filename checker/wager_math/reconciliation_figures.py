"""Figures the reconciliation with the Board's published figures sizes and tests candidates with, kept in the figure
store so that a review reads them and loads no hand evaluator or exact analysis.

- The Envy Bonus moments: the spread of a candidate that pays other players' Envy is sized from E[a] and E[a²] of
  the Envy dollars one other hand earns. A chapter's wager math computes them from its exact analysis (its
  ``SizedBonuses.computed_envy_moments(wager, paytable)`` hook) for each of its sized bonus wagers.
- The outcome model of a wager whose paytables are one set of outcomes weighted differently (688a's Ace High
  Bonus): each outcome's probability and each paytable's return per outcome (the
  ``ReconciliationHooks.computed_outcome_model(wager)`` hook, for each of its ``outcome_model_wagers``).

Each chapter's wager math answers its own hooks from here; the catalogue (``checker.figures``) lists these figures
through :func:`catalogued`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from fractions import Fraction
from typing import Any

from pacomply.checker.wager_math.hooks import (
    BonusEnvyMoments,
    ComputedOutcomeModel,
    ReconciliationHooks,
    wager_math_of,
)
from pacomply.engine.figure_store import figure
from pacomply.regulations import chapters

from pacomply import regulations

OutcomeModel = tuple[dict[str, Fraction], dict[str, dict[str, Fraction]]]
"""Each outcome's probability, and per paytable each outcome's return per unit wagered."""


def _describe_envy(inputs: Mapping[str, Any]) -> str:
    return f"{inputs['chapter']} {inputs['wager']} paytable {inputs['paytable']}: Envy Bonus moments of one other hand"


def _describe_model(inputs: Mapping[str, Any]) -> str:
    return f"{inputs['chapter']} {inputs['wager']}: outcome probabilities and each paytable's returns"


def _reconciliation_hooks(chapter: str) -> ReconciliationHooks:
    return wager_math_of(chapters.chapter(chapter)).reconciliation


def _computed_envy_moments(chapter: str) -> BonusEnvyMoments:
    sized = _reconciliation_hooks(chapter).sized_bonuses
    if sized is None or sized.computed_envy_moments is None:
        raise LookupError(f"chapter {chapter}'s wager math computes no Envy Bonus moments")
    return sized.computed_envy_moments


def _computed_outcome_model(chapter: str) -> ComputedOutcomeModel:
    found = _reconciliation_hooks(chapter).computed_outcome_model
    if found is None:
        raise LookupError(f"chapter {chapter}'s wager math computes no outcome model")
    return found


@figure("bonus-envy-moments", method=1, chapter=lambda inputs: inputs["chapter"], describe=_describe_envy)
def _stored_envy_moments(chapter: str, wager: str, paytable: str) -> tuple[Fraction, Fraction]:
    first, second = _computed_envy_moments(chapter)(wager, paytable)
    return Fraction(first), Fraction(second)


@figure("bonus-outcome-model", method=1, chapter=lambda inputs: inputs["chapter"], describe=_describe_model)
def _stored_outcome_model(chapter: str, wager: str) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    # Kept as ordered pairs: the dictionaries are read back in the order the chapter's model gave them.
    probabilities, returns = _computed_outcome_model(chapter)(wager)
    return (
        tuple(probabilities.items()),
        tuple((paytable, tuple(by_outcome.items())) for paytable, by_outcome in returns.items()),
    )


def envy_moments(chapter: str, wager: str, paytable: str) -> tuple[Fraction, Fraction]:
    """E[a] and E[a²] of the Envy dollars one other hand earns under ``paytable`` of ``wager`` (stored)."""
    return _stored_envy_moments(chapter=chapter, wager=wager, paytable=paytable)


def outcome_model(chapter: str, wager: str) -> OutcomeModel:
    """The outcome model of ``wager`` (stored)."""
    probabilities, returns = _stored_outcome_model(chapter=chapter, wager=wager)
    return dict(probabilities), {paytable: dict(by_outcome) for paytable, by_outcome in returns}


def catalogued(chapter: str) -> Iterator[tuple[Any, tuple[tuple[str, Any], ...]]]:
    """The figures of this module for ``chapter``: the Envy moments at every paytable of each sized bonus wager,
    and each outcome model (none where the chapter's wager math computes none)."""
    hooks = _reconciliation_hooks(chapter)
    book = regulations.rulebook(chapter)
    sized = hooks.sized_bonuses
    if sized is not None and sized.computed_envy_moments is not None:
        for wager in sorted(sized.wagers):
            for paytable in book.paytables_for(wager):
                yield _stored_envy_moments, (("chapter", chapter), ("wager", wager), ("paytable", paytable.id))
    if hooks.computed_outcome_model is not None:
        for wager in sorted(hooks.outcome_model_wagers):
            yield _stored_outcome_model, (("chapter", chapter), ("wager", wager))
