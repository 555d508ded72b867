"""Shared fixtures: the regulation texts (the spec), example filings, and a CLI runner."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.import_identity import install_guard

# As pacomply/__init__.py does, before any test module imports openpyxl: never through lxml (see there).
os.environ["OPENPYXL_LXML"] = "False"


def _share_numba_threads_among_test_workers() -> None:
    """Each pytest-xdist worker gets its share of the CPUs for numba's parallel loops, as the product's own worker
    processes do (``engine.processes``), unless the user set ``NUMBA_NUM_THREADS``.

    Set before numba is imported. Without it every worker starts a thread per CPU: with two workers on two cores,
    a parallel loop's threads wait at each barrier for a thread the other worker has displaced, and the 685a
    analyses took three times the CPU (and more on a busy machine)."""
    workers = os.environ.get("PYTEST_XDIST_WORKER_COUNT", "")
    if not workers.isdigit() or int(workers) < 2 or os.environ.get("NUMBA_NUM_THREADS", "").strip():
        return
    from pacomply.engine.processes import available_cpus

    os.environ["NUMBA_NUM_THREADS"] = str(max(1, available_cpus() // int(workers)))


_share_numba_threads_among_test_workers()


def _write_bytecode_as_python_does_by_default() -> None:
    """The suite writes bytecode caches even where ``PYTHONDONTWRITEBYTECODE`` is set in the shell.

    Several hundred tests start pacomply in a fresh process (the command line, the workspace's servers and review
    processes, the batch's workers); with the setting each of them compiled pacomply's modules from source again,
    about a third of a second of CPU apiece, and the suite took a quarter more CPU than on a machine with Python's
    default. The caches go where Python puts them by default (``__pycache__`` beside each module, which git
    ignores)."""
    if os.environ.pop("PYTHONDONTWRITEBYTECODE", None) is not None:
        import sys

        sys.dont_write_bytecode = False


_write_bytecode_as_python_does_by_default()


# The layers are importable only as pacomply.<layer>: the checkout root is on sys.path (for `tests.*`), which would
# otherwise let `import engine` load a second copy of every module, one the product never uses.
install_guard()

REPOSITORY = Path(__file__).resolve().parent.parent
EXAMPLES = REPOSITORY / "examples"


#: Set (to 1) where the texts must be present, as `.ci/run` does: a missing folder then fails the run, never skips.
REQUIRE_TEXTS_VARIABLE = "PACOMPLY_REQUIRE_REGULATIONS_TEXT"
TEXTS_VARIABLE = "PACOMPLY_REGULATIONS_TEXT"


def regulations_folder() -> Path | None:
    """The chapter texts: $PACOMPLY_REGULATIONS_TEXT, else `../shared/regulations` beside the checkout; or None.

    A user's clone has no texts beside it, so the tests that compare with them are skipped there; CI names the
    folder and requires it.
    """
    configured = os.environ.get(TEXTS_VARIABLE)
    if configured:
        return Path(configured) if Path(configured).is_dir() else None
    for candidate in (REPOSITORY.parent / "shared" / "regulations", REPOSITORY / "shared" / "regulations"):
        if candidate.is_dir():
            return candidate
    return None


def require_regulations_folder() -> Path:
    """The texts' folder; skips the calling test with a one-line reason when there is none, unless CI requires it."""
    folder = regulations_folder()
    if folder is not None:
        return folder
    configured = os.environ.get(TEXTS_VARIABLE)
    where = f"{TEXTS_VARIABLE}={configured} is not a folder" if configured else (
        f"no ../shared/regulations beside the checkout and {TEXTS_VARIABLE} is not set"
    )
    if os.environ.get(REQUIRE_TEXTS_VARIABLE, "") not in ("", "0"):
        pytest.fail(f"the regulation texts are required ({REQUIRE_TEXTS_VARIABLE}) but missing: {where}", pytrace=False)
    pytest.skip(f"regulation texts not available ({where})")


#: Test folders of long tests (servers and review processes, long simulations, whole reviews rendered in every
#: format), in the order pytest-xdist's workers take them up: before the rest of the suite, not after it.
LONG_TEST_FOLDERS = ("workspace", "simulation", "golden", "reports")


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Under pytest-xdist, the folders of long tests run first and the many short tests last.

    In the alphabetical order the workspace's tests (each starting servers and processes, up to half a minute on a
    busy machine) came last, and one worker ran the last of them while the other, out of tests, waited. With the
    long tests first, the run ends on tests of a fraction of a second. Whole modules move and keep their own order,
    so a module's shared fixtures are still made once per worker; the order is the same in every worker (the
    scheduler requires it). A run without workers keeps the folders in the collection's order (tests/workspace's
    own hook still puts test_servers.py first in its folder)."""
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        return
    tests = REPOSITORY / "tests"

    def rank(item: pytest.Item) -> int:
        try:
            folder = item.path.relative_to(tests).parts[0]
        except ValueError:
            return len(LONG_TEST_FOLDERS)
        return LONG_TEST_FOLDERS.index(folder) if folder in LONG_TEST_FOLDERS else len(LONG_TEST_FOLDERS)

    items.sort(key=rank)  # stable: within a folder the collection's order is kept


@pytest.hookimpl(trylast=True)
def pytest_collection_finish(session: pytest.Session) -> None:
    """Once the tests are collected, what is alive (modules, test items, the libraries they imported) is moved out of
    the cycle collector's reach (``gc.freeze``): it lives until the process ends, and every full collection after
    would otherwise scan it again. Objects made after, fixtures' included, are collected as usual."""
    import gc

    gc.collect()
    gc.freeze()


@pytest.hookimpl(tryfirst=True, optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """``-n N`` hands tests out by work stealing (pytest-xdist's ``--dist worksteal``) unless another ``--dist`` is
    asked for.

    The default (``load``) gives each worker a large first batch of consecutive tests and never takes tests back:
    with the long tests first (above), one worker's first batch held nearly all of them while the other finished
    the rest and waited. Work stealing splits the tests in two halves and lets a worker that runs out take half of
    what the other still has waiting, so both work until the last few tests."""
    if config.getvalue("dist") != "load":
        return None
    from xdist.scheduler import WorkStealingScheduling

    return WorkStealingScheduling(config, log)


@pytest.fixture(scope="session")
def regulations_texts() -> Path:
    """The folder of the official chapter texts (skips, or fails where required, when there is none)."""
    return require_regulations_folder()


@pytest.fixture(scope="session")
def regulation_text(regulations_texts: Path) -> Callable[[str], str]:
    """The text of a chapter (``regulation_text('686a')``) or of the checklists file (``'checklists'``)."""
    folder = regulations_texts

    def read(chapter: str) -> str:
        if chapter == "checklists":
            return (folder / "rules-submission-checklists-686a-687a-688a.txt").read_text(encoding="utf-8")
        matches = sorted(folder.glob(f"{chapter}-*.txt"))
        if not matches:
            raise FileNotFoundError(f"no regulation text for {chapter} in {folder}")
        return matches[0].read_text(encoding="utf-8")

    return read


@pytest.fixture
def examples() -> Path:
    """The bundled example filings."""
    return EXAMPLES
