"""The interval of a wager whose hands share cards comes from whole rounds, not from hands counted as independent.

With several seats, every 681a seat wagers on the same Player and Banker hands: a round's hands are copies, so
four seats carry no more information than one, and the honest standard error is the one-seat figure, twice the
naive s/√(hands). Against one dealer (blackjack, pai gow) the seats are positively correlated too, in between.
"""

from __future__ import annotations

import math

import pytest
from pacomply.engine.simulation.registry import TableSetup
from pacomply.engine.simulation.runner import SimulationPlan, WagerTally, run
from pacomply.engine.simulation.shoe import ShoeSpec


def _tally(rounds: list[list[float]]) -> WagerTally:
    """A tally built by hand from per-round lists of hand results, merged round by round."""
    total = WagerTally()
    for hands in rounds:
        y = sum(hands)
        total = total.merge(
            WagerTally(
                observations=len(hands),
                sum_net=y,
                sum_net_squared=sum(h * h for h in hands),
                sum_wagered=float(len(hands)),
                wins=sum(h > 0 for h in hands),
                rounds=1,
                sum_round_net_squared=y * y,
                sum_round_net_times_hands=y * len(hands),
                sum_round_hands_squared=float(len(hands) ** 2),
            )
        )
    return total


def test_copied_hands_give_the_standard_error_of_one_hand_per_round() -> None:
    singles = [1.0, -1.0, -1.0, 2.0, -1.0, 0.0, -1.0, 1.0]
    one_seat = _tally([[x] for x in singles]).result()
    four_copies = _tally([[x] * 4 for x in singles]).result()
    assert four_copies.mean == pytest.approx(one_seat.mean)
    # One hand per round: the ordinary s/√n, computed from hands.
    assert one_seat.round_standard_error is None
    assert four_copies.standard_error == pytest.approx(one_seat.standard_error)
    assert four_copies.standard_error > four_copies.std_dev / math.sqrt(four_copies.rounds)


def test_independent_looking_hands_are_not_made_wider_than_the_data_show() -> None:
    # Two seats whose results cancel within each round: the round totals carry no spread at all.
    opposite = _tally([[1.0, -1.0], [-1.0, 1.0], [2.0, -2.0]]).result()
    assert opposite.mean == pytest.approx(0.0) and opposite.standard_error == pytest.approx(0.0)


def test_681a_seats_share_the_hands_so_four_seats_have_the_one_seat_interval() -> None:
    shoe = ShoeSpec(decks=8)
    module = "pacomply.engine.simulation.twenty_one_baccarat"
    plan = SimulationPlan(module, TableSetup("681a", ("player",), None, shoe, seats=4), 6_000, 681, 3_000)
    four = run(plan).estimate("player").result
    assert four.rounds == 24_000
    naive = four.std_dev / math.sqrt(four.rounds)
    # Every seat is a copy of the first: the interval is √4 = 2 times the naive one (to the n-1 corrections).
    assert four.standard_error / naive == pytest.approx(2.0, rel=1e-3)
