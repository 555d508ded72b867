"""The workbooks pacomply writes as reports (the review workbook, a par sheet's), written directly as their XML
parts: a header row and typed cells in a few styles per sheet, column widths, the header row frozen and filtered,
every sheet printed landscape, one page wide, its header row repeated, and links to published text.

openpyxl's object model cost about half of such a workbook's CPU for none of its content: a ``Workbook`` and each
``Worksheet`` (their dimension objects and descriptors), a ``Cell`` per cell, the element trees of the properties,
the workbook and the manifest. This module writes the same parts from plain values: the markup openpyxl 3.1 writes
for such a workbook (the tests compare the two, and the golden digests hold the bytes), so a reader, and the bytes,
are as before. What openpyxl makes that does not change (the theme, the extended properties, the default font,
fills and border, the colour index) is taken from it once per process. openpyxl still reads workbooks and writes the
filing template (:mod:`pacomply.submissions.template`), whose sheets hold more than this writes.

A text cell holds the text it is given: the caller neutralises a filing's text first (``reports.xlsx._cell_text``);
nothing here writes a formula. The bytes depend on nothing but the workbook and the stamp given.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from functools import cache
from typing import Any

# What openpyxl's writer escapes attributes and text with; not in the standard library's stubs.
from xml.etree.ElementTree import _escape_attrib, _escape_cdata  # type: ignore[attr-defined]

from openpyxl.compat import safe_string
from openpyxl.utils import get_column_letter, quote_sheetname
from openpyxl.utils.datetime import to_excel
from pacomply.submissions.xlsx_writer import fixed_time_archive, number_cell_markup, space_attribute

SHEET_NAMESPACE = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
RELATIONSHIPS_NAMESPACE = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PACKAGE_RELATIONSHIPS_NAMESPACE = "http://schemas.openxmlformats.org/package/2006/relationships"
HYPERLINK_RELATIONSHIP = f"{RELATIONSHIPS_NAMESPACE}/hyperlink"
#: The first id of a number format of the workbook's own (below it, Excel's built-in formats).
CUSTOM_FORMATS_START = 164


@dataclass(frozen=True, slots=True)
class CellStyle:
    """A cell's style, as indexes into its workbook's lists (:class:`StyleTable`): font, fill and number format, the
    alignment's markup ('' for none) and the named style it is based on (0 Normal, 1 Hyperlink). All zero is a cell
    with no style of its own, written without one."""

    font: int = 0
    fill: int = 0
    number_format: int = 0
    alignment: str = ""
    named: int = 0


PLAIN = CellStyle()


#: Each style object's markup by its id, the object kept beside it so that its id is not reused while it is here.
_MARKUP: dict[int, tuple[Any, str]] = {}


def style_markup(style: Any) -> str:
    """An openpyxl style object's markup (a font, fill or alignment), made once per object: the reports' styles are
    module constants, and openpyxl's hashing and serialisation walk every field."""
    found = _MARKUP.get(id(style))
    if found is None:
        from openpyxl.xml.functions import tostring

        found = _MARKUP[id(style)] = (style, tostring(style.to_tree()).decode("utf-8"))
    return found[1]


@dataclass(frozen=True, slots=True)
class _StaticParts:
    """The parts and pieces of markup that are the same in every workbook, as openpyxl makes them."""

    theme: str
    extended_properties: bytes
    default_font: str
    default_fills: tuple[str, ...]
    borders: str
    colours: str
    table_styles: str
    hyperlink_font: Any
    hyperlink_builtin_id: int


@cache
def _static_parts() -> _StaticParts:
    from openpyxl.packaging.extended import ExtendedProperties
    from openpyxl.styles.borders import DEFAULT_BORDER
    from openpyxl.styles.builtins import styles as builtin_styles
    from openpyxl.styles.colors import COLOR_INDEX, ColorList
    from openpyxl.styles.fills import DEFAULT_EMPTY_FILL, DEFAULT_GRAY_FILL
    from openpyxl.styles.fonts import DEFAULT_FONT
    from openpyxl.styles.table import TableStyleList
    from openpyxl.writer.theme import theme_xml
    from openpyxl.xml.functions import tostring

    hyperlink = builtin_styles["Hyperlink"]
    return _StaticParts(
        theme=theme_xml,
        extended_properties=tostring(ExtendedProperties().to_tree()),
        default_font=style_markup(DEFAULT_FONT),
        default_fills=(style_markup(DEFAULT_EMPTY_FILL), style_markup(DEFAULT_GRAY_FILL)),
        borders=f'<borders count="1">{style_markup(DEFAULT_BORDER)}</borders>',
        colours=tostring(ColorList(indexedColors=COLOR_INDEX).to_tree()).decode("utf-8"),
        table_styles=tostring(TableStyleList().to_tree()).decode("utf-8"),
        hyperlink_font=hyperlink.font,
        hyperlink_builtin_id=hyperlink.builtinId,
    )


class StyleTable:
    """A workbook's fonts, fills and number formats, each given its index at its first use, as openpyxl indexes them
    (the defaults first); the cell formats (``cellXfs``) are indexed as the cells are written (:meth:`format_index`),
    the all-zero one first."""

    def __init__(self) -> None:
        static = _static_parts()
        self.fonts: dict[str, int] = {static.default_font: 0}
        self.fills: dict[str, int] = dict(zip(static.default_fills, range(2), strict=True))
        self.number_formats: dict[str, int] = {}
        self.hyperlink_font: int | None = None
        self.formats: dict[CellStyle, int] = {PLAIN: 0}

    def font(self, font: Any) -> int:
        """The index of an openpyxl ``Font``, added on its first use."""
        return self.fonts.setdefault(style_markup(font), len(self.fonts))

    def fill(self, fill: Any) -> int:
        """The index of an openpyxl ``PatternFill``, added on its first use."""
        return self.fills.setdefault(style_markup(fill), len(self.fills))

    def number_format(self, code: str) -> int:
        """A number format's id: a built-in format's own, else the workbook's, added on its first use."""
        from openpyxl.styles.numbers import BUILTIN_FORMATS_REVERSE

        builtin = BUILTIN_FORMATS_REVERSE.get(code)
        if builtin is not None:
            return int(builtin)
        return self.number_formats.setdefault(code, len(self.number_formats)) + CUSTOM_FORMATS_START

    def hyperlink(self) -> int:
        """The Hyperlink named style's font, the style added to the workbook at its first use (as openpyxl's
        ``cell.style = "Hyperlink"`` adds it)."""
        if self.hyperlink_font is None:
            self.hyperlink_font = self.font(_static_parts().hyperlink_font)
        return self.hyperlink_font

    def format_index(self, style: CellStyle) -> int:
        """A cell style's index among the cell formats, added when its first cell is written."""
        return self.formats.setdefault(style, len(self.formats))

    def markup(self) -> bytes:
        """``xl/styles.xml``."""
        static = _static_parts()
        parts = [f'<styleSheet xmlns="{SHEET_NAMESPACE}">']
        formats = "".join(
            f'<numFmt numFmtId="{index + CUSTOM_FORMATS_START}" formatCode="{_escape_attrib(code)}" />'
            for code, index in self.number_formats.items()
        )
        count = len(self.number_formats)
        parts.append(f'<numFmts count="{count}">{formats}</numFmts>' if count else '<numFmts count="0" />')
        parts.append(f'<fonts count="{len(self.fonts)}">{"".join(self.fonts)}</fonts>')
        parts.append(f'<fills count="{len(self.fills)}">{"".join(self.fills)}</fills>')
        parts.append(static.borders)
        named = ['<xf numFmtId="0" fontId="0" fillId="0" borderId="0" />']
        names = ['<cellStyle name="Normal" xfId="0" builtinId="0" hidden="0" />']
        if self.hyperlink_font is not None:
            named.append(f'<xf numFmtId="0" fontId="{self.hyperlink_font}" fillId="0" borderId="0" />')
            names.append(
                f'<cellStyle name="Hyperlink" xfId="1" builtinId="{static.hyperlink_builtin_id}" hidden="0" />'
            )
        parts.append(f'<cellStyleXfs count="{len(named)}">{"".join(named)}</cellStyleXfs>')
        parts.append(f'<cellXfs count="{len(self.formats)}">')
        for style in self.formats:
            opening = f'<xf numFmtId="{style.number_format}" fontId="{style.font}" fillId="{style.fill}" borderId="0"'
            ending = f' pivotButton="0" quotePrefix="0" xfId="{style.named}"'
            if style.alignment:
                parts.append(f'{opening} applyAlignment="1"{ending}>{style.alignment}</xf>')
            else:
                parts.append(f"{opening}{ending} />")
        parts.append("</cellXfs>")
        parts.append(f'<cellStyles count="{len(names)}">{"".join(names)}</cellStyles>')
        parts.append(static.table_styles)
        parts.append(static.colours)
        parts.append("</styleSheet>")
        return "".join(parts).encode("utf-8")


@dataclass(slots=True)
class Sheet:
    """A worksheet being filled: its cells by (row, column), each its value and style; its columns' widths (by
    column number); the filter's range, if any; and the cells that link to a web address.

    A cell's value is a text (written as a text cell, as it is), a number (int, float, Decimal), a date (a number
    in the cell's date format) or None (an empty cell, written where it has a style)."""

    title: str
    cells: dict[tuple[int, int], tuple[Any, CellStyle]] = field(default_factory=dict)
    widths: dict[int, float] = field(default_factory=dict)
    auto_filter: str | None = None
    links: dict[tuple[int, int], str] = field(default_factory=dict)


@dataclass(slots=True)
class Package:
    """A workbook being filled: its sheets in order and the styles their cells use."""

    styles: StyleTable = field(default_factory=StyleTable)
    sheets: list[Sheet] = field(default_factory=list)

    def add_sheet(self, title: str) -> Sheet:
        sheet = Sheet(title)
        self.sheets.append(sheet)
        return sheet


_FROZEN_HEADER_VIEW = (
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" '
    'state="frozen" /><selection pane="bottomLeft" activeCell="A1" sqref="A1" /></sheetView></sheetViews>'
)
_SHEET_TOP = (
    f'<worksheet xmlns="{SHEET_NAMESPACE}"><sheetPr><outlinePr summaryBelow="1" summaryRight="1" />'
    '<pageSetUpPr fitToPage="1" /></sheetPr>'
)
_SHEET_FORMAT = '<sheetFormatPr baseColWidth="8" defaultRowHeight="15" />'
#: Printed landscape, one page wide and as many long as it takes (the header row repeated: the workbook's
#: ``_xlnm.Print_Titles``).
_SHEET_TAIL = (
    '<pageMargins left="0.75" right="0.75" top="1" bottom="1" header="0.5" footer="0.5" />'
    '<pageSetup orientation="landscape" fitToHeight="0" fitToWidth="1" /></worksheet>'
)


def _dimension(cells: Sequence[tuple[tuple[int, int], Any]]) -> str:
    """The range that a sheet's cells, sorted by row, span (openpyxl's ``calculate_dimension``)."""
    if not cells:
        return "A1:A1"
    columns = [column for (_row, column), _cell in cells]
    first, last = get_column_letter(min(columns)), get_column_letter(max(columns))
    return f"{first}{cells[0][0][0]}:{last}{cells[-1][0][0]}"


def _sheet_data(cells: Sequence[tuple[tuple[int, int], tuple[Any, CellStyle]]], styles: StyleTable) -> str:
    """The ``<sheetData>`` of a sheet's cells, sorted by row and then column, as openpyxl writes them: a text as an
    inline string, a number or a date (its serial number) as a number, an empty cell only where it has a style (its
    row still written)."""
    parts: list[str] = ["<sheetData>"]
    append = parts.append
    # Each style's attribute by the style object's id: a sheet's cells share a few style objects (which the cells
    # keep alive while this runs), and hashing a style's fields cell by cell cost a tenth of the sheet.
    attributes: dict[int, str] = {}
    last_column = max((column for (_row, column), _cell in cells), default=0)
    letters = [""] + [get_column_letter(column) for column in range(1, last_column + 1)]
    current_row = None
    row = ""
    for (row_index, column), (value, style) in cells:
        if row_index != current_row:
            if current_row is not None:
                append("</row>")
            current_row, row = row_index, str(row_index)
            append(f'<row r="{row}">')
        attribute = attributes.get(id(style))
        if attribute is None:
            attribute = attributes[id(style)] = "" if style == PLAIN else f' s="{styles.format_index(style)}"'
        if value is None:
            if attribute:
                append(f'<c r="{letters[column]}{row}"{attribute} t="n" />')
            continue
        if type(value) is str:
            if not value:
                append(f'<c r="{letters[column]}{row}"{attribute} t="inlineStr" />')
            elif value[0].isspace() or value[-1].isspace():
                append(
                    f'<c r="{letters[column]}{row}"{attribute} t="inlineStr"><is><t{space_attribute(value)}>'
                    f"{_escape_cdata(value)}</t></is></c>"
                )
            else:
                append(
                    f'<c r="{letters[column]}{row}"{attribute} t="inlineStr"><is><t>{_escape_cdata(value)}</t></is></c>'
                )
            continue
        if isinstance(value, date):
            value = to_excel(value)
        append(number_cell_markup(f"{letters[column]}{row}", attribute, value))
    if current_row is not None:
        append("</row>")
    append("</sheetData>")
    return "".join(parts)


def _sheet_markup(sheet: Sheet, styles: StyleTable) -> bytes:
    """A worksheet's part: its range, the header row frozen, the columns' widths, the cells, the filter, the links
    (each by its relationship, :func:`_links_markup`) and the print setup, in the order and markup openpyxl gives."""
    cells = sorted(sheet.cells.items())
    parts = [_SHEET_TOP, f'<dimension ref="{_dimension(cells)}" />', _FROZEN_HEADER_VIEW, _SHEET_FORMAT]
    columns = [
        f'<col width="{safe_string(width)}" customWidth="1" min="{column}" max="{column}" />'
        for column, width in sorted(sheet.widths.items())
        if width  # as openpyxl leaves out a column of no width
    ]
    if columns:
        parts.append(f"<cols>{''.join(columns)}</cols>")
    parts.append(_sheet_data(cells, styles))
    if sheet.auto_filter is not None:
        parts.append(f'<autoFilter ref="{sheet.auto_filter}" />')
    if sheet.links:
        parts.append("<hyperlinks>")
        parts.extend(
            f'<hyperlink xmlns:r="{RELATIONSHIPS_NAMESPACE}" ref="{get_column_letter(column)}{row}" '
            f'r:id="rId{number}" />'
            for number, (row, column) in enumerate(sorted(sheet.links), start=1)
        )
        parts.append("</hyperlinks>")
    parts.append(_SHEET_TAIL)
    # As openpyxl encodes: UTF-8, anything it cannot hold as a character reference.
    return "".join(parts).encode("utf-8", "xmlcharrefreplace")


def _links_markup(links: Mapping[tuple[int, int], str]) -> bytes:
    """A sheet's relationships: one to each link's web address, in the order of the cells."""
    return (
        f'<Relationships xmlns="{PACKAGE_RELATIONSHIPS_NAMESPACE}">'
        + "".join(
            f'<Relationship Type="{HYPERLINK_RELATIONSHIP}" Target="{_escape_attrib(links[cell])}" '
            f'TargetMode="External" Id="rId{number}" />'
            for number, cell in enumerate(sorted(links), start=1)
        )
        + "</Relationships>"
    ).encode("utf-8")


def _core_properties(stamp: datetime) -> bytes:
    """``docProps/core.xml``: made by pacomply, created and modified at ``stamp`` (not the time of saving)."""
    when = stamp.replace(tzinfo=None).isoformat(timespec="seconds") + "Z"
    return (
        '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" '
        'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" '
        'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><dc:creator>pacomply</dc:creator>'
        f'<dcterms:created xsi:type="dcterms:W3CDTF">{when}</dcterms:created>'
        f'<dcterms:modified xsi:type="dcterms:W3CDTF">{when}</dcterms:modified>'
        "<cp:lastModifiedBy>pacomply</cp:lastModifiedBy></cp:coreProperties>"
    ).encode()


def _workbook_markup(sheets: Sequence[Sheet]) -> bytes:
    """``xl/workbook.xml``: the sheets in order, each one's filter range (``_xlnm._FilterDatabase``) and printed
    header row (``_xlnm.Print_Titles``)."""
    parts = [
        f'<workbook xmlns:r="{RELATIONSHIPS_NAMESPACE}" xmlns="{SHEET_NAMESPACE}"><workbookPr /><workbookProtection />'
        '<bookViews><workbookView visibility="visible" minimized="0" showHorizontalScroll="1" '
        'showVerticalScroll="1" showSheetTabs="1" tabRatio="600" firstSheet="0" activeTab="0" '
        'autoFilterDateGrouping="1" /></bookViews><sheets>'
    ]
    parts.extend(
        f'<sheet name="{_escape_attrib(sheet.title)}" sheetId="{number}" state="visible" r:id="rId{number}" />'
        for number, sheet in enumerate(sheets, start=1)
    )
    parts.append("</sheets><definedNames>")
    for index, sheet in enumerate(sheets):
        quoted = _escape_cdata(quote_sheetname(sheet.title))
        if sheet.auto_filter is not None:
            first, last = sheet.auto_filter.split(":")
            parts.append(
                f'<definedName name="_xlnm._FilterDatabase" localSheetId="{index}" hidden="1">'
                f"{quoted}!{_absolute(first)}:{_absolute(last)}</definedName>"
            )
        parts.append(f'<definedName name="_xlnm.Print_Titles" localSheetId="{index}">{quoted}!$1:$1</definedName>')
    parts.append('</definedNames><calcPr calcId="124519" fullCalcOnLoad="1" /></workbook>')
    return "".join(parts).encode("utf-8")


def _absolute(reference: str) -> str:
    """'A1' → '$A$1'."""
    letters = reference.rstrip("0123456789")
    return f"${letters}${reference[len(letters) :]}"


def _workbook_relationships(count: int) -> bytes:
    relationship = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    return (
        f'<Relationships xmlns="{PACKAGE_RELATIONSHIPS_NAMESPACE}">'
        + "".join(
            f'<Relationship Type="{relationship}/worksheet" Target="/xl/worksheets/sheet{number}.xml" '
            f'Id="rId{number}" />'
            for number in range(1, count + 1)
        )
        + f'<Relationship Type="{relationship}/styles" Target="styles.xml" Id="rId{count + 1}" />'
        f'<Relationship Type="{relationship}/theme" Target="theme/theme1.xml" Id="rId{count + 2}" />'
        "</Relationships>"
    ).encode("utf-8")


_ROOT_RELATIONSHIPS = (
    f'<Relationships xmlns="{PACKAGE_RELATIONSHIPS_NAMESPACE}">'
    f'<Relationship Type="{RELATIONSHIPS_NAMESPACE}/officeDocument" Target="xl/workbook.xml" Id="rId1" />'
    '<Relationship Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" '
    'Target="docProps/core.xml" Id="rId2" />'
    f'<Relationship Type="{RELATIONSHIPS_NAMESPACE}/extended-properties" Target="docProps/app.xml" Id="rId3" />'
    "</Relationships>"
).encode()


def _content_types(count: int) -> bytes:
    def override(part: str, kind: str) -> str:
        return f'<Override PartName="{part}" ContentType="application/vnd.openxmlformats-{kind}" />'

    return (
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml" />'
        '<Default Extension="xml" ContentType="application/xml" />'
        + override("/xl/styles.xml", "officedocument.spreadsheetml.styles+xml")
        + override("/xl/theme/theme1.xml", "officedocument.theme+xml")
        + override("/docProps/core.xml", "package.core-properties+xml")
        + override("/docProps/app.xml", "officedocument.extended-properties+xml")
        + "".join(
            override(f"/xl/worksheets/sheet{number}.xml", "officedocument.spreadsheetml.worksheet+xml")
            for number in range(1, count + 1)
        )
        + override("/xl/workbook.xml", "officedocument.spreadsheetml.sheet.main+xml")
        + "</Types>"
    ).encode("utf-8")


def package_bytes(package: Package, stamp: datetime, compress_level: int | None = None) -> bytes:
    """The workbook's .xlsx bytes: its parts in the order openpyxl writes them, every zip entry and the document
    properties stamped ``stamp``, each entry compressed at zlib's ``compress_level``."""
    static = _static_parts()
    buffer = io.BytesIO()
    with fixed_time_archive(buffer, stamp, compress_level) as archive:
        archive.writestr("docProps/app.xml", static.extended_properties)
        archive.writestr("docProps/core.xml", _core_properties(stamp))
        archive.writestr("xl/theme/theme1.xml", static.theme)
        for number, sheet in enumerate(package.sheets, start=1):
            archive.writestr(f"xl/worksheets/sheet{number}.xml", _sheet_markup(sheet, package.styles))
            if sheet.links:
                archive.writestr(f"xl/worksheets/_rels/sheet{number}.xml.rels", _links_markup(sheet.links))
        # The styles last of the cells' parts: a cell format is indexed as its first cell is written.
        archive.writestr("xl/styles.xml", package.styles.markup())
        archive.writestr("_rels/.rels", _ROOT_RELATIONSHIPS)
        archive.writestr("xl/workbook.xml", _workbook_markup(package.sheets))
        archive.writestr("xl/_rels/workbook.xml.rels", _workbook_relationships(len(package.sheets)))
        archive.writestr("[Content_Types].xml", _content_types(len(package.sheets)))
    return buffer.getvalue()


__all__ = ["PLAIN", "CellStyle", "Package", "Sheet", "StyleTable", "package_bytes"]
