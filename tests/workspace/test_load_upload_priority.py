"""The server's work behind its pages runs below their scheduling priority (``workspace.priority``): an upload
request is answered whole, from its session's check to its answer, on a thread of its own lowered by
UPLOAD_NICENESS (waitress's thread waits for it), the recorder of reviews lowers itself as it starts, and the process
reading uploads runs that far below the server, counted from the server and not from the lowered thread that
started it (docs/workspace.md, "Pages before uploads")."""

from __future__ import annotations

import os
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from tests.workspace.conftest import EXAMPLES, fresh_sqlite_url

LINUX = sys.platform.startswith("linux")


def _niceness_of_this_thread() -> int:
    return os.getpriority(os.PRIO_PROCESS, threading.get_native_id())


def _lowered(own: int) -> int:
    from pacomply.workspace.priority import UPLOAD_NICENESS

    return min(19, own + UPLOAD_NICENESS)


@pytest.mark.skipif(not LINUX, reason="only Linux gives a thread a niceness of its own")
def test_an_upload_is_read_and_stored_on_a_lowered_thread_while_its_request_keeps_the_servers_priority(
    web: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The upload's session check, reading and storing run on an upload thread (not the request's, which the test
    client runs in this thread) at UPLOAD_NICENESS steps below; the request's thread is not lowered, and a page's
    session check runs in it; the filing is stored (302) and its upload event names the signed-in account."""
    from pacomply.workspace import priority

    app, worker, client = web
    store = app.extensions["pacomply"].store
    own = _niceness_of_this_thread()
    seen: dict[str, Any] = {}
    read, add, session_user = worker.read, store.add_submission, store.session_user

    def spied_session_user(*arguments: Any, **options: Any) -> Any:
        from flask import request

        seen[f"session {request.method}"] = threading.current_thread().name
        return session_user(*arguments, **options)

    def spied_read(*arguments: Any, **options: Any) -> Any:
        seen["read"] = (threading.current_thread().name, _niceness_of_this_thread())
        return read(*arguments, **options)

    def spied_add(*arguments: Any, **options: Any) -> Any:
        seen["stored"] = (threading.current_thread().name, _niceness_of_this_thread(), threading.get_native_id())
        return add(*arguments, **options)

    monkeypatch.setattr(worker, "read", spied_read)
    monkeypatch.setattr(store, "add_submission", spied_add)
    uploader = client()
    uploader.sign_in("rita")
    monkeypatch.setattr(store, "session_user", spied_session_user)
    data = (EXAMPLES / "686a-violations.xlsx").read_bytes()
    response = uploader.upload("686a-violations.xlsx", data)
    assert response.status_code == 302, response.get_data(as_text=True)
    assert uploader.get("/").status_code == 200
    assert seen["session POST"].startswith("pacomply-upload")
    assert seen["session GET"] == threading.current_thread().name
    assert seen["read"][0].startswith("pacomply-upload") and seen["read"][1] == _lowered(own)
    name, niceness, native = seen["stored"]
    assert name.startswith("pacomply-upload") and niceness == _lowered(own)
    assert native != threading.get_native_id() and native in priority.LOWERED
    assert _niceness_of_this_thread() == own  # the request's thread keeps the server's priority
    (filing,) = uploader.get("/api/filings").get_json()["filings"]
    assert filing["file"] == "686a-violations.xlsx"
    first = store.events(filing["id"])[0]
    assert (first.action, first.actor) == ("upload", "rita")


def test_a_refused_upload_is_still_refused_with_its_problems_through_the_upload_thread(web: Any) -> None:
    """A file the readers refuse, read on the upload thread: the refusal and its problems reach the answer (400 on
    the JSON endpoint, the problems listed), and nothing is stored."""
    _app, _worker, client = web
    uploader = client()
    uploader.sign_in("rita")
    import io

    response = uploader.client.post(
        "/api/filings", data={"file": (io.BytesIO(b"not a workbook"), "broken.xlsx")},
        content_type="multipart/form-data", headers={"X-CSRFToken": uploader.token},
    )
    assert response.status_code == 400, response.get_data(as_text=True)
    assert response.get_json()["problems"]
    assert uploader.get("/api/filings").get_json()["total"] == 0


@pytest.mark.skipif(not LINUX, reason="only Linux gives a thread a niceness of its own")
def test_the_recorder_of_reviews_runs_lowered(web: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The recorder thread lowers itself as it starts: the recording transaction of an upload's review runs at
    UPLOAD_NICENESS steps below the server's main thread, and no further, though here (reviews in threads) the
    thread that started it descends from the lowered upload thread and inherited its niceness."""
    app, worker, client = web
    store = app.extensions["pacomply"].store
    own = _niceness_of_this_thread()
    recorded: list[tuple[str, int]] = []
    record = store.record_reviews

    def spied(*arguments: Any, **options: Any) -> Any:
        recorded.append((threading.current_thread().name, _niceness_of_this_thread()))
        return record(*arguments, **options)

    monkeypatch.setattr(store, "record_reviews", spied)
    uploader = client()
    uploader.sign_in("rita")
    assert uploader.upload("686a-violations.xlsx", (EXAMPLES / "686a-violations.xlsx").read_bytes()).status_code == 302
    # The review runs lowered: on a machine whose every core is taken (the suite beside another run) it waits for
    # what the others leave, and once took longer than 120 s.
    assert worker.wait_idle(300)
    assert recorded and recorded[0] == ("pacomply-recorder", _lowered(own))


@pytest.mark.skipif(not hasattr(os, "getpriority"), reason="the platform has no scheduling niceness")
def test_the_reading_process_runs_below_the_server_once_however_lowered_the_thread_that_started_it(
    tmp_path: Path, migrated_sqlite_file: Path
) -> None:
    """The reading process is started by the first upload's thread, itself lowered on Linux; the process runs
    UPLOAD_NICENESS below the server's main thread all the same (not twice that), and reads the filing."""
    from pacomply.workspace.serve import build
    from pacomply.workspace.web_common import UPLOAD_THREADS

    _app, worker = build(fresh_sqlite_url(migrated_sqlite_file, tmp_path / "store.sqlite3"), workers=1)
    try:
        data = (EXAMPLES / "686a-violations.xlsx").read_bytes()
        filing = UPLOAD_THREADS.submit(worker.read, "reading-priority.xlsx", data).result(120)  # a name not read before
        assert filing.metadata.licensee
        readers = list(worker._reader._processes)  # type: ignore[union-attr]
        assert len(readers) == 1
        assert os.getpriority(os.PRIO_PROCESS, readers[0]) == _lowered(os.getpriority(os.PRIO_PROCESS, os.getpid()))
    finally:
        worker.shutdown(wait=False)
        worker.store.engine.dispose()


@pytest.mark.skipif(not LINUX, reason="only Linux gives a thread a niceness of its own")
def test_an_upload_niceness_of_0_keeps_the_lowered_work_at_the_servers_priority(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """$PACOMPLY_UPLOAD_NICENESS=0: a thread that would be lowered keeps its priority (and is not listed lowered)."""
    from pacomply.workspace import priority

    monkeypatch.setenv("PACOMPLY_UPLOAD_NICENESS", "0")
    own = _niceness_of_this_thread()
    with ThreadPoolExecutor(1, initializer=priority.lower_this_thread) as pool:
        niceness, native = pool.submit(lambda: (_niceness_of_this_thread(), threading.get_native_id())).result()
    assert niceness == own and native not in priority.LOWERED


@pytest.mark.skipif(not LINUX, reason="only Linux gives a thread a niceness of its own")
def test_lowering_a_thread_never_raises_one_already_lower() -> None:
    """A thread already further below than the step (19 here) keeps its niceness: lowering never raises a priority,
    which a privileged server could otherwise do to work lowered on purpose."""
    from pacomply.workspace import priority

    def lowest_then_lowered() -> int:
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 19)
        priority.lower_this_thread(1)
        return _niceness_of_this_thread()

    with ThreadPoolExecutor(1) as pool:
        assert pool.submit(lowest_then_lowered).result() == 19


@pytest.mark.skipif(not LINUX, reason="only Linux gives a thread a niceness of its own")
def test_a_review_pool_rebuilt_by_a_lowered_upload_thread_runs_at_the_review_niceness_below_the_server(
    tmp_path: Path, migrated_sqlite_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An upload that finds the review pool broken rebuilds it on its lowered upload thread; the new review
    processes inherit that thread's niceness, yet run the review niceness below the server's main thread, not that
    plus UPLOAD_NICENESS. The review niceness is 5 here (UPLOAD_NICENESS's), so the two differ below the cap of 19
    however nice the test run is (up to 9)."""

    from pacomply.workspace.serve import build
    from pacomply.workspace.web_common import UPLOAD_THREADS

    monkeypatch.setenv("PACOMPLY_REVIEW_NICENESS", "5")
    _app, worker = build(fresh_sqlite_url(migrated_sqlite_file, tmp_path / "store.sqlite3"), workers=1)
    try:
        UPLOAD_THREADS.submit(worker._rebuild, worker._generation).result(60)
        worker._pool.submit(int).result(120)  # its one process has run its initializer (warm_up) by the answer
        expected = min(19, os.getpriority(os.PRIO_PROCESS, os.getpid()) + 5)
        seen = {pid: os.getpriority(os.PRIO_PROCESS, pid) for pid in worker.process_ids()}
        assert worker.rebuilt == 1 and len(seen) == 1 and set(seen.values()) == {expected}, seen
    finally:
        worker.shutdown(wait=False)
        worker.store.engine.dispose()
