"""645a exact math: golden seven-card counts over all C(53,7) hands and simulation cross-checks (slow)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from pacomply.engine.analysis import pai_gow_poker as analysis
from pacomply.engine.evaluator import SevenCardBonusCategory as B
from pacomply.engine.evaluator import seven_card_bonus_categories
from pacomply.engine.simulation import Z_95

from tests.seeded_deal import first_cards

# Published: B. Alspach, "7-Card Poker Hands with Joker" (Simon Fraser University, 2003): every seven-card hand
# with one joker classified by its highest-ranking five-card hand (a straight outranks three of a kind, as
# § 645a.6(b) and § 645a.11(h) have it; the Wizard of Odds' Fortune table counts straight-and-trips hands as
# trips instead, which moves 201,824 hands and keeps the sum of the two rows). The royal flush row includes a
# royal with a suited ace-king. Two rows are also counted independently in the test below.
PUBLISHED = {
    "seven-card straight flush": 32,
    "royal flush + king-queen suited": 72,
    "seven-card straight flush with joker": 196,
    "five aces": 1_128,
    "royal flush (with ace-king suited)": 26_020,
    "straight flush": 184_644,
    "four of a kind": 307_472,
    "full house": 4_188_528,
    "flush": 6_172_088,
    "three of a kind": 7_470_676,
    "straight": 11_236_028,
}


@pytest.mark.slow
def test_645a_6_d_golden_category_counts_over_all_hands() -> None:
    counts = analysis.seven_card_counts()
    assert sum(counts.values()) == math.comb(53, 7)
    # Independent: a natural seven-card straight flush is one of 8 runs (A-7 .. 8-A) in one of 4 suits; five aces
    # are the four aces, the joker and any 2 of the other 48 cards.
    assert counts[B.SEVEN_CARD_STRAIGHT_FLUSH_NATURAL] == 4 * 8
    assert counts[B.FIVE_ACES] == math.comb(48, 2)
    found = {
        "seven-card straight flush": counts[B.SEVEN_CARD_STRAIGHT_FLUSH_NATURAL],
        "royal flush + king-queen suited": counts[B.ROYAL_FLUSH_AND_KING_QUEEN_SUITED],
        "seven-card straight flush with joker": counts[B.SEVEN_CARD_STRAIGHT_FLUSH_WITH_JOKER],
        "five aces": counts[B.FIVE_ACES],
        "royal flush (with ace-king suited)": counts[B.ROYAL_FLUSH] + counts[B.ROYAL_FLUSH_AND_ACE_KING_SUITED],
        "straight flush": counts[B.STRAIGHT_FLUSH],
        "four of a kind": counts[B.FOUR_OF_A_KIND],
        "full house": counts[B.FULL_HOUSE],
        "flush": counts[B.FLUSH],
        "three of a kind": counts[B.THREE_OF_A_KIND],
        "straight": counts[B.STRAIGHT],
    }
    assert found == PUBLISHED
    # The evaluator's high-card count equals the independent rank-set × suiting count.
    assert counts[B.HIGH_CARD] == sum(analysis.no_pair_hands_by_top().values())


def _sample_hands(rounds: int, seed: int) -> np.ndarray:
    return first_cards(np.random.default_rng(seed), rounds, 7).astype(np.int64)


def _payouts(wager: str, paytable: str) -> np.ndarray:
    """Net per category number, from the same outcome maps the engine settles with."""
    from pacomply.engine.games.pai_gow_poker import EMPERORS_OUTCOME, FORTUNE_OUTCOME
    from pacomply.regulations.chapter_645a import EMPERORS_ORDER, FORTUNE_ODDS, FORTUNE_ORDER

    outcome_map, order = (FORTUNE_OUTCOME, FORTUNE_ORDER) if wager == "fortune" else (EMPERORS_OUTCOME, EMPERORS_ORDER)
    vector = np.full(len(B), -1.0)
    for category in B:
        outcome = outcome_map.get(category)
        if outcome is not None:
            vector[int(category)] = FORTUNE_ODDS[paytable][order.index(outcome)]
    return vector


@pytest.mark.slow
@pytest.mark.parametrize(("wager", "paytable"), [("fortune", "A"), ("emperors_treasure", "C")])
def test_645a_13_exact_bonus_edge_within_simulation_interval(wager: str, paytable: str) -> None:
    hands = _sample_hands(1_000_000, seed=13)
    net = _payouts(wager, paytable)[seven_card_bonus_categories(hands)]
    exact = analysis.fortune(paytable) if wager == "fortune" else analysis.emperors_treasure(paytable)
    half = Z_95 * net.std(ddof=1) / math.sqrt(len(net))
    assert abs(-net.mean() - exact.house_edge) <= half


@pytest.mark.slow
def test_645a_13_d_exact_insurance_within_simulation_interval() -> None:
    from pacomply.engine.evaluator import pai_gow_values
    from pacomply.regulations.chapter_645a import INSURANCE_ODDS

    hands = _sample_hands(400_000, seed=4)
    values = pai_gow_values(hands)
    top = (values >> 16) & 15
    paying = (values >> 20) == 0
    odds = np.array([0] * 7 + list(INSURANCE_ODDS["A"]), dtype=float)
    net = np.where(paying, odds[np.clip(top, 0, 12)], -1.0)
    half = Z_95 * net.std(ddof=1) / math.sqrt(len(net))
    assert abs(-net.mean() - analysis.insurance("A").house_edge) <= half
