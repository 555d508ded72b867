"""On PostgreSQL a server's renewal of its claims locks the rows in the order of their ids, as the recorder of reviews
locks its batch, so the two never hold a row each that the other waits for (a deadlock the database would break by
failing one of them). Under load the recorder's batches grow while pages are answered first, and a renewal then met
one in the opposite order; seen once on the load bench as "deadlock detected" while recording a batch."""

from __future__ import annotations

import threading
import time
from typing import Any

from tests.workspace.conftest import EXAMPLES, missing_service


def test_a_renewal_locks_its_claimed_rows_in_the_order_of_their_ids(postgres_cluster: Any) -> None:
    """Three claimed rows, the two lower ones rewritten so that they lie after the highest in the table (an UPDATE
    alone meets the highest first). The highest is locked by another transaction (a recording); the renewal, started
    meanwhile, has already locked the lowest while it waits for the highest, and finishes once that is released."""
    from pacomply.workspace import reviewing
    from pacomply.workspace.store import open_store
    from sqlalchemy import text
    from sqlalchemy.exc import OperationalError

    if postgres_cluster is None:
        missing_service("PostgreSQL (initdb, pg_ctl) or psycopg is not installed")
    store = open_store(postgres_cluster.new_database())
    try:
        data = (EXAMPLES / "686a-compliant.json").read_bytes()
        filing = reviewing.read_upload("686a-compliant.json", data)
        ids = [store.add_submission("686a-compliant.json", data, filing, None, "test").id for _ in range(3)]
        assert [row[0] for row in store.claim_reviews("server-a", 3)] == ids
        low, high = min(ids), max(ids)
        reviewer = store.add_user("rita", "correct horse battery", "reviewer")
        with store.engine.begin() as connection:
            # New versions of the lower rows, placed after the highest in the table and in every index (an indexed
            # column changes, so PostgreSQL cannot update them in place).
            connection.execute(text("UPDATE submissions SET assigned_to_id = :user WHERE id < :high"),
                               {"user": reviewer.id, "high": high})
            order = list(connection.scalars(text(
                "SELECT id FROM submissions WHERE claimed_by = 'server-a' AND review_state = 'pending' ORDER BY ctid"
            )))
        assert order[0] == high, order  # the order an UPDATE alone would lock them in
        renewed: list[int] = []
        with store.engine.connect() as recording:
            recording.execute(text("SELECT id FROM submissions WHERE id = :id FOR UPDATE"), {"id": high})
            renewal = threading.Thread(target=lambda: renewed.append(store.renew_claims("server-a")))
            renewal.start()
            try:
                with store.engine.connect() as probe:
                    deadline = time.monotonic() + 30
                    locked = False
                    while not locked and time.monotonic() < deadline:
                        probe.execute(text("SET lock_timeout = '50ms'"))
                        try:
                            probe.execute(text("SELECT id FROM submissions WHERE id = :id FOR UPDATE"), {"id": low})
                            probe.rollback()  # it was free: the renewal has not reached it yet
                            time.sleep(0.05)
                        except OperationalError:  # lock_timeout: the renewal holds the lowest row
                            probe.rollback()
                            locked = True
                    assert locked, "the renewal did not lock the lowest row while waiting for the highest"
                    assert renewal.is_alive()  # still waiting for the highest
            finally:
                recording.rollback()
                renewal.join(30)
        assert renewed == [3]
    finally:
        store.engine.dispose()
