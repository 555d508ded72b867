"""One paytable resolution for every wager: which paytable a table's wager is paid on, and how that was decided.

In order: the paytable the table names in its Wagers column (or, for a wager the chapter prices by odds alone, the
paytable whose odds the table writes); else the paytable the checklist selects for the chapter, by a paytable
answer or by the required wager where the chapter ties each paytable to an amount (687a's $1 and $5 Progressive
wagers, § 687a.12(c)); else the wager's only paytable; else the one paytable the chapter permits at the table's deck
count. The rules and the review's wager math both resolve through :func:`resolve_paytable`, and every finding about a
resolved paytable says how it was resolved.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum, unique

from pacomply.regulations.citation import Citation
from pacomply.regulations.payout import number_in_words, parse_payout
from pacomply.regulations.rulebook import AnswerKind, PayoutKind, Paytable, Rulebook, paytable_words


@unique
class Resolution(StrEnum):
    """How a table's paytable for a wager was decided."""

    TABLE = "named by the table"
    """The table's Wagers column names it."""
    ODDS = "by the odds the table writes"
    """The wager is priced by odds alone and the table writes those odds."""
    CHECKLIST = "selected by the checklist"
    """The checklist's paytable answer for the chapter."""
    REQUIRED_WAGER = "selected by the checklist's required wager"
    """The checklist's amount for the wager, where the chapter ties each paytable to an amount."""
    ONLY = "the wager's only paytable"
    """The chapter permits one paytable for the wager."""
    DECKS = "the only one permitted at the table's deck count"
    """Every paytable of the wager is tied to deck counts and one fits the table's."""


@dataclass(frozen=True, slots=True)
class PaytableByAmount:
    """A chapter's tie of each paytable of a wager to the amount wagered, selected by a checklist money answer."""

    wager: str
    key: str
    """The checklist question whose amount selects the paytable."""
    amounts: tuple[tuple[str, Decimal], ...]
    """(paytable id, the amount it is paid on)."""
    citation: Citation


@dataclass(frozen=True, slots=True)
class ResolvedPaytable:
    """The paytable a table's wager is paid on, and how it was decided."""

    paytable: Paytable
    resolution: Resolution
    source: str = ""
    """The answer that decided it, where one did: "'progressive_wager_amount' $5"."""

    def describe(self) -> str:
        """'paytable 2 (selected by the checklist's required wager: 'progressive_wager_amount' $5)'."""
        how = self.resolution.value + (f": {self.source}" if self.source else "")
        return f"{paytable_words(self.paytable.id)} ({how})"


def money(value: object) -> Decimal | None:
    """A money answer as a Decimal, however the reader delivered it (xlsx: a number; JSON: a number or '$5')."""
    if value is None or isinstance(value, bool):
        return None
    try:
        return Decimal(str(value).replace("$", "").replace(",", "").strip())
    except ArithmeticError:
        return None


def selected_text(value: object) -> str | None:
    """A paytable answer as text: a JSON filing may give paytable 2 as a number; None when not answered."""
    if value is None or isinstance(value, bool):
        return None
    text = str(value).strip()
    return text or None


def priced_by_odds(book: Rulebook, wager_id: str) -> bool:
    """Whether every paytable of the wager is one line paid at odds, so that its odds name it (633a Three Card
    Poker, § 633a.13(k))."""
    permitted = book.paytables_for(wager_id)
    return bool(permitted) and all(
        len(paytable.rows) == 1 and paytable.rows[0].kind == PayoutKind.ODDS for paytable in permitted
    )


#: A word a filer may write before a paytable's name ('Paytable A', 'Pay Table: 3', 'Table #2').
PAYTABLE_PREFIX = re.compile(r"^(?:pay\s*table|payout\s*table|table)\s*[:#]?\s*", re.IGNORECASE)


def paytable_spelling(written: str) -> str:
    """What two spellings of one paytable name share: case, spaces, hyphens, a 'Paytable' prefix, the section
    sign and leading zeros aside ('DJWT-04', 'djwt 4', 'Paytable DJWT-04' → 'DJWT4'; '§ 633a.13(c)' →
    '633A.13(C)')."""
    text = PAYTABLE_PREFIX.sub("", written.replace("58 Pa. Code", "").replace("§", "").strip())
    text = re.sub(r"[\s_\-\u2013]+", "", text.upper())
    return re.sub(r"(?<![\d.])0+(?=\d)", "", text)


#: What a chapter prints after a paytable's name, which a filer may copy with it ('Paytable 4 ($5 wager)', §
#: 688a.12(d)).
_WAGER_LABEL = re.compile(r"\s*\([^()]*\b(?:wager|bet)\b[^()]*\)\s*$", re.IGNORECASE)

#: A subsection cited before a paytable's name ('§ 688a.12(d) Paytable 4', '688a.12(b): 2').
_LEADING_CITATION = re.compile(
    r"^\s*(?:58\s+Pa\.?\s+Code\s*)?§*\s*(?P<cited>\d{3}[a-z]\.\d+(?:\([0-9a-z]+\))*)[\s,:;\u2013-]*", re.IGNORECASE
)


def _one_spelled(choices: tuple[str, ...], written: str) -> str | None:
    key = paytable_spelling(written)
    named = [choice for choice in choices if paytable_spelling(choice) == key]
    return named[0] if len(named) == 1 else None


def spelled_choice(choices: Iterable[str], written: str) -> str | None:
    """The one of ``choices`` (paytable ids) that ``written`` names, however it is spelled
    (:func:`paytable_spelling`), with the label the chapter prints after it ('4 ($5 wager)') or its number in words
    ('Paytable Two'); None where it names none, or more than one."""
    choices = tuple(choices)
    if written in choices:
        return written
    named = _one_spelled(choices, written)
    if named is not None:
        return named
    bare = PAYTABLE_PREFIX.sub("", _WAGER_LABEL.sub("", written).strip()).strip()
    named = _one_spelled(choices, bare)
    if named is None:
        number = number_in_words(bare)
        named = _one_spelled(choices, str(number)) if number is not None else None
    return named


def cited_choice(choices: Iterable[str], citations: Iterable[Citation], written: str) -> str | None:
    """The one of ``choices`` that ``written`` names after citing the subsection that prints them ('§ 688a.12(d)
    Paytable 4'), or None: the cited subsection must be one of ``citations`` or hold it (§ 688a.12 holds
    § 688a.12(d)); a name cited from elsewhere is left for the rules to judge."""
    match = _LEADING_CITATION.match(written)
    rest = written[match.end() :] if match is not None else ""
    cited = Citation.written(match["cited"]) if match is not None and rest.strip() else None
    if cited is None:
        return None
    return spelled_choice(choices, rest) if any(citation.is_within(cited) for citation in citations) else None


#: A deck count as a filer may write it for a paytable tied to one ('6 decks', 'the 6-deck paytable', 'Six Deck').
_NAMED_BY_DECKS = re.compile(
    r"(?:(?:the|for)\s+)*(?P<count>\d+|[a-z]+)[\s-]*decks?(?:\s+(?:shoe|game|batch|paytable|pay\s*table|table))?",
    re.IGNORECASE,
)


def _deck_count_named(named: str) -> int | None:
    """The deck count a paytable name states ('6 decks', '6-deck', 'Six Deck', 'for six decks'), or None."""
    match = _NAMED_BY_DECKS.fullmatch(" ".join(named.split()))
    if match is None:
        return None
    count = match["count"]
    return int(count) if count.isdigit() else number_in_words(count)


def named_paytable(
    book: Rulebook, wager_id: str, named: str, decks: int | None = None
) -> ResolvedPaytable | None:
    """The paytable a table's entry names: by its id, however spelled (:func:`spelled_choice`); where the chapter
    ties each of the wager's paytables to a deck count, by that count however it is written ('6-deck', 'six
    decks'); by the subsection that prints it (where that subsection prints several, tied to deck counts, the one
    for the table's ``decks``); or, for a wager priced by odds alone, by its odds."""
    permitted = book.paytables_for(wager_id)
    spelled = spelled_choice((paytable.id for paytable in permitted), named) or cited_choice(
        (paytable.id for paytable in permitted), (paytable.citation for paytable in permitted), named
    )
    if spelled is not None:
        return ResolvedPaytable(book.paytable(wager_id, spelled), Resolution.TABLE)
    count = _deck_count_named(named)
    if count is not None and book.deck_fixed(wager_id):
        by_decks = [paytable for paytable in permitted if paytable.permitted_decks == frozenset({count})]
        if len(by_decks) == 1:
            return ResolvedPaytable(by_decks[0], Resolution.TABLE)
    cited = Citation.written(named)
    if cited is not None:
        by_citation = [paytable for paytable in permitted if paytable.citation == cited]
        if len(by_citation) > 1 and decks is not None and book.deck_fixed(wager_id):
            by_citation = [paytable for paytable in by_citation if decks in (paytable.permitted_decks or ())]
        if len(by_citation) == 1:
            return ResolvedPaytable(by_citation[0], Resolution.TABLE)
    payout = parse_payout(named)
    if payout is not None and priced_by_odds(book, wager_id):
        by_odds = [paytable for paytable in permitted if paytable.rows[0].amount == payout.odds]
        if by_odds:
            return ResolvedPaytable(by_odds[0], Resolution.ODDS, payout.describe())
    return None


def resolve_paytable(
    book: Rulebook,
    wager_id: str,
    named: str | None,
    decks: int,
    answer: Callable[[str], object],
    by_amount: Iterable[PaytableByAmount] = (),
) -> ResolvedPaytable | None:
    """The paytable a table offering ``wager_id`` (naming ``named``, or nothing) at ``decks`` decks is paid on, or
    None when nothing decides it. ``answer`` reads a checklist answer by key; ``by_amount`` are the chapter's ties of
    paytables to amounts."""
    if named is not None:
        return named_paytable(book, wager_id, named, decks)
    permitted = book.paytables_for(wager_id)
    question = book.paytable_question(wager_id)
    selected = selected_text(answer(question)) if question is not None else None
    if selected:
        chosen = spelled_choice((paytable.id for paytable in permitted), selected)
        if chosen is not None:
            return ResolvedPaytable(book.paytable(wager_id, chosen), Resolution.CHECKLIST, f"'{question}' {selected}")
    for tie in by_amount:
        if tie.wager != wager_id:
            continue
        amount = money(answer(tie.key))
        chosen_ids = [paytable_id for paytable_id, paid_on in tie.amounts if amount is not None and paid_on == amount]
        if chosen_ids:
            return ResolvedPaytable(
                book.paytable(wager_id, chosen_ids[0]), Resolution.REQUIRED_WAGER, f"'{tie.key}' ${amount:,}"
            )
    if len(permitted) == 1:
        return ResolvedPaytable(permitted[0], Resolution.ONLY)
    if book.deck_fixed(wager_id):
        fitting = [paytable for paytable in permitted if decks in (paytable.permitted_decks or ())]
        if len(fitting) == 1:
            return ResolvedPaytable(fitting[0], Resolution.DECKS, f"{decks} decks")
    return None


def _known_rulebook(chapter: str) -> Rulebook | None:
    from pacomply.regulations.chapters import IncompleteChapterError, UnknownChapterError

    from pacomply import regulations

    try:
        return regulations.rulebook(chapter)
    except (UnknownChapterError, IncompleteChapterError):  # reported by the checker, not while reading the filing
        return None


def paytable_id_written(chapter: str, wager_id: str, written: str, decks: int | None) -> str | None:
    """The chapter's id of the paytable a table's entry names however it is written ('DJWT-4', 'Paytable
    DJWT-04', 'Six Deck', '§ 685a.11(c)'), for the filing model to hold; None where it names none (or the chapter or
    wager is unknown), or names the wager's odds rather than a paytable: the entry is then kept as written."""
    book = _known_rulebook(chapter)
    if book is None or not book.paytables_for(wager_id):
        return None
    resolved = named_paytable(book, wager_id, written, decks)
    return resolved.paytable.id if resolved is not None and resolved.resolution == Resolution.TABLE else None


def paytable_answer_written(chapter: str, key: str, written: str) -> str | None:
    """The chapter's id of the paytable a checklist answer names however it is written, where ``key`` asks for a
    paytable and the answer names one of its choices; None otherwise (the answer is then kept as written)."""
    book = _known_rulebook(chapter)
    if book is None:
        return None
    try:
        question = book.question(key)
    except KeyError:  # a key the chapter does not ask: the checker reports it
        return None
    if question.kind != AnswerKind.PAYTABLE or not question.choices:
        return None
    return spelled_choice(question.choices, written) or cited_choice(question.choices, [question.section], written)


def wager_key(written: str) -> str:
    """A wager's name as an id is written: 'Bonus', 'Bad Beat', "King's Bounty" → 'bonus', 'bad_beat',
    'kings_bounty'."""
    return "_".join(written.strip().lower().replace("-", " ").replace("'", "").replace("\u2019", "").split())


def wager_aliases(book: Rulebook) -> dict[str, str]:
    """Each way a filer may write one of the chapter's wagers → its id: the id itself, the chapter's name for it and
    that name without the word 'Wager' ('Ace High Bonus Wager' and 'Ace High Bonus' → ace_high), each as
    :func:`wager_key` writes it. Derived from the rulebook's wager names, so a new chapter needs nothing here; a
    name two wagers would share is left out rather than guessed."""
    candidates: dict[str, set[str]] = {}
    for wager in book.wagers:
        name = wager_key(wager.name)
        for alias in {name, name.removesuffix("_wager")}:
            candidates.setdefault(alias, set()).add(wager.id)
    aliases = {alias: next(iter(ids)) for alias, ids in candidates.items() if len(ids) == 1}
    aliases.update({wager.id: wager.id for wager in book.wagers})
    return aliases


def wager_id_written(chapter: str, written: str) -> str | None:
    """The chapter's id of the wager a table's entry names by its id or its name, however cased and spaced ('Ace
    High Bonus Wager', 'ace high bonus' → ace_high); None where the chapter (or a wager of it) is unknown: the entry
    is then kept as written, for the checker to report."""
    book = _known_rulebook(chapter)
    if book is None:
        return None
    aliases = _ALIASES.get(book.version)
    if aliases is None:
        aliases = _ALIASES[book.version] = wager_aliases(book)
    return aliases.get(wager_key(written))


#: Each rulebook version's wager aliases (:func:`wager_aliases`), made once: the filing model asks for every wager of
#: every table it reads.
_ALIASES: dict[str, dict[str, str]] = {}
