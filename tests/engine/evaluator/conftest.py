"""Shared fixtures for the evaluator tests: card helpers and seeded random hands."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

# reference.py sits beside the tests and is imported as a plain module (no __init__ files in tests/).
sys.path.insert(0, str(Path(__file__).parent))


def parse(text: str) -> list[int]:
    """'Ah Kh JK' -> engine card indices."""
    from engine.cards import Card

    return [Card.parse(token).index for token in text.split()]


@pytest.fixture(scope="session")
def random_generator() -> np.random.Generator:
    return np.random.default_rng(20240603)


def random_hands(generator: np.random.Generator, count: int, size: int, deck_size: int) -> np.ndarray:
    """``count`` hands of ``size`` distinct cards from indices ``0..deck_size-1``."""
    keys = generator.random((count, deck_size))
    return np.argsort(keys, axis=1)[:, :size].astype(np.uint8)
