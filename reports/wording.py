"""How every report writes a number, an amount, a count and a name: one module, so the text, JSON-side summaries,
PDF and workbook of a review say the same thing the same way.

A reviewer reads "6 decks", "$2,500", "5 to 2", "a simulation of at most 99.9 million rounds", "Bad Beat Wager"
and "four of a kind"; never "6 decks" beside "1 decks", "2000.00", "9.986e+07", "10^7" or an identifier such as
``bad_beat``. Identifiers stay in the JSON document, which keeps every field as computed.
"""

from __future__ import annotations

import math
import re
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from pacomply.regulations.rulebook import plural_noun as plural_noun

#: Significant digits of a figure printed without a unit of its own (a probability, a standard deviation).
SIGNIFICANT = 6

_LARGE_NUMBER_WORDS = ((10**12, "trillion"), (10**9, "billion"), (10**6, "million"))


def count(value: float | int | Fraction | Decimal) -> str:
    """A whole count with thousands grouped: 316370 → '316,370'; 316370.0 → '316,370' (never '316370.')."""
    return f"{round(value):,}"


def counted(value: float | int, noun: str) -> str:
    """A count and its noun in the right number: '1 deck', '6 decks', '1 finding', '2,000 rounds'."""
    return f"{count(value)} {plural_noun(noun, round(value))}"


def decks(value: int) -> str:
    """'1 deck', '6 decks'."""
    return counted(value, "deck")


def large_number(value: float | int) -> str:
    """A large count in words a reviewer repeats: 2000 → '2,000'; 99_860_000 → '99.9 million'; 10**7 → '10
    million'; 1.2e9 → '1.2 billion'. Below a million the digits are written out."""
    number = float(value)
    for size, word in _LARGE_NUMBER_WORDS:
        if abs(number) >= size:
            scaled = number / size
            digits = 3 if scaled < 1000 else 4
            text = f"{scaled:.{digits}g}"
            if "e" in text:
                text = f"{scaled:,.0f}"
            return f"{text} {word}"
    return count(number)


def rounds(value: float | int) -> str:
    """A sample size: '1 round', '2,000 rounds', '10 million rounds', '99.9 million rounds'."""
    if float(value) < 10**6:
        return counted(value, "round")
    return f"{large_number(value)} rounds"


def seed(value: float | int | str) -> str:
    """A random seed as the option takes it: 2929 → '2929', 2000.0 → '2000' (no grouping, no decimals)."""
    try:
        return str(int(Decimal(str(value))))
    except (InvalidOperation, ValueError):
        return str(value)


def significant(value: float | int | Fraction | Decimal, digits: int = SIGNIFICANT) -> str:
    """A figure to ``digits`` significant digits in plain notation: 0.0000272877, 10.7843, 316,370; a whole number
    as one (2000 → '2,000', never '2,000.00', '316370.' or an exponent)."""
    number = float(value)
    if number == 0:
        return "0"
    if not math.isfinite(number):
        return str(number)
    if number.is_integer() and (not isinstance(value, Fraction) or value.denominator == 1):
        return count(number)
    magnitude = math.floor(math.log10(abs(number)))
    if magnitude >= digits - 1:
        return count(number)
    places = max(0, digits - 1 - magnitude)
    return f"{number:,.{places}f}"


def percent(value: float | Fraction | Decimal | None, places: int = 4, signed: bool = False) -> str:
    """A fraction as a percentage: 0.0560523 → '5.6052 %'; a small figure keeps four significant digits
    (0.00026750 → '0.02675 %'); with ``signed``, a change: '+0.2100 %'. None gives '' (a figure not computed is left
    out, never printed as such)."""
    if value is None:
        return ""
    number = float(value) * 100
    sign = "+" if signed and number > 0 else ""
    return f"{sign}{number:.{percent_places(number, places)}f} %"


def percent_places(number: float, places: int = 4) -> int:
    """Places after the point that show ``number`` with ``places`` decimals and at least four significant digits."""
    if number == 0 or not math.isfinite(number):
        return places
    return max(places, 3 - math.floor(math.log10(abs(number))))


def money(value: object, signed: bool = False, cents: bool = False) -> str:
    """An amount in dollars: 40000 → '$40,000'; 1234.5 → '$1,234.50'; with ``signed``, 2000 → '+$2,000' and -5 →
    '-$5'; with ``cents`` (a column of stakes and nets), always two decimals: '+$2,000.00'. Blank stays blank;
    text that is not a number is left as written."""
    if value is None or value == "":
        return ""
    try:
        amount = Decimal(str(value))
    except InvalidOperation:
        return str(value)
    if not amount.is_finite():
        return str(value)
    sign = "-" if amount < 0 else "+" if signed and amount > 0 else ""
    amount = abs(amount)
    digits = f"{amount:,.0f}" if amount == amount.to_integral_value() and not cents else f"{amount:,.2f}"
    return f"{sign}${digits}"


def odds(value: Fraction | int | float | Decimal) -> str:
    """Odds as the chapters write them: 5/2 → '5 to 2'; 25 → '25 to 1'."""
    fraction = Fraction(str(value)) if isinstance(value, float | Decimal) else Fraction(value)
    return f"{fraction.numerator:,} to {fraction.denominator:,}".replace(",", "")


def identifier_words(identifier: str) -> str:
    """An identifier a reviewer should never read, in words: 'four_of_a_kind' → 'four of a kind'."""
    return identifier.replace("_", " ").replace("-", " ").strip()


def wager_name(chapter: str, wager: str) -> str:
    """The wager as the chapter names it ('Two-Way Bad Beat Bonus Wager'); its id in words where the chapter's
    rulebook does not know it."""
    from pacomply import regulations

    try:
        return regulations.rulebook(chapter).wager(wager).name
    except (KeyError, regulations.UnknownChapterError):
        return identifier_words(wager).capitalize()


def paytable_name(paytable: str | None) -> str:
    """'paytable DJWBB-03', 'paytable 633a.13(c)'; 'paid 8 to 1' where a table wrote odds in the paytable's place
    ('tie=8 to 1'), which are no paytable; '' where the wager has no paytable."""
    from pacomply.regulations.payout import parse_payout

    if not paytable:
        return ""
    payout = parse_payout(paytable)
    if payout is not None:
        return f"paid {payout.describe()}"
    from pacomply.regulations.rulebook import paytable_words

    return paytable_words(paytable)


def wager_title(chapter: str, wager: str, paytable: str | None, deck_count: int | None) -> str:
    """'Two-Way Bad Beat Bonus Wager, paytable DJWBB-03, 1 deck' (the parts that exist)."""
    if deck_count and paytable == decks(deck_count):  # § 685a.11(c)'s '6 decks' at 6 decks: said once
        paytable = None
    parts = [wager_name(chapter, wager), paytable_name(paytable), decks(deck_count) if deck_count else ""]
    return ", ".join(part for part in parts if part)


def _power_words(match: re.Match[str]) -> str:
    return large_number(10 ** int(match.group(1)))


def _exponent_words(match: re.Match[str]) -> str:
    return large_number(float(match.group(0)))


_EXPONENT = re.compile(r"\b\d+(?:\.\d+)?e[+-]?\d+\b")
_POWER = re.compile(r"\b10\^(\d+)\b")
_SNAKE = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")


_COUNTED_MAYBE_PLURAL = re.compile(r"\b(\d[\d,]*) ([a-z]+)\((e?s)\)")


def _agreeing(match: re.Match[str]) -> str:
    number, noun, ending = match.groups()
    return f"{number} {noun}" if number == "1" else f"{number} {noun}{ending}"


_ONE_PLURAL = re.compile(r"(?<![\d.,])1 (deck|round|chunk|hand|box|card|shoe|seat|joker|batch)(?:es|s)\b")


def plain(text: str) -> str:
    """A computed sentence in words: '9.986e+07 rounds' → '99.9 million rounds', 'at 10^7' → 'at 10 million', '6
    deck(s)' → '6 decks', '1 batch(es)' → '1 batch', '1 decks' → '1 deck'."""
    if not _DIGIT.search(text):  # each of the forms below holds a digit: most cells' text has none
        return text
    text = _ONE_PLURAL.sub(r"1 \1", _COUNTED_MAYBE_PLURAL.sub(_agreeing, text))
    return _POWER.sub(_power_words, _EXPONENT.sub(_exponent_words, text))


_DIGIT = re.compile(r"\d")
_IDENTIFIER = r"(?:\d{3}a|rule-effect)(?:-[A-Za-z0-9]+)+"
#: How every id of :data:`_IDENTIFIER` starts: a sentence without it holds none, and :func:`without_reading_ids`
#: returns it as it is instead of trying its four substitutions.
_IDENTIFIER_START = re.compile(r"(?:\d{3}a|rule-effect)-[A-Za-z0-9]")
_READING_ID = re.compile(rf"(?<![\w-]){_IDENTIFIER}(?![\w-])")
#: One reading id or several joined by ' + ' (a combination of readings), as the analysis writes them.
_READING_CHAIN = rf"{_IDENTIFIER}(?: \+ {_IDENTIFIER})*"


def sentence_case_within(title: str) -> str:
    """A title that begins a sentence, made to run on inside one: its first letter lowered only where the first
    word is an ordinary word ('Which player ...' → 'which player ...'), never a name or a code ('DJWT-07 prints ...',
    'Bad Beat and Hit and Run: ...', 'Match-the-Dealer when ...', 'Pai Gow Insurance ...' stay as they are)."""
    words = title.split(" ", 2)
    first = words[0]
    if not first[:1].isupper() or any(character.isupper() or character.isdigit() for character in first[1:]):
        return title
    if len(words) > 1 and words[1][:1].isupper() and first not in {"A", "An", "The"}:
        return title
    return first[:1].lower() + title[1:]


def _reading_words(identifier: str) -> str:
    """A reading id as the reading's topic where a rulebook names it; else a Board figure's id as that figure ('the
    Board's 86.8 %'); else the id in words."""
    from pacomply import regulations

    chapter = identifier.split("-", 1)[0]
    try:
        for reading in regulations.rulebook(chapter).readings:
            if reading.id == identifier:
                return f"the reading on {sentence_case_within(reading.topic)}"
    except (regulations.UnknownChapterError, AttributeError):
        pass
    return _figure_words(identifier) or identifier_words(identifier)


def _figure_words(identifier: str) -> str:
    """A Board figure's id as the figure: 'the Board's 86.8 %'; '' where no figure has that id."""
    from pacomply.regulations import published

    try:
        figure = published.figure(identifier)
    except KeyError:
        return ""
    return f"the Board's {figure.percent} %" if figure.percent else "the Board's figure"


def _chain_words(match: re.Match[str]) -> str:
    parts = [_reading_words(part) for part in match.group(match.lastindex or 0).split(" + ")]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def without_reading_ids(text: str) -> str:
    """A computed sentence without our reading and Board-figure ids, each in words: "(1 deck, 687a-bad-beat: three
    of a kind or better)" → "(1 deck, three of a kind or better)"; "under reading 687a-bad-beat 'x'" and "688a-a +
    688a-b 'x'" → "under the reading 'x'", "the readings 'x'"; a bare id becomes the reading's topic ("searched 1
    reading (the reading on ...)") or the Board's figure ("the Board's 86.8 %: not assigned")."""
    if not _IDENTIFIER_START.search(text):
        return text
    text = re.sub(rf"\b(?:the )?readings? ({_READING_CHAIN}) '", lambda m: _the_readings(m.group(1)), text)
    text = re.sub(rf"(?<![\w-])({_READING_CHAIN}) '", lambda m: _the_readings(m.group(1)), text)
    text = re.sub(rf"(?:(?<=, )|(?<=: )|^)({_READING_CHAIN}): (?=[a-z])", _described_reading, text)
    return re.sub(rf"(?<![\w-]){_READING_CHAIN}(?![\w-])", _chain_words, text)


def _described_reading(match: re.Match[str]) -> str:
    """'687a-bad-beat: three of a kind or better' → the description alone; a Board figure's id stays, in words."""
    if any(_figure_words(part) for part in match.group(1).split(" + ")):
        return f"{_chain_words(match)}: "
    return ""


def reading_statement(text: str) -> str:
    """A reading as the analysis states it, '687a-bad-beat: It pays ...', as a reader gets it: 'What the Two-Way
    Bad Beat pays on ...: It pays ...' (the reading's topic before its choice; any other id in words)."""

    def topic(match: re.Match[str]) -> str:
        words = _reading_words(match.group(1)).removeprefix("the reading on ")
        return f"{words[:1].upper()}{words[1:]}: "

    text = re.sub(rf"(?<![\w-])({_IDENTIFIER}): (?=[A-Z'])", topic, text)
    # The readings an analysis builds in come after the engine's lead-in, which stored figures keep as it is.
    from pacomply.engine.analysis.readings import ANALYSIS_READINGS

    text = re.sub(rf"(?:^|(?<=\. )){re.escape(ANALYSIS_READINGS)}", "Readings built into the analysis — ", text)
    return without_reading_ids(text)


def reading_words(reading: str) -> str:
    """A wager's readings relied on ('687a-five-of-a-kind: ... | 687a-bad-beat: ...', ``READING_SEPARATOR``-joined),
    each as the reader gets it (:func:`reading_statement`), one sentence after another, with no id of ours."""
    from pacomply.checker.wager_math import READING_SEPARATOR

    statements = [reading_statement(part.strip()) for part in reading.split(READING_SEPARATOR)]
    return " ".join(statement if statement.endswith(".") else f"{statement}." for statement in statements)


def numbered_readings(reading: str, numbers: dict[str, int]) -> str:
    """'relies on readings [1], [3]': each reading of a row (``READING_SEPARATOR``-joined) numbered in ``numbers``,
    which gathers them for one list at the end of a report (a reading usually covers many rows)."""
    from pacomply.checker.wager_math import READING_SEPARATOR

    marks = [numbers.setdefault(part, len(numbers) + 1) for part in reading.split(READING_SEPARATOR)]
    return f"relies on {plural_noun('reading', len(marks))} {', '.join(f'[{mark}]' for mark in marks)}"


def reading_list(numbers: dict[str, int]) -> list[str]:
    """The readings gathered by :func:`numbered_readings`, each once, in words: '  [1] Topic: the choice'."""
    if not numbers:
        return []
    return ["", "Readings of the regulation relied on:"] + [
        f"  [{number}] {reading_statement(text)}" for text, number in numbers.items()
    ]


def _the_readings(chain: str) -> str:
    return "the readings '" if " + " in chain else "the reading '"


def evidence_label(key: str) -> str:
    """The heading of one piece of a verdict's evidence: 'rounds_within_two_standard_errors' → 'Rounds within two
    standard errors'."""
    return _EVIDENCE_LABELS.get(key, identifier_words(key).capitalize())


def evidence_value(value: str) -> str:
    """One piece of evidence as written: numbers in words, 'a -> b' as 'a, taken by b', identifiers in words."""
    text = re.sub(rf"(?<![\w-])({_IDENTIFIER}) -> ", lambda m: f"{_figure_words(m.group(1)) or m.group(1)} -> ", value)
    text = plain(text).replace(" -> none", ": not assigned").replace(" -> ", ": ")
    return _SNAKE.sub(lambda match: identifier_words(match.group(0)), without_reading_ids(text))


_EVIDENCE_LABELS = {
    "matched": "Figure that matches",
    "percent": "pacomply's figure",
    "places": "Board's decimal places",
    "readings": "Readings that reproduce it",
    "reading": "Reading",
    "set_decks": "One deck count for the set",
    "set_consistent": "Set consistent at that deck count",
    "exact": "pacomply's exact figure",
    "std_dev": "Standard deviation of the wager",
    "std_dev_basis": "Standard deviation basis",
    "gap_points": "Gap (percentage points)",
    "rounds_within_two_standard_errors": "Largest simulation within two standard errors",
    "standard_errors": "Gap in standard errors by simulation size",
    "why": "Why",
    "assigned_paytable": "Taken for",
    "pacomply": "pacomply's figure",
    "board": "Board's figure",
    "siblings_reproduced": "Other figures of the list reproduced",
    "assignment": "Paytable each figure was taken for",
    "solved": "Figure solved from the Board's",
    "own_standard_error_points": "pacomply's own standard error (points)",
    "joint_test": "Joint test of the list",
    "parameter": "Parameter",
    "implied": "Value the Board's figure implies",
    "solved_exactly": "Solved exactly",
    "chapter_prints": "Value the chapter prints",
    "long_run_at_implied": "Long run at the implied value",
    "nearest": "Nearest figure",
    "nearest_percent": "Nearest figure's value",
    "searched": "Searched",
}
