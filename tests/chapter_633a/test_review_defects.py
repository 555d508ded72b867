"""633a defects an independent review found: mixed discard racks, the card reader answer, the payout limit without a
cap, Match-the-Dealer and Super Match paytables fixed by the deck count, a checklist paytable inherited by a table,
odds written "X for 1", and a 633b wager listed at a Blackjack table."""

from __future__ import annotations

from decimal import Decimal

from pacomply.checker.registry import Finding
from pacomply.checker.review import review_filing
from pacomply.submissions.model import Filing, TableConfiguration, TableWager

from examples.build_examples import answers
from examples.chapters.chapter_633a import BLACKJACK_ANSWERS, COMPLIANT_633A, blackjack_table
from pacomply import regulations
from tests.rule_cases import rule_findings


def _with_tables(*tables: TableConfiguration, **answer_changes: object) -> Filing:
    return COMPLIANT_633A.model_copy(
        update={"tables": tables, "chapters": {"633a": answers("633a", **(BLACKJACK_ANSWERS | answer_changes))}}
    )


def _findings(filing: Filing, rule_id: str) -> list[Finding]:
    """The chapter's rules alone (the wager math a full review adds is not what these tests are about)."""
    return rule_findings(filing, "633a", rule_id)


# Six decks of 52 cards at 0.30 mm: a 93.6 mm stack (the rulebook's default card thickness).
EQUAL = blackjack_table("EQ")
MARKED = blackjack_table("MK", discard_rack_height_mm=Decimal(120), discard_rack_mark_mm=Decimal("93.6"))


def test_633a_2_g_mixed_racks_with_both_options_answered_yes_pass() -> None:
    filing = _with_tables(EQUAL, MARKED, discard_rack_equal_height=True, discard_rack_taller_with_mark=True)
    assert _findings(filing, "633A-101") == []
    assert _findings(filing, "633A-004") == []


def test_633a_2_g_mixed_racks_each_single_answer_flags_only_the_table_it_leaves_out() -> None:
    only_equal = _with_tables(EQUAL, MARKED, discard_rack_equal_height=True, discard_rack_taller_with_mark=False)
    assert [(f.table_id, f.citation.short) for f in _findings(only_equal, "633A-101")] == [("MK", "633a.2(g)(2)")]
    only_marked = _with_tables(EQUAL, MARKED, discard_rack_equal_height=False, discard_rack_taller_with_mark=True)
    assert [(f.table_id, f.citation.short) for f in _findings(only_marked, "633A-101")] == [("EQ", "633a.2(g)(1)")]


def test_633a_2_g_2_taller_answer_yes_that_no_table_fits_is_flagged() -> None:
    filing = _with_tables(EQUAL, discard_rack_equal_height=True, discard_rack_taller_with_mark=True)
    findings = _findings(filing, "633A-101")
    assert [(f.table_id, f.citation.short) for f in findings] == [(None, "633a.2(g)(2)")]
    assert "no table" in findings[0].message


def test_633a_2_g_both_answers_no_is_an_error() -> None:
    filing = _with_tables(EQUAL, discard_rack_equal_height=False, discard_rack_taller_with_mark=False)
    assert any(f.severity.value == "error" for f in _findings(filing, "633A-101"))


def test_633a_2_f_card_reader_answer_no_while_tables_list_card_readers() -> None:
    findings = _findings(_with_tables(blackjack_table("T"), card_reader_device=False), "633A-102")
    assert [(f.citation.short, f.severity.value) for f in findings] == [("633a.2(f)", "error")]
    assert f"“{regulations.rulebook('633a').question('card_reader_device').question}”" in findings[0].message


def test_633a_13_m_payout_limit_below_minimum_is_checked_without_a_cap_answer() -> None:
    for wagers in ((), (TableWager(wager="lucky_ladies"),)):
        table = blackjack_table("T", payout_limit=Decimal(20000), wagers=wagers)
        findings = _findings(
            _with_tables(table, maximum_payout_established=False, maximum_payout_amount=None, maximum_side_wager=None),
            "633A-110",
        )
        assert [(f.table_id, f.citation.short) for f in findings] == [("T", "633a.13(m)")], wagers
    at_floor = blackjack_table("T", payout_limit=Decimal(25000), wagers=())
    assert _findings(_with_tables(at_floor, maximum_payout_established=False, maximum_payout_amount=None,
                                  maximum_side_wager=None), "633A-110") == []  # fmt: skip


def test_633a_13_d_match_the_dealer_paytable_is_fixed_by_the_deck_count() -> None:
    for decks, rack in ((6, "93.6"), (8, "124.8")):
        table = blackjack_table("T", decks=decks, discard_rack_height_mm=Decimal(rack),
                                wagers=(TableWager(wager="match_the_dealer"),))  # fmt: skip
        assert _findings(_with_tables(table), "633A-007") == [], decks


def test_633a_6_e_2_match_the_dealer_at_four_decks_is_reported_as_the_deck_count() -> None:
    table = blackjack_table("T", decks=4, discard_rack_height_mm=Decimal("62.4"),
                            wagers=(TableWager(wager="match_the_dealer"),))  # fmt: skip
    findings = _findings(_with_tables(table), "633A-007")
    assert [f.citation.short for f in findings] == ["633a.6(e)(2)"]
    assert "4 decks" in findings[0].message and "without naming" not in findings[0].message


def test_633a_13_i_super_match_paytable_is_fixed_by_the_deck_count() -> None:
    table = blackjack_table("T", decks=8, batches=1, discard_rack_height_mm=Decimal("124.8"),
                            wagers=(TableWager(wager="switch"), TableWager(wager="super_match")))  # fmt: skip
    assert _findings(_with_tables(table), "633A-007") == []
    five = table.model_copy(update={"decks": 5, "discard_rack_height_mm": Decimal(78)})
    assert [f.citation.short for f in _findings(_with_tables(five), "633A-007")] == ["633a.6(e)(7)"]


def test_633a_13_f_a_table_naming_no_royal_match_paytable_inherits_the_checklists() -> None:
    table = blackjack_table("T", wagers=(TableWager(wager="royal_match"),))
    assert _findings(_with_tables(table, royal_match_paytable="C"), "633A-007") == []
    review = review_filing(_with_tables(table, royal_match_paytable="C"))
    assert {math.paytable for math in review.wager_math if math.wager == "royal_match"} == {"C"}
    # The inherited paytable is still held to its deck count: A is a single-deck paytable (§ 633a.13(f)(1)).
    findings = _findings(_with_tables(table, royal_match_paytable="A"), "633A-007")
    assert [f.citation.short for f in findings] == ["633a.13(f)(1)"]


def test_633a_13_b_insurance_written_for_one() -> None:
    def insurance(stated: str) -> list[Finding]:
        table = blackjack_table("T", wagers=(TableWager(wager="insurance", paytable=stated),))
        return _findings(_with_tables(table), "633A-007")

    assert insurance("3 for 1") == []  # 3 for 1 returns the stake and 2: the chapter's 2 to 1
    assert [(f.citation.short, f.severity.value) for f in insurance("2 for 1")] == [("633a.13(b)", "error")]
