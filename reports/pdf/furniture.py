"""What every page carries besides the text: the running header, the footer with its "page x of y" (the total
counted by a flowable last in the story), and the document's dates."""

from __future__ import annotations

import time
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from pacomply.reports.pdf.styles import CONTENT_WIDTH, FONT, MARGIN, PAGE_HEIGHT, PAGE_WIDTH, RULE_GREY
from reportlab.lib import colors
from reportlab.lib.units import inch
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen import canvas as pdf_canvas
from reportlab.platypus import IndexingFlowable


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


class _PageTotal(IndexingFlowable):
    """Zero-size, last in the story: counts the pages of each pass so the footers of the next can say 'of y'.

    It is an indexing flowable, so ``multiBuild`` runs again until the count no longer changes; pages are never
    held back, which would put every bookmark on page 1.
    """

    def __init__(self) -> None:
        super().__init__()
        self.total: int | None = None
        self._previous: int | None = None
        self._seen: int | None = None

    def isSatisfied(self) -> bool:
        return self.total is not None and self._previous == self.total

    def beforeBuild(self) -> None:
        self._seen = None

    def afterBuild(self) -> None:
        self._previous, self.total = self.total, self._seen

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return (0, 0)

    def draw(self) -> None:
        self._seen = self.canv.getPageNumber()


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


def draw_footer(canvas: pdf_canvas.Canvas, lines: tuple[str, str], total: int | None) -> None:
    """The footer every page of a pacomply PDF carries: a rule, two lines of text on the left (a long line is
    shortened with '…', never drawn over the page number) and 'Page x of y' on the right of the first."""
    number = canvas.getPageNumber()
    canvas.saveState()
    canvas.setFont(FONT, FOOTER_SIZE)
    canvas.setFillColor(colors.HexColor("#555555"))
    canvas.setStrokeColor(RULE_GREY)
    canvas.setLineWidth(0.5)
    canvas.line(MARGIN, 0.6 * inch, PAGE_WIDTH - MARGIN, 0.6 * inch)
    page = f"Page {number} of {total}" if total else f"Page {number}"
    room = CONTENT_WIDTH - pdfmetrics.stringWidth(page, FONT, FOOTER_SIZE) - 12
    canvas.drawString(MARGIN, 0.45 * inch, _fit_line(lines[0], FOOTER_SIZE, room))
    canvas.drawString(MARGIN, 0.45 * inch - FOOTER_SIZE - 2, _fit_line(lines[1], FOOTER_SIZE, room))
    canvas.drawRightString(PAGE_WIDTH - MARGIN, 0.45 * inch, page)
    canvas.restoreState()
