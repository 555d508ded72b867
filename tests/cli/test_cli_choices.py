"""The command line's closed choices, help and parallelism option: every choice is listed in --help and offered by
shell completion, the chapters come from the registered rulebooks, help text keeps its brackets, the usage line
names the arguments, parallelism is --jobs/-j everywhere, and cli.py stays a thin front end."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from pacomply.cli import app
from pacomply.terminal import Verbosity

REPOSITORY = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def normal_verbosity() -> None:
    Verbosity.level = 1


def run(*arguments: str, env: dict[str, str] | None = None):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(app, list(arguments), env={"COLUMNS": "200", **(env or {})}, prog_name="pacomply")


def _flat_help(*command: str) -> str:
    """A command's help with the box drawing and line breaks removed, so a wrapped choice list reads whole."""
    text = run(*command, "-h").stdout
    return re.sub(r"\s+", " ", re.sub(r"[│╭╮╰╯─]+", " ", text))


def _chapters() -> tuple[str, ...]:
    from pacomply.regulations import known_chapters

    return known_chapters()


CHOICES = [
    (("edge",), "--format", ("text", "json")),
    (("edge",), "--strategy", ("optimal", "basic")),
    (("simulate",), "--shuffler", ("none", "automated", "continuous")),
    (("simulate",), "--format", ("text", "json")),
    (("replay",), "--format", ("text", "json")),
    (("diff",), "--format", ("text", "json")),
    (("published",), "--format", ("text", "json")),
    (("rules",), "--format", ("text", "json")),
    (("rules",), "--coverage-format", ("text", "json")),
    (("rules",), "--coverage", None),
    (("parsheet",), "--format", ("text", "json", "pdf", "xlsx")),
    (("figures", "build"), "--into", ("shipped", "cache")),
    (("figures", "list"), "--format", ("text", "json")),
    (("regulations", "verify"), "--format", ("text", "json")),
    (("store", "list"), "--format", ("text", "json")),
    (("store", "list"), "--chapter", None),
    (("store", "list"), "--status", ("received", "in review", "changes requested", "approved", "approved in part")),
    (("store", "user", "add"), "--role", ("reviewer", "supervisor", "licensee", "admin")),
]


@pytest.mark.parametrize(("command", "option", "values"), CHOICES, ids=lambda item: str(item))
def test_help_lists_every_value_of_a_choice(
    command: tuple[str, ...], option: str, values: tuple[str, ...] | None
) -> None:
    """None stands for the chapters, read from the registered rulebooks."""
    expected = values if values is not None else _chapters()
    assert f"{option} " in _flat_help(*command)
    assert re.search(rf"{option}( -\w)? {re.escape('|'.join(expected))} ", _flat_help(*command)), _flat_help(*command)


@pytest.mark.parametrize("command", [("edge",), ("simulate",), ("rules",), ("template",), ("parsheet",),
                                     ("published",), ("figures", "list"), ("regulations", "verify")])  # fmt: skip
def test_chapter_arguments_list_the_registered_chapters(command: tuple[str, ...]) -> None:
    assert re.search(rf"CHAPTER(\.\.\.)? {re.escape('|'.join(_chapters()))} ", _flat_help(*command))


def test_a_command_is_made_once_for_the_chapters_registered_and_anew_when_one_is_registered() -> None:
    """The command line keeps each command it made for the chapters registered then (tests run it in-process
    thousands of times); registering a chapter makes the next lookup a new command offering it, and unregistering
    it gives back a command without it."""
    from pacomply.regulations import chapters

    from pacomply.cli import commands
    from pacomply.command_group import _choices_metavar
    from tests.structure.sample_chapter import DESCRIPTOR

    def edge_chapters(command: Any) -> list[str]:
        argument = next(parameter for parameter in command.params if parameter.name == "chapter")
        return (_choices_metavar(argument) or "").split("|")

    before = commands.made("edge")
    assert commands.made("edge") is before
    assert DESCRIPTOR.id not in edge_chapters(before)
    with chapters.registered(DESCRIPTOR):
        during = commands.made("edge")
        assert during is not before and edge_chapters(during) == [*edge_chapters(before), DESCRIPTOR.id]
        assert re.search(rf"CHAPTER {re.escape('|'.join(_chapters()))} ", _flat_help("edge")), _flat_help("edge")
        assert DESCRIPTOR.id in _chapters()
    assert edge_chapters(commands.made("edge")) == edge_chapters(before)
    assert DESCRIPTOR.id not in _flat_help("edge")


def test_a_value_outside_a_choice_exits_2_naming_the_values() -> None:
    result = run("edge", "686a", "--format", "xml")
    assert result.exit_code == 2
    assert "'xml' is not one of 'text', 'json'" in re.sub(r"[│\s]+", " ", result.stderr)


def _complete(words: str) -> list[str]:
    count = len(words.split()) - (0 if words.endswith(" ") else 1)
    result = run(env={"_PACOMPLY_COMPLETE": "complete_bash", "COMP_WORDS": words, "COMP_CWORD": str(count)})
    assert result.exit_code == 0, result.output
    return result.stdout.split()


def test_shell_completion_offers_choices_chapters_and_report_formats() -> None:
    assert {"text", "json"} <= set(_complete("pacomply edge 686a --format "))
    assert {"shipped", "cache"} == set(_complete("pacomply figures build --into "))
    assert set(_complete("pacomply rules 68")) == {chapter for chapter in _chapters() if chapter.startswith("68")}
    assert _complete("pacomply validate x.json --format json,s") == ["json,sarif"]


def test_chapters_are_asked_for_in_one_helper_of_the_command_line() -> None:
    """The command line learns which chapters exist in ``choices.chapter_ids`` only (one place to re-point)."""
    from pacomply.choices import Chapter, chapter_ids

    assert tuple(member.value for member in Chapter) == chapter_ids() == _chapters()
    front_end = [path for path in (REPOSITORY / "pacomply").glob("*.py")]
    callers = [path.name for path in front_end for line in path.read_text(encoding="utf-8").splitlines()
               if "known_chapters(" in line and not line.lstrip().startswith("#")]  # fmt: skip
    assert callers == ["choices.py"], callers


def test_workspace_choices_match_the_workspaces_own() -> None:
    models = pytest.importorskip("pacomply.workspace.models", reason="the workspace extra is not installed")
    from pacomply.reports.interface import ReportFormat

    from pacomply.choices import REPORT_FORMATS, AccountRole, FilingStatus

    assert [role.value for role in AccountRole] == [role.value for role in models.Role]
    assert [status.value for status in FilingStatus] == [status.value for status in models.Status]
    assert tuple(item.value for item in ReportFormat) == REPORT_FORMATS


def test_help_keeps_square_brackets_as_text() -> None:
    """'[tool.pacomply]' is part of the help, not rich markup to be swallowed."""
    assert "pyproject.toml with [tool.pacomply]" in _flat_help("validate")
    assert "pyproject.toml with [tool.pacomply]" in _flat_help("diff")


@pytest.mark.parametrize(
    ("command", "usage"),
    [
        (("validate",), "pacomply validate [OPTIONS] FILING..."),
        (("template",), "pacomply template [OPTIONS] CHAPTER..."),
        (("edge",), "pacomply edge [OPTIONS] [CHAPTER]"),
        (("diff",), "pacomply diff [OPTIONS] OLD NEW"),
        (("store", "add"), "pacomply store add [OPTIONS] FILING..."),
        (("store", "user", "role"), "pacomply store user role [OPTIONS] USERNAME ROLE"),
    ],
)
def test_usage_names_the_arguments_by_their_metavars(command: tuple[str, ...], usage: str) -> None:
    assert f"Usage: {usage}" in run(*command, "-h").stdout


def _commands() -> list[typer.core.TyperCommand]:
    found = []

    def walk(group: object) -> None:
        context = typer.Context(group)  # type: ignore[arg-type]
        for name in group.list_commands(context):  # type: ignore[attr-defined]
            command = group.get_command(context, name)  # type: ignore[attr-defined]
            found.append(command)
            if hasattr(command, "list_commands"):
                walk(command)

    walk(typer.main.get_command(app))
    return found


def test_parallelism_is_spelled_jobs_everywhere() -> None:
    """Every command that runs work side by side takes --jobs/-j; an older spelling is kept hidden, never shown."""
    with_jobs = []
    for command in _commands():
        for parameter in command.params:
            names = set(getattr(parameter, "opts", ()))
            if names & {"--jobs", "-j"}:
                assert names == {"--jobs", "-j"}, (command.name, names)
                with_jobs.append(command.name)
            if names & {"--workers", "--processes", "--threads"}:
                assert parameter.hidden, (command.name, names)
    assert {"validate", "simulate", "published", "serve"} <= set(with_jobs)


def test_simulate_takes_jobs_and_its_former_workers_alike() -> None:
    arguments = ("simulate", "686a", "--rounds", "1000", "--chunk-rounds", "500", "--seed", "3", "--no-progress")
    with_jobs = run(*arguments, "-j", "1", "-f", "json")
    with_workers = run(*arguments, "--workers", "1", "-f", "json")
    assert with_jobs.exit_code == with_workers.exit_code == 0, with_jobs.output
    assert with_jobs.stdout == with_workers.stdout
    disagree = run(*arguments, "--jobs", "1", "--workers", "2")
    assert disagree.exit_code == 2 and "give --jobs only" in disagree.stderr


def test_cli_module_stays_a_thin_front_end() -> None:
    """Under 600 lines: formatting lives in reports/, reviewing in the review service, the rest in named modules."""
    lines = (REPOSITORY / "pacomply" / "cli.py").read_text(encoding="utf-8").count("\n")
    assert lines < 600, f"pacomply/cli.py has {lines} lines"


def test_no_typer_class_is_swapped() -> None:
    """typer's public API only: no command-line module reassigns an object's class, but for the one place typer
    leaves no other way: ``command_group`` makes each argument a ``NamedArgument`` (a subclass adding no state) so
    its help row prints the metavar, not typer's '<list[Path]>' whatever the metavar says."""
    for path in (REPOSITORY / "pacomply").glob("*.py"):
        swaps = re.findall(r"\.__class__ = (\w+)", path.read_text(encoding="utf-8"))
        assert swaps == (["NamedArgument"] if path.name == "command_group.py" else []), path.name


def test_a_chapter_registered_after_import_is_a_choice_of_every_command(monkeypatch: pytest.MonkeyPatch) -> None:
    """The chapter choice is read when the command line is built (each run), not when it was imported: a chapter
    registered later (a test's) is listed, completed and accepted."""
    import pacomply.choices

    registered = (*_chapters(), "699z")
    monkeypatch.setattr(pacomply.choices, "chapter_ids", lambda: registered)
    assert f"CHAPTER {'|'.join(registered)} A chapter id" in _flat_help("rules")
    assert "699z" in _complete("pacomply edge 69")
    accepted = run("rules", "--coverage", "699z")
    assert "is not one of" not in accepted.output  # past the choice: refused later, by the coverage lookup
    assert "is not one of" in run("rules", "--coverage", "698z").output
    monkeypatch.undo()
    assert "699z" not in _flat_help("rules")


def test_help_lists_the_commands_in_their_order() -> None:
    """The order a newcomer reads them in: write a filing, check it, the rules, the math, then the workspace."""
    listing = [line.split()[1] for line in run("-h").stdout.splitlines() if re.match(r"^│ [a-z]+ ", line)]
    assert listing[:12] == ["template", "validate", "rules", "explain", "edge", "simulate", "replay", "schema", "diff",
                            "serve", "published", "parsheet"]  # fmt: skip


def _every_command(group: typer.core.TyperGroup, path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    found = [path]
    context = typer.Context(group)
    for name in group.list_commands(context):
        command = group.get_command(context, name)
        if isinstance(command, typer.core.TyperGroup):
            found += _every_command(command, (*path, name))
        elif command is not None and not command.hidden:
            found.append((*path, name))
    return found


def test_a_flag_names_no_type_in_any_help() -> None:
    """A flag takes no value: its help row has an empty type column, never typer's '<bool>' (-q, -v, -h and every
    command's own flags, on every command and group). Options that take a value keep their metavar."""
    commands = _every_command(typer.main.get_command(app))  # type: ignore[arg-type]
    assert ("validate",) in commands and ("store", "list") in commands
    for command in commands:
        text = run(*command, "-h").stdout
        assert "<bool>" not in text, command
        assert re.search(r"--help\s+-h\s+Show this message", text), command
    validate = run("validate", "-h").stdout
    assert re.search(r"--quiet\s+-q\s+Print results", validate)
    assert re.search(r"--output\s+-o\s+FILE\s+Write the report", validate)
