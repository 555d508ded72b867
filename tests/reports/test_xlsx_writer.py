"""The workbook writer (``submissions.xlsx_writer``): a worksheet serialised in memory, its rows of plain cells at
once, gives the bytes openpyxl's own writer gives for the same workbook, and leaves no file behind."""

from __future__ import annotations

import io
import zipfile
from datetime import date, datetime
from decimal import Decimal

import openpyxl
import pytest
from openpyxl.writer.excel import ExcelWriter
from pacomply.checker.review import Review
from pacomply.reports.content import document_datetime
from pacomply.reports.parsheet_xlsx import render_par_sheet_xlsx
from pacomply.reports.xlsx import workbook_for
from pacomply.submissions import xlsx_writer
from pacomply.submissions.template import workbook_bytes as template_bytes

STAMP = datetime(2026, 11, 2)


def _openpyxl_writer(monkeypatch: pytest.MonkeyPatch) -> None:
    """Save through openpyxl's own ExcelWriter (its worksheets through temporary files, cell by cell)."""
    monkeypatch.setattr(xlsx_writer, "_InMemoryExcelWriter", ExcelWriter)


@pytest.mark.parametrize("name", ["violations_review", "waived_review", "hostile_review", "compliant_review"])
def test_review_workbook_is_the_bytes_openpyxl_writes(
    name: str, request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> None:
    review: Review = request.getfixturevalue(name)
    ours = xlsx_writer.workbook_bytes(workbook_for(review), document_datetime(review))
    _openpyxl_writer(monkeypatch)
    theirs = xlsx_writer.workbook_bytes(workbook_for(review), document_datetime(review))
    assert ours == theirs


def test_par_sheet_workbook_and_template_are_the_bytes_openpyxl_writes(
    violations_review: Review, monkeypatch: pytest.MonkeyPatch
) -> None:
    sheets = violations_review.par_sheets
    assert sheets, "the 686a violations review has par sheets"
    ours = [render_par_sheet_xlsx(sheet, made=date(2026, 11, 2)) for sheet in sheets]
    our_template = template_bytes(["686a"])
    _openpyxl_writer(monkeypatch)
    assert ours == [render_par_sheet_xlsx(sheet, made=date(2026, 11, 2)) for sheet in sheets]
    assert our_template == template_bytes(["686a"])


def _edge_workbook(*, formula: bool = False, row_height: bool = False) -> openpyxl.Workbook:
    """Cells of every kind the plain rows hold, with the markup's edge cases: text that must be escaped, text with
    outer spaces (xml:space) and text of spaces only (none), an empty string, dates, decimals, a huge whole number,
    styles and a link; and, where asked, a formula or a row's own height (which openpyxl's writer writes)."""
    workbook = openpyxl.Workbook()
    sheet = workbook.active
    values = [
        "plain", " padded ", "   ", "", "a & b < c > d \"quoted\" 'single'", "tab\there", "line\nbreak",
        "Œuvre – café", 7, -3, 10**17, 0.1, 1e-12, float("nan"), Decimal("0.0355"), Decimal("12.50"),
        date(2026, 11, 2), datetime(2026, 11, 2, 13, 45, 6),
    ]  # fmt: skip
    for column, value in enumerate(values, start=1):
        cell = sheet.cell(row=2, column=column)
        cell.value = value
        if isinstance(value, str):
            cell.data_type = "s"
    sheet["A1"].font = openpyxl.styles.Font(bold=True)
    sheet["B1"].number_format = "0.00%"
    sheet["C5"].hyperlink = "https://www.pacodeandbulletin.gov/"
    sheet["C5"].value = "link"
    sheet["D7"].fill = openpyxl.styles.PatternFill("solid", start_color="F8D7DA", end_color="F8D7DA")
    second = workbook.create_sheet("Empty")
    second.freeze_panes = "A2"
    if formula:
        sheet["E9"] = "=SUM(E2:E3)"
    if row_height:
        sheet.row_dimensions[3].height = 30
    return workbook


@pytest.mark.parametrize(
    ("formula", "row_height"), [(False, False), (True, False), (False, True)], ids=["plain", "formula", "height"]
)
def test_edge_cells_are_the_bytes_openpyxl_writes(
    formula: bool, row_height: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    ours = xlsx_writer.workbook_bytes(_edge_workbook(formula=formula, row_height=row_height), STAMP)
    _openpyxl_writer(monkeypatch)
    theirs = xlsx_writer.workbook_bytes(_edge_workbook(formula=formula, row_height=row_height), STAMP)
    assert ours == theirs
    with zipfile.ZipFile(io.BytesIO(ours)) as archive:
        markup = archive.read("xl/worksheets/sheet1.xml")
    assert b'<t xml:space="preserve"> padded </t>' in markup
    assert b"a &amp; b &lt; c &gt; d" in markup
    assert (b"<f>SUM(E2:E3)</f>" in markup) == formula


def test_a_workbook_is_written_without_temporary_files(
    violations_review: Review, monkeypatch: pytest.MonkeyPatch
) -> None:
    from openpyxl.worksheet import _writer

    def refuse(*_arguments: object, **_keywords: object) -> str:
        raise AssertionError("a worksheet was written through a temporary file")

    monkeypatch.setattr(_writer, "create_temporary_file", refuse)
    data = xlsx_writer.workbook_bytes(workbook_for(violations_review), document_datetime(violations_review))
    assert len(openpyxl.load_workbook(io.BytesIO(data)).sheetnames) == 11


@pytest.mark.parametrize(
    "text",
    ["plain", "=HYPERLINK(\"http://x\",\"y\")", "+SUM(A1:A9)", "-1", "@cmd", "\tTabbed", "bell\x07and\x1fus",
     "#N/A", "x" * 40_000, "surrogate \ud800 here"],
    ids=["plain", "formula", "plus", "minus", "at", "tab", "controls", "error-code", "long", "surrogate"],
)  # fmt: skip
def test_text_cell_holds_what_openpyxl_setter_would_after_neutralising(text: str) -> None:
    """The review workbook sets a text cell's value directly (without openpyxl's scan for characters a worksheet
    cannot hold, which xml_text has replaced): the same string as the setter leaves, cut at 32,767 characters,
    never a formula."""
    from pacomply.reports.xlsx import _write
    from pacomply.submissions.files import neutralise_formula, xml_text

    sheet = openpyxl.Workbook().active
    ours, theirs = sheet["A1"], sheet["A2"]
    _write(ours, text)
    theirs.value = neutralise_formula(xml_text(text))
    theirs.data_type = "s"
    assert (ours.value, ours.data_type) == (theirs.value, "s")
    assert len(ours.value) <= 32_767
    assert ours.value[0] not in "=+-@\t"


def test_a_sheet_adds_each_of_its_distinct_styles_to_the_workbook_once_not_once_a_cell(
    violations_review: Review, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The plain rows find a cell's style index by the style's bytes: the workbook's list of styles (whose look-up
    hashes the style cell by cell) is asked once per distinct style of a sheet, and the bytes are unchanged (the
    tests above compare them with openpyxl's own writer)."""
    from openpyxl.styles.cell_style import StyleArray
    from openpyxl.utils.indexed_list import IndexedList

    asked: list[StyleArray] = []
    add = IndexedList.add

    def noted(self: IndexedList, value: object) -> int:
        if isinstance(value, StyleArray):  # a cell's style (fonts, fills and the rest are other lists' values)
            asked.append(value)
        return add(self, value)

    monkeypatch.setattr(IndexedList, "add", noted)
    workbook = workbook_for(violations_review)
    styled = sum(1 for sheet in workbook.worksheets for cell in sheet._cells.values() if cell.has_style)
    asked.clear()
    xlsx_writer.workbook_bytes(workbook, document_datetime(violations_review))
    assert styled > 500, "the review workbook styles every body cell"
    assert 0 < len(asked) <= len(workbook.worksheets) * len(workbook._cell_styles)


def test_a_plain_sheet_is_written_without_openpyxls_stream_and_a_sheet_with_links_through_it(
    violations_review: Review, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A sheet whose rows are plain and whose other elements have no namespace is written at once, in the markup
    openpyxl's stream gives (the bytes are compared with openpyxl's own writer above); the Findings sheet, whose
    links carry a relationship's namespace, is written through that stream."""
    from openpyxl.worksheet._writer import WorksheetWriter

    streams: list[str] = []
    get_stream = WorksheetWriter.get_stream

    def noted(self: WorksheetWriter) -> object:
        streams.append(self.ws.title)
        return get_stream(self)

    monkeypatch.setattr(WorksheetWriter, "get_stream", noted)
    workbook = workbook_for(violations_review)
    linked = [sheet.title for sheet in workbook.worksheets if any(cell.hyperlink for cell in sheet._cells.values())]
    xlsx_writer.workbook_bytes(workbook, document_datetime(violations_review))
    assert len(workbook.worksheets) == 11
    assert streams == linked == ["Findings"]


def test_a_short_text_cell_met_again_is_taken_from_the_bounded_cache_with_the_same_text() -> None:
    from pacomply.reports.xlsx import _KEPT_TEXT, _short_cell_text, _write

    sheet = openpyxl.Workbook().active
    before = _short_cell_text.cache_info()
    for row in (1, 2):
        _write(sheet.cell(row=row, column=1), '=HYPERLINK("http://x","y") \x07')
        _write(sheet.cell(row=row, column=2), "=" + "x" * _KEPT_TEXT)  # too long to keep: made each time
    after = _short_cell_text.cache_info()
    assert (after.hits - before.hits, after.misses - before.misses) in {(1, 1), (2, 0)}  # met before or not
    assert sheet["A1"].value == sheet["A2"].value == '\'=HYPERLINK("http://x","y") \ufffd'
    assert sheet["B1"].value == sheet["B2"].value == "'=" + "x" * _KEPT_TEXT
    assert after.maxsize == 4096  # bounded: at most 4,096 texts of at most _KEPT_TEXT characters


def test_cells_of_one_style_share_it_read_only_and_a_cell_restyled_gets_its_own(violations_review: Review) -> None:
    """A sheet's cells of one style hold one shared style array: openpyxl's setters cannot change it in place (which
    would restyle every cell holding it), and the review's own restyling gives the cell a copy first."""
    from pacomply.reports.xlsx import SEVERITY_FILLS, SharedStyle, _set_style

    sheet = workbook_for(violations_review)["Paytables"]
    first, second = sheet["A2"], sheet["B2"]
    assert type(first._style) is SharedStyle and first._style is second._style
    before = second.fill.fgColor.rgb
    with pytest.raises(TypeError, match="read-only"):
        first.number_format = "0.00"
    _set_style(first, fill=SEVERITY_FILLS[violations_review.findings[0].severity])
    assert first._style is not second._style
    assert first.fill.fgColor.rgb != before == second.fill.fgColor.rgb


def test_a_style_sheet_is_made_once_for_workbooks_of_the_same_styles_and_anew_for_others(
    violations_review: Review, compliant_review: Review, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The writer keeps the style sheets it makes, by everything openpyxl makes one from: the same review twice
    makes it once; a review of other styles (no severity colours) makes its own, the one openpyxl writes for it (the
    bytes are compared with openpyxl's own writer above)."""
    made: list[object] = []
    write_stylesheet = xlsx_writer.write_stylesheet

    def noted(workbook: openpyxl.Workbook) -> object:
        made.append(workbook)
        return write_stylesheet(workbook)

    monkeypatch.setattr(xlsx_writer, "_STYLESHEETS", {})
    monkeypatch.setattr(xlsx_writer, "write_stylesheet", noted)
    stamp = document_datetime(violations_review)
    first = xlsx_writer.workbook_bytes(workbook_for(violations_review), stamp)
    again = xlsx_writer.workbook_bytes(workbook_for(violations_review), stamp)
    other = xlsx_writer.workbook_bytes(workbook_for(compliant_review), stamp)
    assert first == again
    assert len(made) == 2

    def styles(data: bytes) -> bytes:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            return archive.read("xl/styles.xml")

    assert styles(first) != styles(other)
    assert b"F8D7DA" in styles(first) and b"F8D7DA" not in styles(other)
