"""The long Pai Gow base-game simulations are dealt in shards that add up exactly (docs/figure-store.md, "Simulated
figures"). Checked here by arithmetic written in the test from the shards' whole counts, and against the one-stream
simulation of the same seed (the same kernel, so the same rounds)."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from pacomply.engine import figure_store
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


class _DealNothing(figure_store.Reporter):
    """A reporter that fails the test if any figure has to be computed: everything must be read from the shipped
    shelves."""

    def computing(self, description: str) -> None:
        raise AssertionError(f"dealt {description} though the shipped figures should hold it")


@pytest.mark.parametrize("chapter", ["645a", "688a"])
def test_645a_688a_base_game_rests_on_a_billion_shipped_rounds(
    chapter: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The base wager of 645a and 688a is priced by a simulation of at least 10^9 rounds (docs/figure-store.md,
    "Simulated figures"), every shard of it shipped: from an empty user cache the shipped base figure is read, not
    dealt, and equals the sum of its shipped shards (added here from their whole counts, by the pooled-result
    arithmetic the test above checks against a one-stream simulation)."""
    from pacomply.engine.analysis import face_up_pai_gow_poker, pai_gow_poker

    monkeypatch.setenv("PACOMPLY_CACHE_DIR", str(tmp_path))
    figure_store.forget_memory()
    previous = figure_store.current_reporter()
    figure_store.set_reporter(_DealNothing())
    try:
        if chapter == "645a":
            rounds, seed = pai_gow_poker.BASE_ROUNDS, pai_gow_poker.BASE_SEED
            base = pai_gow_poker._simulated_base(rounds=rounds, seed=seed)
            house_edge, std_dev = base.house_edge, base.std_dev
        else:
            rounds, seed = face_up_pai_gow_poker.BASE_ROUNDS, face_up_pai_gow_poker.BASE_SEED
            result, _ = face_up_pai_gow_poker._stored_base_simulation(rounds=rounds, seed=seed)
            house_edge, std_dev = result.house_edge, result.std_dev
        assert rounds >= 10**9
        count = pai_gow_poker.shard_count(rounds)
        assert count is not None and count * pai_gow_poker.SHARD_ROUNDS == rounds
        shards = [
            pai_gow_poker._stored_shard(game=chapter, seed=seed, index=index, rounds=pai_gow_poker.SHARD_ROUNDS)
            for index in range(count)
        ]
    finally:
        figure_store.set_reporter(previous)
        figure_store.forget_memory()
    assert len({shard_seed(seed, index) for index in range(count)}) == count
    pooled, _ = combine_shards(shards)
    assert pooled.rounds == rounds
    assert house_edge == pytest.approx(pooled.house_edge, abs=1e-15)
    assert std_dev == pytest.approx(pooled.std_dev, rel=1e-12)
    # The standard error the par sheet prints is below a hundredth of a point at this sample size.
    assert std_dev / math.sqrt(rounds) < 1e-4
