"""What a batch's processes import before their reviews can start: openpyxl (read by every workbook filing, written
by every workbook review) is loaded without numpy, whose import was more than half of openpyxl's, unless something
else loaded numpy first; the workbook's cells are the same either way."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# The modules loaded by a review of one workbook filing with its workbook review, and that workbook's cells: value,
# type and number format of every cell of every sheet; ``numpy_first`` imports numpy before pacomply.
_WORKBOOK_REVIEW = """
import json, sys
if sys.argv[1] == "numpy_first":
    import numpy
from pathlib import Path
from pacomply.reports.interface import ReportFormat
from pacomply.review_service import review_path
outcome = review_path(Path("examples/686a-violations.xlsx"), render=(ReportFormat("xlsx"),))
import io, openpyxl, openpyxl.compat.numbers
workbook = openpyxl.load_workbook(io.BytesIO(outcome.rendered[0][1]))
cells = [[sheet.title, cell.coordinate, repr(cell.value), cell.data_type, cell.number_format]
         for sheet in workbook.worksheets for row in sheet.iter_rows() for cell in row]
print(json.dumps({"numpy": "numpy" in sys.modules, "openpyxl_numpy": openpyxl.compat.numbers.NUMPY,
                  "cells": cells}))
"""


def _review(how: str) -> dict[str, object]:
    completed = subprocess.run(
        [sys.executable, "-c", _WORKBOOK_REVIEW, how], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert completed.returncode == 0, completed.stderr
    return json.loads(completed.stdout.rstrip().rsplit("\n", 1)[-1])


def test_a_workbook_filing_reviewed_into_a_workbook_loads_openpyxl_without_numpy() -> None:
    found = _review("alone")
    assert found["numpy"] is False
    assert found["openpyxl_numpy"] is False


def test_where_numpy_is_loaded_first_openpyxl_keeps_it_and_the_workbook_cells_are_the_same() -> None:
    without = _review("alone")
    with_numpy = _review("numpy_first")
    assert with_numpy["openpyxl_numpy"] is True
    assert with_numpy["cells"] == without["cells"]
    assert len(without["cells"]) > 100  # every sheet's cells were read, not an empty workbook
