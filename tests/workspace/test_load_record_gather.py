"""The recorder gathers reviews under load: while other reviews are still being made, or while the previous
recording began less than ``ReviewWorker.record_gather`` seconds ago, it waits (at most that long) for more to finish
and records them in one transaction, which costs the server far less CPU a review than one transaction each; a review
made after a quiet spell is recorded at once, and a stopping worker records what it has without waiting."""

from __future__ import annotations

import time
from typing import Any

from tests.workspace.conftest import EXAMPLES, reviewed

NAME = "686a-violations.xlsx"
REVIEW_SECONDS = 0.2
"""How long each review of these tests takes (a sleep), far longer than recording one takes."""


def _worker(store: Any, gather: float) -> Any:
    from pacomply.workspace.worker import ReviewWorker

    def slow_review(name: str, data: bytes) -> Any:
        time.sleep(REVIEW_SECONDS)
        return reviewed(name, data)

    # One review thread: the reviews finish one after another, REVIEW_SECONDS apart.
    return ReviewWorker(store, workers=1, processes=False, review=slow_review, record_gather=gather)


def _review_all(store: Any, worker: Any, count: int) -> list[int]:
    from pacomply.workspace import reviewing

    rita = store.add_user("rita", "correct horse battery", "reviewer")
    data = (EXAMPLES / NAME).read_bytes()
    filing = reviewing.read_upload(NAME, data)
    ids = [
        store.add_submission(NAME, data, filing, rita, rita.username, claimant=worker.claimant).id
        for _ in range(count)
    ]
    for item in ids:
        assert worker.submit(item, NAME, data) is not None
    assert worker.wait_idle(120)
    for item in ids:
        assert store.submission(rita, item).review_state == "done"
        assert [event.action for event in store.events(item)].count("review") == 1
    assert store.verify().intact
    return ids


def _second_review_held() -> tuple[Any, Any, Any]:
    """Two events and a review: no review is made before ``submitted`` is set, and 'second.xlsx' waits for
    ``held`` too."""
    import threading

    held = threading.Event()
    submitted = threading.Event()

    def review(name: str, data: bytes) -> Any:
        submitted.wait(60)  # both are under way before the first is made
        if name == "second.xlsx":
            held.wait(60)
        return reviewed(name, data)

    return held, submitted, review


def _two_filings(store: Any, worker: Any) -> tuple[Any, list[int], tuple[str, str], bytes]:
    """A reviewer and two uploads of the example, 'first.xlsx' and 'second.xlsx', claimed by ``worker``."""
    from pacomply.workspace import reviewing

    rita = store.add_user("rita", "correct horse battery", "reviewer")
    data = (EXAMPLES / NAME).read_bytes()
    names = ("first.xlsx", "second.xlsx")
    ids = [
        store.add_submission(
            name, data, reviewing.read_upload(name, data), rita, rita.username, claimant=worker.claimant
        ).id
        for name in names
    ]
    return rita, ids, names, data


def _submit_until_the_first_is_made(
    worker: Any, ids: list[int], names: tuple[str, str], data: bytes, submitted: Any
) -> float:
    """Submit both filings, let their reviews begin, and wait until the first is made (the recorder then gathers);
    the deadline, 30 s on, for what the test waits for next."""
    for item, name in zip(ids, names, strict=True):
        assert worker.submit(item, name, data) is not None
    submitted.set()
    deadline = time.monotonic() + 30
    while not worker._finished_reviews:
        assert time.monotonic() < deadline, "the first review was not made in 30 s"
        time.sleep(0.01)
    return deadline


def test_reviews_finishing_one_after_another_are_gathered_into_one_recording(sqlite_store: Any) -> None:
    """Four reviews made one after another on one thread, with a gathering time longer than all of them: the
    recorder, woken by the first, waits for the other three while they are under way and records the four in one
    transaction, each with its row, its event and its seal."""
    worker = _worker(sqlite_store, gather=60.0)
    try:
        _review_all(sqlite_store, worker, 4)
    finally:
        worker.shutdown()
    assert worker.batches == [4]


def test_without_gathering_each_review_finishing_alone_is_recorded_alone(sqlite_store: Any) -> None:
    """The same four reviews with no gathering time: the first is recorded as soon as it is made, alone (the anchor
    of the test above: there the one transaction is the gathering's doing)."""
    worker = _worker(sqlite_store, gather=0.0)
    try:
        _review_all(sqlite_store, worker, 4)
    finally:
        worker.shutdown()
    assert worker.batches[0] == 1 and sum(worker.batches) == 4


def test_a_review_made_after_a_quiet_spell_is_recorded_without_waiting(sqlite_store: Any) -> None:
    """One review and a gathering time of a minute: with no other review under way and no recording before it, the
    recorder does not wait, so the worker is idle long before the minute is out."""
    worker = _worker(sqlite_store, gather=60.0)
    began = time.monotonic()
    try:
        _review_all(sqlite_store, worker, 1)
    finally:
        worker.shutdown()
    assert worker.batches == [1]
    assert time.monotonic() - began < 30


def test_reviews_made_alone_soon_after_a_recording_are_gathered_into_the_next(sqlite_store: Any) -> None:
    """Reviews that each finish with no other under way (a steady stream of uploads that the reviews keep up with)
    and a gathering time of 2 s: the first, after a quiet spell, is recorded at once; the second and third, each
    handed out only after the one before was made, finish within 2 s of that recording and are recorded together
    when the 2 s are out."""
    from pacomply.workspace import reviewing

    worker = _worker(sqlite_store, gather=2.0)
    rita = sqlite_store.add_user("rita", "correct horse battery", "reviewer")
    data = (EXAMPLES / NAME).read_bytes()
    filing = reviewing.read_upload(NAME, data)
    try:
        ids = []
        for _ in range(3):
            item = sqlite_store.add_submission(NAME, data, filing, rita, rita.username, claimant=worker.claimant).id
            ids.append(item)
            assert worker.submit(item, NAME, data) is not None
            deadline = time.monotonic() + 30
            while item in worker._jobs and not any(job.submission_id == item for job, _ in worker._finished_reviews):
                assert time.monotonic() < deadline, "a review was not made in 30 s"
                time.sleep(0.01)  # made (gathered, or recorded), so the next is handed out with none under way
        assert worker.wait_idle(30)
    finally:
        worker.shutdown()
    assert worker.batches == [1, 2]
    for item in ids:
        assert [event.action for event in sqlite_store.events(item)].count("review") == 1


class _GatheringMarked:
    """The worker's "a review was made" condition, marking (``waiting``) when the recorder first waits on it: the
    recorder alone waits there, in its gathering."""

    def __init__(self, worker: Any) -> None:
        import threading

        self.condition = worker._review_finished
        self.waiting = threading.Event()
        worker._review_finished = self

    def wait(self, timeout: float | None = None) -> bool:
        self.waiting.set()
        return bool(self.condition.wait(timeout))

    def notify_all(self) -> None:
        self.condition.notify_all()


def test_a_stopping_worker_records_the_reviews_it_gathered_without_waiting_out_the_gathering(
    sqlite_store: Any,
) -> None:
    """Two reviews on two threads and a gathering time of a minute; the second review is held. The first is made
    and the recorder gathers, waiting for the second; the worker is told to stop (waiting for its reviews, in a
    thread of its own, since the second is held): the recorder stops gathering at once and records the first, well
    within the minute and while the second is still held; once released, the second is recorded too."""
    import threading

    from pacomply.workspace.worker import ReviewWorker

    held, submitted, review = _second_review_held()
    worker = ReviewWorker(sqlite_store, workers=2, processes=False, review=review, record_gather=60.0)
    rita, ids, names, data = _two_filings(sqlite_store, worker)
    gathering = _GatheringMarked(worker)
    stopping = threading.Thread(target=worker.shutdown)
    try:
        deadline = _submit_until_the_first_is_made(worker, ids, names, data, submitted)
        # The recorder waits in its gathering: the first is made and still not recorded.
        assert gathering.waiting.wait(max(0.0, deadline - time.monotonic())), "the recorder did not gather"
        assert sqlite_store.submission(rita, ids[0]).review_state == "pending"
        stopping.start()
        while sqlite_store.submission(rita, ids[0]).review_state != "done":
            assert time.monotonic() < deadline, "the stopping worker did not record the gathered review"
            time.sleep(0.01)
        assert not held.is_set()
        assert sqlite_store.submission(rita, ids[1]).review_state == "pending"
    finally:
        submitted.set()
        held.set()
        if stopping.ident is None:  # failed before the stop began
            worker.shutdown()
        else:
            stopping.join(60)
    assert not stopping.is_alive()
    assert sqlite_store.submission(rita, ids[1]).review_state == "done"


def test_a_page_begun_while_the_recorder_gathers_is_answered_before_the_recording(sqlite_store: Any) -> None:
    """The recorder gives way to the pages after it has gathered, not before: two reviews, the second held; while
    the recorder gathers the first, a page begins; the second is released and made, and the gathering ends, but
    nothing is recorded while the page is being answered; once it ends, both are recorded in one transaction."""
    import threading

    from pacomply.workspace.web_common import PagesFirst
    from pacomply.workspace.worker import ReviewWorker

    held, submitted, review = _second_review_held()
    pages = PagesFirst(most=60.0)  # a page holds the recorder back as long as it is answered, here
    worker = ReviewWorker(sqlite_store, workers=2, processes=False, review=review, record_gather=60.0)
    gave_way_with_both = threading.Event()

    def give_way() -> None:
        # Set only where the recorder gives way holding both reviews: one that gave way before its gathering (with
        # the first alone) never sets it, and the wait below fails.
        if len(worker._finished_reviews) == 2:
            gave_way_with_both.set()
        pages.wait()

    worker.give_way = give_way
    rita, ids, names, data = _two_filings(sqlite_store, worker)
    page_ended = False
    try:
        deadline = _submit_until_the_first_is_made(worker, ids, names, data, submitted)
        pages.started()
        held.set()
        while len(worker._finished_reviews) < 2:  # the second is made: the gathering is over
            assert time.monotonic() < deadline, "the second review was not made in 30 s"
            time.sleep(0.01)
        # The recorder reaches the pages' wait once its gathering is over, and is held there while the page lasts.
        assert gave_way_with_both.wait(max(0.0, deadline - time.monotonic())), "no giving way after the gathering"
        states = [sqlite_store.submission(rita, item).review_state for item in ids]
        assert states == ["pending", "pending"]
        assert worker.batches == []
        pages.ended()
        page_ended = True
        assert worker.wait_idle(30)
    finally:
        submitted.set()
        held.set()
        if not page_ended:
            pages.ended()
        worker.shutdown()
    assert worker.batches == [2]
    assert [sqlite_store.submission(rita, item).review_state for item in ids] == ["done", "done"]
