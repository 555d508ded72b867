"""Benchmark of the workspace on several servers over one PostgreSQL: --uploads filings (1,000) from --accounts
accounts (50) against one ``pacomply serve`` and then against two, in the same run, each over a fresh database on a
throw-away PostgreSQL cluster started here (``initdb``/``pg_ctl``, as the tests start one) unless --database-admin
names a server to make the databases on. Prints figures; asserts only that every filing was reviewed exactly once.

Each account's client signs in once (the session is honoured by every server: the signing key is the
deployment's) and uploads its share one after another, alternating over the servers, waiting out ``Retry-After``
when the account's 10 waiting reviews are used up. Measured for each case: the time until every filing is uploaded,
until every review is recorded, the filings reviewed other than once (must be none), and the CPU of the servers and
their review processes. On a shared 2-core machine the point is correctness and the shape of the scaling (two
servers share the same cores), not a speed-up.

    python bench/workspace_servers.py [--uploads 1000] [--accounts 50] [--workers 2] [--database-admin URL]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPOSITORY))

EXAMPLE = REPOSITORY / "examples" / "686a-compliant.json"
PASSWORD = "a reading lamp at noon"


def start_server(database: str, workers: int, log: Path) -> tuple[subprocess.Popen[bytes], str]:
    environment = {key: value for key, value in os.environ.items() if key != "PACOMPLY_SECRET_KEY"}
    with log.open("wb") as stderr:
        process = subprocess.Popen(
            [sys.executable, "-m", "pacomply", "serve", "--port", "0", "--workers", str(workers), "--database",
             database], stdout=subprocess.DEVNULL, stderr=stderr, env=environment, cwd=REPOSITORY,
        )
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        match = re.search(r"on (http://127\.0\.0\.1:\d+)", log.read_text(errors="replace"))
        if match:
            return process, match.group(1)
        if process.poll() is not None:
            raise SystemExit(f"a server ended: {log.read_text(errors='replace')[-2000:]}")
        time.sleep(0.1)
    process.kill()
    raise SystemExit("a server did not start within 180 s")


class Account:
    """One account's client: a session made on the first server, used on every server."""

    def __init__(self, name: str, urls: list[str]) -> None:
        import http.cookiejar

        self.name = name
        self.urls = urls
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        page = self.opener.open(f"{urls[0]}/login", timeout=60).read().decode()
        token = re.search(r'name="csrf_token" value="([^"]+)"', page)
        assert token is not None
        form = urllib.parse.urlencode({"username": name, "password": PASSWORD, "csrf_token": token.group(1)})
        for _attempt in range(30):
            try:
                self.opener.open(urllib.request.Request(f"{urls[0]}/login", data=form.encode()), timeout=60).read()
                break
            except urllib.error.HTTPError as error:  # the hashing lane busy: try again in a moment
                if error.code != 429:
                    raise
                time.sleep(1.0)
        whoami = json.loads(self.opener.open(f"{urls[0]}/api/whoami", timeout=60).read())
        self.token = whoami["csrf_token"]

    def upload(self, index: int, data: bytes) -> None:
        url = self.urls[index % len(self.urls)]
        boundary = uuid.uuid4().hex
        body = (
            f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="{EXAMPLE.name}"\r\n'
            "Content-Type: application/octet-stream\r\n\r\n"
        ).encode() + data + f"\r\n--{boundary}--\r\n".encode()
        while True:
            request = urllib.request.Request(f"{url}/api/filings", data=body, headers={
                "Content-Type": f"multipart/form-data; boundary={boundary}", "X-CSRFToken": self.token,
            })
            try:
                with self.opener.open(request, timeout=120) as answer:
                    if answer.status == 202:
                        return
            except urllib.error.HTTPError as error:
                if error.code != 429:
                    raise
                time.sleep(min(2.0, float(error.headers.get("Retry-After") or 1)))


def counts(database: str) -> tuple[int, int, int]:
    """Filings, filings still pending, filings reviewed other than once."""
    from sqlalchemy import create_engine, text

    engine = create_engine(database)
    try:
        with engine.connect() as connection:
            filings = connection.scalar(text("SELECT count(*) FROM submissions")) or 0
            pending = connection.scalar(text("SELECT count(*) FROM submissions WHERE review_state = 'pending'")) or 0
            other = connection.scalar(text(
                "SELECT count(*) FROM (SELECT submissions.id FROM submissions LEFT JOIN reviews ON "
                "reviews.submission_id = submissions.id GROUP BY submissions.id HAVING count(reviews.id) <> 1) AS odd"
            )) or 0
    finally:
        engine.dispose()
    return int(filings), int(pending), int(other)


def cpu_seconds(process: subprocess.Popen[bytes]) -> float:
    import psutil

    try:
        root = psutil.Process(process.pid)
        total = sum(root.cpu_times()[:2])
        for child in root.children(recursive=True):
            total += sum(child.cpu_times()[:2])
        return total
    except psutil.NoSuchProcess:
        return 0.0


def run_case(database: str, servers: int, workers: int, uploads: int, accounts: int, folder: Path) -> dict[str, float]:
    from pacomply.workspace import store_accounts
    from pacomply.workspace.store import open_store

    # The accounts' hashes at argon2's smallest cost (a hash carries its parameters, so the servers check them at
    # that cost): signing in 50 accounts is not what this measures.
    store_accounts.HASH_PARAMETERS = {"time_cost": 1, "memory_cost": 1024, "parallelism": 1}
    setup = open_store(database)
    for index in range(accounts):
        setup.add_user(f"bench{index}", PASSWORD, "reviewer")
    setup.engine.dispose()
    started = [start_server(database, workers, folder / f"server{servers}-{index}.log") for index in range(servers)]
    try:
        urls = [url for _process, url in started]
        with ThreadPoolExecutor(2) as signing_in:
            clients = list(signing_in.map(lambda index: Account(f"bench{index}", urls), range(accounts)))
        data = EXAMPLE.read_bytes()
        shares = [list(range(index, uploads, accounts)) for index in range(accounts)]
        cpu_before = sum(cpu_seconds(process) for process, _url in started)
        began = time.perf_counter()
        uploaded_at: list[float] = []

        def drive(client: Account, share: list[int]) -> None:
            for index in share:
                client.upload(index, data)

        threads = [
            threading.Thread(target=drive, args=(client, share)) for client, share in zip(clients, shares, strict=True)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        uploaded_at.append(time.perf_counter() - began)
        while True:
            filings, pending, _other = counts(database)
            if filings >= uploads and pending == 0:
                break
            time.sleep(0.25)
        reviewed = time.perf_counter() - began
        cpu = sum(cpu_seconds(process) for process, _url in started) - cpu_before
        _filings, _pending, other = counts(database)
    finally:
        for process, _url in started:
            process.terminate()
        for process, _url in started:
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
    return {"uploaded": uploaded_at[0], "reviewed": reviewed, "other_than_once": other, "cpu": cpu}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--uploads", type=int, default=1000)
    parser.add_argument("--accounts", type=int, default=50)
    parser.add_argument("--workers", type=int, default=2, help="review processes per server")
    parser.add_argument("--database-admin", metavar="URL",
                        help="a PostgreSQL server's URL (psycopg form) to make the two databases on")
    arguments = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="pacomply-bench-servers-"))
    cluster = None
    if arguments.database_admin is None:
        from tests.workspace.conftest import PostgresCluster, _postgres_bin

        binaries = _postgres_bin()
        if binaries is None:
            raise SystemExit("PostgreSQL (initdb, pg_ctl) is not installed; give --database-admin")
        cluster = PostgresCluster(binaries)
        cluster.start()
    try:
        rows = []
        for servers in (1, 2):
            if cluster is not None:
                database = cluster.new_database()
            else:
                import psycopg

                name = f"pacomply_bench_{os.getpid()}_{servers}"
                with psycopg.connect(arguments.database_admin, autocommit=True) as connection:
                    connection.execute(f'CREATE DATABASE "{name}"')
                database = re.sub(r"/[^/]*$", f"/{name}", arguments.database_admin).replace(
                    "postgresql://", "postgresql+psycopg://")
            load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
            figures = run_case(database, servers, arguments.workers, arguments.uploads, arguments.accounts, folder)
            rows.append((servers, load, figures))
            print(f"{servers} server(s): uploaded {figures['uploaded']:.1f} s, "
                  f"all reviewed {figures['reviewed']:.1f} s, "
                  f"reviewed other than once {figures['other_than_once']}, CPU {figures['cpu']:.1f} s "
                  f"(load average {load:.1f} at its start)", flush=True)
        print()
        print(f"| case ({arguments.uploads} uploads, {arguments.accounts} accounts, {arguments.workers} review "
              "processes a server) | all uploaded | all reviewed | reviewed other than once | CPU of the servers |")
        print("| --- | --- | --- | --- | --- |")
        for servers, load, figures in rows:
            print(f"| {servers} server(s), load {load:.1f} | {figures['uploaded']:.1f} s | "
                  f"{figures['reviewed']:.1f} s | "
                  f"{figures['other_than_once']} | {figures['cpu']:.1f} s |")
        if any(figures["other_than_once"] for _servers, _load, figures in rows):
            raise SystemExit("a filing was reviewed other than once")
    finally:
        if cluster is not None:
            cluster.stop()


if __name__ == "__main__":
    main()
