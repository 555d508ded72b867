"""The Envy and pays-most candidates of the Pai Gow bonus wagers carry their own standard deviation, so the
reconciliation sizes a simulation's noise with the candidate's spread, not the relied-on reading's.

Derivation checked here: with N other players the result per unit is F + (a_1 + ... + a_N) / 5, the a_i the Envy
dollars each other hand earns a $5 Qualifying Wager; taking the hands as independent, Var = Var(F) + N Var(a) / 25.
Var(a) comes from E[a] and E[a^2] over all seven-card hands; E[a] is tied to the priced returns (each other player
adds E[a] / 5 to the return, priced separately by the wager math), and the increments must be equal in N."""

from __future__ import annotations

from fractions import Fraction

import pytest
from pacomply.checker.reconciliation import _basis_readings, _candidate_std_dev
from pacomply.checker.wager_math import analyse


@pytest.mark.parametrize(
    ("chapter", "paytable"),
    [("688a", "1"), ("688a", "4"), ("645a", "A")],
)
def test_envy_candidates_carry_their_own_standard_deviation(chapter: str, paytable: str):
    [row] = analyse(chapter, "fortune", paytable, None)
    restated = _basis_readings(row.priced_readings)
    envy = {priced.candidate: priced for priced in row.priced_readings if priced.reading == f"{chapter}-envy-players"}
    spreads = {key: _candidate_std_dev(row, priced, restated) for key, priced in envy.items()}
    assert spreads["envy-0"] == row.std_dev
    if chapter == "688a":
        from pacomply.engine.analysis.face_up_pai_gow_poker import envy_moments

        first, second = envy_moments(paytable)
    else:
        from pacomply.engine.analysis.pai_gow_poker import envy_moments as pai_gow_envy_moments

        first, second = pai_gow_envy_moments(paytable, "fortune")
    # E[a] / 5 is what one more player adds to the priced return (an exact identity of the wager math's pricing).
    assert (envy["envy-1"].exact_return - envy["envy-0"].exact_return) * 5 == first
    step = float((second - first**2) / 25)
    assert step > 0
    for players in range(1, 6):
        variance = spreads[f"envy-{players}"] ** 2  # type: ignore[operator]
        assert variance == pytest.approx(row.std_dev**2 + players * step, rel=1e-12)  # type: ignore[operator]


def test_pays_most_candidate_moves_straights_holding_trips_to_three_of_a_kinds_pay():
    # E[F'^2] = E[F^2] + change x (t + s): the straights holding trips, share change / (t - s), move from s^2 to t^2.
    from pacomply.regulations.chapter_688a import FORTUNE_ODDS, FORTUNE_ORDER, STRAIGHT, THREE_OF_A_KIND

    [row] = analyse("688a", "fortune", "1", None)
    restated = _basis_readings(row.priced_readings)
    [relied] = [p for p in row.priced_readings if p.reading == "688a-bonus-highest-ranking-hand" and p.relied_on]
    [most] = [p for p in row.priced_readings if p.reading == "688a-bonus-highest-ranking-hand" and not p.relied_on]
    three = Fraction(FORTUNE_ODDS["1"][FORTUNE_ORDER.index(THREE_OF_A_KIND)])
    straight = Fraction(FORTUNE_ODDS["1"][FORTUNE_ORDER.index(STRAIGHT)])
    change = most.exact_return - relied.exact_return  # type: ignore[operator]
    mean = relied.exact_return - 1  # type: ignore[operator]
    second = Fraction(row.std_dev) ** 2 + mean**2  # type: ignore[arg-type]
    expected = float(second + change * (three + straight) - (mean + change) ** 2) ** 0.5
    assert _candidate_std_dev(row, most, restated) == pytest.approx(expected, rel=1e-12)
    assert _candidate_std_dev(row, most, restated) != row.std_dev
