"""The server's interpreter switch interval: how long a thread holds the interpreter lock while another (a page's
request) waits for it. ``build`` sets it, from $PACOMPLY_SWITCH_INTERVAL (milliseconds) where that is set, and a
value that is not a number of milliseconds from 0.05 to 5 stops the start, naming the setting, before the store is
opened."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def kept_switch_interval() -> Iterator[None]:
    """The interval of the test process as it was, whatever a test sets."""
    before = sys.getswitchinterval()
    try:
        yield
    finally:
        sys.setswitchinterval(before)


@pytest.mark.parametrize("configured", [None, "0.1", "5"])
def test_the_server_sets_its_switch_interval_from_the_setting_or_its_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, configured: str | None
) -> None:
    from pacomply.workspace.serve import SWITCH_INTERVAL, build

    if configured is None:
        monkeypatch.delenv("PACOMPLY_SWITCH_INTERVAL", raising=False)
    else:
        monkeypatch.setenv("PACOMPLY_SWITCH_INTERVAL", configured)
    sys.setswitchinterval(0.02)  # neither the default nor any configured value, so the server's setting shows
    _app, worker = build(f"sqlite:///{tmp_path / 'store.sqlite3'}", workers=1, processes=False)
    try:
        expected = SWITCH_INTERVAL if configured is None else float(configured) / 1000
        assert sys.getswitchinterval() == pytest.approx(expected)
    finally:
        worker.shutdown()
        worker.store.engine.dispose()
