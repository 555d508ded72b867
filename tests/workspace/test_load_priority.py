"""The server under load keeps its pages first: its review processes run at a lower scheduling priority than its
request threads, and a thread waiting for the interpreter lock (a page's request, back from a query) gets it
within half a millisecond instead of Python's default five."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest


@pytest.mark.skipif(not hasattr(os, "getpriority"), reason="the platform has no scheduling niceness")
@pytest.mark.parametrize("configured", [None, "15"])
def test_review_processes_run_below_the_servers_priority_and_the_switch_interval_is_short(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, configured: str | None
) -> None:
    """``build`` starts the review pool (spawned processes); each lowers its own priority by REVIEW_NICENESS (10),
    or by $PACOMPLY_REVIEW_NICENESS where it is set (15 here), as it starts (capped at 19, the lowest), so its
    niceness is above the server's; and the server's switch interval is SWITCH_INTERVAL (0.5 ms)."""
    from pacomply.workspace.serve import SWITCH_INTERVAL, build
    from pacomply.workspace.worker import REVIEW_NICENESS

    if configured is None:
        monkeypatch.delenv("PACOMPLY_REVIEW_NICENESS", raising=False)
    else:
        monkeypatch.setenv("PACOMPLY_REVIEW_NICENESS", configured)
    before = sys.getswitchinterval()
    _app, worker = build(f"sqlite:///{tmp_path / 'store.sqlite3'}", workers=1)
    try:
        assert sys.getswitchinterval() == pytest.approx(SWITCH_INTERVAL) == pytest.approx(0.0005)
        own = os.getpriority(os.PRIO_PROCESS, 0)
        expected = min(19, own + (REVIEW_NICENESS if configured is None else int(configured)))
        assert expected > own or own == 19
        deadline = time.monotonic() + 120
        seen: dict[int, int] = {}
        while time.monotonic() < deadline:  # the processes lower their priority as they start
            seen = {pid: os.getpriority(os.PRIO_PROCESS, pid) for pid in worker.process_ids()}
            if seen and all(value == expected for value in seen.values()):
                break
            time.sleep(0.2)
        assert seen and set(seen.values()) == {expected}, (own, seen)
    finally:
        worker.shutdown(wait=False)
        worker.store.engine.dispose()
        sys.setswitchinterval(before)
