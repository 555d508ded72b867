"""The command line: each command reads its options, calls the review service, the checker or the engine, hands the
result to its renderer (``reports/``) and picks the exit code.

Exit codes: 0 no errors, 1 errors found, 2 the input (or a command's arguments) could not be used, 3 an internal
error (a defect in pacomply: one line on stderr names the log file holding the traceback), 130 interrupted.
Heavy modules are imported inside the commands so that ``pacomply --help`` starts at once. What every command shares
lives beside this module: ``terminal`` (notes, refusals, output), ``command_group`` (-h/-q/-v, summaries, usage),
``choices`` (the closed choices), ``review_options`` (configuration, waivers, review date); ``edge`` and
``simulate`` are in ``edge_command`` and ``simulate_command``, the sub-commands in ``store_commands``,
``figures_commands`` and ``regulations_commands``, each imported only when its command is named.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from pacomply import choices
from pacomply.choices import (
    REPORT_FORMATS,
    ParSheetFormat,
    TextOrJson,
    complete_report_formats,
)
from pacomply.command_group import CommandTable, TableGroup
from pacomply.guarded_run import run_app as _run_app
from pacomply.review_options import ConfigOption, ReviewDateOption, WaiversOption, load_policy, policy_inputs
from pacomply.store_commands import DatabaseOption
from pacomply.terminal import (
    EXIT_INPUT,
    EXIT_INTERNAL,
    Verbosity,
    describe_runtime,
    fail,
    note,
    read_filing,
    shown_path,
    write_output,
)

__all__ = ["EXIT_INPUT", "EXIT_INTERNAL", "app", "main", "run_app"]

#: The commands, each made into a click command only when a run or a help names it (``command_group``).
commands = CommandTable()


class _Pacomply(TableGroup):
    table = commands


app = typer.Typer(
    name="pacomply",
    help="Check Pennsylvania table-game Rules Submissions (58 Pa. Code Subpart K) and prove the math of every wager.",
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    cls=_Pacomply,
    context_settings={"help_option_names": ["-h", "--help"]},
)

JobsOption = Annotated[int, choices.jobs_option("1")]


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
    Verbosity.level = 0 if quiet else 2 if verbose else 1
    describe_runtime()


@commands.command
def template(
    chapters: Annotated[
        list[choices.Chapter],
        typer.Argument(metavar="CHAPTER...", case_sensitive=False, help="Chapter ids, e.g. 686a."),
    ],
    output: Annotated[Path | None, typer.Option("--output", "-o", metavar="FILE", help="Workbook to write.")] = None,
    list_keys: Annotated[
        bool, typer.Option("--list", help="Print the checklist keys instead of writing a workbook.")
    ] = False,
    force: Annotated[bool, typer.Option(help="Replace an existing file.")] = False,
) -> None:
    """Write a blank filing workbook (Filing, one sheet per chapter, Tables), or list the checklist questions."""
    from pacomply import regulations

    chosen = [chapter.value for chapter in chapters]
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
        fail("give the workbook to write with -o FILE.xlsx (or --list to print the questions)")
    if output.suffix.lower() != ".xlsx":
        fail(f"'{output}' does not end in .xlsx")
    from pacomply.submissions.template import workbook_bytes

    write_output(workbook_bytes(chosen), output, [], force=force)
    note(f"wrote {output} ({', '.join(chosen)})")


@commands.command
def validate(
    filings: Annotated[
        list[Path],
        typer.Argument(
            metavar="FILING...", help="Filing workbooks (.xlsx), PDF checklists, JSON filings, or folders of them."
        ),
    ],
    output_format: Annotated[
        str | None,
        typer.Option(
            "--format",
            "-f",
            metavar="FORMAT[,FORMAT...]",
            autocompletion=complete_report_formats,
            help=f"{', '.join(REPORT_FORMATS[:-1])} or {REPORT_FORMATS[-1]}; several, comma-separated, with "
            "--output-dir (default: the configuration's, else text).",
        ),
    ] = None,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", metavar="FILE", help="Write the report here instead of stdout.")
    ] = None,
    pdf: Annotated[
        Path | None, typer.Option("--pdf", metavar="FILE", help="Also write the filing-ready PDF here.")
    ] = None,
    xlsx: Annotated[
        Path | None, typer.Option("--xlsx", metavar="FILE", help="Also write the review workbook here.")
    ] = None,
    output_dir: Annotated[
        Path | None,
        typer.Option(
            "--output-dir", metavar="FOLDER", help="Write each filing's reports here, one file per filing and format."
        ),
    ] = None,
    jobs: JobsOption = 1,
    par_sheets: Annotated[
        bool,
        typer.Option(
            "--par-sheets",
            help="Print each wager's par sheet in the text review (the PDF and workbook always have them).",
        ),
    ] = False,
    rack_tolerance: Annotated[
        float | None,
        typer.Option(metavar="FRACTION", help="Discard-rack tolerance as a fraction (default 0.03 = ±3 %)."),
    ] = None,
    card_thickness: Annotated[
        float | None, typer.Option(metavar="MM", help="Card thickness in mm; overrides the filing's.")
    ] = None,
    waivers: WaiversOption = None,
    config: ConfigOption = None,
    review_date: ReviewDateOption = None,
) -> None:
    """Check filings (files or folders) against their chapters. Exit 0 compliant, 1 errors found, 2 input
    unreadable; for several filings, the worst of them; 3 a defect in pacomply (never a verdict)."""
    if jobs > 1 and (len(filings) > 1 or any(path.is_dir() for path in filings)):
        from pacomply.review_workers import start_early

        start_early(jobs)  # the workers import the review while this process does
    from pacomply import batch_console
    from pacomply.reports.interface import render_many, renderer
    from pacomply.review_options import report_formats
    from pacomply.review_service import (
        BatchOutcome,
        ReportsNotWritten,
        ReportWriter,
        collect,
        exit_code,
        review_paths_under_policy,
    )
    from pacomply.submissions.files import OutputRefused, check_output_path

    policy = load_policy(config, waivers, review_date, rack_tolerance, card_thickness)
    output_format = output_format or policy.config.report_format or "text"
    formats = report_formats(output_format)
    if output_dir is not None:
        batch_console.refuse_input_folder_as_output(output_dir, filings)
    collection = collect(filings)
    paths = list(collection.filings)
    for entry in collection.skipped:
        note(f"skipped {shown_path(entry.path)}: {entry.reason}")
    unlisted = [BatchOutcome(entry.path, None, (f"{entry.path}: {entry.reason}",)) for entry in collection.unlisted]
    batch_console.warn_configurations_not_applied(paths, policy.config.source)
    if not paths and not unlisted:
        fail("no filings (.xlsx, .pdf, .json) found in " + ", ".join(f"'{path}'" for path in filings))
    batch = len(paths) + len(unlisted) > 1 or any(path.is_dir() for path in filings)
    if batch and (pdf is not None or xlsx is not None):
        fail("--pdf and --xlsx name one file; for several filings use --output-dir DIR --format pdf,xlsx")
    if output_dir is None and (len(formats) > 1 or (formats[0].binary and output is None)):
        fail(
            f"--format {output_format} needs --output-dir DIR (or -o FILE for one pdf/xlsx); "
            "with one filing, --pdf and --xlsx add those reports to any format"
        )
    if par_sheets and (output_dir is not None or formats[0].value != "text"):
        fail(
            "--par-sheets adds the par sheets to the text review on standard output or --output; the other formats "
            "always carry them"
        )
    if output is not None and output_dir is not None:
        fail("give either --output (one document) or --output-dir (one report per filing), not both")
    inputs = [*paths, *policy_inputs(policy, waivers)]
    batch_console.refuse_colliding_outputs({"--output": output, "--pdf": pdf, "--xlsx": xlsx})
    for planned in (output, pdf, xlsx):
        if planned is not None:  # refuse before any report is written, not after the first one
            try:
                check_output_path(planned, inputs)
            except OutputRefused as error:
                fail(str(error))
    writer = None
    if output_dir is not None:
        # Every report is named and refused over an input before the first filing is read; each filing's reports
        # are then rendered right after its review, by the process that made it, and staged, so the batch holds
        # one review at a time; they are put in place together once every filing is in.
        batch_console.warn_unfinished_replacement(output_dir)
        try:
            writer = ReportWriter(
                output_dir,
                formats,
                [*(outcome.path for outcome in unlisted), *paths],
                inputs,
                keep_reviews=pdf is not None or xlsx is not None,  # one filing's extra reports, rendered after
            )
        except OutputRefused as error:
            fail(str(error))
        except OSError as error:
            fail(f"could not write into '{output_dir}': {error.strerror or error}")
    import contextlib

    try:
        with writer or contextlib.nullcontext():
            reviewed = batch_console.review_with_progress(paths, policy, jobs, writer) if batch else (
                review_paths_under_policy(paths[:1], policy, writer=writer))  # fmt: skip
            written = writer.finish() if writer is not None else []
    except ReportsNotWritten as error:
        fail(f"could not write into '{output_dir}': {error.strerror or error}")
    outcomes = unlisted + reviewed
    for outcome in outcomes:
        if not outcome.readable:
            batch_console.print_outcome_problems(outcome)
    reviews = [outcome.review for outcome in outcomes if outcome.review is not None]
    if output_dir is not None:
        from pacomply.reports import wording

        note(f"wrote {wording.counted(len(written), 'report')} into {output_dir}")
    elif reviews:  # several filings in text: each one's findings, then the summary table below
        if par_sheets:
            from pacomply.reports.text import TextRenderer

            text = TextRenderer(par_sheets=True)
            content = text.render_many(reviews) if batch else text.render(reviews[0])
        else:
            content = render_many(formats[0], reviews) if batch else renderer(formats[0]).render(reviews[0])
        write_output(content, output, inputs)
    for extra_path, extra_format in ((pdf, "pdf"), (xlsx, "xlsx")):
        if extra_path is not None and reviews:
            write_output(renderer(report_formats(extra_format)[0]).render(reviews[0]), extra_path, inputs)
            note(f"wrote {extra_path}")
    if batch:
        # The table goes to stdout when it is the text report, else to stderr beside the machine-readable output.
        batch_console.summary_table(outcomes, to_stderr=output_dir is None and formats[0].value != "text")
    raise typer.Exit(exit_code(outcomes))


@commands.command
def rules(
    chapter: Annotated[
        choices.Chapter | None,
        typer.Argument(metavar="CHAPTER", case_sensitive=False, help="A chapter id; all rules when omitted."),
    ] = None,
    coverage: Annotated[
        choices.Chapter | None,
        typer.Option(
            "--coverage",
            case_sensitive=False,
            help="Print a chapter's coverage matrix instead: each subsection, the rules that check it or why none can.",
        ),
    ] = None,
    coverage_format: Annotated[
        TextOrJson | None,
        typer.Option(
            "--coverage-format",
            case_sensitive=False,
            help="The coverage matrix's format (text or json); needs --coverage.",
        ),
    ] = None,
    output_format: Annotated[
        TextOrJson, typer.Option("--format", "-f", case_sensitive=False, help="The rule list's format.")
    ] = TextOrJson.TEXT,
) -> None:
    """List every rule: id, severity, citation, summary."""
    import json

    from pacomply.checker.registry import all_rules, chapter_rules, filing_rules

    if coverage_format is not None and coverage is None:
        fail("--coverage-format formats the coverage matrix: give it with --coverage CHAPTER")
    if coverage is not None:
        _print_coverage(coverage.value, coverage_format or TextOrJson.TEXT)
        return
    chosen = all_rules() if chapter is None else filing_rules() + chapter_rules(chapter.value)
    if output_format == TextOrJson.JSON:
        document = [
            {
                "id": rule.code,
                "name": rule.name,
                "severity": rule.severity.value,
                "citation": str(rule.citation),
                "summary": rule.summary,
            }
            for rule in chosen
        ]
        typer.echo(json.dumps(document, indent=2, ensure_ascii=False))
        return
    for rule in chosen:
        typer.echo(f"{rule.code:<9} {rule.severity.value:<8} {rule.citation.short:<14} {rule.summary}")


def _print_coverage(chapter: str, output_format: TextOrJson) -> None:
    from pacomply import regulations
    from pacomply.checker.conformance import mutated_citations
    from pacomply.checker.registry import chapter_rules
    from pacomply.regulations.coverage import coverage_matrix
    from pacomply.reports import coverage as coverage_report

    try:
        matrix = coverage_matrix(chapter)
    except KeyError as error:
        fail(str(error.args[0]))
    title = regulations.rulebook(chapter).title
    mutated = mutated_citations(chapter)
    if output_format == TextOrJson.JSON:
        content = coverage_report.render_json(matrix, title, chapter_rules(chapter), mutated)
    else:
        content = coverage_report.render_text(matrix, title, mutated)
    write_output(content, None, [])


@commands.command
def explain(
    rule_id: Annotated[str, typer.Argument(metavar="RULE", help="A rule id such as 686A-004, or its name.")],
) -> None:
    """What a rule checks, why, a failing example, the fix, and the regulation it enforces."""
    from pacomply.checker.registry import find_rule

    try:
        rule = find_rule(rule_id)
    except KeyError as error:
        fail(str(error.args[0]))
    typer.echo(f"{rule.code} {rule.name} ({rule.severity.value}) — {rule.citation}")
    typer.echo(rule.summary)
    typer.echo("")
    typer.echo(rule.doc.rstrip())


commands.command_in("edge", "pacomply.edge_command")  # listed in help where registered: after explain
commands.command_in("simulate", "pacomply.simulate_command")


@commands.command
def replay(
    round_file: Annotated[Path, typer.Argument(metavar="ROUND", help="A recorded round as JSON.")],
    output_format: Annotated[
        TextOrJson, typer.Option("--format", "-f", case_sensitive=False, help=choices.TEXT_OR_JSON_HELP)
    ] = TextOrJson.TEXT,
) -> None:
    """Settle one recorded round; each wager says which subsection decided it."""
    import json

    from pacomply.engine.replay import replay_round
    from pacomply.engine.settlement import ReplayError

    if not round_file.is_file():
        fail(f"'{round_file}' does not exist")
    try:
        data = json.loads(round_file.read_text(encoding="utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        fail(f"{round_file}: not valid JSON ({error})")
    except (ValueError, RecursionError) as error:  # an integer of thousands of digits, nesting thousands deep
        fail(f"{round_file}: not a readable round ({type(error).__name__}: {str(error)[:120]})")
    try:
        result = replay_round(data)
    except ReplayError as error:
        typer.echo(f"{shown_path(round_file)}: the round cannot be replayed:", err=True)
        for problem in error.problems:
            typer.echo(f"  {problem}", err=True)
        raise typer.Exit(EXIT_INPUT) from None
    if output_format == TextOrJson.JSON:
        from pacomply.reports.replay_json import replay_json

        typer.echo(replay_json(result), nl=False)
    else:
        from pacomply.reports.replay_text import replay_text

        typer.echo(replay_text(result), nl=False)


@commands.command
def schema() -> None:
    """Print the JSON Schema of a JSON filing."""
    import json

    from pacomply.submissions.model import Filing

    typer.echo(json.dumps(Filing.model_json_schema(), indent=2, sort_keys=True))


@commands.command
def diff(
    old: Annotated[Path, typer.Argument(metavar="OLD", help="The earlier filing (.xlsx, .json or .pdf).")],
    new: Annotated[Path, typer.Argument(metavar="NEW", help="The later filing.")],
    output_format: Annotated[
        TextOrJson, typer.Option("--format", "-f", case_sensitive=False, help=choices.TEXT_OR_JSON_HELP)
    ] = TextOrJson.TEXT,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", metavar="FILE", help="File to write (stdout when omitted).")
    ] = None,
    waivers: WaiversOption = None,
    config: ConfigOption = None,
    review_date: ReviewDateOption = None,
) -> None:
    """What changed between two filings: answers, tables, and the findings added and resolved. Both are reviewed as
    validate reviews them (configuration, waivers, review date); exit 1 when an error was added, 0 otherwise."""
    import json

    from pacomply.checker.diff import FindingSummary, diff_filings, diff_text
    from pacomply.checker.registry import Severity
    from pacomply.review_service import review_under_policy

    policy = load_policy(config, waivers, review_date)
    old_filing, new_filing = read_filing(old), read_filing(new)
    old_review, new_review = review_under_policy(old_filing, policy), review_under_policy(new_filing, policy)
    result = diff_filings(
        old_filing,
        new_filing,
        [FindingSummary.from_finding(finding) for finding in old_review.findings if not finding.waived],
        [FindingSummary.from_finding(finding) for finding in new_review.findings if not finding.waived],
    )
    if output_format == TextOrJson.JSON:
        content = (json.dumps(result.to_json(), indent=2, ensure_ascii=False) + "\n").encode("utf-8")
    else:
        content = diff_text(result).encode("utf-8")
    write_output(content, output, [old, new, *policy_inputs(policy, waivers)])
    raise typer.Exit(1 if any(item.severity == Severity.ERROR.value for item in result.findings_added) else 0)


@commands.command
def serve(
    host: Annotated[str, typer.Option(metavar="ADDRESS", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=0, max=65535, metavar="PORT", help="Port (0 picks a free one).")] = 8000,
    database: DatabaseOption = None,
    allow_remote: Annotated[
        bool, typer.Option("--allow-remote", help="Allow a host other than this machine's loopback address.")
    ] = False,
    jobs: Annotated[int | None, choices.jobs_option("2")] = None,
    workers: Annotated[int | None, typer.Option("--workers", min=1, hidden=True, help="The former --jobs.")] = None,
    secure_cookies: Annotated[
        bool, typer.Option("--secure-cookies", help="Send cookies over HTTPS only (behind a TLS proxy).")
    ] = False,
    trusted_proxies: Annotated[
        int | None,
        typer.Option(
            "--trusted-proxies", min=0, max=16, metavar="N", envvar="PACOMPLY_TRUSTED_PROXIES",
            help="Reverse proxies in front that append X-Forwarded-For (0: the connection's address is the client's).",
        ),
    ] = None,
) -> None:
    """Run the review workspace in the browser (the store is upgraded to the newest schema first)."""
    from pacomply.workspace.serve import RemoteRefused, check_host
    from pacomply.workspace.serve import serve as run_server

    if jobs is not None and workers is not None and jobs != workers:
        fail(f"--jobs {jobs} and --workers {workers} disagree; give --jobs only")
    try:
        check_host(host, allow_remote)
    except RemoteRefused as error:
        fail(str(error))
    run_server(
        host,
        port,
        database,
        allow_remote=allow_remote,
        workers=jobs or workers or 2,
        secure_cookies=secure_cookies,
        trusted_proxies=trusted_proxies,
        on_ready=lambda url: typer.echo(f"pacomply workspace on {url} (Ctrl-C stops)", err=True),
    )


@commands.command
def published(
    chapter: Annotated[
        choices.Chapter | None,
        typer.Argument(metavar="CHAPTER", case_sensitive=False, help="A chapter id; every chapter when omitted."),
    ] = None,
    output_format: Annotated[
        TextOrJson, typer.Option("--format", "-f", case_sensitive=False, help=choices.TEXT_OR_JSON_HELP)
    ] = TextOrJson.TEXT,
    jobs: Annotated[int, choices.jobs_option("1", "Used only for figures the figure store lacks.")] = 1,
) -> None:
    """Every figure the Board published for these chapters beside pacomply's, with a verdict per figure."""
    from pacomply.checker.reconciliation import reconcile
    from pacomply.reports.published_text import published_text
    from pacomply.reports.reconciliation import published_json_text

    items = reconcile([chapter.value] if chapter is not None else None, jobs=jobs)
    rendered = published_json_text(items) if output_format == TextOrJson.JSON else published_text(items)
    sys.stdout.write(rendered)
    sys.stdout.flush()


@commands.command
def parsheet(
    chapter: Annotated[choices.Chapter, typer.Argument(metavar="CHAPTER", case_sensitive=False, help="A chapter id.")],
    wager: Annotated[str, typer.Option("--wager", "-w", metavar="WAGER", help="The wager id (docs/math.md).")],
    paytable: Annotated[
        str | None, typer.Option("--paytable", "-p", metavar="PAYTABLE", help="The paytable id.")
    ] = None,
    decks: Annotated[int | None, typer.Option("--decks", "-d", metavar="N", help="The deck count.")] = None,
    output_format: Annotated[
        ParSheetFormat, typer.Option("--format", "-f", case_sensitive=False, help=choices.PAR_SHEET_FORMAT_HELP)
    ] = ParSheetFormat.TEXT,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", metavar="FILE", help="Write here (required for pdf and xlsx).")
    ] = None,
) -> None:
    """A par sheet of one wager: every paytable line's combinations, probability, pays and contribution, and the
    house edge, element of risk, hit frequency and standard deviation on their stated bases."""
    from pacomply.checker.parsheet import ParSheetUnavailable, par_sheet

    if output_format in {ParSheetFormat.PDF, ParSheetFormat.XLSX} and output is None:
        fail(f"--format {output_format.value} writes a file: give it with --output FILE")
    try:
        sheet = par_sheet(chapter.value, wager, paytable, decks)
    except ParSheetUnavailable as error:
        from pacomply.reports.wording import plain

        fail(plain(str(error)))
    if output_format == ParSheetFormat.JSON:
        from pacomply.reports.parsheet_json import par_sheet_json_text

        content = par_sheet_json_text(sheet).encode()
    elif output_format == ParSheetFormat.PDF:
        from pacomply.reports.parsheet_pdf import render_par_sheet_pdf

        content = render_par_sheet_pdf(sheet)
    elif output_format == ParSheetFormat.XLSX:
        from pacomply.reports.parsheet_xlsx import render_par_sheet_xlsx

        content = render_par_sheet_xlsx(sheet)
    else:
        from pacomply.reports.parsheet_text import par_sheet_text

        content = par_sheet_text(sheet).encode()
    write_output(content, output, [])


commands.group_in("store", "pacomply.store_commands", "store_app")
commands.group_in("regulations", "pacomply.regulations_commands", "regulations_app")
commands.group_in("figures", "pacomply.figures_commands", "figures_app")


def run_app(arguments: list[str] | None = None) -> int:
    """Run the command line and return its exit code (:func:`pacomply.guarded_run.run_app`: a defect exits 3)."""
    return _run_app(app, arguments)


def main() -> None:
    """Console-script entry point: caches and numba threads settled first (numba reads them at import), then the
    command (an unexpected error exits 3, never 1: :func:`run_app`); the first run that compiles says so instead of
    sitting silent for half a minute."""
    from pacomply import runtime
    from pacomply.notices import install_figure_notice, watch_first_compile

    settings = runtime.configure()
    Verbosity.runtime = settings
    watch_first_compile(settings)  # asks whether the caches are built only once numba is imported
    install_figure_notice()
    code = run_app()
    if code in (0, 1) and "numba" in sys.modules and not runtime.caches_ready(settings):
        runtime.mark_caches_ready(settings)
    # Every object this run made is about to go with the process: frozen, the interpreter's last garbage collections
    # pass over them instead of scanning tens of thousands (a fifth of a review's time). Exit handlers still run.
    import gc

    gc.freeze()
    raise SystemExit(code)
