"""The command line: wires readers, the checker, the engine and the renderers together, and picks exit codes.

Exit codes: 0 no errors, 1 errors found, 2 the input (or a command's arguments) could not be used.
Heavy modules are imported inside the commands so that ``pacomply --help`` starts at once.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, NoReturn

import typer

app = typer.Typer(
    name="pacomply",
    help="Check Pennsylvania table-game Rules Submissions (58 Pa. Code Subpart K) and prove the math of every wager.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

EXIT_INPUT = 2


def _fail(message: str) -> NoReturn:
    typer.echo(f"pacomply: {message}", err=True)
    raise typer.Exit(EXIT_INPUT)


def _write_output(content: bytes, output: Path | None, inputs: list[Path], force: bool = True) -> None:
    if output is None:
        sys.stdout.buffer.write(content)
        sys.stdout.flush()
        return
    from submissions.files import OutputRefused, check_output_path, write_atomically

    try:
        check_output_path(output, inputs, overwrite=force)
        write_atomically(output, content)
    except OutputRefused as error:
        _fail(str(error))
    except OSError as error:
        _fail(f"could not write '{output}': {error.strerror or error}")


def _chapters(chapters: list[str]) -> list[str]:
    import regulations

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
    import regulations

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
    from submissions.template import workbook_bytes

    _write_output(workbook_bytes(chosen), output, [], force=force)
    typer.echo(f"wrote {output} ({', '.join(chosen)})", err=True)


@app.command()
def validate(
    filings: Annotated[list[Path], typer.Argument(help="Filing workbooks (.xlsx), PDF checklists or JSON filings.")],
    output_format: Annotated[
        str | None, typer.Option("--format", "-f", help="text or json (default: the config's, else text).")
    ] = None,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Write the report here instead of stdout.")
    ] = None,
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
) -> None:
    """Check filings against their chapters. Exit 0 compliant, 1 errors found, 2 input unreadable."""
    from datetime import date
    from decimal import Decimal

    from checker.registry import CheckSettings
    from checker.review import review_filing
    from checker.waivers import apply_waivers, read_waivers
    from pacomply.config import apply_severity_overrides, load_config
    from reports.interface import ReportFormat, renderer
    from submissions import InputError, read_filing

    def refuse(what: str, error: InputError) -> NoReturn:
        typer.echo(f"{what} could not be read ({len(error.problems)} problem(s)):", err=True)
        for problem in error.problems:
            typer.echo(f"  {problem}", err=True)
        raise typer.Exit(EXIT_INPUT)

    try:
        settings_file = load_config(config)
    except InputError as error:
        refuse(f"{config or error.problems[0].location.file}: the configuration", error)
    chosen_format = output_format or settings_file.report_format or "text"
    try:
        report_format = ReportFormat(chosen_format.lower())
    except ValueError:
        _fail(f"--format '{chosen_format}' is not one of {', '.join(f.value for f in ReportFormat)}")
    waiver_file = waivers or settings_file.waivers
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
    tolerance = Decimal(str(rack_tolerance)) if rack_tolerance is not None else settings_file.rack_tolerance
    if tolerance is None:
        tolerance = Decimal("0.03")
    exit_code = 0
    rendered: list[bytes] = []
    for path in filings:
        try:
            filing = read_filing(path)
        except InputError as error:
            typer.echo(f"{path}: the filing could not be read ({len(error.problems)} problem(s)):", err=True)
            for problem in error.problems:
                typer.echo(f"  {problem}", err=True)
            exit_code = max(exit_code, EXIT_INPUT)
            continue
        thickness = Decimal(str(card_thickness)) if card_thickness is not None else None
        if thickness is None and "card_thickness_mm" not in filing.metadata.locations:
            thickness = settings_file.card_thickness_mm  # the configured default, where the filing states none
        review = review_filing(filing, CheckSettings(rack_tolerance=tolerance, card_thickness_mm=thickness))
        review = apply_waivers(review, accepted, date.today())
        review = apply_severity_overrides(review, settings_file.severity)
        rendered.append(renderer(report_format).render(review))
        exit_code = max(exit_code, review.exit_code)
    if rendered:
        inputs = [*filings, *(path for path in (waiver_file, settings_file.source) if path is not None)]
        _write_output(b"".join(rendered), output, inputs)
    raise typer.Exit(exit_code)


@app.command()
def rules(chapter: Annotated[str | None, typer.Argument(help="A chapter id; all rules when omitted.")] = None) -> None:
    """List every rule: id, severity, citation, summary."""
    from checker.registry import all_rules, chapter_rules, filing_rules

    chosen = all_rules() if chapter is None else filing_rules() + chapter_rules(_chapters([chapter])[0])
    for rule in chosen:
        typer.echo(f"{rule.code:<9} {rule.severity.value:<8} {rule.citation.short:<14} {rule.summary}")


@app.command()
def explain(rule_id: Annotated[str, typer.Argument(help="A rule id such as 686A-004, or its name.")]) -> None:
    """What a rule checks, why, a failing example, the fix, and the regulation it enforces."""
    from checker.registry import find_rule

    try:
        rule = find_rule(rule_id)
    except KeyError as error:
        _fail(str(error.args[0]))
    typer.echo(f"{rule.code} {rule.name} ({rule.severity.value}) — {rule.citation}")
    typer.echo(rule.summary)
    typer.echo("")
    typer.echo(rule.doc.rstrip())


@app.command()
def edge(
    chapter: Annotated[str, typer.Argument(help="Chapter id, e.g. 686a.")],
    wager: Annotated[str | None, typer.Option(help="Wager id (MATH.md); all wagers when omitted.")] = None,
    paytable: Annotated[str | None, typer.Option(help="Paytable id; every permitted one when omitted.")] = None,
    decks: Annotated[int | None, typer.Option(help="Deck count; every permitted count when omitted.")] = None,
    output_format: Annotated[str, typer.Option("--format", "-f", help="text or json.")] = "text",
) -> None:
    """Exact house edge / return of each wager (MATH.md contract)."""
    from checker.wager_math import AnalysisUnavailable, analyse

    if output_format not in {"text", "json"}:
        _fail(f"--format '{output_format}' is not one of text, json")
    chosen = _chapters([chapter])[0]
    try:
        results = analyse(chosen, wager, paytable, decks)
    except AnalysisUnavailable as error:
        _fail(str(error))
    if output_format == "json":
        typer.echo(json.dumps([result.to_json() for result in results], indent=2, ensure_ascii=False))
        return
    for result in results:
        typer.echo(
            f"{result.chapter} {result.wager:<12} paytable {result.paytable or '-':<10} decks {result.decks}: "
            f"house edge {result.house_edge * 100:.4f}%  element of risk {result.element_of_risk * 100:.4f}%  "
            f"return {result.return_ * 100:.4f}%  hit {100 * (result.hit_frequency or 0):.2f}%  ({result.method}, "
            f"{result.citation})"
        )
        for when, decision in result.strategy:
            typer.echo(f"    {when}: {decision}")
        if result.reading:
            typer.echo(f"    reading {result.reading}")


@app.command()
def replay(
    round_file: Annotated[Path, typer.Argument(help="A recorded round as JSON.")],
    output_format: Annotated[str, typer.Option("--format", "-f", help="text or json.")] = "text",
) -> None:
    """Settle one recorded round; each wager says which subsection decided it."""
    from engine.replay import replay_round
    from engine.settlement import ReplayError

    if not round_file.is_file():
        _fail(f"'{round_file}' does not exist")
    try:
        data = json.loads(round_file.read_text(encoding="utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        _fail(f"{round_file}: not valid JSON ({error})")
    try:
        result = replay_round(data)
    except ReplayError as error:
        typer.echo(f"{round_file}: the round cannot be replayed:", err=True)
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
    from submissions.model import Filing

    typer.echo(json.dumps(Filing.model_json_schema(), indent=2, sort_keys=True))


def main() -> None:
    """Console-script entry point."""
    app()
