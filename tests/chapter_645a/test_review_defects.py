"""645a, as the independent review's defects were looked for in the other chapters: a table's payout limit below the
floor whatever the checklist answers (§ 645a.13(f)), a Fortune Bonus naming no paytable inheriting the checklist's,
and a 645c wager (Tiger 9) listed at a Pai Gow Poker table."""

from __future__ import annotations

from decimal import Decimal

from pacomply.checker.registry import Severity
from pacomply.submissions.model import Filing, TableConfiguration, TableWager

from examples.build_examples import answers
from examples.chapters.chapter_645a import _645A_ANSWERS, COMPLIANT_645A
from examples.chapters.pai_gow import pai_gow_table
from tests.rule_cases import rule_findings


def _filing(*tables: TableConfiguration, **answer_changes: object) -> Filing:
    return COMPLIANT_645A.model_copy(
        update={"tables": tables, "chapters": {"645a": answers("645a", **(_645A_ANSWERS | answer_changes))}}
    )


def test_645a_13_f_table_payout_limit_below_the_floor_without_a_checklist_limit() -> None:
    table = pai_gow_table("T", "645a", payout_limit=Decimal(20000))
    (found,) = [f for f in rule_findings(_filing(table, payout_limit=None), "645a", "645A-105") if f.table_id == "T"]
    assert found.citation.short == "645a.13(f)" and found.severity == Severity.ERROR


def test_645a_13_b_a_fortune_bonus_naming_no_paytable_takes_the_checklists() -> None:
    table = pai_gow_table("T", "645a", wagers=(TableWager(wager="fortune"),))
    assert rule_findings(_filing(table), "645a", "645A-007") == []


def test_645c_1_c_2_tiger_9_is_not_an_unknown_pai_gow_poker_wager() -> None:
    table = pai_gow_table("T", "645a", wagers=(TableWager(wager="Tiger 9"),))
    assert rule_findings(_filing(table), "645a", "645A-007") == []
    (found,) = rule_findings(_filing(table), "645a", "645A-010")
    assert found.severity == Severity.WARNING and "chapter 645c" in found.message
