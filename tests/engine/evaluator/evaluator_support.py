"""Helpers shared by the evaluator tests (a uniquely named module: ``conftest`` names clash across folders)."""

from __future__ import annotations

import numpy as np
from pacomply.engine.cards import Card


def parse(text: str) -> list[int]:
    """'Ah Kh JK' -> engine card indices."""
    return [Card.parse(token).index for token in text.split()]


def random_hands(generator: np.random.Generator, count: int, size: int, deck_size: int) -> np.ndarray:
    """``count`` hands of ``size`` distinct cards from indices ``0..deck_size-1``."""
    keys = generator.random((count, deck_size))
    return np.argsort(keys, axis=1)[:, :size].astype(np.uint8)
