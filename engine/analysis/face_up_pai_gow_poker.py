"""Math of the Face Up Pai Gow Poker (688a) wagers.

* Fortune Bonus 1-6 and Progressive 1-7: exact, over all C(53,7) hands classified by the shared evaluator (the
  fully wild joker for progressive paytables 2, 5, 6 and 7), at each paytable's meter seed.
* Ace High Bonus 1-5: the dealer-only probabilities are exact (an independent count of ace-high seven-card hands
  with and without the joker); the joint dealer-and-player row comes from the seeded base-game simulation, so the
  wager's figure is reported as a simulation with its interval.
* Base game: seeded simulation, the player setting best against the dealer's face-up hands.
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import cache

from engine.analysis.pai_gow_poker import ALL_HANDS, _add, _analysis, no_pair_hands_by_top, seven_card_counts
from engine.analysis.result import WagerAnalysis
from engine.evaluator import JokerRule
from engine.games.face_up_pai_gow_poker import fortune_outcome, progressive_row
from engine.simulation import Z_95
from engine.simulation.pai_gow_poker import simulate_base
from regulations.chapter_688a import ACE_HIGH_ODDS, FORTUNE_ODDS, FORTUNE_ORDER, PROGRESSIVE_TABLES, THREE_PAIR

BASE_ROUNDS = 1_000_000
BASE_SEED = 688


def fortune(paytable: str) -> WagerAnalysis:
    """Fortune Bonus (§ 688a.12(c)) on paytable 1-6."""
    outcomes: dict[Fraction, int] = {}
    for category, count in seven_card_counts().items():
        outcome = fortune_outcome(category, paytable)
        if outcome is None:
            net = Fraction(-1)
        elif outcome == THREE_PAIR:
            net = Fraction(0)
        else:
            net = Fraction(FORTUNE_ODDS[paytable][FORTUNE_ORDER.index(outcome)])
        _add(outcomes, net, count)
    return _analysis(outcomes)


def progressive(paytable: str, meter: Fraction | None = None) -> WagerAnalysis:
    """Progressive Payout (§ 688a.12(d)) per unit of the paytable's wager, the meter at its seed unless given."""
    table = PROGRESSIVE_TABLES[paytable]
    rule = JokerRule.FULLY_WILD if table.fully_wild_joker else JokerRule.SEMI_WILD
    current = meter if meter is not None else Fraction(str(table.meter_seed))
    wager = Fraction(str(table.wager))
    outcomes: dict[Fraction, int] = {}
    for category, count in seven_card_counts(rule).items():
        row = progressive_row(category, paytable)
        if row is None:
            net = Fraction(-1)
        else:
            _, fixed, percent = row
            paid = (fixed + current * percent / 100) / wager
            net = paid if table.wager_returned else paid - 1
        _add(outcomes, net, count)
    return _analysis(outcomes)


def dealer_ace_high_probabilities() -> tuple[Fraction, Fraction]:
    """Exact P(dealer's seven cards are an Ace High Pai Gow) with the joker, and without it."""
    counts = no_pair_hands_by_top()
    return Fraction(counts.get((12, True), 0), ALL_HANDS), Fraction(counts.get((12, False), 0), ALL_HANDS)


@cache
def _base_simulation(rounds: int, seed: int) -> tuple[object, tuple[int, ...]]:
    result, counts = simulate_base("688a", rounds, seed)
    return result, tuple(int(count) for count in counts)


def ace_high(paytable: str, rounds: int = BASE_ROUNDS, seed: int = BASE_SEED) -> WagerAnalysis:
    """Ace High Bonus (§ 688a.12(b)): exact dealer marginals, the 'both' share from the seeded deal."""
    both_odds, joker_odds, plain_odds = ACE_HIGH_ODDS[paytable]
    with_joker, without_joker = (float(p) for p in dealer_ace_high_probabilities())
    _, counts = _base_simulation(rounds, seed)
    dealer_ace = counts[0] + counts[1] + counts[2]
    share_both = counts[0] / dealer_ace if dealer_ace else 0.0
    # Split the exact dealer probability by the simulated share of deals where the player is ace high too.
    p_both = (with_joker + without_joker) * share_both
    p_joker = with_joker * (1 - share_both)
    p_plain = without_joker * (1 - share_both)
    p_lose = 1 - with_joker - without_joker
    mean = p_both * both_odds + p_joker * joker_odds + p_plain * plain_odds - p_lose
    second = p_both * both_odds**2 + p_joker * joker_odds**2 + p_plain * plain_odds**2 + p_lose
    std_dev = math.sqrt(max(second - mean * mean, 0.0))
    # The interval reflects the simulated share only: d(mean)/d(share) times its binomial standard error.
    sensitivity = (with_joker + without_joker) * both_odds - with_joker * joker_odds - without_joker * plain_odds
    share_error = math.sqrt(share_both * (1 - share_both) / dealer_ace) if dealer_ace else 0.0
    half = Z_95 * abs(sensitivity) * share_error
    return WagerAnalysis(
        house_edge=-mean,
        element_of_risk=-mean,
        hit_frequency=with_joker + without_joker,
        std_dev=std_dev,
        method="exact+simulation",
        rounds=rounds,
        ci95=(-mean - half, -mean + half),
    )


def base(rounds: int = BASE_ROUNDS, seed: int = BASE_SEED) -> WagerAnalysis:
    """The Face Up Pai Gow Poker Wager by seeded simulation (standard house way; player's best setting)."""
    result, _ = _base_simulation(rounds, seed)
    return WagerAnalysis(
        house_edge=result.house_edge,  # type: ignore[attr-defined]
        element_of_risk=result.house_edge,  # type: ignore[attr-defined]
        hit_frequency=result.hit_frequency,  # type: ignore[attr-defined]
        std_dev=result.std_dev,  # type: ignore[attr-defined]
        method="simulation",
        rounds=rounds,
        ci95=result.ci95,  # type: ignore[attr-defined]
        strategy=(("dealer", "standard house way, face up"), ("player", "best setting against the dealer's hands")),
    )
