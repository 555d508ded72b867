"""The verdict each of the Board's published 685a figures must reach in the reconciliation
(``tests/checker/test_reconciliation.py`` reads ``EXPECTED_VERDICTS`` of every chapter that has one).

Figure id → (verdict, how it was derived). The exact figures are the ones the chapter tests pin by their own
enumerations; each verdict follows from them by the arithmetic written beside it (rounding at the Board's places,
two standard errors 2·sd/sqrt(n), the long run's slope of one point per point of rate), not from pacomply's output.
"""

from __future__ import annotations

from pacomply.checker.reconciliation import Verdict

EXPECTED_VERDICTS: dict[str, tuple[Verdict, str]] = {
    "685a-match-the-dealer-low": (Verdict.REPRODUCED, "8 decks: hold 3.6738 % rounds to 3.67"),
    "685a-match-the-dealer-high": (Verdict.REPRODUCED, "6 decks: hold 4.0618 % rounds to 4.06"),
    "685a-base-low": (
        Verdict.REPRODUCED_UNDER_READING,
        "as the chapter counts the ace the hold is at most 0.06 %, with a conventional dealer ace 0.3822 % (6 decks) "
        "and 0.4127 % (8 decks) per initial wager; without doubling after a split and with a conventional ace the "
        "element of risk is 0.4303 % at 4 decks (tests/chapter_685a pin it against a seeded simulation): 0.43",
    ),
    "685a-base-high": (
        Verdict.REPRODUCED_UNDER_READING,
        "the same rules at 6 decks: element of risk 0.4873 %, which rounds to 0.49 (8 decks: 0.5143 %, outside the "
        "Board's range)",
    ),
}

#: The figures (by id prefix) whose reconciliation needs the blackjack base game: run with ``-m slow``.
SLOW_PREFIXES: tuple[str, ...] = ("685a-base",)
