"""The Rules Submission as data: the Filing model, its readers (xlsx, JSON, PDF) and the template writer."""

from __future__ import annotations

import os
from pathlib import Path

from pacomply.submissions.errors import InputError, InputProblem
from pacomply.submissions.model import Filing, SourceLocation

__all__ = [
    "OTHER_SPREADSHEET_SUFFIXES",
    "Filing",
    "InputError",
    "InputProblem",
    "SourceLocation",
    "not_a_regular_file",
    "other_format_reason",
    "read_filing",
    "sniff_content",
]

_EXPECTED = {".xlsx": "xlsx", ".xlsm": "xlsx", ".json": "json", ".pdf": "pdf"}
_FILING_NAMES = {"xlsx": "an Excel workbook", "pdf": "a PDF document", "json": "a JSON filing"}
_CONTENT_NAMES = {
    "xlsx": "a zip archive (an Excel workbook or another Office file)",
    "pdf": "a PDF document",
    "json": "JSON text",
    "ole": "an Excel 97-2003 (.xls) or password-protected Office file",
    "empty": "empty",
    "text": "plain text",
    "binary": "binary data of an unknown kind",
}


def sniff_content(head: bytes) -> str:
    """What the first bytes of a file say it is: xlsx (zip), pdf, json, ole, empty, text or binary."""
    stripped = head.removeprefix(b"\xef\xbb\xbf").lstrip()
    if not head:
        return "empty"
    if head.startswith(b"PK\x03\x04") or head.startswith(b"PK\x05\x06"):
        return "xlsx"
    if head.lstrip().startswith(b"%PDF-"):
        return "pdf"
    if head.startswith(b"\xd0\xcf\x11\xe0"):
        return "ole"
    if stripped[:1] in {b"{", b"["}:
        return "json"
    from pacomply.submissions.readers.json import json_encoding

    encoding = json_encoding(head)
    if encoding not in {"utf-8", "utf-8-sig"}:  # UTF-16 as Windows Notepad saves "Unicode", or UTF-32
        text = head[: len(head) - len(head) % 4].decode(encoding, errors="replace").lstrip()
        return "json" if text[:1] in {"{", "["} else "text"
    if b"%PDF-" in head[:1024]:
        return "pdf"  # the PDF specification lets the header sit anywhere in the first 1024 bytes
    try:
        head.decode("utf-8")
    except UnicodeDecodeError:
        return "binary"
    return "text"


def read_filing(path: Path) -> Filing:
    """Read a filing by its extension (.xlsx, .json, .pdf); :class:`InputError` for anything unreadable.

    The content must be what the extension says: a PDF named .xlsx is refused with a message saying so, rather
    than handed to a parser built for another format.
    """
    location = SourceLocation(file=path.name)
    suffix = path.suffix.lower()
    expected = _EXPECTED.get(suffix)
    if expected is None:
        raise InputError.single(location, other_format_reason(path))
    not_a_file = not_a_regular_file(path)
    if not_a_file is not None:
        raise InputError.single(location, not_a_file)
    try:
        before = _identity(path)
        with path.open("rb") as stream:
            head = stream.read(1024)
    except OSError as error:
        raise InputError.single(location, f"the file could not be read ({error.strerror or error})") from None
    content = sniff_content(head)
    if content != expected and not (expected == "json" and content == "text"):
        raise InputError.single(
            location,
            f"the file is not {_FILING_NAMES[expected]}: it is named {suffix} but its content is "
            f"{_CONTENT_NAMES[content]}",
        )
    try:
        filing = _read_by_format(path, expected)
    except InputError:
        _refuse_if_changed(path, before, location)  # a file saved mid-read reads as damaged: say what happened
        raise
    _refuse_if_changed(path, before, location)
    return filing


# Formats a filer may save a filing in by mistake, with what to do instead.
_OTHER_FORMATS = {
    ".xls": "an Excel 97-2003 workbook; save it as an Excel Workbook (.xlsx)",
    ".xlsb": "an Excel binary workbook; save it as an Excel Workbook (.xlsx)",
    ".ods": "an OpenDocument spreadsheet; save it as an Excel 2007-365 workbook (.xlsx)",
    ".fods": "a flat OpenDocument spreadsheet; save it as an Excel 2007-365 workbook (.xlsx)",
    ".numbers": "a Numbers spreadsheet; export it as an Excel workbook (.xlsx)",
    ".csv": "comma-separated text of one sheet; a filing needs every sheet: file the workbook (.xlsx)",
    ".tsv": "tab-separated text of one sheet; a filing needs every sheet: file the workbook (.xlsx)",
    ".txt": "plain text; file the workbook (.xlsx), the checklist PDF or a JSON filing",
    ".doc": "a Word document; file the checklist as PDF (.pdf)",
    ".docx": "a Word document; file the checklist as PDF (.pdf)",
    ".odt": "an OpenDocument text; file the checklist as PDF (.pdf)",
    ".rtf": "a rich-text document; file the checklist as PDF (.pdf)",
}
OTHER_SPREADSHEET_SUFFIXES = (".xls", ".xlsb", ".ods", ".fods", ".numbers", ".csv", ".tsv")
"""Spreadsheets a filing workbook may have been saved as by mistake: a folder's file of one of these is refused
with the reason, never passed over (a document beside the filings, a cover letter, is only named as skipped)."""


def other_format_reason(path: Path) -> str:
    """Why a file of a suffix pacomply does not read is no filing, and what to file instead."""
    suffix = path.suffix.lower()
    what = _OTHER_FORMATS.get(suffix)
    if what is not None:
        return f"'{path.suffix}' is not a filing format: the file is {what}"
    return f"'{path.suffix or path.name}' is not a filing format; expected .xlsx, .json or .pdf"


def not_a_regular_file(path: Path) -> str | None:
    """Why ``path`` cannot be read as a file, found from its status alone (never opened, so a FIFO cannot block
    the run); None for a regular file or a link to one."""
    import errno
    import stat

    try:
        link_status = path.lstat()
    except OSError as error:
        if error.errno == errno.ENOENT:
            return f"the file '{path}' does not exist"
        return f"the file could not be examined ({error.strerror or error})"
    try:
        status = path.stat()
    except OSError as error:
        if not stat.S_ISLNK(link_status.st_mode):
            return f"the file could not be examined ({error.strerror or error})"
        if error.errno == errno.ELOOP:
            return "a symbolic link that loops (it leads back to itself); it names no file"
        try:
            target = os.readlink(path)
        except OSError:
            target = "?"
        if error.errno == errno.ENOENT:
            return f"a broken symbolic link: its target '{target}' does not exist"
        return f"a symbolic link whose target '{target}' cannot be reached ({error.strerror or error})"
    mode = status.st_mode
    if stat.S_ISREG(mode):
        return None
    kinds = (
        (stat.S_ISDIR, "a folder"),
        (stat.S_ISFIFO, "a FIFO (named pipe)"),
        (stat.S_ISSOCK, "a socket"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
    )
    kind = next((name for test, name in kinds if test(mode)), "not a regular file")
    return f"'{path.name}' is {kind}, not a file; it is not opened"


def _read_by_format(path: Path, expected: str) -> Filing:
    if expected == "xlsx":
        from pacomply.submissions.readers.xlsx import read_xlsx

        return read_xlsx(path)
    if expected == "pdf":
        from pacomply.submissions.readers.pdf import read_pdf

        return read_pdf(path)
    from pacomply.submissions.readers.json import read_json

    return read_json(path)


def _identity(path: Path) -> tuple[int, int, int, int]:
    """What changes when a file is saved again: its size, modification time, inode and device."""
    status = path.stat()
    return status.st_size, status.st_mtime_ns, status.st_ino, status.st_dev


def _refuse_if_changed(path: Path, before: tuple[int, int, int, int], location: SourceLocation) -> None:
    """A reader opens its file more than once (the format sniffed, then parsed; a workbook's parts one by one): a
    file saved while it was read would mix two versions into one filing, so it is refused, never reviewed."""
    try:
        after = _identity(path)
    except OSError as error:
        raise InputError.single(
            location, f"the file went away while it was read ({error.strerror or error}); read it again once saved"
        ) from None
    if after != before:
        raise InputError.single(
            location,
            "the file changed while it was read (saved or replaced mid-read: size, time or identity differ); "
            "read it again once it is saved",
        )
