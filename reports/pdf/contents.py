"""The table of contents: reportlab's, with each entry a tagged TOCI under one TOC element, given its entries
before the build so that it is laid out once, its page numbers drawn when the document is saved."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from pacomply.reports.pdf.furniture import DeferringCanvas
from pacomply.reports.pdf.paragraphs import _Heading, _Tagged
from pacomply.reports.pdf.tables import _Grid, _single_spacer, _still_stands
from pacomply.reports.pdf_tagging import Node, recorder_of
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen import canvas as pdf_canvas
from reportlab.platypus import Flowable, Spacer, Table
from reportlab.platypus.tableofcontents import TableOfContents, drawPageNumbers


class _Contents(TableOfContents):
    """reportlab's table of contents with each entry a tagged TOCI under one TOC element, laid out in the one pass.

    Its entries are given before the build (:func:`_seed_contents`), so it takes its final length at once; the page
    of each entry's heading is learnt as the heading is placed (:meth:`notify`), after the contents are drawn, so the
    entry's dots and page number are drawn when the document is saved (:class:`DeferringCanvas`), in the place and
    the way reportlab draws them, and its link's box is set then too.
    """

    width: float
    height: float

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.structure = Node("TOC")
        self.entries: list[tuple[int, str, str | None]] = []  # level, title, key
        self.pages: list[int] = []  # the page of each entry's heading, as the headings are placed
        self.grid: Table | None = None
        self._laid_out: tuple[tuple[Any, ...], float] | None = None

    def notify(self, kind: str, stuff: Any) -> None:
        if kind != "TOCEntry":
            return
        level, text, page, *key = stuff
        index = len(self.pages)
        placed = (level, text, key[0] if key else None)
        if index >= len(self.entries) or self.entries[index] != placed:
            raise RuntimeError(f"a heading placed that the contents were not given, or out of order: {placed}")
        self.pages.append(page)

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        if not self.entries:
            raise RuntimeError("the contents are given their entries before the build (_seed_contents)")
        entries = tuple(self.entries)
        # Wrapped again on the same canvas with the same entries and width (a frame wraps, then splits): as before,
        # where the height asked is the same or the whole of the contents fits in it (the grid's rows are all
        # measured; see _Grid._calc).
        laid_out = (self.canv, entries, available_width)
        if self.grid is not None and self._laid_out is not None and laid_out == self._laid_out[0]:
            whole = None if None in self.grid._rowHeights else float(self.height)
            if _still_stands((available_width, self._laid_out[1], whole), available_width, available_height):
                return (self.width, self.height)

        def entry_end(canvas: pdf_canvas.Canvas, _kind: str, label: str) -> None:
            """Dots and the page number after each entry, and the number's link. reportlab draws them before the
            entry's text, so they are drawn as an artifact between two pieces of the entry's marked content: a
            screen reader reads the title and its link, not a row of dots first. The page is not known yet: they are
            drawn in their place at save (see :meth:`_draw_number`)."""
            assert isinstance(canvas, DeferringCanvas), "the contents are drawn on a deferring canvas"
            index = int(label)
            level, _title, key = self.entries[index]
            style = self.getLevelStyle(level)
            dot = " . " if self.dotsMinLevel >= 0 and level >= self.dotsMinLevel else ""
            at = (canvas._curr_tx_info["cur_x"], canvas._curr_tx_info["cur_y"])
            recorder = recorder_of(canvas)
            entry = recorder.pause(canvas) if recorder is not None else None
            link = None
            if key:
                # Made now, so the page's annotations keep their order (the entry's title, then its number); its
                # box, which depends on the number's width, is set at save.
                link = f"pacomplyContents{index}"
                canvas.linkRect("", key, (available_width, at[1], available_width, at[1]), relative=1, name=link)
            place = _Place.of(canvas)
            available = (available_width, available_height)
            canvas.draw_later(
                partial(
                    self._draw_number,
                    index=index,
                    style=style,
                    dot=dot,
                    at=at,
                    available=available,
                    place=place,
                    link=link,
                )
            )
            if recorder is not None:
                recorder.resume(canvas, entry)

        self.canv.setNamedCB("pacomplyTocEntryEnd", entry_end)
        data: list[list[Flowable]] = []
        for index, (level, text, key) in enumerate(entries):
            style = self.getLevelStyle(level)
            linked = f'<a href="#{key}">{text}</a>' if key else text
            entry = _Tagged(f'{linked}<onDraw name="pacomplyTocEntryEnd" label="{index}"/>', style, role="TOCI")
            # The entry is one link (its title, and the page number reportlab links too).
            entry.structure = Node("Link", Node("TOCI", self.structure))
            if style.spaceBefore and data:  # (none above the first entry: the heading's space is there)
                data.append([Spacer(1, style.spaceBefore)])
            data.append([entry])
        self.grid = _ContentsGrid(data, colWidths=(available_width,), style=self.tableStyle)
        self.width, self.height = self.grid.wrapOn(self.canv, available_width, available_height)
        self._laid_out = (laid_out, available_height)
        return (self.width, self.height)

    def _draw_number(
        self,
        canvas: DeferringCanvas,
        index: int,
        style: ParagraphStyle,
        dot: str,
        at: tuple[float, float],
        available: tuple[float, float],
        place: _Place,
        link: str | None,
    ) -> None:
        """At save, in the entry's coordinates: reportlab's dots and page number (``drawPageNumbers``, right-aligned
        to the column), and the box of the number's link (drawPageNumbers' own: the number's width, in the type
        it shrinks to where the number would not fit beside the title)."""
        if index >= len(self.pages):
            raise RuntimeError(f"the heading of contents entry {index + 1} was never placed")
        page = self.pages[index]
        number = self.formatter(page) if self.formatter else page
        canvas._curr_tx_info = {"cur_x": at[0], "cur_y": at[1]}  # where reportlab's drawPageNumbers starts
        drawPageNumbers(canvas, style, [(number, None)], available[0], available[1], dot)
        if link is None:
            return
        text, size = str(number), style.fontSize
        width = stringWidth(text, style.fontName, size)
        while width > available[0] - at[0] and size >= 1.0:
            size = 0.9 * size
            width = stringWidth(text, style.fontName, size)
        canvas.annotation(link).Rect = place.box(available[0] - width, at[1], available[0], at[1] + style.leading)

    def split(self, available_width: float, available_height: float) -> list[Flowable]:
        assert self.grid is not None, "wrap comes before split"
        return self.grid.splitOn(self.canv, available_width, available_height)

    def drawOn(self, canvas: pdf_canvas.Canvas, x: float, y: float, _sW: float = 0) -> None:
        assert self.grid is not None, "wrap comes before drawOn"
        self.grid.drawOn(canvas, x, y, _sW)


#: The fewest entries a page of the contents holds: the last entries are moved over with the ones before them rather
#: than left alone on a page of their own.
LEAST_ENTRIES_A_PAGE = 3


class _ContentsGrid(_Grid):
    """The contents' table: measured and drawn as the document's grids are (its entries' kept wraps, shared cell
    styles), split where reportlab splits a table (a grid's rows-each-side rule is for tables of figures), except
    that the part after a split holds at least :data:`LEAST_ENTRIES_A_PAGE` entries: where it would hold fewer, the
    split moves up to leave that many entries for the next page (and where that would leave fewer on this page, the
    contents move whole)."""

    def _getFirstPossibleSplitRowPosition(self, availHeight: float, ignoreSpans: int = 0) -> int:
        split_at = int(Table._getFirstPossibleSplitRowPosition(self, availHeight, ignoreSpans))
        if split_at <= 0:
            return split_at
        # The rows holding an entry (the others are the spaces before a section's entry).
        entries = [row for row, values in enumerate(self._cellvalues) if _single_spacer(values[0]) is None]
        if sum(1 for row in entries if row >= split_at) >= LEAST_ENTRIES_A_PAGE:
            return split_at
        if len(entries) < 2 * LEAST_ENTRIES_A_PAGE:
            return 0
        split_at = entries[-LEAST_ENTRIES_A_PAGE]
        return split_at if sum(1 for row in entries if row < split_at) >= LEAST_ENTRIES_A_PAGE else 0


@dataclass(frozen=True, slots=True)
class _Place:
    """The canvas's transformation where something was drawn (read through reportlab's public
    ``absolutePosition``), to give a link made there its box on the page later."""

    origin: tuple[float, float]
    x_axis: tuple[float, float]
    y_axis: tuple[float, float]

    @classmethod
    def of(cls, canvas: pdf_canvas.Canvas) -> _Place:
        origin = canvas.absolutePosition(0, 0)
        x_end, y_end = canvas.absolutePosition(1, 0), canvas.absolutePosition(0, 1)
        return cls(
            origin,
            (x_end[0] - origin[0], x_end[1] - origin[1]),
            (y_end[0] - origin[0], y_end[1] - origin[1]),
        )

    def box(self, left: float, bottom: float, right: float, top: float) -> tuple[float, float, float, float]:
        """The box on the page holding the rectangle (reportlab's ``linkRect`` with ``relative=1``)."""
        corners = [
            (
                self.origin[0] + x * self.x_axis[0] + y * self.y_axis[0],
                self.origin[1] + x * self.x_axis[1] + y * self.y_axis[1],
            )
            for x, y in ((left, bottom), (right, top), (left, top), (right, bottom))
        ]
        xs, ys = [corner[0] for corner in corners], [corner[1] for corner in corners]
        return (min(xs), min(ys), max(xs), max(ys))


def _headings(flowables: Sequence[Flowable]) -> Iterator[_Heading]:
    """The story's headings in order, those inside kept-together blocks too."""
    for flowable in flowables:
        if isinstance(flowable, _Heading):
            yield flowable
        yield from _headings(getattr(flowable, "_content", None) or ())


def _seed_contents(flowables: Sequence[Flowable]) -> _Contents | None:
    """Give the table of contents its entries before the build (the story's headings, in order): the contents
    then take their final length in the one pass, and only their page numbers wait for the headings to be placed.
    The contents, None where the story has none."""
    contents = next((flowable for flowable in flowables if isinstance(flowable, _Contents)), None)
    if contents is not None:
        contents.entries = [heading.outline for heading in _headings(flowables)]
        contents.pages = []
    return contents
