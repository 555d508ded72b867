"""Each 633a rule: the compliant example passes it, and a filing breaking it gets a finding with the right citation."""

from __future__ import annotations

from decimal import Decimal

import pytest
from pacomply.checker.registry import Finding, Severity, chapter_rules, rule_metadata_problems
from pacomply.checker.review import review_filing
from pacomply.regulations.rulebook import DealingMethod, Equipment, Shuffler
from pacomply.submissions.model import Filing, TableConfiguration, TableWager

from examples.build_examples import answers
from examples.chapters.chapter_633a import BLACKJACK_ANSWERS, COMPLIANT_633A, NONCOMPLIANT_633A, blackjack_table
from pacomply import regulations


def _findings(filing: Filing, rule_id: str) -> list[Finding]:
    return [finding for finding in review_filing(filing).findings if finding.rule_id == rule_id]


def _with_tables(*tables: TableConfiguration, **answer_changes: object) -> Filing:
    return COMPLIANT_633A.model_copy(
        update={
            "tables": tables,
            "chapters": {"633a": answers("633a", **(BLACKJACK_ANSWERS | answer_changes))},
        }
    )


def test_633a_compliant_example_has_no_findings() -> None:
    review = review_filing(COMPLIANT_633A)
    # FIL-017 (info) names the amendments of 633a published since the encoded text: currency, not a defect.
    assert [f"{f.rule_id}: {f.message}" for f in review.findings if f.rule_id != "FIL-017"] == []


def test_633a_violations_example_fails_every_planted_rule() -> None:
    found = {finding.rule_id for finding in review_filing(NONCOMPLIANT_633A).findings}
    expected = {"633A-001", "633A-003", "633A-006", "633A-007", "633A-102", "633A-103", "633A-104", "633A-105",
                "633A-106", "633A-107", "633A-108", "633A-109", "633A-110", "633A-111", "633A-112"}  # fmt: skip
    assert expected <= found


def test_633a_rules_follow_the_documentation_template() -> None:
    for rule in chapter_rules("633a"):
        assert rule_metadata_problems(rule) == []


@pytest.mark.parametrize(
    ("wager", "decks", "citation"),
    [
        (TableWager(wager="royal_match", paytable="A"), 6, "633a.13(f)(1)"),
        (TableWager(wager="royal_match", paytable="C"), 1, "633a.13(f)(2)"),
        (TableWager(wager="bet_the_set", paytable="A"), 2, "633a.13(g)(1)"),
        (TableWager(wager="bet_the_set", paytable="B"), 6, "633a.13(g)(2)"),
        (TableWager(wager="bet_the_set", paytable="C"), 2, "633a.13(g)(3)"),
        (TableWager(wager="match_the_dealer", paytable="633a.13(d)(1)"), 8, "633a.13(d)(1)"),
        (TableWager(wager="match_the_dealer", paytable="633a.13(d)(2)"), 4, "633a.13(d)(2)"),
        (TableWager(wager="super_match", paytable="633a.13(i)(2)"), 6, "633a.13(i)(2)"),
    ],
)
def test_633a_007_paytable_not_permitted_at_the_table_deck_count(wager: TableWager, decks: int, citation: str) -> None:
    table = blackjack_table("T", decks=decks, wagers=(TableWager(wager="switch"), wager))
    findings = _findings(_with_tables(table), "633A-007")
    assert len(findings) == 1
    assert findings[0].citation.short == citation
    assert f"with {decks} deck{'s' if decks != 1 else ''}" in findings[0].message


def test_633a_007_paytable_permitted_at_the_table_deck_count_passes() -> None:
    tables = (
        blackjack_table("T1", decks=1, wagers=(TableWager(wager="royal_match", paytable="B"),)),
        blackjack_table("T2", decks=2, wagers=(TableWager(wager="bet_the_set", paytable="B"),)),
        blackjack_table("T3", decks=5, wagers=(TableWager(wager="bet_the_set", paytable="D"),)),
    )
    assert _findings(_with_tables(*tables, royal_match_paytable=None, bet_the_set_paytable=None), "633A-007") == []


def test_633a_2_f_card_reader_required() -> None:
    assert _findings(_with_tables(blackjack_table("T")), "633A-102") == []
    findings = _findings(_with_tables(blackjack_table("T", equipment=())), "633A-102")
    assert [f.citation.short for f in findings] == ["633a.2(f)"]


def test_633a_2_c_bad_beat_needs_progressive_and_electronic_wagering_systems() -> None:
    wagers = (TableWager(wager="bad_beat"),)
    full = (Equipment.CARD_READER, Equipment.PROGRESSIVE_SYSTEM, Equipment.ELECTRONIC_WAGERING_SYSTEM)
    assert _findings(_with_tables(blackjack_table("T", wagers=wagers, equipment=full)), "633A-103") == []
    partial = (Equipment.CARD_READER, Equipment.PROGRESSIVE_SYSTEM)
    findings = _findings(_with_tables(blackjack_table("T", wagers=wagers, equipment=partial)), "633A-103")
    assert len(findings) == 1 and "electronic wagering system" in findings[0].message


def test_633a_2_d_hit_and_run_needs_progressive_system() -> None:
    wagers = (TableWager(wager="hit_and_run"),)
    with_system = (Equipment.CARD_READER, Equipment.PROGRESSIVE_SYSTEM)
    assert _findings(_with_tables(blackjack_table("T", wagers=wagers, equipment=with_system)), "633A-104") == []
    assert len(_findings(_with_tables(blackjack_table("T", wagers=wagers)), "633A-104")) == 1


def test_633a_12_b_hand_dealing_at_most_two_decks_with_automated_shuffler() -> None:
    good = blackjack_table("T", decks=1, batches=2, dealing=DealingMethod.HAND, discard_rack_height_mm=Decimal("15.6"),
                           card_change_interval_hours=Decimal(4))  # fmt: skip
    assert _findings(_with_tables(good), "633A-105") == []
    bad = good.model_copy(update={"decks": 4, "batches": 1, "shuffler": Shuffler.NONE})
    citations = sorted(f.citation.short for f in _findings(_with_tables(bad), "633A-105"))
    assert citations == ["633a.12(b)(1)", "633a.12(b)(2)"]
    not_filed = _findings(_with_tables(good, hand_dealing_offered=False), "633A-105")
    assert len(not_filed) == 1 and "hand_dealing_offered" in not_filed[0].message


@pytest.mark.parametrize(
    ("decks", "batches", "shuffler", "in_the_game"),
    [(2, 2, Shuffler.AUTOMATED, 4), (1, 3, Shuffler.AUTOMATED, 3), (3, 1, Shuffler.CONTINUOUS, 3)],
)
def test_633a_12_b_1_hand_dealing_counts_the_decks_of_every_batch_used_in_the_game(
    decks: int, batches: int, shuffler: Shuffler, in_the_game: int
) -> None:
    # Two batches alternate at one table, so both are used in the game: 2 decks × 2 batches is 4 decks, over the two
    # § 633a.12(b)(1) allows, though each batch alone holds two.
    table = blackjack_table("T", decks=decks, batches=batches, shuffler=shuffler, dealing=DealingMethod.HAND,
                            card_change_interval_hours=Decimal(4))  # fmt: skip
    (finding,) = [f for f in _findings(_with_tables(table), "633A-105") if f.citation.short == "633a.12(b)(1)"]
    assert f"{in_the_game} decks" in finding.message
    assert finding.location == table.location_of("decks")


def test_633a_12_b_1_hand_dealing_two_decks_in_the_game_passes() -> None:
    for decks, batches, shuffler in ((1, 2, Shuffler.AUTOMATED), (2, 1, Shuffler.CONTINUOUS)):
        table = blackjack_table("T", decks=decks, batches=batches, shuffler=shuffler, dealing=DealingMethod.HAND,
                                card_change_interval_hours=Decimal(4))  # fmt: skip
        assert [f.message for f in _findings(_with_tables(table), "633A-105")] == []


def test_633a_3_d_hand_dealt_cards_changed_every_4_hours() -> None:
    table = blackjack_table("T", decks=2, dealing=DealingMethod.HAND, discard_rack_height_mm=Decimal("31.2"),
                            card_change_interval_hours=Decimal(6))  # fmt: skip
    findings = _findings(_with_tables(table), "633A-003")
    assert len(findings) == 1 and "every 4 h" in findings[0].message


def test_633a_2_h_double_shoe_rack_measured_against_one_side() -> None:
    # Decks is the decks in one side: 3 × 52 × 0.30 mm = 46.8 mm; a rack for both sides (93.6 mm) has no mark.
    side = blackjack_table("T", decks=3, batches=1, shuffler=Shuffler.NONE, dealing=DealingMethod.DOUBLE_SHOE,
                           discard_rack_height_mm=Decimal("46.8"))  # fmt: skip
    assert _findings(_with_tables(side), "633A-004") == []
    both_sides = side.model_copy(update={"discard_rack_height_mm": Decimal("93.6")})
    assert len(_findings(_with_tables(both_sides), "633A-004")) == 1


def test_633a_7_d_double_shoe_needs_suit_designation() -> None:
    table = blackjack_table("T", batches=1, shuffler=Shuffler.NONE, dealing=DealingMethod.DOUBLE_SHOE)
    assert _findings(_with_tables(table), "633A-106") == []
    findings = _findings(_with_tables(table, double_shoe_red_suits_side=None), "633A-106")
    assert [f.citation.short for f in findings] == ["633a.7(d)(1)"]
    findings = _findings(_with_tables(table, double_shoe=False), "633A-106")
    question = regulations.rulebook("633a").question("double_shoe").question
    assert len(findings) == 1 and f"“{question}”" in findings[0].message


def test_633a_6_e_offered_wager_must_be_in_checklist() -> None:
    table = blackjack_table("T", wagers=(TableWager(wager="three_card_poker"),))
    assert _findings(_with_tables(table), "633A-107") == []
    assert len(_findings(_with_tables(table, three_card_poker_offered=False), "633A-107")) == 1


def test_633a_13_f_table_paytable_must_match_checklist_selection() -> None:
    table = blackjack_table("T", wagers=(TableWager(wager="royal_match", paytable="D"),))
    findings = _findings(_with_tables(table), "633A-107")
    # Cited at the paragraph of the paytable the table names (D is § 633a.13(f)(2)), the most specific the text gives.
    assert len(findings) == 1 and findings[0].citation.short == "633a.13(f)(2)"
    # The Board's checklist asks for a separate document where a selected option does not apply to every table:
    # a warning, as in every chapter.
    assert findings[0].severity == Severity.WARNING


@pytest.mark.parametrize(("amount", "fails"), [(Decimal(4999), True), (Decimal(5000), False), (Decimal(9000), False)])
def test_633a_13_j_2_bad_beat_reset_at_least_5000(amount: Decimal, fails: bool) -> None:
    findings = _findings(_with_tables(blackjack_table("T"), bad_beat_reset_amount=amount), "633A-108")
    assert bool(findings) is fails


def test_633a_13_j_2_bad_beat_table_reset_and_rate_checked() -> None:
    table = blackjack_table("T", wagers=(TableWager(wager="bad_beat"),), progressive_reset=Decimal(3000))
    messages = [f.message for f in _findings(_with_tables(table, bad_beat_rate_of_progression=None), "633A-108")]
    assert any("progressive reset is $3,000" in m for m in messages)
    assert any("rate of progression" in m for m in messages)


@pytest.mark.parametrize(("amount", "fails"), [(Decimal(999), True), (Decimal(1000), False)])
def test_633a_13_l_2_hit_and_run_reset_at_least_1000(amount: Decimal, fails: bool) -> None:
    findings = _findings(_with_tables(blackjack_table("T"), hit_and_run_reset_amount=amount), "633A-109")
    assert bool(findings) is fails


@pytest.mark.parametrize(
    ("cap", "side_maximum", "boxes", "fails"),
    [
        (Decimal(25000), Decimal(25), 1, False),  # 1,000 × 25 = 25,000: the floor and the patron's win agree
        (Decimal(24999), Decimal(10), 1, True),  # below the $25,000 floor
        (Decimal(49999), Decimal(25), 2, True),  # two boxes: 1,000 × 25 × 2 = 50,000
        (Decimal(50000), Decimal(25), 2, False),
        (Decimal(99999), Decimal(100), 1, True),  # the patron's maximum win, 100,000, is greater than 25,000
    ],
)
def test_633a_13_m_maximum_payout_at_least_greater_of_25000_and_patron_maximum(
    cap: Decimal, side_maximum: Decimal, boxes: int, fails: bool
) -> None:
    filing = _with_tables(
        blackjack_table("T"),
        maximum_payout_amount=cap,
        maximum_side_wager=side_maximum,
        adjacent_boxes_allowed=boxes > 1,
        max_adjacent_boxes=boxes,
    )
    assert bool(_findings(filing, "633A-110")) is fails


def test_633a_13_m_maximum_payout_needs_the_table_maximum() -> None:
    findings = _findings(_with_tables(blackjack_table("T"), maximum_side_wager=None), "633A-110")
    assert any("table maximum" in f.message for f in findings)


def test_633a_7_r_settlement_procedure_is_1_or_2() -> None:
    assert _findings(_with_tables(blackjack_table("T"), settlement_procedure=2), "633A-111") == []
    assert len(_findings(_with_tables(blackjack_table("T"), settlement_procedure=3), "633A-111")) == 1


def test_633a_6_e_7_super_match_only_at_switch_tables() -> None:
    super_match = TableWager(wager="super_match", paytable="633a.13(i)(1)")
    switch = blackjack_table("T", wagers=(TableWager(wager="switch"), super_match))
    assert _findings(_with_tables(switch), "633A-112") == []
    plain = blackjack_table("T", wagers=(TableWager(wager="super_match", paytable="633a.13(i)(1)"),))
    assert len(_findings(_with_tables(plain), "633A-112")) == 1


def test_633a_6_f_adjacent_boxes_stated() -> None:
    assert _findings(_with_tables(blackjack_table("T")), "633A-113") == []
    assert len(_findings(_with_tables(blackjack_table("T"), max_adjacent_boxes=1), "633A-113")) == 1
    # A blank total is the checklist rule's finding (633A-006), not this rule's again.
    assert _findings(_with_tables(blackjack_table("T"), max_adjacent_boxes=None), "633A-113") == []
    assert len(_findings(_with_tables(blackjack_table("T"), max_adjacent_boxes=None), "633A-006")) == 1


def test_633a_2_g_discard_rack_answers_consistent() -> None:
    assert _findings(_with_tables(blackjack_table("T")), "633A-101") == []
    findings = _findings(_with_tables(blackjack_table("T"), discard_rack_equal_height=False), "633A-101")
    assert len(findings) == 1
