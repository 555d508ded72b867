"""633a readings priced: Royal Match 21 with and without the Crown Treasure Bonus (the filing's answer decides),
and Bad Beat / Hit and Run in the long run. Expected figures are counted here, not typed in."""

from __future__ import annotations

import json
import re
from fractions import Fraction

import pytest
from pacomply.checker.review import configured_wager_math, review_filing
from pacomply.checker.wager_math import analyse
from pacomply.engine.analysis import blackjack_side_wagers
from pacomply.regulations import chapter_633a as book
from typer.testing import CliRunner

from examples.build_examples import answers
from examples.chapters.chapter_633a import BLACKJACK_ANSWERS, COMPLIANT_633A
from pacomply.cli import app


def _falling(n: int, k: int) -> int:
    result = 1
    for step in range(k):
        result *= n - step
    return result


def _crown_probability(decks: int) -> Fraction:
    """The player's first two cards a suited king and queen (either order, any suit: 2 x 4 x d x d ordered pairs)
    and the dealer's up and hole cards a suited king and queen too: in the player's suit (d - 1 copies of each left)
    or in one of the three others (d copies)."""
    player = 2 * 4 * decks * decks
    dealer = 2 * (decks - 1) ** 2 + 3 * 2 * decks * decks
    return Fraction(player * dealer, _falling(52 * decks, 4))


@pytest.mark.parametrize(("paytable", "decks"), [("A", 1), ("C", 6), ("E", 8)])
def test_633a_7_g_4_crown_treasure_adds_999_units_on_each_double_royal_match(paytable: str, decks: int) -> None:
    [math] = analyse("633a", "royal_match", paytable, decks)
    priced = {c.candidate: c for c in math.priced_readings}
    with_bonus, without = priced["with-crown-treasure"], priced["without-crown-treasure"]
    assert with_bonus.relied_on and not without.relied_on
    # 'for 1' returns the 1,000 with the unit: it adds 999 to the Royal Match payout (reading 633a-for-one).
    assert with_bonus.exact_return - without.exact_return == (book.CROWN_TREASURE_FOR_ONE - 1) * _crown_probability(
        decks
    )
    assert math.return_ == pytest.approx(float(with_bonus.exact_return), abs=1e-12)


def _royal_match_filing(crown_treasure: bool):  # type: ignore[no-untyped-def]
    changes = BLACKJACK_ANSWERS | {"royal_match_offered": True, "crown_treasure_offered": crown_treasure}
    return COMPLIANT_633A.model_copy(update={"chapters": {"633a": answers("633a", **changes)}})


def test_633a_7_g_4_a_filing_without_the_crown_treasure_is_priced_without_it() -> None:
    figures = {}
    for offered in (True, False):
        rows = list(configured_wager_math(_royal_match_filing(offered), wager="royal_match"))
        assert rows, "the compliant example offers Royal Match 21"
        figures[offered] = rows
    for with_row, without_row in zip(figures[True], figures[False], strict=True):
        expected = 1 + blackjack_side_wagers.royal_match(without_row.decks, without_row.paytable or "", False).mean
        assert without_row.return_ == pytest.approx(float(expected), abs=1e-12)
        assert without_row.return_ < with_row.return_
        relied = [c.candidate for c in without_row.priced_readings if c.relied_on]
        assert relied == ["without-crown-treasure"]


@pytest.mark.slow
def test_633a_7_g_4_the_review_of_a_filing_without_the_crown_treasure_prices_it_without() -> None:
    review = review_filing(_royal_match_filing(False))
    rows = [m for m in review.wager_math if m.wager == "royal_match"]
    assert rows
    for row in rows:
        expected = 1 + blackjack_side_wagers.royal_match(row.decks, row.paytable or "", False).mean
        assert row.return_ == pytest.approx(float(expected), abs=1e-12)


@pytest.mark.parametrize("wager", ["bad_beat", "hit_and_run"])
def test_633a_13_j_l_progressive_long_run_is_the_reset_figure_plus_the_rate(wager: str) -> None:
    """Every meter award is 100 % of the meter, so the long run adds the whole rate to the reset figure."""
    rows = analyse("633a", wager, None, 6, meter_rate=Fraction(12, 100))
    for row in rows:
        priced = {c.candidate: c.exact_return for c in row.priced_readings}
        at_reset = 1 + blackjack_side_wagers.distribution(wager, None, 6).mean
        assert priced == {"at-seed": at_reset, "long-run-at-rate": at_reset + Fraction(12, 100)}


def test_633a_edge_json_keeps_its_fields_and_adds_readings_priced() -> None:
    output = CliRunner().invoke(app, ["edge", "633a", "--wager", "royal_match", "--decks", "6", "--format", "json"])
    assert output.exit_code == 0, output.output
    for row in json.loads(output.stdout):
        assert {"chapter", "wager", "paytable", "decks", "house_edge", "return", "reading"} <= set(row)
        assert {entry["candidate"] for entry in row["readings_priced"]} == {
            "with-crown-treasure",
            "without-crown-treasure",
        }


def test_633a_edge_leads_with_the_boards_deck_counts_then_every_count_the_chapter_allows() -> None:
    output = CliRunner().invoke(app, ["edge", "633a", "--wager", "insurance"])
    assert output.exit_code == 0, output.output
    # Each wager line reads "Insurance Wager, 6 decks: house edge ..." (one deck: "1 deck:").
    decks = [int(found.group(1)) for found in re.finditer(r", (\d+) decks?: house edge", output.stdout)]
    assert decks[:2] == [6, 8]  # the shoe games of 42 Pa.B. 2922's range
    assert sorted(decks) == list(range(1, book.MAX_DECKS + 1))  # § 633a.3(a), one to eight (633a-deck-ceiling)


def test_633a_7_base_game_priced_for_the_optimal_and_the_basic_strategy_player() -> None:
    from pacomply.checker.wager_math.blackjack_base import BaseGameOptions

    [optimal_row] = analyse("633a", "base", None, 2)
    [basic_row] = analyse("633a", "base", None, 2, base_game=BaseGameOptions(strategy="basic", strategy_given=True))
    for row, relied in ((optimal_row, "optimal"), (basic_row, "basic")):
        priced = {c.candidate: c for c in row.priced_readings}
        assert [key for key, c in priced.items() if c.relied_on] == [relied]
        assert priced[relied].house_edge == row.house_edge
    assert {c.candidate: c.house_edge for c in optimal_row.priced_readings} == {
        c.candidate: c.house_edge for c in basic_row.priced_readings
    }
    optimal = {c.candidate: c.house_edge for c in optimal_row.priced_readings}
    assert optimal["optimal"] <= optimal["basic"]  # optimal play can only do better


def test_633a_edge_hides_the_strategy_chart_behind_a_flag() -> None:
    runner = CliRunner()
    short = runner.invoke(app, ["edge", "633a", "--wager", "base", "--decks", "2"])
    full = runner.invoke(app, ["edge", "633a", "--wager", "base", "--decks", "2", "--charts"])
    assert short.exit_code == 0 and full.exit_code == 0
    assert "--charts prints them" in short.stdout and "--charts prints them" not in full.stdout
    assert len(full.stdout.splitlines()) > len(short.stdout.splitlines()) + 10
