"""The review of one filing or many: collect the filings, read them, review them, write each one's reports.

This is the application's own logic, below every front end (the command line, and any other that reviews filings)
and above the renderers, which only turn a review into bytes and never read a filing. An unreadable filing does not
stop the run: its problems are kept as an outcome of their own. Per-filing reports are written into an output folder,
named after the filing, never over an input. The CLI draws the progress bar and the summary table from what this
module returns.

A front end reviews under a :class:`ReviewPolicy` (the check settings, the project configuration and the waivers):
:func:`review_paths_under_policy` for files, :func:`review_under_policy` for a filing already read. The policy is
applied here, once, so ``validate``, ``diff`` and any other front end give one filing the same findings.
"""

from __future__ import annotations

import dataclasses
import json
import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Any

from pacomply.checker.registry import CheckSettings, Severity, Waiver
from pacomply.checker.review import Review, review_filing
from pacomply.config import Config, finish_review
from pacomply.reports.interface import ReportFormat, renderer
from pacomply.submissions import OTHER_SPREADSHEET_SUFFIXES, Filing, InputError, read_filing
from pacomply.submissions.files import OutputRefused, check_output_path, open_staged, write_atomically
from pacomply.submissions.files import write_staged as _flush_staged  # by this name, for the tests to replace

FILING_SUFFIXES = (".xlsx", ".xlsm", ".json", ".pdf")
EXIT_INPUT = 2


@dataclass(frozen=True, slots=True)
class FindingCounts:
    """A review's unwaived findings by severity and its waived ones: all that the batch's summary table and exit
    code read of a review, kept once its reports are written and the review itself is let go."""

    errors: int
    warnings: int
    info: int
    waived: int

    @classmethod
    def of(cls, review: Review) -> FindingCounts:
        """The counts of one review."""
        return cls(
            review.count(Severity.ERROR), review.count(Severity.WARNING), review.count(Severity.INFO),
            review.waived_count,
        )  # fmt: skip


@dataclass(frozen=True, slots=True)
class BatchOutcome:
    """What became of one filing: its review (or, once its reports are written, the counts of its findings), or the
    problems that kept it from being read."""

    path: Path
    review: Review | None
    problems: tuple[str, ...] = ()
    rendered: tuple[tuple[str, bytes], ...] = ()
    """The review's reports already rendered where it was made (a batch's worker), by report format value."""
    counts: FindingCounts | None = None
    """The review's findings counted; None only for an unreadable filing (filled from ``review`` when left out)."""

    def __post_init__(self) -> None:
        if self.counts is None and self.review is not None:
            object.__setattr__(self, "counts", FindingCounts.of(self.review))

    @property
    def readable(self) -> bool:
        """Whether the filing was read and reviewed."""
        return self.counts is not None

    @property
    def exit_code(self) -> int:
        """0 compliant, 1 errors found, 2 unreadable (as :attr:`Review.exit_code`, for a review)."""
        if self.counts is None:
            return EXIT_INPUT
        return 0 if self.counts.errors == 0 else 1

    @property
    def status(self) -> str:
        """'compliant', 'not compliant' or 'unreadable'."""
        if self.counts is None:
            return "unreadable"
        return "compliant" if self.counts.errors == 0 else "not compliant"

    def count(self, severity: Severity) -> int:
        """Unwaived findings of a severity (0 for an unreadable filing)."""
        if self.counts is None:
            return 0
        return {Severity.ERROR: self.counts.errors, Severity.WARNING: self.counts.warnings,
                Severity.INFO: self.counts.info}[severity]  # fmt: skip

    @property
    def waived_count(self) -> int:
        """Findings a waiver accepts (0 for an unreadable filing)."""
        return 0 if self.counts is None else self.counts.waived

    def without_review(self, *, keep_rendered: bool) -> BatchOutcome:
        """This outcome without its review (its counts kept), and without its rendered reports unless
        ``keep_rendered``: what a batch keeps of a filing once nothing later reads the review."""
        return dataclasses.replace(self, review=None, rendered=self.rendered if keep_rendered else ())


@dataclass(frozen=True, slots=True)
class SkippedEntry:
    """An entry of a folder that is no filing (a note, a sub-folder, a lock file), named with the reason."""

    path: Path
    reason: str


@dataclass(frozen=True, slots=True)
class Collection:
    """Every entry of the paths named, accounted for: a filing to read (or refuse), or skipped with a reason."""

    filings: tuple[Path, ...]
    """Paths to read, in order: each becomes a review or an unreadable outcome naming why."""
    skipped: tuple[SkippedEntry, ...] = ()
    """Entries of folders that are not filings, each with the reason, for the run to name."""
    unlisted: tuple[SkippedEntry, ...] = ()
    """Folders whose entries could not be listed: inputs that could not be read (the run exits 2)."""


def collect(paths: Sequence[Path]) -> Collection:
    """The filings named: files as given (whatever they are: the reader says why one cannot be read), folders
    expanded to their entries (sorted), every entry accounted for.

    Sub-folders are not searched (a folder of filings often sits beside others of recorded rounds or reports):
    they are skipped, named. In a folder, an entry named as a filing (.xlsx, .xlsm, .json, .pdf) or as a
    spreadsheet a filing may have been saved as by mistake (.xls, .ods, .csv, ...) is kept whatever it is (a broken
    link, a link loop, a FIFO, an unreadable file), so that the run reports it as unreadable with the reason;
    nothing is opened here, so a FIFO cannot block the run. Spreadsheet lock files (``~$name.xlsx``), hidden files
    and files of other kinds (a note, a cover letter) are skipped, each named with the reason.
    """
    found: list[Path] = []
    skipped: list[SkippedEntry] = []
    unlisted: list[SkippedEntry] = []
    for path in paths:
        if not path.is_dir():
            found.append(path)
            continue
        try:
            entries = sorted(path.iterdir())
        except OSError as error:
            unlisted.append(SkippedEntry(path, f"the folder could not be listed ({error.strerror or error})"))
            continue
        for entry in entries:
            kept, reason = _classify(entry)
            if kept:
                found.append(entry)
            else:
                skipped.append(SkippedEntry(entry, reason))
    unique: dict[Path, None] = dict.fromkeys(found)
    return Collection(tuple(unique), tuple(skipped), tuple(unlisted))


def _classify(entry: Path) -> tuple[bool, str]:
    """Whether a folder's entry is read as a filing; if not, why it is skipped. Decided by name and lstat/stat."""
    name = entry.name
    if name.startswith("~$"):
        return False, "a spreadsheet's lock file (the workbook is open in a spreadsheet program)"
    if name.startswith("."):
        return False, "a hidden file"
    suffix = entry.suffix.lower()
    if suffix in FILING_SUFFIXES or suffix in OTHER_SPREADSHEET_SUFFIXES:
        try:
            if entry.is_dir():  # stat, never open: a folder named like a filing is still a folder
                return False, "a sub-folder; sub-folders are not searched"
        except OSError:
            pass  # a link loop or an unreachable target: kept, and refused with the reason when read
        return True, ""
    try:
        if entry.is_dir():
            return False, "a sub-folder; sub-folders are not searched"
    except OSError:
        pass
    return False, f"not a filing ('{entry.suffix or name}'; filings are .xlsx, .xlsm, .json or .pdf)"


def collect_filings(paths: Sequence[Path]) -> list[Path]:
    """The filings named (:func:`collect`), without the entries skipped."""
    return list(collect(paths).filings)


def review_path(
    path: Path,
    settings: CheckSettings | None = None,
    policy: ReviewPolicy | None = None,
    render: Sequence[ReportFormat] = (),
    keep_review: bool = True,
) -> BatchOutcome:
    """Read and review one filing (under ``policy`` where given, else with ``settings`` alone), and render its
    reports in ``render``; an unreadable one becomes an outcome with every problem found. Without ``keep_review``
    the outcome keeps the rendered reports and the counts of the findings, not the review (nothing else of it is
    read once its reports are written)."""
    try:
        filing = read_filing(path)
    except InputError as error:
        return BatchOutcome(path, None, tuple(str(problem) for problem in error.problems))
    except OSError as error:
        return BatchOutcome(path, None, (f"{path.name}: {error.strerror or error}",))
    review = review_under_policy(filing, policy) if policy is not None else review_filing(filing, settings)
    rendered = tuple((report_format.value, renderer(report_format).render(review)) for report_format in render)
    outcome = BatchOutcome(path, review, rendered=rendered)
    return outcome if keep_review else outcome.without_review(keep_rendered=True)


def review_paths(
    paths: Sequence[Path],
    settings: CheckSettings | None = None,
    on_outcome: Callable[[BatchOutcome], None] | None = None,
    jobs: int = 1,
    policy: ReviewPolicy | None = None,
    render: Sequence[ReportFormat] = (),
    writer: ReportWriter | None = None,
) -> list[BatchOutcome]:
    """Review every filing, each with its reports in ``render`` rendered in the process that reviewed it (so a
    batch's workers share the rendering too); the outcomes come back, and ``on_outcome`` is told of each (for a
    progress bar), in the order given whatever ``jobs`` is, so the output is the same byte for byte. Under ``policy``
    (:func:`review_paths_under_policy`) each process applies it to the filings it reviews.

    With a ``writer`` (:class:`ReportWriter`), each filing's reports in the writer's formats are rendered right
    after its review and handed to the writer as the outcomes come in, in the order given; the outcomes that come
    back then keep the counts of the findings, not the reviews: a batch holds one review at a time (each worker
    one), never every filing's, and each cycle collection scans only the review being rendered. The caller calls
    :meth:`ReportWriter.finish` once every outcome is in.

    With ``jobs`` > 1 (and at least two filings per process), ``jobs - 1`` worker processes review beside this one:
    forked from it once it has reviewed the smallest filing where the platform forks (:mod:`pacomply.review_workers`:
    they start with everything a review loads), else spawned before the first filing is read. This process is ready
    at once, so the batch never waits for a worker to start, and a worker that is still starting when the last
    filing is taken is stopped unused. Every process then works through a run of neighbours in the order given
    (:class:`HandOut`: alike filings reviewed by one process, which has computed for the first what the next one
    reuses), taking from the run with most left once its own is done; each outcome is passed on as soon as all
    those before it are in.
    """
    from pacomply import review_workers
    from pacomply.engine.processes import bounded_workers

    paths = list(paths)
    jobs = bounded_workers(jobs)
    keep_review = writer is None or writer.keep_reviews
    if writer is not None:
        render = writer.formats
    if jobs <= 1 or len(paths) < 2 * jobs:
        review_workers.release()
        outcomes = []
        for path in paths:
            outcome = review_path(path, settings, policy, render, keep_review)
            if writer is not None:
                outcome = writer.add(outcome)
            outcomes.append(outcome)
            if on_outcome is not None:
                on_outcome(outcome)
        return outcomes
    return _review_shared(paths, settings, policy, on_outcome, jobs, tuple(render), writer)


@dataclass(frozen=True, slots=True)
class HandOut:
    """How a batch's filings are shared among its processes: the one reviewed first, alone, and the rest cut into
    runs of neighbours in the order given, one run a process.

    Filings next to each other in a folder are often alike (one licensee's filings of one game, the same filing
    saved as a workbook and as JSON), and what a process has computed for one (the figures and rulebook of its
    chapter, the PDF's measured paragraphs and cells) makes the next alike one cheaper in that process only. A
    process therefore works through a run of neighbours front to back; the runs are about equal in bytes, and a
    process whose run is done takes the last filing of the run with most left, so no process idles while another
    has more than the filing it is on. (Handed out one at a time, largest first, neighbours went to different
    processes: the examples' batch cost about 0.35 s more CPU with two processes than with one, every chapter's
    first use and most of the cache hits of the second filing of each pair paid twice.)
    """

    first: int
    """The position of the smallest file (the last given, among equals): reviewed by the batch's process before any
    worker starts, so that the workers (forked where the platform forks) start with what a review loads on first
    use, and the wait for them is the shortest review's."""
    order: tuple[int, ...]
    """Every other position, run after run, each run in the order given."""
    bounds: tuple[int, ...]
    """Where each run starts and ends in :attr:`order`: start, end, start, end, ... (a run may be empty)."""

    @classmethod
    def of(cls, paths: Sequence[Path], processes: int) -> HandOut:
        """The hand-out of ``paths`` among ``processes`` processes; a file that cannot be measured counts as
        empty."""

        def size(path: Path) -> int:
            try:
                return path.stat().st_size
            except OSError:
                return 0

        sizes = [size(path) for path in paths]
        first = min(range(len(paths)), key=lambda position: (sizes[position], -position))
        rest = [position for position in range(len(paths)) if position != first]
        # Every file weighs its bytes plus one, so that files that cannot be measured are still spread out.
        weights = [sizes[position] + 1 for position in rest]
        total = sum(weights)
        runs: list[list[int]] = [[] for _ in range(processes)]
        done = 0
        for position, weight in zip(rest, weights, strict=True):
            # A file goes to the run its middle byte falls in, so each run holds about a share of the bytes.
            runs[min(processes - 1, (2 * done + weight) * processes // (2 * total))].append(position)
            done += weight
        bounds: list[int] = []
        for run in runs:
            start = len(bounds) and bounds[-1]
            bounds += [start, start + len(run)]
        return cls(first, tuple(position for run in runs for position in run), tuple(bounds))


def _take(shared: Any, own: int) -> tuple[int | None, int]:
    """The next place in the hand-out order for a process working through run ``own`` (-1 before its first take),
    and the run it now works through; None once every filing is taken.

    ``shared`` (one array shared by every process of the batch) holds how many runs are claimed, then each run's
    start and end (:attr:`HandOut.bounds`). A process without a run, or whose run is done, claims the next run
    nobody has claimed (a worker still starting leaves its run to the others); once every run is claimed, it takes
    the last filing of the run with most left.
    """
    with shared.get_lock():
        runs = (len(shared) - 1) // 2
        if (own < 0 or shared[1 + 2 * own] == shared[2 + 2 * own]) and shared[0] < runs:
            own = int(shared[0])
            shared[0] = own + 1
        if own >= 0 and shared[1 + 2 * own] < shared[2 + 2 * own]:
            place = int(shared[1 + 2 * own])
            shared[1 + 2 * own] = place + 1
            return place, own
        left = [shared[2 + 2 * run] - shared[1 + 2 * run] for run in range(runs)]
        fullest = max(range(runs), key=left.__getitem__)
        if left[fullest] <= 0:
            return None, own
        place = int(shared[2 + 2 * fullest]) - 1
        shared[2 + 2 * fullest] = place
        return place, own


def prepare_worker() -> None:
    """In a worker process, before it takes a filing: import what every review reads with (the readers), so that
    its first review costs what the others do."""
    from pacomply.submissions.readers import json as _json_reader
    from pacomply.submissions.readers import xlsx as _xlsx_reader

    del _json_reader, _xlsx_reader


def review_taken(
    paths: list[Path],
    order: list[int],
    settings: CheckSettings | None,
    policy: ReviewPolicy | None,
    render: tuple[ReportFormat, ...],
    keep_review: bool,
    shared: Any,
    results: Any,
) -> None:
    """A worker process's loop: take the next filing (:func:`_take`), review it, send (position, outcome, None)
    back; stop when none is left. A failure of pacomply itself is sent back as (position, None, its traceback), for
    the batch to raise. Without ``keep_review`` the outcome sent back holds the rendered reports and the counts, not
    the review (which would be pickled here and unpickled by the batch only to be dropped). What is alive after each
    filing is frozen out of the cycle collector, as the batch's own process does
    (:func:`pacomply.batch_console.review_with_progress` says why); the worker ends with the batch."""
    import gc
    import traceback

    own = -1
    while True:
        place, own = _take(shared, own)
        if place is None:
            return
        position = order[place]
        try:
            outcome = review_path(paths[position], settings, policy, render, keep_review)
            results.put((position, outcome, None))
        except BaseException:
            results.put((position, None, traceback.format_exc()))
            return
        gc.freeze()


def _review_shared(
    paths: list[Path],
    settings: CheckSettings | None,
    policy: ReviewPolicy | None,
    on_outcome: Callable[[BatchOutcome], None] | None,
    jobs: int,
    render: tuple[ReportFormat, ...],
    writer: ReportWriter | None,
) -> list[BatchOutcome]:
    import queue

    from pacomply import review_workers

    keep_review = writer is None or writer.keep_reviews
    workers = review_workers.claim(jobs)
    hand_out = HandOut.of(paths, workers.count + 1)
    outcomes: list[BatchOutcome | None] = [None] * len(paths)
    passed_on = 0
    # The smallest filing is reviewed here before the others are handed out: what a review loads on first use (the
    # checks' and reports' modules, the figure shelves, the rulebooks) is then in this process's memory when the
    # workers are forked from it, so none loads it again, and the hand-out waits for the shortest review only. The
    # runs are set before any worker can take from them (a spawned one reads the batch from its queue first).
    try:
        outcomes[hand_out.first] = review_path(paths[hand_out.first], settings, policy, render, keep_review)
    except BaseException:
        workers.stop()
        raise
    workers.shared[:] = [0, *hand_out.bounds]
    order = list(hand_out.order)
    workers.hand_out((paths, order, settings, policy, render, keep_review))

    def pass_on() -> None:
        nonlocal passed_on
        while passed_on < len(paths) and (outcome := outcomes[passed_on]) is not None:
            if writer is not None:
                outcome = outcomes[passed_on] = writer.add(outcome)
            if on_outcome is not None:
                on_outcome(outcome)
            passed_on += 1

    def receive(block: bool) -> None:
        try:
            position, outcome, failure = workers.results.get(timeout=0.2) if block else workers.results.get_nowait()
        except queue.Empty:
            stopped = workers.stopped_with_failure()
            if block and stopped is not None:
                raise RuntimeError(
                    f"a review worker stopped (exit code {stopped}) before sending back its reviews"
                ) from None
            return
        if failure is not None:
            raise RuntimeError(f"reviewing {paths[position]} failed in a worker process:\n{failure}")
        outcomes[position] = outcome

    try:
        own = -1
        while True:
            place, own = _take(workers.shared, own)
            if place is None:
                break
            position = order[place]
            outcomes[position] = review_path(paths[position], settings, policy, render, keep_review)
            while not workers.results.empty():
                receive(block=False)
            pass_on()
        while passed_on < len(paths):
            if outcomes[passed_on] is None:
                receive(block=True)
            pass_on()
    finally:
        workers.stop()
    return [outcome for outcome in outcomes if outcome is not None]


def report_names(paths: Sequence[Path]) -> dict[Path, str]:
    """The base name of each filing's reports: its stem, or stem plus original suffix where two stems collide
    (``a.xlsx`` and ``a.json`` give ``a.xlsx`` and ``a.json``, and their PDFs ``a.xlsx.pdf``, ``a.json.pdf``)."""
    stems: dict[str, int] = {}
    for path in paths:
        stems[path.stem] = stems.get(path.stem, 0) + 1
    names: dict[Path, str] = {}
    used: set[str] = set()
    for path in paths:
        name = path.stem if stems[path.stem] == 1 else path.name
        candidate, counter = name, 2
        while candidate in used:  # same file name in two folders
            candidate, counter = f"{name}-{counter}", counter + 1
        used.add(candidate)
        names[path] = candidate
    return names


class ReportsNotWritten(OSError):
    """Staging or placing a batch's reports failed (the output folder's disk, space or permissions): the error of
    the output folder, told apart from one met while reviewing."""


class ReportWriter:
    """A batch's reports written into one folder, one file per filing and format, as the filings are reviewed.

    Made before the first filing is read: every target is named then (:func:`report_names` over every path of the
    batch) and refused (:class:`submissions.files.OutputRefused`) before anything is written where it would replace
    an input or a folder. :meth:`add` stages each reviewed filing's reports as its outcome comes in and hands back
    the outcome without its review; :meth:`finish` puts them all in place (:class:`StagedFiles`: every one flushed
    before the journal and the first rename). Leaving the ``with`` block on an error removes what was staged and
    replaces nothing. An error of the folder itself is :class:`ReportsNotWritten`.
    """

    def __init__(
        self,
        folder: Path,
        formats: Sequence[ReportFormat],
        paths: Sequence[Path],
        inputs: Sequence[Path],
        *,
        keep_reviews: bool = False,
    ) -> None:
        self.formats = tuple(formats)
        self.keep_reviews = keep_reviews
        """Whether the outcomes keep their reviews once their reports are staged (a front end renders more)."""
        names = report_names(paths)
        # Resolved once: check_output_path resolves every input per target, quadratic over a thousand-filing batch.
        resolved_inputs = {path.resolve() for path in inputs if path.exists()}
        self._targets: dict[Path, tuple[Path, ...]] = {}
        for path in paths:
            targets = tuple(folder / f"{names[path]}{report_format.suffix}" for report_format in self.formats)
            for target in targets:
                if target.resolve() in resolved_inputs:
                    raise OutputRefused(f"'{target}' is an input of this run; pacomply never writes over its input")
                check_output_path(target, (), overwrite=True)
            self._targets[path] = targets
        self._staged = StagedFiles()

    def add(self, outcome: BatchOutcome) -> BatchOutcome:
        """Stage the reports of one filing's outcome (those rendered where it was reviewed, else rendered now); the
        outcome without its review (unless :attr:`keep_reviews`) and reports (unchanged for an unreadable filing)."""
        if not outcome.readable:
            return outcome
        for target, report_format in zip(self._targets[outcome.path], self.formats, strict=True):
            content = _rendered(outcome, report_format)
            try:
                self._staged.add(target, content)
            except OSError as error:
                raise ReportsNotWritten(*error.args) from error
        if self.keep_reviews:
            return dataclasses.replace(outcome, rendered=())
        return outcome.without_review(keep_rendered=False)

    def finish(self) -> list[Path]:
        """Put every staged report in place (:meth:`StagedFiles.finish`); the paths written, in the batch's order."""
        try:
            return self._staged.finish()
        except OSError as error:
            raise ReportsNotWritten(*error.args) from error

    def __enter__(self) -> ReportWriter:
        return self

    def __exit__(self, kind: object, error: object, traceback: object) -> None:
        self._staged.abandon()


def write_reports(
    outcomes: Iterable[BatchOutcome],
    folder: Path,
    formats: Sequence[ReportFormat],
    inputs: Sequence[Path],
) -> list[Path]:
    """Write each reviewed filing's reports into ``folder`` (one file per format), atomically; the paths written.

    Raises :class:`submissions.files.OutputRefused` before writing anything over an input. A batch hands its
    outcomes to a :class:`ReportWriter` as they come in instead (:func:`review_paths`).
    """
    outcomes = list(outcomes)
    with ReportWriter(folder, formats, [outcome.path for outcome in outcomes], inputs) as writer:
        for outcome in outcomes:
            writer.add(outcome)
        return writer.finish()


def _rendered(outcome: BatchOutcome, report_format: ReportFormat) -> bytes:
    """The report of a reviewed filing in ``report_format``: as rendered where it was reviewed, else now."""
    for value, data in outcome.rendered:
        if value == report_format.value:
            return data
    assert outcome.review is not None
    return renderer(report_format).render(outcome.review)


# Written into the output folder while a set of reports replaces an older one, removed once every file is in place:
# a run stopped in between leaves it behind, naming the files that may still be from the older set.
REPLACING_JOURNAL = ".pacomply-replacing.json"


def unfinished_replacement(folder: Path) -> list[Path]:
    """The reports in ``folder`` that an earlier run was stopped before replacing: they may be older than the rest.

    Empty when the last run into the folder finished (or none ran). A journal that cannot be read is named itself,
    so the user can look at it.
    """
    journal = folder / REPLACING_JOURNAL
    try:
        names = json.loads(journal.read_text(encoding="utf-8"))["pending"]
    except FileNotFoundError:
        return []
    except (OSError, ValueError, KeyError, TypeError):
        return [journal]
    return [folder / name for name in names if isinstance(name, str)]


def _fsync_folder(folder: Path) -> None:
    """Make the folder's entries (renames, new names) durable; a POSIX notion, skipped on Windows."""
    if os.name == "nt":  # pragma: no cover - Windows cannot open a folder to flush it
        return
    handle = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(handle)
    finally:
        os.close(handle)


def _write_journal(folder: Path, pending: Iterable[str]) -> None:
    """Name the reports of ``folder`` that may be older than the others, or remove the journal when none may be."""
    journal = folder / REPLACING_JOURNAL
    names = sorted(set(pending))
    if names:
        write_atomically(journal, (json.dumps({"pending": names}, indent=1) + "\n").encode("utf-8"))
    else:
        journal.unlink(missing_ok=True)
    _fsync_folder(folder)


#: Staged reports flushed to disk at once: a flush waits on the disk, not the processor, so those of several files
#: overlap each other and the rendering of the next report (the disk commits them together); at most twice as many
#: reports are held in memory waiting for a flush.
STAGING_THREADS = 4


class StagedFiles:
    """Many files, each renamed into place whole, never leaving a silent mix of two runs' reports.

    Every file :meth:`add` is given is written to a temporary file beside its target and flushed to disk (that file,
    not every disk of the machine), a few at a time beside the work of the caller (:data:`STAGING_THREADS`), holding
    at most twice as many waiting in memory. :meth:`finish`: once every file is flushed, before the first rename, a
    journal naming every target is made durable in the target's folder; it is removed after the last rename. A run
    killed among the renames leaves the journal behind, and the next run into the folder says which reports may be
    older than the others (:func:`unfinished_replacement`); a run that rewrites them clears them from it.
    :meth:`abandon` (after an error, or where :meth:`finish` failed) removes every staged file and replaces nothing.
    """

    def __init__(self) -> None:
        from collections import deque
        from concurrent.futures import Future, ThreadPoolExecutor

        self._pool = ThreadPoolExecutor(max_workers=STAGING_THREADS, thread_name_prefix="pacomply-staging")
        self._staged: list[tuple[Path, Path]] = []
        self._flushing: deque[Future[None]] = deque()
        self._open = True

    def add(self, target: Path, content: bytes) -> None:
        """Stage ``content`` for ``target``; waits for earlier flushes while too many are waiting."""
        try:
            handle, temporary_path = open_staged(target)
            self._staged.append((temporary_path, target))
            self._flushing.append(self._pool.submit(_flush_staged, handle, content))
            while len(self._flushing) > 2 * STAGING_THREADS:
                self._flushing.popleft().result()
        except BaseException:
            self.abandon()
            raise

    def finish(self) -> list[Path]:
        """Every staged file flushed, the journal made durable, every file renamed into place, the journal cleared;
        the targets, in the order added."""
        try:
            while self._flushing:
                self._flushing.popleft().result()
            written: dict[Path, set[str]] = {}
            for _staged, target in self._staged:
                written.setdefault(target.parent, set()).add(target.name)
            earlier = {
                folder: {path.name for path in unfinished_replacement(folder)} - {REPLACING_JOURNAL}
                for folder in written
            }
            for folder, names in written.items():
                _write_journal(folder, earlier[folder] | names)
            for staged_path, final_path in self._staged:
                os.replace(staged_path, final_path)
        except BaseException:
            self.abandon()
            raise
        self._open = False
        self._pool.shutdown()
        for folder, names in written.items():
            # What this run rewrote is settled; reports an earlier stopped run left unreplaced stay named.
            _fsync_folder(folder)
            _write_journal(folder, earlier[folder] - names)
        return [target for _temporary, target in self._staged]

    def abandon(self) -> None:
        """Remove every staged file (each closed first) unless :meth:`finish` put them in place; idempotent."""
        from concurrent.futures import wait

        if not self._open:
            return
        self._open = False
        wait(self._flushing)  # every staged file closed before it is removed
        self._pool.shutdown()
        for staged_path, _target in self._staged:
            staged_path.unlink(missing_ok=True)


def _write_all_atomically(items: Iterable[tuple[Path, bytes]]) -> list[Path]:
    """Write every (target, content) through one :class:`StagedFiles`; the targets written."""
    staged = StagedFiles()
    try:
        for target, content in items:
            staged.add(target, content)
    except BaseException:
        staged.abandon()
        raise
    return staged.finish()


def exit_code(outcomes: Iterable[BatchOutcome]) -> int:
    """The run's one exit code: the worst of its filings (2 unreadable > 1 errors > 0 compliant)."""
    return max((outcome.exit_code for outcome in outcomes), default=0)


@dataclass(frozen=True, slots=True)
class ReviewPolicy:
    """Everything a review applies besides the filing: the check settings (tolerance, thickness, review date), the
    project configuration (a default card thickness, severity overrides) and the waivers the Board granted.

    Every front end reviews through it, so a filing reviewed by ``validate``, ``diff`` or another front end under the
    same configuration and waivers gets the same findings.
    """

    settings: CheckSettings
    config: Config = dataclasses.field(default_factory=Config)
    waivers: tuple[Waiver, ...] = ()

    @property
    def review_date(self) -> date:
        """The day the review is made as of: waivers lapse and a future Date Filed is judged against it."""
        return self.settings.review_date


def configured_settings(
    config: Config,
    rack_tolerance: Decimal | None = None,
    card_thickness_mm: Decimal | None = None,
    review_date: date | None = None,
) -> CheckSettings:
    """The check settings a review runs with: what the front end was given (the command line's options) first,
    then the configuration's discard-rack tolerance, then the defaults. The configured card thickness is not set
    here: :func:`review_under_policy` applies it only where the filing states none."""
    tolerance = rack_tolerance if rack_tolerance is not None else config.rack_tolerance
    given: dict[str, object] = {"card_thickness_mm": card_thickness_mm}
    if tolerance is not None:
        given["rack_tolerance"] = tolerance
    if review_date is not None:
        given["review_date"] = review_date
    return CheckSettings(**given)  # type: ignore[arg-type]


def review_under_policy(filing: Filing, policy: ReviewPolicy) -> Review:
    """Review one filing already read under the policy, once: the configured card thickness is a default applied
    (in the first review, not a second one) only when neither the command line nor the filing states one; then
    the waivers as of the review date and the severity overrides (:func:`config.finish_review`)."""
    settings = policy.settings
    thickness = policy.config.card_thickness_mm
    configured = (
        thickness is not None
        and settings.card_thickness_mm is None
        and "card_thickness_mm" not in filing.metadata.locations
    )
    review = review_filing(
        filing, dataclasses.replace(settings, card_thickness_mm=thickness) if configured else settings
    )
    return finish_review(
        review, settings, policy.config, policy.waivers, policy.review_date, thickness_applied=configured
    )


def review_paths_under_policy(
    paths: Sequence[Path],
    policy: ReviewPolicy,
    on_outcome: Callable[[BatchOutcome], None] | None = None,
    jobs: int = 1,
    render: Sequence[ReportFormat] = (),
    writer: ReportWriter | None = None,
) -> list[BatchOutcome]:
    """Read and review every filing under the policy, rendering each one's reports in ``render``, or handing them
    to ``writer`` as they come (:func:`review_paths`)."""
    return review_paths(paths, policy.settings, on_outcome, jobs, policy=policy, render=render, writer=writer)
