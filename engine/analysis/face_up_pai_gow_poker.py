"""Math of the Face Up Pai Gow Poker (688a) wagers.

* Fortune Bonus 1-6 and Progressive 1-7: exact, over all C(53,7) hands classified by the shared evaluator (the
  fully wild joker for progressive paytables 2, 5, 6 and 7), at each paytable's meter seed.
* Ace High Bonus 1-5: exact. The dealer's probabilities come from the count of ace-high seven-card hands with and
  without the joker; the joint dealer-and-player row from a count over pairs of rank sets, whose suit assignments
  depend only on how many ranks the two hands share (:func:`ace_high_joint_counts`).
* Base game: seeded simulation, the player setting best against the dealer's face-up hands.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction
from functools import cache

from pacomply.engine.analysis.pai_gow_poker import (
    ALL_HANDS,
    _add,
    _analysis,
    _has_straight,
    no_pair_hands_by_top,
    seven_card_counts,
    shard_count,
    sharded_simulation,
    simulated_base,
)
from pacomply.engine.analysis.result import Distribution, WagerAnalysis
from pacomply.engine.evaluator import JokerRule
from pacomply.engine.figure_store import figure
from pacomply.engine.games.face_up_pai_gow_poker import fortune_outcome, progressive_row
from pacomply.engine.simulation import SimulationResult
from pacomply.engine.simulation.pai_gow_poker import simulate_base
from pacomply.regulations.chapter_688a import (
    ACE_HIGH_BOTH,
    ACE_HIGH_DEALER_JOKER,
    ACE_HIGH_DEALER_NO_JOKER,
    ACE_HIGH_ODDS,
    ACE_HIGH_OUTCOMES,
    FORTUNE_ODDS,
    FORTUNE_ORDER,
    PROGRESSIVE_TABLES,
    THREE_PAIR,
)

BASE_ROUNDS = 1_000_000_000
BASE_SEED = 688
#: The game whose base-game shards this module deals (the shards' ``game`` input).
BASE_GAME = "688a"


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


def _ace_high_rank_sets() -> tuple[list[int], list[int]]:
    """Rank sets (bit masks, 0 two .. 12 ace) of ace-high seven-card hands: natural (seven ranks with the ace, no
    straight) and with the joker (six ranks without the ace, none the joker turns into a straight)."""
    natural = [
        sum(1 << rank for rank in ranks)
        for ranks in itertools.combinations(range(13), 7)
        if 12 in ranks and not _has_straight(set(ranks), wild=False)
    ]
    joker = [
        sum(1 << rank for rank in ranks)
        for ranks in itertools.combinations(range(12), 6)
        if not _has_straight(set(ranks), wild=True)
    ]
    return natural, joker


def _joint_suitings(dealer_cards: int, player_cards: int, shared: int, dealer_limit: int, player_limit: int) -> int:
    """Suit assignments of two disjoint hands of distinct ranks sharing ``shared`` ranks (where their suits must
    differ), with no suit reaching ``dealer_limit`` in the dealer's hand or ``player_limit`` in the player's."""
    states: Counter[tuple[tuple[int, ...], tuple[int, ...]]] = Counter({((0, 0, 0, 0), (0, 0, 0, 0)): 1})

    def step(moves: list[tuple[int, int]]) -> None:
        nonlocal states
        following: Counter[tuple[tuple[int, ...], tuple[int, ...]]] = Counter()
        for (dealer, player), ways in states.items():
            for dealer_suit, player_suit in moves:
                next_dealer, next_player = list(dealer), list(player)
                if dealer_suit >= 0:
                    next_dealer[dealer_suit] += 1
                if player_suit >= 0:
                    next_player[player_suit] += 1
                if max(next_dealer) < dealer_limit and max(next_player) < player_limit:
                    following[(tuple(next_dealer), tuple(next_player))] += ways
        states = following

    for _ in range(shared):
        step([(a, b) for a in range(4) for b in range(4) if a != b])
    for _ in range(dealer_cards - shared):
        step([(a, -1) for a in range(4)])
    for _ in range(player_cards - shared):
        step([(-1, b) for b in range(4)])
    return sum(states.values())


@cache
def ace_high_joint_counts() -> dict[tuple[bool, bool], int]:
    """Ordered (dealer, player) pairs of disjoint seven-card hands from one 53-card deck that are both an Ace High
    Pai Gow, by (dealer holds the joker, player holds the joker): exact.

    Suit assignments depend only on the hands' sizes, flush limits and how many ranks they share, so each pair of
    rank sets contributes the count of :func:`_joint_suitings` for its overlap. The count takes seconds and never
    changes, so it is kept in the figure store: a review's joint test of the Ace High figures reads it."""
    return {(dealer_joker, player_joker): count for dealer_joker, player_joker, count in _stored_joint_counts()}


@figure(
    "688a-ace-high-joint-counts",
    method=1,
    chapter="688a",
    describe=lambda inputs: "688a Ace High Bonus: pairs of disjoint seven-card hands both Ace High, all enumerated",
)
def _stored_joint_counts() -> tuple[tuple[bool, bool, int], ...]:
    natural, joker = _ace_high_rank_sets()
    kinds = {False: (natural, 7, 5), True: (joker, 6, 4)}
    counts: dict[tuple[bool, bool], int] = {}
    for dealer_joker, player_joker in ((False, False), (False, True), (True, False)):
        dealer_sets, dealer_cards, dealer_limit = kinds[dealer_joker]
        player_sets, player_cards, player_limit = kinds[player_joker]
        overlaps = Counter((a & b).bit_count() for a in dealer_sets for b in player_sets)
        counts[(dealer_joker, player_joker)] = sum(
            pairs * _joint_suitings(dealer_cards, player_cards, shared, dealer_limit, player_limit)
            for shared, pairs in overlaps.items()
        )
    return tuple((dealer_joker, player_joker, count) for (dealer_joker, player_joker), count in sorted(counts.items()))


def ace_high_distribution() -> dict[str, Fraction]:
    """Exact probability of each § 688a.12(b) outcome, and of losing ('lose')."""
    pairs = ALL_HANDS * math.comb(46, 7)
    joint = ace_high_joint_counts()
    with_joker, without_joker = dealer_ace_high_probabilities()
    both_dealer_joker = Fraction(joint[(True, False)], pairs)
    both_dealer_natural = Fraction(joint[(False, False)] + joint[(False, True)], pairs)
    return {
        ACE_HIGH_BOTH: both_dealer_joker + both_dealer_natural,
        ACE_HIGH_DEALER_JOKER: with_joker - both_dealer_joker,
        ACE_HIGH_DEALER_NO_JOKER: without_joker - both_dealer_natural,
        "lose": 1 - with_joker - without_joker,
    }


def ace_high(paytable: str) -> WagerAnalysis:
    """Ace High Bonus (§ 688a.12(b)) on paytable 1-5: exact over the joint deal of the dealer's and player's cards."""
    outcomes: dict[Fraction, Fraction] = {}
    for outcome, probability in ace_high_distribution().items():
        net = Fraction(-1) if outcome == "lose" else Fraction(ACE_HIGH_ODDS[paytable][ACE_HIGH_OUTCOMES.index(outcome)])
        outcomes[net] = outcomes.get(net, Fraction(0)) + probability
    return WagerAnalysis.from_distribution(Distribution(tuple(sorted(outcomes.items()))))


def envy_moments(paytable: str) -> tuple[Fraction, Fraction]:
    """First and second moments of the Envy Bonus dollars one other player's hand earns a Qualifying Wager on
    Fortune paytable ``paytable`` (§ 688a.12(c)), over that player's seven cards as one hand of the deck."""
    from pacomply.engine.games.face_up_pai_gow_poker import FORTUNE_688A_OUTCOME
    from pacomply.regulations.chapter_688a import FORTUNE_ENVY

    amounts = dict(zip(FORTUNE_ORDER, FORTUNE_ENVY[paytable], strict=False))
    first = second = Fraction(0)
    for category, count in seven_card_counts().items():
        outcome = FORTUNE_688A_OUTCOME.get(category)
        if outcome in amounts:
            amount = Fraction(amounts[outcome])
            first += Fraction(count, ALL_HANDS) * amount
            second += Fraction(count, ALL_HANDS) * amount * amount
    return first, second


@cache
def base_simulation(rounds: int = BASE_ROUNDS, seed: int = BASE_SEED) -> tuple[SimulationResult, tuple[int, ...]]:
    """The seeded 688a deal: the base wager's result and the Ace High Bonus outcome counts; dealt once for each
    sample size and seed and kept in the figure store, so a review deals no rounds."""
    return _stored_base_simulation(rounds=rounds, seed=seed)


@figure(
    "688a-base-simulation",
    method=2,
    chapter="688a",
    describe=lambda inputs: f"688a base game: {inputs['rounds']:,} simulated rounds, seed {inputs['seed']}",
)
def _stored_base_simulation(rounds: int, seed: int) -> tuple[SimulationResult, tuple[int, ...]]:
    if shard_count(rounds) is not None:
        return sharded_simulation("688a", rounds, seed)
    result, counts = simulate_base("688a", rounds, seed)
    return result, tuple(int(count) for count in counts)


def base(rounds: int = BASE_ROUNDS, seed: int = BASE_SEED) -> WagerAnalysis:
    """The Face Up Pai Gow Poker Wager by seeded simulation (standard house way; player's best setting)."""
    result, _ = base_simulation(rounds, seed)
    strategy = (("dealer", "standard house way, face up"), ("player", "best setting against the dealer's hands"))
    return simulated_base(result, rounds, strategy)
