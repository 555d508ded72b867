"""Where pacomply keeps its caches and how many threads numba may use, settled before numba is imported.

- Caches live where the platform keeps them (``platformdirs``: ``~/.cache/pacomply`` on Linux,
  ``~/Library/Caches/pacomply`` on macOS, ``%LOCALAPPDATA%\\pacomply\\Cache`` on Windows): the evaluator's lookup
  tables and enumerated counts (``PACOMPLY_CACHE_DIR``) and numba's compiled kernels (``NUMBA_CACHE_DIR``, its
  ``numba`` sub-folder) rather than ``__pycache__`` beside an installed package, which may be read-only.
- numba's threads are bounded by what the machine can give this process now: the CPUs it may run on, less the
  ones other programs keep busy (the one-minute load average, where the platform has one). numba's parallel loops
  wait for their slowest thread, so on a busy machine more threads than free CPUs make a run several times slower.
- A variable the user set (``PACOMPLY_CACHE_DIR``, ``NUMBA_CACHE_DIR``, ``NUMBA_NUM_THREADS``) is always kept.
"""

from __future__ import annotations

import os
from collections.abc import MutableMapping
from dataclasses import dataclass
from pathlib import Path

from pacomply.engine.processes import available_cpus

READY_MARKER = "caches-ready"


@dataclass(frozen=True, slots=True)
class RuntimeSettings:
    """What :func:`configure` settled, for ``-v`` and for the first-run notice."""

    cache_folder: Path
    numba_cache_folder: Path
    numba_threads: int
    cpus: int
    threads_from_user: bool

    @property
    def ready_marker(self) -> Path:
        """Written after a first run completes; its absence means the caches are still to be built."""
        return self.cache_folder / f"{READY_MARKER}-{_versions()}"


def busy_cpus() -> int:
    """CPUs other programs keep busy: the one-minute load average, rounded (0 where the platform has none)."""
    try:
        load = os.getloadavg()[0]
    except (AttributeError, OSError):  # Windows has no load average
        return 0
    return max(0, int(load + 0.5))


def bounded_threads(cpus: int, busy: int) -> int:
    """Threads for numba's parallel loops: the CPUs left free, at least one."""
    return max(1, min(cpus, cpus - busy))


def cache_folder_of(environ: MutableMapping[str, str]) -> Path:
    """This user's pacomply cache folder: ``PACOMPLY_CACHE_DIR`` where set, else the platform's user cache folder."""
    configured = environ.get("PACOMPLY_CACHE_DIR", "").strip()
    if configured:
        return Path(configured)
    import platformdirs

    return platformdirs.user_cache_path("pacomply", appauthor=False)


def configure(environ: MutableMapping[str, str] | None = None) -> RuntimeSettings:
    """Set the cache folders and numba's thread count in ``environ`` (the process's by default), keeping what the
    user set. Call before numba is imported: numba reads these once, at import."""
    environ = os.environ if environ is None else environ
    cache_folder = cache_folder_of(environ)
    if not environ.get("PACOMPLY_CACHE_DIR", "").strip():
        environ["PACOMPLY_CACHE_DIR"] = str(cache_folder)
    numba_folder = Path(environ.setdefault("NUMBA_CACHE_DIR", str(cache_folder / "numba")))
    cpus = available_cpus()
    user_threads = environ.get("NUMBA_NUM_THREADS", "").strip()
    if user_threads.isdigit() and int(user_threads) > 0:
        threads, from_user = int(user_threads), True
    else:
        threads, from_user = bounded_threads(cpus, busy_cpus()), False
        environ["NUMBA_NUM_THREADS"] = str(threads)
    return RuntimeSettings(cache_folder, numba_folder, threads, cpus, from_user)


def caches_ready(settings: RuntimeSettings) -> bool:
    """Whether a run of this version already completed with these caches (so nothing is compiled or built)."""
    return settings.ready_marker.is_file()


def mark_caches_ready(settings: RuntimeSettings) -> None:
    """Record that the caches are built; a failure only means the first-run notice shows again."""
    try:
        settings.cache_folder.mkdir(parents=True, exist_ok=True)
        settings.ready_marker.touch()
    except OSError:
        pass


def _versions() -> str:
    """pacomply's and numba's versions: either changing means recompiling."""
    from importlib.metadata import PackageNotFoundError, version

    parts = []
    for name in ("pacomply", "numba"):
        try:
            parts.append(f"{name}{version(name)}")
        except PackageNotFoundError:
            parts.append(f"{name}-source")
    return "-".join(parts)


def log_folder(environ: MutableMapping[str, str] | None = None) -> Path:
    """Where the traceback of an internal error is written: ``logs`` in this user's cache folder (the one
    :func:`configure` settles), created readable by this user only, never a folder every user of the machine shares.
    """
    folder = cache_folder_of(os.environ if environ is None else environ) / "logs"
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    return folder
