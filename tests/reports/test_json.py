"""The review JSON (schema pacomply.review/1): a golden document for the violations example.

The golden file pins the schema, the findings and their locations. Wager-math figures are replaced by their type
here: they are enumerated and cross-checked in tests/chapter_686a/test_math.py, not typed in.
Regenerate after an intended change with the other golden outputs: python -m tests.golden.regenerate
(or PACOMPLY_UPDATE_GOLDEN=1 python -m pytest tests/reports/test_json.py)
"""

from __future__ import annotations

import json
import os
from datetime import date
from pathlib import Path
from typing import Any

from pacomply.checker.review import review_filing
from pacomply.reports.interface import ReportFormat, renderer
from pacomply.submissions import read_filing

GOLDEN = Path(__file__).resolve().parent.parent / "golden" / "686a-violations.review.json"
FIGURES = {"house_edge", "element_of_risk", "return", "hit_frequency", "std_dev"}


def normalised(document: dict[str, Any]) -> dict[str, Any]:
    document["tool"]["version"] = "<version>"
    # The review date is today's (America/New_York) unless given; it is checked as a date, then left out.
    date.fromisoformat(document.pop("review_date"))
    for math in document["wager_math"]:
        for key in FIGURES:
            assert isinstance(math[key], float)
            math[key] = "<number>"
    return document


def render(examples: Path) -> bytes:
    review = review_filing(read_filing(examples / "686a-violations.xlsx"))
    return renderer(ReportFormat.JSON).render(review)


def write_golden(examples: Path) -> None:
    """Rewrite the golden document (``python -m tests.golden.regenerate`` calls it)."""
    document = normalised(json.loads(render(examples)))
    GOLDEN.write_text(json.dumps(document, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


def test_review_json_matches_the_golden_document(examples: Path) -> None:
    if os.environ.get("PACOMPLY_UPDATE_GOLDEN"):
        write_golden(examples)
    document = normalised(json.loads(render(examples)))
    assert document == json.loads(GOLDEN.read_text(encoding="utf-8"))


def test_review_json_is_byte_identical_for_identical_input(examples: Path) -> None:
    assert render(examples) == render(examples)


def test_text_report_lists_every_finding_with_its_cell(examples: Path) -> None:
    review = review_filing(read_filing(examples / "686a-violations.xlsx"))
    text = renderer(ReportFormat.TEXT).render(review).decode()
    for finding in review.findings:
        assert f"{finding.rule_id} [{finding.location}]" in text
    assert "VERDICT: not compliant" in text
