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
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer

if TYPE_CHECKING:
    from decimal import Decimal
    from fractions import Fraction

    from pacomply.checker.registry import CheckSettings
    from pacomply.checker.wager_math import PricedReading, WagerMath
    from pacomply.checker.wager_math.blackjack_base import BaseGameOptions
    from pacomply.checker.wager_math.simulated import FiledMeter, MeterSummary
    from pacomply.engine.simulation.progressive import MeterSpec
    from pacomply.engine.simulation.registry import MeterChoice, ProgressiveRoundGame, TableSetup
    from pacomply.reports.interface import ReportFormat
    from pacomply.review_service import BatchOutcome
    from pacomply.submissions import Filing


class _Verbosity:
    """-q / -v, given before or after the command: 0 quiet (results and errors only), 1 normal, 2 verbose."""

    level = 1
    runtime: object = None
    """What :func:`main` settled (caches, numba threads), said once under -v."""


def _describe_runtime() -> None:
    settings = _Verbosity.runtime
    if settings is not None and _Verbosity.level > 1:
        _Verbosity.runtime = None  # said once
        threads = getattr(settings, "numba_threads", "?")
        source = "NUMBA_NUM_THREADS" if getattr(settings, "threads_from_user", False) else "the CPUs free now"
        _note(
            f"caches: {getattr(settings, 'cache_folder', '?')}; numba threads: {threads} of "
            f"{getattr(settings, 'cpus', '?')} CPUs ({source})",
            verbose_only=True,
        )


def _set_quiet(_context: object, _parameter: object, value: bool) -> None:
    if value:
        _Verbosity.level = 0


def _set_verbose(_context: object, _parameter: object, value: bool) -> None:
    if value:
        _Verbosity.level = 2
        _describe_runtime()


def _note(message: str, *, verbose_only: bool = False) -> None:
    """A line for the person at the terminal (stderr): left out with -q; ``verbose_only`` ones need -v."""
    if _Verbosity.level > (1 if verbose_only else 0):
        typer.echo(message, err=True)


_METAVARS = {int: "INTEGER", float: "NUMBER", str: "TEXT"}


def _plain_metavar(parameter: object) -> str | None:
    """What help prints after an option: its metavar (PATH, INTEGER, TEXT), as click and ruff do; nothing for a
    flag. typer would print the Python annotation ('<list[Path]>', '<bool>')."""
    from typer.core import TyperArgument

    if isinstance(parameter, TyperArgument) or getattr(parameter, "is_flag", False):
        return None
    metavar = getattr(parameter, "metavar", None)
    if metavar:
        return str(metavar)
    descriptor = getattr(parameter, "type_descriptor", None)
    if descriptor is None:
        return None
    if getattr(descriptor, "is_path", False):
        return "PATH"
    return _METAVARS.get(getattr(descriptor, "annotation", None), "TEXT")  # type: ignore[arg-type]


def _plain_parameters(parameters: list[Any]) -> None:
    """Help without Python annotations: each option shows a metavar, an argument its name only."""
    from typer.core import TyperArgument, TyperOption

    class PlainArgument(TyperArgument):
        def display_type_rich(self, ctx: object) -> str | None:  # type: ignore[override]
            return None

        def display_type(self, ctx: object) -> str:  # type: ignore[override]
            return ""

    class PlainOption(TyperOption):
        def display_type_rich(self, ctx: object) -> str | None:  # type: ignore[override]
            return _plain_metavar(self)

        def display_type(self, ctx: object) -> str:  # type: ignore[override]
            return _plain_metavar(self) or ""

    for parameter in parameters:
        # typer builds its parameters itself and takes no class per parameter, so the help display is swapped in.
        if type(parameter) is TyperArgument:
            parameter.__class__ = PlainArgument
        elif type(parameter) is TyperOption:
            parameter.__class__ = PlainOption


def _verbosity_options(group: object) -> list[Any]:
    """The group's own -q and -v, copied for a command so they work after it too (``pacomply validate -q ...``)."""
    import copy

    options = []
    for parameter in getattr(group, "params", ()):
        callback = {"quiet": _set_quiet, "verbose": _set_verbose}.get(getattr(parameter, "name", ""))
        if callback is not None:
            option = copy.copy(parameter)
            option.expose_value = False  # the command's function takes no such argument
            option.callback = callback
            options.append(option)
    return options


def _first_sentence(text: str) -> str:
    """The command list's summary: the help's first sentence, never cut mid-sentence."""
    import inspect
    import re

    paragraph = inspect.cleandoc(text).split("\n\n")[0].replace("\n", " ")
    return re.split(r"(?<=\.)\s", paragraph, maxsplit=1)[0]


class _Group(typer.core.TyperGroup):
    """The command group, made to behave like ruff, pytest and pip-audit: -h, -q and -v on every command, one-sentence
    summaries in the command list, and metavars instead of Python types in help."""

    def get_command(self, ctx: object, cmd_name: str) -> object:  # type: ignore[override]
        command = super().get_command(ctx, cmd_name)  # type: ignore[arg-type]
        if command is not None and not getattr(command, "_pacomply_plain", False):
            command._pacomply_plain = True  # type: ignore[attr-defined]
            if type(command) is typer.core.TyperGroup:  # a sub-app's commands (store add, ...) get the same help
                command.__class__ = _Group
            if command.help and not command.short_help:
                command.short_help = _first_sentence(command.help)
            taken = {name for parameter in command.params for name in getattr(parameter, "opts", ())}
            for option in _verbosity_options(self):  # a command's own -q or -v, if it ever has one, wins
                if not taken & set(option.opts):
                    command.params.append(option)
            _plain_parameters([*command.params, command.get_help_option(ctx)])  # type: ignore[arg-type]
        return command

    def get_params(self, ctx: typer.Context) -> list[Any]:  # type: ignore[override]
        parameters: list[Any] = super().get_params(ctx)
        _plain_parameters(parameters)
        return parameters


app = typer.Typer(
    name="pacomply",
    help="Check Pennsylvania table-game Rules Submissions (58 Pa. Code Subpart K) and prove the math of every wager.",
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    cls=_Group,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        from pacomply.checker.review import tool_version

        typer.echo(f"pacomply {tool_version()}")
        raise typer.Exit()


@app.callback()
def _options(
    version: Annotated[
        bool, typer.Option("--version", "-V", is_eager=True, callback=_version, help="Print the version and exit.")
    ] = False,
    quiet: Annotated[
        bool, typer.Option("--quiet", "-q", help="Print results and errors only: no progress, no notes.")
    ] = False,
    verbose: Annotated[
        bool, typer.Option("--verbose", "-v", help="Also say which configuration, cache folder and threads are used.")
    ] = False,
) -> None:
    """Check Pennsylvania table-game Rules Submissions (58 Pa. Code Subpart K) and prove the math of every wager."""
    # Set on every run (a test runner invokes the app many times in one process); a command's own -q/-v come after.
    _Verbosity.level = 0 if quiet else 2 if verbose else 1
    _describe_runtime()


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
    from pacomply.submissions.files import OutputRefused, check_output_path, write_atomically, write_to_special

    try:
        check_output_path(output, inputs, overwrite=force)
        if not write_to_special(output, content):
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
    _note(f"wrote {output} ({', '.join(chosen)})")


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

    from pacomply.review_service import review_paths

    console = Console(stderr=True)
    with Progress(
        TextColumn("reviewing"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=True,
        disable=_Verbosity.level == 0,
    ) as progress:
        task = progress.add_task("review", total=len(paths))
        return review_paths(paths, settings, on_outcome=lambda _outcome: progress.advance(task), jobs=jobs)


def _warn_unfinished_replacement(folder: Path) -> None:
    """Say so when an earlier run into ``folder`` was stopped while replacing its reports (they may be a mix)."""
    from pacomply.review_service import unfinished_replacement

    stale = unfinished_replacement(folder)
    if stale:
        typer.echo(
            f"warning: an earlier run into {folder} was stopped while replacing its reports; these may be older "
            f"than the others until rewritten: {', '.join(path.name for path in stale)}",
            err=True,
        )


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
        Path | None,
        typer.Option(
            "--config",
            help="Configuration file (default: pacomply.toml, or pyproject.toml with [tool.pacomply], here or in a "
            "parent folder up to the repository root or home).",
        ),
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
    from pacomply.reports.interface import render_many, renderer
    from pacomply.review_service import BatchOutcome, collect, exit_code, review_path, write_reports
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
    _note(f"configuration: {configured.source or 'none found'}", verbose_only=True)
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
    if output_dir is not None:
        _refuse_input_folder_as_output(output_dir, filings)
    collection = collect(filings)
    paths = list(collection.filings)
    for entry in collection.skipped:
        _note(f"skipped {_shown_path(entry.path)}: {entry.reason}")
    unlisted = [BatchOutcome(entry.path, None, (f"{entry.path}: {entry.reason}",)) for entry in collection.unlisted]
    _warn_configurations_not_applied(paths, configured.source)
    if not paths and not unlisted:
        _fail("no filings (.xlsx, .pdf, .json) found in " + ", ".join(f"'{path}'" for path in filings))
    batch = len(paths) + len(unlisted) > 1 or any(path.is_dir() for path in filings)
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
    outcomes = unlisted + (_review_with_progress(paths, settings, jobs) if batch else [review_path(paths[0], settings)])
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
        _warn_unfinished_replacement(output_dir)
        try:
            written = write_reports(outcomes, output_dir, formats, inputs)
        except OutputRefused as error:
            _fail(str(error))
        except OSError as error:
            _fail(f"could not write into '{output_dir}': {error.strerror or error}")
        _note(f"wrote {len(written)} report(s) into {output_dir}")
    elif reviews:  # several filings in text: each one's findings, then the summary table below
        content = render_many(formats[0], reviews) if batch else renderer(formats[0]).render(reviews[0])
        _write_output(content, output, inputs)
    for extra_path, extra_format in ((pdf, "pdf"), (xlsx, "xlsx")):
        if extra_path is not None and reviews:
            _write_output(renderer(_report_formats(extra_format)[0]).render(reviews[0]), extra_path, inputs)
            _note(f"wrote {extra_path}")
    if batch:
        # The table goes to stdout when it is the text report, else to stderr beside the machine-readable output.
        _summary_table(outcomes, to_stderr=output_dir is None and formats[0].value != "text")
    raise typer.Exit(exit_code(outcomes))


def _warn_configurations_not_applied(paths: list[Path], applied: Path | None) -> None:
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
            f"warning: {_shown_path(candidate)} lies beside the filings but is not applied (the configuration is "
            f"read from the working folder and its parents: {_shown_path(applied) if applied else 'none found'}); "
            f"pass --config {_shown_path(candidate)} to apply it",
            err=True,
        )


def _refuse_input_folder_as_output(output_dir: Path, filings: list[Path]) -> None:
    """Refuse, before reading anything, an --output-dir that is one of the folders of filings: its reports would be
    read as filings by the next run over that folder (a sub-folder is fine: folders are not searched recursively)."""
    target = output_dir.resolve()
    for given in filings:
        if given.is_dir() and given.resolve() == target:
            _fail(
                f"--output-dir '{output_dir}' is the folder of filings '{given}'; the next run over it would read the "
                f"reports as filings. Write them into another folder, e.g. --output-dir '{given / 'reviews'}'"
            )


@app.command()
def rules(
    chapter: Annotated[str | None, typer.Argument(help="A chapter id; all rules when omitted.")] = None,
    coverage: Annotated[
        str | None,
        typer.Option(
            "--coverage",
            help="Print a chapter's coverage matrix instead: each subsection, the rules that check it or why none can.",
        ),
    ] = None,
    coverage_format: Annotated[str, typer.Option("--coverage-format", help="text or json (with --coverage).")] = "text",
) -> None:
    """List every rule: id, severity, citation, summary."""
    from pacomply.checker.registry import all_rules, chapter_rules, filing_rules

    if coverage is not None:
        _print_coverage(_chapters([coverage])[0], coverage_format)
        return
    chosen = all_rules() if chapter is None else filing_rules() + chapter_rules(_chapters([chapter])[0])
    for rule in chosen:
        typer.echo(f"{rule.code:<9} {rule.severity.value:<8} {rule.citation.short:<14} {rule.summary}")


def _print_coverage(chapter: str, output_format: str) -> None:
    from pacomply import regulations
    from pacomply.checker.registry import chapter_rules
    from pacomply.regulations.coverage import coverage_matrix
    from pacomply.reports import coverage as coverage_report

    try:
        matrix = coverage_matrix(chapter)
    except KeyError as error:
        _fail(str(error.args[0]))
    title = regulations.rulebook(chapter).title
    if output_format == "text":
        content = coverage_report.render_text(matrix, title)
    elif output_format == "json":
        content = coverage_report.render_json(matrix, title, chapter_rules(chapter))
    else:
        _fail(f"--coverage-format '{output_format}' is not text or json")
    _write_output(content, None, [])


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
    wager: Annotated[str | None, typer.Option(help="Wager id (docs/math.md); all wagers when omitted.")] = None,
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
    meter_rate: Annotated[
        str | None,
        typer.Option(
            "--meter-rate",
            help="A progressive's rate of progression (28% or 0.28): prices its long run besides the seed.",
        ),
    ] = None,
    show_strategy: Annotated[
        bool,
        typer.Option("--charts", help="Print the blackjack strategy charts in full.", rich_help_panel=_BLACKJACK),
    ] = False,
) -> None:
    """Exact house edge / return of each wager (docs/math.md), with the figure under each reading."""
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
    rate = None
    if meter_rate is not None:
        choice, problems = _meter_choice(None, meter_rate)
        if problems:
            _fail("; ".join(problems))
        rate = choice.rate
    results: list[WagerMath] = []
    if filing is not None:
        if rate is not None:
            _fail("--meter-rate comes from the filing's rate of progression with --filing; leave it out")
        results = _filing_edge(filing, chapter, wager, paytable, decks, options)
    elif chapter is None:
        _fail("name a chapter (e.g. 'pacomply edge 633a') or give --filing FILE")
    else:
        chosen = _chapters([chapter])[0]
        try:
            results = analyse(
                chosen, wager, paytable, decks,
                base_game=options if options.given else None, meter_rate=rate,
            )  # fmt: skip
        except AnalysisUnavailable as error:
            _fail(str(error))
    if output_format == "json":
        typer.echo(json.dumps([result.to_json() for result in results], indent=2, ensure_ascii=False))
        return
    from pacomply.checker.wager_math import READING_SEPARATOR

    # A reading usually covers many rows: each distinct one is printed once, at the end, and rows refer to it.
    readings: dict[str, int] = {}
    results = _board_decks_first(results, decks) if filing is None else results
    for result in results:
        hit = "n/a" if result.hit_frequency is None else f"{100 * result.hit_frequency:.2f}%"
        typer.echo(
            f"{result.chapter} {result.wager:<12} paytable {result.paytable or '-':<10} decks {result.decks}: "
            f"house edge {result.house_edge * 100:.4f}%  element of risk {result.element_of_risk * 100:.4f}%  "
            f"return {result.return_ * 100:.4f}%  hit {hit}  ({result.method}, {result.citation})"
        )
        chart = result.strategy if show_strategy or not _is_strategy_chart(result) else ()
        width = max((len(when) for when, _ in chart), default=0) + 1
        for when, decision in chart:
            typer.echo(f"    {when + ':':<{width}} {decision}")
        if len(chart) < len(result.strategy):
            typer.echo(f"    strategy chart: {len(result.strategy)} lines (--charts prints them)")
        _echo_priced_readings(result)
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


def _echo_priced_readings(result: WagerMath) -> None:
    """Every candidate reading of a row with its figure, the one relied on marked (the Board's figure, where a
    register of them is available, is printed beside by :func:`_board_figure_note`)."""
    for candidate in result.priced_readings:
        mark = "*" if candidate.relied_on else " "
        basis = f" [{candidate.basis}]" if candidate.basis and candidate.basis != candidate.choice else ""
        typer.echo(
            f"   {mark} {candidate.reading}: {candidate.choice}{basis}: return {candidate.return_ * 100:.4f}%  "
            f"house edge {candidate.house_edge * 100:.4f}%  ({candidate.method}){_board_figure_note(result, candidate)}"
        )
    if result.priced_readings:
        typer.echo("    (* the reading relied on)")


def _board_figure_note(result: WagerMath, candidate: PricedReading) -> str:
    """The Board's published figures about the row, marked '=' where this reading gives one (``published``)."""
    from pacomply.checker.reconciliation import board_figures_beside

    return board_figures_beside(result, candidate)


def _board_decks_first(results: list[WagerMath], decks: int | None) -> list[WagerMath]:
    """633a without --decks: the rows at the deck counts the Board's range refers to lead, then every other count
    the chapter allows (each group in the usual order); other chapters unchanged."""
    from pacomply.checker.wager_math.chapter_633a import BOARD_RANGE_DECKS

    if decks is not None or not any(result.chapter == "633a" for result in results):
        return results
    typer.echo(
        f"633a: deck counts {' and '.join(map(str, BOARD_RANGE_DECKS))} first (the shoe games of the Board's 0.355 % "
        "to 0.371 % basic-strategy range, 42 Pa.B. 2922), then every other count § 633a.3(a) allows"
    )
    leading = [result for result in results if result.chapter == "633a" and result.decks in BOARD_RANGE_DECKS]
    return leading + [result for result in results if result not in leading]


def _is_strategy_chart(result: WagerMath) -> bool:
    """A blackjack base game's strategy chart (long; behind --strategy), as against a side wager's few notes."""
    return (
        result.chapter in {"633a", "685a"}
        and result.wager in {"base", "blackjack", "switch"}
        and len(result.strategy) > 12
    )


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
        typer.echo(f"{_shown_path(path)}: the filing could not be read ({len(error.problems)} problem(s)):", err=True)
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
        typer.Option(help="Wager id (docs/math.md), repeatable; every wager the game simulates if omitted."),
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
        disable=not (progress and console.is_terminal) or _Verbosity.level == 0,
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
            f"finished ({outcome.rounds} rounds); exit status 130",
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
        raise typer.Exit(_interrupted_status(outcome.interrupted))
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
    raise typer.Exit(_interrupted_status(outcome.interrupted))


def _interrupted_status(interrupted: bool) -> int:
    """130 (128 + SIGINT) after Ctrl-C, as any program stopped by it, even though the finished chunks were reported:
    a script must never take partial figures for a full run."""
    return 130 if interrupted else 0


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
                            "amount": _money(s.amount),
                            "outcome": s.outcome.value,
                            "net": _money(s.net),
                            "citation": str(s.citation),
                            "explanation": s.explanation,
                        }
                        for s in result.settlements
                    ],
                    "net": _money(result.net),
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
    # Columns as wide as their longest entry, so a long wager name ('seat 1 progressive') keeps them in line.
    wager_width = max((len(settlement.wager) for settlement in result.settlements), default=0)
    amount_width = max((len(_money(settlement.amount)) for settlement in result.settlements), default=0)
    net_width = max((len(_signed_money(settlement.net)) for settlement in result.settlements), default=0)
    outcome_width = max((len(settlement.outcome.value) for settlement in result.settlements), default=0)
    for settlement in result.settlements:
        typer.echo(
            f"  {settlement.wager:<{wager_width}}  {_money(settlement.amount):>{amount_width}}  "
            f"{settlement.outcome.value:<{outcome_width}}  {_signed_money(settlement.net):>{net_width}}"
            f"  {settlement.citation}: {settlement.explanation}"
        )
    typer.echo(f"  net {_signed_money(result.net)}")


def _money(amount: Fraction | Decimal | int) -> str:
    """Dollars and cents as a decimal string ('12.50', '-0.25'), as the engine writes them everywhere."""
    from pacomply.engine.settlement import dollars

    return dollars(amount)


def _signed_money(amount: Fraction | Decimal | int) -> str:
    """'+12.50', '-5.00', '0.00'."""
    text = _money(amount)
    return f"+{text}" if not text.startswith("-") and text != "0.00" else text


@app.command()
def schema() -> None:
    """Print the JSON Schema of a JSON filing."""
    from pacomply.submissions.model import Filing

    typer.echo(json.dumps(Filing.model_json_schema(), indent=2, sort_keys=True))


@app.command()
def diff(
    old: Annotated[Path, typer.Argument(help="The earlier filing (.xlsx, .json or .pdf).")],
    new: Annotated[Path, typer.Argument(help="The later filing.")],
    output_format: Annotated[str, typer.Option("--format", "-f", help="text or json.")] = "text",
    output: Annotated[Path | None, typer.Option("--output", "-o", help="File to write (stdout when omitted).")] = None,
) -> None:
    """What changed between two filings: answers, tables, and the findings added and resolved."""
    from pacomply.checker.diff import FindingSummary, diff_filings, diff_text
    from pacomply.checker.review import review_filing

    if output_format not in ("text", "json"):
        _fail(f"--format must be text or json, not '{output_format}'")
    old_filing, new_filing = _read_filing(old), _read_filing(new)
    old_review, new_review = review_filing(old_filing), review_filing(new_filing)
    result = diff_filings(
        old_filing,
        new_filing,
        [FindingSummary.from_finding(finding) for finding in old_review.findings],
        [FindingSummary.from_finding(finding) for finding in new_review.findings],
    )
    if output_format == "json":
        content = (json.dumps(result.to_json(), indent=2, ensure_ascii=False) + "\n").encode("utf-8")
    else:
        content = diff_text(result).encode("utf-8")
    _write_output(content, output, [old, new])


DatabaseOption = Annotated[
    str | None,
    typer.Option(
        "--database",
        envvar="PACOMPLY_DATABASE",
        help="SQLAlchemy URL of the store, e.g. postgresql+psycopg://user@host/pacomply "
        "(default: a SQLite file in this user's data folder).",
    ),
]


def _open_store(database: str | None):  # type: ignore[no-untyped-def]
    from pacomply.workspace.store import open_store

    try:
        return open_store(database)
    except Exception as error:  # SQLAlchemy's and the drivers' errors have no common public base
        _fail(f"could not open the store at '{database or 'the default SQLite file'}': {error}")


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=0, max=65535, help="Port (0 picks a free one).")] = 8000,
    database: DatabaseOption = None,
    allow_remote: Annotated[
        bool, typer.Option("--allow-remote", help="Allow a host other than this machine's loopback address.")
    ] = False,
    workers: Annotated[int, typer.Option(min=1, help="Worker processes that review uploads.")] = 2,
    secure_cookies: Annotated[
        bool, typer.Option("--secure-cookies", help="Send cookies over HTTPS only (behind a TLS proxy).")
    ] = False,
) -> None:
    """Run the review workspace in the browser (the store is upgraded to the newest schema first)."""
    from pacomply.workspace.serve import RemoteRefused, check_host
    from pacomply.workspace.serve import serve as run_server

    try:
        check_host(host, allow_remote)
    except RemoteRefused as error:
        _fail(str(error))
    run_server(
        host,
        port,
        database,
        allow_remote=allow_remote,
        workers=workers,
        secure_cookies=secure_cookies,
        on_ready=lambda url: typer.echo(f"pacomply workspace on {url} (Ctrl-C stops)", err=True),
    )


store_app = typer.Typer(help="The workspace's filing store from the command line.", no_args_is_help=True)
user_app = typer.Typer(help="Workspace accounts.", no_args_is_help=True)
store_app.add_typer(user_app, name="user")
app.add_typer(store_app, name="store")


@store_app.command("upgrade")
def store_upgrade(database: DatabaseOption = None) -> None:
    """Create the store, or bring its schema to this pacomply's newest revision."""
    store = _open_store(database)
    typer.echo(f"store at schema revision {store.revision()}")


@store_app.command("add")
def store_add(
    paths: Annotated[list[Path], typer.Argument(help="Filings, or folders of filings.")],
    database: DatabaseOption = None,
) -> None:
    """Store and review filings (a folder's filings directly inside it); unreadable ones are reported, not stored."""
    from pacomply.workspace import reviewing

    store = _open_store(database)
    refused = 0
    for path in reviewing.collect(paths):
        try:
            data = path.read_bytes()
            filing = reviewing.read_upload(path.name, data)
        except OSError as error:
            refused += 1
            typer.echo(f"{path}: could not be read ({error.strerror or error})", err=True)
            continue
        except reviewing.UploadRefused as error:
            refused += 1
            typer.echo(f"{path}: not stored ({len(error.problems)} problem(s)):", err=True)
            for problem in error.problems:
                typer.echo(f"  {problem}", err=True)
            continue
        submission = store.add_submission(path.name, data, filing, None, actor="cli")
        stored = reviewing.review_upload(path.name, data)
        store.record_review(submission.id, stored, actor="cli")
        typer.echo(f"{submission.id}\t{filing.metadata.licensee}\t{path.name}\t{stored.document['verdict']['summary']}")
    if refused:
        raise typer.Exit(EXIT_INPUT)


@store_app.command("list")
def store_list(
    licensee: Annotated[str | None, typer.Option(help="Only this licensee's filings.")] = None,
    chapter: Annotated[str | None, typer.Option(help="Only filings of this chapter.")] = None,
    status: Annotated[str | None, typer.Option(help="received, in review, changes requested or approved.")] = None,
    limit: Annotated[int, typer.Option(min=1, help="At most this many, newest first.")] = 100,
    database: DatabaseOption = None,
) -> None:
    """The stored filings, newest first: id, licensee, chapters, date filed, status, latest verdict, file."""
    from pacomply.workspace.models import Role, User

    store = _open_store(database)
    everyone = User(id=0, username="cli", role=Role.ADMIN.value, licensee=None)
    page = store.queue(everyone, status=status, licensee=licensee, chapter=chapter, limit=limit)
    for item in page.submissions:
        typer.echo(
            "\t".join(
                (
                    str(item.id),
                    item.licensee,
                    ",".join(item.chapter_ids),
                    item.date_filed.isoformat(),
                    item.status,
                    page.verdicts.get(item.id, item.review_state),
                    item.original_name,
                )
            )
        )


@user_app.command("add")
def store_user_add(
    username: Annotated[str, typer.Argument(help="The sign-in name.")],
    role: Annotated[str, typer.Option(help="reviewer, supervisor, licensee or admin.")] = "reviewer",
    licensee: Annotated[str | None, typer.Option(help="For a licensee account: its licensee, as filed.")] = None,
    password: Annotated[
        str | None, typer.Option(envvar="PACOMPLY_PASSWORD", help="The password (asked for when omitted).")
    ] = None,
    database: DatabaseOption = None,
) -> None:
    """Add a local account to the workspace."""
    from pacomply.workspace.models import Role
    from pacomply.workspace.store import WorkspaceError

    if role not in {item.value for item in Role}:
        _fail(f"--role must be reviewer, supervisor, licensee or admin, not '{role}'")
    if password is None:
        password = typer.prompt("Password", hide_input=True, confirmation_prompt=True)
    store = _open_store(database)
    try:
        store.add_user(username, password, role, licensee, actor="cli")
    except WorkspaceError as error:
        _fail(str(error))
    typer.echo(f"added {role} '{username}'")


@user_app.command("role")
def store_user_role(
    username: Annotated[str, typer.Argument(help="The sign-in name.")],
    role: Annotated[str, typer.Argument(help="reviewer, supervisor, licensee or admin.")],
    licensee: Annotated[str | None, typer.Option(help="For a licensee account: its licensee.")] = None,
    database: DatabaseOption = None,
) -> None:
    """Change an account's role (recorded in the audit trail)."""
    from pacomply.workspace.models import Role
    from pacomply.workspace.store import WorkspaceError

    if role not in {item.value for item in Role}:
        _fail(f"the role must be reviewer, supervisor, licensee or admin, not '{role}'")
    store = _open_store(database)
    try:
        store.set_role(username, role, actor="cli", licensee=licensee)
    except WorkspaceError as error:
        _fail(str(error))
    typer.echo(f"'{username}' is now a {role}")


@user_app.command("password")
def store_user_password(
    username: Annotated[str, typer.Argument(help="The sign-in name.")],
    password: Annotated[
        str | None, typer.Option(envvar="PACOMPLY_PASSWORD", help="The new password (asked for when omitted).")
    ] = None,
    database: DatabaseOption = None,
) -> None:
    """Set a new password for an account (its sessions end); the way back in for an administrator locked out."""
    from pacomply.workspace.store import WorkspaceError

    if password is None:
        password = typer.prompt("New password", hide_input=True, confirmation_prompt=True)
    store = _open_store(database)
    try:
        store.reset_password(username, password, actor="cli")
    except WorkspaceError as error:
        _fail(str(error))
    typer.echo(f"password of '{username}' reset")


@user_app.command("active")
def store_user_active(
    username: Annotated[str, typer.Argument(help="The sign-in name.")],
    active: Annotated[bool, typer.Option("--yes/--no", help="Activate (--yes) or deactivate (--no).")] = True,
    database: DatabaseOption = None,
) -> None:
    """Activate or deactivate an account (a deactivated one cannot sign in; its sessions end)."""
    from pacomply.workspace.store import WorkspaceError

    store = _open_store(database)
    try:
        store.set_active(username, active, actor="cli")
    except WorkspaceError as error:
        _fail(str(error))
    typer.echo(f"'{username}' is now {'active' if active else 'deactivated'}")


regulations_app = typer.Typer(
    help="The rulebooks: which version of each chapter they encode, and a check against the official text.",
    invoke_without_command=True,
    no_args_is_help=False,
)
app.add_typer(regulations_app, name="regulations")


@regulations_app.callback()
def regulations_list(context: typer.Context) -> None:
    """List each rulebook: its source (Pa.B. notice), version, effective date and known later amendments."""
    if context.invoked_subcommand is not None:
        return
    from pacomply import regulations

    for chapter in regulations.known_chapters():
        book = regulations.rulebook(chapter)
        typer.echo(f"{book.chapter} {book.title}: rulebook {book.version}")
        typer.echo(f"  source: {book.source}; effective {book.effective.isoformat()}")
        typer.echo(f"  version from: {book.version_basis}")
        amendments = book.amendments_not_encoded
        related = [amendment for amendment in book.later_amendments if amendment.related_chapter]
        typer.echo("  later amendments not encoded:" + ("" if amendments else " none known"))
        for amendment in amendments:
            typer.echo(f"    {amendment.describe()}")
        for amendment in related:
            typer.echo(f"  related chapter not encoded: {amendment.describe()}")


@regulations_app.command("verify")
def regulations_verify(
    chapter: Annotated[str, typer.Argument(help="The chapter id, e.g. 687a.")],
    official: Annotated[Path, typer.Argument(help="The official chapter: the PA Code HTML page, its PDF, or text.")],
    output_format: Annotated[str, typer.Option("--format", "-f", help="text or json.")] = "text",
) -> None:
    """Compare the rulebook with the official chapter, subsection by subsection (exit 0 agrees, 1 differs)."""
    from pacomply import regulations
    from pacomply.regulations.official import (
        NotTheChapterError,
        OfficialTextError,
        read_official_text,
        verification_json,
        verification_text,
        verify,
    )

    if output_format not in ("text", "json"):
        _fail(f"--format '{output_format}' is not one of text, json")
    try:
        book = regulations.rulebook(chapter)
    except regulations.UnknownChapterError as error:
        _fail(str(error))
    try:
        official_text = read_official_text(official)
        verification = verify(book, official_text.text)
    except OfficialTextError as error:
        _fail(f"the official text could not be read: {error}")
    except NotTheChapterError as error:
        _fail(f"{official} is not Chapter {book.chapter} as published: {error}")
    render = verification_json if output_format == "json" else verification_text
    typer.echo(render(book, verification, str(official), official_text.form), nl=False)
    raise typer.Exit(0 if verification.agrees else 1)


@app.command()
def published(
    chapter: Annotated[str | None, typer.Argument(help="A chapter id; every chapter when omitted.")] = None,
    output_format: Annotated[str, typer.Option("--format", "-f", help="text or json.")] = "text",
    jobs: Annotated[
        int,
        typer.Option(
            "--jobs",
            "-j",
            min=1,
            help="Figures computed side by side (processes) when the figure store lacks them; 1 by default.",
        ),
    ] = 1,
) -> None:
    """Every figure the Board published for these chapters beside pacomply's, with a verdict per figure."""
    from pacomply.checker.reconciliation import reconcile
    from pacomply.reports.reconciliation import published_json_text, published_text

    if output_format not in {"text", "json"}:
        _fail(f"--format '{output_format}' is not one of text, json")
    chosen = _chapters([chapter]) if chapter is not None else None
    items = reconcile(chosen, jobs=jobs)
    rendered = published_json_text(items) if output_format == "json" else published_text(items)
    sys.stdout.write(rendered)
    sys.stdout.flush()


figures_app = typer.Typer(
    help="The figure store: every figure a review needs, computed once and kept (docs/figure-store.md).",
    no_args_is_help=True,
)
app.add_typer(figures_app, name="figures")


class _FigureNotice:
    """Tells the person at the terminal that a figure was not stored and is being computed: a rich status line on a
    terminal, one stderr line each on a pipe; nothing with -q. A figure that takes less than a moment (or that the
    wager math refuses at once) is not announced."""

    DELAY_SECONDS = 0.5

    def __init__(self) -> None:
        from rich.console import Console

        self.console = Console(stderr=True)
        self.status: Any = None
        self.timer: Any = None
        self.announced = False
        self.shown = False

    def computing(self, description: str) -> None:
        import threading

        if _Verbosity.level == 0:
            return
        self.shown = False
        self.timer = threading.Timer(self.DELAY_SECONDS, self._show, args=(description,))
        self.timer.daemon = True
        self.timer.start()

    def _show(self, description: str) -> None:
        self.shown = True
        if not self.announced:
            self.announced = True
            _note("pacomply: computing figures not yet in the figure store (once; later runs read them)")
        if self.console.is_terminal:
            self.status = self.console.status(f"computing {description}")
            self.status.start()
        else:
            _note(f"  computing {description}")

    def _finish(self) -> bool:
        if self.timer is not None:
            self.timer.cancel()
            self.timer.join()
            self.timer = None
        if self.status is not None:
            self.status.stop()
            self.status = None
        return self.shown

    def computed(self, description: str, seconds: float) -> None:
        if self._finish() and self.console.is_terminal:
            _note(f"  computed {description} ({seconds:.1f} s)")

    def abandoned(self, description: str) -> None:
        self._finish()


def _install_figure_notice() -> None:
    from pacomply.engine import figure_store

    figure_store.set_reporter(_FigureNotice())  # type: ignore[arg-type]


def _figure_chapters(chapter: str | None) -> list[str] | None:
    if chapter is None:
        return None
    from pacomply.checker.wager_math import supported_chapters

    if chapter not in supported_chapters():
        _fail(f"no figures for chapter '{chapter}' (chapters: {', '.join(supported_chapters())})")
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
        disable=not console.is_terminal or _Verbosity.level == 0,
        transient=True,
    )


@figures_app.command("build")
def figures_build(
    chapter: Annotated[str | None, typer.Argument(help="A chapter id; every chapter when omitted.")] = None,
    into: Annotated[
        str,
        typer.Option(
            "--into",
            help="shipped (the package's figures, in a source checkout) or cache (the user cache); shipped where it "
            "can be written.",
        ),
    ] = "",
) -> None:
    """Compute every figure the rulebooks can need that is not stored yet (resumable) and write the shipped figures."""
    from pacomply.checker import figures
    from pacomply.engine import figure_store

    chosen = _figure_chapters(chapter)
    writable = figures.shipped_writable()
    target = into or ("shipped" if writable is not None else "cache")
    if target not in {"shipped", "cache"}:
        _fail(f"--into '{into}' is not one of shipped, cache")
    if target == "shipped" and writable is None:
        _fail(f"the shipped figures ({figure_store.SHIPPED_FOLDER}) cannot be written here; use --into cache")
    wanted = figures.catalogue(chosen)
    with _figure_progress(len(wanted), "figures") as progress:
        task = progress.add_task("", total=len(wanted))

        def step(item: Any) -> None:
            progress.update(task, advance=1, description=item.description[:60])

        result = figures.build(chosen, writable if target == "shipped" else None, _FigureNotice(), on_step=step)
    _note(
        f"{result.looked_up} figures looked up, {result.computed} computed"
        + (f", {result.unavailable} not analysable (refused by the wager math)" if result.unavailable else "")
    )
    for path in result.shelves:
        _note(f"wrote {path} ({path.stat().st_size:,} bytes)")


@figures_app.command("verify")
def figures_verify(
    chapter: Annotated[str | None, typer.Argument(help="A chapter id; every chapter when omitted.")] = None,
    sample: Annotated[
        int, typer.Option(min=0, help="Recompute only this many figures (spread evenly); 0 for every one.")
    ] = 0,
) -> None:
    """Recompute stored figures and compare them exactly with the stored ones (exit 1 on any difference)."""
    from pacomply.checker import figures

    items = figures.stored(chapter if chapter is None else _figure_chapters(chapter)[0])  # type: ignore[index]
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


@figures_app.command("list")
def figures_list(
    chapter: Annotated[str | None, typer.Argument(help="A chapter id; every chapter when omitted.")] = None,
    output_format: Annotated[str, typer.Option("--format", "-f", help="text or json.")] = "text",
) -> None:
    """What is stored: each figure, the rulebook it follows, the method and the pacomply version that made it."""
    import json

    from pacomply.checker import figures

    if output_format not in {"text", "json"}:
        _fail(f"--format '{output_format}' is not one of text, json")
    if chapter is not None:
        _figure_chapters(chapter)
    items = figures.stored(chapter)
    if output_format == "json":
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


@app.command()
def parsheet(
    chapter: Annotated[str, typer.Argument(help="A chapter id, e.g. 688a.")],
    wager: Annotated[str, typer.Option("--wager", "-w", help="The wager id (docs/math.md).")],
    paytable: Annotated[str | None, typer.Option("--paytable", "-p", help="The paytable id.")] = None,
    decks: Annotated[int | None, typer.Option("--decks", "-d", help="The deck count.")] = None,
    output_format: Annotated[str, typer.Option("--format", "-f", help="text, json, pdf or xlsx.")] = "text",
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Write here (required for pdf and xlsx).")
    ] = None,
) -> None:
    """A par sheet of one wager: every paytable line's combinations, probability, pays and contribution, and the
    house edge, element of risk, hit frequency and standard deviation on their stated bases."""
    from pacomply.checker.parsheet import ParSheetUnavailable, par_sheet

    renderers = {"text", "json", "pdf", "xlsx"}
    if output_format not in renderers:
        _fail(f"--format '{output_format}' is not one of {', '.join(sorted(renderers))}")
    if output_format in {"pdf", "xlsx"} and output is None:
        _fail(f"--format {output_format} writes a file: give it with --output PATH")
    try:
        sheet = par_sheet(_chapters([chapter])[0], wager, paytable, decks)
    except ParSheetUnavailable as error:
        _fail(str(error))
    if output_format == "json":
        from pacomply.reports.parsheet_json import par_sheet_json_text

        content = par_sheet_json_text(sheet).encode()
    elif output_format == "pdf":
        from pacomply.reports.parsheet_pdf import render_par_sheet_pdf

        content = render_par_sheet_pdf(sheet)
    elif output_format == "xlsx":
        from pacomply.reports.parsheet_xlsx import render_par_sheet_xlsx

        content = render_par_sheet_xlsx(sheet)
    else:
        from pacomply.reports.parsheet_text import par_sheet_text

        content = par_sheet_text(sheet).encode()
    _write_output(content, output, [])


def main() -> None:
    """Console-script entry point: caches and numba threads settled first (numba reads them at import), then the
    command (an unexpected error exits 3, never 1: :func:`run_app`); the first run that compiles says so instead of
    sitting silent for half a minute."""
    from pacomply import runtime

    settings = runtime.configure()
    _Verbosity.runtime = settings
    first_run = not runtime.caches_ready(settings)
    if first_run:
        _watch_first_compile(settings)
    _install_figure_notice()
    code = run_app()
    if first_run and code in (0, 1) and "numba" in sys.modules:
        runtime.mark_caches_ready(settings)
    raise SystemExit(code)


def _watch_first_compile(settings: object) -> None:
    """Once numba is imported, report its compilations on stderr: a line when the first starts, then a count."""
    import importlib.abc
    import importlib.machinery

    class NumbaImported(importlib.abc.MetaPathFinder):
        """Registers the listener right after numba is imported, so runs that never need numba do not import it."""

        def find_spec(self, name: str, path: object, target: object = None) -> importlib.machinery.ModuleSpec | None:
            if name == "numba.core.event":
                sys.meta_path.remove(self)
                spec = importlib.machinery.PathFinder.find_spec(name, path)  # type: ignore[arg-type]
                if spec is not None and spec.loader is not None:
                    original = spec.loader.exec_module  # type: ignore[union-attr]

                    def exec_module(module: Any) -> None:
                        original(module)
                        notice = _CompileNotice(settings)
                        listener = type(
                            "CompileListener",
                            (module.Listener,),
                            {"on_start": lambda _self, event: notice.started(event),
                             "on_end": lambda _self, _event: notice.ended()},
                        )  # fmt: skip
                        module.register("numba:compile", listener())

                    spec.loader.exec_module = exec_module  # type: ignore[method-assign,union-attr]
                return spec
            return None

    sys.meta_path.insert(0, NumbaImported())


class _CompileNotice:
    """What a first run says while numba compiles: one line when the first kernel starts, then a running count on a
    terminal, and (with -v) each kernel's name."""

    def __init__(self, settings: object) -> None:
        self.settings = settings
        self.compiled = 0
        self.announced = False
        self.terminal = sys.stderr.isatty()

    def started(self, event: Any) -> None:
        if not self.announced:
            self.announced = True
            _note(
                "pacomply: first run with these caches: compiling numeric kernels and building tables into "
                f"{getattr(self.settings, 'cache_folder', '')} (once per machine and version; later runs start at once)"
            )
        data = getattr(event, "data", None)
        dispatcher = data.get("dispatcher") if isinstance(data, dict) else None
        function = getattr(dispatcher, "py_func", None)
        if function is not None and str(getattr(function, "__module__", "")).startswith("pacomply."):  # not numba's
            _note(f"  compiling {function.__module__}.{function.__qualname__}", verbose_only=True)

    def ended(self) -> None:
        self.compiled += 1
        if self.terminal and _Verbosity.level == 1:
            sys.stderr.write(f"\r  compiled {self.compiled} numeric kernel(s)")
            sys.stderr.flush()


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


class OutputFailed(Exception):
    """Standard output could not take what pacomply wrote (a full disk, a pipe closed by its reader): not an
    ``OSError``, so the command-line library's own handling (which exits 1 on a closed pipe) never sees it."""

    def __init__(self, error: OSError) -> None:
        super().__init__(str(error))
        self.error = error

    def reason(self) -> str:
        """The failure in a reader's words."""
        import errno

        if self.error.errno == errno.EPIPE or isinstance(self.error, BrokenPipeError):
            return "the pipe was closed by the program reading it (BrokenPipeError)"
        return self.error.strerror or str(self.error)


class _GuardedOutput:
    """Standard output (text or its byte buffer) whose write and flush raise :class:`OutputFailed` on failure."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def write(self, data: Any) -> int:
        try:
            return self._stream.write(data)
        except OSError as error:
            raise OutputFailed(error) from error

    def flush(self) -> None:
        try:
            self._stream.flush()
        except OSError as error:
            raise OutputFailed(error) from error

    @property
    def buffer(self) -> _GuardedOutput:
        return _GuardedOutput(self._stream.buffer)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def _silence_stdout() -> None:
    """After stdout failed: point its descriptor at the null device, so the interpreter's last flush at exit
    cannot print a second, unhandled error."""
    import os

    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.__stdout__.fileno() if sys.__stdout__ is not None else 1)
        os.close(null)
    except (OSError, ValueError):
        pass


def run_app(arguments: list[str] | None = None) -> int:
    """Run the command line and return its exit code; an unexpected exception exits 3 with its traceback logged.

    An uncaught exception would otherwise exit 1, the code for "errors found", and a batch or CI could not tell
    a defect in pacomply from a finding about the filing. Standard output that cannot be written (a full disk, a
    pipe closed early as by ``| head -c1``) exits 2 with the reason: the report did not reach its reader, so no
    verdict may be read from the exit code.
    """
    original = sys.stdout
    sys.stdout = _GuardedOutput(original)  # type: ignore[assignment]
    try:
        code = _run_guarded(arguments)
        sys.stdout.flush()  # what is still buffered must reach its reader before the exit code says anything
        return code
    except OutputFailed as failure:
        _silence_stdout()
        sys.stderr.write(f"pacomply: could not write to standard output: {failure.reason()}\n")
        return EXIT_INPUT
    finally:
        sys.stdout = original


def _run_guarded(arguments: list[str] | None) -> int:
    try:
        app(args=arguments, standalone_mode=True)
    except SystemExit as exit_:
        code = exit_.code
        return code if isinstance(code, int) else (0 if code is None else 1)
    except KeyboardInterrupt:
        return 130
    except OutputFailed:
        raise
    except Exception as error:  # a defect in pacomply: never a verdict
        if isinstance(error, ImportError) and getattr(error, "extra", None):  # an optional part, not installed
            sys.stderr.write(f"pacomply: {error}\n")
            return EXIT_INPUT
        log = _log_internal_error(error)
        where = f"; the traceback is in {log}" if log is not None else "; the traceback could not be written"
        sys.stderr.write(
            f"pacomply: internal error ({type(error).__name__}), a defect in pacomply, not a finding about the "
            f"filing; please report it{where}\n"
        )
        return EXIT_INTERNAL
    return 0
