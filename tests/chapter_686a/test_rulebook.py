"""The 686a rulebook against the chapter text and the Board's published checklist (the spec)."""

from __future__ import annotations

import re
from collections.abc import Callable

from pacomply.regulations.chapter_686a import BONUS_ODDS_BY_TOTAL, CHECKLIST, RULEBOOK


def test_686a_8_b_bonus_paytable_matches_the_chapter_text(regulation_text: Callable[[str], str]) -> None:
    text = regulation_text("686a")
    section = text[text.index("§ 686a.8. Payout odds.") :]
    rows = re.findall(r"^(\d+) or (\d+)\s+(\d+) to 1$", section, flags=re.MULTILINE)
    from_text = {int(total): int(odds) for low, high, odds in rows for total in (low, high)}
    assert len(rows) == 7
    assert from_text == BONUS_ODDS_BY_TOTAL


def test_686a_2_a_six_positions_and_686a_3_numbers_match_the_text(regulation_text: Callable[[str], str]) -> None:
    text = regulation_text("686a")
    assert "betting positions for no more than six players" in text
    assert RULEBOOK.max_betting_positions == 6
    assert "six-deck batch" in text and RULEBOOK.permitted_decks == {6}
    assert "at least once every 24 hours" in text
    assert [interval.hours for interval in RULEBOOK.card_change_intervals] == [24]


def test_686a_7_k_winning_totals_match_the_text(regulation_text: Callable[[str], str]) -> None:
    from pacomply.regulations.chapter_686a import HOUSE_TOTALS, OVER_23_WINNING_TOTALS, UNDER_18_WINNING_TOTALS

    text = regulation_text("686a")
    over = re.search(r"Over 23 Wager, and the total point count of the player's hand is ([\d, or]+)\.", text)
    under = re.search(r"Under 18 Wager, and the total point count of the player's hand is ([\d, or]+)\.", text)
    house = re.search(
        r"shall lose and shall be collected if the total point count of the player's hand is ([\d, or]+)\.", text
    )
    assert over and under and house
    numbers = lambda match: {int(n) for n in re.findall(r"\d+", match[1])}  # noqa: E731
    assert numbers(over) == OVER_23_WINNING_TOTALS
    assert numbers(under) == UNDER_18_WINNING_TOTALS
    assert numbers(house) == HOUSE_TOTALS


def test_686a_checklist_follows_the_board_form(regulation_text: Callable[[str], str]) -> None:
    form = regulation_text("checklists")
    over_under_form = form[: form.index("DJ Wild Stud Poker")]
    sections = re.findall(r"^(\.\d+\([a-z]\))", over_under_form, flags=re.MULTILINE)
    # Each row of the form is a question of ours with the same section; the .2(d) row asks two questions and
    # the .6(f) row is followed by the number-of-boxes question.
    ours = [question.section.short.removeprefix("686a") for question in CHECKLIST]
    assert sorted(set(sections)) == sorted(set(ours))
    assert len(CHECKLIST) == len(sections) + 2


def test_every_686a_citation_names_a_subsection_that_exists(regulation_text: Callable[[str], str]) -> None:
    text = regulation_text("686a")
    citations = {question.section for question in CHECKLIST} | {wager.citation for wager in RULEBOOK.wagers}
    citations |= {configuration.citation for configuration in RULEBOOK.deck_configurations}
    citations |= {reading.citation for reading in RULEBOOK.readings} | {RULEBOOK.betting_positions_citation}
    for citation in citations:
        section_number = citation.section
        assert f"§ {section_number}." in text, citation
        first_letter = re.match(r"\d+\(([a-z])\)", citation.subsection)
        if first_letter:
            body = text[text.index(f"§ {section_number}.") :]
            assert f"({first_letter[1]})" in body, citation
