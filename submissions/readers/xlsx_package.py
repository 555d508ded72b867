"""The parts of an Office Open XML workbook, read as every producer writes them.

Excel, LibreOffice, Google Sheets, xlsxwriter and openpyxl each encode the same cells differently: text in the
shared-strings table or inline, rich-text runs, styles or none, row and cell references given or left out, the
transitional namespaces or the strict ones (ISO/IEC 29500 Strict, purl.oclc.org), a macro-enabled package. This
module finds every part through the package's relationships (never a fixed path), matches elements by their local
name within the two SpreadsheetML namespaces, and converts a cell the way openpyxl does (its number casting, its
date styles and ``from_excel``), so a workbook reads to the same values whoever saved it.

Untrusted input: every part is parsed by the standard library's expat guarded by defusedxml (a DTD, an entity or
an external reference is refused), streamed element by element and cleared; only the sheets a filing is read from
are kept, at most ``max_rows`` rows in use of at most ``max_columns`` columns each, and the shared-strings table is
bounded in count. A problem in a cell is located at its sheet and cell and collected; a damaged part is named with
the line and column the parser gives.
"""

from __future__ import annotations

import posixpath
import re
import zipfile
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from pacomply.submissions.errors import InputError, ProblemCollector
from pacomply.submissions.model import SourceLocation

TRANSITIONAL = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
STRICT = "http://purl.oclc.org/ooxml/spreadsheetml/main"
SPREADSHEET_NAMESPACES = (TRANSITIONAL, STRICT)

# A value openpyxl would read as a number: digits, one point, an exponent. Python's int()/float() turn 'NaN' and
# 'INF' into values no filing holds and stop at 4,300 digits with an error that names no cell.
NUMBER = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d{1,3})?")
MAX_NUMBER_CHARACTERS = 40
_REFERENCE = re.compile(r"\$?([A-Za-z]{1,3})\$?(\d{1,7})")
_ESCAPED = re.compile(r"_x([0-9A-Fa-f]{4})_")  # ECMA-376 Part 1, 22.9.2.19: a character the XML cannot hold
MAX_SHEET_COLUMN = 16_384
MAX_SHEET_ROW = 1_048_576
_FORBIDDEN = {"EntitiesForbidden", "DTDForbidden", "ExternalReferenceForbidden", "NotSupportedError"}


def local(tag: object) -> str:
    """An element's name without its namespace: 'c' for both spreadsheetml namespaces."""
    return tag.rpartition("}")[2] if isinstance(tag, str) else ""


def namespace(tag: object) -> str:
    return tag[1:].partition("}")[0] if isinstance(tag, str) and tag.startswith("{") else ""


def part_problem(part: str, error: Exception) -> str:
    """What is wrong with a part that could not be parsed, with the line and column expat gives."""
    if type(error).__name__ in _FORBIDDEN:
        return (
            f"the part {part} declares XML entities or external references, which are refused as unsafe "
            f"({type(error).__name__})"
        )
    position = getattr(error, "position", None)
    where = f" at line {position[0]}, column {position[1]}" if position else ""
    reason = " ".join(str(error).split(":")[0].split())[:120]
    return f"the part {part} is not well-formed XML{where} ({reason}); refused"


def unescape(text: str) -> str:
    """Text with the package's ``_xHHHH_`` escapes turned back into their characters (``_x005F_`` is '_')."""
    return _ESCAPED.sub(lambda match: chr(int(match[1], 16)), text) if "_x" in text else text


@dataclass(frozen=True)
class SheetEntry:
    """A sheet as the workbook lists it: its name, the part holding its cells (None for a chart sheet) and its
    state (``visible``, ``hidden``, or ``veryHidden``: shown by no menu of the spreadsheet, only by its macro editor
    or by editing the file)."""

    name: str
    part: str | None
    state: str = "visible"

    @property
    def very_hidden(self) -> bool:
        return self.state.strip().lower() == "veryhidden"


@dataclass(frozen=True)
class Package:
    """Where a workbook's parts are and how its dates count."""

    workbook_part: str
    strict: bool
    sheets: tuple[SheetEntry, ...]
    date1904: bool
    shared_strings_part: str | None
    styles_part: str | None


@dataclass
class SheetCells:
    """The cells of one sheet that a filing can use: values by row and column (both from 1) and its merges."""

    cells: dict[int, dict[int, object]] = field(default_factory=dict)
    merges: list[tuple[str, int, int, int, int]] = field(default_factory=list)  # ref, min row/col, max row/col
    rows_in_use: int = 0
    over_limit: bool = False


def _parse(archive: zipfile.ZipFile, part: str, location: SourceLocation) -> Any:
    """A small part (the workbook, a relationships file) parsed whole; InputError naming the part if damaged."""
    from defusedxml.ElementTree import fromstring

    try:
        with archive.open(part) as stream:
            data = stream.read()
        return fromstring(data)
    except Exception as error:  # expat's ParseError, defusedxml's refusals, a damaged zip member
        raise InputError.single(location.model_copy(update={"field": part}), part_problem(part, error)) from None


def _relationships(archive: zipfile.ZipFile, source: str, location: SourceLocation) -> list[tuple[str, str, str]]:
    """(id, type's last word, target part) of each internal relationship of ``source`` ('' for the package)."""
    folder, _, name = source.rpartition("/")
    rels = posixpath.join(folder, "_rels", f"{name}.rels")
    if rels not in archive.namelist():
        return []
    found = []
    for element in _parse(archive, rels, location).iter():
        if local(element.tag) != "Relationship" or element.get("TargetMode", "Internal") == "External":
            continue
        target = element.get("Target") or ""
        resolved = target.lstrip("/") if target.startswith("/") else posixpath.normpath(posixpath.join(folder, target))
        found.append((element.get("Id") or "", (element.get("Type") or "").rpartition("/")[2], resolved))
    return found


def open_package(archive: zipfile.ZipFile, location: SourceLocation) -> Package:
    """The workbook part (through the package's officeDocument relationship), its sheets, strings and styles."""
    names = set(archive.namelist())
    workbook_part = next(
        (target for _id, kind, target in _relationships(archive, "", location) if kind == "officeDocument"), None
    )
    if workbook_part is None or workbook_part not in names:
        workbook_part = "xl/workbook.xml" if "xl/workbook.xml" in names else None
    if workbook_part is None:
        raise InputError.single(location, "the file is a zip archive but not an Excel workbook (no xl/workbook.xml)")
    root = _parse(archive, workbook_part, location)
    if local(root.tag) != "workbook":
        raise InputError.single(
            location, f"the file is a zip archive but not an Excel workbook (its main part is a '{local(root.tag)}')"
        )
    if namespace(root.tag) not in SPREADSHEET_NAMESPACES:
        raise InputError.single(
            location,
            f"the workbook is written in the XML namespace '{namespace(root.tag)[:80]}', which is neither Office Open "
            "XML's transitional nor its strict SpreadsheetML; save it as an Excel Workbook (.xlsx)",
        )
    relations = {
        identifier: (kind, target) for identifier, kind, target in _relationships(archive, workbook_part, location)
    }
    sheets = []
    date1904 = False
    for element in root.iter():
        name = local(element.tag)
        if name == "workbookPr":
            date1904 = (element.get("date1904") or "").strip().lower() in {"1", "true"}
        elif name == "sheet":
            identifier = next(
                (value for key, value in element.attrib.items() if local(key) == "id" and key.startswith("{")), ""
            )
            kind, target = relations.get(identifier, ("", ""))
            sheets.append(
                SheetEntry(
                    element.get("name") or "",
                    target if kind == "worksheet" and target in names else None,
                    element.get("state") or "visible",
                )
            )
    parts = {kind: target for kind, target in relations.values() if target in names}
    return Package(
        workbook_part=workbook_part,
        strict=namespace(root.tag) == STRICT,
        sheets=tuple(sheets),
        date1904=date1904,
        shared_strings_part=parts.get("sharedStrings"),
        styles_part=parts.get("styles"),
    )


def _text_of(element: Any) -> str:
    """A string item's text: its ``t`` and the ``t`` of each rich-text run, never the phonetic guide (``rPh``)."""
    pieces = []
    for child in element:
        name = local(child.tag)
        if name == "t":
            pieces.append(child.text or "")
        elif name == "r":
            pieces.extend(grandchild.text or "" for grandchild in child if local(grandchild.tag) == "t")
    return unescape("".join(pieces))


def read_shared_strings(archive: zipfile.ZipFile, part: str | None, location: SourceLocation, limit: int) -> list[str]:
    """The shared-strings table, in order; at most ``limit`` entries (a filing needs far fewer)."""
    from defusedxml.ElementTree import iterparse

    strings: list[str] = []
    if part is None:
        return strings
    try:
        with archive.open(part) as stream:
            for _event, element in iterparse(stream):
                if local(element.tag) == "si":
                    strings.append(_text_of(element))
                    element.clear()
                    if len(strings) > limit:
                        raise InputError.single(
                            location.model_copy(update={"field": part}),
                            f"the workbook's shared-strings table holds more than {limit:,} texts, more than a "
                            "filing can use; refused",
                        )
    except InputError:
        raise
    except Exception as error:
        raise InputError.single(location.model_copy(update={"field": part}), part_problem(part, error)) from None
    return strings


@dataclass(frozen=True)
class Styles:
    """Which cell styles (indexes into ``cellXfs``) show a number as a date or as a duration."""

    dates: frozenset[int] = frozenset()
    durations: frozenset[int] = frozenset()


def read_styles(archive: zipfile.ZipFile, part: str | None, location: SourceLocation) -> Styles:
    """The date and duration styles, decided by openpyxl's own format tests so dates read as openpyxl reads them."""
    from defusedxml.ElementTree import iterparse
    from openpyxl.styles.numbers import BUILTIN_FORMATS, is_date_format, is_timedelta_format

    if part is None:
        return Styles()
    custom: dict[int, str] = {}
    formats: list[int] = []
    try:
        with archive.open(part) as stream:
            inside_cell_formats = False
            for event, element in iterparse(stream, events=("start", "end")):
                name = local(element.tag)
                if name == "cellXfs":
                    inside_cell_formats = event == "start"
                elif event == "end" and name == "numFmt":
                    identifier = element.get("numFmtId") or ""
                    if identifier.isdigit() and len(identifier) < 7:
                        custom[int(identifier)] = element.get("formatCode") or ""
                elif event == "end" and name == "xf" and inside_cell_formats:
                    identifier = element.get("numFmtId") or "0"
                    formats.append(int(identifier) if identifier.isdigit() and len(identifier) < 7 else 0)
                if event == "end" and name in {"xf", "numFmt", "font", "fill", "border", "dxf"}:
                    element.clear()
    except Exception as error:
        raise InputError.single(location.model_copy(update={"field": part}), part_problem(part, error)) from None
    dates, durations = set(), set()
    for index, identifier in enumerate(formats):
        code = custom.get(identifier) if identifier in custom else BUILTIN_FORMATS.get(identifier)
        if code and is_date_format(code):
            dates.add(index)
            if is_timedelta_format(code):
                durations.add(index)
    return Styles(frozenset(dates), frozenset(durations))


def cell_position(reference: str) -> tuple[int, int] | None:
    """(row, column) of 'B12', or None for text that is not a cell name within a sheet's bounds."""
    from openpyxl.utils.cell import column_index_from_string

    match = _REFERENCE.fullmatch(reference.strip())
    if match is None:
        return None
    column, row = column_index_from_string(match[1].upper()), int(match[2])
    return (row, column) if 1 <= row <= MAX_SHEET_ROW and 1 <= column <= MAX_SHEET_COLUMN else None


def cell_name(row: int, column: int) -> str:
    from openpyxl.utils import get_column_letter

    return f"{get_column_letter(column)}{row}"


@dataclass
class _Reader:
    """Converts one sheet's cells; state a producer may leave implicit (the next row, the next column)."""

    sheet: str
    file_name: str
    strings: list[str]
    styles: Styles
    date1904: bool
    problems: ProblemCollector
    max_columns: int
    shared_formulas: dict[str, Any] = field(default_factory=dict)

    def where(self, row: int, column: int) -> SourceLocation:
        return SourceLocation(file=self.file_name, sheet=self.sheet, cell=cell_name(row, column))

    def value(self, element: Any, row: int, column: int) -> object:
        """The cell's value as openpyxl gives it (formulas as their '=' text, kept with their saved value)."""
        from pacomply.submissions.values import FormulaText

        kind = element.get("t", "n")
        value_element = formula = inline = None
        for child in element:
            name = local(child.tag)
            if name == "v":
                value_element = child
            elif name == "f":
                formula = child
            elif name == "is":
                inline = child
        saved = self.saved(kind, value_element, inline, element.get("s"), row, column)
        if formula is not None:
            return FormulaText(self.formula_text(formula, row, column), saved)
        if isinstance(saved, str) and saved.startswith("=") and len(saved) > 1:
            # Text that reads as a formula is treated as one: a spreadsheet would compute it when opened.
            return FormulaText(saved, saved)
        return saved

    def saved(self, kind: str, value_element: Any, inline: Any, style: str | None, row: int, column: int) -> object:
        from openpyxl.utils.datetime import from_excel

        if kind == "inlineStr":
            return _text_of(inline) if inline is not None else None
        text = (value_element.text or "") if value_element is not None else ""
        if not text.strip():
            return None
        where = self.where(row, column)
        stripped = text.strip()
        if kind == "n":
            if len(stripped) > MAX_NUMBER_CHARACTERS or not NUMBER.fullmatch(stripped):
                shown = stripped if len(stripped) <= 20 else f"{stripped[:12]}… ({len(stripped):,} characters)"
                self.problems.add(where, f"the cell holds '{shown}', which is not a number a filing can hold")
                return None
            number: int | float = float(stripped) if any(mark in stripped for mark in ".eE") else int(stripped)
            style_index = int(style) if style and style.isdigit() and len(style) < 7 else 0
            if style_index in self.styles.dates:
                try:
                    return from_excel(number, MAC_EPOCH if self.date1904 else WINDOWS_EPOCH,
                                      timedelta=style_index in self.styles.durations)  # fmt: skip
                except (OverflowError, ValueError):
                    return "#VALUE!"  # as openpyxl: a serial outside every date is the spreadsheet's error value
            return number
        if kind == "s":
            if not stripped.isdigit() or len(stripped) > 9 or int(stripped) >= len(self.strings):
                self.problems.add(
                    where,
                    f"the cell refers to shared text number {stripped[:12]}, but the workbook holds "
                    f"{len(self.strings):,}; damaged",
                )
                return None
            return self.strings[int(stripped)]
        if kind == "b":
            if stripped not in {"0", "1", "true", "false"}:
                self.problems.add(where, f"the cell holds '{stripped[:20]}', which is not TRUE or FALSE")
                return None
            return stripped in {"1", "true"}
        if kind == "d":
            try:
                return datetime.fromisoformat(stripped[:40])
            except ValueError:
                self.problems.add(where, f"the cell holds '{stripped[:20]}', which is not a date")
                return None
        return unescape(text)  # 'str' (a formula's text result) and 'e' (an error such as #N/A) read as text

    def formula_text(self, formula: Any, row: int, column: int) -> str:
        """'=' and the formula; a shared formula's later cells translated from its first, as openpyxl does."""
        from openpyxl.formula.translate import Translator

        text = "=" + (formula.text or "")
        if formula.get("t") == "shared":
            index = formula.get("si") or ""
            if index in self.shared_formulas:
                try:
                    return str(self.shared_formulas[index].translate_formula(cell_name(row, column)))
                except Exception:  # a formula the translator cannot parse keeps its own text
                    return text
            if text != "=":
                self.shared_formulas[index] = Translator(text, cell_name(row, column))
        return text


WINDOWS_EPOCH = datetime(1899, 12, 30)
MAC_EPOCH = datetime(1904, 1, 1)


def read_sheet(
    archive: zipfile.ZipFile,
    part: str,
    sheet: str,
    file_name: str,
    strings: list[str],
    styles: Styles,
    date1904: bool,
    problems: ProblemCollector,
    max_rows: int,
    max_columns: int,
) -> SheetCells:
    """One sheet's values in its first ``max_columns`` columns, streamed; stops after ``max_rows`` rows in use.

    Only rows that hold a value count: a producer that writes styled empty rows down to row 1,048,576
    (LibreOffice does for a formatted column) uses no more rows than the filer typed.
    """
    from defusedxml.ElementTree import iterparse

    reader = _Reader(sheet, file_name, strings, styles, date1904, problems, max_columns)
    result = SheetCells()
    sheet_location = SourceLocation(file=file_name, sheet=sheet)
    row_number = 0
    parent: Any = None
    try:
        with archive.open(part) as stream:
            column_number = 0
            for event, element in iterparse(stream, events=("start", "end")):
                name = local(element.tag)
                if event == "start":
                    if name == "sheetData":
                        parent = element
                    elif name == "row":
                        given = element.get("r")
                        row_number = int(given) if given and given.isdigit() and len(given) < 8 else row_number + 1
                        column_number = 0
                    continue
                if name == "c":
                    position = cell_position(element.get("r") or "") if element.get("r") else None
                    if element.get("r") and position is None:
                        problems.add(
                            sheet_location,
                            f"a cell of row {row_number:,} is named '{(element.get('r') or '')[:12]}', which is "
                            "not a cell of a sheet; damaged",
                        )
                        continue
                    row, column = position if position else (row_number, column_number + 1)
                    column_number = column
                    if column <= max_columns:
                        value = reader.value(element, row, column)
                        if value is not None and not (isinstance(value, str) and not value):
                            result.cells.setdefault(row, {})[column] = value
                    element.clear()
                elif name == "row":
                    if row_number in result.cells:
                        result.rows_in_use += 1
                        if result.rows_in_use > max_rows:
                            result.over_limit = True
                            del result.cells[row_number]
                            break
                    if parent is not None:
                        parent.clear()  # a row's elements are done with; a million styled rows cost nothing
                elif name == "mergeCell":
                    _merge(element.get("ref") or "", result, sheet_location, problems)
    except Exception as error:  # not well-formed: located to the sheet, with the line expat gives
        problems.add(sheet_location, part_problem(part, error))
    return result


def _merge(reference: str, result: SheetCells, location: SourceLocation, problems: ProblemCollector) -> None:
    first, _, last = reference.partition(":")
    start, end = cell_position(first), cell_position(last or first)
    if start is None or end is None:
        problems.add(location, f"the merged range '{reference[:30]}' is not a range of cells; damaged")
        return
    (top, left), (bottom, right) = start, end
    result.merges.append((reference, min(top, bottom), min(left, right), max(top, bottom), max(left, right)))
