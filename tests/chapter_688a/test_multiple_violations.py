"""688a: several violations planted at once, each reported under its own subsection (issue #16's kinds of miss)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from pacomply.regulations.rulebook import DealingMethod, Equipment, Shuffler
from pacomply.submissions.model import TableWager

from examples.chapters.chapter_688a import COMPLIANT_688A
from examples.chapters.pai_gow import pai_gow_table
from tests.rule_cases import case, check_case, kinds_without_a_case, rules_without_a_multiple_case

CHAPTER = "688a"


def table(**overrides: object):  # type: ignore[no-untyped-def]
    # The compliant 688a filing sets the starting position by random number generator.
    defaults = {"dealing": DealingMethod.AUTOMATED_SHOE, "equipment": (Equipment.RNG,)}
    return pai_gow_table("T", CHAPTER, **{**defaults, **overrides})


CASES = [
    case(
        "688a_7_e_1_ace_high_answered_yes_that_no_table_offers_and_2_a_positions",
        "paired-answers",
        ("688A-011", "688a.7(e)(1)"),
        ("688A-001", "688a.2(a)"),
        warnings=[("688A-011", "688a.7(e)(1)")],
        table={"betting_positions": 7, "wagers": ()},
    ),
    case(
        "688a_2_a_3_b_3_c_1_2_f_9_a_1_2_c_12_one_row_breaks_them_all",
        "several-in-one-row",
        ("688A-001", "688a.2(a)"),
        ("688A-002", "688a.3(b)"),
        ("688A-003", "688a.3(c)(1)"),
        ("688A-007", "688a.12(b)"),
        ("688A-101", "688a.9(a)(1)"),
        ("688A-102", "688a.2(c)"),
        ("688A-103", "688a.7(e)(2)"),
        ("688A-105", "688a.12(d)"),
        ("688A-105", "688a.2(d)"),
        ("688A-106", "688a.2(f)"),
        table={
            "betting_positions": 7,
            "decks": 2,
            "batches": 2,
            "shuffler": Shuffler.NONE,
            "dealing": DealingMethod.HAND,
            "card_change_interval_hours": Decimal(8),
            "discard_rack_height_mm": None,
            "equipment": (Equipment.FLAT_BUTTON,),
            "wagers": (
                TableWager(wager="ace_high", paytable="6"),
                TableWager(wager="fortune", paytable="1"),
                TableWager(wager="progressive", paytable="1"),
            ),
            "progressive_reset": Decimal(2000),
        },
        fortune_offered=False,
        fortune_paytable=None,
        dealt_from_hand=True,
    ),
    case(
        "688a_10_a_automated_shoe_contradiction_cites_the_automated_shoe_section",
        "most-specific-citation",
        ("688A-101", "688a.10(a)"),
        ("688A-003", "688a.3(c)(2)"),
        table={"card_change_interval_hours": Decimal(12)},
        automated_shoe=False,
        absent=[("688A-101", "688a.8(a)")],
    ),
    case(
        "688a_9_a_hand_contradiction_cites_the_hand_section",
        "most-specific-citation",
        ("688A-101", "688a.9(a)"),
        ("688A-003", "688a.3(c)(1)"),
        table={"dealing": DealingMethod.HAND, "card_change_interval_hours": Decimal(8)},
        absent=[("688A-101", "688a.8(a)")],
    ),
    case(
        "688a_8_a_manual_shoe_contradiction_cites_the_manual_shoe_section",
        "most-specific-citation",
        ("688A-101", "688a.8(a)"),
        ("688A-001", "688a.2(a)"),
        table={"dealing": DealingMethod.SHOE, "betting_positions": 7, "card_change_interval_hours": Decimal(8)},
    ),
    case(
        "688a_5_b_1_a_double_shoe_is_none_of_the_three_ways_of_dealing_face_up_pai_gow",
        "several-in-one-row",
        ("688A-005", "688a.5(b)(1)"),
        ("688A-001", "688a.2(a)"),
        table={"dealing": DealingMethod.DOUBLE_SHOE, "betting_positions": 7},
    ),
    case(
        "688a_7_e_unknown_wager_cites_the_wagers_subsection_and_12_a_base_odds_stated_wrong_or_unreadable",
        "stated-odds",
        ("688A-007", "688a.7(e)"),
        ("688A-007", "688a.12(a)"),
        table={
            "wagers": (
                TableWager(wager="pontoon"),
                TableWager(wager="base", paytable="2 to 1"),
                TableWager(wager="base", paytable="even money, no commission"),
            )
        },
        absent=[("688A-007", "688a.7(e)(1)")],
    ),
    case(
        "688a_12_b_paytable_answered_under_a_no_and_other_paired_answers",
        "paired-answers",
        ("688A-009", "688a.12(b)"),
        ("688A-009", "688a.5(j)"),
        ("688A-102", "688a.2(c)"),
        ("688A-103", "688a.7(e)(1)"),
        ("688A-104", "688a.11(a)"),
        ("688A-006", "688a.7(b)"),
        ("688A-107", "688a.3(b)"),
        warnings=[("688A-009", "688a.12(b)"), ("688A-009", "688a.5(j)"), ("688A-104", "688a.11(a)")],
        ace_high_offered=False,
        mark_starting_position=False,
        starting_position_object="cover card",
        starting_position_shaker=False,
        starting_position_rng=False,
        house_way="split two pair when it feels right",
        abandoned_wagers_lose=None,
        automated_shuffler=False,
    ),
    case(
        "688a_2_f_blank_discard_rack_and_seven_positions",
        "discard-rack",
        ("688A-106", "688a.2(f)"),
        ("688A-001", "688a.2(a)"),
        table={"discard_rack_height_mm": None, "betting_positions": 7, "card_change_interval_hours": Decimal(8)},
    ),
    case(
        "688a_601a_2_tables_without_the_checklist",
        "several-in-one-row",
        ("688A-008", "601a.2"),
        ("688A-001", "688a.2(a)"),
        table={"betting_positions": 7},
        without_checklist=True,
    ),
]


@pytest.mark.parametrize("planted", CASES, ids=lambda planted: planted.id)
def test_688a_each_planted_violation_is_reported_under_its_own_subsection(planted) -> None:  # type: ignore[no-untyped-def]
    check_case(COMPLIANT_688A, CHAPTER, table, planted)


def test_688a_every_rule_has_a_case_with_simultaneous_violations() -> None:
    assert rules_without_a_multiple_case(CHAPTER, CASES) == []


def test_688a_every_kind_of_miss_has_a_case() -> None:
    assert kinds_without_a_case(CASES) == []
