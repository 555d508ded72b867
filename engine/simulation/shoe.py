"""A real shoe, as the chapters have the dealer run it: batches, shuffle, cut, cover card, burn card, reshuffle.

What the model does, and the subsections it follows (686a is the example; the other chapters' § x.5 and § x.7
read the same way):

* **shuffle and cut** (§ 686a.5(a), (d)): the batch is shuffled uniformly at random and cut — the cutter puts the
  cover card at least ten cards from either end and the cards above it go to the bottom. The cut is a rotation of
  an already uniform order, so it changes no figure; it is modelled so the deal is the procedure, not a shortcut.
* **cover card** (§ 686a.5(d)): inserted at least a quarter of the way in from the bottom, i.e. at most 75 % of the
  stack is dealt before it. Where inside the permitted range it goes is the Rules Submission's and the dealer's
  practice, so it is a parameter (``penetration_min`` … ``penetration_max``, fractions of the stack in front of
  the cover card, drawn uniformly per shoe); the default 0.75 is the deepest the chapter allows.
* **burn card** (§ 686a.7(c)): the first card of each full batch placed in the shoe goes to the discard rack.
  The burn a new dealer makes at a dealer change is not modelled (reading ``sim-dealer-change-burn``).
* **reshuffle at the cover card** (§ 686a.7(d)): when the cover card comes out — before a round or during one —
  the round is completed and the cards are reshuffled before the next round.
* **too few cards for a round** (§ 633a.14(f), § 685a.12(e), § 686a.9(b)): when the shoe runs out during a round,
  the cards in the discard rack (the burn card and the rounds dealt since the shuffle; the cards of the round in
  progress stay on the table) are shuffled and cut, one is burnt, and the round is completed from them;
  :attr:`Shoe.discard_reshuffles` counts these. Only a short shoe of one deck ever needs it.
* **batches with an automated shuffler** (§ 686a.3(b)): two batches alternate shoe by shoe; the one out of play is
  shuffled in the device meanwhile, so each shoe is a fresh uniform shuffle of the next batch.
* **continuous shuffler** (§ 686a.3(a)): the cards of each round go back into the device, so every round is dealt
  from the whole batch uniformly at random (an ideal device; reading ``sim-continuous-shuffler``).

Randomness comes only from the :class:`numpy.random.Generator` handed in, so a seed reproduces every shoe.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from pacomply.engine.cards import JOKER_INDEX, STANDARD_DECK_SIZE, Card
from pacomply.regulations.rulebook import Shuffler

#: § 686a.5(d): the cover card goes at least a quarter of the way in from the bottom of the stack.
MAX_PENETRATION = 0.75
#: § 686a.5(d): the cutter places the cover card at least ten cards from the top or bottom.
CUT_MARGIN_CARDS = 10

_CARD_BY_INDEX: tuple[Card, ...] = tuple(Card.from_index(index) for index in range(JOKER_INDEX + 1))


class ShoeExhausted(RuntimeError):
    """A round needed more cards than the shoe and the discard rack together held (a game that deals past the end
    of its whole batch)."""


@dataclass(frozen=True, slots=True)
class ShoeSpec:
    """How the cards at the table are supplied and shuffled."""

    decks: int
    """Decks per batch."""
    jokers_per_deck: int = 0
    shuffler: Shuffler = Shuffler.NONE
    """Hand shuffle (one batch), automated shuffler (batches alternate) or continuous shuffler."""
    batches: int = 1
    """Batches in rotation; the chapters require two with an automated (non-continuous) shuffler."""
    penetration_min: float = MAX_PENETRATION
    """Least fraction of the stack placed in front of the cover card."""
    penetration_max: float = MAX_PENETRATION
    """Greatest fraction of the stack placed in front of the cover card (at most 0.75, § 686a.5(d))."""
    burn_cards: int = 1
    """Cards burnt after each full batch is placed in the shoe (§ 686a.7(c))."""

    def problems(self) -> list[str]:
        """Everything wrong with this specification, in words; empty when it can be dealt."""
        found = []
        if self.decks < 1:
            found.append(f"decks: {self.decks} is not a positive number of decks")
        if self.jokers_per_deck < 0:
            found.append(f"jokers: {self.jokers_per_deck} jokers per deck is negative")
        if self.batches < 1:
            found.append(f"batches: {self.batches} is not a positive number of batches")
        if not 0 < self.penetration_min <= self.penetration_max <= MAX_PENETRATION:
            found.append(
                f"penetration: {self.penetration_min}-{self.penetration_max} is not within 0-{MAX_PENETRATION} "
                "(the cover card goes at least 1/4 of the way in from the bottom, § 686a.5(d))"
            )
        if self.burn_cards < 0:
            found.append(f"burn: {self.burn_cards} burn cards is negative")
        return found

    @property
    def cards_per_batch(self) -> int:
        """Cards in one batch."""
        return self.decks * (STANDARD_DECK_SIZE + self.jokers_per_deck)

    def describe(self) -> str:
        """One line for reports: '6 decks, hand shuffle, cover card at 75 % of the stack, burn 1' (counts agree with
        their nouns, a percentage is written as every report writes one)."""
        decks = f"{self.decks} deck{'' if self.decks == 1 else 's'}"
        jokers = self.jokers_per_deck
        if jokers:
            decks += f" with {jokers} joker{'' if jokers == 1 else 's'} each"
        if self.shuffler == Shuffler.CONTINUOUS:
            return f"{decks}, continuous shuffler (every round from the whole batch)"
        if self.penetration_min == self.penetration_max:
            cover = f"{self.penetration_max * 100:.0f} %"
        else:
            cover = f"{self.penetration_min * 100:.0f} % to {self.penetration_max * 100:.0f} %"
        shuffle = f"automated shuffler, {self.batches} batches alternating" if self.batches > 1 else "hand shuffle"
        return f"{decks}, {shuffle}, cover card at {cover} of the stack, burn {self.burn_cards}"


def one_batch(spec: ShoeSpec) -> np.ndarray:
    """Card indices of one batch, in index order."""
    deck = list(range(STANDARD_DECK_SIZE)) + [JOKER_INDEX] * spec.jokers_per_deck
    return np.array(deck * spec.decks, dtype=np.int16)


class Shoe:
    """The shoe in play: draw cards, and let the runner reshuffle when the cover card has come out.

    Mutable on purpose (it is the table's state); every random choice goes through ``generator``.
    """

    def __init__(self, spec: ShoeSpec, generator: np.random.Generator) -> None:
        problems = spec.problems()
        if problems:
            raise ValueError("; ".join(problems))
        self.spec = spec
        self._generator = generator
        self._batch = one_batch(spec)
        self._order: list[int] = []
        self._position = 0
        self._cover_position = 0
        self.batch_in_play = -1
        """Which batch (0, 1, …) is in the shoe; alternates at each reshuffle."""
        self.shoes_dealt = 0
        """Shoes started so far (each shuffle of a batch into the shoe counts one; always 0 with a continuous
        shuffler, which has no shoe to start)."""
        self.cover_card_out = False
        """The cover card has come out; the runner reshuffles before the next round (§ 686a.7(d))."""
        self.discard_reshuffles = 0
        """Rounds completed from the shuffled discard rack because the shoe ran out during them (§ 686a.9(b))."""
        self._round_start = 0
        self._uniforms: list[float] = []
        self._uniform_next = 0
        if spec.shuffler != Shuffler.CONTINUOUS:
            self._new_shoe()
        else:
            # Every card of a blackjack round is a draw: bound once, not a shuffler test and a second call per card.
            self.draw = self._draw_continuous  # type: ignore[method-assign]

    def _new_shoe(self) -> None:
        size = len(self._batch)
        order = self._generator.permutation(self._batch).tolist()
        if size > 2 * CUT_MARGIN_CARDS:
            # The cut: cards above the cover card go to the bottom (§ 686a.5(d)).
            cut = int(self._generator.integers(CUT_MARGIN_CARDS, size - CUT_MARGIN_CARDS + 1))
            order = order[cut:] + order[:cut]
        self._order = order
        low = math.floor(self.spec.penetration_min * size)
        high = math.floor(self.spec.penetration_max * size)
        self._cover_position = int(self._generator.integers(low, high + 1)) if high > low else high
        self._position = self.spec.burn_cards
        self.batch_in_play = (self.batch_in_play + 1) % self.spec.batches
        self.shoes_dealt += 1
        self.cover_card_out = self._position >= self._cover_position

    def begin_round(self) -> None:
        """Before each round: a continuous shuffler has all the cards back; a shoe past its cover card is reshuffled."""
        if self.spec.shuffler == Shuffler.CONTINUOUS:
            if not self._order:
                self._order = self._batch.tolist()
            # Every card is back in the device. The next draws pick uniformly among all of them whatever the
            # order the list is left in, so there is nothing to restore (see _draw_continuous).
            self._position = 0
            return
        if self.cover_card_out:
            self._new_shoe()
        self._round_start = self._position

    def _draw_continuous(self) -> Card:
        # One step of a Fisher-Yates shuffle: a uniform pick among the cards not yet dealt this round. Uniforms are
        # drawn in blocks because a numpy call per card would cost more than the rest of the draw.
        size = len(self._order)
        if self._position >= size:
            raise ShoeExhausted(f"the continuous shuffler's {size} cards ran out during a round")
        if self._uniform_next >= len(self._uniforms):
            self._uniforms = self._generator.random(4096).tolist()
            self._uniform_next = 0
        pick = self._position + int(self._uniforms[self._uniform_next] * (size - self._position))
        self._uniform_next += 1
        order = self._order
        order[self._position], order[pick] = order[pick], order[self._position]
        card = _CARD_BY_INDEX[order[self._position]]
        self._position += 1
        return card

    def draw(self) -> Card:
        """The next card out of the shoe; raises :class:`ShoeExhausted` past the last card."""
        if self.spec.shuffler == Shuffler.CONTINUOUS:
            return self._draw_continuous()
        if self._position >= len(self._order):
            self._shuffle_discards()
        card = _CARD_BY_INDEX[self._order[self._position]]
        self._position += 1
        if self._position >= self._cover_position:
            # The cover card sits behind this card; the round in progress is completed (§ 686a.7(d)).
            self.cover_card_out = True
        return card

    def draw_indices(self, count: int) -> list[int]:
        """The indices of the next ``count`` cards, dealt as ``count`` calls of :meth:`draw` deal them: one slice of
        the shoe where it holds them all (a Pai Gow round's 49 cards), else card by card."""
        start = self._position
        stop = start + count
        if self.spec.shuffler == Shuffler.CONTINUOUS or stop > len(self._order):
            return [self.draw().index for _ in range(count)]
        self._position = stop
        if stop >= self._cover_position:
            # The cover card came out with one of these cards (see draw).
            self.cover_card_out = True
        return self._order[start:stop]

    def _shuffle_discards(self) -> None:
        # § 686a.9(b) (§ 633a.14(f), § 685a.12(e)): the shoe ran out during a round; the discard rack (everything
        # dealt before this round began, burn card included) is shuffled and cut, one card is burnt, and the round
        # goes on from it. The round's own cards stay on the table; the cover card is already out, so the next round
        # starts a new shoe.
        discards = self._order[: self._round_start]
        if len(discards) <= self.spec.burn_cards:
            raise ShoeExhausted(f"the shoe of {len(self._order)} cards and its discard rack ran out during a round")
        order = self._generator.permutation(np.array(discards, dtype=np.int16)).tolist()
        if len(order) > 2 * CUT_MARGIN_CARDS:
            cut = int(self._generator.integers(CUT_MARGIN_CARDS, len(order) - CUT_MARGIN_CARDS + 1))
            order = order[cut:] + order[:cut]
        self._order = order
        self._position = self.spec.burn_cards
        self._round_start = self._position  # only the new burn card is in the rack now
        self.cover_card_out = True
        self.discard_reshuffles += 1

    def roll_dice(self, dice: int, sides: int = 6) -> int:
        """The total of ``dice`` fair dice from the shoe's generator: a Pai Gow shaker's starting position
        (§ 688a.5(i)(1)), kept on the seeded stream so a chunk's rounds stay reproducible."""
        return int(self._generator.integers(1, sides + 1, size=dice).sum())

    @property
    def cards_dealt(self) -> int:
        """Cards out of the current shoe, the burn card included."""
        return self._position

    @property
    def cover_position(self) -> int:
        """Cards in front of the cover card in the current shoe (the burn card included)."""
        return self._cover_position
