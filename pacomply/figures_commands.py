"""``pacomply figures``: the figure store (build, verify, list) from the command line (docs/figure-store.md)."""

from __future__ import annotations

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
) -> None:
    """Compute every figure the rulebooks can need that is not stored yet (resumable) and write the shipped figures."""
    from pacomply.checker import figures
    from pacomply.engine import figure_store

    chosen = _figure_chapters(chapter)
    writable = figures.shipped_writable()
    target = into or (FigureTarget.SHIPPED if writable is not None else FigureTarget.CACHE)
    if target == FigureTarget.SHIPPED and writable is None:
        fail(f"the shipped figures ({figure_store.SHIPPED_FOLDER}) cannot be written here; use --into cache")
    wanted = figures.catalogue(chosen)
    with _figure_progress(len(wanted), "figures") as progress:
        task = progress.add_task("", total=len(wanted))

        def step(item: Any) -> None:
            progress.update(task, advance=1, description=item.description[:60])

        shelf = writable if target == FigureTarget.SHIPPED else None
        result = figures.build(chosen, shelf, FigureNotice(), on_step=step)
    note(
        f"{result.looked_up} figures looked up, {result.computed} computed"
        + (f", {result.unavailable} not analysable (refused by the wager math)" if result.unavailable else "")
    )
    for path in result.shelves:
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
