"""681a defects an independent review found: odds written "X for 1", a shuffler loading the shoe with no shuffler,
and a Bonus paytable inherited from the checklist."""

from __future__ import annotations

from pacomply.checker.registry import Finding, Severity
from pacomply.regulations.rulebook import Shuffler
from pacomply.submissions.model import Filing, TableConfiguration, TableWager

from examples.build_examples import answers
from examples.chapters.chapter_681a import COMPLIANT_681A, baccarat_table
from pacomply import regulations
from tests.rule_cases import rule_findings


def _filing(*tables: TableConfiguration, **answer_changes: object) -> Filing:
    base = {key: answer.value for key, answer in COMPLIANT_681A.chapters["681a"].answers.items()}
    return COMPLIANT_681A.model_copy(
        update={
            "tables": tables or COMPLIANT_681A.tables,
            "chapters": {"681a": answers("681a", **(base | answer_changes))},
        }
    )


def _tie(stated: str) -> list[Finding]:
    return rule_findings(_filing(baccarat_table("T", wagers=(TableWager(wager="tie", paytable=stated),))),
                         "681a", "681A-007")  # fmt: skip


def test_681a_8_b_tie_written_for_one_is_converted_before_comparing() -> None:
    # § 681a.8(b) pays the Tie 10 to 1: 11 for 1 returns the stake and 10 more, the same payout.
    assert _tie("11 for 1") == []
    assert _tie("10 to 1") == []


def test_681a_8_b_tie_underpaid_is_an_error_in_either_form() -> None:
    # 10 for 1 is 9 to 1, a unit short of the chapter's 10 to 1, just as "9 to 1" is.
    for stated in ("10 for 1", "9 to 1"):
        findings = _tie(stated)
        assert [(f.citation.short, f.severity) for f in findings] == [("681a.8(b)", Severity.ERROR)], stated
    assert "10 for 1 (9 to 1)" in _tie("10 for 1")[0].message


def test_681a_5_a_shuffler_loading_the_shoe_without_any_shuffler() -> None:
    table = baccarat_table("T", batches=1, shuffler=Shuffler.NONE)
    filing = _filing(table, automated_shuffler=False, continuous_shuffler=False, shuffler_loads_shoe=True)
    findings = rule_findings(filing, "681a", "681A-102")
    assert [(f.citation.short, f.severity) for f in findings] == [("681a.5(a)", Severity.ERROR)]
    assert f"“{regulations.rulebook('681a').question('shuffler_loads_shoe').question}”" in findings[0].message
    assert rule_findings(_filing(table, automated_shuffler=False, continuous_shuffler=False,
                                 shuffler_loads_shoe=False), "681a", "681A-102") == []  # fmt: skip


def test_681a_8_c_a_bonus_naming_no_paytable_takes_the_checklists() -> None:
    # The compliant filing selects a Bonus paytable for eight decks; a table naming none is paid on it.
    table = baccarat_table("T", wagers=(TableWager(wager="bonus_player"),))
    assert rule_findings(_filing(table), "681a", "681A-007") == []
    # Selected A (a four-deck paytable, § 681a.8(c)) at an eight-deck table: the deck count is reported.
    findings = rule_findings(_filing(table, bonus_paytable="A"), "681a", "681A-007")
    assert [f.citation.short for f in findings] == ["681a.8(c)"] and "8 decks" in findings[0].message
