"""Rule families every chapter shares, built from a chapter's rulebook.

Each family has a fixed number (the ``NNN`` in ``686A-NNN``) so that a given kind of problem has the same id
suffix in every chapter. A chapter module calls :func:`shared_rules` and adds its own rules from 101 up.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from pacomply.checker.registry import CheckContext, CheckFunction, Finding, Rule, Severity, make_doc
from pacomply.regulations.citation import RULES_SUBMISSIONS, Citation, cite
from pacomply.regulations.other_chapters import (
    OTHER_CHAPTER_WAGERS,
    OTHER_CHAPTERS,
    OtherChapterWager,
    chapter_info,
    recognise,
)
from pacomply.regulations.payout import Payout, compare, parse_payout
from pacomply.regulations.paytable_resolution import (
    PaytableByAmount,
    money,
    priced_by_odds,
    resolve_paytable,
    selected_text,
)
from pacomply.regulations.rulebook import (
    AnswerKind,
    DealingMethod,
    DeckConfiguration,
    Equipment,
    Paytable,
    Rulebook,
    Shuffler,
    Wager,
    in_words,
    odds_text,
    plural_noun,
)
from pacomply.submissions.model import TableConfiguration

from pacomply import regulations

CARDS_PER_DECK = 52


def stack_height_mm(decks: int, cards_per_deck: int, thickness_mm: Decimal) -> Decimal:
    """Height of the full stack of cards the rack must hold (docs/filing-format.md)."""
    return Decimal(decks * cards_per_deck) * thickness_mm


def _within(measured: Decimal, target: Decimal, tolerance: Decimal) -> bool:
    return abs(measured - target) <= target * tolerance


def _betting_positions(book: Rulebook, code: str) -> Rule:
    def check(context: CheckContext, rule: Rule) -> Iterator[Finding]:
        for table in context.tables:
            if table.betting_positions > book.max_betting_positions:
                yield rule.finding(
                    f"table {table.table_id} has {table.betting_positions} betting positions; "
                    f"{book.title} allows at most {book.max_betting_positions}",
                    table.location_of("betting_positions"),
                    table,
                )
            elif table.betting_positions == 0:
                yield rule.finding(
                    f"table {table.table_id} has no betting positions", table.location_of("betting_positions"), table
                )

    return Rule(
        code=code,
        name="table.betting-positions",
        chapter=book.chapter,
        severity=Severity.ERROR,
        citation=book.betting_positions_citation,
        summary=f"Each {book.title} table has 1 to {book.max_betting_positions} betting positions.",
        doc=make_doc(
            what=f"Checks that each {book.title} table in the Tables sheet has at most "
            f"{book.max_betting_positions} betting positions.",
            why=f"The chapter sets the most player positions a {book.title} layout may have.",
            example=f"Tables row: Chapter {book.chapter}, Betting Positions {book.max_betting_positions + 1}",
            instead=f"Tables row: Chapter {book.chapter}, Betting Positions {book.max_betting_positions}",
            citation=book.betting_positions_citation,
        ),
        fix=f"Use a layout with at most {book.max_betting_positions} betting positions, or correct the row.",
        check_function=check,
    )


def _describe(configuration: DeckConfiguration) -> str:
    shufflers = alternatives([in_words(shuffler) for shuffler in sorted(configuration.shufflers)])
    return f"{counted(configuration.decks, 'deck')} × {counted(configuration.batches, 'batch')} with {shufflers}"


def _batch_shuffler_problem(book: Rulebook, table: TableConfiguration) -> str | None:
    """Why the table's batches and shuffler form no configuration of the chapter, or None when they do."""
    if any(
        table.batches == configuration.batches and table.shuffler in configuration.shufflers
        for configuration in book.deck_configurations
    ):
        return None
    if table.batches == 2 and table.shuffler == Shuffler.CONTINUOUS:
        return (
            f"table {table.table_id} declares a continuous shuffler and two batches; two alternating batches are "
            "for an automated shuffler other than a continuous one"
        )
    if table.shuffler == Shuffler.AUTOMATED and table.batches == 1:
        return (
            f"table {table.table_id} uses an automated (non-continuous) shuffler with one batch; {book.title} dealt "
            "with such a shuffler alternates two batches, one shuffled while the other is in play"
        )
    allowed = sorted(
        {
            configuration.batches
            for configuration in book.deck_configurations
            if table.shuffler in configuration.shufflers
        }
    )
    if not allowed:
        return f"table {table.table_id} uses {in_words(table.shuffler)}, which {book.title} does not provide for"
    return (
        f"table {table.table_id} uses {counted(table.batches, 'batch')} with {in_words(table.shuffler)}; with that "
        f"shuffler {book.title} uses {counted(allowed, 'batch')}"
    )


def _deck_count_problem(book: Rulebook, table: TableConfiguration) -> tuple[str, DeckConfiguration] | None:
    """Why the table's deck count is not one the chapter allows for its setup, with the configuration that says so.

    The configuration judged is the one matching the table's batches and shuffler; failing that, its batches (a
    one-batch table is held to the one-batch deck count whatever its shuffler), its shuffler, then the first.
    """
    configurations = book.deck_configurations
    candidates = (
        [c for c in configurations if c.batches == table.batches and table.shuffler in c.shufflers]
        or [c for c in configurations if c.batches == table.batches]
        or [c for c in configurations if table.shuffler in c.shufflers]
        or list(configurations[:1])
    )
    allowed = sorted(set().union(*(c.decks for c in candidates)))
    if table.decks in allowed:
        return None
    setup = f"with {counted(table.batches, 'batch')} and {in_words(table.shuffler)}, "
    return (
        f"table {table.table_id} uses {counted(table.decks, 'deck')} per batch; {setup}{book.title} requires "
        f"{counted(allowed, 'deck')}",
        candidates[0],
    )


def _two_batch_citation(book: Rulebook) -> Citation:
    """The subsection that makes two batches the rule with an automated shuffler: the two-batch configuration's."""
    two = [configuration for configuration in book.deck_configurations if configuration.batches == 2]
    return (two or list(book.deck_configurations))[0].citation


def _deck_configuration(book: Rulebook, code: str, two_batch_citation: Citation | None = None) -> Rule:
    batch_citation = two_batch_citation or _two_batch_citation(book)

    def _batch_problem_citation(table: TableConfiguration) -> Citation:
        # A shuffler no configuration uses is refused by the subsection for the table's number of batches; any
        # other batches/shuffler mismatch is a matter of the two-batch requirement.
        if not any(table.shuffler in configuration.shufflers for configuration in book.deck_configurations):
            same_batches = [c for c in book.deck_configurations if c.batches == table.batches]
            return (same_batches or list(book.deck_configurations))[0].citation
        return batch_citation

    def check(context: CheckContext, rule: Rule) -> Iterator[Finding]:
        # Two independent requirements, so two findings when a row breaks both: the deck count of the setup, and
        # the batches/shuffler combination (the two-batch subsection).
        for table in context.tables:
            batch_problem = _batch_shuffler_problem(book, table)
            if batch_problem is not None:
                yield rule.finding(
                    batch_problem, table.location_of("batches"), table, citation=_batch_problem_citation(table)
                )
            deck_problem = _deck_count_problem(book, table)
            if deck_problem is not None:
                message, configuration = deck_problem
                yield rule.finding(message, table.location_of("decks"), table, citation=configuration.citation)

    lawful = "; ".join(f"{_describe(c)} ({c.citation.short})" for c in book.deck_configurations)
    return Rule(
        code=code,
        name="cards.deck-configuration",
        chapter=book.chapter,
        severity=Severity.ERROR,
        citation=book.deck_configurations[0].citation,
        summary="Decks per batch, number of batches and shuffler form a configuration the chapter allows.",
        doc=make_doc(
            what=f"Checks each table's Decks, Batches and Shuffler against the configurations {book.title} allows: "
            f"{lawful}. The deck count and the batches/shuffler combination are judged separately, each finding "
            f"citing its own subsection (batches and shuffler: {batch_citation.short}).",
            why="The number of decks changes the game's odds and the Board's controls over the cards; two batches "
            "alternate only with an automated shuffler.",
            example=f"Tables row: Chapter {book.chapter}, Decks 5, Batches 2, Shuffler continuous",
            instead=f"Tables row: Chapter {book.chapter}, " + _example_configuration(book.deck_configurations[0]),
            citation=book.deck_configurations[0].citation,
            more=tuple(dict.fromkeys([c.citation for c in book.deck_configurations[1:]] + [batch_citation])),
        ),
        fix="Use one of the deck configurations the chapter allows, or correct the Decks, Batches and Shuffler cells.",
        check_function=check,
    )


def _example_configuration(configuration: DeckConfiguration) -> str:
    shuffler = sorted(configuration.shufflers, key=lambda s: s.value)[0]
    return f"Decks {min(configuration.decks)}, Batches {configuration.batches}, Shuffler {shuffler.value}"


def _change_interval(book: Rulebook, code: str) -> Rule:
    def limit_for(dealing: DealingMethod) -> tuple[int, object] | None:
        specific = [i for i in book.card_change_intervals if dealing in i.dealing_methods]
        general = [i for i in book.card_change_intervals if not i.dealing_methods]
        chosen = specific or general
        if not chosen:
            return None
        interval = min(chosen, key=lambda i: i.hours)
        return interval.hours, interval.citation

    def check(context: CheckContext, rule: Rule) -> Iterator[Finding]:
        for table in context.tables:
            limit = limit_for(table.dealing)
            hours = table.card_change_interval_hours
            if limit is None or hours is None:
                continue
            limit_hours, citation = limit
            if hours > limit_hours:
                yield rule.finding(
                    f"table {table.table_id} changes cards every {hours} h; dealt from {in_words(table.dealing)}, "
                    f"they must be changed at least every {limit_hours} h",
                    table.location_of("card_change_interval_hours"),
                    table,
                    citation=citation,  # type: ignore[arg-type]
                )
            elif hours <= 0:
                yield rule.finding(
                    f"table {table.table_id} gives a card change interval of {hours} h",
                    table.location_of("card_change_interval_hours"),
                    table,
                )

    intervals = "; ".join(
        f"{i.hours} h"
        + (f" dealt by {', '.join(sorted(m.value for m in i.dealing_methods))}" if i.dealing_methods else "")
        + f" ({i.citation.short})"
        for i in book.card_change_intervals
    )
    first = book.card_change_intervals[0]
    return Rule(
        code=code,
        name="cards.change-interval",
        chapter=book.chapter,
        severity=Severity.ERROR,
        citation=first.citation,
        summary="Cards in use are changed at least as often as the chapter requires.",
        doc=make_doc(
            what=f"Checks each table's Card Change Interval (h) against the chapter's maximum: {intervals}.",
            why="Worn or marked cards put the game at risk; the chapter caps how long a deck stays in play.",
            example=f"Tables row: Chapter {book.chapter}, Card Change Interval (h) {first.hours * 2}",
            instead=f"Tables row: Chapter {book.chapter}, Card Change Interval (h) {first.hours}",
            citation=first.citation,
            more=(i.citation for i in book.card_change_intervals[1:] if i.citation != first.citation),
        ),
        fix="Change the cards at least as often as the chapter requires, and correct the interval in the Tables sheet.",
        check_function=check,
    )


def _discard_rack(book: Rulebook, code: str) -> Rule | None:
    citation = book.discard_rack_citation
    if citation is None:
        return None
    cards_per_deck = CARDS_PER_DECK + book.jokers_per_deck

    def check(context: CheckContext, rule: Rule) -> Iterator[Finding]:
        tolerance = context.settings.rack_tolerance
        for table in context.tables:
            height = table.discard_rack_height_mm
            if height is None:
                yield rule.finding(
                    f"table {table.table_id} gives no discard rack height; the chapter requires a discard rack",
                    table.location_of("discard_rack_height_mm"),
                    table,
                )
                continue
            stack = stack_height_mm(table.decks, cards_per_deck, context.card_thickness_mm)
            mark = table.discard_rack_mark_mm
            if _within(height, stack, tolerance):
                continue
            if height > stack and mark is not None and _within(mark, stack, tolerance):
                continue
            if height > stack and mark is None:
                message = (
                    f"table {table.table_id}'s discard rack is {height} mm, taller than the {stack:.1f} mm stack of "
                    f"{counted(table.decks, 'deck')}, and has no mark at the stack height"
                )
            elif height > stack:
                message = (
                    f"table {table.table_id}'s discard rack mark is at {mark} mm; the stack of "
                    f"{counted(table.decks, 'deck')} is {stack:.1f} mm (±{tolerance * 100:.0f} %)"
                )
            else:
                message = (
                    f"table {table.table_id}'s discard rack is {height} mm, lower than the {stack:.1f} mm stack of "
                    f"{counted(table.decks, 'deck')} (±{tolerance * 100:.0f} %)"
                )
            yield rule.finding(message, table.location_of("discard_rack_height_mm"), table)

    return Rule(
        code=code,
        name="equipment.discard-rack-height",
        chapter=book.chapter,
        severity=Severity.ERROR,
        citation=citation,
        summary="The discard rack equals the stack height, or is taller with a mark at it.",
        doc=make_doc(
            what="Computes the height of the full stack (decks in one batch × "
            f"{cards_per_deck} cards × card thickness) and checks that each table's rack equals it within the "
            "tolerance (default ±3 %), or is taller and carries a mark at that height.",
            why="The rack lets the dealer and surveillance see at a glance that no cards are missing.",
            example=f"Tables row: Chapter {book.chapter}, Decks 6, Discard Rack Height (mm) 80, no mark "
            "(6 × 52 × 0.30 mm = 93.6 mm)",
            instead=f"Tables row: Chapter {book.chapter}, Decks 6, Discard Rack Height (mm) 120, "
            "Discard Rack Mark (mm) 93.6",
            citation=citation,
        ),
        fix="Fit a rack of the stack's height, or mark the stack height on a taller rack and record it in the "
        "Discard Rack Mark (mm) column.",
        check_function=check,
    )


def _dealing_method(book: Rulebook, code: str) -> Rule:
    allowed = alternatives([in_words(method) for method in sorted(book.dealing_methods)])

    def check(context: CheckContext, rule: Rule) -> Iterator[Finding]:
        for table in context.tables:
            if table.dealing not in book.dealing_methods:
                yield rule.finding(
                    f"table {table.table_id} deals from {in_words(table.dealing)}; {book.title} cards are dealt from "
                    f"{allowed}",
                    table.location_of("dealing"),
                    table,
                )

    return Rule(
        code=code,
        name="dealing.method",
        chapter=book.chapter,
        severity=Severity.ERROR,
        citation=book.dealing_methods_citation,
        summary="Cards are dealt only in a way the chapter allows.",
        doc=make_doc(
            what=f"Checks each table's Dealing column against the methods {book.title} allows: {allowed}.",
            why="The chapter fixes how cards leave the deck so that the deal can be supervised and reconstructed.",
            example=f"Tables row: Chapter {book.chapter}, Dealing "
            + next((m.value for m in DealingMethod if m not in book.dealing_methods), "(blank)"),
            instead=f"Tables row: Chapter {book.chapter}, Dealing {sorted(m.value for m in book.dealing_methods)[0]}",
            citation=book.dealing_methods_citation,
        ),
        fix=f"Deal from {allowed}, and write it in the table's Dealing cell ("
        + alternatives([f"'{method.value}'" for method in sorted(book.dealing_methods)])
        + ").",
        check_function=check,
    )


def _checklist_answered(book: Rulebook, code: str) -> Rule:
    def check(context: CheckContext, rule: Rule) -> Iterator[Finding]:
        submission = context.submission
        if submission is None:
            return
        for question in book.checklist:
            if not question.required:
                continue
            if question.depends_on is not None and submission.value(question.depends_on) is not True:
                continue
            answer = submission.answer(question.key)
            if answer is None:
                yield rule.finding(
                    f"question {asked(book, question.key)} ({question.section.short}) is missing from the checklist",
                    submission.location,
                    citation=question.section,
                )
            elif answer.is_blank:
                yield rule.finding(
                    f"question {asked(book, question.key)} ({question.section.short}) is not answered",
                    answer.location,
                    citation=question.section,
                )

    return Rule(
        code=code,
        name="checklist.answered",
        chapter=book.chapter,
        severity=Severity.ERROR,
        citation=RULES_SUBMISSIONS,
        summary="Every question of the chapter's Rules Submission checklist is answered.",
        doc=make_doc(
            what=f"Checks that each question on the {book.chapter} sheet has an answer (questions that only apply when "
            "another is answered Yes are checked only then).",
            why="An option the Rules Submission leaves blank cannot be approved; the Board reviews what is filed.",
            example=f"Sheet {book.chapter}: Key {book.checklist[0].key}, Answer (blank)",
            instead=f"Sheet {book.chapter}: Key {book.checklist[0].key}, Answer Yes",
            citation=RULES_SUBMISSIONS,
        ),
        fix="Answer the question on the chapter sheet.",
        check_function=check,
    )


@dataclass(frozen=True, slots=True)
class FixedOdds:
    """The odds a chapter fixes for a wager that has no paytable to choose, and where it fixes them."""

    odds: frozenset[Fraction]
    citation: Citation


def _permitted_with(paytables: Iterable[Paytable], decks: int) -> list[Paytable]:
    """The paytables of ``paytables`` the chapter permits at ``decks`` decks (all where it ties none to decks)."""
    return [paytable for paytable in paytables if paytable.permitted_decks is None or decks in paytable.permitted_decks]


def _unknown_paytable_fix(
    book: Rulebook, wager: Wager, table: TableConfiguration, permitted: tuple[Paytable, ...]
) -> str:
    """The fix for a table naming a paytable the chapter lacks: one of the chapter's paytables at the table's decks;
    where the chapter has none at them (the wager is not offered there), the decks it is offered with."""
    fitting = _permitted_with(permitted, table.decks)
    if fitting:
        return (
            f"Name one of the chapter's paytables for the {wager.name} in the table's Wagers cell: "
            f"{', '.join(paytable.id for paytable in fitting)}."
        )
    return (
        f"Offer the {wager.name} only at a table dealt with {decks_text(book.decks_for(wager.id))}, or remove it "
        f"from table {table.table_id}'s Wagers: the chapter has no paytable for it with {decks_text([table.decks])}."
    )


def paytable_names(ids: Iterable[str]) -> str:
    """'A, B and C'; "'6 decks' and '8 decks'": paytable ids as a sentence lists them, an id with a space quoted."""
    words = [f"'{item}'" if " " in item else item for item in ids]
    return ", ".join(words[:-1]) + f" and {words[-1]}" if len(words) > 1 else "".join(words)


def counted(numbers: int | Iterable[int], noun: str) -> str:
    """'1 deck', '6 decks', '4 or 8 decks', '2 batches': a count, or a list of the counts allowed, with its noun in the
    number they call for ('batch' takes 'es')."""
    listed = [numbers] if isinstance(numbers, int) else sorted(numbers)
    return f"{alternatives(listed)} {plural_noun(noun, listed[0] if len(listed) == 1 else 2)}"


def asked(book: Rulebook, key: str) -> str:
    """A checklist question as a finding quotes it, in the Board's words (“Do you use a double shoe?”), where a
    finding had named the answer by pacomply's key."""
    return f"“{book.question(key).question}”"


def alternatives(items: Iterable[object]) -> str:
    """'4 or 8', '4, 5, 6 or 8': choices as a sentence lists them."""
    words = [str(item) for item in items]
    return ", ".join(words[:-1]) + f" or {words[-1]}" if len(words) > 1 else "".join(words)


def _allowed_text(odds: Iterable[Fraction]) -> str:
    return " or ".join(odds_text(value) for value in sorted(odds))


def _table_wagers(
    book: Rulebook,
    code: str,
    wagers_citation: Citation | None = None,
    fixed_odds: Mapping[str, FixedOdds] | None = None,
    paytables_by_amount: tuple[PaytableByAmount, ...] = (),
) -> Rule:
    optional = [wager for wager in book.wagers if not wager.required]
    optional_ids = ", ".join(wager.id for wager in optional) or "none"
    optional_names = ", ".join(wager.name for wager in optional) or "none"
    citation = wagers_citation or (optional[0].citation if optional else book.wagers[0].citation)
    fixed = dict(fixed_odds or {})

    def wrong_odds(
        table: TableConfiguration,
        wager: Wager,
        payout: Payout,
        allowed: frozenset[Fraction],
        where: Citation,
        rule: Rule,
    ) -> Iterator[Finding]:
        # One grammar, one comparison: the value of what the table writes against the chapter's odds.
        verdict = compare(payout, allowed)
        if verdict:
            yield rule.finding(
                f"table {table.table_id} states {wager.name} pays {payout.describe()}; the chapter fixes "
                f"{_allowed_text(allowed)}, so this is {verdict}",
                table.location_of("wagers"),
                table,
                citation=where,
                fix=f"Pay the {wager.name} at {_allowed_text(allowed)}, the chapter's odds, and write those odds in "
                "the table's Wagers cell (or none: the chapter's apply).",
            )

    def stated_payout(table: TableConfiguration, wager: Wager, stated: str, rule: Rule) -> Iterator[Finding]:
        # A wager with no paytable to choose pays what the chapter fixes; a payout written beside it must be that.
        known = fixed.get(wager.id)
        payout = parse_payout(stated)
        if known is not None and payout is not None:
            yield from wrong_odds(table, wager, payout, known.odds, known.citation, rule)
        elif known is not None and Citation.written(stated) == known.citation:
            return  # the subsection that fixes the odds ('§ 681a.8(b)'): the chapter's own payout, as written
        else:
            yield rule.finding(
                f"table {table.table_id} states '{stated}' for {wager.name}, "
                + ("which is not a payout" if payout is None else "a payout the chapter does not print for it")
                + "; the chapter's own payout applies",
                table.location_of("wagers"),
                table,
                citation=known.citation if known is not None else wager.citation,
                severity=Severity.WARNING,
                fix=f"Remove '{stated}' from the {wager.name} in the table's Wagers cell, or write the chapter's "
                "odds there.",
            )

    def unnamed(context: CheckContext, rule: Rule, table: TableConfiguration, wager: Wager) -> Iterator[Finding]:
        permitted = book.paytables_for(wager.id)
        if book.deck_fixed(wager.id) and table.decks not in book.decks_for(wager.id):
            # The deck count would choose the paytable, but the chapter has none for it: the wager itself is not
            # offered at that deck count.
            decks = counted(book.decks_for(wager.id), "deck")
            yield rule.finding(
                f"table {table.table_id} offers {wager.name} with {counted(table.decks, 'deck')}; the chapter "
                f"permits it only with {decks}",
                table.location_of("decks"),
                table,
                citation=wager.citation,
                fix=f"Offer the {wager.name} only at a table dealt with {decks_text(book.decks_for(wager.id))}, or "
                "remove it from this table's Wagers.",
            )
        else:
            selectors = [asked(book, question) for question in [book.paytable_question(wager.id)] if question]
            selectors += [asked(book, tie.key) for tie in paytables_by_amount if tie.wager == wager.id]
            missing = f" and the checklist's answer to {' or '.join(selectors)} selects none" if selectors else ""
            yield rule.finding(
                f"table {table.table_id} offers {wager.name} without naming its paytable "
                f"({', '.join(p.id for p in permitted)}){missing}",
                table.location_of("wagers"),
                table,
                citation=permitted[0].citation,
                fix=f"Name the {wager.name}'s paytable in the table's Wagers cell ('{wager.id}="
                f"{permitted[0].id}')" + (", or answer the checklist's paytable question." if selectors else "."),
            )

    def check(context: CheckContext, rule: Rule) -> Iterator[Finding]:
        for table in context.tables:
            for table_wager in table.wagers:
                try:
                    wager = book.wager(table_wager.wager)
                except KeyError:
                    other = recognise(table_wager.wager, table.chapter)
                    if other is not None and table.chapter in chapter_info(other.chapter).base_chapters:
                        continue  # a wager of a side-wager chapter of this game: NNNA-010 says it was not checked
                    elsewhere = (
                        f"; it is {other.name}, a wager of chapter {other.chapter} "
                        f"({chapter_info(other.chapter).title}), which {chapter_info(other.chapter).game} tables offer"
                        if other is not None
                        else ""
                    )
                    yield rule.finding(
                        f"table {table.table_id} offers '{table_wager.wager}', which is not a {book.title} wager "
                        f"(its optional wagers: {optional_names}){elsewhere}",
                        table.location_of("wagers"),
                        table,
                        citation=citation,
                        fix=f"Remove '{table_wager.wager}' from the table's Wagers, or name one of the chapter's "
                        f"wagers, by its name or id: {optional_names}.",
                    )
                    continue
                permitted = book.paytables_for(wager.id)
                if not permitted:
                    if table_wager.paytable is not None:
                        yield from stated_payout(table, wager, table_wager.paytable, rule)
                    continue
                resolved = resolve_paytable(
                    book, wager.id, table_wager.paytable, table.decks, context.answer, paytables_by_amount
                )
                if resolved is None and table_wager.paytable is None:
                    yield from unnamed(context, rule, table, wager)
                    continue
                if resolved is None:
                    assert table_wager.paytable is not None
                    payout = parse_payout(table_wager.paytable)
                    if payout is not None and priced_by_odds(book, wager.id):
                        odds = frozenset(paytable.rows[0].amount for paytable in permitted)
                        yield from wrong_odds(table, wager, payout, odds, permitted[0].citation, rule)
                        continue
                    written = (
                        f"'{table_wager.paytable}', a payout, not one of its paytables"
                        if payout is not None
                        else f"paytable '{table_wager.paytable}'"
                    )
                    yield rule.finding(
                        f"table {table.table_id} pays {wager.name} on {written}; the chapter's paytables for it are "
                        f"{paytable_names(p.id for p in permitted)}",
                        table.location_of("wagers"),
                        table,
                        citation=permitted[0].citation,
                        fix=_unknown_paytable_fix(book, wager, table, permitted),
                    )
                    continue
                paytable = resolved.paytable
                if paytable.permitted_decks is not None and table.decks not in paytable.permitted_decks:
                    decks = counted(paytable.permitted_decks, "deck")
                    fitting = ", ".join(p.id for p in _permitted_with(permitted, table.decks))
                    yield rule.finding(
                        f"table {table.table_id} pays {wager.name} on {resolved.describe()} with "
                        f"{counted(table.decks, 'deck')}; that paytable is permitted only with {decks}",
                        table.location_of("wagers"),
                        table,
                        citation=paytable.citation,
                        fix=(
                            f"Pay the {wager.name} on a paytable the chapter permits with "
                            f"{decks_text([table.decks])} ({fitting}), or deal the table with "
                            f"{decks_text(paytable.permitted_decks)}."
                            if fitting
                            else f"Deal the table with {decks_text(paytable.permitted_decks)}: the chapter permits no "
                            f"paytable for the {wager.name} with {decks_text([table.decks])}."
                        ),
                    )

    fixed_text = "; ".join(
        f"{wager_id} {_allowed_text(entry.odds)} ({entry.citation.short})" for wager_id, entry in sorted(fixed.items())
    )
    return Rule(
        code=code,
        name="wagers.permitted-paytable",
        chapter=book.chapter,
        severity=Severity.ERROR,
        citation=citation,
        summary="Each wager a table offers is one the chapter defines, on a paytable it permits at that deck count.",
        doc=make_doc(
            what="Checks the Wagers column of each table: every wager is one of the chapter's wagers (optional: "
            f"{optional_ids}), and its paytable is one the chapter permits, at the table's deck count where the "
            "chapter ties paytables to decks. A table naming no paytable is paid on the one the checklist selects "
            "(by its paytable answer, or by the required wager where the chapter ties paytables to amounts), else "
            "the wager's only one, else the one its deck count fixes; a finding says which and how. A payout is "
            "read in any form ('9 to 1', '10 for 1', '9:1', '9-1', '9/1', 'even money') and compared by value: odds "
            "written beside a wager the chapter pays at fixed odds"
            + (f" ({fixed_text})" if fixed_text else "")
            + ", or beside a wager priced by its odds alone, must be those odds, and an under- or over-payment is "
            "an error naming both figures; a payout the chapter does not print for the wager is a warning.",
            why="A wager or paytable not authorised by the chapter cannot be offered; the hold of a paytable depends "
            "on the decks in use; a fixed-odds wager paid at other odds is another game.",
            example=f"Tables row: Chapter {book.chapter}, Wagers 'Insurance'",
            instead=f"Tables row: Chapter {book.chapter}, Wagers '"
            + (
                f"{optional[0].id}" + (f"={optional[0].paytable_ids[0]}" if optional[0].paytable_ids else "")
                if optional
                else ""
            )
            + "'",
            citation=citation,
            more=tuple(
                dict.fromkeys([p.citation for p in book.paytables] + [entry.citation for entry in fixed.values()])
            ),
        ),
        fix="Offer only the chapter's wagers, on a paytable it permits at the table's deck count, at the chapter's "
        "odds.",
        check_function=check,
    )


def not_encoded_wagers(
    tables: Iterable[TableConfiguration],
) -> Iterator[tuple[TableConfiguration, str, OtherChapterWager]]:
    """(table, filed name, recognised wager) for every wager a table lists that belongs to a side-wager or variation
    chapter of the table's own game, which pacomply recognises but does not encode; in the tables' order."""
    for table in tables:
        known = {wager.id for wager in regulations.rulebook(table.chapter).wagers}
        for table_wager in table.wagers:
            if table_wager.wager in known:
                continue
            other = recognise(table_wager.wager, table.chapter)
            if other is not None and table.chapter in chapter_info(other.chapter).base_chapters:
                yield table, table_wager.wager, other


def _other_chapter_wagers(book: Rulebook, code: str, wagers_citation: Citation | None) -> Rule | None:
    related = [other for other in OTHER_CHAPTERS if book.chapter in other.base_chapters]
    if not related:
        return None  # no side-wager or variation chapter of this game is known: nothing to recognise
    optional = [wager for wager in book.wagers if not wager.required]
    citation = wagers_citation or (optional[0].citation if optional else book.wagers[0].citation)
    chapters = ", ".join(f"{other.chapter} ({other.title})" for other in related)
    example = next((w for w in OTHER_CHAPTER_WAGERS if any(o.chapter == w.chapter for o in related)), None)

    def check(context: CheckContext, rule: Rule) -> Iterator[Finding]:
        filed = context.filing.metadata.date_filed
        for table, filed_name, other in not_encoded_wagers(context.tables):
            chapter = chapter_info(other.chapter)
            if other.effective_until is not None and not other.in_force_on(filed):
                lapse = (
                    f"; {other.where} is a temporary section effective until {other.effective_until.isoformat()}, "
                    f"before this filing's date {filed.isoformat()}: confirm which regulation authorises it now"
                )
            elif other.effective_until is not None:
                lapse = f"; {other.where} is in force on the filing's date (effective until {other.effective_until})"
            else:
                lapse = ""
            yield rule.finding(
                f"table {table.table_id} offers '{filed_name}' ({other.name}), a wager of chapter {other.chapter} "
                f"({chapter.title}; {other.where}), not encoded in this version: review by hand{lapse}",
                table.location_of("wagers"),
                table,
                citation=other.section or citation,
            )

    return Rule(
        code=code,
        name="wagers.other-chapter",
        chapter=book.chapter,
        severity=Severity.WARNING,
        citation=citation,
        summary="A wager of a side-wager or variation chapter of the game is named as not checked, for review by hand.",
        doc=make_doc(
            what=f"Recognises, in each {book.title} table's Wagers column, a wager that belongs to a separate "
            f"side-wager or variation chapter of the game ({chapters}) and reports it as not checked: pacomply "
            "records only which chapter and section hold it, never its paytable. A section with an effective-until "
            "date is judged as of the filing's date. Every report lists these wagers under what was not checked.",
            why="Pennsylvania puts many wagers offered at these tables in chapters of their own; an unencoded "
            "chapter is not an unknown wager, but nothing about it can be checked here.",
            example=f"Tables row: Chapter {book.chapter}, Wagers '{example.name if example else 'a side wager'}'",
            instead="Review the wager against its chapter by hand, or remove it from the Tables sheet",
            citation=citation,
        ),
        fix="Review the wager, its paytable and its conditions against its own chapter by hand.",
        check_function=check,
    )


def _conditional_answers(book: Rulebook, code: str) -> Rule | None:
    conditional = [question for question in book.checklist if question.depends_on is not None]
    if not conditional:
        return None  # a chapter whose checklist asks nothing conditionally has no pair to hold together

    def check(context: CheckContext, rule: Rule) -> Iterator[Finding]:
        # A question asked only when another is answered Yes contradicts a No to that one: a Yes to it is an
        # error (two options chosen that exclude each other); another answer given under a No is ignored, so
        # it is a warning the filer should clear.
        for question in conditional:
            assert question.depends_on is not None
            if context.answer(question.depends_on) is not False:
                continue
            value = context.answer(question.key)
            if question.kind == AnswerKind.YES_NO and value is True:
                yield rule.finding(
                    f"the checklist answers Yes to {asked(book, question.key)} ({question.section.short}) but No "
                    f"to {asked(book, question.depends_on)}, the condition it depends on",
                    context.answer_location(question.key),
                    citation=question.section,
                )
            elif question.kind != AnswerKind.YES_NO and value is not None:
                yield rule.finding(
                    f"the checklist answers {asked(book, question.key)} ({question.section.short}) although it "
                    f"answers No to {asked(book, question.depends_on)}, the condition that asks it; the answer is "
                    "ignored",
                    context.answer_location(question.key),
                    citation=question.section,
                    severity=Severity.WARNING,
                )

    pair = next((question for question in conditional if question.kind == AnswerKind.YES_NO), conditional[0])
    return Rule(
        code=code,
        name="checklist.conditional-consistent",
        chapter=book.chapter,
        severity=Severity.ERROR,
        citation=RULES_SUBMISSIONS,
        summary="An answer to a question asked only under a condition does not contradict a No to that condition.",
        doc=make_doc(
            what="For each checklist question that applies only when another is answered Yes, checks that a Yes to "
            "it does not stand beside a No to its condition (an error), and warns when an amount, paytable or text "
            "is given under a No; the finding cites the dependent question's subsection.",
            why="Two answers that contradict each other leave the Board unable to tell which option the licensee "
            "chose.",
            example=f"Sheet {book.chapter}: {pair.depends_on} No, {pair.key} "
            + ("Yes" if pair.kind == AnswerKind.YES_NO else "(answered)"),
            instead=f"Sheet {book.chapter}: {pair.depends_on} Yes, {pair.key} "
            + ("Yes" if pair.kind == AnswerKind.YES_NO else "(answered)"),
            citation=RULES_SUBMISSIONS,
            more=tuple(dict.fromkeys(question.section for question in conditional)),
        ),
        fix="Answer the condition Yes, or the dependent question No (or leave it blank).",
        check_function=check,
    )


def discard_rack_present_rule(book: Rulebook, code: str, citation: Citation) -> Rule:
    """For chapters that require a rack but set no height: each table records one (the same blank-is-an-error
    treatment the height family gives the chapters that set a height)."""

    def check(context: CheckContext, rule: Rule) -> Iterator[Finding]:
        for table in context.tables:
            if table.discard_rack_height_mm is None or table.discard_rack_height_mm <= 0:
                yield rule.finding(
                    f"table {table.table_id} records no discard rack; every {book.title} table must have one attached",
                    table.location_of("discard_rack_height_mm"),
                    table,
                )

    return Rule(
        code=code,
        name="equipment.discard-rack-present",
        chapter=book.chapter,
        severity=Severity.ERROR,
        citation=citation,
        summary=f"Every {book.title} table has a discard rack.",
        doc=make_doc(
            what=f"Checks that each {book.title} table records a discard rack (a height in the Tables sheet). The "
            "chapter sets no height, so no height is checked; a blank is an error, as in the chapters that do.",
            why=f"§ {citation.short} requires a discard rack securely attached to the dealer's side of every table.",
            example=f"Tables row: Chapter {book.chapter}, Discard Rack Height (mm) (blank)",
            instead=f"Tables row: Chapter {book.chapter}, Discard Rack Height (mm) 40",
            citation=citation,
        ),
        fix="Attach a discard rack and record its height in the Tables sheet.",
        check_function=check,
    )


def _chapter_filed(book: Rulebook, code: str) -> Rule:
    def check(context: CheckContext, rule: Rule) -> Iterator[Finding]:
        if context.submission is None and context.tables:
            first = context.tables[0]
            yield rule.finding(
                f"tables deal {book.title} ({', '.join(t.table_id for t in context.tables)}) but the workbook has no "
                f"'{book.chapter}' checklist sheet",
                first.location_of("chapter"),
                first,
            )
        elif context.submission is not None and not context.tables:
            yield rule.finding(
                f"the {book.chapter} checklist is filed but no table in the Tables sheet deals {book.title}",
                context.submission.location,
                severity=Severity.WARNING,
            )

    return Rule(
        code=code,
        name="filing.chapter-checklist-and-tables",
        chapter=book.chapter,
        severity=Severity.ERROR,
        citation=RULES_SUBMISSIONS,
        summary="A chapter's tables come with its checklist, and its checklist with at least one table.",
        doc=make_doc(
            what=f"Checks that a filing with {book.title} tables includes the '{book.chapter}' checklist sheet, and "
            "warns when the checklist is filed with no table dealing the game.",
            why="Each game's options are approved through its own Rules Submission under § 601a.2.",
            example=f"Tables row with Chapter {book.chapter}, and no sheet named {book.chapter}",
            instead=f"Add the {book.chapter} sheet (`pacomply template {book.chapter}`) and answer it",
            citation=RULES_SUBMISSIONS,
        ),
        fix=f"File the {book.chapter} checklist sheet with the tables that deal the game.",
        check_function=check,
    )


def discard_rack_answers(context: CheckContext, rule: Rule) -> Iterator[Finding]:
    """The two rack options answered agree with the racks the Tables sheet shows, table by table.

    Each table's rack is judged from its own columns: a rack with a mark is the 'taller with a mark' kind, one
    without is the 'equal height' kind (whether its height is right is the shared height rule's, NNNA-004). A
    chapter lets each rack be either, so both answers Yes is right when the tables show both kinds (the Board's form
    asks for a note when an option does not apply to every table); a No is wrong for each table of its kind, a Yes
    that no table fits is a warning, and two Noes leave no lawful rack. Each finding cites the option's own
    paragraph. One treatment for every chapter whose checklist asks the two rack questions (633a, 685a, 686a).
    """
    book = context.rulebook
    options = (("discard_rack_equal_height", False), ("discard_rack_taller_with_mark", True))
    answered = {key: context.answer(key) for key, _ in options}
    if all(value is False for value in answered.values()):
        yield rule.finding(
            "the checklist answers No to both discard rack options; every rack must be one of them",
            context.answer_location("discard_rack_equal_height"),
        )
        return
    racked = [table for table in context.tables if table.discard_rack_height_mm is not None]
    rack = book.discard_rack_citation
    for paragraph, (key, marked) in enumerate(options, start=1):
        # The paragraph of the rack subsection that permits this kind of rack (the Board's 686a form asks both
        # questions under the subsection itself).
        section = cite(f"{rack.short}({paragraph})") if rack is not None else book.question(key).section
        kind = "taller than the stack with a mark" if marked else "as high as the stack"
        fitting = [table for table in racked if (table.discard_rack_mark_mm is not None) == marked]
        if answered[key] is False:
            for table in fitting:
                yield rule.finding(
                    f"table {table.table_id}'s discard rack is {kind} (its Tables columns) but the checklist answers "
                    f"No to {asked(book, key)}",
                    table.location_of("discard_rack_mark_mm" if marked else "discard_rack_height_mm"),
                    table,
                    citation=section,
                )
        elif answered[key] is True and racked and not fitting:
            yield rule.finding(
                f"the checklist answers Yes to {asked(book, key)} but no table in the Tables sheet has a discard "
                f"rack {kind}",
                context.answer_location(key),
                citation=section,
                severity=Severity.WARNING,
            )


def _always_required(book: Rulebook, key: str) -> bool:
    """Whether the checklist asks ``key`` of every filing (required, depending on no other answer), so that a blank
    answer is the checklist-answered rule's finding (NNNA-006) and no other rule need say it again."""
    try:
        question = book.question(key)
    except KeyError:
        return False
    return question.required and question.depends_on is None


def adjacent_boxes(context: CheckContext, rule: Rule) -> Iterator[Finding]:
    """The Yes/No to wagering on more than one adjacent box and the total number of boxes agree, and the total
    fits each table (a warning). One treatment for every chapter that asks both questions."""
    allowed = context.answer("adjacent_boxes_allowed")
    maximum = context.answer("max_adjacent_boxes")
    location = context.answer_location("max_adjacent_boxes")
    if allowed is True and not isinstance(maximum, int):
        # A question every filing must answer is already the checklist rule's finding when it is left blank.
        if not _always_required(context.rulebook, "max_adjacent_boxes"):
            yield rule.finding("more than one adjacent box is allowed but the number of boxes is not given", location)
    elif allowed is True and isinstance(maximum, int):
        if maximum < 2:
            yield rule.finding(f"more than one adjacent box is allowed but the total given is {maximum}", location)
        for table in context.tables:
            if maximum > table.betting_positions:
                yield rule.finding(
                    f"a player may wager on {maximum} boxes but table {table.table_id} has "
                    f"{table.betting_positions} positions",
                    location,
                    table,
                    severity=Severity.WARNING,
                )
    elif allowed is False and isinstance(maximum, int) and maximum != 1:
        yield rule.finding(f"adjacent boxes are not allowed but the total given is {maximum}", location)


#: Why a table naming another paytable than the one its checklist selects is a warning in every chapter, for the
#: rule documents: the Board's checklists ask for a separate document when a selected option does not apply to every
#: table, so a table-specific paytable is lawful once explained; a paytable the chapter does not permit is an error
#: under the shared paytable rule (NNNA-007) whatever the checklist says.
PAYTABLE_DIFFERS_WHY = (
    "A table naming another paytable than the checklist selects is a warning in every chapter: the Board's checklist "
    "asks for a separate document when a selected option does not apply to every table, so the difference is lawful "
    "once explained there; a paytable the chapter does not permit is an error under the shared paytable rule."
)
PAYTABLE_DIFFERS_FIX = (
    "Make the table's paytable agree with the checklist, or explain the difference in the separate document the "
    "Board's checklist asks for when a selected option does not apply to every table."
)
OPTION_DIFFERS_FIX = (
    "Make the table agree with the checklist, or explain the difference in the separate document the Board's "
    "checklist asks for when a selected option does not apply to every table."
)


def differs_from_checklist(book: Rulebook, wager_id: str, named: str | None, selected: object) -> bool:
    """Whether a table names another of the chapter's paytables for ``wager_id`` than the checklist ``selected``.
    A name that is none of the chapter's paytables is its own error (the table-wager rule), not also a difference;
    both are the chapter's ids already (the filing model reads every spelling so)."""
    permitted = {paytable.id for paytable in book.paytables_for(wager_id)}
    return isinstance(selected, str) and named is not None and named in permitted and named != selected


def paytable_differs(
    rule: Rule, table: TableConfiguration, wager: Wager, named: str, selected: str, key: str, citation: Citation
) -> Finding:
    """A table names another paytable for ``wager`` than the checklist's ``key`` selects: one wording and one
    severity (a warning, :data:`PAYTABLE_DIFFERS_WHY`) in every chapter. Where the selected paytable is one the
    chapter does not permit at the table's deck count, the fix does not ask the table to follow it."""
    paytables = regulations.rulebook(table.chapter).paytables_for(wager.id)
    selected_paytable = next((paytable for paytable in paytables if paytable.id == selected), None)
    unfit = (
        selected_paytable is not None
        and selected_paytable.permitted_decks is not None
        and table.decks not in selected_paytable.permitted_decks
    )
    return rule.finding(
        f"table {table.table_id} pays the {wager.name} on paytable {named} but the checklist's answer to "
        f"{asked(regulations.rulebook(table.chapter), key)} selects {selected}",
        table.location_of("wagers"),
        table,
        citation=citation,
        severity=Severity.WARNING,
        fix=(
            "Explain the difference in the separate document the Board's checklist asks for when a selected option "
            f"does not apply to every table: paytable {selected} is not permitted with {decks_text([table.decks])}, "
            f"so table {table.table_id} cannot take it."
            if unfit
            else PAYTABLE_DIFFERS_FIX
        ),
    )


def paytable_not_permitted_fix(
    wager_name: str, permitted: list[str] | tuple[str, ...], named_by_tables: Mapping[str, list[str]] | None = None
) -> str:
    """The fix for a checklist answer that selects a paytable the chapter does not have for ``wager_name``: name
    the ones it has (the rule's general fix, about offering the wager, does not fit this finding), and the ones the
    tables pay it on (``named_by_tables``: paytable → table ids), which are what the answer most likely meant."""
    fix = f"Select one of the chapter's paytables for the {wager_name} in the checklist: {', '.join(permitted)}."
    if named_by_tables:
        fix += f" The tables pay it on {paytables_named_text(named_by_tables)}."
    return fix


def paytables_named_text(named_by_tables: Mapping[str, list[str]]) -> str:
    """'C (tables BJ-1, BJ-5); D (table BJ-2)': the paytables tables name, each with the tables naming it."""
    return "; ".join(
        f"{paytable} (table{'s' if len(tables) > 1 else ''} {', '.join(tables)})"
        for paytable, tables in sorted(named_by_tables.items())
    )


def decks_text(counts: Iterable[int]) -> str:
    """'1 deck', '4 decks', '4 or 8 decks': deck counts as a sentence writes them."""
    ordered = sorted(counts)
    return f"{alternatives(ordered)} deck{'' if ordered == [1] else 's'}"


def paytables_named_by_tables(context: CheckContext, wager_ids: Iterable[str]) -> dict[str, list[str]]:
    """The paytables the filing's tables pay ``wager_ids`` on, each with the ids of the tables naming it."""
    named: dict[str, list[str]] = {}
    for table in context.tables:
        for wager_id in wager_ids:
            offer = table.offers(wager_id)
            if offer is not None and offer.paytable is not None and table.table_id not in named.get(offer.paytable, []):
                named.setdefault(offer.paytable, []).append(table.table_id)
    return named


def checklist_paytable(context: CheckContext, book: Rulebook, key: str) -> str | None:
    """The paytable the checklist's paytable question ``key`` selects, as the chapter prints its id, when it is one
    of the question's choices (the rulebook's data); None when unanswered or not one of them. A table is compared
    with this selection only: an answer naming no paytable of the chapter is one mistake, reported once at the
    answer by :func:`checklist_paytable_not_permitted`, not again at every table that pays a lawful one."""
    return _choice_named(book.question(key).choices, selected_text(context.answer(key)))


def _choice_named(choices: Iterable[str], chosen: str | None) -> str | None:
    """The one of ``choices`` that ``chosen`` names, however spelled; None where it names none of them."""
    from pacomply.regulations.paytable_resolution import spelled_choice

    return None if chosen is None else spelled_choice(choices, chosen)


def checklist_paytable_not_permitted(
    rule: Rule, context: CheckContext, book: Rulebook, wager_id: str, key: str
) -> Iterator[Finding]:
    """An error where the checklist's paytable question ``key`` for ``wager_id`` names a paytable that is not one of
    the question's choices (the paytables the chapter prints for the wager), cited to the question's subsection;
    its fix names the chapter's paytables and the ones the tables pay the wager on."""
    chosen = selected_text(context.answer(key))
    question = book.question(key)
    if chosen is None or not question.choices or _choice_named(question.choices, chosen) is not None:
        return
    wager = book.wager(wager_id)
    named_by_tables = paytables_named_by_tables(context, (wager_id,))
    yield rule.finding(
        f"the checklist's answer to {asked(book, key)} selects paytable '{chosen}' for the {wager.name}; the "
        "chapter permits "
        f"{', '.join(question.choices)}",
        context.answer_location(key),
        citation=question.section,
        fix=paytable_not_permitted_fix(wager.name, question.choices, named_by_tables),
    )


def wager_not_offered(rule: Rule, table: TableConfiguration, wager: Wager, key: str) -> Finding:
    """A table offers an optional wager the checklist answers No to offering (question ``key``); cites the
    subsection that allows the wager only if the Rules Submission specifies it."""
    question = asked(regulations.rulebook(table.chapter), key)
    return rule.finding(
        f"table {table.table_id} offers the {wager.name} but the checklist answers No to {question}",
        table.location_of("wagers"),
        table,
        citation=wager.citation,
        fix=f"Answer Yes to {question} (with its paytable, where the checklist asks for one), or remove the "
        f"{wager.name} from table {table.table_id}'s Wagers.",
    )


def progressive_system_missing(
    rule: Rule, table: TableConfiguration, wager: Wager, citation: Citation
) -> Iterator[Finding]:
    """A table offering a progressive wager lists a progressive table game system (the chapters' equipment
    subsection, ``citation``); one wording for every chapter with a metered progressive."""
    if Equipment.PROGRESSIVE_SYSTEM not in table.equipment:
        yield rule.finding(
            f"table {table.table_id} offers the {wager.name} without a progressive table game system",
            table.location_of("equipment"),
            table,
            citation=citation,
            fix=f"Connect table {table.table_id} to a progressive table game system and list it in its Equipment "
            f"cell ('{Equipment.PROGRESSIVE_SYSTEM.value}'), or remove the {wager.name} from the table.",
        )


def progressive_reset_fix(table: TableConfiguration, seed: Decimal, whose: str) -> str:
    """The fix for a table whose meter resets below ``seed`` (``whose``: 'paytable 1's seed', 'the chapter's
    least reset amount')."""
    return (
        f"Reset table {table.table_id}'s meter to at least ${seed:,} ({whose}) and write that amount in its "
        "Progressive Reset cell."
    )


#: The question whether the automated shuffler inserts the shuffled stack into the dealing shoe (681a).
LOADS_SHOE_KEY = "shuffler_loads_shoe"

SHUFFLER_KEYS: dict[str, Shuffler] = {
    "automated_shuffler": Shuffler.AUTOMATED,
    "continuous_shuffler": Shuffler.CONTINUOUS,
}


def shuffler_answers(book: Rulebook) -> CheckFunction:
    """The checklist's shuffler answers agree with the shufflers the tables list: a table using one the checklist
    answers No to is an error, a Yes no table uses a warning. Each finding cites the question's subsection."""
    checklist_keys = {question.key for question in book.checklist}
    keys = {key: shuffler for key, shuffler in SHUFFLER_KEYS.items() if key in checklist_keys}
    loads_shoe = LOADS_SHOE_KEY if LOADS_SHOE_KEY in checklist_keys else None

    def check(context: CheckContext, rule: Rule) -> Iterator[Finding]:
        denied = bool(keys) and all(context.answer(key) is False for key in keys)
        if loads_shoe is not None and context.answer(loads_shoe) is True and denied:
            # A shuffler that loads the shoe presupposes a shuffler; the checklist denies both kinds.
            yield rule.finding(
                f"the checklist answers Yes to {asked(book, loads_shoe)} but No to "
                + " and ".join(asked(book, key) for key in keys)
                + ": no shuffler is declared to load the shoe",
                context.answer_location(loads_shoe),
                citation=book.question(loads_shoe).section,
            )
        for key, shuffler in keys.items():
            answer = context.answer(key)
            section = book.question(key).section
            using = [table for table in context.tables if table.shuffler == shuffler]
            question = asked(book, key)
            if answer is False:
                for table in using:
                    yield rule.finding(
                        f"table {table.table_id} uses {in_words(shuffler)} but the checklist answers No to {question}",
                        table.location_of("shuffler"),
                        table,
                        citation=section,
                    )
            elif answer is True and context.tables and not using:
                yield rule.finding(
                    f"the checklist answers Yes to {question} but no table uses {in_words(shuffler)}",
                    context.answer_location(key),
                    citation=section,
                    severity=Severity.WARNING,
                )

    return check


def shuffler_answers_rule(book: Rulebook, code: str, citation: Citation) -> Rule:
    """The shuffler-consistency rule, one treatment for every chapter that asks about shufflers."""
    sections = tuple(dict.fromkeys(q.section for q in book.checklist if q.key in SHUFFLER_KEYS))
    return Rule(
        code=code,
        name="checklist.shuffler-consistent",
        chapter=book.chapter,
        severity=Severity.ERROR,
        citation=citation,
        summary="The checklist's shuffler answers agree with the shufflers the tables list.",
        doc=make_doc(
            what="Checks that a table using an automated or a continuous shuffler is covered by a Yes to the matching "
            "checklist question, and warns when the checklist says Yes but no table uses one.",
            why="The shuffler decides the deck configuration (two batches or one); the Board approves what is "
            "declared, so the checklist and the tables must say the same.",
            example=f"Sheet {book.chapter}: automated_shuffler No; Tables row: Shuffler automated",
            instead=f"Sheet {book.chapter}: automated_shuffler Yes",
            citation=citation,
            more=tuple(section for section in sections if section != citation),
        ),
        fix="Make the checklist's shuffler answers match the tables.",
        check_function=shuffler_answers(book),
    )


@dataclass(frozen=True, slots=True)
class TableShows:
    """A Yes/No checklist answer that a table's columns show: a table showing it beside a No is an error, and, where
    ``unused_is_warning``, a Yes that no table shows is a warning."""

    key: str
    column: str
    """The Tables column that shows it (the finding's location)."""
    shows: Callable[[TableConfiguration], bool]
    what: str
    """What a table showing it does, for the message: "alternates two decks (Batches 2)"."""
    unused_is_warning: bool = True
    no_checked_elsewhere: bool = False
    """A chapter rule already reports a table showing it beside a No (633a's hand dealing and double shoe)."""


@dataclass(frozen=True, slots=True)
class TableAmount:
    """A checklist amount that a table's column also gives (a reset, a payout limit); a table giving another is a
    warning, like a table naming another paytable (:data:`PAYTABLE_DIFFERS_WHY`)."""

    key: str
    column: str
    offering: str | None = None
    """The wager a table must offer for its column to hold this amount; None for any table."""
    unless: str | None = None
    """A wager whose amount the column holds instead when the table offers both."""


#: Every checklist answer a table's columns can show, keyed by question: a chapter whose checklist asks one gets it
#: checked (NNNA-011). The others are checked by their own rules: shufflers (shuffler rules), dealing methods
#: (dealing rules), offered wagers and paytables (offered-wager rules), racks, card readers, double shoes, decks.
TABLE_SHOWS = (
    TableShows(
        "two_decks_alternating", "batches", lambda table: table.batches == 2, "alternates two decks (Batches 2)"
    ),
    TableShows(
        "payout_limit_established",
        "payout_limit",
        lambda table: table.payout_limit is not None,
        "gives a payout limit",
        unused_is_warning=False,
    ),
    TableShows(
        "maximum_payout_established",
        "payout_limit",
        lambda table: table.payout_limit is not None,
        "gives a payout limit",
        unused_is_warning=False,
    ),
    TableShows(
        "hand_dealing_offered",
        "dealing",
        lambda table: table.dealing == DealingMethod.HAND,
        "deals from the hand",
        no_checked_elsewhere=True,
    ),
    TableShows(
        "double_shoe",
        "dealing",
        lambda table: table.dealing == DealingMethod.DOUBLE_SHOE,
        "deals from a double shoe",
        no_checked_elsewhere=True,
    ),
)
TABLE_AMOUNTS = (
    TableAmount("progressive_reset", "progressive_reset", offering="progressive"),
    TableAmount("bad_beat_reset_amount", "progressive_reset", offering="bad_beat"),
    TableAmount("hit_and_run_reset_amount", "progressive_reset", offering="hit_and_run", unless="bad_beat"),
    TableAmount("payout_limit", "payout_limit"),
    TableAmount("maximum_payout_amount", "payout_limit"),
)
_COLUMN_TITLES = {
    "batches": "Batches",
    "dealing": "Dealing",
    "payout_limit": "Payout Limit ($)",
    "progressive_reset": "Progressive Reset ($)",
}


def _tables_agree(book: Rulebook, code: str) -> Rule | None:
    checklist_keys = {question.key for question in book.checklist}
    shown = [entry for entry in TABLE_SHOWS if entry.key in checklist_keys]
    amounts = [entry for entry in TABLE_AMOUNTS if entry.key in checklist_keys]
    offered = [(wager, f"{wager.id}_offered") for wager in book.wagers if f"{wager.id}_offered" in checklist_keys]
    if not shown and not amounts and not offered:
        return None  # the chapter asks nothing the Tables sheet shows beyond what its own rules compare

    def check(context: CheckContext, rule: Rule) -> Iterator[Finding]:
        for entry in shown:
            answer = context.answer(entry.key)
            section = book.question(entry.key).section
            showing = [table for table in context.tables if entry.shows(table)]
            if answer is False and not entry.no_checked_elsewhere:
                for table in showing:
                    yield rule.finding(
                        f"table {table.table_id} {entry.what} but the checklist answers No to "
                        f"{asked(book, entry.key)}",
                        table.location_of(entry.column),
                        table,
                        citation=section,
                    )
            elif answer is True and entry.unused_is_warning and context.tables and not showing:
                yield rule.finding(
                    f"the checklist answers Yes to {asked(book, entry.key)} but no table {entry.what}",
                    context.answer_location(entry.key),
                    citation=section,
                    severity=Severity.WARNING,
                )
        for wager, key in offered:
            # A table offering a wager answered No is the chapter's offered-wager rule's; a Yes no table offers is
            # the same kind of contradiction as a shuffler answered Yes that no table uses.
            if context.answer(key) is True and context.tables and not any(t.offers(wager.id) for t in context.tables):
                yield rule.finding(
                    f"the checklist answers Yes to {asked(book, key)} but no table offers the {wager.name}",
                    context.answer_location(key),
                    citation=book.question(key).section,
                    severity=Severity.WARNING,
                )
        for amount_entry in amounts:
            answered = money(context.answer(amount_entry.key))
            if answered is None:
                continue
            for table in context.tables:
                if amount_entry.offering is not None and table.offers(amount_entry.offering) is None:
                    continue
                if amount_entry.unless is not None and table.offers(amount_entry.unless) is not None:
                    continue
                given = getattr(table, amount_entry.column)
                if given is not None and given != answered:
                    yield rule.finding(
                        f"table {table.table_id}'s {_COLUMN_TITLES[amount_entry.column]} is ${given:,} but the "
                        f"checklist's answer to {asked(book, amount_entry.key)} is ${answered:,}",
                        table.location_of(amount_entry.column),
                        table,
                        citation=book.question(amount_entry.key).section,
                        severity=Severity.WARNING,
                        fix=OPTION_DIFFERS_FIX,
                    )

    keys = [entry.key for entry in shown] + [entry.key for entry in amounts] + [key for _, key in offered]
    sections = tuple(dict.fromkeys(book.question(key).section for key in keys))
    contradicted = next((entry for entry in shown if not entry.no_checked_elsewhere), None)
    if contradicted is not None:
        value = {"batches": "2", "payout_limit": "50000"}.get(contradicted.column, "")
        example = (
            f"Sheet {book.chapter}: {contradicted.key} No; Tables row: {_COLUMN_TITLES[contradicted.column]} {value}"
        )
        instead = f"Sheet {book.chapter}: {contradicted.key} Yes"
    elif amounts:
        example = f"Sheet {book.chapter}: {amounts[0].key} $5,000; Tables row: {_COLUMN_TITLES[amounts[0].column]} 6000"
        instead = f"Sheet {book.chapter}: {amounts[0].key} $6,000"
    else:
        wager, key = offered[0]
        example = f"Sheet {book.chapter}: {key} Yes; no Tables row offers '{wager.id}'"
        instead = f"Tables row: Chapter {book.chapter}, Wagers '{wager.id}' (or {key} No)"
    return Rule(
        code=code,
        name="checklist.tables-agree",
        chapter=book.chapter,
        severity=Severity.ERROR,
        citation=sections[0],
        summary="The checklist's answers agree with what the Tables sheet shows.",
        doc=make_doc(
            what="Compares each checklist answer the Tables sheet also shows ("
            + ", ".join(f"'{key}'" for key in keys)
            + ") with the tables: a table showing what the checklist answers No to is an error (where no other rule "
            "of the chapter reports it), a Yes no table shows (an optional wager no table offers, a way of dealing "
            "no table uses) a warning where every table could show it, and a table giving another amount than the "
            "checklist's a warning. Each finding cites the question's subsection.",
            why="The Board approves what the Rules Submission declares, so the checklist and the tables must say "
            "the same; the Board's checklist asks for a separate document where a selected option does not apply "
            "to every table, so an amount that differs at one table is lawful once explained, while a table using "
            "an option answered No uses one that was never submitted.",
            example=example,
            instead=instead,
            citation=sections[0],
            more=sections[1:],
        ),
        fix="Make the checklist's answers agree with the tables.",
        check_function=check,
    )


def shared_rules(
    book: Rulebook,
    *,
    two_batch_citation: Citation | None = None,
    wagers_citation: Citation | None = None,
    fixed_odds: Mapping[str, FixedOdds] | None = None,
    paytables_by_amount: tuple[PaytableByAmount, ...] = (),
) -> tuple[Rule, ...]:
    """The shared families for one chapter, numbered 001–011.

    ``two_batch_citation`` is the subsection requiring two batches with an automated shuffler (default: the
    two-batch configuration's); ``wagers_citation`` the subsection listing the chapter's wagers, cited for a wager
    the chapter does not have; ``fixed_odds`` the odds of each wager the chapter pays without a paytable;
    ``paytables_by_amount`` the chapter's ties of a wager's paytables to the amount wagered (687a's Progressive).
    """
    prefix = book.chapter.upper()
    rules = [
        _betting_positions(book, f"{prefix}-001"),
        _deck_configuration(book, f"{prefix}-002", two_batch_citation),
        _change_interval(book, f"{prefix}-003"),
        _discard_rack(book, f"{prefix}-004"),
        _dealing_method(book, f"{prefix}-005"),
        _checklist_answered(book, f"{prefix}-006"),
        _table_wagers(book, f"{prefix}-007", wagers_citation, fixed_odds, paytables_by_amount),
        _chapter_filed(book, f"{prefix}-008"),
        _conditional_answers(book, f"{prefix}-009"),
        _other_chapter_wagers(book, f"{prefix}-010", wagers_citation),
        _tables_agree(book, f"{prefix}-011"),
    ]
    return tuple(rule for rule in rules if rule is not None)
