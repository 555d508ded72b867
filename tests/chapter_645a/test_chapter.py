"""Chapter 645a: paytables against the regulation text, rules pass/fail, house way, settlement, exact counts."""

from __future__ import annotations

import math
import re
from fractions import Fraction

import pytest
from pacomply.checker.registry import CheckContext, chapter_rules
from pacomply.engine.analysis.pai_gow_poker import no_pair_hands_by_top
from pacomply.engine.cards import Card
from pacomply.engine.games.pai_gow_house_way import HouseWayError, parse_house_way, set_by_house_way
from pacomply.engine.games.pai_gow_poker import replay, vigorish
from pacomply.engine.settlement import Outcome, ReplayError
from pacomply.regulations.chapter_645a import ENVY_AMOUNTS, FORTUNE_ODDS, INSURANCE_ODDS, RULEBOOK
from pacomply.submissions.model import Answer, ChapterSubmission, Filing, FilingMetadata


def _cards(text: str) -> list[int]:
    return [Card.parse(card).index for card in text.split()]


def _names(cards: tuple[int, ...]) -> list[str]:
    return [str(Card.from_index(card)) for card in cards]


def test_645a_13_b_fortune_paytables_match_the_text(regulation_text) -> None:
    text = regulation_text("645a").replace(",", "")
    section = text[
        text.index("(b) The certificate holder shall pay out winning Fortune") : text.index("(c) The certificate")
    ]
    for table_id, odds in FORTUNE_ODDS.items():
        block = section.split(f"Paytable {table_id} ")[1].split("Paytable")[0]
        printed = [int(number) for number in re.findall(r"(\d+) to 1", block)]
        envy = [int(number) for number in re.findall(r"\$(\d+)", block)]
        assert printed == list(odds)
        assert envy == list(ENVY_AMOUNTS[table_id])


def test_645a_13_d_insurance_paytables_match_the_text(regulation_text) -> None:
    text = regulation_text("645a")
    block = text[text.index("Nine-high 100 to 1") : text.index("(e) If the certificate holder offers the Progressive")]
    pairs = re.findall(r"(\d+) to 1 (\d+) to 1", block)
    assert [int(a) for a, _ in pairs] == list(INSURANCE_ODDS["A"])
    assert [int(b) for _, b in pairs] == list(INSURANCE_ODDS["B"])


def test_645a_13_a_vigorish_rounds_up_to_25_cents() -> None:
    assert vigorish(Fraction(25), rounding=True) == Fraction(5, 4)  # $1.25 exactly
    assert vigorish(Fraction(10), rounding=True) == Fraction(1, 2)  # 50¢ exactly
    assert vigorish(Fraction(7), rounding=True) == Fraction(1, 2)  # 35¢ rounds up to 50¢
    assert vigorish(Fraction(7), rounding=False) == Fraction(7, 20)


def test_645a_11_c_standard_house_way_worked_hands() -> None:
    # No pair: highest card high, next two low. One pair: pair high. Low two pair with an ace: together.
    setting = set_by_house_way(_cards("Ah Kd 9c 7s 5h 3d 2c"))
    assert sorted(_names(setting.low)) == ["9c", "Kd"]
    setting = set_by_house_way(_cards("Ah 4d 4c 3s 3h 9d 2c"))
    assert sorted(_names(setting.low)) == ["9d", "Ah"]
    setting = set_by_house_way(_cards("Kh Kd 4c 4s 9h 3d 2c"))
    assert sorted(_names(setting.low)) == ["4c", "4s"]  # split: no ace to go low
    setting = set_by_house_way(_cards("JK Ah Ad Ac As Kd Kc"))
    assert sorted(_names(setting.low)) == ["Kc", "Kd"]  # five aces stay together with a pair to go low
    assert setting.valid


def test_645a_11_c_filed_house_way_changes_the_setting() -> None:
    together = parse_house_way("standard; two_pair_together_with_ace_max=K")
    setting = set_by_house_way(_cards("Kh Kd 4c 4s Ah 3d 2c"), together)
    assert "Ah" in _names(setting.low)
    with pytest.raises(HouseWayError):
        parse_house_way("standard; quads_together_max=Z")


def _round(**player: object) -> dict[str, object]:
    base_player = {"seat": 1, "cards": ["Ah", "Ad", "Qc", "Js", "9h", "8d", "7c"], "wagers": {"base": 20}}
    base_player.update(player)
    return {"chapter": "645a", "dealer": ["Kh", "Kd", "9c", "7s", "5h", "3d", "2c"], "players": [base_player]}


def test_645a_11_f_3_win_pays_less_vigorish() -> None:
    result = replay(_round())
    base = result.settlements[0]
    assert base.outcome == Outcome.WIN and base.net == 19 and base.citation.subsection == "11(f)(3)"


def test_645a_11_f_1_iii_fouled_hand_loses() -> None:
    result = replay(_round(low=["Ah", "Ad"]))
    assert result.settlements[0].outcome == Outcome.LOSE
    assert result.settlements[0].citation.subsection == "11(f)(1)(iii)"


def test_645a_11_d_surrender_only_without_optional_wagers() -> None:
    assert replay(_round(surrender=True)).settlements[0].outcome == Outcome.SURRENDER
    kept = replay(_round(surrender=True, wagers={"base": 20, "fortune": 5}))
    assert kept.settlements[0].outcome == Outcome.WIN


def test_645a_replay_collects_every_problem() -> None:
    with pytest.raises(ReplayError) as error:
        replay({"chapter": "645a", "dealer": ["Ah"], "players": [{"cards": ["Zz"] * 7, "wagers": {"tip": 1}}]})
    assert len(error.value.problems) >= 3


def test_645a_7_e_3_no_pair_count_is_independent_of_the_evaluator() -> None:
    # Independent check of the combinatorial count: 7 distinct non-straight ranks × (4^7 − 4·211) suitings, plus
    # the joker with 6 ranks; the no-joker, nine-high class is the rank sets {2,3,4,5,7,8,9}-like with top nine.
    counts = no_pair_hands_by_top()
    nine_high_rank_sets = [r for r in __import__("itertools").combinations(range(8), 7) if max(r) == 7]
    straight_free = [r for r in nine_high_rank_sets if not any(set(range(lo, lo + 5)) <= set(r) for lo in range(4))]
    assert counts[(7, False)] == len(straight_free) * (4**7 - 4 * (math.comb(7, 5) * 9 + math.comb(7, 6) * 3 + 1))


def _context(**answers: object) -> CheckContext:
    submission = ChapterSubmission(
        chapter="645a", answers={k: Answer(key=k, text=str(v), value=v) for k, v in answers.items()}
    )
    filing = Filing(
        metadata=FilingMetadata(licensee="x", date_filed="2026-01-01", reviewed_by="y"), chapters={"645a": submission}
    )
    return CheckContext(filing=filing, rulebook=RULEBOOK, submission=submission, tables=())


def _rule(code: str):
    return next(rule for rule in chapter_rules("645a") if rule.code == code)


def test_645a_13_f_payout_limit_floor() -> None:
    from decimal import Decimal

    assert list(_rule("645A-105").check(_context(payout_limit=Decimal(25000))))
    assert not list(_rule("645A-105").check(_context(payout_limit=Decimal(50000))))


def test_645a_13_e_2_progressive_reset_floor() -> None:
    from decimal import Decimal

    assert list(_rule("645A-106").check(_context(progressive_reset=Decimal(1000))))
    assert not list(_rule("645A-106").check(_context(progressive_reset=Decimal(2000))))


def test_645a_1_qualifying_wager_at_least_5() -> None:
    from decimal import Decimal

    assert list(_rule("645A-107").check(_context(envy_qualifying_wager=Decimal(1))))
    assert not list(_rule("645A-107").check(_context(envy_qualifying_wager=Decimal(5))))


def test_645a_11_c_house_way_must_be_readable() -> None:
    assert list(_rule("645A-104").check(_context(house_way="split when nice")))
    assert not list(_rule("645A-104").check(_context(house_way="standard")))


def _bank_round(co_banking: bool, dealer_wager: int) -> dict[str, object]:
    return {
        "chapter": "645a",
        "bank": {"seat": 2, "co_banking": co_banking, "dealer_wager": dealer_wager},
        "dealer": ["Kh", "Kd", "9c", "7s", "5h", "3d", "2c"],
        "players": [
            {"seat": 1, "cards": ["Ah", "Ad", "Qc", "Js", "9h", "8d", "7c"], "wagers": {"base": 20}},
            {"seat": 2, "cards": ["Qs", "Qd", "Jc", "Th", "6c", "4h", "3s"], "wagers": {"base": 0}},
            {"seat": 4, "cards": ["Tc", "8h", "8c", "6d", "5s", "4d", "2d"], "wagers": {"base": 30}},
        ],
    }


def test_645a_12_j_bank_keeps_surplus_less_vigorish() -> None:
    # Seat 1 wins $20 (pays $1 vigorish, § 645a.12(m)); seat 4 loses $30; the dealer ties the bank: surplus $10,
    # less 5 % = 50¢, so the bank nets $9.50.
    result = replay(_bank_round(co_banking=False, dealer_wager=25))
    bank = next(s for s in result.settlements if s.wager == "seat 2 bank")
    assert bank.net == Fraction(19, 2) and bank.citation.subsection == "12(j)"
    assert next(s for s in result.settlements if s.wager == "seat 1 base").net == 19


def test_645a_12_l_co_bank_takes_half_then_vigorish() -> None:
    result = replay(_bank_round(co_banking=True, dealer_wager=0))
    bank = next(s for s in result.settlements if s.wager == "seat 2 bank")
    assert bank.net == Fraction(5) - Fraction(1, 4)  # half of $10, less 25¢ vigorish
    with pytest.raises(ReplayError):
        replay(_bank_round(co_banking=True, dealer_wager=25))  # § 645a.12(e): no dealer wager when co-banking


def test_645a_11_b_optimal_setting_against_the_house_way_worked_hand() -> None:
    from pacomply.engine.analysis.pai_gow_poker import optimal_setting
    from pacomply.engine.games.pai_gow_house_way import LOW_POSITIONS
    from pacomply.engine.simulation.pai_gow_poker import setting_values

    cards = _cards("Ah Ad Kc Qs 9h 7d 4c")
    best, value, house_value = optimal_setting(cards, samples=4_000, seed=3)
    assert sorted(_names(tuple(cards[i] for i in LOW_POSITIONS[best]))) == ["Kc", "Qs"]  # aces high, K-Q low
    assert value == house_value  # the house way plays it the same way
    values = setting_values(cards, samples=500, seed=3)
    fouled = LOW_POSITIONS.index((0, 1))  # both aces low leaves a king-high high hand: fouled (§ 645a.11(f)(1)(iii))
    assert values[fouled] == -1.0


def test_645a_13_f_payout_limit_caps_the_hand_but_not_envy() -> None:
    data = {
        "chapter": "645a",
        "payout_limit": 1000,
        "paytables": {"fortune": "A"},
        "dealer": ["Kh", "Kd", "9c", "7s", "5h", "3d", "2c"],
        "players": [
            {"seat": 1, "cards": ["Ah", "Ad", "Ac", "As", "JK", "8d", "4c"], "wagers": {"base": 25, "fortune": 5}},
            {"seat": 3, "cards": ["Qs", "Jc", "9d", "7h", "6c", "4h", "3s"], "wagers": {"base": 10, "fortune": 5}},
        ],
    }
    result = replay(data)
    limit = next(s for s in result.settlements if s.wager == "seat 1 payout limit")
    won = sum((s.net for s in result.settlements if s.wager.startswith("seat 1 ") and s.net > 0), Fraction(0))
    assert won + limit.net == 1000 and limit.citation.subsection == "13(f)"
    envy = next(s for s in result.settlements if s.wager == "seat 3 envy")
    assert envy.net == 250  # five aces' Envy on paytable A, not limited
