"""The scheduling priority of the server's work behind its pages. Under load a signed-in page's thread waits less
for the interpreter lock than for a core: the server's threads answering uploads and recording reviews and the
process reading uploads took the cores at the page's own priority. They run :data:`UPLOAD_NICENESS` steps below it (the
review processes run further below still, ``worker.REVIEW_NICENESS``), so a page's thread that wakes is scheduled
first. Linux gives each thread a niceness of its own; elsewhere the threads keep the server's priority, and the
reading process is lowered where the platform has niceness at all. $PACOMPLY_UPLOAD_NICENESS (0 to 19) sets another
step; 0 keeps them all at the server's priority.
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading

from pacomply.workspace.settings import whole_setting

UPLOAD_NICENESS = 5
"""How many steps of niceness below the server's the threads answering uploads, the thread recording reviews and the
process reading uploads run: below the pages, above the reviews (``worker.REVIEW_NICENESS``, 10), unless
$PACOMPLY_UPLOAD_NICENESS says otherwise (:func:`upload_niceness_from_environment`)."""

LOWERED: set[int] = set()
"""The native ids of the threads lowered so far in this process (what a measurement or a test looks at)."""


def upload_niceness_from_environment() -> int:
    """$PACOMPLY_UPLOAD_NICENESS, a whole number from 0 (the server's own priority) to 19 (the lowest);
    UPLOAD_NICENESS when unset; ValueError naming the setting otherwise (``serve`` refuses to start with it)."""
    return whole_setting("PACOMPLY_UPLOAD_NICENESS", UPLOAD_NICENESS, 0, 19)


def _steps(steps: int | None) -> int:
    if steps is not None:
        return steps
    try:
        return upload_niceness_from_environment()
    except ValueError:  # refused, with its reason, where the server starts (serve.build)
        return UPLOAD_NICENESS


def lower_this_thread(steps: int | None = None) -> bool:
    """Run the calling thread ``steps`` of niceness below the process's main thread (the configured step when None;
    at most 19), where each thread has a niceness of its own (Linux); True where it was lowered. Threads it starts
    afterwards inherit its niceness; counted from the main thread, one of them lowered in turn is not lowered twice.
    A thread already lower keeps its niceness: this never raises a priority."""
    steps = _steps(steps)
    if steps <= 0 or not sys.platform.startswith("linux"):
        return False
    native = threading.get_native_id()
    try:  # the thread's own id addresses the thread alone on Linux, the process's id its main thread
        target = min(19, os.getpriority(os.PRIO_PROCESS, os.getpid()) + steps)
        if target > os.getpriority(os.PRIO_PROCESS, native):
            os.setpriority(os.PRIO_PROCESS, native, target)
    except OSError:  # a container refusing it: the thread keeps the priority it has
        return False
    LOWERED.add(native)
    return True


def lower_this_process_below_parent(steps: int | None = None) -> None:
    """Run the calling process ``steps`` of niceness below its parent's main thread (the configured step when None;
    at most 19), where the platform has niceness: a process started by a lowered thread inherits that thread's
    niceness, so the step is counted from the parent rather than from what it inherited. A process already lower
    keeps its niceness: this never raises a priority (which needs a privilege)."""
    if not hasattr(os, "getpriority"):
        return
    steps = _steps(steps)
    with contextlib.suppress(OSError):
        target = min(19, os.getpriority(os.PRIO_PROCESS, os.getppid()) + steps)
        if target > os.getpriority(os.PRIO_PROCESS, 0):
            os.setpriority(os.PRIO_PROCESS, 0, target)
