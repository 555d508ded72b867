"""The claimed review queue in the store, on SQLite and PostgreSQL: two servers claiming at once take disjoint
reviews, a live claim is not taken, an expired one is, and a review is recorded only under the claim that holds it."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from tests.workspace.conftest import EXAMPLES, reviewed


def _pending(store: Any, user: Any, count: int) -> list[int]:
    from pacomply.workspace import reviewing

    data = (EXAMPLES / "686a-compliant.json").read_bytes()
    filing = reviewing.read_upload("686a-compliant.json", data)
    return [store.add_submission("686a-compliant.json", data, filing, None, "test").id for _ in range(count)]


def test_two_servers_claim_disjoint_reviews_and_an_expired_claim_is_taken_over(store: Any, accounts: Any) -> None:
    from pacomply.workspace.store import ClaimLost

    ids = _pending(store, accounts["reviewer"], 10)
    first = [row[0] for row in store.claim_reviews("server-a", 6)]
    second = [row[0] for row in store.claim_reviews("server-b", 10)]
    assert first == ids[:6] and second == ids[6:]
    assert store.claim_reviews("server-c", 10) == []  # every one is held
    assert not store.claim_review(ids[0], "server-b")  # A's, while its lease runs
    assert store.renew_claims("server-a") == 6
    # A stops renewing: its claims expire (a lease already past), and C takes them over, not B's.
    assert store.renew_claims("server-a", timedelta(seconds=-1)) == 6
    assert [row[0] for row in store.claim_reviews("server-c", 10)] == ids[:6]
    status = store.status()
    assert (status.pending, status.unclaimed, status.expired) == (10, 0, 0)
    data = (EXAMPLES / "686a-compliant.json").read_bytes()
    review = reviewed("686a-compliant.json", data)
    with pytest.raises(ClaimLost):
        store.record_review(ids[0], review, "pacomply", claimant="server-a")
    assert store.reviews(ids[0]) == []  # nothing of A's review was written
    store.record_review(ids[0], review, "pacomply", claimant="server-c")
    assert len(store.reviews(ids[0])) == 1
    with pytest.raises(ClaimLost):  # recorded: no longer pending under anyone's claim
        store.record_review(ids[0], review, "pacomply", claimant="server-c")
    assert store.release_claims("server-c") == 5
    assert store.status().unclaimed == 5


def test_a_rendering_is_claimed_by_one_server_until_its_lease_expires(store: Any, accounts: Any) -> None:
    from tests.workspace.conftest import upload_example

    submission = upload_example(store, "686a-compliant.json", accounts["reviewer"])
    review_id = store.reviews(submission.id)[0].id
    assert store.claim_rendering(review_id, "server-a")
    assert not store.claim_rendering(review_id, "server-b")
    assert store.reviews_without_renderings(unclaimed=True) == []
    assert store.reviews_without_renderings() == [review_id]
    assert store.claim_rendering(review_id, "server-a", timedelta(seconds=-1))  # A's lease, now past
    assert store.reviews_without_renderings(unclaimed=True) == [review_id]
    assert store.claim_rendering(review_id, "server-b")
    store.release_rendering(review_id, "server-a")  # not A's any more: nothing released
    assert not store.claim_rendering(review_id, "server-a")


def test_the_session_key_is_made_once_for_the_deployment(store: Any) -> None:
    from pacomply.workspace.store import SESSION_KEY

    made = store.deployment_setting(SESSION_KEY, lambda: "first")
    assert made == "first"
    assert store.deployment_setting(SESSION_KEY, lambda: "second") == "first"


def test_a_server_on_a_sqlite_store_another_server_used_says_sqlite_keeps_one_server(
    tmp_path: Any, caplog: pytest.LogCaptureFixture
) -> None:
    import logging
    import time

    from pacomply.workspace.serve import build
    from pacomply.workspace.store import now, open_store

    url = f"sqlite:///{tmp_path / 'store.sqlite3'}"
    other = open_store(url)
    other.heartbeat("elsewhere:7:abcdef", "elsewhere", 7, now())
    other.engine.dispose()
    caplog.set_level(logging.WARNING, logger="pacomply.workspace")
    _app, worker = build(url, workers=1, processes=False, secret_key="k")
    try:
        assert any("SQLite keeps one server" in record.getMessage() for record in caplog.records)
        deadline = time.monotonic() + 30  # its own heartbeat, written by its claims' keeper as it starts
        while worker.claimant not in {server.id for server in worker.store.status().servers}:
            assert time.monotonic() < deadline, "the server wrote no heartbeat"
            time.sleep(0.05)
    finally:
        worker.shutdown()
    # A server that stops takes its heartbeat and claims with it.
    assert worker.claimant not in {server.id for server in worker.store.status().servers}
