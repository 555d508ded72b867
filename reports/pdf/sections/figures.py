"""The figures: the wager math with each paytable and strategy, the Board's published figures beside
pacomply's, and the par sheets with their strategy grids."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

from pacomply.checker.wager_math import WagerMath
from pacomply.checker.wager_math.strategy_grid import StrategyGrid
from pacomply.reports import wording
from pacomply.reports.content import PAR_SHEET_DIFFERS, RETURN_BASIS, percent, wager_title
from pacomply.reports.pdf.breaks import _kept_with_label, _Together, _WithNext
from pacomply.reports.pdf.paragraphs import _p, _Tagged, _text
from pacomply.reports.pdf.sections.story import _StoryBase
from pacomply.reports.pdf.styles import BAND, CONTENT_WIDTH, FONT, _Styles
from pacomply.reports.pdf.tables import _Grid, _grid, _grid_style, _header_cells, _key_value_table, _tag_cells
from pacomply.reports.reconciliation import beside, figure_label, sentence, sorted_reconciliations
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import inch
from reportlab.platypus import Flowable, Spacer

if TYPE_CHECKING:
    from pacomply.checker.parsheet import ParSheet
    from pacomply.checker.review import Review

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
def _grid_styles(styles: _Styles, size: float) -> tuple[ParagraphStyle, ParagraphStyle, ParagraphStyle, ParagraphStyle]:
    """A strategy grid's styles at ``size`` (made once per process): the hand, a code centred in its column, the
    hand's header and an up card's header, centred over its codes."""
    hand = ParagraphStyle("grid-cell", parent=styles.cell, fontSize=size, leading=size + 1.5)
    code = ParagraphStyle("grid-code", parent=hand, alignment=TA_CENTER)
    header = ParagraphStyle("grid-header", parent=styles.cell_bold, fontSize=size, leading=size + 1.5,
                            textColor=colors.white)  # fmt: skip
    column = ParagraphStyle("grid-column", parent=header, alignment=TA_CENTER)
    return hand, code, header, column


#: The widest a strategy grid's code column is drawn: a code sits right under its up card, not spread over the page.
GRID_COLUMN_MOST = 0.42 * inch


def _grid_table(grid: StrategyGrid, styles: _Styles) -> Flowable:
    """A strategy grid (``checker.wager_math.strategy_grid.StrategyGrid``) as a table: the player's hands down, one
    column per up card (or up card and hole-card range) across, each code centred in its up card's column, the header
    row repeated on every page the grid runs onto."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    wide = len(grid.columns) > 12
    size = 6.0 if wide else 7.5
    hand_style, code_style, hand_header, column_header = _grid_styles(styles, size)
    labels, _key = _grid_labels(grid.columns)
    head = [_p("Hand", hand_header), *(_p(label, column_header) for label in labels)]
    for item in head:
        item.column_header = True
    data: list[list[Any]] = [head]
    data += [
        [_p(_text(hand), hand_style), *(_p(_text(code), code_style) for code in codes)] for hand, codes in grid.rows
    ]
    padding = 1 if wide else 3
    hand_width = (
        max(
            stringWidth("Hand", hand_header.fontName, size),
            *(stringWidth(hand, hand_style.fontName, size) for hand, _ in grid.rows),
        )
        + 2 * padding
        + 2
    )
    width = min((CONTENT_WIDTH - hand_width) / max(len(grid.columns), 1), GRID_COLUMN_MOST)
    table = _grid(data, [hand_width] + [width] * len(grid.columns), header_columns=1, repeatRows=1, hAlign="LEFT")
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
    return table


def _grid_legend(grid: StrategyGrid, styles: _Styles) -> Flowable:
    """The codes, the columns and what the grid is, said once above it."""
    _labels, key = _grid_labels(grid.columns)
    return _Tagged(
        _text(f"Codes: {grid.codes}. Columns: {grid.columns_are}. This is the {grid.basis}.") + key, styles.small
    )


def strategy_grid(grid: StrategyGrid, styles: _Styles, label: str) -> list[Flowable]:
    """A strategy grid under its label, its legend line above it, kept with the start of the grid."""
    return [_WithNext([_Tagged(_text(label), styles.cell_bold, role="H3"), _grid_legend(grid, styles),
                       _grid_table(grid, styles)])]  # fmt: skip


def _grouped(rows: Sequence[tuple[str, str]]) -> list[tuple[str, str]]:
    """Consecutive situations with the same decision as one row ('Five Wilds, Royal Flush, ..., Pair of 5s or
    higher: raise'), in their order."""
    grouped: list[tuple[list[str], str]] = []
    for when, decision in rows:
        if grouped and grouped[-1][1] == decision:
            grouped[-1][0].append(when)
        else:
            grouped.append(([when], decision))
    return [(", ".join(whens), decision) for whens, decision in grouped]


def strategy_block(rows: Sequence[tuple[str, str]], grid: StrategyGrid | None, styles: _Styles) -> list[Flowable]:
    """A wager's strategy once: its words (the play, the rules) as a short key-value block, then its grid where it
    has one (its legend line above it); a strategy of named decisions (687a's raises, 686a's required wager) as a
    table of them, situations with the same decision in one row."""
    label = _Tagged("Strategy", styles.cell_bold, role="H3")
    if grid is None:
        data = [_header_cells(("When", "Decision"))]
        data += [[_p(_text(when)), _p(_text(decision))] for when, decision in _grouped(rows)]
        table = _grid(data, [2.5 * inch, None], repeatRows=1, hAlign="LEFT")
        table.setStyle(_grid_style())
        return _kept_with_label(label, table)
    words = _key_value_table([(when.capitalize(), _text(decision)) for when, decision in rows], 1.0 * inch)
    # The words, the legend and the start of the grid are read together: never parted at a page's foot.
    return [_WithNext([label, words, Spacer(1, 3), _grid_legend(grid, styles), _grid_table(grid, styles)])]


def _configuration(item: WagerMath | ParSheet) -> tuple[str, str, str | None, int]:
    """What a wager-math row and a par sheet are of: chapter, wager, paytable, decks."""
    return (item.chapter, item.wager, item.paytable, item.decks)


class FigureSections(_StoryBase):
    """The wager math, the Board's published figures and the par sheets."""

    def __init__(self, review: Review) -> None:
        super().__init__(review)
        #: The subsection ('6.2') showing each configuration's strategy, filled by :meth:`wager_math`.
        self.strategy_at: dict[tuple[str, str, str | None, int], str] = {}

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
        if math.strategy or math.chart is not None:
            # The wager's strategy is shown here once, under the rules this figure is priced at; its par sheet
            # refers to it (par_sheets).
            self.strategy_at.setdefault(_configuration(math), f"{self.section}.{self.subsection}")
            blocks += [Spacer(1, 4), *strategy_block(math.strategy, math.chart, self.styles)]
        if math.paytable_rows:
            data = [_header_cells(("Outcome", "Pays"))]
            data += [[_p(_text(outcome)), _p(_text(pays))] for outcome, pays in math.paytable_rows]
            table = _grid(data, [3.5 * inch, 1.5 * inch], repeatRows=1, hAlign="LEFT")
            table.setStyle(_grid_style())
            label = f"Paytable {math.paytable}" if math.paytable else "Paytable"
            blocks += [Spacer(1, 4), *_kept_with_label(_Tagged(_text(label), self.styles.cell_bold, role="H3"), table)]
        blocks.append(Spacer(1, 6))
        return blocks

    def _par_sheet_strategy(self, sheet: ParSheet) -> list[Flowable]:
        """A par sheet's strategy as a pointer to the wager's figures where it is shown: one line where it is the
        same; one line naming the rules where the par sheet is computed under others than the review prices, with
        its grid where the play differs too; in full where the review shows the wager's strategy nowhere."""
        from pacomply.checker.review_parsheets import rules_differences, wager_math_of_sheet

        math = wager_math_of_sheet(sheet, self.review.wager_math)
        where = self.strategy_at.get(_configuration(sheet)) if math is not None else None
        if math is None or where is None:
            return strategy_block(sheet.strategy, sheet.grid, self.styles)
        if (sheet.strategy, sheet.grid) == (math.strategy, math.chart):
            line = f"Strategy: as shown in {where}, under the same rules and play."
            return [_p(_text(line), self.styles.small)]
        sheet_only, review_only = rules_differences(sheet.strategy, math.strategy)
        line = (
            f"Strategy: {where} shows the play under the rules the review prices ("
            + ("; ".join(review_only) or "the filing's answers")
            + "); this par sheet is computed under the chapter's own rules ("
            + ("; ".join(sheet_only) or "as written")
            + ")"
        )
        if sheet.grid == math.chart:
            return [_p(_text(f"{line}, with the same strategy grid."), self.styles.small)]
        flowables: list[Flowable] = [_p(_text(f"{line}, whose strategy grid follows."), self.styles.small)]
        if sheet.grid is not None:
            flowables += strategy_grid(sheet.grid, self.styles, label="Strategy grid under the chapter's own rules")
        return flowables

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
            if sheet.strategy or sheet.grid is not None:
                self.add(Spacer(1, 4), *self._par_sheet_strategy(sheet))
            for note in sheet.notes:
                self.add(_p(_text(f"Note: {note}"), self.styles.small))
            self.add(Spacer(1, 8))
