"""The staff's batch with its documents (``validate FOLDER -f json,pdf,xlsx --output-dir DIR -j 2``): each filing's
reports are rendered once, by the process that reviewed it, a worker rendering its share beside the batch's own
process, and the folder written holds the bytes that ``-j 1`` writes."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ("633a-compliant.json", "645a-violations.json", "681a-compliant.json", "686a-violations.json",
            "687a-compliant.json", "688a-violations.json")  # fmt: skip
FORMATS = ("json", "pdf", "xlsx")

# ``python -m pacomply`` with every review and every rendering recorded as one line (process id, what, filing, format)
# in the file named first; the workers are forked from this process, so they record theirs too.
_RECORDED = """
import json, os, sys
from pathlib import Path
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
