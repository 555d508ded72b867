"""Joint tests of a list of figures: one assumption set chosen for the whole list, and the chi-square test of the
list's gaps (one simulation shared by every paytable where the chapter has an outcome model).

Part of :mod:`checker.reconciliation`, which imports every name from here.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from fractions import Fraction

from pacomply.checker.reconciliation.assignment import _annotate
from pacomply.checker.reconciliation.model import SIMULATION_FLOOR, SIMULATION_SIZES, Computed, Reconciliation, Verdict
from pacomply.checker.reconciliation.requests import _reconciliation_hooks
from pacomply.checker.reconciliation.verdicts import (
    _admissible,
    _errors_at,
    _own_standard_error,
    _simulation_decision,
    _sized,
    chi_square_survival,
    spread_of,
)

LIST_SIGNIFICANCE = 0.05


@dataclass(frozen=True, slots=True)
class _Assumption:
    """One assumption set tried for a whole list: pacomply's own pricing, or one candidate (or combination) of the
    readings, the same for every figure of the list; each figure's candidate under it, and the list's joint test."""

    key: tuple[str, ...]
    label: str
    chosen: tuple[Computed, ...]
    statistic: float
    p_value: float


def _assumption_key(candidate: Computed) -> tuple[str, ...]:
    return ("own",) if candidate.own else (candidate.reading or "", candidate.candidate or "")


def _joint_fit(members: Sequence[Reconciliation], chosen: Sequence[Computed]) -> tuple[float, float]:
    """The chi-square of a list's gaps at :data:`SIMULATION_FLOOR` rounds (the smallest simulation a figure is
    assumed to rest on, the most lenient: the statistic grows with the rounds), each figure's simulation taken as its
    own, with pacomply's own standard error added where its figure is simulated; and its p-value."""
    statistic = 0.0
    for member, candidate in zip(members, chosen, strict=True):
        assert member.figure.value is not None
        gap = float(candidate.percent - member.figure.value) / 100
        variance = spread_of(candidate) ** 2 / SIMULATION_FLOOR + _own_standard_error(candidate) ** 2
        statistic += gap * gap / variance
    return statistic, chi_square_survival(statistic, len(members))


def _assumptions(members: Sequence[Reconciliation]) -> list[_Assumption]:
    """Every assumption set available to every figure of the list, each tested jointly; sets that give every figure
    the same numbers as an earlier one (pacomply's own pricing restated under two readings' names) counted once."""
    per_member: list[dict[tuple[str, ...], Computed]] = []
    for member in members:
        board = member.figure.value
        assert board is not None
        options: dict[tuple[str, ...], Computed] = {}
        for candidate in _admissible(member.figure, member.computed):
            if not _sized(candidate):
                continue
            key = _assumption_key(candidate)
            best = options.get(key)
            if best is None or abs(candidate.percent - board) < abs(best.percent - board):
                options[key] = candidate
        per_member.append(options)
    keys = [key for key in per_member[0] if all(key in options for options in per_member[1:])]
    keys.sort(key=lambda key: (key != ("own",), key.count(" + "), key))
    found: list[_Assumption] = []
    seen: set[tuple[Decimal, ...]] = set()
    for key in keys:
        chosen = tuple(options[key] for options in per_member)
        values = tuple(candidate.percent for candidate in chosen)
        if values in seen:
            continue
        seen.add(values)
        first = chosen[0]
        label = "pacomply's own pricing" if key == ("own",) else f"{first.reading} '{first.choice}'"
        statistic, p_value = _joint_fit(members, chosen)
        found.append(_Assumption(key, label, chosen, statistic, p_value))
    return found


def _sidak(p_value: float, tried: int) -> float:
    """A p-value corrected for the best of ``tried`` assumption sets having been picked (Šidák: the chance that the
    best of that many independent tests does at least this well by luck)."""
    return 1.0 - (1.0 - p_value) ** tried


def _one_assumption_per_list(reconciliations: list[Reconciliation]) -> list[Reconciliation]:
    """Hold the figures of a list that a simulation explains to one assumption set, chosen once for the whole list.

    Each figure's provisional verdict picked its own nearest candidate; a laboratory's list rests on one set of
    assumptions, so the list is tested jointly (:func:`_joint_fit`) under pacomply's own pricing first, and only if
    that fails under every assumption set available to every figure, the best one chosen for the list with its
    p-value corrected for the search (:func:`_sidak`). Where none passes, every figure of the list is unexplained,
    with the common offset of the Board's figures from pacomply's own pricing and its spread as the evidence."""
    groups: dict[tuple[str, str, str, str], list[int]] = {}
    for position, item in enumerate(reconciliations):
        if item.verdict == Verdict.SIMULATION:
            groups.setdefault(item.figure.group, []).append(position)
    for positions in groups.values():
        members = [reconciliations[position] for position in positions]
        tried = _assumptions(members)
        if not tried:
            continue
        own = next((assumption for assumption in tried if assumption.key == ("own",)), None)
        if own is not None and own.p_value >= LIST_SIGNIFICANCE:
            chosen, searched, adjusted = own, 1, own.p_value
        else:
            chosen = max(tried, key=lambda assumption: (assumption.p_value, -tried.index(assumption)))
            searched, adjusted = len(tried), _sidak(chosen.p_value, len(tried))
        joint = (
            f"chi-square {chosen.statistic:.2f} with {len(members)} degree{'s' * (len(members) != 1)} of freedom at "
            f"10^{round(math.log10(SIMULATION_FLOOR))} rounds, p {chosen.p_value:.3f}"
            + (f", {adjusted:.3f} corrected for the best of {searched} (Šidák)" if searched > 1 else "")
        )
        search = "none: pacomply's own pricing fits" if searched == 1 else f"best of {searched}, chosen for the list"
        if adjusted >= LIST_SIGNIFICANCE:
            for position, member, candidate in zip(positions, members, chosen.chosen, strict=True):
                decision = _simulation_decision(member.figure, candidate)
                text = decision.explanation
                if len(members) > 1 or searched > 1:
                    text += (
                        f"; one assumption for the list of {len(members)}: {chosen.label} ({search}; jointly {joint})"
                    )
                reconciliations[position] = replace(
                    member,
                    nearest=candidate,
                    explanation=text,
                    evidence=(
                        *decision.evidence,
                        ("assumption", chosen.label),
                        ("assumption_search", search),
                        ("list_test", joint),
                    ),
                )
            continue
        offsets = []
        own_nearest = []
        for member in members:
            assert member.figure.value is not None
            ours = [c for c in _admissible(member.figure, member.computed) if c.own]
            board = member.figure.value
            nearest_own = min(ours, key=lambda c: abs(c.percent - board), default=member.nearest)
            own_nearest.append(nearest_own)
            if nearest_own is not None:
                offsets.append(float(board - nearest_own.percent))
        mean = sum(offsets) / len(offsets) if offsets else 0.0
        spread = (
            math.sqrt(sum((value - mean) ** 2 for value in offsets) / (len(offsets) - 1)) if len(offsets) > 1 else 0.0
        )
        listed = ", ".join(f"{value:+.3f}" for value in offsets)
        for position, member, nearest_own in zip(positions, members, own_nearest, strict=True):
            text = (
                f"no one assumption explains the list of {len(members)}: each figure's nearest candidate was fitted "
                f"row by row, and the best assumption set shared by the whole list, {chosen.label} ({search}), "
                f"fails jointly ({joint}); the Board's figures sit a common {mean:+.3f} points (standard deviation "
                f"{spread:.3f}) from pacomply's own pricing ({listed}), an offset no assumption tried produces"
            )
            reconciliations[position] = replace(
                member,
                verdict=Verdict.UNEXPLAINED,
                nearest=nearest_own,
                explanation=text,
                evidence=(
                    ("common_offset_points", f"{mean:+.4f}"),
                    ("offset_spread_points", f"{spread:.4f}"),
                    ("offsets_points", listed),
                    ("best_shared_assumption", chosen.label),
                    ("assumption_search", search),
                    ("list_test", joint),
                ),
            )
    return reconciliations


def _outcome_model(chapter: str, wager: str) -> tuple[dict[str, Fraction], dict[str, dict[str, Fraction]]] | None:
    """Where every paytable of a wager is one set of outcomes weighted differently (688a's Ace High Bonus): the
    outcomes' probabilities and each paytable's return per outcome, so one simulation can be tested for a list (the
    chapter's wager math's ``outcome_model`` hook)."""
    hook = _reconciliation_hooks(chapter).outcome_model
    return hook(wager) if hook is not None else None


def _one_simulation_chi_square(members: Sequence[Reconciliation], rounds: int) -> float | None:
    """The chi-square of a list's gaps under one simulation of ``rounds`` deals shared by every paytable (the
    multinomial covariance of the outcomes' frequencies, carried to each paytable's return), plus the Board's
    rounding to its printed places (uniform, variance step^2 / 12)."""
    import numpy as np

    figure = members[0].figure
    model = _outcome_model(figure.chapter, figure.wager or "")
    if model is None:
        return None
    probabilities, returns = model
    outcomes = sorted(probabilities)
    p = np.array([float(probabilities[outcome]) for outcome in outcomes])
    rows, gaps, rounding = [], [], []
    for member in members:
        paytable = member.figure.paytable
        if paytable not in returns or member.nearest is None or member.figure.value is None:
            return None
        rows.append([float(returns[paytable][outcome]) for outcome in outcomes])
        gaps.append(float(member.figure.value - member.nearest.percent) / 100)
        step = 10.0**-member.figure.places / 100
        rounding.append(step * step / 12)
    weights = np.array(rows)
    covariance = weights @ (np.diag(p) - np.outer(p, p)) @ weights.T / rounds + np.diag(rounding)
    gap = np.array(gaps)
    return float(gap @ np.linalg.solve(covariance, gap))


def _family_test(reconciliations: list[Reconciliation]) -> list[Reconciliation]:
    """For a list whose figures are all consistent with simulation, a joint chi-square of their gaps at each size of
    :data:`SIMULATION_SIZES`: under one simulation shared by every paytable where the wager is one set of outcomes
    (:func:`_outcome_model`), else with the figures' estimates taken as independent; and the sizes it passes at 5 %."""
    groups: dict[tuple[str, str, str, str], list[int]] = {}
    for position, item in enumerate(reconciliations):
        groups.setdefault(item.figure.group, []).append(position)
    for positions in groups.values():
        members = [reconciliations[p] for p in positions]
        if len(members) < 2 or any(m.verdict != Verdict.SIMULATION for m in members):
            continue
        nearest = [m.nearest for m in members if m.nearest is not None]
        if len(nearest) != len(members):
            continue
        gaps = [
            (candidate.percent - (m.figure.value or Decimal(0)), spread_of(candidate))
            for m, candidate in zip(members, nearest, strict=True)
        ]
        results = []
        shared = _outcome_model(members[0].figure.chapter, members[0].figure.wager or "") is not None
        for size in SIMULATION_SIZES:
            statistic = _one_simulation_chi_square(members, size) if shared else None
            if statistic is None:
                statistic = sum(_errors_at(gap, sd, size) ** 2 for gap, sd in gaps if sd)
            results.append((size, statistic, chi_square_survival(statistic, len(gaps))))
        passing = [size for size, _, p_value in results if p_value >= 0.05]
        model = "one simulation shared by every paytable" if shared else "independent estimates"
        text = ", ".join(
            f"chi-square {statistic:.2f} (p {p_value:.3f}) at 10^{round(math.log10(size))}"
            for size, statistic, p_value in results
        )
        verdict_text = (
            f"jointly, the {len(members)} figures fit {model} at "
            + ", ".join(f"10^{round(math.log10(size))}" for size in passing)
            + " rounds (chi-square, 5 %)"
            if passing
            else f"jointly ({model}) the list fails the chi-square test at every size tried"
        )
        joint_test = ("joint_test", f"{model}, {len(members)} degrees of freedom: {text}")
        _annotate(reconciliations, positions, verdict_text, (joint_test,))
    return reconciliations
