"""The README examples whose output ``test_readme_examples`` leaves unchecked because they write a file or deal
rounds: ``template ... -o filing.xlsx`` (run in a temporary folder) and the seeded ``simulate`` (its figures are
the seed's, so the output shown is the output). What the README shows under each is the command's output, line for
line."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pacomply.cli import app
from tests.cli.test_readme_examples import REPOSITORY, _arguments, _examples, _matches, _run_here

#: The shown examples run here (each is shown with output in the README, and test_readme_examples does not run it).
RUN_HERE = ("pacomply template 686a 687a -o filing.xlsx", "pacomply simulate 686a --rounds 200000 --seed 2026 --jobs 2")


def test_every_readme_example_with_output_is_run_by_a_test_or_said_why_not() -> None:
    """An example with output shown is compared by test_readme_examples or here; the two left are the abridged
    JSON of ``edge`` and ``regulations verify`` of an official PDF the repository does not hold."""
    unchecked = {command for command, shown in _examples() if shown and not _run_here(command)} - set(RUN_HERE)
    assert unchecked == {
        "pacomply edge 686a --wager bonus --format json",
        "pacomply regulations verify 687a chapter687a.pdf",
    }


@pytest.mark.parametrize("command", RUN_HERE)
def test_readme_output_of_a_command_that_writes_or_deals_is_its_output(
    command: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (shown,) = [shown for example, shown in _examples() if example == command]
    assert shown
    shutil.copytree(REPOSITORY / "examples", tmp_path / "examples")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, [*_arguments(command), "--no-progress"] if "simulate" in command else
                                _arguments(command), env={"COLUMNS": "200"})  # fmt: skip
    actual = (result.stdout + result.stderr).splitlines()
    assert result.exit_code == 0, actual
    assert _matches(shown, actual), "\n".join(["shown:", *shown, "actual:", *actual[:40]])
