"""The verdict each of the Board's published 687a figures must reach in the reconciliation
(``tests/checker/test_reconciliation.py`` reads ``EXPECTED_VERDICTS`` of every chapter that has one).

Figure id → (verdict, how it was derived). The exact figures are the ones the chapter tests pin by their own
enumerations; each verdict follows from them by the arithmetic written beside it (rounding at the Board's places,
two standard errors 2·sd/sqrt(n), the long run's slope of one point per point of rate), not from pacomply's output.
"""

from __future__ import annotations

from pacomply.checker.reconciliation import Verdict

EXPECTED_VERDICTS: dict[str, tuple[Verdict, str]] = {
    "687a-base": (
        Verdict.SIMULATION,
        "per total wagered 98.9761 % is 0.0139 points below 98.99; the base game's sd per Ante (3.4442) divided by "
        "the mean wagered per Ante (3.3866) is 1.0170 per unit wagered, which keeps that gap within two standard "
        "errors up to (2 x 1.0170 / 0.000139)^2 = 2.1e8 rounds",
    ),
    "687a-trips-DJWT-04": (
        Verdict.MISPRINT,
        "exact 93.8431 % rounds to 93.843; the Board's 98.843 differs in the units digit only while DJWT-05, -06 "
        "reproduce and -07 reproduces under a reading",
    ),
    "687a-trips-DJWT-05": (Verdict.REPRODUCED, "exact 92.4743 % rounds to 92.474"),
    "687a-trips-DJWT-06": (Verdict.REPRODUCED, "exact 92.3384 % rounds to 92.338"),
    "687a-trips-DJWT-07": (
        Verdict.REPRODUCED_UNDER_READING,
        "as printed 68.1472 %; with the Three of a Kind row of DJWT-04 to -06 (6 to 1 natural, 1 to 1 with wild) "
        "91.4540 % rounds to 91.454",
    ),
    "687a-bad-beat-1": (
        Verdict.UNDECIDABLE,
        "four figures, two printed paytables (DJWBB-03, -04): one figure each; 86.8 and 87.682 are farther from "
        "both (0.5 and 1.4 points) than 85.904 and 85.848 (0.12 and 0.13 points), so these two are for paytables "
        "the chapter does not print",
    ),
    "687a-bad-beat-2": (Verdict.UNDECIDABLE, "as 687a-bad-beat-1"),
    "687a-bad-beat-3": (
        Verdict.SIMULATION,
        "DJWBB-03 two-way 86.0251 %, 0.121 points above 85.904; its own sd 6.63 (second moment of odds+1 over the "
        "paid pairs) gives two standard errors >= 0.121 points up to (2 x 6.63 / 0.00121)^2 = 1.2e8 rounds",
    ),
    "687a-bad-beat-4": (
        Verdict.SIMULATION,
        "DJWBB-04 two-way 85.9802 %, 0.132 points above 85.848; sd 6.61: up to 1.0e8 rounds",
    ),
    "687a-progressive": (
        Verdict.UNDECIDABLE,
        "the chapter prints no rate of progression, so no long run can be priced from it; only the rate that "
        "returns 77 % is solved",
    ),
}

#: The figures (by id prefix) whose reconciliation needs the long Bad Beat enumeration: run with ``-m slow``.
SLOW_PREFIXES: tuple[str, ...] = ("687a-bad-beat",)
