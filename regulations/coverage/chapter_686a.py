"""Coverage of chapter 686a (Over/Under): each subsection, the rules that check it or why none can."""

from __future__ import annotations

from pacomply.regulations.citation import cite
from pacomply.regulations.coverage import CoverageEntry, CoverageMatrix, Unchecked


def _entry(
    subsection: str, topic: str, *rule_ids: str, reason: Unchecked | None = None, note: str = ""
) -> CoverageEntry:
    return CoverageEntry(cite("686a." + subsection), topic, tuple(rule_ids), reason, note)


MATRIX = CoverageMatrix(
    chapter="686a",
    entries=(
        _entry("1", "definitions", reason=Unchecked.DEFINITION),
        _entry("2(a)", "Each Over/Under table has 1 to 6 betting positions", "686A-001"),
        _entry("2(b)", "table layout and equipment", reason=Unchecked.LAYOUT_APPROVAL),
        _entry("2(c)", "table layout and equipment", reason=Unchecked.LAYOUT_APPROVAL),
        _entry(
            "2(d)",
            "The discard rack equals the stack height, or is taller with a mark at it",
            "686A-004",
            "686A-006",
            "686A-101",
        ),
        _entry(
            "3(a)",
            "Decks per batch, number of batches and shuffler form a configuration the chapter allows",
            "686A-002",
            "686A-102",
        ),
        _entry(
            "3(b)",
            "Decks per batch, number of batches and shuffler form a configuration the chapter allows",
            "686A-002",
            "686A-006",
            "686A-102",
        ),
        _entry("3(c)", "Cards in use are changed at least as often as the chapter requires", "686A-003"),
        _entry("3(d)", "cards and decks", reason=Unchecked.RULE_OF_PLAY),
        _entry("4(a)", "opening the table", reason=Unchecked.INSPECTION_DUTY),
        _entry("4(b)", "opening the table", reason=Unchecked.INSPECTION_DUTY),
        _entry("4(c)", "opening the table", reason=Unchecked.INSPECTION_DUTY),
        _entry("4(d)", "opening the table", reason=Unchecked.INSPECTION_DUTY),
        _entry(
            "4(e)",
            "Rules Submission option: Are the playing cards preinspected and preshuffled",
            "686A-006",
            note="only that the option is answered (and agrees with its condition); the choice is the licensee's",
        ),
        _entry("5(a)", "shuffle, cut and starting position", reason=Unchecked.DEALING_PROCEDURE),
        _entry("5(b)", "shuffle, cut and starting position", reason=Unchecked.DEALING_PROCEDURE),
        _entry("5(c)", "shuffle, cut and starting position", reason=Unchecked.DEALING_PROCEDURE),
        _entry("5(d)", "shuffle, cut and starting position", reason=Unchecked.DEALING_PROCEDURE),
        _entry("5(e)", "shuffle, cut and starting position", reason=Unchecked.DEALING_PROCEDURE),
        _entry("5(f)", "shuffle, cut and starting position", reason=Unchecked.DEALING_PROCEDURE),
        _entry("5(g)", "shuffle, cut and starting position", reason=Unchecked.DEALING_PROCEDURE),
        _entry("5(h)", "shuffle, cut and starting position", reason=Unchecked.DEALING_PROCEDURE),
        _entry(
            "6(a)",
            "Rules Submission option: Do you accept verbal wagers, accompanied by cash, that are "
            "confirmed by the dealer and a floorperson and expeditiously converted into gaming chips or"
            " plaques",
            "686A-006",
            note="only that the option is answered (and agrees with its condition); the choice is the licensee's",
        ),
        _entry("6(b)", "wagers", reason=Unchecked.DEALING_PROCEDURE),
        _entry("6(c)", "wagers", reason=Unchecked.DEALING_PROCEDURE),
        _entry("6(d)", "wagers", reason=Unchecked.DEALING_PROCEDURE),
        _entry(
            "6(e)",
            "Each wager a table offers is one the chapter defines, on a paytable it permits at that deck count",
            "686A-006",
            "686A-007",
            "686A-011",
            "686A-103",
        ),
        _entry(
            "6(f)",
            "The number of adjacent boxes a player may wager on is given and fits the layout",
            "686A-006",
            "686A-104",
        ),
        _entry("7(a)", "Cards are dealt only in a way the chapter allows", "686A-005"),
        _entry("7(b)", "completing the round", reason=Unchecked.DEALING_PROCEDURE),
        _entry("7(c)", "completing the round", reason=Unchecked.DEALING_PROCEDURE),
        _entry("7(d)", "completing the round", reason=Unchecked.DEALING_PROCEDURE),
        _entry("7(e)", "completing the round", reason=Unchecked.DEALING_PROCEDURE),
        _entry("7(f)", "completing the round", reason=Unchecked.DEALING_PROCEDURE),
        _entry("7(g)", "completing the round", reason=Unchecked.DEALING_PROCEDURE),
        _entry("7(h)", "completing the round", reason=Unchecked.DEALING_PROCEDURE),
        _entry("7(i)", "completing the round", reason=Unchecked.DEALING_PROCEDURE),
        _entry("7(j)", "completing the round", reason=Unchecked.DEALING_PROCEDURE),
        _entry("7(k)", "completing the round", reason=Unchecked.RULE_OF_PLAY),
        _entry(
            "8(a)",
            "Each wager a table offers is one the chapter defines, on a paytable it permits at that deck count",
            "686A-007",
        ),
        _entry(
            "8(b)",
            "Each wager a table offers is one the chapter defines, on a paytable it permits at that deck count",
            "686A-007",
        ),
        _entry("9(a)", "irregularities", reason=Unchecked.IRREGULARITY),
        _entry("9(b)", "irregularities", reason=Unchecked.IRREGULARITY),
        _entry("9(c)", "irregularities", reason=Unchecked.IRREGULARITY),
        _entry("9(d)", "irregularities", reason=Unchecked.IRREGULARITY),
        _entry("9(e)", "irregularities", reason=Unchecked.IRREGULARITY),
    ),
)
