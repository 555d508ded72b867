"""The command line: wires readers, the checker, the engine and the renderers together, and picks exit codes.

Exit codes: 0 no errors, 1 errors found, 2 the input (or a command's arguments) could not be used, 3 an internal
error (a defect in pacomply: one line on stderr names the log file holding the traceback), 130 interrupted.
Heavy modules are imported inside the commands so that ``pacomply --help`` starts at once.
"""

from __future__ import annotations

import json
import sys
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer

if TYPE_CHECKING:
    from pacomply.checker.registry import CheckSettings
    from pacomply.checker.wager_math import WagerMath
    from pacomply.checker.wager_math.blackjack_base import BaseGameOptions
    from pacomply.checker.wager_math.simulated import FiledMeter, MeterSummary
    from pacomply.engine.simulation.progressive import MeterSpec
    from pacomply.engine.simulation.registry import MeterChoice, ProgressiveRoundGame, TableSetup
    from pacomply.reports.batch import BatchOutcome
    from pacomply.reports.interface import ReportFormat
    from pacomply.submissions import Filing

app = typer.Typer(
    name="pacomply",
    help="Check Pennsylvania table-game Rules Submissions (58 Pa. Code Subpart K) and prove the math of every wager.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

EXIT_INPUT = 2
EXIT_INTERNAL = 3


def _fail(message: str) -> NoReturn:
    from pacomply.submissions.errors import printable

    typer.echo(f"pacomply: {printable(message)}", err=True)  # a message may quote a path or an argument
    raise typer.Exit(EXIT_INPUT)


def _write_output(content: bytes, output: Path | None, inputs: list[Path], force: bool = True) -> None:
    if output is None:
        sys.stdout.buffer.write(content)
        sys.stdout.flush()
        return
    from pacomply.submissions.files import OutputRefused, check_output_path, write_atomically

    try:
        check_output_path(output, inputs, overwrite=force)
        write_atomically(output, content)
    except OutputRefused as error:
        _fail(str(error))
    except OSError as error:
        _fail(f"could not write '{output}': {error.strerror or error}")


def _chapters(chapters: list[str]) -> list[str]:
    from pacomply import regulations
    result = []
    for chapter in chapters:
        try:
            result.append(regulations.rulebook(chapter).chapter)
        except regulations.UnknownChapterError as error:
            _fail(str(error))
    return result


@app.command()
def template(
    chapters: Annotated[list[str], typer.Argument(help="Chapter ids, e.g. 686a.")],
    output: Annotated[Path | None, typer.Option("--output", "-o", help="Workbook to write.")] = None,
    list_keys: Annotated[
        bool, typer.Option("--list", help="Print the checklist keys instead of writing a workbook.")
    ] = False,
    force: Annotated[bool, typer.Option(help="Replace an existing file.")] = False,
) -> None:
    """Write a blank filing workbook (Filing, one sheet per chapter, Tables), or list the checklist questions."""
    from pacomply import regulations
    chosen = _chapters(chapters)
    if list_keys:
        for chapter in chosen:
            book = regulations.rulebook(chapter)
            typer.echo(f"{book.chapter} {book.title} — rulebook {book.version}")
            for question in book.checklist:
                condition = f" (if {question.depends_on} is Yes)" if question.depends_on else ""
                typer.echo(
                    f"  {question.section.short:<12} {question.key:<32} {question.kind.value:<10} "
                    f"{question.question}{condition}"
                )
        return
    if output is None:
        _fail("give the workbook to write with -o FILE.xlsx (or --list to print the questions)")
    if output.suffix.lower() != ".xlsx":
        _fail(f"'{output}' does not end in .xlsx")
    from pacomply.submissions.template import workbook_bytes

    _write_output(workbook_bytes(chosen), output, [], force=force)
    typer.echo(f"wrote {output} ({', '.join(chosen)})", err=True)


def _report_formats(text: str) -> list[ReportFormat]:
    from pacomply.reports.interface import ReportFormat

    formats = []
    for name in (part.strip().lower() for part in text.split(",")):
        try:
            formats.append(ReportFormat(name))
        except ValueError:
            _fail(f"--format '{name}' is not one of {', '.join(f.value for f in ReportFormat)}")
    if not formats:
        _fail("--format names no format")
    return list(dict.fromkeys(formats))


def _shown_path(path: object) -> str:
    """A path as it may be echoed to a terminal: undecodable bytes replaced, controls (ESC, BEL, newlines) escaped."""
    from pacomply.submissions.errors import printable

    return printable(str(path).encode("utf-8", "surrogateescape").decode("utf-8", "replace"))


def _review_date(text: str | None) -> date:
    """``--review-date``: an ISO date, or today in the Board's time zone when not given."""
    from pacomply.checker.registry import board_today

    if text is None:
        return board_today()
    try:
        return date.fromisoformat(text.strip())
    except ValueError:
        _fail(f"--review-date '{text[:40]}' is not a date in the form YYYY-MM-DD (e.g. 2026-11-24)")


def _refuse_colliding_outputs(planned: dict[str, Path | None]) -> None:
    """Two options naming one file: the second would silently replace the first, so neither is written."""
    import os

    seen: dict[str, str] = {}
    for option, path in planned.items():
        if path is None:
            continue
        key = os.path.normcase(str(path.resolve()))
        if key in seen:
            _fail(f"{seen[key]} and {option} both name '{_shown_path(path)}'; give each report its own file")
        seen[key] = option


def _print_problems(outcome: BatchOutcome) -> None:
    typer.echo(
        f"{_shown_path(outcome.path)}: the filing could not be read ({len(outcome.problems)} problem(s)):", err=True
    )
    for problem in outcome.problems:
        typer.echo(f"  {problem}", err=True)


def _summary_table(outcomes: list[BatchOutcome], to_stderr: bool) -> None:
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    from pacomply.checker.registry import Severity

    console = Console(stderr=to_stderr, width=120, highlight=False)
    table = Table(title="pacomply validate", title_justify="left")
    for header, justify in (("Filing", "left"), ("Status", "left"), ("Errors", "right"), ("Warnings", "right"),
                            ("Info", "right"), ("Waived", "right")):  # fmt: skip
        table.add_column(header, justify=justify)  # type: ignore[arg-type]
    styles = {"compliant": "green", "not compliant": "red", "unreadable": "magenta"}
    for outcome in outcomes:
        review = outcome.review
        table.add_row(
            escape(_shown_path(outcome.path)),  # a path holding '[/]' is text, not rich markup
            f"[{styles[outcome.status]}]{outcome.status}[/]",
            str(outcome.count(Severity.ERROR)),
            str(outcome.count(Severity.WARNING)),
            str(outcome.count(Severity.INFO)),
            str(review.waived_count if review is not None else 0),
        )
    console.print(table)
    tally = {status: sum(1 for o in outcomes if o.status == status) for status in styles}
    console.print(
        f"{len(outcomes)} filing(s): {tally['compliant']} compliant, {tally['not compliant']} not compliant, "
        f"{tally['unreadable']} unreadable"
    )


def _review_with_progress(paths: list[Path], settings: CheckSettings, jobs: int) -> list[BatchOutcome]:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from pacomply.reports.batch import review_paths

    console = Console(stderr=True)
    with Progress(
        TextColumn("reviewing"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), console=console, transient=True
    ) as progress:
        task = progress.add_task("review", total=len(paths))
        return review_paths(paths, settings, on_outcome=lambda _outcome: progress.advance(task), jobs=jobs)


@app.command()
def validate(
    filings: Annotated[
        list[Path], typer.Argument(help="Filing workbooks (.xlsx), PDF checklists, JSON filings, or folders of them.")
    ],
    output_format: Annotated[
        str | None,
        typer.Option(
            "--format",
            "-f",
            help="text, json, sarif, junit, pdf or xlsx; several, comma-separated, with --output-dir "
            "(default: the configuration's, else text).",
        ),
    ] = None,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Write the report here instead of stdout.")
    ] = None,
    pdf: Annotated[Path | None, typer.Option("--pdf", help="Also write the filing-ready PDF here.")] = None,
    xlsx: Annotated[Path | None, typer.Option("--xlsx", help="Also write the review workbook here.")] = None,
    output_dir: Annotated[
        Path | None,
        typer.Option("--output-dir", help="Write each filing's reports here, one file per filing and format."),
    ] = None,
    jobs: Annotated[int, typer.Option(min=1, help="Worker processes for a batch (1 = in this process).")] = 1,
    rack_tolerance: Annotated[
        float | None, typer.Option(help="Discard-rack tolerance as a fraction (default 0.03 = ±3 %).")
    ] = None,
    card_thickness: Annotated[float | None, typer.Option(help="Card thickness in mm; overrides the filing's.")] = None,
    waivers: Annotated[
        Path | None, typer.Option("--waivers", help="Waiver file (TOML or YAML) of findings the Board waived.")
    ] = None,
    config: Annotated[
        Path | None, typer.Option("--config", help="Configuration file (default: ./pacomply.toml or pyproject.toml).")
    ] = None,
    review_date: Annotated[
        str | None,
        typer.Option(
            "--review-date",
            help="The day of the review, YYYY-MM-DD: waivers lapse and a future Date Filed is judged against it "
            "(default: today in America/New_York, the Board's time zone).",
        ),
    ] = None,
) -> None:
    """Check filings (files or folders) against their chapters. Exit 0 compliant, 1 errors found, 2 input
    unreadable; for several filings, the worst of them; 3 a defect in pacomply (never a verdict)."""
    import dataclasses
    from decimal import Decimal

    from pacomply.checker.registry import CheckSettings
    from pacomply.checker.waivers import read_waivers
    from pacomply.config import finish_review, load_config
    from pacomply.reports.batch import collect_filings, exit_code, review_path, write_reports
    from pacomply.reports.interface import render_many, renderer
    from pacomply.submissions import InputError
    from pacomply.submissions.files import OutputRefused

    def refuse(what: str, error: InputError) -> NoReturn:
        typer.echo(f"{_shown_path(what)} could not be read ({len(error.problems)} problem(s)):", err=True)
        for problem in error.problems:
            typer.echo(f"  {problem}", err=True)
        raise typer.Exit(EXIT_INPUT)

    try:
        configured = load_config(config)
    except InputError as error:
        refuse(f"{config or error.problems[0].location.file}: the configuration", error)
    output_format = output_format or configured.report_format or "text"
    formats = _report_formats(output_format)
    waiver_file = waivers or configured.waivers
    accepted = ()
    if waiver_file is not None:
        try:
            accepted = read_waivers(waiver_file)
        except InputError as error:
            refuse(f"{waiver_file}: the waiver file", error)
    if rack_tolerance is not None and not 0 <= rack_tolerance < 1:
        _fail(f"--rack-tolerance {rack_tolerance} is not a fraction in [0, 1)")
    if card_thickness is not None and not 0 < card_thickness <= 2:
        _fail(f"--card-thickness {card_thickness} is not between 0 and 2 mm")
    tolerance = Decimal(str(rack_tolerance)) if rack_tolerance is not None else configured.rack_tolerance
    settings = CheckSettings(
        rack_tolerance=tolerance if tolerance is not None else Decimal("0.03"),
        card_thickness_mm=Decimal(str(card_thickness)) if card_thickness is not None else None,
        review_date=_review_date(review_date),
    )
    paths = collect_filings(filings)
    if not paths:
        _fail("no filings (.xlsx, .pdf, .json) found in " + ", ".join(f"'{path}'" for path in filings))
    batch = len(paths) > 1 or any(path.is_dir() for path in filings)
    if batch and (pdf is not None or xlsx is not None):
        _fail("--pdf and --xlsx name one file; for several filings use --output-dir DIR --format pdf,xlsx")
    if output_dir is None and (len(formats) > 1 or (formats[0].binary and output is None)):
        _fail(
            f"--format {output_format} needs --output-dir DIR (or -o FILE for one pdf/xlsx); "
            "with one filing, --pdf and --xlsx add those reports to any format"
        )
    if output is not None and output_dir is not None:
        _fail("give either --output (one document) or --output-dir (one report per filing), not both")

    from pacomply.submissions.files import check_output_path

    inputs = [*paths, *(path for path in (waiver_file, configured.source) if path is not None)]
    _refuse_colliding_outputs({"--output": output, "--pdf": pdf, "--xlsx": xlsx})
    for planned in (output, pdf, xlsx):
        if planned is not None:  # refuse before any report is written, not after the first one
            try:
                check_output_path(planned, inputs)
            except OutputRefused as error:
                _fail(str(error))
    outcomes = _review_with_progress(paths, settings, jobs) if batch else [review_path(paths[0], settings)]
    outcomes = [  # the configured thickness default, waivers and severity overrides, on every review
        dataclasses.replace(
            outcome, review=finish_review(outcome.review, settings, configured, accepted, settings.review_date)
        )
        if outcome.review is not None
        else outcome
        for outcome in outcomes
    ]
    for outcome in outcomes:
        if outcome.review is None:
            _print_problems(outcome)
    reviews = [outcome.review for outcome in outcomes if outcome.review is not None]
    if output_dir is not None:
        try:
            written = write_reports(outcomes, output_dir, formats, inputs)
        except OutputRefused as error:
            _fail(str(error))
        except OSError as error:
            _fail(f"could not write into '{output_dir}': {error.strerror or error}")
        typer.echo(f"wrote {len(written)} report(s) into {output_dir}", err=True)
    elif reviews and not (batch and formats[0].value == "text"):
        content = render_many(formats[0], reviews) if batch else renderer(formats[0]).render(reviews[0])
        _write_output(content, output, inputs)
    for extra_path, extra_format in ((pdf, "pdf"), (xlsx, "xlsx")):
        if extra_path is not None and reviews:
            _write_output(renderer(_report_formats(extra_format)[0]).render(reviews[0]), extra_path, inputs)
            typer.echo(f"wrote {extra_path}", err=True)
    if batch:
        # The table goes to stdout when it is the text report, else to stderr beside the machine-readable output.
        _summary_table(outcomes, to_stderr=output_dir is None and formats[0].value != "text")
    raise typer.Exit(exit_code(outcomes))


@app.command()
def rules(chapter: Annotated[str | None, typer.Argument(help="A chapter id; all rules when omitted.")] = None) -> None:
    """List every rule: id, severity, citation, summary."""
    from pacomply.checker.registry import all_rules, chapter_rules, filing_rules

    chosen = all_rules() if chapter is None else filing_rules() + chapter_rules(_chapters([chapter])[0])
    for rule in chosen:
        typer.echo(f"{rule.code:<9} {rule.severity.value:<8} {rule.citation.short:<14} {rule.summary}")


@app.command()
def explain(rule_id: Annotated[str, typer.Argument(help="A rule id such as 686A-004, or its name.")]) -> None:
    """What a rule checks, why, a failing example, the fix, and the regulation it enforces."""
    from pacomply.checker.registry import find_rule

    try:
        rule = find_rule(rule_id)
    except KeyError as error:
        _fail(str(error.args[0]))
    typer.echo(f"{rule.code} {rule.name} ({rule.severity.value}) — {rule.citation}")
    typer.echo(rule.summary)
    typer.echo("")
    typer.echo(rule.doc.rstrip())


_BLACKJACK = "Blackjack base game (633a; 685a fixes its rules)"


@app.command()
def edge(
    chapter: Annotated[
        str | None, typer.Argument(help="Chapter id, e.g. 686a (optional with --filing: every chapter it covers).")
    ] = None,
    wager: Annotated[str | None, typer.Option(help="Wager id (MATH.md); all wagers when omitted.")] = None,
    paytable: Annotated[str | None, typer.Option(help="Paytable id; every permitted one when omitted.")] = None,
    decks: Annotated[int | None, typer.Option(help="Deck count; every permitted count when omitted.")] = None,
    output_format: Annotated[str, typer.Option("--format", "-f", help="text or json.")] = "text",
    filing: Annotated[
        Path | None,
        typer.Option(help="Analyse every wager the filing's tables offer, at their decks, under its answers' rules."),
    ] = None,
    strategy: Annotated[
        str | None, typer.Option(help="optimal (composition-dependent, default) or basic.", rich_help_panel=_BLACKJACK)
    ] = None,
    hit_soft_17: Annotated[
        bool, typer.Option("--hit-soft-17", help="Dealer hits soft 17.", rich_help_panel=_BLACKJACK)
    ] = False,
    no_surrender: Annotated[
        bool, typer.Option("--no-surrender", help="No late surrender.", rich_help_panel=_BLACKJACK)
    ] = False,
    blackjack_pays: Annotated[
        str | None, typer.Option(help="Blackjack odds, e.g. 6:5 (3:2 by § 633a.13(a)).", rich_help_panel=_BLACKJACK)
    ] = None,
    no_double_after_split: Annotated[
        bool, typer.Option("--no-double-after-split", help="No doubling after a split.", rich_help_panel=_BLACKJACK)
    ] = False,
    max_split_hands: Annotated[
        int | None, typer.Option(help="Most hands by splitting, 1 (none) to 4.", rich_help_panel=_BLACKJACK)
    ] = None,
    hit_split_aces: Annotated[
        bool, typer.Option("--hit-split-aces", help="Split aces may draw.", rich_help_panel=_BLACKJACK)
    ] = False,
    resplit_aces: Annotated[
        bool, typer.Option("--resplit-aces", help="Aces may be resplit.", rich_help_panel=_BLACKJACK)
    ] = False,
    even_money: Annotated[
        bool, typer.Option("--even-money", help="Even money offered (§ 633a.8(e)).", rich_help_panel=_BLACKJACK)
    ] = False,
    rule_effects: Annotated[
        bool,
        typer.Option(
            "--rule-effects",
            help="Also the effect of hit soft 17, no surrender, 6:5 and no double after split.",
            rich_help_panel=_BLACKJACK,
        ),
    ] = False,
) -> None:
    """Exact house edge / return of each wager (MATH.md contract)."""
    from pacomply.checker.wager_math import AnalysisUnavailable, analyse
    from pacomply.checker.wager_math.blackjack_base import options_from_flags

    if output_format not in {"text", "json"}:
        _fail(f"--format '{output_format}' is not one of text, json")
    try:
        options = options_from_flags(
            strategy, hit_soft_17, no_surrender, blackjack_pays, no_double_after_split, max_split_hands,
            hit_split_aces, resplit_aces, even_money, rule_effects,
        )  # fmt: skip
    except AnalysisUnavailable as error:
        _fail(str(error))
    results: list[WagerMath] = []
    if filing is not None:
        results = _filing_edge(filing, chapter, wager, paytable, decks, options)
    elif chapter is None:
        _fail("name a chapter (e.g. 'pacomply edge 633a') or give --filing FILE")
    else:
        chosen = _chapters([chapter])[0]
        try:
            results = analyse(chosen, wager, paytable, decks, base_game=options if options.given else None)
        except AnalysisUnavailable as error:
            _fail(str(error))
    if output_format == "json":
        typer.echo(json.dumps([result.to_json() for result in results], indent=2, ensure_ascii=False))
        return
    from pacomply.checker.wager_math import READING_SEPARATOR

    # A reading usually covers many rows: each distinct one is printed once, at the end, and rows refer to it.
    readings: dict[str, int] = {}
    for result in results:
        hit = "n/a" if result.hit_frequency is None else f"{100 * result.hit_frequency:.2f}%"
        typer.echo(
            f"{result.chapter} {result.wager:<12} paytable {result.paytable or '-':<10} decks {result.decks}: "
            f"house edge {result.house_edge * 100:.4f}%  element of risk {result.element_of_risk * 100:.4f}%  "
            f"return {result.return_ * 100:.4f}%  hit {hit}  ({result.method}, {result.citation})"
        )
        width = max((len(when) for when, _ in result.strategy), default=0) + 1
        for when, decision in result.strategy:
            typer.echo(f"    {when + ':':<{width}} {decision}")
        for effect in result.rule_effects:
            typer.echo(
                f"    effect of {effect.change}: {effect.effect * 100:+.4f}% "
                f"(house edge {effect.house_edge * 100:.4f}%; {effect.citation})"
            )
        if result.reading:
            numbers = [readings.setdefault(part, len(readings) + 1) for part in result.reading.split(READING_SEPARATOR)]
            typer.echo(f"    relies on reading{'s' * (len(numbers) > 1)} {', '.join(f'[{n}]' for n in numbers)}")
    if readings:
        typer.echo("\nReadings of the regulation relied on:")
        for text, number in readings.items():
            typer.echo(f"  [{number}] {text}")


def _filing_edge(
    path: Path,
    chapter: str | None,
    wager: str | None,
    paytable: str | None,
    decks: int | None,
    options: BaseGameOptions,
) -> list[WagerMath]:
    """``edge --filing``: every configured wager of the filing (or of ``chapter`` in it), under its rules."""
    from pacomply.checker.review import configured_wager_math

    if paytable is not None or decks is not None:
        _fail("--paytable and --decks come from the filing's tables with --filing; leave them out")
    read = _read_filing(path)
    covered = sorted({table.chapter for table in read.tables})
    chosen = _chapters([chapter])[0] if chapter is not None else None
    if chosen is not None and chosen not in covered:
        _fail(f"the filing has no {chosen} tables (its tables are {', '.join(covered) or 'none'})")
    if options.flags and "633a" not in ([chosen] if chosen else covered):
        _fail(f"{', '.join(options.flags)} set 633a base-game rules; the filing's tables are {', '.join(covered)}")
    results = list(configured_wager_math(read, options if options.given else None, chosen, wager))
    if wager is not None and not results:
        _fail(f"no table in the filing offers the wager '{wager}'")
    return results


def _read_filing(path: Path) -> Filing:
    """Read a filing for a command's option; every problem on stderr and exit 2 when it cannot be read."""
    from pacomply.submissions import InputError, read_filing

    try:
        return read_filing(path)
    except InputError as error:
        typer.echo(
            f"{_shown_path(path)}: the filing could not be read ({len(error.problems)} problem(s)):", err=True
        )
        for problem in error.problems:
            typer.echo(f"  {problem}", err=True)
        raise typer.Exit(EXIT_INPUT) from None
    except OSError as error:
        _fail(f"could not read '{path}': {error.strerror or error}")


@app.command()
def simulate(
    chapter: Annotated[str, typer.Argument(help="Chapter id, e.g. 686a.")],
    wager: Annotated[
        list[str] | None,
        typer.Option(help="Wager id (MATH.md), repeatable; every wager the game simulates if omitted."),
    ] = None,
    paytable: Annotated[str | None, typer.Option(help="Paytable id.")] = None,
    decks: Annotated[int | None, typer.Option(help="Decks per batch; the chapter's count when omitted.")] = None,
    rounds: Annotated[int, typer.Option(help="Rounds to deal.")] = 100_000,
    seed: Annotated[int, typer.Option(help="Seed; the same seed, rounds and chunk size give the same figures.")] = 0,
    workers: Annotated[int | None, typer.Option(help="Worker processes (default: every core).")] = None,
    scheduler: Annotated[
        str | None, typer.Option(help="Dask scheduler address tcp://HOST:PORT, or 'local' for a LocalCluster.")
    ] = None,
    chunk_rounds: Annotated[int, typer.Option(help="Rounds per seeded chunk.")] = 20_000,
    shuffler: Annotated[str, typer.Option(help="none (hand shuffle), automated (two batches), continuous.")] = "none",
    penetration: Annotated[
        str, typer.Option(help="Fraction of the stack before the cover card, e.g. 0.75 or 0.6-0.75 (at most 0.75).")
    ] = "0.75",
    seats: Annotated[int, typer.Option(help="Players dealt in each round.")] = 1,
    output_format: Annotated[str, typer.Option("--format", "-f", help="text or json.")] = "text",
    progress: Annotated[bool, typer.Option(help="Show a progress bar on a terminal.")] = True,
    meter_reset: Annotated[
        str | None,
        typer.Option(help="Progressive meter initial/reset amount in dollars, e.g. 5000 (default: the chapter's)."),
    ] = None,
    meter_rate: Annotated[
        str | None,
        typer.Option(help="Rate of progression, e.g. 15% or 0.15 (default: the chapter's, else 0: a frozen meter)."),
    ] = None,
    filing: Annotated[
        Path | None,
        typer.Option(
            help="Take the meters' filed reset and rate (and, without --decks, the decks of the chapter's first "
            "table) from this filing; --meter-reset/--meter-rate still override."
        ),
    ] = None,
) -> None:
    """Seeded simulation from a real shoe, each round settled as replay settles it; Ctrl-C keeps finished chunks."""
    import dataclasses
    import os

    from pacomply.checker.wager_math.simulated import filed_meters
    from pacomply.engine.simulation.registry import (
        ProgressiveRoundGame,
        SimulationUnavailable,
        TableSetup,
        game_module,
        load_game,
    )
    from pacomply.engine.simulation.runner import SimulationPlan, run
    from pacomply.engine.simulation.shoe import ShoeSpec
    from pacomply.regulations.rulebook import Shuffler

    if output_format not in {"text", "json"}:
        _fail(f"--format '{output_format}' is not one of text, json")
    chosen = _chapters([chapter])[0]
    try:
        module = game_module(chosen)
    except SimulationUnavailable as error:
        _fail(str(error))
    game = load_game(module)
    try:
        shuffle = Shuffler(shuffler.lower())
    except ValueError:
        _fail(f"--shuffler '{shuffler}' is not one of {', '.join(s.value for s in Shuffler)}")
    try:
        low_text, _, high_text = penetration.partition("-")
        low = float(low_text)
        high = float(high_text) if high_text else low
    except ValueError:
        _fail(f"--penetration '{penetration}' is not a fraction such as 0.75 or a range such as 0.6-0.75")
    read = _read_filing(filing) if filing is not None else None
    if read is not None:
        if chosen not in read.filed_chapters:
            _fail(f"{filing}: the filing covers {', '.join(read.filed_chapters) or 'no chapter'}, not {chosen}")
        filed_tables = read.tables_for(chosen)
        if decks is None and filed_tables and filed_tables[0].decks > 0:
            decks = filed_tables[0].decks
    shoe = ShoeSpec(
        decks=decks if decks is not None else game.default_decks,
        jokers_per_deck=game.jokers_per_deck,
        shuffler=shuffle,
        batches=2 if shuffle == Shuffler.AUTOMATED else 1,
        penetration_min=low,
        penetration_max=high,
    )
    setup = TableSetup(chosen, tuple(wager or ()), paytable, shoe, seats=seats)
    choice, problems = _meter_choice(meter_reset, meter_rate)
    filed: dict[str, FiledMeter] = {}
    if isinstance(game, ProgressiveRoundGame) and not shoe.problems():
        try:
            specs = game.meters(setup, choice)
            if read is not None:
                filed = filed_meters(read, chosen, [spec.wager for spec in specs])
            setup = dataclasses.replace(setup, meters=tuple(_with_filed(game, setup, spec, choice, filed)
                                                            for spec in specs))  # fmt: skip
        except SimulationUnavailable as error:
            problems.append(str(error))
    if (choice.reset is not None or choice.rate is not None) and not setup.meters and not problems:
        problems.append(f"--meter-reset/--meter-rate: no progressive wager of {chosen} is simulated here")
    plan = SimulationPlan(module, setup, rounds, seed, chunk_rounds)
    problems += shoe.problems() + plan.problems()
    if problems:
        _fail("; ".join(problems))
    worker_count = workers if workers is not None else (os.cpu_count() or 1)
    if worker_count < 1:
        _fail(f"--workers {worker_count} is not a positive number")

    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    console = Console(stderr=True)
    bar = Progress(
        TextColumn(f"{chosen} simulate"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("rounds"),
        TimeRemainingColumn(),
        console=console,
        disable=not (progress and console.is_terminal),
        transient=True,
    )
    try:
        with bar:
            task = bar.add_task("rounds", total=rounds)
            outcome = run(
                plan,
                workers=worker_count,
                scheduler=scheduler,
                on_chunk=lambda chunk: bar.advance(task, chunk.rounds),
            )
    except SimulationUnavailable as error:
        _fail(str(error))
    except (ValueError, RuntimeError, OSError) as error:
        _fail(str(error))
    if outcome.chunks_done == 0:
        typer.echo("pacomply: interrupted before any chunk finished; nothing to report", err=True)
        raise typer.Exit(130)
    if outcome.interrupted:
        typer.echo(
            f"pacomply: interrupted; reporting the {outcome.chunks_done} of {outcome.chunks_total} chunks that "
            f"finished ({outcome.rounds} rounds)",
            err=True,
        )
    from pacomply.checker.wager_math.simulated import simulated_math, simulated_meters

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
        "shoe": shoe.describe(),
        "wagered_per_round": {
            estimate.wager: round(estimate.result.wagered_per_round, 6) for estimate in outcome.estimates
        },
    }
    if filing is not None:
        details["filing"] = filing.name
        details["filed_meters"] = {wager: entry.to_json() for wager, entry in sorted(filed.items())}
    if output_format == "json":
        typer.echo(
            json.dumps(
                [
                    {
                        **record.to_json(),
                        "simulation": details
                        | ({"meter": meters[record.wager].to_json()} if record.wager in meters else {}),
                    }
                    for record in records
                ],
                indent=2,
                ensure_ascii=False,
            )
        )
        return
    typer.echo(
        f"{chosen}: {outcome.rounds} rounds{f' of {seats} seats' if seats > 1 else ''} "
        f"({outcome.chunks_done} chunks of {chunk_rounds}, seed {seed}), "
        f"{outcome.shoes} shoes; {shoe.describe()}"
    )
    if filing is not None:
        typer.echo(f"filed meters ({filing.name}): " + ("; ".join(_describe_filed(entry) for _, entry in sorted(
            filed.items())) or "none stated; the chapter's reset and rate"))  # fmt: skip
    for record in records:
        low_bound, high_bound = record.ci95 or (float("nan"), float("nan"))
        typer.echo(
            f"{record.chapter} {record.wager:<12} paytable {record.paytable or '-':<10} decks {record.decks}: "
            f"house edge {record.house_edge * 100:.4f}% (95% {low_bound * 100:.4f}% to {high_bound * 100:.4f}%)  "
            f"element of risk {record.element_of_risk * 100:.4f}%  return {record.return_ * 100:.4f}%  "
            f"hit {100 * (record.hit_frequency or 0):.2f}%  (simulation, {record.citation})"
        )
        if record.reading:
            typer.echo(f"    reading {record.reading}")
        if record.wager in meters:
            typer.echo(f"    {_describe_meter(meters[record.wager])}")


def _with_filed(
    game: ProgressiveRoundGame, setup: TableSetup, spec: MeterSpec, choice: MeterChoice, filed: dict[str, FiledMeter]
) -> MeterSpec:
    """A wager's meter rebuilt with its filed reset and rate, where the command line leaves them open."""
    import dataclasses

    from pacomply.engine.simulation.registry import MeterChoice

    entry = filed.get(spec.wager)
    if entry is None:
        return spec
    wager_choice = MeterChoice(
        reset=choice.reset if choice.reset is not None else entry.reset,
        rate=choice.rate if choice.rate is not None else entry.rate,
    )
    rebuilt = game.meters(dataclasses.replace(setup, wagers=(spec.wager,)), wager_choice)
    return next(meter for meter in rebuilt if meter.wager == spec.wager)


def _describe_filed(entry: FiledMeter) -> str:
    """'bad_beat reset $7500 (633a!C41), rate 12% (633a!C40)'."""
    parts = []
    if entry.reset is not None:
        parts.append(f"reset ${entry.reset} ({entry.reset_from})")
    if entry.rate is not None:
        parts.append(f"rate {float(entry.rate) * 100:g}% ({entry.rate_from})")
    return f"{entry.wager} " + ", ".join(parts)


def _meter_choice(reset_text: str | None, rate_text: str | None) -> tuple[MeterChoice, list[str]]:
    """``--meter-reset`` and ``--meter-rate`` as a MeterChoice, and what is wrong with them, in words."""
    from fractions import Fraction

    from pacomply.engine.simulation.registry import MeterChoice

    problems = []
    reset = rate = None
    if reset_text is not None:
        try:
            reset = Fraction(reset_text.strip().lstrip("$").replace(",", ""))
        except (ValueError, ZeroDivisionError):
            problems.append(f"--meter-reset '{reset_text}' is not a dollar amount such as 5000 or $5,000")
        else:
            if reset < 0:
                problems.append(f"--meter-reset {reset_text} is negative")
                reset = None  # reported once, here; the game is not asked to build a meter from it
    if rate_text is not None:
        text = rate_text.strip()
        try:
            rate = Fraction(text[:-1].strip()) / 100 if text.endswith("%") else Fraction(text)
        except (ValueError, ZeroDivisionError):
            problems.append(f"--meter-rate '{rate_text}' is not a rate such as 15% or 0.15")
        else:
            if not 0 <= rate < 1:
                problems.append(f"--meter-rate {rate_text} is not from 0 to under 100% (write 15% or 0.15)")
                rate = None
    return MeterChoice(reset, rate), problems


def _describe_meter(summary: MeterSummary) -> str:
    """One line on a simulated meter and the exact figures it is checked against."""
    long_run = f", long run {summary.house_edge_long_run * 100:.4f}%" if summary.house_edge_long_run is not None else ""
    return (
        f"meter (paytable {summary.paytable}): reset ${summary.reset}, rate {float(summary.rate) * 100:g}% of a "
        f"${summary.wager_amount} wager; per wager ${summary.contributed_per_wager:.4f} contributed, "
        f"${summary.paid_from_meter_per_wager:.4f} paid from the meter, ${summary.reseeded_per_wager:.4f} re-seeded, "
        f"${summary.left_on_meter_per_wager:.4f} left on the meter (counted as the players'); "
        f"{summary.meter_hits} meter awards; exact house edge at the reset {summary.house_edge_at_reset * 100:.4f}%"
        f"{long_run}"
    )


@app.command()
def replay(
    round_file: Annotated[Path, typer.Argument(help="A recorded round as JSON.")],
    output_format: Annotated[str, typer.Option("--format", "-f", help="text or json.")] = "text",
) -> None:
    """Settle one recorded round; each wager says which subsection decided it."""
    from pacomply.engine.replay import replay_round
    from pacomply.engine.settlement import ReplayError

    if not round_file.is_file():
        _fail(f"'{round_file}' does not exist")
    try:
        data = json.loads(round_file.read_text(encoding="utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        _fail(f"{round_file}: not valid JSON ({error})")
    except (ValueError, RecursionError) as error:  # an integer of thousands of digits, nesting thousands deep
        _fail(f"{round_file}: not a readable round ({type(error).__name__}: {str(error)[:120]})")
    try:
        result = replay_round(data)
    except ReplayError as error:
        typer.echo(f"{_shown_path(round_file)}: the round cannot be replayed:", err=True)
        for problem in error.problems:
            typer.echo(f"  {problem}", err=True)
        raise typer.Exit(EXIT_INPUT) from None
    if output_format == "json":
        typer.echo(
            json.dumps(
                {
                    "chapter": result.chapter,
                    "cards": [str(card) for card in result.cards],
                    "facts": dict(result.facts),
                    "settlements": [
                        {
                            "wager": s.wager,
                            "amount": str(s.amount),
                            "outcome": s.outcome.value,
                            "net": str(s.net),
                            "citation": str(s.citation),
                            "explanation": s.explanation,
                        }
                        for s in result.settlements
                    ],
                    "net": str(result.net),
                },
                indent=2,
                ensure_ascii=False,
            )
        )
        return
    typer.echo(
        f"{result.chapter}: cards {' '.join(str(card) for card in result.cards)}; "
        + ", ".join(f"{name} {value}" for name, value in result.facts)
    )
    for settlement in result.settlements:
        sign = "+" if settlement.net > 0 else ""
        typer.echo(
            f"  {settlement.wager:<10} {settlement.amount!s:>8}  {settlement.outcome.value:<9} "
            f"{sign}{settlement.net!s:>8}"
            f"  {settlement.citation}: {settlement.explanation}"
        )
    typer.echo(f"  net {'+' if result.net > 0 else ''}{result.net}")


@app.command()
def schema() -> None:
    """Print the JSON Schema of a JSON filing."""
    from pacomply.submissions.model import Filing

    typer.echo(json.dumps(Filing.model_json_schema(), indent=2, sort_keys=True))


def _log_internal_error(error: BaseException) -> Path | None:
    """Write the traceback of an unexpected error to a log file in the temporary folder; its path, or None."""
    import os
    import tempfile
    import time
    import traceback

    try:
        folder = Path(tempfile.gettempdir()) / "pacomply-logs"
        folder.mkdir(parents=True, exist_ok=True)
        log = folder / f"pacomply-{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}.log"
        with log.open("w", encoding="utf-8", errors="backslashreplace") as stream:
            stream.write(f"pacomply internal error; arguments: {sys.argv[1:]!r}\n")
            traceback.print_exception(error, file=stream)
        return log
    except OSError:
        return None


def run_app(arguments: list[str] | None = None) -> int:
    """Run the command line and return its exit code; an unexpected exception exits 3 with its traceback logged.

    An uncaught exception would otherwise exit 1, the code for "errors found", and a batch or CI could not tell
    a defect in pacomply from a finding about the filing.
    """
    try:
        app(args=arguments, standalone_mode=True)
    except SystemExit as exit_:
        code = exit_.code
        return code if isinstance(code, int) else (0 if code is None else 1)
    except KeyboardInterrupt:
        return 130
    except Exception as error:  # a defect in pacomply: never a verdict
        log = _log_internal_error(error)
        where = f"; the traceback is in {log}" if log is not None else "; the traceback could not be written"
        sys.stderr.write(
            f"pacomply: internal error ({type(error).__name__}), a defect in pacomply, not a finding about the "
            f"filing; please report it{where}\n"
        )
        return EXIT_INTERNAL
    return 0


def main() -> None:
    """Console-script entry point."""
    raise SystemExit(run_app())
