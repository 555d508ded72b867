"""The server's garbage collections run in a thread of their own at the pages' priority (``workspace.collector``):
the automatic collections are off while it runs, it makes each generation's collection when the collector's own
thresholds make it due, and stopping it gives the collections back to the allocating threads."""

from __future__ import annotations

import gc
import time
import weakref
from collections.abc import Iterator

import pytest


@pytest.fixture
def kept_collector() -> Iterator[None]:
    """The test process's collector as it was (enabled or not, its thresholds), whatever a test does."""
    enabled, thresholds = gc.isenabled(), gc.get_threshold()
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)
        if enabled:
            gc.enable()
        else:
            gc.disable()


@pytest.mark.parametrize(
    ("counts", "due"),
    [((0, 0, 0), None), ((700, 10, 10), None), ((701, 0, 0), 0), ((701, 11, 0), 1), ((5, 3, 11), 2), ((0, 11, 11), 2)],
)
def test_the_oldest_generation_due_is_collected_as_pythons_thresholds_say(
    counts: tuple[int, int, int], due: int | None
) -> None:
    """A generation is due when its count passes its threshold (700, 10, 10 here); the oldest due one is collected
    (it includes the younger)."""
    from pacomply.workspace.collector import _oldest_due

    assert _oldest_due(counts, (700, 10, 10)) == due


class _Node:
    other: object = None


def test_the_collecting_thread_collects_cycles_with_the_automatic_collections_off(kept_collector: None) -> None:
    """While it runs, the automatic collections are off and a reference cycle made by this thread is still freed
    (by the collecting thread, within seconds); once it stops they are back on."""
    from pacomply.workspace.collector import Collections

    gc.set_threshold(100, 10, 10)
    collections = Collections(interval=0.005)
    collections.start()
    try:
        assert not gc.isenabled()
        first, second = _Node(), _Node()
        first.other, second.other = second, first
        alive = weakref.ref(first)
        del first, second
        kept: list[_Node] = []
        deadline = time.monotonic() + 30
        # Until the cycle is freed and the thread has made a collection: another thread of this test process (a
        # server left by an earlier test) may collect first, which frees the cycle but not the thread's due
        # collections, which the objects kept below still make due.
        while (alive() is not None or sum(collections.made) < 1) and time.monotonic() < deadline:
            kept.extend(_Node() for _ in range(200))  # objects kept, as requests keep them, pass the threshold
            time.sleep(0.01)
        assert alive() is None
        assert sum(collections.made) >= 1
    finally:
        collections.stop()
    assert gc.isenabled()
