"""Running the command line so that its exit code can be trusted: an unexpected exception (a defect in pacomply)
exits 3 with its traceback written to a log file in this user's cache folder, never 1 ("errors found"); standard
output that cannot be written exits 2 (with the reason, unless its reader closed the pipe); Ctrl-C exits 130."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from pacomply.terminal import EXIT_INPUT, EXIT_INTERNAL


def log_internal_error(error: BaseException) -> Path | None:
    """Write the traceback of an unexpected error to a new log file of this user's (``runtime.log_folder``, readable
    by this user only: the arguments may name confidential filings); its path, or None."""
    import os
    import time
    import traceback

    from pacomply import runtime

    try:
        folder = runtime.log_folder()
        log = folder / f"pacomply-{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}.log"
        descriptor = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with open(descriptor, "w", encoding="utf-8", errors="backslashreplace") as stream:
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

    @property
    def closed_by_reader(self) -> bool:
        """The reader stopped reading (``| head``): ended quietly, as git and grep do; the exit code still says the
        report did not all arrive."""
        import errno

        return self.error.errno == errno.EPIPE or isinstance(self.error, BrokenPipeError)

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


def run_app(app: Any, arguments: list[str] | None = None) -> int:
    """Run the command line and return its exit code; an unexpected exception exits 3 with its traceback logged.

    An uncaught exception would otherwise exit 1, the code for "errors found", and a batch or CI could not tell
    a defect in pacomply from a finding about the filing. Standard output that cannot be written (a full disk, a
    pipe closed early as by ``| head -c1``) exits 2 with the reason: the report did not reach its reader, so no
    verdict may be read from the exit code. A closed pipe says nothing on stderr: the reader chose to stop (``|
    head -1``), as git and grep end quietly.
    """
    original = sys.stdout
    sys.stdout = _GuardedOutput(original)
    try:
        code = _run_guarded(app, arguments)
        sys.stdout.flush()  # what is still buffered must reach its reader before the exit code says anything
        return code
    except OutputFailed as failure:
        _silence_stdout()
        if not failure.closed_by_reader:
            sys.stderr.write(f"pacomply: could not write to standard output: {failure.reason()}\n")
        return EXIT_INPUT
    finally:
        sys.stdout = original


def _run_guarded(app: Any, arguments: list[str] | None) -> int:
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
        log = log_internal_error(error)
        where = f"; the traceback is in {log}" if log is not None else "; the traceback could not be written"
        sys.stderr.write(
            f"pacomply: internal error ({type(error).__name__}), a defect in pacomply, not a finding about the "
            f"filing; please report it{where}\n"
        )
        return EXIT_INTERNAL
    return 0
