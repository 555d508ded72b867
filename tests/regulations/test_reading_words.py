"""Every reading a review prints, and every rule note the exact analyses attach to a figure, is written in words a
reviewer uses: no option name of ours (``max_split_hands``), no ``key=value`` notation, no reading id and no module
path. The readings are the rulebooks' (topic, choice, reason and each candidate's choice); the rule notes are the
``*READINGS`` tables of ``engine/analysis`` (topic, choice, reason, citation), read from the source so no
compiled code is loaded."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from pacomply.engine import analysis
from pacomply.regulations.chapters import chapter_ids

from pacomply import regulations

ANALYSIS = Path(analysis.__file__).parent

#: ``max_split_hands``, ``bad_beat_hand``: an identifier of ours, never a word a reviewer uses.
SNAKE_CASE = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")
#: ``633a-side-wager-model``: a reading id; ``engine.games.blackjack``: a module path.
IDENTIFIER = re.compile(r"\b\d{3}a-[a-z][a-z0-9]*(?:-[a-z0-9]+)+\b|\b[a-z_]+\.[a-z_]+\.[a-z_]+\b")
#: '11 + 11 = 22' is arithmetic a reviewer reads, not an option's value.
ARITHMETIC = re.compile(r"\d+(?: [+−×-] \d+)+ = \d+")


def _problems(text: str) -> list[str]:
    problems = SNAKE_CASE.findall(text) + IDENTIFIER.findall(text)
    if "=" in ARITHMETIC.sub("", text):
        problems.append("=")
    return problems


def _rule_notes() -> list[tuple[str, str]]:
    """(where, text) of every string in a module-level ``*READINGS`` table of the exact analyses."""
    notes = []
    for path in sorted(ANALYSIS.rglob("*.py")):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            target = node.target if isinstance(node, ast.AnnAssign) else None
            if isinstance(node, ast.Assign) and len(node.targets) == 1:
                target = node.targets[0]
            if not isinstance(target, ast.Name) or not target.id.endswith("READINGS") or node.value is None:
                continue
            try:
                table = ast.literal_eval(node.value)
            except ValueError:
                continue  # not a table of texts (a computed mapping of keys)
            for row in table:
                if isinstance(row, tuple) and all(isinstance(part, str) for part in row):
                    notes += [(f"{path.relative_to(ANALYSIS)} {target.id} '{row[0]}'", part) for part in row[:3]]
    return notes


@pytest.mark.parametrize("chapter", chapter_ids())
def test_every_chapters_readings_are_written_in_words_a_reviewer_uses(chapter: str) -> None:
    book = regulations.rulebook(chapter)
    assert book.readings, chapter
    problems = [
        (reading.id, field, found)
        for reading in book.readings
        for field, text in (
            ("topic", reading.topic),
            ("choice", reading.choice),
            ("reason", reading.reason),
            *((f"candidate {candidate.key}", candidate.choice) for candidate in reading.candidates),
        )
        if (found := _problems(text))
    ]
    assert problems == []


def test_the_analyses_rule_notes_are_written_in_words_a_reviewer_uses() -> None:
    notes = _rule_notes()
    # The blackjack, Switch and Down Under analyses keep their notes in such tables: the scan must find them.
    assert {where.split(" ")[0] for where, _text in notes} >= {
        "blackjack/rules.py",
        "blackjack/switch.py",
        "down_under/analyzer.py",
    }
    assert [(where, found) for where, text in notes if (found := _problems(text))] == []


@pytest.mark.parametrize(
    ("text", "flagged"),
    [
        ("split to four hands (max_split_hands=4)", True),
        ("option bad_beat_hand=two_card", True),
        ("the hand the exact figure prices (633a-side-wager-model)", True),
        ("as engine.games.blackjack.settle settles it", True),
        ("11 + 11 = 22 is not over 22", False),
        ("up to four hands after splitting (§ 633a.11(c))", False),
    ],
)
def test_the_word_check_flags_option_names_and_ids_and_passes_words(text: str, flagged: bool) -> None:
    assert bool(_problems(text)) is flagged
