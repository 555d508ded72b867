"""Faults of real processes, on SQLite and on PostgreSQL: a review process killed under a review, a filing that
kills every review process it meets, a restart with reviews pending, and a kill -9 of the server itself. Every
wait is bounded; everything listens on 127.0.0.1 only."""

from __future__ import annotations

import base64
import functools
import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.request
import uuid
from pathlib import Path
from typing import Any

import pytest

from tests.workspace.conftest import EXAMPLES, PASSWORD, WebClient, add_accounts
from tests.workspace.review_processes import die_at_once, review_645a_held, start_bare

KILL = getattr(signal, "SIGKILL", signal.SIGTERM)


def _wait_for(condition: Any, timeout: float, what: str) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"{what} did not happen within {timeout} s")


def _store_upload(store: Any, user: Any, name: str) -> Any:
    from pacomply.workspace import reviewing

    data = (EXAMPLES / name).read_bytes()
    return store.add_submission(name, data, reviewing.read_upload(name, data), user, user.username), data


def test_a_killed_review_process_is_replaced_its_review_queued_again_and_later_uploads_work(
    store: Any, accounts: Any, tmp_path: Path
) -> None:
    from pacomply.workspace.web import create_app
    from pacomply.workspace.worker import ReviewWorker

    hold = tmp_path / "hold the 645a review"
    hold.touch()
    worker = ReviewWorker(store, workers=1, processes=True, review=functools.partial(review_645a_held, hold))
    try:
        client = WebClient(create_app(store, worker, secret_key="test").test_client())
        client.sign_in("rita")
        first = client.upload("645a-violations.xlsx", (EXAMPLES / "645a-violations.xlsx").read_bytes())
        assert first.status_code == 302
        first_id = int(first.location.rsplit("/", 1)[1])
        pids = _wait_for(worker.process_ids, 60, "the review process start")
        # Handed to the process and held there until it is killed: in the spawn's imports or in the review itself,
        # the review is in flight either way.
        assert worker.busy == 1
        os.kill(pids[0], KILL)
        hold.unlink()
        # The pool is broken; an upload now must still be answered and reviewed (it was HTTP 500 before).
        second = client.upload("686a-violations.xlsx", (EXAMPLES / "686a-violations.xlsx").read_bytes())
        assert second.status_code == 302, second.get_data(as_text=True)
        second_id = int(second.location.rsplit("/", 1)[1])
        assert worker.wait_idle(300)
        assert worker.rebuilt >= 1
        for submission_id in (first_id, second_id):
            state = client.get(f"/api/filings/{submission_id}").get_json()
            assert state["filing"]["review_state"] == "done", state["filing"]
        actions = [event["action"] for event in client.get(f"/api/filings/{first_id}").get_json()["events"]]
        assert "review interrupted" in actions and actions[-1] == "review"
        assert pids[0] not in worker.process_ids()
    finally:
        worker.shutdown()


def test_a_filing_that_kills_every_review_process_is_recorded_as_a_failure_after_its_attempts(
    store: Any, accounts: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pacomply.workspace import worker as worker_module
    from pacomply.workspace.worker import ReviewWorker

    # Three review processes start (the first and two replacements): none imports anything it would not use.
    monkeypatch.setattr(worker_module, "warm_up", start_bare)
    worker = ReviewWorker(store, workers=1, processes=True, review=die_at_once, max_attempts=2)
    try:
        submission, data = _store_upload(store, accounts["reviewer"], "686a-compliant.json")
        worker.submit(submission.id, submission.original_name, data)
        assert worker.wait_idle(240)
        kept = store.submission(accounts["reviewer"], submission.id)
        assert kept.review_state == "failed"
        assert "ended abruptly 2 times" in kept.review_problem
        assert [event.action for event in store.events(submission.id)].count("review interrupted") == 2
        assert worker.rebuilt == 2
    finally:
        worker.shutdown()


def test_reviews_pending_in_the_database_are_handed_out_when_the_server_starts(store: Any, accounts: Any) -> None:
    from pacomply.workspace.worker import ReviewWorker

    waiting = [_store_upload(store, accounts["reviewer"], name)[0] for name in ("686a-compliant.json",
                                                                                 "686a-violations.xlsx")]
    worker = ReviewWorker(store, workers=1, processes=False)  # a new server over the same store
    try:
        # Both are handed out: by this call, or (the first review done before the call's loop reaches the second)
        # by the top-up a finished review makes; never twice.
        assert 1 <= worker.resume() <= 2
        assert worker.wait_idle(120)
        assert worker.resume() == 0  # nothing left waiting
    finally:
        worker.shutdown()
    assert [store.submission(accounts["reviewer"], item.id).review_state for item in waiting] == ["done", "done"]
    assert [[event.action for event in store.events(item.id)].count("review") for item in waiting] == [1, 1]


def _multipart(name: str, data: bytes) -> tuple[bytes, str]:
    boundary = uuid.uuid4().hex
    body = (
        f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="{name}"\r\n'
        "Content-Type: application/octet-stream\r\n\r\n"
    ).encode() + data + f"\r\n--{boundary}--\r\n".encode()
    return body, f"multipart/form-data; boundary={boundary}"


def _alive(process: Any) -> bool:
    import psutil

    try:
        return process.is_running() and process.status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="kill -9 and the process table as Linux has them")
def test_kill_9_of_the_server_ends_its_review_processes(database_url: str, tmp_path: Path) -> None:
    import psutil
    from pacomply.workspace.store import open_store

    setup = open_store(database_url)
    add_accounts(setup)
    setup.engine.dispose()
    environment = {**os.environ, "PYTHONPATH": str(EXAMPLES.parent)}
    server = subprocess.Popen(
        [sys.executable, "-m", "pacomply", "serve", "--port", "0", "--workers", "2", "--database", database_url],
        stderr=subprocess.PIPE, text=True, env=environment, cwd=EXAMPLES.parent,
    )
    try:
        line = server.stderr.readline()  # type: ignore[union-attr]
        match = re.search(r"on (http://127\.0\.0\.1:\d+)", line)
        assert match is not None, line
        body, content_type = _multipart("645a-violations.xlsx", (EXAMPLES / "645a-violations.xlsx").read_bytes())
        token = base64.b64encode(f"rita:{PASSWORD}".encode()).decode()
        request = urllib.request.Request(
            f"{match.group(1)}/api/filings", data=body,
            headers={"Content-Type": content_type, "Authorization": f"Basic {token}"},
        )
        with urllib.request.urlopen(request, timeout=60) as response:
            assert response.status == 202
            assert json.loads(response.read())["review_state"] == "pending"
        parent = psutil.Process(server.pid)
        children = _wait_for(lambda: [child for child in parent.children(recursive=True) if _alive(child)], 60,
                             "the review processes start")
        os.kill(server.pid, KILL)
        server.wait(timeout=30)
        _wait_for(lambda: not any(_alive(child) for child in children), 30, "the review processes end")
    finally:
        if server.poll() is None:
            server.kill()
            server.wait(timeout=30)
        server.stderr.close()  # type: ignore[union-attr]
