"""The README's examples are what the commands do: every command line it shows is accepted by the command line as
it is now (options, choices), and the output it shows under a command is that command's output, line for line
('...' stands for lines left out; a line ending in '...' for the rest of that line)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from pacomply.cli import app
from pacomply.terminal import Verbosity

REPOSITORY = Path(__file__).resolve().parents[2]
README = REPOSITORY / "README.md"
# Commands whose shown output is checked by running them here: quick, deterministic, writing no file. An entry
# ending in a space is a prefix; the others are whole commands. (The JSON shown for edge is abridged, on purpose.)
RUN = (
    "edge 686a",
    "replay ",
    "template --list ",
    "rules 686a",
    "explain ",
    "regulations",
    "rules --coverage ",
    "validate examples/686a-violations.xlsx",
    "published 687a",
    "parsheet ",
)


def _run_here(command: str) -> bool:
    words = " ".join(_arguments(command))
    return any(words.startswith(entry) if entry.endswith(" ") else words == entry for entry in RUN)


def _code_blocks() -> list[list[str]]:
    blocks, current, inside = [], [], False
    for line in README.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            if inside:
                blocks.append(current)
            current, inside = [], not inside
        elif inside:
            current.append(line)
    return blocks


def _examples() -> list[tuple[str, list[str]]]:
    """(command line, the output lines shown under it) for every `$ pacomply` and plain `pacomply` line."""
    examples: list[tuple[str, list[str]]] = []
    for block in _code_blocks():
        transcript = block[0].startswith("$ ")  # commands after '$ ', the rest their output
        for line in block:
            if line.startswith("$ pacomply ") or (not transcript and line.startswith("pacomply ")):
                for command in line.removeprefix("$ ").split("#", 1)[0].split(" ; "):
                    examples.append((command.strip(), []))
            elif examples and transcript and line.strip():
                examples[-1][1].append(line)
    return examples


def _arguments(command: str) -> list[str]:
    """The words after 'pacomply', an optional part in brackets ('[-f json]') left out."""
    return shlex.split(re.sub(r"\s\[[^\]]*\]", "", command))[1:]


@pytest.fixture(autouse=True)
def normal_verbosity() -> None:
    Verbosity.level = 1


def test_the_readme_shows_examples() -> None:
    commands = [command for command, _ in _examples()]
    assert len(commands) > 20 and any("--jobs" in command for command in commands)


def _parse(command: typer.core.TyperCommand | typer.core.TyperGroup, name: str, arguments: list[str],
           parent: object = None) -> None:  # fmt: skip
    """Parse ``arguments`` as the command line would, down to the command they name, running nothing."""
    context = command.make_context(name, list(arguments), parent=parent)  # type: ignore[arg-type]
    if isinstance(command, typer.core.TyperGroup):
        # click keeps a group's sub-command words in the context (the command's name first) for the sub-command
        remaining = [*getattr(context, "_protected_args", []), *context.args]
        if remaining:
            sub_name, sub_command, rest = command.resolve_command(context, remaining)
            assert sub_command is not None and sub_name is not None
            _parse(sub_command, sub_name, rest, context)


@pytest.mark.parametrize("command", sorted({command for command, _ in _examples()}))
def test_every_readme_command_line_is_accepted(command: str) -> None:
    """Parsed as the command line parses it (without running it): every option exists, every choice is allowed."""
    _parse(typer.main.get_command(app), "pacomply", _arguments(command))  # type: ignore[arg-type]


def _matches(shown: list[str], actual: list[str]) -> bool:
    """Every shown line, in order, is a line of the output ('...' skips lines; 'text ...' matches a line's start)."""
    position = 0
    for line in shown:
        if line.strip() == "...":
            continue
        prefix = line.rstrip().removesuffix("...").rstrip() if line.rstrip().endswith("...") else None
        while position < len(actual) and not (
            actual[position].startswith(prefix) if prefix is not None else actual[position] == line
        ):
            position += 1
        if position == len(actual):
            return False
        position += 1
    return True


@pytest.mark.parametrize(
    ("command", "shown"),
    [(command, shown) for command, shown in _examples() if shown and _run_here(command)],
    ids=lambda item: item if isinstance(item, str) else "",
)
def test_readme_output_is_the_commands_output(command: str, shown: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPOSITORY)
    result = CliRunner().invoke(app, _arguments(command), env={"COLUMNS": "200"})
    actual = (result.stdout + result.stderr).splitlines()
    assert _matches(shown, actual), "\n".join(["shown:", *shown, "actual:", *actual[:40]])
