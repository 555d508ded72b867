"""Issue 29's par sheet as a section of the review, and issue 31's polish of the PDF and the workbook.

The par sheets a review carries are checked against par sheets built directly by ``checker.parsheet.par_sheet``
(the figure store must hand back exactly what a recomputation gives), and their lines against the probability axiom
(they add up to 1) and the wager math (their contributions add up to minus the house edge the review prints). The
renderers are checked for the facts they must show: each sheet's title and figures, 'not computed' for a figure left
None, a field added to the par sheet later, the verdict evidence, dates as dates and money as money.
"""

from __future__ import annotations

import dataclasses
import functools
import io
from datetime import date
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import openpyxl
import pikepdf
import pypdf
import pytest
from pacomply.checker.parsheet import ParSheet, par_sheet
from pacomply.checker.review import Review
from pacomply.reports.content import money_text
from pacomply.reports.json import review_json
from pacomply.reports.parsheet_json import par_sheet_json
from pacomply.reports.parsheet_pdf import render_par_sheet_pdf
from pacomply.reports.parsheet_text import summary_rows, title
from pacomply.reports.pdf import RENDERER as PDF
from pacomply.reports.reconciliation import EVIDENCE_COLUMNS, evidence_rows
from pacomply.reports.text import TextRenderer
from pacomply.reports.xlsx import PERCENT_FORMAT
from pacomply.reports.xlsx import RENDERER as XLSX

from tests.reports.renderings import example_pdf, example_review

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture(scope="module")
def dj_wild() -> Review:
    """The 687a example: an exact base game on two bases, side wagers, a progressive, Board figures with evidence."""
    return example_review("687a-compliant.xlsx")


def _configurations(review: Review) -> list[tuple[str, str, str | None, int]]:
    seen: list[tuple[str, str, str | None, int]] = []
    for math in review.wager_math:
        key = (math.chapter, math.wager, math.paytable, math.decks)
        if key not in seen:
            seen.append(key)
    return seen


def _page_texts(data: bytes) -> list[str]:
    """Each page's text, as PDFium reads it (far faster than pypdf's extraction), its whitespace runs made one space:
    the checks below look for strings in it, and for the last of a section's titles."""
    from tests.io.support import pdf_page_texts

    return pdf_page_texts(data)


@functools.cache
def _pdf_text(data: bytes) -> str:
    """The whole document's text (``_page_texts``), page after page; read once for the tests that share a document."""
    return " ".join(_page_texts(data))


def test_the_review_carries_the_par_sheet_of_every_configured_wager(dj_wild: Review) -> None:
    configurations = _configurations(dj_wild)
    assert [(s.chapter, s.wager, s.paytable, s.decks) for s in dj_wild.par_sheets] == configurations
    for sheet in dj_wild.par_sheets:
        # The stored sheet is the one a direct build gives, field for field.
        assert sheet == par_sheet(sheet.chapter, sheet.wager, sheet.paytable, sheet.decks)


def test_par_sheet_lines_are_a_distribution_whose_contributions_give_the_house_edge(dj_wild: Review) -> None:
    with_lines = [sheet for sheet in dj_wild.par_sheets if sheet.lines]
    assert with_lines, "the 687a side wagers have line-by-line par sheets"
    for sheet in with_lines:
        assert sum((line.probability for line in sheet.lines), Fraction(0)) == 1, title(sheet)
        if sheet.progressive is None:  # a progressive's lines are valued at the meter's seed, not the long run
            edge = -sum((line.contribution for line in sheet.lines), Fraction(0))
            assert float(edge) == pytest.approx(sheet.house_edge, abs=1e-12), title(sheet)
        if sheet.space is not None:
            assert sum(line.combinations or 0 for line in sheet.lines) == sheet.space


def test_json_review_has_each_par_sheet_as_the_parsheet_command_writes_it(dj_wild: Review) -> None:
    document = review_json(dj_wild)
    assert len(document["par_sheets"]) == len(dj_wild.par_sheets)
    for written, sheet in zip(document["par_sheets"], dj_wild.par_sheets, strict=True):
        assert {key: value for key, value in written.items() if key != "differs_from_review"} == par_sheet_json(sheet)
        assert written["differs_from_review"] is False  # the 687a example files the chapter's own rates


def test_text_review_has_a_par_sheet_section_and_says_what_return_is(dj_wild: Review) -> None:
    text = TextRenderer(par_sheets=True).render(dj_wild).decode("utf-8")
    section = text[text.index("APPENDIX A: PAR SHEETS") : text.index("APPENDIX B")]
    for sheet in dj_wild.par_sheets:
        assert title(sheet) in section
    assert "return = 1 − element of risk" in text
    # 687a's base game: house edge per Ante, return per unit wagered; the two differ and both are labelled.
    assert "Return per unit wagered (1 − element of risk)" in section


def test_pdf_review_has_par_sheets_and_the_evidence_of_each_board_figure(dj_wild: Review) -> None:
    assert dj_wild is example_review("687a-compliant.xlsx")
    text = _pdf_text(example_pdf("687a-compliant.xlsx"))
    body = text[text.rindex("Par sheets") :]
    for sheet in dj_wild.par_sheets:
        assert title(sheet).removeprefix("Par sheet: ") in body
    evidenced = [item for item in dj_wild.published if item.evidence]
    assert evidenced, "the 687a Board figures carry evidence"
    # The evidence is the last appendix, each piece named and written in words (as the text review's appendix).
    appendix = text[text.rindex("Appendix: evidence for the Board-figure verdicts") :]
    for item in evidenced:
        (_figure, label, value), *_rest = evidence_rows([item])
        assert " ".join(label.split()) in appendix and " ".join(value.split()) in appendix, (item.figure.id, label)


def test_workbook_has_par_sheets_figures_as_numbers_and_evidence_in_its_own_sheet(dj_wild: Review) -> None:
    workbook = openpyxl.load_workbook(io.BytesIO(XLSX.render(dj_wild)))
    lines = workbook["Par Sheets"]
    assert lines.max_row - 1 == sum(len(sheet.lines) for sheet in dj_wild.par_sheets)
    figures = workbook["Par Figures"]
    headers = [cell.value for cell in figures[1]]
    edge_column = headers.index("House edge (per initial wager)") + 1
    for row, sheet in enumerate(dj_wild.par_sheets, start=2):
        cell = figures.cell(row=row, column=edge_column)
        assert cell.value == pytest.approx(sheet.house_edge) and cell.number_format == PERCENT_FORMAT
    assert "Evidence" not in [cell.value for cell in workbook["Board Figures"][1]]
    rows = list(workbook["Evidence"].iter_rows(values_only=True))
    assert rows[0] == EVIDENCE_COLUMNS
    assert [row[:2] for row in rows[1:]] == [
        (figure, label) for figure, label, _value in evidence_rows(dj_wild.published)
    ]


def test_a_figure_left_none_is_left_out_and_a_field_added_later_is_shown(dj_wild: Review) -> None:
    """ParSheet grows fields (issue 29: standard deviation, hit frequency, rounds, seed, standard error); the
    renderers show a field they do not name, and leave out a None figure (never 'not computed', never a zero): the
    text and PDF drop its row, the workbook leaves its cell empty, or the column out where no sheet has it."""

    @dataclasses.dataclass(frozen=True, slots=True)
    class Grown(ParSheet):
        hands_per_hour: float | None = None
        sessions_to_ruin: int | None = None

    base = next(sheet for sheet in dj_wild.par_sheets if sheet.lines)
    grown = Grown(**{field.name: getattr(base, field.name) for field in dataclasses.fields(ParSheet)})
    grown = dataclasses.replace(grown, hit_frequency=None, hands_per_hour=61.5)
    rows = dict(summary_rows(grown))
    assert "Hit frequency" not in rows and "Sessions to ruin" not in rows
    assert rows["Hands per hour"] == "61.5000"  # six significant digits, as every par-sheet figure
    assert all(value and value != "not computed" for value in rows.values())
    workbook = openpyxl.load_workbook(io.BytesIO(XLSX.render(dataclasses.replace(dj_wild, par_sheets=(grown,)))))
    figures = workbook["Par Figures"]
    values = dict(zip((cell.value for cell in figures[1]), (cell.value for cell in figures[2]), strict=True))
    # A figure no par sheet of the workbook has is no column at all (no empty spread columns).
    assert "Hit frequency" not in values and "Sessions to ruin" not in values
    assert values["Hands per hour"] == pytest.approx(61.5)
    # Beside a sheet that has it, the column is there and a figure not computed leaves its cell empty.
    assert base.hit_frequency is not None
    both = dataclasses.replace(dj_wild, par_sheets=(grown, base))
    figures = openpyxl.load_workbook(io.BytesIO(XLSX.render(both)))["Par Figures"]
    rows = [dict(zip((cell.value for cell in figures[1]), (cell.value for cell in row), strict=True))
            for row in figures.iter_rows(min_row=2)]  # fmt: skip
    assert rows[0]["Hit frequency"] is None and rows[1]["Hit frequency"] == pytest.approx(base.hit_frequency)
    assert rows[0]["Hands per hour"] == pytest.approx(61.5) and rows[1]["Hands per hour"] is None


def test_par_sheet_pdf_is_tagged_like_the_review(dj_wild: Review) -> None:
    """Every painting operator lies inside marked content (a tagged element or an artifact), the catalog says the
    file is tagged, and pdfua finds nothing but the absent conformance claim (as for the review PDF)."""
    sheet = next(sheet for sheet in dj_wild.par_sheets if sheet.lines)
    data = render_par_sheet_pdf(sheet)
    painting = {"Tj", "TJ", "'", '"', "f", "f*", "F", "S", "s", "B", "B*", "b", "b*", "Do", "sh"}
    with pikepdf.open(io.BytesIO(data)) as pdf:
        assert pdf.Root.MarkInfo.Marked is True and "/StructTreeRoot" in pdf.Root
        roles = set()
        for page in pdf.pages:
            depth = 0
            for operands, operator in pikepdf.parse_content_stream(page):
                name = str(operator)
                if name in {"BMC", "BDC"}:
                    depth += 1
                    roles.add(str(operands[0]))
                elif name == "EMC":
                    depth -= 1
                elif name in painting:
                    assert depth > 0, f"{name} drawn outside marked content"
        assert {"/H1", "/TH", "/TD", "/Artifact"} <= roles
    assert render_par_sheet_pdf(sheet) == data  # byte-identical for the same sheet


def test_par_sheet_pdf_passes_pdfua(dj_wild: Review, tmp_path: Path) -> None:
    import pdfua  # the test extra

    path = tmp_path / "parsheet.pdf"
    path.write_bytes(render_par_sheet_pdf(next(sheet for sheet in dj_wild.par_sheets if sheet.lines)))
    assert {finding.rule_id for finding in pdfua.validate(str(path)).findings} == {"UA-28-004"}


@pytest.mark.parametrize(
    ("value", "expected"),
    [(Decimal("40000"), "$40,000"), (Decimal("1234.5"), "$1,234.50"), (25000, "$25,000"), (None, ""), ("n/a", "n/a")],
)
def test_money_is_written_as_money(value: object, expected: str) -> None:
    assert money_text(value) == expected


def test_workbook_dates_are_dates_and_every_sheet_prints_landscape_one_page_wide(compliant_review: Review) -> None:
    workbook = openpyxl.load_workbook(io.BytesIO(XLSX.render(compliant_review)))
    summary = workbook["Summary"]
    fields = {row[0].value: row[1] for row in summary.iter_rows(min_row=2, max_col=2) if row[0].value}
    assert fields["Date filed"].value.date() == compliant_review.filing.metadata.date_filed
    assert fields["Review date"].value.date() == compliant_review.review_date
    assert fields["Date filed"].number_format == "yyyy-mm-dd"
    for sheet in workbook.worksheets:
        assert sheet.page_setup.orientation == "landscape", sheet.title
        assert sheet.page_setup.fitToWidth == 1 and sheet.page_setup.fitToHeight == 0, sheet.title
        assert sheet.sheet_properties.pageSetUpPr.fitToPage, sheet.title
        assert sheet.print_title_rows == "$1:$1", sheet.title
    tables = workbook["Tables"]
    headers = [cell.value for cell in tables[1]]
    limit = tables.cell(row=2, column=headers.index("Payout limit ($)") + 1)
    if limit.value is not None:
        assert isinstance(limit.value, int | float) and limit.number_format.startswith('"$"')


def test_footer_and_creation_date_carry_the_review_date(compliant_review: Review) -> None:
    later = dataclasses.replace(compliant_review, review_date=date(2030, 5, 17))
    data = PDF.render(later)
    reader = pypdf.PdfReader(io.BytesIO(data))
    assert str(reader.metadata["/CreationDate"]).startswith("D:20300517")
    pages = _page_texts(data)
    assert len(pages) == len(reader.pages)
    for text in pages:
        assert "reviewed 2030-05-17" in text


def test_a_long_licensee_name_never_runs_over_the_page_number_or_off_the_page(compliant_review: Review) -> None:
    """The running header and each of the footer's two lines are one line: the name is shortened with '…' to the
    room left (the footer's first line ends before 'Page x of y' starts), and the dates stay, since the name comes
    last."""
    import pdfplumber

    name = "Ελληνικά Καζίνο Łódź Gaming and Entertainment Holdings of the Commonwealth " * 4
    filing = compliant_review.filing
    renamed = filing.model_copy(update={"metadata": filing.metadata.model_copy(update={"licensee": name.strip()})})
    review = dataclasses.replace(compliant_review, filing=renamed, review_date=date(2030, 5, 17))
    with pdfplumber.open(io.BytesIO(PDF.render(review))) as document:
        for number, page in enumerate(document.pages, start=1):
            below = [c for c in page.chars if c["top"] > page.height - 0.7 * 72]
            first_line = min(round(c["top"]) for c in below)
            footer = sorted((c for c in below if round(c["top"]) == first_line), key=lambda c: c["x0"])
            text = "".join(c["text"] for c in footer)
            assert "reviewed 2030-05-17" in text and "…" in text, (number, text)
            page_label = text.index("Page")
            left, right = footer[:page_label], footer[page_label:]
            assert max(c["x1"] for c in left) < min(c["x0"] for c in right), f"page {number}: footer overruns"
            assert max(c["x1"] for c in page.chars) <= page.width - 0.75 * 72 + 0.5, f"page {number}: off the page"


def test_money_answers_of_the_checklist_print_as_money() -> None:
    """633a's example answers its money questions with bare numbers (5000, 1000, 50000, 25 in the workbook); the
    PDF prints them as amounts, and the JSON keeps them as filed."""
    from pacomply.reports.content import checklist_rows

    review = example_review("633a-compliant.xlsx")
    money = {row.key: row.answer for row in checklist_rows(review) if row.kind == "money"}
    assert money["maximum_payout_amount"] == "50000"
    text = _pdf_text(example_pdf("633a-compliant.xlsx"))
    checklist = text[text.rindex("Checklist as filed") : text.rindex("Tables and their configuration")]
    for answer in money.values():
        assert money_text(answer) in checklist, answer
    assert "$50,000" in checklist


def test_a_probability_of_many_zeros_is_printed_whole_in_the_pdf(dj_wild: Review) -> None:
    """The 687a Two-Way Bad Beat's Royal Flush: 4 deals in 4,913,773,104,240, probability 0.000000000000814038; the
    PDF's text holds the whole figure (a figure broken over two lines in its cell reads '0.00000000000081403 8'). The
    figure is read from the par sheet, not typed in; the par sheet's columns are sized by
    ``reports.pdf.sections.figures.par_line_widths``."""
    import re

    from pacomply.reports.parsheet_text import LINE_COLUMNS, line_rows

    sheet = next(sheet for sheet in dj_wild.par_sheets if sheet.wager == "bad_beat")
    smallest = max((row[LINE_COLUMNS.index("Probability")] for row in line_rows(sheet)), key=len)
    assert re.fullmatch(r"0\.0{10,}\d+", smallest), smallest
    assert f" {smallest} " in _pdf_text(example_pdf("687a-compliant.xlsx"))
