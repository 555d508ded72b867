"""The figures: the wager math with each paytable and strategy, the Board's published figures beside
pacomply's, and the par sheets with their strategy grids."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from pacomply.checker.wager_math import WagerMath
from pacomply.reports import wording
from pacomply.reports.content import PAR_SHEET_DIFFERS, RETURN_BASIS, percent, wager_title
from pacomply.reports.pdf.breaks import _kept_with_label, _Together, _WithNext
from pacomply.reports.pdf.paragraphs import _p, _Tagged, _text
from pacomply.reports.pdf.sections.story import _StoryBase
from pacomply.reports.pdf.styles import BAND, CONTENT_WIDTH, FONT, _Styles
from pacomply.reports.pdf.tables import _Grid, _grid, _grid_style, _header_cells, _key_value_table, _tag_cells
from pacomply.reports.reconciliation import beside, figure_label, sentence, sorted_reconciliations
from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import inch
from reportlab.platypus import Flowable, Spacer

#: The columns of the Board-figure table: the figure, its verdict and the sentence that says both in words.
PUBLISHED_COLUMNS = ("Figure", "Verdict", "In a sentence")


def _reading_words(reading: str) -> str:
    """A wager's readings relied on ('687a-five-of-a-kind: ... | 687a-bad-beat: ...'), each as the reader gets it:
    its topic, then what it says, with no id of ours."""
    from pacomply.checker.wager_math import READING_SEPARATOR

    statements = [wording.reading_statement(part.strip()) for part in reading.split(READING_SEPARATOR)]
    return " ".join(statement if statement.endswith(".") else f"{statement}." for statement in statements)


def _grid_labels(columns: Sequence[str]) -> tuple[list[str], str]:
    """Column labels of a strategy grid as markup, each '/'-part on its own line; where the grid is wide, a part
    longer than two characters is shortened to its first letter when that is unambiguous (the key says so), so a
    label never breaks inside a word."""
    parts = [column.split("/") for column in columns]
    words = sorted({part for split in parts for part in split[1:] if len(part) > 2})
    short = {word: word[0] for word in words}
    if len(columns) <= 12 or len(set(short.values())) != len(short):
        short = {}
    labels = ["<br/>".join(_text(short.get(part, part)) for part in split) for split in parts]
    key = " Column key: " + ", ".join(f"{letter} {word}" for word, letter in short.items()) + "." if short else ""
    return labels, key


#: The par-sheet line table's columns when its figures leave room (:func:`par_line_widths`): what the outcome column
#: keeps at least, and the most the pays column takes.
OUTCOME_LEAST = 1.5 * inch
PAYS_MOST = 1.3 * inch
#: Each side's padding in a grid cell (:func:`pacomply.reports.pdf.tables._grid_style`), and a point to spare.
CELL_PADDING = 2 * 4 + 1
FIXED_LINE_WIDTHS = (2.3 * inch, 1.3 * inch, 1.1 * inch, 1.1 * inch, None)
"""The line table's columns where its figures leave no room: the cells are then fitted to them in a smaller type."""


def par_line_widths(rows: Sequence[Sequence[str]]) -> list[float | None]:
    """The widths of a par sheet's line table (outcome, pays, combinations, probability, contribution): each figure
    column as wide as its widest figure or heading, so that a 33-digit count of deals or a probability of
    0.000000000000814038 stands whole in the cell's own type, never shrunk or broken across lines; the pays column up
    to :data:`PAYS_MOST` and the outcome, which wraps at its spaces, the rest. Where the figures leave the outcome
    less than :data:`OUTCOME_LEAST`, the fixed widths (:data:`FIXED_LINE_WIDTHS`)."""
    from pacomply.reports.parsheet_text import LINE_COLUMNS
    from pacomply.reports.pdf.styles import _styles
    from pacomply.reports.pdf.tables import _header_style
    from reportlab.pdfbase.pdfmetrics import stringWidth

    heading, cell = _header_style(), _styles().cell

    def widest(column: int) -> float:
        cells = [stringWidth(row[column], cell.fontName, cell.fontSize) for row in rows if column < len(row)]
        return max([stringWidth(LINE_COLUMNS[column], heading.fontName, heading.fontSize), *cells]) + CELL_PADDING

    figures = [widest(column) for column in (2, 3, 4)]
    left = CONTENT_WIDTH - sum(figures)
    pays = min(widest(1), PAYS_MOST)
    if left - pays < OUTCOME_LEAST:
        pays = max(left - OUTCOME_LEAST, min(pays, 0.9 * inch))
    if left - pays < OUTCOME_LEAST:
        return list(FIXED_LINE_WIDTHS)
    return [left - pays, pays, *figures]


@cache
def _grid_styles(styles: _Styles, size: float) -> tuple[ParagraphStyle, ParagraphStyle]:
    """A strategy grid's cell and header styles at ``size`` (made once per process)."""
    cell = ParagraphStyle("grid-cell", parent=styles.cell, fontSize=size, leading=size + 1.5)
    header = ParagraphStyle("grid-header", parent=styles.cell_bold, fontSize=size, leading=size + 1.5,
                            textColor=colors.white)  # fmt: skip
    return cell, header


def _strategy_grid(grid: Any, styles: _Styles) -> list[Flowable]:
    """A strategy grid (``checker.parsheet.StrategyGrid``): player hands down, what the player knows of the
    dealer across, one letter per decision; the legend above it, the header row repeated on every page."""
    size = 6.0 if len(grid.columns) > 12 else 7.0
    cell, header = _grid_styles(styles, size)
    labels, key = _grid_labels(grid.columns)
    head = [_p(label, header) for label in ("Hand", *labels)]
    for item in head:
        item.column_header = True
    data: list[list[Any]] = [head]
    data += [[_p(_text(hand), cell), *(_p(_text(decision), cell) for decision in cells)] for hand, cells in grid.rows]
    hand_width = 0.45 * inch
    width = (CONTENT_WIDTH - hand_width) / max(len(grid.columns), 1)
    table = _grid(data, [hand_width] + [width] * len(grid.columns), header_columns=1, repeatRows=1, hAlign="LEFT")
    padding = 1 if len(grid.columns) > 12 else 2
    table.setStyle(
        _grid_style(
            extra=[
                ("FONT", (0, 0), (-1, -1), FONT, size),
                ("LEFTPADDING", (0, 0), (-1, -1), padding),
                ("RIGHTPADDING", (0, 0), (-1, -1), padding),
                ("TOPPADDING", (0, 0), (-1, -1), 1),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
                ("BACKGROUND", (0, 1), (0, -1), BAND),
            ]
        )
    )
    legend = _Tagged(_text(f"Strategy grid: {grid.legend}.{key}"), styles.small)
    return [_WithNext([_Tagged("Strategy grid", styles.cell_bold, role="H3"), legend, table])]


class FigureSections(_StoryBase):
    """The wager math, the Board's published figures and the par sheets."""

    def wager_math(self) -> None:
        review = self.review
        self.heading("Wager math")
        if not review.wager_math:
            self.paragraph("The filing configures no wager pacomply can analyse.")
            return
        self.paragraph(
            "Every wager configured at a table, at that table's deck count. House edge is the expected loss per unit "
            "of the initial wager; element of risk is the expected loss per unit of the total amount wagered. "
            f"{_text(RETURN_BASIS[0].upper() + RETURN_BASIS[1:])}."
        )
        overview = [
            _header_cells(("Chapter", "Wager", "Paytable", "Decks", "House edge", "Return (1 − EoR)", "Method"))
        ]
        for math in review.wager_math:
            overview.append(
                [
                    _p(_text(value))
                    for value in (
                        math.chapter,
                        wording.wager_name(math.chapter, math.wager),
                        math.paytable or "none",
                        math.decks,
                        percent(math.house_edge),
                        percent(math.return_),
                        math.method,
                    )
                ]
            )
        widths = [0.7 * inch, 1.4 * inch, 1.0 * inch, 0.5 * inch, 0.9 * inch, 0.9 * inch, None]
        table = _grid(overview, widths, repeatRows=1, hAlign="LEFT")
        table.setStyle(_grid_style())
        self.add(table)
        for math in review.wager_math:
            self.add(*self._wager_block(math))

    def published_figures(self) -> None:
        """The Board's published figures about the wagers filed, each beside pacomply's, with the verdict."""
        review = self.review
        if not review.published:
            return
        # Part of the wager math, under a plain title: the top-level sections keep their numbers and the contents
        # their length for every filing.
        self.add(Spacer(1, 6))
        label = _Tagged("The Board's published figures", self.styles.cell_bold, role="H2")
        self.paragraph(
            "Each figure the Board published about a wager the filing configures (with the rest of its list), beside "
            "pacomply's figure at the Board's printed precision ('pacomply published' lists them all), in one "
            "sentence a reviewer can repeat; the evidence for each verdict is the last appendix. Reproduced: "
            "pacomply's own reading gives it; reproduced under another reading: the chapter's text and the Board "
            "disagree; Board misprint: one digit off while the rest of its list reproduces; undecidable: pacomply's "
            "own figure is simulated around it, or the chapter lacks a number; implied parameter: a round rate the "
            "chapter does not print gives it; consistent with simulation: within two standard errors of a simulation "
            "of 10 million rounds or more; unexplained: the nearest reading and the gap."
        )
        data = [_header_cells(PUBLISHED_COLUMNS)]
        data += [
            [_p(_text(value)) for value in (figure_label(item), item.verdict.value, sentence(item))]
            for item in sorted_reconciliations(review.published)
        ]
        table = _Grid(_tag_cells(data), colWidths=[1.3 * inch, 1.1 * inch, None], repeatRows=1)
        table.setStyle(_grid_style())
        # The title and its introduction stay with the start of the table (never alone at a page's foot).
        introduction = self.flowables.pop()
        self.add(_WithNext([label, introduction, table]))

    def _wager_block(self, math: WagerMath) -> list[Flowable]:
        interval = (
            f"{percent(math.ci95[0])} to {percent(math.ci95[1])} (95%, house edge)"
            if math.ci95 is not None
            else "none: the figure is exact"
        )
        rows = [
            ("House edge", percent(math.house_edge)),
            ("Return (1 − element of risk)", percent(math.return_)),
            ("Element of risk", percent(math.element_of_risk)),
            ("Method", math.method + (f", {math.rounds:,} rounds" if math.rounds else "")),
            ("Interval", interval),
        ]
        # A figure the wager's analysis does not compute is left out, not shown blank or 'n/a' (the par sheet
        # says where the spread of a blackjack base game comes from).
        if math.hit_frequency is not None:
            rows.append(("Hit frequency", percent(math.hit_frequency, 2)))
        if math.std_dev is not None:
            rows.append(("Standard deviation", f"{math.std_dev:.4f} units"))
        rows.append(("Citation", math.citation))
        if math.reading:
            rows.append(("Reading relied on", _reading_words(math.reading)))
        rows += [("Board's figure", entry.text()) for entry in beside(math, self.review.published)]
        # A wager's figures are read together: with their heading, they move to the next page rather than split
        # (unless that would leave this page less than a quarter filled).
        blocks: list[Flowable] = [
            _Together(
                [
                    self.subheading(wager_title(math.chapter, math.wager, math.paytable, math.decks)),
                    _key_value_table([(label, _text(value)) for label, value in rows], 1.6 * inch),
                ]
            )
        ]
        if math.strategy:
            data = [_header_cells(("When", "Decision"))]
            data += [[_p(_text(when)), _p(_text(decision))] for when, decision in math.strategy]
            table = _grid(data, [2.5 * inch, None], repeatRows=1, hAlign="LEFT")
            table.setStyle(_grid_style())
            decisions = _Tagged("Optimal decisions", self.styles.cell_bold, role="H3")
            blocks += [Spacer(1, 4), *_kept_with_label(decisions, table)]
        if math.paytable_rows:
            data = [_header_cells(("Outcome", "Pays"))]
            data += [[_p(_text(outcome)), _p(_text(pays))] for outcome, pays in math.paytable_rows]
            table = _grid(data, [3.5 * inch, 1.5 * inch], repeatRows=1, hAlign="LEFT")
            table.setStyle(_grid_style())
            label = f"Paytable {math.paytable}" if math.paytable else "Paytable"
            blocks += [Spacer(1, 4), *_kept_with_label(_Tagged(_text(label), self.styles.cell_bold, role="H3"), table)]
        blocks.append(Spacer(1, 6))
        return blocks

    def par_sheets(self) -> None:
        """The par sheet of each configured wager (as ``pacomply parsheet`` prints it): the lines, the figures and,
        for the blackjack base games, the strategy as a grid."""
        review = self.review
        from pacomply.checker.review_parsheets import differs_from_review
        from pacomply.reports.parsheet_text import LINE_COLUMNS, line_rows, summary_rows, title

        self.heading("Par sheets")
        if not review.par_sheets:
            # The section is always there, so the sections keep their numbers for every filing.
            self.paragraph("The filing configures no wager a par sheet can be made for.")
            return
        self.paragraph(
            "For each wager, paytable and deck count configured: every paytable line with its combinations (where "
            "the figure is enumerated), probability, pays and contribution to the return per unit of the initial "
            "wager, then the figures on their stated bases. A figure shown as '-' is not computed for that wager."
        )
        for sheet in review.par_sheets:
            heading = self.subheading(title(sheet).removeprefix("Par sheet: "))
            lead: list[Flowable] = [heading, _p(_text(sheet.citation), self.styles.small)]
            if differs_from_review(sheet, review.wager_math):
                lead.append(_p(_text(f"Note: {PAR_SHEET_DIFFERS}."), self.styles.small))
            # The key figures are one block, never split across pages; the lines before them may be.
            figures = _Together(
                [
                    Spacer(1, 4),
                    _key_value_table([(label, _text(value)) for label, value in summary_rows(sheet)], 2.6 * inch),
                ],
                whole=True,
            )
            if sheet.lines:
                rows = line_rows(sheet)
                data = [_header_cells(LINE_COLUMNS)]
                data += [[_p(_text(cell)) for cell in row] for row in rows]
                table = _grid(data, par_line_widths(rows), repeatRows=1, hAlign="LEFT")
                table.setStyle(_grid_style())
                self.add(_WithNext([*lead, table]))
                if sheet.space is not None:
                    self.add(_p(_text(f"Combinations counted over {sheet.space:,} equally likely deals."),
                                self.styles.small))  # fmt: skip
                self.add(figures)
            else:
                self.add(_WithNext([*lead, figures]))
            if sheet.strategy:
                data = [_header_cells(("When", "Decision"))]
                data += [[_p(_text(when)), _p(_text(decision))] for when, decision in sheet.strategy]
                table = _grid(data, [2.5 * inch, None], repeatRows=1, hAlign="LEFT")
                table.setStyle(_grid_style())
                self.add(Spacer(1, 4), *_kept_with_label(_Tagged("Strategy", self.styles.cell_bold, role="H3"), table))
            if sheet.grid is not None:
                self.add(Spacer(1, 4), *_strategy_grid(sheet.grid, self.styles))
            for note in sheet.notes:
                self.add(_p(_text(f"Note: {note}"), self.styles.small))
            self.add(Spacer(1, 8))
