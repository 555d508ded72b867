"""686a: several violations planted at once, each reported under its own subsection (issue #16's kinds of miss)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from pacomply.regulations.rulebook import DealingMethod, Shuffler
from pacomply.submissions.model import TableWager

from examples.chapters.chapter_686a import COMPLIANT_686A, over_under_table
from tests.rule_cases import case, check_case, kinds_without_a_case, rules_without_a_multiple_case

CHAPTER = "686a"


def table(**overrides: object):  # type: ignore[no-untyped-def]
    return over_under_table("T", **overrides)


CASES = [
    case(
        "686a_6_e_bonus_answered_yes_that_no_table_offers_and_2_a_positions",
        "paired-answers",
        ("686A-011", "686a.6(e)"),
        ("686A-001", "686a.2(a)"),
        warnings=[("686A-011", "686a.6(e)")],
        table={"betting_positions": 7, "wagers": ()},
    ),
    case(
        "686a_2_a_3_b_1_3_a_3_c_2_d_7_a_8_b_one_row_breaks_them_all",
        "several-in-one-row",
        ("686A-001", "686a.2(a)"),
        ("686A-002", "686a.3(b)(1)"),
        ("686A-002", "686a.3(a)"),
        ("686A-003", "686a.3(c)"),
        ("686A-004", "686a.2(d)"),
        ("686A-005", "686a.7(a)"),
        ("686A-007", "686a.8(b)"),
        ("686A-101", "686a.2(d)"),
        ("686A-102", "686a.3(b)"),
        ("686A-103", "686a.6(e)"),
        table={
            "betting_positions": 7,
            "decks": 5,
            "batches": 1,
            "shuffler": Shuffler.AUTOMATED,
            "card_change_interval_hours": Decimal(30),
            "discard_rack_height_mm": Decimal(60),
            "dealing": DealingMethod.HAND,
            "wagers": (TableWager(wager="bonus", paytable="B"),),
        },
        automated_shuffler=False,
        bonus_offered=False,
        discard_rack_equal_height=False,
        discard_rack_taller_with_mark=False,
    ),
    case(
        "686a_3_b_1_automated_shuffler_with_one_batch_cites_the_two_batch_requirement",
        "most-specific-citation",
        ("686A-002", "686a.3(b)(1)"),
        table={"batches": 1, "shuffler": Shuffler.AUTOMATED},
        absent=[("686A-002", "686a.3(a)")],
    ),
    case(
        "686a_6_e_unknown_wager_cites_the_wagers_subsection_and_8_a_stated_odds",
        "stated-odds",
        ("686A-007", "686a.6(e)"),
        ("686A-007", "686a.8(a)"),
        table={"wagers": (TableWager(wager="pontoon"), TableWager(wager="required", paytable="2 to 1"))},
    ),
    case(
        "686a_6_f_no_to_more_than_one_box_beside_a_total_of_three_and_2_d_2_a_marked_rack_answered_no",
        "paired-answers",
        ("686A-104", "686a.6(f)"),
        # A No to the marked option while OU-3's rack is taller with a mark (§ 686a.2(d)(2)).
        ("686A-101", "686a.2(d)(2)"),
        adjacent_boxes_allowed=False,
        max_adjacent_boxes=3,
        discard_rack_equal_height=True,
        discard_rack_taller_with_mark=False,
    ),
    case(
        # A blank total is the checklist rule's finding alone: the adjacent-boxes rule does not say it again.
        "686a_6_f_more_than_one_box_allowed_but_no_total_and_2_a_seven_positions",
        "paired-answers",
        ("686A-006", "686a.6(f)"),
        ("686A-001", "686a.2(a)"),
        table={"betting_positions": 7},
        absent=[("686A-104", "686a.6(f)")],
        adjacent_boxes_allowed=True,
        max_adjacent_boxes=None,
    ),
    case(
        "686a_2_d_blank_discard_rack_and_seven_positions",
        "discard-rack",
        ("686A-004", "686a.2(d)"),
        ("686A-001", "686a.2(a)"),
        table={"discard_rack_height_mm": None, "betting_positions": 7},
    ),
    case(
        "686a_601a_2_tables_without_the_checklist",
        "several-in-one-row",
        ("686A-008", "601a.2"),
        ("686A-001", "686a.2(a)"),
        table={"betting_positions": 7},
        without_checklist=True,
    ),
]


@pytest.mark.parametrize("planted", CASES, ids=lambda planted: planted.id)
def test_686a_each_planted_violation_is_reported_under_its_own_subsection(planted) -> None:  # type: ignore[no-untyped-def]
    check_case(COMPLIANT_686A, CHAPTER, table, planted)


def test_686a_every_rule_has_a_case_with_simultaneous_violations() -> None:
    assert rules_without_a_multiple_case(CHAPTER, CASES) == []


def test_686a_every_kind_of_miss_has_a_case() -> None:
    assert kinds_without_a_case(CASES) == []
