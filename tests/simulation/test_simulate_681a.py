"""``pacomply simulate 681a``: 21 Baccarat dealt from a real shoe agrees with ``pacomply edge``'s exact figures.

The exact figures come from ``pacomply edge`` at run time (enumerated by :mod:`engine.analysis.twenty_one_baccarat`,
off the top of a full shoe); the simulation deals hand-shuffled shoes with a cover card at 75 %, whose cut-card
effect is far smaller than the interval at these round counts. Each round is settled by
:func:`engine.games.twenty_one_baccarat.settle`, the function ``pacomply replay`` uses.
"""

from __future__ import annotations

import json

from typer.testing import CliRunner

from pacomply.cli import app

ROUNDS = 12_000
BASE = ["simulate", "681a", "--rounds", str(ROUNDS), "--chunk-rounds", "3000", "--seed", "2026", "--format", "json"]


def _records(args: list[str]) -> dict[str, dict[str, object]]:
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    return {str(record["wager"]): record for record in json.loads(result.stdout)}


def _exact(wager: str, paytable: str | None = None) -> dict[str, object]:
    args = ["edge", "681a", "--wager", wager, "--decks", "8", "--format", "json"]
    if paytable is not None:
        args += ["--paytable", paytable]
    (record,) = json.loads(CliRunner().invoke(app, args).stdout)
    assert record["method"] == "exact"
    return record


def test_681a_8_a_simulated_player_banker_and_tie_edges_hold_the_exact_figures() -> None:
    simulated = _records([*BASE, "--workers", "2"])
    assert sorted(simulated) == ["banker", "player", "tie"]
    for wager, record in simulated.items():
        exact = _exact(wager)
        low, high = record["ci95"]  # type: ignore[misc]
        assert low <= exact["house_edge"] <= high, (wager, record["house_edge"], exact["house_edge"])
        assert record["rounds"] == ROUNDS and record["method"] == "simulation"
        # The simulated record says what edge says about the wager: the same citation and readings.
        assert (record["citation"], record["reading"]) == (exact["citation"], exact["reading"])


def test_681a_8_c_simulated_bonus_holds_the_exact_figure_on_paytable_d() -> None:
    simulated = _records([*BASE, "--wager", "bonus_player", "--paytable", "D", "--workers", "1"])
    record, exact = simulated["bonus_player"], _exact("bonus_player", "D")
    low, high = record["ci95"]  # type: ignore[misc]
    assert low <= exact["house_edge"] <= high
    assert record["paytable"] == "D" and record["paytable_rows"] == exact["paytable_rows"]


def test_681a_simulation_is_byte_identical_for_a_seed_and_independent_of_workers() -> None:
    args = [*BASE[:3], "4000", *BASE[4:]]
    one = CliRunner().invoke(app, [*args, "--workers", "1"])
    two = CliRunner().invoke(app, [*args, "--workers", "2"])
    assert one.exit_code == two.exit_code == 0
    assert one.stdout == two.stdout


def test_681a_8_c_bonus_paytable_must_match_the_decks() -> None:
    wrong_decks = CliRunner().invoke(app, [*BASE, "--wager", "bonus_banker", "--paytable", "A"])
    no_paytable = CliRunner().invoke(app, [*BASE, "--wager", "bonus_banker"])
    six_decks = CliRunner().invoke(app, [*BASE, "--decks", "6"])
    assert wrong_decks.exit_code == no_paytable.exit_code == six_decks.exit_code == 2
    assert "permitted only with 4 decks" in wrong_decks.output
    assert "need a paytable" in no_paytable.output
    assert "4 or 8 decks" in six_decks.output
    assert "Traceback" not in wrong_decks.output + no_paytable.output + six_decks.output
