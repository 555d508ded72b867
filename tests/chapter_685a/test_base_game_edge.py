"""685a Down Under Blackjack Bet Wager through ``pacomply edge`` and the review: the docs/math.md record with the
Down Under analyzer's figures, the chapter's fixed rules (the 633a rule options are refused), and the filing's
decks. The analyzer itself is checked by seeded simulation in ``tests/engine/blackjack_analysis``; each analysis
here takes a few seconds, so the default tests use four decks and the example filing's three deck counts are slow.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pacomply.checker.review import configured_wager_math
from pacomply.engine.analysis.down_under import READINGS, analyse_down_under
from pacomply.submissions.model import Filing
from typer.testing import CliRunner

from examples.build_examples import METADATA, answers
from examples.chapters.chapter_685a import COMPLIANT_685A, DOWN_UNDER_ANSWERS, down_under_table
from pacomply.cli import app

runner = CliRunner()
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
MATH_MD_KEYS = [
    "chapter", "wager", "paytable", "decks", "house_edge", "element_of_risk", "return", "method", "rounds", "ci95",
    "hit_frequency", "std_dev", "citation", "reading",
]  # fmt: skip


def _kept(value: float) -> float:
    """A figure as the edge JSON keeps it (docs/math.md): six places, or four significant digits under 0.001."""
    return float(f"{value:.4g}") if abs(value) < 0.001 else round(value, 6)


def test_685a_edge_base_follows_math_md_with_the_down_under_figures() -> None:
    result = runner.invoke(app, ["edge", "685a", "--wager", "base", "--decks", "4", "--format", "json"])
    assert result.exit_code == 0, result.output
    [row] = json.loads(result.output)
    exact = analyse_down_under(4)
    assert list(row)[: len(MATH_MD_KEYS)] == MATH_MD_KEYS
    assert (row["chapter"], row["wager"], row["paytable"], row["decks"], row["method"]) == (
        "685a", "base", None, 4, "exact",
    )  # fmt: skip
    # docs/math.md: six places, or four significant digits where a figure is under 0.001 (this one is -0.0003361).
    assert row["house_edge"] == _kept(exact.house_edge)
    assert row["element_of_risk"] == _kept(exact.element_of_risk)
    assert row["return"] == _kept(1 - exact.element_of_risk)
    assert row["citation"].startswith("58 Pa. Code § 685a.7")
    for topic, _choice, _reason, _citation in READINGS:
        assert topic in row["reading"]
    strategy = {entry["when"]: entry["decision"] for entry in row["strategy"]}
    assert "Masque range" in strategy["play"] and "no surrender" in strategy["rules"]


@pytest.mark.parametrize(
    "flags", [["--hit-soft-17"], ["--no-surrender"], ["--blackjack-pays", "6:5"], ["--strategy", "basic"],
              ["--rule-effects"], ["--max-split-hands", "2"]],
)  # fmt: skip
def test_685a_7_the_chapter_fixes_the_bet_wagers_rules_so_633a_options_exit_2(flags: list[str]) -> None:
    result = runner.invoke(app, ["edge", "685a", "--wager", "base", "--decks", "6", *flags])
    assert result.exit_code == 2
    assert "does not apply to 685a" in result.output


def test_685a_3_a_edge_base_refuses_a_deck_count_the_chapter_does_not_permit() -> None:
    result = runner.invoke(app, ["edge", "685a", "--wager", "base", "--decks", "7"])
    assert result.exit_code == 2
    assert "4, 5, 6 or 8 decks" in result.output


def test_685a_review_gives_the_bet_wager_at_each_tables_decks() -> None:
    filing = Filing(
        metadata=METADATA,
        chapters={"685a": answers("685a", **DOWN_UNDER_ANSWERS)},
        tables=(down_under_table("DU-9", decks=4, wagers=()),),
    )
    [base] = [math for math in configured_wager_math(filing) if math.wager == "base"]
    assert base.decks == 4 and base.house_edge == analyse_down_under(4).house_edge


@pytest.mark.slow
def test_685a_edge_filing_gives_the_bet_wager_at_the_filings_decks() -> None:
    result = runner.invoke(
        app, ["edge", "--filing", str(EXAMPLES / "685a-compliant.xlsx"), "--wager", "base", "--format", "json"]
    )
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)
    assert sorted(row["decks"] for row in rows) == sorted({table.decks for table in COMPLIANT_685A.tables})
    for row in rows:
        assert row["house_edge"] == _kept(analyse_down_under(row["decks"]).house_edge)


@pytest.mark.slow
def test_685a_edge_without_a_wager_covers_the_bet_wager_at_every_permitted_deck_count() -> None:
    result = runner.invoke(app, ["edge", "685a", "--format", "json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)
    assert sorted(row["decks"] for row in rows if row["wager"] == "base") == [4, 5, 6, 8]
