"""Exact math of Over/Under (686a): the required wagers under the best decision after the first card, and the Bonus.

Complete enumeration over the shoe's composition by point value, with card removal, off the top of a freshly
shuffled shoe of the configured number of decks. Results are exact rationals.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from functools import cache

from pacomply.engine.analysis.result import Distribution, WagerAnalysis
from pacomply.engine.games.over_under import Decision
from pacomply.regulations.chapter_686a import BONUS_ODDS_BY_TOTAL, OVER_23_WINNING_TOTALS, UNDER_18_WINNING_TOTALS

# Point values and how many cards of each one deck holds (§ 686a.3(d)): 2-9 four each, ten-valued sixteen, ace four.
_VALUES_PER_DECK: dict[int, int] = {value: 4 for value in range(2, 10)} | {10: 16, 11: 4}


def composition(decks: int) -> dict[int, int]:
    """Cards of each point value in a shoe of ``decks`` decks."""
    return {value: count * decks for value, count in _VALUES_PER_DECK.items()}


def _next_total_distribution(counts: dict[int, int], cards: int) -> dict[int, Fraction]:
    """Distribution of the sum of the next ``cards`` cards drawn without replacement."""
    remaining = sum(counts.values())
    result: dict[int, Fraction] = defaultdict(Fraction)

    def walk(depth: int, total: int, probability: Fraction, left: int) -> None:
        if depth == cards:
            result[total] += probability
            return
        for value, count in counts.items():
            if count == 0:
                continue
            counts[value] -= 1
            walk(depth + 1, total + value, probability * Fraction(count, left), left - 1)
            counts[value] += 1

    walk(0, 0, Fraction(1), remaining)
    return dict(result)


@cache
def three_card_totals(decks: int) -> dict[int, Fraction]:
    """Exact distribution of a three-card total off the top of the shoe."""
    return _next_total_distribution(composition(decks), 3)


def _decision_value(first: int, two_card: dict[int, Fraction], decision: Decision) -> Distribution:
    if decision == Decision.SURRENDER:
        return Distribution(((Fraction(-1), Fraction(1)),))
    winning = OVER_23_WINNING_TOTALS if decision == Decision.OVER else UNDER_18_WINNING_TOTALS
    win = sum((p for total, p in two_card.items() if first + total in winning), Fraction(0))
    return Distribution(((Fraction(2), win), (Fraction(-2), 1 - win)))


@cache
def best_decisions(decks: int) -> dict[int, tuple[Decision, Distribution, Fraction]]:
    """For each first-card point value: the best decision, its result distribution, and the value's probability."""
    counts = composition(decks)
    total_cards = sum(counts.values())
    decisions = {}
    for first, count in counts.items():
        counts[first] -= 1
        two_card = _next_total_distribution(counts, 2)
        counts[first] += 1
        # Order breaks exact ties deterministically, preferring the smaller amount at risk.
        candidates = [
            (decision, _decision_value(first, two_card, decision))
            for decision in (Decision.SURRENDER, Decision.UNDER, Decision.OVER)
        ]
        best = max(candidates, key=lambda pair: pair[1].mean)
        decisions[first] = (best[0], best[1], Fraction(count, total_cards))
    return decisions


def _label(value: int) -> str:
    return {10: "ten-valued", 11: "ace"}.get(value, str(value))


def required_wagers(decks: int) -> WagerAnalysis:
    """Ante with the Over 23 / Under 18 / surrender decision, played to maximise expected value."""
    decisions = best_decisions(decks)
    outcomes: dict[Fraction, Fraction] = defaultdict(Fraction)
    wagered = Fraction(0)
    for decision, distribution, probability in decisions.values():
        for net, p in distribution.outcomes:
            outcomes[net] += p * probability
        wagered += probability * (1 if decision == Decision.SURRENDER else 2)
    distribution = Distribution(tuple(sorted(outcomes.items())))
    strategy = _compact_strategy({value: decision for value, (decision, _, _) in decisions.items()})
    return WagerAnalysis.from_distribution(distribution, wagered, strategy)


def _compact_strategy(decisions: dict[int, Decision]) -> tuple[tuple[str, str], ...]:
    """Runs of first-card values with the same decision: (('first card 2-8', 'under'), ...)."""
    runs: list[tuple[list[int], Decision]] = []
    for value in sorted(decisions):
        if runs and runs[-1][1] == decisions[value]:
            runs[-1][0].append(value)
        else:
            runs.append(([value], decisions[value]))
    described = []
    for values, decision in runs:
        span = _label(values[0]) if len(values) == 1 else f"{_label(values[0])}-{_label(values[-1])}"
        described.append((f"first card {span}", decision.value))
    return tuple(described)


def bonus_distribution(decks: int) -> Distribution:
    """Net result of a one-unit Bonus wager (§ 686a.7(m), § 686a.8(b))."""
    outcomes: dict[Fraction, Fraction] = defaultdict(Fraction)
    for total, probability in three_card_totals(decks).items():
        outcomes[Fraction(BONUS_ODDS_BY_TOTAL.get(total, -1))] += probability
    return Distribution(tuple(sorted(outcomes.items())))


def bonus(decks: int) -> WagerAnalysis:
    """The Bonus wager's exact house edge."""
    return WagerAnalysis.from_distribution(bonus_distribution(decks))
