"""The review PDF's look: the page and its margins, the bundled font (registered once per process), the
colours and the paragraph styles (made once per process)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType

from pacomply.checker.registry import Severity
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.pagesizes import LETTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import inch
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

FONT = "PacomplySans"
PAGE_WIDTH, PAGE_HEIGHT = LETTER
MARGIN = 0.75 * inch
CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN
#: The page every pacomply PDF is laid out on, as reportlab's document templates take it: letter, the margins above,
#: and a deeper bottom margin that leaves the footer its room.
PAGE_GEOMETRY = MappingProxyType(
    {
        "pagesize": LETTER,
        "leftMargin": MARGIN,
        "rightMargin": MARGIN,
        "topMargin": MARGIN,
        "bottomMargin": 0.9 * inch,
    }
)

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
#: The space above a section's entry in the contents (its sub-entries have none).
CONTENTS_SECTION_GAP = 5
#: The space above and below each entry's line(s) in the contents.
CONTENTS_PADDING = 1

WAIVED_BACKGROUND = colors.HexColor("#E2E3E5")
COMPLIANT_BACKGROUND = colors.HexColor("#D4EDDA")


@cache
def markup_colour(hex_colour: str) -> str:
    """``hex_colour`` (``#rrggbb``) as a paragraph's markup writes it (``<font color=...>``), made known to reportlab's
    colour parser by that name, as the colour it reads it as (its ``HexColor``): the parser tries a written colour as
    CSS, as a colour name and with two Python expression parsers before it reads hex, some 13 us a colour and a
    fifth of parsing a short paragraph; a name it knows is found at once. The PDF's bytes are the same."""
    colors.toColor.extraColorsNS.setdefault(hex_colour, colors.HexColor(hex_colour))
    return hex_colour


#: DejaVu Sans, bundled as package data with its licence (``reports/fonts/``): the same font on every platform, so
#: the same review gives the same PDF bytes on Linux, macOS and Windows, and names outside Latin-1 print.
FONT_FOLDER = Path(__file__).resolve().parent.parent / "fonts"
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
        # The contents' entries: a section's entry set off by a little space above it, its sub-entries close
        # under it (the contents' table adds a point above and below each; see sections/front.py).
        toc1=ParagraphStyle(
            "toc1",
            parent=body,
            fontName=bold,
            fontSize=10.5,
            leading=13,
            spaceBefore=CONTENTS_SECTION_GAP,
            spaceAfter=0,
        ),
        toc2=ParagraphStyle("toc2", parent=body, fontSize=9, leading=11.5, leftIndent=16, spaceAfter=0),
    )
