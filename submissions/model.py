"""The Rules Submission as data: a filing, its checklist answers and its table configurations.

Every parsed value remembers where it came from (:class:`SourceLocation`), so a finding can point a compliance
officer at the exact cell, page or JSON field. The models are frozen; a JSON filing is this model dumped.
"""

from __future__ import annotations

import contextlib
from datetime import date
from decimal import Decimal
from enum import StrEnum
from typing import Literal

from pacomply.regulations.rulebook import DealingMethod, Equipment, Shuffler
from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, ValidationInfo, field_validator

DEFAULT_CARD_THICKNESS_MM = Decimal("0.30")

# Code points that are not text: lone surrogates (what Python makes of a file name that is not UTF-8, or what a
# JSON "\ud800" escape decodes to) and the noncharacters U+FDD0..U+FDEF and U+xFFFE/U+xFFFF. No encoder writes the
# first and XML forbids U+FFFE/U+FFFF, so either would break a report; both become U+FFFD, the replacement character.
NOT_TEXT = dict.fromkeys(
    [
        *range(0xD800, 0xE000),
        *range(0xFDD0, 0xFDF0),
        *(plane + offset for plane in range(0, 0x110000, 0x10000) for offset in (0xFFFE, 0xFFFF)),
    ],
    "\ufffd",
)
# C0/C1 controls (ESC, BEL, line breaks ...) shown as escapes: a location is printed on one line of a terminal.
_CONTROL_ESCAPES = {code: ascii(chr(code))[1:-1] for code in [*range(0x20), *range(0x7F, 0xA0)]}


def visible_text(text: str) -> str:
    """Text safe for every report format and a terminal line: non-characters replaced, controls escaped."""
    return text.translate(NOT_TEXT).translate(_CONTROL_ESCAPES)


def file_label(name: str) -> str:
    """A file name as a report shows it: bytes that were not UTF-8 replaced, controls escaped."""
    with contextlib.suppress(UnicodeEncodeError):  # a surrogate no file system made is replaced below instead
        name = name.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    return visible_text(name)

AnswerValue = bool | int | Decimal | str | None


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class SourceLocation(_Frozen):
    """Where a value was read: a workbook cell, a PDF page, or a JSON field."""

    file: str = ""
    sheet: str | None = None
    cell: str | None = None
    page: int | None = None
    field: str | None = None

    @field_validator("file", "sheet", "cell", "field")
    @classmethod
    def _visible(cls, text: str | None) -> str | None:
        """A location is echoed into every report and the terminal, whichever reader (or JSON file) gave it."""
        return None if text is None else visible_text(text)

    def __str__(self) -> str:
        if self.sheet is not None:
            return f"{self.sheet}!{self.cell}" if self.cell else f"sheet {self.sheet}"
        if self.page is not None:
            return f"page {self.page}" + (f", {self.field}" if self.field else "")
        if self.field is not None:
            return self.field
        return self.file or "filing"

    def describe(self) -> str:
        """A sentence-start form for messages: 'Sheet 686a, cell D7', 'Page 2, Bonus row', 'Field tables[0].decks'."""
        if self.sheet is not None:
            return f"Sheet {self.sheet}, cell {self.cell}" if self.cell else f"Sheet {self.sheet}"
        if self.page is not None:
            return f"Page {self.page}" + (f", {self.field}" if self.field else "")
        if self.field is not None:
            return f"Field {self.field}"
        return f"File {self.file}" if self.file else "The filing"


class Answer(_Frozen):
    """One answered checklist question."""

    key: str
    text: str = Field(description="The answer as written in the filing.")
    value: AnswerValue = Field(description="The answer interpreted for its question's kind; None when blank.")
    location: SourceLocation | None = None
    notes: str = ""

    @property
    def is_blank(self) -> bool:
        """True when the filer left the answer empty."""
        return self.value is None


class ChapterSubmission(_Frozen):
    """The checklist of one chapter as filed."""

    chapter: str
    answers: dict[str, Answer] = Field(default_factory=dict)
    location: SourceLocation | None = None

    @field_validator("answers", mode="after")
    @classmethod
    def _paytables_as_the_chapter_names_them(
        cls, answers: dict[str, Answer], info: ValidationInfo
    ) -> dict[str, Answer]:
        """A paytable answer names the chapter's paytable however it is spelled ('djwt-4' is DJWT-04): its value
        becomes the chapter's id, its text stays as written (one spelling rule for every reader and every rule)."""
        chapter = info.data.get("chapter")
        if not chapter:
            return answers
        from pacomply.regulations.paytable_resolution import paytable_answer_written

        changed = {}
        for key, answer in answers.items():
            if isinstance(answer.value, str):
                named = paytable_answer_written(chapter, key, answer.value)
                if named is not None and named != answer.value:
                    changed[key] = answer.model_copy(update={"value": named})
        return {**answers, **changed} if changed else answers

    def answer(self, key: str) -> Answer | None:
        """The answer to a question, or None if the row is missing."""
        return self.answers.get(key)

    def value(self, key: str) -> AnswerValue:
        """The interpreted value of an answer; None when missing or blank."""
        answer = self.answers.get(key)
        return None if answer is None else answer.value

    def location_of(self, key: str) -> SourceLocation | None:
        """Where the answer to a question is (or the sheet, if the row is missing)."""
        answer = self.answers.get(key)
        return answer.location if answer is not None and answer.location is not None else self.location


class TableWager(_Frozen):
    """An optional wager offered at a table, with the paytable chosen where one applies."""

    wager: str = Field(description="The stable wager id (docs/math.md), e.g. 'bonus', 'trips'.")
    paytable: str | None = None


def _wagers_as_the_chapter_names_them(
    wagers: tuple[TableWager, ...], chapter: str | None, decks: int | None
) -> tuple[TableWager, ...]:
    from pacomply.regulations.paytable_resolution import paytable_id_written, wager_id_written

    if not chapter:
        return wagers
    named = []
    for wager in wagers:
        wager_id = wager_id_written(chapter, wager.wager) or wager.wager
        paytable = wager.paytable
        if paytable is not None:
            paytable = paytable_id_written(chapter, wager_id, paytable, decks) or paytable
        unchanged = wager_id == wager.wager and paytable == wager.paytable
        named.append(wager if unchanged else wager.model_copy(update={"wager": wager_id, "paytable": paytable}))
    return tuple(named)


class TableConfiguration(_Frozen):
    """One gaming table covered by the filing (a row of the Tables sheet)."""

    table_id: str
    chapter: str
    betting_positions: int = Field(ge=0)
    decks: int = Field(ge=0)
    batches: int = Field(ge=0)
    shuffler: Shuffler
    dealing: DealingMethod
    discard_rack_height_mm: Decimal | None = None
    discard_rack_mark_mm: Decimal | None = None
    card_change_interval_hours: Decimal | None = None
    equipment: tuple[Equipment, ...] = ()
    wagers: tuple[TableWager, ...] = ()
    payout_limit: Decimal | None = None
    progressive_reset: Decimal | None = None
    locations: dict[str, SourceLocation] = Field(
        default_factory=dict, description="Field name → where it was read; 'row' is the whole row."
    )

    @field_validator(
        "payout_limit",
        "progressive_reset",
        "discard_rack_height_mm",
        "discard_rack_mark_mm",
        "card_change_interval_hours",
        mode="before",
    )
    @classmethod
    def _number_as_written(cls, written: object, info: ValidationInfo) -> object:
        """A dollar amount or a measure as a filer writes one ('$10,000.00', '93.6 mm', '24 hours'): its number, as
        the workbook reader takes it, goes on to the decimal's own check (and the reader's bounds and signs, so that
        every problem of the filing is reported together); a unit other than the column's is refused here."""
        if not isinstance(written, str) or not written.strip():
            return written
        from pacomply.submissions.values import ValueProblem, amount_text, measure_text

        field = str(info.field_name)
        try:
            if field in ("payout_limit", "progressive_reset"):
                return amount_text(written, "amount")
            return measure_text(written, field, "measure")
        except ValueProblem as problem:
            raise ValueError(str(problem)) from None

    @field_validator("wagers", mode="after")
    @classmethod
    def _wagers_and_paytables_as_the_chapter_names_them(
        cls, wagers: tuple[TableWager, ...], info: ValidationInfo
    ) -> tuple[TableWager, ...]:
        """Each wager by the chapter's id where the filing writes its name ('Ace High Bonus Wager' → ace_high), and
        its paytable as the chapter names it, however the filing spells it ('DJWT-4', 'Paytable DJWT-04', 'Six Deck'
        at a six-deck table); odds written in a paytable's place, and names of no wager or paytable, stay as written
        for the rules to judge."""
        return _wagers_as_the_chapter_names_them(wagers, info.data.get("chapter"), info.data.get("decks"))

    def location_of(self, field_name: str) -> SourceLocation | None:
        """Where a field of this table was read (or the row, or None for a table built in code)."""
        return self.locations.get(field_name) or self.locations.get("row")

    def offers(self, wager_id: str) -> TableWager | None:
        """The table's entry for an optional wager, or None when the table does not offer it."""
        for table_wager in self.wagers:
            if table_wager.wager == wager_id:
                return table_wager
        return None


class FilingMetadata(_Frozen):
    """The Filing sheet: who files, when, who approved it."""

    licensee: str
    date_filed: date
    reviewed_by: str
    card_thickness_mm: Decimal = DEFAULT_CARD_THICKNESS_MM
    locations: dict[str, SourceLocation] = Field(default_factory=dict)


class ReadingNoteKind(StrEnum):
    """What a reader did with a file that the review should say: never a problem, always worth knowing."""

    FORMULA_SAVED_VALUE = "formula read at its saved value"
    VERY_HIDDEN_SHEET = "very hidden sheet left out"


class ReadingNote(_Frozen):
    """One thing a reader did with the file beyond reading what was typed, with the place it did it."""

    kind: ReadingNoteKind
    location: SourceLocation
    message: str


class Filing(_Frozen):
    """A whole Rules Submission."""

    # The reading notes are kept beside the fields, not among them: they say how a file was read, not what was
    # filed, so they are neither part of a JSON filing (nor accepted from one) nor of the filing's digest.
    _reading_notes: tuple[ReadingNote, ...] = PrivateAttr(default=())

    schema_version: Literal[1] = 1
    metadata: FilingMetadata
    chapters: dict[str, ChapterSubmission] = Field(default_factory=dict)
    tables: tuple[TableConfiguration, ...] = ()
    source: str = Field(default="", description="The file the filing was read from.")

    @field_validator("source")
    @classmethod
    def _visible_source(cls, text: str) -> str:
        return file_label(text)

    @property
    def reading_notes(self) -> tuple[ReadingNote, ...]:
        """What the reader did beyond reading typed values (a formula read at its saved value, a very hidden sheet
        left out), in the order it met them."""
        return self._reading_notes

    def with_reading_notes(self, notes: tuple[ReadingNote, ...] | list[ReadingNote]) -> Filing:
        """This filing with ``notes`` as its reading notes."""
        copy = self.model_copy()
        copy._reading_notes = tuple(notes)
        return copy

    def tables_for(self, chapter: str) -> tuple[TableConfiguration, ...]:
        """The tables that deal a chapter's game, in filing order."""
        return tuple(table for table in self.tables if table.chapter == chapter)

    @property
    def filed_chapters(self) -> tuple[str, ...]:
        """Chapters with a checklist or a table in the filing, sorted."""
        return tuple(sorted(set(self.chapters) | {table.chapter for table in self.tables}))
