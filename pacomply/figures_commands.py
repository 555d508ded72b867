"""``pacomply figures``: the figure store (build, verify, list) from the command line (docs/figure-store.md)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import typer

from pacomply import choices
from pacomply.choices import FigureTarget, TextOrJson
from pacomply.command_group import Command, sub_app
from pacomply.notices import FigureNotice
from pacomply.terminal import Verbosity, fail, note

# The chapter parameters are annotated in place, never through a module-level alias: typer reads the annotation
# on every run, so ``choices.Chapter`` is the chapters registered then.
figures_app = sub_app(
    help="The figure store: every figure a review needs, computed once and kept (docs/figure-store.md).",
    no_args_is_help=True,
)


def _figure_chapters(choice: choices.Chapter | None) -> list[str] | None:
    if choice is None:
        return None
    chapter = choice.value
    from pacomply.checker.wager_math import supported_chapters

    if chapter not in supported_chapters():
        fail(f"no figures for chapter '{chapter}' (chapters: {', '.join(supported_chapters())})")
    return [chapter]


def _figure_progress(total: int, what: str) -> Any:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    console = Console(stderr=True)
    return Progress(
        TextColumn(what),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn("{task.description}"),
        console=console,
        disable=not console.is_terminal or Verbosity.level == 0,
        transient=True,
    )


@figures_app.command("build", cls=Command)
def figures_build(
    chapter: Annotated[
        choices.Chapter | None,
        typer.Argument(metavar="CHAPTER", case_sensitive=False, help="A chapter id; every chapter when omitted."),
    ] = None,
    into: Annotated[
        FigureTarget | None,
        typer.Option(
            "--into",
            case_sensitive=False,
            help="The package's shipped figures (in a source checkout) or the user cache; shipped where it can be "
            "written.",
        ),
    ] = None,
    jobs: Annotated[
        int | None,
        choices.jobs_option("1", "Above 1, a Dask cluster of N workers started here (docs/figure-store.md)."),
    ] = None,
    workers: Annotated[
        int | None, typer.Option("--workers", hidden=True, min=1, help="Another name of --jobs.")
    ] = None,
    scheduler: Annotated[
        str | None,
        typer.Option(
            metavar="ADDRESS",
            help="Compute on the Dask cluster whose scheduler is at tcp://HOST:PORT, or 'local' for a cluster of "
            "--jobs workers started here (docs/figure-store.md).",
        ),
    ] = None,
) -> None:
    """Compute every figure the rulebooks can need that is not stored yet (resumable) and write the shipped figures."""
    from pacomply.checker import figures
    from pacomply.engine import figure_store

    if jobs is not None and workers is not None and jobs != workers:
        fail(f"--jobs {jobs} and --workers {workers} disagree; give --jobs only")
    count = jobs if jobs is not None else workers
    local = scheduler is not None and scheduler.strip().lower() == LOCAL_CLUSTER
    if scheduler is not None and not local and count is not None:
        fail(f"--jobs starts a cluster here and --scheduler {scheduler} names one elsewhere; give one of them")
    chosen = _figure_chapters(chapter)
    writable = figures.shipped_writable()
    target = into or (FigureTarget.SHIPPED if writable is not None else FigureTarget.CACHE)
    if target == FigureTarget.SHIPPED and writable is None:
        fail(f"the shipped figures ({figure_store.SHIPPED_FOLDER}) cannot be written here; use --into cache")
    wanted = figures.catalogue(chosen)
    shelf = writable if target == FigureTarget.SHIPPED else None
    if local or (scheduler is None and count is not None and count > 1):
        _build_on_cluster(chosen, wanted, shelf, None, count or _every_core())
        return
    if scheduler is not None:
        _build_on_cluster(chosen, wanted, shelf, scheduler, 0)
        return
    with _figure_progress(len(wanted), "figures") as progress:
        task = progress.add_task("", total=len(wanted))

        def step(item: Any) -> None:
            progress.update(task, advance=1, description=item.description[:60])

        result = figures.build(chosen, shelf, FigureNotice(), on_step=step)
    note(
        f"{result.looked_up} figures looked up, {result.computed} computed"
        + (f", {result.unavailable} not analysable (refused by the wager math)" if result.unavailable else "")
    )
    for path in result.shelves:
        note(f"wrote {path} ({path.stat().st_size:,} bytes)")


#: ``--scheduler local``: a Dask cluster started here, as ``simulate`` takes it.
LOCAL_CLUSTER = "local"


def _every_core() -> int:
    from pacomply.engine.processes import available_cpus

    return available_cpus()


#: Figures that read others made in the same build: computed last, once what they read is stored.
_READ_OTHERS = frozenset({"par-sheet", "reconciliation-request"})


def cluster_stages(wanted: list[Any]) -> list[list[Any]]:
    """The catalogue in the order a cluster computes it: the figures of no chapter (the Pai Gow shards and
    enumerations) first, then the chapters' figures, then those that read them (par sheets, the reconciliation's
    requests, each chapter's whole edge), so no worker computes again what another is computing."""
    stages: list[list[Any]] = [[], [], []]
    for item in wanted:
        inputs = dict(item.inputs)
        if item.key.chapter is None:
            stages[0].append(item)
        elif item.figure.name in _READ_OTHERS or (item.figure.name == "wager-math" and inputs.get("wager") is None):
            stages[2].append(item)
        else:
            stages[1].append(item)
    return stages


@dataclass(frozen=True, slots=True)
class ClusterBuild:
    """What a build on a cluster did: the cluster's part, the pass here that found every figure, the shelves."""

    cluster: Any
    here: Any
    shelves: tuple[Path, ...]


def build_on_cluster(
    chosen: list[str] | None,
    wanted: list[Any],
    shelf: Path | None,
    client: Any,
    on_done: Callable[[Any, Any], None] | None = None,
) -> ClusterBuild:
    """``figures build`` on a Dask cluster: the workers compute what is absent (each finished figure written to the
    user cache here at once), then the build runs here, finding every figure stored, and writes the shelves (with
    the figures the workers computed others from, as a local build would); none when interrupted."""
    from pacomply.checker import figures
    from pacomply.checker.wager_math import AnalysisUnavailable
    from pacomply.engine import cluster_build, figure_store

    outcome = cluster_build.build(
        cluster_stages(wanted),
        client,
        refusals=(AnalysisUnavailable,),
        on_done=on_done,
        prepare=figures.load_figures,
    )
    if outcome.interrupted:
        return ClusterBuild(outcome, None, ())
    with figure_store.touched_keys() as touched:
        result = figures.build(chosen, None, FigureNotice())
    written: list[Path] = []
    if shelf is not None:
        keys = {key.digest: key for key in touched.keys}
        for key in outcome.touched:
            keys.setdefault(key.digest, key)
        written = figures.write_shelves(shelf, keys.values())
    return ClusterBuild(outcome, result, tuple(written))


def _build_on_cluster(
    chosen: list[str] | None, wanted: list[Any], shelf: Path | None, scheduler: str | None, workers: int
) -> None:
    from pacomply.engine import cluster_build

    where = scheduler or f"a local cluster of {workers} worker(s)"
    try:
        with (
            cluster_build.connect(scheduler, workers) as client,
            _figure_progress(len(wanted), "cluster") as progress,
        ):
            task = progress.add_task("", total=len(wanted))

            def done(item: Any, _result: Any) -> None:
                progress.update(task, advance=1, description=item.description[:60])

            made = build_on_cluster(chosen, wanted, shelf, client, on_done=done)
    except cluster_build.ClusterBuildError as error:
        fail(str(error))
    outcome = made.cluster
    note(
        f"{where}: {outcome.submitted} figures submitted, {outcome.computed} computed there (with the shards and "
        f"figures computed on the way) in {outcome.seconds:.1f} s ({outcome.cpu_seconds:.1f} s of the workers' CPU)"
    )
    if made.here is None:
        note("interrupted: the figures finished are kept; run the same command again to go on")
        raise typer.Exit(130)
    result = made.here
    note(
        f"{result.looked_up} figures looked up here, {result.computed} computed here"
        + (f", {result.unavailable} not analysable (refused by the wager math)" if result.unavailable else "")
    )
    for path in made.shelves:
        note(f"wrote {path} ({path.stat().st_size:,} bytes)")


@figures_app.command("verify", cls=Command)
def figures_verify(
    chapter: Annotated[
        choices.Chapter | None,
        typer.Argument(metavar="CHAPTER", case_sensitive=False, help="A chapter id; every chapter when omitted."),
    ] = None,
    sample: Annotated[
        int, typer.Option(min=0, metavar="N", help="Recompute only this many figures (spread evenly); 0 for every one.")
    ] = 0,
) -> None:
    """Recompute stored figures and compare them exactly with the stored ones (exit 1 on any difference)."""
    from pacomply.checker import figures

    chosen = _figure_chapters(chapter)
    items = figures.stored(chosen[0] if chosen else None)
    if sample and len(items) > sample:
        step_size = len(items) / sample
        items = [items[int(index * step_size)] for index in range(sample)]
    with _figure_progress(len(items), "verify") as progress:
        task = progress.add_task("", total=len(items))

        def step(item: Any) -> None:
            progress.update(task, advance=1, description=item.description()[:60])

        mismatches = figures.verify(items, on_step=step)
    for mismatch in mismatches:
        typer.echo(f"MISMATCH {mismatch.stored.where} {mismatch.stored.description()}: {mismatch.reason}")
    typer.echo(f"{len(items)} figure(s) recomputed, {len(mismatches)} differ")
    raise typer.Exit(1 if mismatches else 0)


@figures_app.command("list", cls=Command)
def figures_list(
    chapter: Annotated[
        choices.Chapter | None,
        typer.Argument(metavar="CHAPTER", case_sensitive=False, help="A chapter id; every chapter when omitted."),
    ] = None,
    output_format: Annotated[
        TextOrJson, typer.Option("--format", "-f", case_sensitive=False, help=choices.TEXT_OR_JSON_HELP)
    ] = TextOrJson.TEXT,
) -> None:
    """What is stored: each figure, the rulebook it follows, the method and the pacomply version that made it."""
    import json

    from pacomply.checker import figures

    chosen = _figure_chapters(chapter)
    items = figures.stored(chosen[0] if chosen else None)
    if output_format == TextOrJson.JSON:
        typer.echo(json.dumps([item.to_json() for item in items], indent=2, sort_keys=True))
        return
    for item in items:
        document = item.to_json()
        current = "" if document["current"] else "  (outdated: another rulebook or method)"
        typer.echo(
            f"{document['chapter'] or '-':5} {document['where']:7} {document['description']}  "
            f"[rulebook {document['rulebook']}; method {document['method']}; pacomply {document['pacomply']}]"
            f"{current}"
        )
    typer.echo(f"{len(items)} figure(s)")
