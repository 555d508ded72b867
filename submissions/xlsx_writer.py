"""Saving an openpyxl workbook to the same bytes every time: fixed document times and zip entry times.

openpyxl stamps the time of saving into the document properties and, through the temporary files it streams
worksheets to, into every zip entry. Reports and templates must be byte-identical for identical input. A worksheet
is written in memory rather than through such a file (creating and removing a file per sheet cost more than writing
the sheet's cells), and its rows of plain cells (text, numbers, dates, with a style or a link) are serialised as one
string per sheet: the markup openpyxl writes for them, made with its own attributes and number formatting, at a
fraction of the cost of its element-by-element writer, which still writes any sheet holding anything else (a
formula, rich text, a comment, a row's own height or format). The elements openpyxl makes for the rest of such a
sheet are written at once too, as its stream would write them, unless one has a namespace (a link's relationship).
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

# What openpyxl's stream (et_xmlfile) escapes attributes and text with; not in the standard library's stubs.
from xml.etree.ElementTree import _escape_attrib, _escape_cdata  # type: ignore[attr-defined]

import openpyxl.xml
from openpyxl.cell._writer import _set_attributes
from openpyxl.compat import safe_string
from openpyxl.drawing.spreadsheet_drawing import SpreadsheetDrawing
from openpyxl.packaging.extended import ExtendedProperties
from openpyxl.styles.cell_style import StyleArray
from openpyxl.styles.stylesheet import write_stylesheet
from openpyxl.utils import get_column_letter
from openpyxl.workbook._writer import WorkbookWriter
from openpyxl.workbook.workbook import Workbook
from openpyxl.worksheet._writer import WorksheetWriter
from openpyxl.writer.excel import ExcelWriter
from openpyxl.writer.theme import theme_xml
from openpyxl.xml.constants import (
    ARC_APP,
    ARC_CORE,
    ARC_ROOT_RELS,
    ARC_STYLE,
    ARC_THEME,
    ARC_WORKBOOK,
    ARC_WORKBOOK_RELS,
    SHEET_MAIN_NS,
)
from openpyxl.xml.functions import Element, tostring, whitespace


class _FixedTimeZip(zipfile.ZipFile):
    """A zip whose every entry carries one fixed time, so the same workbook gives the same bytes."""

    fixed_time: tuple[int, int, int, int, int, int] = (1980, 1, 1, 0, 0, 0)

    def writestr(self, zinfo_or_arcname: Any, data: Any, compress_type: Any = None, compresslevel: Any = None) -> None:
        if isinstance(zinfo_or_arcname, str):
            zinfo_or_arcname = zipfile.ZipInfo(zinfo_or_arcname, date_time=self.fixed_time)
            zinfo_or_arcname.compress_type = zipfile.ZIP_DEFLATED
        super().writestr(
            zinfo_or_arcname, data, compress_type, self.compresslevel if compresslevel is None else compresslevel
        )

    def write(self, filename: Any, arcname: Any = None, compress_type: Any = None, compresslevel: Any = None) -> None:
        # openpyxl streams a write-only workbook's worksheets to temporary files and adds them with write(), which
        # would stamp each temporary file's modification time.
        with open(filename, "rb") as stream:
            self.writestr(str(arcname or filename), stream.read())


#: zlib's fastest level, for the workbooks pacomply writes as reports: their markup is repetitive, and the default
#: level (6) cost 1.7 times the CPU for files 12 % smaller (the 633a example's review: 3.4 ms against 2.0 ms, 40.8 kB
#: against 46.5 kB).
FASTEST_COMPRESSION = 1
#: Written where the sheet's rows go, and replaced by them once the sheet is written (nothing before the rows in a
#: worksheet's markup is an element of this name).
_ROWS_PLACEHOLDER = b"<sheetData />"
#: The cells' types the plain rows hold (string, number, date; openpyxl writes a date as a number unless the workbook
#: keeps ISO dates).
_PLAIN_TYPES = frozenset({"s", "n", "d"})
#: The bytes of a cell's style that sets nothing (openpyxl writes such a cell without a style index).
_UNSTYLED = StyleArray().tobytes()


class _NotPlainMarkup(Exception):
    """An element :func:`_element_markup` does not write (a namespace, a comment): the sheet goes to openpyxl's
    stream."""


def _element_markup(element: Any, parts: list[str]) -> None:
    """Append to ``parts`` an element without namespaces, as the stream openpyxl writes a worksheet through
    (et_xmlfile's) writes it inside the worksheet: its tag, its attributes in order and escaped by the standard
    library's function, its text, its children, ``<tag />`` when it has neither; raises :class:`_NotPlainMarkup` for
    anything else."""
    tag = element.tag
    if type(tag) is not str or tag[:1] == "{":
        raise _NotPlainMarkup
    parts.append("<" + tag)
    for name, value in element.items():
        if type(name) is not str or name[:1] == "{":
            raise _NotPlainMarkup
        parts.append(f' {name}="{_escape_attrib(value)}"')
    text = element.text
    if text or len(element):
        parts.append(">")
        if text:
            parts.append(_escape_cdata(text))
        for child in element:
            _element_markup(child, parts)
        parts.append(f"</{tag}>")
    else:
        parts.append(" />")
    if element.tail:
        parts.append(_escape_cdata(element.tail))


class _PlainRowsWriter(WorksheetWriter):
    """openpyxl's worksheet writer with its rows of plain cells serialised at once (:attr:`rows_markup`), in the
    markup and the order its ``write_rows`` gives them; a sheet with any other cell is written by ``write_rows``.

    The elements openpyxl makes for the rest of the sheet (its properties, views, columns, filter, page setup) are
    kept as they are sent, and once the sheet is known plain, written at once by :func:`_element_markup`: the markup
    openpyxl's stream gives them, at a fraction of its cost (its writer resolves namespaces element by element). A
    sheet with any other cell, or any element with a namespace (a link's relationship), is written by that stream,
    the elements kept so far sent to it first.
    """

    rows_markup: bytes | None = None
    xf: Any
    _kept: list[Any] | None = None

    def get_stream(self) -> Any:
        # The markup below is what openpyxl's own XML writer gives; with lxml's (openpyxl imported before pacomply
        # could keep it off lxml) the sheet is written by openpyxl.
        if openpyxl.xml.LXML:
            return super().get_stream()
        return self._keep()

    def _keep(self) -> Any:
        """A stream that keeps the elements sent to it, unwritten (:meth:`close` writes them)."""
        kept = self._kept = []
        while True:
            element = yield
            if element is not None:
                kept.append(element)

    def _to_openpyxl_stream(self) -> None:
        """From now on, write through openpyxl's stream, the elements kept so far sent to it first."""
        kept, self._kept = self._kept, None
        if kept is None:
            return
        self.xf.close()
        self.xf = super().get_stream()
        next(self.xf)
        for element in kept:
            self.xf.send(element.element() if type(element) is _Written else element)

    def write_cols(self) -> None:
        """The columns' widths: written at once where every column has a width and nothing else (openpyxl's element
        otherwise)."""
        dimensions = self.ws.column_dimensions
        markup = None if openpyxl.xml.LXML else _columns_markup(dimensions)
        if markup is None:
            super().write_cols()
        elif markup:
            self.xf.send(_Written(markup, dimensions.to_tree))

    def close(self) -> None:
        kept = self._kept
        if kept is not None:
            parts = [f'<worksheet xmlns="{_escape_attrib(SHEET_MAIN_NS)}">']
            try:
                for element in kept:
                    if type(element) is _Written:
                        parts.append(element.markup)
                    else:
                        _element_markup(element, parts)
            except _NotPlainMarkup:
                self._to_openpyxl_stream()
            else:
                self._kept = None
                parts.append("</worksheet>")
                # As openpyxl's stream encodes: UTF-8, anything it cannot hold as a character reference.
                self.out.write("".join(parts).encode("utf-8", "xmlcharrefreplace"))
        super().close()

    def write_rows(self) -> None:
        if openpyxl.xml.LXML:
            super().write_rows()
            return
        cell_styles, links = self.ws.parent._cell_styles, self.ws._hyperlinks
        links_before = len(links)
        # Each style's index in the workbook's list and its attribute, by the style's bytes: the list's own look-up
        # hashes the style as a tuple, cell by cell. A style met first is added to the list as openpyxl adds it, so
        # the indexes match.
        styles: dict[bytes, tuple[int | None, str]] = {_UNSTYLED: (None, "")}
        parts: list[str] = []
        append = parts.append
        # One walk over the cells in openpyxl's order (by row, then column): each is checked as it comes, and the
        # first that is not plain hands the whole sheet to openpyxl's writer, with the links noted so far taken back
        # (it notes them again). The styles added so far are those openpyxl adds first too, in the same order, so
        # their indexes are unchanged. A sheet with a row of its own (a height, a format, or a row without cells that
        # openpyxl writes all the same) is openpyxl's.
        if self.ws.row_dimensions:
            self._to_openpyxl_stream()
            super().write_rows()
            return
        current_row = None
        row = ""
        for (row_index, _column), cell in sorted(self.ws._cells.items()):
            data_type = cell.data_type
            value = cell._value
            if (
                cell._comment is not None
                or data_type not in _PLAIN_TYPES
                or (data_type == "s" and value is not None and type(value) is not str)
            ):
                del links[links_before:]
                self._to_openpyxl_stream()
                super().write_rows()
                return
            if row_index != current_row:
                if current_row is not None:
                    append("</row>")
                current_row, row = row_index, str(row_index)
                append(f'<row r="{row}">')
            style = cell._style
            if style is None:
                if value is None:
                    continue
                style_id, style_attribute = None, ""
            else:
                key = style.tobytes()
                found = styles.get(key)
                if found is None:
                    style_id = cell_styles.add(style)
                    found = styles[key] = (style_id, f' s="{style_id}"')
                style_id, style_attribute = found
                if style_id is None and value is None:
                    continue
            if data_type == "d":
                append(_date_markup(cell, style_id))
                continue
            if cell._hyperlink:
                links.append(cell._hyperlink)
            # The reference as Cell.coordinate makes it, with the row's number made once.
            reference = get_column_letter(cell.column) + row
            if data_type == "s":
                if value is None or value == "":
                    append(f'<c r="{reference}"{style_attribute} t="inlineStr" />')
                else:
                    append(
                        f'<c r="{reference}"{style_attribute} t="inlineStr"><is><t{space_attribute(value)}>'
                        f"{_escape_cdata(value)}</t></is></c>"
                    )
            elif value is None or value == "":
                append(f'<c r="{reference}"{style_attribute} t="n" />')
            else:
                append(number_cell_markup(reference, style_attribute, value))
        if current_row is not None:
            append("</row>")
        self.rows_markup = ("<sheetData>" + "".join(parts) + "</sheetData>").encode("utf-8")
        self.xf.send(Element("sheetData"))


@dataclass(frozen=True, slots=True)
class _Written:
    """An element of a worksheet kept as its markup, and how to make the element for openpyxl's stream (where the
    sheet goes to it after all)."""

    markup: str
    element: Callable[[], Any]


def _columns_markup(dimensions: Any) -> str | None:
    """The ``<cols>`` element openpyxl writes for a sheet's columns (``DimensionHolder.to_tree``): each column with
    a width as ``<col width customWidth min max />``, in the order of its number; '' where no column has a width,
    None where a column has anything but a width (hidden, outlined, collapsed, fitted or styled), which openpyxl
    writes itself. Its side effects are openpyxl's too: each column's bounds set from its letter, the sheet's
    deepest outline level noted."""
    columns = []
    for dimension in dimensions.values():
        if dimension.hidden or dimension.outlineLevel != 0 or dimension.collapsed or dimension.bestFit:
            return None
        if dimension._style is not None and any(dimension._style):  # not the default style, openpyxl's index 0
            return None
        dimension.reindex()
        if dimension.width:
            columns.append(dimension)
    if not columns:
        return ""
    dimensions.max_outline = 0
    columns.sort(key=lambda dimension: dimension.min)
    return (
        "<cols>"
        + "".join(
            f'<col width="{safe_string(column.width)}" customWidth="1" min="{safe_string(column.min)}"'
            f' max="{safe_string(column.max)}" />'
            for column in columns
        )
        + "</cols>"
    )


def space_attribute(text: str) -> str:
    """The attribute openpyxl gives a text's element: ``xml:space="preserve"`` where its own rule keeps the text's
    outer spaces, else none."""
    if not (text[0].isspace() or text[-1].isspace()):
        return ""
    element = Element("t")
    element.text = text
    whitespace(element)
    return ' xml:space="preserve"' if element.attrib else ""


def _date_markup(cell: Any, style_id: int | None) -> str:
    """A date cell as openpyxl's ``write_cell`` writes it, through its own attributes (the date as a number), its
    link noted for the sheet's list of links as openpyxl notes it."""
    value, attributes = _set_attributes(cell, style_id is not None)
    opening = "<c" + "".join(f' {name}="{attribute}"' for name, attribute in attributes.items())
    if value is None or value == "":
        return opening + " />"
    number = safe_string(value)
    return f"{opening}><v>{_escape_cdata(number)}</v></c>" if number else f"{opening}><v /></c>"


def number_cell_markup(reference: str, attributes: str, value: Any) -> str:
    """A number cell at ``reference`` (its style attribute, if any, in ``attributes``) as openpyxl writes it: the
    value as openpyxl's ``safe_string`` gives it, an empty value where that gives none (NaN, infinity)."""
    number = safe_string(value)
    if not number:
        return f'<c r="{reference}"{attributes} t="n"><v /></c>'
    return f'<c r="{reference}"{attributes} t="n"><v>{_escape_cdata(number)}</v></c>'


class _InMemoryExcelWriter(ExcelWriter):
    """openpyxl's writer with each worksheet serialised into memory (its own ``write_worksheet`` writes it to a
    temporary file, then reads and removes it); the same XML, in the same order."""

    def write_data(self) -> None:
        """openpyxl 3.1's ``write_data``, the same parts in the same order, with the style sheet's markup taken from
        :func:`_stylesheet_markup` (made once for the styles of many workbooks)."""
        archive, workbook = self._archive, self.workbook
        if len(workbook.custom_doc_props) >= 1:  # openpyxl's own, for what pacomply's workbooks never have
            super().write_data()
            return
        archive.writestr(ARC_APP, tostring(ExtendedProperties().to_tree()))
        archive.writestr(ARC_CORE, tostring(workbook.properties.to_tree()))
        archive.writestr(ARC_THEME, workbook.loaded_theme or theme_xml)
        self._write_worksheets()
        self._write_chartsheets()
        self._write_images()
        self._write_charts()
        self._write_external_links()
        archive.writestr(ARC_STYLE, _stylesheet_markup(workbook))
        writer = WorkbookWriter(workbook)
        archive.writestr(ARC_ROOT_RELS, writer.write_root_rels())
        archive.writestr(ARC_WORKBOOK, writer.write())
        archive.writestr(ARC_WORKBOOK_RELS, writer.write_rels())
        self._merge_vba()
        self.manifest._write(archive, workbook)

    def write_worksheet(self, ws: Any) -> None:
        if self.workbook.write_only:  # a write-only sheet has streamed its rows already
            super().write_worksheet(ws)
            return
        ws._drawing = SpreadsheetDrawing()
        ws._drawing.charts = ws._charts
        ws._drawing.images = ws._images
        writer = _PlainRowsWriter(ws, out=io.BytesIO())
        writer.write()
        ws._rels = writer._rels
        markup = writer.read()
        if writer.rows_markup is not None:
            markup = markup.replace(_ROWS_PLACEHOLDER, writer.rows_markup, 1)
        self._archive.writestr(ws.path[1:], markup)
        self.manifest.append(ws)


#: The style sheets made so far, by everything openpyxl makes one from (a review workbook's styles are one of a few
#: sets): each costs about as much to make as a worksheet, and a few kilobytes to keep.
_STYLESHEETS: dict[tuple[Any, ...], bytes] = {}
_STYLESHEETS_KEPT = 64


def _stylesheet_markup(workbook: Workbook) -> bytes:
    """The workbook's ``xl/styles.xml`` as openpyxl writes it (``write_stylesheet``), kept for a workbook of the
    same styles: the same fonts, fills, borders, alignments, protections, number formats, cell styles (by their
    bytes), named and differential styles, table styles and colours, compared by openpyxl's own equality."""
    key = (
        tuple(workbook._fonts),
        tuple(workbook._fills),
        tuple(workbook._borders),
        tuple(workbook._alignments),
        tuple(workbook._protections),
        tuple(workbook._number_formats),
        tuple(style.tobytes() for style in workbook._cell_styles),
        tuple(workbook._named_styles),
        tuple(workbook._differential_styles.styles),
        workbook._table_styles,
        tuple(workbook._colors),
    )
    markup = _STYLESHEETS.get(key)
    if markup is None:
        markup = tostring(write_stylesheet(workbook))
        if len(_STYLESHEETS) >= _STYLESHEETS_KEPT:
            _STYLESHEETS.clear()
        _STYLESHEETS[key] = markup
    return markup


def fixed_time_archive(buffer: io.BytesIO, stamp: datetime, compress_level: int | None = None) -> zipfile.ZipFile:
    """A zip written to ``buffer`` whose every entry is stamped ``stamp`` (the zip format's earliest time, 1980, for
    an earlier one) and compressed at zlib's ``compress_level`` (its default where None)."""
    archive = _FixedTimeZip(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=compress_level)
    archive.fixed_time = max(stamp.timetuple()[:6], (1980, 1, 1, 0, 0, 0))
    return archive


def workbook_bytes(workbook: Workbook, stamp: datetime, compress_level: int | None = None) -> bytes:
    """Save with the document properties and every zip entry stamped ``stamp`` instead of the time of saving, each
    entry compressed at zlib's ``compress_level`` (its default where None: the filing template, whose bytes the
    committed example filings are)."""
    workbook.properties.created = stamp
    workbook.properties.modified = stamp
    workbook.properties.creator = "pacomply"
    workbook.properties.lastModifiedBy = "pacomply"
    buffer = io.BytesIO()
    # Zip times cannot predate 1980; a filing dated earlier keeps the zip format's earliest time.
    archive = fixed_time_archive(buffer, stamp, compress_level)
    # ExcelWriter is what openpyxl's save_workbook drives, minus its line that sets 'modified' to now.
    _InMemoryExcelWriter(workbook, archive).save()
    return buffer.getvalue()
