"""Writing files safely: atomically, never over an input, and never leaving a half-written file behind."""

from __future__ import annotations

import os
import stat
import tempfile
import time
from collections.abc import Iterable
from pathlib import Path

# Staged files carry this marker so that a later run can tell its own leftovers (from a run killed between
# creating and renaming one) from anything else that happens to end in .tmp.
STAGED_MARKER = ".pacomply-"
STAGED_SUFFIX = ".tmp"
# A staged file lives for the seconds it takes to write one report; one an hour old belongs to no live run.
STALE_STAGED_SECONDS = 3600
_SWEPT: set[Path] = set()  # folders already cleaned by this process (a batch writes many files into one)


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


def _set_ordinary_mode(handle: int, temporary: str) -> None:
    """Give the staged file the mode a new file gets here; os.fchmod exists on Windows only from Python 3.13."""
    fchmod = getattr(os, "fchmod", None)
    if fchmod is not None:
        fchmod(handle, _created_file_mode())
    else:  # Windows before 3.13: only the read-only flag exists, and mkstemp leaves the file writable
        os.chmod(temporary, _created_file_mode())


def remove_stale_staged(folder: Path, now: float | None = None) -> list[Path]:
    """Delete the staged files a killed run left in ``folder``: only pacomply's own, only those over an hour old.

    Only plain files named ``.<name>.pacomply-<random>.tmp`` and (where the system has owners) owned by this
    user are considered; a failure to delete one is not an error of this run.
    """
    removed: list[Path] = []
    limit = (time.time() if now is None else now) - STALE_STAGED_SECONDS
    try:
        candidates = list(folder.glob(f".*{STAGED_MARKER}*{STAGED_SUFFIX}"))
    except OSError:
        return removed
    for candidate in candidates:
        try:
            status = candidate.lstat()
            if not stat.S_ISREG(status.st_mode) or status.st_mtime > limit:
                continue
            if hasattr(os, "getuid") and status.st_uid != os.getuid():
                continue
            candidate.unlink()
        except OSError:
            continue
        removed.append(candidate)
    return removed


def open_staged(path: Path) -> tuple[int, Path]:
    """A temporary file beside ``path`` (same folder, so the rename is atomic) with ordinary permissions."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.parent not in _SWEPT:
        _SWEPT.add(path.parent)
        remove_stale_staged(path.parent)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}{STAGED_MARKER}", suffix=STAGED_SUFFIX, dir=path.parent)
    try:
        _set_ordinary_mode(handle, temporary)
    except BaseException:
        os.close(handle)
        Path(temporary).unlink(missing_ok=True)
        raise
    return handle, Path(temporary)


def write_staged(handle: int, content: bytes) -> None:
    """Write ``content`` into a file :func:`open_staged` opened, close it, and flush it to disk (that file, not every
    disk of the machine), ready to be renamed into place."""
    with os.fdopen(handle, "wb") as stream:
        stream.write(content)
        stream.flush()
        os.fsync(stream.fileno())


def write_atomically(path: Path, content: bytes) -> None:
    """Write to a temporary file beside ``path`` and rename it into place, so readers see all or nothing."""
    handle, temporary = open_staged(path)
    try:
        write_staged(handle, content)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def write_to_special(path: Path, content: bytes) -> bool:
    """Write to ``path`` in place when it is a device or a pipe (``-o /dev/stdout``, a FIFO), and say so; False
    for a regular file or a new path, which are written atomically instead.

    A rename onto a device would replace the device by a regular file (as root, ``/dev/null`` itself); a device
    or pipe has no half-written state for an atomic write to avoid.
    """
    try:
        status = path.stat()
    except OSError:
        return False
    if stat.S_ISREG(status.st_mode) or stat.S_ISDIR(status.st_mode):
        return False
    with path.open("wb") as stream:
        stream.write(content)
        stream.flush()
    return True


# What XML 1.0 cannot hold (controls other than tab and line ends, surrogates, U+FFFE/U+FFFF): a workbook or
# JUnit file holding one does not open at all, so a writer replaces it with U+FFFD whatever reached it.
_NOT_XML = dict.fromkeys(
    [*(code for code in range(0x20) if code not in (0x09, 0x0A, 0x0D)), *range(0xD800, 0xE000), 0xFFFE, 0xFFFF],
    "\ufffd",
)


def xml_text(text: str) -> str:
    """Text an XML document (xlsx, JUnit) can hold."""
    return text.translate(_NOT_XML)


def neutralise_formula(text: str) -> str:
    """Text that a spreadsheet would run as a formula is written with a leading apostrophe-safe quote."""
    if text and text[0] in "=+-@\t\r":
        return "'" + text
    return text
