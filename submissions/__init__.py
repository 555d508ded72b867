"""The Rules Submission as data: the Filing model, its readers (xlsx, JSON, PDF) and the template writer."""

from __future__ import annotations

from pathlib import Path

from pacomply.submissions.errors import InputError, InputProblem
from pacomply.submissions.model import Filing, SourceLocation

__all__ = ["Filing", "InputError", "InputProblem", "SourceLocation", "read_filing", "sniff_content"]

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
        raise InputError.single(
            location, f"'{path.suffix or path.name}' is not a filing format; expected .xlsx, .json or .pdf"
        )
    if not path.exists():
        raise InputError.single(location, f"the file '{path}' does not exist")
    if not path.is_file():
        raise InputError.single(location, f"'{path}' is not a file")
    try:
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
    if expected == "xlsx":
        from pacomply.submissions.readers.xlsx import read_xlsx

        return read_xlsx(path)
    if expected == "pdf":
        from pacomply.submissions.readers.pdf import read_pdf

        return read_pdf(path)
    from pacomply.submissions.readers.json import read_json

    return read_json(path)
