"""A wager's strategy as a grid: the player's hands down, what the player knows of the dealer across, one code a cell.

The wager math builds it once from the analysis that priced the wager (so it is the play under the rules that wager is
priced at) and every renderer lays it out from these cells: a table of one column per up card in the PDF and the
workbooks, aligned columns in text, arrays in JSON. Nothing formats it to a string that another part reads back.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class StrategyGrid:
    """Decisions by player hand (rows) and what the player knows of the dealer (columns)."""

    columns: tuple[str, ...]
    """One label per column: a dealer up card ('2' ... 'T', 'A'), or up card and hole-card range ('9/Small')."""
    rows: tuple[tuple[str, tuple[str, ...]], ...]
    """Each row's hand ('hard 12', 'pair 8,8', 'T-T') and its code under each column, as many as :attr:`columns`."""
    codes: str
    """What each code means ('H hit, S stand, ...')."""
    columns_are: str
    """What a column is ('dealer up card')."""
    basis: str
    """What the grid is and what it is not ('total-dependent basic strategy; the figures are for ...')."""

    def __post_init__(self) -> None:
        wrong = [hand for hand, cells in self.rows if len(cells) != len(self.columns)]
        if wrong:
            raise ValueError(f"strategy grid rows {', '.join(wrong)} do not have one code per column")

    @property
    def cell_width(self) -> int:
        """The widest column label or code: the width every cell takes in aligned text."""
        return max(len(text) for text in (*self.columns, *(cell for _, cells in self.rows for cell in cells)))

    @property
    def legend(self) -> str:
        """The codes, the columns and the basis in one line."""
        return f"{self.codes}; columns: {self.columns_are}; {self.basis}"

    def text_lines(self) -> list[str]:
        """The grid in aligned plain text: a header line of the columns, then a line per hand, each code right
        under its column (no legend: the caller says it once)."""
        hand_width = max((len(hand) for hand, _ in self.rows), default=4)
        width = self.cell_width
        lines = [(" " * hand_width + " " + " ".join(column.rjust(width) for column in self.columns)).rstrip()]
        lines += [f"{hand:<{hand_width}} " + " ".join(cell.rjust(width) for cell in cells) for hand, cells in self.rows]
        return lines

    def when_rows(self) -> tuple[tuple[str, str], ...]:
        """The grid as ``(when, decision)`` rows: the codes, the columns' header, then each hand with its codes in
        aligned columns. The form the ``strategy`` list of the ``edge`` JSON (docs/math.md) has always had."""
        width = self.cell_width

        def cells(values: tuple[str, ...]) -> str:
            return " ".join(f"{value:<{width}}" for value in values).rstrip()

        return (
            ("codes", self.codes),
            (self.columns_are, cells(self.columns)),
            *((hand, cells(values)) for hand, values in self.rows),
        )

    def to_json(self) -> dict[str, Any]:
        """The grid as JSON: the columns, each row's hand and codes, and what they mean."""
        return {
            "columns": list(self.columns),
            "columns_are": self.columns_are,
            "rows": [{"hand": hand, "decisions": list(cells)} for hand, cells in self.rows],
            "codes": self.codes,
            "basis": self.basis,
            "legend": self.legend,
        }
