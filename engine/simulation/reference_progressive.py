"""A one-card reference progressive: the smallest game that exercises the meter model end to end.

Not a Pennsylvania game and not registered for ``pacomply simulate``: it validates :mod:`engine.simulation.progressive`
and :mod:`engine.simulation.runner` against a return known exactly, and shows the :class:`RoundGame` protocol at
its shortest. One card is dealt per round for the progressive wager:

* the ace of spades pays 100 % of the meter;
* any other ace pays a fixed $5;
* a king pays 1 to 1;
* a queen pushes;
* anything else loses.

The exact row probabilities are counted from the batch's composition (:func:`row_probabilities`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from fractions import Fraction

from pacomply.engine.cards import Card, Rank, Suit, shoe_cards
from pacomply.engine.simulation.progressive import MeterSpec
from pacomply.engine.simulation.registry import (
    MeterChoice,
    RoundPlayer,
    SimulationUnavailable,
    TableSetup,
    WagerFacts,
    WagerPlay,
)
from pacomply.engine.simulation.shoe import Shoe
from pacomply.regulations.citation import RULES_SUBMISSIONS
from pacomply.regulations.rulebook import PayoutKind, Paytable, PaytableRow

WAGER = "progressive"
DEFAULT_RESET = Fraction(1000)
"""The reset amount when none is chosen (the game is synthetic; any non-negative amount works)."""
TOP = "ace of spades"
OTHER_ACE = "other ace"
KING = "king"
QUEEN = "queen"

PAYTABLE = Paytable(
    id="reference-1",
    wager=WAGER,
    rows=(
        PaytableRow(TOP, PayoutKind.METER_PERCENT, Fraction(100)),
        PaytableRow(OTHER_ACE, PayoutKind.FIXED_AMOUNT, Fraction(5)),
        PaytableRow(KING, PayoutKind.ODDS, Fraction(1)),
        PaytableRow(QUEEN, PayoutKind.PUSH),
    ),
    # A progressive paytable is filed in the Rules Submission; this one is synthetic.
    citation=RULES_SUBMISSIONS,
    name="One-card reference progressive",
)


def row_of(card: Card) -> str | None:
    """The paytable row a card hits, or None when the wager loses."""
    if card.rank == Rank.ACE:
        return TOP if card.suit == Suit.SPADES else OTHER_ACE
    if card.rank == Rank.KING:
        return KING
    if card.rank == Rank.QUEEN:
        return QUEEN
    return None


def row_probabilities(decks: int) -> dict[str, Fraction]:
    """Exact probability of each row for one card off the top of a ``decks``-deck batch, counted card by card."""
    cards = shoe_cards(decks)
    counts = Counter(row_of(card) for card in cards)
    return {row: Fraction(count, len(cards)) for row, count in counts.items() if row is not None}


def meter(seed: Fraction, rate: Fraction) -> MeterSpec:
    """The reference meter: $1 wager, the given seed/reset amount and rate of progression."""
    return MeterSpec(wager=WAGER, paytable=PAYTABLE, seed=seed, rate=rate)


class _Player:
    def __call__(self, shoe: Shoe) -> list[WagerPlay]:
        return [WagerPlay(WAGER, net=-1.0, progressive_outcome=row_of(shoe.draw()))]


class ReferenceProgressive:
    """The RoundGame of the reference progressive."""

    chapter = "reference"
    default_decks = 1
    jokers_per_deck = 0

    def wager_ids(self) -> tuple[str, ...]:
        """Only the progressive wager."""
        return (WAGER,)

    def table(self, setup: TableSetup) -> RoundPlayer:
        """Needs the meter of the progressive wager."""
        if setup.meter_for(WAGER) is None:
            raise SimulationUnavailable("the reference progressive needs a meter (seed and rate)")
        return _Player()

    def facts(self, setup: TableSetup, wager: str) -> WagerFacts:
        """Paytable rows only; it cites the Rules Submission section."""
        rows = tuple((row.outcome, f"{row.kind.value} {row.amount}") for row in PAYTABLE.rows)
        return WagerFacts(wager, str(PAYTABLE.citation), paytable_rows=rows)

    def meters(self, setup: TableSetup, choice: MeterChoice) -> tuple[MeterSpec, ...]:
        """The one meter: the chosen reset (else $1,000) and rate (else 0, frozen at the reset)."""
        spec = meter(
            choice.reset if choice.reset is not None else DEFAULT_RESET,
            choice.rate if choice.rate is not None else Fraction(0),
        )
        problems = spec.problems()
        if problems:
            raise SimulationUnavailable("; ".join(problems))
        return (spec,)

    def row_probabilities(self, setup: TableSetup, wager: str) -> Mapping[str, Fraction]:
        """Counted from the batch's cards."""
        return row_probabilities(setup.shoe.decks)


ROUND_GAME = ReferenceProgressive()
