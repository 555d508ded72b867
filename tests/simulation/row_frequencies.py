"""How a simulation test checks a heavy-tailed wager's outcome frequencies against their exact probabilities.

The mean of a wager whose top award is hundreds of times the wager is a weak check at a modest round count: the top
rows are hit a handful of times or never, and the sample variance understates the truth. Its outcome frequencies
are a sharper one: each row (or each distinct payout) is a binomial count whose exact probability the analysis
enumerates. Every row, the losing outcome included, gets an exact two-sided binomial test (twice the smaller tail,
so a row expected 0.02 times and seen once is no alarm), and all rows of a test are held together at a familywise
error rate by Bonferroni, as in :mod:`tests.simulation.agreement`.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping
from fractions import Fraction

#: Terms of a binomial tail below this fraction of the sum so far are dropped (far below float precision).
_NEGLIGIBLE = 1e-18


def _log_pmf(k: int, trials: int, probability: float) -> float:
    return (
        math.lgamma(trials + 1)
        - math.lgamma(k + 1)
        - math.lgamma(trials - k + 1)
        + k * math.log(probability)
        + (trials - k) * math.log1p(-probability)
    )


def binomial_p_value(observed: int, trials: int, probability: float) -> float:
    """Exact two-sided p-value of ``observed`` successes in ``trials`` at ``probability``: twice the smaller tail."""
    if not 0 <= observed <= trials:
        raise ValueError(f"{observed} successes in {trials} trials")
    if probability <= 0:
        return 1.0 if observed == 0 else 0.0
    if probability >= 1:
        return 1.0 if observed == trials else 0.0
    step = -1 if observed <= trials * probability else 1
    tail, k = 0.0, observed
    while 0 <= k <= trials:
        term = math.exp(_log_pmf(k, trials, probability))
        tail += term
        if term < _NEGLIGIBLE * tail:
            break
        k += step
    return min(1.0, 2 * tail)


def row_disagreements(
    counts: Mapping[Hashable, int], probabilities: Mapping[Hashable, Fraction | float], error: float
) -> list[str]:
    """The rows whose observed count is implausible under their exact probability at familywise ``error``.

    ``probabilities`` must cover every outcome (they sum to 1); ``counts`` may leave out rows never seen, and a row
    seen that has no probability is itself a disagreement.
    """
    total = sum(float(p) for p in probabilities.values())
    if abs(total - 1) > 1e-9:
        return [f"exact probabilities sum to {total}, not 1"]
    unknown = sorted(map(str, set(counts) - set(probabilities)))
    if unknown:
        return [f"outcomes without an exact probability: {', '.join(unknown)}"]
    trials = sum(counts.values())
    threshold = error / len(probabilities)
    found = []
    for row in sorted(probabilities, key=str):
        seen, probability = counts.get(row, 0), float(probabilities[row])
        p_value = binomial_p_value(seen, trials, probability)
        if p_value < threshold:
            found.append(
                f"{row}: seen {seen} times in {trials}, expected {trials * probability:.2f} "
                f"(p = {p_value:.2e} < {threshold:.2e})"
            )
    return found
