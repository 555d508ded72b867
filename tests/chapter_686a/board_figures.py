"""The verdict each of the Board's published 686a figures must reach in the reconciliation
(``tests/checker/test_reconciliation.py`` reads ``EXPECTED_VERDICTS`` of every chapter that has one).

Figure id → (verdict, how it was derived). The exact figures are the ones the chapter tests pin by their own
enumerations; each verdict follows from them by the arithmetic written beside it (rounding at the Board's places,
two standard errors 2·sd/sqrt(n), the long run's slope of one point per point of rate), not from pacomply's output.
"""

from __future__ import annotations

from pacomply.checker.reconciliation import Verdict

EXPECTED_VERDICTS: dict[str, tuple[Verdict, str]] = {
    "686a-required": (
        Verdict.REPRODUCED,
        "return per total wagered 98.9502 % (1 - element of risk 1.0498 %) rounds to 98.95",
    ),
    "686a-bonus": (
        Verdict.SIMULATION,
        "exact 94.3948 %, 0.0018 points above 94.393 (last digit: no misprint); the Bonus's sd 2.34 (its three-card "
        "total distribution) gives two standard errors >= 0.0018 points up to (2 x 2.34 / 0.0000177)^2 = 7e10 rounds, "
        "far above 10^7",
    ),
}
