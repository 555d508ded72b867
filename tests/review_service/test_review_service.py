"""Batch review: folders expanded, unreadable filings kept as outcomes, one exit code, reports per filing."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from pacomply.reports.interface import ReportFormat
from pacomply.submissions.files import OutputRefused
from typer.testing import CliRunner

from pacomply.cli import app
from pacomply.review_service import (
    REPLACING_JOURNAL,
    collect_filings,
    exit_code,
    report_names,
    review_paths,
    unfinished_replacement,
    write_reports,
)

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
    assert "6 filings: 3 compliant, 2 not compliant, 1 unreadable" in result.output
    written = sorted(path.name for path in out.iterdir())
    assert "686a-violations.xlsx.json" in written and "second.sarif" in written
    assert len(written) == 2 * 5  # five readable filings, two formats
    review = json.loads((out / "686a-violations.xlsx.json").read_text(encoding="utf-8"))
    assert review["verdict"]["errors"] == 11


def test_cli_batch_json_to_stdout_is_one_document(tmp_path: Path) -> None:
    files = [str(EXAMPLES / "686a-compliant.json"), str(EXAMPLES / "686a-violations.json")]
    result = runner.invoke(app, ["validate", *files, "--format", "json"])
    assert result.exit_code == 1
    document = json.loads(result.stdout)
    assert document["schema"] == "pacomply.batch/1"
    assert [review["verdict"]["errors"] for review in document["reviews"]] == [0, 11]


def test_cli_one_filing_writes_pdf_and_xlsx_beside_json(tmp_path: Path) -> None:
    pdf, xlsx = tmp_path / "review.pdf", tmp_path / "review.xlsx"
    result = runner.invoke(
        app, ["validate", str(EXAMPLES / "686a-violations.xlsx"), "--pdf", str(pdf), "--xlsx", str(xlsx), "-f", "json"]
    )
    assert result.exit_code == 1
    assert json.loads(result.stdout)["verdict"]["errors"] == 11
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


def _reviewed_examples() -> list:  # type: ignore[type-arg]
    return review_paths([EXAMPLES / "686a-compliant.json", EXAMPLES / "686a-violations.json"])


def test_a_finished_run_leaves_only_its_reports_and_never_flushes_every_disk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import os

    def refuse_sync() -> None:
        raise AssertionError("os.sync() flushes every disk of the machine; only the files written are flushed")

    monkeypatch.setattr(os, "sync", refuse_sync, raising=False)
    written = write_reports(_reviewed_examples(), tmp_path, [ReportFormat.JSON, ReportFormat.SARIF], [])
    assert sorted(path.name for path in tmp_path.iterdir()) == sorted(path.name for path in written)
    assert len(written) == 4
    assert unfinished_replacement(tmp_path) == []


def test_a_run_killed_while_replacing_older_reports_is_named_as_a_possible_mix(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import os

    outcomes = _reviewed_examples()
    formats = [ReportFormat.JSON, ReportFormat.TEXT]
    first = write_reports(outcomes, tmp_path, formats, [])
    for path in first:
        path.write_bytes(b"older run")  # an older set, told apart from the new one by its content
    real_replace = os.replace
    renamed: list[str] = []

    def replace_then_die(source: object, target: object) -> None:
        name = Path(str(target)).name
        if len(renamed) == 2 and name != REPLACING_JOURNAL:
            raise KeyboardInterrupt  # the process stopped between two renames of reports
        real_replace(source, target)  # type: ignore[arg-type]
        if name != REPLACING_JOURNAL:
            renamed.append(name)

    monkeypatch.setattr(os, "replace", replace_then_die)
    with pytest.raises(KeyboardInterrupt):
        write_reports(outcomes, tmp_path, formats, [])
    monkeypatch.setattr(os, "replace", real_replace)
    contents = {path.name: path.read_bytes() for path in first}
    assert sum(content == b"older run" for content in contents.values()) == 2  # a mix of two runs on disk ...
    assert sorted(path.name for path in unfinished_replacement(tmp_path)) == sorted(contents)  # ... and said so
    assert not [path for path in tmp_path.iterdir() if path.name.endswith(".tmp")]  # no half-written leftovers

    result = runner.invoke(app, ["validate", str(EXAMPLES / "686a-compliant.json"), "--output-dir", str(tmp_path),
                                 "--format", "json"])  # fmt: skip
    assert "was stopped while replacing its reports" in result.output
    assert "686a-violations.txt" in result.output
    # That run rewrote one report; the three it did not write stay named until a run rewrites them.
    assert sorted(path.name for path in unfinished_replacement(tmp_path)) == sorted(
        name for name in contents if name != "686a-compliant.json"
    )
    write_reports(outcomes, tmp_path, formats, [])
    assert unfinished_replacement(tmp_path) == []
    assert all(path.read_bytes() != b"older run" for path in first)
    assert REPLACING_JOURNAL not in {path.name for path in tmp_path.iterdir()}


def test_an_unreadable_journal_is_named_rather_than_ignored(tmp_path: Path) -> None:
    (tmp_path / REPLACING_JOURNAL).write_text("{not json", encoding="utf-8")
    assert unfinished_replacement(tmp_path) == [tmp_path / REPLACING_JOURNAL]
