"""Checks 645a (Pai Gow Poker) and 688a (Face Up Pai Gow Poker) share, parameterised by the chapter's rulebook.

The two chapters are written from one template: the same dealing methods and starting-position equipment, the
same optional-wager / paytable questions, the same house-way duty. Each chapter module builds its rules from
these factories with its own ids, keys and citations, so a finding always cites its own chapter.
"""

from __future__ import annotations

from collections.abc import Iterator

from pacomply.checker.registry import CheckContext, Finding, Rule, Severity, make_doc
from pacomply.checker.rules.common import (
    PAYTABLE_DIFFERS_WHY,
    alternatives,
    asked,
    checklist_paytable,
    checklist_paytable_not_permitted,
    differs_from_checklist,
    paytable_differs,
    wager_not_offered,
)
from pacomply.regulations.citation import Citation
from pacomply.regulations.rulebook import DealingMethod, Equipment, Rulebook, Shuffler, in_words

DEALING_KEYS: dict[DealingMethod, str] = {
    DealingMethod.SHOE: "manual_shoe",
    DealingMethod.HAND: "dealt_from_hand",
    DealingMethod.AUTOMATED_SHOE: "automated_shoe",
}


def method_citations(book: Rulebook) -> dict[DealingMethod, Citation]:
    """The subsection governing each way of dealing: the checklist question that asks about it (§ NNNa.8(a) manual
    shoe, § NNNa.9(a) hand, § NNNa.10(a) automated shoe in 645a, 687a and 688a)."""
    keys = {question.key: question.section for question in book.checklist}
    return {method: keys[key] for method, key in DEALING_KEYS.items() if key in keys}


def dealing_answers_rule(book: Rulebook, code: str, citation: Citation, hand_citation: Citation) -> Rule:
    """Tables deal only by methods the checklist answers Yes to; dealing from the hand needs an automated shuffler."""
    by_method = method_citations(book)

    def check(context: CheckContext, rule: Rule) -> Iterator[Finding]:
        for table in context.tables:
            key = DEALING_KEYS.get(table.dealing)
            if key is not None and context.answer(key) is False:
                # A contradiction about one way of dealing cites the section governing that way.
                yield rule.finding(
                    f"table {table.table_id} deals from {in_words(table.dealing)} but the checklist answers No to "
                    f"{asked(book, key)}",
                    table.location_of("dealing"),
                    table,
                    citation=by_method.get(table.dealing, citation),
                    fix=f"Answer Yes to {asked(book, key)} if the table deals that way, or correct "
                    "the table's Dealing cell.",
                )
            # The same test as 633a and 687a: any automated shuffling device (a continuous one is refused, if at
            # all, by the deck-configuration family, not twice here).
            if table.dealing == DealingMethod.HAND and table.shuffler == Shuffler.NONE:
                yield rule.finding(
                    f"table {table.table_id} deals from the dealer's hand with {in_words(table.shuffler)}; cards dealt "
                    "from the hand must be shuffled by an automated card shuffling device",
                    table.location_of("shuffler"),
                    table,
                    citation=hand_citation,
                    fix="Use an automated shuffler at a table dealt from the hand, or deal it from a shoe.",
                )
        if context.answer("dealt_from_hand") is True and context.answer("automated_shuffler") is False:
            yield rule.finding(
                "the checklist deals from the dealer's hand but answers No to "
                f"{asked(book, 'automated_shuffler')}",
                context.answer_location("dealt_from_hand"),
                citation=hand_citation,
                fix=f"Answer Yes to {asked(book, 'automated_shuffler')} (dealing from the hand needs "
                f"one), or No to {asked(book, 'dealt_from_hand')}.",
            )

    return Rule(
        code=code,
        name="dealing.checklist-consistent",
        chapter=book.chapter,
        severity=Severity.ERROR,
        citation=citation,
        summary="Tables deal as the checklist says; dealing from the hand uses an automated shuffler.",
        doc=make_doc(
            what="Checks each table's Dealing column against the checklist's manual shoe / hand / automated shoe "
            "answers, and that cards dealt from the dealer's hand are shuffled by an automated shuffler.",
            why="The chapter allows three ways of dealing, and dealing from the hand only after an automated shuffle.",
            example=f"Sheet {book.chapter}: dealt_from_hand Yes; Tables row: Dealing hand, Shuffler none",
            instead=f"Tables row: Chapter {book.chapter}, Dealing hand, Shuffler automated",
            citation=citation,
            more=tuple(dict.fromkeys((*by_method.values(), hand_citation))),
        ),
        fix="Answer the dealing questions as the tables deal, and use an automated shuffler when dealing by hand.",
        check_function=check,
    )


def starting_position_rule(
    book: Rulebook, code: str, citation: Citation, options: dict[str, Equipment], button_citation: Citation | None
) -> Rule:
    """At least one starting-position method is chosen; the tables carry the equipment for it."""

    def check(context: CheckContext, rule: Rule) -> Iterator[Finding]:
        chosen = [key for key in options if context.answer(key) is True]
        answered = [key for key in options if context.answer(key) is not None]
        if answered and not chosen:
            yield rule.finding(
                "the checklist answers No to every starting-position method ("
                + ", ".join(in_words(equipment) for equipment in options.values())
                + "); one is required",
                context.answer_location(next(iter(options))),
                fix="Answer Yes to the question of the method the tables use to choose where the deal starts.",
            )
        for table in context.tables:
            methods = [equipment for equipment in options.values() if equipment in table.equipment]
            # A flat button the chapter does not allow is its own error, whose fix is this one's too.
            button_refused = button_citation is None and Equipment.FLAT_BUTTON in table.equipment
            if not methods and table.equipment and not button_refused:
                yield rule.finding(
                    f"table {table.table_id} lists no starting-position equipment ("
                    + alternatives([in_words(equipment) for equipment in options.values()])
                    + ")",
                    table.location_of("equipment"),
                    table,
                    severity=Severity.WARNING,
                    fix=f"List the equipment table {table.table_id} uses to choose where the deal starts in its "
                    f"Equipment cell: {' or '.join(repr(equipment.value) for equipment in options.values())}.",
                )
            for key, equipment in options.items():
                if equipment in table.equipment and context.answer(key) is False:
                    yield rule.finding(
                        f"table {table.table_id} lists {in_words(equipment)} but the checklist answers No to "
                        f"{asked(book, key)}",
                        table.location_of("equipment"),
                        table,
                        fix=f"Answer Yes to {asked(book, key)}, or remove the {equipment.value} from "
                        f"table {table.table_id}'s Equipment cell.",
                    )
            if (
                button_citation is not None
                and Equipment.FLAT_BUTTON in table.equipment
                and (table.shuffler != Shuffler.AUTOMATED or table.dealing != DealingMethod.AUTOMATED_SHOE)
            ):
                yield rule.finding(
                    f"table {table.table_id} uses a flat button without both an automated shuffler and an "
                    "automated dealing shoe",
                    table.location_of("equipment"),
                    table,
                    citation=button_citation,
                    fix=f"Use the flat button only at a table with an automated shuffler and an automated dealing "
                    f"shoe, or choose the starting position at table {table.table_id} by another method the chapter "
                    "allows.",
                )
            if button_refused:
                yield rule.finding(
                    f"table {table.table_id} lists a flat button; {book.title} determines the starting position "
                    "only by shaker or random number generator",
                    table.location_of("equipment"),
                    table,
                    fix=f"Replace the flat button at table {table.table_id} with a shaker or a random number "
                    "generator, and list it in the table's Equipment cell.",
                )

    shown = ", ".join(equipment.value for equipment in options.values())
    return Rule(
        code=code,
        name="equipment.starting-position",
        chapter=book.chapter,
        severity=Severity.ERROR,
        citation=citation,
        summary=f"The starting position is set by a method the chapter allows ({shown}).",
        doc=make_doc(
            what=f"Checks that the checklist chooses a starting-position method ({shown}), that tables list only "
            "chosen equipment"
            + (
                ", and that a flat button is used only with an automated shuffler and dealing shoe"
                if button_citation
                else ""
            )
            + ".",
            why="Where the deal starts must be random or rotate as the chapter says, so no player can pick a stack.",
            example=f"Sheet {book.chapter}: every starting-position question answered No",
            instead=f"Sheet {book.chapter}: {next(iter(options))} Yes; Tables row: Equipment "
            f"{next(iter(options.values())).value}",
            citation=citation,
            more=(button_citation,) if button_citation else (),
        ),
        fix="Choose a starting-position method the chapter allows and list its equipment on the tables.",
        check_function=check,
    )


def offered_wagers_rule(book: Rulebook, code: str, offered_keys: dict[str, str], paytable_keys: dict[str, str]) -> Rule:
    """A table's optional wager is one the checklist offers, on the selected paytable (one of the chapter's)."""

    def check(context: CheckContext, rule: Rule) -> Iterator[Finding]:
        for wager_id, key in offered_keys.items():
            wager = book.wager(wager_id)
            paytable_key = paytable_keys.get(wager_id)
            # A JSON filing may give paytable 2 as a number; an answer naming no paytable of the chapter is
            # reported once, at the answer, and no table is compared with it.
            selected = checklist_paytable(context, book, paytable_key) if paytable_key else None
            if paytable_key:
                yield from checklist_paytable_not_permitted(rule, context, book, wager_id, paytable_key)
            for table in context.tables:
                offered = table.offers(wager_id)
                if offered is None:
                    continue
                if context.answer(key) is False:
                    yield wager_not_offered(rule, table, wager, key)
                elif differs_from_checklist(book, wager.id, offered.paytable, selected):
                    assert paytable_key is not None and isinstance(selected, str) and offered.paytable is not None
                    section = book.question(paytable_key).section
                    yield paytable_differs(rule, table, wager, offered.paytable, selected, paytable_key, section)

    first = next(iter(offered_keys))
    return Rule(
        code=code,
        name="wagers.checklist-consistent",
        chapter=book.chapter,
        severity=Severity.ERROR,
        citation=book.wager(first).citation,
        summary="Optional wagers are offered only if the checklist offers them, on a paytable the chapter permits.",
        doc=make_doc(
            what="Checks that each optional wager a table offers is answered Yes on the checklist, that the paytable "
            "the checklist selects is one the chapter prints, and warns when a table names another paytable than "
            "the one selected (a table-specific choice needs the separate document the form asks for).",
            why="Optional wagers exist only if the Rules Submission specifies them, on one of the chapter's paytables. "
            + PAYTABLE_DIFFERS_WHY,
            example=f"Sheet {book.chapter}: {offered_keys[first]} No; Tables row: Wagers '{first}'",
            instead=f"Sheet {book.chapter}: {offered_keys[first]} Yes",
            citation=book.wager(first).citation,
            more=tuple(dict.fromkeys(book.question(key).section for key in paytable_keys.values())),
        ),
        fix="Answer Yes for each wager the tables offer and select one of the chapter's paytables for it.",
        check_function=check,
    )


def house_way_rule(book: Rulebook, code: str, citation: Citation) -> Rule:
    """The filing gives the dealer's house way: 'standard' or a structured house way pacomply can read."""

    def check(context: CheckContext, rule: Rule) -> Iterator[Finding]:
        from pacomply.engine.games.pai_gow_house_way_reading import HouseWayError, parse_house_way

        text = context.answer("house_way")
        if not isinstance(text, str) or not text.strip():
            return  # the shared checklist-answered rule reports a blank
        try:
            parse_house_way(text)
        except HouseWayError as error:
            yield rule.finding(
                f"the house way cannot be read: {error}",
                context.answer_location("house_way"),
                severity=Severity.WARNING,
            )

    return Rule(
        code=code,
        name="house-way.readable",
        chapter=book.chapter,
        severity=Severity.WARNING,
        citation=citation,
        summary="The dealer's house way is 'standard' or a structured house way pacomply can apply.",
        doc=make_doc(
            what="Reads the house_way answer as 'standard' or as the structured house way of "
            "docs/chapters-645a-688a.md (key=value pairs) and warns when pacomply cannot apply it.",
            why="The chapter makes the manner of setting the dealer's hands part of the Rules Submission; pacomply "
            "needs it to replay rounds and price the game.",
            example=f"Sheet {book.chapter}: house_way 'split two pair when nice'",
            instead=f"Sheet {book.chapter}: house_way 'standard; two_pair_together_with_ace_max=6'",
            citation=citation,
        ),
        fix="Write 'standard' or the structured key=value house way, and attach the full house rules.",
        check_function=check,
    )
