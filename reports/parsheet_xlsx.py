"""A par sheet as an Excel workbook (``pacomply parsheet -f xlsx``): sheets Lines (where the wager has paytable lines),
Figures and, for the blackjack base games, Strategy; the same facts as the JSON (docs/parsheet.md).

Every figure is a typed cell in its number format, as in the review workbook: percentages (house edge, element of
risk, hit frequency and their standard errors) as percent cells, probabilities and contributions as numbers, counts
as whole numbers, the date made as a date; a figure not computed for the wager is left out rather than written as
words. Cells hold text or numbers, never formulas. Every sheet prints landscape, one page wide, its header row
repeated. The workbook's timestamps are the sheet's date (:func:`pacomply.reports.parsheet_pdf.sheet_epoch`), so the
same sheet made on the same day gives the same bytes.
"""

from __future__ import annotations

import dataclasses
from datetime import UTC, date, datetime
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from pacomply.reports.collection import collection_paused

if TYPE_CHECKING:
    from pacomply.checker.parsheet import ParSheet
    from pacomply.reports.xlsx_package import Package

#: Further ParSheet figures (beyond the review workbook's named columns) measured as a share of the initial wager:
#: shown as percentages. The other further figures are counts (whole numbers) or measures in units.
PERCENT_FIELDS = frozenset({"hit_frequency_standard_error", "spread_mean_standard_error", "spread_house_edge"})
SEED_FIELDS = frozenset({"seed", "spread_seed"})


def _label(name: str) -> str:
    return name.replace("_", " ").capitalize().replace("Std dev", "Standard deviation")


def figure_rows(sheet: ParSheet, made: date) -> list[tuple[str, Any, str | None, str]]:
    """(figure, value, number format or None for text and dates, note) rows of the Figures sheet, in the order of
    the text par sheet: what the sheet is, the figures on their bases, the progressive's meter, further figures, the
    strategy and the notes. A figure that is None is left out."""
    from pacomply.reports import wording
    from pacomply.reports.parsheet_text import SHOWN_FIELDS, title
    from pacomply.reports.xlsx import _PAR_FIGURES, COUNT_FORMAT, PERCENT_FORMAT, PROBABILITY_FORMAT

    rows: list[tuple[str, Any, str | None, str]] = [
        ("Par sheet", title(sheet), None, ""),
        ("Chapter", sheet.chapter, None, ""),
        ("Wager", wording.wager_name(sheet.chapter, sheet.wager), None, ""),
    ]
    if sheet.paytable:
        rows.append(("Paytable", sheet.paytable, None, ""))
    rows += [
        ("Decks", sheet.decks, COUNT_FORMAT, ""),
        ("Method", sheet.method, None, ""),
        ("Citation", sheet.citation, None, ""),
        ("Date made", made, None, ""),
    ]
    notes = {"std_dev": sheet.std_dev_basis, "hit_frequency": sheet.hit_frequency_basis}
    for header, attribute, number_format in _PAR_FIGURES:
        value = getattr(sheet, attribute)
        if value is not None:
            rows.append((header, _number(value), number_format, notes.get(attribute, "")))
    if sheet.ci95 is not None:
        rows.append(("95 % interval of the house edge, low", _number(sheet.ci95[0]), PERCENT_FORMAT, ""))
        rows.append(("95 % interval of the house edge, high", _number(sheet.ci95[1]), PERCENT_FORMAT, ""))
    if sheet.space is not None:
        rows.append(("Combinations counted over (equally likely deals)", _whole(sheet.space), COUNT_FORMAT, ""))
    if sheet.progressive is not None:
        facts = sheet.progressive
        rows += [
            ("Meter-resetting hand, probability", float(facts.reset_probability), PROBABILITY_FORMAT, ""),
            ("Cycle (rounds per meter-resetting hand)", float(facts.cycle_rounds), COUNT_FORMAT, ""),
            ("Meter seed (wagers)", float(facts.seed), "0.0000", ""),
        ]
        if facts.break_even_meter is not None:
            rows.append(("Break-even meter (wagers)", float(facts.break_even_meter), "0.0000", ""))
    named = {attribute for _header, attribute, _format in _PAR_FIGURES} | SHOWN_FIELDS
    for field in dataclasses.fields(sheet):
        value = getattr(sheet, field.name)
        if field.name in named or value is None or field.name.endswith("_basis"):
            continue
        if isinstance(value, str):
            rows.append((_label(field.name), value, None, ""))
        elif isinstance(value, int | float | Fraction) and not isinstance(value, bool):
            rows.append((_label(field.name), _number(value), _further_format(field.name, value), ""))
    rows += [(f"Strategy: {situation}", decision, None, "") for situation, decision in sheet.strategy]
    rows += [("Note", note, None, "") for note in sheet.notes]
    return rows


def _further_format(name: str, value: object) -> str:
    from pacomply.reports.xlsx import COUNT_FORMAT, PERCENT_FORMAT

    if name in PERCENT_FIELDS:
        return PERCENT_FORMAT
    if name in SEED_FIELDS:
        return "0"
    return COUNT_FORMAT if isinstance(value, int) else "0.000000"


def _number(value: int | float | Fraction) -> int | float:
    return value if isinstance(value, int) else float(value)


def _whole(count: int) -> int | str:
    """A count as a number where a spreadsheet holds it exactly (15 digits), else its digits as text."""
    return count if abs(count) < 10**15 else f"{count:,}"


@collection_paused()
def render_par_sheet_xlsx(sheet: ParSheet, *, made: date | None = None) -> bytes:
    """The workbook's bytes; ``made`` is the sheet's date (today in UTC, or ``SOURCE_DATE_EPOCH``, when not
    given)."""
    from pacomply.reports.parsheet_pdf import sheet_epoch
    from pacomply.reports.xlsx_package import package_bytes
    from pacomply.submissions.xlsx_writer import FASTEST_COMPRESSION

    stamp = datetime.fromtimestamp(sheet_epoch(made), tz=UTC)
    return package_bytes(par_sheet_workbook(sheet, stamp.date()), stamp.replace(tzinfo=None), FASTEST_COMPRESSION)


def par_sheet_workbook(sheet: ParSheet, made: date) -> Package:
    """The workbook's sheets (not yet written): Lines where the wager has paytable lines, Figures, and Strategy
    where the sheet has a strategy grid; ``made`` is the sheet's date."""
    from pacomply.reports.parsheet_text import LINE_COLUMNS, outcome_name, pays_text
    from pacomply.reports.xlsx import COUNT_FORMAT, PROBABILITY_FORMAT, Formatted, _sheet, strategy_sheet
    from pacomply.reports.xlsx_package import Package

    package = Package()
    if sheet.lines:
        lines = [
            (
                outcome_name(sheet, line.outcome, line.pays),
                pays_text(line.pays),
                None if line.combinations is None else _whole(line.combinations),
                float(line.probability),
                float(line.contribution),
            )
            for line in sheet.lines
        ]
        _sheet(package, "Lines", LINE_COLUMNS, lines, (40, 28, 18, 18, 18),
               number_formats={3: COUNT_FORMAT, 4: PROBABILITY_FORMAT, 5: PROBABILITY_FORMAT})  # fmt: skip
    rows = [
        (figure, value if value_format is None or isinstance(value, str) else Formatted(value, value_format), note)
        for figure, value, value_format, note in figure_rows(sheet, made)
    ]
    _sheet(package, "Figures", ("Figure", "Value", "Basis"), rows, (48, 60, 60))
    if sheet.grid is not None:
        strategy_sheet(package, "Strategy", [("", sheet.grid)])
    return package
