"""Words, not identifiers: the text review of every example filing (the workbooks, as a filer sends them) names
wagers, readings, checklist questions and evidence as a reader does. No wager id (``bad_beat``), reading id
(``687a-natural-hand``), checklist key (``four_of_a_kind_offered``) or evidence key (``siblings_reproduced``) of
ours reaches the text; the JSON document keeps them."""

from __future__ import annotations

import functools
import json
import re

import pytest
from pacomply.checker.review import Review, review_filing
from pacomply.reports import wording
from pacomply.reports.json import review_json
from pacomply.reports.text import TextRenderer
from pacomply.submissions import read_filing

from pacomply import regulations
from tests.conftest import EXAMPLES

WORKBOOKS = sorted(path.name for path in EXAMPLES.glob("*.xlsx"))


@functools.cache
def _review(name: str) -> Review:
    return review_filing(read_filing(EXAMPLES / name))


def _identifiers() -> tuple[set[str], set[str]]:
    """Every identifier of ours a reader could be shown, from the rulebooks and the evidence labels: those that can
    only be identifiers (an underscore or a chapter prefix), and one-word ids ('base', 'trips') that are also
    English words, caught only where written as an id is ('trips=DJWT-04', quoted)."""
    from pacomply.reports.wording import _EVIDENCE_LABELS

    compound: set[str] = {key for key in _EVIDENCE_LABELS if "_" in key}
    single: set[str] = set()
    for chapter in regulations.known_chapters():
        book = regulations.rulebook(chapter)
        keys = [wager.id for wager in book.wagers] + [question.key for question in book.checklist]
        compound.update(key for key in keys if "_" in key or "-" in key)
        single.update(key for key in keys if "_" not in key and "-" not in key)
        compound.update(reading.id for reading in book.readings)
    return compound, single


def _leaks(text: str) -> list[tuple[str, str]]:
    compound, single = _identifiers()
    anywhere = re.compile(
        r"(?<![\w-])(" + "|".join(map(re.escape, sorted(compound, key=len, reverse=True))) + r")(?![\w-])"
    )
    as_id = re.compile(
        r"(?<![\w-])(" + "|".join(map(re.escape, single)) + r")(?==)|'(" + "|".join(map(re.escape, single)) + r")'"
    )
    found = []
    for line in text.splitlines():
        found += [(match, line.strip()) for match in anywhere.findall(line)]
        found += [(first or second, line.strip()) for first, second in as_id.findall(line)]
    return found


def test_the_leak_check_finds_identifiers() -> None:
    """The check itself: an id of each kind, written as the reports used to, is found; its words are not."""
    assert [hit for hit, _ in _leaks("table DJ-1 offers bad_beat=DJWBB-03, whose edge rests on 687a-bad-beat")] == [
        "bad_beat", "687a-bad-beat"]  # fmt: skip
    assert [hit for hit, _ in _leaks("Other figures: siblings_reproduced: 3; trips=DJWT-04; add 'switch'")] == [
        "siblings_reproduced", "trips", "switch"]  # fmt: skip
    assert _leaks("the Trips Bonus Wager pays on the player's hand; Two-Way Bad Beat Bonus Wager") == []


@pytest.mark.parametrize("name", WORKBOOKS)
def test_text_review_names_no_identifier_of_ours(name: str) -> None:
    review = _review(name)
    for par_sheets in (False, True):
        text = TextRenderer(par_sheets=par_sheets).render(review).decode("utf-8")
        assert _leaks(text) == [], (name, par_sheets)


def test_the_json_keeps_the_identifiers() -> None:
    """The words are the text's; the JSON of the same review keeps the wager and reading ids a program joins on."""
    document = review_json(_review("687a-violations.xlsx"))
    dumped = json.dumps(document)
    assert '"bad_beat"' in dumped and "687a-bad-beat" in dumped
    assert any(finding["message"].startswith("table DJ-1 offers") for finding in document["findings"])


def test_a_reading_the_board_should_confirm_is_named_by_its_wager_not_its_id() -> None:
    """§ 687a.11(f)(3): the Two-Way Bad Beat's figure rests on a reading; the finding names the wager as the chapter
    does and quotes the reading's choice, not 'bad_beat=DJWBB-03' or '687a-bad-beat'."""
    name = regulations.rulebook("687a").wager("bad_beat").name
    messages = [
        finding.message for finding in _review("687a-violations.xlsx").findings if finding.rule_id == "687A-106"
    ]
    assert messages and all(f"offers the {name} on paytable DJWBB-03, whose house edge rests on a reading" in message
                            for message in messages)  # fmt: skip
    choice = regulations.rulebook("687a").reading("687a-bad-beat").choice
    assert all(message.endswith(choice) for message in messages)
    assert wording.without_reading_ids("searched 1 reading (687a-bad-beat)") == (
        "searched 1 reading (the reading on "
        + regulations.rulebook("687a").reading("687a-bad-beat").topic[:1].lower()
        + regulations.rulebook("687a").reading("687a-bad-beat").topic[1:]
        + ")"
    )


def test_a_reading_named_inside_a_sentence_keeps_the_case_of_a_code_or_a_name_it_begins_with() -> None:
    """'the reading on DJWT-07 prints ...', not 'dJWT-07'; 'Bad Beat and Hit and Run', 'Pai Gow Insurance' and
    'Match-the-Dealer' keep their capitals; an ordinary first word, or an article before a name, is lowered. Every
    reading of every chapter is checked: the words after the first are never changed, and a first word in capitals,
    with a digit, or followed by a capitalised name keeps its case."""
    sentence_case_within = wording.sentence_case_within
    assert sentence_case_within("DJWT-07 prints one figure for Three-of-a-Kind").startswith("DJWT-07")
    assert sentence_case_within("Pai Gow Insurance with the joker") == "Pai Gow Insurance with the joker"
    assert sentence_case_within("Match-the-Dealer when both match").startswith("Match-the-Dealer")
    assert sentence_case_within("The Bonus paytable has no name") == "the Bonus paytable has no name"
    assert sentence_case_within("Which player the figure assumes") == "which player the figure assumes"
    for chapter in regulations.known_chapters():
        for reading in regulations.rulebook(chapter).readings:
            within = sentence_case_within(reading.topic)
            assert within[1:] == reading.topic[1:]
            first = reading.topic.split(" ")[0]
            if any(character.isupper() or character.isdigit() for character in first[1:]):
                assert within == reading.topic


def test_633a_11_c_a_reading_relied_on_gives_the_filings_answer_in_words_and_no_engine_label() -> None:
    """Each blackjack wager's 'Reading relied on' (the PDF and workbook reviews print it with
    :func:`wording.reading_words`): the checklist's split answer reads as the filing's answer, at its cell, and what
    it allows; the readings the analysis builds in are introduced in words, not by the engine's lower-case label."""
    review = _review("633a-compliant.xlsx")
    answer = review.filing.chapters["633a"].answer("additional_splits")
    assert answer is not None and answer.location
    readings = [wording.reading_words(math.reading) for math in review.wager_math if math.wager == "base"]
    assert readings
    for words in readings:
        assert f"The filing answers {answer.value} ({answer.location}), so a pair may be split into up to" in words
        assert "analyzer" not in words and "Readings built into the analysis — " in words
        assert _leaks(words) == []


def test_685a_11_c_a_paytable_the_chapter_names_by_its_deck_count_is_named_once_as_such() -> None:
    """§ 685a.11(c) names its Match-the-Dealer paytables by deck count ('6 decks'): the review calls one 'the
    6-deck paytable', and a wager title at that deck count says the count once, never 'paytable 6 decks, 6 decks'."""
    text = TextRenderer().render(_review("685a-violations.xlsx")).decode("utf-8")
    assert "paytable 6 decks" not in text and "paytable 8 decks" not in text
    assert "on the 6-deck paytable (named by the table) with 5 decks" in text
    assert wording.wager_title("685a", "match_the_dealer", "8 decks", 8) == "Match-the-Dealer Wager, 8 decks"
    assert wording.wager_title("685a", "match_the_dealer", "6 decks", 8) == (
        "Match-the-Dealer Wager, the 6-deck paytable, 8 decks"
    )
