"""The exact spread of a 685a Bet Wager round (``engine/analysis/down_under/spread.py``): its standard deviation and
hit frequency on the par sheet.

How the expectations are derived, none of them from the figure under test:

* **The analysis's own mean and amount wagered.** The spread enumerates the analysis's draws, hole-card classes and
  play into a whole distribution; the amount wagered must be the analysis's to 1e-9 (the module refuses otherwise)
  and the mean its house edge within 1e-4 of the wager: the only difference is a split's shared dealer outcome
  (measured 0.0036 points at most over 4, 5, 6 and 8 decks).
* **Against the engine's stored simulation** (200,000 rounds per deck count, dealt from a real shoe with the Masque
  light read as the chapter has it, playing the same policy tables): standard deviation, hit frequency and mean within
  four standard errors, those computed from the exact distribution (sqrt(mu4 - sigma^4) / (2 sigma sqrt(n)) for the
  standard deviation, as a round's net is far from normal).
"""

from __future__ import annotations

import math

import pytest

Z = 4.0


def _stored(decks: int):
    from pacomply.checker.wager_math import chapter_685a

    return chapter_685a.par_sheet_spread("base", decks)


@pytest.mark.parametrize("decks", [4, 5, 6, 8])
def test_685a_7_round_spread_keeps_the_analysis_mean_and_wager(decks: int):
    from pacomply.engine.analysis.down_under import analyse_down_under

    spread = _stored(decks)
    analysis = analyse_down_under(decks)
    assert spread.down_under and spread.rules.decks == decks
    assert math.fsum(p for _net, p in spread.distribution) == pytest.approx(1.0, abs=1e-12)
    assert abs(-spread.mean - analysis.house_edge) < 1e-4
    assert spread.wagered_per_round == pytest.approx(analysis.expected_total_wagered, abs=1e-9)
    # one split only (§ 685a.10(c)): two doubled hands lost is the worst round; a Blackjack pays 3 to 2
    assert min(net for net, _p in spread.distribution) == -4.0 and max(net for net, _p in spread.distribution) == 4.0
    assert 1.5 in dict(spread.distribution)


@pytest.mark.parametrize("decks", [4, 5, 6, 8])
def test_685a_7_exact_spread_agrees_with_the_engines_stored_simulation(decks: int):
    from pacomply.engine.analysis.blackjack_spread import round_spread

    exact = _stored(decks)
    dealt = round_spread("685a", "base", decks)
    mean = exact.mean
    fourth = math.fsum(p * (net - mean) ** 4 for net, p in exact.distribution)
    sigma = exact.std_dev
    assert abs(dealt.std_dev - sigma) < Z * math.sqrt(fourth - sigma**4) / (2 * sigma * math.sqrt(dealt.rounds))
    hit = exact.hit_frequency
    assert abs(dealt.hit_frequency - hit) < Z * math.sqrt(hit * (1 - hit) / dealt.rounds)
    assert abs(dealt.mean - mean) < Z * sigma / math.sqrt(dealt.rounds)


@pytest.mark.slow
def test_685a_7_round_spread_is_recomputed_as_shipped():
    """The shipped figure is what the enumeration gives (six decks, about twenty seconds)."""
    from pacomply.engine.analysis.down_under.spread import exact_down_under_spread

    stored = _stored(6)
    assert dict(exact_down_under_spread(6).distribution) == pytest.approx(dict(stored.distribution), abs=1e-15)
