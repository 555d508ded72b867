"""Each 681a rule: a passing case (the compliant example) and a failing one (a planted violation)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from pacomply.checker.registry import Severity, chapter_rules, rule_metadata_problems
from pacomply.checker.review import review_filing
from pacomply.regulations.rulebook import DealingMethod, Shuffler
from pacomply.submissions.model import Filing, TableWager

from examples.build_examples import answers
from examples.chapters.chapter_681a import COMPLIANT_681A, NONCOMPLIANT_681A, baccarat_table


def _codes(filing: Filing) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for finding in review_filing(filing).findings:
        found.setdefault(finding.rule_id, []).append(finding.message)
    return found


def _with(table_overrides: dict[str, object] | None = None, **answer_overrides: object) -> Filing:
    base = {key: answer.value for key, answer in COMPLIANT_681A.chapters["681a"].answers.items()}
    base.update(answer_overrides)
    table = baccarat_table("TB-9", **(table_overrides or {}))
    return COMPLIANT_681A.model_copy(update={"chapters": {"681a": answers("681a", **base)}, "tables": (table,)})


def test_681a_rules_follow_the_documentation_template() -> None:
    rules = chapter_rules("681a")
    assert [rule.code for rule in rules][-5:] == ["681A-101", "681A-102", "681A-103", "681A-104", "681A-105"]
    for rule in rules:
        assert rule_metadata_problems(rule) == []


def test_681a_compliant_example_has_no_errors() -> None:
    review = review_filing(COMPLIANT_681A)
    assert [f for f in review.findings if f.severity == Severity.ERROR] == []


@pytest.mark.parametrize(
    "code",
    ["681A-001", "681A-002", "681A-003", "681A-005", "681A-006", "681A-007", "681A-101", "681A-102", "681A-103",
     "681A-104"],
)  # fmt: skip
def test_681a_violations_example_is_caught_by_each_rule(code: str) -> None:
    assert code in _codes(NONCOMPLIANT_681A)


def test_681a_2_a_eight_positions_pass_nine_fail() -> None:
    assert "681A-001" not in _codes(_with({"betting_positions": 8}))
    assert "681A-001" in _codes(_with({"betting_positions": 9}))


def test_681a_3_a_four_or_eight_decks_only() -> None:
    assert "681A-002" not in _codes(_with({"decks": 4, "wagers": ()}, decks_per_batch=4, bonus_paytable="A"))
    assert "681A-002" in _codes(_with({"decks": 6, "wagers": ()}))


def test_681a_3_b_two_batches_need_an_automated_shuffler() -> None:
    assert "681A-002" in _codes(_with({"batches": 2, "shuffler": Shuffler.NONE}, automated_shuffler=False))


def test_681a_3_c_cards_changed_every_24_hours() -> None:
    assert "681A-003" not in _codes(_with({"card_change_interval_hours": Decimal(24)}))
    assert "681A-003" in _codes(_with({"card_change_interval_hours": Decimal(25)}))


def test_681a_7_a_dealt_from_a_shoe() -> None:
    assert "681A-005" not in _codes(_with({"dealing": DealingMethod.AUTOMATED_SHOE}))
    assert "681A-005" in _codes(_with({"dealing": DealingMethod.HAND}))


def test_681a_8_c_paytable_a_with_eight_decks_is_caught_by_the_shared_rule() -> None:
    assert "681A-007" not in _codes(_with({"wagers": (TableWager(wager="bonus_player", paytable="D"),)}))
    found = _codes(_with({"wagers": (TableWager(wager="bonus_player", paytable="A"),)}))
    assert any("permitted only with 4 decks" in message for message in found["681A-007"])


def test_681a_2_d_discard_rack_required() -> None:
    assert "681A-101" not in _codes(_with({"discard_rack_height_mm": Decimal(130)}))
    assert "681A-101" in _codes(_with({"discard_rack_height_mm": None}))


def test_681a_3_b_checklist_shuffler_answer_matches_tables() -> None:
    assert "681A-102" not in _codes(_with(automated_shuffler=True))
    assert "681A-102" in _codes(_with(automated_shuffler=False))


def test_681a_6_d_optional_wagers_only_if_specified() -> None:
    assert "681A-103" not in _codes(_with(tie_offered=True))
    assert "681A-103" in _codes(_with(tie_offered=False))
    assert "681A-103" in _codes(_with(bonus_banker_offered=False))


def test_681a_8_c_checklist_paytable_selected_and_permitted_for_decks() -> None:
    assert "681A-104" not in _codes(_with(bonus_paytable="D"))
    assert "681A-104" in _codes(_with(bonus_paytable="B"))
    assert "681A-104" in _codes(_with(bonus_paytable=None))


def test_681a_3_a_checklist_deck_count() -> None:
    assert "681A-105" not in _codes(_with(decks_per_batch=8))
    assert "681A-105" in _codes(_with(decks_per_batch=6))
