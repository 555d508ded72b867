"""The document's tables: cells fitted to their columns and tagged as table cells, split only where rows stay on
each side of a page break, in the grid style every table shares."""

from __future__ import annotations

import re
import threading
import weakref
from collections.abc import Sequence
from functools import cache, lru_cache
from typing import Any, NamedTuple

from pacomply.reports.pdf.paragraphs import DRAWN_CELLS, _p, _parsed, _Tagged, _text
from pacomply.reports.pdf.styles import BAND, CONTENT_WIDTH, FONT, NAVY, RULE_GREY, _styles
from pacomply.reports.pdf_tagging import ARTIFACT_OPEN, CLOSE, Node, Recorder, recorder_of, table_nodes
from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import inch
from reportlab.pdfbase.pdfmetrics import getFont, stringWidth
from reportlab.platypus import Flowable, Indenter, Paragraph, Spacer, Table, TableStyle
from reportlab.platypus.tables import CellStyle, _ExpandedCellTuple, _setCellStyle

SMALLEST_CELL_FONT = 6.0
COVER_PADDING = 1.5  # points above and below a cover table's row (3 elsewhere): the cover stays one page

_MARKUP = re.compile(r"<[^>]*>")
_WHOLE_LINK = re.compile(r"<link [^>]*>[^<]*</link>")
_ENTITIES = {"&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#x27;": "'"}


@lru_cache(maxsize=8192)
def _widest_token(markup: str, font: str, size: float) -> float:
    """The width of the longest run of text a line may not break inside (words between spaces)."""
    text = _MARKUP.sub(" ", markup.replace("<br/>", " "))
    for entity, character in _ENTITIES.items():
        text = text.replace(entity, character)
    return max((stringWidth(token, font, size) for token in text.split()), default=0.0)


@lru_cache(maxsize=1024)
def _fitted_style(style: ParagraphStyle, size: float) -> ParagraphStyle:
    """``style`` at a smaller ``size``, its leading in proportion (made once per style and size, so that cells in it
    share their parse and lines: see :mod:`pacomply.reports.pdf.paragraphs`)."""
    leading = size * style.leading / style.fontSize
    return ParagraphStyle(f"{style.name}-fit", parent=style, fontSize=size, leading=leading)


def _fitted(cell: object, width: float) -> object:
    """The cell, in a smaller type where one of its tokens ('super_match=633a.13(i)(1)', '687a.11(b)(3)') would
    not fit the column, so reportlab never breaks a citation or a wager id mid-token; lines still wrap at spaces."""
    if not isinstance(cell, Paragraph) or width <= 0:
        return cell
    style = cell.style
    room = width - 8  # the grid's left and right padding
    size = style.fontSize
    widest = _widest_token(cell.text, style.fontName, size)
    if widest <= room:
        return cell
    fitted_size = max(SMALLEST_CELL_FONT, size * room / widest)
    fitted = _Tagged(cell.text, _fitted_style(style, fitted_size))
    if isinstance(cell, _Tagged):
        # The smaller copy stands for the cell: the same element, and a header cell still heads its column.
        fitted.structure = cell.structure
        fitted.column_header = cell.column_header
    return fitted


def _tag_cells(data: list[list[Any]], header_columns: int = 0, caption_row: bool = False) -> list[list[Any]]:
    """Tie each paragraph cell to its Table/TR/TH/TD node: rows made by :func:`_header_cells` are column headers, the
    first ``header_columns`` columns row headers; with ``caption_row`` the first row is the table's caption."""
    header_rows = 0
    while header_rows < len(data) and all(getattr(cell, "column_header", False) for cell in data[header_rows]):
        header_rows += 1
    columns = max((len(row) for row in data), default=0)
    _table, nodes = table_nodes(len(data), columns, header_rows, header_columns, caption_row)
    for row, cells in enumerate(data):
        for column, cell in enumerate(cells):
            if isinstance(cell, _Tagged):
                # A cell that is one link (a finding's citation) holds a Link element around its text.
                whole_link = _WHOLE_LINK.fullmatch(cell.text) is not None
                cell.structure = Node("Link", nodes[row][column]) if whole_link else nodes[row][column]
    return data


def _grid(
    data: list[list[Any]],
    widths: Sequence[float | None],
    *,
    header_columns: int = 0,
    caption_row: bool = False,
    **options: Any,
) -> Table:
    """A reportlab Table whose cells are fitted to their columns (see :func:`_fitted`) and tagged as a table.

    A column given as None takes what the others leave of the content width.
    """
    fixed = sum(width for width in widths if width is not None)
    open_columns = sum(1 for width in widths if width is None)
    resolved = [width if width is not None else (CONTENT_WIDTH - fixed) / max(open_columns, 1) for width in widths]
    fitted = [[_fitted(cell, resolved[column]) for column, cell in enumerate(row)] for row in data]
    return _Grid(_tag_cells(fitted, header_columns, caption_row), colWidths=list(widths), **options)


#: Rows of a table left on each side of a page break; the header row a split table repeats is not counted.
ROWS_EACH_SIDE = 3


def _head_rows(table: Table) -> int:
    """The header rows a table repeats on each page it runs onto."""
    repeat = table.repeatRows
    return repeat if isinstance(repeat, int) else max(repeat) + 1


def _still_stands(measured: tuple[float, float, float | None], width: float, height: float) -> bool:
    """Whether a measure taken for (width, height asked, whole height where every row was measured) stands for a
    table asked to fit ``width`` by ``height``."""
    asked_width, asked_height, whole = measured
    return asked_width == width and (asked_height == height or (whole is not None and whole <= height))


class _Grid(Table):
    """A table that splits only where :data:`ROWS_EACH_SIDE` of its rows stay on each side of the break (a table of
    fewer rows moves whole to the next page); the parts reportlab splits it into are of this class too."""

    _curcellstyle: Any  # reportlab's: the cell style whose colour and font the canvas was last given in a draw
    _measures: dict[int, tuple[float, tuple[float, float, float, float]]]  # each cell's kept measure (_measure)

    def __init__(self, data: Any, *args: Any, **options: Any) -> None:
        # reportlab gives every cell a style of its own and sets each command's values on each cell of its range, one
        # at a time; here the cells start out sharing one style and a command gives the cells of its range that
        # share a style one new style between them (see _addCommand): the same values, a few objects per table.
        if options.get("cellStyles") is None and isinstance(data, list | tuple) and data:
            columns = max(len(row) for row in data)
            shared = CellStyle("grid")
            options["cellStyles"] = [[shared] * columns for _row in data]
        super().__init__(data, *args, **options)

    def _addCommand(self, cmd: Any) -> None:
        self.__dict__.pop("_content", None)  # what the table holds is keyed again (see _content_key)
        operation = cmd[0]
        if operation not in _CELL_STYLE_OPERATIONS or isinstance(cmd[1][1], str) or isinstance(cmd[2][1], str):
            # Lines, backgrounds, spans, rounded corners; and a command on a split's first or last row, which
            # reportlab keeps and gives the parts of a split as commands on their rows (through this method).
            super()._addCommand(cmd)
            return
        (start_column, start_row), (end_column, end_row) = cmd[1:3]
        values = cmd[3:]
        first_column, last_column, first_row, last_row = self.normCellRange(
            start_column, end_column, start_row, end_row
        )
        changed: dict[int, tuple[CellStyle, CellStyle]] = {}  # by the id of a style, it and its changed copy
        columns = slice(first_column, last_column + 1)
        previous: tuple[list[CellStyle], list[CellStyle]] | None = None
        for row in self._cellStyles[first_row : last_row + 1]:
            before = row[columns]
            if previous is not None and before == previous[0]:
                # The same styles as the row above (compared by identity): the same changed ones.
                row[columns] = previous[1]
                continue
            after = []
            for style in before:
                known = changed.get(id(style))
                if known is None:
                    copied = _copied(style)
                    _setCellStyle([[copied]], 0, 0, operation, values)
                    known = changed[id(style)] = (style, copied)
                after.append(known[1])
            row[columns] = after
            previous = (before, after)

    def _getFirstPossibleSplitRowPosition(self, availHeight: float, ignoreSpans: int = 0) -> int:
        split_at = int(super()._getFirstPossibleSplitRowPosition(availHeight, ignoreSpans))
        split_at = min(split_at, len(self._rowHeights) - ROWS_EACH_SIDE)
        return split_at if split_at - _head_rows(self) >= ROWS_EACH_SIDE else 0

    def _calc(self, availWidth: float, availHeight: float) -> None:
        # A frame wraps a table, then asks it to split, keeps it with its heading or moves it on: each measures the
        # whole table again. The measure depends on the width and, where reportlab stops measuring a
        # long table's rows once they overflow the height, on the height: the last measure stands for the same
        # width and height, or for any height it fits in when it measured every row.
        measured = getattr(self, "_measured", None)
        if measured is not None and _still_stands(measured, availWidth, availHeight):
            return
        super()._calc(availWidth, availHeight)
        whole = None if None in self._rowHeights else float(self._height)
        self._measured = (availWidth, availHeight, whole)

    def _calc_height(
        self, availHeight: float, availWidth: float, H: list[float] | None = None, W: list[float] | None = None
    ) -> None:
        # Where nothing spans and every cell is one tagged paragraph, one spacer or plain text, each row's height comes
        # straight from its cells' kept wraps (see _row_heights); anything else is reportlab's to measure.
        widths = W or self._argW
        key = _layout_key(self, widths)
        kept = _LAID_OUT.get(key) if key is not None else None
        if kept is not None:
            _as_measured(self, widths)
            heights: list[float] | None = list(kept)
        else:
            heights = _row_heights(self, widths)
            if heights is not None and key is not None:
                _keep_layout(key, heights)
        if heights is None:
            super()._calc_height(availHeight, availWidth, H=H, W=W)
            return
        self._rowHeights = heights
        # reportlab's running sum from the last row up (its rounding compensated as reportlab compensates it).
        positions = []
        height = compensation = 0.0
        for row in range(len(heights) - 1, -1, -1):
            positions.append(height)
            step = heights[row] - compensation
            total = height + step
            compensation = (total - height) - step
            height = total
        positions.append(height)
        positions.reverse()
        self._rowpositions = positions
        self._height = height
        self._hmax = len(heights)

    def _listCellGeom(
        self, V: Any, w: float, s: Any, W: list[float] | None = None, H: list[float] | None = None, aH: float = 72000
    ) -> tuple[float, float]:
        # Nearly every cell is one tagged paragraph, measured in every row of every measure of the table: its size is
        # its (kept) wrap, with reportlab's own sums, without the general case's loop.
        cell = _single_paragraph(V)
        available_width = w - s.leftPadding - s.rightPadding
        if cell is None or available_width < 0:
            measured_width, measured_height = super()._listCellGeom(V, w, s, W=W, H=H, aH=aH)
            return measured_width, measured_height
        # (A paragraph's wrap reads no canvas: wrapOn's setting one for the call is left out.)
        width, height, content_height, _before = self._measure(
            cell, available_width, aH - s.topPadding - s.bottomPadding
        )
        if W is not None:
            W.append(width)
        if H is not None:
            H.append(height)
        return max(0.0, width), content_height

    def draw(self) -> None:
        # A grid drawn before in this process (the same wager's paytable, strategy grid or par sheet in another
        # filing of the chapter) is written from the content it wrote then, where nothing that decides that content
        # differs (see _drawing_key and _Drawing.fits); its cells' marked content is opened and closed as drawing
        # them would. Anything else is drawn, and kept where it can be written again so.
        canvas = self.canv
        recorder = recorder_of(canvas)
        key = _drawing_key(self, recorder is not None)
        if key is None:
            super().draw()
            return
        for kept in _DRAWN.get(key, ()):
            if kept.fits(self, canvas, recorder):
                kept.write(self, canvas, recorder)
                return
        drawing = _Drawing.recorded(self, canvas, recorder, super().draw)
        if drawing is not None:
            _keep_drawing(key, drawing)

    def _drawCell(self, cellval: Any, cellstyle: Any, pos: tuple[float, float], size: tuple[float, float]) -> None:
        # A cell of one tagged paragraph is placed as reportlab places a cell's flowables (the same sums, in the same
        # order), without measuring it again: its wrap at the cell's width is kept from the table's measure.
        cell = _single_paragraph(cellval)
        column_x, row_y = pos
        column_width, row_height = size
        available_width = column_width - cellstyle.leftPadding - cellstyle.rightPadding
        if (
            cell is None
            or available_width < 0
            or cellstyle.href
            or cellstyle.destination
            or cellstyle.valign not in _VERTICAL
        ):
            super()._drawCell(cellval, cellstyle, pos, size)
            return
        if self._curcellstyle is not cellstyle:
            current = self._curcellstyle
            if current is None or cellstyle.color != current.color:
                self.canv.setFillColor(cellstyle.color)
            if (
                current is None
                or cellstyle.leading != current.leading
                or cellstyle.fontname != current.fontname
                or cellstyle.fontsize != current.fontsize
            ):
                self.canv.setFont(cellstyle.fontname, cellstyle.fontsize, cellstyle.leading)
            self._curcellstyle = cellstyle
        # The cell's measure, as _listCellGeom and the row heights took it.
        width, height, total, before = self._measure(
            cell, available_width, row_height - cellstyle.topPadding - cellstyle.bottomPadding
        )
        valign = cellstyle.valign
        if valign == "TOP":
            y = row_y + row_height - cellstyle.topPadding
        elif valign == "BOTTOM":
            y = row_y + cellstyle.bottomPadding + total
        else:
            y = row_y + (row_height + cellstyle.bottomPadding - cellstyle.topPadding + total) / 2.0
        y += before
        alignment = cellstyle.alignment
        if alignment == "LEFT":
            x = column_x + cellstyle.leftPadding
        elif alignment == "RIGHT":
            x = column_x + column_width - cellstyle.rightPadding - width
        elif alignment in ("CENTRE", "CENTER"):
            x = column_x + (column_width + cellstyle.leftPadding - cellstyle.rightPadding - width) / 2.0
        else:
            super()._drawCell(cellval, cellstyle, pos, size)
            return
        y -= before
        y -= height
        cell.drawOn(self.canv, x, y)

    def _measure(
        self, cell: _Tagged, available_width: float, available_height: float
    ) -> tuple[float, float, float, float]:
        """:func:`_cell_measure` of a cell of this grid, kept for the width it was taken at: a cell is measured for
        its row's height and again where it is drawn, at the same width (a paragraph's wrap reads no height, so
        the measure stands whatever height is offered)."""
        measures = self.__dict__.get("_measures")
        if measures is None:
            measures = self._measures = {}
        kept = measures.get(id(cell))
        if kept is not None and kept[0] == available_width:
            return kept[1]
        measured = _cell_measure(cell, available_width, available_height)
        # Keyed by the cell's id: the grid holds every cell it measures for as long as it keeps the measure.
        measures[id(cell)] = (available_width, measured)
        return measured


#: Grids drawn, kept across documents (see _Grid.draw): at most this many drawings, and this many characters of
#: content in all; the oldest go first. A grid's key keeps a few drawings (the same grid in documents that number
#: its characters otherwise: a chapter's grids in another chapter's review), the latest first.
_DRAWN_ENTRIES = 2048
_DRAWN_CHARACTERS = 8_000_000
_DRAWINGS_A_KEY = 4
_DRAWN: dict[tuple[Any, ...], tuple[_Drawing, ...]] = {}
_DRAWN_SIZE = [0, 0]  # the characters and the drawings kept
_DRAWN_LOCK = threading.Lock()

#: The markup a kept grid's cells may hold (reportlab draws it into the page's content and nothing else: no link, no
#: anchor, no image, no counter).
_KEEPABLE_TAG = re.compile(r"<(?:/?[bi]|br/|/font|font(?: (?:size|color)=(?:\"[^\"<>]*\"|'[^'<>]*'|[^\s\"'<>]+))*)>")


@lru_cache(maxsize=4096)
def _keepable_markup(text: str) -> bool:
    """Whether every tag in ``text`` is one :data:`_KEEPABLE_TAG` allows."""
    return "<" not in _KEEPABLE_TAG.sub("", text)


@lru_cache(maxsize=256)
def _keepable_style(style: ParagraphStyle) -> bool:
    """Whether a paragraph in ``style`` shows the characters of its text and nothing more: no text transform, no
    hyphenation, no bullet, no dots after the text."""
    return not any(
        getattr(style, name, None) for name in ("textTransform", "hyphenationLang", "embeddedHyphenation", "endDots")
    ) and not getattr(style, "bulletText", None)


def _content_key(table: _Grid) -> tuple[Any, ...] | None:
    """What ``table`` holds, as far as it decides the table's measure and drawing: each cell's text, paragraph style
    and type (or plain text, or a spacer's size) with the number of its cell style, and each cell style's values in
    that numbering (so which cells share a style too). None where a cell is anything else, or a paragraph of markup
    other than :data:`_KEEPABLE_TAG`'s. Kept on the table until a style command changes it (see _Grid._addCommand)."""
    kept = table.__dict__.get("_content")
    if kept is not None:
        return kept[0]
    style_numbers: dict[int, int] = {}
    styles: list[Any] = []
    row_numbers: dict[tuple[int, ...], tuple[int, ...]] = {}  # rows mostly share their cell styles
    sources: dict[tuple[str, ParagraphStyle], bool] = {}  # whether a text and style may be kept
    cells: list[tuple[Any, ...]] = []
    content: tuple[Any, ...] | None = None
    for values, row_styles in zip(table._cellvalues, table._cellStyles, strict=True):
        identities = tuple(map(id, row_styles))
        numbers = row_numbers.get(identities)
        if numbers is None:
            for style in row_styles:
                if id(style) not in style_numbers:
                    style_numbers[id(style)] = len(styles)
                    styles.append(style)
            numbers = row_numbers[identities] = tuple(map(style_numbers.__getitem__, identities))
        row: list[Any] = []
        for value, number in zip(values, numbers, strict=True):
            cell = value[0] if isinstance(value, tuple) and len(value) == 1 else value
            if isinstance(cell, _Tagged):
                source = cell._source
                if source is None:
                    break
                keepable = sources.get(source)
                if keepable is None:
                    text, style = source
                    keepable = sources[source] = _keepable_style(style) and ("<" not in text or _keepable_markup(text))
                if not keepable:
                    break
                row.append((type(cell), *source, number))
            elif type(value) is str:
                row.append((value, number))
            elif (spacer := _single_spacer(value)) is not None:
                row.append((spacer.width, spacer.height, number))
            else:
                break
        else:
            cells.append(tuple(row))
            continue
        break
    else:
        content = (tuple(cells), tuple(_cell_style_key(style) for style in styles))
    table._content = (content, styles)
    return content


def _drawing_key(table: _Grid, tagged: bool) -> tuple[Any, ...] | None:
    """Everything that decides what ``table`` (laid out) writes into the page's content when drawn, its marked
    content's numbers aside: what it holds (:func:`_content_key`), its backgrounds, rules and spans, its column
    widths and row heights, and whether the document is tagged. None where the table holds anything else, or has
    rounded corners, a shadow or a drawing callback: it is drawn as it is every time."""
    if getattr(table, "_cornerRadii", None) or getattr(table, "_shadow", None) or getattr(table, "_renderCB", None):
        return None
    content = _content_key(table)
    if content is None:
        return None
    return (
        tagged,
        content,
        repr(table._bkgrndcmds),
        repr(table._linecmds),
        repr(table._spanCmds),
        tuple(table._colWidths),
        tuple(table._rowHeights),
    )


def _cell_style_key(style: CellStyle) -> tuple[tuple[str, str], ...]:
    """A cell style's values (as text: colours are not hashable), in the order of their names."""
    return tuple(sorted((name, repr(value)) for name, value in style.__dict__.items()))


class _Numbering(NamedTuple):
    """How a document numbers the characters a grid shows in one TrueType font, before the grid is drawn."""

    font: str  #: the font's name
    internal_name: str  #: its name in the document
    next_number: int  #: the number its next new character gets
    characters: tuple[int, ...]  #: the characters the grid shows in it
    numbers: tuple[int | None, ...]  #: each one's number (None: not yet numbered)
    #: The characters the grid numbers, in the order it numbers them (none where it numbers nothing new).
    numbered: str


class _Drawing(NamedTuple):
    """What a grid wrote into the page's content when drawn, to be written again for a grid of the same key."""

    #: The content between the places where a cell's marked content opens or closes, in order (None: nothing there).
    pieces: tuple[str | None, ...]
    #: Each tagged cell drawn, in order: its row, its column and whether it opened marked content (False: a header
    #: row a split table repeats, drawn again as the page's artifact).
    cells: tuple[tuple[int, int, bool], ...]
    #: How the document numbered the characters shown, in each font, when the grid was drawn.
    fonts: tuple[_Numbering, ...]
    #: The characters of content kept.
    size: int

    @classmethod
    def recorded(cls, table: _Grid, canvas: Any, recorder: Recorder | None, draw: Any) -> _Drawing | None:
        """Draw ``table`` with ``draw`` (reportlab's), and what it wrote, where it can be written again from the same
        key: nothing but its content was added to the page or the document (no link, annotation, form, colour
        separation or drawing left for later), every character shown is in a TrueType font the document already
        names, and the characters it numbered are the cells' own; None otherwise."""
        before = _numberings(table, canvas)
        code = canvas._code
        start = len(code)
        marks = len(recorder.marks) if recorder is not None else 0
        links = len(recorder.links) if recorder is not None else 0
        elsewhere = _page_extras(canvas)
        drawn_cells: list[tuple[_Tagged, int, int]] = []
        canvas.__dict__[DRAWN_CELLS] = drawn_cells
        try:
            draw()
        finally:
            del canvas.__dict__[DRAWN_CELLS]
        if before is None or _page_extras(canvas) != elsewhere or canvas._code is not code:
            return None
        fonts = _numbered(before, canvas)
        if fonts is None:
            return None
        opened = [(opened_at, closed_at) for _cell, opened_at, closed_at in drawn_cells if opened_at >= 0]
        if recorder is not None and (len(recorder.marks) - marks != len(opened) or len(recorder.links) != links):
            return None
        places = {id(value[0]): (row, column) for row, values in enumerate(table._cellvalues)
                  for column, value in enumerate(values) if _single_paragraph(value) is not None}  # fmt: skip
        cells = []
        for cell, opened_at, _closed_at in drawn_cells:
            place = places.get(id(cell))
            if place is None:
                return None
            cells.append((*place, opened_at >= 0))
        pieces: list[str | None] = []
        at = start
        closing = f"{CLOSE} {ARTIFACT_OPEN}"
        for opened_at, closed_at in opened:
            if not code[opened_at].endswith(" BDC") or code[closed_at] != closing:
                return None
            pieces += [_joined(code[at:opened_at]), _joined(code[opened_at + 1 : closed_at])]
            at = closed_at + 1
        pieces.append(_joined(code[at:]))
        size = sum(len(piece) for piece in pieces if piece is not None)
        return cls(tuple(pieces), tuple(cells), fonts, size)

    def fits(self, table: _Grid, canvas: Any, recorder: Recorder | None) -> bool:
        """Whether writing this drawing for ``table`` gives the content and the numbering drawing it would: each font
        is named as it was and numbers the characters shown as it did before the grid was drawn (and, where the grid
        numbered new ones, would number them alike), and the cells that open marked content are those that would (a
        repeated header row is drawn again untagged)."""
        document = canvas._doc
        for numbering in self.fonts:
            state = getFont(numbering.font).state.get(document)
            if state is None or state.internalName != numbering.internal_name:
                return False
            if numbering.numbered and state.nextCode != numbering.next_number:
                return False
            if tuple(map(state.assignments.get, numbering.characters)) != numbering.numbers:
                return False
        if recorder is not None:
            drawn = recorder._drawn_ids
            values = table._cellvalues
            for row, column, opens in self.cells:
                if (id(values[row][column][0]) in drawn) is opens:
                    return False
        return True

    def write(self, table: _Grid, canvas: Any, recorder: Recorder | None) -> None:
        """Write this drawing for ``table`` on ``canvas``: the characters it numbered numbered in the same order, its
        content, and each cell's marked content opened and closed through ``recorder``."""
        for numbering in self.fonts:
            if numbering.numbered:
                getFont(numbering.font).splitString(numbering.numbered, canvas._doc)
        append = canvas._code.append
        pieces = iter(self.pieces)
        piece = next(pieces)
        if piece is not None:
            append(piece)
        if recorder is None:
            return
        values = table._cellvalues
        for row, column, opens in self.cells:
            if not opens:
                continue
            cell = values[row][column][0]
            recorder.begin(canvas, cell.structure, cell)
            piece = next(pieces)
            if piece is not None:
                append(piece)
            recorder.end(canvas)
            piece = next(pieces)
            if piece is not None:
                append(piece)


def _joined(entries: list[str]) -> str | None:
    """Entries of a page's content as the one entry that writes the same content (reportlab joins them by lines)."""
    return "\n".join(entries) if entries else None


def _page_extras(canvas: Any) -> tuple[int, ...]:
    """How much a canvas holds beside the page's content: annotations, forms, colour separations, shadings and the
    drawings left for later."""
    return (
        len(canvas._annotationrefs),
        len(canvas._formsinuse),
        len(canvas._colorsUsed),
        len(canvas._shadingUsed),
        len(getattr(canvas, "_later", ())),
    )


def _numberings(table: _Grid, canvas: Any) -> list[tuple[Any, _Numbering, int]] | None:
    """For each font ``table``'s cells show text in: its state in ``canvas``'s document, how that numbers the
    characters shown (:class:`_Numbering`, nothing numbered yet) and how many characters it has numbered; None where
    a font is not a TrueType font the document already names."""
    content = _content_key(table)
    if content is None:
        return None
    styles = table._content[1]
    shown: dict[str, set[int]] = {}
    sources = set()  # a grid repeats its cells' texts: each read once
    for row in content[0]:
        for cell in row:
            if len(cell) == 4:  # a paragraph: its type, text, style and cell style
                sources.add(cell[1:3])
            elif len(cell) == 2:  # plain text, in its cell style's font
                shown.setdefault(styles[cell[1]].fontname, set()).update(map(ord, cell[0]))
    for text, style in sources:
        for name, shown_in_font in _source_characters(text, style):
            shown.setdefault(name, set()).update(shown_in_font)
    numberings = []
    document = canvas._doc
    for name in sorted(shown):
        states = getattr(getFont(name), "state", None)
        state = states.get(document) if isinstance(states, weakref.WeakKeyDictionary) else None
        if state is None or state.internalName is None:
            return None
        characters = shown[name]
        if 0xA0 in characters:
            characters.add(32)  # a no-break space is shown as a space
        ordered = tuple(sorted(characters))
        assignments = state.assignments
        numbering = _Numbering(
            name, state.internalName, state.nextCode, ordered, tuple(map(assignments.get, ordered)), ""
        )
        numberings.append((state, numbering, len(assignments)))
    return numberings


def _numbered(before: list[tuple[Any, _Numbering, int]], canvas: Any) -> tuple[_Numbering, ...] | None:
    """Each font's numbering as it was ``before`` a grid was drawn, with the characters the drawing numbered, in
    order; None where the drawing numbered characters other than those its cells show, or renamed a font."""
    fonts = []
    for state, numbering, count in before:
        assignments = state.assignments
        if state.internalName != numbering.internal_name:
            return None
        new = sorted(
            (assignments[character], character)
            for character, number in zip(numbering.characters, numbering.numbers, strict=True)
            if number is None and character in assignments
        )
        if len(assignments) - count != len(new):
            return None
        fonts.append(numbering._replace(numbered="".join(chr(character) for _number, character in new)))
    return tuple(fonts)


@lru_cache(maxsize=8192)
def _source_characters(text: str, style: ParagraphStyle) -> tuple[tuple[str, frozenset[int]], ...]:
    """The characters of a paragraph of ``text`` in ``style``, by the font they are shown in (from its parse)."""
    return _characters_by_font(_parsed(text, style)[2])


def _characters_by_font(fragments: Any) -> tuple[tuple[str, frozenset[int]], ...]:
    shown: dict[str, set[int]] = {}
    for name, text in _fragment_texts(fragments):
        shown.setdefault(name, set()).update(map(ord, text))
    return tuple((name, frozenset(characters)) for name, characters in shown.items())


def _fragment_texts(fragments: Any) -> Any:
    """Each font and text of a paragraph's fragments: reportlab's fragments, or its words (a list of a width and
    (fragment, text) pairs) where it keeps the fragments so."""
    for fragment in fragments:
        if isinstance(fragment, list):
            for part in fragment[1:]:
                yield part[0].fontName, part[1]
        else:
            yield fragment.fontName, getattr(fragment, "text", "")


def forget_grids() -> None:
    """Let go of every grid's drawing and row heights kept (see _Grid.draw, _layout_key): the next grid is measured
    and drawn afresh."""
    with _DRAWN_LOCK:
        _DRAWN.clear()
        _DRAWN_SIZE[:] = [0, 0]
        _LAID_OUT.clear()


def _keep_drawing(key: tuple[Any, ...], drawing: _Drawing) -> None:
    """Keep ``drawing`` for ``key`` before the drawings kept for it (the oldest of :data:`_DRAWINGS_A_KEY` goes),
    within the bounds (:data:`_DRAWN_ENTRIES` drawings, :data:`_DRAWN_CHARACTERS`)."""
    if drawing.size > _DRAWN_CHARACTERS:
        return
    with _DRAWN_LOCK:
        kept = _DRAWN.pop(key, ())
        drawings = (drawing, *kept[: _DRAWINGS_A_KEY - 1])
        _DRAWN[key] = drawings
        _DRAWN_SIZE[0] += drawing.size - sum(dropped.size for dropped in kept[_DRAWINGS_A_KEY - 1 :])
        _DRAWN_SIZE[1] += len(drawings) - len(kept)
        while _DRAWN and (_DRAWN_SIZE[1] > _DRAWN_ENTRIES or _DRAWN_SIZE[0] > _DRAWN_CHARACTERS):
            oldest = _DRAWN.pop(next(iter(_DRAWN)))
            _DRAWN_SIZE[0] -= sum(dropped.size for dropped in oldest)
            _DRAWN_SIZE[1] -= len(oldest)


def _cell_measure(cell: _Tagged, available_width: float, available_height: float) -> tuple[float, float, float, float]:
    """A cell of one tagged paragraph measured as reportlab's ``_listCellGeom`` measures it: the paragraph's width
    and height (its kept wrap), the cell's content height and the space before it. The spaces before and after are
    added to a running total and taken off again in reportlab's order, so the content height is reportlab's to the
    bit (the measuring, drawing and row heights of a grid all take it from here)."""
    width, height = cell.wrap(available_width, available_height)
    before = cell.getSpaceBefore()
    after = cell.getSpaceAfter()
    total = 0.0
    total += height + after + before
    return width, height, total - before - after, before


#: Grids' row heights, kept across documents by what decides them (see _layout_key): at most this many; the oldest go
#: first.
_LAID_OUT_ENTRIES = 2048
_LAID_OUT: dict[tuple[Any, ...], tuple[float, ...]] = {}


def _layout_key(table: _Grid, widths: Sequence[Any]) -> tuple[Any, ...] | None:
    """Everything that decides ``table``'s row heights at column ``widths`` (see :func:`_row_heights`): what it holds
    (:func:`_content_key`), the widths and each row's least height; None where the rows are not measured from the
    cells alone (a span, a row of given height) or the table holds anything :func:`_content_key` does not key."""
    if table._spanCmds or any(height is not None for height in table._argH):
        return None
    if not all(type(width) in (int, float) and width > 0 for width in widths):
        return None
    content = _content_key(table)
    if content is None:
        return None
    return (content, tuple(widths), tuple(table._minRowHeights or ()))


def _keep_layout(key: tuple[Any, ...], heights: list[float]) -> None:
    """Keep ``heights`` for ``key``, within :data:`_LAID_OUT_ENTRIES`."""
    with _DRAWN_LOCK:
        _LAID_OUT[key] = tuple(heights)
        while len(_LAID_OUT) > _LAID_OUT_ENTRIES:
            del _LAID_OUT[next(iter(_LAID_OUT))]


def _as_measured(table: _Grid, widths: Sequence[Any]) -> None:
    """Keep ``table``'s cells as reportlab keeps them once measured (each cell's flowables as a tuple), as
    :func:`_row_heights` leaves them, where the row heights were kept from another table of the same key."""
    for values in table._cellvalues:
        for column, value in enumerate(values):
            if isinstance(value, _Tagged):
                values[column] = _cell_tuple(table, value, widths[column])
            elif type(value) is Spacer:
                values[column] = table._cellListProcess(value, widths[column], None)


def _row_heights(table: _Grid, widths: Sequence[Any]) -> list[float] | None:
    """Each row's height in ``table`` at column ``widths``, as reportlab's ``Table._calc_height`` measures it (the same
    sums in the same order: a paragraph's height at its column's width less the padding, a plain text's lines at the
    cell's leading, each with the top and bottom padding, the tallest cell of the row, at least the row's minimum),
    where every row's height is to be measured, nothing spans and every cell is one tagged paragraph (measured by its
    kept wrap), one spacer (its own height: the contents' space before an entry) or plain text; None for anything
    else, and where a cell would not fit its column (reportlab's to report)."""
    if table._spanCmds or any(height is not None for height in table._argH):
        return None
    if not all(type(width) in (int, float) and width > 0 for width in widths):
        return None
    minimum_heights = table._minRowHeights
    styles = table._cellStyles
    heights: list[float] = []
    for row, values in enumerate(table._cellvalues):
        tallest = 0.0
        for column, (value, style, width) in enumerate(zip(values, styles[row], widths, strict=False)):
            if isinstance(value, str):
                height = (style.leading or 1.2 * style.fontsize) * len(value.split("\n"))
            elif (cell := value if isinstance(value, _Tagged) else _single_paragraph(value)) is not None:
                available_width = width - style.leftPadding - style.rightPadding
                if available_width < 0:
                    return None
                if value is cell:
                    # reportlab keeps a cell's flowables as a tuple once measured (drawing reads them so).
                    values[column] = _cell_tuple(table, value, width)
                cell_width, _height, height, _before = table._measure(
                    cell, available_width, 72000 - style.topPadding - style.bottomPadding
                )
                if max(0.0, cell_width) + style.leftPadding + style.rightPadding > width:
                    return None
            elif (spacer := _single_spacer(value)) is not None:
                # A spacer's wrap is its own size; nothing before or after it.
                if value is spacer:
                    values[column] = table._cellListProcess(value, width, None)
                if max(0.0, spacer.width) + style.leftPadding + style.rightPadding > width:
                    return None
                total = 0.0
                total += spacer.height
                height = total
            else:
                return None
            height += style.bottomPadding + style.topPadding
            if height > tallest:
                tallest = height
        heights.append(max(minimum_heights[row], tallest) if minimum_heights else tallest)
    return heights


#: The commands reportlab applies to each cell's style (its _setCellStyle): the rest are kept as commands (lines,
#: backgrounds, spans, …) and go through reportlab as they are.
_CELL_STYLE_OPERATIONS = frozenset(
    {
        "FONT", "FONTNAME", "FACE", "SIZE", "FONTSIZE", "LEADING", "TEXTCOLOR", "ALIGN", "ALIGNMENT", "VALIGN",
        "LEFTPADDING", "RIGHTPADDING", "TOPPADDING", "BOTTOMPADDING", "HREF", "DESTINATION", "DIRECTION", "SHAPING",
    }
)  # fmt: skip

#: The vertical alignments of a cell that :meth:`_Grid._drawCell` places itself (reportlab's three).
_VERTICAL = frozenset({"TOP", "MIDDLE", "BOTTOM"})


def _cell_tuple(table: _Grid, cell: Flowable, width: float) -> Any:
    """The tuple reportlab keeps a cell of one flowable as (its ``_cellListProcess``): for a flowable that is
    neither split on being measured nor tagged for reportlab's own accessibility output, the flowable alone in
    reportlab's tuple type, made here without its general case's generator; anything else is reportlab's to make."""
    if getattr(cell, "__split_only__", None) or hasattr(cell, "tagType") or isinstance(cell, Indenter):
        return table._cellListProcess(cell, width, None)
    return _ExpandedCellTuple((cell,))


def _copied(style: CellStyle) -> CellStyle:
    """A copy of a cell style, as ``copy.copy`` makes it (a new instance given the same attributes), without its
    general machinery."""
    copied = object.__new__(type(style))
    copied.__dict__.update(style.__dict__)
    return copied


def _single_paragraph(value: Any) -> _Tagged | None:
    """The tagged paragraph that is a cell's whole content (reportlab keeps a cell as a tuple of flowables), or
    None."""
    if not isinstance(value, tuple) or len(value) != 1 or not isinstance(value[0], _Tagged):
        return None
    return value[0]


def _single_spacer(value: Any) -> Spacer | None:
    """The spacer (reportlab's, itself: not a subclass such as a conditional page break) that is a cell's whole
    content, alone or as the tuple reportlab keeps a measured cell as, or None."""
    if isinstance(value, tuple) and len(value) == 1:
        value = value[0]
    return value if type(value) is Spacer else None


def _cover_padding() -> list[tuple[Any, ...]]:
    return [("TOPPADDING", (0, 0), (-1, -1), COVER_PADDING), ("BOTTOMPADDING", (0, 0), (-1, -1), COVER_PADDING)]


def _grid_style(header: bool = True, extra: Sequence[tuple[Any, ...]] = ()) -> TableStyle:
    commands: list[tuple[Any, ...]] = [
        ("FONT", (0, 0), (-1, -1), FONT, 8),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LINEBELOW", (0, 0), (-1, -1), 0.25, RULE_GREY),
        ("LEFTPADDING", (0, 0), (-1, -1), 4),
        ("RIGHTPADDING", (0, 0), (-1, -1), 4),
        ("TOPPADDING", (0, 0), (-1, -1), 3),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
    ]
    if header:
        commands += [("BACKGROUND", (0, 0), (-1, 0), NAVY), ("TEXTCOLOR", (0, 0), (-1, 0), colors.white)]
    return TableStyle([*commands, *extra])


@cache
def _header_style() -> ParagraphStyle:
    """A header row's cells: bold, white on the grid's navy."""
    return ParagraphStyle("header", parent=_styles().cell_bold, textColor=colors.white)


def _header_cells(labels: Sequence[str]) -> list[_Tagged]:
    """A table's header row (tagged TH, scope Column)."""
    cells = [_p(_text(label), _header_style()) for label in labels]
    for cell in cells:
        cell.column_header = True
    return cells


def _key_value_table(rows: Sequence[tuple[str, str]], label_width: float = 1.9 * inch, tight: bool = False) -> Table:
    """Label/value rows (the labels tagged as row headers); values are escaped markup. ``tight``: the cover's
    padding."""
    styles = _styles()
    data = [[_p(_text(label), styles.cell_bold), _p(value)] for label, value in rows]
    table = _grid(data, [label_width, CONTENT_WIDTH - label_width], header_columns=1, hAlign="LEFT")
    extra: list[tuple[Any, ...]] = [("BACKGROUND", (0, 0), (0, -1), BAND)]
    if tight:
        extra += _cover_padding()
    table.setStyle(_grid_style(header=False, extra=extra))
    return table
