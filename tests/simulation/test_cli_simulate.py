"""``pacomply simulate``: the edge JSON fields with method 'simulation', reproducible output, located errors."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from pacomply.cli import app

EDGE_KEYS = [
    "chapter", "wager", "paytable", "decks", "house_edge", "element_of_risk", "return", "method", "rounds", "ci95",
    "hit_frequency", "std_dev", "citation", "reading",
]  # fmt: skip
ARGS = ["simulate", "686a", "--rounds", "3000", "--chunk-rounds", "1000", "--seed", "8", "--workers", "1"]


def test_simulate_json_has_the_edge_fields_in_order() -> None:
    result = CliRunner().invoke(app, [*ARGS, "--format", "json"])
    assert result.exit_code == 0, result.output
    records = json.loads(result.stdout)
    assert [record["wager"] for record in records] == ["bonus", "required"]
    for record in records:
        assert list(record)[: len(EDGE_KEYS)] == EDGE_KEYS
        assert record["method"] == "simulation" and record["rounds"] == 3000
        low, high = record["ci95"]
        assert low < record["house_edge"] < high
        assert record["simulation"]["seed"] == 8 and record["simulation"]["chunks"] == 3
    assert records[1]["reading"].startswith("686a-losing-side")


def test_simulate_is_byte_identical_for_a_seed_and_independent_of_workers() -> None:
    first = CliRunner().invoke(app, [*ARGS, "--format", "json"])
    second = CliRunner().invoke(app, [*ARGS[:-1], "2", "--format", "json"])
    assert first.exit_code == second.exit_code == 0
    assert first.stdout == second.stdout


def test_simulate_text_names_the_shoe_and_the_interval() -> None:
    result = CliRunner().invoke(app, [*ARGS, "--wager", "bonus", "--shuffler", "automated"])
    assert result.exit_code == 0, result.output
    assert "2 batches alternating" in result.stdout and "95 %" in result.stdout
    assert "required" not in result.stdout


def test_simulate_refuses_a_cover_card_too_deep() -> None:
    result = CliRunner().invoke(app, [*ARGS, "--penetration", "0.9"])
    assert result.exit_code == 2
    assert "1/4 of the way in from the bottom" in result.output


def test_simulate_refuses_an_unknown_wager_and_shuffler() -> None:
    wager = CliRunner().invoke(app, [*ARGS, "--wager", "trips"])
    shuffler = CliRunner().invoke(app, [*ARGS, "--shuffler", "riffle"])
    assert wager.exit_code == shuffler.exit_code == 2
    assert "no wager trips" in wager.output and "'riffle' is not one of" in shuffler.output
    assert "Traceback" not in wager.output + shuffler.output
