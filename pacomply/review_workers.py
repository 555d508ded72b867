"""The worker processes of a batch review (``validate FOLDER -j N``), started so that they cost the batch next to
nothing.

Where the platform forks cheaply (Linux), a worker is a fork of the process that runs the batch, made once that
process has reviewed the smallest filing: it has then imported the review, the readers and what a review loads on
first use (the figure shelves, the rulebooks), so a worker takes its first filing within milliseconds and loads
nothing of its own (a spawned worker costs a fresh interpreter and the review's imports,
about as long as a whole batch of twenty filings). Elsewhere the workers are spawned, and the front end starts them
first (:func:`start_early`, which imports nothing of the review), so they import the review while it reads its
arguments and collects the filings; the batch (:func:`pacomply.review_service.review_paths`) hands them the filings
once it has them. With ``-j N`` there are ``N - 1`` workers: the process that runs the batch reviews beside them, so
it never waits for one to start.

Every process of a batch works through its own run of neighbouring filings and then helps with the others'
(:class:`pacomply.review_service.HandOut`, one small shared array), sends each outcome back with its position as
soon as it is made, and stops when none is left; a worker still starting when the last filing is taken is stopped
unused.
"""

from __future__ import annotations

import sys
from typing import Any

from pacomply.engine.processes import bounded_workers, spawn_context, spawned_process


def forking() -> bool:
    """Whether batch workers are forked from the process that runs the batch (Linux) rather than spawned."""
    import multiprocessing

    return sys.platform == "linux" and "fork" in multiprocessing.get_all_start_methods()


class ReviewWorkers:
    """``count`` worker processes for one batch, with the array of runs (:attr:`shared`) and the queues the batch
    shares: spawned at once and waiting for the batch, or (``forked``) forked when the batch is handed out."""

    def __init__(self, count: int, *, forked: bool = False) -> None:
        import multiprocessing

        context = multiprocessing.get_context("fork") if forked else spawn_context()
        self.count = count
        self.forked = forked
        self._context = context
        # How many runs are claimed, then each run's start and end (review_service.HandOut), one run a process.
        self.shared = context.Array("q", 1 + 2 * (count + 1))
        self.tasks = None if forked else context.Queue()
        self.results = context.Queue()
        self.processes: list[Any] = []
        if not forked:
            self.processes = [
                spawned_process(_serve, (self.tasks, self.shared, self.results), count + 1) for _ in range(count)
            ]
            for process in self.processes:
                process.start()

    def hand_out(self, batch: tuple[Any, ...]) -> None:
        """Give every worker the batch (the filings, their hand-out order, the settings, the policy, the report
        formats to render and whether to send the reviews back with them): forked
        workers are made now, with the batch in their memory; spawned ones read it from their queue."""
        if self.forked:
            import gc

            self.processes = [
                self._context.Process(target=_serve_forked, args=(batch, self.shared, self.results), daemon=True)
                for _ in range(self.count)
            ]
            # What is already imported stays out of the workers' garbage collection, which would otherwise touch
            # (and so copy) every page they share with this process.
            gc.freeze()
            try:
                for process in self.processes:
                    process.start()
            finally:
                gc.unfreeze()
            return
        assert self.tasks is not None
        for _process in self.processes:
            self.tasks.put(batch)

    def stopped_with_failure(self) -> int | None:
        """The exit code of a worker that stopped abnormally, or None while none has."""
        return next((process.exitcode for process in self.processes if process.exitcode not in (None, 0)), None)

    def stop(self) -> None:
        """Stop every worker: called once every filing taken has been sent back, so a worker still running is
        still starting or about to stop on its own."""
        for process in self.processes:
            process.terminate()
        for process in self.processes:
            process.join()
        if self.tasks is not None:
            # A batch handed to a worker stopped before reading it stays in the pipe: do not wait to flush it.
            self.tasks.cancel_join_thread()
            self.tasks.close()
        self.results.close()


def _serve(tasks: Any, shared: Any, results: Any) -> None:
    """A spawned worker: import the review (while the front end starts), wait for the batch, review until none is
    left."""
    from pacomply import review_service

    review_service.prepare_worker()
    paths, order, settings, policy, render, keep_review = tasks.get()
    review_service.review_taken(paths, order, settings, policy, render, keep_review, shared, results)


def _serve_forked(batch: tuple[Any, ...], shared: Any, results: Any) -> None:
    """A forked worker: everything is imported already; review until no filing is left."""
    from pacomply import review_service

    paths, order, settings, policy, render, keep_review = batch
    review_service.review_taken(paths, order, settings, policy, render, keep_review, shared, results)


_early: ReviewWorkers | None = None


def start_early(jobs: int) -> None:
    """Start the spawned workers of a batch with ``jobs`` processes now, before the review is imported (one call per
    run); nothing where workers are forked, which the batch does once it has the filings."""
    global _early
    count = bounded_workers(jobs) - 1
    if count > 0 and _early is None and not forking():
        _early = ReviewWorkers(count)


def claim(jobs: int) -> ReviewWorkers:
    """The workers for a batch with ``jobs`` processes: those started early when they match, else new ones (forked
    at the hand-out where the platform forks)."""
    global _early
    count = bounded_workers(jobs) - 1
    workers, _early = _early, None
    if workers is not None and workers.count == count:
        return workers
    if workers is not None:
        workers.stop()
    return ReviewWorkers(count, forked=forking())


def release() -> None:
    """Stop the workers started early when the batch turns out to need none (too few filings for its processes)."""
    global _early
    workers, _early = _early, None
    if workers is not None:
        workers.stop()
