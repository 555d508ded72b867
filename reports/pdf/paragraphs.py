"""The document's paragraphs: each drawn inside its own marked content and tied to a structure node (see
:mod:`pacomply.reports.pdf_tagging`), headings that feed the outline and the contents, and the cover's bookmark."""

from __future__ import annotations

import threading
import weakref
from functools import lru_cache
from typing import Any
from xml.sax.saxutils import escape

from pacomply.reports.pdf.styles import _styles
from pacomply.reports.pdf_tagging import Node, Recorder
from reportlab import rl_config
from reportlab.lib.colors import Color
from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.lib.rl_accel import fp_str
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import getFont
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


#: Plain lines written directly: their text object's origin in the paragraph (x, y) and the move along the first line
#: from there to where the text starts (its indent and alignment), their colour operator, their font, size and
#: leading, and the text of each line.
_PlainLines = tuple[float, float, float, str, str, float, float, tuple[str, ...]]
#: Lines shown in a font at a size and leading: the font's name, the size, the leading and the text of each line.
_ShownKey = tuple[str, float, float, tuple[str, ...]]


@lru_cache(maxsize=_REMEMBERED)
def _parsed(text: str, style: ParagraphStyle) -> tuple[Any, ParagraphStyle, Any, Any]:
    """reportlab's parse of ``text`` in ``style``: the cleaned text, the style, the fragments and any bullet. The
    fragments are only read once parsed (a split makes new ones), so paragraphs of the same text share them.

    Text with no tag and no entity (most cells: a figure, a code, a name) is the one fragment reportlab's parser
    makes of it: its style's fragment (see :func:`_plain_fragment`) holding the cleaned text, without the parser."""
    if "<" not in text and "&" not in text:
        plain = _plain_fragment(style)
        cleaned = cleanBlockQuotedText(text)
        if plain is not None and cleaned:
            fragment, fresh_lists = plain
            return (
                cleaned,
                style,
                [fragment.clone(text=cleaned, **{name: [] for name in fresh_lists})],
                getattr(style, "bulletText", None),
            )
    paragraph = Paragraph(text, style)
    return paragraph.text, paragraph.style, paragraph.frags, paragraph.bulletText


#: A letter reportlab's parser reads as itself in any style: the text a style's plain fragment is parsed from.
_PLAIN_PROBE = "x"


@lru_cache(maxsize=256)
def _plain_fragment(style: ParagraphStyle) -> tuple[Any, tuple[str, ...]] | None:
    """The fragment reportlab's parser makes of plain text in ``style`` (parsed from :data:`_PLAIN_PROBE`), and the
    names of its list attributes (the links and underlines it starts empty), which each copy gets new; None where the
    style changes the text itself (a text transform) or the parse is not one fragment of the text as it was given,
    so its paragraphs go through the parser."""
    if getattr(style, "textTransform", None):
        return None
    paragraph = Paragraph(_PLAIN_PROBE, style)
    if paragraph.style is not style or len(paragraph.frags) != 1 or paragraph.bulletText is not None:
        return None
    (fragment,) = paragraph.frags
    attributes = fragment.__dict__
    if attributes.get("text") != _PLAIN_PROBE or any(
        isinstance(value, list) and value for value in attributes.values()
    ):
        return None
    return fragment, tuple(name for name, value in attributes.items() if isinstance(value, list))


@lru_cache(maxsize=_REMEMBERED)
def _lines(text: str, style: ParagraphStyle, width: float) -> tuple[Any, list[float], float, _PlainLines | None]:
    """The lines of ``text`` in ``style`` at ``width`` (reportlab's ``blPara``), its line widths and height: plain
    lines of one fragment (``kind`` 0: words and widths, which drawing and splitting only read) or lines of several
    fragments (a contents entry, a cell with a bold part or a link, a finding's text: drawing only reads them; a
    split changes their fragments, so a paragraph breaks its own lines before it is split, see
    :meth:`_Tagged.split`). Last, where the lines are plain, how to write them (see :func:`_line_plan`)."""
    _text, parsed_style, frags, bullet = _parsed(text, style)
    paragraph = Paragraph(None, parsed_style, bulletText=bullet, frags=frags)
    _width, height = paragraph.wrap(width, 0)
    lines_of = paragraph.blPara
    return lines_of, paragraph._wrapWidths, height, _line_plan(lines_of, parsed_style, bullet, height)


#: The share of a line's spare width that moves it right, for each alignment a one-line paragraph is drawn in
#: directly (see :meth:`_Tagged._plain_lines`); justified text and anything else goes through reportlab. A paragraph
#: of several plain lines is drawn directly only where it is aligned left and not indented on its first line (each
#: line starts where the first does).
_ALIGNMENT_SHIFT = {TA_LEFT: 0.0, TA_CENTER: 0.5, TA_RIGHT: 1.0}


def _line_plan(lines_of: Any, style: ParagraphStyle, bullet: Any, height: float) -> _PlainLines | None:
    """Where ``lines_of`` (a paragraph's ``blPara``, ``height`` high) is plain lines (one font, no link, underline,
    bullet, background or border, none needing word spacing; one line left, centred or right, several lines left
    with no first-line indent): how to write them; None for anything else, which reportlab draws. The figures are
    those :meth:`Paragraph.drawPara` uses for such lines."""
    if lines_of.kind != 0 or bullet:
        return None
    if style.backColor or (style.borderColor and style.borderWidth):
        return None
    if getattr(lines_of, "us_lines", None) or getattr(lines_of, "link", None):
        return None
    if getattr(style, "autoLeading", "") or style.wordWrap == "RTL":
        return None
    shift = _ALIGNMENT_SHIFT.get(style.alignment)
    colour = lines_of.textColor
    if shift is None or type(colour) is not Color or colour.alpha not in (None, 1):
        return None
    lines = lines_of.lines
    if not lines:
        return (0.0, 0.0, 0.0, "", "", 0.0, 0.0, ())
    if len(lines) > 1 and (style.alignment != TA_LEFT or style.firstLineIndent):
        # (reportlab moves each later line of an indented paragraph back by the indent.)
        return None
    # reportlab squeezes a line whose spare width is below -1e-8 with word spacing (its _leftDrawParaLine).
    if any(line_spare <= -1e-8 for line_spare, _words in lines) or not getFont(lines_of.fontName)._dynamicFont:
        return None
    spare = lines[0][0]
    y = height - (lines_of.fontSize if rl_config.paraFontSizeHeightOffset else lines_of.ascent)
    move = style.firstLineIndent + shift * spare
    colour_operator = f"{fp_str(colour.red, colour.green, colour.blue)} rg"
    return (
        style.leftIndent,
        y,
        move,
        colour_operator,
        lines_of.fontName,
        lines_of.fontSize,
        style.leading,
        tuple(" ".join(words) for _spare, words in lines),
    )


#: The canvas attribute holding the text operators of lines already shown on it in a font, size and leading (each a
#: tuple): a TrueType font's characters are numbered into subsets per document in the order they are first shown,
#: so the operators are kept per canvas (one document), on the canvas itself (see _kept_on).
_SHOWN = "_pacomply_shown"


def _kept_on(canvas: pdf_canvas.Canvas, name: str) -> dict[Any, Any]:
    """What this module keeps for one document under ``name``: a dictionary in the canvas's own attributes, made on
    first use and gone with the canvas."""
    kept = canvas.__dict__.get(name)
    if kept is None:
        kept = canvas.__dict__[name] = {}
    return kept

#: The operators of lines shown in any document, with what they were encoded by there (see :func:`_encoded`), for
#: the next document: a review's cells and labels repeat from one review to the next, and their characters mostly
#: have the same codes in each document. The oldest entries go first beyond this many.
_ENCODED_ENTRIES = 8192
_ENCODED: dict[_ShownKey, tuple[str, str | None, tuple[int, ...], tuple[int, ...]]] = {}
_ENCODED_LOCK = threading.Lock()


def _show_operators(canvas: pdf_canvas.Canvas, font: str, size: float, leading: float, lines: tuple[str, ...]) -> str:
    """The operators that select ``font`` at ``size`` and ``leading`` and show ``lines`` (inside BT … ET), as a
    paragraph's text object writes them: one line shown alone, several each followed by a move to the next line."""
    shown = _kept_on(canvas, _SHOWN)
    key = (font, size, leading, lines)
    operators = shown.get(key)
    if operators is None:
        operators = shown[key] = _encoded(canvas, key)
    return operators


def _encoded(canvas: pdf_canvas.Canvas, key: _ShownKey) -> str:
    """The operators of ``key``'s lines in ``canvas``'s document: those another document encoded where this one has
    already numbered every character of the lines as that one had and names the font as it did (so reportlab would
    write the same bytes and number nothing new), else reportlab's text object's, the first time in the document."""
    font_name, size, leading, lines = key
    font = getFont(font_name)
    states = getattr(font, "state", None)
    state = states.get(canvas._doc) if isinstance(states, weakref.WeakKeyDictionary) else None
    kept = _ENCODED.get(key)
    if (
        kept is not None
        and state is not None
        and kept[1] == state.internalName
        and tuple(map(state.assignments.get, kept[2])) == kept[3]
    ):
        return kept[0]
    text_object = canvas.beginText()
    text_object._code = []
    text_object.setFont(font_name, size, leading)
    several = len(lines) > 1
    for line in lines:
        text_object._textOut(line, several)
    operators = " ".join(text_object._code)
    state = states.get(canvas._doc) if isinstance(states, weakref.WeakKeyDictionary) else None
    if state is not None:
        # Each character's number in this document (a no-break space is shown as a space); a character the font
        # lacks is numbered in no document (shown as code 0 in each).
        assignments = state.assignments
        characters = tuple(
            {32 if code == 0xA0 else code for line in lines for code in map(ord, line)} & assignments.keys()
        )
        with _ENCODED_LOCK:
            _ENCODED[key] = (operators, state.internalName, characters, tuple(map(assignments.__getitem__, characters)))
            while len(_ENCODED) > _ENCODED_ENTRIES:
                del _ENCODED[next(iter(_ENCODED))]
    return operators


#: The canvas attribute holding, for each plan of plain lines drawn on it (by the plan's id, with the plan kept so
#: that the id is never reused), what follows the translation in the content written for it (see _drawn_after).
_DRAWN_AFTER = "_pacomply_drawn_after"


def _drawn_after(canvas: pdf_canvas.Canvas, line: _PlainLines) -> str:
    """What a paragraph of plain lines ``line`` writes after its translation's figures: the rest of the ``cm``, its
    colour and its text object, inside the saved states Flowable.drawOn and (for several lines) drawPara open, as
    reportlab writes them for such lines. The same for every drawing of ``line`` in a document (the operators of its
    text are the document's: :func:`_show_operators`), so made once per canvas."""
    kept_for_canvas = _kept_on(canvas, _DRAWN_AFTER)
    kept = kept_for_canvas.get(id(line))
    if kept is not None:
        return kept[1]
    left, baseline, move, colour, font, size, leading, lines = line
    operators = _show_operators(canvas, font, size, leading, lines)
    moved = f" {fp_str(move, 0)} Td" if abs(move) > 1e-6 else ""
    text = f"BT 1 0 0 1 {fp_str(left, baseline)} Tm{moved} {operators} ET"
    # Several lines: Flowable.drawOn's saved state and translation, then drawPara's saved state and colour.
    after = f" cm\nq\n{colour}\n{text}\nQ\nQ" if len(lines) > 1 else f" cm\n{colour}\n{text}\nQ"
    kept_for_canvas[id(line)] = (line, after)
    return after


#: The canvas attribute that, while a grid is drawn for keeping, holds each tagged cell drawn, in order, with where
#: its marked content opens and closes in the page's content (-1 where it was drawn again untagged).
DRAWN_CELLS = "_pacomply_drawn_cells"


class _Tagged(Paragraph):
    """A paragraph drawn inside its own marked content, tied to a structure node (P unless told otherwise).

    The parts reportlab splits it into across pages keep the node, so a paragraph that runs onto the next page is one
    element with two pieces of marked content."""

    column_header = False  # a cell of a table's header row (see _header_cells)
    #: The text and style the paragraph was made from, where its markup was parsed once for them (see _parsed);
    #: None for a part made by a split, which brings its own fragments.
    _source: tuple[str, ParagraphStyle] | None = None
    _structure: Node | None = None  # see structure
    _wrapped_width: float | None = None  # the width of the lines kept (see wrap)
    # reportlab's defaults, which its own __init__ sets on every paragraph.
    caseSensitive = 1
    encoding = "utf8"
    debug = 0
    #: Whether the lines (``blPara``) are shared with other paragraphs of the same text, style and width (see _lines).
    _shared_lines = False
    #: How the lines last drawn or shared are written (see _plain_lines): those lines, the height and the plan.
    _plan: tuple[Any, float, _PlainLines | None] | None = None
    width: float
    height: float

    def __init__(
        self,
        text: Any,
        style: ParagraphStyle | None = None,
        bulletText: Any = None,  # reportlab's names: a split makes its parts with them
        frags: Any = None,
        caseSensitive: int = 1,
        encoding: str = "utf8",
        *,
        role: str = "P",
    ) -> None:
        # reportlab's Paragraph.__init__, where markup in a style of no bullet is parsed once per text and style (see
        # _parsed): a review makes tens of thousands of paragraphs, nearly all of text already parsed. A part made by
        # a split brings its own fragments.
        # What is the same for nearly every paragraph (no structure node yet, no width wrapped at, reportlab's
        # defaults) is the class's (below), set on the paragraph only where it differs.
        self._role = role
        if style is None:
            style = ParagraphStyle(name="paragraphImplicitDefaultStyle")
        if caseSensitive != 1:
            self.caseSensitive = caseSensitive
        if encoding != "utf8":
            self.encoding = encoding
        bullet = bulletText or getattr(style, "bulletText", None)
        if frags is None and bullet is None and isinstance(text, str):
            self.text, self.style, self.frags, self.bulletText = _parsed(text, style)
            self._source = (text, style)
        else:
            super()._setup(text, style, bullet, frags, cleanBlockQuotedText)

    @property
    def structure(self) -> Node:
        """The structure node this paragraph is drawn into: the one it was given (a table cell's, a split part's
        whole), else a node of its role, made when first asked for (a table's cells are given theirs at once)."""
        if self._structure is None:
            self._structure = Node(self._role)
        return self._structure

    @structure.setter
    def structure(self, node: Node) -> None:
        self._structure = node

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        # A paragraph's lines depend on the width alone (reportlab's wrap reads no height), and a table wraps every
        # cell each time it is wrapped itself, several times in a build. The lines of the last width are
        # kept, so a paragraph is broken into lines again only at another width; plain lines of the same text,
        # style and width are shared between paragraphs (see _lines).
        if availWidth == self._wrapped_width and hasattr(self, "blPara"):  # a split may drop the lines it used
            return self.width, self.height
        shared = _lines(*self._source, availWidth) if self._source is not None and availWidth >= _WRAP_FUZZ else None
        if shared is not None:
            self.blPara, self._wrapWidths, self.height, plan = shared
            self._plan = (self.blPara, self.height, plan)
            self.width = availWidth
            self._wrapped_width = availWidth
            self._shared_lines = True
            return self.width, self.height
        size = super().wrap(availWidth, availHeight)
        self._wrapped_width = availWidth if availWidth >= _WRAP_FUZZ else None
        self._shared_lines = False
        return size

    def split(self, available_width: float, available_height: float) -> list[Flowable]:
        lines_of = getattr(self, "blPara", None)
        if self._shared_lines and lines_of is not None and lines_of.kind != 0:
            # reportlab's split of lines of several fragments changes the fragments (a space added at each line's
            # end): the lines shared with other paragraphs are left alone, and this paragraph's own broken instead.
            super().wrap(available_width, available_height)
            self._wrapped_width = available_width if available_width >= _WRAP_FUZZ else None
            self._shared_lines = False
        parts = super().split(available_width, available_height)
        for part in parts:
            if isinstance(part, _Tagged):
                part.structure = self.structure
        return parts

    def _plain_lines(self) -> _PlainLines | None:
        """How this paragraph's lines are written directly, where they are plain (see :func:`_line_plan`; planned
        once per text, style and width where the lines are shared); None where reportlab draws them."""
        lines_of = getattr(self, "blPara", None)
        if lines_of is None or hasattr(self, "_offsets") or getattr(self, "autoLeading", None):
            return None
        kept = self._plan
        if kept is not None and kept[0] is lines_of and kept[1] == self.height:
            return kept[2]
        plan = _line_plan(lines_of, self.style, self.bulletText, self.height)
        self._plan = (lines_of, self.height, plan)
        return plan

    def drawOn(self, canvas: pdf_canvas.Canvas, x: float, y: float, _sW: float = 0) -> None:
        # Most of a review's paragraphs are table cells of one line ('-', a percentage, a wager's name): those are
        # written as the few text operators reportlab's drawPara would write for them, at the same place, without
        # its text object and its second saved state (see _plain_lines). Plain lines aligned left (a question, a
        # wager's figures) are written as drawPara writes them, operator for operator, from the operators kept for
        # their text; anything else is reportlab's to draw.
        line = self._plain_lines()
        recorder: Recorder | None = getattr(canvas, "tagging", None)  # recorder_of, for every paragraph drawn
        # A grid being drawn for keeping (see tables._Grid.draw) is told where each cell's marked content opens and
        # closes in the page's content.
        drawn_cells: list[tuple[_Tagged, int, int]] | None = canvas.__dict__.get(DRAWN_CELLS)
        opened_at = len(canvas._code) if drawn_cells is not None else -1
        # A repeated table header is drawn again untagged (begin says so), as the page's artifact.
        open_recorder = (
            recorder
            if recorder is not None and recorder.begin(canvas, self._structure or self.structure, self)
            else None
        )
        if drawn_cells is not None and open_recorder is None:
            opened_at = -1
        if line is None:
            super().drawOn(canvas, x, y, _sW)
        else:
            if line[7]:
                # The same translation, text origin and move as reportlab's (not their sum), so that a renderer
                # rounds the text's place exactly as it does for a paragraph drawn by reportlab. Only the
                # translation differs from one drawing of the same lines to the next in a document: the rest is
                # written once per document (see _drawn_after).
                if _sW:
                    x = self._hAlignAdjust(x, _sW)
                canvas._code.append(f"q\n1 0 0 1 {fp_str(x, y)}{_drawn_after(canvas, line)}")
        if open_recorder is not None:
            if drawn_cells is not None:
                drawn_cells.append((self, opened_at, len(canvas._code)))
            open_recorder.end(canvas)
        elif drawn_cells is not None:
            drawn_cells.append((self, -1, -1))


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
