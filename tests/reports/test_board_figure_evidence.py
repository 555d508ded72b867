"""The Board's published figures as the PDF and the review workbook give them, in the text review's design: one row
per figure with the sentence a reviewer can repeat, and the evidence for each verdict in an appendix of its own with
named columns, in words (never the checker's keys)."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import openpyxl
import pdfplumber
import pytest
from pacomply.checker.reconciliation import Verdict
from pacomply.checker.review import Review
from pacomply.reports.content import summary
from pacomply.reports.pdf import EVIDENCE_TITLE, PUBLISHED_COLUMNS
from pacomply.reports.reconciliation import EVIDENCE_COLUMNS, evidence_rows, figure_label, sorted_reconciliations
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


def _page_texts(data: bytes) -> list[str]:
    """The text of every page, as PDFium reads it (line by line, in the order the page draws its text).

    PDFium reads a page's text a few dozen times faster than pdfplumber's layout analysis, and every check of the
    whole document's text here is a search for a string (or a line ending in one), which the drawing order does not
    change; pdfplumber is kept for the tables, on the pages that hold them."""
    import pypdfium2

    document = pypdfium2.PdfDocument(data)
    try:
        texts = []
        for page in document:
            text_page = page.get_textpage()
            texts.append(text_page.get_text_range().replace("\r\n", "\n").replace("\r", "\n"))
            text_page.close()
            page.close()
        return texts
    finally:
        document.close()


def _pdf_lines(data: bytes) -> list[str]:
    """The text lines of every page."""
    return [line for text in _page_texts(data) for line in text.splitlines()]


def _words(cell: str | None) -> str:
    return " ".join((cell or "").split())


def _read_pdf(data: bytes, *headers: tuple[str, ...]) -> tuple[list[str], list[list[list[str]]]]:
    """The text lines of every page (``_pdf_lines``), and for each of ``headers`` the rows under every
    copy of that table's header row (repeated on each page the table runs onto), each cell's wrapped lines joined.

    The table's rows are ruled below (pdfplumber's "lines"); its columns start where the header's words do (the
    cells' padding is 4 points), so the columns are given explicitly. Rows of whatever follows the table on the page
    come too: the callers keep the rows that belong. pdfplumber lays out only the pages whose text holds every
    column's first word (no other page can hold the header row)."""
    texts = _page_texts(data)
    lines = [line for text in texts for line in text.splitlines()]
    found_rows: list[list[list[str]]] = [[] for _header in headers]
    with pdfplumber.open(io.BytesIO(data)) as document:
        for page, text in zip(document.pages, texts, strict=True):
            candidates = [
                (rows, header)
                for rows, header in zip(found_rows, headers, strict=True)
                if all(name.split()[0] in text for name in header)
            ]
            if candidates:
                found = page.extract_words()
                for rows, header in candidates:
                    rows.extend(_rows_under(page, found, header))
    return lines, found_rows


def _rows_under(page: Any, found: list[dict[str, Any]], header: tuple[str, ...]) -> list[list[str]]:
    """The rows under each copy of ``header`` on one page, whose words are ``found``."""
    rows: list[list[str]] = []
    for word in (word for word in found if word["text"] == header[0].split()[0]):
        heads: list[dict[str, Any]] = []
        for name in header:
            first = name.split()[0]
            match = next(
                (
                    other
                    for other in found
                    if other["text"] == first
                    and abs(other["top"] - word["top"]) < 1
                    and other["x0"] >= (heads[-1]["x0"] + 1 if heads else word["x0"])
                ),
                None,
            )
            if match is None:
                break
            heads.append(match)
        if len(heads) != len(header) or heads[0] is not word:
            continue
        left = word["x0"] - 4
        settings = {
            "vertical_strategy": "explicit",
            "explicit_vertical_lines": [head["x0"] - 4 for head in heads] + [page.width - left],
            "horizontal_strategy": "lines",
        }
        below = page.crop((0, word["top"] - 6, page.width, page.height))
        for table in below.extract_tables(settings)[:1]:
            cells = [[_words(cell) for cell in row] for row in table]
            rows.extend(row for row in cells if row != [_words(name) for name in header])
    return rows


@pytest.mark.parametrize("example", WITH_EVIDENCE)
def test_pdf_board_figures_one_row_each_with_evidence_in_a_named_appendix(example: str) -> None:
    review = _review(example)
    data = example_pdf(example)
    lines, (published_rows, evidence_rows_found) = _read_pdf(data, PUBLISHED_COLUMNS, EVIDENCE_COLUMNS)
    items = sorted_reconciliations(review.published)
    # The Board-figure table: one row per figure in the Board's order, each naming the figure in words (its wager
    # and the Board's number, never pacomply's id of it) with its verdict, and never a row whose verdict is
    # "evidence".
    verdicts = {_words(verdict.value) for verdict in Verdict}
    figures = [row for row in published_rows if row[1] in verdicts]
    assert [row[0] for row in figures] == [_words(figure_label(item)) for item in items]
    assert [row[1] for row in figures] == [_words(item.verdict.value) for item in items]
    assert not any(row[1].startswith("evidence") for row in figures)
    assert all(row[2].startswith("The Board published") for row in figures)
    text = " ".join(" ".join(lines).split())
    # The appendix, last: its title, then one row per piece of evidence, named in words.
    assert any(line.endswith(EVIDENCE_TITLE) for line in lines[1:])
    expected = evidence_rows(review.published)
    labels = {_words(figure_label(item)) for item in items}
    evidence = [row for row in evidence_rows_found if row[0] in labels]
    assert [row[:2] for row in evidence] == [[_words(figure), _words(label)] for figure, label, _value in expected]
    assert [key for key in _keys(review) if key in text] == []
    assert [item.figure.id for item in items if item.figure.id in text] == []


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
    (the table grid's Wagers row included), no quoted checklist key, no '1.200e+08' or '10^7' (the ids and keys are the
    ones the chapter's rulebook defines, so the list is derived, not typed in)."""
    import re

    from pacomply import regulations

    _review("687a-violations.xlsx")
    text = "\n".join(_page_texts(example_pdf("687a-violations.xlsx")))
    book = regulations.rulebook("687a")
    assert not re.search(r"\d\.\d+e[+-]\d\d|10\^\d", text)
    for question in book.checklist:
        assert f"'{question.key}'" not in text, question.key
        assert f"{question.key} ·" not in text, question.key
    for wager in book.wagers:
        if "_" in wager.id:
            # Nowhere, the table-configuration grid included: it names each wager ('Two-Way Bad Beat Bonus Wager,
            # paytable DJWBB-03'), not the filing's key for it ('bad_beat=DJWBB-03').
            assert not re.search(rf"(?<![\w]){re.escape(wager.id)}(?![\w])", text), wager.id
    assert "Two-Way Bad Beat Bonus Wager, paytable DJWBB-03" in " ".join(text.split())


def test_rule_change_words_follow_the_rule_and_its_new_value() -> None:
    """('field', 'yes') names the rule, ('field', 'no') its absence, and odds are written 'a to b'."""
    from pacomply.reports.reconciliation import rule_change_words

    assert rule_change_words(("dealer_hits_soft_17", "yes")) == "dealer hits soft 17"
    assert rule_change_words(("late_surrender", "no")) == "no late surrender"
    assert rule_change_words(("blackjack_pays", "6/5")) == "blackjack pays 6 to 5"


def test_a_wager_figure_not_computed_is_left_out_of_its_wager_math_block() -> None:
    """The 633a Blackjack Wager's exact rows carry no hit frequency or standard deviation (the par sheet gives the
    spread): their wager-math blocks leave those lines out rather than printing them blank or 'n/a', and a row that
    has them prints them."""
    from pacomply.reports.content import percent

    example = "633a-compliant.json"
    review = _review(example)
    lines = _pdf_lines(example_pdf(example))
    assert not any(line.strip() == "n/a" or line.strip().endswith(" n/a") for line in lines)
    assert not any(line.strip() == "Hit frequency" for line in lines)
    without = [math for math in review.wager_math if math.hit_frequency is None and math.std_dev is None]
    with_spread = [math for math in review.wager_math if math.hit_frequency is not None]
    assert without and with_spread
    text = "\n".join(lines)
    for math in with_spread:
        assert f"Hit frequency {percent(math.hit_frequency, 2)}" in " ".join(text.split())


@pytest.mark.parametrize("example", ["687a-compliant.json", "685a-compliant.json"])
def test_a_verdict_beside_a_wager_row_names_the_reading_it_holds_under_when_the_review_relies_on_another(
    example: str,
) -> None:
    """A Board figure beside a wager row is compared with pacomply's figure under some reading; where that is not the
    reading the review relies on (so not the row's own figure: 687a's Two-Way Bad Beat row returns 43.0125 % while
    the Board's 85.904 % is consistent with the two-way reading's 86.025 %), the verdict says so and names the
    reading, in the text, the PDF and the workbook alike; where it is the relied-on figure, the verdict stands alone.
    The expectation is read from each reconciliation's own figure, not typed in."""
    from pacomply.reports.content import board_beside_text
    from pacomply.reports.reconciliation import beside

    review = example_review(example)
    seen_other = seen_own = 0
    for math in review.wager_math:
        for entry in beside(math, review.published):
            item = next(item for item in review.published if item.figure.id == entry.figure_id)
            shown = item.pacomply_figure
            assert shown is not None or entry.other_reading == ""
            if shown is not None and not shown.own and item.verdict.value in entry.text():
                if item.verdict in (Verdict.UNDECIDABLE, Verdict.NO_FIGURE):
                    continue
                seen_other += 1
                assert f"('{shown.choice}')" in entry.text()
                assert f"('{shown.choice}')" in board_beside_text(entry)
            else:
                seen_own += 1
                assert entry.text().endswith(f": {item.verdict.value}")
    assert seen_other, "the example no longer has a verdict under a reading the review does not rely on"
    assert seen_own or example.startswith("687a")


def test_633a_7_the_verdict_beside_the_blackjack_row_names_the_rows_reading_where_the_comparison_relies_on_another():
    """633a's Blackjack row is priced under composition-dependent optimal play (the reading the review relies on for
    the row), while the Board's figures state basic strategy, so the comparison relies on the total-dependent basic
    strategy. Beside the row, a figure reproduced by the row's own play says it is this row's reading, not 'another
    reading'; a figure compared under the basic strategy names it and the row's reading, since the printed figure
    (0.356 %) is not the row's (0.3552 %). Read from the reconciliations and the row's priced readings."""
    from pacomply.reports.reconciliation import beside

    review = example_review("633a-compliant.json")
    rows = [math for math in review.wager_math if math.wager == "base" and beside(math, review.published)]
    assert rows
    seen_row_reading = seen_compared = 0
    for math in rows:
        relied = {priced.reading: priced.choice for priced in math.priced_readings if priced.relied_on}
        for entry in beside(math, review.published):
            item = next(item for item in review.published if item.figure.id == entry.figure_id)
            shown = item.pacomply_figure
            assert shown is not None and shown.reading in relied
            text = entry.text()
            if shown.choice == relied[shown.reading]:
                assert "another reading" not in text
                if not shown.own:
                    seen_row_reading += 1
                    assert f"under this row's reading ('{shown.choice}')" in text
            else:
                seen_compared += 1
                assert f"under '{shown.choice}'" in text and f"(this row: '{relied[shown.reading]}')" in text
    assert seen_row_reading and seen_compared
