"""687a: several violations planted at once, each reported under its own subsection (issue #16's kinds of miss)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from pacomply.regulations.rulebook import DealingMethod, Shuffler
from pacomply.submissions.model import TableWager

from examples.chapters.chapter_687a import COMPLIANT_687A, dj_wild_table
from tests.rule_cases import case, check_case, kinds_without_a_case, rules_without_a_multiple_case

CHAPTER = "687a"


def table(**overrides: object):  # type: ignore[no-untyped-def]
    return dj_wild_table("T", **overrides)


CASES = [
    case(
        "687a_7_d_3_trips_answered_yes_that_no_table_offers_and_2_a_positions",
        "paired-answers",
        ("687A-011", "687a.7(d)(3)"),
        ("687A-001", "687a.2(a)"),
        warnings=[("687A-011", "687a.7(d)(3)")],
        table={"betting_positions": 7, "wagers": ()},
    ),
    case(
        "687a_2_a_3_a_3_c_1_2_d_9_a_1_8_c_12_one_row_breaks_them_all",
        "several-in-one-row",
        ("687A-001", "687a.2(a)"),
        ("687A-002", "687a.3(a)"),
        ("687A-003", "687a.3(c)(1)"),
        ("687A-007", "687a.12(d)"),
        ("687A-101", "687a.2(d)"),
        ("687A-102", "687a.9(a)(1)"),
        ("687A-104", "687a.7(d)(3)"),
        ("687A-105", "687a.8(c)"),
        ("687A-105", "687a.12(c)"),
        ("687A-106", "687a.11(f)(3)"),
        table={
            "betting_positions": 7,
            "decks": 2,
            "batches": 1,
            "shuffler": Shuffler.NONE,
            "card_change_interval_hours": Decimal(8),
            "discard_rack_height_mm": None,
            "equipment": (),
            "wagers": (
                TableWager(wager="trips", paytable="DJWT-09"),
                TableWager(wager="bad_beat", paytable="DJWBB-03"),
                TableWager(wager="progressive", paytable="1"),
            ),
            "progressive_reset": Decimal(1000),
        },
        trips_offered=False,
    ),
    case(
        "687a_10_a_automated_shoe_contradiction_cites_the_automated_shoe_section",
        "most-specific-citation",
        ("687A-103", "687a.10(a)"),
        ("687A-001", "687a.2(a)"),
        table={
            "dealing": DealingMethod.AUTOMATED_SHOE,
            "card_change_interval_hours": Decimal(8),
            "betting_positions": 7,
        },
        absent=[("687A-103", "687a.8(a)")],
    ),
    case(
        "687a_9_a_hand_contradiction_cites_the_hand_section",
        "most-specific-citation",
        ("687A-103", "687a.9(a)"),
        ("687A-001", "687a.2(a)"),
        table={"betting_positions": 7},
        dealt_from_hand=False,
        absent=[("687A-103", "687a.8(a)")],
    ),
    case(
        "687a_8_a_manual_shoe_contradiction_cites_the_manual_shoe_section",
        "most-specific-citation",
        ("687A-103", "687a.8(a)"),
        ("687A-003", "687a.3(c)(2)"),
        table={"dealing": DealingMethod.SHOE, "card_change_interval_hours": Decimal(12)},
        manual_dealing_shoe=False,
    ),
    case(
        "687a_5_c_1_a_double_shoe_is_none_of_the_three_ways_of_dealing_dj_wild",
        "several-in-one-row",
        ("687A-005", "687a.5(c)(1)"),
        ("687A-001", "687a.2(a)"),
        table={"dealing": DealingMethod.DOUBLE_SHOE, "betting_positions": 7},
    ),
    case(
        "687a_7_d_unknown_wager_cites_the_wagers_subsection_and_12_a_ante_odds_stated_wrong_or_unreadable",
        "stated-odds",
        ("687A-007", "687a.7(d)"),
        ("687A-007", "687a.12(a)"),
        table={
            "wagers": (
                TableWager(wager="pontoon"),
                TableWager(wager="base", paytable="2 to 1"),
                TableWager(wager="base", paytable="as posted"),  # no payout at all
            )
        },
    ),
    case(
        "687a_7_e_no_to_more_than_one_box_beside_a_total_of_three_and_other_paired_answers",
        "paired-answers",
        ("687A-107", "687a.7(e)"),
        ("687A-009", "687a.5(b)"),
        ("687A-102", "687a.9(a)(1)"),
        ("687A-103", "687a.3(b)"),
        ("687A-104", "687a.12(e)"),
        ("687A-105", "687a.12(c)"),
        ("687A-006", "687a.12(d)"),
        adjacent_boxes_allowed=False,
        max_adjacent_boxes=3,
        automated_shuffler=False,
        shuffler_counts_cards=True,
        bad_beat_paytable="DJWBB-05",
        progressive_wager_amount=Decimal(3),
        trips_paytable=None,
    ),
    case(
        "687a_11_b_3_folded_hands_qualify_for_a_progressive_not_offered",
        "paired-answers",
        ("687A-009", "687a.11(b)(3)"),
        ("687A-104", "687a.7(d)(2)"),
        progressive_offered=False,
        folded_hands_qualify=True,
    ),
    case(
        "687a_2_d_blank_discard_rack_and_seven_positions",
        "discard-rack",
        ("687A-101", "687a.2(d)"),
        ("687A-001", "687a.2(a)"),
        table={"discard_rack_height_mm": None, "betting_positions": 7},
    ),
    case(
        "687a_601a_2_tables_without_the_checklist",
        "several-in-one-row",
        ("687A-008", "601a.2"),
        ("687A-001", "687a.2(a)"),
        table={"betting_positions": 7},
        without_checklist=True,
    ),
]


@pytest.mark.parametrize("planted", CASES, ids=lambda planted: planted.id)
def test_687a_each_planted_violation_is_reported_under_its_own_subsection(planted) -> None:  # type: ignore[no-untyped-def]
    check_case(COMPLIANT_687A, CHAPTER, table, planted)


def test_687a_every_rule_has_a_case_with_simultaneous_violations() -> None:
    assert rules_without_a_multiple_case(CHAPTER, CASES) == []


def test_687a_every_kind_of_miss_has_a_case() -> None:
    assert kinds_without_a_case(CASES) == []
