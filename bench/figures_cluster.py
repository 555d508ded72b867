"""The figure build on a Dask cluster (issue #41): the speed-up of two workers against one, in the same run.

```
python bench/figures_cluster.py [--shards 8] [--rounds 200000] [--chapter 687a] [--workers 1 2]
```

Two builds, each timed on a local cluster of one worker process and of two (``pacomply figures build --jobs N``'s
cluster), each from an empty figure cache of its own with the shipped figures left out:

1. **Pai Gow shards**: ``--shards`` shards of ``--rounds`` rounds of each base game (645a and 688a), seeded 41, not
   the shipped seeds; the dealing that dominates a rebuild, at a small size. Also dealt here in this process, one
   shard after another (no Dask), as the anchor of Dask's own cost.
2. **A whole chapter** (``--chapter``; 687a by default: its wager math, par sheets and the Board figures, none over
   a few seconds of one core): what a chapter of many small figures costs, where the overhead of each task shows.

Worker start-up (a second or two, and numba's compilation, read from its disk cache after the first run) is outside
the timings; each worker deals a warm-up shard of 1,000 rounds first. Each build also checks that every worker count
made the same entries, byte for byte. The machine may be shared: the ratio between worker counts in the same run is
the figure to read, not the seconds. Figures: docs/figure-store.md, "Building on a cluster".
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

BENCH_SEED = 41


def _fresh_cache() -> Path:
    folder = Path(tempfile.mkdtemp(prefix="pacomply-bench-figures-"))
    os.environ["PACOMPLY_CACHE_DIR"] = str(folder)
    from pacomply.engine import figure_store

    figure_store.forget_memory()
    return folder


def _entries(folder: Path) -> dict[str, bytes]:
    return {path.stem: path.read_bytes() for path in sorted((folder / "figures").glob("??/*.json"))}


def _warm_up() -> None:
    from pacomply.engine.simulation.pai_gow_poker import simulate_shard

    for game in ("645a", "688a"):
        simulate_shard(game, 1_000, 1)


def _shard_items(shards: int, rounds: int) -> list:
    from pacomply.checker.figures import Wanted
    from pacomply.engine.analysis import pai_gow_poker

    shard = pai_gow_poker._stored_shard
    return [
        Wanted(shard, (("game", game), ("seed", BENCH_SEED), ("index", index), ("rounds", rounds)))
        for index in range(shards)
        for game in ("645a", "688a")
    ]


def _on_cluster(workers: int, run) -> tuple[float, object]:
    from pacomply.engine import cluster_build

    with cluster_build.connect(None, workers) as client:
        client.wait_for_workers(workers)
        client.run(_warm_up)
        start = time.perf_counter()
        outcome = run(client)
        return time.perf_counter() - start, outcome


def bench_shards(shards: int, rounds: int, counts: list[int]) -> None:
    from pacomply.checker import figures
    from pacomply.engine import cluster_build

    items = _shard_items(shards, rounds)
    total = len(items) * rounds
    print(f"Pai Gow shards: {len(items)} shards of {rounds:,} rounds ({total:,} rounds), seed {BENCH_SEED}")
    made: dict[str, dict[str, bytes]] = {}
    folder = _fresh_cache()
    _warm_up()
    start = time.perf_counter()
    for item in items:
        item.look_up()
    here = time.perf_counter() - start
    made["here"] = _entries(folder)
    print(f"  this process, no Dask: {here:7.1f} s  {total / here:10,.0f} rounds/s")
    base = None
    for count in counts:
        folder = _fresh_cache()
        seconds, outcome = _on_cluster(
            count, lambda client: cluster_build.build([items], client, prepare=figures.load_figures)
        )  # fmt: skip
        made[f"{count} worker(s)"] = _entries(folder)
        base = base or seconds
        print(
            f"  {count} worker(s):           {seconds:7.1f} s  {total / seconds:10,.0f} rounds/s  "
            f"speed-up {base / seconds:.2f}x against {counts[0]}  (workers' CPU {outcome.cpu_seconds:.1f} s)"
        )
    _report_identical(made)


def bench_chapter(chapter: str, counts: list[int]) -> None:
    from pacomply.checker import figures

    from pacomply.figures_commands import build_on_cluster

    wanted = figures.catalogue([chapter])
    print(f"chapter {chapter}: {len(wanted)} figures")
    made: dict[str, dict[str, bytes]] = {}
    base = None
    for count in counts:
        folder = _fresh_cache()
        shelves = folder / "shelves"
        shelves.mkdir()
        seconds, made_here = _on_cluster(
            count, lambda client, into=shelves: build_on_cluster([chapter], wanted, into, client)
        )  # fmt: skip
        made[f"{count} worker(s)"] = {path.name: path.read_bytes() for path in sorted(shelves.glob("*.json.gz"))}
        base = base or seconds
        print(
            f"  {count} worker(s): {seconds:7.1f} s  speed-up {base / seconds:.2f}x against {counts[0]}  "
            f"(workers' CPU {made_here.cluster.cpu_seconds:.1f} s)"
        )
    _report_identical(made)


def _report_identical(made: dict[str, dict[str, bytes]]) -> None:
    first = next(iter(made.values()))
    same = all(entries == first for entries in made.values())
    print(f"  {len(first)} files, identical bytes for {', '.join(made)}: {'yes' if same else 'NO'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shards", type=int, default=8, help="shards of each game (default 8)")
    parser.add_argument("--rounds", type=int, default=200_000, help="rounds per shard (default 200,000)")
    parser.add_argument("--chapter", default="687a", help="the chapter built whole (default 687a; 'none' to skip)")
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2], help="worker counts (default 1 2)")
    arguments = parser.parse_args()
    os.environ["PACOMPLY_SHIPPED_FIGURES"] = "off"
    _load()
    if arguments.shards > 0:
        bench_shards(arguments.shards, arguments.rounds, arguments.workers)
        _load()
    if arguments.chapter != "none":
        bench_chapter(arguments.chapter, arguments.workers)
        _load()


def _load() -> None:
    print(f"CPUs: {os.cpu_count()}; load average {', '.join(f'{load:.1f}' for load in os.getloadavg())}")


if __name__ == "__main__":
    main()
