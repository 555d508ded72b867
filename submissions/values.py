"""Reading one value as written by a filer: Yes/No, numbers, money, paytable names, percentages, enumerations.

Each reader returns the value or raises :class:`ValueProblem` with a message a compliance officer understands;
the caller adds the location.
"""

from __future__ import annotations

import re
from datetime import date, datetime
from decimal import Decimal, InvalidOperation
from enum import StrEnum
from typing import TypeVar

from regulations.rulebook import AnswerKind
from submissions.model import AnswerValue

EnumType = TypeVar("EnumType", bound=StrEnum)


class ValueProblem(ValueError):
    """A value that is not what its field expects."""


_YES = {"yes", "y", "true", "t", "x"}
_NO = {"no", "n", "false", "f"}
_PAYTABLE_PREFIX = re.compile(r"^(pay\s*table|paytable|payout\s*table|table)\s*[:#]?\s*", re.IGNORECASE)


def display(raw: object) -> str:
    """How a raw value reads in a message."""
    if isinstance(raw, float) and raw.is_integer():
        return str(int(raw))
    return str(raw).strip()


def is_blank(raw: object) -> bool:
    """True for an empty cell or whitespace."""
    return raw is None or (isinstance(raw, str) and not raw.strip())


def read_yes_no(raw: object) -> bool:
    """Yes/No, Y/N, true/false in any case (spreadsheet booleans too)."""
    if isinstance(raw, bool):
        return raw
    text = display(raw).lower()
    if text in _YES:
        return True
    if text in _NO:
        return False
    raise ValueProblem(f"answer '{display(raw)}' is not Yes or No")


def read_integer(raw: object, what: str = "answer") -> int:
    """A whole number (a spreadsheet's 6.0 is 6)."""
    if isinstance(raw, bool):
        raise ValueProblem(f"{what} '{display(raw)}' is not a whole number")
    if isinstance(raw, int):
        return raw
    if isinstance(raw, float) and raw.is_integer():
        return int(raw)
    text = display(raw).replace(",", "")
    if re.fullmatch(r"[+-]?\d+", text):
        return int(text)
    raise ValueProblem(f"{what} '{display(raw)}' is not a whole number")


def read_decimal(raw: object, what: str = "answer") -> Decimal:
    """A number, kept exact."""
    if isinstance(raw, bool):
        raise ValueProblem(f"{what} '{display(raw)}' is not a number")
    if isinstance(raw, int | float):
        return Decimal(str(raw))
    text = display(raw).replace(",", "")
    try:
        value = Decimal(text)
    except InvalidOperation:
        raise ValueProblem(f"{what} '{display(raw)}' is not a number") from None
    if not value.is_finite():
        raise ValueProblem(f"{what} '{display(raw)}' is not a number")
    return value


def read_money(raw: object, what: str = "answer") -> Decimal:
    """A dollar amount: '$25,000', '25000', 25000.0. Negative amounts are refused."""
    text = display(raw).replace("$", "").replace("USD", "").strip() if not isinstance(raw, int | float) else raw
    value = read_decimal(text, what)
    if value < 0:
        raise ValueProblem(f"{what} '{display(raw)}' is a negative amount of money")
    return value


def read_percentage(raw: object, what: str = "answer") -> Decimal:
    """'28%' or '28' → 28; a spreadsheet fraction 0.28 formatted as percent also reads 28."""
    if isinstance(raw, float) and 0 < raw < 1:
        return Decimal(str(raw)) * 100
    text = display(raw).removesuffix("%").strip()
    return read_decimal(text, what)


def read_paytable(raw: object) -> str:
    """'A', 'Paytable A', 'Pay Table: 3', 'djwt-04' → the regulation's id ('A', '3', 'DJWT-04')."""
    text = _PAYTABLE_PREFIX.sub("", display(raw)).strip()
    if not text:
        raise ValueProblem(f"answer '{display(raw)}' names no paytable")
    return text.upper() if re.fullmatch(r"[A-Za-z]|[A-Za-z]+-\d+", text) else text


def read_date(raw: object, what: str = "date") -> date:
    """A spreadsheet date, or text in ISO (2026-11-22) or US (11/22/2026) form."""
    if isinstance(raw, datetime):
        return raw.date()
    if isinstance(raw, date):
        return raw
    text = display(raw)
    for pattern in ("%Y-%m-%d", "%m/%d/%Y", "%m/%d/%y", "%B %d, %Y"):
        try:
            return datetime.strptime(text, pattern).date()
        except ValueError:
            continue
    raise ValueProblem(f"{what} '{text}' is not a date (expected e.g. 2026-11-22 or 11/22/2026)")


def read_choice(raw: object, choices: type[EnumType], what: str) -> EnumType:
    """One of an enumeration's values, case- and space-insensitive."""
    text = " ".join(display(raw).lower().replace("_", " ").split())
    for member in choices:
        if member.value == text:
            return member
    expected = ", ".join(f"'{member.value}'" for member in choices)
    raise ValueProblem(f"{what} '{display(raw)}' is not one of {expected}")


def read_answer(raw: object, kind: AnswerKind) -> AnswerValue:
    """A checklist answer for its question's kind; None when blank."""
    if is_blank(raw):
        return None
    if kind != AnswerKind.TEXT and isinstance(raw, str) and raw.startswith("=") and len(raw) > 1:
        raise ValueProblem(f"the cell holds a formula ('{raw[:40]}'); type the answer itself")
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
            return display(raw)
    raise AssertionError(f"unhandled answer kind {kind}")


def wager_id(text: str) -> str:
    """'Bonus', 'Bad Beat', 'bonus_player' → the stable wager id ('bonus', 'bad_beat', 'bonus_player')."""
    return "_".join(text.strip().lower().replace("-", " ").replace("'", "").split())
