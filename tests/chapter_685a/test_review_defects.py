"""685a defects an independent review found: mixed discard racks, the Match-the-Dealer paytable fixed by the deck
count, and odds written "X for 1"."""

from __future__ import annotations

from decimal import Decimal

from pacomply.checker.registry import Severity
from pacomply.submissions.model import Filing, TableConfiguration, TableWager

from examples.build_examples import answers
from examples.chapters.chapter_685a import COMPLIANT_685A, DOWN_UNDER_ANSWERS, down_under_table
from tests.rule_cases import rule_findings


def _filing(*tables: TableConfiguration, **answer_changes: object) -> Filing:
    return COMPLIANT_685A.model_copy(
        update={"tables": tables, "chapters": {"685a": answers("685a", **(DOWN_UNDER_ANSWERS | answer_changes))}}
    )


EQUAL = down_under_table("EQ")
MARKED = down_under_table("MK", discard_rack_height_mm=Decimal(120), discard_rack_mark_mm=Decimal("93.6"))


def test_685a_2_e_mixed_racks_with_both_options_answered_yes_pass() -> None:
    filing = _filing(EQUAL, MARKED, discard_rack_equal_height=True, discard_rack_taller_with_mark=True)
    assert rule_findings(filing, "685a", "685A-105") == []
    assert rule_findings(filing, "685a", "685A-004") == []


def test_685a_2_e_mixed_racks_a_single_answer_flags_the_table_it_leaves_out() -> None:
    filing = _filing(EQUAL, MARKED, discard_rack_equal_height=True, discard_rack_taller_with_mark=False)
    findings = rule_findings(filing, "685a", "685A-105")
    assert [(f.table_id, f.citation.short, f.severity) for f in findings] == [("MK", "685a.2(e)(2)", Severity.ERROR)]


def test_685a_11_c_match_the_dealer_paytable_is_fixed_by_the_deck_count() -> None:
    for decks, rack in ((6, "93.6"), (8, "124.8")):
        table = down_under_table("T", decks=decks, discard_rack_height_mm=Decimal(rack),
                                 wagers=(TableWager(wager="match_the_dealer"),))  # fmt: skip
        assert rule_findings(_filing(table), "685a", "685A-007") == [], decks


def test_685a_6_e_match_the_dealer_at_five_decks_is_reported_as_the_deck_count() -> None:
    table = down_under_table("T", decks=5, discard_rack_height_mm=Decimal(78),
                             wagers=(TableWager(wager="match_the_dealer"),))  # fmt: skip
    findings = rule_findings(_filing(table), "685a", "685A-007")
    assert [f.citation.short for f in findings] == ["685a.6(e)"]
    assert "5 decks" in findings[0].message and "without naming" not in findings[0].message
    # A four-deck table naming the eight-deck paytable: the paytable's own deck count is the violation.
    eight = (TableWager(wager="match_the_dealer", paytable="8 decks"),)
    named = table.model_copy(update={"decks": 4, "discard_rack_height_mm": Decimal("62.4"), "wagers": eight})
    assert [f.citation.short for f in rule_findings(_filing(named), "685a", "685A-007")] == ["685a.11(c)"]


def test_685a_11_b_insurance_written_for_one() -> None:
    def stated(odds: str) -> list[tuple[str, Severity]]:
        table = down_under_table("T", wagers=(TableWager(wager="insurance", paytable=odds),))
        return [(f.citation.short, f.severity) for f in rule_findings(_filing(table), "685a", "685A-007")]

    assert stated("3 for 1") == []  # the chapter's 2 to 1
    assert stated("2 for 1") == [("685a.11(b)", Severity.ERROR)]
