"""Currency of the law applied: every rulebook names its source and version, and every review of a chapter
amended since the encoded text says so (FIL-017), in every report format."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

import pytest
from pacomply.checker.registry import Severity, find_rule
from pacomply.checker.review import review_filing
from pacomply.regulations import known_chapters, rulebook
from pacomply.reports.interface import ReportFormat, renderer
from pacomply.submissions import read_filing

_PLACEHOLDERS = ("unversioned", "placeholder", "../shared")


@pytest.mark.parametrize("chapter", known_chapters())
def test_every_rulebook_names_its_pa_b_source_version_and_where_the_date_comes_from(chapter: str) -> None:
    book = rulebook(chapter)
    assert "Pa.B." in book.source
    assert book.version == f"{chapter}/{book.effective.isoformat()}"
    assert book.version_basis and book.version_basis.endswith(".")
    for text in (book.version, book.source, book.version_basis, *book.notes):
        assert not any(placeholder in text for placeholder in _PLACEHOLDERS), text
    for amendment in book.later_amendments:
        assert amendment.reference and amendment.summary


@pytest.mark.parametrize("chapter", ["681a", "686a"])
def test_a_source_note_in_the_text_is_the_rulebooks_source_and_effective_date(
    chapter: str, regulation_text: Callable[[str], str]
) -> None:
    # The two texts that print a Source note; the others carry none and say where their date comes from.
    note = re.search(
        r"adopted [A-Z][a-z]+ \d+, \d{4}, effective (?P<date>[A-Z][a-z]+ \d+, \d{4}), "
        r"(?P<source>\d+ Pa\.B\. [\d, ]+\d)",
        regulation_text(chapter),
    )
    assert note is not None
    book = rulebook(chapter)
    assert book.effective == datetime.strptime(note["date"], "%B %d, %Y").date()
    assert book.source == note["source"]


def test_the_later_amendments_are_those_known_for_633a_and_687a() -> None:
    # The amendments published after the encoded texts: 55 Pa.B. 261 (January 11, 2025) amends 633a and 687a;
    # 44 Pa.B. 7057 (November 8, 2014) adds a 633a side-wager paytable; the current § 633a.1 defines a new term.
    references = {
        chapter: [amendment.reference for amendment in rulebook(chapter).amendments_not_encoded]
        for chapter in known_chapters()
    }
    assert references["633a"] == [
        "44 Pa.B. 7057",
        "55 Pa.B. 261",
        "58 Pa. Code § 633a.1 (Code pages current to June 2024)",
    ]
    assert references["687a"] == ["55 Pa.B. 261"]
    assert all(not references[chapter] for chapter in ("645a", "681a", "685a", "686a", "688a"))
    related = {
        amendment.reference
        for chapter in known_chapters()
        for amendment in rulebook(chapter).later_amendments
        if amendment.related_chapter
    }
    assert related == {"Chapter 633b", "Chapter 633c", "Chapter 645c (54 Pa.B. 2923)"}


@pytest.mark.parametrize("chapter", ["633a", "687a"])
def test_601a_2_the_review_of_an_amended_chapter_names_55_pa_b_261(chapter: str, examples: Path) -> None:
    review = review_filing(read_filing(examples / f"{chapter}-compliant.xlsx"))
    currency = [finding for finding in review.findings if finding.rule_id == "FIL-017"]
    assert currency and all(finding.severity == Severity.INFO for finding in currency)
    assert any("55 Pa.B. 261" in finding.message for finding in currency)
    assert all(rulebook(chapter).version in finding.message for finding in currency)
    assert review.compliant  # information only: it never fails a filing


def test_601a_2_a_chapter_with_no_known_amendment_gets_no_currency_finding(examples: Path) -> None:
    review = review_filing(read_filing(examples / "686a-compliant.xlsx"))
    assert not [finding for finding in review.findings if finding.rule_id == "FIL-017"]


def test_the_currency_rule_is_registered_and_documented() -> None:
    rule = find_rule("filing.chapter-amended-since-encoded")
    assert rule.code == "FIL-017" and rule.severity == Severity.INFO
    assert "## References" in rule.doc and str(rule.citation) in rule.doc


@pytest.mark.parametrize("chapter", ["633a", "687a", "686a"])
def test_every_report_names_the_version_applied_and_amendments_not_encoded(
    chapter: str, examples: Path, tmp_path: Path
) -> None:
    review = review_filing(read_filing(examples / f"{chapter}-compliant.xlsx"))
    book = rulebook(chapter)
    # The text review wraps its paragraphs to the terminal's width: compare its words, not its line breaks.
    text = " ".join(renderer(ReportFormat.TEXT).render(review).decode("utf-8").split())
    document = json.loads(renderer(ReportFormat.JSON).render(review))
    assert f"rulebook {book.version}" in text and book.source in text and book.version_basis in text
    [used] = document["rulebooks"]
    assert used["version"] == book.version and used["source"] == book.source
    assert used["version_basis"] == book.version_basis
    amended = chapter in ("633a", "687a")
    assert any("55 Pa.B. 261" in line for line in used["amendments_not_encoded"]) is amended
    assert ("55 Pa.B. 261" in text) is amended
    for rendered in (text, json.dumps(document)):
        assert not any(placeholder in rendered for placeholder in _PLACEHOLDERS)


@pytest.mark.parametrize("chapter", ["687a"])
def test_the_pdf_cover_and_the_workbook_name_the_version_and_55_pa_b_261(
    chapter: str, examples: Path, tmp_path: Path
) -> None:
    import openpyxl
    import pdfplumber

    review = review_filing(read_filing(examples / f"{chapter}-compliant.xlsx"))
    book = rulebook(chapter)
    pdf = tmp_path / "review.pdf"
    pdf.write_bytes(renderer(ReportFormat.PDF).render(review))
    with pdfplumber.open(pdf) as document:
        cover = " ".join((document.pages[0].extract_text() or "").split())
    assert book.version in cover and book.source in cover and "55 Pa.B. 261" in cover
    assert not any(placeholder in cover for placeholder in _PLACEHOLDERS)
    workbook_path = tmp_path / "review.xlsx"
    workbook_path.write_bytes(renderer(ReportFormat.XLSX).render(review))
    summary = list(openpyxl.load_workbook(workbook_path)["Summary"].iter_rows(values_only=True))
    header = next(index for index, row in enumerate(summary) if row[0] == "Rulebook")
    assert summary[header][4:7] == ("Source", "Version from", "Later amendments not encoded")
    row = summary[header + 1]
    assert row[:3] == (chapter, book.title, book.version) and row[4] == book.source
    assert "55 Pa.B. 261" in row[6]
