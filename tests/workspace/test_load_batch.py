"""Reviews recorded in batches under load: every review finished while the previous one was being recorded goes into
one transaction, sealed in one pass, and each is recorded exactly as if alone (its row, its event, its seal in the
one chain, the filing's version); a review another server took over is left out with nothing of it written. A
review is handed out once however many threads reach it, and an upload refused at its account's quota is refused
before its body is parsed."""

from __future__ import annotations

import io
import threading
import time
from typing import Any

import pytest

from tests.workspace.conftest import EXAMPLES, reviewed

NAME = "686a-violations.xlsx"


def _stored(store: Any, user: Any, count: int, claimant: str | None = None) -> tuple[list[int], bytes]:
    from pacomply.workspace import reviewing

    data = (EXAMPLES / NAME).read_bytes()
    filing = reviewing.read_upload(NAME, data)
    ids = [store.add_submission(NAME, data, filing, user, user.username, claimant=claimant).id for _ in range(count)]
    return ids, data


def test_reviews_recorded_in_one_transaction_are_each_recorded_and_sealed_as_if_alone(
    store: Any, accounts: Any
) -> None:
    """Three reviews in one call: three review rows, three "review" events, every row sealed in one unbroken chain
    (``verify`` finds nothing), the filings done and still at version 1 (a first review moves no version); a
    second review of one of them, recorded in a batch with a first review of another, moves that one's version
    only."""
    rita = accounts["reviewer"]
    ids, data = _stored(store, rita, 4)
    review = reviewed(NAME, data)
    kept = store.record_reviews([(item, review, "pacomply") for item in ids[:3]])
    assert sorted(kept) == ids[:3] and all(record is not None for record in kept.values())
    for item in ids[:3]:
        submission = store.submission(rita, item)
        assert (submission.review_state, submission.version) == ("done", 1)
        assert [event.action for event in store.events(item)].count("review") == 1
        assert [record.id for record in store.reviews(item)] == [kept[item].id]
    # A re-review pending again for the first filing, recorded beside the fourth filing's first review.
    store.request_rereview(rita, ids[0], 1)
    again = store.record_reviews([(ids[0], review, "pacomply"), (ids[3], review, "pacomply")])
    assert {item: store.submission(rita, item).version for item in (ids[0], ids[3])} == {ids[0]: 3, ids[3]: 1}
    assert len(store.reviews(ids[0])) == 2 and again[ids[0]].id == store.reviews(ids[0])[0].id
    verification = store.verify()
    assert verification.intact, verification.problems
    assert verification.checked["reviews"] == 5


def test_a_review_taken_over_is_left_out_of_its_batch_with_nothing_of_it_written(store: Any, accounts: Any) -> None:
    """Two reviews claimed by server A; the lease of one is taken over by server B. A's batch records the one it
    still holds and leaves the other pending under B's claim, with no row and no event; ``record_review`` of that
    one alone says the claim is lost."""
    from datetime import timedelta

    from pacomply.workspace.store import ClaimLost

    rita = accounts["reviewer"]
    ids, data = _stored(store, rita, 2, claimant="server-a")
    store.release_claims("server-a")  # A's claims free: B takes the second, A the first again
    assert [row[0] for row in store.claim_reviews("server-a", 1, timedelta(minutes=1))] == [ids[0]]
    assert [row[0] for row in store.claim_reviews("server-b", 1, timedelta(minutes=1))] == [ids[1]]
    review = reviewed(NAME, data)
    kept = store.record_reviews([(ids[0], review, "pacomply"), (ids[1], review, "pacomply")], "server-a")
    assert kept[ids[0]] is not None and kept[ids[1]] is None
    assert store.submission(rita, ids[0]).review_state == "done"
    lost = store.submission(rita, ids[1])
    assert (lost.review_state, lost.claimed_by) == ("pending", "server-b")
    assert store.reviews(ids[1]) == [] and "review" not in [event.action for event in store.events(ids[1])]
    with pytest.raises(ClaimLost):
        store.record_review(ids[1], review, "pacomply", claimant="server-a")
    assert store.verify().intact


def test_reviews_finished_while_one_is_recorded_are_recorded_together_each_once(
    sqlite_store: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Eight reviews on four review threads; the first recording is held back until the others have finished and
    wait, so they are recorded in fewer transactions than reviews (at least one of more than one). Each filing
    has one review row and one "review" event, and the record verifies."""
    from pacomply.workspace.worker import ReviewWorker

    store = sqlite_store
    rita = store.add_user("rita", "correct horse battery", "reviewer")
    worker = ReviewWorker(store, workers=4, processes=False, review=lambda name, data: reviewed(name, data))
    original = store.record_reviews
    calls: list[int] = []

    def slow_first(reviews: Any, claimant: Any = None) -> Any:
        calls.append(len(reviews))
        if len(calls) == 1:
            _wait_until_waiting(worker, 8 - len(reviews))  # the others finish meanwhile and wait as one batch
        return original(reviews, claimant)

    monkeypatch.setattr(store, "record_reviews", slow_first)
    try:
        ids, data = _stored(store, rita, 8, claimant=worker.claimant)
        for item in ids:
            assert worker.submit(item, NAME, data) is not None
        assert worker.wait_idle(120)
    finally:
        worker.shutdown()
    assert sum(calls) == 8 and len(calls) < 8 and max(calls) > 1
    assert worker.batches == calls
    for item in ids:
        assert store.submission(rita, item).review_state == "done"
        assert len(store.reviews(item)) == 1
        assert [event.action for event in store.events(item)].count("review") == 1
    assert store.verify().intact


def test_an_upload_and_a_look_for_work_reaching_one_review_at_once_hand_it_out_once(
    sqlite_store: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A look for work (``resume``) claims the upload this server has just stored and is counting its attempt when
    the upload's own hand-out arrives: the upload's hand-out is refused, and the filing is reviewed once (before,
    both handed it out, and the second review was made for nothing and refused when recorded)."""
    from pacomply.workspace.worker import ReviewWorker

    store = sqlite_store
    rita = store.add_user("rita", "correct horse battery", "reviewer")
    made: list[str] = []

    def review(name: str, data: bytes) -> Any:
        made.append(name)
        return reviewed(name, data)

    worker = ReviewWorker(store, workers=1, processes=False, review=review)
    original = store.start_review_attempt
    counting = threading.Event()
    handed = threading.Event()

    def slow_attempt(submission_id: int) -> int:
        counting.set()
        handed.wait(30)  # still counting its attempt when the upload's hand-out arrives and returns
        return original(submission_id)

    monkeypatch.setattr(store, "start_review_attempt", slow_attempt)
    try:
        ids, data = _stored(store, rita, 1, claimant=worker.claimant)
        looking = threading.Thread(target=worker.resume)
        looking.start()
        assert counting.wait(30)
        upload_handed = worker.submit_stored(ids[0], NAME, data)
        handed.set()
        assert upload_handed is None
        looking.join(30)
        assert worker.wait_idle(120)
    finally:
        handed.set()
        worker.shutdown()
    assert made == [NAME]
    assert len(store.reviews(ids[0])) == 1


def test_an_upload_refused_at_its_quota_is_refused_before_its_body_is_parsed(
    web: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At the quota of waiting reviews, a multipart upload (the page's form and the JSON endpoint's) is answered 429
    without the form parser reading its body; below the quota the same upload is parsed and stored."""
    from pacomply.workspace.store import MAX_PENDING_PER_ACCOUNT
    from werkzeug import formparser

    app, worker, client_factory = web
    store = app.extensions["pacomply"].store
    rita = next(user for user in store.users() if user.username == "rita")
    client = client_factory()
    client.sign_in("rita")
    parsed: list[int] = []
    original = formparser.FormDataParser.parse

    def counting(self: Any, *arguments: Any, **options: Any) -> Any:
        parsed.append(1)
        return original(self, *arguments, **options)

    monkeypatch.setattr(formparser.FormDataParser, "parse", counting)
    data = (EXAMPLES / NAME).read_bytes()
    _stored(store, rita, MAX_PENDING_PER_ACCOUNT)
    refused = client.upload(NAME, data)
    assert refused.status_code == 429, refused.get_data(as_text=True)
    api = client.client.post(
        "/api/filings", data={"file": (io.BytesIO(data), NAME)},
        headers={"X-CSRFToken": client.token}, content_type="multipart/form-data",
    )
    assert api.status_code == 429, api.get_data(as_text=True)
    assert parsed == []
    other = client_factory()
    other.sign_in("reuben")
    accepted = other.upload(NAME, data)
    assert accepted.status_code == 302, accepted.get_data(as_text=True)
    assert parsed
    assert worker.wait_idle(120)


def test_the_same_bytes_under_the_same_name_are_read_once_and_a_refusal_every_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The server reads an upload once per bytes and name: the same file again is handed the filing read before
    (equal, and frozen), another name or other bytes are read anew (the name is in every location), and a file
    that cannot be read is read, and refused, each time."""
    from pacomply.workspace import reviewing

    monkeypatch.setattr(reviewing, "_readings", type(reviewing._readings)())
    reads: list[str] = []
    original = reviewing._read

    def counting(path: Any) -> Any:
        reads.append(path.name)
        return original(path)

    monkeypatch.setattr(reviewing, "_read", counting)
    data = (EXAMPLES / NAME).read_bytes()
    first = reviewing.read_upload(NAME, data)
    assert reviewing.read_upload(NAME, data) is first
    renamed = reviewing.read_upload("renamed.xlsx", data)
    assert renamed.metadata.locations["licensee"].file == "renamed.xlsx"
    assert reads == [NAME, "renamed.xlsx"]
    for _ in range(2):
        with pytest.raises(reviewing.UploadRefused):
            reviewing.read_upload("broken.xlsx", b"not a workbook")
    assert reads == [NAME, "renamed.xlsx", "broken.xlsx", "broken.xlsx"]
    with pytest.raises(Exception, match="frozen"):
        first.metadata.licensee = "changed by a caller"  # type: ignore[misc]


def test_a_batch_the_database_refuses_is_recorded_one_review_at_a_time(
    sqlite_store: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A recording transaction refused for a reason other than the database being away (here: any batch of more
    than one) does not keep its reviews unrecorded: each is recorded alone, once."""
    from pacomply.workspace.worker import ReviewWorker

    store = sqlite_store
    rita = store.add_user("rita", "correct horse battery", "reviewer")
    gate = threading.Event()

    def review(name: str, data: bytes) -> Any:
        gate.wait(30)  # all four finish together, so they reach the recorder as one batch or few
        return reviewed(name, data)

    worker = ReviewWorker(store, workers=4, processes=False, review=review)
    original = store.record_reviews
    sizes: list[int] = []

    def refuse_batches(reviews: Any, claimant: Any = None) -> Any:
        sizes.append(len(reviews))
        if len(sizes) == 1:
            _wait_until_waiting(worker, 4 - len(reviews))  # the other reviews finish meanwhile and wait as one batch
        if len(reviews) > 1:
            raise ValueError("refused by the test")
        return original(reviews, claimant)

    monkeypatch.setattr(store, "record_reviews", refuse_batches)
    try:
        ids, data = _stored(store, rita, 4, claimant=worker.claimant)
        for item in ids:
            worker.submit(item, NAME, data)
        gate.set()
        assert worker.wait_idle(120)
    finally:
        worker.shutdown()
    assert max(sizes) > 1 and sum(size for size in sizes if size == 1) == 4
    for item in ids:
        assert store.submission(rita, item).review_state == "done"
        assert [event.action for event in store.events(item)].count("review") == 1


def test_a_server_reviewing_in_processes_reads_uploads_in_a_process_of_their_own(
    sqlite_store: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The server's reading of an upload runs in its reading process, not in the request's thread (which then holds
    no interpreter lock the pages need): the filing is the one read in place, a file that cannot be read is refused
    with each of its problems, and a dead reading process is replaced."""
    import os
    import signal

    from pacomply.workspace import reviewing
    from pacomply.workspace.worker import ReviewWorker

    monkeypatch.setattr(reviewing, "_readings", type(reviewing._readings)())
    data = (EXAMPLES / NAME).read_bytes()
    worker = ReviewWorker(sqlite_store, workers=1, processes=True, background_pdfs=False)
    try:
        assert worker.read(NAME, data) == reviewing._with_file(NAME, data, reviewing._read)
        reader_pids = [process.pid for process in worker._reader._processes.values()]  # type: ignore[union-attr]
        assert reader_pids and os.getpid() not in reader_pids
        with pytest.raises(reviewing.UploadRefused) as refused:
            worker.read("broken.xlsx", b"not a workbook at all")
        assert isinstance(refused.value.problems, list) and refused.value.problems
        assert refused.value.problems == [
            "File broken.xlsx: the file is not an Excel workbook: it is named .xlsx but its content is plain text"
        ]  # each problem as the readers word it, not the characters of one joined message
        os.kill(reader_pids[0], signal.SIGKILL)
        _wait_until_dead(reader_pids[0])  # dead before the next read is handed to the pool it belonged to
        assert worker.read("again.xlsx", data).metadata.licensee == "Allegheny Riverfront Gaming"
    finally:
        worker.shutdown()


def _wait_until_dead(pid: int) -> None:
    """Until the process has ended (a zombie its pool has not reaped yet counts as ended), at most 30 s."""
    import psutil

    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if psutil.Process(pid).status() == psutil.STATUS_ZOMBIE:
                return
        except psutil.NoSuchProcess:
            return
        time.sleep(0.01)
    raise AssertionError(f"process {pid} was still running 30 s after SIGKILL")


def _wait_until_waiting(worker: Any, count: int) -> None:
    """Until ``count`` finished reviews wait for the recorder (the worker's list of them), at most 60 s: the first
    recording is held while they finish, rather than for a fixed time they might not finish in."""
    deadline = time.monotonic() + 60
    while len(worker._finished_reviews) < count:
        assert time.monotonic() < deadline, f"{len(worker._finished_reviews)} of {count} reviews finished in 60 s"
        time.sleep(0.01)
