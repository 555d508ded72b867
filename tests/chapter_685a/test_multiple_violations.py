"""685a: several violations planted at once, each reported under its own subsection (issue #16's kinds of miss)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from pacomply.regulations.rulebook import DealingMethod, Equipment, Shuffler
from pacomply.submissions.model import TableWager

from examples.chapters.chapter_685a import COMPLIANT_685A, down_under_table
from tests.rule_cases import case, check_case, kinds_without_a_case, rules_without_a_multiple_case

CHAPTER = "685a"


def table(**overrides: object):  # type: ignore[no-untyped-def]
    return down_under_table("T", **overrides)


CASES = [
    case(
        "685a_6_e_match_the_dealer_answered_yes_that_no_table_offers_and_2_a_positions",
        "paired-answers",
        ("685A-011", "685a.6(e)"),
        ("685A-001", "685a.2(a)"),
        warnings=[("685A-011", "685a.6(e)")],
        table={"betting_positions": 7, "wagers": ()},
    ),
    case(
        "685a_2_a_3_b_1_3_a_3_c_2_e_2_d_7_a_11_one_row_breaks_them_all",
        "several-in-one-row",
        ("685A-001", "685a.2(a)"),
        ("685A-002", "685a.3(b)(1)"),
        ("685A-002", "685a.3(a)"),
        ("685A-003", "685a.3(c)"),
        ("685A-004", "685a.2(e)"),
        ("685A-005", "685a.7(a)"),
        ("685A-007", "685a.11(c)"),
        ("685A-007", "685a.11(b)"),
        ("685A-101", "685a.2(d)"),
        ("685A-102", "685a.6(e)"),
        ("685A-106", "685a.3(b)"),
        table={
            "betting_positions": 7,
            "decks": 7,
            "batches": 1,
            "shuffler": Shuffler.AUTOMATED,
            "card_change_interval_hours": Decimal(30),
            "discard_rack_height_mm": Decimal(60),
            "dealing": DealingMethod.HAND,
            "equipment": (Equipment.CARD_READER,),
            "wagers": (
                TableWager(wager="match_the_dealer", paytable="6 decks"),
                TableWager(wager="insurance", paytable="3 to 1"),
            ),
        },
        match_the_dealer_offered=False,
    ),
    case(
        "685a_3_b_1_automated_shuffler_with_one_batch_cites_the_two_batch_requirement",
        "most-specific-citation",
        ("685A-002", "685a.3(b)(1)"),
        table={"batches": 1, "shuffler": Shuffler.AUTOMATED},
        absent=[("685A-002", "685a.3(a)")],
    ),
    case(
        "685a_6_e_unknown_wager_cites_the_wagers_subsection_and_11_a_stated_odds",
        "stated-odds",
        ("685A-007", "685a.6(e)"),
        ("685A-007", "685a.11(a)"),
        table={"wagers": (TableWager(wager="pontoon"), TableWager(wager="base", paytable="2 to 1"))},
    ),
    case(
        "685a_6_f_no_to_more_than_one_box_beside_a_total_of_three_and_other_checklist_answers",
        "paired-answers",
        ("685A-104", "685a.6(f)"),
        ("685A-101", "685a.2(d)"),
        ("685A-103", "685a.7(r)"),
        ("685A-105", "685a.2(e)"),
        ("685A-006", "685a.6(a)"),
        adjacent_boxes_allowed=False,
        max_adjacent_boxes=3,
        masque_card_reader=False,
        settlement_procedure=3,
        discard_rack_equal_height=False,
        discard_rack_taller_with_mark=False,
        verbal_wagers=None,
    ),
    case(
        "685a_2_e_blank_discard_rack_and_seven_positions",
        "discard-rack",
        ("685A-004", "685a.2(e)"),
        ("685A-001", "685a.2(a)"),
        table={"discard_rack_height_mm": None, "betting_positions": 7},
    ),
    case(
        "685a_601a_2_tables_without_the_checklist",
        "several-in-one-row",
        ("685A-008", "601a.2"),
        ("685A-001", "685a.2(a)"),
        table={"betting_positions": 7},
        without_checklist=True,
    ),
]


@pytest.mark.parametrize("planted", CASES, ids=lambda planted: planted.id)
def test_685a_each_planted_violation_is_reported_under_its_own_subsection(planted) -> None:  # type: ignore[no-untyped-def]
    check_case(COMPLIANT_685A, CHAPTER, table, planted)


def test_685a_every_rule_has_a_case_with_simultaneous_violations() -> None:
    assert rules_without_a_multiple_case(CHAPTER, CASES) == []


def test_685a_every_kind_of_miss_has_a_case() -> None:
    assert kinds_without_a_case(CASES) == []
