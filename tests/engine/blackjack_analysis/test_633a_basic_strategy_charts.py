"""633a basic strategy charts against the published Wizard of Odds basic strategy charts.

Source: Wizard of Odds "Blackjack Basic Strategy Calculator" charts (https://wizardofodds.com/games/blackjack/strategy/calculator/,
M. Shackleford) for 1 deck, 2 decks and 4+ decks, dealer stands / hits soft 17, double after split, late surrender,
peek. We took the charts as transcribed in a public project that tests against them (an engine.test.mjs "WIZARD"
table: rows hard 5-21, soft 13-21, pairs 2,2..A,A; columns 2..A; codes DH double else hit, DS double else stand,
QH/QD/QS split if DAS allowed, RH/RS/RP surrender if allowed); only the ten peek columns are used here. The 4+
deck charts are compared with our six-deck tables. Every cell must match.
"""

from __future__ import annotations

import pytest
from pacomply.engine.analysis.blackjack import BlackjackRules, analyse

PUBLISHED = {
    "1d-s17": (
        "H H H H H H H H H H",
        "H H H H H H H H H H",
        "H H H H H H H H H H",
        "H H H DH DH H H H H H",
        "DH DH DH DH DH H H H H H",
        "DH DH DH DH DH DH DH DH H H",
        "DH DH DH DH DH DH DH DH DH DH",
        "H H S S S H H H H H",
        "S S S S S H H H H H",
        "S S S S S H H H H H",
        "S S S S S H H H H H",
        "S S S S S H H H RH RH",
        "S S S S S S S S S S",
        "S S S S S S S S S S",
        "S S S S S S S S S S",
        "S S S S S S S S S S",
        "S S S S S S S S S S",
        "H H DH DH DH H H H H H",
        "H H DH DH DH H H H H H",
        "H H DH DH DH H H H H H",
        "H H DH DH DH H H H H H",
        "DH DH DH DH DH H H H H H",
        "S DS DS DS DS S S H H S",
        "S S S S DS S S S S S",
        "S S S S S S S S S S",
        "S S S S S S S S S S",
        "QH P P P P P H H H H",
        "QH QH P P P P QH H H H",
        "H H QH QD QD H H H H H",
        "DH DH DH DH DH DH DH DH H H",
        "P P P P P QH H H H H",
        "P P P P P P QH H RS H",
        "P P P P P P P P P P",
        "P P P P P S P P S S",
        "S S S S S S S S S S",
        "P P P P P P P P P P",
    ),
    "2d-s17": (
        "H H H H H H H H H H",
        "H H H H H H H H H H",
        "H H H H H H H H H H",
        "H H H H H H H H H H",
        "DH DH DH DH DH H H H H H",
        "DH DH DH DH DH DH DH DH H H",
        "DH DH DH DH DH DH DH DH DH DH",
        "H H S S S H H H H H",
        "S S S S S H H H H H",
        "S S S S S H H H H H",
        "S S S S S H H H RH H",
        "S S S S S H H H RH RH",
        "S S S S S S S S S S",
        "S S S S S S S S S S",
        "S S S S S S S S S S",
        "S S S S S S S S S S",
        "S S S S S S S S S S",
        "H H H DH DH H H H H H",
        "H H H DH DH H H H H H",
        "H H DH DH DH H H H H H",
        "H H DH DH DH H H H H H",
        "H DH DH DH DH H H H H H",
        "S DS DS DS DS S S H H H",
        "S S S S S S S S S S",
        "S S S S S S S S S S",
        "S S S S S S S S S S",
        "QH QH P P P P H H H H",
        "QH QH P P P P H H H H",
        "H H H QH QH H H H H H",
        "DH DH DH DH DH DH DH DH H H",
        "P P P P P QH H H H H",
        "P P P P P P QH H H H",
        "P P P P P P P P P P",
        "P P P P P S P P S S",
        "S S S S S S S S S S",
        "P P P P P P P P P P",
    ),
    "4plus-s17": (
        "H H H H H H H H H H",
        "H H H H H H H H H H",
        "H H H H H H H H H H",
        "H H H H H H H H H H",
        "H DH DH DH DH H H H H H",
        "DH DH DH DH DH DH DH DH H H",
        "DH DH DH DH DH DH DH DH DH H",
        "H H S S S H H H H H",
        "S S S S S H H H H H",
        "S S S S S H H H H H",
        "S S S S S H H H RH H",
        "S S S S S H H RH RH RH",
        "S S S S S S S S S S",
        "S S S S S S S S S S",
        "S S S S S S S S S S",
        "S S S S S S S S S S",
        "S S S S S S S S S S",
        "H H H DH DH H H H H H",
        "H H H DH DH H H H H H",
        "H H DH DH DH H H H H H",
        "H H DH DH DH H H H H H",
        "H DH DH DH DH H H H H H",
        "S DS DS DS DS S S H H H",
        "S S S S S S S S S S",
        "S S S S S S S S S S",
        "S S S S S S S S S S",
        "QH QH P P P P H H H H",
        "QH QH P P P P H H H H",
        "H H H QH QH H H H H H",
        "DH DH DH DH DH DH DH DH H H",
        "QH P P P P H H H H H",
        "P P P P P P H H H H",
        "P P P P P P P P P P",
        "P P P P P S P P S S",
        "S S S S S S S S S S",
        "P P P P P P P P P P",
    ),
    "4plus-h17": (
        "H H H H H H H H H H",
        "H H H H H H H H H H",
        "H H H H H H H H H H",
        "H H H H H H H H H H",
        "H DH DH DH DH H H H H H",
        "DH DH DH DH DH DH DH DH H H",
        "DH DH DH DH DH DH DH DH DH DH",
        "H H S S S H H H H H",
        "S S S S S H H H H H",
        "S S S S S H H H H H",
        "S S S S S H H H RH RH",
        "S S S S S H H RH RH RH",
        "S S S S S S S S S RS",
        "S S S S S S S S S S",
        "S S S S S S S S S S",
        "S S S S S S S S S S",
        "S S S S S S S S S S",
        "H H H DH DH H H H H H",
        "H H H DH DH H H H H H",
        "H H DH DH DH H H H H H",
        "H H DH DH DH H H H H H",
        "H DH DH DH DH H H H H H",
        "DS DS DS DS DS S S H H H",
        "S S S S DS S S S S S",
        "S S S S S S S S S S",
        "S S S S S S S S S S",
        "QH QH P P P P H H H H",
        "QH QH P P P P H H H H",
        "H H H QH QH H H H H H",
        "DH DH DH DH DH DH DH DH H H",
        "QH P P P P H H H H H",
        "P P P P P P H H H H",
        "P P P P P P P P P RP",
        "P P P P P S P P S S",
        "S S S S S S S S S S",
        "P P P P P P P P P P",
    ),
}
ROW_LABELS = (
    [f"hard {t}" for t in range(5, 22)] + [f"soft {t}" for t in range(13, 22)] + [f"{p},{p}" for p in "23456789TA"]
)
# The published code for a cell, in our vocabulary, when doubling after a split and late surrender are allowed:
# (action in the hard/soft/pairs chart, whether the surrender chart says R).
OUR_CODE = {"DH": "D", "DS": "Ds", "QH": "P", "QD": "P", "QS": "P", "RH": "H", "RS": "S", "RP": "P"}


@pytest.mark.parametrize(
    ("chart", "rules"),
    [
        ("1d-s17", BlackjackRules(decks=1)),
        ("2d-s17", BlackjackRules(decks=2)),
        ("4plus-s17", BlackjackRules(decks=6)),
        ("4plus-h17", BlackjackRules(decks=6, dealer_hits_soft_17=True)),
    ],
)
def test_633a_basic_strategy_charts_match_the_published_charts_cell_for_cell(chart, rules):
    tables = analyse(rules, "basic").tables
    ours = dict(tables.hard.rows) | dict(tables.soft.rows) | dict(tables.pairs.rows)
    surrender = dict(tables.surrender.rows)
    mismatches = []
    compared = 0
    for label, row in zip(ROW_LABELS, PUBLISHED[chart], strict=True):
        if label not in ours:
            continue  # hard 4, hard 20, hard 21, soft 21 and soft 12 are pairs or Blackjacks: no two-card row
        for column, code in enumerate(row.split()):
            compared += 1
            action = ours[label][column]
            surrendered = surrender.get(label, ("-",) * 10)[column] == "R"
            if action != OUR_CODE.get(code, code) or surrendered != code.startswith("R"):
                up = tables.hard.columns[column]
                mismatches.append(f"{label} v {up}: ours {action}/{surrendered}, published {code}")
    assert compared == 33 * 10  # hard 5-19, soft 13-20 and ten pairs
    assert mismatches == []
