"""``pacomply simulate 688a``: Face Up Pai Gow Poker dealt from a real 53-card deck agrees with the exact figures.

Where the figures come from (all at run time):

* Ace High Bonus 1-5, Fortune Bonus 1-6, Progressive 1-7 at the seed: ``pacomply edge`` / :mod:`engine.analysis.
  face_up_pai_gow_poker` (exact; the Ace High joint count, the evaluator's C(53,7) category counts).
* The base wager has no exact figure: it is compared with the chapter's independent numba cross-check simulator
  (:func:`engine.simulation.pai_gow_poker.simulate_base`, face-up mode), the two standard errors combined.

Statistics: every comparison in a test goes through one familywise 1 % check (``tests/simulation/agreement.py``);
seeds were chosen once. The optional wagers are heavy-tailed (Fortune pays up to 8,000 to 1, the Progressive a
$10,000 meter on a $1 wager), so their means are judged with the *exact* standard deviation (the sample one
understates it until the top rows have been hit many times) and their row frequencies are checked against the exact
row probabilities, row by row (Poisson tails for rare rows). The base wager and the Ace High Bonus depend on the
dealer's hand, which all seats share, so only the first seat's results are used for them (one observation per
round); the Fortune and Progressive outcomes of the six seats are each a seat's own seven cards.
"""

from __future__ import annotations

import dataclasses
import json
import math
from collections import Counter
from fractions import Fraction
from statistics import NormalDist
from typing import Any

import numpy as np
import pytest
from pacomply.engine.analysis import face_up_pai_gow_poker as analysis
from pacomply.engine.simulation.face_up_pai_gow_rounds import (
    ROUND_GAME,
    deal_places,
    progressive_meter,
    progressive_row_probabilities,
)
from pacomply.engine.simulation.pai_gow_poker import simulate_base
from pacomply.engine.simulation.progressive import Meter, net_at_meter
from pacomply.engine.simulation.registry import MeterChoice, TableSetup, WagerPlay
from pacomply.engine.simulation.shoe import Shoe, ShoeSpec
from pacomply.regulations.chapter_688a import (
    ACE_HIGH_ODDS,
    ACE_HIGH_OUTCOMES,
    FORTUNE_ODDS,
    FORTUNE_ORDER,
    PROGRESSIVE_TABLES,
    THREE_PAIR,
)
from typer.testing import CliRunner

from pacomply.cli import app
from tests.simulation.agreement import FAMILYWISE_ERROR, Estimate, disagreements

CHAPTER_SHOE = ShoeSpec(decks=1, jokers_per_deck=1)
RATE_ZERO = MeterChoice(rate=Fraction(0))


# --- helpers -----------------------------------------------------------------------------------------------------


def _play(paytable: str, seats: int, rounds: int, seed: int, wagers: tuple[str, ...] = ()) -> list[list[WagerPlay]]:
    """Rounds dealt in this process by the registered player, the Progressive's meter frozen at its seed."""
    setup = TableSetup("688a", wagers, paytable, CHAPTER_SHOE, seats=seats)
    setup = dataclasses.replace(setup, meters=ROUND_GAME.meters(setup, RATE_ZERO))
    player = ROUND_GAME.table(setup)
    shoe = Shoe(setup.shoe, np.random.default_rng(seed))
    rounds_played = []
    for _ in range(rounds):
        shoe.begin_round()
        rounds_played.append(list(player(shoe)))
    return rounds_played


def _poisson_tail(count: int, mean: float, upper: bool) -> float:
    """P(X >= count) (upper) or P(X <= count) for X ~ Poisson(mean)."""
    below = sum(math.exp(-mean + k * math.log(mean) - math.lgamma(k + 1)) for k in range(count)) if mean > 0 else 1.0
    if upper:
        return 1.0 - below if count > 0 else 1.0
    at = math.exp(-mean + count * math.log(mean) - math.lgamma(count + 1)) if mean > 0 else float(count == 0)
    return below + at


def row_disagreements(
    counts: Counter[str], probabilities: dict[str, Fraction], trials: int, comparisons: int
) -> list[str]:
    """Rows whose count is implausible under the exact probability, at a Bonferroni share of 1 % familywise:
    a normal two-sided test where 20 or more are expected, exact Poisson tails below that (rare rows)."""
    alpha = FAMILYWISE_ERROR / comparisons
    found = []
    unknown = set(counts) - set(probabilities)
    if unknown:
        found.append(f"rows not in the paytable: {sorted(unknown)}")
    for row, probability in sorted(probabilities.items()):
        expected = trials * float(probability)
        seen = counts.get(row, 0)
        if expected >= 20:
            z = abs(seen - expected) / math.sqrt(expected * (1 - float(probability)))
            p_value = 2 * (1 - NormalDist().cdf(z))
        else:
            p_value = 2 * min(_poisson_tail(seen, expected, upper=seen >= expected), 0.5)
        if p_value < alpha:
            found.append(f"{row}: {seen} seen, {expected:.2f} expected (p {p_value:.2g})")
    return found


def _mean_with_exact_sd(nets: list[float], std_dev: float) -> Estimate:
    """The simulated house edge with the standard error from the exact standard deviation (heavy tails)."""
    return Estimate(-sum(nets) / len(nets), std_dev / math.sqrt(len(nets)))


def _json(args: list[str]) -> list[dict[str, Any]]:
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)  # type: ignore[no-any-return]


# --- the deal ----------------------------------------------------------------------------------------------------


class _OrderedShoe:
    """Cards 0, 1, 2, ... in order and a fixed shaker total: shows where each card goes."""

    def __init__(self, dice_total: int) -> None:
        self._total = dice_total
        self._next = 0

    def roll_dice(self, dice: int, sides: int = 6) -> int:
        assert (dice, sides) == (3, 6)
        return self._total

    def draw(self) -> object:
        card = type("C", (), {"index": self._next})()
        self._next += 1
        return card

    def draw_indices(self, count: int) -> list[int]:
        return [self.draw().index for _ in range(count)]  # type: ignore[attr-defined]


def test_688a_8_d_seven_cards_one_at_a_time_clockwise_from_the_shaker_position() -> None:
    # § 688a.5(i)(1)(iii): a total of 10 counts dealer=1 .. position 7, then the dealer again (8), 9, 10: position 3.
    shoe = _OrderedShoe(10)
    places = deal_places(shoe)  # type: ignore[arg-type]
    assert [len(cards) for cards in places] == [7] * 7
    assert places[2][0] == 0  # the first card goes to the starting position (position number 3)
    # § 688a.8(d): clockwise is the next lower position number; the dealer (1) follows position 2, then position 7.
    assert [places[index][0] for index in (2, 1, 0, 6, 5, 4, 3)] == list(range(7))
    assert places[2] == list(range(0, 49, 7))
    # § 688a.8(e): 49 cards dealt; the rest of the deck is left for the discard rack.
    assert shoe._next == 49
    # A total of 8 (or 15) starts with the dealer.
    assert deal_places(_OrderedShoe(8))[0][0] == 0  # type: ignore[arg-type]
    assert deal_places(_OrderedShoe(15))[0][0] == 0  # type: ignore[arg-type]
    assert deal_places(_OrderedShoe(9))[0][0] != 0  # type: ignore[arg-type]


def test_688a_5_a_the_deck_is_reshuffled_after_every_round_and_every_card_is_dealt_once() -> None:
    setup = TableSetup("688a", ("base",), None, CHAPTER_SHOE, seats=6)
    player = ROUND_GAME.table(setup)
    shoe = Shoe(setup.shoe, np.random.default_rng(5))
    for _ in range(3):
        shoe.begin_round()
        dealt_before = shoe.shoes_dealt
        plays = player(shoe)
        assert len(plays) == 6 and shoe.cover_card_out  # reshuffled before the next round
        assert shoe.cards_dealt == 1 + 49  # the framework's burn card and seven stacks of seven
        shoe.begin_round()
        assert shoe.shoes_dealt == dealt_before + 1


def test_688a_3_b_two_decks_alternate_round_by_round_with_a_shuffler_and_a_continuous_shuffler_deals_each_round() -> (
    None
):
    shoes = {}
    for shuffler in ("automated", "continuous"):
        (record,) = _json(["simulate", "688a", "--rounds", "40", "--chunk-rounds", "20", "--seats", "6", "--workers",
                           "1", "--shuffler", shuffler, "--format", "json"])  # fmt: skip
        assert record["rounds"] == 240
        shoes[shuffler] = record["simulation"]["shoes"]
    # § 688a.3(b)(3): a fresh (alternate) deck every round; a continuous shuffler (§ 688a.5(h)) starts no shoe.
    assert shoes == {"automated": 40, "continuous": 0}


# --- agreement with the exact figures ----------------------------------------------------------------------------

ROUNDS_A = 1_500
SEED_A = 688


@pytest.fixture(scope="module")
def deal_a() -> list[list[WagerPlay]]:
    """Six seats, every wager on paytable 1, the Progressive at its seed (rate 0)."""
    return _play("1", 6, ROUNDS_A, SEED_A)


def _rows_of(rounds: list[list[WagerPlay]], wager: str, first_seat_only: bool) -> list[WagerPlay]:
    plays = []
    for played in rounds:
        of_wager = [play for play in played if play.wager == wager]
        plays.extend(of_wager[:1] if first_seat_only else of_wager)
    return plays


_ACE_HIGH_ROW_BY_NET = dict(zip((20.0, 10.0, 8.0), ACE_HIGH_OUTCOMES, strict=True))  # paytable 1
_FORTUNE_ROW_BY_NET = {float(odds): row for row, odds in zip(FORTUNE_ORDER, FORTUNE_ODDS["1"], strict=True)}
_FORTUNE_ROW_BY_NET[0.0] = THREE_PAIR


def _check_optional_wagers(rounds: list[list[WagerPlay]], families: int = 1) -> list[str]:
    """Every Ace High, Fortune and semi-wild Progressive paytable's mean, and the rows' frequencies."""
    ace_rows = Counter(
        _ACE_HIGH_ROW_BY_NET[p.net] for p in _rows_of(rounds, "ace_high", True) if p.net > 0
    )  # one per round
    hands = len(rounds)
    fortune_plays = _rows_of(rounds, "fortune", False)
    fortune_rows = Counter(_FORTUNE_ROW_BY_NET[p.net] for p in fortune_plays if p.net >= 0)
    progressive_plays = _rows_of(rounds, "progressive", False)
    progressive_rows = Counter(p.progressive_outcome for p in progressive_plays if p.progressive_outcome)
    simulated: dict[str, Estimate] = {}
    exact: dict[str, float] = {}
    for table, odds in ACE_HIGH_ODDS.items():
        nets = [float(dict(zip(ACE_HIGH_OUTCOMES, odds, strict=True))[row]) for row in ace_rows.elements()]
        nets += [-1.0] * (hands - len(nets))
        reference = analysis.ace_high(table)
        simulated[f"ace_high {table}"] = _mean_with_exact_sd(nets, reference.std_dev)
        exact[f"ace_high {table}"] = reference.house_edge
    for table, fortune_odds in FORTUNE_ODDS.items():
        pays = dict(zip(FORTUNE_ORDER, fortune_odds, strict=True))
        nets = [
            (0.0 if table == "1" else -1.0) if row == THREE_PAIR else float(pays[row])
            for row in fortune_rows.elements()
        ]
        nets += [-1.0] * (len(fortune_plays) - len(nets))
        reference = analysis.fortune(table)
        simulated[f"fortune {table}"] = _mean_with_exact_sd(nets, reference.std_dev)
        exact[f"fortune {table}"] = reference.house_edge
    for table in ("1", "3"):  # the same rows, semi-wild joker; meters seeded at $10,000 and $2,000
        spec = progressive_meter(table, RATE_ZERO)
        nets = [float(spec.net(row, spec.seed)) for row in progressive_rows.elements()]
        nets += [-1.0] * (len(progressive_plays) - len(nets))
        reference = analysis.progressive(table)
        simulated[f"progressive {table}"] = _mean_with_exact_sd(nets, reference.std_dev)
        exact[f"progressive {table}"] = reference.house_edge
        assert float(-net_at_meter(spec, progressive_row_probabilities(table), spec.seed)) == pytest.approx(
            reference.house_edge, abs=1e-12
        )
    found = disagreements(simulated, exact, FAMILYWISE_ERROR / families)
    ace_probabilities = {k: v for k, v in analysis.ace_high_distribution().items() if k != "lose"}
    fortune_probabilities = _fortune_row_probabilities()
    comparisons = len(ace_probabilities) + len(fortune_probabilities) + 6
    found += row_disagreements(ace_rows, ace_probabilities, hands, comparisons * families)
    found += row_disagreements(fortune_rows, fortune_probabilities, len(fortune_plays), comparisons * families)
    found += row_disagreements(
        progressive_rows, progressive_row_probabilities("1"), len(progressive_plays), comparisons * families
    )
    return found


def _fortune_row_probabilities() -> dict[str, Fraction]:
    from pacomply.engine.analysis.pai_gow_poker import ALL_HANDS, seven_card_counts
    from pacomply.engine.games.face_up_pai_gow_poker import fortune_outcome

    counts: Counter[str] = Counter()
    for category, count in seven_card_counts().items():
        row = fortune_outcome(category, "1")
        if row is not None:
            counts[row] += count
    return {row: Fraction(count, ALL_HANDS) for row, count in counts.items()}


def test_688a_12_b_c_d_ace_high_fortune_and_progressive_hold_every_exact_paytable(
    deal_a: list[list[WagerPlay]],
) -> None:
    assert _check_optional_wagers(deal_a) == []


def test_688a_12_a_base_wager_agrees_with_the_numba_cross_check(deal_a: list[list[WagerPlay]]) -> None:
    # No exact figure exists; the independent face-up simulator (its own deal, setting and settlement kernels) at
    # 200,000 rounds, the standard errors of both combined.
    ours = [play.net for play in _rows_of(deal_a, "base", True)]
    mean = sum(ours) / len(ours)
    std_dev = math.sqrt(sum((net - mean) ** 2 for net in ours) / (len(ours) - 1))
    reference, _ = simulate_base("688a", 200_000, 6881)
    combined = math.hypot(std_dev / math.sqrt(len(ours)), reference.std_dev / math.sqrt(reference.rounds))
    assert disagreements({"base": Estimate(-mean, combined)}, {"base": reference.house_edge}) == []


def test_688a_12_d_progressive_paytable_4_at_its_seed_holds_the_exact_figure_through_the_cli() -> None:
    # Paytable 4: $5 wager, returned on a win, '$5,000/100% of meter' rows (reading 688a-progressive-fixed-and-meter).
    args = ["simulate", "688a", "--wager", "progressive", "--paytable", "4", "--meter-rate", "0", "--seats", "6"]
    (record,) = _json([*args, "--rounds", "800", "--chunk-rounds", "400", "--seed", "4", "--workers", "1",
                       "--format", "json"])  # fmt: skip
    (exact,) = _json(["edge", "688a", "--wager", "progressive", "--paytable", "4", "--format", "json"])
    meter = record["simulation"]["meter"]
    assert meter["house_edge_at_reset_exact"] == exact["house_edge"]
    assert (meter["reset"], meter["rate"], meter["wager_amount"]) == ("10000", 0.0, "5")
    estimate = Estimate(float(record["house_edge"]), float(exact["std_dev"]) / math.sqrt(int(record["rounds"])))
    assert disagreements({"progressive 4": estimate}, {"progressive 4": float(exact["house_edge"])}) == []
    assert record["rounds"] == 6 * 800
    assert record["paytable_rows"] == exact["paytable_rows"] and record["citation"] == exact["citation"]
    # Paytable 4 has a Reserve Rate: its reading is added to edge's.
    assert str(record["reading"]).startswith(f"{exact['reading']} | 688a-progressive-reserve: ")


# --- reports, reproducibility, bad input -------------------------------------------------------------------------

SMALL = ["simulate", "688a", "--paytable", "1", "--rounds", "400", "--chunk-rounds", "200", "--seed", "9",
         "--format", "json"]  # fmt: skip


def test_688a_simulation_is_byte_identical_for_a_seed_and_independent_of_workers() -> None:
    one = CliRunner().invoke(app, [*SMALL, "--workers", "1"])
    two = CliRunner().invoke(app, [*SMALL, "--workers", "2"])
    assert one.exit_code == two.exit_code == 0
    assert one.stdout == two.stdout
    records = {str(record["wager"]): record for record in json.loads(one.stdout)}
    assert sorted(records) == ["ace_high", "base", "fortune", "progressive"]
    # The filed meter by default: paytable 1's $10,000 seed and 28 % rate of progression (§ 688a.12(d)).
    meter = records["progressive"]["simulation"]["meter"]
    assert (meter["reset"], meter["rate"], meter["wager_amount"]) == ("10000", 0.28, "1")
    assert meter["contributed_per_wager"] == pytest.approx(0.28)


def test_688a_simulated_records_carry_edges_citation_reading_strategy_and_rows(monkeypatch: pytest.MonkeyPatch) -> None:
    # edge's base-game figure is a 1,000,000-round simulation; its facts do not depend on the count, so a short one.
    original = analysis.base
    monkeypatch.setattr(analysis, "base", lambda: original(rounds=2_000, seed=1))
    simulated = {str(r["wager"]): r for r in _json([*SMALL, "--rounds", "50", "--workers", "1"])}
    exact = {
        wager: _json(["edge", "688a", "--wager", wager, *([] if wager == "base" else ["--paytable", "1"]),
                      "--format", "json"])[0]
        for wager in simulated
    }  # fmt: skip
    for wager, record in simulated.items():
        for key in ("chapter", "wager", "paytable", "decks", "citation", "reading", "strategy", "paytable_rows"):
            assert record[key] == exact[wager][key], (wager, key)
        assert record["method"] == "simulation"


def test_688a_bad_input_exits_2_with_the_reason() -> None:
    cases = {
        ("--wager", "nope"): "688a has no wager nope",
        ("--paytable", "9"): "688a has no paytable '9'",
        ("--wager", "fortune"): "--paytable 1, 2, 3, 4, 5, 6",
        ("--wager", "ace_high", "--paytable", "6"): "--paytable 1, 2, 3, 4, 5 ('6' is not one)",
        ("--decks", "2"): "one 53-card deck",
        ("--seats", "7"): "seats: 7 is not 1-6",
        ("--paytable", "2", "--meter-rate", "150%"): "--meter-rate 150% is not from 0 to under 100%",
        ("--meter-reset", "5000"): "no progressive wager of 688a",
    }
    for extra, reason in cases.items():
        result = CliRunner().invoke(app, ["simulate", "688a", "--rounds", "10", "--workers", "1", *extra])
        assert result.exit_code == 2, (extra, result.output)
        assert reason in result.output, (extra, result.output)
        assert "Traceback" not in result.output
    # The passing case: the same command with good arguments.
    ok = CliRunner().invoke(app, ["simulate", "688a", "--rounds", "10", "--workers", "1", "--paytable", "2"])
    assert ok.exit_code == 0, ok.output


# --- the progressive meter ---------------------------------------------------------------------------------------


def test_688a_12_d_a_meter_row_with_a_fixed_amount_pays_both_and_the_meter_accounts_for_every_dollar() -> None:
    # Paytable 4, $5 wager returned on a win: a seven-card straight flush pays $5,000 and 100 % of the meter.
    spec = progressive_meter("4", MeterChoice(rate=Fraction(1, 100)))
    meter = Meter(spec)
    assert meter.play(None) == -5.0  # contributes 5 cents
    assert meter.play("seven-card straight flush") == pytest.approx(5000 + 10_000.10)
    assert meter.value == 10_000  # re-seeded
    assert meter.play("royal flush and royal match") == pytest.approx(5000 + 0.2 * 10_000.05)
    assert meter.play("straight") == 7.5  # fixed $7.50 only
    # Every dollar: paid from the meter + what is left above the seed = contributed + re-seeded.
    assert meter.paid_from_meter + (meter.value - 10_000) == pytest.approx(meter.contributed + meter.reseeded)
    assert spec.net("seven-card straight flush", Fraction(10_000)) == 15_000
    # Paytable 1: $1 wager not returned; five aces 10 % of the meter and nothing fixed.
    spec_1 = progressive_meter("1", RATE_ZERO)
    assert spec_1.net("five aces", Fraction(10_000)) == 999 and spec_1.net(None, Fraction(10_000)) == -1


def _long_run_stream(table: str, wagers: int, seed: int) -> tuple[Meter, float, float]:
    """The filed meter of a paytable played by one seat's hands, each hand's row drawn from the exact row
    probabilities (one seat of a freshly shuffled deck: the rounds are independent, so the rows are too)."""
    probabilities = progressive_row_probabilities(table)
    rows = sorted(probabilities)
    weights = [float(probabilities[row]) for row in rows]
    draw = np.random.default_rng(seed).choice(len(rows) + 1, size=wagers, p=[*weights, 1 - sum(weights)])
    meter = Meter(progressive_meter(table, MeterChoice()))
    outcomes: list[str | None] = [*rows, None]
    total = squares = 0.0
    for index in draw.tolist():
        net = meter.play(outcomes[index])
        total += net
        squares += net * net
    mean = total / wagers
    return meter, mean, math.sqrt((squares / wagers - mean * mean) * wagers / (wagers - 1))


@pytest.mark.slow
def test_688a_12_d_the_filed_meter_pays_back_its_contributions_and_returns_more_than_at_the_seed() -> None:
    # Paytable 7: $1,000 seed, 26 % rate, seven-card straight flush 100 % and five aces 10 % of the meter. Its meter
    # rows are hit about once in 115,000 hands, so the full deal cannot reach the long run at test scale; the rows'
    # exact probabilities drive the filed meter here instead (the deal's row frequencies are checked above).
    wagers = 12_000_000
    meter, mean, std_dev = _long_run_stream("7", wagers, 7)
    spec = meter.spec
    at_seed = float(net_at_meter(spec, progressive_row_probabilities("7"), spec.seed))
    standard_error = std_dev / math.sqrt(wagers)
    # Every dollar contributed or re-seeded is paid out except what the meter holds at the end.
    left = meter.value - float(spec.seed)
    assert meter.paid_from_meter + left == pytest.approx(meter.contributed + meter.reseeded)
    assert meter.meter_hits > 50
    assert left / wagers < 0.1 * float(spec.rate)  # the meter at the end holds a small share of what came in
    # The long run returns more than at the seed, by more than its familywise interval.
    z = NormalDist().inv_cdf(1 - FAMILYWISE_ERROR / 2)
    assert mean - at_seed > z * standard_error, (mean, at_seed, standard_error)
    # And no more than the seed's return plus every contribution (what a meter that is always won would give).
    assert mean < at_seed + float(spec.rate) + z * standard_error


# --- larger runs (slow) ------------------------------------------------------------------------------------------


@pytest.mark.slow
def test_688a_12_b_c_d_at_20000_rounds_of_six_seats() -> None:
    assert _check_optional_wagers(_play("1", 6, 20_000, 6882)) == []


@pytest.mark.slow
def test_688a_12_a_base_wager_at_40000_rounds_agrees_with_the_numba_cross_check_at_2_million() -> None:
    ours = [play.net for played in _play("1", 1, 40_000, 6883, ("base",)) for play in played]
    mean = sum(ours) / len(ours)
    std_dev = math.sqrt(sum((net - mean) ** 2 for net in ours) / (len(ours) - 1))
    reference, _ = simulate_base("688a", 2_000_000, 6884)
    combined = math.hypot(std_dev / math.sqrt(len(ours)), reference.std_dev / math.sqrt(reference.rounds))
    assert disagreements({"base": Estimate(-mean, combined)}, {"base": reference.house_edge}) == []


@pytest.mark.slow
def test_688a_12_d_every_progressive_paytable_at_its_seed_holds_the_exact_figure_and_row_frequencies() -> None:
    simulated: dict[str, Estimate] = {}
    exact: dict[str, float] = {}
    found = []
    row_count = sum(len(progressive_row_probabilities(table)) for table in PROGRESSIVE_TABLES)
    for table in PROGRESSIVE_TABLES:
        plays = [p for played in _play(table, 6, 2_500, 6885, ("progressive",)) for p in played]
        spec = progressive_meter(table, RATE_ZERO)
        rows = Counter(p.progressive_outcome for p in plays if p.progressive_outcome)
        nets = [float(spec.net(row, spec.seed) / spec.wager_amount) for row in rows.elements()]
        nets += [-1.0] * (len(plays) - len(nets))
        reference = analysis.progressive(table)
        simulated[table] = _mean_with_exact_sd(nets, reference.std_dev)
        exact[table] = reference.house_edge
        probabilities = progressive_row_probabilities(table)
        found += [
            f"paytable {table}: {problem}" for problem in row_disagreements(rows, probabilities, len(plays), row_count)
        ]
    assert disagreements(simulated, exact) + found == []
