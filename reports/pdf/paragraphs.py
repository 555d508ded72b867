"""The document's paragraphs: each drawn inside its own marked content and tied to a structure node (see
:mod:`pacomply.reports.pdf_tagging`), headings that feed the outline and the contents, and the cover's bookmark."""

from __future__ import annotations

from functools import lru_cache
from typing import Any
from xml.sax.saxutils import escape

from pacomply.reports.pdf.styles import _styles
from pacomply.reports.pdf_tagging import Node, recorder_of
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen import canvas as pdf_canvas
from reportlab.platypus import Flowable, Paragraph
from reportlab.platypus.paragraph import cleanBlockQuotedText


def _text(value: object) -> str:
    """Filing text made safe for reportlab's paragraph markup."""
    return escape(str(value))


_WRAP_FUZZ = 1e-8  # reportlab's _FUZZ: a paragraph given less width than this is not wrapped at all
#: Paragraphs parsed and broken into lines, kept per process: a review's tables repeat the same cells ('-', 'H',
#: a percentage, a column's header) thousands of times, and every review repeats its headings and labels.
_REMEMBERED = 8192


@lru_cache(maxsize=_REMEMBERED)
def _parsed(text: str, style: ParagraphStyle) -> tuple[Any, ParagraphStyle, Any, Any]:
    """reportlab's parse of ``text`` in ``style``: the cleaned text, the style, the fragments and any bullet. The
    fragments are only read once parsed (a split makes new ones), so paragraphs of the same text share them."""
    paragraph = Paragraph(text, style)
    return paragraph.text, paragraph.style, paragraph.frags, paragraph.bulletText


@lru_cache(maxsize=_REMEMBERED)
def _lines(text: str, style: ParagraphStyle, width: float) -> tuple[Any, list[float], float] | None:
    """The lines of ``text`` in ``style`` at ``width`` (reportlab's ``blPara``), its line widths and height, where
    they are plain lines of one fragment (``kind`` 0: words and widths, which drawing and splitting only read);
    None for lines of several fragments, which a split may change and so are never shared."""
    _text, parsed_style, frags, bullet = _parsed(text, style)
    paragraph = Paragraph(None, parsed_style, bulletText=bullet, frags=frags)
    _width, height = paragraph.wrap(width, 0)
    if paragraph.blPara.kind != 0:
        return None
    return paragraph.blPara, paragraph._wrapWidths, height


class _Tagged(Paragraph):
    """A paragraph drawn inside its own marked content, tied to a structure node (P unless told otherwise).

    The parts reportlab splits it into across pages keep the node, so a paragraph that runs onto the next page is one
    element with two pieces of marked content."""

    column_header = False  # a cell of a table's header row (see _header_cells)
    width: float
    height: float

    def __init__(self, *args: Any, role: str = "P", **kwargs: Any) -> None:
        self._source: tuple[str, ParagraphStyle] | None = None
        super().__init__(*args, **kwargs)
        self.structure = Node(role)
        self._wrapped_width: float | None = None

    def _setup(self, text: Any, style: ParagraphStyle, bulletText: Any, frags: Any, cleaner: Any) -> None:
        # Markup is parsed once per text and style (see _parsed); a part made by a split brings its own fragments.
        if (
            frags is not None
            or bulletText is not None
            or cleaner is not cleanBlockQuotedText
            or not isinstance(text, str)
        ):
            super()._setup(text, style, bulletText, frags, cleaner)
            return
        self.text, self.style, self.frags, self.bulletText = _parsed(text, style)
        self.debug = 0
        self._source = (text, style)

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        # A paragraph's lines depend on the width alone (reportlab's wrap reads no height), and a table wraps every
        # cell each time it is wrapped itself: several times a pass, in every pass. The lines of the last width are
        # kept, so a paragraph is broken into lines again only at another width; plain lines of the same text,
        # style and width are shared between paragraphs (see _lines).
        if availWidth == self._wrapped_width and hasattr(self, "blPara"):  # a split may drop the lines it used
            return self.width, self.height
        shared = _lines(*self._source, availWidth) if self._source is not None and availWidth >= _WRAP_FUZZ else None
        if shared is not None:
            self.blPara, self._wrapWidths, self.height = shared
            self.width = availWidth
            self._wrapped_width = availWidth
            return self.width, self.height
        size = super().wrap(availWidth, availHeight)
        self._wrapped_width = availWidth if availWidth >= _WRAP_FUZZ else None
        return size

    def split(self, available_width: float, available_height: float) -> list[Flowable]:
        parts = super().split(available_width, available_height)
        for part in parts:
            if isinstance(part, _Tagged):
                part.structure = self.structure
        return parts

    def drawOn(self, canvas: pdf_canvas.Canvas, x: float, y: float, _sW: float = 0) -> None:
        recorder = recorder_of(canvas)
        if recorder is None or not recorder.begin(canvas, self.structure, self):
            super().drawOn(canvas, x, y, _sW)
            return
        super().drawOn(canvas, x, y, _sW)
        recorder.end(canvas)


def _p(text: str, style: ParagraphStyle | None = None, role: str = "P") -> _Tagged:
    """A paragraph of already-escaped markup."""
    return _Tagged(text, style or _styles().cell, role=role)


class _Bookmark(Flowable):
    """An invisible outline entry (the cover has no printed heading)."""

    def __init__(self, text: str, key: str) -> None:
        super().__init__()
        self.outline = (0, text, key)

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return (0, 0)

    def draw(self) -> None:
        return None


class _Heading(_Tagged):
    """A heading that becomes an outline entry and (levels 0 and 1) a table-of-contents line; tagged H1 or H2 as its
    outline level."""

    def __init__(self, text: str, level: int, key: str) -> None:
        styles = _styles()
        super().__init__(_text(text), styles.heading1 if level == 0 else styles.heading2, role=f"H{level + 1}")
        self.outline = (level, text, key)
