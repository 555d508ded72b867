"""Reads a JSON filing: the :class:`Filing` model dumped (``pacomply schema`` prints its JSON Schema).

Locations of JSON values are the field paths themselves, so a finding can say ``tables[0].decks``.

Untrusted input: the size is bounded; duplicate keys, NaN/Infinity, numbers too long to read and nesting too deep
are refused with their place; after the schema, every answer is read again for its question's kind (the same
reading the xlsx reader applies) and every chapter must be one pacomply has a rulebook for.
"""

from __future__ import annotations

import json
import re
from decimal import Decimal
from pathlib import Path
from typing import Any

from pacomply.submissions import values
from pacomply.submissions.build import MAX_CARD_THICKNESS_MM
from pacomply.submissions.errors import InputError, InputProblem, ProblemCollector
from pacomply.submissions.model import Filing, SourceLocation
from pydantic import ValidationError

from pacomply import regulations

MAX_FILE_BYTES = 10 * 1024 * 1024
_TABLE_NUMBERS = (
    "betting_positions",
    "decks",
    "batches",
    "discard_rack_height_mm",
    "discard_rack_mark_mm",
    "card_change_interval_hours",
    "payout_limit",
    "progressive_reset",
)


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


class _DuplicateKey(ValueError):
    pass


def _object_without_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise _DuplicateKey(key)
        result[key] = value
    return result


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"'{name}' is not a number a filing can hold")


def _parse(text: str, file_name: str) -> Any:
    try:
        return json.loads(text, object_pairs_hook=_object_without_duplicates, parse_constant=_refuse_constant)
    except json.JSONDecodeError as error:
        raise InputError.single(
            SourceLocation(file=file_name, field=f"line {error.lineno}, column {error.colno}"),
            f"not valid JSON ({error.msg})",
        ) from None
    except _DuplicateKey as error:
        raise InputError.single(
            SourceLocation(file=file_name), f"the key '{error.args[0]}' appears twice in one object; keys are unique"
        ) from None
    except RecursionError:
        raise InputError.single(
            SourceLocation(file=file_name), "the JSON is nested too deeply to be a filing"
        ) from None
    except ValueError as error:  # a NaN, or an integer longer than Python will convert
        raise InputError.single(SourceLocation(file=file_name), f"not a readable JSON filing ({error})") from None


def _check_against_rulebooks(filing: Filing, file_name: str) -> Filing:
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
            try:
                value = values.read_answer(raw, question.kind)
            except values.ValueProblem as problem:
                problems.add(answer_where.model_copy(update={"field": f"{answer_where.field}.value"}), str(problem))
                continue
            answers[key] = answer.model_copy(
                update={"value": value, "text": values.display(answer.text), "notes": values.display(answer.notes)}
            )
        chapters[chapter_id] = chapter.model_copy(update={"answers": answers})
    seen: set[str] = set()
    tables = []
    for position, table in enumerate(filing.tables):
        where = SourceLocation(file=file_name, field=f"tables[{position}]")
        table_id = values.display(table.table_id)
        if not table_id:
            problems.add(where.model_copy(update={"field": f"tables[{position}].table_id"}), "the table id is empty")
        elif table_id in seen:
            problems.add(where, f"table id '{table_id}' appears twice")
        seen.add(table_id)
        try:
            table_chapter = regulations.rulebook(table.chapter).chapter  # '686A' is 686a, as in a workbook
        except regulations.UnknownChapterError as error:
            problems.add(where.model_copy(update={"field": f"tables[{position}].chapter"}), str(error))
            continue
        for field_name in _TABLE_NUMBERS:
            number = getattr(table, field_name)
            if number is None:
                continue
            try:
                if isinstance(number, int):
                    values.read_integer(number, field_name)
                else:
                    values.read_decimal(number, field_name)
            except values.ValueProblem as problem:
                problems.add(where.model_copy(update={"field": f"tables[{position}].{field_name}"}), str(problem))
        wagers = tuple(
            wager.model_copy(
                update={
                    "wager": values.wager_id(values.display(wager.wager)),
                    "paytable": values.display(wager.paytable) or None if wager.paytable is not None else None,
                }
            )
            for wager in table.wagers
        )
        tables.append(table.model_copy(update={"table_id": table_id, "chapter": table_chapter, "wagers": wagers}))
    thickness = filing.metadata.card_thickness_mm
    thickness_where = SourceLocation(file=file_name, field="metadata.card_thickness_mm")
    if not Decimal(0) < thickness <= MAX_CARD_THICKNESS_MM:
        problems.add(
            thickness_where, f"card thickness '{thickness}' mm is not between 0 and {MAX_CARD_THICKNESS_MM} mm"
        )
    else:
        try:
            values.read_decimal(thickness, "card thickness")
        except values.ValueProblem as problem:
            problems.add(thickness_where, str(problem))
    problems.raise_if_any()
    metadata = filing.metadata.model_copy(
        update={
            "licensee": values.display(filing.metadata.licensee),
            "reviewed_by": values.display(filing.metadata.reviewed_by),
        }
    )
    return filing.model_copy(update={"chapters": chapters, "metadata": metadata, "tables": tuple(tables)})


def read_json(path: Path) -> Filing:
    """Parse a JSON filing; every schema violation is reported with its field path."""
    location = SourceLocation(file=path.name)
    if not path.is_file():
        raise InputError.single(location, f"the file '{path}' does not exist")
    if path.stat().st_size > MAX_FILE_BYTES:
        raise InputError.single(location, f"the file is larger than {MAX_FILE_BYTES:,} bytes; refused")
    try:
        text = path.read_bytes().decode("utf-8-sig")  # a byte order mark is tolerated
    except UnicodeDecodeError:
        raise InputError.single(location, "the file is not UTF-8 text; expected a JSON filing") from None
    data = _parse(text, path.name)
    if not isinstance(data, dict):
        raise InputError.single(location, f"a JSON filing is an object; this file holds a {type(data).__name__}")
    try:
        filing = Filing.model_validate(data)
    except ValidationError as error:
        raise InputError(
            [
                InputProblem(
                    SourceLocation(file=path.name, field=_field_path(tuple(detail["loc"])) or "(top level)"),
                    detail["msg"],
                )
                for detail in error.errors()
            ]
        ) from None
    stated = set(data["metadata"]) if isinstance(data.get("metadata"), dict) else set()
    return _check_against_rulebooks(_with_locations(filing, path.name, stated), path.name)


def dumps_filing(filing: Filing) -> str:
    """The filing as JSON text (sorted keys, stable), the same model read_json accepts."""
    return json.dumps(filing.model_dump(mode="json"), indent=2, sort_keys=True, ensure_ascii=False) + "\n"
