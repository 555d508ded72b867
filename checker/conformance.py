"""The conformance cases of a chapter, generated from its rulebook: filings at every boundary the law allows, and
one-step mutations of them that break exactly one constraint.

Everything here is read from the chapter's :class:`~regulations.rulebook.Rulebook` (deck configurations, dealing
methods, card change intervals, the discard rack, paytables and the decks they are tied to, dollar minimums, the
checklist), from the odds the chapter's rules module fixes for wagers paid without a paytable (``FIXED_ODDS``) and
from the cap on decks dealt from the hand its law module sets where it has one (``HAND_DEALING_MAX_DECKS``): no
number is written here twice. A :class:`Case` is one table and the checklist answers that agree with it; a
:class:`Mutation` is a case one step past a limit (or with one checklist answer against its table), with the
subsection that must be cited for it.

The test suite (``tests/conformance/``) reviews every case and mutation; ``pacomply rules --coverage`` shows, per
subsection, whether some mutation targets it (:func:`mutated_citations`), so the column comes from the same
generator as the tests, not from a list kept by hand.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from decimal import Decimal
from enum import StrEnum, unique
from fractions import Fraction

from pacomply.checker.rules.common import CARDS_PER_DECK, SHUFFLER_KEYS, FixedOdds, stack_height_mm
from pacomply.regulations.citation import Citation
from pacomply.regulations.rulebook import (
    AnswerKind,
    DealingMethod,
    DeckConfiguration,
    Equipment,
    Minimum,
    PayoutKind,
    Paytable,
    Rulebook,
    Shuffler,
)
from pacomply.submissions.model import (
    DEFAULT_CARD_THICKNESS_MM,
    Answer,
    ChapterSubmission,
    Filing,
    TableConfiguration,
    TableWager,
)

from pacomply import regulations

#: The table every case files (one table per case, so a finding's table is never in doubt).
TABLE_ID = "C-1"

#: The checklist questions that ask whether a way of dealing is used, by question key (every chapter asking one
#: uses one of these keys; a key the chapter does not ask is skipped).
_DEALING_ANSWERS: dict[str, DealingMethod] = {
    "manual_shoe": DealingMethod.SHOE,
    "manual_dealing_shoe": DealingMethod.SHOE,
    "automated_shoe": DealingMethod.AUTOMATED_SHOE,
    "automated_dealing_shoe": DealingMethod.AUTOMATED_SHOE,
    "dealt_from_hand": DealingMethod.HAND,
    "hand_dealing_offered": DealingMethod.HAND,
    "double_shoe": DealingMethod.DOUBLE_SHOE,
}

#: The checklist questions that ask whether a kind of shuffler is used, by question key (the rules' own map).
_SHUFFLER_ANSWERS: dict[str, Shuffler] = SHUFFLER_KEYS

#: The equipment a table offering a wager paid from a progressive meter lists.
_PROGRESSIVE_EQUIPMENT = (Equipment.PROGRESSIVE_SYSTEM, Equipment.ELECTRONIC_WAGERING_SYSTEM)

#: The checklist questions asking whether two batches alternate, by question key, with the batches that means.
_BATCH_ANSWERS: dict[str, int] = {"two_decks_alternating": 2}

#: The checklist question giving the decks per batch, where a chapter asks it.
_DECKS_ANSWER = "decks_per_batch"

#: The discard rack questions: the rack as tall as the stack, and the taller rack marked at the stack's height.
_RACK_EQUAL = "discard_rack_equal_height"
_RACK_TALLER = "discard_rack_taller_with_mark"

#: Each discard rack question and the other kind's.
_RACK_PAIR = {_RACK_EQUAL: _RACK_TALLER, _RACK_TALLER: _RACK_EQUAL}

#: How much shorter than the stack a rack is made to fall below it (beyond any tolerance a review applies).
_RACK_SHORT_BY = Decimal("0.8")
#: How much taller than the stack a marked rack is made.
_RACK_TALLER_BY = Decimal("1.25")


@unique
class ConstraintKind(StrEnum):
    """What a constraint limits."""

    POSITIONS = "betting positions"
    """The most betting positions a table may have."""
    DECKS = "decks per batch"
    """The deck counts a deck configuration allows."""
    BATCHES = "batches and shuffler"
    """How many batches go with which shuffler."""
    CHANGE_INTERVAL = "card change interval"
    """The longest time cards stay in use."""
    DEALING = "dealing method"
    """The ways of dealing the chapter provides for."""
    DISCARD_RACK = "discard rack"
    """The rack's height against the stack of cards."""
    PAYTABLE_DECKS = "paytable at a deck count"
    """A paytable the chapter ties to deck counts."""
    MINIMUM = "dollar minimum"
    """A payout limit, meter seed or qualifying wager the chapter sets a floor for."""
    PAYOUT_ODDS = "payout odds"
    """The odds a wager is paid at, written in the Wagers column."""
    HAND_DEALING = "dealing from the hand"
    """A game dealt from the hand: a shuffling device, and at most the decks the chapter allows in one batch."""
    HAND_DECKS_PER_GAME = "decks dealt from the hand per game"
    """The decks a game dealt from the hand uses, counted over both batches where two alternate."""
    PAYTABLE_AGREES = "table's paytable agrees with the checklist's"
    """The paytable a table names for a wager is the one the checklist selects for the chapter."""
    SELECTION_AGREES = "table's option agrees with the checklist's selection"
    """A table using another option the chapter permits than the one the checklist selects (its deck count): lawful
    once a separate submission explains it, so reported, as a warning, rather than refused."""
    CHECKLIST_AGREES = "checklist agrees with the tables"
    """A checklist answer the Tables sheet shows (the shuffler, the way of dealing, the decks, a wager offered, the
    kind of discard rack)."""


@dataclass(frozen=True, slots=True)
class Constraint:
    """One requirement of the rulebook that a filing can break in one step."""

    chapter: str
    id: str
    """Stable within the chapter, e.g. ``decks:633a.3(a)`` or ``minimum:bad_beat_reset``."""
    kind: ConstraintKind
    citation: Citation
    """The subsection a finding for it must cite."""
    description: str


@dataclass(frozen=True, slots=True)
class Case:
    """One generated filing of a chapter: a single table and the checklist answers that agree with it."""

    chapter: str
    name: str
    """Stable and unique within the chapter (a test id)."""
    table: tuple[tuple[str, object], ...]
    """The table's fields (TableConfiguration names); the rest come from the chapter's template table, whose
    equipment the case's adds to."""
    answers: tuple[tuple[str, object], ...] = ()
    """Checklist answers set by the case; the rest come from the template filing's answers."""

    def table_fields(self) -> dict[str, object]:
        """The table's fields as a dict."""
        return dict(self.table)


@dataclass(frozen=True, slots=True)
class Mutation:
    """A case one step past one constraint: it must be reported as an error citing the constraint's subsection,
    on the case's table."""

    constraint: Constraint
    case: Case
    change: str
    """The step, in a few words ("one deck more: 9")."""
    on_table: bool = True
    """Whether the step changes the table (its finding names the table); False for an amount stated only in the
    checklist."""

    @property
    def citation(self) -> Citation:
        """The subsection a finding must cite."""
        return self.constraint.citation


@dataclass(frozen=True, slots=True)
class Suite:
    """Everything generated for one chapter."""

    chapter: str
    constraints: tuple[Constraint, ...]
    compliant: tuple[Case, ...]
    """Filings at the boundaries the rulebook allows; each must draw no error."""
    written_odds: tuple[Case, ...]
    """Filings writing the right payout of an odds-priced wager in each odds form; each must draw no error."""
    mutations: tuple[Mutation, ...]
    implied_paytables: tuple[Case, ...] = ()
    """Filings offering a wager without naming its paytable where the checklist's other answers decide it (a
    progressive's paytable chosen by the required wager the checklist states); each must draw no error."""
    implied_mutations: tuple[Mutation, ...] = ()
    """Those filings one step below a minimum of the paytable so decided."""

    @property
    def unmutated(self) -> tuple[Constraint, ...]:
        """The constraints no mutation breaks."""
        broken = {mutation.constraint.id for mutation in (*self.mutations, *self.implied_mutations)}
        return tuple(constraint for constraint in self.constraints if constraint.id not in broken)

    @property
    def mutated_citations(self) -> frozenset[Citation]:
        """The subsections some mutation must be reported under."""
        return frozenset(mutation.citation for mutation in (*self.mutations, *self.implied_mutations))


def suite(chapter: str) -> Suite:
    """The constraints, compliant cases and mutations of a chapter, generated from its rulebook."""
    book = regulations.rulebook(chapter)
    return _Generator(book, fixed_odds(chapter)).suite()


def mutated_citations(chapter: str) -> frozenset[Citation]:
    """The subsections of a chapter that the conformance suite breaks by a one-step mutation."""
    return suite(chapter).mutated_citations


def filing(case: Case, template: Filing) -> Filing:
    """The case as a filing: the template's metadata, its answers for the chapter with the case's on top (answers
    to questions whose condition the case answers No are left blank), and one table, the template's first table of
    the chapter with the case's fields on top."""
    book = regulations.rulebook(case.chapter)
    submission = template.chapters.get(case.chapter)
    values: dict[str, object] = (
        {key: answer.value for key, answer in submission.answers.items()} if submission is not None else {}
    )
    values.update(dict(case.answers))
    for question in book.checklist:
        if question.depends_on is not None and values.get(question.depends_on) is False:
            values[question.key] = None
    answers = {key: _answer(key, value) for key, value in values.items()}
    base = template.tables_for(case.chapter)
    fields: dict[str, object] = base[0].model_dump(exclude={"locations"}) if base else {}
    own = case.table_fields()
    if "equipment" in own:
        # The case adds equipment to the template's (a card reader every table of the chapter needs stays).
        own["equipment"] = tuple(dict.fromkeys((*fields.get("equipment", ()), *own["equipment"])))  # type: ignore[misc]
    fields.update(own)
    fields["table_id"] = TABLE_ID
    fields["chapter"] = case.chapter
    table = TableConfiguration(**fields)  # type: ignore[arg-type]
    return template.model_copy(
        update={
            "chapters": {case.chapter: ChapterSubmission(chapter=case.chapter, answers=answers)},
            "tables": (table,),
        }
    )


def _answer(key: str, value: object) -> Answer:
    text = "" if value is None else "Yes" if value is True else "No" if value is False else str(value)
    return Answer(key=key, text=text, value=value)  # type: ignore[arg-type]


def fixed_odds(chapter: str) -> Mapping[str, FixedOdds]:
    """The odds the chapter's rules fix for wagers paid without a paytable (wager id → FixedOdds)."""
    from pacomply.regulations import chapters

    fixed = chapters.chapter(chapter).hook("rules", "FIXED_ODDS")
    return dict(fixed or {})


def odds_forms(odds: Fraction) -> tuple[tuple[str, str], ...]:
    """The ways a filer writes a payout of ``odds`` to 1: (form name, text). "X for Y" counts the stake."""
    to, against = odds.numerator, odds.denominator
    return (
        ("to", f"{to} to {against}"),
        ("for", f"{to + against} for {against}"),
        ("colon", f"{to}:{against}"),
        ("hyphen", f"{to}-{against}"),
    )


def _wrong_odds(odds: Fraction, permitted: frozenset[Fraction]) -> Fraction:
    """One step (a unit of the odds' denominator) below the odds, an underpayment; where that is nothing or another
    permitted payout, the first step above that none permits, an overpayment."""
    step = Fraction(1, odds.denominator)
    wrong = odds - step
    while wrong in permitted or wrong <= 0:
        wrong = wrong - step if wrong > step else odds + step
        if wrong in permitted:
            wrong += step
    return wrong


#: Whether a citation is the enclosing subsection or a paragraph of it (:meth:`Citation.is_within`).
within = Citation.is_within


def _lettered(citation: Citation) -> Citation:
    """The lettered subsection a paragraph belongs to: § 633a.13(j) for § 633a.13(j)(1)."""
    head, bracket, rest = citation.subsection.partition("(")
    return Citation(citation.chapter, f"{head}{bracket}{rest.split(')')[0]})" if bracket else head)


def _slug(text: object) -> str:
    return str(text).replace(" ", "-").replace("(", "").replace(")", "").replace(".", "_")


class _Generator:
    def __init__(self, book: Rulebook, fixed_odds: Mapping[str, FixedOdds]) -> None:
        self.book = book
        self.fixed_odds = fixed_odds
        self.asked = {question.key: question for question in book.checklist}

    # The pieces of a table ------------------------------------------------------------------------------------

    def stack_height(self, decks: int) -> Decimal:
        return stack_height_mm(decks, CARDS_PER_DECK + self.book.jokers_per_deck, DEFAULT_CARD_THICKNESS_MM)

    def interval_for(self, dealing: DealingMethod) -> tuple[int, Citation] | None:
        specific = [i for i in self.book.card_change_intervals if dealing in i.dealing_methods]
        general = [i for i in self.book.card_change_intervals if not i.dealing_methods]
        chosen = specific or general
        if not chosen:
            return None
        interval = min(chosen, key=lambda i: i.hours)
        return interval.hours, interval.citation

    def base_dealing(self) -> DealingMethod:
        methods = self.book.dealing_methods
        return DealingMethod.SHOE if DealingMethod.SHOE in methods else sorted(methods)[0]

    def base_configuration(self) -> tuple[DeckConfiguration, int, Shuffler]:
        configuration = self.book.deck_configurations[0]
        shuffler = Shuffler.NONE if Shuffler.NONE in configuration.shufflers else sorted(configuration.shufflers)[0]
        return configuration, min(configuration.decks), shuffler

    def configuration_for(self, decks: int) -> tuple[DeckConfiguration, Shuffler]:
        """The first configuration allowing a deck count, with its first shuffler (by hand where allowed)."""
        for configuration in self.book.deck_configurations:
            if decks in configuration.decks:
                shufflers = configuration.shufflers
                return configuration, Shuffler.NONE if Shuffler.NONE in shufflers else sorted(shufflers)[0]
        raise ValueError(f"chapter {self.book.chapter} allows no configuration with {decks} deck(s)")

    def table(
        self,
        *,
        decks: int | None = None,
        batches: int | None = None,
        shuffler: Shuffler | None = None,
        dealing: DealingMethod | None = None,
        wagers: tuple[TableWager, ...] = (),
        extra: Mapping[str, object] | None = None,
    ) -> dict[str, object]:
        """A table at the rulebook's limits: the most positions, a rack as tall as the stack, cards changed at the
        longest interval allowed for its way of dealing; ``extra`` sets other fields last."""
        configuration, base_decks, base_shuffler = self.base_configuration()
        if decks is not None and batches is None:
            configuration, base_shuffler = self.configuration_for(decks)
        decks = base_decks if decks is None else decks
        batches = configuration.batches if batches is None else batches
        shuffler = base_shuffler if shuffler is None else shuffler
        dealing = self.base_dealing() if dealing is None else dealing
        # A way of dealing the chapter does not provide for has no interval of its own: keep the usual one.
        interval = self.interval_for(dealing) or self.interval_for(self.base_dealing())
        fields: dict[str, object] = {
            "betting_positions": self.book.max_betting_positions,
            "decks": decks,
            "batches": batches,
            "shuffler": shuffler,
            "dealing": dealing,
            "card_change_interval_hours": Decimal(interval[0]) if interval else None,
            "wagers": wagers,
            "payout_limit": None,
            "progressive_reset": None,
        }
        if self.book.discard_rack_citation is not None:
            fields["discard_rack_height_mm"] = self.stack_height(decks)
            fields["discard_rack_mark_mm"] = None
        fields.update(extra or {})
        return fields

    def answers_for(self, fields: Mapping[str, object], **overrides: object) -> dict[str, object]:
        """The checklist answers that agree with a table: its shuffler, its way of dealing, its decks, the wagers it
        offers and their paytables, its kind of discard rack."""
        answers: dict[str, object] = {}
        for key, shuffler in _SHUFFLER_ANSWERS.items():
            if key in self.asked:
                answers[key] = fields["shuffler"] == shuffler
        if "continuous_shuffler" not in self.asked and "automated_shuffler" in self.asked:
            # A chapter asking only whether a shuffling device is used counts a continuous one as such a device.
            answers["automated_shuffler"] = fields["shuffler"] != Shuffler.NONE
        for key, dealing in _DEALING_ANSWERS.items():
            if key in self.asked:
                answers[key] = fields["dealing"] == dealing
        if _DECKS_ANSWER in self.asked:
            answers[_DECKS_ANSWER] = fields["decks"]
        for key, batches in _BATCH_ANSWERS.items():
            if key in self.asked:
                answers[key] = fields["batches"] == batches
        if self.book.discard_rack_citation is not None:
            marked = fields.get("discard_rack_mark_mm") is not None
            if _RACK_EQUAL in self.asked:
                answers[_RACK_EQUAL] = not marked
            if _RACK_TALLER in self.asked:
                answers[_RACK_TALLER] = marked
        offered = {table_wager.wager: table_wager for table_wager in fields["wagers"]}  # type: ignore[attr-defined]
        for wager in self.book.wagers:
            if wager.required:
                continue
            offered_key = self.offered_key(wager.id)
            if offered_key is not None:
                answers[offered_key] = wager.id in offered
        for wager_id, key in self.book.paytable_questions:
            if not any(other == wager_id or self.book.paytable_question(other) == key for other in offered):
                answers[key] = None
        for wager_id, table_wager in offered.items():
            paytable_key = self.book.paytable_question(wager_id)
            if paytable_key is not None and table_wager.paytable is not None:
                answers[paytable_key] = table_wager.paytable
        answers.update(overrides)
        return answers

    def offered_key(self, wager_id: str) -> str | None:
        """The Yes/No question asking whether an optional wager is offered: the one of the wager's subsection."""
        wager = self.book.wager(wager_id)
        return next(
            (q.key for q in self.book.checklist if q.kind == AnswerKind.YES_NO and q.section == wager.citation), None
        )

    def companions(self, wager_id: str) -> tuple[str, ...]:
        """The wagers a table must offer beside this one: those whose offered-question this one's depends on (Super
        Match is asked only of a Blackjack Switch table)."""
        key = self.offered_key(wager_id)
        if key is None or self.asked[key].depends_on is None:
            return ()
        condition = self.asked[key].depends_on
        return tuple(
            wager.id for wager in self.book.wagers if not wager.required and self.offered_key(wager.id) == condition
        )

    def offer(self, paytable: Paytable, named: bool = True) -> tuple[TableWager, ...]:
        """The Wagers column offering a paytable's wager (naming the paytable, or not), with its companions."""
        own = TableWager(wager=paytable.wager, paytable=paytable.id if named else None)
        return (own, *(TableWager(wager=companion) for companion in self.companions(paytable.wager)))

    def case(self, name: str, fields: Mapping[str, object], **answers: object) -> Case:
        return Case(
            self.book.chapter,
            name,
            tuple(sorted(fields.items())),
            tuple(sorted(self.answers_for(fields, **answers).items())),
        )

    # Compliant cases ------------------------------------------------------------------------------------------

    def compliant(self) -> Iterator[Case]:
        book = self.book
        # Each permitted deck configuration × deck count × shuffler × way of dealing, at the most positions, the
        # longest card change interval and a rack as tall as the stack.
        for index, configuration in enumerate(book.deck_configurations):
            for decks in sorted(configuration.decks):
                for shuffler in sorted(configuration.shufflers):
                    for dealing in sorted(book.dealing_methods):
                        if not self.hand_allows(dealing, decks, shuffler, configuration.batches):
                            continue
                        fields = self.table(decks=decks, batches=configuration.batches, shuffler=shuffler,
                                            dealing=dealing)  # fmt: skip
                        yield self.case(
                            f"config{index}-{decks}d-{configuration.batches}b-{_slug(shuffler)}-{_slug(dealing)}",
                            fields,
                        )
        # Each kind of rack: the taller rack marked at the stack's height (the equal one is in every case above).
        if book.discard_rack_citation is not None:
            _, decks, _ = self.base_configuration()
            stack = self.stack_height(decks)
            fields = self.table(
                extra={"discard_rack_height_mm": stack * _RACK_TALLER_BY, "discard_rack_mark_mm": stack}
            )
            yield self.case("rack-taller-with-mark", fields)
        # Each paytable at each deck count it is permitted at (named in the table), and where the checklist
        # selects the chapter's paytable, the same table naming none.
        for paytable in book.paytables:
            for decks in self.paytable_decks(paytable):
                fields = self.table(decks=decks, wagers=self.offer(paytable), extra=self.paytable_fields(paytable))
                answers = self.paytable_answers(paytable)
                yield self.case(f"paytable-{_slug(paytable.wager)}-{_slug(paytable.id)}-{decks}d", fields, **answers)
                if book.paytable_question(paytable.wager) is not None:
                    unnamed = self.table(decks=decks, wagers=self.offer(paytable, named=False),
                                         extra=self.paytable_fields(paytable))  # fmt: skip
                    key = book.paytable_question(paytable.wager) or ""
                    yield self.case(
                        f"paytable-{_slug(paytable.wager)}-{_slug(paytable.id)}-{decks}d-from-checklist",
                        unnamed,
                        **(answers | {key: paytable.id}),
                    )
        # Each dollar minimum exactly at its floor.
        for minimum in book.minimums:
            placed = self.minimum_case(minimum, minimum.amount)
            if placed is not None:
                yield self.case(f"minimum-{_slug(minimum.id)}-at-{minimum.amount}", placed[0], **placed[1])

    def hand_allows(self, dealing: DealingMethod, decks: int, shuffler: Shuffler, batches: int) -> bool:
        """Whether cards may be dealt from the hand with these decks, batches and shuffler. The rulebook holds no
        field for it: every chapter dealing from the hand requires a shuffling device for it, and a chapter may cap
        the decks used in a game dealt from the hand (its rulebook module's ``HAND_DEALING_MAX_DECKS``), counted
        over both batches where two alternate, since both are used in the game."""
        if dealing != DealingMethod.HAND:
            return True
        most = self.hand_most()
        return shuffler != Shuffler.NONE and (most is None or decks * batches <= most)

    def hand_most(self) -> int | None:
        """The most decks a game dealt from the hand may use, where the chapter caps them."""
        from pacomply.regulations import chapters

        most = chapters.chapter(self.book.chapter).hook("rulebook", "HAND_DEALING_MAX_DECKS")
        return most if isinstance(most, int) else None

    def hand_question(self) -> str | None:
        """The checklist question asking whether cards are dealt from the hand, where the chapter asks it."""
        return next(
            (key for key, method in _DEALING_ANSWERS.items() if method == DealingMethod.HAND and key in self.asked),
            None,
        )

    def paytable_decks(self, paytable: Paytable) -> tuple[int, ...]:
        permitted = self.book.permitted_decks
        decks = permitted if paytable.permitted_decks is None else paytable.permitted_decks & permitted
        return tuple(sorted(decks))

    def minimums_of(self, paytable: Paytable) -> tuple[Minimum, ...]:
        """The minimums tied to one paytable: same subsection, and the paytable's id among the minimum id's words."""
        words = lambda text: set(text.replace("-", "_").split("_"))  # noqa: E731
        return tuple(
            minimum
            for minimum in self.book.minimums
            if minimum.citation == paytable.citation and paytable.id in words(minimum.id)
        )

    def paytable_fields(self, paytable: Paytable) -> dict[str, object]:
        """Table fields a paytable needs: a meter paytable's reset at its seed (the minimum tied to it)."""
        fields: dict[str, object] = {}
        if any(row.kind == PayoutKind.METER_PERCENT for row in paytable.rows):
            # A meter's wager needs the progressive system and the wagering system that locks wagers out.
            fields["equipment"] = _PROGRESSIVE_EQUIPMENT
            seeds = [m.amount for m in self.minimums_of(paytable) if self.minimum_place(m)[1] == "progressive_reset"]
            if seeds:
                fields["progressive_reset"] = max(seeds)
        return fields

    def paytable_answers(self, paytable: Paytable) -> dict[str, object]:
        """Checklist answers a paytable needs: the minimums tied to it that the checklist states, at their floor."""
        answers: dict[str, object] = {}
        for minimum in self.minimums_of(paytable):
            key, _ = self.minimum_place(minimum)
            if key is not None:
                answers[key] = minimum.amount
        return answers

    def minimum_place(self, minimum: Minimum) -> tuple[str | None, str | None]:
        """Where a filing states the amount a minimum limits: (checklist key, table field), either None.

        The checklist question is the money question of the minimum's subsection (sharing most words with its id
        where there are several); the table field is the progressive reset for a meter's seed or reset, the
        payout limit for a payout limit.
        """
        wager_words = {word for wager in self.book.wagers for word in wager.id.split("_")}
        words = set(minimum.id.replace("-", "_").split("_")) - wager_words
        questions = [
            question
            for question in self.book.checklist
            if question.kind == AnswerKind.MONEY and within(minimum.citation, question.section)
        ]
        questions.sort(key=lambda question: -len(words & set(question.key.split("_"))))
        key = questions[0].key if questions and words & set(questions[0].key.split("_")) else None
        field = None
        if words & {"reset", "seed"}:  # the table's Progressive Reset column
            field = "progressive_reset"
        elif "payout" in words:
            field = "payout_limit"
        return key, field

    def minimum_wagers(self, minimum: Minimum) -> tuple[TableWager, ...]:
        """The wager a minimum belongs to (its paytable's subsection encloses the minimum's), offered on the
        paytable the minimum is tied to; none for a chapter-wide minimum."""
        for paytable in self.book.paytables:
            if minimum in self.minimums_of(paytable):
                return self.offer(paytable)
        for paytable in self.book.paytables:
            if within(minimum.citation, _lettered(paytable.citation)) and minimum.citation != paytable.citation:
                return self.offer(paytable)
        return ()

    def minimum_case(self, minimum: Minimum, amount: Decimal) -> tuple[dict[str, object], dict[str, object]] | None:
        key, field = self.minimum_place(minimum)
        if key is None and field is None:
            return None
        wagers = self.minimum_wagers(minimum)
        decks = None
        if wagers:
            paytable = self.book.paytable(wagers[0].wager, wagers[0].paytable or "")
            decks = self.paytable_decks(paytable)[0]
            overrides = self.paytable_fields(paytable)
            answers = self.paytable_answers(paytable)
        else:
            overrides, answers = {}, {}
        if field is not None:
            overrides[field] = amount
        if key is not None:
            answers[key] = amount
            # The subsection's other amounts at their least, so that the floor itself is what governs (a payout
            # floor that grows with the largest side wager is at its floor only when that wager is small).
            for question in self.book.checklist:
                if question.kind == AnswerKind.MONEY and question.section == self.asked[key].section:
                    answers.setdefault(question.key, Decimal(1))
        return self.table(decks=decks, wagers=wagers, extra=overrides), answers

    # Constraints and their mutations ------------------------------------------------------------------------

    def constraint(self, constraint_id: str, kind: ConstraintKind, citation: Citation, description: str) -> Constraint:
        return Constraint(self.book.chapter, constraint_id, kind, citation, description)

    def mutations(self) -> Iterator[tuple[Constraint, Mutation | None]]:
        """Each constraint with each of its one-step mutations (None for a constraint no filing can break in one
        step, so that it is still counted)."""
        book = self.book
        base = self.table()

        positions = self.constraint("positions", ConstraintKind.POSITIONS, book.betting_positions_citation,
                                    f"at most {book.max_betting_positions} betting positions")  # fmt: skip
        more = book.max_betting_positions + 1
        yield positions, self.mutation(positions, f"one position more: {more}", base | {"betting_positions": more})

        for configuration in book.deck_configurations:
            constraint = self.constraint(f"decks:{configuration.citation.short}:{configuration.batches}",
                                         ConstraintKind.DECKS, configuration.citation,
                                         configuration.description)  # fmt: skip
            same = [c for c in book.deck_configurations if c.batches == configuration.batches]
            allowed = set().union(*(c.decks for c in same))
            shuffler = sorted(configuration.shufflers)[0]
            steps = [(max(configuration.decks) + 1, "one deck more"), (min(configuration.decks) - 1, "one deck fewer")]
            produced = False
            for decks, step in steps:
                if decks < 1 or decks in allowed:
                    continue
                fields = self.table(batches=configuration.batches, shuffler=shuffler) | {"decks": decks}
                if book.discard_rack_citation is not None:
                    fields["discard_rack_height_mm"] = self.stack_height(decks)
                produced = True
                yield constraint, self.mutation(constraint, f"{step}: {decks}", fields)
            if not produced:
                yield constraint, None

        two = [c for c in book.deck_configurations if c.batches == 2]
        batch_citation = (two or list(book.deck_configurations))[0].citation
        batches = self.constraint("batches", ConstraintKind.BATCHES, batch_citation,
                                  "how many batches go with which shuffler")  # fmt: skip
        produced = False
        most = max(c.batches for c in book.deck_configurations)
        for configuration in book.deck_configurations:
            if configuration.batches != most:
                continue
            shuffler = sorted(configuration.shufflers)[0]
            decks = min(configuration.decks)
            fields = self.table(decks=decks, batches=most + 1, shuffler=shuffler)
            produced = True
            yield batches, self.mutation(batches, f"one batch more: {most + 1}", fields)
        for shuffler in sorted(Shuffler):
            for count in sorted({c.batches for c in book.deck_configurations}):
                if shuffler == Shuffler.NONE or any(
                    c.batches == count and shuffler in c.shufflers for c in book.deck_configurations
                ):
                    continue
                if not any(shuffler in c.shufflers for c in book.deck_configurations):
                    continue  # a shuffler the chapter never uses is refused by its own subsection
                configuration = next(c for c in book.deck_configurations if c.batches == count)
                fields = self.table(decks=min(configuration.decks), batches=count, shuffler=shuffler)
                produced = True
                yield batches, self.mutation(batches, f"{shuffler.value} shuffler with {count} batch(es)", fields)
        if not produced:
            yield batches, None

        for interval in book.card_change_intervals:
            constraint = self.constraint(
                f"interval:{interval.citation.short}:{interval.hours}",
                ConstraintKind.CHANGE_INTERVAL,
                interval.citation,
                f"cards changed at least every {interval.hours} h",
            )
            methods = sorted(interval.dealing_methods or book.dealing_methods)
            produced = False
            for dealing in methods:
                if dealing not in book.dealing_methods:
                    continue
                limit = self.interval_for(dealing)
                if limit is None or limit[1] != interval.citation or limit[0] != interval.hours:
                    continue  # a more specific interval governs this way of dealing
                fields = self.dealt(dealing)
                fields["card_change_interval_hours"] = Decimal(interval.hours + 1)
                produced = True
                yield (
                    constraint,
                    self.mutation(
                        constraint, f"one hour over, dealt by {dealing.value}: {interval.hours + 1} h", fields
                    ),
                )
            if not produced:
                yield constraint, None

        dealing_constraint = self.constraint("dealing", ConstraintKind.DEALING, book.dealing_methods_citation,
                                             "the ways of dealing the chapter provides for")  # fmt: skip
        produced = False
        for dealing in sorted(DealingMethod):
            if dealing in book.dealing_methods:
                continue
            fields = self.table(dealing=dealing)
            produced = True
            yield dealing_constraint, self.mutation(dealing_constraint, f"dealt by {dealing.value}", fields)
        if not produced:
            yield dealing_constraint, None

        if book.discard_rack_citation is not None:
            rack = self.constraint("discard-rack", ConstraintKind.DISCARD_RACK, book.discard_rack_citation,
                                   "a rack as tall as the stack, or taller and marked at its height")  # fmt: skip
            stack = self.stack_height(self.base_configuration()[1])
            yield rack, self.mutation(rack, "a rack lower than the stack",
                                      base | {"discard_rack_height_mm": stack * _RACK_SHORT_BY})  # fmt: skip
            yield rack, self.mutation(rack, "a taller rack without its mark",
                                      base | {"discard_rack_height_mm": stack * _RACK_TALLER_BY})  # fmt: skip

        for paytable in book.paytables:
            if paytable.permitted_decks is None:
                continue
            constraint = self.constraint(f"paytable-decks:{paytable.wager}:{paytable.id}",
                                         ConstraintKind.PAYTABLE_DECKS, paytable.citation,
                                         f"{paytable.wager} paytable {paytable.id} only at "
                                         f"{sorted(paytable.permitted_decks)} deck(s)")  # fmt: skip
            tied = paytable.permitted_decks
            others = sorted(book.permitted_decks - tied)
            if not others:
                yield constraint, None
                continue
            # The deck count nearest those the paytable is permitted at: one step from a lawful table.
            decks = min(others, key=lambda count: (min(abs(count - permitted) for permitted in tied), count))
            fields = self.table(decks=decks, wagers=self.offer(paytable), extra=self.paytable_fields(paytable))
            yield (
                constraint,
                self.mutation(
                    constraint, f"paytable {paytable.id} at {decks} deck(s)", fields, **self.paytable_answers(paytable)
                ),
            )

        for minimum in book.minimums:
            constraint = self.constraint(f"minimum:{minimum.id}", ConstraintKind.MINIMUM, minimum.citation,
                                         f"{minimum.description}: at least ${minimum.amount:,}")  # fmt: skip
            below = minimum.amount - 1
            placed = self.minimum_case(minimum, below)
            if placed is None:
                yield constraint, None
                continue
            on_table = self.minimum_place(minimum)[1] is not None
            mutation = self.mutation(constraint, f"$1 below the minimum: ${below:,}", placed[0], **placed[1])
            yield constraint, replace(mutation, on_table=on_table)

        yield from self.hand_mutations()
        yield from self.contradictions()
        yield from self.paytable_disagreements()
        yield from self.odds_mutations()

    def hand_mutations(self) -> Iterator[tuple[Constraint, Mutation | None]]:
        """Dealt from the hand without a shuffling device, with one deck more than the chapter's cap in one batch,
        and with two batches each within the cap but above it together."""
        key = self.hand_question()
        if key is None or DealingMethod.HAND not in self.book.dealing_methods:
            return
        citation = self.asked[key].section
        hand = DealingMethod.HAND
        constraint = self.constraint(
            "hand", ConstraintKind.HAND_DEALING, citation, "from the hand: a shuffling device, and the decks allowed"
        )
        produced = False
        for configuration in self.book.deck_configurations:
            if Shuffler.NONE in configuration.shufflers:
                fields = self.table(decks=min(configuration.decks), batches=configuration.batches,
                                    shuffler=Shuffler.NONE, dealing=hand)  # fmt: skip
                produced = True
                yield constraint, self.mutation(constraint, "dealt from the hand, shuffled by hand", fields)
                break
        most = self.hand_most()
        if most is not None:
            for configuration in self.book.deck_configurations:
                devices = sorted(shuffler for shuffler in configuration.shufflers if shuffler != Shuffler.NONE)
                if configuration.batches != 1 or not devices or most + 1 not in configuration.decks:
                    continue
                fields = self.table(decks=most + 1, batches=1, shuffler=devices[0], dealing=hand)
                produced = True
                yield constraint, self.mutation(constraint, f"one deck more from the hand: {most + 1}", fields)
                break
            per_game = self.constraint("hand-per-game", ConstraintKind.HAND_DECKS_PER_GAME, citation,
                                       f"at most {most} decks used in a game dealt from the hand")  # fmt: skip
            for configuration in self.book.deck_configurations:
                if configuration.batches < 2 or Shuffler.AUTOMATED not in configuration.shufflers:
                    continue
                decks = max((count for count in configuration.decks if count <= most), default=None)
                if decks is None or decks * configuration.batches <= most:
                    continue
                fields = self.table(decks=decks, batches=configuration.batches, shuffler=Shuffler.AUTOMATED,
                                    dealing=hand)  # fmt: skip
                yield (
                    per_game,
                    self.mutation(per_game, f"{configuration.batches} batches of {decks} decks from the hand", fields),
                )
                break
        if not produced:
            yield constraint, None

    def contradictions(self) -> Iterator[tuple[Constraint, Mutation | None]]:
        """For each checklist answer the tables show, a table that shows it and the checklist answering against it:
        No to a shuffler, a way of dealing, a wager or a kind of rack the table uses, another deck count."""
        seen: set[str] = set()
        for case in self.compliant():
            fields = case.table_fields()
            for key, value in case.answers:
                if key in seen or key not in self.asked or not self.shown_by_table(key):
                    continue
                if value is True:
                    wrong: object = False
                elif key == _DECKS_ANSWER and isinstance(value, int):
                    others = sorted(self.book.permitted_decks - {value})
                    if not others:
                        continue
                    wrong = others[0]
                else:
                    continue
                seen.add(key)
                question = self.asked[key]
                kind = ConstraintKind.CHECKLIST_AGREES if value is True else ConstraintKind.SELECTION_AGREES
                answers: dict[str, object] = {key: wrong}
                change = f"{key} answered {wrong} against the table"
                if key in _RACK_PAIR:
                    # The other kind of rack claimed instead: a rack the checklist does not declare, not a rack of
                    # neither kind.
                    answers[_RACK_PAIR[key]] = True
                    change += f", {_RACK_PAIR[key]} answered True"
                constraint = self.constraint(f"agrees:{key}", kind, question.section,
                                             f"'{key}' agrees with the tables")  # fmt: skip
                yield constraint, self.mutation(constraint, change, fields, **answers)

    def paytable_disagreements(self) -> Iterator[tuple[Constraint, Mutation | None]]:
        """For each wager whose paytable the checklist selects: a table naming one permitted paytable at its deck
        count while the checklist selects another permitted there."""
        for wager_id, key in self.book.paytable_questions:
            pair = self.two_paytables(wager_id)
            if pair is None:
                continue
            named, selected, decks = pair
            question = self.asked[key]
            constraint = self.constraint(
                f"paytable-agrees:{wager_id}",
                ConstraintKind.PAYTABLE_AGREES,
                question.section,
                f"the table's {wager_id} paytable is the checklist's",
            )
            fields = self.table(decks=decks, wagers=self.offer(named), extra=self.paytable_fields(named))
            answers = self.paytable_answers(named) | {key: selected.id}
            yield (
                constraint,
                self.mutation(
                    constraint, f"table names {named.id}, checklist selects {selected.id}", fields, **answers
                ),
            )

    def two_paytables(self, wager_id: str) -> tuple[Paytable, Paytable, int] | None:
        """Two paytables of a wager permitted at one deck count (the first such count), or None."""
        permitted = self.book.paytables_for(wager_id)
        for decks in sorted(self.book.permitted_decks):
            here = [p for p in permitted if decks in (p.permitted_decks or self.book.permitted_decks)]
            if len(here) >= 2:
                return here[0], here[1], decks
        return None

    def shown_by_table(self, key: str) -> bool:
        """Whether the Tables sheet shows what the checklist question asks."""
        offered = {self.offered_key(wager.id) for wager in self.book.wagers if not wager.required}
        return (
            key in _SHUFFLER_ANSWERS or key in _DEALING_ANSWERS or key in offered
            or key in (_DECKS_ANSWER, _RACK_EQUAL, _RACK_TALLER, *_BATCH_ANSWERS)
        )  # fmt: skip

    def dealt(self, dealing: DealingMethod) -> dict[str, object]:
        """A table dealt this way; dealt from the hand, by the rulebook's first configuration the hand allows."""
        if dealing != DealingMethod.HAND:
            return self.table(dealing=dealing)
        for configuration in self.book.deck_configurations:
            for shuffler in sorted(configuration.shufflers):
                decks = min(configuration.decks)
                if self.hand_allows(dealing, decks, shuffler, configuration.batches):
                    return self.table(decks=decks, batches=configuration.batches, shuffler=shuffler, dealing=dealing)
        return self.table(dealing=dealing)

    def odds_mutations(self) -> Iterator[tuple[Constraint, Mutation | None]]:
        """A wrong payout written in each odds form, for each wager priced by its odds: a wager the chapter pays at
        fixed odds, and a wager whose only paytable has one row of odds."""
        for wager_id, fixed in sorted(self.fixed_odds.items()):
            odds_set = frozenset(fixed.odds)
            citation = fixed.citation
            constraint = self.constraint(f"odds:{wager_id}", ConstraintKind.PAYOUT_ODDS, citation,
                                         f"{wager_id} pays {' or '.join(map(str, sorted(odds_set)))} to 1")  # fmt: skip
            yield from self._odds(constraint, wager_id, min(odds_set), odds_set)
        for paytable in self.book.paytables:
            rows = [row for row in paytable.rows if row.kind == PayoutKind.ODDS]
            if len(paytable.rows) != 1 or len(rows) != 1 or len(self.book.paytables_for(paytable.wager)) != 1:
                continue
            constraint = self.constraint(f"odds:{paytable.wager}", ConstraintKind.PAYOUT_ODDS, paytable.citation,
                                         f"{paytable.wager} pays {rows[0].payout_text()}")  # fmt: skip
            yield from self._odds(constraint, paytable.wager, rows[0].amount, frozenset({rows[0].amount}))

    def _odds(
        self, constraint: Constraint, wager_id: str, odds: Fraction, permitted: frozenset[Fraction]
    ) -> Iterator[tuple[Constraint, Mutation | None]]:
        wrong = _wrong_odds(odds, permitted)
        for form, text in odds_forms(wrong):
            fields = self.table(wagers=(TableWager(wager=wager_id, paytable=text),))
            yield constraint, self.mutation(constraint, f"pays {text} ({form} form)", fields)

    def odds_cases(self) -> Iterator[Case]:
        """The right payout written in each odds form, for the wagers :meth:`odds_mutations` covers."""
        priced: list[tuple[str, Fraction]] = [
            (wager_id, value) for wager_id, fixed in sorted(self.fixed_odds.items())
            for value in sorted(fixed.odds)
        ]  # fmt: skip
        for paytable in self.book.paytables:
            rows = [row for row in paytable.rows if row.kind == PayoutKind.ODDS]
            if len(paytable.rows) == 1 and len(rows) == 1 and len(self.book.paytables_for(paytable.wager)) == 1:
                priced.append((paytable.wager, rows[0].amount))
        for wager_id, value in priced:
            for form, text in odds_forms(value):
                fields = self.table(wagers=(TableWager(wager=wager_id, paytable=text),))
                yield self.case(f"odds-{_slug(wager_id)}-{_slug(text)}-{form}", fields)

    def mutation(
        self, constraint: Constraint, change: str, fields: Mapping[str, object], **answers: object
    ) -> Mutation:
        name = f"{constraint.id}:{change}"
        return Mutation(constraint, self.case(_slug(name), fields, **answers), change)

    def suite(self) -> Suite:
        constraints: dict[str, Constraint] = {}
        mutations: list[Mutation] = []
        for constraint, mutation in self.mutations():
            constraints.setdefault(constraint.id, constraint)
            if mutation is not None:
                mutations.append(mutation)
        return Suite(
            self.book.chapter,
            tuple(constraints.values()),
            tuple(self.compliant()),
            tuple(self.odds_cases()),
            tuple(mutations),
            tuple(case for case, _ in self.implied()),
            tuple(mutation for _, mutation in self.implied() if mutation is not None),
        )

    def implied(self) -> Iterator[tuple[Case, Mutation | None]]:
        """For a wager of several paytables the checklist selects none of, where each paytable is tied to an amount
        the checklist states (687a's $1 or $5 progressive wager): the table naming no paytable, with the checklist
        at that paytable's amount; and the same with the table's reset $1 below that paytable's seed."""
        book = self.book
        for paytable in book.paytables:
            if book.paytable_question(paytable.wager) is not None or len(book.paytables_for(paytable.wager)) < 2:
                continue
            answers = self.paytable_answers(paytable)
            if not answers:
                continue
            decks = self.paytable_decks(paytable)[0]
            fields = self.table(
                decks=decks, wagers=self.offer(paytable, named=False), extra=self.paytable_fields(paytable)
            )
            name = f"implied-{_slug(paytable.wager)}-{_slug(paytable.id)}"
            case = self.case(name, fields, **answers)
            seeds = [m for m in self.minimums_of(paytable) if self.minimum_place(m)[1] == "progressive_reset"]
            if not seeds:
                yield case, None
                continue
            seed = max(seeds, key=lambda minimum: minimum.amount)
            constraint = self.constraint(f"minimum:{seed.id}", ConstraintKind.MINIMUM, seed.citation,
                                         f"{seed.description}: at least ${seed.amount:,}")  # fmt: skip
            below = fields | {"progressive_reset": seed.amount - 1}
            yield case, self.mutation(constraint, f"implied paytable, $1 below the seed: ${seed.amount - 1:,}", below,
                                      **answers)  # fmt: skip
