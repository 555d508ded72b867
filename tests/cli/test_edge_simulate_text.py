"""``edge`` and ``simulate`` in text speak as the review does: each wager line leads with the wager's name as its
chapter names it ("Two-Way Bad Beat Bonus Wager, paytable DJWBB-03, 1 deck: ..."), readings, paytables and
percentages in words; the ids stay in the JSON."""

from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

from pacomply import regulations
from pacomply.cli import app
from tests.reports.test_text_words import _leaks


def _run(*arguments: str) -> str:
    result = CliRunner().invoke(app, list(arguments))
    assert result.exit_code == 0, result.output
    return result.stdout


def _wager_lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if re.search(r": house edge -?\d", line)]


@pytest.mark.parametrize("chapter", regulations.known_chapters())
def test_edge_text_names_each_wager_as_its_chapter_does(chapter: str) -> None:
    text = _run("edge", chapter)
    names = {wager.name for wager in regulations.rulebook(chapter).wagers}
    assert text.startswith(f"{chapter} {regulations.rulebook(chapter).title}\n") or f"\n{chapter} " in text
    lines = _wager_lines(text)
    assert lines
    for line in lines:
        assert any(line.startswith(f"{name},") or line.startswith(f"{name}:") for name in names), line
        assert not re.search(r"\d%", line), line  # one way to write a percentage: '5.6052 %'
    assert _leaks(text) == []
    ids = {entry["wager"] for entry in json.loads(_run("edge", chapter, "--format", "json"))}
    assert ids <= {wager.id for wager in regulations.rulebook(chapter).wagers}


def test_simulate_text_names_wagers_and_numbers_its_readings() -> None:
    text = _run("simulate", "687a", "--rounds", "400", "--chunk-rounds", "400", "--jobs", "1", "--no-progress")
    names = {wager.name for wager in regulations.rulebook("687a").wagers}
    lines = _wager_lines(text)
    assert lines and all(any(line.startswith(name) for name in names) for line in lines)
    assert "relies on reading" in text and "Readings of the regulation relied on:" in text
    assert _leaks(text) == []
    document = json.loads(_run("simulate", "687a", "--rounds", "400", "--chunk-rounds", "400", "--jobs", "1",
                               "--no-progress", "--format", "json"))  # fmt: skip
    assert {"base", "blind"} <= {entry["wager"] for entry in document}  # the ids, in the JSON
