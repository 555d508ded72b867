"""Seeded Monte Carlo: the cross-check of every exact figure, and the fallback where enumeration is out of reach."""

from __future__ import annotations

import math
from dataclasses import dataclass

Z_95 = 1.959963984540054


@dataclass(frozen=True, slots=True)
class SimulationResult:
    """Mean net result per unit of the initial wager, with its 95 % interval."""

    rounds: int
    mean: float
    std_dev: float
    wagered_per_round: float
    hit_frequency: float
    round_standard_error: float | None = None
    """The standard error computed from whole table rounds, when several hands of a round share cards (seats
    against one dealer, every seat on the same Banker hand); None when the hands are independent."""

    @property
    def standard_error(self) -> float:
        """Standard error of the mean: from whole rounds where hands share cards, else std_dev / √rounds."""
        if self.round_standard_error is not None:
            return self.round_standard_error
        return self.std_dev / math.sqrt(self.rounds)

    @property
    def house_edge(self) -> float:
        """−mean."""
        return -self.mean

    @property
    def ci95(self) -> tuple[float, float]:
        """95 % interval of the house edge."""
        half_width = Z_95 * self.standard_error
        return (self.house_edge - half_width, self.house_edge + half_width)
