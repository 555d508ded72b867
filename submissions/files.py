"""Writing files safely: atomically, never over an input, and never leaving a half-written file behind."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterable
from pathlib import Path


class OutputRefused(Exception):
    """An output path that pacomply will not write (it is an input, or exists and may not be replaced)."""


def check_output_path(path: Path, inputs: Iterable[Path] = (), overwrite: bool = True) -> None:
    """Refuse to write over any input file, or over an existing file when ``overwrite`` is false."""
    resolved = path.resolve()
    for input_path in inputs:
        # resolve() sees through symbolic links; samefile() also catches a hard link to the input.
        same = input_path.exists() and (
            input_path.resolve() == resolved or (path.exists() and os.path.samefile(input_path, path))
        )
        if same:
            raise OutputRefused(f"'{path}' is an input of this run; pacomply never writes over its input")
    if path.exists() and not overwrite:
        raise OutputRefused(f"'{path}' already exists; choose another name or pass --force")
    if path.exists() and path.is_dir():
        raise OutputRefused(f"'{path}' is a folder, not a file")


def _created_file_mode() -> int:
    """The mode an ordinary new file gets here (0o666 less the umask); mkstemp's own 0o600 would hide reports."""
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def open_staged(path: Path) -> tuple[int, Path]:
    """A temporary file beside ``path`` (same folder, so the rename is atomic) with ordinary permissions."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    os.fchmod(handle, _created_file_mode())
    return handle, Path(temporary)


def write_atomically(path: Path, content: bytes) -> None:
    """Write to a temporary file beside ``path`` and rename it into place, so readers see all or nothing."""
    handle, temporary = open_staged(path)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(content)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def neutralise_formula(text: str) -> str:
    """Text that a spreadsheet would run as a formula is written with a leading apostrophe-safe quote."""
    if text and text[0] in "=+-@\t\r":
        return "'" + text
    return text
