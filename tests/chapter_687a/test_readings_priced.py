"""687a's ambiguous passages priced under every candidate reading: each figure enumerated by pacomply and recomputed
here by an independent path (the evaluator's own enumeration, a direct count, or a seeded deal of real cards).

None of the expected figures is typed in: each is counted in the test.
"""

from __future__ import annotations

import json
from fractions import Fraction
from math import comb, sqrt

import numpy as np
import pytest
from pacomply.checker.wager_math import analyse
from pacomply.checker.wager_math.chapter_687a import progressive_model
from pacomply.engine.analysis import dj_wild_stud_poker as analysis
from pacomply.engine.evaluator import WildHandCategory, enumerate_deuces_wild
from pacomply.engine.evaluator.categories import CATEGORY_SHIFT
from pacomply.engine.evaluator.deuces_wild import WildPaytable, deuces_wild_values
from pacomply.engine.games.dj_wild_stud_poker import category_of_key
from pacomply.regulations.chapter_687a import (
    BAD_BEAT_ODDS,
    BOARD_PROGRESSIVE_RETURN,
    DJWT_07_THREE_OF_A_KIND,
    PROGRESSIVE_SEED,
    RULEBOOK,
    TRIPS_ODDS,
)
from typer.testing import CliRunner

from pacomply.cli import app
from tests.seeded_deal import first_cards
from tests.simulation.agreement import Estimate, disagreements


def _priced(wager: str, paytable: str, **options: object) -> dict[str, Fraction]:
    [math] = analyse("687a", wager, paytable, 1, **options)  # type: ignore[arg-type]
    assert sum(candidate.relied_on for candidate in math.priced_readings) == 1
    return {candidate.candidate: candidate.exact_return for candidate in math.priced_readings}  # type: ignore[misc]


def test_687a_12_d_djwt_07_every_candidate_matches_the_evaluators_own_enumeration() -> None:
    """Each candidate row of DJWT-07, priced by the evaluator's separate enumeration loop over C(53,5)."""
    priced = _priced("trips", "DJWT-07")
    natural, with_wild = TRIPS_ODDS["DJWT-07"]
    assert set(priced) == set(DJWT_07_THREE_OF_A_KIND)
    for key, (natural_odds, wild_odds) in DJWT_07_THREE_OF_A_KIND.items():
        wild_column = {k: v for k, v in with_wild.items() if k != "three_of_a_kind"}
        if wild_odds is not None:
            wild_column["three_of_a_kind"] = wild_odds
        paytable = WildPaytable(
            natural={category_of_key(k): float(v) for k, v in {**natural, "three_of_a_kind": natural_odds}.items()},
            with_wild={category_of_key(k): float(v) for k, v in wild_column.items()},
        )
        enumeration = enumerate_deuces_wild(paytable)
        assert priced[key] == 1 + Fraction(round(enumeration.total_payout), enumeration.hands), key


def test_687a_12_d_djwt_07_the_row_of_the_other_paytables_is_the_only_candidate_near_the_others() -> None:
    """The candidate with DJWT-04...06's row returns, like them, between 90 % and 95 %; the printed row does not."""
    priced = _priced("trips", "DJWT-07")
    others = [1 - analysis.trips(paytable).exact_house_edge for paytable in ("DJWT-05", "DJWT-06")]
    assert 0.9 < priced["row-of-djwt-04-06"] < 0.95 and all(0.9 < other < 0.95 for other in others)
    assert priced["as-printed"] < Fraction(7, 10) and priced["both-columns-9-to-1"] > 2
    assert RULEBOOK.reading("687a-djwt-07-three-of-a-kind").relied_on == "as-printed"


def _deal(rounds: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    generator = np.random.default_rng(seed)
    order = first_cards(generator, rounds, 10)
    player = np.sort(order[:, :5], axis=1)
    dealer = np.sort(order[:, 5:], axis=1)
    return deuces_wild_values(player).astype(np.int64), deuces_wild_values(dealer).astype(np.int64)


def _bad_beat_results(paytable: str, player: np.ndarray, dealer: np.ndarray) -> dict[str, np.ndarray]:
    """Each round's return under each candidate, settled directly from the two dealt hands' strengths."""
    odds = np.zeros(len(WildHandCategory), dtype=np.int64)
    for key, value in BAD_BEAT_ODDS[paytable].items():
        odds[int(category_of_key(key))] = value
    player_odds, dealer_odds = odds[player >> CATEGORY_SHIFT], odds[dealer >> CATEGORY_SHIFT]
    # Every hand of three of a kind or better is raised (test_687a_strategy_raises_every_three_of_a_kind_or_better),
    # so no hand that could collect is ever folded.
    player_loses = np.where((player < dealer) & (player_odds > 0), player_odds + 1, 0)
    dealer_loses = np.where((dealer < player) & (dealer_odds > 0), dealer_odds + 1, 0)
    tie = np.where((player == dealer) & (player_odds > 0), player_odds + 1, 0)
    return {
        "player-only": player_loses,
        "player-only-with-ties": player_loses + tie,
        "two-way": player_loses + dealer_loses,
        "two-way-with-ties": player_loses + dealer_loses + tie,
    }


def _agree(paytable: str, rounds: int, seed: int) -> list[str]:
    priced = _priced("bad_beat", paytable)
    player, dealer = _deal(rounds, seed)
    results = _bad_beat_results(paytable, player, dealer)
    simulated = {
        key: Estimate(1 - float(values.mean()), float(values.std()) / sqrt(rounds)) for key, values in results.items()
    }
    return disagreements(simulated, {key: float(1 - value) for key, value in priced.items()})


def test_687a_11_f_3_bad_beat_candidates_agree_with_a_seeded_deal() -> None:
    assert _agree("DJWBB-03", 300_000, 6871) == []


@pytest.mark.slow
@pytest.mark.parametrize("paytable", sorted(BAD_BEAT_ODDS))
def test_687a_11_f_3_bad_beat_candidates_agree_with_a_long_seeded_deal(paytable: str) -> None:
    assert _agree(paytable, 3_000_000, 68711 + len(paytable)) == []


def test_687a_11_f_3_two_way_doubles_the_player_side_by_symmetry() -> None:
    """Player and dealer hands are exchangeable and every hand that could collect is raised, so the dealer's losing
    hands pay exactly what the player's do: the two-way figure is twice the player-only payout (an identity, not a
    typed number)."""
    for paytable in BAD_BEAT_ODDS:
        priced = _priced("bad_beat", paytable)
        assert priced["two-way"] == 2 * priced["player-only"]
        ties = priced["player-only-with-ties"] - priced["player-only"]
        assert priced["two-way-with-ties"] - priced["two-way"] == ties


def test_687a_7_d_1_base_game_return_on_each_basis() -> None:
    priced = _priced("base", None)  # type: ignore[arg-type]
    edge = analysis.base().exact_house_edge
    raised = Fraction(analysis.base_game().raise_hands, comb(53, 5))
    assert priced["per-ante"] == 1 - edge
    assert priced["per-initial-wager"] == 1 - edge / 2
    assert priced["per-total-wagered"] == 1 - edge / (2 + 2 * raised)


def _progressive_counts() -> dict[str, Fraction]:
    """Royal and straight flushes and the fixed rows of C(52,5), counted here from ranks and suits."""
    total = comb(52, 5)
    royal, straight_flush = 4, 40 - 4
    four, full_house = 13 * 48, 13 * 4 * 12 * 6
    flush = 4 * comb(13, 5) - 40
    straight = 10 * 4**5 - 40
    trips = 13 * 4 * comb(12, 2) * 16
    counts = {"royal_flush": royal, "straight_flush": straight_flush, "four_of_a_kind": four,
              "full_house": full_house, "flush": flush, "straight": straight, "three_of_a_kind": trips}  # fmt: skip
    return {key: Fraction(count, total) for key, count in counts.items()}


@pytest.mark.parametrize("paytable", ["1", "2"])
def test_687a_12_c_progressive_long_run_is_fixed_pays_royal_at_seed_plus_the_rate(paytable: str) -> None:
    probability = _progressive_counts()
    wager = {"1": 1, "2": 5}[paytable]
    seed = Fraction(PROGRESSIVE_SEED[paytable]) / wager
    fixed = {"four_of_a_kind": 300, "full_house": 50, "flush": 40, "straight": 30, "three_of_a_kind": 9}
    kept = sum(probability.values())  # a winning hand keeps its wager (reading 687a-progressive)
    without_growth = kept + sum(probability[k] * v for k, v in fixed.items()) + probability["royal_flush"] * seed
    at_seed = without_growth + probability["straight_flush"] * seed / 10
    rate = Fraction(28, 100)
    priced = _priced("progressive", paytable, meter_rate=rate)
    assert priced["at-seed"] == at_seed
    assert priced["long-run"] == without_growth + rate
    assert priced["rate-for-board-figure"] == BOARD_PROGRESSIVE_RETURN
    assert progressive_model(paytable).rate_for(BOARD_PROGRESSIVE_RETURN) == BOARD_PROGRESSIVE_RETURN - without_growth


def test_687a_edge_prints_every_reading_and_json_adds_readings_priced() -> None:
    runner = CliRunner()
    text = runner.invoke(app, ["edge", "687a", "--wager", "progressive", "--paytable", "1", "--meter-rate", "28%"])
    assert text.exit_code == 0, text.output
    assert "long run at 28 %" in text.stdout and "the rate that returns 77 %" in text.stdout
    output = runner.invoke(app, ["edge", "687a", "--wager", "bad_beat", "--format", "json"])
    rows = json.loads(output.stdout)
    for row in rows:
        assert {"house_edge", "return", "reading", "paytable_rows"} <= set(row)  # the contract's fields stay
        assert [entry["candidate"] for entry in row["readings_priced"]] == list(analysis.BAD_BEAT_READINGS)
        relied = [entry for entry in row["readings_priced"] if entry["relied_on"]]
        assert len(relied) == 1 and relied[0]["return"] == row["return"]
    refused = runner.invoke(app, ["edge", "686a", "--meter-rate", "10%"])
    assert refused.exit_code == 2 and "686a" in refused.output


def test_687a_12_d_djwt_07_candidates_agree_with_a_seeded_deal() -> None:
    """500,000 dealt hands paid by the evaluator's own two-column payout under each candidate row."""
    from pacomply.engine.evaluator.deuces_wild import deuces_wild_payouts

    rounds = 500_000
    generator = np.random.default_rng(6870)
    hands = np.sort(first_cards(generator, rounds, 5), axis=1)
    priced = _priced("trips", "DJWT-07")
    natural, with_wild = TRIPS_ODDS["DJWT-07"]
    simulated, exact = {}, {}
    for key, (natural_odds, wild_odds) in DJWT_07_THREE_OF_A_KIND.items():
        wild_column = {k: v for k, v in with_wild.items() if k != "three_of_a_kind"}
        if wild_odds is not None:
            wild_column["three_of_a_kind"] = wild_odds
        paytable = WildPaytable(
            natural={category_of_key(k): float(v) for k, v in {**natural, "three_of_a_kind": natural_odds}.items()},
            with_wild={category_of_key(k): float(v) for k, v in wild_column.items()},
        )
        paid = deuces_wild_payouts(hands, paytable)
        returns = np.where(paid > 0, paid + 1, 0.0)
        simulated[key] = Estimate(1 - float(returns.mean()), float(returns.std()) / sqrt(rounds))
        exact[key] = float(1 - priced[key])
    assert disagreements(simulated, exact) == []
