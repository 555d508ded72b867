"""685a's dealer ace priced both ways: A-A a dealer 22 as § 685a.3(d)(3) counts it, and the conventional soft 12.
Each candidate is the analyzer's exact figure under that reading, and each is cross-checked by the game's one
simulator, which deals and settles rounds as the rules module does: the chapter as written by default, the soft 12
through its reading option (Python API only; no filing reaches it)."""

from __future__ import annotations

import json

import pytest
from pacomply.checker.wager_math import analyse
from pacomply.engine.analysis.down_under import analyse_down_under
from pacomply.engine.simulation.down_under_blackjack import ACE_PAIR_OPTION
from pacomply.regulations.chapter_685a import RULEBOOK
from typer.testing import CliRunner

from pacomply.cli import app
from tests.simulation.agreement import disagreements
from tests.simulation.real_shoe import rounds_matching, simulate_base


def _candidates(decks: int) -> dict[str, object]:
    [row] = analyse("685a", "base", None, decks)
    return {candidate.candidate: candidate for candidate in row.priced_readings}


def test_685a_3_d_3_both_dealer_ace_readings_priced_and_the_chapters_relied_on() -> None:
    candidates = _candidates(4)
    literal, conventional = candidates["ace-pair-is-22"], candidates["ace-pair-is-soft-12"]
    assert literal.relied_on and not conventional.relied_on  # type: ignore[attr-defined]
    assert RULEBOOK.reading("685a-dealer-ace-pair").relied_on == "ace-pair-is-22"
    assert literal.house_edge == analyse_down_under(4, dealer_ace_pair_is_22=True).house_edge  # type: ignore[attr-defined]
    assert conventional.house_edge == analyse_down_under(4, dealer_ace_pair_is_22=False).house_edge  # type: ignore[attr-defined]
    # A dealer who stands on A-A as 22 pushes most hands instead of drawing to 17-22: the soft 12 holds more.
    assert conventional.house_edge > literal.house_edge  # type: ignore[attr-defined]


def _agree(decks: int, rounds: int, seed: int, candidate: str = "ace-pair-is-22") -> list[str]:
    priced = _candidates(decks)[candidate]
    options = () if candidate == "ace-pair-is-22" else ((ACE_PAIR_OPTION, candidate),)
    estimate, _wagered = simulate_base("685a", decks, rounds, seed, options=options)
    return disagreements({"base": estimate}, {"base": priced.house_edge})  # type: ignore[attr-defined]


#: The default suite's sample; 100,000 rounds (its size before the suite was cut to three minutes) is a slow twin.
#: The interval is the sample's own (2.58 simulated standard errors), so a correct figure fails 1 % of seeds at any
#: size and a smaller sample only misses a smaller bias.
SAMPLE_ROUNDS, WIDE_SAMPLE_ROUNDS = 25_000, 100_000


@pytest.mark.parametrize("rounds", [SAMPLE_ROUNDS, pytest.param(WIDE_SAMPLE_ROUNDS, marks=pytest.mark.slow)])
def test_685a_3_d_3_relied_on_reading_agrees_with_a_seeded_simulation(rounds: int) -> None:
    assert _agree(4, rounds, 68541) == []


@pytest.mark.slow
@pytest.mark.parametrize("decks", [4, 5, 8])
def test_685a_3_d_3_relied_on_reading_agrees_with_a_long_seeded_simulation(decks: int) -> None:
    assert _agree(decks, 2_000_000, 68550 + decks) == []


@pytest.mark.parametrize("rounds", [SAMPLE_ROUNDS, pytest.param(WIDE_SAMPLE_ROUNDS, marks=pytest.mark.slow)])
def test_685a_3_d_3_soft_12_candidate_agrees_with_a_seeded_simulation(rounds: int) -> None:
    assert _agree(4, rounds, 68542, "ace-pair-is-soft-12") == []


@pytest.mark.slow
@pytest.mark.parametrize("decks", [4, 5, 6, 8])
def test_685a_3_d_3_soft_12_candidate_agrees_with_a_long_seeded_simulation(decks: int) -> None:
    """As many rounds as the removed numba check of this candidate (10,000,000 at 3 standard errors) needed for the
    same interval. Written first with 2,000,000 rounds, the four-deck run missed: simulated 0.3734 %, exact
    0.1599 %, 2.75 standard errors. Investigated, not re-seeded: three other seeds at four decks gave +0.49, -0.08
    and -1.29 standard errors and the six-deck run of 7,400,000 rounds agrees, so no bias was found; the check now
    runs the old check's precision with the same seed."""
    assert _agree(decks, rounds_matching(10_000_000, 3.0), 68560 + decks, "ace-pair-is-soft-12") == []


def test_685a_edge_json_lists_both_readings() -> None:
    output = CliRunner().invoke(app, ["edge", "685a", "--wager", "base", "--decks", "4", "--format", "json"])
    assert output.exit_code == 0, output.output
    [row] = json.loads(output.stdout)
    assert [entry["candidate"] for entry in row["readings_priced"]] == [
        "ace-pair-is-22",
        "ace-pair-is-soft-12",
        "no-double-after-split",
        "no-double-after-split-conventional-ace",
    ]
    assert row["house_edge"] == row["readings_priced"][0]["house_edge"]
