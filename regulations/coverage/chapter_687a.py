"""Coverage of chapter 687a (DJ Wild Stud Poker): each subsection, the rules that check it or why none can."""

from __future__ import annotations

from pacomply.regulations.citation import cite
from pacomply.regulations.coverage import CoverageEntry, CoverageMatrix, Unchecked


def _entry(
    subsection: str, topic: str, *rule_ids: str, reason: Unchecked | None = None, note: str = ""
) -> CoverageEntry:
    return CoverageEntry(cite("687a." + subsection), topic, tuple(rule_ids), reason, note)


MATRIX = CoverageMatrix(
    chapter="687a",
    entries=(
        _entry("1", "definitions", reason=Unchecked.DEFINITION),
        _entry("2(a)", "Each DJ Wild Stud Poker table has 1 to 6 betting positions", "687A-001"),
        _entry("2(b)", "table layout and equipment", reason=Unchecked.LAYOUT_APPROVAL),
        _entry("2(c)", "table layout and equipment", reason=Unchecked.LAYOUT_APPROVAL),
        _entry("2(d)", "Every DJ Wild Stud Poker table has a discard rack", "687A-101"),
        _entry(
            "3(a)",
            "Decks per batch, number of batches and shuffler form a configuration the chapter allows",
            "687A-002",
        ),
        _entry(
            "3(b)",
            "Decks per batch, number of batches and shuffler form a configuration the chapter allows",
            "687A-002",
            "687A-006",
            "687A-009",
            "687A-103",
        ),
        _entry("3(c)", "Cards in use are changed at least as often as the chapter requires", "687A-003"),
        _entry("4(a)", "opening the table", reason=Unchecked.INSPECTION_DUTY),
        _entry("4(b)", "opening the table", reason=Unchecked.INSPECTION_DUTY),
        _entry("4(c)", "opening the table", reason=Unchecked.INSPECTION_DUTY),
        _entry("4(d)", "opening the table", reason=Unchecked.INSPECTION_DUTY),
        _entry(
            "4(e)",
            "Rules Submission option: Are the playing cards preinspected and reshuffled",
            "687A-006",
            note="only that the option is answered (and agrees with its condition); the choice is the licensee's",
        ),
        _entry("5(a)", "shuffle, cut and starting position", reason=Unchecked.DEALING_PROCEDURE),
        _entry(
            "5(b)",
            "Rules Submission option: If an automated card shuffling device is used, does it count the "
            "number of cards in the deck after the completion of each shuffle and indicate whether 53 "
            "cards are present",
            "687A-006",
            "687A-009",
            note="only that the option is answered (and agrees with its condition); the choice is the licensee's",
        ),
        _entry(
            "5(c)",
            "Cards are dealt only by the chapter's three methods: manual shoe, hand, automated shoe",
            "687A-005",
            note="the rest of the paragraph (the shuffle, the cut, the starting position) is dealing procedure",
        ),
        _entry("5(d)", "shuffle, cut and starting position", reason=Unchecked.DEALING_PROCEDURE),
        _entry("5(e)", "shuffle, cut and starting position", reason=Unchecked.DEALING_PROCEDURE),
        _entry("5(f)", "shuffle, cut and starting position", reason=Unchecked.DEALING_PROCEDURE),
        _entry("5(g)", "shuffle, cut and starting position", reason=Unchecked.DEALING_PROCEDURE),
        _entry("6(a)", "hand rankings", reason=Unchecked.RULE_OF_PLAY),
        _entry("6(b)", "hand rankings", reason=Unchecked.RULE_OF_PLAY),
        _entry("6(c)", "hand rankings", reason=Unchecked.RULE_OF_PLAY),
        _entry("6(d)", "hand rankings", reason=Unchecked.RULE_OF_PLAY),
        _entry("6(e)", "hand rankings", reason=Unchecked.RULE_OF_PLAY),
        _entry("6(f)", "hand rankings", reason=Unchecked.RULE_OF_PLAY),
        _entry("7(a)", "wagers", reason=Unchecked.DEALING_PROCEDURE),
        _entry(
            "7(b)",
            "Rules Submission option: If a player leaves the table during a round of play, do you "
            "consider any wagers made by the player abandoned and treat them as losing wagers",
            "687A-006",
            note="only that the option is answered (and agrees with its condition); the choice is the licensee's",
        ),
        _entry("7(c)", "wagers", reason=Unchecked.DEALING_PROCEDURE),
        _entry(
            "7(d)",
            "Each wager a table offers is one the chapter defines, on a paytable it permits at that deck count",
            "687A-006",
            "687A-007",
            "687A-009",
            "687A-011",
            "687A-104",
        ),
        _entry(
            "7(e)",
            "The number of adjacent boxes a player may wager on is given, agrees with the Yes/No, and fits",
            "687A-006",
            "687A-107",
        ),
        _entry("8(a)", "A manual dealing shoe is used only as the checklist says", "687A-006", "687A-103"),
        _entry("8(b)", "dealing from a manual shoe", reason=Unchecked.DEALING_PROCEDURE),
        _entry(
            "8(c)",
            "A Progressive is a $1 or $5 wager matching its paytable, with a system and a meter at its seed",
            "687A-105",
        ),
        _entry("8(d)", "dealing from a manual shoe", reason=Unchecked.DEALING_PROCEDURE),
        _entry("8(e)", "dealing from a manual shoe", reason=Unchecked.DEALING_PROCEDURE),
        _entry("8(f)", "dealing from a manual shoe", reason=Unchecked.DEALING_PROCEDURE),
        _entry("8(g)", "dealing from a manual shoe", reason=Unchecked.DEALING_PROCEDURE),
        _entry("8(h)", "dealing from a manual shoe", reason=Unchecked.DEALING_PROCEDURE),
        _entry("8(i)", "dealing from a manual shoe", reason=Unchecked.IRREGULARITY),
        _entry(
            "9(a)",
            "Cards dealt from the dealer's hand are shuffled by an automated shuffler",
            "687A-006",
            "687A-102",
            "687A-103",
        ),
        _entry("9(b)", "dealing from the hand", reason=Unchecked.DEALING_PROCEDURE),
        _entry("9(c)", "dealing from the hand", reason=Unchecked.DEALING_PROCEDURE),
        _entry("9(d)", "dealing from the hand", reason=Unchecked.DEALING_PROCEDURE),
        _entry("9(e)", "dealing from the hand", reason=Unchecked.DEALING_PROCEDURE),
        _entry("9(f)", "dealing from the hand", reason=Unchecked.DEALING_PROCEDURE),
        _entry("10(a)", "The checklist's dealing and shuffler answers agree with the tables", "687A-006", "687A-103"),
        _entry("10(b)", "dealing from an automated shoe", reason=Unchecked.DEALING_PROCEDURE),
        _entry("10(c)", "dealing from an automated shoe", reason=Unchecked.DEALING_PROCEDURE),
        _entry("10(d)", "dealing from an automated shoe", reason=Unchecked.DEALING_PROCEDURE),
        _entry("10(e)", "dealing from an automated shoe", reason=Unchecked.DEALING_PROCEDURE),
        _entry("10(f)", "dealing from an automated shoe", reason=Unchecked.IRREGULARITY),
        _entry("11(a)", "completing the round", reason=Unchecked.DEALING_PROCEDURE),
        _entry(
            "11(b)",
            "Rules Submission option: Do you allow folded hands to qualify for the Progressive Bonus Wager",
            "687A-006",
            "687A-009",
            note="only that the option is answered (and agrees with its condition); the choice is the licensee's",
        ),
        _entry("11(c)", "completing the round", reason=Unchecked.DEALING_PROCEDURE),
        _entry("11(d)", "completing the round", reason=Unchecked.DEALING_PROCEDURE),
        _entry("11(e)", "completing the round", reason=Unchecked.DEALING_PROCEDURE),
        _entry(
            "11(f)",
            "A paytable whose printed figures need a reading (DJWT-07, Two-Way Bad Beat) is pointed out",
            "687A-106",
        ),
        _entry("11(g)", "completing the round", reason=Unchecked.DEALING_PROCEDURE),
        _entry(
            "12(a)",
            "Each wager a table offers is one the chapter defines, on a paytable it permits at that deck count",
            "687A-007",
        ),
        _entry(
            "12(b)",
            "Each wager a table offers is one the chapter defines, on a paytable it permits at that deck count",
            "687A-007",
        ),
        _entry(
            "12(c)",
            "Each wager a table offers is one the chapter defines, on a paytable it permits at that deck count",
            "687A-006",
            "687A-007",
            "687A-009",
            "687A-105",
        ),
        _entry(
            "12(d)",
            "Each wager a table offers is one the chapter defines, on a paytable it permits at that deck count",
            "687A-006",
            "687A-007",
            "687A-009",
            "687A-104",
            "687A-106",
        ),
        _entry(
            "12(e)",
            "Each wager a table offers is one the chapter defines, on a paytable it permits at that deck count",
            "687A-006",
            "687A-007",
            "687A-009",
            "687A-104",
        ),
        _entry("13(a)", "irregularities", reason=Unchecked.IRREGULARITY),
        _entry("13(b)", "irregularities", reason=Unchecked.IRREGULARITY),
        _entry("13(c)", "irregularities", reason=Unchecked.IRREGULARITY),
        _entry("13(d)", "irregularities", reason=Unchecked.IRREGULARITY),
        _entry("13(e)", "irregularities", reason=Unchecked.IRREGULARITY),
        _entry("13(f)", "irregularities", reason=Unchecked.IRREGULARITY),
        _entry("13(g)", "irregularities", reason=Unchecked.IRREGULARITY),
    ),
    unlabelled=(cite("687a.12(e)"),),
)
