"""The processes below the pages run under Linux's idle scheduling policy as well as below their niceness
(``workspace.priority``, docs/workspace.md "Pages before uploads"): the process reading uploads, the review processes
and the background renderer give a core up at once to a page's thread that wakes. $PACOMPLY_IDLE_POLICY=0 keeps
them under the normal policy at their niceness alone. The server's own threads, the lowered ones included, stay
under the normal policy: they take its interpreter lock."""

from __future__ import annotations

import os
import sys
import threading
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux") or not hasattr(os, "SCHED_IDLE"),
    reason="only Linux has the idle scheduling policy for a thread of its own",
)


def _policy_and_niceness_of_a_lowered_thread() -> tuple[int, int]:
    """What ``lower_this_thread`` leaves a new thread of this process with: its policy and its niceness."""
    from pacomply.workspace import priority

    seen: list[tuple[int, int]] = []

    def lowered() -> None:
        priority.lower_this_thread()
        seen.append((os.sched_getscheduler(0), os.getpriority(os.PRIO_PROCESS, threading.get_native_id())))

    thread = threading.Thread(target=lowered)
    thread.start()
    thread.join(30)
    return seen[0]


@pytest.mark.parametrize("configured", [None, "1", "0"])
def test_a_lowered_thread_of_the_server_stays_under_the_normal_policy_at_its_niceness(
    monkeypatch: pytest.MonkeyPatch, configured: str | None
) -> None:
    """A thread lowered as the upload threads and the recorder lower themselves takes the server's interpreter lock:
    under the idle policy it would hold the lock, a page waiting behind it, while any normal-policy work ran (the
    load bench recorded every review 50 to 75 % later with it). So it stays under SCHED_OTHER, whatever the setting,
    UPLOAD_NICENESS steps below this (the server's) thread."""
    from pacomply.workspace.priority import UPLOAD_NICENESS

    if configured is None:
        monkeypatch.delenv("PACOMPLY_IDLE_POLICY", raising=False)
    else:
        monkeypatch.setenv("PACOMPLY_IDLE_POLICY", configured)
    monkeypatch.delenv("PACOMPLY_UPLOAD_NICENESS", raising=False)
    own = os.getpriority(os.PRIO_PROCESS, threading.get_native_id())
    policy, niceness = _policy_and_niceness_of_a_lowered_thread()
    assert policy == os.SCHED_OTHER
    assert niceness == min(19, own + UPLOAD_NICENESS)


@pytest.mark.parametrize(("configured", "expected"), [(None, "SCHED_IDLE"), ("0", "SCHED_OTHER")])
def test_the_review_processes_and_the_reading_process_run_under_the_idle_policy_unless_the_setting_says_0(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, configured: str | None, expected: str
) -> None:
    """``build`` starts the review pool; each review process, and the process reading uploads once one is read, puts
    itself under SCHED_IDLE as it starts (SCHED_OTHER with the setting 0), at its niceness below the server's either
    way."""
    from pacomply.workspace.priority import UPLOAD_NICENESS
    from pacomply.workspace.serve import build
    from pacomply.workspace.worker import REVIEW_NICENESS

    from tests.workspace.conftest import EXAMPLES

    if configured is None:
        monkeypatch.delenv("PACOMPLY_IDLE_POLICY", raising=False)
    else:
        monkeypatch.setenv("PACOMPLY_IDLE_POLICY", configured)
    for setting in ("PACOMPLY_REVIEW_NICENESS", "PACOMPLY_UPLOAD_NICENESS"):
        monkeypatch.delenv(setting, raising=False)
    before = sys.getswitchinterval()
    _app, worker = build(f"sqlite:///{tmp_path / 'store.sqlite3'}", workers=1)
    try:
        own = os.getpriority(os.PRIO_PROCESS, 0)
        # A name of its own, so no earlier reading of the same bytes is handed out instead: the reader starts.
        worker.read(f"{tmp_path.name}.xlsx", (EXAMPLES / "686a-violations.xlsx").read_bytes())
        readers = list(getattr(worker._reader, "_processes", None) or {})
        assert readers
        deadline = time.monotonic() + 120
        seen: dict[int, tuple[int, int]] = {}
        wanted = {
            **{pid: (getattr(os, expected), min(19, own + REVIEW_NICENESS)) for pid in worker.process_ids()},
            **{pid: (getattr(os, expected), min(19, own + UPLOAD_NICENESS)) for pid in readers},
        }
        while time.monotonic() < deadline:  # the review processes put themselves there as they start
            seen = {pid: (os.sched_getscheduler(pid), os.getpriority(os.PRIO_PROCESS, pid)) for pid in wanted}
            if seen == wanted:
                break
            time.sleep(0.2)
        assert worker.process_ids() and seen == wanted
        assert os.sched_getscheduler(0) == os.SCHED_OTHER  # the server's own thread: the pages' policy
    finally:
        worker.shutdown(wait=False)
        worker.store.engine.dispose()
        sys.setswitchinterval(before)


@pytest.mark.parametrize(("configured", "expected"), [(None, "SCHED_IDLE"), ("0", "SCHED_OTHER")])
def test_the_background_renderer_runs_under_the_idle_policy_unless_the_setting_says_0(
    monkeypatch: pytest.MonkeyPatch, configured: str | None, expected: str
) -> None:
    """The renderer's start (``worker.low_priority``, without the engine's imports) leaves its process at niceness 19
    and under SCHED_IDLE (SCHED_OTHER with the setting 0; the spawned process inherits the environment)."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    from tests.workspace.review_processes import low_priority_without_the_engine

    if configured is None:
        monkeypatch.delenv("PACOMPLY_IDLE_POLICY", raising=False)
    else:
        monkeypatch.setenv("PACOMPLY_IDLE_POLICY", configured)
    with ProcessPoolExecutor(
        1, mp_context=multiprocessing.get_context("spawn"), initializer=low_priority_without_the_engine
    ) as pool:
        assert pool.submit(os.sched_getscheduler, 0).result(120) == getattr(os, expected)
        assert pool.submit(os.nice, 0).result(120) == 19
