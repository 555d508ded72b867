"""Each kind of finding of the shared table-wager rule (NNNA-007, § 633a.13 / § 681a.8 and the other chapters'
paytable subsections) carries the fix for its own problem, naming the wager, the chapter's odds or the paytables
permitted at the table's deck count, where all of them had carried the rule's one general fix. And a checklist
paytable that does not fit the checklist's own deck count (§ 681a.8(c)) is one error, not also a warning at each
table that pays on a paytable its decks permit.

Every expected figure is read from the rulebooks (paytables, their deck counts, fixed odds), never typed in.
"""

from __future__ import annotations

from pacomply.checker.registry import Severity, chapter_rules
from pacomply.checker.rules.chapter_681a import FIXED_ODDS as FIXED_ODDS_681A
from pacomply.regulations.chapter_633a import RULEBOOK as RULEBOOK_633A
from pacomply.regulations.chapter_681a import BONUS_PAYTABLE_DECKS
from pacomply.regulations.rulebook import odds_text
from pacomply.submissions.model import TableWager

from examples.chapters.chapter_633a import COMPLIANT_633A, blackjack_table
from examples.chapters.chapter_681a import COMPLIANT_681A, baccarat_table
from tests.checker.rule_helpers import chapter_findings


def _general_fix(chapter: str, code: str) -> str:
    return next(rule.fix for rule in chapter_rules(chapter) if rule.code == code)


def _681a(*wagers: TableWager, decks: int = 8) -> list:
    table = baccarat_table("TB-1", decks=decks, wagers=wagers)
    return [f for f in chapter_findings(COMPLIANT_681A, "681a", (table,)) if f.rule_id == "681A-007"]


def test_681a_8_b_a_tie_paid_at_other_odds_is_fixed_by_paying_the_chapters_odds() -> None:
    (finding,) = _681a(TableWager(wager="tie", paytable="8 to 1"))
    chapter_odds = " or ".join(odds_text(odds) for odds in sorted(FIXED_ODDS_681A["tie"].odds))
    assert f"Pay the Tie Wager at {chapter_odds}" in finding.fix
    assert finding.fix != _general_fix("681a", "681A-007")


def test_681a_8_c_a_bonus_paytable_of_other_decks_is_fixed_by_the_paytables_its_decks_permit() -> None:
    four_deck = next(paytable for paytable, decks in sorted(BONUS_PAYTABLE_DECKS.items()) if decks == 4)
    (finding,) = _681a(TableWager(wager="bonus_player", paytable=four_deck), decks=8)
    eight_deck = [paytable for paytable, decks in sorted(BONUS_PAYTABLE_DECKS.items()) if decks == 8]
    assert f"with 8 decks ({', '.join(eight_deck)})" in finding.fix
    assert "deal the table with 4 decks" in finding.fix


def test_681a_8_c_a_table_of_a_deck_count_no_bonus_paytable_fits_is_told_the_decks_that_do() -> None:
    four_deck = next(paytable for paytable, decks in sorted(BONUS_PAYTABLE_DECKS.items()) if decks == 4)
    findings = _681a(TableWager(wager="bonus_player", paytable=four_deck), decks=6)
    fixes = [finding.fix for finding in findings if "paytable" in finding.message]
    assert fixes and all("Deal the table with 4 decks" in fix and "6 decks" in fix for fix in fixes), fixes


def test_633a_13_f_a_paytable_the_chapter_lacks_at_a_table_is_fixed_by_the_ones_it_permits_at_those_decks() -> None:
    table = blackjack_table("T1", decks=6, wagers=(TableWager(wager="royal_match", paytable="Z"),))
    findings = [f for f in chapter_findings(COMPLIANT_633A, "633a", (table,)) if f.rule_id == "633A-007"]
    (finding,) = findings
    fitting = [
        paytable.id
        for paytable in RULEBOOK_633A.paytables_for("royal_match")
        if paytable.permitted_decks is None or 6 in paytable.permitted_decks
    ]
    assert fitting and finding.fix.endswith(f"Wagers cell: {', '.join(fitting)}.")


def test_633a_6_e_a_wager_the_chapter_lacks_is_fixed_by_naming_the_chapters_wagers() -> None:
    table = blackjack_table("T1", wagers=(TableWager(wager="dragon_bonus"),))
    (finding,) = [f for f in chapter_findings(COMPLIANT_633A, "633a", (table,)) if f.rule_id == "633A-007"]
    optional = [wager.name for wager in RULEBOOK_633A.wagers if not wager.required]
    assert "Remove 'dragon_bonus'" in finding.fix and all(wager in finding.fix for wager in optional)


def test_681a_8_c_a_checklist_bonus_paytable_its_own_decks_do_not_permit_is_one_error_not_a_warning_per_table() -> None:
    """The checklist selects a four-deck paytable with eight decks, and the tables pay on an eight-deck one: the
    checklist's answer is the mistake. Its error names the tables' paytable; no table is warned to follow the
    answer, which would make it unlawful."""
    four_deck = next(paytable for paytable, decks in sorted(BONUS_PAYTABLE_DECKS.items()) if decks == 4)
    eight_deck = next(paytable for paytable, decks in sorted(BONUS_PAYTABLE_DECKS.items()) if decks == 8)
    table = baccarat_table("TB-1", decks=8, wagers=(TableWager(wager="bonus_player", paytable=eight_deck),))
    findings = chapter_findings(
        COMPLIANT_681A,
        "681a",
        (table,),
        decks_per_batch=8,
        bonus_player_offered=True,
        bonus_paytable=four_deck,
    )
    selected = [finding for finding in findings if finding.rule_id == "681A-104"]
    assert len(selected) == 1, [finding.message for finding in selected]
    assert selected[0].severity == Severity.ERROR
    assert f"{eight_deck} (table TB-1)" in selected[0].fix


def test_no_table_wager_finding_of_any_chapters_violations_example_falls_back_on_the_rules_general_fix() -> None:
    import importlib

    from pacomply import regulations

    seen = 0
    for chapter in regulations.known_chapters():
        module = importlib.import_module(f"examples.chapters.chapter_{chapter}")
        filing = getattr(module, f"NONCOMPLIANT_{chapter.upper()}")
        code = f"{chapter.upper()}-007"
        findings = [f for f in chapter_findings(filing, chapter) if f.rule_id == code]
        seen += len(findings)
        assert all(finding.fix != _general_fix(chapter, code) for finding in findings), [f.message for f in findings]
    assert seen


def test_a_table_offering_a_wager_the_checklist_answers_no_to_is_fixed_by_the_question_or_the_table() -> None:
    """§ 645a.7(e), § 687a.7(e), § 688a.7(e): the fix names the checklist's question in the Board's words and the
    table, where it was one general sentence for every wager."""
    import importlib
    import re

    from pacomply import regulations

    seen = 0
    for chapter in ("645a", "687a", "688a"):
        module = importlib.import_module(f"examples.chapters.chapter_{chapter}")
        filing = getattr(module, f"NONCOMPLIANT_{chapter.upper()}")
        book = regulations.rulebook(chapter)
        for finding in chapter_findings(filing, chapter):
            match = re.search(r"offers the .+ but the checklist answers No to (“.+?”)", finding.message)
            if match:
                seen += 1
                assert match.group(1) in {f"“{question.question}”" for question in book.checklist}
                assert match.group(1) in finding.fix
                assert f"table {finding.table_id}'s Wagers" in finding.fix
    assert seen


def test_645a_13_e_and_f_the_amounts_a_fix_asks_for_are_the_ones_the_finding_says_are_the_least() -> None:
    import re

    from examples.chapters.chapter_645a import NONCOMPLIANT_645A

    findings = [
        finding
        for finding in chapter_findings(NONCOMPLIANT_645A, "645a")
        if "must be at least" in finding.message and finding.rule_id in {"645A-105", "645A-106"}
    ]
    assert {finding.rule_id for finding in findings} == {"645A-105", "645A-106"}
    for finding in findings:
        least = re.search(r"must be at least (\$[\d,]+)", finding.message)
        assert least and least.group(1) in finding.fix and "progressive system" not in finding.fix, finding.fix


def test_685a_3_a_deck_counts_the_chapter_allows_are_listed_as_a_sentence_lists_them() -> None:
    """'4, 5, 6 or 8', where a finding had read '4 or 5 or 6 or 8'; read from 685a's own deck configurations."""
    from pacomply.checker.rules.common import alternatives
    from pacomply.regulations.chapter_685a import RULEBOOK as RULEBOOK_685A

    allowed = sorted({decks for configuration in RULEBOOK_685A.deck_configurations for decks in configuration.decks})
    assert len(allowed) > 2
    listed = alternatives(allowed)
    assert listed == ", ".join(map(str, allowed[:-1])) + f" or {allowed[-1]}" and listed.count(" or ") == 1
    assert (alternatives([4, 8]), alternatives([6]), alternatives([])) == ("4 or 8", "6", "")


def test_681a_8_c_a_table_whose_decks_the_checklists_paytable_does_not_fit_is_not_told_to_take_it() -> None:
    """The checklist selects an eight-deck Bonus paytable; a four-deck table paying a four-deck one may lawfully
    differ (explained in the separate document), and its warning's fix must not ask it to take a paytable its decks
    do not permit; an eight-deck table paying another eight-deck paytable keeps the general fix."""
    from pacomply.checker.rules.common import PAYTABLE_DIFFERS_FIX

    four = [paytable for paytable, decks in sorted(BONUS_PAYTABLE_DECKS.items()) if decks == 4]
    eight = [paytable for paytable, decks in sorted(BONUS_PAYTABLE_DECKS.items()) if decks == 8]
    tables = (
        baccarat_table("TB-4", decks=4, wagers=(TableWager(wager="bonus_player", paytable=four[0]),)),
        baccarat_table("TB-8", decks=8, wagers=(TableWager(wager="bonus_player", paytable=eight[1]),)),
    )
    findings = chapter_findings(
        COMPLIANT_681A, "681a", tables, decks_per_batch=8, bonus_player_offered=True, bonus_paytable=eight[0]
    )
    differs = {f.table_id: f for f in findings if f.rule_id == "681A-104" and f.severity == Severity.WARNING}
    assert set(differs) == {"TB-4", "TB-8"}
    assert "agree with the checklist" not in differs["TB-4"].fix
    assert f"paytable {eight[0]} is not permitted with 4 decks" in differs["TB-4"].fix
    assert differs["TB-8"].fix == PAYTABLE_DIFFERS_FIX
