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
        _entry("2(a)", "table layout and equipment", "686A-001"),
        _entry("2(b)", "table layout and equipment", reason=Unchecked.LAYOUT_APPROVAL),
        _entry("2(c)", "table layout and equipment", reason=Unchecked.LAYOUT_APPROVAL),
        _entry("2(d)", "table layout and equipment", "686A-004", "686A-006", "686A-101"),
        _entry("3(a)", "cards and decks", "686A-002", "686A-102"),
        _entry("3(b)", "cards and decks", "686A-002", "686A-006", "686A-102"),
        _entry("3(c)", "cards and decks", "686A-003"),
        _entry("3(d)", "cards and decks", reason=Unchecked.RULE_OF_PLAY),
        _entry("4(a)", "opening the table", reason=Unchecked.INSPECTION_DUTY),
        _entry("4(b)", "opening the table", reason=Unchecked.INSPECTION_DUTY),
        _entry("4(c)", "opening the table", reason=Unchecked.INSPECTION_DUTY),
        _entry("4(d)", "opening the table", reason=Unchecked.INSPECTION_DUTY),
        _entry("4(e)", "opening the table", "686A-006"),
        _entry("5(a)", "shuffle, cut and starting position", reason=Unchecked.DEALING_PROCEDURE),
        _entry("5(b)", "shuffle, cut and starting position", reason=Unchecked.DEALING_PROCEDURE),
        _entry("5(c)", "shuffle, cut and starting position", reason=Unchecked.DEALING_PROCEDURE),
        _entry("5(d)", "shuffle, cut and starting position", reason=Unchecked.DEALING_PROCEDURE),
        _entry("5(e)", "shuffle, cut and starting position", reason=Unchecked.DEALING_PROCEDURE),
        _entry("5(f)", "shuffle, cut and starting position", reason=Unchecked.DEALING_PROCEDURE),
        _entry("5(g)", "shuffle, cut and starting position", reason=Unchecked.DEALING_PROCEDURE),
        _entry("5(h)", "shuffle, cut and starting position", reason=Unchecked.DEALING_PROCEDURE),
        _entry("6(a)", "wagers", "686A-006"),
        _entry("6(b)", "wagers", reason=Unchecked.DEALING_PROCEDURE),
        _entry("6(c)", "wagers", reason=Unchecked.DEALING_PROCEDURE),
        _entry("6(d)", "wagers", reason=Unchecked.DEALING_PROCEDURE),
        _entry("6(e)", "wagers", "686A-006", "686A-007", "686A-103"),
        _entry("6(f)", "wagers", "686A-006", "686A-104"),
        _entry("7(a)", "completing the round", "686A-005"),
        _entry("7(b)", "completing the round", reason=Unchecked.DEALING_PROCEDURE),
        _entry("7(c)", "completing the round", reason=Unchecked.DEALING_PROCEDURE),
        _entry("7(d)", "completing the round", reason=Unchecked.DEALING_PROCEDURE),
        _entry("7(e)", "completing the round", reason=Unchecked.DEALING_PROCEDURE),
        _entry("7(f)", "completing the round", reason=Unchecked.DEALING_PROCEDURE),
        _entry("7(g)", "completing the round", reason=Unchecked.DEALING_PROCEDURE),
        _entry("7(h)", "completing the round", reason=Unchecked.DEALING_PROCEDURE),
        _entry("7(i)", "completing the round", reason=Unchecked.DEALING_PROCEDURE),
        _entry("7(j)", "completing the round", reason=Unchecked.DEALING_PROCEDURE),
        _entry("7(k)", "completing the round", reason=Unchecked.DEALING_PROCEDURE),
        _entry("8(a)", "payout odds", "686A-007"),
        _entry("8(b)", "payout odds", "686A-007"),
        _entry("9(a)", "irregularities", reason=Unchecked.IRREGULARITY),
        _entry("9(b)", "irregularities", reason=Unchecked.IRREGULARITY),
        _entry("9(c)", "irregularities", reason=Unchecked.IRREGULARITY),
        _entry("9(d)", "irregularities", reason=Unchecked.IRREGULARITY),
        _entry("9(e)", "irregularities", reason=Unchecked.IRREGULARITY),
    ),
)
