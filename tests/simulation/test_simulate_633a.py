"""``pacomply simulate 633a``: the side wagers decided by the first cards, dealt from a real shoe, against ``edge``.

The exact figures come from ``pacomply edge 633a`` at run time (:mod:`engine.analysis.blackjack_side_wagers`,
off the top of a full shoe); the simulation deals hand-shuffled six-deck shoes with the cover card at 75 % and
settles each wager with the :mod:`engine.games.blackjack` functions ``replay`` uses.
"""

from __future__ import annotations

import json

from typer.testing import CliRunner

from pacomply.cli import app

ROUNDS = 20_000
BASE = ["simulate", "633a", "--rounds", str(ROUNDS), "--chunk-rounds", "5000", "--seed", "633", "--format", "json"]


def _records(args: list[str]) -> dict[str, dict[str, object]]:
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    return {str(record["wager"]): record for record in json.loads(result.stdout)}


def _exact(wager: str, paytable: str | None = None) -> dict[str, object]:
    args = ["edge", "633a", "--wager", wager, "--decks", "6", "--format", "json"]
    if paytable is not None:
        args += ["--paytable", paytable]
    records = json.loads(CliRunner().invoke(app, args).stdout)
    assert len(records) == 1 and records[0]["method"] == "exact"
    return records[0]


def test_633a_13_simulated_side_wagers_hold_the_exact_figures() -> None:
    simulated = _records([*BASE, "--workers", "2"])
    assert sorted(simulated) == ["in_between", "kings_bounty", "lucky_ladies", "match_the_dealer", "three_card_poker"]
    for wager in ("in_between", "match_the_dealer", "three_card_poker"):
        record, exact = simulated[wager], _exact(wager)
        low, high = record["ci95"]  # type: ignore[misc]
        assert low <= exact["house_edge"] <= high, (wager, record["house_edge"], exact["house_edge"])  # type: ignore[operator]
        assert (record["citation"], record["reading"], record["paytable_rows"]) == (
            exact["citation"], exact["reading"], exact["paytable_rows"],
        )  # fmt: skip


def test_633a_simulation_is_byte_identical_for_a_seed_and_independent_of_workers() -> None:
    args = [*BASE[:3], "6000", "--chunk-rounds", "2000", *BASE[6:]]
    one = CliRunner().invoke(app, [*args, "--workers", "1"])
    two = CliRunner().invoke(app, [*args, "--workers", "2"])
    assert one.exit_code == two.exit_code == 0
    assert one.stdout == two.stdout


def test_633a_13_royal_match_needs_a_paytable_and_bad_beat_is_refused() -> None:
    no_paytable = CliRunner().invoke(app, [*BASE, "--wager", "royal_match"])
    bad_beat = CliRunner().invoke(app, [*BASE, "--wager", "bad_beat"])
    assert no_paytable.exit_code == bad_beat.exit_code == 2
    assert "needs --paytable" in no_paytable.output and "not 'bad_beat'" in bad_beat.output
    assert "Traceback" not in no_paytable.output + bad_beat.output
