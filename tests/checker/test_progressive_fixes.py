"""A progressive table's findings (§ 633a.13(j)(2), § 645a.2(d), § 687a.8(c), § 688a.12(d) and the chapters'
progressive-system subsections) each carry the fix for their own problem: the table, the amount its meter must
reset to (read from the rulebook's seeds and minimums) and the Equipment entry to add, where the two kinds of
finding of one rule shared one fix naming both."""

from __future__ import annotations

import importlib
import re

import pytest
from pacomply.checker.registry import chapter_rules
from pacomply.regulations.rulebook import Equipment

from tests.checker.rule_helpers import chapter_findings

_PROGRESSIVE = re.compile(r"progressive reset|resets the Progressive meter|without a progressive table game system")


def _633a_low_bad_beat_reset() -> object:
    """633a's violations example has no table resetting a meter low: one table whose Bad Beat meter resets at $1."""
    from decimal import Decimal

    from pacomply.submissions.model import TableWager

    from examples.chapters.chapter_633a import COMPLIANT_633A, blackjack_table

    table = blackjack_table(
        "BJ-9",
        wagers=(TableWager(wager="bad_beat"),),
        progressive_reset=Decimal(1),
        equipment=(Equipment.CARD_READER,),
    )
    return COMPLIANT_633A.model_copy(update={"tables": (table,)})


@pytest.mark.parametrize("chapter", ["633a", "645a", "687a", "688a"])
def test_each_progressive_finding_of_a_violations_example_names_its_table_and_what_to_set(chapter: str) -> None:
    module = importlib.import_module(f"examples.chapters.chapter_{chapter}")
    filing = _633a_low_bad_beat_reset() if chapter == "633a" else getattr(module, f"NONCOMPLIANT_{chapter.upper()}")
    general = {rule.code: rule.fix for rule in chapter_rules(chapter)}
    findings = [f for f in chapter_findings(filing, chapter) if _PROGRESSIVE.search(f.message) and f.table_id]
    assert findings
    for finding in findings:
        assert finding.fix != general[finding.rule_id]
        assert f"table {finding.table_id}" in finding.fix
        if "system" in finding.message:
            assert f"'{Equipment.PROGRESSIVE_SYSTEM.value}'" in finding.fix
        else:
            # the amount the message says the meter must reach is the one the fix asks for
            amounts = re.findall(r"\$[\d,]+", finding.message)
            assert amounts and f"at least {amounts[-1]}" in finding.fix, (finding.message, finding.fix)
