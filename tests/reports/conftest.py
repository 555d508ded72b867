"""Reviews of the example filings, and variants built through the model: a waived finding, a hostile licensee."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest
from pacomply.checker.registry import Waiver
from pacomply.checker.review import Review, review_filing
from pacomply.submissions import read_filing

from tests.reports.renderings import example_review, release_example_pages

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture(scope="session")
def violations_review() -> Review:
    """The 686a example filing with twelve errors, read from its workbook (findings carry sheet!cell)."""
    return example_review("686a-violations.xlsx")


@pytest.fixture(scope="session")
def compliant_review() -> Review:
    """The compliant 686a example filing."""
    return example_review("686a-compliant.xlsx")


@pytest.fixture(scope="session")
def waived_review(violations_review: Review) -> Review:
    """The violations review with its 686A-004 finding accepted by a waiver (as the waiver feature sets it)."""
    waiver = Waiver(
        rule_id="686A-004",
        justification="Rack replaced on order; interim rack measured and approved",
        approval_reference="PGCB-TG-2026-0415",
        expires=date(2027, 3, 31),
        table_id="OU-4",
        source="waivers.toml, waiver 1",
    )
    findings = tuple(
        dataclasses.replace(finding, waiver=waiver) if finding.rule_id == "686A-004" else finding
        for finding in violations_review.findings
    )
    return dataclasses.replace(violations_review, findings=findings)


HOSTILE_LICENSEE = '=HYPERLINK("http://x","y")'


@pytest.fixture(scope="session")
def hostile_review() -> Review:
    """A filing whose licensee and a table id are spreadsheet formulas, built via the model."""
    filing = read_filing(EXAMPLES / "686a-compliant.json")
    metadata = filing.metadata.model_copy(update={"licensee": HOSTILE_LICENSEE, "reviewed_by": "+SUM(A1:A9)"})
    tables = (filing.tables[0].model_copy(update={"table_id": "@cmd|'/c calc'!A0"}), *filing.tables[1:])
    return review_filing(filing.model_copy(update={"metadata": metadata, "tables": tables}))


@pytest.fixture(scope="module", autouse=True)
def _example_pages_released() -> Iterator[None]:
    """After each module, the pages pdfplumber parsed from the shared example PDFs (tests/reports/renderings.py)
    are let go: a module's tests share one parse, and a worker does not hold every module's parses at once."""
    yield
    release_example_pages()
