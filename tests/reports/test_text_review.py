"""The text review as a reader gets it, checked on the written text of every example filing: one document design
(verdict and what to fix first, findings by table, wager math with the Board's figures, readings, law applied,
appendices), nothing absent printed, words rather than identifiers, and the numbers written by one module
(``reports.wording``). The JSON document keeps every field, identifiers included."""

from __future__ import annotations

import functools
import json
import re
from fractions import Fraction
from pathlib import Path

import pytest
from pacomply.checker.review import Review, review_filing
from pacomply.reports import wording
from pacomply.reports.content import SECTION_TITLES, finding_groups, finding_message, location_text
from pacomply.reports.json import review_json
from pacomply.reports.text import TextRenderer
from pacomply.submissions import read_filing

from tests.conftest import EXAMPLES

EXAMPLE_FILINGS = sorted(path.name for path in EXAMPLES.glob("*.json"))


@functools.cache
def _review(name: str) -> Review:
    return review_filing(read_filing(EXAMPLES / name))


@functools.cache
def _text(name: str, par_sheets: bool = False) -> str:
    return TextRenderer(par_sheets=par_sheets).render(_review(name)).decode("utf-8")


def _wager_ids(review: Review) -> set[str]:
    """The wager ids of the review's wager math that are identifiers (an underscore): never printed as such."""
    return {math.wager for math in review.wager_math if "_" in math.wager}


# --------------------------------------------------------------------------------------------------------------------
# The formatting module


def test_wording_counts_agree_with_their_nouns() -> None:
    assert wording.decks(1) == "1 deck" and wording.decks(6) == "6 decks"
    assert wording.counted(1, "filing") == "1 filing" and wording.counted(2, "filing") == "2 filings"
    assert wording.counted(3, "box") == "3 boxes" and wording.counted(1, "box") == "1 box"
    assert wording.rounds(1) == "1 round" and wording.rounds(2_000) == "2,000 rounds"


def test_wording_writes_sample_sizes_in_words_never_an_exponent() -> None:
    assert wording.rounds(10**7) == "10 million rounds"
    assert wording.rounds(99_860_000) == "99.9 million rounds"
    assert wording.large_number(2.459e9) == "2.46 billion"
    assert wording.plain("up to 9.986e+07 rounds (0.63 at 10^7, 2.00 at 10^8)") == (
        "up to 99.9 million rounds (0.63 at 10 million, 2.00 at 100 million)"
    )


def test_wording_numbers_have_no_trailing_point_and_seeds_no_decimals_or_grouping() -> None:
    assert wording.significant(316370.0) == "316,370"
    assert wording.significant(Fraction(2000)) == "2,000"
    assert wording.significant(0.0000272877) == "0.0000272877"
    assert wording.significant(10.78431) == "10.7843"
    assert not any(wording.significant(value).endswith(".") for value in (316370.0, 1e5, 123456.0, 99.0))
    assert wording.seed(2000.0) == "2000" and wording.seed(2929) == "2929" and wording.seed("10000.0") == "10000"


def test_wording_money_and_odds_read_as_the_chapters_write_them() -> None:
    assert wording.money(2500) == "$2,500" and wording.money(1234.5) == "$1,234.50"
    assert wording.plain("uses 6 deck(s) with 1 batch(es)") == "uses 6 decks with 1 batch"
    assert wording.money(2000, signed=True) == "+$2,000" and wording.money(-5, signed=True) == "-$5"
    assert wording.odds(Fraction(5, 2)) == "5 to 2" and wording.odds(25) == "25 to 1"
    assert wording.percent(None) == "" and wording.percent(0.0560523) == "5.6052 %"


def test_wording_names_a_wager_as_the_chapter_does() -> None:
    # The 687a rulebook names the bad_beat wager; its name, never the id, is what a reviewer reads.
    from pacomply import regulations

    name = regulations.rulebook("687a").wager("bad_beat").name
    assert wording.wager_name("687a", "bad_beat") == name and "_" not in name
    assert wording.wager_title("687a", "bad_beat", "DJWBB-03", 1) == f"{name}, paytable DJWBB-03, 1 deck"


def test_wording_evidence_is_labelled_in_words() -> None:
    assert wording.evidence_label("siblings_reproduced") == "Other figures of the list reproduced"
    assert "_" not in wording.evidence_label("some_future_key")
    # No abbreviation a reviewer would have to expand ("Std dev basis").
    assert wording.evidence_label("std_dev_basis") == "Standard deviation basis"
    from pacomply.regulations import published

    first, third = published.figure("687a-bad-beat-1").percent, published.figure("687a-bad-beat-3").percent
    assert wording.evidence_value("687a-bad-beat-1 -> none, 687a-bad-beat-3 -> DJWBB-03") == (
        f"the Board's {first} %: not assigned, the Board's {third} %: DJWBB-03"
    )


# --------------------------------------------------------------------------------------------------------------------
# The written text of every example


@pytest.mark.parametrize("name", EXAMPLE_FILINGS)
def test_text_review_sections_come_in_the_documents_order(name: str) -> None:
    text = _text(name)
    headings = [title.upper() for title in SECTION_TITLES if title.upper() in text]
    positions = [
        text.index("VERDICT: ") if heading == "VERDICT" else text.index(f"\n{heading}") for heading in headings
    ]
    assert positions == sorted(positions), headings
    assert text.index("VERDICT: ") < text.index("LAW APPLIED")


@pytest.mark.parametrize("name", EXAMPLE_FILINGS)
def test_text_review_prints_nothing_absent_and_no_notation(name: str) -> None:
    text = _text(name, par_sheets=True)
    for pattern in (
        r"not computed",
        r"\bn/a\b",
        r"\d(?:\.\d+)?e[+-]\d",  # 9.986e+07
        r"\b10\^\d",  # 10^7
        r"\b1 (?:deck|round|chunk|filing|report|error|warning|note)s\b",
        r"\d \w+\(e?s\)",  # 6 deck(s)
        r"(?<![\w.,-])\d{5,}\.(?=\s|$)",  # a figure with a trailing point: 316370. (a year may end a sentence)
        r"\bINFOS\b",
    ):
        found = re.search(pattern, text, re.MULTILINE)
        assert found is None, (pattern, text[max(0, found.start() - 80) : found.end() + 40])


@pytest.mark.parametrize("name", EXAMPLE_FILINGS)
def test_text_review_names_wagers_in_words_in_the_wager_math_and_par_sheets(name: str) -> None:
    review = _review(name)
    text = _text(name, par_sheets=True)
    start = text.index("WAGER MATH") if "WAGER MATH" in text else len(text)
    math_and_after = text[start:]
    for wager in _wager_ids(review):
        assert not re.search(rf"(?<![\w-]){wager}(?![\w-])", math_and_after), wager
    for math in review.wager_math:
        assert wording.wager_name(math.chapter, math.wager) in math_and_after


@pytest.mark.parametrize("name", EXAMPLE_FILINGS)
def test_text_review_groups_findings_by_table_each_with_citation_location_and_fix(name: str) -> None:
    review = _review(name)
    text = _text(name)
    groups = finding_groups(review)
    assert sum(len(group.findings) for group in groups) == len(review.findings)
    for group in groups:
        assert f"\n  {group.title}\n" in text
    for finding in review.findings:
        at = text.index(f"{finding.rule_id} [{location_text(finding.location)}] {finding_message(finding)}\n")
        block = text[at:].split("\n", 3)
        assert block[1].strip() == str(finding.citation) and block[2].strip().startswith("fix: ")


@pytest.mark.parametrize("name", EXAMPLE_FILINGS)
def test_text_review_says_the_verdict_and_counts_first_and_what_to_fix_first(name: str) -> None:
    review = _review(name)
    first = _text(name).split("\n\n")[1]
    verdict = "compliant" if review.compliant else "not compliant"
    assert first.startswith(f"VERDICT: {verdict} — ")
    errors = sum(1 for finding in review.findings if finding.severity.value == "error" and not finding.waived)
    counts = first.splitlines()[0]
    assert (wording.counted(errors, "error") in counts) if review.findings else counts.endswith("— no findings")
    from pacomply.checker.registry import all_rules

    pointers = {rule.code for rule in all_rules() if rule.asks_no_change}
    assert ("What to fix first:" in first) == any(
        not finding.waived and finding.severity.value != "info" and finding.rule_id not in pointers
        for finding in review.findings
    )


def test_633a_compliant_text_review_fits_a_screen_or_two_and_par_sheets_need_the_flag() -> None:
    default = _text("633a-compliant.json")
    assert len(default.splitlines()) <= 250
    assert "Par sheet: " not in default
    with_sheets = _text("633a-compliant.json", par_sheets=True)
    assert with_sheets.count("Par sheet: ") == len(_review("633a-compliant.json").par_sheets) > 0


def test_json_review_keeps_the_identifiers_and_every_par_sheet(examples: Path) -> None:
    review = _review("687a-violations.json")
    document = json.loads(json.dumps(review_json(review)))
    assert {row["wager"] for row in document["wager_math"]} == {math.wager for math in review.wager_math}
    assert len(document["par_sheets"]) == len(review.par_sheets)
    assert all("evidence" in entry for entry in document["published"])


def test_wording_leaves_reading_ids_out_of_a_computed_description_but_not_out_of_a_sentence() -> None:
    computed = "the exact 86.0251 % (paytable DJWBB-03, 1 deck, 687a-bad-beat: three of a kind or better) under "
    computed += "reading "
    assert wording.without_reading_ids(computed + "687a-bad-beat 'x'") == (
        "the exact 86.0251 % (paytable DJWBB-03, 1 deck, three of a kind or better) under the reading 'x'"
    )
    # A rule's own sentence that names the reading it rests on keeps it.
    sentence = "whose house edge rests on a reading the Board should confirm: It pays from the player's own hand"
    assert wording.without_reading_ids(sentence) == sentence


def test_a_board_figure_finding_names_the_wager_and_no_reading_id_in_the_text() -> None:
    text = _text("687a-violations.json")
    board_lines = [line for line in text.splitlines() if "FIL-015" in line and "[" in line]
    assert board_lines
    for line in board_lines:
        assert "bad_beat" not in line and not re.search(r", 687a-[a-z-]+: ", line), line


@pytest.mark.parametrize("name", EXAMPLE_FILINGS)
def test_text_review_names_a_readings_subsection_once(name: str) -> None:
    """A reading whose topic names its subsection ('How the In Between Wager orders ranks (§ 633a.7(g)(3))') is not
    followed by the same citation again; one whose topic does not is given it."""
    review = _review(name)
    text = " ".join(_text(name).split())
    for _chapter, reading in review.readings:
        cited = str(reading.citation)
        section = cited[cited.index("§") :]
        topic = " ".join(wording.without_reading_ids(reading.topic).split())
        assert f"{topic} ({cited})" not in text or section not in reading.topic, reading.id
        if section in reading.topic:
            assert f"{topic}: " in text, reading.id
        else:
            assert f"{topic} ({cited}): " in text, reading.id


@pytest.mark.parametrize("name", EXAMPLE_FILINGS)
def test_text_review_with_par_sheets_holds_no_snake_case_identifier(name: str) -> None:
    """No option or field name of ours ('bad_beat_hand', 'two_pair_together_with_ace_max') anywhere in the review,
    par sheets included: readings, rule notes and par-sheet notes are written in words. A location in brackets is
    where the finding is, as the filing spells it (a JSON filing's path, 'chapters.686a.answers.max_adjacent_boxes'),
    and is left as written."""
    text = re.sub(r"\[(?:[^\[\]\s]|\[\d+\])*\]", "", _text(name, par_sheets=True))
    found = sorted(set(re.findall(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b", text)))
    assert found == []


@pytest.mark.parametrize("name", EXAMPLE_FILINGS)
def test_a_board_figure_finding_begins_each_sentence_with_a_capital(name: str) -> None:
    """'verdict: undecidable. The chapter prints no number ...', not '... undecidable. the chapter ...'; a sentence
    that begins with pacomply's name keeps it as it is spelled."""
    review = _review(name)
    for finding in review.findings:
        if finding.rule_id != "FIL-015":
            continue
        for match in re.finditer(r"\. ([a-z]\w*)", finding.message):
            assert match.group(1).startswith("pacomply") or "e.g" in finding.message[: match.start() + 1], (
                finding.message
            )


def test_681a_8_b_odds_written_in_a_paytables_place_are_printed_as_odds_not_as_a_paytable() -> None:
    """A table writing 'tie=8 to 1' names odds, not a paytable: the wager reads 'Tie Wager, paid 8 to 1', where it
    read 'Tie Wager, paytable 8 to 1'; a paytable's id still reads 'paytable'."""
    assert wording.wager_title("681a", "tie", "8 to 1", None) == "Tie Wager, paid 8 to 1"
    assert wording.wager_title("681a", "tie", "9 for 1", None) == "Tie Wager, paid 9 for 1 (8 to 1)"
    assert wording.wager_title("687a", "bad_beat", "DJWBB-03", None).endswith(", paytable DJWBB-03")


def test_601a_2_a_board_figure_read_another_way_is_not_among_what_to_fix_first() -> None:
    """The 688a example is compliant; its one warning says the Board's figure for its progressive paytable follows
    another reading, and asks the filer to change nothing. 'What to fix first' had listed it (with that fix) as the
    first thing to fix; it is now counted and listed with the findings only. A filing with errors still opens on
    them."""
    from pacomply.checker.registry import all_rules
    from pacomply.reports.content import summary

    pointers = {rule.code for rule in all_rules() if rule.asks_no_change}
    compliant = _review("688a-compliant.xlsx")
    warnings = [f for f in compliant.findings if f.severity.value == "warning"]
    assert warnings and {f.rule_id for f in warnings} <= pointers
    assert summary(compliant).fix_first == ()
    assert "What to fix first" not in _text("688a-compliant.xlsx")
    violations = summary(_review("688a-violations.xlsx"))
    assert violations.fix_first and all(f.rule_id not in pointers for f in violations.fix_first)
