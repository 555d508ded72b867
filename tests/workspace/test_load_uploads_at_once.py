"""A server handles at most ``UPLOADS_AT_ONCE`` upload requests at a time, and the others wait for a turn before
anything is done for them: their sessions are not loaded and they hold no database connection, so a signed-in
page shares the interpreter lock with that many busy request threads, not with every upload in flight, and finds a
free connection in the pool however many uploads wait (docs/workspace.md, "Load")."""

from __future__ import annotations

import threading
import time
from types import SimpleNamespace
from typing import Any

import pytest


def test_an_upload_flood_waits_for_its_turns_without_a_session_check_or_a_connection_and_a_page_is_served(
    web_on_every_database: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Twelve signed-in uploads at once, each held inside its reading until released: two (the turns) get that
    far, having loaded their sessions; the ten others have not loaded theirs and hold no database connection.
    Meanwhile the queue page answers 200. Released, all twelve are answered, never more than two at once."""
    from pacomply.workspace import web_common

    app, _worker, client = web_on_every_database
    turns = web_common.UPLOADS_AT_ONCE._initial_value  # type: ignore[attr-defined]  # 2 unless configured
    store = app.extensions["pacomply"].store
    lock = threading.Lock()
    running = {"now": 0, "most": 0, "done": 0, "sessions": 0}
    release = threading.Event()

    def receive() -> Any:
        with lock:
            running["now"] += 1
            running["most"] = max(running["most"], running["now"])
        release.wait(60)
        with lock:
            running["now"] -= 1
            running["done"] += 1
        return SimpleNamespace(id=1)

    uploaders = [client() for _ in range(12)]
    for uploader in uploaders:
        uploader.sign_in("rita")
    page = client()
    page.sign_in("reuben")
    original = store.session_user

    def counted_session_user(*arguments: Any, **options: Any) -> Any:
        from flask import request

        if request.method == "POST":
            with lock:
                running["sessions"] += 1
        return original(*arguments, **options)

    monkeypatch.setattr(web_common, "_receive_upload", receive)
    monkeypatch.setattr(store, "session_user", counted_session_user)
    answers: list[int] = []
    threads = [
        threading.Thread(target=lambda uploader=uploader: answers.append(uploader.upload("a.xlsx", b"x").status_code))
        for uploader in uploaders
    ]
    for thread in threads:
        thread.start()
    try:
        deadline = time.monotonic() + 30
        while running["now"] < turns and time.monotonic() < deadline:
            time.sleep(0.01)
        time.sleep(0.3)  # the ten others reach their wait for a turn
        with lock:
            assert running["now"] == turns and running["sessions"] == turns, running
        assert store.engine.pool.checkedout() == 0  # the waiting uploads (and the held ones) hold no connection
        assert page.get("/").status_code == 200
    finally:
        release.set()
        for thread in threads:
            thread.join(30)
    assert answers == [302] * 12 and running["done"] == 12
    assert running["most"] == turns and running["sessions"] == 12


def test_serve_runs_more_threads_than_uploads_at_once_so_a_page_finds_a_free_thread() -> None:
    import inspect

    pytest.importorskip("waitress")
    from pacomply.workspace import serve, web_common

    threads = inspect.signature(serve.serve).parameters["threads"].default
    assert threads >= 4 * web_common.UPLOADS_AT_ONCE._initial_value  # type: ignore[attr-defined]


def test_a_wrong_uploads_at_once_leaves_the_web_module_importable(monkeypatch: pytest.MonkeyPatch) -> None:
    """A word in $PACOMPLY_UPLOADS_AT_ONCE had stopped the web module's import with Python's own error (and a 0 was
    taken as 1 without a word): the module now takes the default, and `serve` refuses the value, naming it
    (tests/workspace/test_settings_refused.py)."""
    from pacomply.workspace import web_common

    for written in ("0", "65", "two", "2.5"):
        monkeypatch.setenv("PACOMPLY_UPLOADS_AT_ONCE", written)
        assert web_common._uploads_at_once() == web_common.DEFAULT_UPLOADS_AT_ONCE
