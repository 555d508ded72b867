"""Reads a filing workbook (docs/filing-format.md) into a :class:`Filing`, with every cell's location.

The package's parts are read by :mod:`xlsx_package` as every producer writes them (Excel, LibreOffice, Google
Sheets, xlsxwriter, openpyxl; transitional or strict Office Open XML; .xlsx or .xlsm), so a template opened and
saved anywhere reads to the same values. Only the rows in use count, merged cells give their value to every row they
cover, a header written twice or a chapter sheet named twice is refused rather than letting one silently win.

Untrusted input: the file's size, its unpacked size, its compression ratio, its number of sheets and each sheet's
extent are bounded before and while reading; every part is parsed with defusedxml (a dependency of pacomply, and
:func:`read_xlsx` refuses to run without it), so entity expansion ("billion laughs") and external entities are
refused. A formula in a cell is read as :class:`submissions.values.FormulaText` with the value the spreadsheet last
saved; a typed value is read at that saved value (and noted, for the review to name the cell) or refused where none
was saved, free text keeps the formula's text (docs/input-and-waivers.md). A very hidden sheet is no part of the
filing: it is noted and not read.
"""

from __future__ import annotations

import re
import warnings
import zipfile
import zlib
from dataclasses import dataclass, field
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
from pacomply.submissions.model import Filing, ReadingNoteKind, SourceLocation, file_label
from pacomply.submissions.readers import xlsx_package
from pacomply.submissions.readers.xlsx_package import cell_name as _cell_name

from pacomply import regulations

MAX_FILE_BYTES = 25 * 1024 * 1024
MAX_UNPACKED_BYTES = 200 * 1024 * 1024
MAX_COMPRESSION_RATIO = 200
MAX_ROWS = 5_000
MAX_COLUMNS = 64
MAX_SHEETS = 100
# Every text a filing's read sheets can hold, at most: rows in use times columns, for each sheet read.
MAX_SHARED_STRINGS = 4 * MAX_ROWS * MAX_COLUMNS
MAX_NUMBER_CHARACTERS = xlsx_package.MAX_NUMBER_CHARACTERS


@dataclass
class _Sheet:
    """A sheet's rows in use (number, cells from column A) and its merged ranges."""

    name: str
    rows: list[tuple[int, list[object]]] = field(default_factory=list)
    merges: list[tuple[str, int, int, int, int]] = field(default_factory=list)


def read_xlsx(path: Path) -> Filing:
    """Parse a filing workbook; raise :class:`InputError` listing every problem found."""
    file_location = SourceLocation(file=path.name)
    _check_container(path, file_location)
    import openpyxl.xml  # lazy: openpyxl's cell utilities (dates, formulas, number formats) are used while reading

    if not openpyxl.xml.DEFUSEDXML:  # without it no part of an untrusted file is parsed
        raise InputError.single(file_location, "defusedxml is not installed; pacomply will not parse untrusted XML")
    if openpyxl.xml.LXML:  # openpyxl was imported before pacomply could keep it off lxml, which skips defusedxml
        raise InputError.single(
            file_location,
            "openpyxl was loaded to parse through lxml, which bypasses defusedxml; pacomply will not parse untrusted "
            "XML that way (set OPENPYXL_LXML=False before openpyxl is imported)",
        )
    # openpyxl's format tests may warn about odd number formats; the filer cannot act on those.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            with zipfile.ZipFile(path) as archive:
                return _read_package(archive, path, file_location)
        except InputError:
            raise
        except (OSError, zipfile.BadZipFile, EOFError, ValueError, NotImplementedError) as error:
            # The file changed or was cut short after its container was checked, or a member is damaged; zipfile
            # raises its own NotImplementedError for a member packed by a compression method it does not read.
            raise InputError.single(file_location, f"the workbook could not be read ({_reason(error)})") from None


def _reason(error: Exception) -> str:
    """A damaged file's error in one line; defusedxml's refusals (often wrapped) say what was refused."""
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
        # version it does not read; fuzzing found one (tests/io/test_hostile_round2.py).
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
        _check_every_part(archive, location)


def _check_every_part(archive: zipfile.ZipFile, location: SourceLocation) -> None:
    """Every part is read through and its checksum compared, the parts a filing is not read from included.

    A workbook cut short (a copy or a download stopped before its end, a save interrupted) or with bytes lost in
    its middle can keep an intact directory at its end: the parts the reader needs may still open while another
    part is damaged, and a verdict on such a file would be a verdict on a file nobody sent. It is refused whole.
    The sizes were bounded above, so reading every part costs at most ``MAX_UNPACKED_BYTES``.
    """
    for member in archive.infolist():
        if member.is_dir():
            continue
        try:
            with archive.open(member) as stream:
                while stream.read(1 << 20):
                    pass
        except (zipfile.BadZipFile, zlib.error, EOFError, OSError, ValueError, NotImplementedError) as error:
            # NotImplementedError is zipfile's own, for a compression method it does not read.
            raise InputError.single(
                location,
                f"the workbook is damaged or cut short: its part '{values.clean_text(member.filename)[:80]}' cannot "
                f"be read whole ({_reason(error)}); save or copy the workbook again and file the complete file",
            ) from None


# A chapter sheet may carry the game's name after its id ("686a Over-Under", "Chapter 686a - Over Under").
_CHAPTER_SHEET = re.compile(r"(?:chapter\s*)?(\d{3}[a-z])(?![0-9a-z])(?:[\s\-_:.,()]+.*)?")


def _chapter_of_sheet(normalised: str) -> str | None:
    match = _CHAPTER_SHEET.fullmatch(normalised)
    chapter = regulations.normalise_chapter(match[1]) if match else regulations.normalise_chapter(normalised)
    return chapter if chapter in regulations.CHAPTER_TITLES else None


def _listed(names: list[str]) -> str:
    shown = ", ".join(f"'{values.clean_text(name)}'" for name in names[:12])
    return shown + (f" and {len(names) - 12:,} more" if len(names) > 12 else "") if names else "none"


def _read_package(archive: zipfile.ZipFile, path: Path, file_location: SourceLocation) -> Filing:
    file_name = file_label(path.name)  # what the reports show: undecodable bytes and controls made visible
    package = xlsx_package.open_package(archive, file_location)
    if len(package.sheets) > MAX_SHEETS:
        raise InputError.single(
            SourceLocation(file=file_name),
            f"the workbook has {len(package.sheets):,} sheets; a filing needs a few, more than {MAX_SHEETS} are "
            "refused",
        )
    problems = ProblemCollector()
    # The filing is what its filer can see: visible sheets and hidden ones (a menu shows them again). A very hidden
    # sheet is shown by no menu, only by a macro editor or by editing the file; it is no part of the filing, and is
    # named in the review so that nobody wonders where it went.
    names = [sheet.name for sheet in package.sheets if not sheet.very_hidden]
    for sheet in package.sheets:
        if sheet.very_hidden:
            problems.note(
                ReadingNoteKind.VERY_HIDDEN_SHEET,
                SourceLocation(file=file_name, sheet=sheet.name),
                f"the sheet '{values.clean_text(sheet.name)}' is very hidden (no menu of the spreadsheet shows it), so "
                "it is no part of the filing and was not read",
            )
    sheets: dict[str, str] = {}
    for name in names:
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
    chapter_sheets: dict[str, str] = {}
    for normalised, name in sorted(sheets.items()):
        chapter = _chapter_of_sheet(normalised)
        if chapter is None:
            continue  # extra sheets are kept and ignored
        if chapter in chapter_sheets:
            problems.add(
                SourceLocation(file=file_name, sheet=name),
                f"the sheets '{chapter_sheets[chapter]}' and '{name}' both name chapter {chapter}; pacomply cannot "
                "tell which one holds the filing's answers, keep one",
            )
            continue
        chapter_sheets[chapter] = name
    problems.raise_if_any()

    filing_name = sheets.get(normalise_header(FILING_SHEET))
    tables_name = sheets.get(normalise_header(TABLES_SHEET))
    wanted = [name for name in (filing_name, *chapter_sheets.values(), tables_name) if name is not None]
    loaded = _load_sheets(archive, package, wanted, file_name)

    metadata = None
    if filing_name is None:
        problems.add(
            SourceLocation(file=file_name), f"the workbook has no '{FILING_SHEET}' sheet (its sheets: {_listed(names)})"
        )
    else:
        metadata = _read_filing_sheet(loaded[filing_name], file_name, problems)

    chapters = {}
    for chapter, name in sorted(chapter_sheets.items()):
        location = SourceLocation(file=file_name, sheet=name)
        try:
            book = regulations.rulebook(chapter)
        except regulations.UnknownChapterError as error:
            problems.add(location, str(error))
            continue
        chapters[chapter] = _read_chapter_sheet(loaded[name], file_name, book, problems)

    tables = []
    if tables_name is None:
        problems.add(
            SourceLocation(file=file_name), f"the workbook has no '{TABLES_SHEET}' sheet (its sheets: {_listed(names)})"
        )
    else:
        tables = _read_tables_sheet(loaded[tables_name], file_name, problems)

    if not chapters and not tables and filing_name is not None and tables_name is not None:
        problems.add(
            SourceLocation(file=file_name),
            "the workbook has no chapter sheet (named by chapter id, e.g. '686a' or '686a Over-Under') and no "
            f"tables (its sheets: {_listed(names)})",
        )
    problems.raise_if_any()
    assert metadata is not None
    filing = Filing(metadata=metadata, chapters=chapters, tables=tuple(tables), source=file_name)
    return filing.with_reading_notes(problems.notes)


def _load_sheets(
    archive: zipfile.ZipFile, package: xlsx_package.Package, wanted: list[str], file_name: str
) -> dict[str, _Sheet]:
    """The sheets a filing is read from, every cell checked first; raises with every damaged cell located."""
    problems = ProblemCollector()
    file_location = SourceLocation(file=file_name)
    strings = xlsx_package.read_shared_strings(archive, package.shared_strings_part, file_location, MAX_SHARED_STRINGS)
    styles = xlsx_package.read_styles(archive, package.styles_part, file_location)
    parts = {sheet.name: sheet.part for sheet in package.sheets if not sheet.very_hidden}
    loaded: dict[str, _Sheet] = {}
    for name in wanted:
        sheet = _Sheet(name)
        loaded[name] = sheet
        part = parts.get(name)
        if part is None:
            continue  # a chart sheet, or a sheet whose part is missing: read as empty, and said so where it matters
        cells = xlsx_package.read_sheet(
            archive, part, name, file_name, strings, styles, package.date1904, problems, MAX_ROWS, MAX_COLUMNS
        )
        if cells.over_limit:
            problems.add(
                SourceLocation(file=file_name, sheet=name),
                f"the sheet has more than {MAX_ROWS:,} rows in use; refused",
            )
            continue
        for row_number in sorted(cells.cells):
            row = cells.cells[row_number]
            line: list[object] = [None] * max(row)
            for column, value in row.items():
                line[column - 1] = value
            if not all(values.is_blank(value) for value in line):
                sheet.rows.append((row_number, line))
        sheet.merges = cells.merges
    problems.raise_if_any()
    return loaded


def _apply_merges(sheet: _Sheet, columns: dict[str, int], file_name: str, problems: ProblemCollector) -> None:
    """Each merged range gives its value to every cell it covers in the rows in use; a range over two columns
    that are read (an answer merged into its notes) is refused, naming the range, as one value cannot be both."""
    if not sheet.merges:
        return
    header_by_column = {index + 1: header for header, index in columns.items()}
    by_row = dict(sheet.rows)
    numbers = sorted(by_row)
    budget = MAX_ROWS * MAX_COLUMNS  # merges never overlap in a sound workbook, so they cover at most the sheet
    for reference, top, left, bottom, right in sorted(sheet.merges, key=lambda merge: (merge[1], merge[2])):
        read = [column for column in range(left, right + 1) if column in header_by_column]
        if len(read) > 1:
            problems.add(
                SourceLocation(file=file_name, sheet=sheet.name, cell=_cell_name(top, left)),
                f"the cells {reference} are merged across the columns "
                + ", ".join(f"'{header_by_column[column]}' ({_column_letter(column)})" for column in read)
                + "; unmerge them so that each column holds its own value",
            )
            continue
        first = by_row.get(top)
        value = first[left - 1] if first is not None and left <= len(first) else None
        if values.is_blank(value):
            continue
        for row_number in numbers:
            if not top <= row_number <= bottom:
                continue
            cells = by_row[row_number]
            for column in range(left, min(right, MAX_COLUMNS) + 1):
                budget -= 1
                if budget < 0:
                    problems.add(
                        SourceLocation(file=file_name, sheet=sheet.name),
                        "the sheet's merged ranges overlap or cover more cells than it has; damaged",
                    )
                    return
                if (row_number, column) == (top, left):
                    continue
                if column > len(cells):
                    cells.extend([None] * (column - len(cells)))
                if values.is_blank(cells[column - 1]):
                    cells[column - 1] = value


def _column_letter(column: int) -> str:
    from openpyxl.utils import get_column_letter

    return get_column_letter(column)


def _header_map(
    header: list[object],
    expected: tuple[str, ...],
    required: tuple[str, ...],
    location: SourceLocation,
    problems: ProblemCollector,
    header_row: int = 1,
) -> dict[str, int] | None:
    found: dict[str, list[int]] = {}
    for index, text in enumerate(header):
        if not values.is_blank(text):
            found.setdefault(normalise_header(values.display(text)), []).append(index)
    duplicated = False
    for name in expected:
        indexes = found.get(normalise_header(name), [])
        if len(indexes) > 1:
            duplicated = True
            cells = [_cell_name(header_row, index + 1) for index in indexes]
            problems.add(
                location.model_copy(update={"cell": cells[0]}),
                f"the header '{name}' is in {len(cells)} columns, {' and '.join(cells)}; pacomply cannot tell which "
                "one the filing means, keep one",
            )
    columns = {name: found[normalise_header(name)][0] for name in expected if normalise_header(name) in found}
    missing = [name for name in required if name not in columns]
    if missing:
        seen = ", ".join(f"'{values.display(text)}'" for text in header if not values.is_blank(text)) or "nothing"
        problems.add(location, f"header row lacks {', '.join(repr(name) for name in missing)} (found {seen})")
        return None
    return None if duplicated else columns


def _read_filing_sheet(sheet: _Sheet, file_name: str, problems: ProblemCollector) -> Any:
    name, rows = sheet.name, sheet.rows
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
        header_row,
    )
    if columns is None:
        return None
    _apply_merges(sheet, columns, file_name, problems)
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


def _read_chapter_sheet(sheet: _Sheet, file_name: str, book: Any, problems: ProblemCollector) -> Any:
    name, rows = sheet.name, sheet.rows
    sheet_location = SourceLocation(file=file_name, sheet=name)
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
        header_row,
    )
    if columns is None:
        return build_chapter(book, [], sheet_location, problems)
    _apply_merges(sheet, columns, file_name, problems)
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


def _read_tables_sheet(sheet: _Sheet, file_name: str, problems: ProblemCollector) -> list[Any]:
    name, rows = sheet.name, sheet.rows
    if not rows:
        problems.add(SourceLocation(file=file_name, sheet=name), "the sheet is empty; expected the Tables header row")
        return []
    header_row, header = rows[0]
    expected = tuple(column.header for column in TABLE_COLUMNS)
    required = tuple(column.header for column in TABLE_COLUMNS if column.required)
    columns = _header_map(
        header,
        expected,
        required,
        SourceLocation(file=file_name, sheet=name, cell=f"A{header_row}"),
        problems,
        header_row,
    )
    if columns is None:
        return []
    _apply_merges(sheet, columns, file_name, problems)
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
