"""Batch review: folders expanded, unreadable filings kept as outcomes, one exit code, reports per filing."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from pacomply.reports.batch import collect_filings, exit_code, report_names, review_paths, write_reports
from pacomply.reports.interface import ReportFormat
from pacomply.submissions.files import OutputRefused
from typer.testing import CliRunner

from pacomply.cli import app

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
runner = CliRunner()


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """The four example filings, an unreadable workbook, a lock file and a note in one folder."""
    filings = tmp_path / "filings"
    (filings / "sub").mkdir(parents=True)
    for example in sorted(EXAMPLES.glob("686a-*")):
        if example.suffix in {".xlsx", ".json"}:
            shutil.copy(example, filings / example.name)
    shutil.copy(EXAMPLES / "686a-compliant.json", filings / "sub" / "second.json")
    (filings / "broken.xlsx").write_bytes(b"this is not a workbook")
    (filings / "~$686a-compliant.xlsx").write_bytes(b"lock")
    (filings / "notes.txt").write_text("not a filing")
    return filings


def test_collect_filings_expands_folders_sorted_and_skips_lock_files(folder: Path) -> None:
    names = [path.relative_to(folder).as_posix() for path in collect_filings([folder])]
    assert names == sorted(names)
    assert "broken.xlsx" in names
    assert "sub/second.json" not in names  # sub-folders are not searched
    assert not any(name.startswith("~$") or name.endswith(".txt") for name in names)
    assert len(names) == 5
    both = collect_filings([folder, folder / "sub" / "second.json", folder / "broken.xlsx"])
    assert len(both) == 6  # a file named twice is reviewed once


def test_unreadable_filing_does_not_stop_the_run(folder: Path) -> None:
    paths = collect_filings([folder, folder / "sub"])
    seen: list[str] = []
    outcomes = review_paths(paths, on_outcome=lambda outcome: seen.append(outcome.path.name))
    assert [outcome.path for outcome in outcomes] == paths
    assert seen == [path.name for path in paths]
    statuses = {outcome.path.name: outcome.status for outcome in outcomes}
    assert statuses["broken.xlsx"] == "unreadable"
    assert statuses["686a-violations.xlsx"] == "not compliant"
    assert statuses["second.json"] == "compliant"
    broken = next(outcome for outcome in outcomes if outcome.review is None)
    assert broken.problems and "broken.xlsx" in broken.problems[0]
    assert exit_code(outcomes) == 2
    assert exit_code([outcome for outcome in outcomes if outcome.review is not None]) == 1


def test_two_workers_give_the_same_outcomes_as_one(folder: Path) -> None:
    paths = collect_filings([folder]) * 3
    one = review_paths(paths, jobs=1)
    two = review_paths(paths, jobs=2)
    assert [(o.path, o.status, o.problems) for o in one] == [(o.path, o.status, o.problems) for o in two]
    assert [o.review.findings for o in one if o.review] == [o.review.findings for o in two if o.review]


def test_report_names_disambiguate_equal_stems() -> None:
    names = report_names([Path("a/x.xlsx"), Path("a/x.json"), Path("b/x.xlsx"), Path("a/y.json")])
    assert names == {Path("a/x.xlsx"): "x.xlsx", Path("a/x.json"): "x.json", Path("b/x.xlsx"): "x.xlsx-2",
                     Path("a/y.json"): "y"}  # fmt: skip


def test_reports_are_never_written_over_an_input(tmp_path: Path) -> None:
    filing = tmp_path / "filing.json"
    shutil.copy(EXAMPLES / "686a-compliant.json", filing)
    original = filing.read_bytes()
    outcomes = review_paths([filing])
    with pytest.raises(OutputRefused):
        write_reports(outcomes, tmp_path, [ReportFormat.PDF, ReportFormat.JSON], [filing])
    assert filing.read_bytes() == original
    assert not (tmp_path / "filing.pdf").exists()  # refused before anything was written


def test_cli_validates_a_folder_with_one_table_and_one_exit_code(folder: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    arguments = [str(folder), str(folder / "sub"), "--output-dir", str(out), "--format", "json,sarif"]
    result = runner.invoke(app, ["validate", *arguments])
    assert result.exit_code == 2, result.output
    assert "broken.xlsx: the filing could not be read" in result.output
    assert "6 filing(s): 3 compliant, 2 not compliant, 1 unreadable" in result.output
    written = sorted(path.name for path in out.iterdir())
    assert "686a-violations.xlsx.json" in written and "second.sarif" in written
    assert len(written) == 2 * 5  # five readable filings, two formats
    review = json.loads((out / "686a-violations.xlsx.json").read_text(encoding="utf-8"))
    assert review["verdict"]["errors"] == 12


def test_cli_batch_json_to_stdout_is_one_document(tmp_path: Path) -> None:
    files = [str(EXAMPLES / "686a-compliant.json"), str(EXAMPLES / "686a-violations.json")]
    result = runner.invoke(app, ["validate", *files, "--format", "json"])
    assert result.exit_code == 1
    document = json.loads(result.stdout)
    assert document["schema"] == "pacomply.batch/1"
    assert [review["verdict"]["errors"] for review in document["reviews"]] == [0, 12]


def test_cli_one_filing_writes_pdf_and_xlsx_beside_json(tmp_path: Path) -> None:
    pdf, xlsx = tmp_path / "review.pdf", tmp_path / "review.xlsx"
    result = runner.invoke(
        app, ["validate", str(EXAMPLES / "686a-violations.xlsx"), "--pdf", str(pdf), "--xlsx", str(xlsx), "-f", "json"]
    )
    assert result.exit_code == 1
    assert json.loads(result.stdout)["verdict"]["errors"] == 12
    assert pdf.read_bytes().startswith(b"%PDF-")
    assert xlsx.read_bytes().startswith(b"PK")


def test_cli_refuses_to_write_a_report_over_its_input(tmp_path: Path) -> None:
    filing = tmp_path / "filing.xlsx"
    shutil.copy(EXAMPLES / "686a-compliant.xlsx", filing)
    original = filing.read_bytes()
    result = runner.invoke(app, ["validate", str(filing), "--xlsx", str(filing)])
    assert result.exit_code == 2
    assert "never writes over its input" in result.output
    assert "Verdict" not in result.output  # refused before any report was written
    assert filing.read_bytes() == original


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--pdf", "x.pdf"], "--pdf and --xlsx name one file"),
        (["--format", "pdf"], "needs --output-dir"),
        (["--format", "yaml"], "is not one of"),
    ],
)
def test_cli_rejects_unusable_output_options(arguments: list[str], message: str) -> None:
    result = runner.invoke(app, ["validate", str(EXAMPLES), *arguments])
    assert result.exit_code == 2
    assert message in result.output


def test_the_cli_module_imports_no_renderer_until_asked() -> None:
    import subprocess
    import sys

    code = "import sys, pacomply.cli; print(sorted({'reportlab', 'openpyxl', 'pdfplumber'} & set(sys.modules)))"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                            cwd=Path(__file__).resolve().parents[2])  # fmt: skip
    assert result.stdout.strip() == "[]"
