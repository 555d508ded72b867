"""Coverage of chapter 688a (Face Up Pai Gow Poker): each subsection, the rules that check it or why none can."""

from __future__ import annotations

from pacomply.regulations.citation import cite
from pacomply.regulations.coverage import CoverageEntry, CoverageMatrix, Unchecked


def _entry(
    subsection: str, topic: str, *rule_ids: str, reason: Unchecked | None = None, note: str = ""
) -> CoverageEntry:
    return CoverageEntry(cite("688a." + subsection), topic, tuple(rule_ids), reason, note)


MATRIX = CoverageMatrix(
    chapter="688a",
    entries=(
        _entry("1", "definitions", reason=Unchecked.DEFINITION),
        _entry("2(a)", "Each Face Up Pai Gow Poker table has 1 to 6 betting positions", "688A-001"),
        _entry("2(b)", "table layout and equipment", reason=Unchecked.LAYOUT_APPROVAL),
        _entry(
            "2(c)", "The starting position is set by a method the chapter allows (shaker, rng)", "688A-006", "688A-102"
        ),
        _entry(
            "2(d)",
            "A progressive table resets at least to its paytable's meter seed and has a progressive system",
            "688A-105",
        ),
        _entry("2(e)", "table layout and equipment", reason=Unchecked.LAYOUT_APPROVAL),
        _entry("2(f)", "Every Face Up Pai Gow Poker table has a discard rack", "688A-106"),
        _entry(
            "3(a)",
            "Decks per batch, number of batches and shuffler form a configuration the chapter allows",
            "688A-002",
        ),
        _entry(
            "3(b)",
            "Decks per batch, number of batches and shuffler form a configuration the chapter allows",
            "688A-002",
            "688A-006",
            "688A-107",
        ),
        _entry("3(c)", "Cards in use are changed at least as often as the chapter requires", "688A-003"),
        _entry("4(a)", "opening the table", reason=Unchecked.INSPECTION_DUTY),
        _entry("4(b)", "opening the table", reason=Unchecked.INSPECTION_DUTY),
        _entry("4(c)", "opening the table", reason=Unchecked.INSPECTION_DUTY),
        _entry("4(d)", "opening the table", reason=Unchecked.INSPECTION_DUTY),
        _entry(
            "4(e)",
            "Rules Submission option: Are the playing cards preinspected and preshuffled",
            "688A-006",
            note="only that the option is answered (and agrees with its condition); the choice is the licensee's",
        ),
        _entry("5(a)", "shuffle, cut and starting position", reason=Unchecked.DEALING_PROCEDURE),
        _entry(
            "5(b)",
            "Cards are dealt only by the chapter's three methods: manual shoe, hand, automated shoe",
            "688A-005",
            note="the rest of the paragraph (the shuffle, the cut, the starting position) is dealing procedure",
        ),
        _entry("5(c)", "shuffle, cut and starting position", reason=Unchecked.DEALING_PROCEDURE),
        _entry("5(d)", "shuffle, cut and starting position", reason=Unchecked.DEALING_PROCEDURE),
        _entry("5(e)", "shuffle, cut and starting position", reason=Unchecked.DEALING_PROCEDURE),
        _entry("5(f)", "shuffle, cut and starting position", reason=Unchecked.DEALING_PROCEDURE),
        _entry("5(g)", "shuffle, cut and starting position", reason=Unchecked.DEALING_PROCEDURE),
        _entry("5(h)", "shuffle, cut and starting position", reason=Unchecked.DEALING_PROCEDURE),
        _entry("5(i)", "shuffle, cut and starting position", reason=Unchecked.DEALING_PROCEDURE),
        _entry(
            "5(j)",
            "Rules Submission option: Do you mark the starting position for a round of play",
            "688A-006",
            "688A-009",
            note="only that the option is answered (and agrees with its condition); the choice is the licensee's",
        ),
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
            "688A-006",
            note="only that the option is answered (and agrees with its condition); the choice is the licensee's",
        ),
        _entry("7(c)", "wagers", reason=Unchecked.DEALING_PROCEDURE),
        _entry("7(d)", "wagers", reason=Unchecked.DEALING_PROCEDURE),
        _entry(
            "7(e)",
            "Each wager a table offers is one the chapter defines, on a paytable it permits at that deck count",
            "688A-006",
            "688A-007",
            "688A-009",
            "688A-011",
            "688A-103",
        ),
        _entry(
            "7(f)",
            "Rules Submission option: Do you permit players to wager on two adjacent betting areas",
            "688A-006",
            note="only that the option is answered (and agrees with its condition); the choice is the licensee's",
        ),
        _entry("8(a)", "A manual dealing shoe is used only as the checklist says", "688A-006", "688A-101"),
        _entry("8(b)", "dealing from a manual shoe", reason=Unchecked.DEALING_PROCEDURE),
        _entry("8(c)", "dealing from a manual shoe", reason=Unchecked.DEALING_PROCEDURE),
        _entry("8(d)", "dealing from a manual shoe", reason=Unchecked.DEALING_PROCEDURE),
        _entry("8(e)", "dealing from a manual shoe", reason=Unchecked.DEALING_PROCEDURE),
        _entry("8(f)", "dealing from a manual shoe", reason=Unchecked.IRREGULARITY),
        _entry(
            "9(a)",
            "Tables deal as the checklist says; dealing from the hand uses an automated shuffler",
            "688A-006",
            "688A-101",
        ),
        _entry("9(b)", "dealing from the hand", reason=Unchecked.DEALING_PROCEDURE),
        _entry("9(c)", "dealing from the hand", reason=Unchecked.DEALING_PROCEDURE),
        _entry("9(d)", "dealing from the hand", reason=Unchecked.DEALING_PROCEDURE),
        _entry("9(e)", "dealing from the hand", reason=Unchecked.IRREGULARITY),
        _entry("9(f)", "dealing from the hand", reason=Unchecked.DEALING_PROCEDURE),
        _entry(
            "10(a)",
            "Tables deal as the checklist says; dealing from the hand uses an automated shuffler",
            "688A-006",
            "688A-101",
        ),
        _entry("10(b)", "dealing from an automated shoe", reason=Unchecked.DEALING_PROCEDURE),
        _entry("10(c)", "dealing from an automated shoe", reason=Unchecked.DEALING_PROCEDURE),
        _entry("10(d)", "dealing from an automated shoe", reason=Unchecked.DEALING_PROCEDURE),
        _entry("10(e)", "dealing from an automated shoe", reason=Unchecked.IRREGULARITY),
        _entry("10(f)", "dealing from an automated shoe", reason=Unchecked.DEALING_PROCEDURE),
        _entry(
            "11(a)", "The dealer's house way is 'standard' or a structured house way pacomply can apply", "688A-104"
        ),
        _entry("11(b)", "completing the round", reason=Unchecked.DEALING_PROCEDURE),
        _entry(
            "11(c)",
            "Rules Submission option: Provide a copy of house rules for setting hands in a separate tab"
            " (or 'standard').",
            "688A-006",
            note="only that the option is answered (and agrees with its condition); the choice is the licensee's",
        ),
        _entry("11(d)", "completing the round", reason=Unchecked.DEALING_PROCEDURE),
        _entry("11(e)", "completing the round", reason=Unchecked.DEALING_PROCEDURE),
        _entry("11(f)", "completing the round", reason=Unchecked.DEALING_PROCEDURE),
        _entry("11(g)", "completing the round", reason=Unchecked.DEALING_PROCEDURE),
        _entry("11(h)", "completing the round", reason=Unchecked.DEALING_PROCEDURE),
        _entry("11(i)", "completing the round", reason=Unchecked.RULE_OF_PLAY),
        _entry("11(j)", "completing the round", reason=Unchecked.DEALING_PROCEDURE),
        _entry(
            "12(a)",
            "Each wager a table offers is one the chapter defines, on a paytable it permits at that deck count",
            "688A-007",
        ),
        _entry(
            "12(b)",
            "Each wager a table offers is one the chapter defines, on a paytable it permits at that deck count",
            "688A-006",
            "688A-007",
            "688A-009",
            "688A-103",
        ),
        _entry(
            "12(c)",
            "Each wager a table offers is one the chapter defines, on a paytable it permits at that deck count",
            "688A-006",
            "688A-007",
            "688A-009",
            "688A-103",
        ),
        _entry(
            "12(d)",
            "Each wager a table offers is one the chapter defines, on a paytable it permits at that deck count",
            "688A-006",
            "688A-007",
            "688A-009",
            "688A-103",
            "688A-105",
        ),
        _entry("13(a)", "irregularities", reason=Unchecked.IRREGULARITY),
        _entry("13(b)", "irregularities", reason=Unchecked.IRREGULARITY),
        _entry("13(c)", "irregularities", reason=Unchecked.IRREGULARITY),
        _entry("13(d)", "irregularities", reason=Unchecked.IRREGULARITY),
        _entry("13(e)", "irregularities", reason=Unchecked.IRREGULARITY),
        _entry("13(f)", "irregularities", reason=Unchecked.IRREGULARITY),
        _entry("13(g)", "irregularities", reason=Unchecked.IRREGULARITY),
        _entry("13(h)", "irregularities", reason=Unchecked.IRREGULARITY),
        _entry("13(i)", "irregularities", reason=Unchecked.IRREGULARITY),
        _entry("13(j)", "irregularities", reason=Unchecked.IRREGULARITY),
        _entry("13(k)", "irregularities", reason=Unchecked.IRREGULARITY),
        _entry("13(l)", "irregularities", reason=Unchecked.IRREGULARITY),
        _entry("13(m)", "irregularities", reason=Unchecked.IRREGULARITY),
    ),
)
