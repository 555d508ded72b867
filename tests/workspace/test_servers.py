"""Several ``pacomply serve`` processes over one throw-away PostgreSQL, on loopback, as a deployer behind a load
balancer runs them: uploads spread over both are each reviewed exactly once, a session made on one is honoured by the
other, the sign-in limits hold across them (and for a server started later), a server started behind a queue takes
only what nobody holds, and a server killed with ``kill -9`` hands its claimed reviews to the other once their lease
expires. The lease is 3 s here (``PACOMPLY_REVIEW_LEASE``), so the take-over is seconds, not the default minute.

The servers are shared by the module's tests, in order. Starting the servers costs most of the time (each spawns its
review process, which imports the review engine), so the default suite runs a sample: the session, the sign-in
limits and 6 uploads; the 200 uploads, the server started behind a queue and the kill -9 are the slow variant
(``-m slow``). ``test_claims.py`` holds the claims themselves in the default suite, without servers."""

from __future__ import annotations

import base64
import contextlib
import http.client
import json
import os
import re
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.workspace.conftest import CHEAP_HASH_PARAMETERS, EXAMPLES, PASSWORD, missing_service

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="kill -9 and SIGSTOP as Linux has them")

LEASE_SECONDS = 3
UPLOADERS = [f"uploader{index}" for index in range(10)]
FILING = "686a-compliant.json"


@dataclass
class Served:
    """One ``pacomply serve`` process: its process, port and log file."""

    process: subprocess.Popen[bytes]
    port: int
    log: Path

    def descendants(self) -> list[Any]:
        import psutil

        try:
            return psutil.Process(self.process.pid).children(recursive=True)
        except psutil.NoSuchProcess:
            return []

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=30)


def start_server(database: str, folder: Path, name: str) -> Served:
    """A ``pacomply serve`` on a free loopback port with one review process and the short lease, its stderr (the
    JSON log) in a file, so the server never blocks on a full pipe."""
    environment = {key: value for key, value in os.environ.items() if key != "PACOMPLY_SECRET_KEY"}
    environment.update(PYTHONPATH=str(EXAMPLES.parent), PACOMPLY_REVIEW_LEASE=str(LEASE_SECONDS))
    log = folder / f"{name}.log"
    with log.open("wb") as stderr:
        process = subprocess.Popen(
            [sys.executable, "-m", "pacomply", "serve", "--port", "0", "--workers", "1", "--database", database],
            stdout=subprocess.DEVNULL, stderr=stderr, env=environment, cwd=EXAMPLES.parent,
        )
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        match = re.search(r"on http://127\.0\.0\.1:(\d+)", log.read_text(errors="replace"))
        if match:
            return Served(process, int(match.group(1)), log)
        if process.poll() is not None:
            raise AssertionError(f"server {name} ended: {log.read_text(errors='replace')[-2000:]}")
        time.sleep(0.1)
    process.kill()
    raise AssertionError(f"server {name} did not start within 120 s")


def basic(username: str) -> dict[str, str]:
    return {"Authorization": "Basic " + base64.b64encode(f"{username}:{PASSWORD}".encode()).decode()}


def request(port: int, method: str, path: str, body: bytes | None = None, headers: dict[str, str] | None = None,
            ) -> tuple[int, dict[str, str], bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        connection.request(method, path, body=body, headers=headers or {})
        answer = connection.getresponse()
        return answer.status, {key.lower(): value for key, value in answer.getheaders()}, answer.read()
    finally:
        connection.close()


def upload(port: int, username: str) -> int:
    """Upload the filing as ``username`` over HTTP Basic, waiting out the account's quota (429); the filing's id."""
    data = (EXAMPLES / FILING).read_bytes()
    boundary = uuid.uuid4().hex
    body = (
        f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="{FILING}"\r\n'
        "Content-Type: application/octet-stream\r\n\r\n"
    ).encode() + data + f"\r\n--{boundary}--\r\n".encode()
    headers = {**basic(username), "Content-Type": f"multipart/form-data; boundary={boundary}"}
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        status, _headers, answer = request(port, "POST", "/api/filings", body, headers)
        if status == 202:
            return int(json.loads(answer)["id"])
        assert status == 429, (status, answer[:300])
        time.sleep(0.5)
    raise AssertionError("the quota never let an upload through")


def review_counts(database: str, engine: Any = None) -> dict[str, Any]:
    """Straight from the database: reviews per filing, and what is still pending (over ``engine`` when given, else
    an engine of its own)."""
    from sqlalchemy import create_engine, text

    own = engine is None
    engine = create_engine(database) if own else engine
    try:
        with engine.connect() as connection:
            # Pending first: a review recorded between the two reads then shows in the count of reviews, where the
            # other order could see its filing with no review and then nothing pending.
            pending = connection.scalar(text("SELECT count(*) FROM submissions WHERE review_state = 'pending'"))
            per_filing = dict(connection.execute(text(
                "SELECT submissions.id, count(reviews.id) FROM submissions LEFT JOIN reviews "
                "ON reviews.submission_id = submissions.id GROUP BY submissions.id"
            )).all())
    finally:
        if own:
            engine.dispose()
    return {"per_filing": per_filing, "pending": pending}


def wait_reviewed(database: str, timeout: float) -> dict[str, Any]:
    """The counts once nothing is pending (or at the timeout), looked at every 50 ms over one engine."""
    from sqlalchemy import create_engine

    engine = create_engine(database)
    deadline = time.monotonic() + timeout
    try:
        while True:
            counts = review_counts(database, engine)
            if counts["pending"] == 0 or time.monotonic() > deadline:
                return counts
            time.sleep(0.05)
    finally:
        engine.dispose()


def assert_each_reviewed_once(counts: dict[str, Any], expected: int) -> None:
    twice = {filing: reviews for filing, reviews in counts["per_filing"].items() if reviews != 1}
    assert counts["pending"] == 0, counts["pending"]
    assert len(counts["per_filing"]) == expected
    assert twice == {}, f"filings reviewed other than once: {twice}"


@dataclass
class Deployment:
    database: str
    folder: Path
    servers: list[Served]


@pytest.fixture(scope="module")
def deployment(postgres_cluster: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Deployment]:
    """Two servers, A and B, over one fresh PostgreSQL database with an administrator, rita and ten uploaders.

    The thirteen accounts' passwords are hashed at the tests' small argon2 cost, as every other workspace test's are
    (this fixture outlives the function-scoped one that sets it): at the served cost they took 1.4 s to add, and each
    sign-in the servers check costs what the stored hash says. A sign-in's cost under load is
    ``test_operation.py``'s subject, not this module's."""
    from pacomply.workspace import store_accounts
    from pacomply.workspace.store import open_store

    if postgres_cluster is None:
        missing_service("PostgreSQL (initdb, pg_ctl) or psycopg is not installed")
    database = postgres_cluster.new_database()
    setup = open_store(database)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(store_accounts, "HASH_PARAMETERS", CHEAP_HASH_PARAMETERS)
        setup.add_user("ada", PASSWORD, "admin")
        for name in ["rita", "lou", *UPLOADERS]:
            setup.add_user(name, PASSWORD, "reviewer")
    setup.engine.dispose()
    folder = tmp_path_factory.mktemp("servers")
    servers: list[Served] = []
    try:
        with ThreadPoolExecutor(2) as starting:
            servers.extend(starting.map(lambda name: start_server(database, folder, name), ["a", "b"]))
        yield Deployment(database, folder, servers)
    finally:
        for served in servers:
            with contextlib.suppress(Exception):
                for child in served.descendants():
                    child.kill()
            served.stop()


def _session_on(port: int, username: str, password: str = PASSWORD) -> tuple[int, str]:
    """Sign in through the form; the answer's status and the session cookie."""
    status, headers, page = request(port, "GET", "/login")
    cookie = headers.get("set-cookie", "").split(";")[0]
    token = re.search(r'name="csrf_token" value="([^"]+)"', page.decode())
    assert status == 200 and token is not None
    form = f"username={username}&password={password.replace(' ', '+')}&csrf_token={token.group(1)}"
    status, headers, _page = request(port, "POST", "/login", form.encode(), {
        "Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie,
    })
    return status, (headers.get("set-cookie", "").split(";")[0] or cookie)


def test_a_session_made_on_one_server_is_honoured_by_the_other(deployment: Deployment) -> None:
    """No PACOMPLY_SECRET_KEY: the deployment's signing key is made once and kept in the database."""
    first, second = deployment.servers
    status, cookie = _session_on(first.port, "rita")
    assert status == 302
    for served in (first, second):
        status, _headers, answer = request(served.port, "GET", "/api/whoami", headers={"Cookie": cookie})
        assert status == 200, answer[:200]
        assert json.loads(answer)["username"] == "rita"


def test_the_sign_in_limits_hold_across_the_two_servers(deployment: Deployment) -> None:
    """Six wrong passwords for one account (the limit is 5), alternated over A and B; then the right one is refused
    on either server (429), since both count the failures in the database."""
    first, second = deployment.servers
    statuses = [_session_on((first, second)[index % 2].port, "ada", "wrong password here")[0] for index in range(6)]
    assert statuses[:5] == [401] * 5, statuses  # the form again, with the error
    assert statuses[5] == 429, statuses
    for served in (first, second):
        assert _session_on(served.port, "ada")[0] == 429


def _spread(servers: list[Served], count: int) -> list[int]:
    """``count`` uploads from the ten uploaders, alternated over the servers, ten at a time."""
    with ThreadPoolExecutor(10) as uploading:
        return list(uploading.map(
            lambda index: upload(servers[index % len(servers)].port, UPLOADERS[index % len(UPLOADERS)]), range(count)
        ))


def test_uploads_spread_over_both_servers_are_each_reviewed_exactly_once(deployment: Deployment) -> None:
    ids = _spread(deployment.servers, 6)
    assert len(set(ids)) == 6
    assert_each_reviewed_once(wait_reviewed(deployment.database, 120), 6)


@pytest.mark.slow
def test_200_uploads_spread_over_both_servers_are_each_reviewed_exactly_once(deployment: Deployment) -> None:
    before = len(review_counts(deployment.database)["per_filing"])
    _spread(deployment.servers, 200)
    assert_each_reviewed_once(wait_reviewed(deployment.database, 600), before + 200)


def _review_processes(served: Served) -> list[Any]:
    """The server's review process (the pool's; the background renderer may have started beside it)."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        children = served.descendants()
        if children:
            return children
        time.sleep(0.1)
    raise AssertionError("the server's review processes did not start")


@pytest.mark.slow
def test_a_server_started_behind_a_queue_reviews_nothing_twice(deployment: Deployment) -> None:
    """A's review processes are stopped (SIGSTOP) while 12 filings are uploaded to it: A has claimed them, and they
    wait in its pool. Four more wait unclaimed in the database, as a restart leaves them. C starts behind that
    queue: C and B review the four, none of A's; then A continues and reviews its own. Each is reviewed once. C
    also refuses an account locked out on A before C started: the failures are the database's."""
    from pacomply.workspace import reviewing
    from pacomply.workspace.store import open_store

    first = deployment.servers[0]
    assert [_session_on(first.port, "lou", "wrong password here")[0] for _ in range(5)] == [401] * 5
    before = len(review_counts(deployment.database)["per_filing"])
    stopped = _review_processes(first)
    for child in stopped:
        child.send_signal(signal.SIGSTOP)
    try:
        with ThreadPoolExecutor(6) as uploading:
            list(uploading.map(lambda index: upload(first.port, UPLOADERS[index % 6]), range(12)))
        direct = open_store(deployment.database)
        data = (EXAMPLES / FILING).read_bytes()
        user = direct.users()[-1]
        for _ in range(4):
            direct.add_submission(FILING, data, reviewing.read_upload(FILING, data), user, user.username)
        third = start_server(deployment.database, deployment.folder, "c")
        deployment.servers.append(third)
        deadline = time.monotonic() + 120
        while review_counts(deployment.database)["pending"] > 12 and time.monotonic() < deadline:
            time.sleep(0.2)
        counts = review_counts(deployment.database)
        assert counts["pending"] == 12, counts["pending"]  # A's twelve, held by its claims while it runs
        status = direct.status()
        held = {server.id: server.reviews for server in status.servers}
        assert sorted(held.values())[-1] == 12 and status.unclaimed == 0 and status.expired == 0, status
        direct.engine.dispose()
        assert _session_on(third.port, "lou")[0] == 429
    finally:
        for child in stopped:
            with contextlib.suppress(Exception):
                child.send_signal(signal.SIGCONT)
    assert_each_reviewed_once(wait_reviewed(deployment.database, 120), before + 16)


@pytest.mark.slow
def test_a_server_killed_with_claims_hands_them_to_the_other_after_the_lease(deployment: Deployment) -> None:
    """A's review processes are stopped and 10 filings uploaded to it (claimed by A); then A and its processes are
    killed with SIGKILL. The others take A's ten once the lease (3 s) has expired, and review each once."""
    first = deployment.servers[0]
    before = len(review_counts(deployment.database)["per_filing"])
    stopped = _review_processes(first)
    for child in stopped:
        child.send_signal(signal.SIGSTOP)
    with ThreadPoolExecutor(5) as uploading:
        list(uploading.map(lambda index: upload(first.port, UPLOADERS[index % 5]), range(10)))
    assert review_counts(deployment.database)["pending"] == 10
    killed_at = time.monotonic()
    first.process.send_signal(signal.SIGKILL)
    for child in stopped:
        with contextlib.suppress(Exception):
            child.kill()
    first.process.wait(timeout=30)
    counts = wait_reviewed(deployment.database, 120)
    taken_over = time.monotonic() - killed_at
    assert_each_reviewed_once(counts, before + 10)
    # Not before the lease expired: A renewed its claims every third of the lease until it was killed.
    assert taken_over >= LEASE_SECONDS * 2 / 3 - 0.2, taken_over
