"""645a: several violations planted at once, each reported under its own subsection (issue #16's kinds of miss)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from pacomply.regulations.rulebook import DealingMethod, Equipment, Shuffler
from pacomply.submissions.model import TableWager

from examples.chapters.chapter_645a import COMPLIANT_645A
from examples.chapters.pai_gow import pai_gow_table
from tests.rule_cases import case, check_case, kinds_without_a_case, rules_without_a_multiple_case

CHAPTER = "645a"


def table(**overrides: object):  # type: ignore[no-untyped-def]
    return pai_gow_table("T", CHAPTER, **overrides)


CASES = [
    case(
        "645a_3_b_table_alternating_two_decks_beside_a_no_and_2_a_positions",
        "paired-answers",
        ("645A-011", "645a.3(b)"),
        ("645A-001", "645a.2(a)"),
        table={"betting_positions": 7, "decks": 1, "batches": 2},
        two_decks_alternating=False,
    ),
    case(
        "645a_7_e_a_645c_tiger_9_not_checked_beside_an_unknown_wager",
        "several-in-one-row",
        ("645A-010", "645c.1(c)(2)"),
        ("645A-007", "645a.7(e)"),
        warnings=[("645A-010", "645c.1(c)(2)")],
        table={"wagers": (TableWager(wager="tiger_9"), TableWager(wager="pontoon"))},
    ),
    case(
        "645a_2_a_3_b_3_c_1_2_f_9_a_1_7_e_13_one_row_breaks_them_all",
        "several-in-one-row",
        ("645A-001", "645a.2(a)"),
        ("645A-002", "645a.3(b)"),
        ("645A-003", "645a.3(c)(1)"),
        ("645A-101", "645a.9(a)(1)"),
        ("645A-102", "645a.5(i)(3)"),
        ("645A-103", "645a.7(e)(2)"),
        ("645A-105", "645a.13(f)"),
        ("645A-106", "645a.2(d)"),
        ("645A-108", "645a.2(f)"),
        table={
            "betting_positions": 7,
            "decks": 2,
            "batches": 2,
            "shuffler": Shuffler.NONE,
            "card_change_interval_hours": Decimal(8),
            "discard_rack_height_mm": None,
            "equipment": (Equipment.FLAT_BUTTON,),
            "wagers": (TableWager(wager="emperors_treasure", paytable="A"), TableWager(wager="progressive")),
            "payout_limit": Decimal(10000),
        },
        emperors_treasure_offered=False,
    ),
    case(
        "645a_10_a_automated_shoe_contradiction_cites_the_automated_shoe_section",
        "most-specific-citation",
        ("645A-101", "645a.10(a)"),
        ("645A-003", "645a.3(c)(2)"),
        table={"dealing": DealingMethod.AUTOMATED_SHOE, "card_change_interval_hours": Decimal(12)},
        automated_shoe=False,
        absent=[("645A-101", "645a.8(a)")],
    ),
    case(
        "645a_8_a_manual_shoe_contradiction_and_9_a_hand_not_filed",
        "most-specific-citation",
        ("645A-101", "645a.8(a)"),
        ("645A-001", "645a.2(a)"),
        table={"dealing": DealingMethod.SHOE, "card_change_interval_hours": Decimal(8), "betting_positions": 7},
        manual_shoe=False,
    ),
    case(
        "645a_9_a_hand_contradiction_cites_the_hand_section",
        "most-specific-citation",
        ("645A-101", "645a.9(a)"),
        ("645A-001", "645a.2(a)"),
        table={"betting_positions": 7},
        dealt_from_hand=False,
        absent=[("645A-101", "645a.8(a)")],
    ),
    case(
        "645a_7_e_unknown_wager_cites_the_wagers_subsection_and_13_a_base_odds_stated_wrong_or_unreadable",
        "stated-odds",
        ("645A-007", "645a.7(e)"),
        ("645A-007", "645a.13(a)"),
        table={
            "wagers": (
                TableWager(wager="pontoon"),
                TableWager(wager="base", paytable="2 to 1"),
                TableWager(wager="base", paytable="even money less commission"),
            )
        },
        absent=[("645A-007", "645a.7(e)(1)")],
    ),
    case(
        "645a_3_b_two_decks_alternated_with_no_automated_shuffler_and_other_checklist_answers",
        "paired-answers",
        ("645A-009", "645a.3(b)"),
        ("645A-009", "645a.12(e)"),
        ("645A-101", "645a.9(a)(1)"),
        ("645A-103", "645a.13(b)"),
        ("645A-104", "645a.11(c)"),
        ("645A-106", "645a.13(e)(2)"),
        ("645A-107", "645a.1"),
        ("645A-102", "645a.5(i)"),
        ("645A-006", "645a.5(j)"),
        ("645A-109", "645a.3(b)"),
        warnings=[("645A-104", "645a.11(c)")],
        automated_shuffler=False,
        two_decks_alternating=True,
        player_bank_offered=False,
        co_banking_offered=True,
        fortune_paytable="E",
        house_way="split two pair when it feels right",
        progressive_reset=Decimal(1000),
        envy_qualifying_wager=Decimal(1),
        starting_position_shaker=False,
        starting_position_rng=False,
        starting_position_flat_button=False,
        starting_position_object=None,
    ),
    case(
        "645a_5_b_1_a_double_shoe_is_none_of_the_three_ways_of_dealing_pai_gow_poker",
        "several-in-one-row",
        ("645A-005", "645a.5(b)(1)"),
        ("645A-001", "645a.2(a)"),
        table={"dealing": DealingMethod.DOUBLE_SHOE, "betting_positions": 7, "card_change_interval_hours": Decimal(8)},
    ),
    case(
        "645a_9_a_1_a_continuous_shuffler_is_refused_once_by_3_a_not_again_as_no_shuffler",
        "most-specific-citation",
        ("645A-002", "645a.3(a)"),
        ("645A-001", "645a.2(a)"),
        table={"shuffler": Shuffler.CONTINUOUS, "batches": 1, "betting_positions": 7},
        absent=[("645A-101", "645a.9(a)(1)"), ("645A-002", "645a.3(b)")],
    ),
    case(
        "645a_2_f_blank_discard_rack_and_seven_positions",
        "discard-rack",
        ("645A-108", "645a.2(f)"),
        ("645A-001", "645a.2(a)"),
        table={"discard_rack_height_mm": None, "betting_positions": 7},
    ),
    case(
        "645a_601a_2_tables_without_the_checklist",
        "several-in-one-row",
        ("645A-008", "601a.2"),
        ("645A-001", "645a.2(a)"),
        table={"betting_positions": 7},
        without_checklist=True,
    ),
]


@pytest.mark.parametrize("planted", CASES, ids=lambda planted: planted.id)
def test_645a_each_planted_violation_is_reported_under_its_own_subsection(planted) -> None:  # type: ignore[no-untyped-def]
    check_case(COMPLIANT_645A, CHAPTER, table, planted)


def test_645a_every_rule_has_a_case_with_simultaneous_violations() -> None:
    assert rules_without_a_multiple_case(CHAPTER, CASES) == []


def test_645a_every_kind_of_miss_has_a_case() -> None:
    assert kinds_without_a_case(CASES) == []
