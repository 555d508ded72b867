"""Reads a filing from PDF (pdfplumber) into a :class:`Filing`, every value located by page and field.

Two layouts are read, and may be mixed in one file:

- **The Board's checklist form** (``rules-submission-checklists-686a-687a-688a``): ``Name of Licensee:``,
  ``Date Filed:`` and ``Name of Table Games Manager …:`` with their values, then a ruled table
  ``Chapter 686a. | Description | Option Selected`` whose option cells hold blanks such as
  ``Yes: __X__ No: _____`` (a row may carry two Yes/No pairs), ``#: __2__`` or ``Payout Table: __DJWT-04__``.
  The blanks are matched, in the form's order, to the chapter's checklist questions (the rulebook keeps them in
  the form's order); a table that runs onto the next page continues its chapter, named by the page's title.
- **pacomply's printed template** (:mod:`submissions.print_pdf`): ruled ``Field | Value`` and
  ``Section | Key | Question | Answer | Notes`` tables, read by key exactly like the workbook.
- **The workbook printed by a spreadsheet** (:mod:`.pdf_sheets`): the same sheets without rules, possibly in strips
  of columns over several pages, read from the pages where no ruled table was found.

Tables: the Board's form has no place for them. Either layout gives its tables on a page headed ``Tables``
holding a ruled table with the Tables-sheet columns (docs/filing-format.md), repeated header rows allowed.
A PDF without one is a filing without tables (rule FIL-002 says so).

Untrusted input: file size, page count, content bytes per page and in all, and characters per page are bounded;
every stream pdfminer decodes is inflated under a budget per stream and in total (:mod:`.pdf_streams`), so a
decompression bomb is refused, located at its page or stream, before it is allocated. An encrypted PDF says so.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pacomply.regulations.rulebook import AnswerKind, Rulebook
from pacomply.submissions import values
from pacomply.submissions.build import RawCell, build_chapter, build_metadata, build_table
from pacomply.submissions.errors import InputError, InputProblem, ProblemCollector, printable
from pacomply.submissions.layout import FILING_FIELDS, TABLE_COLUMNS
from pacomply.submissions.model import Filing, SourceLocation

from pacomply import regulations

MAX_FILE_BYTES = 25 * 1024 * 1024
MAX_PAGES = 60
MAX_CHARACTERS_PER_PAGE = 60_000
# A page's own drawing instructions: a filing's form page needs tens of kilobytes. Counted per page and over the
# file, so one large stream shared by every page is counted once for each page that draws it.
MAX_CONTENT_BYTES_PER_PAGE = 2 * 1024 * 1024
MAX_CONTENT_BYTES = 16 * 1024 * 1024

# The Board's labels for the filing's details, matched to our metadata fields.
_BOARD_METADATA = (
    ("name of licensee", "licensee"),
    ("date filed", "date_filed"),
    ("name of table games manager or above who reviewed and approved this submission", "reviewed_by"),
    ("card thickness (mm)", "card_thickness_mm"),
)
_BLANK_LABELS = r"Yes|No|#|Payout Table|Pay Table|Paytable|Object|\$\d+"
_BLANK = re.compile(rf"(?P<label>{_BLANK_LABELS})\s*:\s*(?P<value>.*?)(?=\s*(?:{_BLANK_LABELS})\s*:|$)", re.DOTALL)
_MARKS = {"x", "✓", "✔", "✗", "✘", "☒", "■", "●", "yes", "y"}
_CHAPTER_IN_TEXT = re.compile(r"(?:PA Code )?Chapter\s+(\d{3}a)\b", re.IGNORECASE)
_SECTION_PREFIX = re.compile(r"^(\d{3}a)\.")


def _squash(text: object) -> str:
    """A header or label for matching: cleaned, lower case, whitespace removed (cells wrap anywhere)."""
    return "".join(values.display(text or "").lower().split())


@dataclass
class _Reading:
    """What has been read so far, across pages."""

    file_name: str
    problems: ProblemCollector = field(default_factory=ProblemCollector)
    metadata: dict[str, RawCell] = field(default_factory=dict)
    chapter_rows: dict[str, list[tuple[RawCell, RawCell, str]]] = field(default_factory=dict)
    chapter_locations: dict[str, SourceLocation] = field(default_factory=dict)
    board_blanks: dict[str, list[tuple[str, object, SourceLocation]]] = field(default_factory=dict)
    table_rows: list[tuple[dict[str, RawCell], SourceLocation]] = field(default_factory=list)
    current_chapter: str | None = None
    current_section: str = ""
    content_bytes: int = 0
    turn: bool = True
    """Whether pages whose text is not upright are noted in ``turns`` (the first reading), or read as they are."""
    turns: dict[int, int] = field(default_factory=dict)
    """Page index (0-based) to the clockwise turn, in degrees, that shows its text upright."""
    characters: int = 0
    images: int = 0
    sheet_pages: list[tuple[int, list[Any]]] = field(default_factory=list)
    """Pages without a ruled table, as characters: read as spreadsheet-printed sheets once every page is seen."""
    cut_cells: set[tuple[int | None, str | None]] = field(default_factory=set)
    """Printed cells (page, field) whose text the print may have cut at its column's edge."""

    def location(self, page: int, where: str) -> SourceLocation:
        return SourceLocation(file=self.file_name, page=page, field=where)


def read_pdf(path: Path) -> Filing:
    """Parse a PDF filing; raise :class:`InputError` listing every problem found."""
    from pacomply.submissions.readers.pdf_prepare import prepare, turned

    file_location = SourceLocation(file=path.name)
    data = _checked_bytes(path, file_location)
    # Form values drawn as text, a damaged cross-reference table rebuilt (:mod:`.pdf_prepare`).
    prepared = prepare(data, MAX_PAGES)
    reading = _read_document(prepared, data, file_location)
    if reading.turns:  # pages whose text runs sideways or upside down: read again, each page turned upright
        reading = _read_document(turned(prepared, reading.turns), data, file_location, turn=False)
    if reading.characters == 0:
        where = "its pages are images" if reading.images else "its pages hold neither text nor images"
        raise InputError.single(
            file_location,
            f"no text layer: scanned? The PDF has no text to read ({where}); pacomply reads the text of the form as "
            "filled in, not a picture of it: file the PDF the form was filled in and saved as, not a scan or a "
            "photograph of a printout",
        )
    return _assemble(reading, file_location)


def _read_document(content: bytes, original: bytes, file_location: SourceLocation, turn: bool = True) -> _Reading:
    """Every page of ``content`` read; ``original`` (the file as filed) tells an encrypted file apart."""
    import io

    import pdfplumber  # lazy: heavy, and only needed for PDF filings
    from pacomply.submissions.readers.pdf_streams import InflationRefused, inflation_budget

    reading = _Reading(file_name=file_location.file, turn=turn)
    page_number: int | None = None
    try:
        with inflation_budget(), pdfplumber.open(io.BytesIO(content)) as pdf:
            if len(pdf.pages) > MAX_PAGES:
                raise InputError.single(
                    file_location, f"the PDF has {len(pdf.pages)} pages; a filing over {MAX_PAGES} pages is refused"
                )
            for page in pdf.pages:
                page_number = page.page_number
                _read_page(page, reading)
    except InputError:
        raise
    except InflationRefused as refusal:
        where = reading.location(page_number, "page content") if page_number is not None else file_location
        raise InputError.single(where, str(refusal)) from None
    except (Exception, RecursionError) as error:  # pdfminer raises many types for a damaged or hostile file
        if _is_encrypted(error, original):
            raise InputError.single(
                file_location, "the PDF is encrypted (password-protected); file it without a password"
            ) from None
        name = type(error).__name__
        text = " ".join(printable(str(error)[:400]).split())[:200]
        where = reading.location(page_number, "page content") if page_number is not None else file_location
        raise InputError.single(where, f"the PDF could not be read ({name}: {text})") from None
    return reading


def _is_encrypted(error: BaseException, data: bytes) -> bool:
    """True when pdfminer failed on encryption: its error (or one it wraps) says so, or the trailer has /Encrypt."""
    seen: BaseException | None = error
    while seen is not None:
        if any(word in type(seen).__name__ for word in ("Password", "Encrypt")):
            return True
        wrapped = [argument for argument in seen.args if isinstance(argument, BaseException)]
        seen = seen.__cause__ or seen.__context__ or (wrapped[0] if wrapped else None)
    return re.search(rb"/Encrypt\b", data) is not None


def _checked_bytes(path: Path, location: SourceLocation) -> bytes:
    if not path.is_file():
        raise InputError.single(location, f"the file '{path}' does not exist")
    size = path.stat().st_size
    if size > MAX_FILE_BYTES:
        raise InputError.single(
            location, f"the file is {size:,} bytes; filings over {MAX_FILE_BYTES:,} bytes are refused"
        )
    data = path.read_bytes()
    if b"%PDF-" not in data[:1024]:
        raise InputError.single(location, "the file is not a PDF document (no %PDF- header)")
    return data


def _check_content_size(page: Any, number: int, reading: _Reading) -> None:
    """Bound the page's drawing instructions (decoded under the inflation budget) before pdfplumber lays them out."""
    from pdfminer.pdftypes import resolve1

    size = 0
    for stream in page.page_obj.contents:
        stream = resolve1(stream)
        if hasattr(stream, "get_data"):
            size += len(stream.get_data())
    reading.content_bytes += size
    if size > MAX_CONTENT_BYTES_PER_PAGE or reading.content_bytes > MAX_CONTENT_BYTES:
        raise InputError.single(
            reading.location(number, "page content"),
            f"the page's content is {size:,} bytes ({reading.content_bytes:,} so far in the file); a filing's page "
            f"needs far less, more than {MAX_CONTENT_BYTES_PER_PAGE:,} per page or {MAX_CONTENT_BYTES:,} in all "
            "is refused as unsafe",
        )


def _read_page(page: Any, reading: _Reading) -> None:
    number = page.page_number
    _check_content_size(page, number, reading)
    if len(page.chars) > MAX_CHARACTERS_PER_PAGE:
        raise InputError.single(
            reading.location(number, "page text"),
            f"the page holds {len(page.chars):,} characters; more than {MAX_CHARACTERS_PER_PAGE:,} are refused",
        )
    reading.characters += len(page.chars)
    reading.images += len(page.images)
    if reading.turn:
        turn = _turn_to_upright(page.chars)
        if turn:
            reading.turns[number - 1] = turn
            return  # read again once turned
    page = _without_covered_blanks(page)
    text = page.extract_text() or ""
    title = _CHAPTER_IN_TEXT.search(text)
    if title:
        reading.current_chapter = title[1].lower()
        reading.current_section = ""
    _read_metadata_lines(text, number, reading)
    tables = page.extract_tables()
    for table in tables:
        rows = [[cell if cell is not None else "" for cell in row] for row in table if row]
        if rows:
            _read_table(rows, number, reading)
    if not tables:  # no ruled table: perhaps a sheet printed by a spreadsheet, its cells placed without rules
        from pacomply.submissions.readers.pdf_sheets import page_chars

        # Only what shows on the page: a spreadsheet draws a text running past the page's edge whole, on this page
        # and the next, and only the part inside each page is printed.
        reading.sheet_pages.append((number, page_chars(page.chars, page.width, page.height)))


def _turn_to_upright(chars: list[dict[str, Any]]) -> int:
    """The clockwise turn (0, 90, 180 or 270 degrees) that makes most of a page's characters read left to right.

    A character's matrix (as displayed, the page's /Rotate applied) gives the direction of its baseline; the
    direction most characters share is the page's. Turning the page by that angle brings it to 0.
    """
    import math
    from collections import Counter

    directions: Counter[int] = Counter()
    for char in chars[:5_000]:
        matrix = char.get("matrix")
        if not matrix or len(matrix) < 2:
            continue
        angle = math.degrees(math.atan2(float(matrix[1]), float(matrix[0])))
        directions[round(angle / 90) % 4 * 90] += 1
    if not directions:
        return 0
    direction, count = directions.most_common(1)[0]
    return direction if direction and count > directions[0] else 0


def _without_covered_blanks(page: Any) -> Any:
    """The page without the underscores of blanks that written characters cover.

    A form filled through its fields and then flattened or printed, or one whose values pacomply draws from its
    fields (:mod:`.pdf_prepare`), has each value written over the blank's underscores; read in order of position,
    the two interleave (``1_1_/0_2_``). An underscore that a character other than a blank overlaps, on the same
    line, is not part of the answer. Underscores beside a mark (``__X__``) are not covered and stay.
    """
    from collections import defaultdict

    chars = page.chars
    blanks = [char for char in chars if char.get("text") == "_"]
    if not blanks:
        return page
    size = 16.0
    grid: dict[tuple[int, int], list[dict[str, Any]]] = defaultdict(list)
    for char in chars:
        if char.get("text") in ("_", " ", ""):
            continue
        for column in range(int(char["x0"] // size), int(char["x1"] // size) + 1):
            for row in range(int(char["top"] // size), int(char["bottom"] // size) + 1):
                grid[column, row].append(char)
    covered: set[int] = set()
    for blank in blanks:
        width, height = blank["x1"] - blank["x0"], blank["bottom"] - blank["top"]
        cells = (
            (column, row)
            for column in range(int(blank["x0"] // size), int(blank["x1"] // size) + 1)
            for row in range(int(blank["top"] // size), int(blank["bottom"] // size) + 1)
        )
        for cell in cells:
            if any(_overlaps(blank, char, width, height) for char in grid.get(cell, ())):
                covered.add(id(blank))
                break
    if not covered:
        return page
    return page.filter(lambda item: id(item) not in covered)


def _overlaps(blank: dict[str, Any], char: dict[str, Any], width: float, height: float) -> bool:
    """Whether ``char`` covers a good part of the underscore ``blank``: across a third of the narrower one's width
    and more than 40 % of the lower one's height (on the same line, not the line above or below)."""
    across = min(blank["x1"], char["x1"]) - max(blank["x0"], char["x0"])
    down = min(blank["bottom"], char["bottom"]) - max(blank["top"], char["top"])
    narrower = min(width, char["x1"] - char["x0"])
    lower = min(height, char["bottom"] - char["top"])
    return across > narrower / 3 and down > 0.4 * lower


_METADATA_LABEL = re.compile(
    "(?P<label>"
    + "|".join(r"\s+".join(map(re.escape, label.split())) for label, _ in _BOARD_METADATA)
    + r")\s*:",
    re.IGNORECASE,
)


def _read_metadata_lines(text: str, page: int, reading: _Reading) -> None:
    """'Name of Licensee: Keystone Downs Casino' as a line of text (the Board's form prints them so), several to a
    line where a header is laid out in columns ('Name of Licensee: … Date Filed: …'). A blank of underscores
    alone is empty."""
    by_label = {_squash(label): field_name for label, field_name in _BOARD_METADATA}
    for line in text.splitlines():
        labels = list(_METADATA_LABEL.finditer(line))
        if not labels or line[: labels[0].start()].strip():
            continue  # the label must open the line, as on the form (not a sentence that mentions it)
        for position, match in enumerate(labels):
            end = labels[position + 1].start() if position + 1 < len(labels) else len(line)
            value = line[match.end() : end].strip().strip("_").strip()
            field_name = by_label[_squash(match["label"])]
            if not values.is_blank(value):
                reading.metadata.setdefault(field_name, (value, reading.location(page, match["label"].strip())))


def _read_table(rows: list[list[str]], page: int, reading: _Reading) -> None:
    header = [_squash(cell) for cell in rows[0]]
    if "field" in header and "value" in header:
        _read_field_value_rows(rows, page, reading)
    elif "key" in header and "answer" in header:
        _read_template_checklist(rows, page, reading)
    elif "tableid" in header:
        _read_tables_rows(rows, page, reading)
    elif len(header) >= 3 and header[0].startswith("chapter") and "optionselected" in header:
        chapter = _CHAPTER_IN_TEXT.search(values.display(rows[0][0]))
        if chapter:
            reading.current_chapter = chapter[1].lower()
        _read_board_rows(rows[1:], page, reading)
    elif all(len(row) == 2 for row in rows) and any(_metadata_field(row[0]) for row in rows):
        for label, value in rows:
            field_name = _metadata_field(label)
            if field_name and not values.is_blank(value):
                reading.metadata[field_name] = (value, reading.location(page, values.display(label).rstrip(":")))
    elif len(header) >= 3 and reading.current_chapter is not None and _looks_like_board_rows(rows):
        _read_board_rows(rows, page, reading)  # the form's table continued from the previous page


def _metadata_field(label: object) -> str | None:
    squashed = _squash(label).rstrip(":")
    for board_label, field_name in _BOARD_METADATA:
        if squashed == _squash(board_label):
            return field_name
    return None


def _looks_like_board_rows(rows: list[list[str]]) -> bool:
    return any(_BLANK.search(values.display(row[-1])) for row in rows)


def _read_field_value_rows(rows: list[list[str]], page: int, reading: _Reading) -> None:
    header = [_squash(cell) for cell in rows[0]]
    field_index, value_index = header.index("field"), header.index("value")
    by_header = {_squash(column.header): column.field for column in FILING_FIELDS}
    for row in rows[1:]:
        field_name = by_header.get(_squash(row[field_index]))
        if field_name is not None:
            reading.metadata[field_name] = (
                row[value_index] or None,
                reading.location(page, f"Filing, {values.display(row[field_index])}"),
            )


def _read_template_checklist(
    rows: list[list[str]], page: int, reading: _Reading, answer_page: int | None = None
) -> None:
    header = [_squash(cell) for cell in rows[0]]
    columns = {name: header.index(name) for name in ("section", "key", "answer", "notes") if name in header}
    for row in rows[1:]:
        if [_squash(cell) for cell in row] == header:
            continue  # the header repeated on a following page
        key = values.display(row[columns["key"]])
        section = values.display(row[columns["section"]]) if "section" in columns else ""
        prefix = _SECTION_PREFIX.match(section)
        chapter = prefix[1] if prefix else reading.current_chapter
        where = f"{section or 'checklist'} {key}".strip()
        if chapter is None:
            reading.problems.add(reading.location(page, where), "the row's chapter is not known (no section given)")
            continue
        reading.chapter_locations.setdefault(chapter, reading.location(page, f"Chapter {chapter}"))
        notes = values.display(row[columns["notes"]]) if "notes" in columns else ""
        reading.chapter_rows.setdefault(chapter, []).append(
            (
                (key, reading.location(page, f"{where}, Key")),
                (row[columns["answer"]] or None, reading.location(answer_page or page, f"{where}, Answer")),
                notes,
            )
        )


def _read_board_rows(rows: list[list[str]], page: int, reading: _Reading) -> None:
    chapter = reading.current_chapter
    if chapter is None:
        reading.problems.add(reading.location(page, "checklist"), "the checklist's chapter is not named on the form")
        return
    reading.chapter_locations.setdefault(chapter, reading.location(page, f"Chapter {chapter}"))
    blanks = reading.board_blanks.setdefault(chapter, [])
    for row in rows:
        section = values.display(row[0])
        if section:
            reading.current_section = section
        option = values.display(row[-1])
        where = f"{chapter}{reading.current_section} Option Selected" if reading.current_section else "Option Selected"
        pairs = _blanks(option)
        if not pairs:
            continue  # a row that asks nothing (the form's separators, or a question with no blank)
        yes_no_count = sum(1 for kind, _ in pairs if kind == "yes_no")
        ordinal = 0
        for kind, value in pairs:
            ordinal += kind == "yes_no"
            suffix = (
                f" ({('first', 'second', 'third', 'fourth')[min(ordinal, 4) - 1]} Yes/No)"
                if (kind == "yes_no" and yes_no_count > 1)
                else ""
            )
            blanks.append((kind, value, reading.location(page, where + suffix)))


def _blanks(option: str) -> list[tuple[str, object]]:
    """The blanks of an Option Selected cell, in order: ('yes_no', 'Yes'|'No'|None|problem) or ('value', text)."""
    found = [(match["label"], match["value"].strip().strip("_").strip()) for match in _BLANK.finditer(option)]
    result: list[tuple[str, object]] = []
    index = 0
    while index < len(found):
        label, value = found[index]
        if label.lower() == "yes" and index + 1 < len(found) and found[index + 1][0].lower() == "no":
            yes_marked = _marked(value)
            no_marked = _marked(found[index + 1][1])
            if isinstance(yes_marked, _BadMark) or isinstance(no_marked, _BadMark):
                bad = yes_marked if isinstance(yes_marked, _BadMark) else no_marked
                result.append(("yes_no", bad))
            elif yes_marked and no_marked:
                result.append(("yes_no", _BadMark("both Yes and No are marked")))
            else:
                result.append(("yes_no", "Yes" if yes_marked else "No" if no_marked else None))
            index += 2
            continue
        if re.fullmatch(r"\$\d+", label):
            # A choice among amounts ('$1: __X__ $5: _____', the 687a progressive bet): the marked label is the
            # answer, written as a value blank.
            group = [found[index]]
            while index + len(group) < len(found) and re.fullmatch(r"\$\d+", found[index + len(group)][0]):
                group.append(found[index + len(group)])
            marks = [(amount, _marked(blank)) for amount, blank in group]
            bad_marks = [mark for _, mark in marks if isinstance(mark, _BadMark)]
            chosen = [amount for amount, mark in marks if mark is True]
            if bad_marks:
                result.append(("value", bad_marks[0]))
            elif len(chosen) > 1:
                result.append(("value", _BadMark(f"more than one amount is marked ({', '.join(chosen)})")))
            else:
                result.append(("value", chosen[0] if chosen else None))
            index += len(group)
            continue
        result.append(("value", value or None))
        index += 1
    return result


@dataclass(frozen=True)
class _BadMark:
    message: str


def _marked(value: str) -> bool | _BadMark:
    text = values.display(value).lower()
    if not text:
        return False
    if text in _MARKS:
        return True
    return _BadMark(f"the blank holds '{values.display(value)}'; mark the chosen answer with X")


def _read_tables_rows(
    rows: list[list[str]], page: int, reading: _Reading, pages: dict[str, int] | None = None
) -> None:
    header = [_squash(cell) for cell in rows[0]]
    by_header = {_squash(column.header): column for column in TABLE_COLUMNS}
    missing = [column.header for column in TABLE_COLUMNS if column.required and _squash(column.header) not in header]
    if missing:
        reading.problems.add(
            reading.location(page, "Tables header"), f"the Tables header lacks {', '.join(map(repr, missing))}"
        )
        return
    for number, row in enumerate(rows[1:], start=1):
        if [_squash(cell) for cell in row] == header:
            continue
        table_id = values.display(row[header.index("tableid")]) or f"row {number}"
        raw: dict[str, RawCell] = {}
        for index, squashed in enumerate(header):
            column = by_header.get(squashed)
            if column is not None and index < len(row):
                raw[column.field] = (
                    row[index] or None,
                    reading.location((pages or {}).get(column.header, page), f"Tables row {table_id}, {column.header}"),
                )
        reading.table_rows.append((raw, reading.location(page, f"Tables row {table_id}")))


def _board_entries(
    book: Rulebook, blanks: list[tuple[str, object, SourceLocation]], reading: _Reading
) -> list[tuple[RawCell, RawCell, str]]:
    """The form's blanks, in order, matched to the checklist's questions, in order."""
    entries: list[tuple[RawCell, RawCell, str]] = []
    questions = list(book.checklist)
    for position, (kind, value, location) in enumerate(blanks):
        if position >= len(questions):
            reading.problems.add(
                location, f"the form has more blanks than chapter {book.chapter}'s {len(questions)} questions"
            )
            break
        question = questions[position]
        expects_yes_no = question.kind == AnswerKind.YES_NO
        if expects_yes_no != (kind == "yes_no"):
            expected = "a Yes/No pair" if expects_yes_no else f"a written {question.kind.value} blank"
            reading.problems.add(location, f"question '{question.key}' ({question.section.short}) expects {expected}")
            continue
        if isinstance(value, _BadMark):
            reading.problems.add(location, value.message)
            continue
        entries.append(((question.key, location), (value, location), ""))
    return entries


def _read_printed_sheets(reading: _Reading) -> None:
    """The filing's sheets printed by a spreadsheet (:mod:`.pdf_sheets`), given to the reading like the ruled
    template's rows, each cell located at the page it is printed on."""
    from pacomply.submissions.readers.pdf_sheets import read_printed_sheets

    sheets, problems = read_printed_sheets(reading.sheet_pages)
    for problem in problems:
        reading.problems.add(reading.location(problem.page, "printed sheet"), problem.message)
    if problems:
        # What the print lacks explains every value missing below ("'Licensee' is empty" would be false).
        reading.problems.raise_if_any()
    for sheet in sheets:
        for row in sheet.rows:
            text = {header: cell.text for header, cell in row.items()}
            page = {header: cell.page for header, cell in row.items()}
            anchor = sheet.layout.anchor
            for header, cell in row.items():
                if cell.cut:  # located as the readers below locate its value
                    reading.cut_cells.add((cell.page, _printed_field(sheet.layout.name, header, text)))
            if sheet.layout.name == "Filing":
                field_name = {_squash(column.header): column.field for column in FILING_FIELDS}.get(
                    _squash(text.get("Field", ""))
                )
                if field_name is not None:
                    reading.metadata.setdefault(
                        field_name,
                        (
                            text.get("Value") or None,
                            reading.location(page.get("Value", page[anchor]), f"Filing, {text['Field']}"),
                        ),
                    )
            elif sheet.layout.name == "checklist":
                _read_template_checklist(
                    [list(sheet.layout.headers), [text.get(header, "") for header in sheet.layout.headers]],
                    page[anchor],
                    reading,
                    answer_page=page.get("Answer", page[anchor]),
                )
            else:
                headers = [header for header in sheet.layout.headers if header in row or header == anchor]
                _read_tables_rows(
                    [headers, [text.get(header, "") for header in headers]],
                    page[anchor],
                    reading,
                    pages={header: page.get(header, page[anchor]) for header in headers},
                )


def _printed_field(sheet: str, header: str, text: dict[str, str]) -> str:
    """The field a printed sheet's cell is located at, as :func:`_read_printed_sheets`'s readers name it."""
    if sheet == "Filing":
        return f"Filing, {text.get('Field', '')}"
    if sheet == "checklist":
        where = f"{values.display(text.get('Section', '')) or 'checklist'} {values.display(text.get('Key', ''))}"
        return f"{where.strip()}, {header}"
    return f"Tables row {values.display(text.get('Table ID', '')) or 'row 1'}, {header}"


_CUT_BY_THE_PRINT = (
    "; its text runs up to the next column's, so the print may have cut it at its column's edge: widen the column "
    "before printing, or file the workbook"
)


def _explain_cut_cells(reading: _Reading) -> None:
    """A printed value that cannot be read, whose text runs up to the next cell's, says the print may have cut it."""
    problems = reading.problems.problems
    for position, problem in enumerate(problems):
        if (problem.location.page, problem.location.field) in reading.cut_cells:
            problems[position] = InputProblem(problem.location, problem.message + _CUT_BY_THE_PRINT)


def _assemble(reading: _Reading, file_location: SourceLocation) -> Filing:
    if reading.sheet_pages:
        _read_printed_sheets(reading)
    problems = reading.problems
    metadata = build_metadata(reading.metadata, file_location, problems)
    chapters = {}
    for chapter in sorted(set(reading.chapter_rows) | set(reading.board_blanks)):
        location = reading.chapter_locations.get(chapter, file_location)
        try:
            book = regulations.rulebook(chapter)
        except regulations.UnknownChapterError as error:
            problems.add(location, str(error))
            continue
        entries = list(reading.chapter_rows.get(chapter, []))
        entries += _board_entries(book, reading.board_blanks.get(chapter, []), reading)
        chapters[book.chapter] = build_chapter(book, entries, location, problems)
    tables = []
    seen: dict[str, SourceLocation] = {}
    for raw, row_location in reading.table_rows:
        table = build_table(raw, row_location, problems)
        if table is None:
            continue
        if table.table_id in seen:
            problems.add(
                raw["table_id"][1], f"table id '{table.table_id}' appears twice (first at {seen[table.table_id]})"
            )
            continue
        seen[table.table_id] = raw["table_id"][1]
        tables.append(table)
    if not chapters and not tables and metadata is not None:
        problems.add(file_location, "the PDF holds no checklist and no Tables page that pacomply can read")
    if reading.cut_cells:
        _explain_cut_cells(reading)
    problems.raise_if_any()
    assert metadata is not None
    return Filing(metadata=metadata, chapters=chapters, tables=tuple(tables), source=reading.file_name)
