"""The commands for 633a and 685a end to end: edge, replay, validate, template."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pacomply.cli import app

runner = CliRunner()
ROUNDS = Path(__file__).resolve().parents[2] / "examples" / "rounds"
EXAMPLES = ROUNDS.parent


SIDE_WAGERS = ("insurance", "lucky_ladies", "match_the_dealer", "in_between", "royal_match", "bet_the_set",
               "kings_bounty", "super_match", "bad_beat", "three_card_poker", "hit_and_run")  # fmt: skip


def test_633a_edge_json_covers_every_side_wager_at_every_permitted_deck_count() -> None:
    seen: set[tuple[str, str | None, int]] = set()
    for wager in SIDE_WAGERS:  # one wager at a time: the base game's analyses are in test_base_game_edge.py
        result = runner.invoke(app, ["edge", "633a", "--wager", wager, "--format", "json"])
        assert result.exit_code == 0, result.output
        rows = json.loads(result.output)
        assert all(row["method"] == "exact" for row in rows)
        seen |= {(row["wager"], row["paytable"], row["decks"]) for row in rows}
    assert ("royal_match", "A", 1) in seen and ("royal_match", "A", 6) not in seen
    assert ("bet_the_set", "B", 2) in seen and ("bet_the_set", "C", 2) not in seen
    assert {decks for wager, _, decks in seen if wager == "match_the_dealer"} == {6, 8}
    assert {decks for wager, _, decks in seen if wager == "insurance"} == set(range(1, 9))  # § 633a.3(a), 1 to 8


@pytest.mark.slow
def test_633a_edge_without_a_wager_covers_every_wager_the_base_game_and_switch_included() -> None:
    result = runner.invoke(app, ["edge", "633a", "--format", "json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)
    assert {row["wager"] for row in rows} == {*SIDE_WAGERS, "base", "switch"}
    assert {row["decks"] for row in rows if row["wager"] == "base"} == set(range(1, 9))
    assert {row["decks"] for row in rows if row["wager"] == "switch"} == set(range(1, 9))


def test_633a_edge_paytable_at_a_deck_count_it_is_not_permitted_is_refused() -> None:
    result = runner.invoke(app, ["edge", "633a", "--wager", "bet_the_set", "--paytable", "A", "--decks", "6"])
    assert result.exit_code == 2
    assert "A: 1 deck(s)" in result.output


def test_685a_edge_match_the_dealer_only_six_and_eight_decks() -> None:
    result = runner.invoke(app, ["edge", "685a", "--wager", "match_the_dealer", "--format", "json"])
    assert result.exit_code == 0
    assert sorted(row["decks"] for row in json.loads(result.output)) == [6, 8]
    refused = runner.invoke(app, ["edge", "685a", "--wager", "match_the_dealer", "--decks", "5"])
    assert refused.exit_code == 2


@pytest.mark.parametrize(
    "round_file", sorted([*ROUNDS.glob("633a-*.json"), *ROUNDS.glob("685a-*.json")]), ids=lambda path: path.stem
)
def test_example_rounds_replay_with_citations(round_file: Path) -> None:
    result = runner.invoke(app, ["replay", str(round_file), "--format", "json"])
    assert result.exit_code == 0, result.output
    settled = json.loads(result.output)
    assert settled["settlements"]
    assert all(s["citation"].startswith("58 Pa. Code § 6") for s in settled["settlements"])


def test_replay_of_an_impossible_round_exits_2(tmp_path: Path) -> None:
    path = tmp_path / "round.json"
    path.write_text(json.dumps({"chapter": "685a", "decks": 6, "player": ["Ah"], "dealer": ["Zz"], "wagers": {}}))
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2
    assert "dealer[0]" in result.output and "wagers.base" in result.output


@pytest.mark.parametrize(("name", "code"), [("633a-compliant", 0), ("633a-violations", 1), ("685a-compliant", 0),
                                            ("685a-violations", 1)])  # fmt: skip
def test_example_filings_validate(name: str, code: int) -> None:
    for suffix in (".xlsx", ".json"):
        result = runner.invoke(app, ["validate", str(EXAMPLES / f"{name}{suffix}")])
        assert result.exit_code == code, result.output


def test_633a_template_writes_every_checklist_question(tmp_path: Path) -> None:
    from openpyxl import load_workbook

    from pacomply import regulations
    target = tmp_path / "filing.xlsx"
    assert runner.invoke(app, ["template", "633a", "685a", "-o", str(target)]).exit_code == 0
    workbook = load_workbook(target)
    for chapter in ("633a", "685a"):
        keys = {row[1] for row in workbook[chapter].iter_rows(min_row=2, values_only=True)}
        assert {question.key for question in regulations.rulebook(chapter).checklist} <= keys
