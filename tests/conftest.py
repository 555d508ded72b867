"""Shared fixtures: the regulation texts (the spec), example filings, and a CLI runner."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

REPOSITORY = Path(__file__).resolve().parent.parent
EXAMPLES = REPOSITORY / "examples"


def regulations_folder() -> Path:
    """`../shared/regulations` beside the checkout (CI and developers have it), or $PACOMPLY_REGULATIONS_TEXT."""
    configured = os.environ.get("PACOMPLY_REGULATIONS_TEXT")
    candidates = [Path(configured)] if configured else []
    candidates += [REPOSITORY.parent / "shared" / "regulations", REPOSITORY / "shared" / "regulations"]
    for candidate in candidates:
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(
        "the regulation texts were not found beside the checkout (../shared/regulations); "
        "set PACOMPLY_REGULATIONS_TEXT to their folder"
    )


@pytest.fixture(scope="session")
def regulation_text() -> Callable[[str], str]:
    """The text of a chapter (``regulation_text('686a')``) or of the checklists file (``'checklists'``)."""
    folder = regulations_folder()

    def read(chapter: str) -> str:
        if chapter == "checklists":
            return (folder / "rules-submission-checklists-686a-687a-688a.txt").read_text(encoding="utf-8")
        matches = sorted(folder.glob(f"{chapter}-*.txt"))
        if not matches:
            raise FileNotFoundError(f"no regulation text for {chapter} in {folder}")
        return matches[0].read_text(encoding="utf-8")

    return read


@pytest.fixture
def examples() -> Path:
    """The bundled example filings."""
    return EXAMPLES
