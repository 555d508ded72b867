"""The base game of a blackjack chapter simulated by its one simulator, the real-shoe rounds settled as replay settles.

The exact analyses price a round dealt from a full shoe, so these runs use a continuous shuffler (every round from a
freshly shuffled shoe): what remains between the two figures is chance alone, not the cut card's effect.
"""

from __future__ import annotations

import math

from pacomply.engine.simulation.registry import TableSetup
from pacomply.engine.simulation.runner import SimulationPlan, run
from pacomply.engine.simulation.shoe import ShoeSpec
from pacomply.regulations.rulebook import Shuffler

from tests.simulation.agreement import Estimate, familywise_z

MODULES = {
    "633a": "pacomply.engine.simulation.blackjack",
    "685a": "pacomply.engine.simulation.down_under_blackjack",
}


def simulate_base(
    chapter: str,
    decks: int,
    rounds: int,
    seed: int,
    options: tuple[tuple[str, str], ...] = (),
    wager: str = "base",
    workers: int | None = None,
) -> tuple[Estimate, float]:
    """The simulated house edge of ``wager`` with its standard error, and the amount wagered per round.

    Short runs play in this process (the test runner already spreads tests over the cores); long ones on two."""
    shoe = ShoeSpec(decks=decks, shuffler=Shuffler.CONTINUOUS)
    setup = TableSetup(chapter, (wager,), None, shoe, options=options)
    plan = SimulationPlan(MODULES[chapter], setup, rounds=rounds, seed=seed, chunk_rounds=max(1, rounds // 8))
    if workers is None:
        workers = 1 if rounds <= 200_000 else 2
    result = run(plan, workers=workers).estimate(wager).result
    return Estimate(result.house_edge, result.standard_error), result.wagered_per_round


#: Rounds of the default suite's sample of each cross-check. The test's interval is derived from the sample (the
#: simulated standard error, :func:`tests.simulation.agreement.disagreements`): at any size a correct figure fails
#: 1 % of seeds, and a smaller sample only misses a smaller bias. The same check runs at ``WIDE_SAMPLE_ROUNDS``
#: (the default sample before the default suite was cut to fit in three minutes) and at full precision, both slow.
SAMPLE_ROUNDS = 20_000
WIDE_SAMPLE_ROUNDS = 50_000


def rounds_matching(old_rounds: int, old_standard_errors: float, comparisons: int = 1) -> int:
    """Rounds at which this suite's interval is no wider than a check of the removed numba simulators (8fa07b1^).

    Those checks accepted the exact figure within ``old_standard_errors`` standard errors of ``old_rounds`` rounds
    (1.96 for a 95 % interval, 3 for the slow battery); here the half-width is :func:`familywise_z` standard errors
    (2.58 for one comparison). A round has the same variance in both simulators (the same game and decisions), so
    the half-width in absolute terms is no wider when rounds >= old_rounds × (z / old_standard_errors)²; rounded up
    to a multiple of 100,000."""
    z = familywise_z(comparisons)
    return math.ceil(old_rounds * (z / old_standard_errors) ** 2 / 100_000) * 100_000
