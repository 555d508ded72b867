"""One payout grammar for every chapter: a payout as a filing writes it, read into its exact value.

A filer writes the same payout many ways: "9 to 1", "10 for 1", "9:1", "9-1", "9/1", "nine to one", "pays 9 to
1", "even money". Each is read
into a :class:`Payout` carrying the text as written, the form it was written in and its value as odds "to 1" (a
``Fraction``: what a winning wager of 1 wins, the stake not counted). "X for Y" counts the stake in what is paid back,
so it is worth X − Y to Y: "10 for 1" and "9 to 1" are the same payout. The rules compare values, never text, and
print a payout as the chapters write odds (:func:`pacomply.regulations.rulebook.odds_text`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum, unique
from fractions import Fraction

from pacomply.regulations.rulebook import odds_text


@unique
class PayoutForm(StrEnum):
    """How a payout was written."""

    TO = "to"
    """"9 to 1": the winnings to the stake."""
    FOR = "for"
    """"10 for 1": what is paid back, the stake included, for the stake."""
    COLON = "colon"
    """"9:1", read as "9 to 1"."""
    DASH = "dash"
    """"9-1", read as "9 to 1"."""
    FRACTION = "fraction"
    """"9/1" or "5/2", read as "9 to 1", "5 to 2"."""
    EVEN_MONEY = "even money"
    """"even money" (or "even"): 1 to 1."""


_SEPARATORS = {
    "to": PayoutForm.TO,
    "for": PayoutForm.FOR,
    ":": PayoutForm.COLON,
    "-": PayoutForm.DASH,
    "\u2013": PayoutForm.DASH,
    "/": PayoutForm.FRACTION,
}
_NUMBER = r"\d+(?:\.\d+)?"
_PAYOUT = re.compile(
    rf"^(?P<paid>{_NUMBER})\s*(?P<separator>[-\u2013]?\s*(?:to|for)\s*[-\u2013]?|:|-|\u2013|/)\s*(?P<against>{_NUMBER})$",
    re.IGNORECASE,
)
"""A number, a separator and a number; "to" and "for" may be hyphenated to the numbers ("10-to-1", "2-for-1")."""
_EVEN_MONEY = {"even money", "even"}
#: Words a payout may open or close with that change nothing: "pays 10 to 1", "at 10 to 1", "10 to 1 odds".
_FRAME = re.compile(r"^(?:(?:pays?|paid|at|odds\s+of)\s+)*(?P<payout>.*?)(?:\s+odds)?$", re.IGNORECASE)
_UNITS = [
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
    "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
]  # fmt: skip
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}
_SCALES = {"hundred": 100, "thousand": 1000}
_WORD = "|".join([*_UNITS, *_TENS, *_SCALES])
_NUMBER_WORDS = re.compile(rf"\b(?:a\s+)?(?:{_WORD})(?:[\s-]+(?:and\s+)?(?:{_WORD}))*\b", re.IGNORECASE)


def number_in_words(words: str) -> int | None:
    """'ten' → 10, 'twenty-five' → 25, 'one hundred' or 'a hundred' → 100, 'two thousand five hundred' → 2500; None
    where the words are not a number ('a', 'and', 'Paytable')."""
    total = current = 0
    split = re.split(r"[\s-]+", words.strip().lower())
    if not any(word in _UNITS or word in _TENS or word in _SCALES for word in split):
        return None  # 'a' and 'and' alone name no number
    for word in split:
        if word == "and":
            continue
        if word == "a":  # 'a hundred', 'a thousand'
            current = current or 1
        elif word in _UNITS:
            current += _UNITS.index(word)
        elif word in _TENS:
            current += _TENS[word]
        elif word == "hundred":
            current = (current or 1) * 100
        elif word == "thousand":
            total += (current or 1) * 1000
            current = 0
        else:
            return None
    return total + current


def _in_digits(written: str) -> str:
    """The payout with its number words as digits ('ten to one' → '10 to 1') and its framing words dropped."""
    frame = _FRAME.match(written)
    inner = frame["payout"] if frame is not None else written

    def digits(match: re.Match[str]) -> str:
        number = number_in_words(match.group(0))
        return str(number) if number is not None else match.group(0)

    return _NUMBER_WORDS.sub(digits, inner)


@dataclass(frozen=True, slots=True)
class Payout:
    """A payout as written in a filing, with its exact value."""

    written: str
    """The text as the filing gives it (trimmed)."""
    form: PayoutForm
    odds: Fraction
    """What a winning wager of 1 wins, the stake not counted ("10 for 1" is 9)."""

    @property
    def text(self) -> str:
        """The payout as the chapters write odds: '9 to 1', '5 to 2'."""
        return odds_text(self.odds)

    def describe(self) -> str:
        """The payout as written, with its odds where the filing wrote them another way: '10 for 1 (9 to 1)'."""
        if self.written.lower() == self.text:
            return self.text
        return f"{self.written} ({self.text})"


#: Fractions a filer may type as one character after the whole number ("1½ to 1").
_VULGAR_FRACTIONS = {"\u00bd": "1/2", "\u00bc": "1/4", "\u00be": "3/4", "\u2153": "1/3", "\u2154": "2/3"}
_WITH_VULGAR = re.compile(rf"(\d*)([{''.join(_VULGAR_FRACTIONS)}])")
#: A payout with a remark or its own restatement after it in parentheses: "even money (1:1)", "3 to 2 (a natural)".
_REMARKED = re.compile(r"^(?P<payout>[^()]+?)\s*\((?P<remark>[^()]*)\)$")


def _vulgar_in_decimals(written: str) -> str:
    """'1½' → '1.5', '¾' → '0.75' (a payout's numbers are read exactly, so only fractions a decimal ends are kept
    as decimals; ⅓ and ⅔ make the text no payout)."""

    def decimal(match: re.Match[str]) -> str:
        value = Fraction(match.group(1) or 0) + Fraction(_VULGAR_FRACTIONS[match.group(2)])
        return str(float(value)) if value.denominator in (2, 4) else match.group(0)

    return _WITH_VULGAR.sub(decimal, written)


def parse_payout(text: str) -> Payout | None:
    """The payout ``text`` writes, or None when it writes none (a paytable's name, a word, "1 for 2").

    Digits may carry thousands separators ("1,000 to 1"), a decimal point ("1.5 to 1") or a half or quarter
    ("1½ to 1"); numbers may be written in words ("ten to one"), and the payout framed by words that change nothing
    ("pays 10 to 1", "10 to 1 odds"). A remark in parentheses after it is read past ("3 to 2 (a natural)"), unless
    it writes a payout of its own that is another ("2 to 1 (3 to 2)" is no payout). "X for Y" with X below Y would
    pay back less than the stake, which no chapter writes, so it is not read as a payout.
    """
    written = " ".join(text.split())
    remarked = _REMARKED.match(written)
    if remarked is not None:
        payout = parse_payout(remarked["payout"])
        restated = parse_payout(remarked["remark"])
        if payout is None or (restated is not None and restated.odds != payout.odds):
            return None
        if restated is None and re.search(r"\d", remarked["remark"]):
            return None  # figures that are no payout ("9 to 1 (up to $5,000)"): a condition, not a remark
        return payout  # the remark set aside: the payout is described as it was written before it
    if written.lower() in _EVEN_MONEY:
        return Payout(written, PayoutForm.EVEN_MONEY, Fraction(1))
    match = _PAYOUT.match(_vulgar_in_decimals(_in_digits(written)).replace(",", ""))
    if match is None:
        return None
    paid, against = Fraction(match["paid"]), Fraction(match["against"])
    if against == 0:
        return None
    separator = match["separator"].lower()
    form = _SEPARATORS[separator if len(separator) == 1 else separator.strip("-\u2013 ")]
    if form == PayoutForm.FOR:
        if paid < against:
            return None
        paid -= against
    return Payout(written, form, paid / against)


def compare(payout: Payout, allowed: frozenset[Fraction]) -> str:
    """'an underpayment', 'an overpayment' or 'a payout the chapter does not fix' (between two allowed values) for a
    payout whose value is not allowed; '' when it is."""
    if payout.odds in allowed:
        return ""
    if all(payout.odds < value for value in allowed):
        return "an underpayment"
    if all(payout.odds > value for value in allowed):
        return "an overpayment"
    return "a payout the chapter does not fix"
