"""Chapter 688a: paytables against the text, the Board's checklist, ace-high push, Ace High Bonus, seeds."""

from __future__ import annotations

import re

from pacomply.engine.games.face_up_pai_gow_poker import replay
from pacomply.engine.settlement import Outcome
from pacomply.regulations.chapter_688a import ACE_HIGH_ODDS, CHECKLIST, FORTUNE_ENVY, FORTUNE_ODDS, PROGRESSIVE_TABLES


def test_688a_12_b_ace_high_paytables_match_the_text(regulation_text) -> None:
    text = regulation_text("688a")
    section = text[
        text.index("(b) The certificate holder shall pay out winning Ace High") : text.index("(c) The certificate")
    ]
    for table_id, odds in ACE_HIGH_ODDS.items():
        block = section.split(f"Paytable {table_id}")[1].split("Paytable")[0]
        assert tuple(int(n) for n in re.findall(r"(\d+) to 1", block)) == odds


def test_688a_12_c_fortune_paytables_match_the_text(regulation_text) -> None:
    text = regulation_text("688a").replace(",", "")
    section = text[
        text.index("(c) The certificate holder shall pay out winning Fortune") : text.index("(d) The certificate")
    ]
    for table_id, odds in FORTUNE_ODDS.items():
        block = section.split(f"Paytable {table_id}")[1].split("Paytable")[0]
        assert [int(n) for n in re.findall(r"(\d+) to 1", block)] == list(odds)
        assert [int(n) for n in re.findall(r"\\\$(\d+)", block)] == list(FORTUNE_ENVY[table_id])
        assert ("Three Pair\tPush" in block) == (table_id == "1")


def test_688a_12_d_progressive_seeds_and_rates_match_the_text(regulation_text) -> None:
    text = regulation_text("688a").replace(",", "")
    section = text[text.index("(d) The certificate holder shall pay out winning Progressive") : text.index("§ 688a.13")]
    for table_id, table in PROGRESSIVE_TABLES.items():
        block = section.split(f"Paytable {table_id} (")[1].split("Paytable")[0]
        assert f"Meter Seed: \\${int(table.meter_seed)}" in block
        assert f"Rate of Progression: {int(table.rate_of_progression * 100)}%" in block
        assert ("Original wager returned" in block) == table.wager_returned
        assert ("Fully Wild Joker" in block) == table.fully_wild_joker


def test_688a_checklist_follows_the_boards_form(regulation_text) -> None:
    form = "".join(regulation_text("checklists").split("Face Up Pai Gow Poker-58 PA Code Chapter 688a")[1:])
    sections = [re.sub(r"^\.?", "", q.section.short.removeprefix("688a")) for q in CHECKLIST]
    for section in dict.fromkeys(sections):
        assert section.lstrip(".") in form


def _round(dealer: list[str], **player: object) -> dict[str, object]:
    seat = {"seat": 1, "cards": ["Ks", "Kc", "Qd", "Qh", "Js", "8d", "4c"], "wagers": {"base": 10}}
    seat.update(player)
    return {"chapter": "688a", "dealer": dealer, "players": [seat], "paytables": {"ace_high": "1"}}


def test_688a_11_f_2_iii_dealer_ace_high_pai_gow_pushes() -> None:
    result = replay(_round(["Ah", "Jd", "9c", "7s", "5h", "3d", "2c"]))
    assert result.settlements[0].outcome == Outcome.PUSH
    assert result.settlements[0].citation.subsection == "11(f)(2)(iii)"


def test_688a_12_a_win_pays_even_money_without_vigorish() -> None:
    result = replay(_round(["9h", "9d", "7c", "6s", "5h", "3d", "2c"]))
    assert result.settlements[0].outcome == Outcome.WIN and result.settlements[0].net == 10


def test_688a_12_b_ace_high_bonus_with_joker() -> None:
    result = replay(_round(["JK", "Jd", "9c", "7s", "5h", "3d", "2c"], wagers={"base": 10, "ace_high": 5}))
    bonus = next(s for s in result.settlements if s.wager.endswith("ace_high"))
    assert bonus.net == 50  # paytable 1: only dealer ace high, with joker, 10 to 1
