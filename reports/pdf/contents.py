"""The table of contents: reportlab's, with each entry a tagged TOCI under one TOC element, given its entries
before the first pass so that its length never moves the pages after it."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from pacomply.reports.pdf.paragraphs import _Heading, _Tagged
from pacomply.reports.pdf.tables import _still_stands
from pacomply.reports.pdf_tagging import Node, recorder_of
from reportlab.pdfgen import canvas as pdf_canvas
from reportlab.platypus import Flowable, Spacer, Table
from reportlab.platypus.tableofcontents import TableOfContents, drawPageNumbers


class _Contents(TableOfContents):
    """reportlab's table of contents with each entry a tagged TOCI under one TOC element.

    reportlab builds its entries as plain paragraphs inside ``wrap``; this one keeps the entries of the previous pass
    itself (through the public ``notify``/``beforeBuild`` hooks) and lays them out the same way with tagged
    paragraphs: the entry's link, dots and page number drawn after it by the same callback.
    """

    width: float
    height: float

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.structure = Node("TOC")
        self.collected: list[tuple[int, str, int, str | None]] = []
        self.shown: list[tuple[int, str, int, str | None]] = []
        self.grid: Table | None = None
        self._laid_out: tuple[tuple[Any, ...], float] | None = None

    def beforeBuild(self) -> None:
        super().beforeBuild()
        self.shown, self.collected = self.collected, []

    def notify(self, kind: str, stuff: Any) -> None:
        super().notify(kind, stuff)
        if kind == "TOCEntry":
            level, text, page, *key = stuff
            self.collected.append((level, text, page, key[0] if key else None))

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        entries = self.shown or [(0, "Placeholder for table of contents", 0, None)]
        # Wrapped again on the same canvas with the same entries and width (a frame wraps, then splits): as before,
        # where the height asked is the same or the whole of the contents fits in it (the grid's rows are all
        # measured; see _Grid._calc).
        laid_out = (self.canv, tuple(entries), available_width)
        if self.grid is not None and self._laid_out is not None and laid_out == self._laid_out[0]:
            whole = None if None in self.grid._rowHeights else float(self.height)
            if _still_stands((available_width, self._laid_out[1], whole), available_width, available_height):
                return (self.width, self.height)

        def entry_end(canvas: pdf_canvas.Canvas, _kind: str, label: str) -> None:
            """Dots and the page number after each entry (reportlab's own drawing). reportlab draws them before
            the entry's text, so they are drawn as an artifact between two pieces of the entry's marked content: a
            screen reader reads the title and its link, not a row of dots first."""
            page, level, key = label.split(",")
            style = self.getLevelStyle(int(level))
            dot = " . " if self.dotsMinLevel >= 0 and int(level) >= self.dotsMinLevel else ""
            number = self.formatter(int(page)) if self.formatter else int(page)
            recorder = recorder_of(canvas)
            entry = recorder.pause(canvas) if recorder is not None else None
            drawPageNumbers(canvas, style, [(number, key or None)], available_width, available_height, dot)
            if recorder is not None:
                recorder.resume(canvas, entry)

        self.canv.setNamedCB("pacomplyTocEntryEnd", entry_end)
        data: list[list[Flowable]] = []
        for level, text, page, key in entries:
            style = self.getLevelStyle(level)
            linked = f'<a href="#{key}">{text}</a>' if key else text
            entry = _Tagged(
                f'{linked}<onDraw name="pacomplyTocEntryEnd" label="{page},{level},{key or ""}"/>', style, role="TOCI"
            )
            # The entry is one link (its title, and the page number reportlab links too).
            entry.structure = Node("Link", Node("TOCI", self.structure))
            if style.spaceBefore:
                data.append([Spacer(1, style.spaceBefore)])
            data.append([entry])
        self.grid = Table(data, colWidths=(available_width,), style=self.tableStyle)
        self.width, self.height = self.grid.wrapOn(self.canv, available_width, available_height)
        self._laid_out = (laid_out, available_height)
        return (self.width, self.height)

    def split(self, available_width: float, available_height: float) -> list[Flowable]:
        assert self.grid is not None, "wrap comes before split"
        return self.grid.splitOn(self.canv, available_width, available_height)

    def drawOn(self, canvas: pdf_canvas.Canvas, x: float, y: float, _sW: float = 0) -> None:
        assert self.grid is not None, "wrap comes before drawOn"
        self.grid.drawOn(canvas, x, y, _sW)


def _headings(flowables: Sequence[Flowable]) -> Iterator[_Heading]:
    """The story's headings in order, those inside kept-together blocks too."""
    for flowable in flowables:
        if isinstance(flowable, _Heading):
            yield flowable
        yield from _headings(getattr(flowable, "_content", None) or ())


def _seed_contents(flowables: Sequence[Flowable]) -> None:
    """Give the table of contents its entries before the first pass, their page numbers still unknown (0): the
    contents then take their final length in the first pass, so the pages after them do not move in the second
    and ``multiBuild`` stops after two passes (three where a long contents would otherwise grow in the second)."""
    contents = next((flowable for flowable in flowables if isinstance(flowable, _Contents)), None)
    if contents is None:
        return
    contents.collected = [(level, text, 0, key) for level, text, key in (h.outline for h in _headings(flowables))]
