"""The verdict each of the Board's published 633a figures must reach in the reconciliation
(``tests/checker/test_reconciliation.py`` reads ``EXPECTED_VERDICTS`` of every chapter that has one).

Figure id → (verdict, how it was derived). The exact figures are the ones the chapter tests pin by their own
enumerations; each verdict follows from them by the arithmetic written beside it (rounding at the Board's places,
two standard errors 2·sd/sqrt(n), the long run's slope of one point per point of rate), not from pacomply's output.
"""

from __future__ import annotations

from pacomply.checker.reconciliation import Verdict

EXPECTED_VERDICTS: dict[str, tuple[Verdict, str]] = {
    "633a-base-low": (
        Verdict.REPRODUCED_UNDER_READING,
        "basic strategy house edge 0.3561 % at 8 decks (the largest) rounds to 0.356, not 0.355; composition-"
        "dependent optimal play at 8 decks gives 0.3552 %, which does",
    ),
    "633a-base-high": (
        Verdict.SIMULATION,
        "no deck count reaches 0.371 under either strategy (8 decks, the most, gives 0.3561 %), nor any of the 39 "
        "sets of rule readings at 6 or 8 decks (split to 4, 3 or 2 hands, resplit aces, no doubling after a split, "
        "no surrender, hit soft 17, alone and combined; the nearest is 8 decks split to 3 hands, 0.364 %); the "
        "8-deck figure is 0.0149 points below the Board's, and a blackjack round's sd of about 1.14 (the simulated "
        "spread) keeps that gap within two standard errors up to (2 x 1.14 / 0.000149)^2 = 2.3e8 rounds, above "
        "the 10^7 floor",
    ),
    "633a-rule-hit-soft-17": (
        Verdict.REPRODUCED_UNDER_READING,
        "hitting soft 17 adds 0.17 to 0.20 points on the chapter's rules; on a base without doubling after a split "
        "and without surrender it adds 0.2167 points at 8 decks (0.7899 % - 0.5732 %, basic strategy): 0.22",
    ),
    "633a-rule-no-surrender": (Verdict.REPRODUCED, "removing surrender adds 0.0759 points at 8 decks: 0.08"),
    "633a-rule-six-to-five": (
        Verdict.REPRODUCED_UNDER_READING,
        "6 to 5 adds 1.3948 points at 1 deck (1.39) but 1.3580 at 8 decks (1.36), the deck count at which the set's "
        "other figures reproduce (base-low, hit soft 17, no surrender): 1 deck is a reading, and the set inconsistent",
    ),
}

#: The figures (by id prefix) whose reconciliation needs the blackjack base games: run with ``-m slow``.
SLOW_PREFIXES: tuple[str, ...] = ("633a-",)
