"""681a: several violations planted at once, each reported under its own subsection (issue #16's kinds of miss)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from pacomply.regulations.rulebook import DealingMethod, Shuffler
from pacomply.submissions.model import TableWager

from examples.chapters.chapter_681a import COMPLIANT_681A, baccarat_table
from tests.rule_cases import case, check_case, kinds_without_a_case, rules_without_a_multiple_case

CHAPTER = "681a"


def table(**overrides: object):  # type: ignore[no-untyped-def]
    return baccarat_table("T", **overrides)


CASES = [
    case(
        "681a_6_d_1_tie_answered_yes_that_no_table_offers_and_2_a_positions",
        "paired-answers",
        ("681A-011", "681a.6(d)(1)"),
        ("681A-001", "681a.2(a)"),
        warnings=[("681A-011", "681a.6(d)(1)")],
        table={"betting_positions": 9, "wagers": ()},
    ),
    case(
        "681a_2_a_3_b_3_a_3_c_2_d_7_a_8_one_row_breaks_them_all",
        "several-in-one-row",
        ("681A-001", "681a.2(a)"),
        ("681A-002", "681a.3(b)"),
        ("681A-002", "681a.3(a)"),
        ("681A-003", "681a.3(c)"),
        ("681A-005", "681a.7(a)"),
        ("681A-007", "681a.8(b)"),
        ("681A-007", "681a.8(c)"),
        ("681A-101", "681a.2(d)"),
        ("681A-102", "681a.3(b)"),
        ("681A-103", "681a.6(d)(1)"),
        table={
            "betting_positions": 9,
            "decks": 6,
            "batches": 1,
            "shuffler": Shuffler.AUTOMATED,
            "card_change_interval_hours": Decimal(30),
            "discard_rack_height_mm": None,
            "dealing": DealingMethod.HAND,
            "wagers": (TableWager(wager="tie", paytable="8 to 1"), TableWager(wager="bonus_player", paytable="A")),
        },
        automated_shuffler=False,
        tie_offered=False,
    ),
    case(
        "681a_3_b_automated_shuffler_with_one_batch_cites_the_two_batch_requirement",
        "most-specific-citation",
        ("681A-002", "681a.3(b)"),
        table={"batches": 1, "shuffler": Shuffler.AUTOMATED},
        absent=[("681A-002", "681a.3(a)")],
    ),
    case(
        "681a_8_stated_odds_on_the_banker_and_the_tie_and_6_d_an_unknown_wager",
        "stated-odds",
        ("681A-007", "681a.8(a)"),
        ("681A-007", "681a.8(b)"),
        ("681A-007", "681a.6(d)"),
        table={
            "wagers": (
                TableWager(wager="player", paytable="1 to 2"),
                TableWager(wager="banker", paytable="2 to 1"),
                TableWager(wager="tie", paytable="8 to 1"),
                TableWager(wager="pontoon"),
            )
        },
        absent=[("681A-007", "681a.6(d)(1)")],
    ),
    case(
        "681a_8_c_a_four_deck_paytable_with_eight_decks_and_other_paired_answers",
        "paired-answers",
        ("681A-104", "681a.8(c)"),
        ("681A-102", "681a.3(b)"),
        ("681A-006", "681a.2(b)(7)(ii)"),
        warnings=[("681A-102", "681a.3(b)")],
        bonus_paytable="A",
        continuous_shuffler=True,
        payout_odds_on_layout=None,
    ),
    case(
        "681a_3_a_six_decks_on_the_checklist_and_a_bonus_with_no_paytable",
        "paired-answers",
        ("681A-105", "681a.3(a)"),
        ("681A-104", "681a.8(c)"),
        decks_per_batch=6,
        bonus_paytable=None,
    ),
    case(
        "681a_2_d_blank_discard_rack_and_nine_positions",
        "discard-rack",
        ("681A-101", "681a.2(d)"),
        ("681A-001", "681a.2(a)"),
        table={"discard_rack_height_mm": None, "betting_positions": 9},
    ),
    case(
        "681a_601a_2_tables_without_the_checklist",
        "several-in-one-row",
        ("681A-008", "601a.2"),
        ("681A-001", "681a.2(a)"),
        table={"betting_positions": 9},
        without_checklist=True,
    ),
]


@pytest.mark.parametrize("planted", CASES, ids=lambda planted: planted.id)
def test_681a_each_planted_violation_is_reported_under_its_own_subsection(planted) -> None:  # type: ignore[no-untyped-def]
    check_case(COMPLIANT_681A, CHAPTER, table, planted)


def test_681a_every_rule_has_a_case_with_simultaneous_violations() -> None:
    assert rules_without_a_multiple_case(CHAPTER, CASES) == []


def test_681a_every_kind_of_miss_has_a_case() -> None:
    assert kinds_without_a_case(CASES) == []
