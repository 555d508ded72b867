"""The Pai Gow base-game simulation takes its commission from the chapter's law, not from a branch on the chapter
id: § 645a.13(a) takes five percent of a win of both hands, and Face Up Pai Gow Poker (688a) takes none."""

from __future__ import annotations

from fractions import Fraction

import pytest
from pacomply.engine.simulation.pai_gow_poker import BaseShard, combine_shards, commission
from pacomply.regulations import chapter_645a, chapters


def test_645a_13_a_the_simulation_takes_the_five_percent_vigorish_the_law_module_sets() -> None:
    assert Fraction(5, 100) == chapter_645a.COMMISSION  # § 645a.13(a): a twentieth of what a player wins
    assert commission("645a") == float(chapter_645a.COMMISSION)
    assert 1.0 - commission("645a") == 0.95


@pytest.mark.parametrize("chapter", chapters.chapter_ids())
def test_a_chapter_without_a_commission_in_its_law_pays_a_win_in_full(chapter: str) -> None:
    taken = chapters.chapter(chapter).hook("rulebook", "COMMISSION")
    assert commission(chapter) == (0.0 if taken is None else float(taken))


@pytest.mark.parametrize(("chapter", "mean"), [("645a", (2 * 0.95 - 1) / 4), ("688a", (2 * 1.0 - 1) / 4)])
def test_pooled_shards_pay_a_win_less_the_chapters_commission(chapter: str, mean: float) -> None:
    """Two wins, one push and one loss in four rounds: the pooled mean is (2 × what a win pays − 1) / 4, a win
    paying 0.95 under § 645a.13(a) and 1 in 688a."""
    shard = BaseShard(chapter=chapter, rounds=4, seed=1, wins=2, pushes=1, losses=1, ace_high=(0, 0, 0, 0))
    result, _ace_high = combine_shards([shard])
    assert result.mean == pytest.approx(mean, abs=1e-15)
