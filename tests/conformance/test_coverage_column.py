"""``pacomply rules --coverage`` shows, per subsection, whether the conformance suite mutates it.

The column comes from the generator (``checker.conformance.mutated_citations``), so a constraint added to a
rulebook is marked once the generator breaks it; these tests hold the printed column to the generated mutations.
"""

from __future__ import annotations

import json

import pytest
from pacomply.checker.conformance import mutated_citations
from pacomply.regulations.coverage import coverage_matrix
from pacomply.reports.coverage import render_json, render_text
from typer.testing import CliRunner

from pacomply.cli import app
from tests.conformance.generated import CHAPTERS, suite, within


def _expected(chapter: str) -> dict[str, bool]:
    """Per matrix subsection, whether some generated mutation cites it or a paragraph of it."""
    mutated = {mutation.citation for mutation in (*suite(chapter).mutations, *suite(chapter).implied_mutations)}
    return {
        entry.citation.short: any(within(found, entry.citation) for found in mutated)
        for entry in coverage_matrix(chapter).entries
    }


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_rules_coverage_json_marks_each_subsection_the_suite_mutates(chapter: str) -> None:
    result = CliRunner().invoke(app, ["rules", "--coverage", chapter, "--coverage-format", "json"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.output)
    shown = {entry["citation"]: entry["mutated"] for entry in document["entries"]}
    expected = _expected(chapter)
    assert shown == expected
    assert document["mutated"] == sum(expected.values()) > 0


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_rules_coverage_text_has_the_mutated_column(chapter: str) -> None:
    result = CliRunner().invoke(app, ["rules", "--coverage", chapter])
    assert result.exit_code == 0, result.output
    header, _, *rows = result.output.splitlines()
    expected = _expected(chapter)
    assert header.endswith(f"; {sum(expected.values())} mutated by the conformance suite")
    for row in rows:
        if not row.startswith(f"{chapter}."):
            continue  # the list of unlabelled subsections after the matrix
        words = row.split()
        citation, index = words[0], 1
        while words[index].endswith(","):  # the rule ids, comma-separated, may overflow their width
            index += 1
        column = words[index + 1]
        assert column == ("mutated" if expected[citation] else "-"), row


def test_a_subsection_the_suite_mutates_only_in_a_paragraph_is_marked() -> None:
    """§ 686a.3(b)(1), the two-batch configuration, is mutated (one batch more), so § 686a.3(b) is marked; a
    subsection no mutation touches (§ 686a.4(a), an inspection duty) is not."""
    matrix = coverage_matrix("686a")
    mutated = mutated_citations("686a")
    assert any(citation.short == "686a.3(b)(1)" for citation in mutated)
    document = json.loads(render_json(matrix, "Over/Under", (), mutated))
    shown = {entry["citation"]: entry["mutated"] for entry in document["entries"]}
    assert shown["686a.3(b)"] is True and shown["686a.4(a)"] is False
    text = render_text(matrix, "Over/Under", mutated).decode()
    assert any(line.startswith("686a.3(b) ") and " mutated " in line for line in text.splitlines())
    assert "0 mutated by the conformance suite" in render_text(matrix, "Over/Under").decode()
