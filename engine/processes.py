"""Process pools that behave the same on every platform and never make a run slower on more cores.

- One start method everywhere: ``spawn`` (the default on Windows and macOS, and on Linux from Python 3.14), so a
  worker never inherits a forked copy of locks, numba's thread pool or open files, and behaviour does not change
  with the platform.
- Workers are bounded by the CPUs this process may use, and each worker's numba thread count is the parent's share
  (``NUMBA_NUM_THREADS`` divided among the workers), so workers x threads never exceeds the threads settled for
  the whole run (``pacomply/runtime.py``): oversubscribed numba loops wait for their slowest thread.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor


def available_cpus() -> int:
    """The CPUs this process may run on (its affinity where the platform says, else every core)."""
    counter = getattr(os, "process_cpu_count", None)  # Python 3.13+
    if counter is not None:
        return max(1, counter() or 1)
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


def bounded_workers(wanted: int) -> int:
    """Workers to start for ``wanted``: at least one, at most the CPUs available."""
    return max(1, min(wanted, available_cpus()))


def _share_threads(threads: str) -> None:
    # Runs in the worker before any task, so before numba is imported there.
    os.environ["NUMBA_NUM_THREADS"] = threads


def _threads_each(workers: int) -> str:
    """Each of ``workers`` processes' share of numba's threads (the run's ``NUMBA_NUM_THREADS``, else the CPUs)."""
    total = os.environ.get("NUMBA_NUM_THREADS", "").strip()
    threads = int(total) if total.isdigit() and int(total) > 0 else available_cpus()
    return str(max(1, threads // workers))


def spawn_context() -> Any:
    """The one start method of every pacomply process (``spawn``), for queues and shared values that go with them."""
    import multiprocessing

    return multiprocessing.get_context("spawn")


def _run_with_threads(threads: str, target: Callable[..., None], arguments: tuple[Any, ...]) -> None:
    _share_threads(threads)
    target(*arguments)


def spawned_process(target: Callable[..., None], arguments: tuple[Any, ...], workers: int) -> Any:
    """One of ``workers`` processes running ``target(*arguments)``, spawn-started (not yet started) with its share of
    numba's threads; for a caller that hands out work itself and stops a process it no longer needs."""
    return spawn_context().Process(
        target=_run_with_threads, args=(_threads_each(bounded_workers(workers)), target, arguments), daemon=True
    )


def process_pool(workers: int) -> ProcessPoolExecutor:
    """A spawn-started pool of at most ``workers`` processes (bounded by the CPUs), each with its share of numba's
    threads."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor  # lazy: a review in one process never starts a pool

    count = bounded_workers(workers)
    return ProcessPoolExecutor(
        max_workers=count,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_share_threads,
        initargs=(_threads_each(count),),
    )
