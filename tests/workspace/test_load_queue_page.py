"""The queue page, the page a signed-in user opens most, costs two transactions of the database per request: its
session's check, and one for the page itself (the count, the rows, their chapters, assignees and verdicts, and the
filter lists), so under load it waits for a connection and wins back the interpreter lock as few times as it can
(docs/workspace.md, "Load")."""

from __future__ import annotations

import re
from typing import Any

from tests.workspace.conftest import LICENSEE_A, LICENSEE_B, upload_example


def test_the_queue_page_is_one_transaction_beside_its_session_check_with_the_filter_lists(
    web_on_every_database: Any,
) -> None:
    from sqlalchemy import event

    app, _worker, client = web_on_every_database
    store = app.extensions["pacomply"].store
    users = {user.username: user for user in store.users()}
    upload_example(store, "686a-violations.json", users["rita"])  # LICENSEE_A's
    upload_example(store, "686a-compliant.json", users["rita"])  # LICENSEE_B's
    staff, licensee = client(), client()
    staff.sign_in("rita")
    licensee.sign_in("lee")
    transactions = []
    listener = lambda *_arguments: transactions.append(1)  # noqa: E731
    event.listen(store.engine, "begin", listener)
    try:
        page = staff.get("/")
        counted = len(transactions)
        licensee_page = licensee.get("/")
    finally:
        event.remove(store.engine, "begin", listener)
    assert page.status_code == 200 and licensee_page.status_code == 200
    assert counted == 2, counted
    assert len(transactions) == 4, transactions
    body = page.get_data(as_text=True)
    licensees = re.search(r'<select name="licensee">(.*?)</select>', body, re.S)
    reviewers = re.search(r'<select name="reviewer">(.*?)</select>', body, re.S)
    assert licensees is not None and reviewers is not None
    assert re.findall(r'<option value="([^"]+)"', licensees.group(1)) == sorted([LICENSEE_A, LICENSEE_B])
    assert re.findall(r'<option value="([^"]+)"', reviewers.group(1)) == ["-", *store.reviewers()]
    # A licensee's page lists its own licensee only, and no reviewer filter (the Board's assignments are internal).
    theirs = licensee_page.get_data(as_text=True)
    assert '<select name="reviewer">' not in theirs
    own = re.search(r'<select name="licensee">(.*?)</select>', theirs, re.S)
    assert own is not None and LICENSEE_B not in own.group(1)
    assert re.findall(r'<option value="([^"]+)"', own.group(1)) == [LICENSEE_A]
