"""Fixtures of the workspace tests: a store on SQLite and on a throw-away PostgreSQL cluster, accounts of every
role, a Flask test client that signs in, and a live server for the browser tests.

PostgreSQL and Chromium are services of the machine. Where one is missing the tests that need it are skipped
with a one-line reason, except under ``PACOMPLY_REQUIRE_SERVICES=1`` (set by ``.ci/run``), where a missing
service fails them: CI must run them.

What the tests write goes to a folder in memory where the machine has one with room (Linux's ``/dev/shm``): each
test's ``tmp_path`` (overridden here), its SQLite stores and the PostgreSQL cluster. The tests check the store's
rows and rules, not the disk's durability, and on a disk that discards each deleted block a cluster of a hundred
databases took a minute to remove. A PostgreSQL database a test had is emptied and handed to the next test
(:meth:`PostgresCluster.hand_back`) unless the test changed its schema.
"""

from __future__ import annotations

import contextlib
import functools
import os
import re
import shutil
import socket
import subprocess
import tempfile
import threading
import time
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


RAM_FOLDER_ROOM = 2 * 1024**3
"""The room a folder in memory must have to be used for the tests' files (a container's 64 MiB /dev/shm has not)."""


def ram_folder() -> Path | None:
    """Linux's folder in memory (tmpfs) when it is writable and has :data:`RAM_FOLDER_ROOM`; else None."""
    folder = Path("/dev/shm")
    try:
        room = os.statvfs(folder)
    except (OSError, AttributeError):
        return None
    if room.f_bavail * room.f_frsize < RAM_FOLDER_ROOM or not os.access(folder, os.W_OK | os.X_OK):
        return None
    return folder


_SCHEMA_FINGERPRINT = """
SELECT md5(string_agg(item, E'\n' ORDER BY item)) FROM (
    SELECT 'relation ' || c.relname || ' ' || c.relkind::text || ' ' || c.relrowsecurity::text
        || coalesce(' ' || pg_get_indexdef(c.oid), '') || coalesce(' ' || pg_get_viewdef(c.oid), '') AS item
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public'
    UNION ALL
    SELECT 'column ' || a.attrelid::regclass::text || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
        || ' ' || a.attnotnull::text || coalesce(' ' || pg_get_expr(d.adbin, d.adrelid), '')
    FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
    WHERE n.nspname = 'public' AND a.attnum > 0 AND NOT a.attisdropped
    UNION ALL
    SELECT 'constraint ' || conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid)
    FROM pg_constraint WHERE connamespace = 'public'::regnamespace
    UNION ALL
    SELECT 'trigger ' || tgrelid::regclass::text || ' ' || tgname || ' ' || tgenabled::text
        || ' ' || pg_get_triggerdef(oid)
    FROM pg_trigger WHERE NOT tgisinternal
    UNION ALL
    SELECT 'function ' || p.oid::regprocedure::text || ' ' || md5(p.prosrc)
    FROM pg_proc p WHERE p.pronamespace = 'public'::regnamespace
    UNION ALL
    SELECT 'rule ' || ev_class::regclass::text || ' ' || rulename || ' ' || ev_enabled::text FROM pg_rewrite r
    JOIN pg_class c ON c.oid = r.ev_class WHERE c.relnamespace = 'public'::regnamespace AND rulename <> '_RETURN'
    UNION ALL
    SELECT 'policy ' || polrelid::regclass::text || ' ' || polname FROM pg_policy
    UNION ALL
    SELECT 'setting ' || array_to_string(setconfig, ',') FROM pg_db_role_setting
    WHERE setdatabase = (SELECT oid FROM pg_database WHERE datname = current_database())
    UNION ALL
    SELECT 'revision ' || version_num FROM alembic_version
    UNION ALL
    SELECT 'large objects ' || count(*)::text FROM pg_largeobject_metadata
) AS schema
"""
"""One digest of everything of a database that emptying its tables would not put back: its relations, columns,
constraints, triggers and rules (and whether each is enabled), functions, policies, settings, schema revision and
large objects."""


class PostgresCluster:
    """A PostgreSQL cluster in a temporary folder (in memory where the machine has room, :func:`ram_folder`),
    listening on a unix socket there and on a loopback port."""

    def __init__(self, binaries: Path) -> None:
        self.binaries = binaries
        self.folder = Path(tempfile.mkdtemp(prefix="pacomply-pg-", dir=ram_folder()))
        self.data = self.folder / "data"
        self.port = _free_port()
        self._names = count(1)
        self._migrated: str | None = None
        self._schema: str | None = None
        """The migrated template's :data:`_SCHEMA_FINGERPRINT`: a database handed back with another is not reused."""
        self._spare: list[str] = []
        """Databases at the newest schema with no rows, emptied after a test (:meth:`hand_back`)."""
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

    def _connect(self, database: str = "postgres") -> Any:
        import psycopg

        return psycopg.connect(f"host=127.0.0.1 port={self.port} user=postgres dbname={database}", autocommit=True)

    def _url(self, name: str) -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{name}"

    def _new_name(self) -> str:
        return f"pacomply_{os.getpid()}_{next(self._names)}"

    def new_database(self, migrated: bool = False) -> str:
        """A fresh database's SQLAlchemy URL: empty, or a copy of a database upgraded to the newest schema once per
        cluster (``CREATE DATABASE ... TEMPLATE``), so that each test need not run the migrations again."""
        template = f' TEMPLATE "{self._migrated_template()}"' if migrated else ""
        name = self._new_name()
        with self._connect() as admin:
            admin.execute(f'CREATE DATABASE "{name}"{template}')
        return self._url(name)

    def clean_database(self) -> str:
        """A database at the newest schema with no rows: one an earlier test handed back (:meth:`hand_back`), else
        a fresh copy of the migrated template."""
        if self._spare:
            return self._url(self._spare.pop())
        return self.new_database(migrated=True)

    def hand_back(self, url: str) -> None:
        """Empty a test's database for the next test, as a fresh copy of the template would be, unless the test
        changed what emptying leaves (:data:`_SCHEMA_FINGERPRINT`); then it is left alone, unused.

        Every other connection to it is ended and it is renamed, so a connection the test left behind finds it no
        more; then every table but the schema revision is emptied (its triggers held off for that alone, as the
        append-only tables refuse TRUNCATE) and every sequence starts again."""
        import psycopg

        name, renamed = url.rsplit("/", 1)[1], self._new_name()
        try:
            with self._connect() as admin:
                deadline = time.monotonic() + 10
                while admin.execute(
                    "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE datname = %s", (name,)
                ).fetchone()[0]:
                    if time.monotonic() > deadline:
                        return
                    time.sleep(0.005)
                admin.execute(f'ALTER DATABASE "{name}" RENAME TO "{renamed}"')
            with self._connect(renamed) as connection:
                if connection.execute(_SCHEMA_FINGERPRINT).fetchone()[0] != self._schema:
                    return
                tables = [row[0] for row in connection.execute(
                    "SELECT quote_ident(tablename) FROM pg_tables WHERE schemaname = 'public' "
                    "AND tablename <> 'alembic_version'"
                )]
                with connection.transaction():
                    connection.execute("SET LOCAL session_replication_role = replica")
                    connection.execute(f"TRUNCATE {', '.join(tables)}")
                    connection.execute(  # every sequence, whether or not a column owns it, back to its start
                        "SELECT count(setval(s.seqrelid, s.seqstart, false)) FROM pg_sequence s "
                        "JOIN pg_class c ON c.oid = s.seqrelid WHERE c.relnamespace = 'public'::regnamespace"
                    )
        except psycopg.Error:
            return
        self._spare.append(renamed)

    def _migrated_template(self) -> str:
        if self._migrated is None:
            from pacomply.workspace.store import open_store

            url = self.new_database()
            open_store(url).engine.dispose()  # no connection is left to it: a template must have none
            name = url.rsplit("/", 1)[1]
            with self._connect(name) as connection:
                self._schema = connection.execute(_SCHEMA_FINGERPRINT).fetchone()[0]
            self._migrated = name
        return self._migrated


SHARED_DEPLOYMENT = Path(__file__).with_name("test_servers.py")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests of ``test_servers.py`` first, together. They share one module-scoped deployment (two servers and
    their review processes, about 5 s to start), which a pytest-xdist worker starts for itself whenever it runs any
    of them: at the end of the collection, where the scheduler hands out one or two tests at a time, they were split
    over both workers and the deployment was started twice. At the front they fall in the first worker's share (the
    work-stealing scheduler of tests/conftest.py splits the list in two and steals from the end of a share). The
    order is the same in every worker (the scheduler requires it); only these tests move."""
    shared = [item for item in items if item.path == SHARED_DEPLOYMENT]
    if shared and len(shared) < len(items):
        items[:] = shared + [item for item in items if item.path != SHARED_DEPLOYMENT]


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


@pytest.fixture(scope="session")
def scratch_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """This test process's folder for what the tests write: in memory where the machine has room
    (:func:`ram_folder`; removed when the process ends), else pytest's own temporary folder."""
    ram = ram_folder()
    if ram is None:
        yield tmp_path_factory.getbasetemp()
        return
    folder = Path(tempfile.mkdtemp(prefix="pacomply-tests-", dir=ram))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def tmp_path(request: pytest.FixtureRequest, scratch_folder: Path) -> Path:
    """pytest's ``tmp_path`` for the workspace tests: a new folder of each test, in :func:`scratch_folder`."""
    name = re.sub(r"[^A-Za-z0-9_.-]", "_", request.node.name)[:40]
    return Path(tempfile.mkdtemp(prefix=f"{name}-", dir=scratch_folder))


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
def migrated_sqlite_file(scratch_folder: Path) -> Path:
    """A SQLite file upgraded to the newest schema, once per test process: each test gets a copy of it."""
    from pacomply.workspace.store import open_store

    path = Path(tempfile.mkdtemp(prefix="migrated-", dir=scratch_folder)) / "store.sqlite3"
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
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh database at the newest schema, with no rows: a SQLite file, and a database on the throw-away
    PostgreSQL cluster (a copy of the one migrated per test process, or one an earlier test had, emptied)."""
    if request.param == "sqlite":
        yield fresh_sqlite_url(request.getfixturevalue("migrated_sqlite_file"), tmp_path / "store.sqlite3")
        return
    cluster = request.getfixturevalue("postgres_cluster")
    if cluster is None:
        missing_service("PostgreSQL (initdb, pg_ctl) or psycopg is not installed")
    url = cluster.clean_database()
    yield url
    cluster.hand_back(url)


def open_migrated(url: str) -> Any:
    """The store at ``url``, a database already at the newest schema (``database_url``): opened without asking
    the migrations again, which costs tens of milliseconds a store and finds nothing to do."""
    from pacomply.workspace.store import open_store

    return open_store(url, upgrade=False)


@pytest.fixture
def store(database_url: str) -> Any:
    opened = open_migrated(database_url)
    yield opened
    opened.engine.dispose()


@pytest.fixture
def sqlite_store(tmp_path: Path, migrated_sqlite_file: Path) -> Any:
    opened = open_migrated(fresh_sqlite_url(migrated_sqlite_file, tmp_path / "store.sqlite3"))
    yield opened
    opened.engine.dispose()


CHEAP_HASH_PARAMETERS = {"time_cost": 1, "memory_cost": 1024, "parallelism": 1}
"""argon2 at its smallest cost: what the tests hash passwords with wherever the hash's cost is not what they test (a
stored hash carries its parameters, so a server checks such a password at the same small cost)."""

_STRONG_ENOUGH: set[tuple[str, str]] = set()
"""The passwords (with their user names) the store's strength check passed in this test process."""


@pytest.fixture(autouse=True)
def cheap_password_hashes(monkeypatch: pytest.MonkeyPatch) -> None:
    """argon2 at its smallest cost, and the store's strength check of a password (zxcvbn: a third of what adding
    an account costs) made once for a password and user name it passed, as it is a function of them alone: the
    tests sign in and add accounts hundreds of times, and neither cost is what they test. A password the check
    refuses is checked each time; ``test_accounts.py`` calls the check itself."""
    from pacomply.workspace import store_accounts

    monkeypatch.setattr(store_accounts, "HASH_PARAMETERS", CHEAP_HASH_PARAMETERS)
    check = store_accounts.check_password

    def checked_once(password: str, username: str = "") -> None:
        if (password, username) not in _STRONG_ENOUGH:
            check(password, username)
            _STRONG_ENOUGH.add((password, username))

    monkeypatch.setattr(store_accounts, "check_password", checked_once)


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


@contextlib.contextmanager
def served(app: Any, threads: int = 4) -> Iterator[Any]:
    """``app`` served by waitress on a free loopback port, its loop in a thread of this process; the server.

    Stopped in order: the requests in flight finish first (a request thread still running after the server closed
    would write its wake-up byte to a closed descriptor, which a later connection reuses), then the server's
    sockets are closed by its own loop's thread (closed from another thread, they are pulled from under the loop's
    ``select``, which fails with EBADF), and the thread ends."""
    from waitress import create_server, wasyncore

    server = create_server(app, host="127.0.0.1", port=0, threads=threads)
    loop = threading.Thread(target=server.run, name="waitress", daemon=True)
    loop.start()
    try:
        yield server
    finally:
        server.task_dispatcher.shutdown(timeout=60)
        server.trigger.pull_trigger(functools.partial(wasyncore.close_all, server._map))
        loop.join(30)
        assert not loop.is_alive(), "waitress's loop did not end"


@pytest.fixture
def live_server(tmp_path: Path, migrated_sqlite_file: Path) -> Iterator[tuple[str, Any]]:
    """The workspace served by waitress on a free loopback port, in this process; its URL and review worker (the
    store is its ``store``)."""
    from pacomply.workspace.serve import build

    database = fresh_sqlite_url(migrated_sqlite_file, tmp_path / "live.sqlite3")
    app, worker = build(database, workers=1, processes=False, secret_key="live")
    try:
        with served(app) as server:
            yield f"http://127.0.0.1:{server.effective_port}", worker
    finally:
        worker.shutdown()
