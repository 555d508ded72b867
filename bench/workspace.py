"""Benchmark of the review workspace over HTTP on loopback. Prints latencies; asserts nothing.

The server is the one ``pacomply serve`` runs (waitress, a pool of review processes, SQLite unless --database),
started in this process on a free 127.0.0.1 port, driven with urllib, and stopped at the end.

1. Upload and review of one 686a filing (examples/686a-violations.xlsx): the upload's response time, and the time
   until its review is recorded (polled every 20 ms), --repeat times.
2. The queue page with 10,000 stored filings: the first page, filtered by licensee, by chapter, by status, and
   the last page. The rows are inserted in bulk (20 licensees, 7 chapters, dates over three years); each has a
   review row holding one real review's JSON, so the verdict column is filled as it is in use.
3. --concurrent uploads at once (100 by default) from as many client threads, spread over accounts of 10 clients
   each (an account may have 10 reviews waiting): each upload's response time, and the time until all reviews
   are recorded (bounded by --timeout; the run stops itself either way).
4. Sign-in under guessing: the median latency of a signed-in page (the queue) alone, then while 8 anonymous
   clients guess passwords as fast as they can (each guess: the sign-in page for its CSRF token, then a wrong
   password), with the sign-in throttle as served and, as the anchor in the same run, with a server whose
   throttle never refuses (every guess costs an argon2 hash, as before the throttle). Real argon2 parameters.

5. Load (``--sections load``): the server in a process of its own, as ``pacomply serve`` runs it (64 threads), and
   --load-uploads filings (1,000) from --load-accounts accounts (50) uploaded from --load-client-processes other
   processes (5) at --client-nice (19: clients on other machines take none of the server's CPU), each account
   uploading its share one after another and trying again a second after a refusal at its 10 waiting reviews:
   the time until every review is recorded (the pending count read from the database), the latency of a signed-in
   page (the queue) meanwhile against the same page with nothing else running, measured first in the same run (the
   anchor), and the CPU of the server, its review processes and the clients, also per 1,000 uploads, with the
   number of recording transactions and of JSON log lines (written to a file, as serve writes them to stderr).
   Identical bytes under a name each by default; --load-distinct makes each upload's bytes differ (a zip comment),
   --load-same-name gives all one name (so identical bytes reuse one review). --load-profile FILE profiles the
   server's threads on their CPU clocks (cProfile) and prints the top entries in milliseconds per upload.
   --load-pages-first-toggle turns the server's pages first (uploads and the recorder giving way to a page being
   answered) on and off every two seconds of the wall clock and gives the page's latency in each half apart: an
   A/B of that lever within one run, which a machine whose load drifts between runs cannot spoil.
   --load-niceness-toggle does the same with the lowered priority of the server's upload and recording threads and
   its reading process (``workspace.priority``): lowered in even spans, at the server's own in odd ones (raising a
   priority back needs a privilege, so run it as root). --load-page-timings FILE times each page inside the server
   (waitress reading it, a thread taking it up, the handler's wall time against its CPU clock and its wait on a run
   queue for a core, the writing) and prints the medians of each part, before, during and after the load.
   The anchor's page shows the one filing uploaded to warm up while the loaded page shows fifty rows of a growing
   queue; the same page is timed again once the load is over, and --load-prefill N stores N reviewed filings (in
   bulk, as part 2 does) before the anchor, so that the anchor's page shows fifty rows too. The server prints its
   garbage collections by generation (how long the collecting thread held the interpreter lock, and its CPU for
   them). --load-idle-policy-toggle switches the work below the pages between the idle scheduling policy and the
   normal one every two seconds (--load-idle-policy-scope processes: the reading, review and rendering processes
   only); --load-collector thread|freeze|off runs the collections as serve does, with the start-up's objects set
   aside alone, or as Python makes them, and --load-collector-toggle switches the collecting thread within a run.

    python bench/workspace.py [--repeat 5] [--filings 10000] [--concurrent 100] [--database URL]
                              [--sections upload,queue,concurrent,sign-in,load]
                              [--load-uploads 1000] [--load-accounts 50] [--load-distinct] [--load-same-name]
                              [--load-profile FILE] [--load-pages-first-toggle] [--load-niceness-toggle]
                              [--load-page-timings FILE] [--load-prefill N] [--load-idle-policy-toggle]
                              [--load-idle-policy-scope all|processes] [--load-collector thread|freeze|off]
                              [--load-collector-toggle]
"""

from __future__ import annotations

import argparse
import contextlib
import http.cookiejar
import json
import queue
import re
import statistics
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

REPOSITORY = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPOSITORY))

# pacomply is imported inside the functions: the guessing clients of part 4 are spawned processes that import
# this module, and must start in a moment, not after the workspace's imports.

EXAMPLE = REPOSITORY / "examples" / "686a-violations.xlsx"
PASSWORD = "a reading lamp at noon"
STATUSES = ("received", "in review", "changes requested", "approved")


class Client:
    """A signed-in browser-like session (cookie and CSRF token) over urllib."""

    def __init__(self, base: str, username: str) -> None:
        self.base = base
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        for attempt in range(20):  # sign-ins hashed at once are bounded; one refused as busy (429) tries again
            page = self.opener.open(f"{base}/login").read().decode()
            token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)  # type: ignore[union-attr]
            form = urllib.parse.urlencode({"username": username, "password": PASSWORD, "csrf_token": token}).encode()
            try:
                self.opener.open(f"{base}/login", data=form).read()
                break
            except urllib.error.HTTPError as error:
                if error.code != 429 or attempt == 19:
                    raise
                time.sleep(0.5)
        self.token = json.loads(self.opener.open(f"{base}/api/whoami").read())["csrf_token"]


    def get(self, path: str, headers: dict[str, str] | None = None) -> bytes:
        with self.opener.open(urllib.request.Request(f"{self.base}{path}", headers=headers or {})) as response:
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


def guess(base: str, username: str) -> int:
    """One password guess as a browser makes it; the HTTP status of the answer."""
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    try:
        page = opener.open(f"{base}/login").read().decode()
        token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)  # type: ignore[union-attr]
        form = urllib.parse.urlencode({"username": username, "password": "wrong guess 123", "csrf_token": token})
        with opener.open(f"{base}/login", data=form.encode()) as response:
            return int(response.status)
    except urllib.error.HTTPError as error:
        return int(error.code)


def keep_guessing(base: str, index: int, stop: object, results: object, nice: int = 0) -> None:
    """A guessing client (run in its own process): guesses until ``stop`` is set, then reports its answers."""
    import os

    if nice and hasattr(os, "nice"):
        os.nice(nice)
    answers: Counter[int] = Counter()
    number = 0
    while not stop.is_set():  # type: ignore[attr-defined]
        try:
            answers[guess(base, f"guess-{index}-{number % 50}")] += 1
        except OSError:
            answers[0] += 1
        if number == 0:
            results.put(None)  # type: ignore[attr-defined]
        number += 1
    results.put(answers)  # type: ignore[attr-defined]


def _milliseconds(values: list[float]) -> str:
    if not values:  # a run shorter than a toggled span leaves the other span without a page
        return "no page requested in these spans (a run longer than two spans gives both)"
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return (
        f"median {statistics.median(ordered) * 1000:7.1f} ms  p95 {p95 * 1000:7.1f} ms  "
        f"max {ordered[-1] * 1000:7.1f} ms  (n={len(ordered)})"
    )


def _fill(store: object, count: int, placeholder_downloads: bool = False) -> None:
    """Insert ``count`` submissions in bulk, each with a review row holding one real review's JSON.
    ``placeholder_downloads``: each review row holds a few bytes as its PDF and workbook, so the server does not set
    about making their downloads in the background (which fails for these rows, and takes CPU meanwhile)."""
    from pacomply.regulations import known_chapters
    from pacomply.workspace import reviewing
    from pacomply.workspace.models import ReviewRecord, Submission, SubmissionChapter
    from sqlalchemy import insert

    data = EXAMPLE.read_bytes()
    stored = reviewing.review_upload(EXAMPLE.name, data)
    document = json.dumps(stored.document)
    start = datetime(2024, 1, 1, tzinfo=UTC)
    supported = known_chapters()
    placeholder = b"bench filler" if placeholder_downloads else b""
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
                chapters.append({"submission_id": submission_id, "chapter": supported[index % len(supported)]})
                reviews.append(
                    {
                        "submission_id": submission_id, "created_at": start + timedelta(minutes=index),
                        "tool_version": stored.tool_version, "rulebooks": "[]", "compliant": False,
                        "summary": stored.document["verdict"]["summary"], "document": document,
                        "pdf": placeholder, "xlsx": placeholder,
                    }
                )
            connection.execute(insert(Submission), rows)
            connection.execute(insert(SubmissionChapter), chapters)
            connection.execute(insert(ReviewRecord), reviews)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--filings", type=int, default=10_000)
    parser.add_argument("--concurrent", type=int, default=100)
    parser.add_argument("--sections", default="upload,queue,concurrent,sign-in", help="which parts to run")
    parser.add_argument("--guessers", type=int, default=8, help="guessing clients in part 4")
    parser.add_argument(
        "--guesser-nice", type=int, default=0,
        help="scheduling niceness of the guessing processes (19: they take only CPU the server leaves, as clients "
        "on other machines would; 0: they compete with the server for this machine's cores)",
    )
    parser.add_argument("--load-uploads", type=int, default=1000, help="filings uploaded in part 5")
    parser.add_argument("--load-accounts", type=int, default=50, help="accounts uploading them in part 5")
    parser.add_argument("--load-client-processes", type=int, default=5, help="processes the part 5 clients run in")
    parser.add_argument(
        "--load-distinct", action="store_true",
        help="part 5 uploads distinct bytes (the example with a zip comment each), so no review is reused",
    )
    parser.add_argument(
        "--load-same-name", action="store_true",
        help="part 5 uploads every filing under the example's own name (with identical bytes, the review processes "
        "then reuse one review; by default each upload has a name of its own, which the review document names)",
    )
    parser.add_argument(
        "--client-nice", type=int, default=19,
        help="scheduling niceness of the part 5 clients (19: they take only CPU the server leaves, as clients on "
        "other machines would; 0: they compete with the server for this machine's cores)",
    )
    parser.add_argument(
        "--load-profile", metavar="FILE",
        help="part 5: profile the server's threads (cProfile) during the run and write the statistics to FILE, "
        "then print their top entries (the profile slows the server; the figures of a profiled run are not the "
        "load's)",
    )
    parser.add_argument(
        "--load-pages-first-toggle", action="store_true",
        help="part 5: the server's pages first on in even two-second spans of the wall clock and off in odd ones, "
        "and the page's latency given for each apart",
    )
    parser.add_argument(
        "--load-niceness-toggle", action="store_true",
        help="part 5: the server's upload and recording threads and its reading process lowered in even two-second "
        "spans of the wall clock and at the server's priority in odd ones, the page's latency given for each apart "
        "(needs the privilege to raise a priority back: root)",
    )
    parser.add_argument(
        "--load-review-idle-toggle", action="store_true",
        help="part 5: the review processes under the idle scheduling policy (Linux SCHED_IDLE: a core only when "
        "nothing else wants it) in even two-second spans, at their niceness in odd ones (needs root)",
    )
    parser.add_argument(
        "--load-idle-policy-toggle", action="store_true",
        help="part 5: all the work below the pages (the lowered upload and recording threads, the reading process, "
        "the review processes and the background renderer) under the idle scheduling policy (Linux SCHED_IDLE) in "
        "even two-second spans, under the normal policy at their niceness in odd ones (needs root)",
    )
    parser.add_argument(
        "--load-idle-policy-scope", choices=("all", "processes"), default="all",
        help="part 5, with --load-idle-policy-toggle: switch all the work below the pages (all), or only the reading, "
        "review and rendering processes (processes; the server's lowered threads then stay as served)",
    )
    parser.add_argument(
        "--load-collector", choices=("thread", "freeze", "off"), default="thread",
        help="part 5: the server's garbage collections as serve makes them (thread: the start-up's objects set aside, "
        "then every collection made by a thread at the pages' priority), the start-up's objects set aside alone "
        "(freeze), or neither (off: Python's own collections in the allocating threads)",
    )
    parser.add_argument(
        "--load-collector-toggle", action="store_true",
        help="part 5: the start-up's objects set aside, and the collections made by the thread at the pages' priority "
        "in even two-second spans, by the allocating threads in odd ones",
    )
    parser.add_argument(
        "--load-prefill", type=int, default=0, metavar="N",
        help="part 5: N reviewed filings stored in bulk before the anchor, so the anchor's page shows a full page of "
        "rows as the loaded page does (0, as by default: the anchor's page shows the one warm-up filing)",
    )
    parser.add_argument(
        "--load-record-gather", type=float, metavar="SECONDS",
        help="part 5: how long the server's recorder gathers reviews under way (as served when omitted; 0: each "
        "batch recorded at once, as before the gathering)",
    )
    parser.add_argument(
        "--load-switch-interval", type=float, metavar="MILLISECONDS",
        help="part 5: the server's interpreter switch interval (as served when omitted)",
    )
    parser.add_argument(
        "--load-page-timings", metavar="FILE",
        help="part 5: time each timed page inside the server (waitress reading it, a thread taking it up, the "
        "handler's wall, CPU and run-queue wait, the writing), print where the loaded page's extra time goes, and "
        "write each page's stamps to FILE (JSON)",
    )
    parser.add_argument("--workers", type=int, default=2, help="review processes")
    parser.add_argument("--timeout", type=float, default=600.0, help="seconds allowed for the concurrent reviews")
    parser.add_argument("--database", help="a SQLAlchemy URL (an empty database); a temporary SQLite file if omitted")
    arguments = parser.parse_args()

    import logging

    # waitress logs each time requests wait for a thread; the latencies below say the same, once.
    logging.getLogger("waitress.queue").setLevel(logging.ERROR)

    sections = set(arguments.sections.split(","))
    if sections & {"upload", "queue", "concurrent"}:
        _reviews(arguments, sections)
    if "load" in sections:
        _load(arguments)
    if "sign-in" in sections:
        from pacomply.workspace.throttle import ThrottleLimits

        print(f"\n4. a signed-in page (the queue) while {arguments.guessers} clients guess passwords "
              f"(guessers at niceness {arguments.guesser_nice})")
        for label, limits in (
            ("throttled (as served)", None),
            ("anchor: never throttled, hashes at normal priority (as before the throttle)", ThrottleLimits(
                per_account=10**9, per_address=10**9, concurrent=64, tarpit_seconds=0, low_priority_hashing=False
            )),
            ("anchor: throttled, hashes at normal priority, refusals at once (the previous throttle)",
             ThrottleLimits(tarpit_seconds=0, low_priority_hashing=False)),
        ):
            _sign_in_under_guessing(arguments, label, limits)


def _sign_in_under_guessing(arguments: argparse.Namespace, label: str, limits: object) -> None:
    from pacomply.workspace.serve import build
    from pacomply.workspace.throttle import SignInThrottle
    from waitress import create_server

    with tempfile.TemporaryDirectory(prefix="pacomply-bench-") as folder:
        database = f"sqlite:///{Path(folder) / 'bench.sqlite3'}"
        options = {"throttle": SignInThrottle(limits)} if limits is not None else {}  # type: ignore[arg-type]
        app, worker = build(database, workers=1, **options)
        worker.store.add_user("bench", PASSWORD, "reviewer")
        server = create_server(app, host="127.0.0.1", port=0, threads=64)  # as pacomply serve runs it
        threading.Thread(target=server.run, daemon=True).start()
        base = f"http://127.0.0.1:{server.effective_port}"
        try:
            client = Client(base, "bench")
            samples = max(20, arguments.repeat * 4)

            def timed() -> list[float]:
                times = []
                for _ in range(samples):
                    started = time.perf_counter()
                    client.get("/")
                    times.append(time.perf_counter() - started)
                    time.sleep(0.05)
                return times

            client.get("/")
            alone = timed()
            import multiprocessing

            context = multiprocessing.get_context("spawn")
            stop = context.Event()
            results = context.Queue()
            # Separate processes, as real clients are: threads here would share the server's interpreter lock.
            guessers = [context.Process(
                target=keep_guessing, args=(base, index, stop, results, arguments.guesser_nice), daemon=True
            )
                        for index in range(arguments.guessers)]
            for process in guessers:
                process.start()
            for _ in guessers:  # each guesser's first answer: all are guessing now
                results.get(timeout=120)
            time.sleep(1.0)  # and, when throttled, the address is locked out
            began = time.perf_counter()
            loaded = timed()
            stop.set()
            answers: Counter[int] = Counter()
            for _ in guessers:
                answers.update(results.get(timeout=60))  # type: ignore[arg-type]
            for process in guessers:
                process.join(30)
            elapsed = time.perf_counter() - began
            ratio = statistics.median(loaded) / statistics.median(alone)
            print(f"   {label}")
            print(f"     alone                  {_milliseconds(alone)}")
            print(f"     under guessing         {_milliseconds(loaded)}")
            print(f"     ratio of medians       {ratio:.2f}   guesses answered {sum(answers.values())} "
                  f"(in all, {elapsed:.1f} s measured): {dict(sorted(answers.items()))}")
        finally:
            server.close()
            worker.shutdown()
            worker.store.engine.dispose()


def _reviews(arguments: argparse.Namespace, sections: set[str]) -> None:
    from pacomply.workspace.serve import build
    from waitress import create_server

    with tempfile.TemporaryDirectory(prefix="pacomply-bench-") as folder:
        database = arguments.database or f"sqlite:///{Path(folder) / 'bench.sqlite3'}"
        app, worker = build(database, workers=arguments.workers)
        accounts = [f"bench{index}" for index in range(max(1, -(-arguments.concurrent // 10)))]
        for name in ["bench", *accounts]:
            worker.store.add_user(name, PASSWORD, "reviewer")
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
            if "upload" in sections:
                _one_upload(arguments, client, data)
            if "queue" in sections:
                _queue(arguments, worker, client)
            if "concurrent" in sections:
                _concurrent(arguments, base, accounts, data, worker)
        finally:
            server.close()
            worker.shutdown()
            worker.store.engine.dispose()


def _one_upload(arguments: argparse.Namespace, client: Client, data: bytes) -> None:
    responses, reviewed = [], []
    for _ in range(arguments.repeat):
        started = time.perf_counter()
        created = client.upload(EXAMPLE.name, data)
        responses.append(time.perf_counter() - started)
        reviewed.append(client.wait_reviewed(int(created["id"]), arguments.timeout) - started)  # type: ignore[arg-type]
    print("\n1. upload and review of one 686a filing")
    print(f"   upload response          {_milliseconds(responses)}")
    print(f"   upload to review stored  {_milliseconds(reviewed)}")


def _queue(arguments: argparse.Namespace, worker: object, client: Client) -> None:
    filled = time.perf_counter()
    _fill(worker.store, arguments.filings)  # type: ignore[attr-defined]
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


def _cpu_seconds(pids: list[int]) -> float:
    """User and system CPU seconds of processes (Linux /proc; 0 elsewhere)."""
    import os

    total = 0.0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def _states(client: Client) -> dict[int, str]:
    """Every filing's review state, from the JSON queue's pages (one request per 50 filings)."""
    states: dict[int, str] = {}
    page = 1
    while True:
        body = json.loads(client.get(f"/api/filings?page={page}"))
        states.update({int(item["id"]): str(item["review_state"]) for item in body["filings"]})
        if page * 50 >= int(body["total"]):
            return states
        page += 1


def _concurrent(arguments: argparse.Namespace, base: str, accounts: list[str], data: bytes, worker: object) -> None:
    from pacomply.workspace import reviewing

    cpu, whole = [], []
    for _ in range(3):  # the anchors: one review as the workers make it (its JSON), and whole (PDF and Excel too)
        started = time.process_time()
        reviewing.review_upload(EXAMPLE.name, data)
        cpu.append(time.process_time() - started)
        started = time.process_time()
        reviewing.review_upload_whole(EXAMPLE.name, data)
        whole.append(time.process_time() - started)
    alone = statistics.median(cpu)
    print(f"\n3. {arguments.concurrent} concurrent uploads from {len(accounts)} accounts")
    print(f"   anchor: one review alone {alone:.3f} s CPU ({statistics.median(whole):.3f} s with its PDF and workbook, "
          f"which are made afterwards); {arguments.concurrent} of them on {arguments.workers} cores at the least "
          f"{alone * arguments.concurrent / arguments.workers:.1f} s")
    client = Client(base, accounts[0])
    started = time.perf_counter()
    created = client.upload(EXAMPLE.name, data)
    one = client.wait_reviewed(int(created["id"]), arguments.timeout) - started  # type: ignore[arg-type]
    print(f"   anchor: one upload alone, upload to review stored {one:.2f} s")
    clients = [Client(base, accounts[index // 10]) for index in range(arguments.concurrent)]
    barrier = threading.Barrier(arguments.concurrent)

    def one(index: int) -> tuple[int, float, float]:
        barrier.wait()
        started = time.perf_counter()
        created = clients[index].upload(f"concurrent-{index}.xlsx", data)
        return int(created["id"]), started, time.perf_counter() - started  # type: ignore[arg-type]

    import os

    reviewers = worker.process_ids()  # type: ignore[attr-defined]
    cpu_before = time.process_time(), _cpu_seconds(reviewers)
    began = time.perf_counter()
    with ThreadPoolExecutor(arguments.concurrent) as pool:
        results = list(pool.map(one, range(arguments.concurrent)))
    deadline = began + arguments.timeout
    done: dict[int, float] = {}
    admin = Client(base, "bench")  # staff: sees every account's filings in the queue
    while len(done) < len(results) and time.perf_counter() < deadline:  # the JSON queue, round and round
        states = _states(admin)
        for item in results:
            if item[0] not in done and states.get(item[0], "pending") != "pending":
                done[item[0]] = time.perf_counter()
        time.sleep(0.05)
    server_cpu = time.process_time() - cpu_before[0]
    review_cpu = _cpu_seconds(reviewers) - cpu_before[1]
    if len(done) < len(results):
        raise TimeoutError(f"{len(results) - len(done)} reviews not recorded within {arguments.timeout} s")
    finished = [done[item[0]] for item in results]
    print(f"   upload response          {_milliseconds([item[2] for item in results])}")
    waits = [end - item[1] for item, end in zip(results, finished, strict=True)]
    print(f"   upload to review stored  {_milliseconds(waits)}")
    print(f"   all {arguments.concurrent} reviewed after      {max(finished) - began:.2f} s")
    print(f"   CPU meanwhile: this process (server and clients) {server_cpu:.1f} s, review processes "
          f"{review_cpu:.1f} s; load average {os.getloadavg()[0]:.1f}")


def _upload_waiting_out_the_quota(
    client: Client, name: str, data: bytes, deadline: float, refusals: Counter[int] | None = None
) -> int:
    """Upload, and while the account's waiting reviews are used up (429), wait its Retry-After and try again
    (``refusals`` counts the refused attempts by status)."""
    while True:
        try:
            return int(client.upload(name, data)["id"])  # type: ignore[arg-type]
        except urllib.error.HTTPError as error:
            if error.code not in (429, 503) or time.perf_counter() > deadline:
                raise
            if refusals is not None:
                refusals[error.code] += 1
            time.sleep(min(float(error.headers.get("Retry-After") or 1), 1.0))


def _distinct(data: bytes, index: int) -> bytes:
    """The example workbook with a zip comment naming ``index``: other bytes (another SHA-256), the same filing."""
    import io
    import zipfile

    with zipfile.ZipFile(io.BytesIO(data)) as source:
        entries = [(item, source.read(item.filename)) for item in source.infolist()]
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for item, content in entries:
            target.writestr(item, content)
        target.comment = f"load upload {index}".encode()
    return out.getvalue()


class _ThreadProfiles:
    """cProfile in every thread started after :meth:`start` (the request threads, the review pool's result thread):
    cProfile follows only the thread that enables it, so each thread runs under a profile of its own, timed by the
    thread's CPU clock (a wait for a lock, the database or a socket costs nothing), merged at the end into one
    ``pstats`` file."""

    def __init__(self) -> None:
        self.profiles: list[Any] = []
        self._lock = threading.Lock()

    def start(self) -> None:
        import cProfile

        original = threading.Thread.run
        profiles, lock = self.profiles, self._lock

        def run(thread: threading.Thread) -> None:
            profile = cProfile.Profile(time.thread_time)  # CPU, not the time spent waiting for a lock or a query
            with lock:
                profiles.append(profile)
            profile.enable()
            try:
                original(thread)
            finally:
                profile.disable()

        threading.Thread.run = run  # type: ignore[method-assign]

    def dump(self, path: str) -> None:
        import pstats

        with self._lock:
            for profile in self.profiles:
                profile.disable()  # threads still running (waitress's) stop counting here
            stats = [profile for profile in self.profiles if profile.getstats()]
        if stats:
            merged = pstats.Stats(stats[0])
            for profile in stats[1:]:
                merged.add(profile)
            merged.dump_stats(path)


PAGE_HEADER = "X-Bench-Page"
"""--load-page-timings: the header naming a timed page (``anchor:N`` or ``load:N``), so the server can time it."""


def _schedstat_waiting() -> float:
    """Seconds the calling thread has waited on a run queue for a core (Linux schedstat; 0 elsewhere)."""
    try:
        return int(Path("/proc/thread-self/schedstat").read_text().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return 0.0


class _PageTimings:
    """--load-page-timings: where each timed page's time goes inside the server. waitress's request parser stamps
    when the request's first bytes were read and when it was complete, its task when a thread took it up and when
    it had written the answer; the application, wrapped, stamps its handler's start and end with the thread's CPU
    clock (work) and its time on a run queue (waiting for a core). The handler's remaining wall time is waiting for
    the interpreter lock, a lock of the server's, or I/O. Monotonic clock stamps (``time.perf_counter``, one clock
    for every process on Linux), so the timing process's send and receive bracket them."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.rows: list[dict[str, Any]] = []

    def start(self, app: Any) -> Any:
        from waitress.parser import HTTPRequestParser
        from waitress.task import WSGITask

        received, service, rows = HTTPRequestParser.received, WSGITask.service, self.rows

        def stamped_received(parser: Any, data: bytes) -> int:
            if not hasattr(parser, "bench_first"):
                parser.bench_first = time.perf_counter()
            consumed = received(parser, data)
            if parser.completed and not hasattr(parser, "bench_complete"):
                parser.bench_complete = time.perf_counter()
            return consumed  # type: ignore[no-any-return]

        def stamped_service(task: Any) -> None:
            began = time.perf_counter()
            service(task)
            page = task.request.headers.get(PAGE_HEADER.upper().replace("-", "_"))
            if page and task.environ is not None and "bench.handler" in task.environ:
                rows.append({
                    "page": page, "first": getattr(task.request, "bench_first", began),
                    "complete": getattr(task.request, "bench_complete", began), "service": began,
                    **task.environ["bench.handler"], "written": time.perf_counter(),
                })

        HTTPRequestParser.received = stamped_received  # type: ignore[method-assign]
        WSGITask.service = stamped_service  # type: ignore[method-assign]

        def timed(environ: dict[str, Any], start_response: Any) -> list[bytes]:
            if "HTTP_" + PAGE_HEADER.upper().replace("-", "_") not in environ:
                return app(environ, start_response)  # type: ignore[no-any-return]
            began, cpu, waiting = time.perf_counter(), time.thread_time(), _schedstat_waiting()
            answer = app(environ, start_response)
            try:
                body = b"".join(answer)
            finally:
                getattr(answer, "close", lambda: None)()
            environ["bench.handler"] = {
                "handler": began, "handled": time.perf_counter(), "cpu": time.thread_time() - cpu,
                "run_queue": _schedstat_waiting() - waiting,
            }
            return [body]

        return timed

    def dump(self) -> None:
        Path(self.path).write_text(json.dumps(self.rows), encoding="utf-8")


def _print_page_timings(path: str, sent: dict[str, tuple[float, float]]) -> None:
    """The breakdown of the timed pages' latency, medians in milliseconds, the anchor's pages against the loaded
    ones; the stamps, with the client's, written back to ``path``."""
    rows = json.loads(Path(path).read_text(encoding="utf-8"))
    parts = (
        ("sent to waitress reading it (its I/O thread waking, the lock)", "sent", "first"),
        ("read to parsed", "first", "complete"),
        ("parsed to a request thread taking it up", "complete", "service"),
        ("taken up to the handler starting", "service", "handler"),
        ("the handler, wall", "handler", "handled"),
        ("  of which the thread's CPU", None, "cpu"),
        ("  of which waiting on a run queue for a core", None, "run_queue"),
        ("  of which the rest (the interpreter lock, locks, I/O)", None, "rest"),
        ("handled to written", "handled", "written"),
        ("written to received by the client", "written", "received"),
        ("in all, as the client timed it", "sent", "received"),
    )
    table: dict[str, dict[str, list[float]]] = {"anchor": {}, "load": {}, "load on": {}, "load off": {}, "after": {}}
    for row in rows:
        if row["page"] not in sent:
            continue
        row["sent"], row["received"] = sent[row["page"]]
        row["rest"] = row["handled"] - row["handler"] - row["cpu"] - row["run_queue"]
        phase = row["page"].split(":")[0]
        for label, begin, end in parts:
            value = row[end] if begin is None else row[end] - row[begin]
            table[phase].setdefault(label, []).append(value)
            if phase != "load" and phase.startswith("load"):
                table["load"].setdefault(label, []).append(value)
    shown = [phase for phase, values in table.items() if values]
    counts = ", ".join(f"{phase} n={len(next(iter(table[phase].values())))}" for phase in shown)
    print(f"   where a timed page's time goes (medians, ms; {counts}; 'load on'/'load off': the toggled lever):")
    print(f"   {'':58} " + " ".join(f"{phase:>9}" for phase in shown))
    for label, _begin, _end in parts:
        medians = (statistics.median(table[phase][label]) * 1000 for phase in shown)
        print(f"   {label:58} " + " ".join(f"{value:9.2f}" for value in medians))
    Path(path).write_text(json.dumps([row for row in rows if "sent" in row], indent=0), encoding="utf-8")


TOGGLE_SECONDS = 2
"""--load-pages-first-toggle: pages first is on in the even spans of this many seconds of the wall clock."""


def _pages_first_on(moment: float) -> bool:
    """Whether a toggled lever (pages first, the lowered priority) is on at ``moment`` of the wall clock."""
    return int(moment // TOGGLE_SECONDS) % 2 == 0


def _toggled(arguments: argparse.Namespace) -> str | None:
    """The lever part 5 switches on and off, if any."""
    if arguments.load_niceness_toggle:
        return "niceness"
    if arguments.load_review_idle_toggle:
        return "reviews idle"
    if arguments.load_collector_toggle:
        return "collector thread"
    if arguments.load_idle_policy_toggle:
        return "idle policy" if arguments.load_idle_policy_scope == "all" else "idle policy, processes"
    return "pages first" if arguments.load_pages_first_toggle else None


def _every_span(stop: Any, step: Callable[[bool], None]) -> None:
    """In a thread of the server, until ``stop``: ``step(on)`` every 10 ms, ``on`` in the even spans of the wall clock
    (:func:`_pages_first_on`)."""

    def loop() -> None:
        while not stop.is_set():
            step(_pages_first_on(time.time()))
            time.sleep(0.01)

    threading.Thread(target=loop, daemon=True).start()


class _Switch:
    """Applies a change to threads and processes that may end meanwhile (an id gone is passed over), saying once why
    the platform refused one (``what``: what was switched; None: nothing is said)."""

    def __init__(self, what: str | None) -> None:
        self.what = what
        self.refused = False

    def __call__(self, target: int, change: Callable[[int], None]) -> None:
        try:
            change(target)
        except OSError as error:
            if self.what is not None and not self.refused and error.errno != 3:  # 3: the target has just ended
                print(f"   server: cannot switch the {self.what} of {target}: {error}", flush=True)
                self.refused = True


def _policy(idle: bool, niceness: int) -> Callable[[int], None]:
    """Put a thread or process under SCHED_IDLE (``idle``), or back under the normal policy at ``niceness``."""
    import os

    def change(target: int) -> None:
        if idle:
            if os.sched_getscheduler(target) != os.SCHED_IDLE:
                os.sched_setscheduler(target, os.SCHED_IDLE, os.sched_param(0))
        elif os.sched_getscheduler(target) != os.SCHED_OTHER:
            os.sched_setscheduler(target, os.SCHED_OTHER, os.sched_param(0))
            os.setpriority(os.PRIO_PROCESS, target, niceness)

    return change


def _processes(executor: Any) -> list[int]:
    return [process.pid for process in list((getattr(executor, "_processes", None) or {}).values())]


def _toggle_review_idle(worker: Any, stop: Any) -> None:
    """--load-review-idle-toggle, in the server: every 10 ms, the review processes under SCHED_IDLE in the even spans
    of the wall clock, back under the normal policy at the review niceness in the odd ones."""
    from pacomply.workspace.worker import REVIEW_NICENESS

    switch = _Switch(None)

    def step(idle: bool) -> None:
        for pid in worker.process_ids():
            switch(pid, _policy(idle, REVIEW_NICENESS))

    _every_span(stop, step)


def _toggle_idle_policy(worker: Any, stop: Any, threads: bool = True) -> None:
    """--load-idle-policy-toggle, in the server: every 10 ms, every thread ``workspace.priority`` lowered, the
    reading process, the review processes and the background renderer under SCHED_IDLE in the even spans of the wall
    clock, under the normal policy at the niceness each is served at in the odd ones. ``threads`` False: only the
    processes (the server's lowered threads stay as served)."""
    from pacomply.workspace import priority
    from pacomply.workspace.worker import REVIEW_NICENESS

    switch = _Switch("policy")

    def step(idle: bool) -> None:
        lowered = list(priority.LOWERED) if threads else []
        targets = [(target, priority.UPLOAD_NICENESS) for target in [*lowered, *_processes(worker._reader)]]
        targets += [(target, REVIEW_NICENESS) for target in worker.process_ids()]
        targets += [(target, 19) for target in _processes(worker._renderer)]
        for target, niceness in targets:
            switch(target, _policy(idle, niceness))

    _every_span(stop, step)


def _toggle_collector(stop: Any) -> None:
    """--load-collector-toggle, in the server: every 10 ms, the collections made by the thread at the pages' priority
    in the even spans of the wall clock, by the allocating threads (Python's own) in the odd ones."""
    from pacomply.workspace.collector import Collections

    collections: list[Collections] = []

    def step(on: bool) -> None:
        if on and not collections:
            collections.append(Collections())
            collections[0].start()
        elif not on and collections:
            collections.pop().stop()

    _every_span(stop, step)


def _toggle_niceness(worker: Any, stop: Any) -> None:
    """--load-niceness-toggle, in the server: every 10 ms, the threads ``workspace.priority`` lowered and the reading
    process lowered in the even spans of the wall clock, at the server's priority in the odd ones."""
    import os

    from pacomply.workspace import priority

    switch = _Switch("niceness")

    def step(on: bool) -> None:
        steps = priority.UPLOAD_NICENESS if on else 0
        for target in [*priority.LOWERED, *_processes(worker._reader)]:
            switch(target, lambda target: os.setpriority(os.PRIO_PROCESS, target, steps))

    _every_span(stop, step)


class _GarbageCollections:
    """The server's garbage collections from its start to its stop, by generation: how many, and how long the
    collecting thread held the interpreter lock for them (``gc.callbacks``; every other thread waits meanwhile)."""

    def __init__(self) -> None:
        self.began: tuple[float, float] | None = None
        self.pauses: dict[int, list[float]] = {0: [], 1: [], 2: []}
        self.cpu: dict[int, float] = {0: 0.0, 1: 0.0, 2: 0.0}
        """The collecting threads' own CPU for the collections (the rest of a pause: the thread waiting for a core)."""

    def start(self) -> None:
        import gc

        gc.callbacks.append(self._callback)

    def _callback(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self.began = (time.perf_counter(), time.thread_time())
        elif self.began is not None:
            self.pauses[info["generation"]].append(time.perf_counter() - self.began[0])
            self.cpu[info["generation"]] += time.thread_time() - self.began[1]
            self.began = None

    def report(self) -> None:
        import gc

        with contextlib.suppress(ValueError):
            gc.callbacks.remove(self._callback)
        parts = [
            f"generation {generation}: {len(pauses)}, {sum(pauses) * 1000:.0f} ms in all (the collecting thread's "
            f"CPU {self.cpu[generation] * 1000:.0f} ms), longest {max(pauses, default=0.0) * 1000:.1f} ms"
            for generation, pauses in self.pauses.items()
        ]
        print(f"   server: garbage collections (thresholds {gc.get_threshold()}, {len(gc.get_objects())} objects "
              f"tracked, {gc.get_freeze_count()} frozen): " + "; ".join(parts), flush=True)


def _serve_for_load(
    database: str, workers: int, accounts: list[str], ready: object, stop: object, log: str,
    profile: str | None = None, toggle: str | None = None, gather: float | None = None, switch: float | None = None,
    timings: str | None = None, collections_by: str = "thread",
) -> None:
    """The server of part 5 in a process of its own, as ``pacomply serve`` runs it (waitress, 64 threads): its
    clients are other processes, as they would be other machines, and share none of its interpreter lock.
    ``log``: the file its JSON log lines go to (``serve`` writes them to stderr). ``profile``: a file to write the
    server's threads' cProfile statistics to once it stops."""
    import logging

    from pacomply.workspace.serve import build
    from waitress import create_server

    logging.getLogger("waitress.queue").setLevel(logging.ERROR)
    from pacomply.workspace.event_log import EVENTS

    # The JSON log lines, as serve writes them to stderr, written to a file beside the database.
    handler = logging.FileHandler(log)
    handler.setFormatter(logging.Formatter("%(message)s"))
    EVENTS.addHandler(handler)
    EVENTS.setLevel(logging.INFO)
    EVENTS.propagate = False
    profiles = _ThreadProfiles()
    if profile:
        profiles.start()
    collections = _GarbageCollections()
    app, worker = build(database, workers=workers)
    collections.start()
    if gather is not None:
        worker.record_gather = gather
    if switch is not None:
        sys.setswitchinterval(switch / 1000)
    print(f"   server: switch interval {sys.getswitchinterval() * 1000:.2f} ms, recorder gathers "
          f"{worker.record_gather:.2f} s", flush=True)
    if toggle == "niceness":
        _toggle_niceness(worker, stop)
    if toggle == "reviews idle":
        _toggle_review_idle(worker, stop)
    if toggle in ("idle policy", "idle policy, processes"):
        _toggle_idle_policy(worker, stop, threads=toggle == "idle policy")
    if toggle == "pages first":
        from pacomply.workspace.web_common import PAGES_FIRST_SECONDS

        pages = app.extensions["pacomply"].pages

        def pages_first(on: bool) -> None:
            pages.most = PAGES_FIRST_SECONDS if on else 0.0

        _every_span(stop, pages_first)
    for name in ["bench", *accounts]:
        worker.store.add_user(name, PASSWORD, "reviewer")
    pool = worker.store.engine.pool
    held: Counter[int] = Counter()

    def count_connections() -> None:  # the database connections the server's threads hold, every 5 ms
        while not stop.is_set():  # type: ignore[attr-defined]
            held[pool.checkedout()] += 1
            time.sleep(0.005)

    threading.Thread(target=count_connections, daemon=True).start()
    page_timings = _PageTimings(timings) if timings else None
    served = page_timings.start(app) if page_timings else app
    server = create_server(served, host="127.0.0.1", port=0, threads=64)
    from pacomply.workspace import collector

    if toggle == "collector thread" or collections_by != "off":
        print(f"   server: {collector.freeze_start_up_heap()} objects of the start-up set aside from the garbage "
              "collector", flush=True)
    if toggle == "collector thread":
        _toggle_collector(stop)
    elif collections_by == "thread":
        collector.Collections().start()
        print("   server: collections made by a thread at the pages' priority", flush=True)
    threading.Thread(target=server.run, daemon=True).start()
    ready.put(server.effective_port)  # type: ignore[attr-defined]
    stop.wait()  # type: ignore[attr-defined]
    if page_timings:
        page_timings.dump()
    collections.report()
    if profile:
        profiles.dump(profile)
    handler.flush()
    with open(log, encoding="utf-8") as lines:
        kinds = Counter(json.loads(line).get("kind") for line in lines if line.startswith("{"))
    limit = pool.size() + max(0, pool._max_overflow)  # type: ignore[attr-defined]
    samples = sum(held.values()) or 1
    print(f"   server: database connections held at once: at most {max(held, default=0)} of the pool's {limit}; at "
          f"its limit in {100 * held[limit] / samples:.1f}% of {samples} samples (every 5 ms)", flush=True)
    batches = getattr(worker, "batches", [])  # recorded one at a time before the batches
    print(f"   server: {len(batches)} recording transactions for {sum(batches)} reviews (the latest 1,000; largest "
          f"{max(batches, default=0)}); JSON log lines {dict(sorted(kinds.items()))}", flush=True)
    server.close()
    worker.shutdown(wait=False)
    worker.store.engine.dispose()


def _upload_client(
    base: str, accounts: list[str], shares: list[list[int]], distinct: bool, same_name: bool, nice: int,
    start: object, results: object,
) -> None:
    """Uploading clients (a process of its own, one thread per account): each account uploads its share one after
    another, waiting out the quota; reports (ids, seconds until its last upload was answered, refusals, its CPU
    seconds meanwhile)."""
    import os

    if nice and hasattr(os, "nice"):
        os.nice(nice)
    data = EXAMPLE.read_bytes()
    clients = [Client(base, name) for name in accounts]
    bodies = {item: _distinct(data, item) if distinct else data for share in shares for item in share}
    results.put("ready")  # type: ignore[attr-defined]
    began = start.get()  # type: ignore[attr-defined]
    cpu = time.process_time()
    deadline = time.perf_counter() + 600

    def account_uploads(index: int) -> list[int]:
        return [
            _upload_waiting_out_the_quota(
                clients[index], EXAMPLE.name if same_name else f"load-{item}.xlsx", bodies[item], deadline, refusals
            )
            for item in shares[index]
        ]

    refusals: Counter[int] = Counter()
    with ThreadPoolExecutor(len(accounts)) as pool:
        ids = [item for batch in pool.map(account_uploads, range(len(accounts))) for item in batch]
    results.put((ids, time.time() - began, refusals, time.process_time() - cpu))  # type: ignore[attr-defined]


def _process_tree_cpu(root: int) -> dict[str, float]:
    """CPU seconds of a process and of each of its descendants, by role (Linux /proc; empty elsewhere)."""
    import os

    parents: dict[int, int] = {}
    for entry in Path("/proc").glob("[0-9]*"):
        try:
            parents[int(entry.name)] = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
    tree, frontier = [root], [root]
    while frontier:
        frontier = [pid for pid, parent in parents.items() if parent in frontier]
        tree.extend(frontier)
    cpu: dict[str, float] = {}
    for pid in tree:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        role = "server" if pid == root else f"child at niceness {int(fields[16])}"
        cpu[role] = cpu.get(role, 0.0) + (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return cpu


def _server_threads_cpu(pid: int) -> dict[int, float]:
    """CPU seconds of each live thread of a process, by its niceness (Linux /proc; empty elsewhere). A thread that
    has ended (a recorder between bursts of reviews) is counted in the process's total, not here."""
    import os

    cpu: dict[int, float] = {}
    for task in Path(f"/proc/{pid}/task").glob("[0-9]*"):
        try:
            fields = (task / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        niceness = int(fields[16])
        cpu[niceness] = cpu.get(niceness, 0.0) + (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return cpu


def _load(arguments: argparse.Namespace) -> None:
    """Part 5: the server in one process, the uploading clients in others (at --client-nice), the page timed here."""
    import multiprocessing

    context = multiprocessing.get_context("spawn")
    accounts = [f"bench{index}" for index in range(arguments.load_accounts)]
    with tempfile.TemporaryDirectory(prefix="pacomply-bench-") as folder:
        database = arguments.database or f"sqlite:///{Path(folder) / 'bench.sqlite3'}"
        timings = arguments.load_page_timings
        ready, stop = context.Queue(), context.Event()
        server = context.Process(
            target=_serve_for_load,
            args=(database, arguments.workers, accounts, ready, stop, str(Path(folder) / "events.log"),
                  arguments.load_profile, _toggled(arguments), arguments.load_record_gather,
                  arguments.load_switch_interval, timings, arguments.load_collector),
        )  # not a daemon: it starts review processes of its own
        server.start()
        try:
            port = None
            while port is None and server.is_alive():
                with contextlib.suppress(queue.Empty):
                    port = ready.get(timeout=1)
            if port is None:
                raise RuntimeError("the server process ended before it served")
            base = f"http://127.0.0.1:{port}"
            sent = _load_run(arguments, base, accounts, database, server.pid, context)  # type: ignore[arg-type]
        finally:
            stop.set()
            server.join(30)
            if server.is_alive():
                server.kill()
        if timings and Path(timings).exists():
            _print_page_timings(timings, sent)
    if arguments.load_profile and Path(arguments.load_profile).exists():
        _print_profile(arguments.load_profile, arguments.load_uploads)


def _print_profile(path: str, uploads: int) -> None:
    """The server's profile: the functions that took the most time in themselves, and those that took the most
    with what they called, each in milliseconds per upload."""
    import pstats

    stats = pstats.Stats(path)
    rows = stats.stats  # type: ignore[attr-defined]
    total = sum(row[2] for row in rows.values())
    print(f"\n   profile of the server's threads ({path}): {total:.1f} s of CPU in all, "
          f"{total * 1000 / uploads:.2f} ms an upload (the threads' CPU clocks; profiled, so slower than unprofiled)")
    for label, index, count in (("own time", 2, 25), ("with callees", 3, 40)):
        print(f"   top {count} by {label} (ms an upload, own / with callees, calls an upload, function)")
        ranked = sorted(rows.items(), key=lambda item: item[1][index], reverse=True)
        for (filename, line, name), row in ranked[:count]:
            where = filename.replace(str(REPOSITORY) + "/", "")
            for marker in ("site-packages/", "lib/python3."):
                if marker in where:
                    where = where.split(marker, 1)[1]
            print(f"   {row[2] * 1000 / uploads:8.2f} {row[3] * 1000 / uploads:8.2f} {row[1] / uploads:8.1f}  "
                  f"{where}:{line}({name})")


def _load_run(
    arguments: argparse.Namespace, base: str, accounts: list[str], database: str, server_pid: int, context: object
) -> dict[str, tuple[float, float]]:
    """The run of part 5; each timed page's send and receive on the monotonic clock, by its name."""
    import os

    from pacomply.workspace.models import Submission
    from sqlalchemy import create_engine, func, select

    engine = create_engine(database)

    def pending() -> int:
        with engine.connect() as connection:
            return int(connection.scalar(
                select(func.count()).select_from(Submission).where(Submission.review_state == "pending")
            ) or 0)

    if arguments.load_prefill:
        from types import SimpleNamespace

        _fill(SimpleNamespace(engine=engine), arguments.load_prefill, placeholder_downloads=True)
    watcher = Client(base, "bench")
    data = EXAMPLE.read_bytes()
    warm = watcher.upload(EXAMPLE.name, data)  # the review processes have started and reviewed once
    watcher.wait_reviewed(int(warm["id"]), arguments.timeout)  # type: ignore[arg-type]
    while pending():
        time.sleep(0.1)
    time.sleep(2.0)  # the warm-up's downloads made at the lowest priority
    for _ in range(3):
        watcher.get("/")

    sent: dict[str, tuple[float, float]] = {}
    phase = "anchor"

    def page_latency() -> float:
        span = "" if phase != "load" or not _toggled(arguments) else " on" if _pages_first_on(time.time()) else " off"
        page = f"{phase}{span}:{len(sent)}"
        started = time.perf_counter()
        watcher.get("/", {PAGE_HEADER: page})
        sent[page] = (started, time.perf_counter())
        return sent[page][1] - started

    anchor_samples = []
    for _ in range(40):
        anchor_samples.append(page_latency())
        time.sleep(0.05)
    anchor = statistics.median(anchor_samples)
    phase = "load"
    distinct = "distinct bytes (a zip comment each)" if arguments.load_distinct else "identical bytes"
    distinct += ", one name" if arguments.load_same_name else ", a name each"
    print(f"\n5. load: {arguments.load_uploads} uploads ({distinct}) from {len(accounts)} accounts; server in its own "
          f"process, clients in {arguments.load_client_processes} processes at niceness {arguments.client_nice}")
    shown = "the warm-up's filing"
    if arguments.load_prefill:
        shown = f"{arguments.load_prefill:,} stored filings and the warm-up's"
    print(f"   anchor: the queue page ({shown}) with nothing else running {anchor * 1000:.1f} ms (median of 40)")
    shares = [list(range(index, arguments.load_uploads, len(accounts))) for index in range(len(accounts))]
    groups = [list(range(len(accounts)))[part::arguments.load_client_processes]
              for part in range(arguments.load_client_processes)]
    start, results = context.Queue(), context.Queue()  # type: ignore[attr-defined]
    uploaders = [
        context.Process(  # type: ignore[attr-defined]
            target=_upload_client,
            args=(base, [accounts[index] for index in group], [shares[index] for index in group],
                  arguments.load_distinct, arguments.load_same_name, arguments.client_nice, start, results),
            daemon=True,
        )
        for group in groups if group
    ]
    for process in uploaders:
        process.start()

    def gathered(timeout: float) -> Any:
        ends = time.perf_counter() + timeout
        while time.perf_counter() < ends:
            with contextlib.suppress(queue.Empty):
                return results.get(timeout=1)  # type: ignore[attr-defined]
            if any(process.exitcode not in (None, 0) for process in uploaders):
                raise RuntimeError("an uploading client failed (its traceback is above)")
        raise TimeoutError(f"the uploading clients did not answer within {timeout} s")

    for _ in uploaders:
        gathered(300)  # signed in, bodies made
    cpu_before = _process_tree_cpu(server_pid)
    threads_before = _server_threads_cpu(server_pid)
    own_before = time.process_time()
    began_wall = time.time()
    began = time.perf_counter()
    for _ in uploaders:
        start.put(began_wall)
    loaded: list[float] = []
    halves: dict[bool, list[float]] = {True: [], False: []}
    stop = threading.Event()

    def sample() -> None:
        while not stop.is_set():
            began = time.time()
            latency = page_latency()
            loaded.append(latency)
            if _pages_first_on(began) == _pages_first_on(began + latency) == _pages_first_on(began - 0.1):
                halves[_pages_first_on(began)].append(latency)  # wholly within one span, not just after a switch
            time.sleep(0.1)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    ids: list[int] = []
    refusals: Counter[int] = Counter()
    uploaded = 0.0
    clients_cpu = 0.0
    for _ in uploaders:
        batch, seconds, refused, cpu = gathered(arguments.timeout)
        clients_cpu += cpu
        refusals.update(refused)
        ids.extend(batch)
        uploaded = max(uploaded, seconds)
    while pending() and time.perf_counter() - began < arguments.timeout:
        time.sleep(0.05)
    finished = time.perf_counter() - began
    stop.set()
    sampler.join()
    cpu_after = _process_tree_cpu(server_pid)
    threads_after = _server_threads_cpu(server_pid)
    own_cpu = time.process_time() - own_before
    left = pending()
    for process in uploaders:
        process.join(30)
    engine.dispose()
    if left:
        raise TimeoutError(f"{left} reviews not recorded within {arguments.timeout} s")
    # The same page again with the load's filings in place and nothing running but the downloads made at the
    # lowest priority: the anchor shows one filing, the loaded page fifty rows of a queue of a thousand.
    phase = "after"
    time.sleep(1.0)
    afterwards = []
    for _ in range(40):
        afterwards.append(page_latency())
        time.sleep(0.05)
    during = statistics.median(loaded) if loaded else float("nan")
    print(f"   all {len(ids)} uploaded after {uploaded:.1f} s, all reviewed after {finished:.1f} s; uploads refused "
          f"and tried again: {dict(sorted(refusals.items())) or 'none'}")
    print(f"   the queue page meanwhile {_milliseconds(loaded)}")
    toggled = _toggled(arguments)
    if toggled:
        print(f"   with {toggled:19} {_milliseconds(halves[True])}")
        print(f"   without {toggled:16} {_milliseconds(halves[False])}")
    print(f"   ratio of medians {during / anchor:.2f}; load average {os.getloadavg()[0]:.1f}")
    after = statistics.median(afterwards)
    print(f"   the queue page afterwards, its {len(ids) + 1 + arguments.load_prefill:,} filings in place and the load "
          f"over, {after * 1000:.1f} ms (median of 40): the loaded page {during / after:.2f}x that")
    spent = {role: cpu_after.get(role, 0.0) - cpu_before.get(role, 0.0) for role in cpu_after}
    spent["uploading clients"] = clients_cpu
    spent["this process (the page timed)"] = own_cpu
    print("   CPU meanwhile: " + ", ".join(f"{role} {seconds:.1f} s" for role, seconds in sorted(spent.items())))
    scale = 1000 / max(1, len(ids))
    server_cpu = spent.get("server", 0.0)
    reviews_cpu = sum(seconds for role, seconds in spent.items() if role.startswith("child at niceness 10"))
    by_niceness = {niceness: threads_after[niceness] - threads_before.get(niceness, 0.0) for niceness in threads_after}
    ended = server_cpu - sum(by_niceness.values())
    print("   the server's CPU by its threads' niceness at the end: " + ", ".join(
        f"{niceness}: {seconds:.1f} s" for niceness, seconds in sorted(by_niceness.items())
    ) + f", threads ended meanwhile (recorders between bursts): {ended:.1f} s")
    from pacomply.workspace.priority import UPLOAD_NICENESS

    # The process reading uploads, lowered as the server's upload threads are (at the server's own niceness while a
    # toggled run has them at it, or where the platform refused).
    reading_cpu = sum(spent.get(f"child at niceness {niceness}", 0.0) for niceness in {0, UPLOAD_NICENESS})
    print(f"   CPU per 1,000 uploads: server {server_cpu * scale:.1f} s ({server_cpu * 1000 / max(1, len(ids)):.1f} ms "
          f"an upload), its reading process {reading_cpu * scale:.1f} s, review processes {reviews_cpu * scale:.1f} s, "
          f"clients {clients_cpu * scale:.1f} s; "
          f"all {sum(spent.values()) * scale:.1f} s, {sum(spent.values()) * scale / 2:.1f} s on 2 cores at the least")
    return sent


if __name__ == "__main__":
    main()
