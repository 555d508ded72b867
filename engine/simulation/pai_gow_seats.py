"""What the round players of the two Pai Gow chapters (645a Pai Gow Poker, 688a Face Up Pai Gow Poker) share once a
round is dealt and settled: the amounts each seat places, the deck marked finished where the chapter shuffles after
every round, and each seat's result per unit of every wager, a metered Progressive reported by the row it hit.

The chapters differ in how the seven stacks are dealt, how ``settle`` is called and how a seat's Progressive row is
found; each player (``pai_gow_rounds``, ``face_up_pai_gow_rounds``) says that in its ``__call__`` and
``progressive_outcome``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from pacomply.engine.games.pai_gow_poker import PlayerRound
from pacomply.engine.simulation.registry import WagerPlay

if TYPE_CHECKING:
    from pacomply.engine.settlement import Settlement
    from pacomply.engine.simulation.shoe import Shoe


def deal_clockwise(shoe: Shoe, first_place: int, places: int, cards_each: int) -> list[list[int]]:
    """``cards_each`` cards to each of ``places`` places, one at a time from ``first_place`` to the next lower place
    (clockwise), as both chapters deal (§ 645a.8(d), § 688a.8(d)): the card indices by place. The k-th card dealt goes
    to place (first_place - k) mod places, so place p gets card (first_place - p) mod places and every
    ``places``-th card after it."""
    cards = shoe.draw_indices(places * cards_each)
    return [cards[(first_place - place) % places :: places] for place in range(places)]


class PaiGowSeats(ABC):
    """The seats of one Pai Gow table and what they place; picklable (module-level, plain attributes)."""

    def __init__(
        self,
        wagers: tuple[str, ...],
        paytables: dict[str, str],
        seats: int,
        amounts: dict[str, Fraction],
        *,
        reshuffle_each_round: bool,
        progressive_on_meter: bool,
    ) -> None:
        self._wagers = wagers
        self._paytables = paytables
        self._seats = seats
        self._amounts = amounts
        self._reshuffle_each_round = reshuffle_each_round
        self._progressive_on_meter = progressive_on_meter
        # The rules modules name each settlement 'seat N wager'; built once, not per seat and round.
        self._names = {seat: {wager: f"seat {seat} {wager}" for wager in wagers} for seat in range(1, seats + 1)}

    def _dealt(self, shoe: Shoe) -> None:
        """After the deal: the deck is shuffled after every round (§ 645a.5(a), § 688a.5(a)), so with a hand
        shuffle or an automated shuffler it is marked finished and the runner reshuffles it; a continuous shuffler
        deals every round from the whole deck by itself."""
        if self._reshuffle_each_round:
            shoe.cover_card_out = True

    def _players(self, stacks: Sequence[Sequence[int]]) -> list[PlayerRound]:
        """The simulated seats, stacks 1 .. seats, each placing every wager's amount."""
        return [PlayerRound(seat, tuple(stacks[seat]), self._amounts) for seat in range(1, self._seats + 1)]

    @abstractmethod
    def progressive_outcome(self, player: PlayerRound, settlement: Settlement) -> str | None:
        """The Progressive row ``player``'s seven cards hit (None: no row), as ``settle`` paid it."""

    def _plays(self, players: Sequence[PlayerRound], settlements: Sequence[Settlement]) -> list[WagerPlay]:
        """Each seat's result per unit of each wager, seat by seat (settlements are named 'seat N wager'; Envy
        Bonuses, 'seat N envy', are no part of a wager's own return). A metered Progressive is reported by its row
        and a lost wager, for the runner to pay from the running meter."""
        settled: Mapping[str, Settlement] = {settlement.wager: settlement for settlement in settlements}
        plays: list[WagerPlay] = []
        for player in players:
            names = self._names[player.seat]
            for wager in self._wagers:
                settlement = settled[names[wager]]
                if wager == "progressive" and self._progressive_on_meter:
                    plays.append(
                        WagerPlay(wager, -1.0, progressive_outcome=self.progressive_outcome(player, settlement))
                    )
                else:
                    plays.append(WagerPlay(wager, float(settlement.net / self._amounts[wager])))
        return plays
