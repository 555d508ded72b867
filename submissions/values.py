"""Reading one value as written by a filer: Yes/No, numbers, money, paytable names, percentages, enumerations.

Each reader returns the value or raises :class:`ValueProblem` with a message a compliance officer understands;
the caller adds the location.
"""

from __future__ import annotations

import re
import unicodedata
from datetime import date, datetime
from decimal import Decimal, InvalidOperation
from enum import StrEnum
from typing import TypeVar

from pacomply.regulations.rulebook import AnswerKind
from pacomply.submissions.model import NOT_TEXT, AnswerValue

EnumType = TypeVar("EnumType", bound=StrEnum)


class ValueProblem(ValueError):
    """A value that is not what its field expects."""


_YES = {"yes", "y", "true", "t", "x"}
_NO = {"no", "n", "false", "f"}


# Characters that change how text looks or reads without being visible: zero-width spaces and joiners, the byte
# order mark, the word joiner, soft hyphen, and the bidirectional controls (a right-to-left override can make
# "oN" display as "No", the "Trojan Source" trick). They never belong in an answer, so they are removed.
_INVISIBLE = dict.fromkeys(
    [
        *(0x00AD, 0x180E, 0x200B, 0x200C, 0x200D, 0x200E, 0x200F, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0xFEFF),
        *range(0x202A, 0x202F),
        *range(0x2066, 0x206A),
    ]
)
# C0/C1 control characters other than tab and newline: a cell never needs them, and they garble messages.
_CONTROLS = dict.fromkeys([code for code in [*range(0x20), *range(0x7F, 0xA0)] if code not in (0x09, 0x0A)])
_MAX_TEXT = 10_000


class FormulaText(str):
    """A cell that holds a formula: its text (``=A1*2``) and the value the spreadsheet last computed, if saved."""

    cached: object = None

    def __new__(cls, text: str, cached: object = None) -> FormulaText:
        instance = super().__new__(cls, text)
        instance.cached = cached
        return instance


def clean_text(text: str) -> str:
    """Text as a filer meant it: NFKC-normalised (full-width digits, no-break spaces and ligatures become their
    plain forms), invisible and control characters removed, whitespace runs (line breaks too) collapsed to one space."""
    text = unicodedata.normalize("NFKC", text.translate(NOT_TEXT)).translate(_INVISIBLE).translate(_CONTROLS)
    return " ".join(text.split())[:_MAX_TEXT]


def display(raw: object) -> str:
    """How a raw value reads in a message (and as free text): cleaned of unicode oddities."""
    if isinstance(raw, float) and raw.is_integer():
        return str(int(raw))
    return clean_text(str(raw))


def is_blank(raw: object) -> bool:
    """True for an empty cell, whitespace, or only invisible characters."""
    return raw is None or (isinstance(raw, str) and not clean_text(raw))


def refuse_formula(raw: object) -> None:
    """A typed value must be typed: a formula is refused, naming the value it last computed."""
    if isinstance(raw, FormulaText) or (isinstance(raw, str) and raw.startswith("=") and len(raw) > 1):
        cached = getattr(raw, "cached", None)
        computed = f" (its last computed value is '{display(cached)}')" if not is_blank(cached) else ""
        raise ValueProblem(
            f"the cell holds a formula '{str(raw)[:40]}'{computed} and no value saved with it that can be read; "
            "type the value itself, or save the workbook from the spreadsheet so that the formula's value is saved"
        )


# What a spreadsheet saves as a formula's value when it could not compute one: the value is the error.
_SPREADSHEET_ERRORS = re.compile(r"#(?:NULL!|DIV/0!|VALUE!|REF!|NAME\?|NUM!|N/A|GETTING_DATA|SPILL!|CALC!|FIELD!)")


def formula_saved_value(raw: object) -> object:
    """A typed value as the spreadsheet shows it: the value a formula last computed and saved, or ``raw`` itself
    when it is no formula. Refused (:class:`ValueProblem`) where no value was saved, where the saved value is a
    spreadsheet error, or where the text merely reads as a formula (it was typed as text, nothing computed it)."""
    if not (isinstance(raw, FormulaText) or (isinstance(raw, str) and raw.startswith("=") and len(raw) > 1)):
        return raw
    cached = getattr(raw, "cached", None)
    usable = not is_blank(cached) and not (
        isinstance(cached, str) and (cached.startswith("=") or _SPREADSHEET_ERRORS.fullmatch(cached.strip()))
    )
    if usable:
        return cached
    refuse_formula(raw)
    raise AssertionError("refuse_formula refuses every formula")


# How long each kind of free text may be. An id or a wager name is a word or two; a note beside a checklist
# answer a few sentences; a name a line. Longer text is a pasted document or an attack on the reports (a table
# cell taller than a page cannot be laid out), so it is refused where it was read rather than cut silently.
MAX_ID_CHARACTERS = 64
MAX_NAME_CHARACTERS = 300
MAX_NOTE_CHARACTERS = 500


def read_text(raw: object, what: str, limit: int) -> str:
    """Free text, cleaned (:func:`clean_text`), refused when longer than ``limit`` characters."""
    text = display(raw)
    length = len(clean_text(str(raw)[: limit * 4 + 1000]))  # never normalise a megabyte to learn it is too long
    if length > limit or len(str(raw)) > limit * 4 + 1000:
        shown = len(str(raw))
        raise ValueProblem(f"{what} is {shown:,} characters long; at most {limit:,} are accepted")
    return text


def read_yes_no(raw: object) -> bool:
    """Yes/No, Y/N, true/false in any case (spreadsheet booleans too), with a closing full stop ('No.') or followed by
    a remark after a dash, comma, colon, semicolon or parenthesis ('Yes (see the attached house rules)')."""
    if isinstance(raw, bool):
        return raw
    text = display(raw).lower().strip().removesuffix(".").strip()
    remarked = _REMARKED_YES_NO.match(text)
    if remarked is not None:
        text = remarked["answer"]
    if text in _YES:
        return True
    if text in _NO:
        return False
    raise ValueProblem(f"answer '{display(raw)}' is not Yes or No")


#: A Yes or No followed by a remark ('Yes - see house rules', 'No, not offered'): the answer is the word before it.
_REMARKED_YES_NO = re.compile(r"(?P<answer>yes|no|y|n)\s*[-\u2013\u2014,:;(]\s*\S", re.IGNORECASE)

#: An answer that says the question does not apply, read as no answer (a blank): 'N/A' to a question that follows a
#: No. Not for text answers, where it is the filer's words.
NOT_APPLICABLE = frozenset({"n/a", "na", "n.a.", "not applicable"})


# No count, measure or amount in a filing comes near a trillion; beyond it a value is a typing error or an
# attack on the arithmetic (Decimal('1e999999') overflows the first multiplication that uses it).
MAX_MAGNITUDE = 10**12


def _bounded(value: Decimal, raw: object, what: str) -> Decimal:
    if abs(value) > MAX_MAGNITUDE:
        raise ValueProblem(f"{what} '{display(raw)[:40]}' is too large to be a real figure (limit {MAX_MAGNITUDE:,})")
    if value != 0 and value.adjusted() < -12:
        raise ValueProblem(f"{what} '{display(raw)[:40]}' is too small to be a real figure")
    return value


# A comma separates thousands only in groups of three ("25,000", "1,234.5"). Any other comma is a decimal comma
# ("93,6", as a spreadsheet in a European locale writes it): dropping it would read 936, so the value is refused at
# its cell with the spelling to use.
_GROUPED = re.compile(r"[+-]?\d{1,3}(?:,\d{3})+(?:\.\d*)?")
_DECIMAL_COMMA = re.compile(r"[+-]?\d*,\d+")


def number_text(raw: object, what: str) -> str:
    """The text of a typed number with its thousands separators removed; a decimal comma is refused."""
    text = display(raw)
    if "," not in text:
        return text
    if _GROUPED.fullmatch(text):
        return text.replace(",", "")
    if _DECIMAL_COMMA.fullmatch(text):
        raise ValueProblem(
            f"{what} '{text[:40]}' has a decimal comma; write it with a decimal point ({text[:40].replace(',', '.')}), "
            "a comma is read only between thousands (25,000)"
        )
    return text  # not a number at all: the caller refuses it in its own words


def read_integer(raw: object, what: str = "answer") -> int:
    """A whole number (a spreadsheet's 6.0 is 6), within ±10¹²."""
    if isinstance(raw, bool):
        raise ValueProblem(f"{what} '{display(raw)}' is not a whole number")
    if isinstance(raw, int):
        number = raw
    elif (isinstance(raw, float) and raw.is_integer() and abs(raw) <= MAX_MAGNITUDE) or (
        isinstance(raw, Decimal) and raw.is_finite() and abs(raw) <= MAX_MAGNITUDE and raw == raw.to_integral_value()
    ):
        number = int(raw)
    else:
        text = number_text(raw, what)
        written = _whole_number_written(text)
        if written is None:
            raise ValueProblem(f"{what} '{display(raw)[:40]}' is not a whole number")
        number = written
    _bounded(Decimal(number), raw, what)
    return number


#: A whole number as a filer writes one: '3', 'three', '3 (three)', 'Procedure 1' (§ 633a.7(r) numbers its two
#: settlement procedures), 'Option 2'.
_WHOLE_NUMBER = re.compile(
    r"(?:(?:procedure|option|method)\s+)?(?P<digits>[+-]?\d{1,30})(?:\s*\((?P<words>[a-z\s-]+)\))?", re.IGNORECASE
)


def _whole_number_written(text: str) -> int | None:
    """The whole number ``text`` writes in digits, in words, or both; None where it writes none, or two that
    disagree ('3 (four)')."""
    from pacomply.regulations.payout import number_in_words

    text = " ".join(text.split())
    match = _WHOLE_NUMBER.fullmatch(text)
    if match is not None:
        number = int(match["digits"])
        if match["words"] is not None and number_in_words(match["words"]) != number:
            return None
        return number
    return number_in_words(text)


def read_decimal(raw: object, what: str = "answer") -> Decimal:
    """A number, kept exact, within ±10¹² and not finer than 10⁻¹²."""
    if isinstance(raw, bool):
        raise ValueProblem(f"{what} '{display(raw)}' is not a number")
    if isinstance(raw, Decimal):
        value = raw
    elif isinstance(raw, int | float):
        value = Decimal(str(raw))
    else:
        text = number_text(raw, what)
        try:
            value = Decimal(text)
        except InvalidOperation:
            raise ValueProblem(f"{what} '{display(raw)[:40]}' is not a number") from None
    if not value.is_finite():
        raise ValueProblem(f"{what} '{display(raw)[:40]}' is not a number")
    return _bounded(value, raw, what)


#: The units a Tables column is measured in, by field, each as a filer may write it after the number ('93.6 mm',
#: '24 hours'): the column's header names the unit, so only that unit is read.
_MILLIMETRES = ("millimetres", re.compile(r"\s*(?:mm|millimet(?:er|re)s?)\.?$", re.IGNORECASE))
MEASURE_UNITS: dict[str, tuple[str, re.Pattern[str]]] = {
    "discard_rack_height_mm": _MILLIMETRES,
    "discard_rack_mark_mm": _MILLIMETRES,
    "card_change_interval_hours": ("hours", re.compile(r"\s*(?:h|hrs?|hours?)\.?$", re.IGNORECASE)),
}


def measure_text(raw: str, field: str, what: str) -> str:
    """The number a Tables measure writes, without its column's unit after it ('93.6 mm' → '93.6', '24 hours' →
    '24'); another unit is refused, naming the column's."""
    if field not in MEASURE_UNITS:
        return raw
    unit, written_unit = MEASURE_UNITS[field]
    text = written_unit.sub("", raw.strip())
    if re.search(r"\d\s*[a-z]+\.?$", text, re.IGNORECASE):
        raise ValueProblem(f"{what} '{display(raw)[:40]}' is not a number of {unit}; write it in {unit}")
    return text


def read_measure(raw: object, field: str, what: str) -> Decimal:
    """A measure of a Tables column in its own unit, written as a number or with that unit after it."""
    return read_decimal(measure_text(raw, field, what) if isinstance(raw, str) else raw, what)


def money_text(raw: object) -> str:
    """The number a dollar amount writes, without its dollar sign or word ('$25,000' → '25,000', '25000 dollars' →
    '25000')."""
    return re.sub(r"\s*(?:us\s+)?dollars$", "", display(raw).replace("$", "").replace("USD", "").strip(), flags=re.I)


def amount_text(raw: str, what: str) -> str:
    """The number a written dollar amount holds, as a decimal reads it ('$10,000.00' → '10000.00'), its size and
    sign left to :func:`read_money`; text that holds none is refused."""
    text = number_text(money_text(raw), what)
    try:
        Decimal(text)
    except InvalidOperation:
        raise ValueProblem(f"{what} '{display(raw)[:40]}' is not a number") from None
    return text


def read_money(raw: object, what: str = "answer") -> Decimal:
    """A dollar amount: '$25,000', '25000', 25000.0. Negative amounts are refused."""
    value = read_decimal(raw if isinstance(raw, int | float) else money_text(raw), what)
    if value < 0:
        raise ValueProblem(f"{what} '{display(raw)}' is a negative amount of money")
    return value


def read_percentage(raw: object, what: str = "answer") -> Decimal:
    """'28%' or '28' → 28; a spreadsheet fraction 0.28 formatted as percent also reads 28."""
    if isinstance(raw, float) and 0 < raw < 1:
        return Decimal(str(raw)) * 100
    text = re.sub(r"\s*(?:%|per\s*cent|percent)$", "", display(raw).strip(), flags=re.IGNORECASE)
    return read_decimal(text, what)


def read_paytable(raw: object) -> str:
    """'A', 'Paytable A', 'Pay Table: 3', 'djwt-04' → the regulation's id ('A', '3', 'DJWT-04')."""
    from pacomply.regulations.paytable_resolution import PAYTABLE_PREFIX

    text = PAYTABLE_PREFIX.sub("", display(raw)).strip()
    if not text:
        raise ValueProblem(f"answer '{display(raw)}' names no paytable")
    return text.upper() if re.fullmatch(r"[A-Za-z]|[A-Za-z]+-\d+", text) else text


def read_date(raw: object, what: str = "date") -> date:
    """A spreadsheet date, or text in ISO (2026-11-22), US (11/22/2026, 11-22-2026) or written form (November 22,
    2026; Nov. 22, 2026; 22 November 2026)."""
    if isinstance(raw, datetime):
        return raw.date()
    if isinstance(raw, date):
        return raw
    written = display(raw)
    text = " ".join(written.replace(".", " ").replace(",", ", ").split()).replace(" ,", ",").replace("Sept ", "Sep ")
    for pattern in (
        "%Y-%m-%d",
        "%m/%d/%Y",
        "%m/%d/%y",
        "%m-%d-%Y",
        "%B %d, %Y",
        "%b %d, %Y",
        "%B %d %Y",
        "%b %d %Y",
        "%d %B %Y",
        "%d %b %Y",
    ):
        try:
            return datetime.strptime(text, pattern).date()
        except ValueError:
            continue
    raise ValueProblem(f"{what} '{written}' is not a date (expected e.g. 2026-11-22, 11/22/2026 or November 22, 2026)")


def read_choice(raw: object, choices: type[EnumType], what: str) -> EnumType:
    """One of the rulebook's choices (a shuffler, a dealing method, a piece of equipment) as the filing writes it: its
    value or the chapters' own term for it, case and spacing aside ('Automated Dealing Shoe'; the enumeration reads
    it, ``_ChapterTermChoice``)."""
    try:
        return choices(display(raw))
    except ValueError:
        pass
    expected = ", ".join(f"'{member.value}'" for member in choices)
    raise ValueProblem(f"{what} '{display(raw)}' is not one of {expected}, nor a term the chapters use for one")


def read_answer(raw: object, kind: AnswerKind) -> AnswerValue:
    """A checklist answer for its question's kind; None when blank, or (but for text) when it says the question
    does not apply ('N/A')."""
    if is_blank(raw) or (kind != AnswerKind.TEXT and display(raw).strip().lower() in NOT_APPLICABLE):
        return None
    if kind != AnswerKind.TEXT:
        refuse_formula(raw)
    match kind:
        case AnswerKind.YES_NO:
            return read_yes_no(raw)
        case AnswerKind.INTEGER:
            return read_integer(raw)
        case AnswerKind.MONEY:
            return read_money(raw)
        case AnswerKind.PAYTABLE:
            return read_paytable(raw)
        case AnswerKind.PERCENTAGE:
            return read_percentage(raw)
        case AnswerKind.TEXT:
            return read_text(raw, "the answer", MAX_NOTE_CHARACTERS)
    raise AssertionError(f"unhandled answer kind {kind}")


def wager_id(text: str) -> str:
    """'Bonus', 'Bad Beat', 'bonus_player' → the stable wager id ('bonus', 'bad_beat', 'bonus_player'), as the
    rulebook layer spells one (:func:`pacomply.regulations.paytable_resolution.wager_key`); the filing model maps a
    chapter's wager names to their ids."""
    from pacomply.regulations.paytable_resolution import wager_key

    return wager_key(text)
