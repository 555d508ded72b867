"""The Pai Gow chapters' starting-position rule (§ 645a.5(i), § 688a.2(c)) gives each of its findings the fix for
its own problem: the checklist's answers, a table's missing equipment, equipment the checklist answers No to, a
flat button where the chapter allows none (688a) or without the automated shuffler and shoe it needs (645a),
where all carried one fix about choosing a method."""

from __future__ import annotations

import pytest
from pacomply.checker.registry import chapter_rules
from pacomply.regulations.rulebook import DealingMethod, Equipment, Shuffler

from examples.chapters.chapter_645a import COMPLIANT_645A
from examples.chapters.chapter_688a import NONCOMPLIANT_688A
from examples.chapters.pai_gow import pai_gow_table
from tests.checker.rule_helpers import chapter_findings


def _general(chapter: str, code: str) -> str:
    return next(rule.fix for rule in chapter_rules(chapter) if rule.code == code)


def test_688a_2_c_each_starting_position_finding_of_the_violations_example_has_its_own_fix() -> None:
    findings = [f for f in chapter_findings(NONCOMPLIANT_688A, "688a") if f.rule_id == "688A-102"]
    assert len({finding.fix for finding in findings}) == len(findings) >= 2
    for finding in findings:
        assert finding.fix != _general("688a", "688A-102")
        if finding.table_id:
            assert f"table {finding.table_id}" in finding.fix
    flat = next(finding for finding in findings if "flat button" in finding.message)
    assert "shaker or a random number generator" in flat.fix


@pytest.mark.parametrize("shuffler", [Shuffler.NONE, Shuffler.AUTOMATED])
def test_645a_5_i_a_flat_button_without_the_automated_shuffler_and_shoe_is_fixed_by_naming_them(
    shuffler: Shuffler,
) -> None:
    table = pai_gow_table(
        "PG-9", "645a", equipment=(Equipment.FLAT_BUTTON,), shuffler=shuffler, dealing=DealingMethod.HAND
    )
    findings = [
        f
        for f in chapter_findings(COMPLIANT_645A, "645a", (table,), starting_position_flat_button=True)
        if f.rule_id == "645A-102" and "flat button" in f.message
    ]
    (finding,) = findings
    assert "automated shuffler and an automated dealing shoe" in finding.fix and "table PG-9" in finding.fix


def test_688a_2_c_a_flat_button_where_the_chapter_allows_none_is_one_finding_not_also_missing_equipment() -> None:
    """§ 688a.2(c) allows only a shaker or a random number generator. A table listing a flat button is one error,
    whose fix names both; it is not also warned that it lists no starting-position equipment. A table listing other
    equipment and neither is still warned."""
    from examples.chapters.chapter_688a import COMPLIANT_688A

    def starting_position(equipment: tuple[Equipment, ...]) -> list[str]:
        table = pai_gow_table("FU-9", "688a", equipment=equipment)
        found = chapter_findings(COMPLIANT_688A, "688a", (table,))
        return [f"{f.severity.value}: {f.message}" for f in found if f.rule_id == "688A-102" and f.table_id]

    (button,) = starting_position((Equipment.FLAT_BUTTON, Equipment.PROGRESSIVE_SYSTEM))
    assert button.startswith("error") and "flat button" in button
    (missing,) = starting_position((Equipment.PROGRESSIVE_SYSTEM,))
    assert missing.startswith("warning") and "lists no starting-position equipment" in missing
