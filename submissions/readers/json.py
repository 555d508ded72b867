"""Reads a JSON filing: the :class:`Filing` model dumped (``pacomply schema`` prints its JSON Schema).

Locations of JSON values are the field paths themselves, so a finding can say ``tables[0].decks``.
"""

from __future__ import annotations

import json
from pathlib import Path

from pydantic import ValidationError

from submissions.errors import InputError, InputProblem
from submissions.model import Filing, SourceLocation

MAX_FILE_BYTES = 10 * 1024 * 1024


def _field_path(location: tuple[int | str, ...]) -> str:
    path = ""
    for part in location:
        path += f"[{part}]" if isinstance(part, int) else (f".{part}" if path else str(part))
    return path


def _with_locations(filing: Filing, file_name: str) -> Filing:
    """Give every table and answer without a recorded location its JSON field path."""
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
    return filing.model_copy(update={"tables": tuple(tables), "chapters": chapters, "source": file_name})


def read_json(path: Path) -> Filing:
    """Parse a JSON filing; every schema violation is reported with its field path."""
    location = SourceLocation(file=path.name)
    if not path.is_file():
        raise InputError.single(location, f"the file '{path}' does not exist")
    if path.stat().st_size > MAX_FILE_BYTES:
        raise InputError.single(location, f"the file is larger than {MAX_FILE_BYTES:,} bytes; refused")
    try:
        text = path.read_text(encoding="utf-8")
        data = json.loads(text)
    except UnicodeDecodeError:
        raise InputError.single(location, "the file is not UTF-8 text; expected a JSON filing") from None
    except json.JSONDecodeError as error:
        raise InputError.single(
            SourceLocation(file=path.name, field=f"line {error.lineno}, column {error.colno}"),
            f"not valid JSON ({error.msg})",
        ) from None
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
    return _with_locations(filing, path.name)


def dumps_filing(filing: Filing) -> str:
    """The filing as JSON text (sorted keys, stable), the same model read_json accepts."""
    return json.dumps(filing.model_dump(mode="json"), indent=2, sort_keys=True, ensure_ascii=False) + "\n"
