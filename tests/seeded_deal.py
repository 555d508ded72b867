"""Seeded deals for the tests that check a figure against dealt hands: each round a shuffle of the deck (the order of
one uniform key per card), drawn a chunk of rounds at a time.

The keys come from the one generator in the same sequence however many rounds are drawn at once, so the deal is the
same for any chunk size; a chunk keeps a large deal's keys and their sort (53 float64 and 53 int64 per round, 850 MB
for a million rounds at once) to a few tens of MB in a test worker."""

from __future__ import annotations

import numpy as np

#: Rounds shuffled at a time.
CHUNK_ROUNDS = 100_000


def first_cards(generator: np.random.Generator, rounds: int, cards: int, deck_size: int = 53) -> np.ndarray:
    """The first ``cards`` cards of each of ``rounds`` shuffles, as a (rounds, cards) array of uint8 card indices."""
    dealt = np.empty((rounds, cards), dtype=np.uint8)
    for start in range(0, rounds, CHUNK_ROUNDS):
        stop = min(start + CHUNK_ROUNDS, rounds)
        dealt[start:stop] = np.argsort(generator.random((stop - start, deck_size)), axis=1)[:, :cards]
    return dealt
