"""Reads a JSON filing: the :class:`Filing` model dumped (``pacomply schema`` prints its JSON Schema).

Locations of JSON values are the field paths themselves, so a finding can say ``tables[0].decks``.

Untrusted input: the size is bounded, and so are the items of every list and object and the depth of nesting;
duplicate keys, NaN/Infinity and numbers too long to read are refused at their JSON path; after the schema, the
filing's details and every table are read by the same functions the workbook and PDF readers use
(:mod:`submissions.build`: one contract, one validation), every answer is read for its question's kind, an
answer's ``text`` and ``value`` must agree, and every chapter must be one pacomply has a rulebook for.
"""

from __future__ import annotations

import codecs
import json
import re
from pathlib import Path
from typing import Any

from pacomply.submissions import values
from pacomply.submissions.build import build_metadata, build_table
from pacomply.submissions.errors import InputError, InputProblem, ProblemCollector, printable
from pacomply.submissions.layout import FILING_FIELDS, TABLE_COLUMNS
from pacomply.submissions.model import ChapterSubmission, Filing, SourceLocation, file_label
from pydantic import ValidationError

from pacomply import regulations

MAX_FILE_BYTES = 10 * 1024 * 1024
# A filing holds a few chapters of a few dozen answers and at most some hundreds of tables; nothing in it is
# nested more than six deep. Past these bounds a file is not a filing, and reading it on would only cost memory.
MAX_ITEMS = 2_000
MAX_DEPTH = 32
MAX_NUMBER_DIGITS = 40


def _field_path(location: tuple[int | str, ...]) -> str:
    path = ""
    for part in location:
        if isinstance(part, int):
            path += f"[{part}]"
        elif re.fullmatch(r"[A-Za-z0-9_-]+", str(part)):
            path += f".{part}" if path else str(part)
        else:  # a key a person could not read or type: quoted, escaped
            path += f"[{json.dumps(str(part))}]"
    return path


def _with_locations(filing: Filing, file_name: str, stated_metadata: set[str]) -> Filing:
    """Give every table and answer without a recorded location its JSON field path (metadata: the fields stated)."""
    metadata = filing.metadata.model_copy(
        update={
            "locations": {
                name: SourceLocation(file=file_name, field=f"metadata.{name}")
                for name in sorted(stated_metadata & set(type(filing.metadata).model_fields))
                if name != "locations"
            }
            | dict(filing.metadata.locations)
        }
    )
    tables = []
    for position, table in enumerate(filing.tables):
        locations = {
            field: SourceLocation(file=file_name, field=f"tables[{position}].{field}")
            for field in type(table).model_fields
            if field != "locations"
        } | {"row": SourceLocation(file=file_name, field=f"tables[{position}]")}
        tables.append(table.model_copy(update={"locations": locations | dict(table.locations)}))
    chapters = {}
    for chapter_id, chapter in filing.chapters.items():
        answers = {
            key: answer
            if answer.location is not None
            else answer.model_copy(
                update={"location": SourceLocation(file=file_name, field=f"chapters.{chapter_id}.answers.{key}")}
            )
            for key, answer in chapter.answers.items()
        }
        chapters[chapter_id] = chapter.model_copy(
            update={
                "answers": answers,
                "location": chapter.location or SourceLocation(file=file_name, field=f"chapters.{chapter_id}"),
            }
        )
    return filing.model_copy(
        update={"metadata": metadata, "tables": tuple(tables), "chapters": chapters, "source": file_name}
    )


def _object_without_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object; a key given twice is kept as an unreadable value, so the walk reports it at its path."""
    result: dict[str, Any] = {}
    for key, value in pairs:
        result[key] = (
            _Unreadable("the key appears twice in one object (keys are unique); it", noun=False)
            if key in result
            else value
        )
    return result


class _Unreadable:
    """A number the parser met that no filing can hold (NaN, Infinity, a thousand digits): kept in place, so the
    walk that follows can say where it was."""

    __slots__ = ("message",)

    def __init__(self, what: str, noun: bool = True) -> None:
        self.message = f"{what} is not a number a filing can hold" if noun else f"{what} is refused"


def _parse_integer(text: str) -> int | _Unreadable:
    if len(text.lstrip("-")) > MAX_NUMBER_DIGITS:
        return _Unreadable(f"an integer of {len(text.lstrip('-')):,} digits")
    return int(text)


def _parse_float(text: str) -> float | _Unreadable:
    if len(text) > 4 * MAX_NUMBER_DIGITS:
        return _Unreadable(f"a number written with {len(text):,} characters")
    number = float(text)
    if number in (float("inf"), float("-inf")):
        return _Unreadable(f"'{text[:40]}', a number too large for any figure")
    return number


def _check_shape(data: Any, file_name: str) -> None:
    """Walk the parsed JSON (without recursion): unreadable numbers, oversized collections and deep nesting are
    problems at their JSON path."""
    problems = ProblemCollector()
    stack: list[tuple[Any, tuple[int | str, ...]]] = [(data, ())]
    while stack:
        value, path = stack.pop()
        where = SourceLocation(file=file_name, field=_field_path(path) or "(top level)")
        if isinstance(value, _Unreadable):
            problems.add(where, value.message)
        elif isinstance(value, dict | list):
            if len(path) >= MAX_DEPTH:
                problems.add(where, f"the JSON is nested more than {MAX_DEPTH} levels deep here; a filing is not")
                continue
            if len(value) > MAX_ITEMS:
                kind = "object has" if isinstance(value, dict) else "list has"
                problems.add(where, f"the {kind} {len(value):,} entries; more than {MAX_ITEMS:,} are refused")
                continue
            items = value.items() if isinstance(value, dict) else enumerate(value)
            stack.extend((child, (*path, key)) for key, child in reversed(list(items)))
    problems.raise_if_any()


def _parse(text: str, file_name: str) -> Any:
    try:
        data = json.loads(
            text,
            object_pairs_hook=_object_without_duplicates,
            parse_constant=lambda name: _Unreadable(f"'{name}'"),
            parse_int=_parse_integer,
            parse_float=_parse_float,
        )
    except json.JSONDecodeError as error:
        raise InputError.single(
            SourceLocation(file=file_name, field=f"line {error.lineno}, column {error.colno}"),
            f"not valid JSON ({error.msg})",
        ) from None
    except RecursionError:
        raise InputError.single(
            SourceLocation(file=file_name, field="line 1"),
            f"the JSON is nested too deeply to be a filing (more than {MAX_DEPTH} levels)",
        ) from None
    except ValueError as error:
        raise InputError.single(
            SourceLocation(file=file_name), f"not a readable JSON filing ({printable(str(error)[:200])})"
        ) from None
    _check_shape(data, file_name)
    return data


def _check_against_rulebooks(filing: Filing, file_name: str, data: dict[str, Any]) -> Filing:
    """Answers read for their question's kind; unknown chapters, keys and duplicate table ids are problems."""
    problems = ProblemCollector()
    chapters = {}
    for chapter_id, chapter in filing.chapters.items():
        where = SourceLocation(file=file_name, field=f"chapters.{chapter_id}")
        try:
            book = regulations.rulebook(chapter_id)
        except regulations.UnknownChapterError as error:
            problems.add(where, str(error))
            continue
        if chapter.chapter != book.chapter or chapter_id != book.chapter:
            problems.add(where, f"the chapter is filed as '{chapter_id}' but names itself '{chapter.chapter}'")
            continue
        answers = {}
        for key, answer in chapter.answers.items():
            answer_where = SourceLocation(file=file_name, field=f"chapters.{chapter_id}.answers.{key}")
            if answer.key != key:
                problems.add(answer_where, f"the answer is filed under '{key}' but names itself '{answer.key}'")
                continue
            try:
                question = book.question(key)
            except KeyError:
                problems.add(answer_where, f"key '{key}' is not a question of chapter {book.chapter}")
                continue
            raw = answer.value if answer.value is not None else answer.text
            field = "value" if answer.value is not None else "text"
            try:
                value = values.read_answer(raw, question.kind)
            except values.ValueProblem as problem:
                problems.add(answer_where.model_copy(update={"field": f"{answer_where.field}.{field}"}), str(problem))
                continue
            text = values.display(answer.text)
            if answer.value is not None and not values.is_blank(answer.text):
                # The verdict reads the value and the reports show the text: they must say the same thing.
                # Compared as the chapter names them: 'djwt 4' and 'DJWT-04' are one paytable (the model holds the id).
                try:
                    agrees = _as_the_chapter_names_it(
                        book.chapter, key, values.read_answer(answer.text, question.kind)
                    ) == _as_the_chapter_names_it(book.chapter, key, value)
                except values.ValueProblem:
                    agrees = False
                if not agrees:
                    problems.add(
                        answer_where.model_copy(update={"field": f"{answer_where.field}.text"}),
                        f"the answer's text '{text[:60]}' and its value '{values.display(raw)[:60]}' disagree; "
                        "give one, or make them say the same",
                    )
                    continue
            elif answer.value is not None:
                text = values.display(raw)
            try:
                text = values.read_text(text, "the answer's text", values.MAX_NOTE_CHARACTERS)
                notes = values.read_text(answer.notes, "the note", values.MAX_NOTE_CHARACTERS)
            except values.ValueProblem as problem:
                problems.add(answer_where, str(problem))
                continue
            answers[key] = answer.model_copy(update={"value": value, "text": text, "notes": notes})
        # Built anew, not copied, so the model's reading of each paytable answer applies to the values read here too.
        chapters[chapter_id] = ChapterSubmission(chapter=chapter.chapter, answers=answers, location=chapter.location)
    seen: set[str] = set()
    tables = []
    raw_tables = data.get("tables") or []
    for position, table in enumerate(filing.tables):
        where = SourceLocation(file=file_name, field=f"tables[{position}]")
        raw_table = raw_tables[position] if isinstance(raw_tables[position], dict) else {}
        raw_cells = {
            column.field: (raw_table.get(column.field), table.locations.get(column.field) or where)
            for column in TABLE_COLUMNS
            if column.field not in {"equipment", "wagers"}  # lists in JSON; the model has read them
        }
        # The same reading of every value as a Tables row of the workbook or the PDF: one contract.
        built = build_table(raw_cells, where, problems)
        if built is None:
            continue
        table_id = built.table_id
        if table_id in seen:
            problems.add(where, f"table id '{table_id}' appears twice")
            continue
        seen.add(table_id)
        for number, wager in enumerate(table.wagers):
            try:
                values.read_text(wager.wager, "the wager name", values.MAX_ID_CHARACTERS)
                values.read_text(wager.paytable or "", "the paytable name", values.MAX_ID_CHARACTERS)
            except values.ValueProblem as problem:
                problems.add(where.model_copy(update={"field": f"tables[{position}].wagers[{number}]"}), str(problem))
        wagers = tuple(
            wager.model_copy(
                update={
                    "wager": values.wager_id(values.display(wager.wager)),
                    "paytable": values.display(wager.paytable) or None if wager.paytable is not None else None,
                }
            )
            for wager in table.wagers
        )
        tables.append(
            built.model_copy(
                update={"equipment": table.equipment, "wagers": wagers, "locations": dict(table.locations)}
            )
        )
    given_metadata = data.get("metadata")
    raw_metadata = given_metadata if isinstance(given_metadata, dict) else {}
    metadata_where = SourceLocation(file=file_name, field="metadata")
    built_metadata = build_metadata(
        {
            column.field: (
                raw_metadata.get(column.field),
                filing.metadata.locations.get(column.field)
                or SourceLocation(file=file_name, field=f"metadata.{column.field}"),
            )
            for column in FILING_FIELDS
        },
        metadata_where,
        problems,
    )
    problems.raise_if_any()
    assert built_metadata is not None  # build_metadata adds a problem whenever it returns None
    metadata = built_metadata.model_copy(update={"locations": dict(filing.metadata.locations)})
    return filing.model_copy(update={"chapters": chapters, "metadata": metadata, "tables": tuple(tables)})


def _as_the_chapter_names_it(chapter: str, key: str, value: object) -> object:
    """A paytable answer as the chapter's id (:func:`paytable_answer_written`, the model's own reading); any other
    answer as it is."""
    from pacomply.regulations.paytable_resolution import paytable_answer_written

    return (paytable_answer_written(chapter, key, value) or value) if isinstance(value, str) else value


def json_encoding(data: bytes) -> str:
    """The encoding a JSON file's first bytes show: its byte order mark, else the pattern of zero bytes that an
    ASCII first character leaves in UTF-16 (RFC 4627 § 3); UTF-8 otherwise.

    JSON exchanged between systems is UTF-8 (RFC 8259 § 8.1), but Windows Notepad's "Unicode" saves UTF-16 with a
    byte order mark, and a filer who saved so meant the same filing.
    """
    if data.startswith(codecs.BOM_UTF8):
        return "utf-8-sig"
    if data.startswith((codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE)):
        return "utf-32"  # before UTF-16: UTF-32 LE's mark begins with UTF-16 LE's
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return "utf-16"
    head = data[:4]
    if len(head) == 4 and head[1:] == b"\0\0\0" and head[0]:
        return "utf-32-le"
    if len(head) == 4 and head[:3] == b"\0\0\0" and head[3]:
        return "utf-32-be"
    if len(head) >= 2 and head[1] == 0 and head[0]:
        return "utf-16-le"
    if len(head) >= 2 and head[0] == 0 and head[1]:
        return "utf-16-be"
    return "utf-8"


_ENCODING_NAMES = {"utf-8": "UTF-8", "utf-8-sig": "UTF-8 (with a byte order mark)"}


def decode_json_text(data: bytes, location: SourceLocation) -> str:
    """The text of a JSON filing in UTF-8, UTF-16 or UTF-32 (:func:`json_encoding`); refused naming the encoding
    it claims when its bytes are not valid in it."""
    encoding = json_encoding(data)
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as error:
        name = _ENCODING_NAMES.get(encoding, encoding.upper().replace("-LE", " LE").replace("-BE", " BE"))
        raise InputError.single(
            location,
            f"the file is not valid {name} text (byte {error.start:,} cannot be decoded); save the JSON filing as "
            "UTF-8",
        ) from None


def _answers_in_full(data: dict[str, Any]) -> dict[str, Any]:
    """The filing with each checklist answer as the model holds it, where a filer wrote it shorter: its text alone
    (``"verbal_wagers": "No"``, a number, true/false or null) or an object without its key, its value or its text
    (``{"text": "No"}``). The key is the one the answer is filed under; a missing value is read from the text, as a
    blank value is. Anything else goes to the model as written, to be refused at its path."""
    chapters = data.get("chapters")
    if not isinstance(chapters, dict):
        return data
    completed: dict[str, Any] = {}
    for chapter_id, chapter in chapters.items():
        answers = chapter.get("answers") if isinstance(chapter, dict) else None
        if not isinstance(answers, dict):
            completed[chapter_id] = chapter
            continue
        written = {}
        for key, answer in answers.items():
            if answer is None:
                answer = {"text": "", "value": None}
            elif isinstance(answer, bool):
                answer = {"text": "Yes" if answer else "No", "value": answer}
            elif isinstance(answer, str | int | float):
                answer = {"text": str(answer), "value": answer}
            if isinstance(answer, dict):
                answer = {"key": key, "value": None, "text": "", **answer}
            written[key] = answer
        completed[chapter_id] = {**chapter, "answers": written}
    return {**data, "chapters": completed}


def read_json(path: Path) -> Filing:
    """Parse a JSON filing; every schema violation is reported with its field path."""
    name = file_label(path.name)  # what the reports show: undecodable bytes and controls made visible
    location = SourceLocation(file=name)
    if not path.is_file():
        raise InputError.single(location, f"the file '{path}' does not exist")
    if path.stat().st_size > MAX_FILE_BYTES:
        raise InputError.single(location, f"the file is larger than {MAX_FILE_BYTES:,} bytes; refused")
    text = decode_json_text(path.read_bytes(), location)
    data = _parse(text, name)
    if not isinstance(data, dict):
        raise InputError.single(location, f"a JSON filing is an object; this file holds a {type(data).__name__}")
    try:
        filing = Filing.model_validate(_answers_in_full(data))
    except ValidationError as error:
        raise InputError(
            [
                InputProblem(
                    SourceLocation(file=name, field=_field_path(tuple(detail["loc"])) or "(top level)"),
                    detail["msg"],
                )
                for detail in error.errors()
            ]
        ) from None
    stated = set(data["metadata"]) if isinstance(data.get("metadata"), dict) else set()
    return _check_against_rulebooks(_with_locations(filing, name, stated), name, data)


def dumps_filing(filing: Filing) -> str:
    """The filing as JSON text (sorted keys, stable), the same model read_json accepts."""
    return json.dumps(filing.model_dump(mode="json"), indent=2, sort_keys=True, ensure_ascii=False) + "\n"
