"""681a rulebook against the chapter text: paytables, decks, positions, readings."""

from __future__ import annotations

import re
from collections.abc import Callable

from pacomply.regulations import rulebook
from pacomply.regulations.chapter_681a import (
    BONUS_HANDS_HIGHEST_FIRST,
    BONUS_ODDS,
    BONUS_PAYTABLE_DECKS,
    RULEBOOK,
    BonusHand,
)

_ROW_NAMES = {
    BonusHand.THREE_SEVENS: "Three 7s",
    BonusHand.THREE_OF_A_KIND: "Three-of-a-kind",
    BonusHand.STRAIGHT: "Three-card",
    BonusHand.TWENTY_ONE: "Three-card 21",
    BonusHand.PAIR: "One pair",
}


def _table_rows(text: str, decks_heading: str) -> dict[str, list[int]]:
    """The § 681a.8(c) table under a heading, as {row name: [odds per paytable column]}."""
    block = text[text.index(decks_heading) :]
    block = block[: block.index("Cross References")] if "eight decks" in decks_heading else block
    block = (
        block[: block.index("If 21 Baccarat is being played with eight")] if "four decks" in decks_heading else block
    )
    rows: dict[str, list[int]] = {}
    for line in block.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) == 4 and cells[1].endswith("to 1"):
            rows[cells[0]] = [int(re.match(r"(\d+) to 1", cell)[1]) for cell in cells[1:]]  # type: ignore[index]
    return rows


def test_681a_8_c_bonus_paytables_match_the_chapter(regulation_text: Callable[[str], str]) -> None:
    text = regulation_text("681a")
    for heading, ids in (("with four decks of cards", "ABC"), ("with eight decks of cards", "DEF")):
        rows = _table_rows(text, "If 21 Baccarat is being played " + heading)
        for hand in BONUS_HANDS_HIGHEST_FIRST:
            assert [BONUS_ODDS[paytable][hand] for paytable in ids] == rows[_ROW_NAMES[hand]], (heading, hand)


def test_681a_8_c_paytables_tied_to_deck_count() -> None:
    for paytable in RULEBOOK.paytables:
        assert paytable.permitted_decks == frozenset({BONUS_PAYTABLE_DECKS[paytable.id]})
    assert {p for p, d in BONUS_PAYTABLE_DECKS.items() if d == 4} == {"A", "B", "C"}
    assert {p for p, d in BONUS_PAYTABLE_DECKS.items() if d == 8} == {"D", "E", "F"}
    assert rulebook("681a").paytables_for("bonus_banker")[0].id == "A"


def test_681a_2_a_and_3_numbers_match_the_chapter(regulation_text: Callable[[str], str]) -> None:
    text = regulation_text("681a")
    assert "no more than eight players" in text and RULEBOOK.max_betting_positions == 8
    assert "four or eight decks" in text and RULEBOOK.permitted_decks == frozenset({4, 8})
    assert "at least once every 24 hours" in text and RULEBOOK.card_change_intervals[0].hours == 24
    assert "odds of 10 to 1" in text and "odds of 1 to 2" in text


def test_681a_readings_recorded_for_open_questions() -> None:
    ids = {reading.id for reading in RULEBOOK.readings}
    assert {"681a-two-ace-natural", "681a-one-draw"} <= ids
    for reading in RULEBOOK.readings:
        assert reading.citation.chapter == "681a" and reading.reason


def test_681a_checklist_keys_are_unique_snake_case() -> None:
    keys = [question.key for question in RULEBOOK.checklist]
    assert len(keys) == len(set(keys))
    assert all(re.fullmatch(r"[a-z][a-z0-9_]*", key) for key in keys)
    assert RULEBOOK.question("bonus_paytable").choices == tuple("ABCDEF")
