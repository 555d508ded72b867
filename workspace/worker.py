"""Reviews run beside the web server, never inside a request: an upload is stored, answered at once, and reviewed
by a pool of worker processes (a 645a review takes seconds of CPU; in a process it neither blocks pages nor holds
the interpreter lock the server's threads need). The result is written to the store when it comes back.

The queue is durable: a submission waits in the database (``review_state = 'pending'``) until its review or its
failure is recorded, so the reviews pending when the server stopped are handed out again when it starts.

The PDF and workbook of a review are not made with it (they are nine tenths of a review's CPU): once no review is
waiting, a process of their own, at the lowest scheduling priority, renders them from each sealed review, and a
download that finds its file not made yet renders it at once in the review pool. Either way they are derived from
the sealed review (:func:`reviewing.render_downloads`) and sealed when made. The review processes import the review
engine when they start (``warm_up``), not on their first review.

Several servers over one database: a review is claimed in the database before it is handed out (the server's id
and a lease, :meth:`Store.claim_review`, :meth:`Store.claim_reviews`), renewed while the server runs
(:meth:`ReviewWorker.keep_claims`), and released when it is recorded, failed, or the server stops. A claim whose
lease expired (its server was killed) is taken over by any server that looks for work; a review is recorded only
under the claim that holds it, so none is recorded twice. A background rendering is claimed the same way.

Faults: when a review process dies (killed, out of memory), the pool is broken for every review it held; the
worker builds a new pool and hands each of those reviews to it again. A filing whose review ends its process
``max_attempts`` times is recorded as a failure instead. Each review process watches the server that started it
and ends as soon as that server is gone, even after a ``kill -9`` that gave the server no chance to stop it.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import math
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import BrokenExecutor, Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import Any

from pacomply.workspace import priority
from pacomply.workspace.event_log import log_review
from pacomply.workspace.reviewing import (
    DOWNLOADS,
    RenderingRefused,
    StoredReview,
    UploadRefused,
    document_digest,
    keep_reading,
    kept_reading,
    read_upload,
    render_downloads,
    review_upload,
)
from pacomply.workspace.store import MAX_REVIEW_ATTEMPTS, REVIEW_LEASE, ClaimLost, Store

LOG = logging.getLogger("pacomply.workspace")
RENDERINGS_IN_FLIGHT = 2
"""Reviews handed to the background renderer at once (the others wait as ids, not as their filings' bytes)."""
PARENT_GONE_EXIT = 70
"""The exit status of a review process that ended because its server was gone."""
RECORD_BATCH = 64
"""Reviews recorded in one transaction at most (those finished while the previous one was recorded, and while the
recorder gathered: :data:`RECORD_GATHER_SECONDS`)."""
RECORD_GATHER_SECONDS = 0.2
"""How long the recorder waits for more reviews to finish before it records the ones it has (at most
:data:`RECORD_BATCH`): a recording transaction costs the server about 3 ms of CPU for one review and under 1 ms a
review for ten, CPU the pages share. It waits while other reviews are still being made here, or while the previous
recording began less than this long ago (:meth:`ReviewWorker._gather`); a review is recorded at most this much
later, and one made after a quiet spell at once."""


def watch_parent() -> None:
    """Run in each review process as it starts: a daemon thread waits on the pipe the server holds open
    (``multiprocessing.parent_process().sentinel``) and ends this process the moment the server is gone.

    This works for every start method (spawn, forkserver, fork) and on every platform (the sentinel is a pipe on
    POSIX, a process handle on Windows). Linux's PR_SET_PDEATHSIG is not used: it fires when the *thread* that
    started the process ends, and the pool starts its processes from whichever thread submits a review."""
    import multiprocessing
    import os

    parent = multiprocessing.parent_process()
    if parent is None or parent.sentinel is None:
        return
    sentinel = parent.sentinel

    def wait_for_parent() -> None:
        from multiprocessing.connection import wait

        wait([sentinel])
        os._exit(PARENT_GONE_EXIT)

    threading.Thread(target=wait_for_parent, name="pacomply-parent-watch", daemon=True).start()


CLAIM_AHEAD = 4
"""Reviews a server claims per review process when it looks for work in the queue (at start, when one of its reviews
finishes, and at each renewal): the rest stay free for the other servers."""


def server_id() -> str:
    """This server's id in the database (its claims and heartbeat): the host, the process and a random part, so a
    restarted process with the same number is another server."""
    import os
    import secrets
    import socket

    return f"{socket.gethostname()[:60]}:{os.getpid()}:{secrets.token_hex(3)}"


def lease_from_environment() -> timedelta:
    """$PACOMPLY_REVIEW_LEASE in seconds (the default lease when unset); ValueError naming it otherwise."""
    from pacomply.workspace.settings import number_setting

    return timedelta(seconds=number_setting("PACOMPLY_REVIEW_LEASE", REVIEW_LEASE.total_seconds(), 1, 3600, "seconds"))


REVIEW_NICENESS = 10
"""How much lower than the server's the review processes' scheduling priority is (where the platform has niceness),
unless $PACOMPLY_REVIEW_NICENESS says otherwise (:func:`review_niceness_from_environment`)."""


def review_niceness_from_environment() -> int:
    """$PACOMPLY_REVIEW_NICENESS, a whole number from 0 (the server's own priority) to 19 (the lowest); REVIEW_NICENESS
    when unset; ValueError naming it otherwise. Read by the server as it starts (so a wrong value stops it there) and
    by each review process, which inherits the server's environment."""
    from pacomply.workspace.settings import whole_setting

    return whole_setting("PACOMPLY_REVIEW_NICENESS", REVIEW_NICENESS, 0, 19)


RESUME_DELAY = 2.0
"""Seconds between attempts to hand out the pending reviews again while the database does not answer."""


def _now() -> Any:
    from pacomply.workspace.store import now

    return now()


def _database_unavailable(error: BaseException) -> bool:
    """Whether an error is the database not answering (stopped, restarting, unreachable, or SQLite locked too long):
    the operation can be tried again later, and nothing of it was written."""
    from sqlalchemy.exc import DBAPIError, OperationalError

    return isinstance(error, OperationalError) or (isinstance(error, DBAPIError) and error.connection_invalidated)


@contextlib.contextmanager
def _sigint_blocked() -> Iterator[None]:
    """SIGINT blocked in the calling thread for the block (where the platform has signal masks)."""
    import signal

    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def warm_up() -> None:
    """Run in each review process as it starts, after :func:`watch_parent`: import the review engine and the
    renderers now, so the first review a process is given costs what every later one does."""
    watch_parent()
    try:
        niceness = review_niceness_from_environment()
    except ValueError:  # refused, with its reason, where the server starts (serve.build)
        niceness = REVIEW_NICENESS
    # Below the server's request threads (pages first, reviews with the rest), counted from the server itself: a pool
    # rebuilt by a lowered upload thread would otherwise add the step to the niceness it inherited from that thread
    # (a review niceness set below the upload niceness stays at the inherited one there: raising needs a privilege).
    priority.lower_this_process_below_parent(niceness)
    import pacomply.checker.review
    import pacomply.reports.json
    import pacomply.reports.pdf
    import pacomply.reports.xlsx
    import pacomply.submissions.readers  # noqa: F401


def reading_process() -> None:
    """Run in the process that reads uploads as it starts: it watches its server, as a review process does, runs
    ``priority.UPLOAD_NICENESS`` steps below the server, as the threads storing uploads do (a page is answered
    first; the reviews wait for the readings), and imports the readers now."""
    watch_parent()
    priority.lower_this_process_below_parent()
    import pacomply.submissions.readers  # noqa: F401


def low_priority() -> None:
    """Run in the process that renders PDFs in the background: the lowest scheduling priority, so it takes only
    CPU the reviews and the web server leave (where the platform has niceness; under the idle scheduling policy as
    well where Linux has it, :func:`priority.schedule_when_idle`), then as :func:`warm_up`."""
    import contextlib
    import os

    if hasattr(os, "nice"):
        with contextlib.suppress(OSError):  # a platform or container refusing it
            os.nice(19)
    priority.schedule_when_idle()
    warm_up()


def _render(
    name: str, data: bytes, document: dict[str, Any], kinds: tuple[str, ...], configurations: Path | None
) -> dict[str, bytes]:
    return render_downloads(name, data, document, kinds, configurations)


@dataclass(slots=True)
class _Job:
    submission_id: int
    name: str
    data: bytes
    actor: str
    future: Future[StoredReview]
    generation: int
    started: float = field(default_factory=time.monotonic)
    """When the review was handed out (its log line's duration runs from here)."""


class ReviewWorker:
    """A bounded pool that reviews stored submissions and records each review (or why there is none)."""

    def __init__(
        self,
        store: Store,
        workers: int = 2,
        processes: bool = True,
        review: Callable[[str, bytes], StoredReview] | None = None,
        max_attempts: int = MAX_REVIEW_ATTEMPTS,
        background_pdfs: bool | None = None,
        configurations: Path | None = None,
        lease: timedelta | None = None,
        record_gather: float = RECORD_GATHER_SECONDS,
    ) -> None:
        """``configurations``: the folder of licensees' configurations (``<licensee>/pacomply.toml``), applied to
        every review and rendering as ``validate`` applies a configuration (:func:`reviewing.licensee_configuration`).
        ``review`` replaces the review function (tests). ``lease``: how long a claim lasts unless renewed
        (:data:`store.REVIEW_LEASE`). ``record_gather``: how long the recorder waits for more reviews to finish
        (:data:`RECORD_GATHER_SECONDS`; 0 records each batch at once)."""
        self.store = store
        self.claimant = server_id()
        """This server's id on its claims and heartbeat."""
        self.lease = lease or REVIEW_LEASE
        self._keeper: threading.Thread | None = None
        self._stopping = threading.Event()
        self._workers = workers
        self._processes = processes
        self._configurations = configurations
        self._review = review or functools.partial(review_upload, configurations=configurations)
        self.max_attempts = max_attempts
        self._lock = threading.RLock()
        self._idle = threading.Condition(self._lock)
        self._jobs: dict[int, _Job] = {}
        self._generation = 0
        self._closed = False
        self.rebuilt = 0
        """How many times a broken pool was replaced."""
        self._pool = self._new_pool()
        self._background = processes if background_pdfs is None else background_pdfs
        self._renderer: Executor | None = None
        self._rendering: set[int] = set()
        self._resume_timer: threading.Timer | None = None
        self._render_waiting: deque[int] = deque()
        self._render_in_flight = 0
        self._handing_out: set[int] = set()
        """Reviews being claimed and handed out now (not yet in ``_jobs``), so no other thread hands them out too."""
        self._finished_reviews: list[tuple[_Job, StoredReview]] = []
        """Reviews made and waiting to be recorded by the recorder thread, in the order they finished."""
        self._review_finished = threading.Condition(self._lock)
        """Notified as each review made joins ``_finished_reviews`` (the recorder gathers them)."""
        self.record_gather = record_gather
        self._last_recording = -math.inf
        """When the recorder last took a batch (``time.monotonic``)."""
        self._recorder: threading.Thread | None = None
        self._reader: Executor | None = None
        """The process that reads uploads (started at the first upload; none when reviews run in threads)."""
        self.batches: list[int] = []
        """How many reviews each recording transaction recorded (the latest 1,000)."""
        self.give_way: Callable[[], None] | None = None
        """Called by the recorder before each batch: the web application's wait for the pages being answered
        (``web_common.PagesFirst``), so recording reviews never competes with a page for the interpreter lock."""

    def _new_pool(self, workers: int | None = None, initializer: Callable[[], None] | None = None) -> Executor:
        """``initializer``: run in each process as it starts; :func:`warm_up` (looked up now) when None."""
        if self._processes:
            import multiprocessing

            # spawn, not fork: the server has threads, and forking a threaded process is unsafe on every platform.
            pool = ProcessPoolExecutor(
                workers or self._workers, mp_context=multiprocessing.get_context("spawn"),
                initializer=initializer or warm_up,
            )
            # Start every process now (the executor starts one per task waiting for a free process), so each has
            # imported the engine before the first reviews arrive. They start with SIGINT blocked (a signal mask
            # is inherited): Ctrl-C reaches the terminal's whole process group, and the server ends its review
            # processes itself, so none prints a traceback of its own, even while it is still starting.
            with _sigint_blocked():
                for _ in range(workers or self._workers):
                    pool.submit(int)
            return pool
        return ThreadPoolExecutor(workers or self._workers, thread_name_prefix="pacomply-review")

    def _rebuild(self, generation: int) -> None:
        """Replace the pool of ``generation`` (once, however many of its reviews report it broken)."""
        with self._lock:
            if generation != self._generation or self._closed:
                return
            broken = self._pool
            self._pool = self._new_pool()
            self._generation += 1
            self.rebuilt += 1
        LOG.warning("a review process ended abruptly; the review pool was rebuilt")
        broken.shutdown(wait=False, cancel_futures=True)

    # -- reading uploads ----------------------------------------------------------------------------------------

    def read(self, name: str, data: bytes) -> Any:
        """The filing in an upload, read in a process of its own (:func:`reviewing.read_upload`, with every
        defence the readers have), so the request's thread waits for it without holding the server's interpreter
        lock, which the pages need; in the calling thread when reviews run in threads. :class:`UploadRefused` with
        every problem when it cannot be read. The filing of the same bytes under the same name read before is
        handed out at once (:func:`reviewing.kept_reading`)."""
        kept = kept_reading(name, data)
        if kept is not None:
            return kept
        if not self._processes:
            return read_upload(name, data)
        for _ in range(2):
            with self._lock:
                if self._closed:
                    raise RuntimeError("the workspace is stopping")
                if self._reader is None:
                    self._reader = self._new_pool(1, reading_process)
                reader = self._reader
            try:
                filing = reader.submit(read_upload, name, data).result()
            except BrokenExecutor:  # the reading process died (killed, out of memory): a new one reads it
                with self._lock:
                    if self._reader is reader:
                        self._reader = None
                reader.shutdown(wait=False, cancel_futures=True)
                continue
            keep_reading(name, data, filing)
            return filing
        raise UploadRefused([f"{name}: the reading process ended abruptly twice while reading this file; nothing "
                             "was stored"])

    # -- downloads, made after the review -----------------------------------------------------------------------

    def render_download(self, review_id: int, kind: str, timeout: float = 120.0) -> bytes:
        """A sealed review's PDF or workbook, made now in the review pool and sealed (a download that found none)."""
        name, data, document = self.store.rendering_source(review_id)
        for _ in range(2):
            with self._lock:
                pool, generation = self._pool, self._generation
            try:
                made = pool.submit(_render, name, data, document, (kind,), self._configurations).result(timeout)
                break
            except BrokenExecutor:
                self._rebuild(generation)
        else:  # pragma: no cover - a new pool refusing its first rendering
            raise RuntimeError("the review pool could not render the download")
        return self.store.record_rendering(review_id, kind, made[kind], document_digest(document))

    def render_later(self, review_id: int) -> None:
        """Queue a sealed review's PDF and workbook for the low-priority renderer, which is handed them once no
        review is waiting (a no-op when background rendering is off)."""
        with self._lock:
            if not self._background or self._closed or review_id in self._rendering:
                return
            self._rendering.add(review_id)
            self._render_waiting.append(review_id)
        self._hand_out_renderings()

    def _hand_out_renderings(self) -> None:
        while True:
            with self._lock:
                if (
                    self._jobs or self._closed or not self._render_waiting
                    or self._render_in_flight >= RENDERINGS_IN_FLIGHT
                ):
                    return
                review_id = self._render_waiting.popleft()
                self._render_in_flight += 1
                if self._renderer is None:
                    self._renderer = self._new_pool(1, low_priority)
                renderer = self._renderer
            try:
                if not self.store.claim_rendering(review_id, self.claimant, self.lease):
                    with self._lock:  # another server is making them
                        self._rendering.discard(review_id)
                        self._render_in_flight -= 1
                    continue
                name, data, document = self.store.rendering_source(review_id)
                future = renderer.submit(_render, name, data, document, DOWNLOADS, self._configurations)
            except Exception:
                with self._lock:
                    self._rendering.discard(review_id)
                    self._render_in_flight -= 1
                    if self._renderer is renderer:
                        self._renderer = None  # broken: the next rendering starts a new renderer
                LOG.warning("could not queue the downloads of review %s; each is made when first asked", review_id)
                continue
            future.add_done_callback(functools.partial(self._rendered, review_id, document))

    def _rendered(self, review_id: int, document: dict[str, Any], done: Future[dict[str, bytes]]) -> None:
        try:
            with self._lock:
                closed = self._closed
            if done.cancelled() or closed:
                return
            try:
                made = done.result()
            except RenderingRefused as error:
                LOG.warning("review %s: %s", review_id, error)
                return
            except BrokenExecutor:
                with self._lock:
                    self._renderer = None
                return
            digest = document_digest(document)
            for kind in sorted(DOWNLOADS, key=lambda kind: kind == "pdf"):  # the PDF last: it marks both made
                self.store.record_rendering(review_id, kind, made[kind], digest)
            # Made: the claim goes. A rendering refused or failed keeps its claim while this server runs (renewed
            # with the others), so no server tries it again until a restart; a download still makes it at once.
            with contextlib.suppress(Exception):  # the claim lapses with its lease where the database is away
                self.store.release_rendering(review_id, self.claimant)
        except Exception:
            LOG.exception("could not make the downloads of review %s; each is made when first asked", review_id)
        finally:
            with self._lock:
                self._rendering.discard(review_id)
                self._render_in_flight -= 1
            self._hand_out_renderings()

    def render_missing(self, limit: int = 1000) -> int:
        """Queue the downloads of the latest reviews that have none (at start-up); how many."""
        missing = self.store.reviews_without_renderings(limit, unclaimed=True)
        for review_id in missing:
            self.render_later(review_id)
        return len(missing)

    def submit(
        self, submission_id: int, name: str, data: bytes, actor: str = "pacomply"
    ) -> Future[StoredReview] | None:
        """Claim a stored submission's review and review it in the pool; the review is recorded when it finishes.
        None when it is already under way (here, or claimed by another server), or when its attempts are used up
        (its failure is then recorded)."""
        if not self._reserve(submission_id):
            return None
        try:
            if not self.store.claim_review(submission_id, self.claimant, self.lease):
                return None
            return self._start(submission_id, name, data, actor)
        finally:
            self._release_reservation(submission_id)

    def submit_stored(
        self, submission_id: int, name: str, data: bytes, actor: str = "pacomply"
    ) -> Future[StoredReview] | None:
        """Review an upload this server has just stored with its claim and its first attempt counted
        (:meth:`Store.add_submission` with ``claimant`` and ``handed_out``): what :meth:`submit` does, without
        claiming it and counting the attempt again."""
        if not self._reserve(submission_id):
            return None
        try:
            return self._start(submission_id, name, data, actor, attempt=1)
        finally:
            self._release_reservation(submission_id)

    def _reserve(self, submission_id: int) -> bool:
        """Take the right to hand out a review in this server; False when it is under way or being handed out by
        another thread (an upload's request and a look for work can reach the same review at once)."""
        with self._lock:
            if submission_id in self._jobs or submission_id in self._handing_out or self._closed:
                return False
            self._handing_out.add(submission_id)
            return True

    def _release_reservation(self, submission_id: int) -> None:
        with self._lock:
            self._handing_out.discard(submission_id)

    def _start(
        self, submission_id: int, name: str, data: bytes, actor: str, attempt: int | None = None
    ) -> Future[StoredReview] | None:
        """Hand a claimed review to the pool; ``attempt``: already counted (else counted now)."""
        if attempt is None:
            attempt = self.store.start_review_attempt(submission_id)
        if attempt > self.max_attempts:
            self.store.record_review_failure(
                submission_id,
                f"the review process ended abruptly {attempt - 1} times while reviewing this filing (it was killed or "
                "ran out of memory); pacomply could not review it. Ask for a new review once the cause is known",
                "pacomply",
                self.claimant,
            )
            with self._lock:
                self._jobs.pop(submission_id, None)
                self._idle.notify_all()
            return None
        with self._lock:
            for _ in range(2):
                generation = self._generation
                try:
                    future = self._pool.submit(self._review, name, data)
                    break
                except (BrokenExecutor, RuntimeError):
                    # The pool broke before any of its reviews said so (or is shutting down): replace it.
                    if self._closed:
                        raise
                    self._rebuild(generation)
            else:  # pragma: no cover - a new pool refusing its first review
                raise RuntimeError("the review pool could not be started")
            job = _Job(submission_id, name, data, actor, future, generation)
            self._jobs[submission_id] = job
        future.add_done_callback(lambda done: self._finished(job))
        return future

    def resume(self) -> int:
        """Claim and hand out the reviews waiting that no server holds (unclaimed, or their claim's lease expired),
        up to :data:`CLAIM_AHEAD` per review process under way here (at start-up, when a review finishes, at each
        renewal, and after the database came back); how many."""
        with self._lock:
            if self._closed:
                return 0
            running = list(self._jobs)
        room = CLAIM_AHEAD * self._workers - len(running)
        if room <= 0:
            return 0
        started = 0
        with self._lock:
            handing_out = list(self._handing_out)
        claimed = self.store.claim_reviews(self.claimant, room, self.lease, exclude=[*running, *handing_out])
        for submission_id, name, data in claimed:
            if not self._reserve(submission_id):
                continue
            try:
                if self._start(submission_id, name, data, "pacomply") is not None:
                    started += 1
            finally:
                self._release_reservation(submission_id)
        return started

    def keep_claims(self) -> None:
        """Start renewing this server's claims and heartbeat every third of the lease, in a daemon thread that
        also takes the reviews other servers left (unclaimed, or their lease expired) and the background
        renderings nobody makes; it stops with :meth:`shutdown`."""
        import os
        import socket

        started = _now()

        def keep() -> None:
            interval = self.lease.total_seconds() / 3
            while not self._stopping.is_set():
                try:
                    self.store.heartbeat(self.claimant, socket.gethostname(), os.getpid(), started)
                    self.store.renew_claims(self.claimant, self.lease)
                    self.resume()
                    with self._lock:
                        renderer_idle = self._background and not self._render_waiting and not self._render_in_flight
                    if renderer_idle:
                        self.render_missing(RENDERINGS_IN_FLIGHT)
                except Exception as error:
                    if not _database_unavailable(error):
                        LOG.exception("could not renew this server's claims")
                self._stopping.wait(interval)

        with self._lock:
            if self._keeper is not None or self._closed:
                return
            self._keeper = threading.Thread(target=keep, name="pacomply-claims", daemon=True)
        self._keeper.start()

    def _finished(self, job: _Job) -> None:
        """A review's future is done: a review made goes to the recorder (:meth:`_record_finished`), which records
        every review finished meanwhile in one transaction; a failure or an interruption is recorded here."""
        if job.future.cancelled():  # the server is stopping: it stays pending for the next start
            self._done([job])
            return
        error = job.future.exception()
        if error is not None:
            self._failed(job, error)
            return
        with self._lock:
            self._finished_reviews.append((job, job.future.result()))
            self._review_finished.notify_all()
            if self._recorder is None:
                self._recorder = threading.Thread(target=self._record_finished, name="pacomply-recorder", daemon=True)
                self._recorder.start()

    def _failed(self, job: _Job, error: BaseException) -> None:
        """Record why a review was not made: a review process that died (the review is handed out again), an upload
        the readers refuse, or a defect in pacomply (recorded as one, never as a verdict)."""
        try:
            if isinstance(error, BrokenExecutor):
                self._rebuild(job.generation)
                with self._lock:
                    closed = self._closed
                log_review(job.submission_id, job.actor, "interrupted", time.monotonic() - job.started)
                if closed:
                    return  # stays pending in the database; the next start hands it out again
                self.store.record_review_interrupted(job.submission_id, job.generation + 1, str(error))
                self._start(job.submission_id, job.name, job.data, job.actor)
                return
            if isinstance(error, UploadRefused):
                problem = "; ".join(error.problems)
            else:
                LOG.error("review of submission %s failed", job.submission_id, exc_info=error)
                problem = f"pacomply could not review this filing (an internal error: {error!r})"
            self.store.record_review_failure(job.submission_id, problem, job.actor, self.claimant)
            log_review(job.submission_id, job.actor, "failed", time.monotonic() - job.started)
        except ClaimLost as lost:
            LOG.warning("%s", lost)
            log_review(job.submission_id, job.actor, "taken over", time.monotonic() - job.started)
        except Exception as failure:
            LOG.exception("could not record the review of submission %s", job.submission_id)
            if _database_unavailable(failure):
                # Nothing of the review was written (one transaction): it stays pending, and is handed out again
                # once the database answers.
                self._resume_later()
        finally:
            self._done([job])

    def _record_finished(self) -> None:
        """The recorder thread: records the reviews made, all those finished while the previous transaction ran
        (at most :data:`RECORD_BATCH`) in one transaction sealed in one pass, and ends when none is left. It runs
        ``priority.UPLOAD_NICENESS`` steps below the request threads (where a thread has a niceness of its own), so a
        page's thread takes a core before it."""
        priority.lower_this_thread()
        while True:
            with self._lock:
                if not self._finished_reviews:
                    self._recorder = None
                    self._idle.notify_all()
                    return
                self._gather()  # more reviews finishing meanwhile join the batch
            # Only with something to record does the recorder give way to the pages (the list only grows meanwhile:
            # this thread alone takes from it), so a stop or a drain never waits for it with nothing left. It gives
            # way after gathering, so a page that came in meanwhile is answered before the recording starts.
            if self.give_way is not None:
                self.give_way()
            with self._lock:
                batch = self._finished_reviews[:RECORD_BATCH]
                del self._finished_reviews[:RECORD_BATCH]
            try:
                self._record(batch)
            finally:
                self._done([job for job, _stored in batch])

    def _gather(self) -> None:
        """With the lock held: wait for more reviews to finish, so that one transaction records several (it costs
        the server far less CPU a review than one each), until the batch is full or the worker stops, and at most
        :attr:`record_gather` seconds: while other reviews are still being made here, that long; while none is,
        until :attr:`record_gather` seconds after the previous recording began (recordings under a steady stream of
        uploads, each review made alone, come at most that often). A review made after a quiet spell is recorded
        at once."""
        began = time.monotonic()
        while not self._closed and len(self._finished_reviews) < RECORD_BATCH:
            under_way = len(self._jobs) - len(self._finished_reviews)  # handed out, not yet made
            until = began + self.record_gather if under_way > 0 else self._last_recording + self.record_gather
            remaining = min(until, began + self.record_gather) - time.monotonic()
            if remaining <= 0:
                break
            self._review_finished.wait(remaining)
        self._last_recording = time.monotonic()

    def _record(self, batch: list[tuple[_Job, StoredReview]]) -> None:
        try:
            kept = self.store.record_reviews(
                [(job.submission_id, stored, job.actor) for job, stored in batch], self.claimant
            )
        except Exception as error:
            if _database_unavailable(error):
                LOG.exception("could not record the reviews of submissions %s", [job.submission_id for job, _ in batch])
                # Nothing of them was written (one transaction): they stay pending, and are handed out again once
                # the database answers.
                self._resume_later()
                return
            if len(batch) > 1:  # one review the database refuses does not keep the others from being recorded
                for item in batch:
                    self._record([item])
                return
            LOG.exception("could not record the review of submission %s", batch[0][0].submission_id)
            return
        with self._lock:
            self.batches.append(len(batch))
            del self.batches[:-1000]
        for job, stored in batch:
            record = kept.get(job.submission_id)
            if record is None:
                LOG.warning("%s", ClaimLost.of(job.submission_id))
                log_review(job.submission_id, job.actor, "taken over", time.monotonic() - job.started)
                continue
            log_review(job.submission_id, job.actor, "reviewed", time.monotonic() - job.started)
            if not stored.pdf:
                self.render_later(record.id)

    def _done(self, jobs: list[_Job]) -> None:
        """The reviews of ``jobs`` are recorded (or will not be): no longer under way here; more are taken when few
        are left."""
        with self._lock:
            for job in jobs:
                if self._jobs.get(job.submission_id) is job:
                    del self._jobs[job.submission_id]
            self._idle.notify_all()
            low = not self._closed and len(self._jobs) < self._workers
        if low:
            self._take_more()
        self._hand_out_renderings()

    def _take_more(self) -> None:
        """Claim more of the waiting reviews as this server's run low (the queue is the database's)."""
        try:
            self.resume()
        except Exception as error:
            if not _database_unavailable(error):
                LOG.exception("could not claim the reviews waiting")

    def _resume_later(self, delay: float = RESUME_DELAY) -> None:
        """Hand out the pending reviews again in ``delay`` seconds, and every ``delay`` seconds after while the
        database does not answer (one timer at a time; none once the worker is shut down)."""
        with self._lock:
            if self._closed or self._resume_timer is not None:
                return
            timer = threading.Timer(delay, self._retry_resume)
            timer.daemon = True
            self._resume_timer = timer
        timer.start()

    def _retry_resume(self) -> None:
        with self._lock:
            self._resume_timer = None
        try:
            self.resume()
        except Exception as error:
            if not _database_unavailable(error):
                raise
            self._resume_later()

    def wait_idle(self, timeout: float | None = None) -> bool:
        """Wait until no review is running or being recorded; False when the timeout passed first."""
        with self._lock:
            return self._idle.wait_for(lambda: not self._jobs, timeout)

    @property
    def busy(self) -> int:
        """Reviews submitted and not yet recorded."""
        with self._lock:
            return len(self._jobs)

    def process_ids(self) -> list[int]:
        """The review processes' ids (none for a thread pool, or before the first review starts them)."""
        processes = getattr(self._pool, "_processes", None) or {}
        return sorted(process.pid for process in list(processes.values()) if process.pid is not None)

    def readiness(self) -> str:
        """'ready' while the review pool takes reviews; else why not (stopped, or broken and not yet rebuilt)."""
        with self._lock:
            if self._closed:
                return "the review pool is stopped"
            pool = self._pool
        return "the review pool is broken" if getattr(pool, "_broken", False) else "ready"

    def shutdown(self, wait: bool = True) -> None:
        """Stop; reviews still queued stay pending for the next start. ``wait``: finish the reviews under way
        first; else (Ctrl-C) end the review processes at once, and those reviews stay pending too: a review is
        recorded in one transaction, so nothing of it was written."""
        with self._lock:
            self._closed = True
            self._review_finished.notify_all()  # a recorder gathering records what it has now
            pool, renderer, reader = self._pool, self._renderer, self._reader
            if self._resume_timer is not None:
                self._resume_timer.cancel()
        self._stopping.set()
        if renderer is not None:
            # PDFs not made yet are made when first downloaded: the renderer is stopped, not waited for.
            for process in list((getattr(renderer, "_processes", None) or {}).values()):
                process.terminate()
            renderer.shutdown(wait=True, cancel_futures=True)
        if reader is not None:  # an upload being read is not stored: its request is answered with an error
            for process in list((getattr(reader, "_processes", None) or {}).values()):
                process.terminate()
            reader.shutdown(wait=True, cancel_futures=True)
        if not wait:
            for process in list((getattr(pool, "_processes", None) or {}).values()):
                process.terminate()
        pool.shutdown(wait=wait, cancel_futures=not wait)
        if wait:  # and the reviews made recorded
            with self._lock:
                self._idle.wait_for(lambda: not self._finished_reviews and self._recorder is None, 120)
        try:  # what this server held is free for the others at once, not after the lease
            self.store.release_claims(self.claimant)
        except Exception:
            LOG.warning("could not release this server's claims; another server takes them when their lease expires")
