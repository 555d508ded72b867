"""Wagers of side-wager and variation chapters (633b, 633c, 645c, 631b, 617b ...): recognised, reported as not
checked for review by hand (never as an unknown wager), listed in the reports, and a temporary section judged as of
the filing's date."""

from __future__ import annotations

import io
import json
from datetime import date

import pytest
from openpyxl import load_workbook
from pacomply.checker.registry import Severity, chapter_rules, rule_metadata_problems
from pacomply.checker.review import review_filing
from pacomply.regulations.citation import Citation
from pacomply.regulations.other_chapters import OTHER_CHAPTER_WAGERS, OTHER_CHAPTERS, chapter_info, recognise
from pacomply.reports.json import JsonRenderer
from pacomply.reports.text import TextRenderer
from pacomply.reports.xlsx import XlsxRenderer
from pacomply.submissions.model import Filing, TableWager

from examples.build_examples import answers
from examples.chapters.chapter_633a import BLACKJACK_ANSWERS, COMPLIANT_633A, blackjack_table
from examples.chapters.chapter_645a import COMPLIANT_645A
from examples.chapters.pai_gow import pai_gow_table
from pacomply import regulations
from tests.rule_cases import rule_findings


def _blackjack(*wagers: str, filed: date | None = None) -> Filing:
    table = blackjack_table("T", wagers=tuple(TableWager(wager=wager) for wager in wagers))
    metadata = COMPLIANT_633A.metadata
    if filed is not None:
        metadata = metadata.model_copy(update={"date_filed": filed})
    return COMPLIANT_633A.model_copy(
        update={"tables": (table,), "chapters": {"633a": answers("633a", **BLACKJACK_ANSWERS)}, "metadata": metadata}
    )


@pytest.mark.parametrize(
    ("filed_as", "chapter", "where"),
    [
        ("21+3", "633b", "chapter 633b"),
        ("21_plus_3", "633b", "chapter 633b"),
        ("match_progressive", "633b", "§ 633b.10"),
        ("blackjack_match_progressive", "633b", "§ 633b.10"),
        ("ez_bust", "633b", "§ 633b.16"),
        ("blackjack_premium", "633c", "§ 633c.4"),
        ("must_hit_by_mystery_bonus", "633c", "§ 633c.14"),
    ],
)
def test_633a_6_e_a_633b_or_633c_wager_is_not_checked_not_unknown(filed_as: str, chapter: str, where: str) -> None:
    filing = _blackjack(filed_as)
    assert rule_findings(filing, "633a", "633A-007") == []
    (finding,) = rule_findings(filing, "633a", "633A-010")
    assert finding.severity == Severity.WARNING
    assert f"a wager of chapter {chapter}" in finding.message and "not encoded in this version: review by hand" in (
        finding.message
    )
    assert where in finding.message


def test_633b_17_twenty_one_plus_three_progressive_judged_as_of_the_filing_date() -> None:
    # § 633b.17's Code page reads "effective until 3/23/2026": in force for a filing of that day, lapsed after it.
    (before,) = rule_findings(_blackjack("21+3 progressive", filed=date(2026, 3, 23)), "633a", "633A-010")
    assert before.citation == Citation("633b", "17")
    assert "in force on the filing's date" in before.message
    (after,) = rule_findings(_blackjack("21+3 progressive", filed=date(2026, 3, 24)), "633a", "633A-010")
    assert "effective until 2026-03-23, before this filing's date 2026-03-24" in after.message
    assert after.severity == Severity.WARNING


def test_645c_1_c_2_tiger_9_at_a_pai_gow_poker_table_is_not_checked() -> None:
    table = pai_gow_table("T", "645a", wagers=(TableWager(wager="tiger_9"),))
    filing = COMPLIANT_645A.model_copy(update={"tables": (table,)})
    assert rule_findings(filing, "645a", "645A-007") == []
    (finding,) = rule_findings(filing, "645a", "645A-010")
    assert finding.citation == Citation("645c", "1(c)(2)") and "chapter 645c" in finding.message


def test_631b_9_golden_talons_at_a_blackjack_table_is_still_not_a_blackjack_wager() -> None:
    # Golden Talons is placed beside a Baccarat wager (§ 631b.9(a)): at a Blackjack table it is an error, which now
    # names the chapter it belongs to.
    filing = _blackjack("golden_talons")
    assert rule_findings(filing, "633a", "633A-010") == []
    (finding,) = rule_findings(filing, "633a", "633A-007")
    assert finding.severity == Severity.ERROR and "chapter 631b" in finding.message


def test_633b_an_unknown_name_is_still_an_unknown_wager() -> None:
    (finding,) = rule_findings(_blackjack("pontoon"), "633a", "633A-007")
    assert "which is not a Blackjack wager" in finding.message and "chapter" not in finding.message.split(")")[-1]


def test_633b_reports_list_what_was_not_checked() -> None:
    review = review_filing(_blackjack("21+3", "lucky_ladies"))
    assert [(item.table_id, item.wager, item.other_chapter) for item in review.not_checked] == [("T", "21+3", "633b")]
    text = TextRenderer().render(review).decode("utf-8")
    assert "633a: not checked: table T: '21+3' (21+3, chapter 633b)" in text
    summary = load_workbook(io.BytesIO(XlsxRenderer().render(review)))["Summary"]
    cells = [str(cell.value) for row in summary.iter_rows() for cell in row if cell.value]
    assert any("not checked: table T: '21+3'" in value for value in cells)
    document = json.loads(JsonRenderer().render(review))
    assert document["not_checked"] == [
        {"chapter": "633a", "table": "T", "wager": "21+3", "name": "21+3", "other_chapter": "633b",
         "where": "chapter 633b"}
    ]  # fmt: skip


def test_other_chapters_law_as_data_is_recognition_only_with_citations() -> None:
    encoded = set(regulations.known_chapters())
    for entry in OTHER_CHAPTER_WAGERS:
        info = chapter_info(entry.chapter)
        assert entry.section is None or entry.section.chapter == entry.chapter, entry.name
        assert info.source, info.chapter
        assert entry.chapter not in encoded
        assert recognise(entry.name, info.base_chapters[0]) == entry
    # The chapters the README of the known fragments lists, each with at least one wager recognised.
    assert {other.chapter for other in OTHER_CHAPTERS} == {
        "617b", "623b", "629b", "631b", "631c", "633b", "633c", "635c", "645c"
    }  # fmt: skip
    assert {entry.chapter for entry in OTHER_CHAPTER_WAGERS} == {other.chapter for other in OTHER_CHAPTERS}


@pytest.mark.parametrize("chapter", ["633a", "645a"])
def test_010_rule_follows_the_documentation_template(chapter: str) -> None:
    (rule,) = [rule for rule in chapter_rules(chapter) if rule.code == f"{chapter.upper()}-010"]
    assert rule_metadata_problems(rule) == []
    assert rule.severity == Severity.WARNING


@pytest.mark.parametrize("chapter", ["681a", "685a", "686a", "687a", "688a"])
def test_no_010_rule_where_no_side_wager_chapter_of_the_game_is_known(chapter: str) -> None:
    assert not any(info for info in OTHER_CHAPTERS if chapter in info.base_chapters)
    assert f"{chapter.upper()}-010" not in {rule.code for rule in chapter_rules(chapter)}
