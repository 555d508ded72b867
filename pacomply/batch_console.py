"""What ``validate`` does around a batch of filings: the progress bar, the reports written as each review finishes,
the summary table, the warnings about the output folder and configurations lying beside the filings, and its
refusals of output paths made up front."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import typer

from pacomply.terminal import Verbosity, fail, print_problems, shown_path

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from pacomply.reports.interface import ReportFormat
    from pacomply.review_service import BatchOutcome, ReportWriter, ReviewPolicy


def refuse_colliding_outputs(planned: dict[str, Path | None]) -> None:
    """Two options naming one file: the second would silently replace the first, so neither is written."""
    import os

    seen: dict[str, str] = {}
    for option, path in planned.items():
        if path is None:
            continue
        key = os.path.normcase(str(path.resolve()))
        if key in seen:
            fail(f"{seen[key]} and {option} both name '{shown_path(path)}'; give each report its own file")
        seen[key] = option


def print_outcome_problems(outcome: BatchOutcome) -> None:
    """An unreadable filing's problems, on stderr."""
    print_problems(f"{shown_path(outcome.path)}: the filing could not be read", outcome.problems)


def summary_table(outcomes: list[BatchOutcome], to_stderr: bool) -> None:
    """The batch's table of filings and its tally; nothing under ``-q`` (each filing's report and the exit code
    already give the results)."""
    if Verbosity.level == 0:
        return
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    from pacomply.checker.registry import Severity
    from pacomply.reports import wording

    console = Console(stderr=to_stderr, width=120, highlight=False)
    table = Table(title="pacomply validate", title_justify="left")
    for header, justify in (("Filing", "left"), ("Status", "left"), ("Errors", "right"), ("Warnings", "right"),
                            ("Info", "right"), ("Waived", "right")):  # fmt: skip
        table.add_column(header, justify=justify)  # type: ignore[arg-type]
    styles = {"compliant": "green", "not compliant": "red", "unreadable": "magenta"}
    for outcome in outcomes:
        table.add_row(
            escape(shown_path(outcome.path)),  # a path holding '[/]' is text, not rich markup
            f"[{styles[outcome.status]}]{outcome.status}[/]",
            str(outcome.count(Severity.ERROR)),
            str(outcome.count(Severity.WARNING)),
            str(outcome.count(Severity.INFO)),
            str(outcome.waived_count),
        )
    console.print(table)
    tally = {status: sum(1 for o in outcomes if o.status == status) for status in styles}
    console.print(
        f"{wording.counted(len(outcomes), 'filing')}: {tally['compliant']} compliant, "
        f"{tally['not compliant']} not compliant, {tally['unreadable']} unreadable"
    )


def review_with_progress(
    paths: list[Path], policy: ReviewPolicy, jobs: int, writer: ReportWriter | None = None
) -> list[BatchOutcome]:
    """Review a batch under the policy with a progress bar on stderr (none with -q), each filing's reports rendered
    where it is reviewed and handed to ``writer`` where there is one (:func:`review_service.review_paths`).

    As each filing is passed on, everything alive is frozen out of the cycle collector until the batch ends
    (``gc.freeze``): the modules, rulebooks, figure shelves and fonts that the first review and its reports loaded
    are a few hundred thousand objects that live as long as the process, and every full collection of the later
    renders would scan them again (in the examples' batch with its documents, three full collections cost about
    0.2 s of CPU, and a quarter of that frozen); what each later filing adds to the caches of the reviews and
    renderers (kept paragraphs, drawn grids, figures) is likewise kept until the batch ends, and the older
    generations' collections scanned it again and again (frozen after every filing, the 27 filings after the first
    spent 0.09 s in collections where they spent 0.24 s). What a filing's renders leave in reference cycles is
    freed before it is frozen (by the young collection that follows each render; a review workbook is written from
    tuples, without cycles), so little is kept that the collector would have freed: 30 objects at the end of that
    batch. They are unfrozen after, so a front end that runs in a longer process (the tests') leaks nothing.
    """
    import gc

    from pacomply.review_service import review_paths_under_policy

    frozen = False

    def passed_on(advance: Callable[[], object]) -> Callable[[BatchOutcome], None]:
        def told(_outcome: BatchOutcome) -> None:
            nonlocal frozen
            gc.freeze()
            frozen = True
            advance()

        return told

    try:
        if Verbosity.level == 0:
            # No bar at all: a disabled rich Progress still ends with a blank line on a stderr that is not a
            # terminal (rich 13.8, the floor), which -q must not print.
            return review_paths_under_policy(paths, policy, passed_on(lambda: None), jobs, writer=writer)
        from rich.console import Console  # only for the bar: -q loads no rich
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

        console = Console(stderr=True)
        with Progress(
            TextColumn("reviewing"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=console,
            transient=True,
        ) as progress:
            task = progress.add_task("review", total=len(paths))
            return review_paths_under_policy(
                paths, policy, passed_on(lambda: progress.advance(task)), jobs, writer=writer
            )
    finally:
        if frozen:
            gc.unfreeze()


def review_and_write(
    paths: list[Path],
    unlisted: list[BatchOutcome],
    policy: ReviewPolicy,
    jobs: int,
    *,
    batch: bool,
    output_dir: Path | None,
    formats: Sequence[ReportFormat],
    inputs: Sequence[Path],
    keep_reviews: bool,
) -> tuple[list[BatchOutcome], list[Path]]:
    """Review the filings (with a progress bar for a batch) and, with an output folder, write each one's reports
    into it; the outcomes and the reports written.

    Every report is named and refused over an input before the first filing is read; each filing's reports are then
    rendered right after its review, by the process that made it, and staged, so the batch holds one review at a
    time (``keep_reviews`` keeps them, for one filing's extra reports rendered after); they are put in place
    together once every filing is in. A folder that cannot be written stops the run with exit 2, after naming the
    filings that could not be read.
    """
    import contextlib

    from pacomply.review_service import ReportsNotWritten, ReportWriter, review_paths_under_policy
    from pacomply.submissions.files import OutputRefused

    writer = None
    if output_dir is not None:
        warn_unfinished_replacement(output_dir)
        try:
            named = [*(outcome.path for outcome in unlisted), *paths]
            writer = ReportWriter(output_dir, formats, named, inputs, keep_reviews=keep_reviews)
        except OutputRefused as error:
            fail(str(error))
        except OSError as error:
            fail(f"could not write into '{output_dir}': {error.strerror or error}")
    reviewed: list[BatchOutcome] = []
    try:
        with writer or contextlib.nullcontext():
            reviewed = review_with_progress(paths, policy, jobs, writer) if batch else (
                review_paths_under_policy(paths[:1], policy, writer=writer))  # fmt: skip
            written = writer.finish() if writer is not None else []
    except ReportsNotWritten as error:
        # The reports are not written, but what is known of the filings that could not be read is still said.
        for outcome in unlisted + reviewed:
            if not outcome.readable:
                print_outcome_problems(outcome)
        fail(f"could not write into '{output_dir}': {error.strerror or error}")
    return reviewed, written


def warn_unfinished_replacement(folder: Path) -> None:
    """Say so when an earlier run into ``folder`` was stopped while replacing its reports (they may be a mix)."""
    from pacomply.review_service import unfinished_replacement

    stale = unfinished_replacement(folder)
    if stale:
        typer.echo(
            f"warning: an earlier run into {folder} was stopped while replacing its reports; these may be older "
            f"than the others until rewritten: {', '.join(path.name for path in stale)}",
            err=True,
        )


def warn_configurations_not_applied(paths: list[Path], applied: Path | None) -> None:
    """Name a pacomply.toml lying beside the filings that this run does not apply.

    The configuration comes from the working folder (or --config), never from a filing's folder: a file that came
    with the filings could otherwise demote their errors. One left there may still be what the reviewer meant, so
    it is named, with how to apply it.
    """
    from pacomply.config import CONFIG_FILE

    applied_key = applied.resolve() if applied is not None else None
    seen: set[Path] = set()
    for path in paths:
        candidate = path.parent / CONFIG_FILE
        try:
            key = candidate.resolve()
            if key in seen or key == applied_key or not candidate.is_file():
                continue
        except OSError:
            continue
        seen.add(key)
        typer.echo(
            f"warning: {shown_path(candidate)} lies beside the filings but is not applied (the configuration is "
            f"read from the working folder and its parents: {shown_path(applied) if applied else 'none found'}); "
            f"pass --config {shown_path(candidate)} to apply it",
            err=True,
        )


def refuse_input_folder_as_output(output_dir: Path, filings: list[Path]) -> None:
    """Refuse, before reading anything, an --output-dir that is one of the folders of filings: its reports would be
    read as filings by the next run over that folder (a sub-folder is fine: folders are not searched recursively)."""
    target = output_dir.resolve()
    for given in filings:
        if given.is_dir() and given.resolve() == target:
            fail(
                f"--output-dir '{output_dir}' is the folder of filings '{given}'; the next run over it would read the "
                f"reports as filings. Write them into another folder, e.g. --output-dir '{given / 'reviews'}'"
            )
