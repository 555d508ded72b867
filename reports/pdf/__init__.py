"""The review as a filing-ready PDF (reportlab platypus): a document a Board reviewer can read, sign and archive.

Cover (licensee, chapters, date filed, reviewer, tool and rulebook versions, verdict), contents, summary, the
checklist as filed with findings beside their rows, the tables' configuration, findings by severity, waivers
applied, wager math with each paytable, the par sheets, the readings relied on, and an attestation block. Every page
carries "page x of y", the filing id and the review date; the outline and the contents link to the page where each
section starts.

The document is laid out and drawn in one pass (reportlab's ``build``): the contents are given their entries before
it (so their length is known), and what is known only at the end, each footer's "of y" and the contents' page
numbers, is drawn when the document is saved, in the place kept for it in each page's content
(:class:`.furniture.DeferringCanvas`). Pages are written as they are laid out, so each bookmark lands on its own page.

Fonts are TrueType and embedded (DejaVu Sans, bundled in the package with its licence, so names outside Latin-1 print
and the bytes are the same on every platform), so the § sign renders and the text is searchable; the canvas starts in
that font too, so no base-14 font (Helvetica) is even referenced. The catalog names the language (en-US) and viewers
show the title rather than the file name. The PDF is tagged (see :mod:`pacomply.reports.pdf_tagging`): headings H1-H3
as the outline, paragraphs, tables with header and data cells, the contents as TOC entries, and the running header,
footer and table decoration as artifacts. The cover is one page: a cover that would run over is shrunk to fit.

The bytes are fixed for a given review: reportlab runs in invariant mode and the creation date, set through its
public date formatter, is the review date (or ``SOURCE_DATE_EPOCH``), which the footer of every page prints too.

The modules, one concern each: :mod:`.styles` (the page, the bundled font, colours and paragraph styles),
:mod:`.paragraphs` (tagged paragraphs and headings), :mod:`.tables` (fitted, tagged grids), :mod:`.breaks` (where
pages may break), :mod:`.furniture` (running header, footer, the canvas that draws page totals at save, dates),
:mod:`.contents` (the table of contents), :mod:`.sections` (what each section prints) and :mod:`.document` (the page
templates and :func:`render_pdf`).
"""

from __future__ import annotations

from pacomply.reports.pdf.breaks import KEEP_WHOLE_ROWS, LEAST_FILL, _kept_with_label, _Together, _WithNext
from pacomply.reports.pdf.document import RENDERER, PdfRenderer, build_pdf, document_options, render_pdf
from pacomply.reports.pdf.furniture import (
    FOOTER_SIZE,
    DeferringCanvas,
    _date_formatter,
    draw_footer,
    draw_footer_later,
    draw_header,
    tool_and_law_line,
)
from pacomply.reports.pdf.paragraphs import _p, _Tagged, _text
from pacomply.reports.pdf.sections.appendices import EVIDENCE_TITLE
from pacomply.reports.pdf.sections.figures import PUBLISHED_COLUMNS
from pacomply.reports.pdf.sections.filing import TABLES_PER_GRID
from pacomply.reports.pdf.sections.story import SECTION_ROOM
from pacomply.reports.pdf.styles import (
    BAND,
    COMPLIANT_BACKGROUND,
    CONTENT_WIDTH,
    FONT,
    FONT_FILES,
    FONT_FOLDER,
    INK,
    MARGIN,
    NAVY,
    PAGE_GEOMETRY,
    PAGE_HEIGHT,
    PAGE_WIDTH,
    RULE_GREY,
    SEVERITY_BACKGROUND,
    SEVERITY_INK,
    WAIVED_BACKGROUND,
    _styles,
    font_files,
    markup_colour,
    register_fonts,
)
from pacomply.reports.pdf.tables import (
    COVER_PADDING,
    ROWS_EACH_SIDE,
    SMALLEST_CELL_FONT,
    _grid,
    _grid_style,
    _header_cells,
    _key_value_table,
    _tag_cells,
)

__all__ = [
    "BAND",
    "COMPLIANT_BACKGROUND",
    "CONTENT_WIDTH",
    "COVER_PADDING",
    "EVIDENCE_TITLE",
    "FONT",
    "FONT_FILES",
    "FONT_FOLDER",
    "FOOTER_SIZE",
    "INK",
    "KEEP_WHOLE_ROWS",
    "LEAST_FILL",
    "MARGIN",
    "NAVY",
    "PAGE_GEOMETRY",
    "PAGE_HEIGHT",
    "PAGE_WIDTH",
    "PUBLISHED_COLUMNS",
    "RENDERER",
    "ROWS_EACH_SIDE",
    "RULE_GREY",
    "SECTION_ROOM",
    "SEVERITY_BACKGROUND",
    "SEVERITY_INK",
    "SMALLEST_CELL_FONT",
    "TABLES_PER_GRID",
    "WAIVED_BACKGROUND",
    "DeferringCanvas",
    "PdfRenderer",
    "_Tagged",
    "_Together",
    "_WithNext",
    "_date_formatter",
    "_grid",
    "_grid_style",
    "_header_cells",
    "_kept_with_label",
    "_key_value_table",
    "_p",
    "_styles",
    "_tag_cells",
    "_text",
    "build_pdf",
    "document_options",
    "draw_footer",
    "draw_footer_later",
    "draw_header",
    "font_files",
    "markup_colour",
    "register_fonts",
    "render_pdf",
    "tool_and_law_line",
]
