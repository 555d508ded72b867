"""Computed figures in the Board's terms: every candidate a figure is compared with (pacomply's own pricing, each
reading and each bounded combination of readings, the rule effects), with the spread each is tested on.

Part of :mod:`checker.reconciliation`, which imports every name from here.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import replace
from decimal import ROUND_HALF_UP, Decimal, localcontext
from fractions import Fraction
from typing import TYPE_CHECKING

from pacomply.regulations.published import Basis, Measure, PublishedFigure

if TYPE_CHECKING:
    from pacomply.checker.wager_math import PricedReading, WagerMath

from pacomply.checker.reconciliation.model import MAX_COMBINED_READINGS, PERCENT_PLACES, Computed
from pacomply.checker.reconciliation.requests import (
    ALTERNATIVE_BASE_DECKS,
    ALTERNATIVE_BASES,
    BASE_RULE_READINGS,
    Request,
    _alternative_base_chapters,
    _reconciliation_hooks,
    requests_for,
)

# --------------------------------------------------------------------------------------------------------------------
# Computed figures in the Board's terms


def _percent(value: Fraction | float) -> Decimal:
    with localcontext() as context:
        context.prec = 40
        if isinstance(value, Fraction):
            exact = Decimal(value.numerator) / Decimal(value.denominator)
        else:
            exact = Decimal(repr(value))
        return (exact * 100).quantize(Decimal(1).scaleb(-PERCENT_PLACES), rounding=ROUND_HALF_UP)


def _in_board_terms(figure: PublishedFigure, return_: Fraction | float) -> Decimal:
    """A return per unit wagered as the Board's measure: a payback, or a hold / house edge (100 % minus it)."""
    if figure.measure in {Measure.HOLD, Measure.HOUSE_EDGE}:
        return _percent(1 - return_)
    return _percent(return_)


def _interval(figure: PublishedFigure, ci95: tuple[float, float] | None) -> tuple[Decimal, Decimal] | None:
    """The wager math's 95 % interval (of the house edge, per unit wagered) in the Board's terms."""
    if ci95 is None:
        return None
    ends = sorted(_in_board_terms(figure, 1 - bound) for bound in ci95)
    return ends[0], ends[1]


def _basis_allowed(figure: PublishedFigure, basis: str) -> bool:
    """Whether a computed figure's basis is one the Board's definition allows."""
    text = basis.lower()
    if figure.basis == Basis.LONG_RUN:
        return text.startswith("long run")
    if figure.basis == Basis.AT_SEED:
        return "seed" in text
    if figure.basis == Basis.PER_INITIAL_WAGER:
        return "initial" in text or text in {"per wager", ""}
    if figure.basis == Basis.PER_TOTAL_WAGERED:
        return "total" in text or "unit wagered" in text or text in {"per wager", ""}
    return True


def _basis_readings(readings: Sequence[PricedReading]) -> set[str]:
    """Readings whose candidates differ only in what the figure is measured on (each names its own basis): a
    figure restated on another basis is still pacomply's own pricing, not another reading of the rules."""
    by_reading: dict[str, list[PricedReading]] = {}
    for candidate in readings:
        by_reading.setdefault(candidate.reading, []).append(candidate)
    result = set()
    for reading, candidates in by_reading.items():
        bases = [candidate.basis for candidate in candidates if not _is_calibrated(candidate)]
        if all(bases) and len(set(bases)) == len(bases) and len(bases) > 1:
            result.add(reading)
    return result


def _is_calibrated(candidate: PricedReading) -> bool:
    # The readings module names a candidate solved from the Board's own figure by its key (e.g.
    # "rate-for-board-figure"); such a figure equals the Board's by construction.
    return "board-figure" in (candidate.candidate or "")


def _printed_rate(chapter: str, paytable: str | None) -> Fraction | None:
    """The rate of progression the chapter prints for a progressive paytable (None where it prints none): its wager
    math's ``printed_rate`` hook."""
    hook = _reconciliation_hooks(chapter).printed_rate
    return hook(paytable) if hook is not None else None


def _candidate_std_dev(row: WagerMath, priced: PricedReading, restated: set[str]) -> float | None:
    """The candidate's own standard deviation where its pricing knows it; the row's for pacomply's own pricing;
    for a Pai Gow bonus under the Envy or pays-most readings, sized from their moments (:func:`_bonus_std_dev`)."""
    if priced.std_dev is not None:
        return priced.std_dev
    if priced.relied_on or priced.reading in restated:
        return row.std_dev if row.std_dev is not None else _blackjack_std_dev(row)
    return _bonus_std_dev(row, (priced,)) or _blackjack_std_dev(row)


def _blackjack_std_dev(row: WagerMath) -> float | None:
    """A 633a base-game figure's standard deviation per initial wager: the simulated spread of a round under the
    chapter's rules (engine/analysis/blackjack_spread.py), stored at the deck counts of
    :data:`ALTERNATIVE_BASE_DECKS` only (None elsewhere). A rule reading changes the spread by far less than the
    simulation sizes need, so each candidate at that deck count is sized with it."""
    if (
        row.chapter not in _alternative_base_chapters()
        or row.wager != "base"
        or row.decks not in ALTERNATIVE_BASE_DECKS
    ):
        return None
    from pacomply.engine.analysis.blackjack_spread import round_spread

    return round_spread(row.chapter, "base", row.decks).std_dev


def _bonus_std_dev(row: WagerMath, parts: Sequence[PricedReading]) -> float | None:
    """The standard deviation of one Fortune (or Emperor's Treasure) wager's result per unit, under a candidate of
    the pays-most reading (``*-bonus-highest-ranking-hand``) and/or N other players' Envy (``*-envy-players``).

    The relied-on result F has the row's mean and standard deviation. A pays-most candidate moves the straights that
    hold three of a kind from the straight's odds s to three of a kind's t: with Δ its change of return, the share
    moved is Δ / (t − s), so E[F'²] = E[F²] + Δ·(t + s). Each other player's Envy adds a / Q (a the dollars their
    hand earns, Q the $5 Qualifying Wager), with E[a] and E[a²] over all C(53,7) hands; the other players' hands are
    taken as independent of the player's (the shared deck's small dependence is left out), so N of them add
    N·Var(a) / Q². The figure sizes a simulation's noise; it is not a published quantity. None where a part is
    neither reading, or the row has no standard deviation."""
    sized = _reconciliation_hooks(row.chapter).sized_bonuses
    if sized is None or row.wager not in sized.wagers or row.std_dev is None or row.paytable is None:
        return None
    relied = {priced.reading: priced for priced in row.priced_readings if priced.relied_on}
    bases = {priced.exact_return for priced in relied.values() if priced.exact_return is not None}
    if len(bases) != 1:
        return None
    mean = bases.pop() - 1  # the relied-on result's mean, net per unit
    second = Fraction(row.std_dev) ** 2 + mean**2
    envy_variance = Fraction(0)
    for priced in parts:
        anchor = relied.get(priced.reading)
        if anchor is None or priced.exact_return is None or anchor.exact_return is None or priced.candidate is None:
            return None
        if priced.reading.endswith("-bonus-highest-ranking-hand"):
            three, straight = sized.trips_and_straight_odds(row.wager, row.paytable)
            change = priced.exact_return - anchor.exact_return
            second += change * (three + straight)
            mean += change
        elif priced.reading.endswith("-envy-players") and priced.candidate.startswith("envy-"):
            players = int(priced.candidate.removeprefix("envy-"))
            first_moment, second_moment = sized.envy_moments(row.wager, row.paytable)
            qualifying = Fraction(5)
            envy_variance += players * (second_moment - first_moment**2) / qualifying**2
        else:
            return None
    variance = second - mean**2 + envy_variance
    return math.sqrt(float(variance)) if variance > 0 else None


def _combined_candidates(figure: PublishedFigure, row: WagerMath) -> list[Computed]:
    """Every combination of two or more readings' non-relied-on candidates (at most :data:`MAX_COMBINED_READINGS`
    readings at once), for readings priced exactly on one common base: each candidate is that base plus what its
    reading adds (an expectation), so a combination is the base plus the sum of what each adds."""
    by_reading: dict[str, list[PricedReading]] = {}
    for priced in row.priced_readings:
        if _is_calibrated(priced) or priced.exact_return is None:
            continue
        by_reading.setdefault(priced.reading, []).append(priced)
    relied = {
        reading: next((priced for priced in candidates if priced.relied_on), None)
        for reading, candidates in by_reading.items()
    }
    readings = sorted(
        reading for reading, anchor in relied.items() if anchor is not None and len(by_reading[reading]) > 1
    )
    bases = {relied[reading].exact_return for reading in readings}  # type: ignore[union-attr]
    if len(readings) < 2 or len(bases) != 1:
        return []
    (base,) = bases
    assert base is not None
    result = []
    for size in range(2, min(MAX_COMBINED_READINGS, len(readings)) + 1):
        for chosen in itertools.combinations(readings, size):
            options = [[priced for priced in by_reading[reading] if not priced.relied_on] for reading in chosen]
            for combination in itertools.product(*options):
                value = base + sum((priced.exact_return - base for priced in combination), Fraction(0))  # type: ignore[operator]
                bases_named = [priced.basis for priced in combination if priced.basis]
                long_run = next((text for text in bases_named if text.lower().startswith("long run")), None)
                basis = long_run or (bases_named[0] if bases_named else "per wager")
                spread = _bonus_std_dev(row, combination)
                result.append(
                    Computed(
                        paytable=row.paytable,
                        decks=row.decks,
                        reading=" + ".join(priced.reading for priced in combination),
                        candidate=" + ".join(priced.candidate or "" for priced in combination),
                        choice=" + ".join(priced.choice for priced in combination),
                        basis=basis,
                        own=False,
                        calibrated=False,
                        percent=_in_board_terms(figure, value),
                        method="exact",
                        std_dev=spread,
                        std_dev_basis=None if spread is None else basis,
                        rate=next(
                            (
                                _printed_rate(row.chapter, row.paytable)
                                for p in combination
                                if p.candidate == "long-run"
                            ),
                            None,
                        ),
                    )
                )
    return result


def _row_candidates(figure: PublishedFigure, row: WagerMath) -> list[Computed]:
    if row.priced_readings:
        restated = _basis_readings(row.priced_readings)
        result = []
        for priced in row.priced_readings:
            value = priced.exact_return if priced.exact_return is not None else priced.return_
            values = [(priced.basis or "per wager", value)]
            if priced.exact_return is None and abs((1 - priced.house_edge) - priced.return_) > 1e-12:
                # A multi-wager game priced both ways (685a): per unit wagered, and per initial wager.
                values = [
                    (Basis.PER_TOTAL_WAGERED.value, priced.return_),
                    (Basis.PER_INITIAL_WAGER.value, 1 - priced.house_edge),
                ]
            for basis, figure_value in values:
                spread = _candidate_std_dev(row, priced, restated)
                if priced.std_dev is None and (priced.relied_on or priced.reading in restated):
                    # The row's own spread, of the same game: restated on this figure's basis.
                    spread, spread_basis = _restated_spread(row, spread, figure_value, basis)
                elif len(values) > 1:
                    # A candidate priced both ways (685a): its spread is per initial wager, like its house edge.
                    spread, spread_basis = _restated_spread(
                        row, spread, figure_value, basis, edge_of_spread=priced.house_edge
                    )
                else:
                    spread_basis = _candidate_spread_basis(row, priced, basis, spread)
                result.append(
                    Computed(
                        paytable=row.paytable,
                        decks=row.decks,
                        reading=priced.reading,
                        candidate=priced.candidate,
                        choice=priced.choice if len(values) == 1 else f"{priced.choice} ({basis})",
                        basis=basis,
                        own=priced.relied_on or priced.reading in restated,
                        calibrated=_is_calibrated(priced),
                        percent=_in_board_terms(figure, figure_value),
                        method=priced.method,
                        std_dev=spread,
                        ci95=_interval(figure, priced.ci95),
                        rate=_printed_rate(row.chapter, row.paytable) if priced.candidate == "long-run" else None,
                        std_dev_basis=spread_basis,
                    )
                )
        return result + _combined_candidates(figure, row)
    if figure.measure in {Measure.HOLD, Measure.HOUSE_EDGE}:
        per_total = _percent(row.element_of_risk)
        per_initial = _percent(row.house_edge)
    else:
        per_total = _percent(row.return_)
        per_initial = _percent(1 - row.house_edge)
    bases = [(Basis.PER_TOTAL_WAGERED, per_total, 1 - row.element_of_risk)]
    if row.house_edge != row.element_of_risk:
        bases.append((Basis.PER_INITIAL_WAGER, per_initial, 1 - row.house_edge))
    elif figure.basis == Basis.PER_INITIAL_WAGER:
        bases = [(Basis.PER_INITIAL_WAGER, per_initial, 1 - row.house_edge)]
    result = []
    for basis, in_board_terms, return_on_basis in bases:
        spread, spread_basis = _restated_spread(row, row.std_dev, return_on_basis, basis.value)
        result.append(
            Computed(
                paytable=row.paytable,
                decks=row.decks,
                reading=None,
                candidate=None,
                choice=basis.value if len(bases) > 1 else "the one pricing the chapter admits",
                basis=basis.value,
                own=True,
                calibrated=False,
                percent=in_board_terms,
                method=row.method,
                std_dev=spread,
                ci95=_interval(figure, row.ci95) if basis == Basis.PER_TOTAL_WAGERED else None,
                std_dev_basis=spread_basis,
            )
        )
    return result


def _restated_spread(
    row: WagerMath,
    std_dev: float | None,
    figure_return: Fraction | float,
    basis: str,
    edge_of_spread: float | None = None,
) -> tuple[float | None, str | None]:
    """The row's standard deviation (measured per unit of its house edge's basis: per initial wager, per Ante)
    restated on the basis of a figure of the same game whose return is ``figure_return`` (``edge_of_spread``: the
    house edge on the spread's basis, the row's unless a candidate's own is given).

    A restatement divides every round's result by one fixed amount (the mean wagered on that basis per unit of the
    house edge's, as the return per unit wagered is the ratio of the expectations), so the standard deviation
    scales as the edge does: 687a's base game, 3.4442 per Ante, is 3.4442 / 3.3866 = 1.0170 per unit wagered. A
    wager of one stake only is the same on every basis. Where the house edge is zero no ratio can be taken: the
    spread keeps its own basis, and a test refuses it (:func:`spread_of`)."""
    if std_dev is None:
        return None, None
    if row.house_edge == row.element_of_risk:
        return std_dev, basis
    edge = 1 - float(figure_return)
    own_edge = row.house_edge if edge_of_spread is None else edge_of_spread
    if own_edge == 0:
        return std_dev, _ROW_SPREAD_BASIS
    return std_dev * edge / own_edge, basis


#: The basis of a wager-math row's own standard deviation where it cannot be restated: the house edge's.
_ROW_SPREAD_BASIS = "per unit of the house edge's basis"


def _candidate_spread_basis(row: WagerMath, priced: PricedReading, basis: str, spread: float | None) -> str | None:
    """The basis of an alternative reading's standard deviation: the candidate's own where its pricing knows it or
    the wager is one stake; a blackjack round's simulated spread is per initial wager (:func:`_blackjack_std_dev`)."""
    if spread is None:
        return None
    if priced.std_dev is not None or row.house_edge == row.element_of_risk:
        return basis
    if _blackjack_std_dev(row) is not None:
        return Basis.PER_INITIAL_WAGER.value
    return basis if _bonus_std_dev(row, (priced,)) is not None else _ROW_SPREAD_BASIS


def _setting_text(field: str, value: str) -> str:
    """'dealer hits soft 17 = yes': a rule setting in words, as a reader gets it (the option's id is ours)."""
    return f"{field.replace('_', ' ')} = {value}"


def _base_text(base: tuple[tuple[str, str], ...]) -> str:
    return (
        "the chapter's rules"
        if not base
        else "the chapter's rules with " + ", ".join(_setting_text(field, value) for field, value in base)
    )


def _rule_effect_candidates(
    figure: PublishedFigure,
    plain: Iterable[WagerMath],
    changed: Iterable[WagerMath],
    base: tuple[tuple[str, str], ...] = (),
) -> list[Computed]:
    """The effect of the figure's rule change at each deck count: the house edge with it minus without it, on the
    chapter's rules (``base`` empty, pacomply's own measure) or on an alternative base."""
    without = {row.decks: row for row in plain}
    result = []
    for row in changed:
        reference = without.get(row.decks)
        if reference is None:
            continue
        assert figure.rule_change is not None
        change = _setting_text(*figure.rule_change)
        result.append(
            Computed(
                paytable=row.paytable,
                decks=row.decks,
                reading="rule-effect-base" if base else None,
                candidate="+".join(f"{field}-{value}" for field, value in base) or None,
                choice=f"{figure.strategy or 'optimal'} strategy, {change}, measured on {_base_text(base)}",
                basis=Basis.PER_INITIAL_WAGER.value,
                own=not base,
                calibrated=False,
                percent=_percent(row.house_edge) - _percent(reference.house_edge),
                method=row.method,
            )
        )
    return result


def computed_for(figure: PublishedFigure, results: dict[Request, tuple[WagerMath, ...]]) -> tuple[Computed, ...]:
    """Every figure pacomply computes for a Board figure, from the results of its requests, sorted."""
    calls = requests_for(figure)
    plain = [
        row for call in calls if call.rule_change is None and not call.base_changes for row in results.get(call, ())
    ]
    if figure.rule_change is not None:
        candidates = []
        for base in ((), *ALTERNATIVE_BASES):
            without = [
                row
                for call in calls
                if call.rule_change is None and call.base_changes == base
                for row in results.get(call, ())
            ]
            changed = [
                row
                for call in calls
                if call.rule_change is not None and call.base_changes == base
                for row in results.get(call, ())
            ]
            candidates += _rule_effect_candidates(figure, without, changed, base)
    else:
        candidates = [candidate for row in plain for candidate in _row_candidates(figure, row)]
        for base in BASE_RULE_READINGS:
            rows = [
                row
                for call in calls
                if call.rule_change is None and call.base_changes == base
                for row in results.get(call, ())
            ]
            candidates += [
                replace(
                    candidate,
                    reading="base-rules",
                    candidate="+".join(f"{field}-{value}" for field, value in base),
                    choice=f"{candidate.choice}, on {_base_text(base)}",
                    own=False,
                )
                for row in rows
                for candidate in _row_candidates(figure, row)
            ]
    if figure.decks:
        candidates = [candidate for candidate in candidates if candidate.decks in figure.decks]
    return tuple(
        sorted(
            candidates,
            key=lambda c: (c.paytable or "", c.decks, c.reading or "", not c.own, c.candidate or "", c.basis),
        )
    )
