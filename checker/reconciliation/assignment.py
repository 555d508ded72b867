"""Assigning a list's figures to paytables and deck counts: which paytable each figure of a list stands for, and
the deck count a set of figures was computed at.

Part of :mod:`checker.reconciliation`, which imports every name from here.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import replace

from pacomply.checker.reconciliation.model import Computed, Reconciliation, Verdict
from pacomply.checker.reconciliation.verdicts import _admissible, _percent_text
from pacomply.regulations.published import PublishedFigure

from pacomply import regulations


def _assign_paytables(
    figures: Sequence[PublishedFigure], computed: dict[str, tuple[Computed, ...]]
) -> dict[str, str | None]:
    """One paytable per figure, for a list of figures that name none while the chapter prints several paytables for
    the wager (687a's four Bad Beat figures, two paytables): the one-to-one assignment (no paytable given two
    figures) that minimises the sum of squared gaps in standard deviations; figures left over get None."""

    assignment: dict[str, str | None] = {}
    groups: dict[tuple[str, str, str, str], list[PublishedFigure]] = {}
    for figure in figures:
        if figure.paytable is None and figure.wager is not None and figure.value is not None:
            groups.setdefault(figure.group, []).append(figure)
    for members in groups.values():
        if len(members) < 2:
            continue
        tables = [table.id for table in regulations.rulebook(members[0].chapter).paytables_for(members[0].wager or "")]
        if len(tables) < 2:
            continue

        def score(figure: PublishedFigure, table: str) -> float:
            board = figure.value
            assert board is not None
            values = [
                (abs(float(c.percent - board)) / 100) / (c.std_dev or 1.0)
                for c in _admissible(figure, computed[figure.id])
                if c.paytable == table
            ]
            return min(values, default=math.inf) ** 2

        size = min(len(members), len(tables))
        best = min(
            (
                (sum(score(members[index], table) for index, table in zip(chosen, tables, strict=False)), chosen)
                for chosen in itertools.permutations(range(len(members)), size)
            ),
            key=lambda item: (item[0], item[1]),
        )
        for index, member in enumerate(members):
            assignment[member.id] = tables[best[1].index(index)] if index in best[1] else None
    return assignment


#: The significance of the joint test of a list held to one assumption (after the correction for the search).


def _deck_set(reconciliations: list[Reconciliation]) -> list[Reconciliation]:
    """For the figures of one source that leave the deck count open (633a), the one deck count that reproduces the
    most of them, and whether the set is consistent (every reproduced figure reproduced at that count)."""
    by_source: dict[tuple[str, str], list[int]] = {}
    for position, item in enumerate(reconciliations):
        figure = item.figure
        if figure.decks or figure.value is None or len({c.decks for c in item.computed}) < 2:
            continue
        by_source.setdefault((figure.chapter, figure.source.key), []).append(position)
    for positions in by_source.values():
        members = [reconciliations[position] for position in positions]
        # A range alone may end at two deck counts (685a's holds); a set that also holds other figures, or where
        # nothing reproduces, is not judged.
        if len(positions) < 2 or all(m.figure.range_end is not None for m in members):
            continue
        if not any(m.matched for m in members):
            continue
        counts = sorted({c.decks for position in positions for c in reconciliations[position].computed})
        explained = {
            decks: [
                reconciliations[position].figure.id
                for position in positions
                if any(c.decks == decks for c in reconciliations[position].matched)
            ]
            for decks in counts
        }
        chosen = max(counts, key=lambda decks: (len(explained[decks]), decks))
        reproduced = [reconciliations[p].figure.id for p in positions if reconciliations[p].matched]
        others = sorted(set(reproduced) - set(explained[chosen]))
        consistent = not others
        for position in positions:
            if reconciliations[position].figure.id in others:
                reconciliations[position] = _at_another_deck_count(reconciliations[position], chosen)
        text = f"one deck count for the set: {chosen} decks reproduces {len(explained[chosen])} of {len(positions)}" + (
            " (every figure reproduced anywhere is reproduced there)"
            if consistent
            else f"; inconsistent: {', '.join(others)} only at another deck count"
        )
        _annotate(
            reconciliations,
            positions,
            text,
            (("set_decks", str(chosen)), ("set_consistent", "yes" if consistent else "no")),
        )
    return reconciliations


def _at_another_deck_count(item: Reconciliation, set_decks: int) -> Reconciliation:
    """A figure of a set reproduced only at a deck count other than the set's: the deck count is then a reading of
    the Board's (the set's figures rest on one shoe), so the figure is reproduced under that reading, not by
    pacomply's own pricing; what pacomply gives at the set's count is stated beside it."""
    matched = item.matched[0]
    figure = item.figure
    at_set = [c for c in _admissible(figure, item.computed) if c.decks == set_decks and c.own]
    board = figure.value
    assert board is not None
    ours = min(at_set, key=lambda c: abs(c.percent - board), default=None)
    plural = "s" * (matched.decks != 1)
    there = (
        f"; at the set's {set_decks} decks pacomply gives {_percent_text(ours.percent, figure.places + 2)}, which "
        f"rounds to {_percent_text(ours.percent, figure.places)}"
        if ours is not None
        else ""
    )
    return replace(
        item,
        verdict=Verdict.REPRODUCED_UNDER_READING,
        nearest=ours or item.nearest,
        explanation=(
            f"reproduced under a reading: {matched.decks} deck{plural} ({matched.label}, "
            f"{_percent_text(matched.percent, figure.places + 2)}){there}: the set's other figures rest on "
            f"{set_decks} decks, so the Board's set is not consistent"
        ),
        evidence=(
            *item.evidence,
            ("readings", f"deck count: {matched.decks} deck{plural}"),
            ("at_set_decks", "none" if ours is None else f"{ours.percent} %"),
        ),
    )


def _annotate(
    reconciliations: list[Reconciliation],
    positions: list[int],
    text: str,
    evidence: tuple[tuple[str, str], ...],
) -> None:
    """Add one finding about a set of figures (its deck count, its joint test) to each member's explanation and
    evidence."""
    for position in positions:
        item = reconciliations[position]
        reconciliations[position] = replace(
            item, explanation=f"{item.explanation}; {text}", evidence=(*item.evidence, *evidence)
        )
