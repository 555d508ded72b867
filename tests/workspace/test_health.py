"""``/healthz`` and ``/readyz`` without sign-in (the only routes open besides the sign-in page), and the JSON log:
one line per request and per review, with no secret in any of them."""

from __future__ import annotations

import json
import logging
from typing import Any

import pytest

from tests.workspace.conftest import EXAMPLES, PASSWORD


def test_only_the_sign_in_page_and_the_two_health_checks_are_open() -> None:
    from pacomply.workspace.web import PUBLIC_ENDPOINTS

    assert frozenset({"sign_in.login", "static", "health.healthz", "health.readyz"}) == PUBLIC_ENDPOINTS


def test_healthz_and_readyz_answer_without_a_session_and_readyz_names_what_is_not_ready(
    web_on_every_database: Any,
) -> None:
    app, worker, _client = web_on_every_database
    anonymous = app.test_client()
    up = anonymous.get("/healthz")
    assert up.status_code == 200 and up.get_json() == {"status": "up"}
    ready = anonymous.get("/readyz")
    assert ready.status_code == 200
    assert ready.get_json() == {"status": "ready", "checks": {"database": "ready", "reviews": "ready"}}
    worker.shutdown()
    stopped = anonymous.get("/readyz")
    assert stopped.status_code == 503 and stopped.headers["Retry-After"] == "5"
    assert stopped.get_json()["checks"] == {"database": "ready", "reviews": "the review pool is stopped"}
    assert anonymous.get("/healthz").status_code == 200  # the process is still up


def test_the_database_is_not_ready_behind_the_newest_schema_or_when_it_does_not_answer(
    empty_database_url: str,
) -> None:
    from pacomply.workspace.store import newest_revision, open_store

    database_url = empty_database_url

    behind = open_store(database_url, upgrade=False)
    behind.upgrade("0004")
    assert behind.readiness() == f"the schema is at 0004, not {newest_revision()}"
    behind.upgrade()
    assert behind.readiness() == "ready"
    behind.engine.dispose()
    if database_url.startswith("postgresql"):
        gone = open_store(database_url.replace(database_url.split("@")[1].split("/")[0], "127.0.0.1:1"),
                          upgrade=False)
        assert gone.readiness() == "the database does not answer"


def _lines(records: list[logging.LogRecord]) -> list[dict[str, Any]]:
    return [json.loads(record.getMessage()) for record in records if record.name == "pacomply.workspace.events"]


def test_one_json_line_per_request_and_per_review_with_no_secret(
    web_on_every_database: Any, caplog: pytest.LogCaptureFixture
) -> None:
    _app, worker, client = web_on_every_database
    caplog.set_level(logging.INFO, logger="pacomply.workspace.events")
    rita = client()
    signed_in = rita.sign_in("rita")
    data = (EXAMPLES / "686a-compliant.json").read_bytes()
    uploaded = rita.upload("686a-compliant.json", data)
    filing_id = int(uploaded.headers["Location"].rstrip("/").rsplit("/", 1)[1])
    assert worker.wait_idle(60)
    page = rita.get(f"/filings/{filing_id}?q=secret-search")
    lines = _lines(caplog.records)
    requests = [line for line in lines if line["kind"] == "request"]
    assert {tuple(sorted(line)) for line in requests} == {
        ("duration_ms", "id", "kind", "method", "route", "status", "user")
    }
    answered = {(line["method"], line["route"], line["status"], line["user"]) for line in requests}
    assert ("POST", "/login", 302, "rita") in answered  # signed in by the time it answers
    assert ("POST", "/upload", 302, "rita") in answered
    shown = [line for line in requests if line["route"] == "/filings/<int:submission_id>"]
    assert shown and shown[-1]["status"] == 200 and shown[-1]["id"] == page.headers["X-Request-Id"]
    assert all(isinstance(line["duration_ms"], float) and line["duration_ms"] >= 0 for line in requests)
    reviews = [line for line in lines if line["kind"] == "review"]
    assert [(line["id"], line["user"], line["route"], line["status"]) for line in reviews] == [
        (filing_id, "pacomply", "review", "reviewed")
    ]
    # No secret: no password, no CSRF token, no session cookie, no query string.
    text = "\n".join(record.getMessage() for record in caplog.records)
    cookie = signed_in.headers["Set-Cookie"].split(";")[0].split("=", 1)[1]
    for secret in (PASSWORD, rita.token, cookie, "secret-search"):
        assert secret not in text


def test_a_refusal_by_the_sign_in_gate_is_logged_too(sqlite_store: Any, caplog: pytest.LogCaptureFixture) -> None:
    from pacomply.workspace.throttle import SignInThrottle, ThrottleLimits
    from pacomply.workspace.web import create_app
    from pacomply.workspace.worker import ReviewWorker

    caplog.set_level(logging.INFO, logger="pacomply.workspace.events")
    throttle = SignInThrottle(ThrottleLimits(per_address=1, tarpit_seconds=0))
    worker = ReviewWorker(sqlite_store, workers=1, processes=False)
    app = create_app(sqlite_store, worker, secret_key="t", throttle=throttle)
    throttle.failed("nobody", "127.0.0.1")  # counted in the store, as the application counts it
    try:
        assert app.test_client().post("/login", data={"username": "x", "password": "y"}).status_code == 429
        assert app.test_client().get("/no/such/page/with-a-secret").status_code == 302  # to the sign-in page
    finally:
        worker.shutdown()
    lines = [(line["route"], line["status"]) for line in _lines(caplog.records)]
    assert lines == [("/login", 429), ("(no route)", 302)]
