"""A par sheet as an Excel workbook (``pacomply parsheet -f xlsx``): sheets Lines, Figures and, for 685a's base
game, Strategy; the same facts as the JSON (docs/parsheet.md). Cells hold text or numbers, never formulas."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pacomply.checker.parsheet import ParSheet

#: The workbook's fixed timestamp: identical input gives byte-identical output.
STAMP = datetime(2000, 1, 1, tzinfo=UTC)


def render_par_sheet_xlsx(sheet: ParSheet) -> bytes:
    """The workbook's bytes."""
    from openpyxl import Workbook
    from pacomply.reports.parsheet_text import LINE_COLUMNS, summary_rows, title
    from pacomply.reports.xlsx import _sheet
    from pacomply.submissions.xlsx_writer import workbook_bytes

    workbook = Workbook()
    workbook.remove(workbook.active)
    lines = [
        (
            line.outcome,
            line.pays,
            line.combinations,
            float(line.probability),
            float(line.contribution),
        )
        for line in sheet.lines
    ]
    _sheet(workbook, "Lines", LINE_COLUMNS, lines, (40, 28, 18, 18, 18))
    figures = [("par sheet", title(sheet)), ("citation", sheet.citation), *summary_rows(sheet)]
    if sheet.space is not None:
        figures.append(("combinations counted over", f"{sheet.space:,}"))
    figures.extend((f"strategy: {situation}", decision) for situation, decision in sheet.strategy)
    figures.extend(("note", note) for note in sheet.notes)
    _sheet(workbook, "Figures", ("figure", "value"), figures, (44, 80))
    if sheet.grid is not None:
        rows = [(hand, *cells) for hand, cells in sheet.grid.rows]
        grid = _sheet(workbook, "Strategy", ("hand", *sheet.grid.columns), rows, (8, *(9 for _ in sheet.grid.columns)))
        grid.cell(row=len(rows) + 3, column=1).value = sheet.grid.legend
    return workbook_bytes(workbook, STAMP)
