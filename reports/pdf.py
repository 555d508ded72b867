"""The review as a filing-ready PDF (reportlab platypus): a document a Board reviewer can read, sign and archive.

Cover (licensee, chapters, date filed, reviewer, tool and rulebook versions, verdict), contents, summary, the
checklist as filed with findings beside their rows, the tables' configuration, findings by severity, waivers
applied, wager math with each paytable, the par sheets, the readings relied on, and an attestation block. Every page
carries "page x of y", the filing id and the review date; the outline and the contents link to the page where each
section starts.

The document is laid out by reportlab's own multi-pass build (``multiBuild``): a first pass places the headings and
counts the pages without drawing them, later passes fill the contents and "of y" until nothing moves (one more
pass in all, two where a long contents grows). Pages are drawn as they are laid out, so each bookmark lands on its
own page.

Fonts are TrueType and embedded (DejaVu Sans, bundled in the package with its licence, so names outside Latin-1 print
and the bytes are the same on every platform), so the § sign renders and the text is searchable; the canvas starts in
that font too, so no base-14 font (Helvetica) is even referenced. The catalog names the language (en-US) and viewers
show the title rather than the file name. The PDF is tagged (see :mod:`pacomply.reports.pdf_tagging`): headings H1-H3
as the outline, paragraphs, tables with header and data cells, the contents as TOC entries, and the running header,
footer and table decoration as artifacts. The cover is one page: a cover that would run over is shrunk to fit.

The bytes are fixed for a given review: reportlab runs in invariant mode and the creation date, set through its
public date formatter, is the review date (or ``SOURCE_DATE_EPOCH``), which the footer of every page prints too.
"""

from __future__ import annotations

import io
import re
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from pacomply.checker.registry import Finding, Severity
from pacomply.checker.review import Review
from pacomply.checker.wager_math import WagerMath
from pacomply.reports import wording
from pacomply.reports.content import (
    PAR_SHEET_DIFFERS,
    RETURN_BASIS,
    SEVERITY_TITLES,
    TABLE_FIELDS,
    chapters_line,
    checklist_rows,
    decks_text,
    document_epoch,
    filing_id,
    finding_flag,
    finding_message,
    findings_of,
    law_applied_lines,
    location_text,
    money_text,
    percent,
    table_display,
    table_findings,
    wager_title,
    worst_severity,
)
from pacomply.reports.content import (
    summary as content_summary,
)
from pacomply.reports.pdf_tagging import (
    FOOTER_OPEN,
    HEADER_OPEN,
    Node,
    TaggingCanvas,
    add_structure_tree,
    recorder_of,
    table_nodes,
)
from pacomply.reports.reconciliation import (
    EVIDENCE_COLUMNS,
    beside,
    evidence_rows,
    figure_label,
    sentence,
    sorted_reconciliations,
)
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.pagesizes import LETTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import inch
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas as pdf_canvas
from reportlab.platypus import (
    BaseDocTemplate,
    CondPageBreak,
    Flowable,
    Frame,
    IndexingFlowable,
    KeepInFrame,
    KeepTogether,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)
from reportlab.platypus.tableofcontents import TableOfContents, drawPageNumbers

FONT = "PacomplySans"
PAGE_WIDTH, PAGE_HEIGHT = LETTER
MARGIN = 0.75 * inch
CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN
TABLES_PER_GRID = 3
SMALLEST_CELL_FONT = 6.0
SECTION_ROOM = 2 * inch
#: The columns of the Board-figure table: the figure, its verdict and the sentence that says both in words.
PUBLISHED_COLUMNS = ("Figure", "Verdict", "In a sentence")
#: The title of the last section, after the attestation: the evidence for the Board-figure verdicts.
EVIDENCE_TITLE = "Appendix: evidence for the Board-figure verdicts"
COVER_PADDING = 1.5  # points above and below a cover table's row (3 elsewhere): the cover stays one page

INK = colors.HexColor("#1A1A1A")
NAVY = colors.HexColor("#1F3864")
RULE_GREY = colors.HexColor("#A6A6A6")
BAND = colors.HexColor("#F2F2F2")
SEVERITY_BACKGROUND = {
    Severity.ERROR: colors.HexColor("#F8D7DA"),
    Severity.WARNING: colors.HexColor("#FFF3CD"),
    Severity.INFO: colors.HexColor("#D1ECF1"),
}
SEVERITY_INK = {
    Severity.ERROR: colors.HexColor("#9C0006"),
    Severity.WARNING: colors.HexColor("#7F6000"),
    Severity.INFO: colors.HexColor("#0C5460"),
}
WAIVED_BACKGROUND = colors.HexColor("#E2E3E5")
COMPLIANT_BACKGROUND = colors.HexColor("#D4EDDA")

#: DejaVu Sans, bundled as package data with its licence (``reports/fonts/``): the same font on every platform, so
#: the same review gives the same PDF bytes on Linux, macOS and Windows, and names outside Latin-1 print.
FONT_FOLDER = Path(__file__).resolve().parent / "fonts"
FONT_FILES = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSans-Oblique.ttf", "DejaVuSans-BoldOblique.ttf")


@cache
def font_files() -> tuple[Path, Path, Path, Path]:
    """Regular, bold, italic and bold-italic TrueType files: the bundled DejaVu Sans (never a system font, whose
    version would change the bytes from one machine to the next)."""
    regular, bold, italic, bold_italic = (FONT_FOLDER / name for name in FONT_FILES)
    missing = [str(path) for path in (regular, bold, italic, bold_italic) if not path.is_file()]
    if missing:
        raise FileNotFoundError(f"pacomply's bundled font is missing from the installation: {', '.join(missing)}")
    return regular, bold, italic, bold_italic


@cache
def register_fonts(family: str = FONT) -> str:
    """Register the bundled font's four faces with reportlab under ``family`` (once per family); the family."""
    regular, bold, italic, bold_italic = font_files()
    names = (family, f"{family}-Bold", f"{family}-Italic", f"{family}-BoldItalic")
    for name, path in zip(names, (regular, bold, italic, bold_italic), strict=True):
        pdfmetrics.registerFont(TTFont(name, str(path)))
    pdfmetrics.registerFontFamily(family, normal=names[0], bold=names[1], italic=names[2], boldItalic=names[3])
    return family


@dataclass(frozen=True, slots=True)
class _Styles:
    body: ParagraphStyle
    small: ParagraphStyle
    cell: ParagraphStyle
    cell_bold: ParagraphStyle
    title: ParagraphStyle
    subtitle: ParagraphStyle
    heading1: ParagraphStyle
    heading2: ParagraphStyle
    verdict: ParagraphStyle
    toc1: ParagraphStyle
    toc2: ParagraphStyle


@cache
def _styles() -> _Styles:
    font = register_fonts()
    bold = f"{font}-Bold"
    body = ParagraphStyle("body", fontName=font, fontSize=9.5, leading=12.5, textColor=INK, spaceAfter=4)
    return _Styles(
        body=body,
        small=ParagraphStyle("small", parent=body, fontSize=8, leading=10),
        cell=ParagraphStyle("cell", parent=body, fontSize=8, leading=10, spaceAfter=0),
        cell_bold=ParagraphStyle("cell_bold", parent=body, fontName=bold, fontSize=8, leading=10, spaceAfter=0),
        title=ParagraphStyle("title", parent=body, fontName=bold, fontSize=22, leading=27, textColor=NAVY),
        subtitle=ParagraphStyle("subtitle", parent=body, fontSize=11.5, leading=15, textColor=NAVY, spaceAfter=14),
        heading1=ParagraphStyle(
            "heading1",
            parent=body,
            fontName=bold,
            fontSize=15,
            leading=19,
            textColor=NAVY,
            spaceBefore=4,
            spaceAfter=8,
            keepWithNext=1,
        ),
        heading2=ParagraphStyle(
            "heading2",
            parent=body,
            fontName=bold,
            fontSize=11,
            leading=14,
            textColor=NAVY,
            spaceBefore=8,
            spaceAfter=4,
            keepWithNext=1,
        ),
        verdict=ParagraphStyle("verdict", parent=body, fontName=bold, fontSize=13, leading=17, alignment=TA_CENTER),
        toc1=ParagraphStyle("toc1", parent=body, fontName=bold, fontSize=10.5, leading=16),
        toc2=ParagraphStyle("toc2", parent=body, fontSize=9, leading=12, leftIndent=16),
    )


def _review_date(review: Review) -> str | None:
    """The review's own date (``Review.review_date``, set by ``validate --review-date``), where the review has one."""
    value = getattr(review, "review_date", None)
    return value.isoformat() if value is not None else None


def _text(value: object) -> str:
    """Filing text made safe for reportlab's paragraph markup."""
    return escape(str(value))


_WRAP_FUZZ = 1e-8  # reportlab's _FUZZ: a paragraph given less width than this is not wrapped at all


class _Tagged(Paragraph):
    """A paragraph drawn inside its own marked content, tied to a structure node (P unless told otherwise).

    The parts reportlab splits it into across pages keep the node, so a paragraph that runs onto the next page is one
    element with two pieces of marked content."""

    column_header = False  # a cell of a table's header row (see _header_cells)

    def __init__(self, *args: Any, role: str = "P", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.structure = Node(role)
        self._wrapped_width: float | None = None

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        # A paragraph's lines depend on the width alone (reportlab's wrap reads no height), and a table wraps every
        # cell each time it is wrapped itself: several times a pass, in every pass. The lines of the last width are
        # kept, so a paragraph is broken into lines again only at another width.
        if availWidth == self._wrapped_width and hasattr(self, "blPara"):  # a split may drop the lines it used
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


_MARKUP = re.compile(r"<[^>]*>")
_WHOLE_LINK = re.compile(r"<link [^>]*>[^<]*</link>")
_ENTITIES = {"&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#x27;": "'"}


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


def _widest_token(markup: str, font: str, size: float) -> float:
    """The width of the longest run of text a line may not break inside (words between spaces)."""
    text = _MARKUP.sub(" ", markup.replace("<br/>", " "))
    for entity, character in _ENTITIES.items():
        text = text.replace(entity, character)
    return max((stringWidth(token, font, size) for token in text.split()), default=0.0)


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
    smaller = ParagraphStyle(
        f"{style.name}-fit", parent=style, fontSize=fitted_size, leading=fitted_size * style.leading / size
    )
    fitted = _Tagged(cell.text, smaller)
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
#: The least share of a page's frame filled before the section runs on to the next page: a block that would leave
#: a page emptier than this is laid out piece by piece instead of moved whole.
LEAST_FILL = 0.25


def _head_rows(table: Table) -> int:
    """The header rows a table repeats on each page it runs onto."""
    repeat = table.repeatRows
    return repeat if isinstance(repeat, int) else max(repeat) + 1


class _Grid(Table):
    """A table that splits only where :data:`ROWS_EACH_SIDE` of its rows stay on each side of the break (a table of
    fewer rows moves whole to the next page); the parts reportlab splits it into are of this class too."""

    def _getFirstPossibleSplitRowPosition(self, availHeight: float, ignoreSpans: int = 0) -> int:
        split_at = int(super()._getFirstPossibleSplitRowPosition(availHeight, ignoreSpans))
        split_at = min(split_at, len(self._rowHeights) - ROWS_EACH_SIDE)
        return split_at if split_at - _head_rows(self) >= ROWS_EACH_SIDE else 0


def _start_height(flowable: Flowable, canvas: pdf_canvas.Canvas, width: float, height: float) -> float:
    """The height of the least part of ``flowable`` that may open a page's last stretch: a table's header and first
    rows (all of a table too short to split), a paragraph's first three lines, the whole of anything else."""
    _width, whole = flowable.wrapOn(canvas, width, height)
    if isinstance(flowable, KeepTogether):
        return float(flowable._H)  # its wrap asks for a split; the height of its content
    if isinstance(flowable, Table):
        rows = list(flowable._rowHeights)
        head = _head_rows(flowable)
        if len(rows) - head < 2 * ROWS_EACH_SIDE:
            return float(whole)
        return float(sum(rows[: head + ROWS_EACH_SIDE]))
    if isinstance(flowable, Paragraph):
        return float(min(whole, 3 * flowable.style.leading))
    return float(whole)


def _frame_height(flowable: Flowable) -> float | None:
    frame = getattr(flowable, "_frame", None)
    return None if frame is None else float(frame._height)


class _WithNext(KeepTogether):
    """Headings and labels (the first ``lead`` flowables) kept with the start of what follows them, not all of it:
    they move to the next page only where they and that start (see :func:`_start_height`) do not fit here, so a
    heading never ends a page and a long table after it still starts on this one.

    The document uses it for every chain of keep-with-next flowables (``keepTogetherClass``)."""

    def __init__(self, content: Sequence[Flowable], lead: int | None = None) -> None:
        super().__init__(list(content))
        self.lead = len(content) - 1 if lead is None else lead

    def split(self, aW: float, aH: float) -> list[Flowable]:
        content = list(self._content)
        needed = 0.0
        for flowable in content[: self.lead]:
            _width, height = flowable.wrapOn(self.canv, aW, aH)
            needed += height + flowable.getSpaceBefore() + flowable.getSpaceAfter()
        if self.lead < len(content):
            following = content[self.lead]
            needed += following.getSpaceBefore() + _start_height(following, self.canv, aW, max(aH - needed, 0))
        frame = getattr(self, "_frame", None)
        at_top = frame is not None and getattr(frame, "_atTop", False)
        if needed <= aH + 1e-6 or at_top:
            return content
        return [self.FrameBreak(), *content]


class _Together(KeepTogether):
    """Flowables kept on one page (a finding, a reading, a short table with its label): moved whole to the next
    page, unless that would leave this page less than :data:`LEAST_FILL` filled, when they are laid out one by one
    (each table still keeps its rows each side). ``whole``: moved whole whatever this page is left with (a par
    sheet's key figures)."""

    def __init__(self, content: Sequence[Flowable], whole: bool = False) -> None:
        super().__init__(list(content))
        self.whole = whole

    def split(self, aW: float, aH: float) -> list[Flowable]:
        frame_height = _frame_height(self)
        if self.whole or frame_height is None or aH >= self._H or aH < (1 - LEAST_FILL) * frame_height:
            return list(super().split(aW, aH))
        return list(self._content)


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


def _header_cells(labels: Sequence[str]) -> list[_Tagged]:
    """A table's header row (tagged TH, scope Column)."""
    style = ParagraphStyle("header", parent=_styles().cell_bold, textColor=colors.white)
    cells = [_p(_text(label), style) for label in labels]
    for cell in cells:
        cell.column_header = True
    return cells



def _reading_words(reading: str) -> str:
    """A wager's readings relied on ('687a-five-of-a-kind: ... | 687a-bad-beat: ...'), each as the reader gets it:
    its topic, then what it says, with no id of ours."""
    from pacomply.checker.wager_math import READING_SEPARATOR

    statements = [wording.reading_statement(part.strip()) for part in reading.split(READING_SEPARATOR)]
    return " ".join(statement if statement.endswith(".") else f"{statement}." for statement in statements)

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


def _flags(findings: Sequence[Finding]) -> str:
    """Coloured finding marks for a table cell."""
    marks = []
    for finding in findings:
        colour = "#555555" if finding.waived else SEVERITY_INK[finding.severity].hexval()[2:]
        colour = colour if colour.startswith("#") else f"#{colour}"
        marks.append(f'<font color="{colour}">{_text(finding_flag(finding))}</font>')
    return "<br/>".join(marks)


def _row_background(findings: Sequence[Finding]) -> colors.Color | None:
    worst = worst_severity(tuple(findings))
    if worst is not None:
        return SEVERITY_BACKGROUND[worst]
    return WAIVED_BACKGROUND if findings else None


class _Story:
    """Builds the flowables of the document, numbering sections and keys for the outline."""

    def __init__(self, review: Review) -> None:
        self.review = review
        self.styles = _styles()
        self.flowables: list[Flowable] = []
        self.section = 0
        self.subsection = 0

    def heading(self, title: str) -> None:
        self.section += 1
        self.subsection = 0
        # A section starts on a new page unless a good part of this one is left: its heading and introduction
        # never sit alone at the foot of a page.
        self.add(CondPageBreak(SECTION_ROOM), _Heading(f"{self.section} {title}", 0, f"section-{self.section}"))

    def subheading(self, title: str) -> _Heading:
        self.subsection += 1
        return _Heading(f"{self.section}.{self.subsection} {title}", 1, f"section-{self.section}-{self.subsection}")

    def paragraph(self, markup: str, style: ParagraphStyle | None = None) -> None:
        chosen = style or self.styles.body
        if self.flowables and isinstance(self.flowables[-1], _Heading):
            # A section's introduction stays with what follows, as its heading does, so neither is left at the
            # foot of a page when the first table moves on.
            chosen = ParagraphStyle(f"{chosen.name}-intro", parent=chosen, keepWithNext=1)
        self.add(_Tagged(markup, chosen))

    def add(self, *flowables: Flowable) -> None:
        # A heading and an introduction are kept with what follows them by the document (a chain of
        # keep-with-next flowables is a _WithNext): with the start of a long table, not all of it.
        self.flowables.extend(flowables)

    # -- the sections ---------------------------------------------------------------------------------------------

    def cover(self) -> None:
        review, styles = self.review, self.styles
        filing = review.filing
        start = len(self.flowables) + 1
        self.add(
            _Bookmark("Cover", "cover"),
            _Tagged("Rules Submission Review", styles.title, role="H1"),
            _Tagged("Pennsylvania table games, 58 Pa. Code Subpart K — checked by pacomply", styles.subtitle),
            _key_value_table(
                [
                    ("Licensee", _text(filing.metadata.licensee)),
                    ("Chapters", _text(chapters_line(review))),
                    ("Date filed", _text(filing.metadata.date_filed.isoformat())),
                    # The day the review was made (waiver expiry and FIL-001 depend on it), never the filing's date.
                    ("Review date", _text(_review_date(review) or "not recorded")),
                    *(
                        [("Configuration applied", _text(review.configuration.describe()))]
                        if review.configuration is not None
                        else []
                    ),
                    ("Reviewed by (named in the filing)", _text(filing.metadata.reviewed_by)),
                    ("Filing", _text(filing.source or "(built in memory)")),
                    ("Filing id", _text(filing_id(review))),
                    ("pacomply version", _text(review.tool_version)),
                    ("Tables covered", _text(len(filing.tables))),
                ],
                tight=True,
            ),
            Spacer(1, 8),
            _Tagged("Rulebooks applied", styles.heading2, role="H2"),
        )
        rulebooks = [_header_cells(("Chapter", "Title", "Rulebook version", "Effective"))]
        rulebooks += [
            [_p(_text(used.chapter)), _p(_text(used.title)), _p(_text(used.version)), _p(_text(used.effective))]
            for used in review.rulebooks
        ]
        widths = [0.9 * inch, 2.6 * inch, 1.8 * inch, CONTENT_WIDTH - 5.3 * inch]
        table = _grid(rulebooks, widths, repeatRows=1, hAlign="LEFT")
        table.setStyle(_grid_style(extra=_cover_padding()))
        self.add(table, Spacer(1, 4))
        # The law applied: each version's source and basis, and what has changed since (never left unsaid).
        self.add(*(_Tagged(_text(line), styles.small) for line in law_applied_lines(review)), Spacer(1, 8))
        verdict = f"Verdict: {review.verdict}"
        if review.waived_count:
            verdict += f" ({review.waived_count} finding{'s' * (review.waived_count != 1)} waived)"
        # A one-cell layout table: its paragraph is tagged P, the box itself is an artifact.
        box = Table([[_Tagged(_text(verdict), styles.verdict)]], colWidths=[CONTENT_WIDTH], hAlign="LEFT")
        box.setStyle(
            TableStyle(
                [
                    (
                        "BACKGROUND",
                        (0, 0),
                        (-1, -1),
                        COMPLIANT_BACKGROUND if review.compliant else SEVERITY_BACKGROUND[Severity.ERROR],
                    ),
                    (
                        "BOX",
                        (0, 0),
                        (-1, -1),
                        1,
                        SEVERITY_INK[Severity.ERROR] if not review.compliant else colors.HexColor("#155724"),
                    ),
                    ("FONT", (0, 0), (-1, -1), FONT, 8),  # a cell's own default is Helvetica, never embedded
                    ("TOPPADDING", (0, 0), (-1, -1), 10),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 10),
                ]
            )
        )
        self.add(box, Spacer(1, 8), _Tagged("At a glance", styles.heading2, role="H2"), *self._glance())
        # The cover is one page: a filing whose cover would run over (many wagers at a glance, a long history of
        # the law applied) has it shrunk to fit, as a printed cover sheet would be.
        self.flowables[start:] = [KeepInFrame(0, 0, self.flowables[start:], mode="shrink")]
        self.add(NextPageTemplate("body"), PageBreak())

    def _glance(self) -> list[Flowable]:
        """Counts by severity in one row, and the house edge of each wager configured: the figures a reviewer looks
        for first. Kept tight so that most covers fit at full size (a longer one is shrunk to fit, see cover)."""
        review = self.review
        counts = [_header_cells(("Errors", "Warnings", "Information", "Waived"))]
        counts.append([_p(_text(value)) for value in _finding_counts(review)])
        table = _grid(counts, [CONTENT_WIDTH / 4] * 4, hAlign="LEFT")
        table.setStyle(_grid_style(extra=_cover_padding()))
        if not review.wager_math:
            return [table]
        rows = [
            (
                f"{math.chapter} {wording.wager_name(math.chapter, math.wager)}"
                + (f" ({math.paytable})" if math.paytable else "")
                + f", {decks_text(math.decks)}",
                f"house edge {percent(math.house_edge)}, return {percent(math.return_)} (1 − element of risk; "
                f"{math.method})",
            )
            for math in review.wager_math
        ]
        return [
            table,
            Spacer(1, 4),
            _key_value_table([(label, _text(value)) for label, value in rows], 3.1 * inch, tight=True),
        ]

    def contents(self) -> None:
        toc = _Contents(
            levelStyles=[self.styles.toc1, self.styles.toc2],
            dotsMinLevel=0,
            tableStyle=TableStyle(
                [
                    ("FONT", (0, 0), (-1, -1), FONT, 9),  # reportlab's default cell font is Helvetica
                    ("VALIGN", (0, 0), (-1, -1), "TOP"),
                    ("LEFTPADDING", (0, 0), (-1, -1), 0),
                    ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                ]
            ),
        )
        self.add(_Tagged("Contents", self.styles.heading1, role="H1"), toc, PageBreak())

    def summary(self) -> None:
        review = self.review
        self.heading("Summary")
        self.paragraph(f"<b>{_text(review.verdict[0].upper() + review.verdict[1:])}.</b>")
        # The verdict, the counts and what to fix first, as the text review opens.
        lead = content_summary(review)
        self.paragraph(_text(f"Findings: {lead.counts}."))
        if lead.fix_first:
            self.add(_Tagged("What to fix first", self.styles.cell_bold, role="P"))
            fix_first = [
                (
                    f"{number}. {finding.rule_id}",
                    _text(f"{finding_message(finding)} ({location_text(finding.location)}; {finding.citation})"),
                )
                for number, finding in enumerate(lead.fix_first, start=1)
            ]
            self.add(_key_value_table(fix_first, 1.0 * inch), Spacer(1, 6))
        self.paragraph(
            "This report sets out what pacomply found when it checked the filing against the rulebooks named on the "
            "cover. Each finding cites the subsection it enforces and the cell or field of the filing it is about. "
            "Figures for each configured wager are computed exactly where the wager can be enumerated; a simulated "
            "figure is shown with its 95% interval. Where a chapter is ambiguous, the reading relied on is set out in "
            "its own section."
        )
        counts = [_header_cells(("Errors", "Warnings", "Information", "Waived", "Tables", "Wagers analysed"))]
        counts.append(
            [
                _p(_text(value))
                for value in (*_finding_counts(review), len(review.filing.tables), len(review.wager_math))
            ]
        )
        table = _grid(counts, [CONTENT_WIDTH / 6] * 6, hAlign="LEFT")
        table.setStyle(_grid_style())
        self.add(table, Spacer(1, 8))
        if review.filing.tables:
            self.add(self.subheading("Findings by table"))
            rows = [_header_cells(("Table", "Chapter", "Errors", "Warnings", "Information", "Waived"))]
            for gaming_table in review.filing.tables:
                found = table_findings(review, gaming_table.table_id)
                open_ = [f for f in found if not f.waived]
                rows.append(
                    [
                        _p(_text(gaming_table.table_id)),
                        _p(_text(gaming_table.chapter)),
                        *(
                            _p(_text(sum(1 for f in open_ if f.severity == severity)))
                            for severity in (Severity.ERROR, Severity.WARNING, Severity.INFO)
                        ),
                        _p(_text(sum(1 for f in found if f.waived))),
                    ]
                )
            table = _grid(rows, [CONTENT_WIDTH / 6] * 6, repeatRows=1, hAlign="LEFT")
            table.setStyle(_grid_style())
            self.add(table)
        if review.findings:
            self.add(self.subheading("Findings by rule"))
            by_rule: dict[str, list[Finding]] = {}
            for finding in review.findings:
                by_rule.setdefault(finding.rule_id, []).append(finding)
            rows = [_header_cells(("Rule", "Severity", "Citation", "Findings"))]
            for rule_id, of_rule in by_rule.items():
                rows.append(
                    [
                        _p(_text(f"{rule_id} {of_rule[0].rule_name}")),
                        _p(_text(of_rule[0].severity.value)),
                        _p(_text(of_rule[0].citation)),
                        _p(_text(len(of_rule))),
                    ]
                )
            table = _grid(rows, [2.6 * inch, 0.8 * inch, 2.0 * inch, None], repeatRows=1, hAlign="LEFT")
            table.setStyle(_grid_style())
            self.add(table)

    def checklist(self) -> None:
        review = self.review
        self.heading("Checklist as filed")
        self.paragraph(
            "Each question of the chapter's checklist with the answer as written in the filing. Findings located at "
            "an answer are marked beside its row; a blank answer is shown as <i>(blank)</i>."
        )
        rows = checklist_rows(review)
        for chapter in review.filing.filed_chapters:
            chapter_rows = [row for row in rows if row.chapter == chapter]
            if not chapter_rows:
                continue
            self.add(self.subheading(f"Chapter {chapter}"))
            data = [_header_cells(("Section", "Question", "Answer", "Findings"))]
            extra: list[tuple[Any, ...]] = []
            for position, row in enumerate(chapter_rows, start=1):
                question = _text(row.question) if row.question else f"<i>{_text(row.key)} (not on the checklist)</i>"
                # An amount of money reads as money ($40,000); anything else exactly as written.
                written = money_text(row.answer.strip()) if row.kind == "money" else row.answer
                answer = _text(written) if row.answer.strip() else "<i>(blank)</i>"
                if row.notes:
                    answer += f"<br/><font size=7>{_text(row.notes)}</font>"
                data.append(
                    [
                        _p(_text(row.section or row.chapter)),
                        _p(
                            f"{question}<br/><font size=6.5 color='#666666'>{_text(location_text(row.location))}</font>"
                        ),
                        _p(answer),
                        _p(_flags(row.findings)),
                    ]
                )
                background = _row_background(row.findings)
                if background is not None:
                    extra.append(("BACKGROUND", (0, position), (-1, position), background))
            table = _grid(data, [1.0 * inch, 3.4 * inch, 0.95 * inch, None], repeatRows=1, hAlign="LEFT")
            table.setStyle(_grid_style(extra=extra))
            self.add(table)

    def tables(self) -> None:
        review = self.review
        self.heading("Tables and their configuration")
        tables = review.filing.tables
        if not tables:
            self.paragraph("The filing lists no tables.")
            return
        self.paragraph("One column per table, as the Tables sheet gives it; the last row marks the findings about it.")
        for start in range(0, len(tables), TABLES_PER_GRID):
            chunk = tables[start : start + TABLES_PER_GRID]
            data = [_header_cells(("Field", *(table.table_id for table in chunk)))]
            for field_name, label in TABLE_FIELDS:
                data.append(
                    [_p(_text(label), self.styles.cell_bold)] + [_p(_text(table_display(t, field_name))) for t in chunk]
                )
            found = [table_findings(review, table.table_id) for table in chunk]
            data.append([_p("Findings", self.styles.cell_bold)] + [_p(_flags(f) or "none") for f in found])
            label_width = 1.7 * inch
            width = (CONTENT_WIDTH - label_width) / TABLES_PER_GRID
            extra: list[tuple[Any, ...]] = [("BACKGROUND", (0, 1), (0, -1), BAND)]
            for column, table_found in enumerate(found, start=1):
                background = _row_background(table_found)
                if background is not None:
                    extra.append(("BACKGROUND", (column, len(data) - 1), (column, len(data) - 1), background))
            grid = _grid(data, [label_width] + [width] * len(chunk), header_columns=1, repeatRows=1, hAlign="LEFT")
            grid.setStyle(_grid_style(extra=extra))
            # A grid is one table's whole configuration: it moves to the next page rather than leave two rows
            # behind (one taller than a page still splits, its header repeated); the section's heading and
            # introduction move with the first grid, never left alone at a page's foot.
            lead: list[Flowable] = []
            if start == 0:
                lead = self.flowables[-2:]
                del self.flowables[-2:]
            self.add(_Together([*lead, grid]), Spacer(1, 10))

    def findings(self) -> None:
        review = self.review
        self.heading("Findings")
        if not review.findings:
            self.paragraph("No rule found anything to report in this filing.")
            return
        self.paragraph(
            "Grouped by severity. Errors make the filing non-compliant; warnings and information do not. A waived "
            "finding is listed with the waiver that accepts it and fails nothing."
        )
        for severity in Severity:
            found = findings_of(review, severity)
            if not found:
                continue
            # The subheading travels with its first finding, so it never sits alone at the foot of a page.
            heading = self.subheading(f"{SEVERITY_TITLES[severity]} ({len(found)})")
            for index, finding in enumerate(found):
                block = [self._finding_block(finding), Spacer(1, 6)]
                self.add(_Together([heading, *block] if index == 0 else block))

    def _finding_block(self, finding: Finding) -> Table:
        styles = self.styles
        title = f"{_text(finding.rule_id)} · {_text(finding.rule_name)} · {_text(finding.severity.value)}"
        if finding.waived:
            title += " · WAIVED"
        rows: list[tuple[str, str]] = [
            ("Citation", f'<link href="{_text(finding.citation.uri)}">{_text(finding.citation)}</link>'),
            ("Location", _text(location_text(finding.location))),
        ]
        if finding.table_id:
            rows.append(("Table", _text(finding.table_id)))
        rows += [("Message", _text(finding_message(finding))), ("Fix", _text(finding.fix))]
        if finding.waiver is not None:
            waiver = finding.waiver
            rows.append(
                (
                    "Waiver",
                    f"{_text(waiver.justification)}<br/>Approval {_text(waiver.approval_reference)}; expires "
                    f"{_text(waiver.expires.isoformat())}",
                )
            )
        data = [[_p(title, ParagraphStyle("fh", parent=styles.cell_bold, textColor=colors.white)), ""]]
        data += [[_p(_text(label), styles.cell_bold), _p(value)] for label, value in rows]
        table = _grid(data, [1.0 * inch, CONTENT_WIDTH - 1.0 * inch], header_columns=1, caption_row=True, hAlign="LEFT")
        header_colour = colors.HexColor("#555555") if finding.waived else SEVERITY_INK[finding.severity]
        table.setStyle(
            _grid_style(
                header=False,
                extra=[
                    ("SPAN", (0, 0), (-1, 0)),
                    ("BACKGROUND", (0, 0), (-1, 0), header_colour),
                    ("BACKGROUND", (0, 1), (0, -1), BAND),
                    ("BOX", (0, 0), (-1, -1), 0.5, header_colour),
                ],
            )
        )
        return table

    def waivers(self) -> None:
        review = self.review
        self.heading("Waivers applied")
        waived = [finding for finding in review.findings if finding.waiver is not None]
        if not waived:
            self.paragraph("No waiver was applied to this filing.")
            return
        self.paragraph(
            "Findings the Board has approved setting aside under 58 Pa. Code § 601a.4. They stay listed above, "
            "marked, and do not count against the verdict."
        )
        data = [_header_cells(("Rule", "Table", "Justification", "Approval", "Expires"))]
        for finding in waived:
            waiver = finding.waiver
            assert waiver is not None
            data.append(
                [
                    _p(_text(finding.rule_id)),
                    _p(_text(waiver.table_id or finding.table_id or "all")),
                    _p(
                        _text(waiver.justification)
                        + (f"<br/><font size=6.5>{_text(waiver.source)}</font>" if waiver.source else "")
                    ),
                    _p(_text(waiver.approval_reference)),
                    _p(_text(waiver.expires.isoformat())),
                ]
            )
        table = _grid(data, [0.85 * inch, 0.75 * inch, 2.55 * inch, 1.65 * inch, None], repeatRows=1, hAlign="LEFT")
        table.setStyle(_grid_style())
        self.add(table)

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
            ("Hit frequency", percent(math.hit_frequency, 2)),
            ("Standard deviation", "n/a" if math.std_dev is None else f"{math.std_dev:.4f} units"),
            ("Citation", math.citation),
        ]
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
        if math.strategy:
            data = [_header_cells(("When", "Decision"))]
            data += [[_p(_text(when)), _p(_text(decision))] for when, decision in math.strategy]
            table = _grid(data, [2.5 * inch, None], repeatRows=1, hAlign="LEFT")
            table.setStyle(_grid_style())
            decisions = _Tagged("Optimal decisions", self.styles.cell_bold, role="H3")
            blocks += [Spacer(1, 4), *_kept_with_label(decisions, table)]
        if math.paytable_rows:
            data = [_header_cells(("Outcome", "Pays"))]
            data += [[_p(_text(outcome)), _p(_text(pays))] for outcome, pays in math.paytable_rows]
            table = _grid(data, [3.5 * inch, 1.5 * inch], repeatRows=1, hAlign="LEFT")
            table.setStyle(_grid_style())
            label = f"Paytable {math.paytable}" if math.paytable else "Paytable"
            blocks += [Spacer(1, 4), *_kept_with_label(_Tagged(_text(label), self.styles.cell_bold, role="H3"), table)]
        blocks.append(Spacer(1, 6))
        return blocks

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
                data = [_header_cells(LINE_COLUMNS)]
                data += [[_p(_text(cell)) for cell in row] for row in line_rows(sheet)]
                table = _grid(data, [2.3 * inch, 1.3 * inch, 1.1 * inch, 1.1 * inch, None], repeatRows=1, hAlign="LEFT")
                table.setStyle(_grid_style())
                self.add(_WithNext([*lead, table]))
                if sheet.space is not None:
                    self.add(_p(_text(f"Combinations counted over {sheet.space:,} equally likely deals."),
                                self.styles.small))  # fmt: skip
                self.add(figures)
            else:
                self.add(_WithNext([*lead, figures]))
            if sheet.strategy:
                data = [_header_cells(("When", "Decision"))]
                data += [[_p(_text(when)), _p(_text(decision))] for when, decision in sheet.strategy]
                table = _grid(data, [2.5 * inch, None], repeatRows=1, hAlign="LEFT")
                table.setStyle(_grid_style())
                self.add(Spacer(1, 4), *_kept_with_label(_Tagged("Strategy", self.styles.cell_bold, role="H3"), table))
            if sheet.grid is not None:
                self.add(Spacer(1, 4), *_strategy_grid(sheet.grid, self.styles))
            for note in sheet.notes:
                self.add(_p(_text(f"Note: {note}"), self.styles.small))
            self.add(Spacer(1, 8))

    def evidence(self) -> None:
        """The appendix of the evidence for the Board-figure verdicts: one row per piece of evidence, named in
        words, as the text review's appendix gives it."""
        review = self.review
        self.heading(EVIDENCE_TITLE)
        rows = evidence_rows(review.published)
        if not rows:
            # The section is always there, so the sections keep their numbers for every filing.
            self.paragraph("No Board figure about the wagers filed has evidence to set out.")
            return
        self.paragraph(
            "What each verdict on the Board's published figures rests on, figure by figure in the order of the "
            "Board's lists: the readings tried, the gaps measured and the figures reproduced."
        )
        data = [_header_cells(EVIDENCE_COLUMNS)]
        data += [[_p(_text(value)) for value in row] for row in rows]
        table = _Grid(_tag_cells(data), colWidths=[1.3 * inch, 1.8 * inch, None], repeatRows=1)
        table.setStyle(_grid_style())
        self.add(table)

    def readings(self) -> None:
        review = self.review
        self.heading("Readings of the regulation relied on")
        if not review.readings:
            self.paragraph("The chapters filed record no ambiguous point.")
            return
        self.paragraph("Where a chapter is ambiguous pacomply records the reading it applies, and why.")
        for chapter, reading in review.readings:
            self.add(
                _Together(
                    [
                        self.subheading(f"{wording.without_reading_ids(reading.topic)} ({chapter})"),
                        _key_value_table(
                            [
                                ("Citation", _text(reading.citation)),
                                ("Reading", _text(wording.without_reading_ids(reading.choice))),
                                ("Reason", _text(wording.without_reading_ids(reading.reason))),
                            ],
                            1.2 * inch,
                        ),
                    ]
                )
            )

    def attestation(self) -> None:
        review = self.review
        self.heading("Attestation")
        heading = self.flowables.pop()
        statement = _Tagged(
            f"I have read this review of the Rules Submission of {_text(review.filing.metadata.licensee)} dated "
            f"{_text(review.filing.metadata.date_filed.isoformat())} (filing id {_text(filing_id(review))}), "
            "including every finding and waiver listed, and the wager figures set out above.",
            self.styles.body,
        )
        signature = [
            [_p("<b>For the licensee</b>"), _p("<b>For the Pennsylvania Gaming Control Board</b>")],
            [_p(f"Name: {_text(review.filing.metadata.reviewed_by)}"), _p("Name:")],
            [_p("Title:"), _p("Title:")],
            [_p("Signature:"), _p("Signature:")],
            [_p("Date:"), _p("Date:")],
        ]
        for cell in signature[0]:
            cell.column_header = True
        table = Table(
            _tag_cells(signature), colWidths=[CONTENT_WIDTH / 2] * 2, rowHeights=[18, 28, 28, 40, 28], hAlign="LEFT"
        )
        table.setStyle(
            TableStyle(
                [
                    ("FONT", (0, 0), (-1, -1), FONT, 8),
                    ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
                    ("LINEBELOW", (0, 1), (-1, -1), 0.5, INK),
                    ("LEFTPADDING", (0, 0), (-1, -1), 4),
                    ("RIGHTPADDING", (0, 0), (-1, -1), 14),
                ]
            )
        )
        self.add(_Together([heading, statement, Spacer(1, 8), table], whole=True))


#: A table of this many rows or fewer moves whole with its label to the next page rather than split.
KEEP_WHOLE_ROWS = 30


def _kept_with_label(label: Flowable, table: Flowable, *more: Flowable) -> list[Flowable]:
    """A label and the table it introduces, never parted: a short table moves whole to the next page (see
    :class:`_Together`); a longer one starts where its label, header and first rows fit, and repeats its header row
    on every page it runs onto."""
    rows = len(getattr(table, "_cellvalues", ())) if isinstance(table, Table) else 0
    if rows <= KEEP_WHOLE_ROWS:
        return [_Together([label, table, *more])]
    return [_WithNext([label, table, *more], lead=1)]


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


def _strategy_grid(grid: Any, styles: _Styles) -> list[Flowable]:
    """A strategy grid (``checker.parsheet.StrategyGrid``): player hands down, what the player knows of the
    dealer across, one letter per decision; the legend above it, the header row repeated on every page."""
    size = 6.0 if len(grid.columns) > 12 else 7.0
    cell = ParagraphStyle("grid-cell", parent=styles.cell, fontSize=size, leading=size + 1.5)
    header = ParagraphStyle("grid-header", parent=styles.cell_bold, fontSize=size, leading=size + 1.5,
                            textColor=colors.white)  # fmt: skip
    labels, key = _grid_labels(grid.columns)
    head = [_p(label, header) for label in ("Hand", *labels)]
    for item in head:
        item.column_header = True
    data: list[list[Any]] = [head]
    data += [[_p(_text(hand), cell), *(_p(_text(decision), cell) for decision in cells)] for hand, cells in grid.rows]
    hand_width = 0.45 * inch
    width = (CONTENT_WIDTH - hand_width) / max(len(grid.columns), 1)
    table = _grid(data, [hand_width] + [width] * len(grid.columns), header_columns=1, repeatRows=1, hAlign="LEFT")
    padding = 1 if len(grid.columns) > 12 else 2
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
    legend = _Tagged(_text(f"Strategy grid: {grid.legend}.{key}"), styles.small)
    return [_WithNext([_Tagged("Strategy grid", styles.cell_bold, role="H3"), legend, table])]


class _Contents(TableOfContents):
    """reportlab's table of contents with each entry a tagged TOCI under one TOC element.

    reportlab builds its entries as plain paragraphs inside ``wrap``; this one keeps the entries of the previous pass
    itself (through the public ``notify``/``beforeBuild`` hooks) and lays them out the same way with tagged
    paragraphs: the entry's link, dots and page number drawn after it by the same callback.
    """

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.structure = Node("TOC")
        self.collected: list[tuple[int, str, int, str | None]] = []
        self.shown: list[tuple[int, str, int, str | None]] = []
        self.grid: Table | None = None

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
        return (self.width, self.height)

    def split(self, available_width: float, available_height: float) -> list[Flowable]:
        assert self.grid is not None, "wrap comes before split"
        return self.grid.splitOn(self.canv, available_width, available_height)

    def drawOn(self, canvas: pdf_canvas.Canvas, x: float, y: float, _sW: float = 0) -> None:
        assert self.grid is not None, "wrap comes before drawOn"
        self.grid.drawOn(canvas, x, y, _sW)


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


def _not_drawn(*_arguments: Any, **_keywords: Any) -> None:
    """What a flowable draws in the layout pass: nothing (see :class:`_LayoutFrame`)."""


class _LayoutFrame(Frame):
    """The body frame. On the canvas of the layout pass (``layout_only``, the first pass, which is never written
    out) it places every flowable as the final pass does (wrapped and split alike, so every page breaks at the same
    place) but draws none but the page total: that pass exists to learn each heading's page and the page count,
    and drawing a page's tables and paragraphs is most of what a pass costs."""

    def _add(self, flowable: Flowable, canv: pdf_canvas.Canvas, trySplit: int = 0) -> int:
        if not getattr(canv, "layout_only", False) or isinstance(flowable, _PageTotal):
            return int(super()._add(flowable, canv, trySplit))
        flowable.drawOn = _not_drawn  # this flowable, this pass only
        try:
            return int(super()._add(flowable, canv, trySplit))
        finally:
            del flowable.drawOn

    add = _add  # reportlab's documents call add, which its Frame binds to its own _add


class _ReviewDocument(BaseDocTemplate):
    """Two page templates (cover, body); headings feed the outline and the table of contents."""

    def __init__(self, buffer: io.BytesIO, review: Review, footer: tuple[str, str]) -> None:
        filing = review.filing
        super().__init__(
            buffer,
            pagesize=LETTER,
            leftMargin=MARGIN,
            rightMargin=MARGIN,
            topMargin=MARGIN,
            bottomMargin=0.9 * inch,
            title=f"Rules Submission Review — {filing.metadata.licensee}",
            author="pacomply",
            subject=f"{chapters_line(review)}; filed {filing.metadata.date_filed.isoformat()}; {review.verdict}",
            creator=f"pacomply {review.tool_version}",
            keywords=["58 Pa. Code", *(used.chapter for used in review.rulebooks), filing_id(review)],
            invariant=1,
            pageCompression=1,
            lang="en-US",
            displayDocTitle=1,
            initialFontName=register_fonts(),
            keepTogetherClass=_WithNext,
        )
        self.page_total = _PageTotal()
        self.footer = footer
        frame = _LayoutFrame(
            self.leftMargin, self.bottomMargin, self.width, self.height, leftPadding=0, rightPadding=0, id="content"
        )
        header = f"{filing.metadata.licensee} · Rules Submission Review"
        self.addPageTemplates(
            [
                PageTemplate(
                    id="cover",
                    frames=[frame],
                    onPage=lambda canvas, _doc: self._page_begins(canvas, None),
                    onPageEnd=lambda canvas, _doc: canvas.close_artifact(),
                ),
                PageTemplate(
                    id="body",
                    frames=[frame],
                    onPage=lambda canvas, _doc: self._page_begins(canvas, header),
                    onPageEnd=lambda canvas, _doc: canvas.close_artifact(),
                ),
            ]
        )

    def _page_begins(self, canvas: TaggingCanvas, header: str | None) -> None:
        """The running header (body pages) and footer, each a pagination artifact; then the page is an artifact
        until a piece of the document's text is drawn (see :mod:`pacomply.reports.pdf_tagging`)."""
        if header is not None:
            canvas.open_artifact(HEADER_OPEN)
            self._header(canvas, header)
            canvas.close_artifact()
        canvas.open_artifact(FOOTER_OPEN)
        self._footer(canvas)
        canvas.close_artifact()
        canvas.open_artifact()

    def _footer(self, canvas: pdf_canvas.Canvas) -> None:
        """The filing, the dates, the tool and the law, and 'Page x of y' (y from the previous pass; the final pass
        always has it)."""
        draw_footer(canvas, self.footer, self.page_total.total)

    @staticmethod
    def _header(canvas: pdf_canvas.Canvas, text: str) -> None:
        canvas.saveState()
        canvas.setFont(FONT, 7.5)
        canvas.setFillColor(colors.HexColor("#555555"))
        canvas.drawString(MARGIN, PAGE_HEIGHT - 0.5 * inch, _fit_line(text, 7.5, CONTENT_WIDTH))
        canvas.restoreState()

    def afterFlowable(self, flowable: Flowable) -> None:
        outline = getattr(flowable, "outline", None)
        if outline is None:
            return
        level, text, key = outline
        self.canv.bookmarkPage(key)
        self.canv.addOutlineEntry(text, key, level=level, closed=False)
        if key != "cover":
            self.notify("TOCEntry", (level, text, self.page, key))


def render_pdf(review: Review, *, tagged: bool = True) -> bytes:
    """The whole document, tagged (``tagged=False`` builds it without marked content or structure tree: the
    baseline the benchmark and the reading-order test compare with)."""
    register_fonts()
    story = _Story(review)
    story.cover()
    story.contents()
    story.summary()
    story.checklist()
    story.tables()
    story.findings()
    story.waivers()
    story.wager_math()
    story.published_figures()
    story.par_sheets()
    story.readings()
    story.attestation()
    story.evidence()
    buffer = io.BytesIO()
    metadata = review.filing.metadata
    # The dates first and the licensee last: a long name is the part shortened to fit beside the page number.
    footer = (
        f"Filing {filing_id(review)} · reviewed {review.review_date.isoformat()} · filed "
        f"{metadata.date_filed.isoformat()} · {metadata.licensee}",
        tool_and_law_line(review.tool_version, [(used.chapter, used.version) for used in review.rulebooks]),
    )
    document = _ReviewDocument(buffer, review, footer)
    formatter = _date_formatter(document_epoch(review))

    canvases: list[TaggingCanvas] = []

    def canvas_maker(*args: Any, **kwargs: Any) -> pdf_canvas.Canvas:
        canvas = TaggingCanvas(*args, tagged=tagged, **kwargs)
        canvas.setDateFormatter(formatter)
        # The first pass only lays out (it never ends the build: the page total is unknown before it): its canvas
        # draws no flowable (_LayoutFrame).
        canvas.layout_only = not canvases
        # One canvas per pass; only the last (the pass that is written out) is kept.
        canvases[:] = [canvas]
        return canvas

    _seed_contents(story.flowables)
    document.multiBuild([*story.flowables, document.page_total], canvasmaker=canvas_maker)
    recorder = canvases[-1].tagging if canvases else None
    if recorder is None:
        return buffer.getvalue()
    dated = datetime.fromtimestamp(document_epoch(review), tz=UTC)
    return add_structure_tree(buffer.getvalue(), recorder.marks, recorder.links, dated=dated)


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


class PdfRenderer:
    """Renders the filing-ready PDF."""

    def render(self, review: Review) -> bytes:
        """The PDF bytes."""
        return render_pdf(review)


RENDERER = PdfRenderer()


def _finding_counts(review: Review) -> tuple[int, int, int, int]:
    """Errors, warnings, information and waived findings: the counts the cover and the Summary open with."""
    return (
        review.count(Severity.ERROR),
        review.count(Severity.WARNING),
        review.count(Severity.INFO),
        review.waived_count,
    )
