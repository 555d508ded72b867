"""Figures computed on a Dask distributed cluster (``pacomply figures build --scheduler ADDRESS`` or ``--jobs N``).

The caller hands over the figures to compute in **stages** (a later stage may read what an earlier one made: the
Pai Gow base games' shards before the wager math that sums them). Each figure of a stage is one task; a worker looks
it up through the figure store as a local build would, recording every figure it computed on the way, and hands back
their entries, which this process writes to its own user cache the moment the task finishes. So:

- a build stopped part way keeps every finished figure (and shard), and the next build submits only what is still
  absent here (resumable);
- the workers need no shared folder: before each stage they are sent the entries this process holds that they may
  need (its user cache's, and those computed so far), read as stored (:func:`figure_store.give_entries`);
- the entries are those a local build makes (the same code, inputs and seeds), so the shelves written from them
  afterwards (``pacomply figures build``, which then looks every figure up here) are byte-identical to a local
  build's. Workers must run the same pacomply: a worker whose version or figure keys differ is refused.

Dask (``pip install 'pacomply[dask]'``) is imported only here, when a cluster is asked for.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Protocol

from pacomply.engine import figure_store
from pacomply.engine.figure_store import FigureKey

try:  # a worker plugin must be a WorkerPlugin; without Dask, connect() says how to install it
    from distributed.diagnostics.plugin import WorkerPlugin as _WorkerPlugin
except ImportError:  # pragma: no cover - Dask is an optional extra
    _WorkerPlugin = object  # type: ignore[assignment,misc]


class ClusterBuildError(RuntimeError):
    """The cluster cannot build these figures as this machine would (no Dask, another pacomply on a worker)."""


class Buildable(Protocol):
    """One figure to build: its key, what it is in words, and how to look it up (computing it when absent)."""

    @property
    def key(self) -> FigureKey: ...

    @property
    def description(self) -> str: ...

    def look_up(self) -> Any: ...


@dataclass(frozen=True, slots=True)
class WorkerResult:
    """What a worker hands back for one figure."""

    index: int
    digest: str
    """The figure's key as the worker computed it (it must equal this machine's)."""
    computed: tuple[tuple[str, dict[str, Any]], ...]
    """Every figure the worker computed for it (the figure and those it was computed from), by key."""
    touched: tuple[FigureKey, ...]
    """Every figure it looked up (the shelves hold these, as after a local build)."""
    refused: str | None
    """The refusal's class name where the wager math refuses the configuration (nothing to store)."""
    seconds: float
    cpu_seconds: float
    """The worker process's CPU time over the task (what the figure costs, whatever else the machine runs)."""
    version: str


@dataclass(frozen=True, slots=True)
class ClusterOutcome:
    """What the cluster did."""

    submitted: int
    computed: int
    """Figures computed by the workers and written here (shards and figures computed on the way included)."""
    refused: int
    touched: tuple[FigureKey, ...]
    interrupted: bool
    seconds: float
    cpu_seconds: float
    """The workers' CPU time over every task, together."""


class PrepareWorkers(_WorkerPlugin):
    """Runs ``prepare`` on every worker of the cluster, those joining later included, before it takes a task (the
    figures a task names must be registered there before it is read back)."""

    def __init__(self, prepare: Callable[[], None]) -> None:
        self.prepare = prepare

    def setup(self, worker: Any) -> None:
        self.prepare()


_installed: set[str] = set()
"""The sendings of entries this worker has read already (each is sent once a stage and serves all its tasks)."""


def compute_on_worker(
    item: Buildable,
    index: int,
    given: tuple[str, dict[str, dict[str, Any]]],
    refusals: tuple[type[BaseException], ...],
) -> WorkerResult:
    """Run on a worker: look ``item`` up with the ``given`` entries (a sending's name and the entries) read as
    stored, and hand back what was computed."""
    sending, entries = given
    if sending not in _installed:
        figure_store.give_entries(entries)
        _installed.add(sending)
    start = time.perf_counter()
    cpu_start = time.process_time()
    refused = None
    with figure_store.recording() as record:
        try:
            item.look_up()
        except refusals as error:
            refused = type(error).__name__
    return WorkerResult(
        index=index,
        digest=item.key.digest,
        computed=tuple(sorted(record.computed.items())),
        touched=tuple(record.touched.values()),
        refused=refused,
        seconds=time.perf_counter() - start,
        cpu_seconds=time.process_time() - cpu_start,
        version=figure_store.pacomply_version(),
    )


@contextmanager
def connect(scheduler: str | None, workers: int, timeout: str = "20s") -> Iterator[Any]:
    """A Dask client: of the scheduler at ``scheduler`` (``tcp://HOST:PORT``, given ``timeout`` to answer), or of a
    local cluster of ``workers`` processes (one thread each, at most one per CPU) started here and stopped on
    leaving."""
    try:
        from distributed import Client, LocalCluster
    except ImportError as error:
        raise ClusterBuildError("a cluster build needs Dask: pip install 'pacomply[dask]'") from error
    import logging

    if scheduler is not None:
        try:
            client = Client(scheduler, timeout=timeout)
        except (OSError, TimeoutError) as error:
            raise ClusterBuildError(f"no Dask scheduler answers at {scheduler}: {error}") from error
        with client:
            yield client
        return
    import os

    from pacomply.engine.processes import available_cpus, bounded_workers

    count = bounded_workers(workers)
    total = os.environ.get("NUMBA_NUM_THREADS", "").strip()
    threads = int(total) if total.isdigit() and int(total) > 0 else available_cpus()
    # Each worker its share of numba's threads, as the process pools give theirs (engine/processes.py). Quiet: a
    # LocalCluster logs worker heartbeats that fail while it shuts down, which are harmless here.
    with (
        LocalCluster(
            n_workers=count,
            threads_per_worker=1,
            processes=True,
            dashboard_address=":0",  # any free port: never a warning that another cluster holds 8787
            silence_logs=logging.CRITICAL,
            env={"NUMBA_NUM_THREADS": str(max(1, threads // count))},
        ) as cluster,
        Client(cluster) as client,
    ):
        yield client


def build(
    stages: Sequence[Sequence[Buildable]],
    client: Any,
    refusals: tuple[type[BaseException], ...] = (),
    on_done: Callable[[Buildable, WorkerResult], None] | None = None,
    prepare: Callable[[], None] | None = None,
) -> ClusterOutcome:
    """Compute on the cluster every figure of ``stages`` not stored here yet, stage after stage, writing each
    worker's entries to this machine's user cache as its task finishes; ``prepare`` runs first on every worker (it
    registers the figures). Ctrl-C stops the build, keeping what is done."""
    from distributed import as_completed

    start = time.perf_counter()
    _check_versions(client)
    if prepare is not None:
        client.register_plugin(PrepareWorkers(prepare), name="pacomply-figures")
    known: dict[str, dict[str, Any]] = {}
    touched: dict[str, FigureKey] = {}
    submitted = computed = refused = 0
    cpu_seconds = 0.0
    run_id = uuid.uuid4().hex  # keys unique per run: a long-lived cluster never hands back another run's result
    for number, stage in enumerate(stages):
        pending = [item for item in stage if figure_store.stored_entry(item.key) is None]
        if not pending:
            continue
        given = _entries_to_give([item for later in stages for item in later], known)
        [given_future] = client.scatter([(f"{run_id}-{number}", given)], broadcast=True)
        keys = [f"pacomply-figure-{run_id}-{number}-{index}" for index in range(len(pending))]
        futures = client.map(
            compute_on_worker, pending, range(len(pending)), given=given_future, refusals=refusals, key=keys,
            pure=False,
        )  # fmt: skip
        submitted += len(pending)
        try:
            for future in as_completed(futures):
                result: WorkerResult = future.result()
                item = pending[result.index]
                _check_result(item, result)
                for digest, entry in result.computed:
                    figure_store.write_user_entry(digest, entry)
                    known[digest] = entry
                computed += len(result.computed)
                refused += result.refused is not None
                cpu_seconds += result.cpu_seconds
                for key in result.touched:
                    touched.setdefault(key.digest, key)
                if on_done is not None:
                    on_done(item, result)
        except KeyboardInterrupt:
            client.cancel([future for future in futures if not future.done()])
            return ClusterOutcome(
                submitted, computed, refused, tuple(touched.values()), True, _since(start), cpu_seconds
            )
        except BaseException:
            client.cancel([future for future in futures if not future.done()])
            raise
    return ClusterOutcome(submitted, computed, refused, tuple(touched.values()), False, _since(start), cpu_seconds)


def _since(start: float) -> float:
    return time.perf_counter() - start


def _entries_to_give(items: Sequence[Buildable], known: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """The entries the workers may lack: those of the catalogue kept in this machine's user cache (the shipped
    figures are the workers' own) and those computed so far in this build."""
    given: dict[str, dict[str, Any]] = {}
    for item in items:
        found = figure_store.stored_entry(item.key)
        if found is not None and found[0] != "shipped":
            given[item.key.digest] = found[1]
    given.update(known)
    return given


def _check_versions(client: Any) -> None:
    here = figure_store.pacomply_version()
    versions = client.run(figure_store.pacomply_version)
    if not versions:
        raise ClusterBuildError("the Dask scheduler has no workers")
    other = {worker: version for worker, version in versions.items() if version != here}
    if other:
        listed = ", ".join(f"{worker} runs {version}" for worker, version in sorted(other.items()))
        raise ClusterBuildError(f"every worker must run this pacomply ({here}): {listed}")


def _check_result(item: Buildable, result: WorkerResult) -> None:
    here = figure_store.pacomply_version()
    if result.version != here:  # a worker that joined after the first check
        raise ClusterBuildError(f"every worker must run this pacomply ({here}): one runs {result.version}")
    if result.digest != item.key.digest:
        raise ClusterBuildError(
            f"a worker keys '{item.description}' differently from this machine: its rulebooks or methods differ; "
            "install the same pacomply on every worker"
        )
