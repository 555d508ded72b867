"""``pacomply simulate``: a seeded simulation from a real shoe (planned by ``simulation_setup``), with a progress
bar, Ctrl-C keeping the finished chunks; rendered by ``reports.simulate_text`` and ``reports.simulate_json``."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from pacomply import choices
from pacomply.choices import TextOrJson
from pacomply.regulations.rulebook import Shuffler
from pacomply.terminal import Verbosity, fail


def simulate(
    chapter: Annotated[
        choices.Chapter, typer.Argument(metavar="CHAPTER", case_sensitive=False, help="Chapter id, e.g. 686a.")
    ],
    wager: Annotated[
        list[str] | None,
        typer.Option(
            "--wager",
            "-w",
            metavar="WAGER",
            help="Wager id (docs/math.md), repeatable; every wager the game simulates if omitted.",
        ),
    ] = None,
    paytable: Annotated[str | None, typer.Option("--paytable", "-p", metavar="PAYTABLE", help="Paytable id.")] = None,
    decks: Annotated[
        int | None,
        typer.Option("--decks", "-d", metavar="N", help="Decks per batch; the chapter's count when omitted."),
    ] = None,
    rounds: Annotated[int, typer.Option(metavar="N", help="Rounds to deal.")] = 100_000,
    seed: Annotated[
        int, typer.Option(metavar="N", help="Seed; the same seed, rounds and chunk size give the same figures.")
    ] = 0,
    jobs: Annotated[int | None, choices.jobs_option("every core")] = None,
    workers: Annotated[int | None, typer.Option("--workers", hidden=True, help="The former name of --jobs.")] = None,
    scheduler: Annotated[
        str | None,
        typer.Option(metavar="ADDRESS", help="Dask scheduler address tcp://HOST:PORT, or 'local' for a LocalCluster."),
    ] = None,
    chunk_rounds: Annotated[int, typer.Option(metavar="N", help="Rounds per seeded chunk.")] = 20_000,
    shuffler: Annotated[
        Shuffler,
        typer.Option(case_sensitive=False, help="none (hand shuffle), automated (two batches), continuous."),
    ] = Shuffler.NONE,
    penetration: Annotated[
        str,
        typer.Option(
            metavar="FRACTION",
            help="Fraction of the stack before the cover card, e.g. 0.75 or 0.6-0.75 (at most 0.75).",
        ),
    ] = "0.75",
    seats: Annotated[int, typer.Option(metavar="N", help="Players dealt in each round.")] = 1,
    output_format: Annotated[
        TextOrJson, typer.Option("--format", "-f", case_sensitive=False, help=choices.TEXT_OR_JSON_HELP)
    ] = TextOrJson.TEXT,
    progress: Annotated[bool, typer.Option(help="Show a progress bar on a terminal.")] = True,
    meter_reset: Annotated[
        str | None,
        typer.Option(
            metavar="DOLLARS",
            help="Progressive meter initial/reset amount in dollars, e.g. 5000 (default: the chapter's).",
        ),
    ] = None,
    meter_rate: Annotated[
        str | None,
        typer.Option(
            metavar="RATE",
            help="Rate of progression, e.g. 15% or 0.15 (default: the chapter's, else 0: a frozen meter).",
        ),
    ] = None,
    filing: Annotated[
        Path | None,
        typer.Option(
            metavar="FILE",
            help="Take the meters' filed reset and rate (and, without --decks, the decks of the chapter's first "
            "table) from this filing; --meter-reset/--meter-rate still override.",
        ),
    ] = None,
) -> None:
    """Seeded simulation from a real shoe, each round settled as replay settles it; Ctrl-C keeps finished chunks."""
    import os

    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from pacomply.checker.wager_math.simulated import simulated_math, simulated_meters
    from pacomply.engine.simulation.registry import SimulationUnavailable
    from pacomply.engine.simulation.runner import run
    from pacomply.simulation_setup import SimulationOptions, plan_simulation

    chosen = chapter.value
    planned = plan_simulation(SimulationOptions(
        chosen, tuple(wager or ()), paytable, decks, rounds, seed, chunk_rounds, shuffler, penetration, seats,
        meter_reset, meter_rate, filing,
    ))  # fmt: skip
    if jobs is not None and workers is not None and jobs != workers:
        fail(f"--jobs {jobs} and --workers {workers} disagree; give --jobs only")
    given = jobs if jobs is not None else workers
    worker_count = given if given is not None else (os.cpu_count() or 1)
    if worker_count < 1:
        fail(f"--jobs {worker_count} is not a positive number")
    console = Console(stderr=True)
    bar = Progress(
        TextColumn(f"{chosen} simulate"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("rounds"),
        TimeRemainingColumn(),
        console=console,
        disable=not (progress and console.is_terminal) or Verbosity.level == 0,
        transient=True,
    )
    try:
        with bar:
            task = bar.add_task("rounds", total=rounds)
            outcome = run(
                planned.plan, workers=worker_count, scheduler=scheduler,
                on_chunk=lambda chunk: bar.advance(task, chunk.rounds),
            )  # fmt: skip
    except (SimulationUnavailable, ValueError, RuntimeError, OSError) as error:
        fail(str(error))
    if outcome.chunks_done == 0:
        typer.echo("pacomply: interrupted before any chunk finished; nothing to report", err=True)
        raise typer.Exit(130)
    if outcome.interrupted:
        typer.echo(
            f"pacomply: interrupted; reporting the {outcome.chunks_done} of {outcome.chunks_total} chunks that "
            f"finished ({outcome.rounds} rounds); exit status 130",
            err=True,
        )
    records = simulated_math(outcome)
    meters = {summary.wager: summary for summary in simulated_meters(outcome)}
    details = {
        "seed": seed,
        "chunk_rounds": chunk_rounds,
        "chunks": outcome.chunks_done,
        "chunks_planned": outcome.chunks_total,
        "interrupted": outcome.interrupted,
        "table_rounds": outcome.rounds,
        "seats": seats,
        "shoes": outcome.shoes,
        "shoe": planned.shoe.describe(),
        "wagered_per_round": {
            estimate.wager: round(estimate.result.wagered_per_round, 6) for estimate in outcome.estimates
        },
    }
    if filing is not None:
        details["filing"] = filing.name
        details["filed_meters"] = {name: entry.to_json() for name, entry in sorted(planned.filed.items())}
    if output_format == TextOrJson.JSON:
        from pacomply.reports.simulate_json import simulate_json

        rendered = simulate_json(records, meters, details)
    else:
        from pacomply.reports.simulate_text import simulate_text

        rendered = simulate_text(chosen, records, meters, details, planned.filed if filing is not None else None)
    typer.echo(rendered, nl=False)
    # 130 (128 + SIGINT) after Ctrl-C, as any program stopped by it, even though the finished chunks were reported:
    # a script must never take partial figures for a full run.
    raise typer.Exit(130 if outcome.interrupted else 0)
