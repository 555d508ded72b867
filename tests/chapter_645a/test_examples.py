"""The bundled 645a and 688a example filings: compliant ones raise no error or warning, each planted problem is caught,
and the xlsx and JSON forms of a filing give the same findings."""

from __future__ import annotations

from pathlib import Path

import pytest
from pacomply.checker.registry import CheckContext, Severity, chapter_rules
from pacomply.submissions.readers.json import read_json
from pacomply.submissions.readers.xlsx import read_xlsx

from pacomply import regulations

PLANTED = {
    "645a": {"645A-001", "645A-002", "645A-003", "645A-101", "645A-102", "645A-103", "645A-104", "645A-105",
             "645A-106", "645A-107", "645A-108", "645A-109", "645A-009",
             # The checklist offers the Fortune and Insurance wagers that no table of the filing offers.
             "645A-011"},
    "688a": {"688A-003", "688A-007", "688A-009", "688A-102", "688A-103", "688A-105", "688A-106",
             # The checklist offers the Fortune wager that no table of the filing offers.
             "688A-011"},
}  # fmt: skip


def _problems(path: Path, chapter: str) -> set[str]:
    filing = read_xlsx(path) if path.suffix == ".xlsx" else read_json(path)
    context = CheckContext(
        filing=filing,
        rulebook=regulations.rulebook(chapter),
        submission=filing.chapters.get(chapter),
        tables=filing.tables_for(chapter),
    )
    return {
        finding.rule_id
        for rule in chapter_rules(chapter)
        for finding in rule.check(context)
        if finding.severity != Severity.INFO
    }


@pytest.mark.parametrize("chapter", ["645a", "688a"])
@pytest.mark.parametrize("suffix", [".xlsx", ".json"])
def test_example_filings_compliant_and_planted_violations(examples: Path, chapter: str, suffix: str) -> None:
    assert _problems(examples / f"{chapter}-compliant{suffix}", chapter) == set()
    assert _problems(examples / f"{chapter}-violations{suffix}", chapter) == PLANTED[chapter]
