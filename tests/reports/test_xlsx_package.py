"""The report workbooks written directly (``reports.xlsx_package``): read back, each is the workbook openpyxl writes
for the same sheets (every cell's value, type, font, fill, alignment and number format, links, column widths, the
frozen header, the filter, the print setup, the document properties), and no openpyxl Workbook is made to write one.

The golden digests (``tests/golden/reports/*-binary.sha256``), made by openpyxl's writer before this one, hold the
bytes of every example's review workbook: this writer gives those same bytes.
"""

from __future__ import annotations

import io
from datetime import date, datetime
from typing import Any

import openpyxl
import pytest
from pacomply.checker.review import Review
from pacomply.reports.content import document_datetime
from pacomply.reports.parsheet_xlsx import par_sheet_workbook
from pacomply.reports.xlsx import RENDERER, workbook_for
from pacomply.reports.xlsx_package import CUSTOM_FORMATS_START, PLAIN, Package, package_bytes
from pacomply.submissions import xlsx_writer

from tests.reports.workbook_content import workbook_content

STAMP = datetime(2026, 11, 2)


def _openpyxl_workbook(package: Package) -> openpyxl.Workbook:
    """The same sheets made through openpyxl's own objects and setters, each style from its markup."""
    from openpyxl.styles import Alignment
    from openpyxl.styles.fills import Fill
    from openpyxl.styles.fonts import Font
    from openpyxl.styles.numbers import BUILTIN_FORMATS
    from openpyxl.utils import get_column_letter
    from openpyxl.xml.functions import fromstring

    table = package.styles
    fonts = {index: Font.from_tree(fromstring(markup)) for markup, index in table.fonts.items()}
    fills = {index: Fill.from_tree(fromstring(markup)) for markup, index in table.fills.items()}
    formats = {index + CUSTOM_FORMATS_START: code for code, index in table.number_formats.items()}
    workbook = openpyxl.Workbook()
    workbook.remove(workbook.active)
    for model in package.sheets:
        sheet = workbook.create_sheet(model.title)
        for (row, column), (value, style) in model.cells.items():
            cell = sheet.cell(row=row, column=column)
            cell.value = value
            if type(value) is str:
                cell.data_type = "s"
            if style.named:
                cell.style = "Hyperlink"
            elif style.font:
                cell.font = fonts[style.font]
            if style.fill:
                cell.fill = fills[style.fill]
            if style.alignment:
                cell.alignment = Alignment.from_tree(fromstring(style.alignment))
            if style.number_format:
                cell.number_format = formats.get(style.number_format) or BUILTIN_FORMATS[style.number_format]
        for (row, column), uri in model.links.items():
            sheet.cell(row=row, column=column).hyperlink = uri
        for column, width in model.widths.items():
            sheet.column_dimensions[get_column_letter(column)].width = width
        sheet.freeze_panes = "A2"
        if model.auto_filter is not None:
            sheet.auto_filter.ref = model.auto_filter
        sheet.page_setup.orientation = "landscape"
        sheet.page_setup.fitToWidth = 1
        sheet.page_setup.fitToHeight = 0
        sheet.sheet_properties.pageSetUpPr.fitToPage = True
        sheet.print_title_rows = "1:1"
    return workbook


def _same_as_openpyxls(package: Package) -> dict[str, Any]:
    ours = workbook_content(package_bytes(package, STAMP))
    theirs = workbook_content(xlsx_writer.workbook_bytes(_openpyxl_workbook(package), STAMP))
    assert ours == theirs
    return ours


@pytest.mark.parametrize("name", ["violations_review", "waived_review", "hostile_review", "compliant_review"])
def test_review_workbook_reads_as_the_workbook_openpyxl_writes_for_the_same_sheets(
    name: str, request: pytest.FixtureRequest
) -> None:
    review: Review = request.getfixturevalue(name)
    content = _same_as_openpyxls(workbook_for(review))
    titles = [title for title, _sheet in content["sheets"]]
    assert titles[:4] == ["Summary", "Checklist", "Tables", "Findings"]
    findings = dict(content["sheets"])["Findings"]
    links = [cell for cell in findings["cells"].values() if cell[7] is not None]
    assert len(links) == len(review.findings) and all(cell[6] == "Hyperlink" for cell in links)
    assert content["properties"] == (STAMP, STAMP, "pacomply", "pacomply")


def test_par_sheet_workbooks_read_as_the_workbooks_openpyxl_writes(violations_review: Review) -> None:
    sheets = violations_review.par_sheets
    assert sheets, "the 686a violations review has par sheets"
    for sheet in sheets:
        content = _same_as_openpyxls(par_sheet_workbook(sheet, date(2026, 11, 2)))
        assert "Figures" in dict(content["sheets"])


def test_the_comparison_sees_a_change_of_width_style_or_value(violations_review: Review) -> None:
    """The comparison above would fail: a workbook with one width, one cell's style or one value changed reads
    differently."""
    original = workbook_content(package_bytes(workbook_for(violations_review), STAMP))
    changes = {
        "width": lambda sheet: sheet.widths.update({1: 99}),
        "style": lambda sheet: sheet.cells.update({(2, 1): (sheet.cells[(2, 1)][0], sheet.cells[(1, 1)][1])}),
        "value": lambda sheet: sheet.cells.update({(2, 1): ("changed", sheet.cells[(2, 1)][1])}),
    }
    for change in changes.values():
        package = workbook_for(violations_review)
        change(package.sheets[1])
        assert workbook_content(package_bytes(package, STAMP)) != original


def test_a_review_workbook_is_written_without_openpyxls_workbook_worksheet_or_cells(
    violations_review: Review, monkeypatch: pytest.MonkeyPatch
) -> None:
    from openpyxl.cell import cell
    from openpyxl.workbook import workbook
    from openpyxl.worksheet import worksheet

    def refuse(*_arguments: object, **_keywords: object) -> None:
        raise AssertionError("an openpyxl object was made to write the review workbook")

    for made in (workbook.Workbook, worksheet.Worksheet, cell.Cell):
        monkeypatch.setattr(made, "__init__", refuse)
    data = RENDERER.render(violations_review)
    monkeypatch.undo()
    assert len(openpyxl.load_workbook(io.BytesIO(data)).sheetnames) == 11


def test_the_same_review_gives_the_same_bytes_and_another_stamp_other_properties(violations_review: Review) -> None:
    first = RENDERER.render(violations_review)
    assert RENDERER.render(violations_review) == first
    later = package_bytes(workbook_for(violations_review), datetime(2027, 1, 5, 8, 30))
    content = workbook_content(later)
    assert content["properties"][:2] == (datetime(2027, 1, 5, 8, 30), datetime(2027, 1, 5, 8, 30))
    assert content["sheets"] == workbook_content(first)["sheets"]
    assert document_datetime(violations_review) != datetime(2027, 1, 5, 8, 30)


@pytest.mark.parametrize(
    "text",
    ["plain", "=HYPERLINK(\"http://x\",\"y\")", "+SUM(A1:A9)", "-1", "@cmd", "\tTabbed", "bell\x07and\x1fus",
     "#N/A", "x" * 40_000, "surrogate \ud800 here", " padded ", "a & b < c"],
    ids=["plain", "formula", "plus", "minus", "at", "tab", "controls", "error-code", "long", "surrogate", "padded",
         "escaped"],
)  # fmt: skip
def test_a_text_cell_holds_the_neutralised_text_and_reads_back_as_text(text: str) -> None:
    """A text is held as openpyxl's setter would hold the neutralised text (cut at 32,767 characters), never a
    formula, and reads back as that text."""
    from pacomply.reports.xlsx import _cell
    from pacomply.submissions.files import neutralise_formula, xml_text

    package = Package()
    held, _style = _cell(package.styles, text, PLAIN)
    expected = openpyxl.Workbook().active["A1"]
    expected.value = neutralise_formula(xml_text(text))
    assert held == expected.value
    assert len(held) <= 32_767 and held[0] not in "=+-@\t"
    sheet = package.add_sheet("Text")
    sheet.cells[(1, 1)] = (held, PLAIN)
    ((_title, content),) = workbook_content(package_bytes(package, STAMP))["sheets"]
    assert content["cells"]["A1"][:2] == (held, "s")


def test_a_short_text_cell_met_again_is_taken_from_the_bounded_cache_with_the_same_text() -> None:
    from pacomply.reports.xlsx import _KEPT_TEXT, _cell, _short_cell_text

    styles = Package().styles
    before = _short_cell_text.cache_info()
    held = [
        (_cell(styles, '=HYPERLINK("http://x","y") \x07', PLAIN)[0], _cell(styles, "=" + "x" * _KEPT_TEXT, PLAIN)[0])
        for _row in (1, 2)
    ]
    after = _short_cell_text.cache_info()
    assert (after.hits - before.hits, after.misses - before.misses) in {(1, 1), (2, 0)}  # met before or not
    assert held[0] == held[1] == ('\'=HYPERLINK("http://x","y") \ufffd', "'=" + "x" * _KEPT_TEXT)
    assert after.maxsize == 4096  # bounded: at most 4,096 texts of at most _KEPT_TEXT characters
