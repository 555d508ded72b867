"""Odds are written as the chapters write them: "5 to 2", never "5/2" (Royal Match 21 Paytables C and D pay a
suited match 5 to 2, § 633a.13(f)(2))."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

from pacomply.engine.replay import replay_round
from pacomply.regulations.chapter_633a import RULEBOOK
from pacomply.regulations.rulebook import PayoutKind, PaytableRow, odds_text

ROOT = Path(__file__).resolve().parents[2]
FRACTION = re.compile(r"\d/\d")


def test_633a_13_f_2_suited_match_paytable_row_reads_5_to_2() -> None:
    for paytable in ("C", "D"):
        row = RULEBOOK.paytable("royal_match", paytable).pays("suited match")
        assert row.amount == Fraction(5, 2)
        assert row.payout_text() == "5 to 2"


def test_633a_13_f_2_replay_explains_a_suited_match_as_5_to_2() -> None:
    # 8s 8s under Paytable C: a suited match, not a royal match (§ 633a.7(g)(4)).
    data = json.loads((ROOT / "examples" / "rounds" / "633a-split-double-side-wagers.json").read_text("utf-8"))
    result = replay_round(data)
    (royal,) = [settlement for settlement in result.settlements if settlement.wager == "royal_match"]
    assert royal.explanation == "suited match pays 5 to 2"
    assert all(not FRACTION.search(settlement.explanation) for settlement in result.settlements)


def test_odds_text_and_fixed_amounts_never_write_a_fraction() -> None:
    assert odds_text(Fraction(5, 2)) == "5 to 2"
    assert odds_text(Fraction(1, 2)) == "1 to 2"
    assert odds_text(25) == "25 to 1"
    assert PaytableRow("straight", PayoutKind.FIXED_AMOUNT, Fraction(15, 2)).payout_text() == "$7.50"
    assert PaytableRow("top", PayoutKind.METER_PERCENT, Fraction(25, 2)).payout_text() == "12.5% of meter"


def test_engine_games_write_odds_through_odds_text() -> None:
    # A Fraction put straight into an explanation prints as 5/2: every "... to 1" goes through odds_text.
    for source in sorted((ROOT / "engine" / "games").glob("*.py")):
        text = source.read_text("utf-8")
        assert re.findall(r"\{[a-z_.]+\} to 1", text) == [], source.name
        assert re.findall(r"nets \{", text) == [], source.name
