"""Fixtures of the workspace tests: a store on SQLite and on a throw-away PostgreSQL cluster, accounts of every
role, a Flask test client that signs in, and a live server for the browser tests.

PostgreSQL and Chromium are services of the machine. Where one is missing the tests that need it are skipped
with a one-line reason, except under ``PACOMPLY_REQUIRE_SERVICES=1`` (set by ``.ci/run``), where a missing
service fails them: CI must run them.
"""

from __future__ import annotations

import functools
import os
import re
import shutil
import socket
import subprocess
import tempfile
import threading
from collections.abc import Callable, Iterator
from itertools import count
from pathlib import Path
from typing import Any

import pytest

REPOSITORY = Path(__file__).resolve().parents[2]
EXAMPLES = REPOSITORY / "examples"
PASSWORD = "correct horse battery"
LICENSEE_A = "Allegheny Riverfront Gaming"
LICENSEE_B = "Keystone Downs Casino"


def missing_service(reason: str) -> None:
    """Skip, or fail where CI requires the service."""
    if os.environ.get("PACOMPLY_REQUIRE_SERVICES") == "1":
        pytest.fail(f"{reason} (PACOMPLY_REQUIRE_SERVICES=1 requires it)")
    pytest.skip(reason)


def _postgres_bin() -> Path | None:
    for candidate in sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True):
        if (candidate / "initdb").exists() and (candidate / "pg_ctl").exists():
            return candidate
    found = shutil.which("initdb")
    return Path(found).parent if found and shutil.which("pg_ctl") else None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class PostgresCluster:
    """A PostgreSQL cluster in a temporary folder, listening on a unix socket there and on a loopback port."""

    def __init__(self, binaries: Path) -> None:
        self.binaries = binaries
        self.folder = Path(tempfile.mkdtemp(prefix="pacomply-pg-"))
        self.data = self.folder / "data"
        self.port = _free_port()
        self._names = count(1)
        self._migrated: str | None = None
        # PostgreSQL refuses to run as root: as root (CI), the cluster belongs to the 'postgres' account.
        self.prefix: list[str] = []
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            import pwd

            account = pwd.getpwnam("postgres")
            os.chown(self.folder, account.pw_uid, account.pw_gid)
            self.folder.chmod(0o700)
            self.prefix = ["runuser", "-u", "postgres", "--"]

    def _run(self, *arguments: str) -> None:
        subprocess.run([*self.prefix, *arguments], check=True, capture_output=True, timeout=120)

    def start(self) -> None:
        self._run(str(self.binaries / "initdb"), "-D", str(self.data), "-A", "trust", "-U", "postgres", "--no-sync")
        self.resume()

    def resume(self) -> None:
        """Start the server (again) on the same port and data."""
        options = f"-k {self.folder} -p {self.port} -c listen_addresses=127.0.0.1 -c fsync=off"
        self._run(str(self.binaries / "pg_ctl"), "-D", str(self.data), "-o", options, "-w", "-l",
                  str(self.folder / "log"), "start")

    def pause(self) -> None:
        """Stop the server as a crash or an operator would (its connections are cut), keeping its data."""
        self._run(str(self.binaries / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop")

    def stop(self) -> None:
        try:
            self._run(str(self.binaries / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)

    def new_database(self, migrated: bool = False) -> str:
        """A fresh database's SQLAlchemy URL: empty, or a copy of a database upgraded to the newest schema once per
        cluster (``CREATE DATABASE ... TEMPLATE``), so that each test need not run the migrations again."""
        import psycopg

        template = f' TEMPLATE "{self._migrated_template()}"' if migrated else ""
        name = f"pacomply_{os.getpid()}_{next(self._names)}"
        with psycopg.connect(f"host=127.0.0.1 port={self.port} user=postgres dbname=postgres", autocommit=True) as db:
            db.execute(f'CREATE DATABASE "{name}"{template}')
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{name}"

    def _migrated_template(self) -> str:
        if self._migrated is None:
            from pacomply.workspace.store import open_store

            url = self.new_database()
            open_store(url).engine.dispose()  # no connection is left to it: a template must have none
            self._migrated = url.rsplit("/", 1)[1]
        return self._migrated


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[PostgresCluster | None]:
    binaries = _postgres_bin()
    if binaries is None:
        yield None
        return
    try:
        import psycopg  # noqa: F401
    except ImportError:
        yield None
        return
    cluster = PostgresCluster(binaries)
    try:
        cluster.start()
    except (subprocess.SubprocessError, OSError, KeyError) as error:
        shutil.rmtree(cluster.folder, ignore_errors=True)
        pytest.fail(f"PostgreSQL is installed but a throw-away cluster did not start: {error}")
    yield cluster
    cluster.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def empty_database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """An empty database: a SQLite file, and a database on the throw-away PostgreSQL cluster."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'store.sqlite3'}"
    cluster = request.getfixturevalue("postgres_cluster")
    if cluster is None:
        missing_service("PostgreSQL (initdb, pg_ctl) or psycopg is not installed")
    return cluster.new_database()


@pytest.fixture(scope="session")
def migrated_sqlite_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite file upgraded to the newest schema, once per test process: each test gets a copy of it."""
    from pacomply.workspace.store import open_store

    path = tmp_path_factory.mktemp("migrated") / "store.sqlite3"
    template = open_store(f"sqlite:///{path}")
    with template.engine.connect() as connection:
        connection.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")  # everything in the file itself
    template.engine.dispose()
    return path


def fresh_sqlite_url(template: Path, path: Path) -> str:
    """A copy of the migrated SQLite file at ``path``: a fresh store at the newest schema."""
    shutil.copyfile(template, path)
    return f"sqlite:///{path}"


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh database at the newest schema, with no rows: a SQLite file, and a database on the throw-away
    PostgreSQL cluster (both copied from one migrated per test process)."""
    if request.param == "sqlite":
        return fresh_sqlite_url(request.getfixturevalue("migrated_sqlite_file"), tmp_path / "store.sqlite3")
    cluster = request.getfixturevalue("postgres_cluster")
    if cluster is None:
        missing_service("PostgreSQL (initdb, pg_ctl) or psycopg is not installed")
    return cluster.new_database(migrated=True)


@pytest.fixture
def store(database_url: str) -> Any:
    from pacomply.workspace.store import open_store

    opened = open_store(database_url)
    yield opened
    opened.engine.dispose()


@pytest.fixture
def sqlite_store(tmp_path: Path, migrated_sqlite_file: Path) -> Any:
    from pacomply.workspace.store import open_store

    opened = open_store(fresh_sqlite_url(migrated_sqlite_file, tmp_path / "store.sqlite3"))
    yield opened
    opened.engine.dispose()


@pytest.fixture(autouse=True)
def cheap_password_hashes(monkeypatch: pytest.MonkeyPatch) -> None:
    """argon2 at its smallest cost: the tests sign in hundreds of times, and the cost is not what they test."""
    from pacomply.workspace import store_accounts

    monkeypatch.setattr(store_accounts, "HASH_PARAMETERS", {"time_cost": 1, "memory_cost": 1024, "parallelism": 1})


@functools.cache
def reviewed(name: str, data: bytes) -> Any:
    """The stored review of an upload, made once per content (a review is deterministic)."""
    from pacomply.workspace import reviewing

    return reviewing.review_upload(name, data)


def add_accounts(store: Any) -> dict[str, Any]:
    """One account of every role, and a licensee account for each of two licensees."""
    return {
        "reviewer": store.add_user("rita", PASSWORD, "reviewer"),
        "reviewer2": store.add_user("reuben", PASSWORD, "reviewer"),
        "supervisor": store.add_user("sam", PASSWORD, "supervisor"),
        "admin": store.add_user("ada", PASSWORD, "admin"),
        "licensee_a": store.add_user("lee", PASSWORD, "licensee", LICENSEE_A),
        "licensee_b": store.add_user("kay", PASSWORD, "licensee", LICENSEE_B),
    }


@pytest.fixture
def accounts(store: Any) -> dict[str, Any]:
    return add_accounts(store)


def upload_example(store: Any, name: str, user: Any = None, data: bytes | None = None) -> Any:
    """Store an example filing and record its review, as the worker would."""
    from pacomply.workspace import reviewing

    data = (EXAMPLES / name).read_bytes() if data is None else data
    filing = reviewing.read_upload(name, data)
    submission = store.add_submission(name, data, filing, user, user.username if user else "test")
    store.record_review(submission.id, reviewed(name, data), "pacomply")
    return submission


class WebClient:
    """A Flask test client with the CSRF token of its session at hand."""

    def __init__(self, client: Any) -> None:
        self.client = client
        self.token = ""

    def refresh_token(self, path: str = "/login") -> str:
        page = self.client.get(path)
        match = re.search(r'name="csrf_token" value="([^"]+)"', page.get_data(as_text=True))
        assert match is not None, f"no CSRF token on {path}"
        self.token = match.group(1)
        return self.token

    def sign_in(self, username: str, password: str = PASSWORD) -> Any:
        self.refresh_token("/login")
        form = {"username": username, "password": password, "csrf_token": self.token}
        response = self.client.post("/login", data=form)
        assert response.status_code == 302, response.get_data(as_text=True)
        self.refresh_token("/upload")
        return response

    def post(self, path: str, data: dict[str, Any] | None = None, **options: Any) -> Any:
        return self.client.post(path, data={"csrf_token": self.token, **(data or {})}, **options)

    def upload(self, name: str, data: bytes) -> Any:
        import io

        return self.post("/upload", {"file": (io.BytesIO(data), name)}, content_type="multipart/form-data")

    def get(self, path: str, **options: Any) -> Any:
        return self.client.get(path, **options)


def _web(store: Any) -> Iterator[tuple[Any, Any, Callable[[], WebClient]]]:
    from pacomply.workspace.web import create_app
    from pacomply.workspace.worker import ReviewWorker

    add_accounts(store)
    worker = ReviewWorker(store, workers=1, processes=False)
    app = create_app(store, worker, secret_key="test", max_upload_bytes=2 * 1024 * 1024)
    yield app, worker, lambda: WebClient(app.test_client())
    worker.shutdown()


@pytest.fixture
def web(sqlite_store: Any) -> Iterator[tuple[Any, Any, Callable[[], WebClient]]]:
    """The application over a SQLite store with every kind of account; a factory of test clients."""
    yield from _web(sqlite_store)


@pytest.fixture
def web_on_every_database(store: Any) -> Iterator[tuple[Any, Any, Callable[[], WebClient]]]:
    """The same, over SQLite and over PostgreSQL."""
    yield from _web(store)


@pytest.fixture
def live_server(tmp_path: Path, migrated_sqlite_file: Path) -> Iterator[tuple[str, Any]]:
    """The workspace served by waitress on a free loopback port, in this process; its URL and store."""
    from pacomply.workspace.serve import build
    from waitress import create_server

    database = fresh_sqlite_url(migrated_sqlite_file, tmp_path / "live.sqlite3")
    app, worker = build(database, workers=1, processes=False, secret_key="live")
    server = create_server(app, host="127.0.0.1", port=0, threads=4)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.effective_port}", worker.store
    server.task_dispatcher.shutdown(timeout=60)  # requests in flight end before the server's descriptors close
    server.close()
    worker.shutdown()
