"""PostgreSQL stopped under the workspace and started again, the real server: an upload meanwhile is answered 503
with ``Retry-After`` and nothing of it is stored, a review that finished while the database was down is not lost
(nothing of it was written; it stays pending and is recorded once the database answers), and uploads work again."""

from __future__ import annotations

import base64
import io
import threading
import time
from typing import Any

import pytest

from tests.workspace.conftest import EXAMPLES, PASSWORD, add_accounts


def test_postgresql_stopped_mid_upload_answers_503_writes_nothing_and_pending_reviews_resume(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch,
) -> None:
    from pacomply.workspace import reviewing
    from pacomply.workspace.store import open_store
    from pacomply.workspace.web import create_app
    from pacomply.workspace.worker import ReviewWorker

    from tests.workspace.conftest import missing_service

    cluster = request.getfixturevalue("postgres_cluster")
    if cluster is None:
        missing_service("PostgreSQL (initdb, pg_ctl) or psycopg is not installed")
    store = open_store(cluster.new_database())
    add_accounts(store)
    release = threading.Event()

    def held_review(name: str, data: bytes) -> Any:
        release.wait(60)  # the review is under way while the database goes away
        return reviewing.review_upload(name, data)

    # The worker hands the pending reviews out again every RESUME_DELAY (2 s) while the database is away; here
    # every quarter second, so the test waits a quarter second, not two, for the retry after the database is back.
    # The retry is the same timer either way.
    monkeypatch.setattr(ReviewWorker._resume_later, "__defaults__", (0.25,))
    worker = ReviewWorker(store, workers=1, processes=False, review=held_review)
    app = create_app(store, worker, secret_key="t")
    client = app.test_client()
    basic = {"Authorization": "Basic " + base64.b64encode(f"rita:{PASSWORD}".encode()).decode()}
    data = (EXAMPLES / "686a-compliant.json").read_bytes()

    def upload() -> Any:
        return client.post("/api/filings", data={"file": (io.BytesIO(data), "686a-compliant.json")},
                           headers=basic, content_type="multipart/form-data")

    try:
        first = upload()
        assert first.status_code == 202, first.get_json()
        first_id = first.get_json()["id"]
        cluster.pause()
        try:
            refused = upload()
            assert refused.status_code == 503, refused.get_data(as_text=True)
            assert refused.headers["Retry-After"] == "5"
            assert "nothing you sent was saved" in refused.get_json()["error"]
            ready = client.get("/readyz")
            assert ready.status_code == 503
            assert ready.get_json()["checks"]["database"] == "the database does not answer"
            release.set()  # the review finishes; recording it fails, the database being down
            assert worker.wait_idle(60)  # the review is done with: its recording was tried and failed
        finally:
            cluster.resume()
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            state = client.get(f"/api/filings/{first_id}", headers=basic)
            if state.status_code == 200 and state.get_json()["filing"]["review_state"] == "done":
                break
            time.sleep(0.25)
        assert state.status_code == 200 and state.get_json()["filing"]["review_state"] == "done"
        # Nothing half-written: one filing (the refused upload left no row), its events the upload and one review.
        listed = client.get("/api/filings", headers=basic).get_json()
        assert listed["total"] == 1
        actions = [event["action"] for event in client.get(f"/api/filings/{first_id}", headers=basic)
                   .get_json()["events"]]
        assert actions == ["upload", "review"]
        assert store.verify().intact
        assert upload().status_code == 202
        assert client.get("/readyz").status_code == 200
    finally:
        release.set()
        worker.shutdown()
        store.engine.dispose()
