"""Reads a filing workbook (docs/filing-format.md) into a :class:`Filing`, with every cell's location.

Untrusted input: the file's size, its unpacked size, its compression ratio, its number of sheets and each sheet's
extent are bounded before and while reading; openpyxl parses with defusedxml (a dependency of pacomply, and
:func:`read_xlsx` refuses to run without it), so entity expansion ("billion laughs") and external entities are
refused. A formula in a cell is read as :class:`submissions.values.FormulaText` with the value the spreadsheet last
saved; typed answers refuse it, free text keeps the formula's text (docs/input-and-waivers.md).
"""

from __future__ import annotations

import re
import warnings
import zipfile
from datetime import date, datetime, time, timedelta
from pathlib import Path
from typing import Any

from pacomply.submissions import values
from pacomply.submissions.build import RawCell, build_chapter, build_metadata, build_table
from pacomply.submissions.errors import InputError, ProblemCollector
from pacomply.submissions.layout import (
    CHAPTER_SHEET_HEADERS,
    FILING_FIELDS,
    FILING_SHEET,
    TABLE_COLUMNS,
    TABLES_SHEET,
    normalise_header,
)
from pacomply.submissions.model import Filing, SourceLocation, file_label

from pacomply import regulations

MAX_FILE_BYTES = 25 * 1024 * 1024
MAX_UNPACKED_BYTES = 200 * 1024 * 1024
MAX_COMPRESSION_RATIO = 200
MAX_ROWS = 5_000
MAX_COLUMNS = 64
MAX_SHEETS = 100


class _CachedValues:
    """The values a spreadsheet last computed for its formulas, read (once, lazily) only when a formula is seen."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.sheets: dict[str, dict[tuple[int, int], object]] = {}
        self.workbook: Any = None

    def value(self, sheet_name: str, row: int, column: int) -> object:
        if sheet_name not in self.sheets:
            if self.workbook is None:
                from openpyxl import load_workbook

                self.workbook = load_workbook(self.path, read_only=True, data_only=True)
            cells: dict[tuple[int, int], object] = {}
            sheet = self.workbook[sheet_name]
            for row_number, cached_row in enumerate(sheet.iter_rows(max_col=MAX_COLUMNS, values_only=True), start=1):
                if row_number > MAX_ROWS:
                    break
                cells.update({(row_number, index): cell for index, cell in enumerate(cached_row, start=1)})
            self.sheets[sheet_name] = cells
        return self.sheets[sheet_name].get((row, column))

    def close(self) -> None:
        if self.workbook is not None:
            self.workbook.close()


def read_xlsx(path: Path) -> Filing:
    """Parse a filing workbook; raise :class:`InputError` listing every problem found."""
    file_location = SourceLocation(file=path.name)
    _check_container(path, file_location)
    import openpyxl.xml  # lazy: openpyxl is only needed when a workbook is read
    from openpyxl import load_workbook

    if not openpyxl.xml.DEFUSEDXML:  # without it openpyxl would expand entities from an untrusted file
        raise InputError.single(file_location, "defusedxml is not installed; pacomply will not parse untrusted XML")
    if openpyxl.xml.LXML:  # openpyxl was imported before pacomply could keep it off lxml, which skips defusedxml
        raise InputError.single(
            file_location,
            "openpyxl was loaded to parse through lxml, which bypasses defusedxml; pacomply will not parse untrusted "
            "XML that way (set OPENPYXL_LXML=False before openpyxl is imported)",
        )
    # openpyxl warns about parts it skips (data-validation extensions, odd defined names); the filer cannot act
    # on those and they are not problems of the filing, so they stay out of the user's terminal.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return _open_and_read(path, file_location, load_workbook)


def _open_and_read(path: Path, file_location: SourceLocation, load_workbook: Any) -> Filing:
    cached = _CachedValues(path)
    _scan_part(path, "xl/sharedStrings.xml", file_location)  # openpyxl reads it whole while opening
    try:
        workbook = load_workbook(path, read_only=True, data_only=False)
    except Exception as error:  # openpyxl and defusedxml raise many types for a damaged or hostile file
        raise InputError.single(file_location, f"the workbook could not be opened ({_reason(error)})") from None
    try:
        _scan_cells(path, workbook, file_location)
        return _read_workbook(workbook, path, cached)
    except InputError:
        raise
    except Exception as error:  # a sheet's XML is only parsed while its rows are read
        raise InputError.single(file_location, f"the workbook could not be read ({_reason(error)})") from None
    finally:
        workbook.close()
        cached.close()


def _reason(error: Exception) -> str:
    """A damaged file's error in one line; defusedxml's refusals (often wrapped by openpyxl) say what was refused."""
    cause: BaseException | None = error
    while cause is not None:
        name = type(cause).__name__
        if name in {"EntitiesForbidden", "DTDForbidden", "ExternalReferenceForbidden", "NotSupportedError"}:
            return f"it declares XML entities or external references, which are refused as unsafe ({name})"
        cause = cause.__cause__ or cause.__context__
    name = type(error).__name__
    text = " ".join(str(error).split())[:200]
    return f"{name}: {text}" if text else name


def _check_container(path: Path, location: SourceLocation) -> None:
    if not path.exists():
        raise InputError.single(location, f"the file '{path}' does not exist")
    if not path.is_file():
        raise InputError.single(location, f"'{path}' is not a file")
    size = path.stat().st_size
    if size > MAX_FILE_BYTES:
        raise InputError.single(
            location, f"the file is {size:,} bytes; filings over {MAX_FILE_BYTES:,} bytes are refused"
        )
    with path.open("rb") as stream:
        head = stream.read(8)
    if head.startswith(b"\xd0\xcf\x11\xe0"):
        raise InputError.single(
            location,
            "the file is an Excel 97-2003 workbook or a password-protected one; save it as .xlsx without a password",
        )
    if not zipfile.is_zipfile(path):
        raise InputError.single(location, "the file is not an Excel workbook (.xlsx); expected an Office Open XML file")
    try:
        archive = zipfile.ZipFile(path)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, EOFError, ValueError, NotImplementedError) as error:
        # is_zipfile() looks only at the end record; the central directory itself may still be damaged. zipfile
        # raises NotImplementedError (its own, not a placeholder of ours) for a central directory that claims a zip
        # version it does not read; fuzzing found one (tests/io/test_io_hostile_round2.py).
        raise InputError.single(location, f"the workbook's zip structure is damaged ({_reason(error)})") from None
    with archive:
        unpacked = sum(member.file_size for member in archive.infolist())
        if unpacked > MAX_UNPACKED_BYTES or (size and unpacked / size > MAX_COMPRESSION_RATIO and unpacked > 1 << 20):
            raise InputError.single(
                location, f"the workbook unpacks to {unpacked:,} bytes, more than a filing can need; refused as unsafe"
            )
        for member in archive.infolist():
            # A member's declared size can lie; a huge ratio on one member is the mark of a zip bomb either way.
            if member.compress_size and member.file_size / member.compress_size > 1000 and member.file_size > 1 << 20:
                raise InputError.single(
                    location,
                    f"the workbook's part '{member.filename}' is compressed {member.file_size:,} to "
                    f"{member.compress_size:,} bytes, the mark of a zip bomb; refused as unsafe",
                )
            if member.flag_bits & 0x1:
                raise InputError.single(location, "the workbook is encrypted; save it without a password")
        if "xl/workbook.xml" not in archive.namelist():
            raise InputError.single(
                location, "the file is a zip archive but not an Excel workbook (no xl/workbook.xml)"
            )


# A value openpyxl would read as a number: digits, one point, an exponent. Its own int()/float() turns 'NaN' and
# 'INF' into values no filing holds and stops at 4,300 digits with an error that names no cell.
_NUMBER = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d{1,3})?")
MAX_NUMBER_CHARACTERS = 40


def _part_problem(location: SourceLocation, part: str, error: Exception) -> InputError:
    position = getattr(error, "position", None)
    where = f" at line {position[0]}, column {position[1]}" if position else ""
    reason = " ".join(str(error).split(":")[0].split())[:120]
    return InputError.single(location, f"the part {part} is not well-formed XML{where} ({reason}); refused")


def _scan_part(path: Path, part: str, location: SourceLocation) -> None:
    """Parse one XML part of the workbook on its own, so a damage in it is reported with the part and line."""
    from defusedxml.ElementTree import iterparse

    with zipfile.ZipFile(path) as archive:
        if part not in archive.namelist():
            return
        try:
            with archive.open(part) as stream:
                for _event, element in iterparse(stream):
                    element.clear()
        except Exception as error:  # expat's ParseError, or defusedxml refusing a DTD or an entity
            raise _part_problem(location.model_copy(update={"field": part}), part, error) from None


def _scan_cells(path: Path, workbook: Any, file_location: SourceLocation) -> None:
    """Every cell of every sheet checked before openpyxl converts it: numbers a filing can hold, shared-string
    indexes that exist, well-formed XML; each problem located at its sheet and cell (or the sheet's line)."""
    from defusedxml.ElementTree import iterparse

    problems = ProblemCollector()
    strings = len(getattr(workbook, "shared_strings", ()) or ())
    with zipfile.ZipFile(path) as archive:
        for name in workbook.sheetnames:
            part = getattr(workbook[name], "_worksheet_path", None)
            if not part or part not in archive.namelist():
                continue
            sheet_location = SourceLocation(file=file_location.file, sheet=name)
            try:
                with archive.open(part) as stream:
                    for _event, element in iterparse(stream):
                        if element.tag.rpartition("}")[2] == "c":
                            _check_cell(element, name, file_location.file, strings, problems)
                            element.clear()
            except Exception as error:  # not well-formed: located to the sheet, with the line expat gives
                problems.add(sheet_location, str(_part_problem(sheet_location, part, error).problems[0].message))
    problems.raise_if_any()


def _check_cell(element: Any, sheet: str, file_name: str, strings: int, problems: ProblemCollector) -> None:
    kind = element.get("t", "n")
    value_element = next((child for child in element if child.tag.rpartition("}")[2] == "v"), None)
    text = (value_element.text or "").strip() if value_element is not None else ""
    if not text:
        return
    where = SourceLocation(file=file_name, sheet=sheet, cell=(element.get("r") or "?")[:12])
    if kind == "n":
        if len(text) > MAX_NUMBER_CHARACTERS or not _NUMBER.fullmatch(text):
            shown = text if len(text) <= 20 else f"{text[:12]}… ({len(text):,} characters)"
            problems.add(where, f"the cell holds '{shown}', which is not a number a filing can hold")
    elif kind == "d":
        try:
            datetime.fromisoformat(text[:40])
        except ValueError:
            problems.add(where, f"the cell holds '{text[:20]}', which is not a date")
    elif kind == "s" and (not text.isdigit() or len(text) > 9 or int(text) >= strings):
        problems.add(
            where, f"the cell refers to shared text number {text[:12]}, but the workbook holds {strings:,}; damaged"
        )


def _cell_name(row: int, column: int) -> str:
    from openpyxl.utils import get_column_letter

    return f"{get_column_letter(column)}{row}"


def _rows(
    sheet: Any, name: str, problems: ProblemCollector, file_name: str, cached: _CachedValues
) -> list[tuple[int, list[object]]]:
    """Non-empty rows with their numbers, bounded in count and width; formulas marked with their saved value."""
    rows: list[tuple[int, list[object]]] = []
    for row_number, row in enumerate(sheet.iter_rows(max_col=MAX_COLUMNS, values_only=True), start=1):
        if row_number > MAX_ROWS:
            problems.add(
                SourceLocation(file=file_name, sheet=name), f"the sheet has more than {MAX_ROWS:,} rows; refused"
            )
            break
        cells = [
            values.FormulaText(cell, cached.value(name, row_number, index))
            if isinstance(cell, str) and cell.startswith("=") and len(cell) > 1
            else _plain(cell)
            for index, cell in enumerate(row, start=1)
        ]
        if all(values.is_blank(cell) for cell in cells):
            continue
        rows.append((row_number, cells))
    return rows


def _plain(cell: object) -> object:
    """openpyxl's own cell objects (an array formula, an error) become their text."""
    if cell is None or isinstance(cell, str | int | float | bool | date | datetime | time | timedelta):
        return cell
    text = getattr(cell, "text", None)
    return values.FormulaText(str(text)) if isinstance(text, str) and text.startswith("=") else str(cell)


def _header_map(
    header: list[object],
    expected: tuple[str, ...],
    required: tuple[str, ...],
    location: SourceLocation,
    problems: ProblemCollector,
) -> dict[str, int] | None:
    found = {normalise_header(text): index for index, text in enumerate(header) if not values.is_blank(text)}
    columns = {name: found[normalise_header(name)] for name in expected if normalise_header(name) in found}
    missing = [name for name in required if name not in columns]
    if missing:
        seen = ", ".join(f"'{values.display(text)}'" for text in header if not values.is_blank(text)) or "nothing"
        problems.add(location, f"header row lacks {', '.join(repr(name) for name in missing)} (found {seen})")
        return None
    return columns


def _read_workbook(workbook: Any, path: Path, cached: _CachedValues) -> Filing:
    problems = ProblemCollector()
    file_name = file_label(path.name)  # what the reports show: undecodable bytes and controls made visible
    if len(workbook.sheetnames) > MAX_SHEETS:
        raise InputError.single(
            SourceLocation(file=file_name),
            f"the workbook has {len(workbook.sheetnames):,} sheets; a filing needs a few, more than {MAX_SHEETS} "
            "are refused",
        )
    sheets: dict[str, str] = {}
    for name in workbook.sheetnames:
        normalised = normalise_header(name)
        if normalised in sheets:
            # 'Tables' and 'TABLES ': one would silently win over the other, so neither is read.
            problems.add(
                SourceLocation(file=file_name, sheet=name),
                f"the sheet's name differs from the sheet '{sheets[normalised]}' only in case or spacing; "
                "pacomply cannot tell which one is the filing's, keep one",
            )
            continue
        sheets[normalised] = name
    problems.raise_if_any()

    filing_name = sheets.get(normalise_header(FILING_SHEET))
    metadata = None
    if filing_name is None:
        problems.add(SourceLocation(file=file_name), f"the workbook has no '{FILING_SHEET}' sheet")
    else:
        metadata = _read_filing_sheet(workbook[filing_name], filing_name, file_name, problems, cached)

    chapters = {}
    for normalised, name in sorted(sheets.items()):
        chapter = regulations.normalise_chapter(normalised)
        if chapter not in regulations.CHAPTER_TITLES:
            continue  # extra sheets are kept and ignored
        location = SourceLocation(file=file_name, sheet=name)
        try:
            book = regulations.rulebook(chapter)
        except regulations.UnknownChapterError as error:
            problems.add(location, str(error))
            continue
        chapters[chapter] = _read_chapter_sheet(workbook[name], name, file_name, book, problems, cached)

    tables = []
    tables_name = sheets.get(normalise_header(TABLES_SHEET))
    if tables_name is None:
        problems.add(SourceLocation(file=file_name), f"the workbook has no '{TABLES_SHEET}' sheet")
    else:
        tables = _read_tables_sheet(workbook[tables_name], tables_name, file_name, problems, cached)

    if not chapters and not tables and filing_name is not None and tables_name is not None:
        problems.add(
            SourceLocation(file=file_name),
            "the workbook has no chapter sheet (named by chapter id, e.g. '686a') and no tables",
        )
    problems.raise_if_any()
    assert metadata is not None
    return Filing(metadata=metadata, chapters=chapters, tables=tuple(tables), source=file_name)


def _read_filing_sheet(sheet: Any, name: str, file_name: str, problems: ProblemCollector, cached: _CachedValues) -> Any:
    rows = _rows(sheet, name, problems, file_name, cached)
    sheet_location = SourceLocation(file=file_name, sheet=name)
    if not rows:
        problems.add(sheet_location, "the sheet is empty; expected a Field/Value header and the filing's details")
        return None
    header_row, header = rows[0]
    columns = _header_map(
        header,
        ("Field", "Value"),
        ("Field", "Value"),
        SourceLocation(file=file_name, sheet=name, cell=f"A{header_row}"),
        problems,
    )
    if columns is None:
        return None
    by_header = {normalise_header(column.header): column.field for column in FILING_FIELDS}
    raw: dict[str, RawCell] = {}
    for row_number, cells in rows[1:]:
        field_name = by_header.get(normalise_header(cells[columns["Field"]]))
        if field_name is None:
            continue
        value_column = columns["Value"]
        raw[field_name] = (
            cells[value_column] if value_column < len(cells) else None,
            SourceLocation(file=file_name, sheet=name, cell=_cell_name(row_number, value_column + 1)),
        )
    return build_metadata(raw, sheet_location, problems)


def _read_chapter_sheet(
    sheet: Any, name: str, file_name: str, book: Any, problems: ProblemCollector, cached: _CachedValues
) -> Any:
    sheet_location = SourceLocation(file=file_name, sheet=name)
    rows = _rows(sheet, name, problems, file_name, cached)
    if not rows:
        problems.add(sheet_location, "the sheet is empty; expected a Section/Key/Question/Answer/Notes header")
        return build_chapter(book, [], sheet_location, problems)
    header_row, header = rows[0]
    columns = _header_map(
        header,
        CHAPTER_SHEET_HEADERS,
        ("Key", "Answer"),
        SourceLocation(file=file_name, sheet=name, cell=f"A{header_row}"),
        problems,
    )
    if columns is None:
        return build_chapter(book, [], sheet_location, problems)
    entries = []
    for row_number, cells in rows[1:]:

        def cell(column: str, cells: list[object] = cells, row_number: int = row_number) -> RawCell:
            index = columns[column]
            return (
                cells[index] if index < len(cells) else None,
                SourceLocation(file=file_name, sheet=name, cell=_cell_name(row_number, index + 1)),
            )

        key_cell = cell("Key")
        if values.is_blank(key_cell[0]):
            problems.add(key_cell[1], "the row has no key; every question row needs its Key")
            continue
        notes = values.display(cell("Notes")[0]) if "Notes" in columns and not values.is_blank(cell("Notes")[0]) else ""
        entries.append((key_cell, cell("Answer"), notes))
    return build_chapter(book, entries, sheet_location, problems)


def _read_tables_sheet(
    sheet: Any, name: str, file_name: str, problems: ProblemCollector, cached: _CachedValues
) -> list[Any]:
    rows = _rows(sheet, name, problems, file_name, cached)
    if not rows:
        problems.add(SourceLocation(file=file_name, sheet=name), "the sheet is empty; expected the Tables header row")
        return []
    header_row, header = rows[0]
    expected = tuple(column.header for column in TABLE_COLUMNS)
    required = tuple(column.header for column in TABLE_COLUMNS if column.required)
    columns = _header_map(
        header, expected, required, SourceLocation(file=file_name, sheet=name, cell=f"A{header_row}"), problems
    )
    if columns is None:
        return []
    tables = []
    seen: dict[str, SourceLocation] = {}
    for row_number, cells in rows[1:]:
        raw: dict[str, RawCell] = {}
        for column in TABLE_COLUMNS:
            if column.header not in columns:
                continue
            index = columns[column.header]
            raw[column.field] = (
                cells[index] if index < len(cells) else None,
                SourceLocation(file=file_name, sheet=name, cell=_cell_name(row_number, index + 1)),
            )
        row_location = SourceLocation(file=file_name, sheet=name, cell=f"A{row_number}")
        table_id_cell = raw.get("table_id")
        table_id = values.display(table_id_cell[0]) if table_id_cell and not values.is_blank(table_id_cell[0]) else ""
        if table_id and table_id in seen:
            assert table_id_cell is not None
            problems.add(table_id_cell[1], f"table id '{table_id}' appears twice (first at {seen[table_id]})")
            continue
        if table_id and table_id_cell is not None:
            seen[table_id] = table_id_cell[1]
        table = build_table(raw, row_location, problems)
        if table is not None:
            tables.append(table)
    return tables
