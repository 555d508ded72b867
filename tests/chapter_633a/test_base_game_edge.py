"""633a Blackjack Wager and Blackjack Switch through ``pacomply edge`` and the review: the docs/math.md record, rule
options from flags and from a filing's checklist answers, and refusals.

Every figure compared here is the analyzer's own (``engine.analysis.blackjack``), computed in the test; the analyzer
itself is checked against published figures and seeded simulations in ``tests/engine/blackjack_analysis``. The
rule sets analysed here at one or two decks keep the default run fast (about 1-2 s an analysis, shared through
the caches); the filing's own decks (1, 3, 6, 8) are in the slow tests.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from pacomply.checker.review import configured_wager_math
from pacomply.checker.wager_math.chapter_633a import rules_from_filing
from pacomply.engine.analysis.blackjack import READINGS, BlackjackRules, analyse, analyse_switch, rule_effects
from pacomply.submissions.model import Filing, TableWager
from typer.testing import CliRunner

from examples.build_examples import METADATA, answers
from examples.chapters.chapter_633a import BLACKJACK_ANSWERS, COMPLIANT_633A, blackjack_table
from pacomply.cli import app
from tests.simulation.agreement import disagreements
from tests.simulation.real_shoe import rounds_matching, simulate_base

runner = CliRunner()
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
MATH_MD_KEYS = [
    "chapter", "wager", "paytable", "decks", "house_edge", "element_of_risk", "return", "method", "rounds", "ci95",
    "hit_frequency", "std_dev", "citation", "reading",
]  # fmt: skip


def _kept(value: float) -> float:
    """A figure as the edge JSON keeps it (docs/math.md): six places, or four significant digits under 0.001."""
    return float(f"{value:.4g}") if abs(value) < 0.001 else round(value, 6)


def edge_json(*arguments: str) -> list[dict]:
    result = runner.invoke(app, ["edge", *arguments, "--format", "json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def chart(rows: list[dict]) -> dict[str, str]:
    return {row["when"]: row["decision"] for row in rows}


def test_633a_13_a_edge_base_follows_math_md_with_the_analyzers_figures() -> None:
    [row] = edge_json("633a", "--wager", "base", "--decks", "2")
    assert list(row)[: len(MATH_MD_KEYS)] == MATH_MD_KEYS
    exact = analyse(BlackjackRules(decks=2), "optimal")
    assert (row["chapter"], row["wager"], row["paytable"], row["decks"], row["method"]) == (
        "633a", "base", None, 2, "exact",
    )  # fmt: skip
    assert row["house_edge"] == _kept(exact.house_edge)
    assert row["element_of_risk"] == _kept(exact.element_of_risk)
    # Doubles and splits put more than the initial wager at risk: the element of risk is the smaller figure.
    assert row["element_of_risk"] < row["house_edge"]
    assert row["return"] == _kept(1 - exact.element_of_risk)
    assert row["citation"].startswith("58 Pa. Code § 633a.7")
    for topic, _choice, _reason, _citation in READINGS:
        assert topic in row["reading"]
    assert {"outcome": "Blackjack", "pays": "3 to 2"} in row["paytable_rows"]


def test_633a_edge_base_strategy_rows_are_the_analyzers_charts() -> None:
    [row] = edge_json("633a", "--wager", "base", "--decks", "2")
    rows = chart(row["strategy"])
    tables = analyse(BlackjackRules(decks=2)).tables
    assert rows["dealer up card"].split() == list(tables.hard.columns)
    for label, actions in tables.pairs.rows:
        assert rows[f"pair {label}"].split() == list(actions)
    for label, actions in tables.soft.rows:  # merged rows ('soft 19-20') hold each of their totals
        total = int(label.split()[1])
        merged = [when for when in rows if when.startswith("soft ") and _covers(when, total)]
        assert len(merged) == 1 and rows[merged[0]].split() == list(actions)
    assert "R" in rows["surrender hard 16"].split()
    assert "dealer stands on soft 17" in rows["rules"] and "late surrender" in rows["rules"]
    # The charts are compact: one row per distinct chart line, never a row per hand.
    assert len(row["strategy"]) < 60


def _covers(label: str, total: int) -> bool:
    numbers = label.split()[-1].split("-")
    return int(numbers[0]) <= total <= int(numbers[-1])


def test_633a_edge_basic_strategy_flag_gives_the_basic_strategy_figure() -> None:
    [row] = edge_json("633a", "--wager", "base", "--decks", "1", "--strategy", "basic")
    exact = analyse(BlackjackRules(decks=1), "basic")
    assert row["house_edge"] == _kept(exact.house_edge) == _kept(exact.house_edge_basic)
    assert chart(row["strategy"])["play"].startswith("total-dependent basic strategy")


def test_633a_flags_set_the_rule_set_analysed() -> None:
    [row] = edge_json(
        "633a", "--wager", "base", "--decks", "1", "--hit-soft-17", "--no-surrender", "--no-double-after-split",
        "--max-split-hands", "2",
    )  # fmt: skip
    rules = BlackjackRules(
        decks=1, dealer_hits_soft_17=True, late_surrender=False, double_after_split=False, max_split_hands=2
    )
    assert row["house_edge"] == _kept(analyse(rules).house_edge)
    described = chart(row["strategy"])["rules"]
    assert "dealer hits soft 17" in described and "no surrender" in described
    assert "not after a split" in described and "split to 2 hands" in described


def test_633a_13_a_six_to_five_raises_the_edge_by_the_analyzers_rule_effect() -> None:
    [three_to_two] = edge_json("633a", "--wager", "base", "--decks", "2", "--rule-effects")
    [six_to_five] = edge_json("633a", "--wager", "base", "--decks", "2", "--blackjack-pays", "6:5")
    effects = {effect.rule: effect for effect in rule_effects(BlackjackRules(decks=2))}
    listed = {entry["rule"]: entry for entry in three_to_two["rule_effects"]}
    assert set(listed) == set(effects) == {
        "dealer_hits_soft_17", "late_surrender", "blackjack_pays", "double_after_split",
    }  # fmt: skip
    for name, effect in effects.items():
        assert listed[name]["effect"] == _kept(effect.effect)
        assert listed[name]["effect"] > 0  # each of the four changes costs the player
    raised = six_to_five["house_edge"] - three_to_two["house_edge"]
    assert raised == pytest.approx(effects["blackjack_pays"].effect, abs=2e-6)  # two roundings to 6 places
    assert {"outcome": "Blackjack", "pays": "6 to 5"} in six_to_five["paytable_rows"]
    assert "rule_effects" not in six_to_five  # only where asked for

    # The same analyses as text (one test, so that the analyses are shared through the caches).
    result = runner.invoke(app, ["edge", "633a", "--wager", "base", "--decks", "2", "--rule-effects", "--charts"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    header = next(line for line in lines if "dealer up card:" in line)
    pair = next(line for line in lines if "pair 8,8:" in line)
    # The decisions line up under the up cards.
    assert header.index("2  3") == pair.index("P  P")
    assert any(line.strip().startswith("effect of Blackjack pays 6 to 5: +") for line in lines)
    assert "surrender hard 16:" in result.output


def test_633a_12_a_edge_switch_is_the_switch_analysis() -> None:
    [row] = edge_json("633a", "--wager", "switch", "--decks", "1")
    exact = analyse_switch(BlackjackRules(decks=1, late_surrender=False), switched_blackjack_pays=Fraction(3, 2))
    assert list(row)[: len(MATH_MD_KEYS)] == MATH_MD_KEYS
    assert row["house_edge"] == _kept(exact.house_edge)
    assert row["element_of_risk"] == _kept(exact.element_of_risk)
    assert row["citation"] == "58 Pa. Code § 633a.12(a)"
    assert "633a-switch-blackjack" in row["reading"]
    assert "no surrender" in chart(row["strategy"])["rules"]


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["633a", "--wager", "base", "--blackjack-pays", "0:5"], "--blackjack-pays '0:5'"),
        (["633a", "--wager", "base", "--blackjack-pays", "three"], "not odds"),
        (["633a", "--wager", "base", "--max-split-hands", "5"], "--max-split-hands 5"),
        (["633a", "--wager", "base", "--strategy", "perfect"], "'perfect' is not one of"),
        (["633a", "--wager", "lucky_ladies", "--hit-soft-17"], "does not apply to 633a 'lucky_ladies'"),
        (["633a", "--wager", "switch", "--no-surrender"], "Blackjack Switch has no surrender"),
        (["633a", "--wager", "switch", "--strategy", "basic"], "optimal switching"),
        (["633a", "--wager", "base", "--paytable", "A"], "has no paytable"),
        (["633a", "--wager", "base", "--decks", "9"], "1 to 8 decks"),
        (["686a", "--no-surrender"], "not for chapter 686a"),
        ([], "name a chapter"),
        (["--filing", str(EXAMPLES / "633a-compliant.xlsx"), "--decks", "6"], "come from the filing"),
        (["--filing", str(EXAMPLES / "685a-compliant.xlsx"), "--hit-soft-17"], "filing's tables are 685a"),
        (["633a", "--filing", str(EXAMPLES / "685a-compliant.xlsx")], "no 633a tables"),
    ],
)
def test_633a_edge_bad_options_exit_2_with_the_reason(arguments: list[str], message: str) -> None:
    result = runner.invoke(app, ["edge", *arguments])
    assert result.exit_code == 2
    assert message in result.output


def test_633a_edge_several_bad_options_are_reported_together() -> None:
    result = runner.invoke(app, ["edge", "633a", "--blackjack-pays", "x", "--max-split-hands", "0"])
    assert result.exit_code == 2
    assert "--blackjack-pays 'x'" in result.output and "--max-split-hands 0" in result.output


def _filing(**changed: object) -> Filing:
    table = blackjack_table("BJ-9", decks=2, wagers=())
    return Filing(
        metadata=METADATA, chapters={"633a": answers("633a", **{**BLACKJACK_ANSWERS, **changed})}, tables=(table,)
    )


@pytest.mark.parametrize(("additional", "hands"), [(0, 2), (1, 2), (2, 3), (3, 4), (5, 4)])
def test_633a_11_c_additional_splits_answer_sets_the_split_limit(additional: int, hands: int) -> None:
    options = rules_from_filing(_filing(additional_splits=additional))
    assert options.rules(2).max_split_hands == hands
    assert any("633a-additional-splits" in note for note in options.notes)
    assert any("computed at 4, the most the analysis models" in note for note in options.notes) == (additional > 3)


def test_633a_8_e_even_money_answer_sets_even_money() -> None:
    assert rules_from_filing(_filing(even_money_offered=True)).rules(2).even_money is True
    assert rules_from_filing(_filing(even_money_offered=False)).rules(2).even_money is False


def test_633a_review_gives_the_base_game_under_the_filings_answers() -> None:
    filing = _filing(additional_splits=1, even_money_offered=True)
    filing = filing.model_copy(update={"tables": (filing.tables[0].model_copy(update={"decks": 1}),)})
    maths = {math.wager: math for math in configured_wager_math(filing)}
    rules = BlackjackRules(decks=1, max_split_hands=2, even_money=True)
    assert maths["base"].decks == 1
    assert maths["base"].house_edge == analyse(rules).house_edge
    assert "split to 2 hands" in dict(maths["base"].strategy)["rules"]
    assert "even money offered" in dict(maths["base"].strategy)["rules"]
    # Flags from the command line go on top of the filing's answers.
    from pacomply.checker.wager_math.blackjack_base import options_from_flags

    flagged = configured_wager_math(filing, options_from_flags(hit_soft_17=True), wager="base")
    assert flagged[0].house_edge == analyse(rules.with_changes(dealer_hits_soft_17=True)).house_edge


def test_633a_review_analyses_switch_where_a_table_offers_it() -> None:
    filing = _filing()
    table = filing.tables[0].model_copy(update={"decks": 1, "wagers": (TableWager(wager="switch"),)})
    filing = filing.model_copy(update={"tables": (table,)})
    wagers = {(math.wager, math.decks) for math in configured_wager_math(filing)}
    assert {("base", 1), ("switch", 1)} <= wagers


@pytest.mark.slow
def test_633a_edge_filing_gives_the_base_game_at_the_filings_decks() -> None:
    rows = edge_json("--filing", str(EXAMPLES / "633a-compliant.xlsx"))
    base = {row["decks"]: row for row in rows if row["wager"] == "base"}
    assert sorted(base) == sorted({table.decks for table in COMPLIANT_633A.tables})
    for decks, row in base.items():
        # The example answers three additional splits (four hands) and offers even money.
        rules = BlackjackRules(decks=decks, max_split_hands=4, even_money=True)
        assert row["house_edge"] == _kept(analyse(rules).house_edge)
        assert "The filing answers 3 (633a!D36), so a pair may be split into up to 4 hands" in row["reading"]
    assert [row["decks"] for row in rows if row["wager"] == "switch"] == [8]
    assert {row["wager"] for row in rows} >= {"lucky_ladies", "royal_match", "kings_bounty", "bad_beat"}


@pytest.mark.slow
def test_633a_filing_rule_set_agrees_with_a_seeded_simulation() -> None:
    """The example filing's six-deck rule set (four hands, even money) under basic strategy, by the chapter's
    simulator: even money is never worth taking at 3 to 2 (§ 633a.8(e)), so the table's rules are these."""
    rules = rules_from_filing(COMPLIANT_633A).rules(6)
    assert rules == BlackjackRules(decks=6, even_money=True)
    exact = analyse(rules, "basic")
    assert exact.house_edge == analyse(rules.with_changes(even_money=False), "basic").house_edge
    # The removed numba check ran 2,000,000 rounds at 95 % (1.96 standard errors); as many rounds here as make this
    # suite's 2.58-standard-error interval no wider (3,500,000).
    simulated, _wagered = simulate_base("633a", 6, rounds_matching(2_000_000, 1.96), seed=6336)
    assert disagreements({"base": simulated}, {"base": exact.house_edge}) == []
