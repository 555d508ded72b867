"""Batch review: many filings (a folder, or several files) reviewed in one process, each outcome kept, one exit code.

An unreadable filing does not stop the run: its problems are kept as an outcome of their own. Per-filing reports
are written atomically into an output folder, named after the filing, never over an input. The CLI draws the
progress bar and the summary table from what this module returns.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from pacomply.checker.registry import CheckSettings, Severity
from pacomply.checker.review import Review, review_filing
from pacomply.reports.interface import ReportFormat, renderer
from pacomply.submissions import InputError, read_filing
from pacomply.submissions.files import OutputRefused, check_output_path, open_staged, write_atomically

FILING_SUFFIXES = (".xlsx", ".xlsm", ".json", ".pdf")
EXIT_INPUT = 2


@dataclass(frozen=True, slots=True)
class BatchOutcome:
    """What became of one filing: its review, or the problems that kept it from being read."""

    path: Path
    review: Review | None
    problems: tuple[str, ...] = ()

    @property
    def exit_code(self) -> int:
        """0 compliant, 1 errors found, 2 unreadable."""
        return EXIT_INPUT if self.review is None else self.review.exit_code

    @property
    def status(self) -> str:
        """'compliant', 'not compliant' or 'unreadable'."""
        if self.review is None:
            return "unreadable"
        return "compliant" if self.review.compliant else "not compliant"

    def count(self, severity: Severity) -> int:
        """Unwaived findings of a severity (0 for an unreadable filing)."""
        return 0 if self.review is None else self.review.count(severity)


def collect_filings(paths: Sequence[Path]) -> list[Path]:
    """The filings named: files as given, folders expanded to the filings directly inside them (sorted).

    Sub-folders are not searched: a folder of filings often sits beside others of recorded rounds or reports.

    Spreadsheet lock files (``~$name.xlsx``) and hidden files are skipped. A path that does not exist is kept,
    so the run reports it as unreadable instead of losing it.
    """
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            found.extend(
                sorted(
                    candidate
                    for candidate in path.iterdir()
                    if candidate.is_file()
                    and candidate.suffix.lower() in FILING_SUFFIXES
                    and not candidate.name.startswith(("~$", "."))
                )
            )
        else:
            found.append(path)
    unique: dict[Path, None] = dict.fromkeys(found)
    return list(unique)


def review_path(path: Path, settings: CheckSettings | None = None) -> BatchOutcome:
    """Read and review one filing; an unreadable one becomes an outcome with every problem found."""
    try:
        filing = read_filing(path)
    except InputError as error:
        return BatchOutcome(path, None, tuple(str(problem) for problem in error.problems))
    except OSError as error:
        return BatchOutcome(path, None, (f"{path.name}: {error.strerror or error}",))
    return BatchOutcome(path, review_filing(filing, settings))


def _review_chunk(arguments: tuple[list[Path], CheckSettings | None]) -> list[BatchOutcome]:
    paths, settings = arguments
    return [review_path(path, settings) for path in paths]


def review_paths(
    paths: Sequence[Path],
    settings: CheckSettings | None = None,
    on_outcome: Callable[[BatchOutcome], None] | None = None,
    jobs: int = 1,
) -> list[BatchOutcome]:
    """Review every filing, in the order given; ``on_outcome`` is told of each as it finishes (for a progress bar).

    With ``jobs`` > 1 the filings are shared among that many worker processes in contiguous chunks; the outcomes
    come back in the same order as with one job, so the output is identical.
    """
    paths = list(paths)
    if jobs <= 1 or len(paths) < 2 * jobs:
        outcomes = []
        for path in paths:
            outcome = review_path(path, settings)
            outcomes.append(outcome)
            if on_outcome is not None:
                on_outcome(outcome)
        return outcomes
    # Chunks of ~25 keep the per-task pickling overhead small against ~2 ms of review each.
    size = 25
    chunks = [(paths[start : start + size], settings) for start in range(0, len(paths), size)]
    outcomes = []
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for chunk in pool.map(_review_chunk, chunks):
            for outcome in chunk:
                outcomes.append(outcome)
                if on_outcome is not None:
                    on_outcome(outcome)
    return outcomes


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


def write_reports(
    outcomes: Iterable[BatchOutcome],
    folder: Path,
    formats: Sequence[ReportFormat],
    inputs: Sequence[Path],
) -> list[Path]:
    """Write each reviewed filing's reports into ``folder`` (one file per format), atomically; the paths written.

    Raises :class:`submissions.files.OutputRefused` before writing anything over an input.
    """
    outcomes = list(outcomes)
    names = report_names([outcome.path for outcome in outcomes])
    planned: list[tuple[Path, Review, ReportFormat]] = []
    # Resolved once: check_output_path resolves every input per target, quadratic over a thousand-filing batch.
    resolved_inputs = {path.resolve() for path in inputs if path.exists()}
    for outcome in outcomes:
        if outcome.review is None:
            continue
        for report_format in formats:
            target = folder / f"{names[outcome.path]}{report_format.suffix}"
            if target.resolve() in resolved_inputs:
                raise OutputRefused(f"'{target}' is an input of this run; pacomply never writes over its input")
            check_output_path(target, (), overwrite=True)
            planned.append((target, outcome.review, report_format))
    if len(planned) == 1:
        target, review, report_format = planned[0]
        write_atomically(target, renderer(report_format).render(review))
        return [target]
    return _write_all_atomically((target, renderer(fmt).render(review)) for target, review, fmt in planned)


def _write_all_atomically(items: Iterable[tuple[Path, bytes]]) -> list[Path]:
    """Many files, each renamed into place whole, with one flush to disk for the lot.

    ``write_atomically`` syncs every file before its rename; for a thousand reports that is a thousand journal
    commits (about 0.1 s each on a busy disk, most of a batch's time). Here every report is written to its
    temporary file, the disk is flushed once, and only then are the files renamed into place, so a report is
    never seen half-written and is on disk before it appears.
    """
    staged: list[tuple[Path, Path]] = []
    try:
        for target, content in items:
            handle, temporary_path = open_staged(target)
            staged.append((temporary_path, target))
            with os.fdopen(handle, "wb") as stream:
                stream.write(content)
        if hasattr(os, "sync"):
            os.sync()
        else:  # pragma: no cover - Windows has no sync(); flush each file instead
            for staged_path, _target in staged:
                with open(staged_path, "rb+") as stream:
                    os.fsync(stream.fileno())
        for staged_path, final_path in staged:
            os.replace(staged_path, final_path)
    except BaseException:
        for staged_path, _target in staged:
            staged_path.unlink(missing_ok=True)
        raise
    return [target for _temporary, target in staged]


def exit_code(outcomes: Iterable[BatchOutcome]) -> int:
    """The run's one exit code: the worst of its filings (2 unreadable > 1 errors > 0 compliant)."""
    return max((outcome.exit_code for outcome in outcomes), default=0)
