"""A batch with worker processes (``validate FOLDER -j N``): the same outcomes, in the same order, and the same
bytes as with one process; filings handed out in runs of neighbours, one run a process; the workers stopped when
the batch is done."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from bench.generate_filings import write
from pacomply import review_workers
from pacomply.review_service import HandOut, _take, collect_filings, review_paths

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def filings(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """24 generated 686a filings of different sizes (1 to 8 tables, each with findings), the compliant example and
    one file that is no workbook, in one folder."""
    folder = tmp_path_factory.mktemp("batch")
    write(folder, 24, 686)
    shutil.copy(ROOT / "examples" / "686a-compliant.json", folder / "compliant.json")
    (folder / "broken.xlsx").write_bytes(b"this is not a workbook")
    return folder


def _sized(folder: Path, sizes: dict[str, int]) -> list[Path]:
    paths = []
    for name, size in sizes.items():
        path = folder / name
        path.write_bytes(b"x" * size)
        paths.append(path)
    return paths


def test_the_hand_out_reviews_the_smallest_first_and_cuts_the_rest_into_runs_of_neighbours_equal_in_bytes(
    tmp_path: Path,
) -> None:
    paths = _sized(tmp_path, {"a.json": 10, "b.json": 30, "c.json": 10, "d.json": 20, "e.json": 30, "f.json": 5})
    hand_out = HandOut.of(paths, 2)
    assert hand_out.first == 5  # f, the smallest
    # Each file weighs its bytes plus one (105 in all) and goes to the run its middle byte falls in: a, b, c (53)
    # and d, e (52), each run in the order given.
    assert hand_out.order == (0, 1, 2, 3, 4)
    assert hand_out.bounds == (0, 3, 3, 5)
    missing = tmp_path / "gone.json"  # cannot be measured: counted as empty, so it is the smallest
    assert HandOut.of([*paths, missing], 3).first == 6
    assert HandOut.of(paths, 3).bounds == (0, 2, 2, 4, 4, 5)  # a, b (42) | c, d (32) | e (31)


def _taken(hand_out: HandOut, turns: list[str]) -> dict[str, list[int]]:
    """The positions each named process takes when the processes take in ``turns`` (a name per take; a process
    with nothing left takes no more)."""
    import multiprocessing

    shared = multiprocessing.Array("q", [0, *hand_out.bounds])
    runs: dict[str, int] = {}
    taken: dict[str, list[int]] = {}
    for name in turns:
        place, runs[name] = _take(shared, runs.get(name, -1))
        if place is not None:
            taken.setdefault(name, []).append(hand_out.order[place])
    return taken


def test_each_process_works_through_its_own_run_of_neighbours_then_takes_from_the_back_of_the_fullest(
    tmp_path: Path,
) -> None:
    """Neighbours in the order given go to one process, which has computed for the first what the next reuses
    (handed out one at a time, they alternated between the processes)."""
    paths = _sized(tmp_path, {f"{name}.json": 10 for name in "abcdefghi"})
    hand_out = HandOut.of(paths, 2)  # i first; runs a-d and e-h
    assert hand_out.first == 8 and hand_out.bounds == (0, 4, 4, 8)
    # Taking in turns, each keeps to its run.
    assert _taken(hand_out, ["batch", "worker"] * 5) == {"batch": [0, 1, 2, 3], "worker": [4, 5, 6, 7]}
    # A slow worker: the batch's process, its run done, takes the last filing of the worker's run.
    turns = ["batch", "worker", *["batch"] * 4, *["worker"] * 4]
    assert _taken(hand_out, turns) == {"batch": [0, 1, 2, 3, 7], "worker": [4, 5, 6]}
    # A worker that never starts: its run is claimed, front to back, by the process whose run is done.
    assert _taken(hand_out, ["batch"] * 9) == {"batch": [0, 1, 2, 3, 4, 5, 6, 7]}


def test_two_jobs_give_the_outcomes_and_progress_of_one_in_the_same_order(filings: Path) -> None:
    paths = collect_filings([filings])
    sizes = [path.stat().st_size for path in paths]
    hand_out = HandOut.of(paths, 2)
    assert hand_out.bounds[1] > 1 and hand_out.bounds[3] - hand_out.bounds[2] > 1, "each process must have a run"
    assert len(set(sizes)) > 5
    told: dict[int, list[Path]] = {1: [], 2: []}
    one = review_paths(paths, jobs=1, on_outcome=lambda outcome: told[1].append(outcome.path))
    two = review_paths(paths, jobs=2, on_outcome=lambda outcome: told[2].append(outcome.path))
    assert told[1] == told[2] == paths  # streamed in the order given, not the order reviewed
    assert [(o.path, o.status, o.problems) for o in one] == [(o.path, o.status, o.problems) for o in two]
    assert [o.review.findings for o in one if o.review] == [o.review.findings for o in two if o.review]
    assert {o.status for o in one} == {"compliant", "not compliant", "unreadable"}


@pytest.fixture
def spawning(monkeypatch: pytest.MonkeyPatch) -> None:
    """Workers spawned and started early, as on a platform that does not fork (Linux forks them)."""
    monkeypatch.setattr(review_workers, "forking", lambda: False)


def test_forked_workers_start_with_the_batch_and_are_stopped_after_it(
    filings: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    if not review_workers.forking():
        pytest.skip("this platform does not fork: its workers are spawned (the tests below)")
    review_workers.start_early(2)
    assert review_workers._early is None  # nothing to start before the review is imported: they are forked from it
    made: list[review_workers.ReviewWorkers] = []
    claim = review_workers.claim
    monkeypatch.setattr(review_workers, "claim", lambda jobs: made.append(claim(jobs)) or made[-1])
    monkeypatch.setattr("pacomply.engine.processes.available_cpus", lambda: 2)  # two processes on any machine
    outcomes = review_paths(collect_filings([filings]), jobs=2)
    assert len(outcomes) == 26
    (workers,) = made
    assert workers.forked and len(workers.processes) == 1
    assert all(process.exitcode is not None for process in workers.processes)  # stopped, none left behind


def test_the_batch_is_handed_out_once_this_process_has_reviewed_the_smallest_filing(
    filings: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The workers are forked after this process's first review, so they start with what a review loads on first use
    (none loads it again); that first review is the smallest filing's, so the hand-out waits for the shortest review
    only, and the rest are handed out in runs (:class:`HandOut`)."""
    from pacomply import review_service

    paths = [path for path in collect_filings([filings]) if path.name != "broken.xlsx"]  # each one a real review
    reviewed: list[Path] = []
    at_hand_out: list[tuple[list[Path], object]] = []
    review_path = review_service.review_path
    monkeypatch.setattr(
        review_service, "review_path", lambda path, *rest: reviewed.append(path) or review_path(path, *rest)
    )
    hand_out = review_workers.ReviewWorkers.hand_out
    monkeypatch.setattr(
        review_workers.ReviewWorkers,
        "hand_out",
        lambda self, batch: at_hand_out.append((list(reviewed), batch[1])) or hand_out(self, batch),
    )
    monkeypatch.setattr("pacomply.engine.processes.available_cpus", lambda: 2)  # two processes on any machine
    outcomes = review_paths(paths, jobs=2)
    assert [outcome.path for outcome in outcomes] == paths
    hand_out = HandOut.of(paths, 2)
    assert at_hand_out == [([paths[hand_out.first]], list(hand_out.order))]  # once, after the smallest alone


def test_workers_started_early_are_the_ones_the_batch_uses_and_are_stopped_after_it(
    filings: Path, spawning: None
) -> None:
    review_workers.start_early(2)
    early = review_workers._early
    assert early is not None and early.count == 1
    review_workers.start_early(2)  # once per run: a second call starts nothing more
    assert review_workers._early is early
    outcomes = review_paths(collect_filings([filings]), jobs=2)
    assert review_workers._early is None  # claimed by the batch
    assert len(outcomes) == 26
    assert all(process.exitcode is not None for process in early.processes)  # stopped, none left behind


def test_workers_started_early_for_a_batch_too_small_to_share_are_stopped_unused(filings: Path, spawning: None) -> None:
    review_workers.start_early(2)
    early = review_workers._early
    assert early is not None
    three = [path for path in collect_filings([filings]) if path.name.startswith("filing-")][:3]
    outcomes = review_paths(three, jobs=2)  # fewer than two filings per process: reviewed here
    assert [outcome.status for outcome in outcomes] == ["not compliant"] * 3
    assert review_workers._early is None
    assert all(process.exitcode is not None for process in early.processes)


@pytest.mark.parametrize("output_format", ["json", "text"])
def test_validate_writes_the_same_bytes_with_one_and_two_jobs(filings: Path, output_format: str) -> None:
    outputs = {}
    for jobs in (1, 2):
        completed = subprocess.run(
            [
                sys.executable,
                "-m",
                "pacomply",
                "-q",
                "validate",
                str(filings),
                "-f",
                output_format,
                "-j",
                str(jobs),
                "--review-date",
                "2026-11-02",
            ],
            cwd=ROOT,
            capture_output=True,
            check=False,
        )
        assert completed.returncode == 2, completed.stderr.decode()  # the broken workbook: unreadable, exit 2
        outputs[jobs] = completed.stdout
    assert outputs[1] == outputs[2]
    if output_format == "json":
        assert len(json.loads(outputs[1])["reviews"]) == 25


class _FailedWorkers:
    """Workers that have taken every filing and sent back one failure of pacomply itself, as a worker does."""

    count = 1

    def __init__(self, filings: int) -> None:
        import multiprocessing
        import queue

        del filings
        self.shared = multiprocessing.Array("q", 5)
        self.results: queue.Queue[tuple[int, object, str | None]] = queue.Queue()
        self.results.put((0, None, "Traceback (most recent call last):\nZeroDivisionError: division by zero\n"))
        self.stopped = False

    def hand_out(self, batch: tuple[object, ...]) -> None:
        del batch
        self.shared[:] = [2, 0, 0, 0, 0]  # both runs claimed and every filing taken, by the worker

    def stopped_with_failure(self) -> int | None:
        return None

    def stop(self) -> None:
        self.stopped = True


def test_a_failure_in_a_worker_is_raised_with_its_traceback_never_turned_into_an_outcome(
    filings: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    paths = collect_filings([filings])[:6]
    failed = _FailedWorkers(len(paths))
    monkeypatch.setattr(review_workers, "claim", lambda jobs: failed)
    monkeypatch.setattr("pacomply.engine.processes.available_cpus", lambda: 2)  # two processes on any machine
    with pytest.raises(RuntimeError, match="failed in a worker process") as raised:
        review_paths(paths, jobs=2)
    assert "ZeroDivisionError" in str(raised.value)
    assert str(paths[0]) in str(raised.value)
    assert failed.stopped


def test_reports_rendered_by_the_workers_are_the_bytes_rendered_after_the_batch(
    filings: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pacomply.reports.interface import renderer

    from pacomply.review_options import report_formats

    monkeypatch.setattr("pacomply.engine.processes.available_cpus", lambda: 2)  # two processes on any machine
    paths = [path for path in collect_filings([filings]) if path.name.startswith("filing-")][:6]
    formats = report_formats("json,xlsx")
    outcomes = review_paths(paths, jobs=2, render=formats)
    assert [outcome.path for outcome in outcomes] == paths
    for outcome in outcomes:
        assert outcome.review is not None
        expected = tuple(
            (report_format.value, renderer(report_format).render(outcome.review)) for report_format in formats
        )
        assert outcome.rendered == expected


def test_validate_into_a_folder_writes_the_same_reports_with_one_and_two_jobs(filings: Path, tmp_path: Path) -> None:
    written = {}
    for jobs in (1, 2):
        folder = tmp_path / f"j{jobs}"
        completed = subprocess.run(
            [sys.executable, "-m", "pacomply", "-q", "validate", str(filings), "-f", "json,xlsx", "--output-dir",
             str(folder), "-j", str(jobs), "--review-date", "2026-11-02"],
            cwd=ROOT,
            capture_output=True,
            check=False,
        )  # fmt: skip
        assert completed.returncode == 2, completed.stderr.decode()  # the broken workbook: unreadable, exit 2
        written[jobs] = {path.name: path.read_bytes() for path in sorted(folder.iterdir())}
    assert len(written[1]) == 2 * 25
    assert written[1] == written[2]
