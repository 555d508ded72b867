"""Fixtures for the evaluator tests; puts this folder on ``sys.path`` for ``reference`` and ``evaluator_support``."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

# reference.py and evaluator_support.py sit beside the tests, imported as plain modules (no __init__ files).
sys.path.insert(0, str(Path(__file__).parent))


@pytest.fixture(scope="session")
def random_generator() -> np.random.Generator:
    return np.random.default_rng(20240603)
