"""Property suite: mutated filings never crash pacomply, never get an exit code other than 0/1/2, never write
anywhere but the requested output.

Mutations start from the bundled example filings and change cells (values of every type, formulas, unicode),
sheets (dropped, renamed, added, rows deleted), JSON structure (values replaced, keys dropped or added) and raw
bytes (of the xlsx's XML parts, of the zip itself, of JSON text and of a printed PDF). Hypothesis runs
derandomised (the same cases on every run, no example database) so CI is reproducible.

Case counts: each property runs twice, as a quick test in the default suite (``QUICK_TOTAL``, 150 cases in all,
about a second each; 300 before the default suite was cut to three minutes) and as a ``slow``-marked wide twin
(``..._wide``, 2,000 cases in all, about a minute on 2 cores;
``PACOMPLY_FUZZ_TOTAL`` scales the wide run, ``bench/fuzz.py`` sets 10,000). Both are derandomised: the quick run's
cases are the same on every run.
"""

from __future__ import annotations

import io
import json
import os
import tempfile
import zipfile
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pacomply.submissions import read_filing
from pacomply.submissions.print_pdf import filing_pdf_bytes

from tests.io.support import EXAMPLES, run_pacomply

# Share of the cases each property gets, of the quick total in the default suite and of the wide one in `slow`.
WEIGHTS = {
    "xlsx_cells": 0.26,
    "waiver_bytes": 0.04,
    "xlsx_sheets": 0.10,
    "xlsx_xml_bytes": 0.15,
    "xlsx_zip_bytes": 0.05,
    "json_structure": 0.22,
    "json_bytes": 0.10,
    "pdf_bytes": 0.08,
}
QUICK_TOTAL = 150
WIDE_TOTAL = int(os.environ.get("PACOMPLY_FUZZ_TOTAL", "2000"))


def _settings(name: str, total: int) -> Any:
    return settings(
        max_examples=max(1, round(total * WEIGHTS[name])),
        derandomize=True,
        database=None,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example],
        print_blob=True,
    )


def _load_cells(path: Path) -> dict[str, list[list[object]]]:
    from openpyxl import load_workbook

    workbook = load_workbook(path)
    return {sheet.title: [list(row) for row in sheet.iter_rows(values_only=True)] for sheet in workbook.worksheets}


BASE_CELLS = _load_cells(EXAMPLES / "686a-violations.xlsx")
BASE_XLSX = (EXAMPLES / "686a-violations.xlsx").read_bytes()
BASE_JSON = json.loads((EXAMPLES / "686a-violations.json").read_text(encoding="utf-8"))
BASE_PDF = filing_pdf_bytes(read_filing(EXAMPLES / "686a-violations.xlsx"))

INTERESTING_TEXT = [
    "Yes", "No", "yes ", "Y", "x", "", " ", "６", "6\u200b", "\u202eYes", "ＹＥＳ", "Y\u0435s", "\u00a06", "$25,000",
    "-5", "1e400", "1e999999", "-1e-999999", "NaN", "Infinity",
    "0.30", "93.6", "bonus=A; tie", "bonus=", "=bonus", "automated", "continuous",
    "double shoe", "hand", "686a", "687a", "999a", "card reader; rng", "=1+1", "=A1", '=IF(1,"Yes","No")',
    "+cmd|' /C calc'!A0", "@SUM(1)", "2026-11-02", "11/22/2026", "99999999999999999999", "OU-1", "OU-1 ", "../../x",
]  # fmt: skip
SHEET_NAMES = ["Filing", "Tables", "686a", "686A", " tables ", "687a", "633a", "Notes", "Sheet1", "filing"]

xml_text = st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc")), max_size=40)
cell_values = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**15), max_value=10**15),
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from(INTERESTING_TEXT),
    xml_text,
    st.dates(min_value=date(1900, 3, 1), max_value=date(2200, 1, 1)),
)
json_values = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(min_value=-(10**30), max_value=10**30),
        st.floats(allow_nan=False, allow_infinity=False),
        st.sampled_from(INTERESTING_TEXT),
        st.text(max_size=20),
    ),
    lambda children: st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=8), children, max_size=3),
    max_leaves=6,
)


def _workbook_bytes(sheets: dict[str, list[list[object]]]) -> bytes:
    from openpyxl import Workbook

    workbook = Workbook(write_only=True)  # several times faster to save than a normal workbook
    for name, rows in sheets.items():
        sheet = workbook.create_sheet(name)
        for row in rows:
            sheet.append(row)
    stream = io.BytesIO()
    workbook.save(stream)
    return stream.getvalue()


def _check_run(name: str, content: bytes, output_format: str = "json", waivers: bytes | None = None) -> None:
    """Run ``validate`` on ``content`` (with a waiver file, if given) in a fresh folder and check every property."""
    with tempfile.TemporaryDirectory(prefix="pacomply-fuzz-") as folder_name:
        folder = Path(folder_name)
        filing = folder / name
        filing.write_bytes(content)
        extra: list[str | Path] = []
        if waivers is not None:
            (folder / "waivers.toml").write_bytes(waivers)
            extra = ["--waivers", folder / "waivers.toml"]
        report = folder / "out" / "report.out"
        before = {path for path in folder.rglob("*")}
        previous = Path.cwd()
        os.chdir(folder)  # anything written to a relative path would land here and be caught below
        try:
            run = run_pacomply("validate", filing, "--format", output_format, "--output", report, *extra)
        finally:
            os.chdir(previous)
        assert run.exception is None, f"pacomply raised {run.exception!r}"
        assert "Traceback" not in run.stdout + run.stderr
        assert run.exit_code in (0, 1, 2), run.exit_code
        assert filing.read_bytes() == content, "the input was modified"
        after = {path for path in folder.rglob("*")}
        written = {path for path in after - before if path.is_file()}
        if run.exit_code == 2:
            assert written == set(), f"wrote {written} for an unreadable filing"
            problems = [line for line in run.stderr.splitlines() if line.startswith("  ")]
            assert problems, run.stderr
            assert all(": " in line for line in problems), run.stderr  # every problem has a location
        else:
            assert written == {report}, f"wrote {written}, expected only {report}"
            if output_format == "json":
                review = json.loads(report.read_text(encoding="utf-8"))
                assert review["verdict"]["compliant"] == (run.exit_code == 0)


@st.composite
def cell_mutations(draw: st.DrawFn) -> dict[str, list[list[object]]]:
    sheets = {name: [list(row) for row in rows] for name, rows in BASE_CELLS.items()}
    for _ in range(draw(st.integers(1, 6))):
        name = draw(st.sampled_from(sorted(sheets)))
        rows = sheets[name]
        row = draw(st.integers(0, len(rows) + 2))
        column = draw(st.integers(0, 15))
        while len(rows) <= row:
            rows.append([])
        while len(rows[row]) <= column:
            rows[row].append(None)
        rows[row][column] = draw(cell_values)
    return sheets


@st.composite
def sheet_mutations(draw: st.DrawFn) -> dict[str, list[list[object]]]:
    sheets = {name: [list(row) for row in rows] for name, rows in BASE_CELLS.items()}
    for _ in range(draw(st.integers(1, 3))):
        operation = draw(st.sampled_from(["drop", "rename", "add", "delete_row", "duplicate_row", "clear"]))
        name = draw(st.sampled_from(sorted(sheets)))
        if operation == "drop" and len(sheets) > 1:
            del sheets[name]
        elif operation == "rename":
            new_name = draw(st.sampled_from(SHEET_NAMES))
            if new_name not in sheets:
                sheets[new_name] = sheets.pop(name)
        elif operation == "add":
            new_name = draw(st.sampled_from(SHEET_NAMES))
            if new_name not in sheets:
                sheets[new_name] = draw(st.lists(st.lists(cell_values, max_size=6), max_size=6))
        elif operation == "delete_row" and sheets[name]:
            del sheets[name][draw(st.integers(0, len(sheets[name]) - 1))]
        elif operation == "duplicate_row" and sheets[name]:
            index = draw(st.integers(0, len(sheets[name]) - 1))
            sheets[name].insert(index, list(sheets[name][index]))
        elif operation == "clear":
            sheets[name] = []
    return sheets


def _mutate_bytes(draw: st.DrawFn, data: bytes) -> bytes:
    buffer = bytearray(data)
    for _ in range(draw(st.integers(1, 4))):
        operation = draw(st.sampled_from(["flip", "insert", "delete", "truncate", "overwrite"]))
        position = draw(st.integers(0, max(0, len(buffer) - 1)))
        if operation == "flip" and buffer:
            buffer[position] ^= 1 << draw(st.integers(0, 7))
        elif operation == "insert":
            buffer[position:position] = draw(st.binary(min_size=1, max_size=16))
        elif operation == "delete":
            del buffer[position : position + draw(st.integers(1, 32))]
        elif operation == "truncate":
            del buffer[position:]
        elif operation == "overwrite":
            patch = draw(st.binary(min_size=1, max_size=16))
            buffer[position : position + len(patch)] = patch
    return bytes(buffer)


@st.composite
def xml_byte_mutations(draw: st.DrawFn) -> bytes:
    """Mutate the XML of one part and re-zip it properly, so the damage reaches the XML parser."""
    source = zipfile.ZipFile(io.BytesIO(BASE_XLSX))
    names = sorted(info.filename for info in source.infolist())
    target_name = draw(st.sampled_from(names))
    output = io.BytesIO()
    with zipfile.ZipFile(output, "w", zipfile.ZIP_DEFLATED) as target:
        for name in names:
            data = source.read(name)
            target.writestr(name, _mutate_bytes(draw, data) if name == target_name else data)
    return output.getvalue()


@st.composite
def zip_byte_mutations(draw: st.DrawFn) -> bytes:
    return _mutate_bytes(draw, BASE_XLSX)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    paths = [prefix]
    if isinstance(value, dict):
        for key, child in value.items():
            paths += _paths(child, (*prefix, key))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            paths += _paths(child, (*prefix, index))
    return paths


JSON_PATHS = _paths(BASE_JSON)[1:]


@st.composite
def json_structure_mutations(draw: st.DrawFn) -> bytes:
    data = json.loads(json.dumps(BASE_JSON))
    for _ in range(draw(st.integers(1, 4))):
        path = draw(st.sampled_from(JSON_PATHS))
        parent: Any = data
        try:
            for part in path[:-1]:
                parent = parent[part]
            operation = draw(st.sampled_from(["replace", "delete", "add"]))
            if operation == "replace":
                parent[path[-1]] = draw(json_values)
            elif operation == "delete":
                del parent[path[-1]]
            elif isinstance(parent, dict):
                parent[draw(st.text(max_size=10))] = draw(json_values)
            elif isinstance(parent, list):
                parent.append(draw(json_values))
        except (KeyError, IndexError, TypeError):
            continue  # an earlier mutation removed or retyped this path
    return json.dumps(data, ensure_ascii=draw(st.booleans())).encode("utf-8")


@st.composite
def json_byte_mutations(draw: st.DrawFn) -> bytes:
    return _mutate_bytes(draw, json.dumps(BASE_JSON).encode("utf-8"))


BASE_WAIVERS = b"""[[waiver]]
rule = "686A-004"
table = "OU-4"
justification = "Replacement rack on order."
approval = "PGCB waiver W-2026-117"
expires = 2099-06-30

[[waiver]]
rule = "686A-103"
justification = "Bonus signage approved."
approval = "PGCB waiver W-2026-118"
expires = 2001-01-01
"""


@st.composite
def waiver_byte_mutations(draw: st.DrawFn) -> bytes:
    return _mutate_bytes(draw, BASE_WAIVERS)


@st.composite
def pdf_byte_mutations(draw: st.DrawFn) -> bytes:
    return _mutate_bytes(draw, BASE_PDF)


def _quick_and_wide(name: str, **strategies: Any) -> Callable[[Callable[..., None]], tuple[Any, Any]]:
    """The property as two tests: a quick one of ``QUICK_TOTAL``'s share and a ``slow`` one of ``WIDE_TOTAL``'s."""

    def both(check: Callable[..., None]) -> tuple[Any, Any]:
        quick = _settings(name, QUICK_TOTAL)(given(**strategies)(check))
        wide = pytest.mark.slow(_settings(name, WIDE_TOTAL)(given(**strategies)(check)))
        return quick, wide

    return both


@_quick_and_wide("xlsx_cells", sheets=cell_mutations(), output_format=st.sampled_from(["json", "text"]))
def _xlsx_cells(sheets: dict, output_format: str) -> None:
    _check_run("filing.xlsx", _workbook_bytes(sheets), output_format)


@_quick_and_wide("xlsx_sheets", sheets=sheet_mutations())
def _xlsx_sheets(sheets: dict) -> None:
    _check_run("filing.xlsx", _workbook_bytes(sheets))


@_quick_and_wide("xlsx_xml_bytes", content=xml_byte_mutations())
def _xlsx_xml_bytes(content: bytes) -> None:
    _check_run("filing.xlsx", content)


@_quick_and_wide("xlsx_zip_bytes", content=zip_byte_mutations())
def _xlsx_zip_bytes(content: bytes) -> None:
    _check_run("filing.xlsx", content)


@_quick_and_wide("json_structure", content=json_structure_mutations())
def _json_structure(content: bytes) -> None:
    _check_run("filing.json", content)


@_quick_and_wide("json_bytes", content=json_byte_mutations())
def _json_bytes(content: bytes) -> None:
    _check_run("filing.json", content)


@_quick_and_wide("pdf_bytes", content=pdf_byte_mutations())
def _pdf_bytes(content: bytes) -> None:
    _check_run("filing.pdf", content)


@_quick_and_wide("waiver_bytes", waivers=waiver_byte_mutations(), output_format=st.sampled_from(["json", "text"]))
def _waiver_bytes(waivers: bytes, output_format: str) -> None:
    _check_run("filing.xlsx", BASE_XLSX, output_format, waivers=waivers)


(
    test_fuzz_xlsx_cell_mutations_exit_0_1_or_2_without_traceback,
    test_fuzz_xlsx_cell_mutations_exit_0_1_or_2_without_traceback_wide,
) = _xlsx_cells
(
    test_fuzz_xlsx_sheet_mutations_exit_0_1_or_2_without_traceback,
    test_fuzz_xlsx_sheet_mutations_exit_0_1_or_2_without_traceback_wide,
) = _xlsx_sheets
(
    test_fuzz_xlsx_xml_byte_mutations_exit_0_1_or_2_without_traceback,
    test_fuzz_xlsx_xml_byte_mutations_exit_0_1_or_2_without_traceback_wide,
) = _xlsx_xml_bytes
(
    test_fuzz_xlsx_zip_byte_mutations_exit_0_1_or_2_without_traceback,
    test_fuzz_xlsx_zip_byte_mutations_exit_0_1_or_2_without_traceback_wide,
) = _xlsx_zip_bytes
(
    test_fuzz_json_structure_mutations_exit_0_1_or_2_without_traceback,
    test_fuzz_json_structure_mutations_exit_0_1_or_2_without_traceback_wide,
) = _json_structure
(
    test_fuzz_json_byte_mutations_exit_0_1_or_2_without_traceback,
    test_fuzz_json_byte_mutations_exit_0_1_or_2_without_traceback_wide,
) = _json_bytes
(
    test_fuzz_pdf_byte_mutations_exit_0_1_or_2_without_traceback,
    test_fuzz_pdf_byte_mutations_exit_0_1_or_2_without_traceback_wide,
) = _pdf_bytes
(
    test_fuzz_waiver_file_mutations_exit_0_1_or_2_without_traceback,
    test_fuzz_waiver_file_mutations_exit_0_1_or_2_without_traceback_wide,
) = _waiver_bytes
