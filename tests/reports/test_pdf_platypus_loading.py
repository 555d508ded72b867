"""reportlab's layout package is imported by the PDF review without compiling its URI pattern at import
(pacomply.reports.pdf.platypus_loading): the pattern is compiled on its first use, and matches as the compiled one."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest
from pacomply.reports.pdf.platypus_loading import URI_PATTERN_START, PatternOnFirstUse

URIS = [
    "https://www.pacodeandbulletin.gov/Display/pacode?file=/secure/pacode/data/058/chapter633a/s633a.13.html",
    "http://example.com/a/b/c/",
    "ftp://user:secret@files.example.org:2121/reports/2026/review.pdf",
    "HTTPS://EXAMPLE.COM/UPPER/CASE",
    "https://bücher.example/straße/ß",
    "https://192.168.0.1:8080/x",
    "mailto:board@example.com",
    "not a uri at all",
    "",
]


def test_the_pdf_review_imports_platypus_with_its_uri_pattern_left_for_its_first_use() -> None:
    program = (
        "import json, re\n"
        "import pacomply.reports.pdf\n"
        "import reportlab.platypus.paragraph as paragraph\n"
        "pattern = paragraph.uri_pat\n"
        "print(json.dumps([type(pattern).__name__, pattern._compiled is None, re.compile.__module__,"
        " re.compile.__qualname__]))\n"
    )
    completed = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, check=False)
    assert completed.returncode == 0, completed.stderr
    kind, uncompiled, module, name = json.loads(completed.stdout.strip().splitlines()[-1])
    assert kind == "PatternOnFirstUse"
    assert uncompiled  # importing the review's PDF modules used none of it
    assert (module, name) == ("re", "compile")  # the standard library's own again once platypus is imported


@pytest.mark.parametrize("uri", URIS)
def test_the_deferred_uri_pattern_matches_as_reportlabs_compiled_pattern(uri: str) -> None:
    import reportlab.platypus.paragraph as paragraph

    source = paragraph.uri_pat.pattern  # compiles it, where deferred
    assert source.startswith(URI_PATTERN_START)
    compiled = re.compile(source, re.IGNORECASE)
    deferred = PatternOnFirstUse(source, re.IGNORECASE)
    found, expected = deferred.match(uri), compiled.match(uri)
    assert (found and found.groups()) == (expected and expected.groups())
    assert (deferred.pattern, deferred.flags) == (compiled.pattern, compiled.flags)
