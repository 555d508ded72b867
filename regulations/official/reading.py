"""Reading an official chapter as published: the PA Code website's HTML page, its PDF (print) version, or text.

Each form is turned into plain text with one paragraph or table row per line and table cells separated by tabs,
the layout :mod:`pacomply.regulations.official.structure` reads. The parsers are imported only when a file of
their kind is read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

#: Tags that start a new line in the text taken from an HTML page.
_BLOCK_TAGS = (
    "address", "article", "blockquote", "br", "caption", "dd", "div", "dl", "dt", "footer", "h1", "h2", "h3", "h4",
    "h5", "h6", "header", "hr", "li", "main", "ol", "p", "pre", "section", "table", "tbody", "thead", "tfoot", "tr",
    "ul",
)  # fmt: skip


class OfficialTextError(Exception):
    """The official chapter could not be read; the message says which file and why."""


@dataclass(frozen=True, slots=True)
class OfficialText:
    """A published chapter as plain text, with the file and form it was read from."""

    path: Path
    form: str
    """'text', 'html' or 'pdf'."""
    text: str


def _form_of(path: Path, head: bytes) -> str:
    if head.startswith(b"%PDF-"):
        return "pdf"
    lowered = head[:2048].lower()
    if path.suffix.lower() in (".html", ".htm") or b"<html" in lowered or b"<!doctype html" in lowered:
        return "html"
    return "text"


def _text_of_html(data: bytes, path: Path) -> str:
    try:
        from bs4 import BeautifulSoup  # lazy: only an HTML chapter needs the parser
    except ImportError as error:
        raise OfficialTextError(
            f"{path}: reading the PA Code's HTML page needs Beautiful Soup, which comes with pacomply's 'verify' "
            "extra: install it with pip install 'pacomply[verify]', or give the chapter's PDF or text version"
        ) from error

    soup = BeautifulSoup(data, "html.parser")
    for tag in soup(["script", "style", "noscript", "head"]):
        tag.decompose()
    for cell in soup.find_all(["td", "th"]):
        cell.append("\t")
    for tag in soup.find_all(_BLOCK_TAGS):
        tag.insert_before("\n")
        tag.append("\n")
    text = soup.get_text()
    if not text.strip():
        raise OfficialTextError(f"{path}: the HTML page has no text (is it the chapter's page?)")
    return text


def _text_of_pdf(path: Path) -> str:
    import pdfplumber  # lazy: only a PDF chapter needs it

    pages: list[str] = []
    number = 0
    try:
        with pdfplumber.open(path) as document:
            for page in document.pages:
                number += 1  # counted so that an error names the page
                pages.append(page.extract_text() or "")
    except Exception as error:  # pdfminer raises many unrelated types for a damaged file; all mean the same here
        where = f"page {number}" if number else "the file"
        raise OfficialTextError(f"{path}: not a readable PDF ({where}: {error})") from error
    text = "\n".join(pages)
    if not text.strip():
        raise OfficialTextError(f"{path}: the PDF has no text layer (a scanned copy?); use the HTML or text version")
    return text


def normalise(text: str) -> str:
    """One layout for every copy: plain spaces, '$' unescaped, markdown and list bullets removed."""
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\u00a0", " ").replace("\\$", "$")
    text = text.replace("**", "").replace("|", "\t")
    lines = []
    for line in text.split("\n"):
        line = re.sub(r"^[ \t]*(?:[-*#>]+[ \t]+)+", "", line)
        lines.append(line.rstrip())
    return "\n".join(lines)


def read_official_text(path: Path) -> OfficialText:
    """Read a chapter as published; :class:`OfficialTextError` names the file and what is wrong with it."""
    try:
        data = path.read_bytes()
    except FileNotFoundError as error:
        raise OfficialTextError(f"{path}: no such file") from error
    except IsADirectoryError as error:
        raise OfficialTextError(f"{path}: is a folder, not a chapter file") from error
    except OSError as error:
        raise OfficialTextError(f"{path}: cannot be read ({error.strerror or error})") from error
    if not data.strip():
        raise OfficialTextError(f"{path}: the file is empty")
    form = _form_of(path, data[:4096])
    if form == "pdf":
        text = _text_of_pdf(path)
    elif form == "html":
        text = _text_of_html(data, path)
    else:
        if b"\x00" in data[:4096]:
            raise OfficialTextError(f"{path}: not a text, HTML or PDF file")
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as error:
            raise OfficialTextError(
                f"{path}: byte {error.start} is not UTF-8 text; save the chapter as UTF-8, HTML or PDF"
            ) from error
    return OfficialText(path, form, normalise(text))
