"""The rule registry: stable, unique ids, one documentation template, explainable rules."""

from __future__ import annotations

import dataclasses

import pytest
from pacomply.checker.registry import (
    DOC_SECTIONS,
    Rule,
    Severity,
    all_rules,
    find_rule,
    make_doc,
    rule_metadata_problems,
)
from pacomply.regulations.citation import cite


@pytest.mark.parametrize("rule", all_rules(), ids=lambda rule: rule.code)
def test_every_rule_doc_follows_the_template(rule: Rule) -> None:
    assert rule_metadata_problems(rule) == []
    positions = [rule.doc.index(section) for section in DOC_SECTIONS]
    assert positions == sorted(positions)


def test_rule_codes_and_names_are_unique() -> None:
    rules = all_rules()
    assert len({rule.code for rule in rules}) == len(rules)
    assert len({(rule.chapter, rule.name) for rule in rules}) == len(rules)


def test_a_rule_with_a_broken_doc_is_refused_when_defined() -> None:
    good = find_rule("686A-001")
    with pytest.raises(ValueError, match="doc lacks"):
        dataclasses.replace(good, doc="## What it does\nsomething")
    with pytest.raises(ValueError, match="References do not name"):
        dataclasses.replace(good, doc=make_doc("w", "y", "e", "i", cite("686a.3(c)")))
    with pytest.raises(ValueError, match="is not like"):
        dataclasses.replace(good, code="OU-1")


def test_find_rule_by_code_or_name() -> None:
    assert find_rule("686a-004").name == "equipment.discard-rack-height"
    assert find_rule("filing.tables-listed").code == "FIL-002"
    with pytest.raises(KeyError, match="several chapters"):
        find_rule("table.betting-positions")
    with pytest.raises(KeyError):
        find_rule("686A-999")


def test_severity_ranks_errors_first() -> None:
    assert sorted(Severity, key=lambda s: s.rank) == [Severity.ERROR, Severity.WARNING, Severity.INFO]


def test_shared_rules_build_for_a_chapter_that_allows_every_dealing_method() -> None:
    import dataclasses

    from pacomply.checker.rules.common import shared_rules
    from pacomply.regulations import rulebook
    from pacomply.regulations.rulebook import DealingMethod

    permissive = dataclasses.replace(rulebook("686a"), dealing_methods=frozenset(DealingMethod))
    rules = {rule.code: rule for rule in shared_rules(permissive)}
    assert "(blank)" in rules["686A-005"].doc
