"""Behaviour pinned byte for byte: every example's reports, every chapter's ``edge`` and a seeded ``simulate``.

A refactoring must leave these unchanged. After a change of output made on purpose, regenerate them with
``python -m tests.golden.regenerate`` (or ``PACOMPLY_UPDATE_GOLDEN=1``) and review the diff.
"""

from __future__ import annotations

import difflib
import os

import pytest

from tests.golden.outputs import CHAPTERS, FAMILIES, stored, write

# The chapters whose exact analyses take longest run with -m slow; the rest in the default run.
SLOW_EDGE = {"645a", "687a", "688a"}


def _cases() -> list[object]:
    cases: list[object] = []
    for family in FAMILIES:
        for chapter in CHAPTERS:
            marks = [pytest.mark.slow] if family == "edge" and chapter in SLOW_EDGE else []
            cases.append(pytest.param(family, chapter, marks=marks, id=f"{family}-{chapter}"))
    return cases


def _difference(name: str, expected: bytes, actual: bytes) -> str:
    if name.endswith(".sha256") or b"\0" in expected:
        return f"{name}: bytes differ"
    lines = difflib.unified_diff(
        expected.decode("utf-8").splitlines(), actual.decode("utf-8").splitlines(), "golden", "now", lineterm="", n=1
    )
    return f"{name}:\n" + "\n".join(list(lines)[:40])


@pytest.mark.parametrize(("family", "chapter"), _cases())
def test_output_is_unchanged(family: str, chapter: str) -> None:
    actual = FAMILIES[family](chapter)
    if os.environ.get("PACOMPLY_UPDATE_GOLDEN"):
        write(actual, family, chapter)
    expected = stored(family, chapter)
    assert expected, f"no golden files for {family}/{chapter}; run python -m tests.golden.regenerate"
    assert sorted(actual) == sorted(expected), "the set of outputs changed"
    differences = [
        _difference(name, expected[name], actual[name]) for name in expected if expected[name] != actual[name]
    ]
    assert not differences, "\n\n".join(differences)
