"""The reconciliation of the Board's published figures with pacomply's own, computed at run time.

For each figure of the register (:mod:`regulations.published`) the wager math of its chapter is run
(:func:`checker.wager_math.analyse`) for the wager, every paytable and deck count the figure can refer to, and every
reading the chapter admits (``WagerMath.priced_readings``), alone and in combination (a bounded search, see
:data:`MAX_COMBINED_READINGS`). Each of those computed figures is put in the Board's terms (a payback, a hold, a
house edge or a rule's effect) and compared with the Board's number at the precision the Board printed. The verdict
is the first of these that the evidence supports, tested in this order (docs/published-figures.md):

1. *reproduced*: pacomply's own pricing rounds to the Board's figure;
2. *reproduced under another reading*: a candidate reading, or a combination of them, does (text and Board disagree);
3. *Board misprint*: one digit (not the last) off, or two neighbours swapped, while the rest of the list reproduces;
4. *undecidable*: pacomply's own figure is simulated and the Board's lies inside its interval, or the chapter lacks
   the number the figure depends on (a rate of progression, a paytable it does not print);
5. *implied parameter*: a round value of the parameter the chapter prints (a progressive's rate) reproduces it;
6. *consistent with simulation*: the gap to the nearest exact figure is within two standard errors of a simulation
   of at least :data:`SIMULATION_FLOOR` rounds, the standard error from the candidate's own standard deviation;
7. *unexplained*: the nearest reading and the gap.

Each verdict carries its evidence (``Reconciliation.evidence``), printed in every output.

The module is split along these concerns: :mod:`.model` (the values), :mod:`.requests` (what to analyse),
:mod:`.candidates` (computed figures in the Board's terms), :mod:`.verdicts` (one figure's verdict), :mod:`.assignment`
(paytables and deck counts of a list) and :mod:`.joint` (tests of a whole list); every name is importable from here.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from decimal import ROUND_HALF_UP, Decimal
from typing import TYPE_CHECKING

from pacomply.regulations import published
from pacomply.regulations.published import PublishedFigure

from pacomply import regulations

if TYPE_CHECKING:
    from pacomply.checker.wager_math import PricedReading, WagerMath

# The parts the functions below compose, and the private helpers the tests exercise one by one.
from pacomply.checker.reconciliation.assignment import _assign_paytables, _deck_set
from pacomply.checker.reconciliation.candidates import _basis_readings as _basis_readings
from pacomply.checker.reconciliation.candidates import _candidate_std_dev as _candidate_std_dev
from pacomply.checker.reconciliation.candidates import (
    _in_board_terms,
    computed_for,
)
from pacomply.checker.reconciliation.joint import (
    LIST_SIGNIFICANCE,
    _family_test,
    _one_assumption_per_list,
)
from pacomply.checker.reconciliation.joint import _sidak as _sidak
from pacomply.checker.reconciliation.model import (
    MAX_COMBINED_READINGS,
    PERCENT_PLACES,
    ROUND_RATE,
    SIMULATION_FLOOR,
    SIMULATION_SIZES,
    Computed,
    Reconciliation,
    Verdict,
    explanation_sentence,
)
from pacomply.checker.reconciliation.requests import (
    ALTERNATIVE_BASE_DECKS,
    ALTERNATIVE_BASES,
    BASE_RULE_READINGS,
    Request,
    requests_for,
    run_request,
)
from pacomply.checker.reconciliation.requests import _run_request as _run_request
from pacomply.checker.reconciliation.verdicts import (
    MixedBasisError,
    _decide,
    _Decision,
    _first_pass,
    chi_square_survival,
    spread_of,
)
from pacomply.checker.reconciliation.verdicts import _one_digit_apart as _one_digit_apart
from pacomply.checker.reconciliation.verdicts import _rounds_within_two_errors as _rounds_within_two_errors
from pacomply.checker.reconciliation.verdicts import _sized as _sized

__all__ = [
    "ALTERNATIVE_BASES",
    "ALTERNATIVE_BASE_DECKS",
    "BASE_RULE_READINGS",
    "LIST_SIGNIFICANCE",
    "MAX_COMBINED_READINGS",
    "PERCENT_PLACES",
    "ROUND_RATE",
    "SIMULATION_FLOOR",
    "SIMULATION_SIZES",
    "Computed",
    "MixedBasisError",
    "Reconciliation",
    "Request",
    "Verdict",
    "board_figures_beside",
    "chi_square_survival",
    "computed_for",
    "explanation_sentence",
    "figures_for_row",
    "for_wager_math",
    "reconcile",
    "reconcile_figures",
    "replace_decision",
    "requests_for",
    "run_request",
    "run_requests",
    "speaks_of",
    "spread_of",
]


def reconcile_figures(
    figures: Sequence[PublishedFigure], results: dict[Request, tuple[WagerMath, ...]]
) -> tuple[Reconciliation, ...]:
    """The reconciliation of each figure from the results of its requests (:func:`requests_for`).

    Siblings (figures the Board printed in one list for one wager) are judged together: a misprint needs the
    others to reproduce; figures sharing a wager's paytables are assigned one to each paytable; a list of simulated
    figures is tested jointly; figures that leave the deck count open are held to one deck count.
    """
    everything = {figure.id: figure for figure in published.FIGURES}
    related = {
        figure.id: figure
        for figure in (*figures, *everything.values())
        if any(_judged_together(figure, chosen) for chosen in figures)
    }
    computed = {figure_id: computed_for(figure, results) for figure_id, figure in related.items()}
    assignment = _assign_paytables(list(related.values()), computed)
    unassigned = {figure_id for figure_id, table in assignment.items() if table is None}
    for figure_id, table in assignment.items():
        if table is not None:
            computed[figure_id] = tuple(c for c in computed[figure_id] if c.paytable == table)
    first = {figure_id: _first_pass(related[figure_id], computed[figure_id]) for figure_id in related}
    result = []
    # Every figure of each list is decided, the ones asked for and their siblings, so that a list is judged whole
    # (one assumption, one deck count, one joint test) whichever of its figures were asked for.
    for figure in related.values():
        siblings = [
            (other, first[other.id])
            for other in related.values()
            if other.group == figure.group and other.id != figure.id and other.percent is not None
        ]
        if figure.id in unassigned:
            # Only this figure's list: a run over several chapters assigns several lists.
            listed = {key: value for key, value in assignment.items() if related[key].group == figure.group}
            tables = sorted({table for table in listed.values() if table})
            nearest = first[figure.id].nearest
            decision = _Decision(
                Verdict.UNDECIDABLE,
                nearest,
                f"the Board printed {len(listed)} figures for this wager and the chapter prints "
                f"{len(tables)} paytables ({', '.join(tables)}), each taken by the figure nearest it; this figure "
                "is for a paytable the chapter does not print, so there is nothing to price it on",
                (
                    ("why", "the chapter lacks the paytable"),
                    ("assignment", ", ".join(f"{k} -> {v or 'none'}" for k, v in sorted(listed.items()))),
                ),
            )
        else:
            decision = _decide(figure, first[figure.id], computed[figure.id], siblings)
            if figure.id in assignment:
                decision = replace_decision(decision, ("assigned_paytable", str(assignment[figure.id])))
        result.append(
            Reconciliation(
                figure=figure,
                verdict=decision.verdict,
                computed=computed[figure.id],
                matched=first[figure.id].matched,
                nearest=decision.nearest or first[figure.id].nearest,
                explanation=decision.explanation,
                evidence=decision.evidence,
            )
        )
    judged = _family_test(_deck_set(_one_assumption_per_list(result)))
    by_id = {item.figure.id: item for item in judged}
    return tuple(by_id[figure.id] for figure in figures)


def _judged_together(figure: PublishedFigure, other: PublishedFigure) -> bool:
    """Whether two figures are judged as one set: the same list (chapter, wager, source, measure), or figures of one
    chapter and source that both leave the deck count open where the chapter permits several (held to one deck
    count, :func:`_deck_set`)."""
    if figure.group == other.group:
        return True
    if (figure.chapter, figure.source.key) != (other.chapter, other.source.key) or figure.decks or other.decks:
        return False
    return len(regulations.rulebook(figure.chapter).permitted_decks) > 1


def replace_decision(decision: _Decision, extra: tuple[str, str]) -> _Decision:
    """A decision with one more piece of evidence."""
    return _Decision(decision.verdict, decision.nearest, decision.explanation, (*decision.evidence, extra))


def run_requests(requests: Iterable[Request], jobs: int = 1) -> dict[Request, tuple[WagerMath, ...]]:
    """Each distinct request's wager math, ``jobs`` at a time in separate processes (1: in this process)."""
    unique = sorted(set(requests), key=lambda request: (request.chapter, request.wager, str(request)))
    if jobs <= 1 or len(unique) <= 1:
        return {request: run_request(request) for request in unique}
    from pacomply.engine.processes import process_pool

    # The longest calls first, so the two workers finish together: the blackjack base games are the long ones.
    ordered = sorted(unique, key=lambda request: (request.decks is None, request.chapter, str(request)))
    with process_pool(jobs) as pool:
        outputs = list(pool.map(run_request, ordered))
    return dict(zip(ordered, outputs, strict=True))


def reconcile(
    chapters: Sequence[str] | None = None, jobs: int = 1, figures: Sequence[PublishedFigure] | None = None
) -> tuple[Reconciliation, ...]:
    """Every Board figure of the chapters given (all when None), reconciled at run time; in the register's order.

    A figure's siblings in other chapters are never needed: a list is always one wager of one chapter.
    """
    chosen = (
        tuple(figures)
        if figures is not None
        else tuple(figure for figure in published.FIGURES if chapters is None or figure.chapter in chapters)
    )
    # Siblings are computed too, so a verdict never depends on which figures were asked for.
    needed = [figure for figure in published.FIGURES if any(_judged_together(figure, other) for other in chosen)]
    results = run_requests([request for figure in needed for request in requests_for(figure)], jobs)
    return reconcile_figures(chosen, results)


def speaks_of(figure: PublishedFigure, row: WagerMath) -> bool:
    """Whether a Board figure is about a wager-math row: same chapter and wager, and the row's paytable and deck
    count among those the figure covers (a rule effect is about a change of the rules, never a filed row)."""
    return (
        figure.percent is not None
        and figure.chapter == row.chapter
        and figure.wager == row.wager
        and figure.rule_change is None
        and (figure.paytable is None or figure.paytable == (row.paytable or _sole_paytable(row)))
        and (not figure.decks or row.decks in figure.decks)
    )


def _sole_paytable(row: WagerMath) -> str | None:
    """The paytable a row without one is on, where the chapter prints exactly one for the wager (686a's Bonus: a
    filing may leave it blank, reading 686a-bonus-paytable-id)."""
    paytables = regulations.rulebook(row.chapter).paytables_for(row.wager)
    return paytables[0].id if len(paytables) == 1 else None


def figures_for_row(row: WagerMath, reconciliations: Iterable[Reconciliation]) -> tuple[Reconciliation, ...]:
    """The reconciled Board figures that speak of a wager-math row."""
    return tuple(item for item in reconciliations if speaks_of(item.figure, row))


def for_wager_math(rows: Iterable[WagerMath]) -> tuple[Reconciliation, ...]:
    """The Board figures a review shows: every figure of a list (same chapter, wager, source and measure) one of
    whose figures speaks of a wager-math row, reconciled in this process. A rule effect speaks of a change of the
    rules, not of a filed wager, so a review leaves it to ``pacomply published`` (it is also the longest to price)."""
    rows = tuple(rows)
    groups = {figure.group for figure in published.FIGURES if any(speaks_of(figure, row) for row in rows)}
    chosen = [figure for figure in published.FIGURES if figure.group in groups and figure.rule_change is None]
    return reconcile(figures=chosen) if chosen else ()


def board_figures_beside(row: WagerMath, priced: PricedReading) -> str:
    """The Board's figures about a row, beside one of its priced readings (``edge``): each with '= Board' where this
    reading's figure rounds to it at the Board's precision. No enumeration is run: this only compares."""
    notes = []
    for figure in published.FIGURES:
        if not speaks_of(figure, row) or figure.value is None:
            continue
        value = priced.exact_return if priced.exact_return is not None else priced.return_
        ours = _in_board_terms(figure, value).quantize(Decimal(1).scaleb(-figure.places), rounding=ROUND_HALF_UP)
        mark = "= " if ours == figure.value else ""
        notes.append(f"{mark}Board {figure.percent} % {figure.measure.value} ({figure.source.key})")
    return f"  [{'; '.join(notes)}]" if notes else ""
