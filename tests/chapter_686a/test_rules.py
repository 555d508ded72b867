"""Every 686a rule, each with a passing and a failing filing. Filings are built from the compliant example."""

from __future__ import annotations

from decimal import Decimal

import pytest
from pacomply.checker.registry import CheckSettings, Finding, Severity, chapter_rules
from pacomply.checker.review import review_filing
from pacomply.regulations.rulebook import DealingMethod, Shuffler
from pacomply.submissions.model import Filing, TableWager

from examples.build_examples import answers
from examples.chapters.chapter_686a import COMPLIANT_686A, over_under_table
from pacomply import regulations

# The compliant example's tables whose racks are as high as the stack (OU-3's is taller with a mark), and its
# answers with the marked-rack option answered No to match them: each test adds what it is about.
BASE_TABLES = tuple(table for table in COMPLIANT_686A.tables if table.discard_rack_mark_mm is None)
BASE_ANSWERS = {key: answer.value for key, answer in COMPLIANT_686A.chapters["686a"].answers.items()} | {
    "discard_rack_taller_with_mark": False
}


def filing(tables: tuple = (), **answer_overrides: object) -> Filing:
    values = BASE_ANSWERS | answer_overrides
    return COMPLIANT_686A.model_copy(
        update={"chapters": {"686a": answers("686a", **values)}, "tables": tables or BASE_TABLES}
    )


def findings(filed: Filing, rule_id: str, settings: CheckSettings | None = None) -> list[Finding]:
    return [finding for finding in review_filing(filed, settings).findings if finding.rule_id == rule_id]


def test_the_compliant_example_has_no_findings() -> None:
    assert review_filing(COMPLIANT_686A).findings == ()


def test_every_686a_rule_is_exercised_here() -> None:
    names = [name for name in globals() if name.startswith("test_686a")]
    untested = [rule.code for rule in chapter_rules("686a") if not any(f"_{rule.code[-3:]}_" in n for n in names)]
    assert untested == []


def test_686a_2_a_001_at_most_six_betting_positions() -> None:
    assert findings(filing((over_under_table("T", betting_positions=6),)), "686A-001") == []
    (found,) = findings(filing((over_under_table("T", betting_positions=7),)), "686A-001")
    assert found.severity == Severity.ERROR and str(found.citation) == "58 Pa. Code § 686a.2(a)"
    assert "7 betting positions" in found.message and found.table_id == "T"


@pytest.mark.parametrize(
    ("overrides", "citation"),
    [
        ({"decks": 8, "batches": 1, "shuffler": Shuffler.NONE}, "686a.3(a)"),
        ({"decks": 5, "batches": 2, "shuffler": Shuffler.AUTOMATED}, "686a.3(b)(1)"),
        ({"batches": 2, "shuffler": Shuffler.CONTINUOUS}, "686a.3(b)(1)"),
        ({"batches": 1, "shuffler": Shuffler.AUTOMATED}, "686a.3(b)(1)"),
        ({"batches": 3}, "686a.3(b)(1)"),
    ],
)
def test_686a_3_002_deck_configuration_refused(overrides: dict, citation: str) -> None:
    (found,) = findings(filing((over_under_table("T", **overrides),)), "686A-002")
    assert found.citation.short == citation


@pytest.mark.parametrize(
    "overrides",
    [{"batches": 1, "shuffler": Shuffler.NONE}, {"batches": 1, "shuffler": Shuffler.CONTINUOUS}, {}],
)
def test_686a_3_002_deck_configuration_accepted(overrides: dict) -> None:
    assert findings(filing((over_under_table("T", **overrides),)), "686A-002") == []


def test_686a_3_002_continuous_shuffler_with_two_batches_is_named_as_such() -> None:
    (found,) = findings(filing((over_under_table("T", shuffler=Shuffler.CONTINUOUS),)), "686A-002")
    assert "continuous shuffler and two batches" in found.message


def test_686a_3_c_003_cards_changed_every_24_hours() -> None:
    assert findings(filing((over_under_table("T", card_change_interval_hours=Decimal(24)),)), "686A-003") == []
    (found,) = findings(filing((over_under_table("T", card_change_interval_hours=Decimal(25)),)), "686A-003")
    assert found.citation.short == "686a.3(c)" and "every 25 h" in found.message


@pytest.mark.parametrize(
    ("height", "mark", "ok"),
    [
        (Decimal("93.6"), None, True),  # 6 × 52 × 0.30 mm
        (Decimal("96"), None, True),  # within 3 %
        (Decimal("97"), None, False),  # taller, 3.6 % off, no mark
        (Decimal("120"), Decimal("93"), True),  # taller with a mark at the stack height
        (Decimal("120"), Decimal("110"), False),  # mark at the wrong height
        (Decimal("80"), None, False),  # lower than the stack
    ],
)
def test_686a_2_d_004_discard_rack_height(height: Decimal, mark: Decimal | None, ok: bool) -> None:
    table = over_under_table("T", discard_rack_height_mm=height, discard_rack_mark_mm=mark)
    taller = mark is not None
    found = findings(
        filing((table,), discard_rack_equal_height=not taller, discard_rack_taller_with_mark=taller), "686A-004"
    )
    assert (found == []) is ok


def test_686a_2_d_004_rack_height_uses_the_filing_card_thickness() -> None:
    thicker = COMPLIANT_686A.metadata.model_copy(update={"card_thickness_mm": Decimal("0.32")})
    filed = filing().model_copy(update={"metadata": thicker})
    assert {f.table_id for f in findings(filed, "686A-004")} == {"OU-1", "OU-2"}  # stack is now 99.84 mm
    assert findings(filed, "686A-004", CheckSettings(card_thickness_mm=Decimal("0.30"))) == []


def test_686a_2_d_004_a_missing_rack_is_an_error() -> None:
    (found,) = findings(filing((over_under_table("T", discard_rack_height_mm=None),)), "686A-004")
    assert "no discard rack height" in found.message


def test_686a_7_a_005_cards_dealt_from_a_shoe() -> None:
    assert findings(filing((over_under_table("T", dealing=DealingMethod.AUTOMATED_SHOE),)), "686A-005") == []
    (found,) = findings(filing((over_under_table("T", dealing=DealingMethod.HAND),)), "686A-005")
    assert found.citation.short == "686a.7(a)"


def test_686a_006_every_question_answered() -> None:
    assert findings(filing(), "686A-006") == []
    (found,) = findings(filing(verbal_wagers=None), "686A-006")
    # The finding quotes the Board's question, not pacomply's key for it.
    asked = f"“{regulations.rulebook('686a').question('verbal_wagers').question}”"
    assert asked in found.message and "verbal_wagers" not in found.message and found.citation.short == "686a.6(a)"
    missing = filing()
    del_answers = dict(missing.chapters["686a"].answers)
    del del_answers["bonus_offered"]
    missing = missing.model_copy(
        update={"chapters": {"686a": missing.chapters["686a"].model_copy(update={"answers": del_answers})}}
    )
    (found,) = findings(missing, "686A-006")
    assert "missing" in found.message


@pytest.mark.parametrize(
    ("wagers", "ok"),
    [
        ((TableWager(wager="bonus"),), True),
        ((TableWager(wager="bonus", paytable="686a.8(b)"),), True),
        ((TableWager(wager="bonus", paytable="B"),), False),
        ((TableWager(wager="tie"),), False),
    ],
)
def test_686a_6_e_007_table_wagers_and_paytable(wagers: tuple, ok: bool) -> None:
    assert (findings(filing((over_under_table("T", wagers=wagers),)), "686A-007") == []) is ok


def test_686a_008_tables_need_the_checklist_and_the_checklist_needs_tables() -> None:
    assert findings(filing(), "686A-008") == []
    without_sheet = COMPLIANT_686A.model_copy(update={"chapters": {}})
    (found,) = findings(without_sheet, "686A-008")
    assert found.severity == Severity.ERROR and "no '686a' checklist sheet" in found.message
    without_tables = COMPLIANT_686A.model_copy(update={"tables": ()})
    (found,) = findings(without_tables, "686A-008")
    assert found.severity == Severity.WARNING


@pytest.mark.parametrize(
    ("equal", "taller", "severities"),
    [(True, False, set()), (False, False, {Severity.ERROR}), (True, True, {Severity.WARNING})],
)
def test_686a_2_d_101_rack_options_against_equal_racks(equal: bool, taller: bool, severities: set[Severity]) -> None:
    # Every table of the compliant example has a rack as high as the stack: a Yes to the marked option fits none.
    found = findings(filing(discard_rack_equal_height=equal, discard_rack_taller_with_mark=taller), "686A-101")
    assert {finding.severity for finding in found} == severities


def test_686a_2_d_mixed_racks_with_both_options_answered_yes_pass() -> None:
    equal = over_under_table("EQ")
    marked = over_under_table("MK", discard_rack_height_mm=Decimal(120), discard_rack_mark_mm=Decimal("93.6"))
    both = filing((equal, marked), discard_rack_equal_height=True, discard_rack_taller_with_mark=True)
    assert findings(both, "686A-101") == [] and findings(both, "686A-004") == []
    only_marked = filing((equal, marked), discard_rack_equal_height=False, discard_rack_taller_with_mark=True)
    assert [(f.table_id, f.citation.short) for f in findings(only_marked, "686A-101")] == [("EQ", "686a.2(d)(1)")]


def test_686a_2_d_101_marked_rack_contradicts_the_checklist() -> None:
    table = over_under_table("T", discard_rack_height_mm=Decimal(120), discard_rack_mark_mm=Decimal("93.6"))
    found = findings(filing((table,)), "686A-101")
    # The marked rack is not covered by a No to the marked option; the Yes to the equal option fits no table.
    assert sorted((f.table_id or "", f.citation.short, f.severity) for f in found) == [
        ("", "686a.2(d)(1)", Severity.WARNING),
        ("T", "686a.2(d)(2)", Severity.ERROR),
    ]


def test_686a_3_b_102_shuffler_answers_match_the_tables() -> None:
    assert findings(filing(), "686A-102") == []
    refused = findings(filing(automated_shuffler=False), "686A-102")
    assert {(f.table_id, f.severity) for f in refused} == {("OU-1", Severity.ERROR), ("OU-2", Severity.ERROR)}
    table = over_under_table("T", batches=1, shuffler=Shuffler.NONE)
    (warning,) = findings(filing((table,)), "686A-102")
    assert warning.severity == Severity.WARNING


def test_686a_6_e_103_bonus_only_if_specified() -> None:
    assert findings(filing(), "686A-103") == []
    offered = findings(filing(bonus_offered=False), "686A-103")
    assert {f.table_id for f in offered} == {"OU-1", "OU-2"}


@pytest.mark.parametrize(
    ("allowed", "maximum", "ok"),
    [(True, 2, True), (True, None, True), (True, 1, False), (False, 1, True), (False, None, True), (False, 3, False)],
)
def test_686a_6_f_104_adjacent_boxes(allowed: bool, maximum: int | None, ok: bool) -> None:
    # A blank total (None) is not this rule's to report: the checklist rule (686A-006) reports every blank answer.
    found = [
        f
        for f in findings(filing(adjacent_boxes_allowed=allowed, max_adjacent_boxes=maximum), "686A-104")
        if f.severity == Severity.ERROR
    ]
    assert (found == []) is ok


def test_686a_6_f_104_more_boxes_than_positions_is_a_warning() -> None:
    (found,) = findings(filing((over_under_table("T", betting_positions=1),), max_adjacent_boxes=2), "686A-104")
    assert found.severity == Severity.WARNING


def test_686a_6_e_011_bonus_answered_yes_that_no_table_offers_is_a_warning() -> None:
    tables = tuple(table.model_copy(update={"wagers": ()}) for table in BASE_TABLES)
    (found,) = findings(filing(tables), "686A-011")
    assert found.severity == Severity.WARNING and found.citation.short == "686a.6(e)"
    assert f"“{regulations.rulebook('686a').question('bonus_offered').question}”" in found.message
    assert findings(filing(), "686A-011") == []
