"""What every command does at the terminal: how loud to be (-q/-v), a note on stderr, a refusal with exit 2, a
report written to stdout or atomically to a file, paths echoed safely, a filing read or its problems listed.

Exit codes: 0 no errors, 1 errors found, 2 the input (or a command's arguments) could not be used, 3 an internal
error (a defect in pacomply), 130 interrupted.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

import typer

if TYPE_CHECKING:
    from pacomply.submissions import Filing

EXIT_INPUT = 2
EXIT_INTERNAL = 3


class Verbosity:
    """-q / -v, given before or after the command: 0 quiet (results and errors only), 1 normal, 2 verbose."""

    level = 1
    runtime: object = None
    """What :func:`pacomply.cli.main` settled (caches, numba threads), said once under -v."""


def describe_runtime() -> None:
    """Under -v, the cache folder and numba's threads, once."""
    settings = Verbosity.runtime
    if settings is not None and Verbosity.level > 1:
        Verbosity.runtime = None  # said once
        threads = getattr(settings, "numba_threads", "?")
        source = "NUMBA_NUM_THREADS" if getattr(settings, "threads_from_user", False) else "the CPUs free now"
        note(
            f"caches: {getattr(settings, 'cache_folder', '?')}; numba threads: {threads} of "
            f"{getattr(settings, 'cpus', '?')} CPUs ({source})",
            verbose_only=True,
        )


def set_quiet(_context: object, _parameter: object, value: bool) -> None:
    """The callback of a command's own -q."""
    if value:
        Verbosity.level = 0


def set_verbose(_context: object, _parameter: object, value: bool) -> None:
    """The callback of a command's own -v."""
    if value:
        Verbosity.level = 2
        describe_runtime()


def note(message: str, *, verbose_only: bool = False) -> None:
    """A line for the person at the terminal (stderr): left out with -q; ``verbose_only`` ones need -v."""
    if Verbosity.level > (1 if verbose_only else 0):
        typer.echo(message, err=True)


def fail(message: str) -> NoReturn:
    """Refuse the command's input or arguments: one line on stderr, exit 2."""
    from pacomply.submissions.errors import printable

    typer.echo(f"pacomply: {printable(message)}", err=True)  # a message may quote a path or an argument
    raise typer.Exit(EXIT_INPUT)


def shown_path(path: object) -> str:
    """A path as it may be echoed to a terminal: undecodable bytes replaced, controls (ESC, BEL, newlines) escaped."""
    from pacomply.submissions.errors import printable

    return printable(str(path).encode("utf-8", "surrogateescape").decode("utf-8", "replace"))


def write_output(content: bytes, output: Path | None, inputs: list[Path], force: bool = True) -> None:
    """A report to stdout, or to ``output`` atomically (never over an input; an existing file only with ``force``)."""
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
        fail(str(error))
    except OSError as error:
        fail(f"could not write '{output}': {error.strerror or error}")


def print_problems(what: str, problems: object) -> None:
    """'WHAT: the filing could not be read (N problem(s)):' and each problem, on stderr."""
    listed = list(problems)  # type: ignore[call-overload]
    typer.echo(f"{what} ({len(listed)} problem(s)):", err=True)
    for problem in listed:
        typer.echo(f"  {problem}", err=True)


def read_filing(path: Path) -> Filing:
    """Read a filing for a command's option; every problem on stderr and exit 2 when it cannot be read."""
    from pacomply.submissions import InputError
    from pacomply.submissions import read_filing as read

    try:
        return read(path)
    except InputError as error:
        print_problems(f"{shown_path(path)}: the filing could not be read", error.problems)
        raise typer.Exit(EXIT_INPUT) from None
    except OSError as error:
        fail(f"could not read '{path}': {error.strerror or error}")
