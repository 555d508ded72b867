"""What pacomply says while it works out of sight: a figure not yet in the figure store being computed, and numba
compiling its kernels on a first run. Both on stderr, both silenced by -q."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

from pacomply.terminal import Verbosity, note

if TYPE_CHECKING:
    from pacomply.runtime import RuntimeSettings


class FigureNotice:
    """Tells the person at the terminal that a figure was not stored and is being computed: a rich status line on a
    terminal, one stderr line each on a pipe; nothing with -q. A figure that takes less than a moment (or that the
    wager math refuses at once) is not announced."""

    DELAY_SECONDS = 0.5

    def __init__(self) -> None:
        self._console: Any = None
        self.status: Any = None
        self.timer: Any = None
        self.announced = False
        self.shown = False

    @property
    def console(self) -> Any:
        """stderr's rich console, made when a figure is first announced (a run that computes none never imports
        rich for it)."""
        if self._console is None:
            from rich.console import Console

            self._console = Console(stderr=True)
        return self._console

    def computing(self, description: str) -> None:
        import threading

        if Verbosity.level == 0:
            return
        self.shown = False
        self.timer = threading.Timer(self.DELAY_SECONDS, self._show, args=(description,))
        self.timer.daemon = True
        self.timer.start()

    def _show(self, description: str) -> None:
        self.shown = True
        if not self.announced:
            self.announced = True
            note("pacomply: computing figures not yet in the figure store (once; later runs read them)")
        if self.console.is_terminal:
            self.status = self.console.status(f"computing {description}")
            self.status.start()
        else:
            note(f"  computing {description}")

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
            note(f"  computed {description} ({seconds:.1f} s)")

    def abandoned(self, description: str) -> None:
        self._finish()


def install_figure_notice() -> None:
    """Tell the figure store to announce the figures it computes (:class:`FigureNotice`)."""
    from pacomply.engine import figure_store

    figure_store.set_reporter(FigureNotice())


def watch_first_compile(settings: RuntimeSettings) -> None:
    """Once numba is imported, and if these caches are not built yet, report its compilations on stderr: a line when
    the first starts, then a count. Whether they are built is asked only then (it reads the installed versions), so
    a run that never imports numba never asks."""
    import importlib.abc
    import importlib.machinery

    class NumbaImported(importlib.abc.MetaPathFinder):
        """Registers the listener right after numba is imported, so runs that never need numba do not import it."""

        def find_spec(self, name: str, path: object, target: object = None) -> importlib.machinery.ModuleSpec | None:
            if name == "numba.core.event":
                sys.meta_path.remove(self)
                spec = importlib.machinery.PathFinder.find_spec(name, path)  # type: ignore[arg-type]
                if spec is not None and spec.loader is not None:
                    original = spec.loader.exec_module

                    def exec_module(module: Any) -> None:
                        original(module)
                        from pacomply.runtime import caches_ready

                        if caches_ready(settings):
                            return
                        notice = CompileNotice(settings)
                        listener = type(
                            "CompileListener",
                            (module.Listener,),
                            {"on_start": lambda _self, event: notice.started(event),
                             "on_end": lambda _self, _event: notice.ended()},
                        )  # fmt: skip
                        module.register("numba:compile", listener())

                    spec.loader.exec_module = exec_module  # type: ignore[method-assign]
                return spec
            return None

    sys.meta_path.insert(0, NumbaImported())


class CompileNotice:
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
            note(
                "pacomply: first run with these caches: compiling numeric kernels and building tables into "
                f"{getattr(self.settings, 'cache_folder', '')} (once per machine and version; later runs start at once)"
            )
        data = getattr(event, "data", None)
        dispatcher = data.get("dispatcher") if isinstance(data, dict) else None
        function = getattr(dispatcher, "py_func", None)
        if function is not None and str(getattr(function, "__module__", "")).startswith("pacomply."):  # not numba's
            note(f"  compiling {function.__module__}.{function.__qualname__}", verbose_only=True)

    def ended(self) -> None:
        self.compiled += 1
        if self.terminal and Verbosity.level == 1:
            sys.stderr.write(f"\r  compiled {self.compiled} numeric kernel(s)")
            sys.stderr.flush()
