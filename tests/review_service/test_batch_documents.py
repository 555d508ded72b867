"""The staff's batch with its documents (``validate FOLDER -f json,pdf,xlsx --output-dir DIR -j 2``): each filing's
reports are rendered once, by the process that reviewed it, a worker rendering its share beside the batch's own
process, and the folder written holds the bytes that ``-j 1`` writes; with one job too, each filing's reports are
staged right after its review and the review let go, and the outputs are refused up front."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ("633a-compliant.json", "645a-violations.json", "681a-compliant.json", "686a-violations.json",
            "687a-compliant.json", "688a-violations.json")  # fmt: skip
FORMATS = ("json", "pdf", "xlsx")

# ``python -m pacomply`` with every review and every rendering recorded as one line (process id, what, filing, format)
# in the file named first; the workers are forked from this process, so they record theirs too.
_RECORDED = """
import json, os, sys
from pathlib import Path

import pytest
from pacomply import review_service
log = sys.argv.pop(1)
def record(what, name, report_format=""):
    with open(log, "a", encoding="utf-8") as stream:
        stream.write(json.dumps([os.getpid(), what, name, report_format]) + "\\n")
record("batch", "")
review_path = review_service.review_path
def reviewing(path, *rest):
    record("review", path.name)
    return review_path(path, *rest)
review_service.review_path = reviewing
renderer = review_service.renderer
class Recorded:
    def __init__(self, report_format):
        self.report_format, self.inner = report_format, renderer(report_format)
    def render(self, review):
        record("render", Path(review.filing.source).name, self.report_format.value)
        return self.inner.render(review)
review_service.renderer = Recorded
import pacomply.engine.processes
pacomply.engine.processes.available_cpus = lambda: 2  # two processes on any machine
sys.argv[0] = "pacomply"
from pacomply.cli import main
main()
"""


def _batch(filings: Path, into: Path, jobs: int, log: Path) -> list[tuple[int, str, str, str]]:
    completed = subprocess.run(
        [sys.executable, "-c", _RECORDED, str(log), "-q", "validate", str(filings), "-f", ",".join(FORMATS),
         "--output-dir", str(into), "-j", str(jobs), "--review-date", "2026-11-02"],
        cwd=ROOT,
        capture_output=True,
        check=False,
    )  # fmt: skip
    assert completed.returncode == 1, completed.stderr.decode()  # three violations filings: errors found
    return [tuple(json.loads(line)) for line in log.read_text(encoding="utf-8").splitlines()]


def test_with_two_jobs_each_filings_documents_are_rendered_once_where_it_was_reviewed_and_match_one_job(
    tmp_path: Path,
) -> None:
    filings = tmp_path / "filings"
    filings.mkdir()
    for name in EXAMPLES:
        shutil.copy(ROOT / "examples" / name, filings / name)
    written: dict[int, dict[str, bytes]] = {}
    records: dict[int, list[tuple[int, str, str, str]]] = {}
    for jobs in (1, 2):
        into = tmp_path / f"reports-{jobs}"
        records[jobs] = _batch(filings, into, jobs, tmp_path / f"log-{jobs}.jsonl")
        written[jobs] = {path.name: path.read_bytes() for path in sorted(into.iterdir())}
    assert len(written[1]) == len(EXAMPLES) * len(FORMATS)
    assert written[2] == written[1]

    (batch_process,) = [pid for pid, what, _name, _format in records[2] if what == "batch"]
    reviewed_by = {name: pid for pid, what, name, _format in records[2] if what == "review"}
    renders = [(pid, name, report_format) for pid, what, name, report_format in records[2] if what == "render"]
    assert sorted(reviewed_by) == sorted(EXAMPLES)
    # Every report rendered once (none again when the folder is written), in the process that reviewed the filing.
    assert Counter((name, report_format) for _pid, name, report_format in renders) == Counter(
        {(name, report_format): 1 for name in EXAMPLES for report_format in FORMATS}
    )
    assert all(pid == reviewed_by[name] for pid, name, _format in renders)
    # A worker rendered its share beside the batch's own process.
    by_process = Counter(pid for pid, _name, _format in renders)
    assert set(by_process) - {batch_process}, "no document was rendered in a worker"
    assert by_process[batch_process] < len(renders)


def _live_reviews() -> int:
    """Reviews alive in this process now (each is tracked by the cycle collector)."""
    import gc

    from pacomply.checker.review import Review

    return sum(1 for candidate in gc.get_objects() if isinstance(candidate, Review))


def test_a_batch_into_a_folder_renders_each_filing_after_its_review_and_holds_one_review_at_a_time(
    tmp_path: Path,
) -> None:
    from pacomply.review_options import report_formats
    from pacomply.review_service import ReportWriter, collect_filings, review_paths, write_reports

    filings = tmp_path / "filings"
    filings.mkdir()
    for name in ("686a-compliant.json", "686a-violations.json", "686a-violations.xlsx", "687a-compliant.json"):
        shutil.copy(ROOT / "examples" / name, filings / name)
    (filings / "broken.xlsx").write_bytes(b"not a workbook")
    paths = collect_filings([filings])
    formats = report_formats("json,text")

    # The reports as written after a batch that kept every review, the way the folder was written before.
    kept = review_paths(paths)
    assert sum(outcome.review is not None for outcome in kept) == 4
    after = write_reports(kept, tmp_path / "after", formats, paths)
    del kept

    live: list[int] = []
    alive_before = _live_reviews()  # other tests' reviews, kept by session fixtures when run in one process
    with ReportWriter(tmp_path / "as-reviewed", formats, paths, paths) as writer:
        streamed = review_paths(paths, writer=writer, on_outcome=lambda _outcome: live.append(_live_reviews()))
        written = writer.finish()
    # Each review is let go once its reports are staged: never more than the one being rendered is alive, where
    # keeping them would have held four by the last filing.
    assert max(live) - alive_before <= 1, (alive_before, live)
    assert all(outcome.review is None and outcome.rendered == () for outcome in streamed)
    assert [(outcome.path, outcome.status, outcome.exit_code) for outcome in streamed] == [
        (outcome.path, outcome.status, outcome.exit_code) for outcome in review_paths(paths)
    ]
    assert next(outcome for outcome in streamed if outcome.path.name == "broken.xlsx").problems  # still reported
    assert [path.name for path in written] == [path.name for path in after]
    assert all(path.read_bytes() == other.read_bytes() for path, other in zip(written, after, strict=True))


def test_an_output_that_would_replace_an_input_is_refused_before_any_filing_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from typer.testing import CliRunner

    from pacomply.cli import app

    into = tmp_path / "reviews"
    into.mkdir()
    kept = into / "686a-compliant.json"  # a filing lying in the output folder, named as its own JSON report
    shutil.copy(ROOT / "examples" / "686a-compliant.json", kept)
    other = tmp_path / "686a-violations.json"
    shutil.copy(ROOT / "examples" / "686a-violations.json", other)
    original = kept.read_bytes()

    def never_read(path: Path) -> None:
        raise AssertionError(f"{path} was read before the refusal")

    monkeypatch.setattr("pacomply.review_service.read_filing", never_read)
    result = CliRunner().invoke(app, ["validate", str(kept), str(other), "--output-dir", str(into), "-f", "json"])
    assert result.exit_code == 2, result.output
    assert "never writes over its input" in result.output
    assert kept.read_bytes() == original
    assert sorted(path.name for path in into.iterdir()) == ["686a-compliant.json"]  # nothing staged, nothing written


def test_a_folder_that_cannot_be_written_is_named_with_exit_2_and_no_traceback(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from pacomply.cli import app

    into = tmp_path / "reviews"
    into.write_text("a file where the folder should be")
    filings = [str(ROOT / "examples" / name) for name in ("686a-compliant.json", "686a-violations.json")]
    result = CliRunner().invoke(app, ["validate", *filings, "--output-dir", str(into), "-f", "json"])
    assert result.exit_code == 2, result.output
    assert f"could not write into '{into}'" in result.output
    assert "Traceback" not in result.output
    assert into.read_text() == "a file where the folder should be"


def test_reports_that_cannot_be_flushed_exit_2_and_still_name_the_filing_that_could_not_be_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import os

    from typer.testing import CliRunner

    from pacomply import review_service
    from pacomply.cli import app

    filings = tmp_path / "filings"
    filings.mkdir()
    (filings / "686a-compliant.json").write_bytes((ROOT / "examples" / "686a-compliant.json").read_bytes())
    (filings / "broken.json").write_text("{ not json")

    def full_disk(handle: int, content: bytes) -> None:
        os.close(handle)
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(review_service, "_flush_staged", full_disk)
    into = tmp_path / "reviews"
    result = CliRunner().invoke(app, ["validate", str(filings), "--output-dir", str(into), "-f", "json"])
    assert result.exit_code == 2, result.output
    assert f"could not write into '{into}'" in result.output and "No space left" in result.output
    assert "broken.json" in result.output
    assert "Traceback" not in result.output
    assert not into.exists() or not any(into.iterdir())
