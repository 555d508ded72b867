"""633a: several violations planted at once, each reported under its own subsection (issue #16's kinds of miss)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from pacomply.regulations.rulebook import DealingMethod, Shuffler
from pacomply.submissions.model import TableWager

from examples.chapters.chapter_633a import COMPLIANT_633A, blackjack_table
from tests.rule_cases import case, check_case, kinds_without_a_case, rules_without_a_multiple_case

CHAPTER = "633a"


def table(**overrides: object):  # type: ignore[no-untyped-def]
    return blackjack_table("T", **overrides)


CASES = [
    case(
        "633a_13_m_table_payout_limit_beside_a_no_to_a_maximum_payout_and_2_a_positions",
        "paired-answers",
        ("633A-011", "633a.13(m)"),
        ("633A-001", "633a.2(a)"),
        table={"betting_positions": 8, "payout_limit": Decimal(50000)},
        maximum_payout_established=False,
        maximum_payout_amount=None,
    ),
    case(
        "633a_6_e_a_633b_wager_not_checked_beside_an_unknown_wager_and_a_6_e_2_deck_count",
        "several-in-one-row",
        ("633A-010", "633b.10"),
        ("633A-007", "633a.6(e)"),
        ("633A-007", "633a.6(e)(2)"),
        warnings=[("633A-010", "633b.10")],
        table={
            "decks": 4,
            "discard_rack_height_mm": Decimal("62.4"),
            "wagers": (
                TableWager(wager="blackjack_match_progressive"),
                TableWager(wager="pontoon"),
                TableWager(wager="match_the_dealer"),
            ),
        },
    ),
    case(
        "633a_2_a_3_b_1_3_a_3_d_2_g_7_a_13_one_row_breaks_them_all",
        "several-in-one-row",
        ("633A-001", "633a.2(a)"),
        ("633A-002", "633a.3(b)(1)"),
        ("633A-002", "633a.3(a)"),
        ("633A-003", "633a.3(d)"),
        ("633A-004", "633a.2(g)"),
        ("633A-005", "633a.7(a)"),
        ("633A-007", "633a.13(f)(1)"),
        ("633A-007", "633a.13(b)"),
        ("633A-102", "633a.2(f)"),
        ("633A-103", "633a.2(c)"),
        ("633A-104", "633a.2(d)"),
        ("633A-107", "633a.6(e)(3)"),
        ("633A-108", "633a.13(j)(2)"),
        ("633A-110", "633a.13(m)"),
        ("633A-112", "633a.6(e)(7)"),
        ("633A-114", "633a.3(b)"),
        table={
            "betting_positions": 8,
            "decks": 9,
            "batches": 1,
            "shuffler": Shuffler.AUTOMATED,
            "card_change_interval_hours": Decimal(30),
            "discard_rack_height_mm": Decimal(60),
            "dealing": DealingMethod.AUTOMATED_SHOE,
            "equipment": (),
            "wagers": (
                TableWager(wager="royal_match", paytable="A"),
                TableWager(wager="insurance", paytable="3 to 1"),
                TableWager(wager="in_between"),
                TableWager(wager="super_match", paytable="633a.13(i)(1)"),
                TableWager(wager="bad_beat"),
                TableWager(wager="hit_and_run"),
                TableWager(wager="lucky_ladies"),
            ),
            "payout_limit": Decimal(20000),
            "progressive_reset": Decimal(500),
        },
        in_between_offered=False,
        automated_shuffler=False,
    ),
    case(
        "633a_12_b_hand_dealing_not_filed_six_decks_no_shuffler_and_4_hour_change",
        "most-specific-citation",
        ("633A-105", "633a.12(b)"),
        ("633A-105", "633a.12(b)(1)"),
        ("633A-105", "633a.12(b)(2)"),
        ("633A-003", "633a.3(d)"),
        table={"dealing": DealingMethod.HAND, "decks": 6, "batches": 1, "shuffler": Shuffler.NONE},
        hand_dealing_offered=False,
    ),
    case(
        "633a_3_c_double_shoe_not_filed_and_declared_with_batches",
        "most-specific-citation",
        ("633A-106", "633a.3(c)"),
        ("633A-002", "633a.3(b)(1)"),
        table={"dealing": DealingMethod.DOUBLE_SHOE, "batches": 1, "shuffler": Shuffler.AUTOMATED},
        double_shoe=False,
    ),
    case(
        "633a_3_b_1_automated_shuffler_with_one_batch_cites_the_two_batch_requirement",
        "most-specific-citation",
        ("633A-002", "633a.3(b)(1)"),
        table={"batches": 1, "shuffler": Shuffler.AUTOMATED},
        absent=[("633A-002", "633a.3(a)"), ("633A-002", "633a.3(b)")],
    ),
    case(
        "633a_12_a_switch_not_specified_and_super_match_answered_under_its_no",
        "most-specific-citation",
        ("633A-107", "633a.12(a)"),
        ("633A-009", "633a.6(e)(7)"),
        table={"wagers": (TableWager(wager="switch"), TableWager(wager="super_match", paytable="633a.13(i)(1)"))},
        blackjack_switch_offered=False,
        absent=[("633A-107", "633a.6(e)")],
    ),
    case(
        "633a_6_e_unknown_wager_cites_the_wagers_subsection_and_13_a_stated_odds",
        "stated-odds",
        ("633A-007", "633a.6(e)"),
        ("633A-007", "633a.13(a)"),
        table={"wagers": (TableWager(wager="pontoon"), TableWager(wager="base", paytable="2 to 1"))},
        absent=[("633A-007", "633a.6(e)(1)")],
    ),
    case(
        "633a_13_b_insurance_stated_at_an_odd_the_chapter_does_not_print_is_a_warning",
        "stated-odds",
        ("633A-007", "633a.13(b)"),
        ("633A-007", "633a.12(a)"),
        table={
            "wagers": (
                # Not a payout (odds in words are read: 'two for one' would be 1 to 1, an underpayment error).
                TableWager(wager="insurance", paytable="as posted"),
                TableWager(wager="switch", paytable="1 to 1"),
            )
        },
        warnings=[("633A-007", "633a.13(b)"), ("633A-007", "633a.12(a)")],
    ),
    case(
        "633a_checklist_answers_that_contradict_each_other_and_the_floors",
        "paired-answers",
        ("633A-006", "633a.6(f)"),
        ("633A-006", "633a.7(d)(1)"),
        ("633A-009", "633a.7(g)(4)"),
        # A No to the equal-height option while the tables show racks of the stack's height (§ 633a.2(g)(1)).
        ("633A-101", "633a.2(g)(1)"),
        ("633A-106", "633a.7(d)(1)"),
        ("633A-108", "633a.13(j)(2)"),
        ("633A-109", "633a.13(l)(2)"),
        ("633A-110", "633a.13(m)"),
        ("633A-111", "633a.7(r)"),
        ("633A-112", "633a.7(g)(4)"),
        warnings=[],
        absent=[("633A-113", "633a.6(f)")],  # the blank total is 633A-006's alone
        settlement_procedure=3,
        royal_match_offered=False,
        crown_treasure_offered=True,
        bad_beat_reset_amount=Decimal(2500),
        hit_and_run_reset_amount=Decimal(500),
        maximum_payout_amount=Decimal(20000),
        adjacent_boxes_allowed=True,
        max_adjacent_boxes=None,
        discard_rack_equal_height=False,
        discard_rack_taller_with_mark=True,
        double_shoe_red_suits_side=None,
    ),
    case(
        "633a_6_f_no_to_more_than_one_box_beside_a_total_of_three",
        "paired-answers",
        ("633A-113", "633a.6(f)"),
        ("633A-110", "633a.13(m)"),
        adjacent_boxes_allowed=False,
        max_adjacent_boxes=3,
        maximum_payout_amount=Decimal(10000),
    ),
    case(
        "633a_2_g_blank_discard_rack_and_eight_positions",
        "discard-rack",
        ("633A-004", "633a.2(g)"),
        ("633A-001", "633a.2(a)"),
        table={"discard_rack_height_mm": None, "betting_positions": 8},
    ),
    case(
        "633a_601a_2_tables_without_the_checklist",
        "several-in-one-row",
        ("633A-008", "601a.2"),
        ("633A-001", "633a.2(a)"),
        table={"betting_positions": 8},
        without_checklist=True,
    ),
]


@pytest.mark.parametrize("planted", CASES, ids=lambda planted: planted.id)
def test_633a_each_planted_violation_is_reported_under_its_own_subsection(planted) -> None:  # type: ignore[no-untyped-def]
    check_case(COMPLIANT_633A, CHAPTER, table, planted)


def test_633a_every_rule_has_a_case_with_simultaneous_violations() -> None:
    assert rules_without_a_multiple_case(CHAPTER, CASES) == []


def test_633a_every_kind_of_miss_has_a_case() -> None:
    assert kinds_without_a_case(CASES) == []
