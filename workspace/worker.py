"""Reviews run beside the web server, never inside a request: an upload is stored, answered at once, and reviewed
by a pool of worker processes (a 645a review takes seconds of CPU; in a process it neither blocks pages nor holds
the interpreter lock the server's threads need). The result is written to the store when it comes back."""

from __future__ import annotations

import logging
import threading
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor

from pacomply.workspace.reviewing import StoredReview, UploadRefused, review_upload
from pacomply.workspace.store import Store

LOG = logging.getLogger("pacomply.workspace")


class ReviewWorker:
    """A bounded pool that reviews stored submissions and records each review (or why there is none)."""

    def __init__(self, store: Store, workers: int = 2, processes: bool = True) -> None:
        self.store = store
        if processes:
            import multiprocessing

            # spawn, not fork: the server has threads, and forking a threaded process is unsafe on every platform.
            self._pool: Executor = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"))
        else:
            self._pool = ThreadPoolExecutor(workers, thread_name_prefix="pacomply-review")
        self._lock = threading.Lock()
        self._running: set[Future[StoredReview]] = set()
        self._idle = threading.Condition(self._lock)

    def submit(self, submission_id: int, name: str, data: bytes, actor: str = "pacomply") -> Future[StoredReview]:
        """Review a stored submission in the pool; the review is recorded when it finishes."""
        future = self._pool.submit(review_upload, name, data)
        with self._lock:
            self._running.add(future)
        future.add_done_callback(lambda done: self._record(submission_id, actor, done))
        return future

    def resume(self) -> int:
        """Submit every submission still waiting for a review (after a restart); how many."""
        pending = self.store.pending_reviews()
        for submission_id, name, data in pending:
            self.submit(submission_id, name, data)
        return len(pending)

    def _record(self, submission_id: int, actor: str, future: Future[StoredReview]) -> None:
        try:
            try:
                stored = future.result()
            except UploadRefused as error:
                self.store.record_review_failure(submission_id, "; ".join(error.problems), actor)
            except Exception as error:  # a defect in pacomply is recorded as one, never as a verdict
                LOG.exception("review of submission %s failed", submission_id)
                self.store.record_review_failure(
                    submission_id, f"pacomply could not review this filing (an internal error: {error!r})", actor
                )
            else:
                self.store.record_review(submission_id, stored, actor)
        except Exception:
            LOG.exception("could not record the review of submission %s", submission_id)
        finally:
            with self._lock:
                self._running.discard(future)
                self._idle.notify_all()

    def wait_idle(self, timeout: float | None = None) -> bool:
        """Wait until no review is running or being recorded; False when the timeout passed first."""
        with self._lock:
            return self._idle.wait_for(lambda: not self._running, timeout)

    @property
    def busy(self) -> int:
        """Reviews submitted and not yet recorded."""
        with self._lock:
            return len(self._running)

    def shutdown(self) -> None:
        """Finish the reviews under way and stop."""
        self._pool.shutdown(wait=True, cancel_futures=False)
