"""Comparing a rulebook with the official chapter, subsection by subsection.

Every fact the rulebook encodes is looked for in the subsection it cites: betting positions, deck counts and
batches, card-change hours, dollar minimums, paytables (every payout figure, by kind and amount, including meter
seeds, rates of progression and Envy amounts where a chapter prints them beside its paytables), the wagers and
the checklist's subsections. The official text is also searched for what the rulebook lacks: a paytable heading,
a payout table, an optional wager or a defined term the rulebook does not know.

Paytables are compared as the multiset of their figures within the subsection, because copies of the Code lay
tables out differently (one cell per line, or a whole multi-column table run into one line); a changed cell then
shows as one figure the rulebook has and the text lacks, and one the other way round, each with its row label.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal
from enum import StrEnum, unique
from fractions import Fraction
from importlib import import_module

from pacomply.regulations.citation import Citation
from pacomply.regulations.official.structure import ChapterStructure, parse_structure
from pacomply.regulations.rulebook import PayoutKind, Rulebook

_NUMBER_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
    "eleven": 11, "twelve": 12,
}  # fmt: skip
_NUMBER = r"(?:\d+|" + "|".join(_NUMBER_WORDS) + r")"
_ODDS = re.compile(r"(?<![\d.,])(\d[\d,]*(?:\.\d+)?)\s*(to|for)\s*(\d+)(?![\d,])", re.IGNORECASE)
_METER = re.compile(r"(\d+(?:\.\d+)?)\s*%\s*of\s*(?:the\s+)?meter", re.IGNORECASE)
_PERCENT = re.compile(r"(?<![\d.])(\d+(?:\.\d+)?)\s*%(?!\s*of\s*(?:the\s+)?meter)", re.IGNORECASE)
_DOLLARS = re.compile(r"\$\s?(\d[\d,]*(?:\.\d\d)?)")
_PUSH = re.compile(r"\bpush\b", re.IGNORECASE)
_PAYTABLE_HEADING = re.compile(r"\bPaytable\s+([A-Z0-9][A-Z0-9-]*)\b")


@unique
class Status(StrEnum):
    """What the comparison found for one fact."""

    AGREES = "agrees"
    DIFFERS = "differs"
    OFFICIAL_ONLY = "official only"
    """The official text has it; the rulebook does not."""


@dataclass(frozen=True, slots=True)
class Check:
    """One fact compared: where, what, the rulebook's value and the official text's."""

    citation: Citation
    fact: str
    status: Status
    encoded: str
    official: str
    note: str = ""


@dataclass(frozen=True, slots=True)
class Verification:
    """Every fact of a rulebook compared with one official text."""

    chapter: str
    rulebook_version: str
    checks: tuple[Check, ...]

    @property
    def agrees(self) -> bool:
        """True when nothing differs and the official text has nothing the rulebook lacks."""
        return all(check.status == Status.AGREES for check in self.checks)

    def by_status(self, status: Status) -> tuple[Check, ...]:
        """The checks with this status, in subsection order."""
        return tuple(check for check in self.checks if check.status == status)


@dataclass(frozen=True, slots=True, order=True)
class _Figure:
    kind: str
    amount: Fraction


@dataclass(slots=True)
class _Group:
    """The encoded figures that belong to one subsection, with where each comes from."""

    citation: Citation
    names: list[str] = field(default_factory=list)
    figures: list[tuple[_Figure, str]] = field(default_factory=list)


def _number(text: str) -> int | None:
    text = text.lower()
    if text.isdigit():
        return int(text)
    return _NUMBER_WORDS.get(text)


def _amount(text: str) -> Fraction:
    return Fraction(text.replace(",", ""))


def _show(figure: _Figure) -> str:
    amount = figure.amount.numerator if figure.amount.denominator == 1 else float(figure.amount)
    if figure.kind == "odds":
        return f"{amount} to 1"
    if figure.kind == "meter":
        return f"{amount}% of meter"
    if figure.kind == "percent":
        return f"{amount}%"
    if figure.kind == "dollars":
        return f"${amount:,}"
    return "push"


def _official_figures(text: str) -> list[tuple[int, int, _Figure, _Figure | None]]:
    """(start, end, figure, the same figure read another way) for every payout figure in a stretch of text.

    'N for 1' is read as odds of N - 1 to 1, or as $N on a unit wager (the way § 645a.13(e)(1) is encoded); a bare
    percentage in a paytable is a share of the meter when the rulebook has one there.
    """
    found: list[tuple[int, int, _Figure, _Figure | None]] = []
    for match in _ODDS.finditer(text):
        left, word, right = _amount(match.group(1)), match.group(2).lower(), _amount(match.group(3))
        if word == "for":
            odds = _Figure("odds", (left - right) / right)
            found.append((match.start(), match.end(), odds, _Figure("dollars", left) if right == 1 else None))
        else:
            found.append((match.start(), match.end(), _Figure("odds", left / right), None))
    for match in _METER.finditer(text):
        found.append((match.start(), match.end(), _Figure("meter", _amount(match.group(1))), None))
    for match in _PERCENT.finditer(text):
        amount = _amount(match.group(1))
        found.append((match.start(), match.end(), _Figure("percent", amount), _Figure("meter", amount)))
    for match in _DOLLARS.finditer(text):
        found.append((match.start(), match.end(), _Figure("dollars", _amount(match.group(1))), None))
    for match in _PUSH.finditer(text):
        found.append((match.start(), match.end(), _Figure("push", Fraction(0)), None))
    return sorted(found, key=lambda item: item[0])


def _label(text: str, start: int, previous_end: int) -> str:
    """The words printed before a figure in its row (the outcome it pays), and the paytable it is under."""
    label = re.sub(r"\s+", " ", text[max(previous_end, start - 90) : start]).strip(" \t:;,")
    label = re.sub(r"^.*?\b(?:Hand Payout|Hand Pay|Pay)\b\s*", "", label)
    if not re.search(r"[A-Za-z]", label):
        # A second column: name the row by its first cell and say which column.
        line_start = text.rfind("\n", 0, start) + 1
        head = text[line_start:start]
        column = len(_ODDS.findall(head)) + len(_METER.findall(head)) + len(re.findall(r"\bn/a\b", head)) + 1
        first_cell = re.split(r"\t|\s{2,}|\s(?=\d)", head.strip(), maxsplit=1)[0]
        label = f"{first_cell} (column {column})"
    headings = [m for m in _PAYTABLE_HEADING.finditer(text, 0, start)]
    if headings:
        heading = headings[-1]
        line_end = text.find("\n", heading.end())
        heading_line = text[text.rfind("\n", 0, heading.start()) + 1 : line_end if line_end >= 0 else len(text)]
        if len(_PAYTABLE_HEADING.findall(heading_line)) == 1 and not _ODDS.search(heading_line):
            label = f"Paytable {heading.group(1)}: {label}"
    return label[-80:] or "(no label)"


def _row_figure(kind: PayoutKind, amount: Fraction) -> _Figure:
    mapping = {
        PayoutKind.ODDS: "odds", PayoutKind.PUSH: "push", PayoutKind.METER_PERCENT: "meter",
        PayoutKind.FIXED_AMOUNT: "dollars",
    }  # fmt: skip
    return _Figure(mapping[kind], Fraction(0) if kind == PayoutKind.PUSH else amount)


def _chapter_extras(book: Rulebook) -> list[tuple[Citation, _Figure, str]]:
    """Figures a chapter prints beside its paytables that the rulebook keeps in the chapter module's tables: the
    ``printed_figures()`` of the module its descriptor names (``Chapter.printed_figures_module``), where it has one."""
    from pacomply.regulations.chapters import chapter

    module_name = chapter(book.chapter).printed_figures_module
    try:
        module = import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name == module_name:
            return []  # the chapter prints no figure beside its paytables that its rulebook lacks
        raise
    return [(where, _Figure(kind, amount), label) for where, kind, amount, label in module.printed_figures()]


class _Comparison:
    def __init__(self, book: Rulebook, structure: ChapterStructure) -> None:
        self.book = book
        self.structure = structure
        self.checks: list[Check] = []
        self.relocated: set[Citation] = set()

    def add(self, citation: Citation, fact: str, status: Status, encoded: str, official: str, note: str = "") -> None:
        self.checks.append(Check(citation, fact, status, encoded, official, note))

    def text_at(self, citation: Citation) -> str | None:
        found = self.structure.find(citation.subsection)
        return None if found is None else found.text

    def missing(self, citation: Citation, fact: str, encoded: str) -> None:
        self.add(citation, fact, Status.DIFFERS, encoded, "the official text has no such subsection")

    # -- single facts ---------------------------------------------------------------------------------------------
    def positions(self) -> None:
        citation = self.book.betting_positions_citation
        text = self.text_at(citation)
        encoded = str(self.book.max_betting_positions)
        if text is None:
            self.missing(citation, "betting positions", encoded)
            return
        found = sorted(
            {
                _number(m.group(1)) or 0
                for m in re.finditer(rf"no more than ({_NUMBER})\s+(?:players|betting positions)", text, re.IGNORECASE)
            }
        )
        official = ", ".join(map(str, found)) or "no number of positions found"
        status = Status.AGREES if found == [self.book.max_betting_positions] else Status.DIFFERS
        self.add(citation, "betting positions (at most)", status, encoded, official)

    def deck_configurations(self) -> None:
        number_list = rf"(?P<list>{_NUMBER}(?:-deck)?(?:(?:,\s*|\s+or\s+|\s+and\s+|,\s*or\s+){_NUMBER}(?:-deck)?)*)"
        pattern = re.compile(rf"(?P<least>at least\s+)?{number_list}(?:-deck\b|\s+decks?\b)", re.IGNORECASE)
        for configuration in self.book.deck_configurations:
            citation = configuration.citation
            encoded_decks = sorted(configuration.decks)
            encoded = f"{', '.join(map(str, encoded_decks))} deck(s) per batch, {configuration.batches} batch(es)"
            text = self.text_at(citation)
            if text is None:
                self.missing(citation, "deck counts and batches", encoded)
                continue
            counts: set[int] = set()
            lower_bounds: set[int] = set()
            for match in pattern.finditer(text):
                numbers = {_number(word) for word in re.findall(_NUMBER, match.group("list"), re.IGNORECASE)}
                numbers.discard(None)
                (lower_bounds if match.group("least") else counts).update(n for n in numbers if n is not None)
            batches = configuration.batches
            accounted = set(encoded_decks) | {count * batches for count in encoded_decks}
            problems = []
            unexplained = sorted(counts - accounted)
            if unexplained:
                problems.append(f"deck counts {unexplained} not encoded")
            for bound in sorted(lower_bounds):
                if bound not in (min(encoded_decks), min(encoded_decks) * batches):
                    problems.append(f"at least {bound} deck(s)")
            if not counts and not lower_bounds:
                problems.append("no deck count found")
            elif counts and not (set(encoded_decks) & counts or {c * batches for c in encoded_decks} & counts):
                problems.append("none of the encoded deck counts found")
            if batches > 1 and not re.search(r"\btwo\s+(?:batches|decks)\b|\b2\s+batches\b", text, re.IGNORECASE):
                problems.append("no second batch or deck mentioned")
            official_parts = [f"{n} deck(s)" for n in sorted(counts)] + [
                f"at least {n} deck(s)" for n in sorted(lower_bounds)
            ]
            official = ", ".join(official_parts) or "no deck count"
            status = Status.DIFFERS if problems else Status.AGREES
            self.add(citation, "deck counts and batches", status, encoded, official, "; ".join(problems))

    def card_change_intervals(self) -> None:
        by_citation: dict[Citation, list[int]] = {}
        for interval in self.book.card_change_intervals:
            by_citation.setdefault(interval.citation, []).append(interval.hours)
        for citation, hours in sorted(by_citation.items()):
            encoded = ", ".join(f"{hour} hours" for hour in sorted(hours))
            text = self.text_at(citation)
            if text is None:
                self.missing(citation, "card change interval", encoded)
                continue
            found = {_number(m.group(1)) for m in re.finditer(rf"\b({_NUMBER})\s+hours?\b", text, re.IGNORECASE)}
            found.discard(None)
            official = ", ".join(f"{hour} hours" for hour in sorted(h for h in found if h is not None)) or "no hours"
            status = Status.AGREES if found == set(hours) else Status.DIFFERS
            self.add(citation, "card change interval", status, encoded, official)

    def minimums(self) -> None:
        for minimum in self.book.minimums:
            encoded = f"${minimum.amount:,}"
            text = self.text_at(minimum.citation)
            if text is None:
                self.missing(minimum.citation, f"minimum: {minimum.description}", encoded)
                continue
            found = sorted({Decimal(m.group(1).replace(",", "")) for m in _DOLLARS.finditer(text)})
            official = ", ".join(f"${amount:,}" for amount in found) or "no dollar amount"
            status = Status.AGREES if minimum.amount in found else Status.DIFFERS
            if status == Status.AGREES and len(found) > 3:
                official = f"${minimum.amount:,} (among {len(found)} dollar amounts printed there)"
            self.add(minimum.citation, f"minimum: {minimum.description}", status, encoded, official)

    def cited_subsections(self) -> None:
        """Every subsection a wager or checklist question cites must be in the official text."""
        cited: dict[Citation, list[str]] = {}
        for wager in self.book.wagers:
            cited.setdefault(wager.citation, []).append(f"wager {wager.name}")
        for question in self.book.checklist:
            cited.setdefault(question.section, []).append(f"checklist {question.key}")
        for citation in (self.book.dealing_methods_citation, self.book.discard_rack_citation):
            if citation is not None:
                cited.setdefault(citation, []).append(
                    "dealing methods" if citation == self.book.dealing_methods_citation else "discard rack"
                )
        for citation, facts in sorted(cited.items()):
            if citation.chapter != self.book.chapter:
                continue
            shown = "; ".join(facts[:4]) + (f"; and {len(facts) - 4} more" if len(facts) > 4 else "")
            if self.text_at(citation) is None and citation in self.relocated:
                self.add(
                    citation,
                    "subsection cited by " + shown,
                    Status.AGREES,
                    "cited",
                    "its paytables are printed without the paragraph marker in this copy",
                )
            elif self.text_at(citation) is None:
                self.missing(citation, "subsection cited by " + shown, "cited")
            else:
                self.add(citation, "subsection cited by " + shown, Status.AGREES, "cited", "present")

    # -- paytables ------------------------------------------------------------------------------------------------
    def paytables(self) -> None:
        groups: dict[Citation, _Group] = {}
        seen: set[tuple[object, ...]] = set()
        for paytable in self.book.paytables:
            # One printed table may serve two wagers (681a's Bonus on the Player's and the Banker's hand).
            key = (paytable.citation, paytable.id, paytable.rows)
            if key in seen:
                continue
            seen.add(key)
            group = groups.setdefault(paytable.citation, _Group(paytable.citation))
            group.names.append(paytable.name or paytable.id)
            for row in paytable.rows:
                group.figures.append(
                    (_row_figure(row.kind, row.amount), f"{paytable.name or paytable.id}: {row.outcome}")
                )
        for citation, figure, where in _chapter_extras(self.book):
            if citation in groups:
                groups[citation].figures.append((figure, where))
        known_ids = {paytable.id for paytable in self.book.paytables}
        texts = {citation: self.text_at(citation) for citation in groups}
        # A copy may lose a paragraph marker: then the tables of the lost subsection are found by their headings.
        relocated: dict[Citation, list[str]] = {}
        for citation, text in texts.items():
            if text is not None:
                continue
            ids = {paytable.id for paytable in self.book.paytables if paytable.citation == citation}
            blocks = [block for heading, block in self._heading_blocks() if heading in ids]
            if blocks:
                relocated[citation] = blocks
                self.relocated.add(citation)
        for citation, group in sorted(groups.items()):
            names = ", ".join(dict.fromkeys(group.names))
            fact = f"paytables {names}"
            encoded_count = Counter(figure for figure, _ in group.figures)
            text = texts[citation]
            if text is None and citation in relocated:
                text = "\n".join(relocated[citation])
            if text is None:
                self.missing(citation, fact, f"{sum(encoded_count.values())} figures")
                continue
            # Nested groups and relocated tables are compared on their own.
            for other in groups:
                other_text = texts[other]
                if other != citation and other_text and other_text != text and other_text in text:
                    text = text.replace(other_text, "\n")
            for other, blocks in relocated.items():
                if other != citation:
                    for block in blocks:
                        text = text.replace(block, "\n")
            note = ""
            if citation in relocated:
                note = "printed without its paragraph marker in this copy; found by its paytable headings"
            self._compare_figures(citation, fact, group, text, note)
            for heading in sorted(set(_PAYTABLE_HEADING.findall(text)) - known_ids):
                self.add(citation, "paytable heading", Status.OFFICIAL_ONLY, "not encoded", f"Paytable {heading}")
        self._unknown_payout_tables(groups)

    def _compare_figures(self, citation: Citation, fact: str, group: _Group, text: str, note: str) -> None:
        kinds = {figure.kind for figure, _ in group.figures}
        lacking = Counter(figure for figure, _ in group.figures)
        total = sum(lacking.values())
        official = _official_figures(text)
        unmatched: list[tuple[int, int, _Figure, _Figure | None]] = []
        for item in official:
            if lacking[item[2]] > 0:
                lacking[item[2]] -= 1
            else:
                unmatched.append(item)
        extra: list[tuple[int, int, _Figure]] = []
        for start, end, figure, alternative in unmatched:
            if alternative is not None and lacking[alternative] > 0:
                lacking[alternative] -= 1
            elif figure.kind in kinds:
                extra.append((start, end, figure))
        lacking = +lacking
        if not lacking and not extra:
            self.add(citation, fact, Status.AGREES, f"{total} figures", f"{total} figures", note)
            return
        for figure in sorted(lacking):
            rows = [where for encoded_figure, where in group.figures if encoded_figure == figure]
            self.add(
                citation,
                fact,
                Status.DIFFERS,
                f"{_show(figure)} ({'; '.join(rows[:3])})",
                "not printed" + (" as often" if len(rows) > lacking[figure] else ""),
                note,
            )
        ends = [end for _, end, _, _ in official]
        for start, _, figure in extra:
            previous_end = max((end for end in ends if end <= start), default=0)
            self.add(
                citation,
                fact,
                Status.DIFFERS,
                "not encoded",
                f"{_label(text, start, previous_end)} {_show(figure)}",
                note,
            )

    def _heading_blocks(self) -> list[tuple[str, str]]:
        text = self.structure.text
        headings = list(_PAYTABLE_HEADING.finditer(text))
        blocks = []
        for index, match in enumerate(headings):
            end = headings[index + 1].start() if index + 1 < len(headings) else len(text)
            marker = re.search(r"\n(?:\((?:[a-z]|\d{1,2})\)\s|§)", text[match.end() : end])
            if marker:
                end = match.end() + marker.start()
            blocks.append((match.group(1), text[match.start() : end]))
        return blocks

    def _unknown_payout_tables(self, groups: dict[Citation, _Group]) -> None:
        covered = [citation.subsection for citation in groups]
        for name, subsection in self.structure.subsections.items():
            if "(" not in name:
                continue
            if any(name == c or name.startswith(c + "(") or c.startswith(name + "(") for c in covered):
                continue
            if any(child for child in self.structure.children(name)):
                continue  # judged at the deepest level
            figures = [item for item in _official_figures(subsection.text) if item[2].kind in ("odds", "meter")]
            if len(figures) >= 3:
                shown = ", ".join(_show(item[2]) for item in figures[:6])
                self.add(
                    Citation(self.book.chapter, name),
                    "payout table",
                    Status.OFFICIAL_ONLY,
                    "not encoded",
                    f"{len(figures)} payout figures: {shown}",
                )

    # -- what the official text adds ------------------------------------------------------------------------------
    def wager_lists(self) -> None:
        parents: Counter[str] = Counter()
        for wager in self.book.wagers:
            if wager.citation.chapter == self.book.chapter and wager.citation.subsection.count("(") >= 2:
                parents[wager.citation.subsection.rsplit("(", 1)[0]] += 1
        cited = {wager.citation.subsection for wager in self.book.wagers}
        for parent, count in sorted(parents.items()):
            if count < 2:
                continue
            for child in self.structure.children(parent):
                if child not in cited:
                    text = re.sub(r"\s+", " ", self.structure.subsections[child].text)[:120]
                    self.add(
                        Citation(self.book.chapter, child), "optional wager", Status.OFFICIAL_ONLY, "not encoded", text
                    )

    def definitions(self, defined_terms: Iterable[str]) -> None:
        citation = Citation(self.book.chapter, "1")
        text = self.text_at(citation)
        encoded = {term.lower() for term in defined_terms}
        if text is None:
            self.missing(citation, "definitions", f"{len(encoded)} terms")
            return
        official = official_defined_terms(text)
        for term in official:
            if term.lower() not in encoded:
                self.add(citation, "definition", Status.OFFICIAL_ONLY, "not encoded", term)
        missing = sorted(encoded - {term.lower() for term in official})
        for term in missing:
            self.add(citation, "definition", Status.DIFFERS, term, "not defined")
        if not missing and encoded <= {term.lower() for term in official}:
            self.add(citation, "definitions", Status.AGREES, f"{len(encoded)} terms", f"{len(official)} terms")


_MEANING_STARTS = ("A", "An", "The", "When", "Any", "Each", "One", "Two", "Three", "Four", "Five", "Seven", "If")


def _term_of(line: str) -> str | None:
    """The term a definition line defines, or None when the line is not a definition."""
    line = line.strip()
    if not line or not re.match(r"[A-Z0-9]", line):
        return None
    if "—" in line[:90]:
        return line.split("—", 1)[0].strip()
    # Some copies print the dash as a hyphen; a hyphen inside a term ('Two-Way') is told apart by the word after
    # it, since a meaning starts like a sentence ('Fold-The withdrawal ...').
    candidates = [match for match in re.finditer(r"-(?=[A-Z])", line[:90])]
    for candidate in candidates:
        following = re.match(r"[A-Za-z]+", line[candidate.end() :])
        if following and following.group(0) in _MEANING_STARTS:
            return line[: candidate.start()].strip()
    return line[: candidates[0].start()].strip() if candidates else None


def official_defined_terms(section_text: str) -> list[str]:
    """The terms a definitions section defines ('Term—meaning'), in order."""
    # A copy may run two definitions into one line, the second marked '*Term*—'.
    section_text = re.sub(r"\s*\*([^*\n]{1,60})\*\s*—", r"\n\1—", section_text)
    terms = []
    for line in section_text.split("\n"):
        term = _term_of(line)
        if term and len(term) <= 80:
            terms.append(term.strip("'\"“”*"))
    return list(dict.fromkeys(term for term in terms if term))


class NotTheChapterError(Exception):
    """The text holds no section of the chapter asked for."""


def verify(book: Rulebook, text: str) -> Verification:
    """Compare a rulebook with the text of its chapter as published; :class:`NotTheChapterError` if it is not."""
    structure = parse_structure(text, book.chapter)
    if not structure.subsections:
        found = sorted(set(re.findall(r"§\.?\s*(\d{3}[a-z])\.\d+\.", text)))
        also = f" (it has sections of {', '.join(found)})" if found else ""
        raise NotTheChapterError(f"the text has no section heading like '§ {book.chapter}.1.'{also}")
    comparison = _Comparison(book, structure)
    comparison.positions()
    comparison.deck_configurations()
    comparison.card_change_intervals()
    comparison.minimums()
    comparison.paytables()
    comparison.cited_subsections()
    comparison.wager_lists()
    comparison.definitions(book.defined_terms)
    checks = sorted(comparison.checks, key=lambda check: (_order(check.citation), check.fact, check.status))
    return Verification(book.chapter, book.version, tuple(checks))


def _order(citation: Citation) -> tuple[object, ...]:
    parts = re.findall(r"\d+|[A-Za-z]+", citation.subsection)
    return tuple((0, int(part), "") if part.isdigit() else (1, 0, part) for part in parts)
