"""A server reads and stores at most ``UPLOADS_AT_ONCE`` uploads at a time, so a signed-in page shares the interpreter
lock with that many busy request threads, not with every upload in flight (docs/workspace.md, "Load")."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest


def test_at_most_two_uploads_are_read_and_stored_at_once_and_every_one_is_received(monkeypatch: Any) -> None:
    pytest.importorskip("flask")
    from pacomply.workspace import web_common

    lock = threading.Lock()
    running = {"now": 0, "most": 0, "done": 0}

    def receive() -> str:
        with lock:
            running["now"] += 1
            running["most"] = max(running["most"], running["now"])
        time.sleep(0.05)
        with lock:
            running["now"] -= 1
            running["done"] += 1
        return "stored"

    monkeypatch.setattr(web_common, "_receive_upload", receive)
    answers: list[str] = []
    threads = [threading.Thread(target=lambda: answers.append(web_common.receive_upload())) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    assert answers == ["stored"] * 8 and running["done"] == 8
    assert running["most"] == web_common.UPLOADS_AT_ONCE._initial_value  # type: ignore[attr-defined]  # 2 unless configured


def test_serve_runs_more_threads_than_uploads_at_once_so_a_page_finds_a_free_thread() -> None:
    import inspect

    pytest.importorskip("waitress")
    from pacomply.workspace import serve, web_common

    threads = inspect.signature(serve.serve).parameters["threads"].default
    assert threads >= 4 * web_common.UPLOADS_AT_ONCE._initial_value  # type: ignore[attr-defined]
