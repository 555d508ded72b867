"""Helpers for the input-handling and fuzz tests: run the CLI in-process, build and tamper with workbooks."""

from __future__ import annotations

import io
import json
import re
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from typer.testing import CliRunner

from pacomply.cli import app

REPOSITORY = Path(__file__).resolve().parents[2]
EXAMPLES = REPOSITORY / "examples"


@dataclass(frozen=True)
class Run:
    """What one CLI run did."""

    exit_code: int
    stdout: str
    stderr: str
    exception: BaseException | None


def run_pacomply(*arguments: str | Path) -> Run:
    """Run ``pacomply`` in-process; an exception other than the CLI's own exit is kept for the test to fail on."""
    result = CliRunner().invoke(app, [str(argument) for argument in arguments])
    exception = result.exception if not isinstance(result.exception, SystemExit) else None
    return Run(result.exit_code, result.stdout, result.stderr, exception)


def assert_input_refused(run: Run, *fragments: str) -> None:
    """Exit 2, no traceback, and a message holding every fragment (case-insensitive)."""
    assert run.exception is None, f"pacomply raised {run.exception!r}"
    assert "Traceback" not in run.stderr + run.stdout
    assert run.exit_code == 2, (run.exit_code, run.stdout, run.stderr)
    for fragment in fragments:
        assert fragment.lower() in run.stderr.lower(), (fragment, run.stderr)


def pdf_text(path: Path) -> str:
    """The text of every page of a PDF as a viewer places it (pdfium), runs of white space made one space.

    pdfium reads a ten-page review in a tenth of the time pdfplumber (pdfminer, in Python) takes, and a test that
    only asks whether a phrase is printed needs no character boxes."""
    return "\n".join(pdf_page_texts(path))


def pdf_page_texts(source: Path | bytes) -> list[str]:
    """Each page's text of a PDF (a file or its bytes) as pdfium reads it, runs of white space made one space."""
    import pypdfium2

    document = pypdfium2.PdfDocument(source)
    try:
        pages = []
        for page in document:
            text_page = page.get_textpage()
            pages.append(" ".join(text_page.get_text_range().split()))
            text_page.close()
            page.close()
        return pages
    finally:
        document.close()


def review_json(path: Path, *options: str) -> tuple[int, dict]:
    """``pacomply validate PATH --format json`` in-process: its exit code (0 or 1, a verdict) and its review."""
    run = run_pacomply("validate", path, "--format", "json", *options)
    assert run.exception is None and run.exit_code in (0, 1), (run.exit_code, run.stderr, run.exception)
    return run.exit_code, json.loads(run.stdout)


def finding_signature(review_json: dict) -> list[tuple]:
    """The findings of a JSON review without their locations (which differ between xlsx, PDF and JSON)."""
    return [
        (f["rule_id"], f["severity"], f["chapter"], f["table_id"], f["message"], f["citation"])
        for f in review_json["findings"]
    ]


def rewrite_member(workbook: bytes, member: str, change: Callable[[str], str]) -> bytes:
    """A copy of an xlsx with one XML part rewritten (the way a hostile or hand-edited file differs)."""
    source = zipfile.ZipFile(io.BytesIO(workbook))
    output = io.BytesIO()
    with zipfile.ZipFile(output, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            data = source.read(info.filename)
            if info.filename == member:
                data = change(data.decode("utf-8")).encode("utf-8")
            target.writestr(info.filename, data)
    return output.getvalue()


def sheet_member(workbook: bytes, sheet_name: str) -> str:
    """The zip member holding a sheet, found through workbook.xml and its relationships."""
    archive = zipfile.ZipFile(io.BytesIO(workbook))
    book = archive.read("xl/workbook.xml").decode()
    relationship = re.search(rf'<sheet [^>]*name="{re.escape(sheet_name)}"[^>]*r:id="(rId\d+)"', book)
    assert relationship, sheet_name
    relations = archive.read("xl/_rels/workbook.xml.rels").decode()
    target = re.search(
        rf'Id="{relationship[1]}"[^>]*Target="([^"]+)"|Target="([^"]+)"[^>]*Id="{relationship[1]}"', relations
    )
    assert target
    path = target[1] or target[2]
    return path.lstrip("/") if path.startswith("/") else f"xl/{path}"
