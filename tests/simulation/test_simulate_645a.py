"""``pacomply simulate 645a``: Pai Gow Poker dealt from a real 53-card deck agrees with ``pacomply edge``.

Where the exact figures come from:

* Fortune Bonus, Emperor's Treasure and the Progressive: ``pacomply edge`` at run time, i.e. the enumeration of all
  C(53,7) seven-card hands (:func:`engine.analysis.pai_gow_poker.seven_card_counts`); Pai Gow Insurance: edge's
  independent combinatorial count of no-pair hands by top card. Row probabilities for the row-frequency checks
  come from the same counts, mapped to rows by the rules module's classification.
* The Pai Gow Poker Wager has no exact figure (edge itself simulates it). It is compared with the chapter's
  independent numba cross-check simulator (:func:`engine.simulation.pai_gow_poker.simulate_base`: its own deal, its
  own settlement on packed values, unrounded 5 % vigorish) at a much larger round count; the two estimates must
  agree within the familywise interval of their difference, whose standard error combines both:
  sqrt(se_round² + se_numba²).

Agreement uses :mod:`tests.simulation.agreement` (familywise 1 % over the wagers of each test). Seeds were chosen
once, before the first run. Heavy-tailed wagers (Fortune/Emperor's 8,000 to 1, the Progressive's meter) are also
checked row by row: each row's count against its exact probability (rows too rare to be seen pooled into one bin).
"""

from __future__ import annotations

import json
import math
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from fractions import Fraction

import numpy as np
import pytest
from pacomply.engine.analysis import pai_gow_poker as analysis
from pacomply.engine.cards import Card
from pacomply.engine.games import pai_gow_poker as rules
from pacomply.engine.replay import replay_round
from pacomply.engine.simulation import pai_gow_rounds as game
from pacomply.engine.simulation.pai_gow_poker import simulate_base
from pacomply.engine.simulation.progressive import Meter, net_at_meter
from pacomply.engine.simulation.registry import MeterChoice, SimulationUnavailable, TableSetup, round_game
from pacomply.engine.simulation.runner import SimulationPlan, run
from pacomply.engine.simulation.shoe import Shoe, ShoeSpec
from pacomply.regulations.chapter_645a import FORTUNE_ODDS, FORTUNE_ORDER, INSURANCE_ODDS, INSURANCE_OUTCOMES
from pacomply.regulations.rulebook import Shuffler
from typer.testing import CliRunner

from pacomply.cli import app
from tests.simulation.agreement import Estimate, disagreements, familywise_z, from_json_record

MODULE = "pacomply.engine.simulation.pai_gow_rounds"
DECK = ShoeSpec(decks=1, jokers_per_deck=1)
SIMULATE = ["simulate", "645a", "--format", "json", "--no-progress"]
#: The dice total of a fresh player's first round (its shaker is seeded with DICE_SEED).
_SHAKER = random.Random(game.DICE_SEED)
_FIRST_TOTAL = sum(_SHAKER.randint(1, 6) for _ in range(game.DICE))


def _records(args: list[str]) -> dict[str, dict[str, object]]:
    result = CliRunner().invoke(app, [*SIMULATE, *args])
    assert result.exit_code == 0, result.output
    return {str(record["wager"]): record for record in json.loads(result.stdout)}


def _edge(wager: str, paytable: str | None = None) -> dict[str, object]:
    args = ["edge", "645a", "--wager", wager, "--format", "json"]
    if paytable is not None:
        args += ["--paytable", paytable]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    (record,) = json.loads(result.stdout)
    return record


# --- the deal ---------------------------------------------------------------------------------------------------


class _StackedDeck:
    """A stand-in shoe handing out a fixed card order (for rigged deals)."""

    def __init__(self, cards: Sequence[int]) -> None:
        self._cards = list(cards)
        self.drawn = 0
        self.cover_card_out = False

    def draw(self) -> Card:
        card = Card.from_index(self._cards[self.drawn])
        self.drawn += 1
        return card

    def draw_indices(self, count: int) -> list[int]:
        return [self.draw().index for _ in range(count)]


def test_645a_8_d_seven_cards_to_every_position_clockwise_from_the_dice_count() -> None:
    for total in range(3, 19):
        order = game.deal_order(total)
        assert Counter(order) == {position: 7 for position in range(7)}
        # § 645a.5(i)(1)(iii): counting from the dealer as one, the total's count starts; § 645a.8(d): clockwise,
        # i.e. back down the counterclockwise count, one card at a time.
        assert order[0] == (total - 1) % 7
        assert all(order[k + 1] == (order[k] - 1) % 7 for k in range(48))
    # A total of 8 counts round to the dealer again: the dealer gets the first card; 3 starts at position 2.
    assert game.deal_order(8)[0] == 0 and game.deal_order(3)[:3] == (2, 1, 0)
    assert game.deal_order(3) != game.deal_order(4)


def test_645a_8_e_forty_nine_cards_dealt_four_left_and_the_deck_reshuffled_each_round() -> None:
    shoe = Shoe(DECK, np.random.default_rng(645))
    setup = TableSetup("645a", ("base",), None, DECK, seats=6)
    player = round_game("645a").table(setup)
    shoe.begin_round()
    plays = player(shoe)
    # The burn card of the fresh deck, then 7 × 7 cards; the four left are not dealt (§ 645a.8(e)).
    assert shoe.cards_dealt == 1 + 49 and len(plays) == 6
    # § 645a.5(a): shuffled after every round.
    assert shoe.cover_card_out
    shoe.begin_round()
    assert shoe.cards_dealt == 1 and shoe.shoes_dealt == 2


def test_645a_11_simulated_rounds_settle_exactly_as_replay_settles_them() -> None:
    # The same deal twice: once through the simulator's player, once written out as a recorded round for replay.
    setup = TableSetup("645a", ("base", "fortune", "emperors_treasure", "insurance"), "B", DECK, seats=3)
    player = round_game("645a").table(setup)
    for seed in range(40):
        simulated = player(Shoe(DECK, np.random.default_rng(seed)))
        # A fresh player's first round: the shaker's first total.
        stacks = game.deal(Shoe(DECK, np.random.default_rng(seed)), _FIRST_TOTAL)
        record = {
            "chapter": "645a",
            "dealer": [str(Card.from_index(card)) for card in stacks[0]],
            "paytables": {"fortune": "B", "emperors_treasure": "B", "insurance": "B"},
            "players": [
                {
                    "seat": seat,
                    "cards": [str(Card.from_index(card)) for card in stacks[seat]],
                    "wagers": {"base": 5, "fortune": 1, "emperors_treasure": 1, "insurance": 1},
                }
                for seat in (1, 2, 3)
            ],
        }
        replayed = {s.wager: s for s in replay_round(record).settlements}
        expected = [
            (wager, float(replayed[f"seat {seat} {wager}"].net / (5 if wager == "base" else 1)))
            for seat in (1, 2, 3)
            for wager in setup.wagers
        ]
        assert [(play.wager, play.net) for play in simulated] == expected
        player = round_game("645a").table(setup)  # a fresh player: its dice restart with the seed


def test_645a_8_d_the_deal_gives_each_position_the_cards_the_deal_order_sends_it() -> None:
    """The round's deal (one slice of the shoe, shared with 688a) and the deal order read from § 645a.8(d) agree for
    every dice total: card k of the 49 goes to position deal_order(total)[k]."""
    for total in range(3, 19):
        stacks = game.deal(_StackedDeck(range(49)), total)  # type: ignore[arg-type]
        expected: list[list[int]] = [[] for _ in range(7)]
        for card, position in enumerate(game.deal_order(total)):
            expected[position].append(card)
        assert stacks == expected, total


def test_645a_13_e_five_aces_pays_ten_percent_of_the_meter_and_the_wager_is_collected() -> None:
    # Rig a deal: betting position 1 receives A A A A joker 2 3 (five aces), everyone else small cards.
    order = game.deal_order(_FIRST_TOTAL)
    five_aces = [Card.parse(text).index for text in ("As", "Ah", "Ad", "Ac", "JK", "2c", "3d")]
    rest = iter(index for index in range(52) if index not in five_aces)
    hands: dict[int, list[int]] = {1: list(five_aces)}
    cards = [hands[1].pop(0) if position == 1 else next(rest) for position in order]
    setup = TableSetup("645a", ("progressive",), None, DECK, seats=2)
    (spec,) = round_game("645a").meters(setup, MeterChoice(rate=Fraction(1, 10)))  # type: ignore[attr-defined]
    player = round_game("645a").table(TableSetup("645a", ("progressive",), None, DECK, seats=2, meters=(spec,)))
    plays = player(_StackedDeck(cards))  # type: ignore[arg-type]
    assert [play.progressive_outcome for play in plays] == ["five aces", None]
    assert all(play.net == -1.0 for play in plays)
    meter = Meter(spec)
    # § 645a.13(e)(1): 10 % of the meter ($2,000 + 10¢ contributed); § 645a.8(b)(2): the $1 wager is not returned.
    assert meter.play("five aces") == pytest.approx(0.1 * 2000.1 - 1)
    assert meter.play(None) == -1.0
    # The failing side: a meter row reported for a hand below a full house would be a KeyError, not a payment.
    with pytest.raises(KeyError):
        meter.play("three-of-a-kind")


# --- what a report says ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("wager", "paytable"),
    [("base", None), ("insurance", "A"), ("insurance", "B"), ("progressive", "645a.13(e)")]
    + [(wager, table) for wager in ("fortune", "emperors_treasure") for table in "ABCD"],
)
def test_645a_13_simulated_records_show_what_edge_shows(wager: str, paytable: str | None) -> None:
    simulated = _records(
        ["--wager", wager, "--rounds", "20", "--chunk-rounds", "20", "--workers", "1"]
        + (["--paytable", paytable] if paytable else [])
    )[wager]
    exact = _edge(wager, paytable)
    for key in ("citation", "reading", "strategy", "paytable_rows"):
        assert simulated[key] == exact[key], key
    assert simulated["paytable"] == paytable and simulated["method"] == "simulation"


# --- agreement with the exact figures ---------------------------------------------------------------------------


# The agreement tests run in this process (--workers 1; simulate's default is a pool of one process per core): the
# figures are the same for any number of workers (the byte-identical test below), and each of a pool's processes
# would pay the imports again.
def _agree(records: Mapping[str, Mapping[str, object]], exact: Mapping[str, float]) -> list[str]:
    return disagreements({wager: from_json_record(record) for wager, record in records.items()}, exact)


@pytest.mark.parametrize("share", [2, pytest.param(1, marks=pytest.mark.slow)])
def test_645a_13_b_c_d_optional_wagers_on_paytable_a_hold_the_exact_figures(share: int) -> None:
    # The default suite deals half the rounds with the same seed; the slow twin (share 1) deals today's full count.
    # The familywise interval is in standard errors of the rounds dealt, so it is sqrt(2) wider at half.
    rounds, chunk = str(4000 // share), str(2000 // share)
    records = _records(
        ["--paytable", "A", "--seats", "6", "--rounds", rounds, "--chunk-rounds", chunk, "--workers", "1"]
    )
    records.pop("base")
    assert sorted(records) == ["emperors_treasure", "fortune", "insurance"]
    exact = {wager: float(_edge(wager, "A")["house_edge"]) for wager in records}  # type: ignore[arg-type]
    assert _agree(records, exact) == []
    assert all(record["rounds"] == 6 * 4000 // share for record in records.values())


def _base_against_numba(rounds: int, numba_rounds: int, seed: int) -> list[str]:
    record = _records(["--wager", "base", "--rounds", str(rounds), "--seed", str(seed), "--workers", "1"])["base"]
    simulated = from_json_record(record)
    cross_check, _ = simulate_base("645a", numba_rounds, seed)
    combined = math.hypot(simulated.standard_error, cross_check.standard_error)
    # The difference of two independent estimates of one edge, against 0, with the combined standard error.
    return disagreements(
        {"base - numba cross-check": Estimate(simulated.house_edge - cross_check.house_edge, combined)},
        {"base - numba cross-check": 0.0},
    )


@pytest.mark.parametrize("share", [2, pytest.param(1, marks=pytest.mark.slow)])
def test_645a_13_a_base_game_agrees_with_the_independent_numba_cross_check(share: int) -> None:
    # The default suite deals half of both samples with the same seed; the slow twin (share 1) deals today's full
    # counts. The interval is in the combined standard error of the samples dealt, so it is sqrt(2) wider at half.
    assert _base_against_numba(rounds=8_000 // share, numba_rounds=300_000 // share, seed=6451) == []


def test_645a_13_e_progressive_frozen_at_the_reset_holds_the_exact_figure() -> None:
    records = _records(
        ["--wager", "progressive", "--seats", "6", "--rounds", "3000", "--chunk-rounds", "1500", "--workers", "1"]
    )
    record = records["progressive"]
    meter = record["simulation"]["meter"]  # type: ignore[index]
    exact = float(_edge("progressive")["house_edge"])  # type: ignore[arg-type]
    # The row probabilities give edge's figure exactly (the same enumeration through the meter's paytable).
    assert meter["house_edge_at_reset_exact"] == pytest.approx(exact, abs=1e-6)
    assert meter["reset"] == "2000" and meter["rate"] == 0.0 and meter["contributed_per_wager"] == 0
    assert _agree({"progressive": record}, {"progressive": exact}) == []


def test_645a_13_e_2_row_probabilities_price_the_wager_at_any_reset_as_the_analysis_does() -> None:
    rounds_game = round_game("645a")
    setup = TableSetup("645a", ("progressive",), None, DECK)
    for reset in (Fraction(2000), Fraction(7500)):
        (spec,) = rounds_game.meters(setup, MeterChoice(reset=reset))  # type: ignore[attr-defined]
        probabilities = rounds_game.row_probabilities(setup, "progressive")  # type: ignore[attr-defined]
        assert spec.wager_returned is False and spec.seed == reset
        assert -net_at_meter(spec, probabilities, reset) == analysis.progressive(reset).exact_house_edge
    # Full house or better, as edge counts it: the probabilities sum to the wager's exact hit frequency.
    assert float(sum(probabilities.values())) == pytest.approx(analysis.progressive().hit_frequency, abs=1e-12)


def test_645a_13_e_a_growing_meter_pays_more_on_the_same_cards_and_accounts_for_every_dollar() -> None:
    # Same seed, same cards: only the meter differs. A positive rate can only raise the player's result; what the
    # meter paid never exceeds what went in (contributions + re-seeds), since the meter never ends below its reset.
    # (paid ≈ contributed + re-seeded holds only over many seven-card straight flushes, about 1 in 1.5 million
    # hands: the slow test checks the one-sided bounds at a larger count.)
    def meter_run(rate: Fraction) -> tuple[float, object]:
        setup = TableSetup("645a", ("progressive",), None, DECK, seats=6)
        (spec,) = round_game("645a").meters(setup, MeterChoice(rate=rate))  # type: ignore[attr-defined]
        setup = TableSetup("645a", ("progressive",), None, DECK, seats=6, meters=(spec,))
        estimate = run(SimulationPlan(MODULE, setup, 2000, 13, 1000), workers=1).estimate("progressive")
        return estimate.result.mean, estimate.meter

    frozen_mean, frozen = meter_run(Fraction(0))
    growing_mean, growing = meter_run(Fraction(5, 100))
    assert growing_mean >= frozen_mean
    assert growing.contributed == pytest.approx(0.05 * 12_000)  # type: ignore[attr-defined]
    assert growing.paid_from_meter <= growing.contributed + growing.reseeded  # type: ignore[attr-defined]
    assert frozen.contributed == 0.0  # type: ignore[attr-defined]


# --- row frequencies of the heavy-tailed wagers ------------------------------------------------------------------


def _row_check(counts: Mapping[str, int], probabilities: Mapping[str, Fraction], hands: int) -> list[str]:
    """Each row's count against its exact probability, familywise 1 % over the bins. Rows expected fewer than 20
    times are pooled into one bin; a bin expected 20+ times uses the normal approximation, a smaller pooled bin the
    exact Poisson tails."""
    frequent = {row: p for row, p in probabilities.items() if p * hands >= 20}
    rare = {row: p for row, p in probabilities.items() if row not in frequent}
    bins: dict[str, tuple[int, float]] = {row: (counts.get(row, 0), float(p)) for row, p in frequent.items()}
    if rare:
        bins["rare rows pooled"] = (sum(counts.get(row, 0) for row in rare), float(sum(rare.values())))
    unknown = sorted(set(counts) - set(probabilities))
    problems = [f"rows without a probability: {unknown}"] if unknown else []
    alpha = 0.01 / len(bins)
    z = familywise_z(len(bins))
    for name, (count, p) in sorted(bins.items()):
        expected = p * hands
        if expected >= 20:
            away = (count - expected) / math.sqrt(hands * p * (1 - p))
            if abs(away) > z:
                problems.append(f"{name}: {count} seen, {expected:.1f} expected ({away:.2f} sd)")
        else:
            below = sum(math.exp(-expected) * expected**k / math.factorial(k) for k in range(count + 1))
            above = 1 - below + math.exp(-expected) * expected**count / math.factorial(count)
            if min(below, above) < alpha / 2:
                problems.append(f"{name}: {count} seen, {expected:.2f} expected (Poisson tail)")
    return problems


def _exact_rows(wager: str) -> dict[str, Fraction]:
    if wager == "insurance":
        by_top: dict[str, int] = {}
        for (top, _joker), count in analysis.no_pair_hands_by_top().items():
            name = INSURANCE_OUTCOMES[top - rules.HIGH_CARD_TOP_NINE]
            by_top[name] = by_top.get(name, 0) + count
        return {row: Fraction(count, analysis.ALL_HANDS) for row, count in by_top.items()}
    mapping = rules.FORTUNE_OUTCOME if wager == "fortune" else rules.EMPERORS_OUTCOME
    rows: dict[str, int] = {}
    for category, count in analysis.seven_card_counts().items():
        row = mapping.get(category)
        if row is not None and count:
            rows[row] = rows.get(row, 0) + count
    return {row: Fraction(count, analysis.ALL_HANDS) for row, count in rows.items()}


def _row_counts(rounds: int, seed: int, paytable: str = "A") -> tuple[dict[str, Counter[str]], int]:
    """Deal ``rounds`` rounds of six seats with the three fixed-odds wagers and the Progressive (metered), and count
    the paytable rows hit; a fixed-odds row is recognised by its payout (each table's odds are distinct)."""
    shoe = Shoe(DECK, np.random.default_rng(seed))
    fixed = round_game("645a").table(
        TableSetup("645a", ("fortune", "emperors_treasure", "insurance"), paytable, DECK, seats=6)
    )
    setup = TableSetup("645a", ("progressive",), None, DECK, seats=6)
    meters = round_game("645a").meters(setup, MeterChoice())  # type: ignore[attr-defined]
    progressive = round_game("645a").table(TableSetup("645a", ("progressive",), None, DECK, seats=6, meters=meters))
    by_odds = {
        "fortune": dict(zip(FORTUNE_ODDS[paytable], FORTUNE_ORDER, strict=True)),
        "emperors_treasure": dict(zip(FORTUNE_ODDS[paytable], rules.EMPERORS_ORDER, strict=True)),
        "insurance": dict(zip(INSURANCE_ODDS[paytable], INSURANCE_OUTCOMES, strict=True)),
    }
    counts: dict[str, Counter[str]] = {wager: Counter() for wager in (*by_odds, "progressive")}
    for index in range(rounds):
        shoe.begin_round()
        player = fixed if index % 2 == 0 else progressive
        for play in player(shoe):
            if play.wager == "progressive":
                if play.progressive_outcome is not None:
                    counts["progressive"][play.progressive_outcome] += 1
            elif play.net > 0:
                counts[play.wager][by_odds[play.wager][int(play.net)]] += 1
    return counts, rounds * 6 // 2


def _progressive_rows() -> dict[str, Fraction]:
    setup = TableSetup("645a", ("progressive",), None, DECK)
    return dict(round_game("645a").row_probabilities(setup, "progressive"))  # type: ignore[attr-defined]


def test_645a_13_row_frequencies_of_the_heavy_tailed_wagers_match_the_enumeration() -> None:
    counts, hands = _row_counts(rounds=5000, seed=64513)
    problems = []
    for wager in ("fortune", "emperors_treasure", "insurance"):
        problems += [f"{wager} {p}" for p in _row_check(counts[wager], _exact_rows(wager), hands)]
    problems += [f"progressive {p}" for p in _row_check(counts["progressive"], _progressive_rows(), hands)]
    assert problems == []
    # The failing side: the Fortune counts checked against the Insurance probabilities are rejected.
    assert _row_check(counts["fortune"], _exact_rows("insurance"), hands) != []


# --- reproducibility and bad input ------------------------------------------------------------------------------


def test_645a_simulation_is_byte_identical_for_a_seed_and_independent_of_workers() -> None:
    args = [*SIMULATE, "--paytable", "C", "--seats", "2", "--rounds", "1200", "--chunk-rounds", "300", "--seed", "9"]
    one = CliRunner().invoke(app, [*args, "--workers", "1"])
    two = CliRunner().invoke(app, [*args, "--workers", "2"])
    assert one.exit_code == two.exit_code == 0, one.output + two.output
    assert one.stdout == two.stdout
    other_seed = CliRunner().invoke(app, [*args[:-1], "10", "--workers", "1"])
    assert other_seed.stdout != one.stdout


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (["--wager", "pai_gow"], "645a has no wager pai_gow"),
        (["--decks", "2"], "one 53-card deck (§ 645a.3(a))"),
        (["--paytable", "E"], "--paytable E is not a 645a paytable (645a.13(e), A, B, C, D)"),
        (["--wager", "insurance", "--paytable", "C"], "--paytable A, B"),
        (["--wager", "fortune"], "needs a paytable: --paytable A, B, C, D"),
        (["--wager", "progressive", "--paytable", "A"], "--paytable 645a.13(e)"),
        (["--meter-reset", "1500"], "at least $2,000 (§ 645a.13(e)(2))"),
        (["--meter-rate", "150%"], "--meter-rate 150%"),
        (["--paytable", "A", "--meter-rate", "5%"], "no progressive wager of 645a"),
        (["--seats", "7"], "seats: 7 is not 1-6"),
        (
            ["--seats", "7", "--meter-reset", "10"],
            "seats: 7 is not 1-6 betting positions (§ 645a.2(a)); --meter-reset 10",
        ),
    ],
)
def test_645a_bad_simulation_input_exits_2_with_the_reason(args: list[str], reason: str) -> None:
    result = CliRunner().invoke(app, [*SIMULATE, "--rounds", "10", "--workers", "1", *args])
    assert result.exit_code == 2, result.output
    assert reason in result.output and "Traceback" not in result.output


def test_645a_paytable_choice_and_default_wagers() -> None:
    rounds = round_game("645a")
    assert rounds.table(TableSetup("645a", (), None, DECK)) is not None
    assert rounds._wagers(TableSetup("645a", (), None, DECK), None) == ("base", "progressive")  # type: ignore[attr-defined]
    assert rounds._wagers(TableSetup("645a", (), "C", DECK), "C") == (  # type: ignore[attr-defined]
        "base",
        "fortune",
        "emperors_treasure",
    )
    with pytest.raises(SimulationUnavailable, match="Fortune Bonus Wager has no paytable 'x'"):
        rounds.table(TableSetup("645a", ("fortune",), "x", DECK))
    continuous = ShoeSpec(decks=1, jokers_per_deck=1, shuffler=Shuffler.CONTINUOUS)
    assert rounds.table(TableSetup("645a", ("base",), None, continuous)) is not None


# --- larger counts ----------------------------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("paytable", ["A", "B", "C", "D"])
def test_645a_13_b_c_d_every_optional_paytable_holds_the_exact_figures_at_scale(paytable: str) -> None:
    records = _records(
        ["--paytable", paytable, "--seats", "6", "--rounds", "40000", "--seed", f"645{ord(paytable)}", "--workers", "2"]
    )
    records.pop("base")
    exact = {wager: float(_edge(wager, paytable)["house_edge"]) for wager in records}  # type: ignore[arg-type]
    assert _agree(records, exact) == []


@pytest.mark.slow
def test_645a_13_a_base_game_agrees_with_the_numba_cross_check_at_scale() -> None:
    assert _base_against_numba(rounds=200_000, numba_rounds=4_000_000, seed=64520) == []


@pytest.mark.slow
def test_645a_13_row_frequencies_at_scale() -> None:
    counts, hands = _row_counts(rounds=60_000, seed=64530, paytable="B")
    problems = []
    for wager in ("fortune", "emperors_treasure", "insurance"):
        problems += [f"{wager} {p}" for p in _row_check(counts[wager], _exact_rows(wager), hands)]
    problems += [f"progressive {p}" for p in _row_check(counts["progressive"], _progressive_rows(), hands)]
    assert problems == []
