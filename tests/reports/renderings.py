"""Every example's review and its PDF, made once per test process and shared by the report tests that read them.

A review and its rendering are deterministic (the examples are fixed files), so a test reading one gets what it
would have made itself. The cache holds reviews and PDF bytes only (a few MB for every example); what a test parses
from them stays with the test.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from pacomply.checker.review import Review, review_filing
from pacomply.submissions import read_filing

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@cache
def example_review(example: str) -> Review:
    """The review of ``examples/<example>`` (a file name such as ``633a-compliant.json``)."""
    return review_filing(read_filing(EXAMPLES / example))


@cache
def example_pdf(example: str) -> bytes:
    """The PDF review of ``examples/<example>``, as ``render_pdf`` writes it."""
    from pacomply.reports.pdf import render_pdf

    return render_pdf(example_review(example))
