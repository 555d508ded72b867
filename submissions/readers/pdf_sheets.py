"""The filing workbook printed to PDF by a spreadsheet (LibreOffice, Excel), read back into its sheets' cells.

A spreadsheet prints a sheet without rules around its cells (gridlines are off by default), so there is no table
to extract: the cells are text placed on the page. Its header row is the sheet's first row, and it gives the
columns: each header's left edge starts its column, and a character belongs to the column its centre lies in
(numbers are right-aligned and text left-aligned, and a cell's text is cut at its neighbour's edge, so a word may
touch the next cell's). A header cut short by its column's width (``Betting Po`` for ``Betting Positions``) is
matched as the start of the header expected there, in the template's order.

A sheet wider than the paper is printed in strips of columns, each strip on its own pages (LibreOffice's default:
down the rows, then across: the Filing sheet's ``Value`` column on the page after its ``Field`` column). A strip
whose header row continues the header of the strip before is the same sheet; its rows are paired with the first
strip's rows by their position on the page, row for row, page for page, which holds because every strip of a
sheet breaks at the same rows. Where that cannot hold (the strips have different numbers of pages, or a strip's
row lines up with no row of the first strip) the sheet is refused, naming the page and the column, and asking for
a print one page wide. A page without such a header continues the strip before it (rows past the first page).

The sheets are recognised by their header rows alone (``Field | Value``, ``Section | Key | Question | Answer |
Notes``, the Tables columns); a page that starts with none of them is not read here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from pacomply.submissions.layout import CHAPTER_SHEET_HEADERS, FILING_SHEET_HEADERS, TABLE_COLUMNS

# Rows of a printed sheet are at least about 9 points apart at any print scale a person can read; a character
# within this many points of a row's top is on that row.
_ROW_TOLERANCE = 2.5
# Lines at the top of a page searched for a header row (a printed page header may sit above it).
_HEADER_LINES = 3
PRINT_ONE_PAGE_WIDE = "print each sheet one page wide (page setup: fit width to 1 page) or file the workbook itself"


@dataclass(frozen=True, slots=True)
class Char:
    """One character as printed: its text and box, in points from the page's top left."""

    text: str
    x0: float
    x1: float
    top: float

    @property
    def centre(self) -> float:
        return (self.x0 + self.x1) / 2


def page_chars(chars: Sequence[dict[str, object]], width: float, height: float) -> list[Char]:
    """pdfplumber's characters of a page as :class:`Char`, those inside the page (``width`` by ``height``) only; a
    ligature (``ﬄ``) becomes its letters, sharing its box, so that ``Shuﬄer`` reads as the header ``Shuffler``."""
    import unicodedata

    result: list[Char] = []
    for char in chars:
        text = unicodedata.normalize("NFKC", str(char.get("text") or ""))
        x0, x1, top = (float(char[key]) for key in ("x0", "x1", "top"))  # type: ignore[arg-type]
        if x0 < -0.5 or x1 > width + 0.5 or top < -0.5 or top > height:
            continue  # drawn past the page's edge: not printed
        share = (x1 - x0) / max(1, len(text))
        result.extend(
            Char(letter, x0 + index * share, x0 + (index + 1) * share, top) for index, letter in enumerate(text)
        )
    return result


@dataclass(frozen=True, slots=True)
class Layout:
    """A sheet of the filing workbook as its header row names it."""

    name: str
    headers: tuple[str, ...]
    anchor: str
    """The column whose cells start the sheet's rows (a line without text there continues the row above)."""
    required: tuple[str, ...] = ()
    """Columns without which the sheet says nothing: missing from the print, a page of it is missing."""
    unread: tuple[str, ...] = ()
    """Columns the filing is not read from (the question's wording): never paired, so their wrapping (top-aligned,
    where the others sit at the bottom of a tall row) cannot misplace a row."""


LAYOUTS = (
    Layout("Filing", FILING_SHEET_HEADERS, "Field", required=FILING_SHEET_HEADERS),
    Layout("checklist", CHAPTER_SHEET_HEADERS, "Key", required=("Key", "Answer"), unread=("Question",)),
    Layout(
        "Tables",
        tuple(column.header for column in TABLE_COLUMNS),
        "Table ID",
        required=tuple(column.header for column in TABLE_COLUMNS if column.required),
    ),
)


@dataclass(frozen=True, slots=True)
class PrintedCell:
    """A cell's text as printed, the page it is printed on, and whether the print may have cut it (:func:`_cut`)."""

    text: str
    page: int
    cut: bool = False


@dataclass
class PrintedSheet:
    """A sheet read back from its printed pages: rows of cells by header, each cell with the page it is on."""

    layout: Layout
    first_page: int
    rows: list[dict[str, PrintedCell]] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class PrintProblem:
    """Why a printed sheet cannot be read, at the page where that shows."""

    page: int
    message: str


@dataclass
class _Strip:
    """Columns of one sheet printed on consecutive pages, one page after another down its rows."""

    columns: list[tuple[str, float]]  # header, left edge
    header_top: float
    layout: Layout
    pages: list[tuple[int, list[Char]]] = field(default_factory=list)  # page number, characters below the header


@dataclass
class _Sheet:
    """One sheet's strips of columns, in the order they were printed."""

    layout: Layout
    strips: list[_Strip] = field(default_factory=list)

    @property
    def next_header(self) -> int:
        """Where a strip continuing this sheet starts in the expected headers: after the last one printed."""
        last = self.strips[-1].columns[-1][0]
        return self.layout.headers.index(last) + 1


def _squash(text: str) -> str:
    return "".join(text.lower().split())


def _lines(chars: Sequence[Char]) -> list[list[Char]]:
    """Characters grouped into printed lines by their top, each line in reading order."""
    lines: list[list[Char]] = []
    for char in sorted(chars, key=lambda char: (char.top, char.x0)):
        if lines and abs(char.top - lines[-1][0].top) <= _ROW_TOLERANCE:
            lines[-1].append(char)
        else:
            lines.append([char])
    return [sorted(line, key=lambda char: char.x0) for line in lines]


def _match_headers(line: Sequence[Char], layout: Layout, start: int) -> list[tuple[str, float]] | None:
    """The columns a header line names, in order, each with its left edge: every character of the line is consumed
    by the start of a header expected there (from ``start`` on, headers left out of the print skipped); None when
    the line is no such header row."""
    chars = [char for char in line if char.text.strip()]
    expected = [(header, _squash(header)) for header in layout.headers[start:]]
    found: list[tuple[str, float]] = []
    position = 0
    for header, squashed in expected:
        if position >= len(chars):
            break
        length = 0
        while (
            length < len(squashed)
            and position + length < len(chars)
            and chars[position + length].text.lower() == squashed[length]
        ):
            length += 1
        # A header is recognised by its whole text, or by a start of it that its column cut (two letters at least).
        if length >= min(2, len(squashed)):
            found.append((header, chars[position].x0))
            position += length
    if position < len(chars) or not found:
        return None
    return found


def _header(chars: Sequence[Char], current: _Sheet | None) -> tuple[_Sheet | None, _Strip] | None:
    """The header row at the top of a page: a strip continuing ``current``'s header, or a new sheet's first strip."""
    for line in _lines(chars)[:_HEADER_LINES]:
        if current is not None:
            columns = _match_headers(line, current.layout, current.next_header)
            if columns is not None:
                return current, _Strip(columns, line[0].top, current.layout)
        for layout in LAYOUTS:
            columns = _match_headers(line, layout, 0)
            # A sheet's first strip holds its first column or the column that starts its rows.
            if columns is not None and (
                columns[0][0] == layout.headers[0] or layout.anchor in {header for header, _ in columns}
            ):
                return None, _Strip(columns, line[0].top, layout)
    return None


def read_printed_sheets(pages: Sequence[tuple[int, Sequence[Char]]]) -> tuple[list[PrintedSheet], list[PrintProblem]]:
    """The filing sheets printed on ``pages`` (page number, characters), and what stops them being read."""
    sheets: list[_Sheet] = []
    current: _Sheet | None = None
    for number, chars in pages:
        found = _header(chars, current)
        if found is None:
            if current is not None and chars:
                current.strips[-1].pages.append((number, list(chars)))  # the strip's rows continue on this page
            continue
        continuing, strip = found
        below = [char for char in chars if char.top > strip.header_top + _ROW_TOLERANCE]
        strip.pages.append((number, below))
        if continuing is not None:
            continuing.strips.append(strip)
        else:
            current = _Sheet(strip.layout, [strip])
            sheets.append(current)
    printed: list[PrintedSheet] = []
    problems: list[PrintProblem] = []
    for sheet in sheets:
        result = _assemble(sheet, problems)
        if result is not None:
            printed.append(result)
    return printed, problems


# A character this close after the one before it continues its text (a cell's words are printed with their spaces);
# a text's first character is printed this close to its column's left edge, which is where its header starts.
_CONTINUES = 1.0
_AT_LEFT_EDGE = 0.75
# A spreadsheet cutting a text at its column's edge leaves out the glyph that would cross it: the text stops up to a
# glyph's width short of the edge.
_CUT_GLYPH = 10.0


def _placed(chars: Sequence[Char], columns: Sequence[tuple[str, float]]) -> list[tuple[Char, str | None]]:
    """Each printed character (spaces left out) with the column whose cell it belongs to.

    A character starts a cell where it sits at a column's left edge or after a gap: it is in the column its centre
    lies in. Otherwise it continues the text before it, in that text's column: a spreadsheet lets text run on into
    the empty cells to its right (the Wagers text over the empty Payout Limit cell), and that text is still one
    cell's.
    """
    lefts = [left for _, left in columns]
    placed: list[tuple[Char, str | None]] = []
    for line in _lines(chars):
        previous: tuple[Char, str | None] | None = None
        for char in line:
            # A space never starts a cell ('automated shoe' runs on over the next, empty, cell from its space).
            at_edge = bool(char.text.strip()) and any(abs(char.x0 - left) <= _AT_LEFT_EDGE for left in lefts)
            if previous is not None and not at_edge and char.x0 - previous[0].x1 <= _CONTINUES:
                column = previous[1]
            else:
                column = _column_of(char, columns)
            previous = (char, column)
            if char.text.strip():
                placed.append((char, column))
    return placed


def _column_of(char: Char, columns: Sequence[tuple[str, float]]) -> str | None:
    """The column a character's centre lies in: the last whose left edge is at or before it (None left of all)."""
    chosen = None
    for header, left in columns:  # a sheet has at most 14 columns
        if char.centre >= left - 1:
            chosen = header
    return chosen


def _text(chars: Sequence[Char]) -> str:
    """A cell's characters as text: line by line, a space where a gap or a line break separates them."""
    pieces: list[str] = []
    for line in _lines(chars):
        if pieces:
            pieces.append(" ")
        previous: Char | None = None
        for char in line:
            if previous is not None and char.x0 - previous.x1 > 1.5:
                pieces.append(" ")
            pieces.append(char.text)
            previous = char
    return " ".join("".join(pieces).split())


def _assemble(sheet: _Sheet, problems: list[PrintProblem]) -> PrintedSheet | None:
    """Rows of the sheet: the anchor strip's rows, each strip's cells paired with them by page and position."""
    layout = sheet.layout
    first = sheet.strips[0]
    pages = len(first.pages)
    last = sheet.strips[-1]
    run_on: list[tuple[int, list[Char]]] = []
    if last is not first and len(last.pages) == 2 * pages:
        # Pages without a header after the last strip's own: text running on past the sheet's last column (a long
        # Wagers entry beside empty cells), printed as one more strip of columns that have no header.
        run_on, last.pages = last.pages[pages:], last.pages[:pages]
    for strip in sheet.strips[1:]:
        if len(strip.pages) != pages:
            header = strip.columns[0][0]
            problems.append(
                PrintProblem(
                    strip.pages[0][0],
                    f"the '{header}' column is on page {strip.pages[0][0]} and runs over {len(strip.pages)} "
                    f"page(s), the '{first.columns[0][0]}' column (page {first.pages[0][0]}) over {pages}: their "
                    f"rows cannot be paired; {PRINT_ONE_PAGE_WIDE}",
                )
            )
            return None
    printed = {header for strip in sheet.strips for header, _ in strip.columns}
    missing = [header for header in layout.required if header not in printed]
    if missing:
        pages_printed = ", ".join(str(strip.pages[0][0]) for strip in sheet.strips)
        problems.append(
            PrintProblem(
                first.pages[0][0],
                f"the {layout.name} sheet printed on page(s) {pages_printed} has no "
                + " and no ".join(f"'{header}'" for header in missing)
                + f" column: a page of the printout is missing, or the sheet was printed without it; "
                f"{PRINT_ONE_PAGE_WIDE}",
            )
        )
        return None
    anchor_strip = next(strip for strip in sheet.strips if layout.anchor in {header for header, _ in strip.columns})
    result = PrintedSheet(layout, first.pages[0][0])
    for index in range(pages):
        number, chars = anchor_strip.pages[index]
        anchor_chars = [char for char, column in _placed(chars, anchor_strip.columns) if column == layout.anchor]
        row_tops = [line[0].top for line in _lines(anchor_chars)]
        if not row_tops:
            continue
        lefts = {strip.pages[index][0]: dict(strip.columns) for strip in sheet.strips}  # by page: the columns there
        cells: list[dict[str, list[Char]]] = [{} for _ in row_tops]
        where: list[dict[str, int]] = [{} for _ in row_tops]
        for strip in sheet.strips:
            strip_number, strip_chars = strip.pages[index]
            for char, column in _placed(strip_chars, strip.columns):
                if column is None or column in layout.unread:
                    continue
                row = _row_of(char.top, row_tops)
                if row is None:
                    problems.append(
                        PrintProblem(
                            strip_number,
                            f"the '{column}' column on page {strip_number} has text above the first row of page "
                            f"{number}, where its rows begin: the pages cannot be lined up; {PRINT_ONE_PAGE_WIDE}",
                        )
                    )
                    return None
                cells[row].setdefault(column, []).append(char)
                where[row][column] = strip_number
        continued = _run_on_text(run_on[index][1], row_tops) if run_on else {}
        for row, (row_cells, row_pages) in enumerate(zip(cells, where, strict=True)):
            printed_row = {
                header: PrintedCell(
                    _text(chars), row_pages[header], _cut(chars, header, row_cells, lefts[row_pages[header]])
                )
                for header, chars in row_cells.items()
            }
            if row in continued:
                rightmost = [header for header in layout.headers if header in printed_row]
                if not rightmost:
                    continue
                cell = printed_row[rightmost[-1]]
                printed_row[rightmost[-1]] = PrintedCell(_joined(cell.text, continued[row]), cell.page, cell.cut)
            result.rows.append(printed_row)
    return result


def _joined(text: str, run_on: str) -> str:
    """A cell's text and its run-on past the page's edge as one: the two pages' margins both show a stretch of the
    text (a spreadsheet prints each page's margin from the same drawing), so the longest end of ``text`` that
    starts ``run_on`` is said once."""
    run_on = " ".join(run_on.split())
    for length in range(min(len(text), len(run_on)), 2, -1):
        if text.endswith(run_on[:length]):
            return text + run_on[length:]
    return " ".join((text + run_on).split())


def _run_on_text(chars: Sequence[Char], row_tops: Sequence[float]) -> dict[int, str]:
    """The text a page of run-on columns adds to each row (by the row's index), spaces kept as printed."""
    by_row: dict[int, list[Char]] = {}
    for char in chars:
        row = _row_of(char.top, row_tops)
        if row is not None:
            by_row.setdefault(row, []).append(char)
    return {
        row: "".join(char.text for char in sorted(found, key=lambda char: char.x0)) for row, found in by_row.items()
    }


def _cut(chars: Sequence[Char], column: str, row: dict[str, list[Char]], lefts: dict[str, float]) -> bool:
    """Whether the print may have cut a cell's text at its column's edge: a text (printed from its column's left
    edge) that stops less than a glyph short of the next column, where that column's text starts. A spreadsheet
    leaves out the glyphs of a text that would cross into a filled neighbour, so a cut text ends so; a text that
    just fits does too, so this only explains a value that cannot be read, it never refuses one."""
    after = [(left, header) for header, left in lefts.items() if left > lefts[column]]
    if not after or not chars:
        return False
    left, header = min(after)
    first = min(chars, key=lambda char: (char.top, char.x0))
    end = max(char.x1 for char in chars)
    text_cell = abs(first.x0 - lefts[column]) <= _AT_LEFT_EDGE  # right-aligned numbers end at their edge anyway
    return text_cell and header in row and 0 <= left - end < _CUT_GLYPH


def _row_of(top: float, row_tops: Sequence[float]) -> int | None:
    """The row a character at ``top`` belongs to: the last row starting at or above it (a wrapped line continues
    its row); None above the first row."""
    import bisect

    index = bisect.bisect_right(row_tops, top + _ROW_TOLERANCE) - 1  # row_tops ascend: lines are sorted by top
    return index if index >= 0 else None
