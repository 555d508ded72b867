"""A sign-in refused because its hashing lane is taken ("the server is busy"), on SQLite and PostgreSQL: the refusal
counts as a failed sign-in when the address already failed or when no active account has the name, so a guessing
address cannot keep using the clean lane by being refused there, while a user (an existing account, from an address
with no failures) refused as busy has nothing counted against her (docs/workspace.md, Security)."""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from tests.workspace.conftest import PASSWORD, add_accounts

GUESSER = "198.51.100.7"
USER_ADDRESS = "203.0.113.20"


def _app(store: Any, per_address: int = 20) -> tuple[Any, Any, Any]:
    from pacomply.workspace.throttle import SignInThrottle, ThrottleLimits
    from pacomply.workspace.web import create_app
    from pacomply.workspace.worker import ReviewWorker

    add_accounts(store)
    # One slot in each lane and a short wait, so a lane held by the test refuses the next sign-in quickly. Only a
    # lane the test holds (until its block ends) is ever waited for, so the refusal does not depend on the wait's
    # length; each refusal costs the whole wait (eight per database here).
    throttle = SignInThrottle(ThrottleLimits(
        per_address=per_address, concurrent=1, clean_concurrent=1, wait_seconds=0.05, tarpit_seconds=0,
    ))
    worker = ReviewWorker(store, workers=1, processes=False)
    return create_app(store, worker, secret_key="t", throttle=throttle, trusted_proxies=1), worker, throttle


@contextmanager
def _lane_held(throttle: Any, clean: bool) -> Iterator[None]:
    """The clean lane (or the suspect lane) taken by a hash that waits until the block ends. The suspect lane is
    reached through an address with a failure of its own (192.0.2.1), counted here first."""
    holder = "192.0.2.2" if clean else "192.0.2.1"
    if not clean:
        throttle.failed("someone", holder)
    started, release = threading.Event(), threading.Event()

    def hash_held(_username: str, _password: str) -> None:
        started.set()
        release.wait(30)

    thread = threading.Thread(target=throttle.check_password, args=(hash_held, "holder", "x", holder))
    thread.start()
    assert started.wait(30), "the lane's hash never started"
    try:
        yield
    finally:
        release.set()
        thread.join(30)


def _sign_in(app: Any, username: str, password: str, address: str) -> int:
    client = app.test_client()
    headers = {"X-Forwarded-For": address}
    page = client.get("/login", headers=headers)
    if page.status_code != 200:  # a locked-out address is refused before the sign-in page
        return page.status_code
    token = re.search(r'name="csrf_token" value="([^"]+)"', page.get_data(as_text=True))
    assert token is not None
    form = {"username": username, "password": password, "csrf_token": token.group(1)}
    return client.post("/login", data=form, headers=headers).status_code


def _failures(store: Any, kind: str, key: str) -> int:
    found = store.sign_in_failures([(kind, key)], datetime.now(UTC) - timedelta(hours=1))
    return len(found[(kind, key)])


def test_a_busy_refusal_of_an_unknown_account_counts_against_its_address_and_moves_it_out_of_the_clean_lane(
    store: Any,
) -> None:
    """A clean address asking for a name no account has, refused as busy in the clean lane: 429, one failure
    against the address and the name, a 'sign-in failed' event, and its next attempt is no longer clean."""
    pytest.importorskip("flask")
    app, worker, throttle = _app(store)
    try:
        assert throttle.clean("nobody", GUESSER)
        with _lane_held(throttle, clean=True):
            assert _sign_in(app, "nobody", "wrong password!", GUESSER) == 429
        assert _failures(store, "address", GUESSER) == 1
        assert _failures(store, "account", "nobody") == 1
        assert not throttle.clean("another-name", GUESSER)
        failed = [event for event in store.account_events() if event.action == "sign-in failed"]
        assert len(failed) == 1 and "busy" in failed[0].detail and GUESSER in failed[0].detail
    finally:
        worker.shutdown()


def test_a_busy_refusal_of_a_deactivated_account_counts_as_one_of_no_such_account(store: Any) -> None:
    """A deactivated account cannot sign in whatever the password, so to the throttle it is a name no account has:
    its busy refusal from a clean address counts against the address; an active account's does not."""
    pytest.importorskip("flask")
    app, worker, throttle = _app(store)
    try:
        store.set_active("reuben", False, "ada")
        assert store.can_sign_in("rita") and not store.can_sign_in("reuben") and not store.can_sign_in("nobody")
        assert not store.can_sign_in("ri\x00ta") and not store.can_sign_in("r" * 81)
        with _lane_held(throttle, clean=True):
            assert _sign_in(app, "reuben", PASSWORD, GUESSER) == 429
            assert _sign_in(app, "rita", PASSWORD, USER_ADDRESS) == 429
        assert _failures(store, "address", GUESSER) == 1
        assert _failures(store, "address", USER_ADDRESS) == 0
    finally:
        worker.shutdown()


def test_busy_refusals_of_a_failing_address_add_up_to_its_lockout(store: Any) -> None:
    """An address with a failure, refused as busy in the suspect lane while it tries a real account's name:
    each refusal counts against the address (not against the account, which a refusal says nothing about), and
    at the address's limit (3 here) it is locked out (429 before the sign-in page, let alone a hash) even with
    the right password."""
    pytest.importorskip("flask")
    app, worker, throttle = _app(store, per_address=3)
    try:
        assert _sign_in(app, "nobody", "wrong password!", GUESSER) == 401
        with _lane_held(throttle, clean=False):
            assert _sign_in(app, "rita", "wrong password!", GUESSER) == 429
            assert _sign_in(app, "rita", PASSWORD, GUESSER) == 429
        assert _failures(store, "address", GUESSER) == 3
        assert _failures(store, "account", "rita") == 0
        # Locked out now: refused before the sign-in page is served, let alone a hash, though the lanes are free.
        assert _sign_in(app, "rita", PASSWORD, GUESSER) == 429
        assert throttle.address_retry_after(GUESSER) is not None
        # rita herself, from her own address, signs in: nothing was counted against her account.
        assert throttle.clean("rita", USER_ADDRESS)
        assert _sign_in(app, "rita", PASSWORD, USER_ADDRESS) == 302
    finally:
        worker.shutdown()


def test_a_busy_refusal_of_a_user_from_a_clean_address_counts_against_nobody(store: Any) -> None:
    """rita (an active account) from an address with no failures, refused as busy in the clean lane: 429, and
    nothing is counted or recorded as a failure, so she signs in as soon as the lane frees."""
    pytest.importorskip("flask")
    app, worker, throttle = _app(store)
    try:
        with _lane_held(throttle, clean=True):
            for _ in range(3):
                assert _sign_in(app, "rita", PASSWORD, USER_ADDRESS) == 429
        assert _failures(store, "address", USER_ADDRESS) == 0
        assert _failures(store, "account", "rita") == 0
        assert "sign-in failed" not in [event.action for event in store.account_events()]
        assert throttle.clean("rita", USER_ADDRESS)
        assert _sign_in(app, "rita", PASSWORD, USER_ADDRESS) == 302
    finally:
        worker.shutdown()
