"""Every example's review and its PDF, made once per test process and shared by the report tests that read them.

A review and its rendering are deterministic (the examples are fixed files), so a test reading one gets what it
would have made itself. The cache holds reviews and PDF bytes (a few MB for every example), and pdfplumber's opening
of a PDF that tests read page by page: pdfplumber keeps each page's parse, so the pages are parsed once per test
module however many of its tests read them (some 50 MB for a fifteen-page review; tests/reports/conftest.py lets the
parses go after each module, so a worker never holds every module's at once). A test that parses the bytes otherwise
keeps what it parsed to itself.
"""

from __future__ import annotations

import io
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from pacomply.checker.review import Review, review_filing
from pacomply.submissions import read_filing

if TYPE_CHECKING:
    import pdfplumber

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


_DOCUMENTS: dict[str, pdfplumber.PDF] = {}


def example_document(example: str) -> pdfplumber.PDF:
    """pdfplumber's opening of ``example_pdf(example)``, shared by the tests of this process that read its pages (none
    closes it; each page is parsed on first use and kept until :func:`release_example_pages`)."""
    import pdfplumber

    document = _DOCUMENTS.get(example)
    if document is None:
        document = _DOCUMENTS[example] = pdfplumber.open(io.BytesIO(example_pdf(example)))
    return document


def release_example_pages() -> None:
    """Let go of every page parsed from the shared openings (the next reader parses it again)."""
    for document in _DOCUMENTS.values():
        for page in document.pages:
            page.close()
        document.flush_cache()
