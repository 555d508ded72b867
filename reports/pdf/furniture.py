"""What every page carries besides the text: the running header, the footer with its "page x of y" (drawn when the
document is saved, once the total is known: :class:`DeferringCanvas`), and the document's dates."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

from pacomply.reports.pdf.styles import CONTENT_WIDTH, FONT, MARGIN, PAGE_HEIGHT, PAGE_WIDTH, RULE_GREY
from pacomply.reports.pdf_tagging import TaggingCanvas
from reportlab.lib import colors
from reportlab.lib.units import inch
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen import canvas as pdf_canvas


@lru_cache(maxsize=1024)
def _fit_line(text: str, size: float, width: float) -> str:
    """``text`` in FONT at ``size`` within ``width`` points: whole when it fits, else cut and ended with '…'."""
    if pdfmetrics.stringWidth(text, FONT, size) <= width:
        return text
    low, high = 0, len(text)
    while low < high:
        middle = (low + high + 1) // 2
        if pdfmetrics.stringWidth(text[:middle].rstrip() + "…", FONT, size) <= width:
            low = middle
        else:
            high = middle - 1
    return text[:low].rstrip() + "…"


def _date_formatter(epoch: int) -> Any:
    """reportlab's public date hook: the document's CreationDate and ModDate say ``epoch`` in UTC (invariant mode
    alone would stamp 2000-01-01)."""
    stamp = time.strftime("D:%Y%m%d%H%M%S+00'00'", time.gmtime(epoch))

    def formatter(*_parts: int) -> str:
        return stamp

    return formatter


class DeferringCanvas(TaggingCanvas):
    """A tagging canvas that draws, in one pass, what is known only once every page is laid out: the page total of
    each footer, the page numbers of the contents.

    :meth:`draw_later` puts a form XObject on the page at once, in the current graphics state (the marked content
    open around it holds it too), and draws the form's content when the document is saved, when :attr:`page_count`
    is known. reportlab's forms may be used before they are defined (``doForm`` then ``beginForm``/``endForm``), so
    no page is held back and each bookmark stays on its own page.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.page_count: int = 0
        self._later: list[tuple[str, Callable[[DeferringCanvas], None]]] = []

    def draw_later(self, draw: Callable[[DeferringCanvas], None]) -> None:
        """Place a form here now; ``draw(canvas)`` draws its content at save, in the coordinates of this place."""
        name = f"pacomplyLater{len(self._later)}"
        self.doForm(name)
        self._later.append((name, draw))

    def annotation(self, name: str) -> Any:
        """The annotation made with ``name`` (``linkRect(..., name=name)``), to change before the file is written."""
        document = self._doc
        return document.idToObject[document.annotationName(name)]

    def showPage(self) -> None:
        self.page_count += 1
        super().showPage()

    def save(self) -> None:
        if self._later and self.page_count == 0:
            raise RuntimeError("a deferred drawing with no page shown")
        # A form is clipped to its box: the box spans three pages each way, room for any place on the page.
        box = (-PAGE_WIDTH, -PAGE_HEIGHT, 2 * PAGE_WIDTH, 2 * PAGE_HEIGHT)
        for name, draw in self._later:
            self.beginForm(name, *box)
            draw(self)
            self.endForm()
        self._later = []
        super().save()


FOOTER_SIZE = 7.5


def tool_and_law_line(tool_version: str, rulebooks: Sequence[tuple[str, str]]) -> str:
    """The footer's second line: the pacomply version and each chapter's rulebook applied."""
    law = "; ".join(f"58 Pa. Code ch. {chapter}, rulebook {version}" for chapter, version in rulebooks)
    return f"pacomply {tool_version} · law applied: {law}"


def draw_header(canvas: pdf_canvas.Canvas, text: str) -> None:
    """The running header of a body page: the licensee and the document's title, shortened with '…' to fit."""
    canvas.saveState()
    canvas.setFont(FONT, 7.5)
    canvas.setFillColor(colors.HexColor("#555555"))
    canvas.drawString(MARGIN, PAGE_HEIGHT - 0.5 * inch, _fit_line(text, 7.5, CONTENT_WIDTH))
    canvas.restoreState()


def draw_footer(canvas: pdf_canvas.Canvas, lines: tuple[str, str], number: int, total: int) -> None:
    """The footer every page of a pacomply PDF carries: a rule, two lines of text on the left (a long line is
    shortened with '…', never drawn over the page number) and 'Page x of y' on the right of the first."""
    canvas.saveState()
    canvas.setFont(FONT, FOOTER_SIZE)
    canvas.setFillColor(colors.HexColor("#555555"))
    canvas.setStrokeColor(RULE_GREY)
    canvas.setLineWidth(0.5)
    canvas.line(MARGIN, 0.6 * inch, PAGE_WIDTH - MARGIN, 0.6 * inch)
    page = f"Page {number} of {total}"
    room = CONTENT_WIDTH - pdfmetrics.stringWidth(page, FONT, FOOTER_SIZE) - 12
    canvas.drawString(MARGIN, 0.45 * inch, _fit_line(lines[0], FOOTER_SIZE, room))
    canvas.drawString(MARGIN, 0.45 * inch - FOOTER_SIZE - 2, _fit_line(lines[1], FOOTER_SIZE, room))
    canvas.drawRightString(PAGE_WIDTH - MARGIN, 0.45 * inch, page)
    canvas.restoreState()


def draw_footer_later(canvas: DeferringCanvas, lines: tuple[str, str]) -> None:
    """This page's footer (:func:`draw_footer`), drawn when the page count is known (its 'of y', and the room it
    leaves the lines beside it)."""
    number = canvas.getPageNumber()
    canvas.draw_later(lambda later: draw_footer(later, lines, number, later.page_count))
