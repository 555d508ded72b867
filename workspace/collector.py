"""The server's garbage collections, made by a thread of their own at the pages' priority.

Python collects garbage in whichever thread allocates past the collector's threshold, holding the interpreter lock
from the collection's start to its end. Under load that is most often a thread below the pages (an upload thread,
the recorder: ``workspace.priority``), and a lowered thread is the one the kernel takes a core from first: measured
under the load bench, the young collections held the lock about six times as long as they ran (1.45 s against
0.25 s of the collecting threads' CPU in one run), a page's thread waiting behind a lowered thread the kernel had
set aside. :func:`collect_at_the_pages_priority` switches the automatic collections off and has one thread at the
server's own priority make them instead, by the collector's own thresholds, looked at every
:data:`INTERVAL_SECONDS`; a collection then runs to its end without waiting for a core behind the pages. It also sets
the start-up's objects aside from the collector (:func:`freeze_start_up_heap`).
"""

from __future__ import annotations

import gc
import threading

INTERVAL_SECONDS = 0.01
"""How often the collecting thread looks at the collector's counts (allocations meanwhile only wait for it)."""


def freeze_start_up_heap() -> int:
    """Collect once, then set every object the start-up made (the modules, the application, the store's engine,
    the review pool) aside from the garbage collector for good (``gc.freeze``); returns how many were set aside.
    Under load the collector's full collections then traverse only what the requests keep, not the whole heap of
    imported modules; a collection holds the interpreter lock throughout, so a page's request waits for it."""
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()


def _oldest_due(counts: tuple[int, int, int], thresholds: tuple[int, int, int]) -> int | None:
    """The oldest generation the collector's counts and thresholds make due, as Python's own automatic collection
    decides (a generation is due when its count passes its threshold; an older one includes the younger ones)."""
    for generation in (2, 1, 0):
        if thresholds[generation] and counts[generation] > thresholds[generation]:
            return generation
    return None


class Collections:
    """The collecting thread: started by :meth:`start` (the automatic collections off), stopped by :meth:`stop`
    (the automatic collections back on)."""

    def __init__(self, interval: float = INTERVAL_SECONDS) -> None:
        self.interval = interval
        self.made = [0, 0, 0]
        """How many collections of each generation the thread made."""
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        gc.disable()
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name="pacomply-collector", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(5)
        gc.enable()

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            generation = _oldest_due(gc.get_count(), gc.get_threshold())
            if generation is not None:
                gc.collect(generation)
                self.made[generation] += 1


def collect_at_the_pages_priority() -> Collections:
    """Set the start-up's objects aside (:func:`freeze_start_up_heap`), then make every later collection in a thread
    started here, at the calling (the server's main) thread's priority; returns it (``stop`` gives the collections
    back to the allocating threads)."""
    freeze_start_up_heap()
    collections = Collections()
    collections.start()
    return collections
