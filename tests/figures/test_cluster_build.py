"""``pacomply figures build`` on a Dask cluster (docs/figure-store.md, "Building on a cluster").

The cluster here is a ``LocalCluster`` of two workers in this process (threads, so it starts in a second); the
workers compute the figures and hand back their entries, and the shelves written afterwards must be the bytes a
local build writes from an empty cache. 686a's whole catalogue (eight figures, each under a second) is the small
build of the default suite; a heavier chapter runs in ``-m slow``.
"""

from __future__ import annotations

import logging
import pickle
from collections.abc import Iterator
from pathlib import Path

import pytest
from pacomply.checker import figures
from pacomply.engine import figure_store
from typer.testing import CliRunner

from pacomply.figures_commands import build_on_cluster, cluster_stages
from pacomply.notices import FigureNotice


@pytest.fixture(scope="module")
def cluster() -> Iterator[object]:
    """Two single-threaded workers in this process, shared by the module's tests (each test has its own cache).
    Dask is imported here, not at collection, so that a run that does not reach these tests does not pay for it."""
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=False,
        dashboard_address=":0",  # any free port: no warning where another cluster holds 8787
        silence_logs=logging.CRITICAL,
    ) as local:
        yield local


@pytest.fixture
def client(cluster: object) -> Iterator[object]:
    import distributed

    with distributed.Client(cluster) as connected:
        yield connected


def _use_cache(monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
    """A fresh process's view of an empty store in ``folder`` (no shipped figures, nothing remembered: the
    reconciliation keeps its runs for the process, which would hide the figures they read from a second build)."""
    from pacomply.checker import reconciliation

    monkeypatch.setenv("PACOMPLY_CACHE_DIR", str(folder))
    monkeypatch.setenv("PACOMPLY_SHIPPED_FIGURES", "off")
    figure_store.forget_memory()
    reconciliation._run_request.cache_clear()


@pytest.fixture(autouse=True)
def _forget_afterwards() -> Iterator[None]:
    from pacomply.checker import reconciliation

    yield
    figure_store.forget_memory()
    reconciliation._run_request.cache_clear()


def _local_build(chapter: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The shelves of a local build from an empty cache (``figures build CHAPTER`` without a cluster)."""
    _use_cache(monkeypatch, tmp_path / "local-cache")
    shelves = tmp_path / "local-shelves"
    shelves.mkdir()
    figures.build([chapter], shelves, FigureNotice())
    return shelves


def _shelf_bytes(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(folder.glob("*.json.gz"))}


def _cluster_build(chapter: str, client: object, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    _use_cache(monkeypatch, tmp_path / "cluster-cache")
    shelves = tmp_path / "cluster-shelves"
    shelves.mkdir(exist_ok=True)
    made = build_on_cluster([chapter], figures.catalogue([chapter]), shelves, client)
    return made, shelves


def test_a_cluster_build_writes_the_shelves_a_local_build_writes(
    client: object, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    local = _shelf_bytes(_local_build("686a", tmp_path, monkeypatch))
    made, shelves = _cluster_build("686a", client, tmp_path, monkeypatch)
    assert made.cluster.submitted == len(figures.catalogue(["686a"]))
    assert made.cluster.computed > 0
    # Every figure was computed on the workers: the pass here found each one stored.
    assert made.here.computed == 0
    assert local and "686a.json.gz" in local
    assert _shelf_bytes(shelves) == local


def test_a_cluster_build_resumes_with_what_is_stored(
    client: object, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _use_cache(monkeypatch, tmp_path / "cache")
    wanted = figures.catalogue(["686a"])
    stored_figures = [item for item in wanted if item.figure.name == "wager-math"][:2]
    for item in stored_figures:  # a build stopped after these two
        item.look_up()
    made = build_on_cluster(["686a"], wanted, None, client)
    assert made.cluster.submitted == len(wanted) - len(stored_figures)
    again = build_on_cluster(["686a"], wanted, None, client)
    # Only the reconciliation's requests, which are runs of stored figures and never stored themselves, go again.
    requests = [item for item in wanted if item.figure.name == "reconciliation-request"]
    assert again.cluster.submitted == len(requests)
    assert again.cluster.computed == 0


def test_a_cluster_build_stopped_part_way_keeps_what_is_done_and_goes_on_from_there(
    client: object, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pacomply.engine import cluster_build

    _use_cache(monkeypatch, tmp_path / "cache")
    wanted = figures.catalogue(["686a"])
    finished: list[str] = []

    def stop_after_the_first(item: figures.Wanted, result: cluster_build.WorkerResult) -> None:
        finished.append(item.key.digest)
        raise KeyboardInterrupt  # Ctrl-C as the first figure comes back

    stages = cluster_stages(wanted)
    stopped = cluster_build.build(stages, client, on_done=stop_after_the_first)
    assert stopped.interrupted
    assert len(finished) == 1 and figure_store.read_user_entry(finished[0]) is not None
    figure_store.forget_memory()  # the next command is a new process
    # The figures being computed when it stopped may be stored too (these workers share this cache, and a running
    # task is let finish): at most the rest is sent again, never the figure that had come back.
    sent_again: list[str] = []
    went_on = cluster_build.build(stages, client, on_done=lambda item, result: sent_again.append(item.key.digest))
    assert not went_on.interrupted
    assert went_on.submitted == len(sent_again) <= len(wanted) - 1
    assert finished[0] not in sent_again
    assert all(
        figure_store.stored_entry(item.key) is not None
        for item in wanted
        if item.figure.name != "reconciliation-request"
    )


def test_the_cluster_computes_the_figures_of_no_chapter_first_and_what_reads_figures_last() -> None:
    wanted = figures.catalogue(["645a"])
    first, middle, last = cluster_stages(wanted)
    staged = sorted(item.key.digest for stage in (first, middle, last) for item in stage)
    assert staged == sorted(item.key.digest for item in wanted)
    assert first and all(item.key.chapter is None for item in first)
    assert any(item.figure.name == "pai-gow-base-shard" for item in first)
    assert {item.figure.name for item in last} <= {"par-sheet", "reconciliation-request", "wager-math"}
    assert all(dict(item.inputs)["wager"] is None for item in last if item.figure.name == "wager-math")
    assert not any(item.figure.name in {"par-sheet", "reconciliation-request"} for item in middle)


def test_a_figure_travels_to_a_worker_by_name() -> None:
    figures.load_figures()
    shard = figure_store.registered("pai-gow-base-shard")
    assert pickle.loads(pickle.dumps(shard)) is shard


def test_entries_given_by_the_client_are_read_as_stored(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A worker shares no cache with the client: what the client sends is read, not computed again."""
    _use_cache(monkeypatch, tmp_path / "client")
    item = figures.catalogue(["686a"])[0]
    value = item.look_up()
    entry = figure_store.read_user_entry(item.key.digest)
    assert entry is not None
    _use_cache(monkeypatch, tmp_path / "worker")
    figure_store.give_entries({item.key.digest: entry})

    class _ComputeNothing(figure_store.Reporter):
        def computing(self, description: str) -> None:
            raise AssertionError(f"computed {description} though it was given")

    previous = figure_store.current_reporter()
    figure_store.set_reporter(_ComputeNothing())
    try:
        assert item.look_up() == value
    finally:
        figure_store.set_reporter(previous)
    assert figure_store.stored_entry(item.key) == ("given", entry)


def test_figures_build_on_a_named_scheduler_from_the_command_line(
    cluster: object, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pacomply.cli import app

    local = _shelf_bytes(_local_build("686a", tmp_path, monkeypatch))
    _use_cache(monkeypatch, tmp_path / "cli-cache")
    monkeypatch.setattr(figures, "shipped_writable", lambda: tmp_path / "cli-shelves")
    (tmp_path / "cli-shelves").mkdir()
    result = CliRunner().invoke(app, ["figures", "build", "686a", "--scheduler", cluster.scheduler_address])
    assert result.exit_code == 0, result.output
    assert "figures submitted" in result.output
    assert _shelf_bytes(tmp_path / "cli-shelves") == local


def _worker_result(item: figures.Wanted, **changed: object):
    from pacomply.engine import cluster_build

    fields = {"index": 0, "digest": item.key.digest, "computed": (), "touched": (), "refused": None,
              "seconds": 0.0, "cpu_seconds": 0.0, "version": figure_store.pacomply_version()}  # fmt: skip
    fields.update(changed)
    return cluster_build.WorkerResult(**fields)


def test_a_worker_running_another_pacomply_or_keying_differently_is_refused() -> None:
    from pacomply.engine import cluster_build

    item = figures.catalogue(["686a"])[0]
    cluster_build._check_result(item, _worker_result(item))  # the same version and key: accepted
    with pytest.raises(cluster_build.ClusterBuildError, match=r"every worker must run this pacomply .*runs 0\.0\.1"):
        cluster_build._check_result(item, _worker_result(item, version="0.0.1"))
    with pytest.raises(cluster_build.ClusterBuildError, match=r"keys 'wager math: 686a .*rulebooks or methods differ"):
        cluster_build._check_result(item, _worker_result(item, digest="0" * 64))


def test_figures_build_refuses_both_a_scheduler_and_local_workers() -> None:
    from pacomply.cli import app

    result = CliRunner().invoke(app, ["figures", "build", "686a", "--scheduler", "tcp://127.0.0.1:1", "--workers", "2"])
    assert result.exit_code == 2
    assert "give one of them" in result.output


def test_a_scheduler_that_does_not_answer_is_named() -> None:
    from pacomply.engine import cluster_build

    with (
        pytest.raises(cluster_build.ClusterBuildError, match=r"no Dask scheduler answers at tcp://127\.0\.0\.1:9"),
        cluster_build.connect("tcp://127.0.0.1:9", 1, timeout="1s"),
    ):
        pass


@pytest.mark.slow
@pytest.mark.parametrize("chapter", ["687a"])
def test_a_whole_chapter_built_on_two_workers_is_byte_identical_to_a_local_build(
    chapter: str, client: object, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    local = _shelf_bytes(_local_build(chapter, tmp_path, monkeypatch))
    made, shelves = _cluster_build(chapter, client, tmp_path, monkeypatch)
    assert made.here.computed == 0
    assert f"{chapter}.json.gz" in local
    assert _shelf_bytes(shelves) == local


@pytest.mark.slow
def test_figures_build_on_local_worker_processes_from_the_command_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Worker processes of their own (``--jobs 2``): the figures a task names are registered there before it is
    read back, and the shelves are a local build's."""
    from pacomply.cli import app

    local = _shelf_bytes(_local_build("686a", tmp_path, monkeypatch))
    _use_cache(monkeypatch, tmp_path / "cli-cache")
    monkeypatch.setattr(figures, "shipped_writable", lambda: tmp_path / "cli-shelves")
    (tmp_path / "cli-shelves").mkdir()
    result = CliRunner().invoke(app, ["figures", "build", "686a", "--jobs", "2"])
    assert result.exit_code == 0, result.output
    assert "a local cluster of 2 worker(s): 8 figures submitted, 8 computed there" in result.output
    assert _shelf_bytes(tmp_path / "cli-shelves") == local
