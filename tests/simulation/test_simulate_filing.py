"""``pacomply simulate CHAPTER --filing F``: the meters run at the reset and rate the filing states, cell by cell.

The bundled 645a example files its Progressive's initial and reset amount as $2,500 (sheet 645a, answer
progressive_reset); the 633a example files Bad Beat at $5,000 and 10 %, Hit and Run at $1,000 and 8 %
(examples/build_examples.py). The command line still overrides a filed figure.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

from pacomply.checker.wager_math.simulated import filed_meters
from pacomply.submissions import read_filing
from typer.testing import CliRunner

from pacomply.cli import app

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_633a_13_j_2_and_l_2_filed_resets_and_rates_are_read_with_their_cells() -> None:
    filing = read_filing(EXAMPLES / "633a-compliant.xlsx")
    found = filed_meters(filing, "633a", ["bad_beat", "hit_and_run"])
    assert (found["bad_beat"].reset, found["bad_beat"].rate) == (Fraction(5000), Fraction(1, 10))
    assert (found["hit_and_run"].reset, found["hit_and_run"].rate) == (Fraction(1000), Fraction(8, 100))
    assert found["bad_beat"].rate_from.startswith("633a!D")


def test_a_chapter_with_one_progressive_falls_back_to_the_tables_progressive_reset() -> None:
    filing = read_filing(EXAMPLES / "687a-violations.xlsx")
    (table,) = [table for table in filing.tables_for("687a") if table.progressive_reset is not None][:1]
    found = filed_meters(filing, "687a", ["progressive"])
    assert found["progressive"].reset == Fraction(table.progressive_reset)  # type: ignore[arg-type]
    assert found["progressive"].reset_from.startswith("Tables!")
    # With two progressive wagers the column cannot say whose meter it is.
    assert filed_meters(filing, "687a", ["progressive", "other"]) == {}


def _simulate(*arguments: str):
    return CliRunner().invoke(
        app, ["simulate", "645a", "--rounds", "400", "--chunk-rounds", "400", "--workers", "1", *arguments]
    )


def test_645a_13_e_2_simulate_runs_the_filed_reset_and_says_where_it_came_from() -> None:
    result = _simulate("--filing", str(EXAMPLES / "645a-compliant.xlsx"), "--format", "json")
    assert result.exit_code == 0, result.output
    record = next(record for record in json.loads(result.stdout) if record["wager"] == "progressive")
    simulation = record["simulation"]
    assert simulation["meter"]["reset"] == "2500"
    assert simulation["filed_meters"]["progressive"]["reset"] == "2500"
    assert simulation["filed_meters"]["progressive"]["reset_from"].startswith("645a!")
    assert simulation["filing"] == "645a-compliant.xlsx"


def test_the_command_line_overrides_a_filed_reset() -> None:
    result = _simulate("--filing", str(EXAMPLES / "645a-compliant.xlsx"), "--meter-reset", "3000", "--format", "json")
    assert result.exit_code == 0, result.output
    record = next(record for record in json.loads(result.stdout) if record["wager"] == "progressive")
    assert record["simulation"]["meter"]["reset"] == "3000"


def test_a_filing_without_the_chapter_is_refused_with_exit_2() -> None:
    result = _simulate("--filing", str(EXAMPLES / "686a-compliant.xlsx"))
    assert result.exit_code == 2 and "not 645a" in result.output


def test_an_unreadable_filing_is_refused_with_exit_2_and_its_problems(tmp_path: Path) -> None:
    broken = tmp_path / "broken.xlsx"
    broken.write_text("not a workbook")
    result = _simulate("--filing", str(broken))
    assert result.exit_code == 2 and "could not be read" in result.output
