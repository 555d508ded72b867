"""Real files that reached the reader damaged, amended or made by other software, each read for what it holds or
refused saying what is wrong with it."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest

from tests.io.support import EXAMPLES, assert_input_refused, run_pacomply

COMPLIANT = EXAMPLES / "686a-compliant.xlsx"


def _first_part_span(workbook: bytes) -> tuple[str, int, int]:
    """The first part in the file (by offset): its name and where its stored bytes start and end."""
    archive = zipfile.ZipFile(io.BytesIO(workbook))
    first = min(archive.infolist(), key=lambda member: member.header_offset)
    name_length = len(first.filename.encode())
    start = first.header_offset + 30 + name_length + len(first.extra)
    return first.filename, start, start + first.compress_size


def test_compliant_example_reads_compliant_so_a_refusal_below_is_the_damage() -> None:
    assert run_pacomply("validate", COMPLIANT).exit_code == 0


@pytest.mark.parametrize("damage", ["bytes lost", "not yet written"])
def test_workbook_cut_short_is_refused_with_exit_2_not_reviewed(tmp_path: Path, damage: str) -> None:
    # The directory at the end of the file is intact and the sheets a filing is read from still open, so the
    # reader used to review the file and exit 0: bytes lost inside a part the filing does not read (its document
    # properties), or that part's bytes still zero, as a copy written out of order leaves it.
    original = COMPLIANT.read_bytes()
    name, start, end = _first_part_span(original)
    assert not name.startswith("xl/worksheets"), "the damaged part must be one the filing is not read from"
    middle = (start + end) // 2
    if damage == "bytes lost":
        damaged = original[:middle] + original[middle + 20 :]
    else:
        damaged = original[:start] + bytes(end - start) + original[end:]
    path = tmp_path / "cut-short.xlsx"
    path.write_bytes(damaged)
    run = run_pacomply("validate", path)
    assert_input_refused(run, "cut-short.xlsx", "damaged or cut short", f"'{name}'")
