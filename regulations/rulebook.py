"""The shape of a chapter's rulebook: the facts a filing is checked against, each with its citation.

A rulebook is data, not behaviour. Numbers are copied exactly from the chapter text; descriptions are our own
summaries. Where the chapter is ambiguous the rulebook carries a :class:`Reading` saying what we chose and why,
and every report shows it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from enum import StrEnum, unique
from fractions import Fraction

from pacomply.regulations.citation import Citation


def plain_term(text: str) -> str:
    """A written term compared as the chapter's: lower case, hyphens, underscores and apostrophes dropped or spaced,
    articles and punctuation removed ('From the Dealer's Hand.' → 'from dealers hand')."""
    text = text.lower().replace("_", " ").replace("-", " ").replace("\u2019", "").replace("'", "")
    return " ".join(word for word in re.sub(r"[^a-z0-9 ]", " ", text).split() if word not in {"a", "an", "the"})


class _ChapterTermChoice(StrEnum):
    """A choice a filing may write as our value ('automated shoe'), in the words a review uses for it
    (:data:`CHOICE_WORDS`: 'an automated dealing shoe') or in the chapters' other words for it
    (:data:`CHAPTER_TERMS`), case, articles and punctuation aside."""

    @classmethod
    def _missing_(cls, value: object) -> _ChapterTermChoice | None:
        if not isinstance(value, str):
            return None
        term = plain_term(value)
        for member in cls:
            if term in (member.value, plain_term(in_words(member))) or term in CHAPTER_TERMS.get(member, ()):
                return member
        return None


@unique
class Shuffler(_ChapterTermChoice):
    """How the cards at a table are shuffled (the Tables sheet's Shuffler column)."""

    NONE = "none"
    """Shuffled by hand."""
    AUTOMATED = "automated"
    """An automated card shuffling device that shuffles one batch while the other is in play."""
    CONTINUOUS = "continuous"
    """A continuous shuffler: cards return to the device after each round."""


@unique
class DealingMethod(_ChapterTermChoice):
    """Where the cards are dealt from (the Tables sheet's Dealing column)."""

    SHOE = "shoe"
    """A manual dealing shoe."""
    DOUBLE_SHOE = "double shoe"
    """A two-sided dealing shoe (blackjack, 633a)."""
    HAND = "hand"
    """From the dealer's hand."""
    AUTOMATED_SHOE = "automated shoe"
    """An automated dealing shoe that dispenses hands."""


@unique
class Equipment(_ChapterTermChoice):
    """Table equipment a chapter may require (the Tables sheet's Equipment column)."""

    CARD_READER = "card reader"
    """A device that reads the dealer's hole card for blackjack."""
    MASQUE_CARD_READER = "masque card reader"
    """The Down Under Blackjack hole-card range reader."""
    PROGRESSIVE_SYSTEM = "progressive system"
    """A progressive table game system with a meter."""
    ELECTRONIC_WAGERING_SYSTEM = "electronic wagering system"
    """An electronic wagering system with a lock-out."""
    SHAKER = "shaker"
    """Three dice in a shaker, for the starting position."""
    RNG = "rng"
    """A computerised random number generator for the starting position."""
    FLAT_BUTTON = "flat button"
    """A flat button marking the starting position."""


# The chapters' (and filers') other words for a choice, as :func:`plain_term` leaves them, beside the words a review
# uses (:data:`CHOICE_WORDS`, which a filing may write too): the chapters say 'automated card shuffling device' and
# 'continuous shuffler' (e.g. § 633a.3(b)), 'manual dealing shoe', 'automated dealing shoe', 'double shoe' and 'the
# dealer's hand' (e.g. §§ 633a.1, 688a.8–688a.10), 'card reader device' (§ 633a.2), 'Masque card reader' (685a),
# 'progressive table game system', 'electronic wagering system', 'three dice and a Pai Gow shaker' and 'a
# computerized random number generator' (e.g. § 688a.2(c)).
CHAPTER_TERMS: dict[StrEnum, frozenset[str]] = {
    Shuffler.NONE: frozenset(
        {"no", "no shuffler", "hand", "by hand", "manual", "manual shuffle", "hand shuffle", "shuffled by hand"}
    ),
    Shuffler.AUTOMATED: frozenset(
        {
            "automated shuffler",
            "automatic shuffler",
            "automated shuffling device",
            "card shuffling device",
            "shuffling device",
        }
    ),
    Shuffler.CONTINUOUS: frozenset(
        {"continuous shuffling device", "continuous card shuffling device", "continuous shuffling machine"}
    ),
    DealingMethod.SHOE: frozenset({"dealing shoe", "manual shoe"}),
    DealingMethod.DOUBLE_SHOE: frozenset({"double dealing shoe", "double sided shoe", "double sided dealing shoe"}),
    DealingMethod.HAND: frozenset({"dealer hand", "by hand", "hand dealt", "from dealers hand"}),
    DealingMethod.AUTOMATED_SHOE: frozenset({"automatic shoe", "automatic dealing shoe"}),
    Equipment.CARD_READER: frozenset({"hole card reader"}),
    Equipment.MASQUE_CARD_READER: frozenset({"masque reader", "masque card reader device"}),
    Equipment.SHAKER: frozenset({"pai gow shaker", "dice shaker", "dice and shaker"}),
    Equipment.RNG: frozenset({"random number generator", "computerised random number generator"}),
}


#: Each choice in words a reader of a review follows, the chapters' own where they have them ('an automated
#: dealing shoe', not 'automated shoe'); the value stays what a filer types.
CHOICE_WORDS: dict[StrEnum, str] = {
    Shuffler.NONE: "no shuffler (shuffled by hand)",
    Shuffler.AUTOMATED: "an automated card shuffling device",
    Shuffler.CONTINUOUS: "a continuous shuffler",
    DealingMethod.SHOE: "a manual dealing shoe",
    DealingMethod.DOUBLE_SHOE: "a double shoe",
    DealingMethod.HAND: "the dealer's hand",
    DealingMethod.AUTOMATED_SHOE: "an automated dealing shoe",
    Equipment.CARD_READER: "a card reader device",
    Equipment.MASQUE_CARD_READER: "a Masque card reader",
    Equipment.PROGRESSIVE_SYSTEM: "a progressive table game system",
    Equipment.ELECTRONIC_WAGERING_SYSTEM: "an electronic wagering system",
    Equipment.SHAKER: "three dice and a Pai Gow shaker",
    Equipment.RNG: "a computerized random number generator",
    Equipment.FLAT_BUTTON: "a flat button",
}


def in_words(choice: StrEnum) -> str:
    """A shuffler, dealing method or piece of equipment as a review says it (:data:`CHOICE_WORDS`)."""
    return CHOICE_WORDS.get(choice, choice.value)


@unique
class AnswerKind(StrEnum):
    """What a checklist answer must be."""

    YES_NO = "yes_no"
    """Yes or No (also Y/N, true/false)."""
    INTEGER = "integer"
    """A whole number."""
    MONEY = "money"
    """A dollar amount."""
    PAYTABLE = "paytable"
    """A paytable id as the chapter names it."""
    PERCENTAGE = "percentage"
    """A percentage."""
    TEXT = "text"
    """Free text."""


@unique
class PayoutKind(StrEnum):
    """How a paytable row pays."""

    ODDS = "odds"
    """Pays ``amount`` to 1 on the wager (a fraction: 5/2 is 5 to 2)."""
    PUSH = "push"
    """The wager is returned."""
    FIXED_AMOUNT = "fixed_amount"
    """Pays a dollar ``amount`` regardless of the wager (progressive fixed awards)."""
    METER_PERCENT = "meter_percent"
    """Pays ``amount`` percent of the progressive meter."""


@dataclass(frozen=True, slots=True)
class ChecklistQuestion:
    """One row of a chapter's Rules Submission checklist."""

    key: str
    section: Citation
    question: str
    kind: AnswerKind
    required: bool = True
    depends_on: str | None = None
    """Key of a Yes/No question; this one needs an answer only when that one is Yes."""
    choices: tuple[str, ...] = ()
    """For paytable answers, the ids the chapter permits."""


@dataclass(frozen=True, slots=True)
class PaytableRow:
    """One line of a paytable: an outcome and what it pays."""

    outcome: str
    kind: PayoutKind
    amount: Fraction = Fraction(0)

    def payout_text(self) -> str:
        """What the row pays, as the chapters print it: '25 to 1', '10% of meter', '$500', 'push'."""
        if self.kind == PayoutKind.ODDS:
            return odds_text(self.amount)
        if self.kind == PayoutKind.PUSH:
            return "push"
        if self.kind == PayoutKind.METER_PERCENT:
            return f"{_decimal_text(self.amount)}% of meter"
        if self.amount.denominator == 1:
            return f"${self.amount.numerator}"
        return f"${Decimal(self.amount.numerator) / Decimal(self.amount.denominator):.2f}"  # $7.50, never $15/2


#: Plural forms that are not the singular with an "s".
_IRREGULAR_PLURALS = {"hand of": "hands of", "reading": "readings", "box": "boxes", "is": "are", "was": "were"}


def plural_noun(noun: str, count: float) -> str:
    """The noun as it reads beside ``count``: 'deck' for 1, 'decks' otherwise ('box' → 'boxes', 'batch' →
    'batches'). Here, below every layer that words a count (the rules' findings, the reports)."""
    if count == 1:
        return noun
    if noun in _IRREGULAR_PLURALS:
        return _IRREGULAR_PLURALS[noun]
    if noun.endswith(("s", "x", "ch", "sh")):
        return f"{noun}es"
    if noun.endswith("y") and noun[-2:-1] not in "aeiou":
        return f"{noun[:-1]}ies"
    return f"{noun}s"


def paytable_words(paytable_id: str) -> str:
    """A paytable as a sentence names it: 'paytable A', 'paytable DJWT-04'; a paytable the chapter names by its deck
    count (§ 685a.11(c)'s '6 decks') is 'the 6-deck paytable'."""
    count = re.fullmatch(r"(\d+) decks?", paytable_id)
    return f"the {count.group(1)}-deck paytable" if count else f"paytable {paytable_id}"


def paytable_and_decks(paytable_id: str | None, decks: int) -> str:
    """'paytable C, 8 decks'; '8 decks' alone where the paytable is the one named by that deck count."""
    deck_words = f"{decks} {plural_noun('deck', decks)}"
    if not paytable_id or paytable_id == deck_words:
        return deck_words
    return f"{paytable_words(paytable_id)}, {deck_words}"


@dataclass(frozen=True, slots=True)
class Paytable:
    """A paytable the chapter permits for a wager."""

    id: str
    wager: str
    rows: tuple[PaytableRow, ...]
    citation: Citation
    permitted_decks: frozenset[int] | None = None
    """Deck counts at which the chapter permits this paytable; ``None`` means any the chapter allows."""
    name: str = ""

    def pays(self, outcome: str) -> PaytableRow:
        """The row for an outcome; raises KeyError for one the paytable does not list."""
        for row in self.rows:
            if row.outcome == outcome:
                return row
        raise KeyError(f"paytable {self.id} has no outcome '{outcome}'")


@dataclass(frozen=True, slots=True)
class Wager:
    """A wager the chapter defines, by its stable id (docs/math.md)."""

    id: str
    name: str
    required: bool
    citation: Citation
    description: str
    paytable_ids: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class DeckConfiguration:
    """One lawful way of supplying cards: how many decks in a batch, how many batches, which shufflers."""

    decks: frozenset[int]
    batches: int
    shufflers: frozenset[Shuffler]
    citation: Citation
    description: str


@dataclass(frozen=True, slots=True)
class CardChangeInterval:
    """The longest time cards may stay in use, for the dealing methods listed (all when empty)."""

    hours: int
    citation: Citation
    dealing_methods: frozenset[DealingMethod] = frozenset()


@dataclass(frozen=True, slots=True)
class Minimum:
    """A dollar floor the chapter sets (payout limits, progressive seeds, qualifying wagers)."""

    id: str
    description: str
    amount: Decimal
    citation: Citation


@dataclass(frozen=True, slots=True)
class Candidate:
    """One defensible pricing of an ambiguous passage; ``edge`` and the review price every candidate of a reading."""

    key: str
    """Stable within its reading, e.g. ``as-printed``; never reused for another meaning."""
    choice: str
    """The candidate in a few words ("natural 9 to 1, with-wild three of a kind unpaid")."""


@dataclass(frozen=True, slots=True)
class Reading:
    """Where the chapter is ambiguous: what we chose, and why. Shown in every report that relies on it."""

    id: str
    topic: str
    choice: str
    reason: str
    citation: Citation
    candidates: tuple[Candidate, ...] = ()
    """Every pricing the text admits, where more than one changes a figure; empty where the reading is the only
    one priced."""
    relied_on: str | None = None
    """The key of the candidate ``choice`` describes (the one the review uses); None without candidates."""

    def candidate(self, key: str) -> Candidate:
        """The candidate with this key; KeyError if none."""
        for candidate in self.candidates:
            if candidate.key == key:
                return candidate
        raise KeyError(f"reading {self.id} has no candidate '{key}'")


@dataclass(frozen=True, slots=True)
class LaterAmendment:
    """A change to the chapter published after the text the rulebook encodes, known but not encoded."""

    reference: str
    """Where it was published, e.g. '55 Pa.B. 261'; or the chapter that now governs a variant, e.g. '633b'."""
    published: date | None
    summary: str
    related_chapter: bool = False
    """True for a separate chapter governing a variant of the game, rather than an amendment of this one."""
    citation: Citation | None = None
    """The subsection it is known to touch, where one is known."""

    def describe(self) -> str:
        """One line: reference, date and what it does."""
        when = f" ({self.published.isoformat()})" if self.published else ""
        return f"{self.reference}{when}: {self.summary}"


@dataclass(frozen=True, slots=True)
class Rulebook:
    """Everything pacomply knows about one chapter, each fact with its citation."""

    chapter: str
    title: str
    version: str
    effective: date
    source: str
    """Where the chapter was published, e.g. '51 Pa.B. 2975'."""
    max_betting_positions: int
    betting_positions_citation: Citation
    deck_configurations: tuple[DeckConfiguration, ...]
    card_change_intervals: tuple[CardChangeInterval, ...]
    dealing_methods: frozenset[DealingMethod]
    dealing_methods_citation: Citation
    wagers: tuple[Wager, ...]
    paytables: tuple[Paytable, ...]
    checklist: tuple[ChecklistQuestion, ...]
    discard_rack_citation: Citation | None = None
    jokers_per_deck: int = 0
    minimums: tuple[Minimum, ...] = ()
    readings: tuple[Reading, ...] = ()
    notes: tuple[str, ...] = field(default_factory=tuple)
    version_basis: str = ""
    """Where the version and effective date come from, said plainly when the text itself carries no date."""
    later_amendments: tuple[LaterAmendment, ...] = ()
    """Published changes known but not encoded; every review of the chapter says so."""
    defined_terms: tuple[str, ...] = ()
    """The terms the encoded text's definitions section defines (compared with an official text's)."""
    paytable_questions: tuple[tuple[str, str], ...] = ()
    """(wager id, checklist key) where the Rules Submission selects one paytable of the wager for the chapter; a
    table that names no paytable for the wager takes the one selected (``regulations.paytable_resolution``)."""

    @property
    def amendments_not_encoded(self) -> tuple[LaterAmendment, ...]:
        """The later amendments of this chapter itself (not the related chapters)."""
        return tuple(amendment for amendment in self.later_amendments if not amendment.related_chapter)

    def question(self, key: str) -> ChecklistQuestion:
        """The checklist question with this key; KeyError if none."""
        for question in self.checklist:
            if question.key == key:
                return question
        raise KeyError(f"chapter {self.chapter} has no checklist question '{key}'")

    def wager(self, wager_id: str) -> Wager:
        """The wager with this id; KeyError if none."""
        for wager in self.wagers:
            if wager.id == wager_id:
                return wager
        raise KeyError(f"chapter {self.chapter} has no wager '{wager_id}'")

    def paytable(self, wager_id: str, paytable_id: str) -> Paytable:
        """The paytable of a wager by id; KeyError if the chapter does not permit it."""
        for paytable in self.paytables:
            if paytable.wager == wager_id and paytable.id == paytable_id:
                return paytable
        raise KeyError(f"chapter {self.chapter} permits no paytable '{paytable_id}' for wager '{wager_id}'")

    def paytables_for(self, wager_id: str) -> tuple[Paytable, ...]:
        """Every paytable the chapter permits for a wager, in the chapter's order."""
        return tuple(paytable for paytable in self.paytables if paytable.wager == wager_id)

    def paytable_question(self, wager_id: str) -> str | None:
        """The checklist key selecting the chapter's paytable for a wager, or None where the checklist selects none."""
        return next((key for wager, key in self.paytable_questions if wager == wager_id), None)

    def deck_fixed(self, wager_id: str) -> bool:
        """Whether every paytable of the wager is tied to deck counts, so that the deck count chooses among them."""
        permitted = self.paytables_for(wager_id)
        return bool(permitted) and all(paytable.permitted_decks is not None for paytable in permitted)

    def decks_for(self, wager_id: str) -> frozenset[int]:
        """The deck counts some paytable of a deck-fixed wager permits (empty for any other wager)."""
        if not self.deck_fixed(wager_id):
            return frozenset()
        return frozenset().union(*(paytable.permitted_decks or () for paytable in self.paytables_for(wager_id)))

    def reading(self, reading_id: str) -> Reading:
        """A recorded reading by id; KeyError if none."""
        for reading in self.readings:
            if reading.id == reading_id:
                return reading
        raise KeyError(f"chapter {self.chapter} records no reading '{reading_id}'")

    def minimum(self, minimum_id: str) -> Minimum:
        """A dollar floor by id; KeyError if none."""
        for minimum in self.minimums:
            if minimum.id == minimum_id:
                return minimum
        raise KeyError(f"chapter {self.chapter} sets no minimum '{minimum_id}'")

    @property
    def permitted_decks(self) -> frozenset[int]:
        """Every deck count (per batch) some configuration allows."""
        return frozenset().union(*(configuration.decks for configuration in self.deck_configurations))


def odds_text(value: Fraction | int) -> str:
    """Odds as the chapters write them: 5 to 2, 25 to 1, 1 to 2 (never 5/2 to 1)."""
    value = Fraction(value)
    return f"{value.numerator} to {value.denominator}"


def _decimal_text(value: Fraction) -> str:
    """12.5 for 25/2, 10 for 10: a percentage as a person writes it."""
    if value.denominator == 1:
        return str(value.numerator)
    return format((Decimal(value.numerator) / Decimal(value.denominator)).normalize(), "f")


def odds(to: int, against: int = 1) -> Fraction:
    """``odds(50)`` is 50 to 1; ``odds(1, 2)`` is 1 to 2."""
    return Fraction(to, against)
