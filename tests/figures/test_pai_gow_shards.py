"""The long Pai Gow base-game simulations are dealt in shards that add up exactly (docs/figure-store.md, "Simulated
figures"). Checked here by arithmetic written in the test from the shards' whole counts, and against the one-stream
simulation of the same seed (the same kernel, so the same rounds)."""

from __future__ import annotations

import math

import pytest
from pacomply.engine.simulation.pai_gow_poker import (
    SHARDS_PER_SEED,
    combine_shards,
    shard_seed,
    simulate_base,
    simulate_shard,
)


@pytest.mark.parametrize(("chapter", "win_pays"), [("645a", 0.95), ("688a", 1.0)])
def test_shards_add_up_to_the_pooled_result(chapter: str, win_pays: float):
    first = simulate_shard(chapter, 3_000, shard_seed(7, 0))
    second = simulate_shard(chapter, 2_000, shard_seed(7, 1))
    for shard in (first, second):
        assert shard.wins + shard.pushes + shard.losses == shard.rounds
    # A shard is the one-stream simulation of its random seed, counted: same mean and hit frequency.
    alone, counts = simulate_base(chapter, 3_000, shard_seed(7, 0))
    assert (win_pays * first.wins - first.losses) / 3_000 == pytest.approx(alone.mean, abs=1e-12)
    assert first.wins / 3_000 == alone.hit_frequency
    assert first.ace_high == tuple(int(count) for count in counts)
    pooled, ace_high = combine_shards([first, second])
    rounds = 5_000
    wins, losses = first.wins + second.wins, first.losses + second.losses
    mean = (win_pays * wins - losses) / rounds
    variance = ((win_pays**2 * wins + losses) / rounds - mean**2) * rounds / (rounds - 1)
    assert pooled.rounds == rounds and pooled.mean == pytest.approx(mean, abs=1e-15)
    assert pooled.std_dev == pytest.approx(math.sqrt(variance), rel=1e-12)
    assert pooled.hit_frequency == wins / rounds
    assert ace_high == tuple(a + b for a, b in zip(first.ace_high, second.ace_high, strict=True))
    if chapter == "688a":
        assert sum(ace_high) == rounds  # every round falls in exactly one Ace High outcome


def test_shard_seeds_are_distinct_and_bounded():
    seeds = {shard_seed(seed, index) for seed in (645, 688) for index in range(SHARDS_PER_SEED)}
    assert len(seeds) == 2 * SHARDS_PER_SEED
    with pytest.raises(ValueError, match="shard index"):
        shard_seed(645, SHARDS_PER_SEED)
