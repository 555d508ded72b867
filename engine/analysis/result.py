"""The engine's answer for one wager: exact figures or a simulation's estimate with its interval."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction


@dataclass(frozen=True, slots=True)
class Distribution:
    """A finite distribution of the player's net result per unit of the initial wager."""

    outcomes: tuple[tuple[Fraction, Fraction], ...]
    """(net result, probability) pairs; probabilities sum to 1."""

    def __post_init__(self) -> None:
        total = sum(probability for _, probability in self.outcomes)
        if total != 1:
            raise ValueError(f"probabilities sum to {total}, not 1")

    @property
    def mean(self) -> Fraction:
        """Expected net result."""
        return sum((net * probability for net, probability in self.outcomes), Fraction(0))

    @property
    def variance(self) -> Fraction:
        """Variance of the net result."""
        mean = self.mean
        return sum(((net - mean) ** 2 * probability for net, probability in self.outcomes), Fraction(0))

    @property
    def std_dev(self) -> float:
        """Standard deviation of the net result."""
        return math.sqrt(self.variance)

    @property
    def hit_frequency(self) -> Fraction:
        """Probability the player ends ahead."""
        return sum((probability for net, probability in self.outcomes if net > 0), Fraction(0))


@dataclass(frozen=True, slots=True)
class WagerAnalysis:
    """House edge and friends for one wager at one deck count, as the engine computed them."""

    house_edge: float
    element_of_risk: float
    hit_frequency: float
    std_dev: float
    method: str
    rounds: int | None = None
    ci95: tuple[float, float] | None = None
    exact_house_edge: Fraction | None = None
    """The exact rational, when the method is exact."""
    strategy: tuple[tuple[str, str], ...] = field(default_factory=tuple)
    """The optimal decisions in a compact human form, e.g. (('first card 2-7', 'under'), ...)."""

    @property
    def return_(self) -> float:
        """1 − element of risk (docs/math.md)."""
        return 1.0 - self.element_of_risk

    @classmethod
    def from_distribution(
        cls,
        distribution: Distribution,
        wagered: Fraction = Fraction(1),
        strategy: tuple[tuple[str, str], ...] = (),
    ) -> WagerAnalysis:
        """The exact figures of a wager whose net result per unit of the initial wager is ``distribution``: the house
        edge is minus its mean, the element of risk that edge over ``wagered``, the average amount wagered per unit
        of the initial wager (1 where nothing more is ever wagered: then the two are equal; docs/math.md)."""
        house_edge = -distribution.mean
        return cls(
            house_edge=float(house_edge),
            element_of_risk=float(house_edge / wagered),
            hit_frequency=float(distribution.hit_frequency),
            std_dev=distribution.std_dev,
            method="exact",
            exact_house_edge=house_edge,
            strategy=tuple(strategy),
        )
