"""The reconciliation with the Board's published figures as every output shows it: ``pacomply published``'s JSON
(its text is ``reports.published_text``), the section of the PDF and Excel reviews, and the Board figure beside each
wager-math row.

The JSON document (:func:`published_json`) is the reference for content; the text and the table rows only
arrange the same facts.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pacomply.regulations.published import FIGURES

if TYPE_CHECKING:
    from pacomply.checker.reconciliation import Reconciliation
    from pacomply.checker.wager_math import WagerMath

WIDTH = 110
_ORDER = {figure.id: position for position, figure in enumerate(FIGURES)}

#: The columns of the reconciliation table in the PDF and Excel reviews.
COLUMNS = ("Figure", "Wager", "Paytable", "Board", "pacomply", "Verdict", "Board's source", "Explanation")


def sorted_reconciliations(items: Iterable[Reconciliation]) -> tuple[Reconciliation, ...]:
    """By chapter, then the register's order (the order the Board printed its lists in)."""
    return tuple(sorted(items, key=lambda item: (item.figure.chapter, _ORDER.get(item.figure.id, 0), item.figure.id)))


def board_text(item: Reconciliation) -> str:
    """The Board's figure as printed, with what it measures: '91.454 % payback', '0.43 % hold (low end)'."""
    figure = item.figure
    if figure.percent is None:
        return "no figure"
    end = f" ({figure.range_end.value} end)" if figure.range_end is not None else ""
    return f"{figure.percent} % {figure.measure.value}{end}"


def pacomply_text(item: Reconciliation) -> str:
    """pacomply's figure at the Board's precision (the match, else the nearest), or '-' where there is none."""
    shown = item.pacomply_figure
    if shown is None:
        return "-"
    return f"{shown.rounded(item.figure.places)} %"


def source_text(item: Reconciliation) -> str:
    """The Board's document and item, short."""
    source = item.figure.source
    return f"{source.key}, {source.item} ({source.published.isoformat()})"


def published_json(items: Iterable[Reconciliation]) -> list[dict[str, Any]]:
    """The ``pacomply published --format json`` array."""
    return [item.to_json() for item in sorted_reconciliations(items)]


def published_json_text(items: Iterable[Reconciliation]) -> str:
    """The JSON array as printed: indented, keys in a fixed order, ending in a newline."""
    return json.dumps(published_json(items), indent=2, ensure_ascii=False) + "\n"


@dataclass(frozen=True, slots=True)
class BoardBeside:
    """The Board's figure and the verdict beside one wager-math row."""

    figure_id: str
    board: str
    pacomply: str
    verdict: str
    source: str

    def text(self) -> str:
        """'Board 91.454 % payback (RAF 125-223, item (17)): reproduced only under another reading'."""
        return f"Board {self.board} ({self.source}): {self.verdict}"

    def to_json(self) -> dict[str, Any]:
        """One entry of a wager-math row's ``board_figures`` list."""
        return {
            "figure": self.figure_id,
            "board": self.board,
            "pacomply": self.pacomply,
            "verdict": self.verdict,
            "source": self.source,
        }


def beside(row: WagerMath, items: Iterable[Reconciliation]) -> tuple[BoardBeside, ...]:
    """The Board figures that speak of a wager-math row, with their verdicts."""
    from pacomply.checker.reconciliation import figures_for_row

    return tuple(
        BoardBeside(
            figure_id=item.figure.id,
            board=board_text(item),
            pacomply=pacomply_text(item),
            verdict=item.verdict.value,
            source=f"{item.figure.source.key}, {item.figure.source.item}",
        )
        for item in sorted_reconciliations(figures_for_row(row, items))
    )


def beside_text(row: WagerMath, items: Iterable[Reconciliation]) -> str:
    """The Board figures of a row in one line ('' where the Board published none)."""
    return "; ".join(entry.text() for entry in beside(row, items))


def table_rows(items: Sequence[Reconciliation], with_evidence: bool = True) -> list[tuple[str, ...]]:
    """The reconciliation as rows of :data:`COLUMNS` (PDF and Excel sections); the explanation ends with the
    evidence unless ``with_evidence`` is False (the PDF gives it a row of its own)."""
    return [
        (
            item.figure.id,
            item.figure.wager or "",
            item.figure.paytable or "",
            board_text(item),
            pacomply_text(item),
            item.verdict.value,
            source_text(item),
            f"{item.explanation}. Evidence: {item.evidence_text}"
            if item.evidence and with_evidence
            else item.explanation,
        )
        for item in sorted_reconciliations(items)
    ]
