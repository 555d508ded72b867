"""``pacomply simulate 633a --wager switch``: Blackjack Switch (§ 633a.12(a)) rounds from a real shoe against ``edge``.

The exact figure is ``pacomply edge 633a --wager switch`` at run time: the switching decision and each hand's
composition-dependent play, which is also the policy the simulation plays
(:func:`engine.analysis.blackjack.switch.switch_policy`). ``edge`` values each hand with only its own two cards out of
the shoe (the own-cards approximation); the simulation deals every card from one shoe, so the two differ by that
approximation (and the cut card), which the analysis's own 6-million-round cross-check bounds far inside the
intervals used here. Means are compared with :mod:`tests.simulation.agreement` (familywise 1 %); seeds chosen once.

The scripted rounds deal fixed cards through the round player and check the switch, the play and the settlement of
§ 633a.12(a)(5) directly. Where a test relies on the policy's choice (switch or keep), it asserts that choice from the
policy arrays first, so a changed policy fails there and not in the arithmetic.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

import pytest
from pacomply.engine.analysis.blackjack import BlackjackRules, analyse_switch
from pacomply.engine.analysis.blackjack.switch import switch_policy
from pacomply.engine.simulation import blackjack as game
from pacomply.engine.simulation.registry import TableSetup, WagerPlay
from pacomply.engine.simulation.shoe import ShoeSpec
from pacomply.regulations import chapter_633a as book
from typer.testing import CliRunner

from pacomply.cli import app
from tests.simulation.agreement import disagreements, from_json_record
from tests.simulation.scripted_shoe import ScriptedShoe

DECKS = 6
SIMULATE = ["simulate", "633a", "--seed", "6312", "--format", "json", "--no-progress"]
RANK_INDEX = {"A": 0, "T": 9, "J": 9, "Q": 9, "K": 9}


def _index(card: str) -> int:
    return RANK_INDEX.get(card[0], int(card[0]) - 1 if card[0].isdigit() else 0)


def _switches(up: str, box_one: str, box_two: str) -> bool:
    """The policy's switch decision for box one's and box two's first and second cards against ``up``."""
    policy = switch_policy(BlackjackRules(decks=DECKS, late_surrender=False))
    (a, b), (c, d) = box_one.split(), box_two.split()
    return bool(policy["switch"][_index(up), _index(a), _index(b), _index(c), _index(d)])


def _round(cards: str, wagers: tuple[str, ...] = ("switch",)) -> tuple[Sequence[WagerPlay], ScriptedShoe]:
    setup = TableSetup("633a", wagers, None, ShoeSpec(decks=DECKS))
    shoe = ScriptedShoe(cards)
    return game.ROUND_GAME.table(setup)(shoe), shoe  # type: ignore[arg-type]


def _switch(cards: str) -> tuple[tuple[float, float], int]:
    plays, shoe = _round(cards)
    [play] = plays
    assert play.wager == "switch"
    return (play.net, play.wagered), shoe.dealt


# --- scripted rounds --------------------------------------------------------------------------------------------


def test_633a_12_a_4_second_cards_are_exchanged_and_both_hands_played() -> None:
    # Box one T-6, box two 5-T against a 6: switching makes T-T (20) and 5-6 (11). Deal order (§ 633a.7(f),
    # § 633a.12(a)(3)): box one's first, box two's first, the up card, box one's second, box two's second, the hole.
    assert _switches("6h", "Ts 6d", "5c Td")
    # 20 stands; 11 doubles and takes a 9 (20, two units); dealer 6+T draws a king and busts: +1 +2 on 3 units.
    assert _switch("Ts 5c 6h 6d Td Th 9s Kc") == ((3 / 2, 3 / 2), 8)


def test_633a_12_a_4_hands_are_kept_when_switching_does_not_help() -> None:
    # T-9 and T-8: exchanging the second cards gives the same two hands, so the policy keeps them.
    assert not _switches("6h", "Ts 9d", "Tc 8d")
    # Both stand; dealer 6+5 draws a 9: 20 beats both: -2 on two units.
    assert _switch("Ts Tc 6h 9d 8d 5c 9s") == ((-1.0, 1.0), 7)


def test_633a_12_a_5_v_a_dealer_22_returns_every_hand_of_21_or_less() -> None:
    # 19 and 18 stand against a 6; the dealer's 6+6 draws a ten: 22. At a standard table both would win.
    assert _switch("Ts Tc 6h 9d 8d 6c Kd") == ((0.0, 1.0), 7)
    # A busted hand still loses (§ 633a.7(p)(1) decides it before the dealer's 22): T-6 and T-8 against a 9 are kept
    # (the exchange gives the same hands); the policy hits 16 and a king busts it; 18 stands; dealer 9+3 draws a ten.
    assert not _switches("9h", "Ts 6d", "Tc 8d")
    assert switch_policy(BlackjackRules(decks=DECKS, late_surrender=False))["two_card"][8, 9, 5] == 1
    assert _switch("Ts Tc 9h 6d 8d 3c Kd Td") == ((-0.5, 1.0), 8)


def test_633a_12_a_5_natural_blackjack_against_a_low_up_card_is_paid_at_once() -> None:
    # A-K and T-7 against a 9: kept. Dealer 9+3 draws a ten: 22. The natural was paid 3 to 2 before the dealer drew
    # (§ 633a.7(i)(1)(i), reading 633a-switch-blackjack); 17 is returned by the dealer 22 (§ 633a.12(a)(5)(v)).
    assert not _switches("9h", "As Kd", "Tc 7d")
    assert _switch("As Tc 9h Kd 7d 3c Td") == ((1.5 / 2, 1.0), 7)


def test_633a_12_a_5_i_v_natural_blackjack_against_an_ace_or_ten_waits_for_the_dealer() -> None:
    # The same hands against a ten: the natural waits for the dealer's hand (§ 633a.7(i)(1)(ii)). Dealer T+5 draws a
    # 7 (22): the natural and the 17 are both returned (§ 633a.12(a)(5)(v)).
    assert not _switches("Th", "As Kd", "Tc 7d")
    assert _switch("As Tc Th Kd 7d 5c 7s") == ((0.0, 1.0), 7)
    # Dealer T+5 draws a 6: 21 in three cards. The natural is paid 1 to 1 (§ 633a.12(a)(5)(i)); 17 loses.
    assert _switch("As Tc Th Kd 7d 5c 6s") == ((0.0, 1.0), 7)
    # ... and against a 20 the natural is paid 3 to 2, the 17 loses.
    assert _switch("As Tc Th Kd 7d 5c 5s") == ((0.5 / 2, 1.0), 7)


def test_633a_12_a_5_iv_a_switched_blackjack_pushes_against_a_dealer_21_and_is_paid_otherwise() -> None:
    # A-5 and 5-T against a 6: switching makes A-T (a switched Blackjack, not played) and 5-5 (10: double).
    assert _switches("6h", "As 5d", "5c Td")
    # The 10 takes a 9 (19, two units); dealer 6+5 draws a ten: 21. Switched Blackjack returned, 19 loses 2.
    assert _switch("As 5c 6h 5d Td 5s 9c Tc") == ((-1.0, 1.5), 8)
    # Dealer 6+5 draws an 8: 19. Switched Blackjack paid 3 to 2 (reading 633a-switch-blackjack), 19 pushes.
    assert _switch("As 5c 6h 5d Td 5s 9c 8c") == ((0.75, 1.5), 8)


def test_633a_7_h_a_dealer_blackjack_ends_the_round_before_the_switch() -> None:
    # A-K and A-7 against an ace with a king in the hole: no switch, no card drawn. The natural ties
    # (§ 633a.12(a)(5)(ii)), A-7 loses its wager. Super Match on A-K-A-7: a pair (§ 633a.13(i)(1)).
    plays, shoe = _round("As Ac Ah Kd 7d Kc 5s", ("switch", "super_match"))
    nets = {play.wager: play.net for play in plays}
    assert nets == {"switch": -0.5, "super_match": float(book.SUPER_MATCH_ODDS[DECKS]["pair"])} and shoe.dealt == 6


def test_633a_7_n_the_dealer_draws_only_when_a_hand_waits_for_the_dealer() -> None:
    # Two naturals against a 7 are paid at once and the policy keeps them: the dealer's 7+9 does not draw.
    assert not _switches("7c", "Ah Kd", "Ad Qs")
    assert _switch("Ah Ad 7c Kd Qs 9h 5s") == ((1.5, 1.0), 6)
    # Against a ten they wait (§ 633a.7(i)(1)(ii)): T+6 draws a 5, 21 in three cards: each paid 1 to 1.
    assert _switch("Ah Ad Tc Kd Qs 6h 5s") == ((1.0, 1.0), 7)


def test_633a_12_a_seats_are_dealt_box_by_box_and_reported_apart() -> None:
    setup = TableSetup("633a", ("super_match", "switch"), None, ShoeSpec(decks=DECKS), seats=2)
    # Seat one: boxes T-9 and T-8; seat two: boxes 9-9 and 4-4 (four first cards, up 6, four second cards, hole).
    shoe = ScriptedShoe("Ts Tc 9s 4s 6h 9d 8d 9c 4c 6c Kd " + "Kh " * 12)
    plays = game.ROUND_GAME.table(setup)(shoe)  # type: ignore[arg-type]
    by_seat = [plays[:2], plays[2:]]
    assert [[play.wager for play in seat] for seat in by_seat] == [["super_match", "switch"]] * 2
    # Seat one's first four cards T 9 T 8 hold a pair of tens; seat two's 9 9 4 4 two pair (§ 633a.13(i)(1)).
    odds = book.SUPER_MATCH_ODDS[DECKS]
    assert [seat[0].net for seat in by_seat] == [float(odds["pair"]), float(odds["two pair"])]


# --- agreement with edge, the record ----------------------------------------------------------------------------


def _records(args: list[str]) -> dict[str, dict[str, object]]:
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    return {str(record["wager"]): record for record in json.loads(result.stdout)}


def _edge(wager: str) -> dict[str, object]:
    args = ["edge", "633a", "--wager", wager, "--decks", str(DECKS), "--format", "json"]
    [record] = json.loads(CliRunner().invoke(app, args).stdout)
    assert record["method"] == "exact"
    return record  # type: ignore[no-any-return]


@pytest.mark.parametrize(
    ("rounds", "seats"),
    [(6_000, 2), pytest.param(12_000, 2, marks=pytest.mark.slow), pytest.param(400_000, 2, marks=pytest.mark.slow)],
    ids=["modest", "twelve-thousand", "large"],
)
def test_633a_12_a_switch_and_super_match_agree_with_edge_at_one_switch_table(rounds: int, seats: int) -> None:
    # The modest run in this process: its figures are the same for any number of workers (the byte-identical test
    # below), and a pool would repeat the imports and the strategy's solution in each of its processes. The modest
    # run deals 6,000 rounds; its slow twin deals 12,000 on the same seed. The familywise interval is in standard
    # errors of the rounds dealt, so it is sqrt(2) wider at 6,000.
    workers = "1" if rounds < 400_000 else "2"
    records = _records(
        [*SIMULATE, "--rounds", str(rounds), "--chunk-rounds", str(rounds // 4), "--workers", workers,
         "--seats", str(seats), "--wager", "switch", "--wager", "super_match"]
    )  # fmt: skip
    exact = {wager: _edge(wager) for wager in ("switch", "super_match")}
    estimates = {wager: from_json_record(record) for wager, record in records.items()}
    assert disagreements(estimates, {w: float(r["house_edge"]) for w, r in exact.items()}) == []  # type: ignore[arg-type]
    assert {int(record["rounds"]) for record in records.values()} == {rounds * seats}  # type: ignore[call-overload]
    if rounds >= 400_000:
        # The settlement is replay's: a natural against an up card of 2 to 9 is paid at once (reading
        # 633a-switch-blackjack). Valued instead against the dealer's final hand whatever the up card (1 to 1 against a
        # dealer 21, a push against 22), the same decisions are worth about half a point more to the house, which
        # this many rounds tell apart: that figure must lie outside the interval.
        rules = BlackjackRules(decks=DECKS, late_surrender=False)
        settled_late = analyse_switch(rules, natural_paid_at_once=False).house_edge
        assert disagreements({"switch": estimates["switch"]}, {"switch": settled_late}) != []


def test_633a_12_a_switch_reports_what_edge_reports() -> None:
    records = _records([*SIMULATE, "--rounds", "200", "--workers", "1", "--wager", "switch"])
    record, exact = records["switch"], _edge("switch")
    for field in ("citation", "reading", "paytable_rows", "paytable", "decks"):
        assert record[field] == exact[field], field
    assert "633a-switch-blackjack" in str(record["reading"])
    strategy = {row["when"]: row["decision"] for row in record["strategy"]}  # type: ignore[attr-defined]
    assert f"exact house edge {float(exact['house_edge']) * 100:.4f}%" in strategy["play"]  # type: ignore[arg-type]
    exact_strategy = {row["when"]: row["decision"] for row in exact["strategy"]}  # type: ignore[attr-defined]
    assert strategy["switch"].startswith(exact_strategy["switch"])


def test_633a_12_a_switch_simulation_is_byte_identical_for_a_seed_and_independent_of_workers() -> None:
    args = [*SIMULATE, "--rounds", "1200", "--chunk-rounds", "400", "--seats", "3", "--wager", "switch",
            "--wager", "super_match"]  # fmt: skip
    one = CliRunner().invoke(app, [*args, "--workers", "1"])
    two = CliRunner().invoke(app, [*args, "--workers", "2"])
    assert one.exit_code == two.exit_code == 0, one.output + two.output
    assert one.stdout == two.stdout


def test_633a_12_a_a_pool_worker_adopts_the_switch_strategy_the_planning_process_built(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The runner builds the Switch table's strategy once, in the process that plans the run, and hands it to each
    worker of its pool (``shared_tables``, through the pool's initialiser): the worker plays what it was given and
    never analyses the game itself. (The strategy here is a stand-in, so the test analyses nothing; the
    byte-identity test above deals real rounds on a real pool.)"""
    import pickle

    from pacomply.engine.analysis.blackjack import switch
    from pacomply.engine.simulation import runner

    setup = TableSetup("633a", ("switch",), None, ShoeSpec(decks=DECKS))
    monkeypatch.setattr(game, "_POLICIES", {})
    monkeypatch.setattr(switch, "switch_policy", lambda rules, **_comparison: {"analysed": rules.decks})
    tables = pickle.loads(pickle.dumps(game.ROUND_GAME.shared_tables(setup)))  # as the pool's initialiser gets them
    assert list(tables.values()) == [{"analysed": DECKS}]

    def analysed_again(*_arguments: object, **_keywords: object) -> None:
        raise AssertionError("the worker analysed the game again")

    monkeypatch.setattr(game, "_POLICIES", {})  # a freshly spawned worker's
    monkeypatch.setattr(switch, "switch_policy", analysed_again)
    monkeypatch.setattr(game, "basic_strategy_policy", analysed_again)
    monkeypatch.setattr(runner, "_ignore_interrupts", lambda: None)  # this test process keeps its Ctrl-C
    runner._start_pool_worker(game.__name__, tables)
    assert game._policy(game._Table(setup)) == {"analysed": DECKS}


@pytest.mark.parametrize(
    ("extra", "reason"),
    [
        (["--wager", "switch", "--wager", "base"], "Blackjack Switch table"),
        (["--wager", "switch", "--wager", "super_match", "--decks", "2"], "not offered with 2 deck(s)"),
        (["--wager", "switch", "--paytable", "C"], "--paytable C"),
    ],
)
def test_633a_12_a_switch_bad_input_exits_2_with_the_reason(extra: list[str], reason: str) -> None:
    result = CliRunner().invoke(app, [*SIMULATE, "--rounds", "100", *extra])
    assert result.exit_code == 2, result.output
    assert reason in result.output and "Traceback" not in result.output
