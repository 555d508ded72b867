"""Uploads under load: an account at its quota of waiting reviews is refused before its upload is read, so a client
retrying while its reviews wait costs the server a count, not a reading of the file."""

from __future__ import annotations

import io
from typing import Any

import pytest

from tests.workspace.conftest import EXAMPLES


def _pending_uploads(store: Any, user: Any, count: int) -> None:
    from pacomply.workspace import reviewing

    data = (EXAMPLES / "686a-compliant.json").read_bytes()
    filing = reviewing.read_upload("f.json", data)
    for _ in range(count):
        store.add_submission("f.json", data, filing, user, user.username)


def test_an_account_at_its_quota_is_refused_before_its_upload_is_read(web_on_every_database: Any) -> None:
    """With 10 reviews waiting (the quota), an upload that is not even a filing is answered 429 (the quota), not
    400 (its reading problems): the quota is checked before the upload is parsed and read. Nothing is stored."""
    from pacomply.workspace.store import MAX_PENDING_PER_ACCOUNT

    app, _worker, client_factory = web_on_every_database
    store = app.extensions["pacomply"].store
    rita = next(user for user in store.users() if user.username == "rita")
    client = client_factory()
    client.sign_in("rita")
    unreadable = b"not a workbook at all"
    below = client.upload("broken.xlsx", unreadable)
    assert below.status_code == 400, below.get_data(as_text=True)  # below the quota the reading decides
    _pending_uploads(store, rita, MAX_PENDING_PER_ACCOUNT)
    at_quota = client.upload("broken.xlsx", unreadable)
    assert at_quota.status_code == 429, at_quota.get_data(as_text=True)
    assert "waiting for their review" in at_quota.get_data(as_text=True)
    api = client.client.post(
        "/api/filings", data={"file": (io.BytesIO(unreadable), "broken.xlsx")},
        headers={"X-CSRFToken": client.token}, content_type="multipart/form-data",
    )
    assert api.status_code == 429, api.get_data(as_text=True)
    assert len(store.queue(rita, limit=100).submissions) == MAX_PENDING_PER_ACCOUNT


def test_the_quota_check_before_reading_counts_only_the_accounts_own_waiting_reviews(
    store: Any, accounts: Any
) -> None:
    """The early check counts the uploader's waiting reviews only: another account's 10 do not refuse rita."""
    from pacomply.workspace.store import MAX_PENDING_PER_ACCOUNT, QuotaExceeded

    _pending_uploads(store, accounts["reviewer2"], MAX_PENDING_PER_ACCOUNT)
    store.check_quota(accounts["reviewer"])  # nothing waiting for rita: no refusal
    with pytest.raises(QuotaExceeded, match="10 filings waiting"):
        store.check_quota(accounts["reviewer2"])
    with pytest.raises(QuotaExceeded):
        store.check_quota(accounts["reviewer"], max_pending=0)
