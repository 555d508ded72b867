"""``pacomply simulate 633a``: whole Blackjack rounds from a real shoe, every wager against ``edge``.

Exact figures come from ``pacomply edge 633a`` at run time: the base game's total-dependent basic strategy figure
(``--strategy basic``, the strategy the simulation plays) and the side wagers' exact distributions
(:mod:`engine.analysis.blackjack_side_wagers`). Means are compared with :mod:`tests.simulation.agreement` (one
familywise 1 % interval per test). The heavy-tailed wagers (Lucky Ladies, King's Bounty, Royal Match, Bad Beat, Hit
and Run: top awards of hundreds or thousands for one) are also checked row by row: the frequency of every net result
against its exact probability, rare rows pooled. Seeds were chosen once.

The scripted-shoe tests deal fixed cards through the round player (the shoe is duck-typed: only ``draw`` is used)
and check the play and the settlement against the chapter's rules directly.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest
from pacomply.engine.analysis.blackjack_side_wagers import distribution
from pacomply.engine.simulation import blackjack as game
from pacomply.engine.simulation.progressive import long_run_net, net_at_meter
from pacomply.engine.simulation.registry import MeterChoice, SimulationUnavailable, TableSetup
from pacomply.engine.simulation.shoe import Shoe, ShoeSpec
from pacomply.regulations import chapter_633a as book
from typer.testing import CliRunner

from pacomply.cli import app
from tests.simulation.agreement import disagreements, familywise_z, from_json_record
from tests.simulation.scripted_shoe import ScriptedShoe

DECKS = 6
SIMULATE = ["simulate", "633a", "--seed", "633", "--format", "json", "--no-progress"]


def _records(args: list[str]) -> dict[str, dict[str, object]]:
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    return {str(record["wager"]): record for record in json.loads(result.stdout)}


def _edge(wager: str, *extra: str) -> dict[str, object]:
    args = ["edge", "633a", "--wager", wager, "--decks", str(DECKS), "--format", "json", *extra]
    records = json.loads(CliRunner().invoke(app, args).stdout)
    assert len(records) == 1 and records[0]["method"] == "exact"
    return records[0]


# --- scripted shoes: the play and the settlement, card by card ------------------------------------------------------


def _play(cards: str, wagers: tuple[str, ...] = ("base",), seats: int = 1) -> tuple[dict[str, float], ScriptedShoe]:
    setup = TableSetup("633a", wagers, None, ShoeSpec(decks=DECKS), seats=seats)
    shoe = ScriptedShoe(cards)
    plays = game.ROUND_GAME.table(setup)(shoe)  # type: ignore[arg-type]
    nets: dict[str, float] = {}
    for play in plays:
        nets[play.wager] = nets.get(play.wager, 0.0) + play.net
    return nets, shoe


def test_633a_7_f_deals_seats_then_up_card_then_second_cards_then_hole_card() -> None:
    # Two seats: 10-9 (19) and 10-8 (18) against up 7 and hole 10 (17): both stand and win; the dealer stands on 17.
    setup = TableSetup("633a", ("base",), None, ShoeSpec(decks=DECKS), seats=2)
    shoe = ScriptedShoe("Ts Th 7c 9d 8d Tc")
    plays = game.ROUND_GAME.table(setup)(shoe)  # type: ignore[arg-type]
    assert [play.net for play in plays] == [1.0, 1.0] and shoe.dealt == 6
    # Read in another order (up card after both second cards would be 9) the same cards lose both hands: the order
    # decides which card is the up card.
    shoe = ScriptedShoe("Ts Th 9d 7c 8d Tc")
    plays = game.ROUND_GAME.table(setup)(shoe)  # type: ignore[arg-type]
    assert [play.net for play in plays] != [1.0, 1.0]


def test_633a_9_late_surrender_of_16_against_a_ten_returns_half() -> None:
    nets, shoe = _play("Ts 9c 6d 8h")  # 16 against a 9 up card, hole 8: the chart (R vs 9) surrenders
    assert nets == {"base": -0.5} and shoe.dealt == 4


def test_633a_9_surrender_is_not_played_when_the_rules_have_none() -> None:
    setup = TableSetup("633a", ("base",), None, ShoeSpec(decks=DECKS), options=(("late_surrender", "no"),))
    shoe = ScriptedShoe("Ts 9c 6d 8h Kc")  # without surrender 16 against 9 hits and busts
    plays = game.ROUND_GAME.table(setup)(shoe)  # type: ignore[arg-type]
    assert [play.net for play in plays] == [-1.0] and shoe.dealt == 5


def test_633a_10_double_takes_one_card_and_doubles_the_wager() -> None:
    # 6-5 = 11 against a 6: double, one card (a 2: 13), dealer 6+T draws 9 and busts: wins two units.
    setup = TableSetup("633a", ("base",), None, ShoeSpec(decks=DECKS))
    plays = game.ROUND_GAME.table(setup)(ScriptedShoe("6s 6c 5d Th 2c 9d"))  # type: ignore[arg-type]
    assert [(play.net, play.wagered) for play in plays] == [(2.0, 2.0)]


def test_633a_11_aces_are_split_once_with_one_card_each() -> None:
    # A-A against 6: split; hand one draws an ace (no resplit: A-A, soft 12, stands), hand two a king (21, not a
    # Blackjack after a split: paid 1 to 1). Dealer 6+T draws 4: 20. Net: -1 + 1 = 0 on two units.
    setup = TableSetup("633a", ("base",), None, ShoeSpec(decks=DECKS))
    shoe = ScriptedShoe("As 6c Ad Th Ah Kc 4d")
    plays = game.ROUND_GAME.table(setup)(shoe)  # type: ignore[arg-type]
    assert [(play.net, play.wagered) for play in plays] == [(0.0, 2.0)] and shoe.dealt == 7


def test_633a_11_c_pairs_are_resplit_to_the_hand_limit() -> None:
    # 8-8 against 6 (split). Hand one draws 8, 8 (resplit twice: four hands), then every hand stands on what comes.
    cards = "8s 6c 8d Th 8h 8c Tc Td Ts Tc 9d"  # up 6, hole T; the four hands take a ten each (18); dealer 16+9
    setup = TableSetup("633a", ("base",), None, ShoeSpec(decks=DECKS))
    plays = game.ROUND_GAME.table(setup)(ScriptedShoe(cards))  # type: ignore[arg-type]
    assert [(play.net, play.wagered) for play in plays] == [(4.0, 4.0)]
    limited = TableSetup("633a", ("base",), None, ShoeSpec(decks=DECKS), options=(("max_split_hands", "2"),))
    plays = game.ROUND_GAME.table(limited)(ScriptedShoe("8s 6c 8d Th 8h 8c 9d"))  # type: ignore[arg-type]
    assert [(play.net, play.wagered) for play in plays] == [(2.0, 2.0)]  # 16 and 16 stand; dealer 16 + 9 busts


def test_633a_7_h_dealer_blackjack_ends_the_round_and_insurance_pays_2_to_1() -> None:
    nets, shoe = _play("Ts As 9c Kd", ("base", "insurance"))
    assert nets == {"base": -1.0, "insurance": 2.0} and shoe.dealt == 4
    nets, _ = _play("Ts 9s 9c Kd 5c", ("base", "insurance"))  # no ace up: no insurance offered (§ 633a.8(a))
    assert "insurance" not in nets


def test_633a_7_n_dealer_stops_when_every_hand_is_decided_but_not_for_the_dealer_hand_wagers() -> None:
    # 10-6 against 7 hits (a king: busts). Nothing left to decide: the dealer does not draw ...
    nets, shoe = _play("Ts 7c 6d 9h Kc 5d 5h")
    assert nets == {"base": -1.0} and shoe.dealt == 5
    # ... unless Hit and Run is on the table (reading 633a-dealer-completes): 7-9 draws 5 (21 in three cards).
    nets, shoe = _play("Ts 7c 6d 9h Kc 5d 5h", ("base", "hit_and_run"))
    assert nets == {"base": -1.0, "hit_and_run": -1.0} and shoe.dealt == 6


def test_633a_7_o_1_bad_beat_is_decided_by_the_two_card_20_unless_asked_for_the_final_hand() -> None:
    # Player 5-5 against 7 doubles? (10 vs 7: D) draws a king: 20. Dealer 7+4 draws 10: 21 in three cards.
    cards = "5s 7c 5d 4h Kc Td"
    nets, _ = _play(cards, ("base", "bad_beat"))
    assert nets["bad_beat"] == -1.0  # the two-card total is 10: no Bad Beat in the exact model
    final = TableSetup("633a", ("base", "bad_beat"), None, ShoeSpec(decks=DECKS), options=(("bad_beat_hand", "final"),))
    plays = game.ROUND_GAME.table(final)(ScriptedShoe(cards))  # type: ignore[arg-type]
    bad_beat = {play.wager: play.net for play in plays}["bad_beat"]
    assert bad_beat == 25 - 1  # 25 for 1 (§ 633a.13(j)(1)); replay's reading: the 20 made by doubling
    nets, _ = _play("Ts 7c Kd 4h Td", ("base", "bad_beat"))  # a two-card 20 against 21 in three cards
    assert nets == {"base": -1.0, "bad_beat": 24.0}


# --- agreement with the exact figures ----------------------------------------------------------------------------


def _paytable_of(wager: str, paytable: str) -> tuple[str, ...]:
    return ("--paytable", paytable) if wager in ("royal_match", "bet_the_set") else ()


@pytest.mark.parametrize("rounds", [8_000, pytest.param(16_000, marks=pytest.mark.slow)])
def test_633a_every_wager_agrees_with_edge_and_reports_what_edge_reports(rounds: int) -> None:
    # In this process (--workers 1): the figures are the same for any number of workers (the byte-identical test
    # below), and a pool would repeat the imports and the basic strategy's solution in each of its processes.
    # The default suite deals 8,000 rounds, the slow twin 16,000 on the same seed; the familywise interval is in
    # standard errors of the rounds dealt, so it is sqrt(2) wider at 8,000.
    chunk = str(rounds // 2)
    standard = _records(
        [*SIMULATE, "--rounds", str(rounds), "--chunk-rounds", chunk, "--workers", "1", "--paytable", "C"]
    )
    switch = _records(
        [
            *SIMULATE,
            "--rounds",
            str(rounds),
            "--chunk-rounds",
            chunk,
            "--workers",
            "1",
            "--wager",
            "super_match",
            "--wager",
            "switch",
        ]
    )
    simulated = {**standard, **switch}
    assert sorted(simulated) == sorted((*game.STANDARD_WAGERS, *game.SWITCH_WAGERS))
    exact = {wager: _edge(wager, *_paytable_of(wager, "C")) for wager in simulated if wager != "base"}
    exact["base"] = _edge("base", "--strategy", "basic")
    assert (
        disagreements(
            {wager: from_json_record(record) for wager, record in simulated.items()},
            {wager: float(record["house_edge"]) for wager, record in exact.items()},  # type: ignore[arg-type]
        )
        == []
    )
    for wager, record in simulated.items():
        assert record["citation"] == exact[wager]["citation"], wager
        assert record["paytable_rows"] == exact[wager]["paytable_rows"], wager
        if wager == "bad_beat":  # edge's readings, then the simulation's own choice of the Bad Beat hand
            assert str(record["reading"]).startswith(str(exact[wager]["reading"])), wager
        else:
            assert record["reading"] == exact[wager]["reading"], wager
    assert "633a-sim-bad-beat-hand" in str(simulated["bad_beat"]["reading"])
    # Insurance is offered only against an ace: about 1 round in 13.
    assert rounds / 15 < int(simulated["insurance"]["rounds"]) < rounds / 11  # type: ignore[call-overload]
    # The progressive wagers ran on meters frozen at the chapter's minimum reset (no --meter-rate): the exact figure
    # at the reset is edge's, less the meter row's probability (the unit the meter spec returns on it).
    for wager in game.PROGRESSIVE_WAGERS:
        meter = simulated[wager]["simulation"]["meter"]  # type: ignore[index]
        assert meter["rate"] == 0 and meter["reset"] == {"bad_beat": "5000", "hit_and_run": "1000"}[wager]
        assert 0 <= float(exact[wager]["house_edge"]) - meter["house_edge_at_reset_exact"] < 2e-5  # type: ignore[arg-type]


def _exact_nets(wager: str, paytable: str | None) -> dict[Fraction, Fraction]:
    return dict(distribution(wager, paytable, DECKS).outcomes)


def _poisson_tails(count: int, mean: float) -> tuple[float, float]:
    """P(X <= count) and P(X >= count) for X Poisson with ``mean``."""
    terms = [math.exp(-mean)]
    for k in range(1, count + 1):
        terms.append(terms[-1] * mean / k)
    below = min(1.0, sum(terms))
    return below, min(1.0, 1.0 - below + terms[-1])


def _row_disagreements(
    observed: dict[str, Counter[float]], exact: dict[str, dict[Fraction, Fraction]], n: int
) -> list[str]:
    """Every net result's count against its exact probability, familywise 1 %: rows expecting fewer than 20 are
    pooled per wager; a bin expecting 20 or more is a binomial z-test, a pooled bin expecting fewer an exact
    Poisson two-sided test."""
    bins: list[tuple[str, int, float]] = []
    for wager, probabilities in exact.items():
        pooled_count, pooled_probability = 0, 0.0
        for net, probability in probabilities.items():
            count = observed[wager].get(float(net), 0)
            if n * probability < 20:
                pooled_count += count
                pooled_probability += float(probability)
            else:
                bins.append((f"{wager} net {net}", count, float(probability)))
        if pooled_probability > 0:
            bins.append((f"{wager} rare rows", pooled_count, pooled_probability))
    z = familywise_z(len(bins))
    alpha = 0.01 / (2 * len(bins))
    found = []
    for name, count, chance in bins:
        expected = n * chance
        if expected >= 20:
            spread = math.sqrt(expected * (1 - chance))
            wrong = abs(count - expected) > z * spread
        else:
            below, above = _poisson_tails(count, expected)
            wrong = below < alpha or above < alpha
        if wrong:
            found.append(f"{name}: {count} observed, {expected:.1f} expected")
    return found


@pytest.mark.parametrize(
    "rounds", [6_000, pytest.param(12_000, marks=pytest.mark.slow), pytest.param(240_000, marks=pytest.mark.slow)]
)
def test_633a_13_every_side_wager_pays_each_row_at_its_exact_frequency(rounds: int) -> None:
    """The frequency of every net result of every side wager against its exact probability (one seat).

    The default suite deals 6,000 rounds, its slow twins 12,000 and 240,000 on the same seed; each bin's test is
    sized by the count dealt (a binomial z-test, or the exact Poisson tail of a pooled bin, at that many rounds)."""
    setup = TableSetup("633a", (), "C", ShoeSpec(decks=DECKS))
    player = game.ROUND_GAME.table(setup)
    shoe = Shoe(setup.shoe, np.random.default_rng(np.random.SeedSequence(6330)))
    observed: dict[str, Counter[float]] = {}
    counts: Counter[str] = Counter()
    for _ in range(rounds):
        shoe.begin_round()
        for play in player(shoe):  # type: ignore[call-arg]
            observed.setdefault(play.wager, Counter())[play.net] += 1
            counts[play.wager] += 1
    wagers = [w for w in game.STANDARD_WAGERS if w not in ("base", "insurance")]
    paytables = {"royal_match": "C", "bet_the_set": "C"}
    exact = {wager: _exact_nets(wager, paytables.get(wager)) for wager in wagers}
    assert {counts[wager] for wager in wagers} == {rounds}
    assert _row_disagreements(observed, exact, rounds) == []


@pytest.mark.parametrize("rounds", [7_500, pytest.param(15_000, marks=pytest.mark.slow)])
def test_633a_7_g_7_super_match_rows_at_a_switch_table_match_their_exact_frequency(rounds: int) -> None:
    # The default suite deals 7,500 hands, the slow twin 15,000 on the same seed; each bin's test is sized by the
    # hands dealt (a binomial z-test, or the exact Poisson tail of a pooled bin).
    setup = TableSetup("633a", ("super_match",), None, ShoeSpec(decks=DECKS), seats=3)
    player = game.ROUND_GAME.table(setup)
    shoe = Shoe(setup.shoe, np.random.default_rng(np.random.SeedSequence(6337)))
    observed: Counter[float] = Counter()
    for _ in range(rounds // 3):
        shoe.begin_round()
        for play in player(shoe):  # type: ignore[call-arg]
            observed[play.net] += 1
    exact = {"super_match": _exact_nets("super_match", book.SUPER_MATCH_PAYTABLE_IDS[DECKS])}
    assert _row_disagreements({"super_match": observed}, exact, sum(observed.values())) == []


# --- progressive meters -----------------------------------------------------------------------------------------


def _setup(wagers: tuple[str, ...], choice: MeterChoice) -> TableSetup:
    setup = TableSetup("633a", wagers, None, ShoeSpec(decks=DECKS))
    return TableSetup("633a", wagers, None, setup.shoe, meters=game.ROUND_GAME.meters(setup, choice))


def test_633a_13_j_l_row_probabilities_reproduce_the_exact_edge() -> None:
    """The meter's rows (the rulebook paytable in "for 1" terms, the wager collected) priced with the exact row
    probabilities give edge's figure: "100 % of meter" nets the meter less the wager, as settle does."""
    setup = _setup(game.PROGRESSIVE_WAGERS, MeterChoice())
    for spec in setup.meters:
        probabilities = game.ROUND_GAME.row_probabilities(setup, spec.wager)
        at_reset = net_at_meter(spec, probabilities, spec.seed)
        exact_net = -Fraction(str(_edge(spec.wager)["house_edge"]))
        assert not spec.wager_returned
        assert abs(float(at_reset) - float(exact_net)) < 1e-6
        assert spec.seed == {"bad_beat": 5000, "hit_and_run": 1000}[spec.wager] and spec.rate == 0
        # Every row of the meter paytable is 100 % of the meter or fixed odds: the long run has a closed form.
        assert long_run_net(spec, probabilities) == at_reset


@pytest.mark.slow
def test_633a_13_j_l_frozen_meters_agree_with_the_exact_return_at_the_reset() -> None:
    records = _records([*SIMULATE, "--rounds", "60000", "--chunk-rounds", "15000", "--workers", "2",
                        "--wager", "bad_beat", "--wager", "hit_and_run", "--meter-rate", "0"])  # fmt: skip
    estimates = {wager: from_json_record(record) for wager, record in records.items()}
    meters = {wager: record["simulation"]["meter"] for wager, record in records.items()}  # type: ignore[index]
    at_reset = {wager: float(meter["house_edge_at_reset_exact"]) for wager, meter in meters.items()}
    assert disagreements(estimates, at_reset) == []
    for meter in meters.values():
        assert meter["contributed_per_wager"] == 0 and meter["paid_from_meter_per_wager"] == meter["reseeded_per_wager"]


def test_633a_13_j_2_meter_with_a_rate_collects_it_and_pays_out_what_it_holds() -> None:
    """At 15 % every wager adds $0.15; what the meter paid is what it held when won (the reset plus what it had
    collected since), and the certificate holder re-seeds exactly that. Bad Beat's meter row comes about once in
    370,000 wagers; the slow test runs Hit and Run's long run."""
    records = _records([*SIMULATE, "--rounds", "10000", "--chunk-rounds", "5000", "--workers", "1",
                        "--wager", "hit_and_run", "--meter-rate", "15%"])  # fmt: skip
    meter = records["hit_and_run"]["simulation"]["meter"]  # type: ignore[index]
    wagers, hits, reset = meter["wagers"], meter["meter_hits"], float(meter["reset"])
    assert wagers == 10_000 and meter["contributed_per_wager"] == pytest.approx(0.15)
    # A 100 %-of-meter award empties the meter, so each award is re-seeded with exactly the reset amount ...
    assert meter["reseeded_per_wager"] * wagers == pytest.approx(hits * reset, abs=0.01)
    # ... and paid at least the reset and at most the reset plus everything collected.
    paid = meter["paid_from_meter_per_wager"] * wagers
    assert hits * reset - 0.01 <= paid <= hits * reset + 0.15 * wagers + 0.01
    assert meter["house_edge_long_run_exact"] == pytest.approx(meter["house_edge_at_reset_exact"] - 0.15, abs=1e-6)


@pytest.mark.slow
def test_633a_13_l_hit_and_run_with_a_15_percent_rate_approaches_its_long_run() -> None:
    """Hit and Run's meter row (dealer eight or more cards) comes about once in 73,000 wagers, so most 20,000-round
    chunks end with the meter still holding their contributions; counted as the players' (reading
    sim-meter-liability), every dollar contributed is returned and 1 million rounds put the long run (15 points
    below the reset figure) inside the interval and the reset figure outside."""
    records = _records([*SIMULATE, "--rounds", "1000000", "--chunk-rounds", "20000", "--workers", "2",
                        "--wager", "hit_and_run", "--meter-rate", "15%"])  # fmt: skip
    record = records["hit_and_run"]
    meter = record["simulation"]["meter"]  # type: ignore[index]
    estimate = from_json_record(record)
    long_run = float(meter["house_edge_long_run_exact"])
    assert disagreements({"hit_and_run": estimate}, {"hit_and_run": long_run}) == []
    assert abs(estimate.house_edge - float(meter["house_edge_at_reset_exact"])) > 2.58 * estimate.standard_error


@pytest.mark.slow
def test_633a_7_base_game_agrees_with_the_exact_basic_strategy_figure_at_two_million_rounds() -> None:
    records = _records(
        [*SIMULATE, "--rounds", "2000000", "--chunk-rounds", "50000", "--workers", "2", "--wager", "base"]
    )
    exact = float(_edge("base", "--strategy", "basic")["house_edge"])  # type: ignore[arg-type]
    assert disagreements({"base": from_json_record(records["base"])}, {"base": exact}) == []


# --- reproducibility and bad input -------------------------------------------------------------------------------


def test_633a_simulation_is_byte_identical_for_a_seed_and_independent_of_workers() -> None:
    args = [*SIMULATE, "--rounds", "1200", "--chunk-rounds", "400", "--meter-rate", "15%", "--seats", "3"]
    one = CliRunner().invoke(app, [*args, "--workers", "1"])
    two = CliRunner().invoke(app, [*args, "--workers", "2"])
    assert one.exit_code == two.exit_code == 0, one.output + two.output
    assert one.stdout == two.stdout


@pytest.mark.parametrize(
    ("extra", "reason"),
    [
        (["--wager", "no_such_wager"], "not 'no_such_wager'"),
        (["--wager", "royal_match"], "needs --paytable"),
        (["--wager", "royal_match", "--paytable", "A"], "needs --paytable"),
        (["--wager", "match_the_dealer", "--decks", "2"], "not offered with 2 deck(s)"),
        (["--wager", "super_match", "--wager", "base"], "Blackjack Switch table"),
        (["--wager", "bad_beat", "--meter-rate", "150%"], "--meter-rate 150%"),
        (["--wager", "bad_beat", "--meter-reset", "4000"], "below the chapter's $5000"),
        (["--wager", "lucky_ladies", "--meter-rate", "10%"], "no progressive wager"),
        (["--seats", "8"], "seats: 8 is not 1-7"),
    ],
)
def test_633a_bad_input_exits_2_with_the_reason(extra: list[str], reason: str) -> None:
    result = CliRunner().invoke(app, [*SIMULATE, "--rounds", "100", *extra])
    assert result.exit_code == 2, result.output
    assert reason in result.output and "Traceback" not in result.output


def test_633a_unknown_options_are_refused_with_the_reason() -> None:
    setup = TableSetup("633a", ("base",), None, ShoeSpec(decks=DECKS), options=(("hit_soft_17", "yes"),))
    with pytest.raises(SimulationUnavailable, match="option 'hit_soft_17'"):
        game.ROUND_GAME.table(setup)
    bad = TableSetup("633a", ("base",), None, ShoeSpec(decks=DECKS), options=(("max_split_hands", "5"),))
    with pytest.raises(SimulationUnavailable, match="1 to 4"):
        game.ROUND_GAME.table(bad)
