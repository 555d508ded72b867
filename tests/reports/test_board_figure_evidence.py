"""The Board's published figures as the PDF and the review workbook give them, in the text review's design: one row
per figure with the sentence a reviewer can repeat, and the evidence for each verdict in an appendix of its own with
named columns, in words (never the checker's keys)."""

from __future__ import annotations

import io
from pathlib import Path

import openpyxl
import pdfplumber
import pytest
from pacomply.checker.review import Review
from pacomply.reports.content import summary
from pacomply.reports.pdf import EVIDENCE_TITLE, PUBLISHED_COLUMNS
from pacomply.reports.reconciliation import EVIDENCE_COLUMNS, evidence_rows, sorted_reconciliations
from pacomply.reports.xlsx import RENDERER as XLSX_RENDERER

from tests.reports.renderings import example_pdf, example_review

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
#: Examples whose reviews carry Board figures with evidence: a blackjack base game (633a), the Over/Under example
#: the other report tests use (686a), and a poker game whose verdicts rest on simulation (687a).
WITH_EVIDENCE = ("633a-violations.json", "686a-violations.json", "687a-compliant.json")
#: Keys of the checker's evidence that once reached the reader verbatim.
EVIDENCE_KEYS = ("gap_points", "std_dev_basis", "assignment", "siblings_reproduced")


def _review(example: str) -> Review:
    review = example_review(example)
    assert review.published and evidence_rows(review.published), f"{example} no longer has Board-figure evidence"
    return review


def _keys(review: Review) -> set[str]:
    """The four keys named above and every other key of the review's evidence that is not a plain word."""
    return set(EVIDENCE_KEYS) | {name for item in review.published for name, _value in item.evidence if "_" in name}


def _pdf_lines(data: bytes) -> list[str]:
    """The text lines of every page, as pdfplumber extracts them."""
    with pdfplumber.open(io.BytesIO(data)) as document:
        return [line for page in document.pages for line in (page.extract_text() or "").splitlines()]


def _rows(lines: list[str], ids: set[str]) -> list[str]:
    """The lines that open a table row: those starting with a figure id (a wrapped cell's later lines do not)."""
    return [line for line in lines if line.split(" ", 1)[0] in ids]


@pytest.mark.parametrize("example", WITH_EVIDENCE)
def test_pdf_board_figures_one_row_each_with_evidence_in_a_named_appendix(example: str) -> None:
    review = _review(example)
    lines = _pdf_lines(example_pdf(example))
    items = sorted_reconciliations(review.published)
    ids = {item.figure.id for item in items}
    # The Board-figure table: its header once in the body, then one row per figure in the Board's order, each
    # opening with the figure and its verdict, and never a row whose verdict is "evidence".
    header = " ".join(PUBLISHED_COLUMNS)
    table_start = lines.index(header)
    appendix = next(number for number, line in enumerate(lines) if line.endswith(EVIDENCE_TITLE) and number > 1)
    section_end = next(number for number, line in enumerate(lines) if number > table_start and line[:1].isdigit()
                       and " " in line and line.split(" ", 1)[0].isdigit())  # fmt: skip
    figures = _rows(lines[table_start:section_end], ids)
    assert [row.split(" ", 1)[0] for row in figures] == [item.figure.id for item in items]
    for row, item in zip(figures, items, strict=True):
        assert row.split(" ", 1)[1].startswith(item.verdict.value.split()[0]), row
        assert not row.split(" ", 1)[1].startswith("evidence"), row
    text = " ".join(" ".join(lines).split())
    for item in items:
        assert " ".join(item.verdict.value.split()) in text
    assert "The Board published" in " ".join(lines[table_start:section_end])
    # The appendix, last: its title, its named columns, then one row per piece of evidence, named in words.
    assert lines[appendix + 1 :].count(" ".join(EVIDENCE_COLUMNS)) >= 1
    expected = evidence_rows(review.published)
    evidence = _rows(lines[appendix:], ids)
    assert len(evidence) == len(expected)
    for row, (figure, label, _value) in zip(evidence, expected, strict=True):
        assert row.startswith(f"{figure} {label.split()[0]}"), (row, label)
    assert [key for key in _keys(review) if key in text] == []


@pytest.mark.parametrize("example", WITH_EVIDENCE)
def test_workbook_evidence_sheet_has_named_columns_in_words_and_typed_values(example: str) -> None:
    review = _review(example)
    workbook = openpyxl.load_workbook(io.BytesIO(XLSX_RENDERER.render(review)))
    board = list(workbook["Board Figures"].iter_rows(values_only=True))
    assert "Evidence" not in board[0]
    assert len(board) - 1 == len(review.published)  # one row per figure
    rows = list(workbook["Evidence"].iter_rows(values_only=True))
    assert rows[0] == EVIDENCE_COLUMNS
    expected = evidence_rows(review.published)
    assert [(figure, label) for figure, label, _value in rows[1:]] == [
        (figure, label) for figure, label, _value in expected
    ]
    # A number or percentage is a number cell, shown as written: the workbook's rule for every sheet.
    numbers = [(row[2], value) for row, (_f, _l, value) in zip(rows[1:], expected, strict=True)
               if value.rstrip(" %").replace(",", "").lstrip("-").replace(".", "", 1).isdigit()]  # fmt: skip
    assert numbers and all(not isinstance(cell, str) for cell, _value in numbers)
    keys = _keys(review)
    leaked = [
        f"{sheet.title}!{cell.coordinate}"
        for sheet in workbook.worksheets
        for row in sheet.iter_rows()
        for cell in row
        if isinstance(cell.value, str) and any(key in cell.value for key in keys)
    ]
    assert leaked == []


def test_pdf_summary_leads_with_the_counts_and_what_to_fix_first(violations_review: Review) -> None:
    lead = summary(violations_review)
    assert lead.fix_first  # the example has errors to fix
    assert violations_review is example_review("686a-violations.xlsx")
    lines = _pdf_lines(example_pdf("686a-violations.xlsx"))
    text = " ".join(" ".join(lines).split())
    body = text[text.index("1 Summary", text.index("Attestation")) :]  # past the contents page
    section = body[: body.index("1.1 Findings by table")]
    assert f"Findings: {lead.counts}." in section
    fix_first = section[section.index("What to fix first") :]
    for number, finding in enumerate(lead.fix_first, start=1):
        assert f"{number}. {finding.rule_id}" in fix_first
        assert str(finding.citation) in fix_first


def test_pdf_prints_no_wager_id_checklist_key_or_exponent_of_ours() -> None:
    """The PDF review of the 687a violations example names wagers, questions and sample sizes in words: no wager id
    outside the filer's own Wagers cells, no quoted checklist key, no '1.200e+08' or '10^7' (the ids and keys are the
    ones the chapter's rulebook defines, so the list is derived, not typed in)."""
    import re

    from pacomply import regulations

    _review("687a-violations.xlsx")
    with pdfplumber.open(io.BytesIO(example_pdf("687a-violations.xlsx"))) as document:
        text = "\n".join(page.extract_text() or "" for page in document.pages)
    book = regulations.rulebook("687a")
    assert not re.search(r"\d\.\d+e[+-]\d\d|10\^\d", text)
    for question in book.checklist:
        assert f"'{question.key}'" not in text, question.key
        assert f"{question.key} ·" not in text, question.key
    for wager in book.wagers:
        if "_" in wager.id:
            # Only the Tables sheet's echo of what the filer typed ('bad_beat=DJWBB-03') may hold an id.
            assert not re.search(rf"(?<![\w=;]){re.escape(wager.id)}(?![=\w])", text), wager.id
