"""From raw values with locations to the Filing model, collecting every problem on the way.

The readers (xlsx, PDF) find the raw values; this module interprets them the same way for all of them.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from decimal import Decimal

from pacomply.regulations.rulebook import AnswerKind, DealingMethod, Equipment, Rulebook, Shuffler
from pacomply.submissions import values
from pacomply.submissions.errors import ProblemCollector
from pacomply.submissions.layout import FILING_FIELDS, TABLE_COLUMNS
from pacomply.submissions.model import (
    DEFAULT_CARD_THICKNESS_MM,
    Answer,
    ChapterSubmission,
    FilingMetadata,
    ReadingNoteKind,
    SourceLocation,
    TableConfiguration,
    TableWager,
)

from pacomply import regulations

RawCell = tuple[object, SourceLocation]

MAX_CARD_THICKNESS_MM = Decimal("2")
# Pennsylvania first authorised table games in January 2010 (Act 1 of 2010); a Rules Submission dated before that
# is a typing error or a spreadsheet serial gone wrong (a Date Filed of -5 reads as 1899-12-25).
EARLIEST_DATE_FILED = date(2010, 1, 1)


def typed_value(raw: object, location: SourceLocation, problems: ProblemCollector) -> object:
    """A typed cell's value: a formula gives the value its spreadsheet saved, and the reading is noted at the cell
    (the review names it); :class:`values.ValueProblem` where no value was saved."""
    saved = values.formula_saved_value(raw)
    if saved is not raw:
        problems.note(
            ReadingNoteKind.FORMULA_SAVED_VALUE,
            location,
            f"the cell holds the formula '{values.display(raw)[:60]}'; the value the spreadsheet saved with it, "
            f"'{values.display(saved)[:60]}', is the value read",
        )
    return saved


def build_metadata(
    raw: Mapping[str, RawCell], sheet_location: SourceLocation, problems: ProblemCollector
) -> FilingMetadata | None:
    """The Filing sheet's fields (keyed by model field name)."""
    parsed: dict[str, object] = {}
    locations: dict[str, SourceLocation] = {}
    for column in FILING_FIELDS:
        cell = raw.get(column.field)
        if cell is None or values.is_blank(cell[0]):
            if column.required:
                where = cell[1] if cell is not None else sheet_location
                problems.add(where, f"'{column.header}' is empty; expected {column.help}")
            continue
        value, location = cell
        locations[column.field] = location
        try:
            if column.field in {"date_filed", "card_thickness_mm"}:
                value = typed_value(value, location, problems)  # names (free text) keep a formula's text as written
            if column.field == "date_filed":
                filed = values.read_date(value, "Date Filed")
                if filed < EARLIEST_DATE_FILED:
                    raise values.ValueProblem(
                        f"Date Filed {filed.isoformat()} is before {EARLIEST_DATE_FILED.isoformat()}, before "
                        "Pennsylvania authorised table games; expected the day the submission is filed"
                    )
                parsed[column.field] = filed
            elif column.field == "card_thickness_mm":
                thickness = values.read_decimal(value, "card thickness")
                if not Decimal(0) < thickness <= MAX_CARD_THICKNESS_MM:
                    raise values.ValueProblem(
                        f"card thickness '{values.display(value)}' mm is not between 0 and {MAX_CARD_THICKNESS_MM} mm"
                    )
                parsed[column.field] = thickness
            else:
                parsed[column.field] = values.read_text(value, f"'{column.header}'", values.MAX_NAME_CHARACTERS)
        except values.ValueProblem as problem:
            problems.add(location, str(problem))
    required = [column.field for column in FILING_FIELDS if column.required]
    if not all(field in parsed for field in required):
        return None
    return FilingMetadata(
        licensee=str(parsed["licensee"]),
        date_filed=parsed["date_filed"],  # type: ignore[arg-type]
        reviewed_by=str(parsed["reviewed_by"]),
        card_thickness_mm=parsed.get("card_thickness_mm", DEFAULT_CARD_THICKNESS_MM),  # type: ignore[arg-type]
        locations=locations,
    )


def build_answer(
    book: Rulebook, key_cell: RawCell, answer_cell: RawCell, notes: str, problems: ProblemCollector
) -> Answer | None:
    """One checklist row; None (with a problem) when the key is unknown or the answer unreadable."""
    key_raw, key_location = key_cell
    key = values.display(key_raw).lower()
    try:
        question = book.question(key)
    except KeyError:
        known = ", ".join(question.key for question in book.checklist)
        problems.add(key_location, f"key '{key}' is not a question of chapter {book.chapter}; expected one of: {known}")
        return None
    raw, location = answer_cell
    try:
        if question.kind != AnswerKind.TEXT:
            raw = typed_value(raw, location, problems)
        value = values.read_answer(raw, question.kind)
        notes = values.read_text(notes, "the note", values.MAX_NOTE_CHARACTERS)
    except values.ValueProblem as problem:
        problems.add(location, str(problem))
        return None
    text = "" if values.is_blank(raw) else values.display(raw)
    return Answer(key=key, text=text, value=value, location=location, notes=notes)


def build_chapter(
    book: Rulebook,
    rows: list[tuple[RawCell, RawCell, str]],
    sheet_location: SourceLocation,
    problems: ProblemCollector,
) -> ChapterSubmission:
    """A chapter sheet's rows (key cell, answer cell, notes) into its submission; duplicate keys are problems."""
    answers: dict[str, Answer] = {}
    for key_cell, answer_cell, notes in rows:
        answer = build_answer(book, key_cell, answer_cell, notes, problems)
        if answer is None:
            continue
        if answer.key in answers:
            first = answers[answer.key].location
            problems.add(key_cell[1], f"key '{answer.key}' is answered twice (first at {first})")
            continue
        answers[answer.key] = answer
    return ChapterSubmission(chapter=book.chapter, answers=answers, location=sheet_location)


def _split_list(raw: object) -> list[str]:
    return [part.strip() for part in values.display(raw).split(";") if part.strip()]


def _wager_entries(raw: object) -> list[str]:
    """The entries of a Wagers cell: separated by semicolons, or by commas or line breaks outside parentheses where
    the cell has no semicolon ('Fortune=A, Insurance=B')."""
    text = values.display(raw)
    if ";" in text:
        return _split_list(raw)
    entries: list[str] = []
    current: list[str] = []
    depth = 0
    for character in text:
        depth += (character == "(") - (character == ")")
        if character in ",\n" and depth == 0:
            entries.append("".join(current))
            current = []
        else:
            current.append(character)
    entries.append("".join(current))
    return [entry.strip() for entry in entries if entry.strip()]


def _name_and_paytable(entry: str) -> tuple[str, str]:
    """An entry's wager name and paytable ('' where none): 'Bonus=A', 'Bonus (Paytable A)' (the parenthesis closing
    the entry), 'Bonus: A' (a colon read only where no '=' is written)."""
    if "=" in entry:
        name, _, paytable = entry.partition("=")
        return name, paytable
    entry = entry.strip()
    if entry.endswith(")"):
        # The parenthesis that the entry's last one closes: 'Bad Beat (633a.13(j)(1))' names 633a.13(j)(1).
        depth = 0
        for position in range(len(entry) - 1, -1, -1):
            depth += (entry[position] == ")") - (entry[position] == "(")
            if depth == 0:
                name, paytable = entry[:position], entry[position + 1 : -1]
                if name.strip():
                    return name, paytable
                break
    name, _, paytable = entry.partition(":")
    return name, paytable


def read_table_wagers(raw: object) -> tuple[TableWager, ...]:
    """'Bonus=A; Tie' → (bonus with paytable A, tie); also 'Bonus (Paytable A), Tie' and 'Bonus: A'."""
    wagers = []
    for part in _wager_entries(raw):
        name, paytable = _name_and_paytable(part)
        if not name.strip():
            raise values.ValueProblem(f"wager entry '{part}' has no wager name (expected Wager or Wager=Paytable)")
        values.read_text(name, "a wager name", values.MAX_ID_CHARACTERS)
        values.read_text(paytable, "a paytable name", values.MAX_ID_CHARACTERS)
        wagers.append(
            TableWager(
                wager=values.wager_id(name), paytable=values.read_paytable(paytable) if paytable.strip() else None
            )
        )
    return tuple(wagers)


def _read_equipment(raw: object) -> tuple[Equipment, ...]:
    return tuple(values.read_choice(part, Equipment, "equipment") for part in _split_list(raw))


def build_table(
    raw: Mapping[str, RawCell], row_location: SourceLocation, problems: ProblemCollector
) -> TableConfiguration | None:
    """One Tables row (keyed by model field name); None when any required value is missing or unreadable."""
    parsed: dict[str, object] = {}
    locations: dict[str, SourceLocation] = {"row": row_location}
    complete = True
    for column in TABLE_COLUMNS:
        cell = raw.get(column.field)
        if cell is None or values.is_blank(cell[0]):
            if column.required:
                complete = False
                where = cell[1] if cell is not None else row_location
                problems.add(where, f"'{column.header}' is empty; expected {column.help}")
            continue
        value, location = cell
        locations[column.field] = location
        try:
            value = typed_value(value, location, problems)  # every Tables column is typed
            parsed[column.field] = _read_table_value(column.field, column.header, value)
        except values.ValueProblem as problem:
            complete = False
            problems.add(location, str(problem))
    if not complete:
        return None
    return TableConfiguration(**parsed, locations=locations)  # type: ignore[arg-type]


def _read_table_value(field: str, header: str, raw: object) -> object:
    match field:
        case "table_id":
            return values.read_text(raw, "the table id", values.MAX_ID_CHARACTERS)
        case "chapter":
            chapter = regulations.normalise_chapter(values.display(raw))
            try:
                regulations.rulebook(chapter)
            except regulations.UnknownChapterError as error:
                raise values.ValueProblem(str(error)) from None
            return chapter
        case "betting_positions" | "decks" | "batches":
            number = values.read_integer(raw, header)
            if number < 0:
                raise values.ValueProblem(f"{header} '{values.display(raw)}' is negative")
            return number
        case "shuffler":
            return values.read_choice(raw, Shuffler, "shuffler")
        case "dealing":
            return values.read_choice(raw, DealingMethod, "dealing method")
        case "discard_rack_height_mm" | "discard_rack_mark_mm" | "card_change_interval_hours":
            measure = values.read_measure(raw, field, header)
            if measure < 0:
                raise values.ValueProblem(f"{header} '{values.display(raw)}' is negative")
            return measure
        case "equipment":
            return _read_equipment(raw)
        case "wagers":
            return read_table_wagers(raw)
        case "payout_limit" | "progressive_reset":
            return values.read_money(raw, header)
    raise AssertionError(f"unhandled table field {field}")
