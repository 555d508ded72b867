"""What validate and replay print: every filing's findings when several are checked in text, and money in dollars
and cents (text and JSON) with replay's columns in line however long a wager's name."""

from __future__ import annotations

import json
import re
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from pacomply.checker.review import review_filing
from pacomply.engine.replay import replay_round
from pacomply.reports.content import finding_message
from pacomply.submissions import read_filing
from typer.testing import CliRunner

from pacomply.cli import app
from pacomply.terminal import Verbosity as _Verbosity

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
ROUNDS = EXAMPLES / "rounds"


@pytest.fixture(autouse=True)
def normal_verbosity() -> None:
    _Verbosity.level = 1


def run(*arguments: str):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(app, list(arguments), env={"COLUMNS": "120"})


def test_validate_several_filings_in_text_prints_every_filings_findings_then_the_table() -> None:
    names = ("686a-violations.json", "687a-violations.json")
    result = run("validate", *(str(EXAMPLES / name) for name in names))
    assert result.exit_code == 1
    text = result.stdout
    for name in names:
        review = review_filing(read_filing(EXAMPLES / name))
        assert f"review of {name}" in text
        assert f"VERDICT: {'compliant' if review.compliant else 'not compliant'} — " in text
        for finding in review.findings:
            assert f"{finding.rule_id}" in text and finding_message(finding) in text, finding.message
    # Each filing's report, then the summary table after all of them.
    assert text.index("review of 687a-violations.json") > text.index("review of 686a-violations.json")
    assert text.index("pacomply validate") > text.index("review of 687a-violations.json")
    assert "2 filings: 0 compliant, 2 not compliant, 0 unreadable" in text


def _cents(value: Fraction) -> str:
    """An independent conversion: exact fractions of a dollar as a two-place decimal string."""
    return str((Decimal(value.numerator) / Decimal(value.denominator)).quantize(Decimal("0.01")))


@pytest.mark.parametrize("round_file", sorted(ROUNDS.glob("*.json")), ids=lambda path: path.stem)
def test_replay_json_gives_money_as_decimal_strings(round_file: Path) -> None:
    data = json.loads(round_file.read_text(encoding="utf-8"))
    result = run("replay", str(round_file), "-f", "json")
    if result.exit_code == 2:  # a round the examples keep to show a refusal
        return
    settled = json.loads(result.stdout)
    expected = replay_round(data)
    for shown, settlement in zip(settled["settlements"], expected.settlements, strict=True):
        assert re.fullmatch(r"-?\d+\.\d\d", shown["amount"]) and re.fullmatch(r"-?\d+\.\d\d", shown["net"]), shown
        assert shown["amount"] == _cents(Fraction(settlement.amount))
        assert shown["net"] == _cents(Fraction(settlement.net))
    assert settled["net"] == _cents(Fraction(expected.net))


def test_replay_text_shows_dollars_and_cents_in_aligned_columns() -> None:
    """The 645a round pays 95/4 = 23.75 net on a 25 base wager and names a wager 'seat 1 progressive'."""
    result = run("replay", str(ROUNDS / "645a-round.json"))
    assert result.exit_code == 0
    lines = [line for line in result.stdout.splitlines() if line.startswith("  ") and "58 Pa. Code" in line]
    assert any(line.startswith("  seat 1 progressive") for line in lines)
    assert "+$23.75" in result.stdout and "95/4" not in result.stdout.split("58 Pa. Code")[0]
    assert not re.search(r"[+-]?\d+/\d+\s+58 Pa\. Code", result.stdout)  # no fraction in the money columns
    # The citation starts at the same column on every row: long wager names do not push it out of line.
    assert len({line.index("58 Pa. Code") for line in lines}) == 1
    net = result.stdout.splitlines()[-1]
    expected = replay_round(json.loads((ROUNDS / "645a-round.json").read_text(encoding="utf-8"))).net
    assert net.strip() == f"net +${Decimal(_cents(Fraction(expected))):,.2f}"


def test_replay_explanations_show_amounts_in_dollars_and_cents_never_as_fractions() -> None:
    """§ 645a.13(a): the 5 % vigorish on the 645a round's 25 win is 5/4 of a dollar. The explanation beside the
    settlement says "$1.25", as the money columns do, not the exact fraction "$5/4" the engine settles with."""
    result = run("replay", str(ROUNDS / "645a-round.json"))
    assert result.exit_code == 0
    assert "less $1.25 vigorish" in result.stdout
    assert not re.search(r"\$-?[\d,]+/\d+", result.stdout)


def test_money_text_writes_whole_dollars_plain_and_other_amounts_in_cents() -> None:
    """The engine's one way to put an amount inside an explanation."""
    from pacomply.engine.settlement import dollars, money_text

    assert money_text(Fraction(5, 4)) == "$1.25"
    assert money_text(Fraction(-5, 4)) == "-$1.25"
    assert money_text(1000) == "$1,000"
    assert money_text(Fraction(1, 3)) == "$0.33"
    assert dollars(Fraction(-1, 4)) == "-0.25"
