"""Coverage of chapter 681a (21 Baccarat): each subsection, the rules that check it or why none can."""

from __future__ import annotations

from pacomply.regulations.citation import cite
from pacomply.regulations.coverage import CoverageEntry, CoverageMatrix, Unchecked


def _entry(
    subsection: str, topic: str, *rule_ids: str, reason: Unchecked | None = None, note: str = ""
) -> CoverageEntry:
    return CoverageEntry(cite("681a." + subsection), topic, tuple(rule_ids), reason, note)


MATRIX = CoverageMatrix(
    chapter="681a",
    entries=(
        _entry("1", "definitions", reason=Unchecked.DEFINITION),
        _entry("2(a)", "Each 21 Baccarat table has 1 to 8 betting positions", "681A-001"),
        _entry(
            "2(b)",
            "Rules Submission option: Are the payout odds of every wager offered inscribed on the "
            "layout (No: a sign is posted at each table)",
            "681A-006",
            note="only that the option is answered (and agrees with its condition); the choice is the licensee's",
        ),
        _entry("2(c)", "table layout and equipment", reason=Unchecked.LAYOUT_APPROVAL),
        _entry("2(d)", "Every 21 Baccarat table has a discard rack", "681A-101"),
        _entry(
            "3(a)",
            "Decks per batch, number of batches and shuffler form a configuration the chapter allows",
            "681A-002",
            "681A-006",
            "681A-105",
        ),
        _entry(
            "3(b)",
            "Decks per batch, number of batches and shuffler form a configuration the chapter allows",
            "681A-002",
            "681A-006",
            "681A-102",
        ),
        _entry("3(c)", "Cards in use are changed at least as often as the chapter requires", "681A-003"),
        _entry("3(d)", "cards and decks", reason=Unchecked.RULE_OF_PLAY),
        _entry("3(e)", "cards and decks", reason=Unchecked.RULE_OF_PLAY),
        _entry("4(a)", "opening the table", reason=Unchecked.INSPECTION_DUTY),
        _entry("4(b)", "opening the table", reason=Unchecked.INSPECTION_DUTY),
        _entry("4(c)", "opening the table", reason=Unchecked.INSPECTION_DUTY),
        _entry("4(d)", "opening the table", reason=Unchecked.INSPECTION_DUTY),
        _entry(
            "4(e)",
            "Rules Submission option: Are the batches of cards received at the table preinspected and preshuffled",
            "681A-006",
            note="only that the option is answered (and agrees with its condition); the choice is the licensee's",
        ),
        _entry(
            "5(a)",
            "Rules Submission option: Does the automated shuffler insert the shuffled stack directly "
            "into the dealing shoe",
            "681A-006",
            "681A-102",
            note="that the option is answered, and that a Yes stands beside a shuffler answered Yes; the choice is "
            "the licensee's",
        ),
        _entry("5(b)", "shuffle, cut and starting position", reason=Unchecked.DEALING_PROCEDURE),
        _entry("5(c)", "shuffle, cut and starting position", reason=Unchecked.DEALING_PROCEDURE),
        _entry("5(d)", "shuffle, cut and starting position", reason=Unchecked.DEALING_PROCEDURE),
        _entry("5(e)", "shuffle, cut and starting position", reason=Unchecked.DEALING_PROCEDURE),
        _entry("5(f)", "shuffle, cut and starting position", reason=Unchecked.DEALING_PROCEDURE),
        _entry("5(g)", "shuffle, cut and starting position", reason=Unchecked.DEALING_PROCEDURE),
        _entry(
            "5(h)",
            "Rules Submission option: Do you use a dealing shoe or other device that automatically "
            "reshuffles and counts the cards (approved under § 461a.4)",
            "681A-006",
            note="only that the option is answered (and agrees with its condition); the choice is the licensee's",
        ),
        _entry("6(a)", "wagers", reason=Unchecked.DEALING_PROCEDURE),
        _entry("6(b)", "wagers", reason=Unchecked.DEALING_PROCEDURE),
        _entry("6(c)", "wagers", reason=Unchecked.DEALING_PROCEDURE),
        _entry(
            "6(d)",
            "Each wager a table offers is one the chapter defines, on a paytable it permits at that deck count",
            "681A-006",
            "681A-007",
            "681A-011",
            "681A-103",
        ),
        _entry("7(a)", "Cards are dealt only in a way the chapter allows", "681A-005"),
        _entry("7(b)", "completing the round", reason=Unchecked.DEALING_PROCEDURE),
        _entry("7(c)", "completing the round", reason=Unchecked.DEALING_PROCEDURE),
        _entry("7(d)", "completing the round", reason=Unchecked.DEALING_PROCEDURE),
        _entry("7(e)", "completing the round", reason=Unchecked.DEALING_PROCEDURE),
        _entry("7(f)", "completing the round", reason=Unchecked.DEALING_PROCEDURE),
        _entry("7(g)", "completing the round", reason=Unchecked.DEALING_PROCEDURE),
        _entry("7(h)", "completing the round", reason=Unchecked.RULE_OF_PLAY),
        _entry("7(i)", "completing the round", reason=Unchecked.DEALING_PROCEDURE),
        _entry("7(j)", "completing the round", reason=Unchecked.DEALING_PROCEDURE),
        _entry("7(k)", "completing the round", reason=Unchecked.DEALING_PROCEDURE),
        _entry(
            "8(a)",
            "Each wager a table offers is one the chapter defines, on a paytable it permits at that deck count",
            "681A-007",
        ),
        _entry(
            "8(b)",
            "Each wager a table offers is one the chapter defines, on a paytable it permits at that deck count",
            "681A-007",
        ),
        _entry(
            "8(c)",
            "Each wager a table offers is one the chapter defines, on a paytable it permits at that deck count",
            "681A-006",
            "681A-007",
            "681A-104",
        ),
        _entry("9(a)", "irregularities", reason=Unchecked.IRREGULARITY),
        _entry("9(b)", "irregularities", reason=Unchecked.IRREGULARITY),
        _entry("9(c)", "irregularities", reason=Unchecked.IRREGULARITY),
        _entry("9(d)", "irregularities", reason=Unchecked.IRREGULARITY),
    ),
)
