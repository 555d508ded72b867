"""The chunked runner: reproducible for a seed whatever the workers or scheduler, and Ctrl-C keeps finished chunks."""

from __future__ import annotations

import pytest
from pacomply.engine.simulation.registry import SimulationUnavailable, TableSetup, game_module
from pacomply.engine.simulation.runner import SimulationPlan, chunk_generator, merge, run, run_chunk
from pacomply.engine.simulation.shoe import ShoeSpec

OVER_UNDER = "pacomply.engine.simulation.over_under"


def _plan(seed: int = 3, rounds: int = 2_500, chunk_rounds: int = 500) -> SimulationPlan:
    setup = TableSetup("686a", (), None, ShoeSpec(decks=6))
    return SimulationPlan(OVER_UNDER, setup, rounds, seed, chunk_rounds)


def test_chunks_are_fixed_by_rounds_and_chunk_size() -> None:
    tasks = _plan(rounds=2_300, chunk_rounds=500).tasks()
    assert [task.rounds for task in tasks] == [500, 500, 500, 500, 300]
    assert [task.index for task in tasks] == [0, 1, 2, 3, 4]


def test_chunk_generators_are_independent_of_each_other() -> None:
    assert chunk_generator(3, 0).integers(0, 2**62) != chunk_generator(3, 1).integers(0, 2**62)
    assert chunk_generator(3, 1).integers(0, 2**62) == chunk_generator(3, 1).integers(0, 2**62)


def test_same_seed_same_figures_and_another_seed_differs() -> None:
    first, again, other = run(_plan(seed=3)), run(_plan(seed=3)), run(_plan(seed=4))
    assert first.estimates == again.estimates
    assert first.estimates != other.estimates
    assert first.rounds == 2_500 and first.chunks_done == 5 and not first.interrupted


def test_result_is_independent_of_the_order_chunks_finish_in() -> None:
    plan = _plan()
    results = [run_chunk(task) for task in plan.tasks()]
    assert merge(plan, results).estimates == merge(plan, list(reversed(results))).estimates


def test_process_pool_gives_the_same_figures_as_one_worker() -> None:
    assert run(_plan(), workers=2).estimates == run(_plan(), workers=1).estimates


def test_dask_local_cluster_gives_the_same_figures_as_one_worker() -> None:
    assert run(_plan(), workers=2, scheduler="local").estimates == run(_plan(), workers=1).estimates


def test_dask_scheduler_address_gives_the_same_figures_as_one_worker() -> None:
    import distributed  # the dask extra; CI installs it, and a missing one must fail here, not skip

    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None) as cluster:
        assert cluster.scheduler_address.startswith("tcp://")
        remote = run(_plan(), scheduler=cluster.scheduler_address)
    assert remote.estimates == run(_plan(), workers=1).estimates


def test_ctrl_c_keeps_the_finished_chunks() -> None:
    plan = _plan()
    finished: list[int] = []

    def interrupt_after_two(result: object) -> None:
        finished.append(1)
        if len(finished) == 2:
            raise KeyboardInterrupt

    partial = run(plan, on_chunk=interrupt_after_two)
    assert partial.interrupted and partial.chunks_done == 2 and partial.chunks_total == 5
    assert partial.rounds == 1_000
    assert partial.estimates == merge(plan, [run_chunk(task) for task in plan.tasks()[:2]]).estimates


def test_unknown_chapter_has_no_round_simulator() -> None:
    with pytest.raises(SimulationUnavailable, match="no round simulator"):
        game_module("999a")


def test_a_setup_the_game_refuses_fails_before_any_worker_starts() -> None:
    setup = TableSetup("686a", ("trips",), None, ShoeSpec(decks=6))
    with pytest.raises(SimulationUnavailable, match="no wager trips"):
        run(SimulationPlan(OVER_UNDER, setup, 100, 1), workers=2)


def test_a_plan_without_rounds_is_refused() -> None:
    with pytest.raises(ValueError, match="rounds"):
        run(_plan(rounds=0))
