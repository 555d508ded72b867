"""The verdict each of the Board's published 688a figures must reach in the reconciliation
(``tests/checker/test_reconciliation.py`` reads ``EXPECTED_VERDICTS`` of every chapter that has one).

Figure id → (verdict, how it was derived). The exact figures are the ones the chapter tests pin by their own
enumerations; each verdict follows from them by the arithmetic written beside it (rounding at the Board's places,
two standard errors 2·sd/sqrt(n), the long run's slope of one point per point of rate), not from pacomply's output.
"""

from __future__ import annotations

from pacomply.checker.reconciliation import Verdict

EXPECTED_VERDICTS: dict[str, tuple[Verdict, str]] = {
    "688a-base": (
        Verdict.SIMULATION,
        "pacomply's figure is simulated at 2 x 10^8 rounds: 98.434 %, standard error 0.72 / sqrt(2e8) = 0.0051 "
        "points, so 98.404 (0.030 below) is outside its interval; a Board simulation of n rounds with the same sd "
        "0.72 keeps the gap within two standard errors of the difference, 2 sqrt(0.72^2 / n + 0.000051^2), up to "
        "n = 0.72^2 / (0.000151^2 - 0.000051^2), about 2.6e7 rounds, above the 10^7 floor",
    ),
    **{
        f"688a-ace-high-{n}": (
            Verdict.SIMULATION,
            "exact 96.4102, 95.2095, 94.1498, 93.1247, 92.6231 % are 0.015 to 0.024 points below the Board's; with "
            "sd 3.2 to 4.3 each gap is within two standard errors up to about 1.2e9 to 1.9e9 rounds",
        )
        for n in range(1, 6)
    },
    **{
        f"688a-fortune-{n}": (
            Verdict.UNEXPLAINED,
            "exact 91.87, 92.10, 92.04, 91.38, 90.41, 92.04 % without Envy; the Board's six sit +2.072, +2.047, "
            "+2.059, +2.031, +2.205, +2.059 points above them (mean +2.08, sd 0.06), while one other player's Envy "
            "adds 0.54 to 1.07 points by paytable: no one count of other players (0 to 5, with or without the "
            "pays-most reading: 12 assumption sets) brings all six within reach of a 10^7-round simulation at once, "
            "and paytables 3 and 6 share one exact figure and one Board figure while their Envy tables differ",
        )
        for n in range(1, 7)
    },
    **{
        f"688a-progressive-{n}": (
            Verdict.REPRODUCED,
            "long run = fixed pays + P(meter-resetting hand) x seed + the printed rate of progression, from the exact "
            "hand probabilities, rounds to the Board's figure",
        )
        for n in (1, 2, 3, 5)
    },
    "688a-progressive-4": (
        Verdict.REPRODUCED_UNDER_READING,
        "long run 87.342 % with the 1 % reserve; + a straight holding three of a kind paid as trips + one other "
        "player's Envy (per $5) adds 4.5945 points: 91.93652 % rounds to 91.937; no single reading reaches it",
    ),
    "688a-progressive-6": (
        Verdict.IMPLIED_PARAMETER,
        "long run 47.349 % at the printed 17 %; the long run rises one point per point of rate, so 75.349 needs "
        "17 + 28.0 = 45 %, a round rate, whose long run 75.3485 % rounds to 75.349",
    ),
    "688a-progressive-7": (
        Verdict.UNEXPLAINED,
        "long run 56.201 % at the printed rate: 19.5454 points short, which would need a rate 19.545 points "
        "higher (no whole or half percent within 0.0005 of it)",
    ),
}

#: The figures (by id prefix) whose reconciliation needs the simulated base game: run with ``-m slow``.
SLOW_PREFIXES: tuple[str, ...] = ("688a-base",)
