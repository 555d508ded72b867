"""The openpyxl workbook writer (``submissions.xlsx_writer``, which writes the filing template): a worksheet
serialised in memory, its rows of plain cells at once, gives the bytes openpyxl's own writer gives for the same
workbook, and leaves no file behind. The report workbooks are written without openpyxl (``test_xlsx_package``)."""

from __future__ import annotations

import io
import zipfile
from datetime import date, datetime
from decimal import Decimal

import openpyxl
import pytest
from openpyxl.writer.excel import ExcelWriter
from pacomply.submissions import xlsx_writer
from pacomply.submissions.template import workbook_bytes as template_bytes

STAMP = datetime(2026, 11, 2)


def _openpyxl_writer(monkeypatch: pytest.MonkeyPatch) -> None:
    """Save through openpyxl's own ExcelWriter (its worksheets through temporary files, cell by cell)."""
    monkeypatch.setattr(xlsx_writer, "_InMemoryExcelWriter", ExcelWriter)


def test_template_is_the_bytes_openpyxl_writes(monkeypatch: pytest.MonkeyPatch) -> None:
    our_template = template_bytes(["686a"])
    _openpyxl_writer(monkeypatch)
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


def test_a_workbook_is_written_without_temporary_files(monkeypatch: pytest.MonkeyPatch) -> None:
    from openpyxl.worksheet import _writer

    def refuse(*_arguments: object, **_keywords: object) -> str:
        raise AssertionError("a worksheet was written through a temporary file")

    monkeypatch.setattr(_writer, "create_temporary_file", refuse)
    data = template_bytes(["686a"])
    assert "686a" in openpyxl.load_workbook(io.BytesIO(data)).sheetnames


def test_a_style_sheet_is_made_once_for_workbooks_of_the_same_styles_and_anew_for_others(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The writer keeps the style sheets it makes, by everything openpyxl makes one from: the same workbook twice
    makes it once; a workbook of other styles (one more fill) makes its own, the one openpyxl writes for it (the
    bytes are compared with openpyxl's own writer above)."""
    made: list[object] = []
    write_stylesheet = xlsx_writer.write_stylesheet

    def noted(workbook: openpyxl.Workbook) -> object:
        made.append(workbook)
        return write_stylesheet(workbook)

    monkeypatch.setattr(xlsx_writer, "_STYLESHEETS", {})
    monkeypatch.setattr(xlsx_writer, "write_stylesheet", noted)
    first = xlsx_writer.workbook_bytes(_edge_workbook(), STAMP)
    again = xlsx_writer.workbook_bytes(_edge_workbook(), STAMP)
    other_workbook = _edge_workbook()
    other_workbook.active["A9"].fill = openpyxl.styles.PatternFill("solid", start_color="D4EDDA", end_color="D4EDDA")
    other = xlsx_writer.workbook_bytes(other_workbook, STAMP)
    assert first == again
    assert len(made) == 2

    def styles(data: bytes) -> bytes:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            return archive.read("xl/styles.xml")

    assert styles(first) != styles(other)
    assert b"D4EDDA" in styles(other) and b"D4EDDA" not in styles(first)
