"""The scheduling priority of the server's work behind its pages. Under load a signed-in page's thread waits less
for the interpreter lock than for a core: the server's threads answering uploads and recording reviews and the
process reading uploads took the cores at the page's own priority. They run :data:`UPLOAD_NICENESS` steps below it (the
review processes run further below still, ``worker.REVIEW_NICENESS``), so a page's thread that wakes is scheduled
first. Linux gives each thread a niceness of its own; elsewhere the threads keep the server's priority, and the
reading process is lowered where the platform has niceness at all. $PACOMPLY_UPLOAD_NICENESS (0 to 19) sets another
step; 0 keeps them all at the server's priority.

On Linux the processes below the pages (the reading process lowered here, the review processes and the background
renderer) also run under the idle scheduling policy (``SCHED_IDLE``, :data:`IDLE_POLICY`): a niceness only weighs a
process's share of a core (a niceness of 5 still weighs a third of the page's thread, 10 a tenth), and the kernel
lets a running one finish its slice before a page's thread that wakes takes the core; under the idle policy it gives
the core up at once to any thread of the normal policy. The server's own lowered threads stay under the normal
policy: they take its interpreter lock, and one under the idle policy would hold it, the pages waiting behind it,
while any normal-policy work ran. $PACOMPLY_IDLE_POLICY=0 keeps the processes under the normal policy, at their
niceness alone.
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

IDLE_POLICY = 1
"""Whether the processes below the pages run under Linux's idle scheduling policy as well as at their niceness (1),
or at their niceness alone (0), unless $PACOMPLY_IDLE_POLICY says otherwise (:func:`idle_policy_from_environment`)."""

LOWERED: set[int] = set()
"""The native ids of the threads lowered so far in this process (what a measurement or a test looks at)."""


def upload_niceness_from_environment() -> int:
    """$PACOMPLY_UPLOAD_NICENESS, a whole number from 0 (the server's own priority) to 19 (the lowest);
    UPLOAD_NICENESS when unset; ValueError naming the setting otherwise (``serve`` refuses to start with it)."""
    return whole_setting("PACOMPLY_UPLOAD_NICENESS", UPLOAD_NICENESS, 0, 19)


def idle_policy_from_environment() -> bool:
    """$PACOMPLY_IDLE_POLICY, 1 (the processes below the pages under the idle scheduling policy, where Linux has it)
    or 0 (at their niceness alone); IDLE_POLICY when unset; ValueError naming the setting otherwise (``serve``
    refuses to start with it)."""
    return whole_setting("PACOMPLY_IDLE_POLICY", IDLE_POLICY, 0, 1) == 1


def _idle_policy() -> bool:
    try:
        return idle_policy_from_environment()
    except ValueError:  # refused, with its reason, where the server starts (serve.build)
        return bool(IDLE_POLICY)


def schedule_when_idle(target: int = 0) -> bool:
    """Put a thread (its native id) or a process (its id; 0: the calling thread) under Linux's idle scheduling
    policy, where the setting asks for it (:func:`idle_policy_from_environment`); True where it was. Elsewhere, or
    where a container refuses it, nothing changes. Threads and processes it starts afterwards inherit the policy."""
    if not sys.platform.startswith("linux") or not hasattr(os, "SCHED_IDLE") or not _idle_policy():
        return False
    try:
        os.sched_setscheduler(target, os.SCHED_IDLE, os.sched_param(0))
    except OSError:
        return False
    return True


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
    A thread already lower keeps its niceness: this never raises a priority. The thread stays under the normal
    scheduling policy (it takes the server's interpreter lock, which a thread under the idle policy would hold, the
    pages waiting behind it, while any normal-policy work ran)."""
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
    keeps its niceness: this never raises a priority (which needs a privilege). Lowered by a step at all, the
    process runs under the idle scheduling policy as well, where the setting asks for it (:func:`schedule_when_idle`;
    its threads started afterwards inherit it)."""
    if not hasattr(os, "getpriority"):
        return
    steps = _steps(steps)
    if steps <= 0:
        return
    with contextlib.suppress(OSError):
        target = min(19, os.getpriority(os.PRIO_PROCESS, os.getppid()) + steps)
        if target > os.getpriority(os.PRIO_PROCESS, 0):
            os.setpriority(os.PRIO_PROCESS, 0, target)
    schedule_when_idle()
