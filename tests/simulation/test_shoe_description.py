"""The shoe's one-line description, printed by ``simulate`` in text and JSON: counts agree with their nouns ('1 deck
with 1 joker each', never '1 decks with 1 joker(s) each') and a percentage is written as every report writes one
('75 %', a range '60 % to 75 %')."""

from __future__ import annotations

import pytest
from pacomply.engine.simulation.shoe import ShoeSpec
from pacomply.regulations.rulebook import Shuffler


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        (
            ShoeSpec(decks=1, jokers_per_deck=1),
            "1 deck with 1 joker each, hand shuffle, cover card at 75 % of the stack, burn 1",
        ),
        (ShoeSpec(decks=6), "6 decks, hand shuffle, cover card at 75 % of the stack, burn 1"),
        (
            ShoeSpec(decks=6, shuffler=Shuffler.AUTOMATED, batches=2, penetration_min=0.6, penetration_max=0.75),
            "6 decks, automated shuffler, 2 batches alternating, cover card at 60 % to 75 % of the stack, burn 1",
        ),
        (
            ShoeSpec(decks=2, jokers_per_deck=2, shuffler=Shuffler.CONTINUOUS),
            "2 decks with 2 jokers each, continuous shuffler (every round from the whole batch)",
        ),
    ],
)
def test_the_shoe_description_agrees_in_number_and_writes_percentages_as_the_reports_do(
    spec: ShoeSpec, expected: str
) -> None:
    assert spec.describe() == expected
