"""The review as an Excel workbook a reviewer can work in: Summary, Checklist (answers with finding flags),
Tables, Findings (filterable, frozen header, severity colours), Wager Math, Board Figures, Evidence (what each
Board-figure verdict rests on), Paytables, Par Sheets and Par Figures, and Readings. Dates are dates, counts and
amounts numbers and figures percentages (the Board's published ones too, at its precision), each in its number
format, and so are the checklist's money and percentage answers the checker reads; every sheet prints landscape, one
page wide, its header row repeated.

Every text cell is written as text: anything from the filing that a spreadsheet would run as a formula
(``=HYPERLINK(...)``, ``+``, ``-``, ``@``) is neutralised, and the cell's type is forced to string. The workbook is
byte-identical for the same review: document properties and zip entry times are fixed to the review date (or
``SOURCE_DATE_EPOCH``).

This module says what goes in each sheet; :mod:`pacomply.reports.xlsx_package` writes the workbook's parts directly
(openpyxl's ``Workbook`` and ``Worksheet`` objects cost about half of a review workbook's CPU for none of its
content). The fonts, fills and alignments below are openpyxl's style objects, used for their markup.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date
from decimal import Decimal
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.utils import get_column_letter
from pacomply.checker.registry import Severity
from pacomply.checker.review import Review
from pacomply.regulations.rulebook import AnswerKind
from pacomply.reports import wording
from pacomply.reports.collection import collection_paused
from pacomply.reports.content import (
    MONEY_FIELDS,
    PAR_SHEET_DIFFERS,
    TABLE_FIELDS,
    ChecklistRow,
    chapters_line,
    checklist_rows,
    document_datetime,
    filing_id,
    finding_flag,
    finding_message,
    location_text,
    rule_checks,
    table_display,
    table_findings,
    table_value,
    worst_severity,
)
from pacomply.reports.reconciliation import (
    EVIDENCE_COLUMNS,
    beside,
    evidence_rows,
    figure_label,
    sorted_reconciliations,
    source_text,
)
from pacomply.reports.xlsx_package import PLAIN, CellStyle, Package, Sheet, StyleTable, package_bytes, style_markup
from pacomply.submissions.files import neutralise_formula, xml_text
from pacomply.submissions.model import TableConfiguration
from pacomply.submissions.values import ValueProblem, read_money, read_percentage
from pacomply.submissions.xlsx_writer import FASTEST_COMPRESSION

if TYPE_CHECKING:
    from pacomply.checker.reconciliation import Reconciliation
    from pacomply.checker.wager_math.strategy_grid import StrategyGrid

SEVERITY_FILLS = {
    Severity.ERROR: PatternFill("solid", start_color="F8D7DA", end_color="F8D7DA"),
    Severity.WARNING: PatternFill("solid", start_color="FFF3CD", end_color="FFF3CD"),
    Severity.INFO: PatternFill("solid", start_color="D1ECF1", end_color="D1ECF1"),
}
WAIVED_FILL = PatternFill("solid", start_color="E2E3E5", end_color="E2E3E5")
HEADER_FILL = PatternFill("solid", start_color="1F3864", end_color="1F3864")
HEADER_FONT = Font(bold=True, color="FFFFFF")
PERCENT_FORMAT = "0.0000%"
DATE_FORMAT = "yyyy-mm-dd"
WHOLE_DOLLARS_FORMAT = '"$"#,##0'
CENTS_FORMAT = '"$"#,##0.00'
COUNT_FORMAT = "#,##0"
PROBABILITY_FORMAT = "0.000000000"
WRAP = Alignment(wrap_text=True, vertical="top")
VERDICT_FONT = Font(bold=True)
COMPLIANT_FILL = PatternFill("solid", start_color="D4EDDA", end_color="D4EDDA")


def _cell(styles: StyleTable, value: Any, style: CellStyle) -> tuple[Any, CellStyle]:
    """A cell of ``value`` in ``style``: text always a text cell, never a formula (:func:`_cell_text`); numbers stay
    numbers, dates dates (shown yyyy-mm-dd), True and False 'Yes' and 'No'."""
    if type(value) is str:  # most cells
        return _cell_text(value), style
    if value is None:
        return None, style
    if isinstance(value, bool):
        return ("Yes" if value else "No"), style
    if isinstance(value, int | float | Decimal):
        return value, style
    if type(value) is Code:
        return value.text, style
    if isinstance(value, date):
        date_format = styles.number_format(DATE_FORMAT)
        return value, style if style.number_format == date_format else replace(style, number_format=date_format)
    return _cell_text(str(value)), style


#: The longest text kept by :func:`_cell_text`: the texts a workbook repeats are names and codes, and the cache holds
#: at most a few megabytes whatever the filings hold.
_KEPT_TEXT = 240


def _cell_text(text: str) -> str:
    """A text as its cell holds it: characters a worksheet cannot hold replaced, a formula neutralised, at most
    32,767 characters. A short text is kept for when it is met again (:func:`_short_cell_text`)."""
    if len(text) <= _KEPT_TEXT:
        return _short_cell_text(text)
    return neutralise_formula(xml_text(text))[:32767]


@lru_cache(maxsize=4096)
def _short_cell_text(text: str) -> str:
    """:func:`_cell_text` of a short text, kept for the texts met again: a review repeats many (the chapter, wager
    and outcome names, the citations, "exact"), and a batch's filings repeat each other's."""
    return neutralise_formula(xml_text(text))


def _money_format(amount: object) -> str:
    """$40,000 for whole dollars, $1,234.50 with cents (as ``reports.content.money_text`` writes them in text)."""
    whole = isinstance(amount, int) or (isinstance(amount, Decimal | float) and amount == int(amount))
    return WHOLE_DOLLARS_FORMAT if whole else CENTS_FORMAT


def _percent_format(places: int) -> str:
    """A percent cell's format showing ``places`` decimals of the percentage (the Board's 0.355 % is 0.000%)."""
    return f"0.{'0' * places}%" if places > 0 else "0%"


def _typed_answer(row: ChecklistRow) -> tuple[Any, str | None]:
    """A checklist answer as a cell: a whole number, an amount of money or a percentage the checker reads as one
    becomes a number in its format (a percentage's places as filed); anything else, a blank or an answer it does not
    read, stays the text as filed."""
    text = row.answer.strip()
    try:
        if text and row.kind == AnswerKind.INTEGER and text.lstrip("+-").isdigit():
            return int(text), COUNT_FORMAT
        if text and row.kind == AnswerKind.MONEY:
            amount = read_money(text)
            return amount, _money_format(amount)
        if text and row.kind == AnswerKind.PERCENTAGE:
            percent = read_percentage(text)
            exponent = percent.normalize().as_tuple().exponent
            places = max(0, -exponent) if isinstance(exponent, int) else 0
            return percent / 100, _percent_format(places)
    except ValueProblem:
        pass
    return row.answer, None


@dataclass(frozen=True, slots=True)
class Formatted:
    """A body cell's value shown in its own number format (a column's format, where it has one, is the others')."""

    value: Any
    number_format: str


@dataclass(frozen=True, slots=True)
class Code:
    """A text of pacomply's own (a strategy grid's code, '-' for not offered), stored as it is: never a filing's
    text, so never read as a formula and not given the apostrophe that keeps a filing's leading '-' from being one."""

    text: str


def _answer_cell(row: ChecklistRow) -> Any:
    """A checklist answer's cell value (:func:`_typed_answer`), in its number format where it has one."""
    value, number_format = _typed_answer(row)
    return value if number_format is None else Formatted(value, number_format)


def _sheet(
    package: Package,
    title: str,
    headers: Sequence[str],
    rows: Iterable[Sequence[Any]],
    widths: Sequence[int],
    *,
    number_formats: Mapping[int, str] | None = None,
    alignments: Mapping[int, Alignment] | None = None,
    row_fills: Sequence[PatternFill | None] | None = None,
) -> Sheet:
    """A sheet of a header row (white on dark blue) and a row per item of ``rows``, each body cell wrapped at the
    top unless ``alignments`` gives its column (1-based) another alignment (its header's too), and shown in its
    column's number format of ``number_formats`` or a :class:`Formatted` value's own, and filled with its row's
    colour of ``row_fills`` (one for each row, None for none); the columns ``widths`` wide, the header row frozen
    and filtered. Each distinct style is made once, at its first cell, and shared by the cells of that style."""
    number_formats = number_formats or {}
    alignments = alignments or {}
    styles = package.styles
    sheet = package.add_sheet(title)
    cells = sheet.cells
    header_style = _header_style(styles)
    for column, header in enumerate(headers, start=1):
        style = _header_style(styles, alignments[column]) if column in alignments else header_style
        cells[(1, column)] = _cell(styles, header, style)
    # Each distinct body style (alignment, number format and fill), made at its first cell: the workbook's lists of
    # number formats and fills then grow in the order the cells meet them. A row's cells find theirs by column among
    # those of the row's fill (a Formatted value's, by its format too).
    body_styles: dict[tuple[int, str | None, int], CellStyle] = {}
    by_fill: dict[int, dict[int, CellStyle]] = {}
    row_number = 1
    for row_number, row in enumerate(rows, start=2):
        fill = None if row_fills is None else row_fills[row_number - 2]
        column_styles = by_fill.get(id(fill))
        if column_styles is None:
            column_styles = by_fill[id(fill)] = {}
        for column, value in enumerate(row, start=1):
            kind = type(value)
            body_style = column_styles.get(column) if kind is not Formatted else None
            if body_style is None:
                number_format = value.number_format if kind is Formatted else number_formats.get(column)
                key = (column if column in alignments else 0, number_format, id(fill))
                body_style = body_styles.get(key)
                if body_style is None:
                    alignment = alignments.get(column, WRAP)
                    body_style = body_styles[key] = _body_style(styles, alignment, number_format, fill)
                if kind is Formatted:
                    value = value.value
                    kind = type(value)
                else:
                    column_styles[column] = body_style
            # Most cells are short texts, numbers, codes or empty: made here, as _cell makes them, without its call.
            if kind is str and len(value) <= _KEPT_TEXT:
                cells[(row_number, column)] = (_short_cell_text(value), body_style)
            elif value is None or kind is int or kind is float or kind is Decimal:
                cells[(row_number, column)] = (value, body_style)
            elif kind is Code:
                cells[(row_number, column)] = (value.text, body_style)
            else:
                cells[(row_number, column)] = _cell(styles, value, body_style)
    sheet.widths.update(enumerate(widths, start=1))
    if row_number > 1:
        sheet.auto_filter = f"A1:{get_column_letter(len(headers))}{row_number}"
    return sheet


def _body_style(
    styles: StyleTable, alignment: Alignment, number_format: str | None, fill: PatternFill | None
) -> CellStyle:
    """A body cell's style: ``alignment``, ``fill`` where given, and ``number_format`` where given."""
    return CellStyle(
        fill=0 if fill is None else styles.fill(fill),
        number_format=0 if number_format is None else styles.number_format(number_format),
        alignment=style_markup(alignment),
    )


def _row_fill(severity: Severity | None, waived: bool) -> PatternFill | None:
    """A row's colour: grey where every finding it shows is waived, else its worst finding's severity's, or none."""
    if waived:
        return WAIVED_FILL
    return None if severity is None else SEVERITY_FILLS.get(severity)


def _summary(package: Package, review: Review) -> None:
    filing = review.filing
    styles = package.styles
    sheet = package.add_sheet("Summary")
    cells = sheet.cells
    rows: list[tuple[str, Any]] = [
        ("Licensee", filing.metadata.licensee),
        ("Date filed", filing.metadata.date_filed),
        ("Reviewed by (named in the filing)", filing.metadata.reviewed_by),
        ("Chapters", chapters_line(review)),
        ("Source", filing.source),
        ("Filing id", filing_id(review)),
        ("pacomply version", review.tool_version),
        ("Review date", review.review_date),
        *([("Configuration applied", review.configuration.describe())] if review.configuration is not None else []),
        ("Verdict", review.verdict),
        ("Errors", review.count(Severity.ERROR)),
        ("Warnings", review.count(Severity.WARNING)),
        ("Information", review.count(Severity.INFO)),
        ("Waived findings", review.waived_count),
        ("Tables", len(filing.tables)),
    ]
    header = _header_style(styles)
    verdict_font = styles.font(VERDICT_FONT)
    verdict_fill = SEVERITY_FILLS[Severity.ERROR] if not review.compliant else COMPLIANT_FILL
    verdict = CellStyle(font=verdict_font, fill=styles.fill(verdict_fill))
    for column, text in enumerate(("Field", "Value"), start=1):
        cells[(1, column)] = _cell(styles, text, header)
    for row, (label, value) in enumerate(rows, start=2):
        cells[(row, 1)] = _cell(styles, label, PLAIN)
        # The verdict stands out: bold, red where the filing is not compliant, green where it is.
        cells[(row, 2)] = _cell(styles, value, verdict if label == "Verdict" else PLAIN)
    header_row = len(rows) + 3  # after a blank row
    rulebook_headers = (
        "Rulebook", "Title", "Version", "Effective", "Source", "Version from", "Later amendments not encoded",
    )  # fmt: skip
    for column, text in enumerate(rulebook_headers, start=1):
        cells[(header_row, column)] = _cell(styles, text, header)
    for offset, used in enumerate(review.rulebooks, start=1):
        not_checked = tuple(
            f"not checked: {item.describe()}" for item in review.not_checked if item.chapter == used.chapter
        )
        later = "; ".join((*used.amendments_not_encoded, *used.related_chapters, *not_checked)) or "none known"
        values = (used.chapter, used.title, used.version, _day(used.effective), used.source, used.version_basis, later)
        for column, value in enumerate(values, start=1):
            cells[(header_row + offset, column)] = _cell(styles, value, PLAIN)
    sheet.widths.update({1: 34, 2: 60, 3: 20, 4: 14})


def _header_style(styles: StyleTable, alignment: Alignment | None = None) -> CellStyle:
    """A header cell's style: white bold text on dark blue (aligned as ``alignment`` says, where given)."""
    font = styles.font(HEADER_FONT)
    return CellStyle(
        font=font, fill=styles.fill(HEADER_FILL), alignment="" if alignment is None else style_markup(alignment)
    )


def _severity_text(severity: Severity | None) -> str:
    return "" if severity is None else severity.value


def _checklist(package: Package, review: Review) -> None:
    rows = checklist_rows(review)
    _sheet(
        package,
        "Checklist",
        ("Chapter", "Section", "Key", "Question", "Answer", "Notes", "Location", "Findings", "Severity"),
        (
            (
                row.chapter,
                row.section,
                row.key,
                row.question or "(not a question of the chapter's checklist)",
                _answer_cell(row),
                row.notes,
                location_text(row.location),
                "; ".join(finding_flag(finding) for finding in row.findings),
                _severity_text(worst_severity(row.findings)),
            )
            for row in rows
        ),
        (9, 12, 30, 70, 18, 24, 22, 28, 10),
        row_fills=[
            _row_fill(worst_severity(row.findings), bool(row.findings) and all(f.waived for f in row.findings))
            for row in rows
        ],
    )


def _tables(package: Package, review: Review) -> None:
    tables = review.filing.tables
    findings = [table_findings(review, table.table_id) for table in tables]
    _sheet(
        package,
        "Tables",
        ("Table ID", *(label for _field, label in TABLE_FIELDS), "Findings"),
        (
            (
                table.table_id,
                *(_table_cell(table, field_name) for field_name, _label in TABLE_FIELDS),
                "; ".join(finding_flag(finding) for finding in table_findings_),
            )
            for table, table_findings_ in zip(tables, findings, strict=True)
        ),
        (12, 9, 10, 8, 8, 11, 11, 12, 12, 12, 22, 26, 12, 12, 40),
        row_fills=[_row_fill(worst_severity(f), bool(f) and all(x.waived for x in f)) for f in findings],
    )


def _table_cell(table: TableConfiguration, field_name: str) -> object:
    """A table field as a spreadsheet value: counts and measures as numbers (so the column sorts 7 before 10 and
    sums), everything else as the text the filing would write."""
    value = getattr(table, field_name)
    if isinstance(value, int | Decimal) and not isinstance(value, bool):
        return Formatted(value, _money_format(value)) if field_name in MONEY_FIELDS else value
    return table_display(table, field_name) if field_name == "wagers" else table_value(table, field_name)


def _link(package: Package, sheet: Sheet, row: int, column: int, uri: str) -> None:
    """Make a cell a clickable link to a citation's published text (only web addresses, which ours all are), in the
    Hyperlink style, wrapped at the top and keeping its row's colour."""
    if uri.startswith(("https://", "http://")):
        value, style = sheet.cells[(row, column)]
        link_style = CellStyle(font=package.styles.hyperlink(), fill=style.fill, alignment=style_markup(WRAP), named=1)
        sheet.cells[(row, column)] = (value, link_style)
        sheet.links[(row, column)] = uri


def _findings(package: Package, review: Review) -> None:
    headers = (
        "Severity", "Rule ID", "What the rule checks", "Chapter", "Citation", "Citation URI", "Location", "Table",
        "Message", "Fix", "Waived", "Waiver justification", "Approval reference", "Waiver expires", "Waiver source",
    )  # fmt: skip
    rows = []
    checks = {rule_id: rule_checks(review, rule_id) for rule_id in {finding.rule_id for finding in review.findings}}
    for finding in review.findings:
        waiver = finding.waiver
        rows.append(
            (
                finding.severity.value,
                finding.rule_id,
                checks[finding.rule_id],
                finding.chapter or "filing",
                str(finding.citation),
                finding.citation.uri,
                location_text(finding.location),
                finding.table_id or "",
                finding_message(finding),
                finding.fix,
                "Yes" if waiver is not None else "No",
                waiver.justification if waiver else "",
                waiver.approval_reference if waiver else "",
                waiver.expires if waiver else "",
                waiver.source if waiver else "",
            )
        )
    sheet = _sheet(
        package, "Findings", headers, rows, (9, 10, 40, 8, 24, 30, 22, 10, 60, 50, 8, 40, 18, 14, 22),
        row_fills=[_row_fill(finding.severity, finding.waived) for finding in review.findings],
    )  # fmt: skip
    uri_column = headers.index("Citation URI") + 1
    for row_number, finding in enumerate(review.findings, start=2):
        _link(package, sheet, row_number, uri_column, finding.citation.uri)


def _wager_math(package: Package, review: Review) -> None:
    headers = (
        "Chapter", "Wager", "Paytable", "Decks", "House edge", "Return (1 − element of risk)", "Element of risk",
        "Method", "Rounds",
        "95% low", "95% high", "Hit frequency", "Std dev", "Citation", "Reading", "Strategy",
        "Board's figure and verdict",
    )  # fmt: skip
    rows = [
        (
            math.chapter,
            wording.wager_name(math.chapter, math.wager),
            math.paytable or "",
            math.decks,
            math.house_edge,
            math.return_,
            math.element_of_risk,
            math.method,
            math.rounds,
            math.ci95[0] if math.ci95 else None,
            math.ci95[1] if math.ci95 else None,
            math.hit_frequency,
            math.std_dev,
            math.citation,
            wording.reading_words(math.reading) if math.reading else "",
            "; ".join(f"{when}: {decision}" for when, decision in math.strategy),
            "; ".join(entry.text() for entry in beside(math, review.published)),
        )
        for math in review.wager_math
    ]
    number_formats = {**dict.fromkeys((5, 6, 7, 10, 11, 12), PERCENT_FORMAT), 9: COUNT_FORMAT, 13: "0.0000"}
    _sheet(
        package, "Wager Math", headers, rows, (8, 14, 12, 7, 11, 11, 13, 10, 10, 10, 10, 12, 9, 24, 50, 40, 60),
        number_formats=number_formats,
    )  # fmt: skip


#: A strategy grid's code, centred under its column.
CODE_ALIGNMENT = Alignment(horizontal="center", vertical="top")


def strategy_sheet(package: Package, title: str, grids: Sequence[tuple[str, StrategyGrid]]) -> Sheet:
    """Strategy grids of the same columns as one table of cells: a header row of the up cards (or up card and
    hole-card range), then a row per hand with its code under each column, the wager first where ``grids`` names
    several (each grid's name; '' for a par sheet's one grid); what the codes, columns and grid are, once per kind
    of grid, on the rows below the table."""
    named = any(name for name, _grid in grids)
    columns = grids[0][1].columns
    headers = (*(("Wager",) if named else ()), "Hand", *columns)
    # A code is pacomply's own ('-' not offered), never a filing's text: stored as the string it is.
    rows = [(*((name,) if named else ()), hand, *map(Code, codes)) for name, grid in grids for hand, codes in grid.rows]
    hands = max((len(hand) for _name, grid in grids for hand, _codes in grid.rows), default=4)
    names = max((len(name) for name, _grid in grids), default=0)
    widths = (*((names + 2,) if named else ()), hands + 2, *(max(len(column) + 2, 5) for column in columns))
    first_code = len(headers) - len(columns) + 1
    centred = dict.fromkeys(range(first_code, len(headers) + 1), CODE_ALIGNMENT)
    sheet = _sheet(package, title, headers, rows, widths, alignments=centred)
    legends = dict.fromkeys(
        f"Codes: {grid.codes}. Columns: {grid.columns_are}. {grid.basis[:1].upper()}{grid.basis[1:]}."
        for _name, grid in grids
    )
    for offset, legend in enumerate(legends, start=len(rows) + 3):
        sheet.cells[(offset, 1)] = _cell(package.styles, legend, PLAIN)
    return sheet


def _strategies(package: Package, review: Review) -> None:
    """Strategy: each wager's strategy grid under the rules the review prices it at, once, as cells (its par sheet's
    is the same or differs only where the Par Figures sheet's note says); a sheet per kind of grid where the filing
    has blackjack base games of two chapters."""
    by_columns: dict[tuple[str, ...], list[tuple[str, StrategyGrid, str]]] = {}
    for math in review.wager_math:
        if math.chart is not None:
            name = f"{math.chapter} {wording.wager_title(math.chapter, math.wager, math.paytable, math.decks)}"
            by_columns.setdefault(math.chart.columns, []).append((name, math.chart, math.chapter))
    for grids in by_columns.values():
        title = "Strategy" if len(by_columns) == 1 else f"Strategy {grids[0][2]}"
        strategy_sheet(package, title, [(name, grid) for name, grid, _chapter in grids])


#: The Board Figures sheet's columns: each figure named in words as the Evidence sheet names it, the Board's figure and
#: pacomply's as numbers (percent cells at the Board's printed precision), what the Board's figure measures, and the
#: wager-math rows it stands beside, in words (the JSON keeps every id).
PUBLISHED_SHEET_COLUMNS = (
    "Figure", "Board", "Measure", "pacomply", "Verdict", "Board's source", "Explanation", "Beside wager math",
)  # fmt: skip


def _published_figures(package: Package, review: Review) -> None:
    """The Board's published figures about the wagers filed, and beside which wager-math rows each one stands; the
    Board's figure and pacomply's at its precision are percent cells (numbers that sort and compare)."""
    if not review.published:
        return
    items = sorted_reconciliations(review.published)
    rows = []
    for item in items:
        figure = item.figure
        shown = item.pacomply_figure
        end = f" ({figure.range_end.value} end)" if figure.range_end is not None else ""
        rows.append(
            (
                figure_label(item),
                _percent_cell(Decimal(figure.percent) / 100, figure.places)
                if figure.percent is not None
                else "no figure",
                f"{figure.measure.value}{end}",
                # No figure of pacomply's to set beside it: the cell is left empty, never a dash stored as text.
                _percent_cell(shown.rounded(figure.places) / 100 if shown is not None else None, figure.places)
                if figure.percent is not None
                else None,
                item.verdict.value,
                source_text(item),
                wording.without_reading_ids(wording.plain(item.explanation)),
                "; ".join(_rows_beside(figure.id, review)),
            )
        )
    _sheet(package, "Board Figures", PUBLISHED_SHEET_COLUMNS, rows, (40, 10, 16, 10, 22, 40, 70, 40))
    _evidence(package, items)


def _percent_cell(share: Decimal | None, places: int) -> Formatted:
    """A Board-figure column's cell: a share as a percentage at the Board's printed precision (empty, still in that
    format, where pacomply has no figure to set beside the Board's)."""
    return Formatted(share, _percent_format(places))


def _evidence(package: Package, items: Sequence[Reconciliation]) -> None:
    """The Evidence sheet: what each Board-figure verdict rests on, one row per piece of evidence, named in words
    (the text review's appendix); a value that is a number or a percentage is a number cell in its format."""
    rows = evidence_rows(items)
    if not rows:
        return
    typed = [(figure, label, _evidence_cell(value)) for figure, label, value in rows]
    _sheet(package, "Evidence", EVIDENCE_COLUMNS, typed, (26, 34, 90))


def _evidence_cell(text: str) -> Any:
    """A piece of evidence's cell value (:func:`_evidence_value`), in its number format where it has one."""
    value, number_format = _evidence_value(text)
    return value if number_format is None else Formatted(value, number_format)


#: A number as the evidence writes it: '12', '9,654', '-0.013891' (thousands grouped by commas or not at all).
_NUMBER = r"-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?"
_PERCENT_VALUE = re.compile(rf"({_NUMBER}) ?%")
_NUMBER_VALUE = re.compile(_NUMBER)


def _evidence_value(text: str) -> tuple[Any, str | None]:
    """A piece of evidence as its cell: '0.0123 %' a percent cell, '9,654' or '0.5' a number cell, anything else
    text; the number format keeps the places written."""
    percent = _PERCENT_VALUE.fullmatch(text)
    if percent is not None:
        return Decimal(percent.group(1).replace(",", "")) / 100, _percent_format(len(percent.group(2) or ""))
    number = _NUMBER_VALUE.fullmatch(text)
    if number is None:
        return text, None
    places = len(number.group(1) or "")
    value = Decimal(text.replace(",", ""))
    return (value, "#,##0." + "0" * places) if places else (int(value), COUNT_FORMAT)


def _rows_beside(figure_id: str, review: Review) -> list[str]:
    from pacomply.checker.reconciliation import speaks_of

    return [
        wording.wager_title(math.chapter, math.wager, math.paytable, math.decks)
        for math in review.wager_math
        for item in review.published
        if item.figure.id == figure_id and speaks_of(item.figure, math)
    ]


def _paytables(package: Package, review: Review) -> None:
    # Each wager's name is looked up once, not once for each of its lines.
    rows = [
        (math.chapter, name, math.paytable or "", math.decks, outcome, pays, math.citation)
        for math in review.wager_math
        for name in (wording.wager_name(math.chapter, math.wager),)
        for outcome, pays in math.paytable_rows
    ]
    _sheet(package, "Paytables", ("Chapter", "Wager", "Paytable", "Decks", "Outcome", "Pays", "Citation"), rows,
           (8, 14, 12, 7, 40, 14, 24))  # fmt: skip


def _readings(package: Package, review: Review) -> None:
    rows = [
        (
            chapter,
            str(reading.citation),
            *map(wording.without_reading_ids, (reading.topic, reading.choice, reading.reason)),
        )
        for chapter, reading in review.readings
    ]
    _sheet(package, "Readings", ("Chapter", "Citation", "Topic", "Choice", "Reason"), rows,
           (8, 24, 40, 40, 70))  # fmt: skip


def _day(text: str) -> date | str:
    """An ISO date written as text, as a date (the text itself where it is not one)."""
    try:
        return date.fromisoformat(text)
    except ValueError:
        return text


#: The par sheets' figure columns: (header, ParSheet attribute, number format); further ParSheet fields follow
#: generically (:func:`_further_fields`).
_PAR_FIGURES = (
    ("House edge (per initial wager)", "house_edge", PERCENT_FORMAT),
    ("Element of risk (per unit wagered)", "element_of_risk", PERCENT_FORMAT),
    ("Return per initial wager (1 − house edge)", "return_per_initial_wager", PERCENT_FORMAT),
    ("Return per unit wagered (1 − element of risk)", "return_per_unit_wagered", PERCENT_FORMAT),
    ("Average wagered per initial wager", "total_wagered", "0.0000"),
    ("Hit frequency", "hit_frequency", PERCENT_FORMAT),
    ("Standard deviation", "std_dev", "0.0000"),
    ("Rounds simulated", "rounds", COUNT_FORMAT),
    ("Seed", "seed", "0"),
    ("Standard error of the house edge", "standard_error", PERCENT_FORMAT),
)


def _par_figure_cell(value: Any) -> Any:
    """A par-sheet figure as a cell: a number stays a number, words stay words (a method, a basis), a list is
    joined, and a figure not computed for the wager leaves its cell empty (a column of figures holds only
    numbers)."""
    if value is None:
        return None
    if isinstance(value, str | int):
        return value
    if isinstance(value, tuple | list):
        return "; ".join(str(item) for item in value)
    return float(value)


def _further_fields(sheets: Sequence[Any]) -> list[str]:
    """ParSheet fields holding one number that the named columns do not show, in the dataclass's order."""
    import dataclasses
    from fractions import Fraction

    from pacomply.reports.parsheet_text import SHOWN_FIELDS

    named = {attribute for _header, attribute, _format in _PAR_FIGURES} | SHOWN_FIELDS
    further: list[str] = []
    for sheet in sheets:
        for field in dataclasses.fields(sheet):
            value = getattr(sheet, field.name)
            numeric = isinstance(value, int | float | Fraction) and not isinstance(value, bool)
            if field.name not in named and field.name not in further and (numeric or value is None):
                further.append(field.name)
    return further


def _par_sheets(package: Package, review: Review) -> None:
    """Par Sheets (every paytable line of every configured wager) and Par Figures (one row per par sheet: its figures
    as numbers in their formats, the cell left empty where a figure is not computed for the wager)."""
    if not review.par_sheets:
        return
    from pacomply.reports.parsheet_text import outcome_name, pays_text

    # Each wager's name is looked up once, not once for each of its lines.
    line_rows = [
        (sheet.chapter, name, sheet.paytable or "", sheet.decks,
         outcome_name(sheet, line.outcome, line.pays), pays_text(line.pays),
         _exact_count(line.combinations),
         float(line.probability), float(line.contribution))
        for sheet in review.par_sheets
        for name in (wording.wager_name(sheet.chapter, sheet.wager),)
        for line in sheet.lines
    ]  # fmt: skip
    _sheet(package, "Par Sheets",
                   ("Chapter", "Wager", "Paytable", "Decks", "Outcome", "Pays", "Combinations", "Probability",
                    "Contribution to return"), line_rows, (8, 16, 12, 7, 40, 26, 26, 14, 14),
           number_formats={7: COUNT_FORMAT, 8: PROBABILITY_FORMAT, 9: PROBABILITY_FORMAT})  # fmt: skip
    # A figure column (or the note) that no par sheet of the review fills is left out: a game without a spread
    # gets no empty spread columns.
    columns = [
        *_PAR_FIGURES,
        *((name.replace("_", " ").capitalize(), name, "0.000000") for name in _further_fields(review.par_sheets)),
    ]
    columns = [
        column for column in columns if any(getattr(sheet, column[1], None) is not None for sheet in review.par_sheets)
    ]
    notes = [_par_sheet_note(sheet, review) for sheet in review.par_sheets]
    noted = any(notes)
    headers = ("Chapter", "Wager", "Paytable", "Decks", "Method", *(header for header, _attribute, _format in columns),
               "Citation", *(("Note",) if noted else ()))  # fmt: skip
    figure_rows = [
        (sheet.chapter, wording.wager_name(sheet.chapter, sheet.wager), sheet.paytable or "", sheet.decks,
         sheet.method, *(_par_figure_cell(getattr(sheet, attribute, None)) for _header, attribute, _format in columns),
         sheet.citation, *((note,) if noted else ()))
        for sheet, note in zip(review.par_sheets, notes, strict=True)
    ]  # fmt: skip
    _sheet(package, "Par Figures", headers, figure_rows, (8, 16, 12, 7, 11, *(14 for _ in columns), 28, 50),
           number_formats={6 + offset: number_format for offset, (_header, _attribute, number_format)
                           in enumerate(columns)})  # fmt: skip


def _par_sheet_note(sheet: Any, review: Review) -> str:
    """Where the par sheet's figures or rules are not the review's: which, in a sentence or two."""
    from pacomply.checker.review_parsheets import differs_from_review, rules_differences, wager_math_of_sheet

    notes = [PAR_SHEET_DIFFERS] if differs_from_review(sheet, review.wager_math) else []
    math = wager_math_of_sheet(sheet, review.wager_math)
    if math is not None:
        sheet_only, review_only = rules_differences(sheet.strategy, math.strategy)
        if sheet_only or review_only:
            notes.append(
                f"computed under the chapter's own rules ({'; '.join(sheet_only) or 'as written'}), where the review "
                f"prices the filing's ({'; '.join(review_only) or 'as answered'}); the Strategy sheet is the review's"
            )
    return "; ".join(notes)


def _exact_count(count: int | None) -> int | str | None:
    """A count as a number where a spreadsheet holds it exactly (15 digits), else as its digits in text."""
    if count is None or abs(count) < 10**15:
        return count
    return f"{count:,}"


def workbook_for(review: Review) -> Package:
    """The report workbook (not yet written): every sheet printed landscape, one page wide, its header row repeated
    (:mod:`pacomply.reports.xlsx_package`)."""
    package = Package()
    _summary(package, review)
    _checklist(package, review)
    _tables(package, review)
    _findings(package, review)
    _wager_math(package, review)
    _strategies(package, review)
    _published_figures(package, review)
    _paytables(package, review)
    _par_sheets(package, review)
    _readings(package, review)
    return package


class XlsxRenderer:
    """Renders the review workbook."""

    @collection_paused()
    def render(self, review: Review) -> bytes:
        """The .xlsx bytes, made with the cycle collector paused (:mod:`pacomply.reports.collection`): a workbook is
        some thousands of small tuples, and none of them is in a cycle."""
        return package_bytes(workbook_for(review), document_datetime(review), FASTEST_COMPRESSION)


RENDERER = XlsxRenderer()

__all__ = ["RENDERER", "XlsxRenderer", "strategy_sheet", "workbook_for"]
