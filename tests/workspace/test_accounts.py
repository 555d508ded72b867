"""Sessions, sign-in and passwords (OWASP ASVS level 2), through the web application on SQLite and PostgreSQL:
sign-out revokes the session, signing in rotates the session and the CSRF token, idle and absolute timeouts,
throttled guesses that cost no hash, audited sign-ins, the password policy, change/reset/deactivate, and the last
administrator."""

from __future__ import annotations

import base64
from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import text

from tests.workspace.conftest import PASSWORD, WebClient, add_accounts


def _app(store: Any, **options: Any) -> Any:
    from pacomply.workspace.web import create_app
    from pacomply.workspace.worker import ReviewWorker

    return create_app(store, ReviewWorker(store, workers=1, processes=False), secret_key="test", **options)


@pytest.fixture
def site(store: Any) -> Any:
    add_accounts(store)
    return store


def _signed_in(app: Any, username: str) -> WebClient:
    client = WebClient(app.test_client())
    client.sign_in(username)
    return client


def _events(store: Any, *actions: str) -> list[tuple[str, str]]:
    with store.engine.connect() as connection:
        rows = connection.execute(text("SELECT actor, action FROM events WHERE submission_id IS NULL ORDER BY id"))
        return [(row[0], row[1]) for row in rows if row[1] in actions]


def test_a_session_cookie_copied_before_sign_out_no_longer_works_after_it(site: Any) -> None:
    app = _app(site)
    client = _signed_in(app, "rita")
    copied = client.client.get_cookie("session").value
    assert client.get("/").status_code == 200
    assert client.post("/logout").status_code == 302
    thief = app.test_client()
    thief.set_cookie("session", copied)
    refused = thief.get("/")
    assert refused.status_code == 302 and refused.location.startswith("/login")
    assert thief.get("/api/filings").status_code == 401
    with site.engine.connect() as connection:
        assert connection.execute(text("SELECT ended_why FROM web_sessions")).scalar_one() == "signed out"


def test_signing_in_rotates_the_session_and_the_csrf_token(site: Any) -> None:
    app = _app(site)
    client = WebClient(app.test_client())
    before_token = client.refresh_token("/login")
    before_cookie = client.client.get_cookie("session").value
    client.post("/login", {"username": "rita", "password": PASSWORD})
    after_cookie = client.client.get_cookie("session").value
    assert after_cookie != before_cookie
    # The token issued before the sign-in is refused after it; a fresh one works.
    stale = client.client.post("/logout", data={"csrf_token": before_token})
    assert stale.status_code == 400 and "security token" in stale.get_data(as_text=True)
    client.refresh_token("/upload")
    assert client.token != before_token
    assert client.post("/logout").status_code == 302


def test_an_idle_session_and_an_old_session_end(site: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same limits, waits and requests as in real time, on the store's clock moved by hand: the session
    decisions read only that clock (``store_accounts.now``), so no test time is spent waiting."""
    from pacomply.workspace import store_accounts

    clock = [store_accounts.now()]
    monkeypatch.setattr(store_accounts, "now", lambda: clock[0])

    def wait(seconds: float) -> None:
        clock[0] += timedelta(seconds=seconds)

    idle = _app(site, session_idle=timedelta(seconds=2))
    client = _signed_in(idle, "rita")
    started = clock[0]
    while clock[0] < started + timedelta(seconds=3):  # in use more often than the idle limit: it stays
        assert client.get("/api/whoami").status_code == 200
        wait(0.4)
    wait(2.6)
    assert client.get("/").status_code == 302
    absolute = _app(site, session_absolute=timedelta(seconds=4))
    busy = _signed_in(absolute, "reuben")
    started = clock[0]
    while clock[0] < started + timedelta(seconds=2):  # in use all along: only the absolute limit ends it
        assert busy.get("/api/whoami").status_code == 200
        wait(0.3)
    wait(max(0.0, (started + timedelta(seconds=4.6) - clock[0]).total_seconds()))
    assert busy.get("/api/whoami").status_code == 401
    with site.engine.connect() as connection:
        ended = sorted(str(row[0]) for row in connection.execute(text("SELECT ended_why FROM web_sessions")))
    assert ended == ["absolute timeout", "idle timeout"]


def test_sign_in_guesses_are_throttled_per_account_and_per_address_before_any_hash(
    site: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pacomply.workspace.throttle import SignInThrottle, ThrottleLimits

    app = _app(site, throttle=SignInThrottle(ThrottleLimits(per_account=3, per_address=6, tarpit_seconds=0.2)))
    hashes = []
    real = site.authenticate
    monkeypatch.setattr(site, "authenticate", lambda *arguments: hashes.append(1) or real(*arguments))
    guesser = WebClient(app.test_client())
    guesser.refresh_token()
    for _ in range(3):
        assert guesser.post("/login", {"username": "rita", "password": "guess guess guess"}).status_code == 401
    locked = guesser.post("/login", {"username": "rita", "password": PASSWORD})  # even the right password
    assert locked.status_code == 429 and int(locked.headers["Retry-After"]) > 0
    assert "too many failed sign-ins for this account" in locked.get_data(as_text=True)
    assert len(hashes) == 3  # the refusal computed no hash
    # The same address guessing other accounts: three more failures, then the address is refused too.
    for name in ("reuben", "sam", "nobody"):
        assert guesser.post("/login", {"username": name, "password": "guess guess guess"}).status_code == 401
    assert guesser.post("/login", {"username": "ada", "password": PASSWORD}).status_code == 429
    assert len(hashes) == 6
    # A locked-out address gets a short answer even for the sign-in page: no form, no session cookie.
    page = app.test_client().get("/login")
    assert page.status_code == 429 and "Set-Cookie" not in page.headers and "<form" not in page.get_data(as_text=True)
    # HTTP Basic credentials on the JSON endpoints go through the same throttle.
    token = base64.b64encode(f"rita:{PASSWORD}".encode()).decode()
    basic = app.test_client().get("/api/filings", headers={"Authorization": f"Basic {token}"})
    assert basic.status_code == 429 and "too many" in basic.get_json()["error"]
    assert _events(site, "sign-in failed").count(("rita", "sign-in failed")) == 3
    assert ("rita", "sign-in throttled") in _events(site, "sign-in throttled")


def test_sign_ins_and_failures_are_audit_events(site: Any) -> None:
    app = _app(site)
    client = WebClient(app.test_client())
    client.refresh_token()
    client.post("/login", {"username": "rita", "password": "not the password"})
    client.sign_in("rita")
    assert _events(site, "sign-in", "sign-in failed") == [("rita", "sign-in failed"), ("rita", "sign-in")]
    admin = _signed_in(app, "ada")
    page = admin.get("/users").get_data(as_text=True)
    assert "sign-in failed" in page and "wrong user name or password" in page


@pytest.mark.parametrize(
    ("password", "why"),
    [
        ("password", "at least 12"),
        ("12345678", "at least 12"),
        ("correct", "at least 12"),
        ("password1234", "most common"),
        ("!Dragon2024!", "most common"),
        ("monkeymonkey", "most common"),
        ("qwertyuiop123", "most common"),
        ("aaaaaaaaaaaaaaaa", "most common"),
        ("newbie is my name", "user name"),
        ("qwertyuiopasdf", "too easy to guess"),  # a keyboard walk, in no list
        ("jennifer19851225", "too easy to guess"),  # a name and a date
    ],
)
def test_a_weak_password_is_refused(store: Any, password: str, why: str) -> None:
    from pacomply.workspace.store import WorkspaceError

    with pytest.raises(WorkspaceError, match=why):
        store.add_user("newbie", password, "reviewer")
    assert store.users() == []


def test_the_common_passwords_are_zxcvbns_list_and_its_score_decides_the_rest() -> None:
    """The list refused is zxcvbn's own ``passwords`` frequency list, its first 10,000 (no copy in the code), and a
    password past the list is held to zxcvbn's score with the account's name as a known word."""
    from pacomply.workspace.passwords import MINIMUM_SCORE, WeakPassword, check_password, common_passwords
    from zxcvbn import zxcvbn
    from zxcvbn.frequency_lists import FREQUENCY_LISTS

    assert common_passwords() == frozenset(FREQUENCY_LISTS["passwords"][:10_000])
    assert "123456" in common_passwords() and FREQUENCY_LISTS["passwords"][10_000] not in common_passwords()
    accepted = "a reading lamp at noon"
    assert zxcvbn(accepted)["score"] >= MINIMUM_SCORE
    check_password(accepted, "rita")
    # "rita1958rita" holds the name; "ritaritarita" is one of the repeats: both refused, the message never
    # repeating the password.
    for refused in ("ritaritarita", "rita1958rita"):
        with pytest.raises(WeakPassword) as raised:
            check_password(refused, "rita")
        assert refused not in str(raised.value)


def test_a_password_is_changed_reset_and_an_account_deactivated_each_ending_its_sessions(site: Any) -> None:
    app = _app(site)
    rita, elsewhere = _signed_in(app, "rita"), _signed_in(app, "rita")
    wrong = rita.post("/account", {"current_password": "nope nope nope", "new_password": "a brand new phrase",
                                   "confirm_password": "a brand new phrase"})
    assert wrong.status_code == 403
    weak = rita.post("/account", {"current_password": PASSWORD, "new_password": "password1234",
                                  "confirm_password": "password1234"})
    assert weak.status_code == 400
    changed = rita.post("/account", {"current_password": PASSWORD, "new_password": "a brand new phrase",
                                     "confirm_password": "a brand new phrase"})
    assert changed.status_code == 302
    assert rita.get("/").status_code == 200  # this session stays
    assert elsewhere.get("/").status_code == 302  # the other one ended
    assert site.authenticate("rita", "a brand new phrase") is not None
    assert site.authenticate("rita", PASSWORD) is None

    admin = _signed_in(app, "ada")
    assert admin.post("/users/rita/password", {"password": "reset by the admin"}).status_code == 302
    assert rita.get("/").status_code == 302
    assert site.authenticate("rita", "reset by the admin") is not None
    reuben = _signed_in(app, "reuben")
    assert admin.post("/users/reuben/active", {"active": "0"}).status_code == 302
    assert reuben.get("/").status_code == 302
    assert site.authenticate("reuben", PASSWORD) is None
    assert admin.post("/users/reuben/active", {"active": "1"}).status_code == 302
    assert site.authenticate("reuben", PASSWORD) is not None
    actions = [action for _actor, action in _events(site, "password changed", "password reset",
                                                          "account deactivated", "account activated")]
    assert actions == ["password changed", "password reset", "account deactivated", "account activated"]


def test_the_last_administrator_cannot_be_demoted_or_deactivated(site: Any) -> None:
    from pacomply.workspace.store import Conflict

    app = _app(site)
    admin = _signed_in(app, "ada")
    for path, form in (("/users/ada/role", {"role": "reviewer"}), ("/users/ada/active", {"active": "0"})):
        refused = admin.post(path, form)
        assert refused.status_code == 409 and "last active administrator" in refused.get_data(as_text=True)
    with pytest.raises(Conflict):
        site.set_role("ada", "reviewer", actor="cli")
    site.set_role("sam", "admin", actor="ada")
    site.set_role("ada", "reviewer", actor="sam")  # another administrator exists now
    assert {user.username: user.role for user in site.users()}["ada"] == "reviewer"


def test_password_and_activity_through_the_json_endpoints(site: Any) -> None:
    app = _app(site)
    api = app.test_client()

    def basic(username: str, password: str = PASSWORD) -> dict[str, str]:
        return {"Authorization": "Basic " + base64.b64encode(f"{username}:{password}".encode()).decode()}

    refused = api.post("/api/users/rita/password", json={"password": "a fresh long phrase"}, headers=basic("rita"))
    assert refused.status_code == 403
    reset = api.post("/api/users/rita/password", json={"password": "a fresh long phrase"}, headers=basic("ada"))
    assert reset.get_json() == {"username": "rita", "reset": True}
    weak = api.post("/api/account/password", json={"current_password": "a fresh long phrase",
                                                   "new_password": "qwerty123456"},
                    headers=basic("rita", "a fresh long phrase"))
    assert weak.status_code == 400 and "most common" in weak.get_json()["error"]
    changed = api.post("/api/account/password", json={"current_password": "a fresh long phrase",
                                                      "new_password": "my own long phrase"},
                       headers=basic("rita", "a fresh long phrase"))
    assert changed.get_json() == {"changed": True}
    assert api.post("/api/users/rita/active", json={"active": "no"}, headers=basic("ada")).status_code == 400
    off = api.post("/api/users/rita/active", json={"active": False}, headers=basic("ada"))
    assert off.get_json() == {"username": "rita", "active": False}
    assert api.get("/api/whoami", headers=basic("rita", "my own long phrase")).status_code == 401
    last = api.post("/api/users/ada/active", json={"active": False}, headers=basic("ada"))
    assert last.status_code == 409 and "last active administrator" in last.get_json()["error"]


def test_a_locked_out_address_waits_for_its_refusal_in_a_bounded_number_of_sleeping_slots() -> None:
    """A guessing client waits for each refusal instead of guessing again at once; the waits hold at most
    ``tarpit_slots`` server threads, and a refusal beyond them is answered at once (threads stay free for pages)."""
    import threading
    import time

    from pacomply.workspace.throttle import SignInThrottle, ThrottleLimits
    from pacomply.workspace.web import LockedOutGate

    throttle = SignInThrottle(ThrottleLimits(per_address=2, tarpit_seconds=0.5, tarpit_slots=2))
    for _ in range(2):
        throttle.failed("rita", "10.0.0.9")
    passed_through = []
    gate = LockedOutGate(lambda environ, start: passed_through.append(environ) or [b""], throttle)
    answers: list[tuple[str, float]] = []

    def sign_in_page() -> None:
        started = time.perf_counter()
        statuses = []
        gate({"PATH_INFO": "/login", "REMOTE_ADDR": "10.0.0.9"}, lambda status, headers: statuses.append(status))
        answers.append((statuses[0], time.perf_counter() - started))

    clients = [threading.Thread(target=sign_in_page) for _ in range(4)]
    for client in clients:
        client.start()
    for client in clients:
        client.join()
    assert [status for status, _ in answers] == ["429 Too Many Requests"] * 4 and not passed_through
    waits = sorted(seconds for _, seconds in answers)
    assert waits[-2] >= 0.5 and waits[-1] >= 0.5  # two held back, one per slot
    assert waits[0] < 0.25 and waits[1] < 0.25  # the others answered at once
    # Another address, and every other page, pass straight through.
    gate({"PATH_INFO": "/login", "REMOTE_ADDR": "10.0.0.10"}, lambda status, headers: None)
    gate({"PATH_INFO": "/", "REMOTE_ADDR": "10.0.0.9"}, lambda status, headers: None)
    assert len(passed_through) == 2


def test_suspect_hashes_run_one_at_a_time_at_lowest_priority_and_never_hold_up_a_clean_sign_in() -> None:
    """A sign-in from an address or for an account with recent failures is hashed in the suspect lane (one thread,
    nice 19 on Linux, refused as busy past ``wait_seconds``); one with none is hashed in the clean lane at the
    pages' priority, even while the suspect lane is taken."""
    import os
    import sys
    import threading

    from pacomply.workspace.throttle import SignInThrottle, Throttled, ThrottleLimits

    throttle = SignInThrottle(ThrottleLimits(concurrent=1, wait_seconds=0.2))
    seen = []

    def check(username: str, password: str) -> str:
        seen.append((threading.current_thread().name, os.getpriority(os.PRIO_PROCESS, threading.get_native_id())))
        return username

    throttle.failed("nobody", "10.0.0.66")  # the guessing address
    assert throttle.check_password(check, "a", "x", "10.0.0.66") == "a"
    assert seen[-1][0].startswith("pacomply-hash_")
    if sys.platform.startswith("linux"):
        assert seen[-1][1] == 19
    assert throttle.check_password(check, "rita", "x", "10.0.0.1") == "rita"
    assert seen[-1][0].startswith("pacomply-hash-clean")
    if sys.platform.startswith("linux"):
        assert seen[-1][1] == os.getpriority(os.PRIO_PROCESS, 0)  # the process's own, not lowered
    # The suspect lane's one slot taken: another suspect guess is refused, not queued; a clean sign-in goes ahead.
    started, release = threading.Event(), threading.Event()
    blocker = threading.Thread(
        target=throttle.check_password,
        args=(lambda *_: started.set() or release.wait(5), "b", "y", "10.0.0.66"),
    )
    blocker.start()
    assert started.wait(5)
    with pytest.raises(Throttled, match="busy"):
        throttle.check_password(check, "c", "y", "10.0.0.66")
    assert throttle.check_password(check, "sam", "y", "10.0.0.2") == "sam"
    release.set()
    blocker.join()
    assert throttle.check_password(check, "c", "y", "10.0.0.66") == "c"


def test_the_throttle_forgets_failures_past_its_window_and_stays_bounded() -> None:
    from pacomply.workspace.throttle import SignInThrottle, Throttled, ThrottleLimits

    now = [0.0]
    throttle = SignInThrottle(ThrottleLimits(per_account=2, per_address=100, window_seconds=60, tracked=1000),
                              clock=lambda: now[0])
    throttle.failed("rita", "10.0.0.1")
    throttle.failed("RITA", "10.0.0.2")  # one account, whatever the case
    with pytest.raises(Throttled):
        throttle.check("rita", "10.0.0.3")
    now[0] = 61.0
    throttle.check("rita", "10.0.0.3")  # the window has passed
    for index in range(5000):  # a flood of new names from new addresses, six seconds apart
        now[0] = 61.0 + index * 6
        throttle.failed(f"name-{index}", f"10.1.{index // 250}.{index % 250}")
    assert len(throttle._counts._failures) <= 1000 + 2  # type: ignore[attr-defined]
