"""``pacomply simulate 685a``: Down Under Blackjack dealt from a real shoe agrees with ``pacomply edge``.

The exact figures come from ``pacomply edge 685a`` at run time: the Bet Wager from the Down Under analyzer
(:mod:`engine.analysis.down_under`, composition-dependent optimal play given the Masque range), Match-the-Dealer and
Insurance from :mod:`engine.analysis.blackjack_side_wagers` (off the top of a full shoe). The simulation deals
hand-shuffled shoes with the cover card at 75 % (cut-card effects far below these intervals), plays the analyzer's
decisions and settles every wager with :func:`engine.games.down_under_blackjack.settle`, as ``replay`` does.

Every agreement is judged familywise (``tests/simulation/agreement.py``, 1 % over all wagers of a test). Seeds were
chosen once, before the first run.

Seats: the runner's interval treats every seat's hand as independent. That holds for one seat; the seats of one round
share the dealer's cards, so Bet Wager and Insurance (all seats win or lose Insurance together) are compared with one
seat. Match-the-Dealer is compared with six seats: given the up card, the seats' matches are draws without
replacement (slightly negatively correlated) and every up card has the same chance of a match, so the interval is if
anything a little wide.
"""

from __future__ import annotations

import json
import math
from typing import cast

import pytest
from pacomply.engine.cards import Card
from pacomply.engine.simulation.down_under_blackjack import ROUND_GAME
from pacomply.engine.simulation.registry import TableSetup
from pacomply.engine.simulation.shoe import Shoe, ShoeSpec
from typer.testing import CliRunner

from pacomply.cli import app
from tests.simulation.agreement import Estimate, disagreements, from_json_record


def _records(args: list[str]) -> dict[str, dict[str, object]]:
    result = CliRunner().invoke(app, ["simulate", "685a", "--format", "json", "--no-progress", *args])
    assert result.exit_code == 0, result.output
    return {str(record["wager"]): record for record in json.loads(result.stdout)}


def _exact(wager: str, decks: int) -> dict[str, object]:
    args = ["edge", "685a", "--wager", wager, "--decks", str(decks), "--format", "json"]
    (record,) = json.loads(CliRunner().invoke(app, args).stdout)
    assert record["method"] == "exact"
    return record


def _run(rounds: int, seed: int, decks: int, wagers: tuple[str, ...], seats: int = 1) -> dict[str, dict[str, object]]:
    args = ["--rounds", str(rounds), "--chunk-rounds", str(min(rounds, 20_000)), "--seed", str(seed)]
    args += ["--decks", str(decks), "--seats", str(seats), "--workers", "1"]
    for wager in wagers:
        args += ["--wager", wager]
    return _records(args)


def _agreement(runs: dict[str, dict[str, object]]) -> list[str]:
    """``runs`` maps 'wager@decks' to its simulated record; compared with edge's exact figures familywise."""
    simulated: dict[str, Estimate] = {}
    exact: dict[str, float] = {}
    for key, record in runs.items():
        wager, decks = key.split("@")
        simulated[key] = from_json_record(record)
        exact[key] = float(_exact(wager, int(decks))["house_edge"])  # type: ignore[arg-type]
    return disagreements(simulated, exact)


@pytest.mark.parametrize("share", [2, pytest.param(1, marks=pytest.mark.slow)])
def test_685a_7_simulated_wagers_hold_edges_exact_figures(share: int) -> None:
    # Bet Wager at the default six decks and at four; the side wagers at both Match-the-Dealer deck counts. The
    # default suite deals half the rounds (share 2) with the same seeds; the slow twin deals them all. The interval
    # is the familywise one in standard errors of the sample dealt, so it widens by sqrt(2) at half the rounds.
    base, insurance, match = 20_000 // share, 100_000 // share, 10_000 // share
    base_6 = _run(base, 6851, 6, ("base",))["base"]
    base_4 = _run(base, 6852, 4, ("base",))["base"]
    insurance_6 = _run(insurance, 6853, 6, ("insurance",))["insurance"]
    insurance_8 = _run(insurance, 6854, 8, ("insurance",))["insurance"]
    match_6 = _run(match, 6855, 6, ("match_the_dealer",), seats=6)["match_the_dealer"]
    match_8 = _run(match, 6856, 8, ("match_the_dealer",), seats=6)["match_the_dealer"]
    runs = {
        "base@6": base_6,
        "base@4": base_4,
        "insurance@6": insurance_6,
        "insurance@8": insurance_8,
        "match_the_dealer@6": match_6,
        "match_the_dealer@8": match_8,
    }
    assert _agreement(runs) == []
    assert match_6["rounds"] == 6 * match and base_6["rounds"] == base


def test_685a_8_a_insurance_is_counted_per_offered_round_and_the_record_says_so() -> None:
    record = _run(20_000, 6857, 6, ("insurance",), seats=3)["insurance"]
    # Offered only on an ace up card: 24 of 312 cards, about 1 round in 13 (the burn card and cut change nothing),
    # and counted once per round with three seats — their Insurance Wagers share the hole card.
    offered = cast(int, record["rounds"])
    expected = 20_000 / 13
    assert abs(offered - expected) < 4 * math.sqrt(expected * 12 / 13)
    assert record["simulation"]["table_rounds"] == 20_000  # type: ignore[index]
    (when, what) = record["strategy"][0]["when"], record["strategy"][0]["decision"]  # type: ignore[index]
    assert when == "offered" and "'rounds' counts the offered rounds" in what


def test_685a_simulated_records_say_what_edge_says() -> None:
    simulated = _run(2_000, 6858, 6, ())
    assert sorted(simulated) == ["base", "insurance", "match_the_dealer"]
    for wager, record in simulated.items():
        exact = _exact(wager, 6)
        assert record["method"] == "simulation"
        assert (record["citation"], record["reading"], record["paytable_rows"]) == (
            exact["citation"], exact["reading"], exact["paytable_rows"],
        )  # fmt: skip
        if wager != "insurance":  # Insurance adds the 'offered' line (edge prints no strategy for it)
            # The strategy in words is edge's; edge also carries the Bet Wager's chart (its 'strategy_chart', and
            # the chart's lines after the words), which the simulation's record leaves to edge and the par sheet.
            words = len(record["strategy"])
            assert record["strategy"] == exact["strategy"][:words]
            chart = exact.get("strategy_chart")
            assert (chart is None) == (len(exact["strategy"]) == words)
            if chart is not None:
                assert len(exact["strategy"]) - words == 2 + len(chart["rows"])  # codes, columns, a row per hand
    # Four decks: Match-the-Dealer is not offered (§ 685a.6(e)), so it is left out when no wager is named.
    assert sorted(_run(1_000, 6859, 4, ())) == ["base", "insurance"]


def test_685a_simulation_is_byte_identical_for_a_seed_and_independent_of_workers() -> None:
    args = ["simulate", "685a", "--rounds", "3000", "--chunk-rounds", "1000", "--seed", "685", "--seats", "3"]
    args += ["--format", "json", "--no-progress"]
    one = CliRunner().invoke(app, [*args, "--workers", "1"])
    two = CliRunner().invoke(app, [*args, "--workers", "2"])
    assert one.exit_code == two.exit_code == 0
    assert one.stdout == two.stdout


def test_685a_a_pool_worker_adopts_the_strategy_the_planning_process_built(monkeypatch: pytest.MonkeyPatch) -> None:
    """The runner solves the Bet Wager's strategy once, in the process that plans the run, and hands it to each
    worker of its pool (``shared_tables``, through the pool's initialiser): the worker plays what it was given and
    never solves the strategy itself. Without the base wager there is no strategy to hand over. (The strategy here
    is a stand-in, so the test solves nothing; the byte-identity test above deals real rounds on a real pool.)"""
    import pickle

    from pacomply.engine.analysis.down_under import analyzer
    from pacomply.engine.simulation import down_under_blackjack, runner

    reading = down_under_blackjack.DealerAcePairReading.AS_WRITTEN
    setup = TableSetup("685a", ("base",), None, ShoeSpec(decks=6), seats=3)
    monkeypatch.setattr(down_under_blackjack, "_POLICIES", {})
    monkeypatch.setattr(analyzer, "policy_tables", lambda decks, dealer_ace_pair_is_22: ("solved", decks))
    tables = pickle.loads(pickle.dumps(ROUND_GAME.shared_tables(setup)))  # as the pool's initialiser receives them
    assert tables == {(6, reading): ("solved", 6)}

    def solved_again(*_arguments: object, **_keywords: object) -> None:
        raise AssertionError("the worker solved the strategy again")

    monkeypatch.setattr(down_under_blackjack, "_POLICIES", {})  # a freshly spawned worker's
    monkeypatch.setattr(analyzer, "policy_tables", solved_again)
    monkeypatch.setattr(runner, "_ignore_interrupts", lambda: None)  # this test process keeps its Ctrl-C
    runner._start_pool_worker(down_under_blackjack.__name__, tables)
    assert down_under_blackjack._policy(6, reading) == ("solved", 6)
    assert ROUND_GAME.shared_tables(TableSetup("685a", ("insurance",), None, ShoeSpec(decks=6))) == {}


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (["--wager", "even_money"], "685a has no wager even_money"),
        (["--decks", "4", "--wager", "match_the_dealer"], "only with six or eight decks (§ 685a.6(e))"),
        (["--paytable", "8 decks"], "not permitted with 6 decks"),
        (["--paytable", "7 decks"], "no paytable '7 decks'"),
        (["--wager", "base", "--paytable", "6 decks"], "base has no paytable"),
        (["--decks", "3"], "4, 5, 6 or 8 decks (§ 685a.3(a))"),
        (["--seats", "7"], "seats: 7 is not 1-6 (§ 685a.2(a))"),
        (["--meter-rate", "5%"], "no progressive wager"),
    ],
)
def test_685a_bad_simulation_input_exits_2_with_the_reason(args: list[str], reason: str) -> None:
    result = CliRunner().invoke(app, ["simulate", "685a", "--rounds", "10", "--workers", "1", *args])
    assert result.exit_code == 2, result.output
    assert reason in result.output
    assert "Traceback" not in result.output


class _ScriptedShoe:
    """Deals the given cards in order (the player only calls ``draw``)."""

    def __init__(self, cards: str) -> None:
        self.cards = [Card.parse(text) for text in cards.split()]
        self.drawn = 0

    def draw(self) -> Card:
        card = self.cards[self.drawn]
        self.drawn += 1
        return card


def _play(cards: str, seats: int = 1, wagers: tuple[str, ...] = ()) -> tuple[list[tuple[str, float, float]], int]:
    player = ROUND_GAME.table(TableSetup("685a", wagers, None, ShoeSpec(6), seats=seats))
    shoe = _ScriptedShoe(cards)
    plays = player(cast(Shoe, shoe))
    return [(play.wager, play.net, play.wagered) for play in plays], shoe.drawn


def _analyzer_action(up: int, hole: str, first: int, second: int, after_split: bool = False) -> str:
    """What :mod:`engine.analysis.down_under` decides (values 2-10, 11 the ace) against a non-Large up card."""
    from pacomply.engine.analysis.down_under.analyzer import LARGE, MEDIUM, SMALL, _class_solution

    classes = {"small": SMALL, "medium": MEDIUM, "large": LARGE}
    _, policy = _class_solution(6, up - 1, classes[hole], True)
    table = policy.post_split if after_split else policy.two_card
    action = int(table[first - 1 if first < 11 else 0, second - 1 if second < 11 else 0])
    return ("stand", "hit", "double", "split")[action]


def test_685a_7_e_first_cards_then_up_card_then_second_cards_then_hole_card() -> None:
    # Seat 1 gets 7c then 7d; seat 2 gets Qs then Kd; the up card is 7h (suited with no one), the hole card Ts.
    # Seat 1's two sevens match the up card unsuited (4 to 1 each, 8 in all at six decks); seat 2 matches nothing.
    plays, drawn = _play("7c Qs 7h 7d Kd Ts", seats=2, wagers=("match_the_dealer",))
    assert plays == [("match_the_dealer", 8.0, 1.0), ("match_the_dealer", -1.0, 1.0)]
    assert drawn == 6  # no Bet Wager simulated: the side wager needs only the first cards


def test_685a_3_d_3_dealer_ace_pair_is_22_and_pushes_a_19() -> None:
    # Player T-9 (19) stands against an exposed ace-ace; the dealer has 22, stands (§ 685a.7(m)), and a 19 pushes
    # (§ 685a.7(n)(1)). Insurance was offered (ace up) and loses: the hole card is not ten-valued (§ 685a.8(d)).
    plays, drawn = _play("Ts As 9h Ad 5c 5c", wagers=("base", "insurance"))
    assert sorted(plays) == [("base", 0.0, 1.0), ("insurance", -1.0, 1.0)]
    assert drawn == 4


def test_685a_7_n_1_two_original_large_cards_win_against_a_dealer_22() -> None:
    # Player K-Q (20) stands; the dealer 6 with a ten in the hole draws a 6: 22. Two original Large cards win 1 to 1.
    plays, drawn = _play("Kc 6s Qd Th 6d", wagers=("base",))
    assert plays == [("base", 1.0, 1.0)] and drawn == 5
    # The same dealer 22 against a 20 that is not two original Large cards pushes: 5-5 doubled (the analyzer's
    # decision against a 6 with a Large hole card, checked first) and drew a ten; two units at risk (§ 685a.9(a)).
    assert _analyzer_action(up=6, hole="large", first=5, second=5) == "double"
    plays, drawn = _play("5c 6s 5d Th Tc 6d", wagers=("base",))
    assert plays == [("base", 0.0, 2.0)] and drawn == 6


def test_685a_7_h_dealer_blackjack_is_exposed_and_no_card_is_dealt() -> None:
    # An ace up and a ten in the hole: both Large, so exposed; the player's 16 loses the Bet Wager at once and
    # Insurance wins 2 to 1.
    plays, drawn = _play("Tc Ad 6h Kd 5c 5c", wagers=("base", "insurance"))
    assert sorted(plays) == [("base", -1.0, 1.0), ("insurance", 2.0, 1.0)]
    assert drawn == 4


def test_685a_10_b_split_eights_are_two_hands_each_completed_in_turn() -> None:
    # 8-8 against a 6 with a Medium hole card: the analyzer splits; after the split it stands on 8-T and doubles
    # 8-3 (its decisions, checked first). The first hand gets its second card (a ten) and is completed before the
    # second hand gets any (a three, doubled, then a ten: 21). Dealer 6 + 7 = 13 draws a king: 23, a bust; both
    # hands win (§ 685a.7(o)(1)): 1 + 2 units won of 3 at risk.
    assert _analyzer_action(up=6, hole="medium", first=8, second=8) == "split"
    assert _analyzer_action(up=6, hole="medium", first=8, second=10, after_split=True) == "stand"
    assert _analyzer_action(up=6, hole="medium", first=8, second=3, after_split=True) == "double"
    plays, drawn = _play("8c 6s 8d 7h Tc 3d Ts Kd Qd", wagers=("base",))
    assert plays == [("base", 3.0, 3.0)] and drawn == 8


def test_685a_7_n_1_the_strategy_never_draws_to_two_large_cards_against_a_possible_22() -> None:
    # The analyzer pays 'two original Large cards' against a dealer 22 only when no card was drawn; the rules module
    # (reading 685a-two-large-cards) also when the hand drew and did not bust. The simulated and exact figures can
    # only part if the strategy draws to such a hand while the dealer can still reach 22. Every (up card, Masque
    # class) where it does must give the dealer a standing 17-21 on the two cards, for every hole card of the class.
    from pacomply.engine.analysis.down_under import hole_classes
    from pacomply.engine.games.down_under_blackjack import dealer_total
    from pacomply.engine.simulation.down_under_blackjack import _policy

    label = "A23456789T"
    policy = _policy(6)
    drawn_to = []
    for up in range(10):
        for seen, hole_ranks in enumerate(hole_classes(up)):
            for pair in (0, 9):  # A-A and ten-ten; A-T is a Blackjack
                if policy.two_card[up][seen][pair][pair] in (1, 2):  # hit or double
                    drawn_to.append((label[up], hole_ranks))
                    for hole in hole_ranks:
                        total = dealer_total([Card.parse(f"{label[up]}s"), Card.parse(f"{label[hole]}h")])
                        assert 17 <= total <= 21, (label[up], label[hole], total)
    assert drawn_to  # the strategy does hit A-A somewhere (else this test would check nothing)


@pytest.mark.slow
def test_685a_7_simulated_wagers_hold_edges_exact_figures_at_a_larger_round_count() -> None:
    runs = {
        "base@6": _run(400_000, 68510, 6, ("base",))["base"],
        "base@8": _run(200_000, 68511, 8, ("base",))["base"],
        "insurance@6": _run(600_000, 68512, 6, ("insurance",))["insurance"],
        "match_the_dealer@6": _run(200_000, 68513, 6, ("match_the_dealer",), seats=6)["match_the_dealer"],
    }
    assert _agreement(runs) == []
    # The Bet Wager's money at risk (doubles and splits) agrees with the analyzer's expected total wagered.
    from pacomply.engine.analysis.down_under import analyse_down_under

    record = runs["base@6"]
    simulated_wagered = cast(float, record["house_edge"]) / cast(float, record["element_of_risk"])
    assert abs(simulated_wagered - analyse_down_under(6).expected_total_wagered) < 0.01
