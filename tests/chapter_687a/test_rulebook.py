"""687a rulebook against the chapter text and the Board's published checklist."""

from __future__ import annotations

import re
from collections.abc import Callable

from pacomply.regulations.chapter_687a import (
    BAD_BEAT_ODDS,
    BLIND_ODDS,
    HAND_NAMES,
    PROGRESSIVE_ODDS,
    PROGRESSIVE_SEED,
    PROGRESSIVE_WAGER,
    RULEBOOK,
    TRIPS_ODDS,
)

_KEY_BY_NAME = {name: key for key, name in HAND_NAMES.items()}


def _block(text: str, title: str) -> list[list[str]]:
    """Tab-separated rows of the table printed under ``title`` (up to the next blank-line-separated title)."""
    start = text.index(title) + len(title)
    rows = []
    for line in text[start:].splitlines():
        if line.startswith(("Paytable", "Progressive Paytable", "§ 687a.13")):
            break
        cells = [cell.strip() for cell in line.split("\t") if cell.strip()]
        if cells and cells[0] != "Hand":
            rows.append(cells)
    return rows


def _odds(cell: str) -> int | None:
    match = re.fullmatch(r"(\d+) to 1", cell)
    return int(match[1]) if match else None


def test_687a_12_d_trips_paytables_match_the_chapter(regulation_text: Callable[[str], str]) -> None:
    text = regulation_text("687a")
    for paytable_id, (natural, with_wild) in TRIPS_ODDS.items():
        printed_natural, printed_wild = {}, {}
        for row in _block(text, f"Paytable {paytable_id}"):
            if len(row) == 1:  # 'Three-of-a-Kind 9 to 1' printed on one line in DJWT-07
                name, figure = row[0].rsplit(" ", 3)[0], " ".join(row[0].rsplit(" ", 3)[1:])
                row = [name, figure]
            key = _KEY_BY_NAME[row[0]]
            if _odds(row[1]) is not None:
                printed_natural[key] = _odds(row[1])
            if len(row) > 2 and _odds(row[2]) is not None:
                printed_wild[key] = _odds(row[2])
        assert natural == printed_natural, paytable_id
        assert with_wild == printed_wild, paytable_id


def test_687a_12_e_bad_beat_paytables_match_the_chapter(regulation_text: Callable[[str], str]) -> None:
    text = regulation_text("687a")
    for paytable_id, odds in BAD_BEAT_ODDS.items():
        printed = {}
        for row in _block(text, f"Paytable {paytable_id}"):
            name = "Three-of-a-Kind" if row[0] == "Three-of-a-Kind or less" else row[0]
            printed[_KEY_BY_NAME[name]] = _odds(row[1])
        assert printed == odds, paytable_id


def test_687a_12_b_blind_paytable_matches_the_chapter(regulation_text: Callable[[str], str]) -> None:
    text = regulation_text("687a")
    section = text[text.index("(b) A certificate holder shall pay out winning Blind") : text.index("(c) A certificate")]
    printed = {}
    for line in section.splitlines():
        cells = [cell.strip() for cell in line.split("\t") if cell.strip()]
        if len(cells) == 2 and _odds(cells[1]) is not None:
            printed[_KEY_BY_NAME[cells[0]]] = _odds(cells[1])
    assert printed == BLIND_ODDS
    assert "Three-of-a-Kind or less\tPush" in section


def test_687a_12_c_progressive_paytables_match_the_chapter(regulation_text: Callable[[str], str]) -> None:
    text = regulation_text("687a")
    assert "Progressive Paytable 1; \\$1 Wager; \\$2,000 seed and re-seed" in text
    assert "Progressive Paytable 2; \\$5 wager; \\$10,000 seed and re-seed" in text
    assert PROGRESSIVE_WAGER == {"1": 1, "2": 5} and PROGRESSIVE_SEED == {"1": 2000, "2": 10000}
    for paytable in ("1", "2"):
        rows = [row for row in _block(text, f"Progressive Paytable {paytable};") if len(row) >= 2]
        fixed = {_KEY_BY_NAME[row[0]]: _odds(row[1]) for row in rows if _odds(row[1]) is not None}
        assert fixed == PROGRESSIVE_ODDS
        assert rows[0][:2] == ["Royal Flush", "100% of meter"] and rows[1][:2] == ["Straight Flush", "10% of meter"]


def test_687a_2_a_and_3_numbers_match_the_chapter(regulation_text: Callable[[str], str]) -> None:
    text = regulation_text("687a")
    assert "no more than six players" in text and RULEBOOK.max_betting_positions == 6
    assert "53 cards" in text and RULEBOOK.jokers_per_deck == 1 and RULEBOOK.permitted_decks == frozenset({1})
    hours = {interval.citation.short: interval.hours for interval in RULEBOOK.card_change_intervals}
    assert "(1) Four hours if the cards are dealt by hand." in text and hours["687a.3(c)(1)"] == 4
    assert "(2) Eight hours if the cards" in text and hours["687a.3(c)(2)"] == 8


def test_687a_checklist_is_the_boards_published_form(regulation_text: Callable[[str], str]) -> None:
    form = regulation_text("checklists")
    form = form[form.index("DJ Wild Stud Poker-58 PA Code Chapter 687a") : form.index("Face Up Pai Gow Poker-58")]
    printed_sections = set(re.findall(r"^\.(\d+\([a-z]\)(?:\(\d\))?)", form, flags=re.MULTILINE))
    ours = {question.section.subsection for question in RULEBOOK.checklist}
    # Every section the form prints is asked; the adjacent-box count is filed under § 687a.7(e), where the chapter
    # puts it (the form prints it on the .7(d)(2) row).
    assert printed_sections <= ours
    phrases = (
        "automated card shuffling device?", "preinspected and reshuffled", "53 cards are present",
        "manual dealing shoe", "dealer's hand", "automated dealing shoe", "abandoned",
        "more than one adjacent box", "total number of boxes", "Progressive Bonus Wager?",
        "required bet for a Progressive", "folded hands to qualify", "Trips Bonus Wager?",
        "Two-Way Bad Beat Bonus Wager?",
    )  # fmt: skip
    questions = " ".join(question.question for question in RULEBOOK.checklist)
    for phrase in phrases:
        assert phrase in form and phrase in questions, phrase
    assert len(RULEBOOK.checklist) == 16


def test_687a_readings_recorded_for_open_questions() -> None:
    ids = {reading.id for reading in RULEBOOK.readings}
    assert {"687a-five-of-a-kind", "687a-wild-may-be-used", "687a-djwt-07-three-of-a-kind", "687a-progressive"} <= ids
