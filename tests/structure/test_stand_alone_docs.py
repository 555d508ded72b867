"""The project documents its own contracts: nothing it ships, and none of its docs, sends a reader to a document the
clone does not hold.

The team's design notes (the filing contract, the math contract, the list of the Board's figures, the house style)
are not part of the repository; their content lives here in our own words (``docs/filing-format.md``,
``docs/math.md``, ``docs/published-figures.md``, ``docs/DEVELOPING.md``). A reading's reason, a help text or a code
comment that names one of those notes points a Board reviewer or a newcomer at a file they cannot open, so this scans
every tracked file outside the tests for their names. Tests may name them: a test that compares the register with
the Board's list reads that list where it sits beside the checkout, and skips with its reason where it does not.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

REPOSITORY = Path(__file__).resolve().parents[2]
OUTSIDE_NOTES = ("MATH.md", "SUBMISSION_FORMAT.md", "PUBLISHED_FIGURES.md", "ARCHITECTURE.md", "STYLE.md")


def _tracked_files() -> list[Path]:
    try:
        listed = subprocess.run(
            ["git", "ls-files", "-z"], cwd=REPOSITORY, capture_output=True, check=True, timeout=60
        ).stdout
    except (OSError, subprocess.SubprocessError):
        pytest.skip("not a git checkout (the scan needs the list of tracked files)")
    return [REPOSITORY / name for name in listed.decode().split("\0") if name and not name.startswith("tests/")]


def test_no_shipped_file_or_doc_names_a_note_outside_the_repository() -> None:
    offenders = []
    files = _tracked_files()
    assert any(path.name == "math.md" for path in files), "the scan must see the docs folder"
    for path in files:
        if path.suffix not in {".py", ".md", ".toml", ".txt", ".html", ".cfg", ".ini", ".yml", ".yaml", ""}:
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, IsADirectoryError, FileNotFoundError):
            continue
        for number, line in enumerate(text.splitlines(), start=1):
            named = [note for note in OUTSIDE_NOTES if note in line]
            if named:
                offenders.append(f"{path.relative_to(REPOSITORY)}:{number}: {', '.join(named)}")
    assert offenders == [], "name the repository's own doc instead:\n" + "\n".join(offenders)
