"""Each 687a rule: a passing case (the compliant example) and a failing one."""

from __future__ import annotations

from decimal import Decimal

import pytest
from pacomply.checker.registry import Severity, chapter_rules, rule_metadata_problems
from pacomply.checker.review import review_filing
from pacomply.regulations.rulebook import DealingMethod, Shuffler
from pacomply.submissions.model import Filing, TableWager

from examples.build_examples import answers
from examples.chapters.chapter_687a import COMPLIANT_687A, NONCOMPLIANT_687A, dj_wild_table


def _codes(filing: Filing) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for finding in review_filing(filing).findings:
        found.setdefault(finding.rule_id, []).append(finding.message)
    return found


def _with(table_overrides: dict[str, object] | None = None, **answer_overrides: object) -> Filing:
    base = {key: answer.value for key, answer in COMPLIANT_687A.chapters["687a"].answers.items()}
    base.update(answer_overrides)
    table = dj_wild_table("DJ-9", **(table_overrides or {}))
    return COMPLIANT_687A.model_copy(update={"chapters": {"687a": answers("687a", **base)}, "tables": (table,)})


def test_687a_rules_follow_the_documentation_template() -> None:
    rules = chapter_rules("687a")
    assert [rule.code for rule in rules][-7:] == [
        "687A-101",
        "687A-102",
        "687A-103",
        "687A-104",
        "687A-105",
        "687A-106",
        "687A-107",
    ]
    for rule in rules:
        assert rule_metadata_problems(rule) == []


def test_687a_compliant_example_has_no_errors() -> None:
    assert [f for f in review_filing(COMPLIANT_687A).findings if f.severity == Severity.ERROR] == []


@pytest.mark.parametrize(
    "code",
    ["687A-001", "687A-002", "687A-003", "687A-006", "687A-007", "687A-101", "687A-102", "687A-103", "687A-104",
     "687A-105", "687A-107"],
)  # fmt: skip
def test_687a_violations_example_is_caught_by_each_rule(code: str) -> None:
    assert code in _codes(NONCOMPLIANT_687A)


def test_687a_2_a_six_positions() -> None:
    assert "687A-001" not in _codes(_with({"betting_positions": 6}))
    assert "687A-001" in _codes(_with({"betting_positions": 7}))


def test_687a_3_one_deck_or_two_alternating_with_a_shuffler() -> None:
    assert "687A-002" not in _codes(_with({"batches": 1, "shuffler": Shuffler.NONE, "dealing": DealingMethod.SHOE,
                                           "card_change_interval_hours": Decimal(8)}, manual_dealing_shoe=True,
                                          dealt_from_hand=False))  # fmt: skip
    assert "687A-002" in _codes(_with({"decks": 2}))
    assert "687A-002" in _codes(_with({"batches": 2, "shuffler": Shuffler.NONE}))


def test_687a_3_c_four_hours_by_hand_eight_from_a_shoe() -> None:
    assert "687A-003" not in _codes(_with({"card_change_interval_hours": Decimal(4)}))
    assert "687A-003" in _codes(_with({"card_change_interval_hours": Decimal(5)}))
    shoe = {"dealing": DealingMethod.SHOE, "card_change_interval_hours": Decimal(8)}
    assert "687A-003" not in _codes(_with(shoe, manual_dealing_shoe=True))
    assert "687A-003" in _codes(_with({**shoe, "card_change_interval_hours": Decimal(9)}, manual_dealing_shoe=True))


def test_687a_12_d_trips_paytable_must_be_permitted() -> None:
    assert "687A-007" not in _codes(_with({"wagers": (TableWager(wager="trips", paytable="DJWT-04"),)}))
    assert "687A-007" in _codes(_with({"wagers": (TableWager(wager="trips", paytable="DJWT-08"),)}))


def test_687a_2_d_discard_rack_required() -> None:
    assert "687A-101" in _codes(_with({"discard_rack_height_mm": None}))


def test_687a_9_a_1_hand_dealing_needs_an_automated_shuffler() -> None:
    assert "687A-102" not in _codes(_with())
    assert "687A-102" in _codes(_with({"batches": 1, "shuffler": Shuffler.NONE}, automated_shuffler=False))


def test_687a_8_to_10_checklist_dealing_matches_tables() -> None:
    assert "687A-103" not in _codes(_with())
    assert "687A-103" in _codes(_with(dealt_from_hand=False))


def test_687a_7_d_optional_wagers_only_if_specified_on_selected_paytable() -> None:
    assert "687A-104" not in _codes(_with())
    assert "687A-104" in _codes(_with(trips_offered=False))
    assert "687A-104" in _codes(_with(bad_beat_paytable="DJWBB-09"))


def test_687a_12_c_progressive_wager_seed_and_system() -> None:
    assert "687A-105" not in _codes(_with())
    assert "687A-105" in _codes(_with(progressive_wager_amount=Decimal(5)))
    assert "687A-105" in _codes(_with({"progressive_reset": Decimal(1999)}))
    assert "687A-105" in _codes(_with({"equipment": ()}))
    paytable_2 = {"wagers": (TableWager(wager="progressive", paytable="2"),), "progressive_reset": Decimal(10000)}
    assert "687A-105" not in _codes(_with(paytable_2, progressive_wager_amount=Decimal(5)))


@pytest.mark.parametrize("name", ["681a-compliant", "681a-violations", "687a-compliant", "687a-violations"])
def test_json_and_xlsx_examples_give_the_same_findings(name: str) -> None:
    from pathlib import Path

    from pacomply.submissions.readers.json import read_json
    from pacomply.submissions.readers.xlsx import read_xlsx

    folder = Path(__file__).resolve().parents[2] / "examples"
    from_json = [(f.rule_id, f.message) for f in review_filing(read_json(folder / f"{name}.json")).findings]
    from_xlsx = [(f.rule_id, f.message) for f in review_filing(read_xlsx(folder / f"{name}.xlsx")).findings]
    assert from_json == from_xlsx
