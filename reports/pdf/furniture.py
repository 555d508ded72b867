"""What every page carries besides the text: the running header, the footer with its "page x of y" (drawn when the
document is saved, once the total is known: :class:`DeferringCanvas`), and the document's dates."""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Sequence
from functools import lru_cache, partial
from typing import Any

from pacomply.reports.pdf.styles import CONTENT_WIDTH, FONT, MARGIN, PAGE_HEIGHT, PAGE_WIDTH, RULE_GREY
from pacomply.reports.pdf_tagging import TaggingCanvas
from reportlab.lib import colors
from reportlab.lib.units import inch
from reportlab.pdfbase import pdfdoc, pdfmetrics
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


#: What :meth:`DeferringCanvas.draw_later` leaves in a page's content until the document is saved: a PDF comment,
#: a line of its own (the page's text is drawn in string operands, which never start a line: reportlab escapes line
#: breaks in them), so a filing's text that reads the same is never taken for it. The pattern is searched for by its
#: literal start, and a match not at a line's start is left as it is (:func:`_drawing_for`): a pattern anchored at
#: each line's start is tried at every character of the page, several times slower.
_WAITING = re.compile(r"%pacomply later (\d+)$", re.MULTILINE)


#: The characters below 0x80 that reportlab's PDFDocEncoding codec does not map to themselves (it refuses them).
_UNMAPPED_ASCII = re.compile("[\x18-\x1f]")
#: reportlab's own ``pdfdocEnc`` and ``PDFName`` (kept where this module is imported again).
_reportlab_encoded: Callable[[Any], Any] = getattr(pdfdoc.pdfdocEnc, "__wrapped__", pdfdoc.pdfdocEnc)
_reportlab_name: Callable[..., str] = getattr(pdfdoc.PDFName, "__wrapped__", pdfdoc.PDFName)


def _pdfdoc_encoded(value: Any) -> Any:
    """reportlab's ``pdfdocEnc`` (text in its PDFDocEncoding codec, anything else as it is), with text of ASCII
    characters that codec maps to themselves encoded by Python's ASCII codec: the same bytes. reportlab's codec is a
    character map called through Python, about 0.9 us a call, and writing a review's file calls it for every name,
    number, operator and reference of every object (some 5,400 calls for a 633a review, 92,000 for the 28 example
    filings), where this costs under a third of that."""
    if type(value) is str and value.isascii() and _UNMAPPED_ASCII.search(value) is None:
        return value.encode("ascii")
    return _reportlab_encoded(value)


@lru_cache(maxsize=512)
def _known_name(name: str) -> str:
    return _reportlab_name(name)


def _pdf_name(data: Any, lo: str = chr(0x21), hi: str = chr(0x7E)) -> str:
    """reportlab's ``PDFName``, kept for each name met with its default bounds: a pure function of the name that
    checks and escapes it character by character (about 0.9 us a call), called for every key of every dictionary a
    file writes (some 2,000 calls for a 633a review, over the same few dozen names)."""
    if type(data) is str and lo == "\x21" and hi == "\x7e":
        return _known_name(data)
    return _reportlab_name(data, lo, hi)


_pdfdoc_encoded.__wrapped__ = _reportlab_encoded  # type: ignore[attr-defined]
_pdf_name.__wrapped__ = _reportlab_name  # type: ignore[attr-defined]
# reportlab's file writer looks both up in its module at each call, so it writes with these from now on (its other
# modules' own references to them are left as they are).
pdfdoc.pdfdocEnc = _pdfdoc_encoded
pdfdoc.PDFName = _pdf_name


class DeferringCanvas(TaggingCanvas):
    """A tagging canvas that draws, in one pass, what is known only once every page is laid out: the page total of
    each footer, the page numbers of the contents.

    :meth:`draw_later` marks its place in the page's content (a comment line), and the drawing is made when the
    document is saved, once :attr:`page_count` is known, and put in that place: the page's content is then what
    drawing it there would have written, in the same graphics state and marked content. No page is held back, so each
    bookmark stays on its own page; reportlab formats the pages only when it writes the file.
    """

    _code: list[str]  # reportlab's: the content of the page being drawn, one operator or more a line

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._later: list[Callable[[DeferringCanvas], None]] = []
        self._on_this_page: list[int] = []
        self._waiting_pages: list[tuple[Any, list[int]]] = []

    def draw_later(self, draw: Callable[[DeferringCanvas], None]) -> None:
        """Keep this place in the page's content for ``draw(canvas)``, drawn at save as if drawn here now: it sets
        the font and colours it uses, and may read only what it was given (the canvas's state then is not this)."""
        self._on_this_page.append(len(self._later))
        self._code.append(f"%pacomply later {len(self._later)}")
        self._later.append(draw)

    def annotation(self, name: str) -> Any:
        """The annotation made with ``name`` (``linkRect(..., name=name)``), to change before the file is written."""
        document = self._doc
        return document.idToObject[document.annotationName(name)]

    @property
    def page_count(self) -> int:
        """The pages shown so far (at save: the document's page count)."""
        return int(self.getPageNumber()) - 1

    def showPage(self) -> None:
        waiting, self._on_this_page = self._on_this_page, []
        super().showPage()
        if waiting:
            self._waiting_pages.append((self._doc.Pages.pages[-1], waiting))

    def save(self) -> None:
        if self._on_this_page:
            raise RuntimeError("a drawing waits on a page never shown")
        for page, waiting in self._waiting_pages:
            drawn = {index: self._drawn_apart(self._later[index]) for index in waiting}
            found: list[int] = []
            page.stream = _WAITING.sub(partial(_drawing_for, drawn, found), page.stream)
            placed = len(found)
            if placed != len(waiting):
                raise RuntimeError(f"{len(waiting)} drawings waited on a page, {placed} places were found")
        self._waiting_pages = []
        for page in self._doc.Pages.pages:
            # reportlab encodes a page's content given as text with its PDFDocEncoding codec, written in Python
            # (some 8 ms a review); the content is ASCII (reportlab escapes what string operands hold), for which
            # that codec writes the ASCII bytes, so the bytes are given instead, and written as they are.
            if isinstance(page.stream, str) and page.stream.isascii():
                page.stream = page.stream.encode("ascii")
        super().save()

    def _drawn_apart(self, draw: Callable[[DeferringCanvas], None]) -> str:
        """The content ``draw`` writes, drawn on this canvas apart from any page."""
        kept, self._code = self._code, []
        try:
            draw(self)
            return "\n".join(self._code)
        finally:
            self._code = kept


def _drawing_for(drawn: dict[int, str], found: list[int], place: re.Match[str]) -> str:
    """The content drawn for the place a page's content kept (see :meth:`DeferringCanvas.save`), noted in
    ``found``; the text matched, unchanged, where it does not start a line (then it is no such place)."""
    start = place.start()
    if start and place.string[start - 1] != "\n":
        return place[0]
    index = int(place[1])
    found.append(index)
    return drawn[index]


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
