"""Benchmark of the review workspace over HTTP on loopback. Prints latencies; asserts nothing.

The server is the one ``pacomply serve`` runs (waitress, a pool of review processes, SQLite unless --database),
started in this process on a free 127.0.0.1 port, driven with urllib, and stopped at the end.

1. Upload and review of one 686a filing (examples/686a-violations.xlsx): the upload's response time, and the time
   until its review is recorded (polled every 20 ms), --repeat times.
2. The queue page with 10,000 stored filings: the first page, filtered by licensee, by chapter, by status, and
   the last page. The rows are inserted in bulk (20 licensees, 7 chapters, dates over three years); each has a
   review row holding one real review's JSON, so the verdict column is filled as it is in use.
3. 20 uploads at once from 20 client threads: each upload's response time, and the time until all 20 reviews are
   recorded (bounded by --timeout; the run stops itself either way).

    python bench/workspace.py [--repeat 5] [--filings 10000] [--concurrent 20] [--database URL]
"""

from __future__ import annotations

import argparse
import http.cookiejar
import json
import re
import statistics
import sys
import tempfile
import threading
import time
import urllib.request
import uuid
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPOSITORY))

from pacomply.workspace import reviewing  # noqa: E402
from pacomply.workspace.serve import build  # noqa: E402

EXAMPLE = REPOSITORY / "examples" / "686a-violations.xlsx"
PASSWORD = "benchmark password"
CHAPTERS = ("633a", "645a", "681a", "685a", "686a", "687a", "688a")
STATUSES = ("received", "in review", "changes requested", "approved")


class Client:
    """A signed-in browser-like session (cookie and CSRF token) over urllib."""

    def __init__(self, base: str, username: str) -> None:
        self.base = base
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        page = self.opener.open(f"{base}/login").read().decode()
        token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)  # type: ignore[union-attr]
        form = urllib.parse.urlencode({"username": username, "password": PASSWORD, "csrf_token": token}).encode()
        self.opener.open(f"{base}/login", data=form).read()
        self.token = json.loads(self.opener.open(f"{base}/api/whoami").read())["csrf_token"]

    def get(self, path: str) -> bytes:
        with self.opener.open(f"{self.base}{path}") as response:
            return response.read()  # type: ignore[no-any-return]

    def upload(self, name: str, data: bytes) -> dict[str, object]:
        boundary = uuid.uuid4().hex
        body = (
            f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="{name}"\r\n'
            "Content-Type: application/octet-stream\r\n\r\n"
        ).encode() + data + f"\r\n--{boundary}--\r\n".encode()
        request = urllib.request.Request(
            f"{self.base}/api/filings",
            data=body,
            headers={"Content-Type": f"multipart/form-data; boundary={boundary}", "X-CSRFToken": self.token},
        )
        with self.opener.open(request) as response:
            return json.loads(response.read())  # type: ignore[no-any-return]

    def wait_reviewed(self, submission_id: int, timeout: float) -> float:
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            state = json.loads(self.get(f"/api/filings/{submission_id}"))["filing"]["review_state"]
            if state != "pending":
                return time.perf_counter()
            time.sleep(0.02)
        raise TimeoutError(f"filing {submission_id} was not reviewed within {timeout} s")


def _milliseconds(values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return (
        f"median {statistics.median(ordered) * 1000:7.1f} ms  p95 {p95 * 1000:7.1f} ms  "
        f"max {ordered[-1] * 1000:7.1f} ms  (n={len(ordered)})"
    )


def _fill(store: object, count: int) -> None:
    """Insert ``count`` submissions in bulk, each with a review row holding one real review's JSON."""
    from pacomply.workspace.models import ReviewRecord, Submission, SubmissionChapter
    from sqlalchemy import insert

    data = EXAMPLE.read_bytes()
    stored = reviewing.review_upload(EXAMPLE.name, data)
    document = json.dumps(stored.document)
    start = datetime(2024, 1, 1, tzinfo=UTC)
    with store.engine.begin() as connection:  # type: ignore[attr-defined]
        first_id = 1_000_000
        for offset in range(0, count, 1000):
            rows, chapters, reviews = [], [], []
            for index in range(offset, min(count, offset + 1000)):
                submission_id = first_id + index
                rows.append(
                    {
                        "id": submission_id, "original_name": f"filing-{index}.xlsx", "sha256": f"{index:064x}",
                        "size": len(data), "content": data, "licensee": f"Licensee {index % 20:02d}",
                        "date_filed": date(2024, 1, 1) + timedelta(days=index % 1000),
                        "uploaded_at": start + timedelta(minutes=index), "uploaded_by_id": None,
                        "status": STATUSES[index % 4], "review_state": "done", "review_problem": None, "version": 2,
                    }
                )
                chapters.append({"submission_id": submission_id, "chapter": CHAPTERS[index % 7]})
                reviews.append(
                    {
                        "submission_id": submission_id, "created_at": start + timedelta(minutes=index),
                        "tool_version": stored.tool_version, "rulebooks": "[]", "compliant": False,
                        "summary": stored.document["verdict"]["summary"], "document": document, "pdf": b"", "xlsx": b"",
                    }
                )
            connection.execute(insert(Submission), rows)
            connection.execute(insert(SubmissionChapter), chapters)
            connection.execute(insert(ReviewRecord), reviews)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--filings", type=int, default=10_000)
    parser.add_argument("--concurrent", type=int, default=20)
    parser.add_argument("--workers", type=int, default=2, help="review processes")
    parser.add_argument("--timeout", type=float, default=600.0, help="seconds allowed for the concurrent reviews")
    parser.add_argument("--database", help="a SQLAlchemy URL (an empty database); a temporary SQLite file if omitted")
    arguments = parser.parse_args()

    import logging

    from waitress import create_server

    # waitress logs each time requests wait for a thread; the latencies below say the same, once.
    logging.getLogger("waitress.queue").setLevel(logging.ERROR)

    with tempfile.TemporaryDirectory(prefix="pacomply-bench-") as folder:
        database = arguments.database or f"sqlite:///{Path(folder) / 'bench.sqlite3'}"
        app, worker = build(database, workers=arguments.workers)
        worker.store.add_user("bench", PASSWORD, "reviewer")
        server = create_server(app, host="127.0.0.1", port=0, threads=8)
        thread = threading.Thread(target=server.run, daemon=True)
        thread.start()
        base = f"http://127.0.0.1:{server.effective_port}"
        print(f"workspace on {base}; database {database.split('://')[0]}; {arguments.workers} review processes")
        try:
            client = Client(base, "bench")
            data = EXAMPLE.read_bytes()
            warm = client.upload(EXAMPLE.name, data)  # starts the review processes (spawn, imports)
            client.wait_reviewed(int(warm["id"]), arguments.timeout)  # type: ignore[arg-type]

            responses, reviewed = [], []
            for _ in range(arguments.repeat):
                started = time.perf_counter()
                created = client.upload(EXAMPLE.name, data)
                responses.append(time.perf_counter() - started)
                reviewed.append(client.wait_reviewed(int(created["id"]), arguments.timeout) - started)  # type: ignore[arg-type]
            print("\n1. upload and review of one 686a filing")
            print(f"   upload response          {_milliseconds(responses)}")
            print(f"   upload to review stored  {_milliseconds(reviewed)}")

            filled = time.perf_counter()
            _fill(worker.store, arguments.filings)
            print(f"\n2. queue page with {arguments.filings:,} more stored filings "
                  f"(inserted in {time.perf_counter() - filled:.1f} s)")
            last_page = -(-(arguments.filings + arguments.repeat + 1) // 50)
            for label, path in (
                ("first page", "/"),
                ("by licensee", "/?licensee=Licensee+07"),
                ("by chapter", "/?chapter=687a"),
                ("by status", "/?status=approved"),
                ("by date range", "/?from=2025-01-01&to=2025-03-31"),
                ("last page", f"/?page={last_page}"),
                ("JSON queue", "/api/filings"),
            ):
                client.get(path)
                times = []
                for _ in range(arguments.repeat):
                    started = time.perf_counter()
                    client.get(path)
                    times.append(time.perf_counter() - started)
                print(f"   {label:<24} {_milliseconds(times)}")

            print(f"\n3. {arguments.concurrent} concurrent uploads")
            clients = [Client(base, "bench") for _ in range(arguments.concurrent)]
            barrier = threading.Barrier(arguments.concurrent)

            def one(index: int) -> tuple[int, float, float]:
                barrier.wait()
                started = time.perf_counter()
                created = clients[index].upload(f"concurrent-{index}.xlsx", data)
                return int(created["id"]), started, time.perf_counter() - started  # type: ignore[arg-type]

            began = time.perf_counter()
            with ThreadPoolExecutor(arguments.concurrent) as pool:
                results = list(pool.map(one, range(arguments.concurrent)))
            deadline = began + arguments.timeout
            finished = [client.wait_reviewed(item[0], max(1.0, deadline - time.perf_counter())) for item in results]
            print(f"   upload response          {_milliseconds([item[2] for item in results])}")
            waits = [end - item[1] for item, end in zip(results, finished, strict=True)]
            print(f"   upload to review stored  {_milliseconds(waits)}")
            print(f"   all {arguments.concurrent} reviewed after      {max(finished) - began:.2f} s")
        finally:
            server.close()
            worker.shutdown()
            worker.store.engine.dispose()


if __name__ == "__main__":
    main()
