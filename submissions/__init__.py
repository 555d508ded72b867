"""The Rules Submission as data: the Filing model, its readers (xlsx, JSON, PDF) and the template writer."""

from __future__ import annotations

from pathlib import Path

from submissions.errors import InputError, InputProblem
from submissions.model import Filing, SourceLocation

__all__ = ["Filing", "InputError", "InputProblem", "SourceLocation", "read_filing"]


def read_filing(path: Path) -> Filing:
    """Read a filing by its extension (.xlsx, .json); :class:`InputError` for anything unreadable."""
    suffix = path.suffix.lower()
    if suffix in {".xlsx", ".xlsm"}:
        from submissions.readers.xlsx import read_xlsx

        return read_xlsx(path)
    if suffix == ".json":
        from submissions.readers.json import read_json

        return read_json(path)
    raise InputError.single(
        SourceLocation(file=path.name), f"'{path.suffix or path.name}' is not a filing format; expected .xlsx or .json"
    )
