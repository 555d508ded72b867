"""Par sheets (``pacomply parsheet``): one wager of every chapter, each checked against a small computation written
here from the cards alone (no pacomply function), and the sheet's own arithmetic (lines add up to minus the house
edge; the break-even meter returns exactly what is wagered)."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction
from math import comb, prod

import pytest
from pacomply.checker.parsheet import ParSheetUnavailable, par_sheet, significant
from typer.testing import CliRunner

from pacomply.cli import app


def _line(sheet, pays: str):  # type: ignore[no-untyped-def]
    [line] = [line for line in sheet.lines if line.pays == pays]
    return line


def _lines_add_up(sheet) -> None:  # type: ignore[no-untyped-def]
    assert sum(line.probability for line in sheet.lines) == 1
    assert float(sum(line.contribution for line in sheet.lines)) == pytest.approx(-sheet.house_edge, abs=1e-12)
    assert sheet.space is not None
    assert all(line.combinations == line.probability * sheet.space for line in sheet.lines)


def test_633a_8_insurance_par_sheet_wins_96_in_311_at_six_decks():
    # Against a dealer ace the hole card is any of the other 311 cards, and the player's two unseen-to-us cards do
    # not change that by exchangeability: 96 ten-valued cards of 311.
    sheet = par_sheet("633a", "insurance", None, 6)
    assert _line(sheet, "2 to 1").probability == Fraction(96, 311)
    _lines_add_up(sheet)


def test_685a_8_insurance_par_sheet_and_the_base_games_grid():
    sheet = par_sheet("685a", "insurance", None, 8)
    assert _line(sheet, "2 to 1").probability == Fraction(128, 415)  # 8 decks: 128 tens among 415 cards
    _lines_add_up(sheet)


@pytest.mark.slow
def test_685a_base_par_sheet_grid_has_every_hand_and_every_dealer_class():
    sheet = par_sheet("685a", "base", None, 6)
    assert sheet.grid is not None
    # 55 two-card hands less the Blackjack; 10 up cards x 3 ranges, plus T and A shown apart for the two Large up
    # cards (4 classes each), less the two dealer Blackjacks: 30 columns.
    assert len(sheet.grid.rows) == 54 and len(sheet.grid.columns) == 30
    # Both figures are given: the house edge per initial wager exceeds the element of risk per unit wagered.
    assert sheet.house_edge > sheet.element_of_risk and sheet.total_wagered > 1


def test_686a_8_b_bonus_par_sheet_matches_a_three_card_enumeration():
    # Three cards off a 6-deck shoe, ace 11 and pictures 10: total 6 (2-2-2) to 33 (A-A-A).
    values = {**{value: 24 for value in range(2, 10)}, 10: 96, 11: 24}
    size = sum(values.values())
    totals: dict[int, Fraction] = {}
    for triple in itertools.product(values, repeat=3):
        left = dict(values)
        ways = 1
        for value in triple:
            ways *= left[value]
            left[value] -= 1
        totals[sum(triple)] = totals.get(sum(triple), Fraction(0)) + Fraction(ways, size * (size - 1) * (size - 2))
    sheet = par_sheet("686a", "bonus", None, 6)
    assert _line(sheet, "50 to 1").probability == totals[6] + totals[33]
    assert _line(sheet, "1 to 1").probability == totals[12] + totals[27]
    _lines_add_up(sheet)


def test_681a_8_c_bonus_par_sheet_three_sevens_at_four_decks():
    # Three 7s: the first two total 14 and draw; 16 sevens in 208 cards, then 15 of 207, then 14 of 206: counted
    # over the ordered three-card deals of the shoe, 208 x 207 x 206, not a divisor of them.
    sheet = par_sheet("681a", "bonus_player", "A", 4)
    assert _line(sheet, "100 to 1").probability == Fraction(16 * 15 * 14, 208 * 207 * 206)
    assert sheet.space == 208 * 207 * 206
    assert _line(sheet, "100 to 1").combinations == 16 * 15 * 14
    _lines_add_up(sheet)


def test_633a_13_k_three_card_poker_par_sheet_counts_the_players_two_cards_and_the_up_card():
    # The player's two cards (unordered) and the dealer's up card from 6 decks: C(312,2) x 310 = 15,039,960 deals,
    # each line a whole number of them (the least common denominator, 626,665, is that count divided by 24).
    sheet = par_sheet("633a", "three_card_poker", None, 6)
    assert sheet.space == comb(312, 2) * 310 == 15_039_960
    assert all(line.combinations == line.probability * sheet.space for line in sheet.lines)
    assert sum(line.combinations or 0 for line in sheet.lines) == comb(312, 2) * 310
    _lines_add_up(sheet)


def _named(sheet, outcome: str):  # type: ignore[no-untyped-def]
    [line] = [line for line in sheet.lines if line.outcome == outcome]
    return line


def test_687a_12_d_trips_par_sheet_counts_five_card_hands_of_53_cards():
    sheet = par_sheet("687a", "trips", "DJWT-05", 1)
    assert sheet.space == comb(53, 5)  # every five-card hand of the 53-card deck
    assert sheet.space_basis is not None and "C(53,5)" in sheet.space_basis
    # Five wild cards: the four deuces and the joker, one hand; a natural royal flush: one per suit.
    assert _named(sheet, "Five Wilds (with wild)").combinations == 1
    assert _named(sheet, "Royal Flush (natural)").combinations == 4
    _lines_add_up(sheet)


def test_687a_12_d_trips_par_sheet_has_one_line_per_paytable_line_named_by_its_hand():
    # DJWT-04 pays 6 to 1 on two lines and 25 to 1 on two: each keeps its own line, in the chapter's order, then the
    # losing hands. Counts written here from the cards (a hand paid the same on two lines is the higher hand's):
    # - natural three of a kind: three of one of the 12 ranks other than the deuce (C(4,3) suits) and two kickers of
    #   two other non-deuce ranks, any suits: 12 x 4 x C(11,2) x 4^2 = 42,240 (a deuce kicker or three deuces make
    #   a four of a kind with wild, which pays as much and ranks higher);
    # - natural four of a kind: 13 x 48 of 52 cards, less the four deuces with any kicker (48) and the other ranks'
    #   quads with a deuce kicker (12 x 4, five of a kind with wild, paid more): 624 - 48 - 48 = 528;
    # - natural straight flush: 9 per suit below the royal, 36.
    from pacomply.engine.analysis.dj_wild_stud_poker import trips_by_evaluator
    from pacomply.regulations import rulebook

    sheet = par_sheet("687a", "trips", "DJWT-04", 1)
    printed = [row.outcome for row in rulebook("687a").paytable("trips", "DJWT-04").rows]
    assert [line.outcome for line in sheet.lines] == [*printed, "loses"]
    assert _named(sheet, "Three-of-a-Kind (natural)").combinations == 12 * 4 * comb(11, 2) * 4**2 == 42_240
    assert _named(sheet, "Four-of-a-Kind (natural)").combinations == 13 * 48 - 48 - 12 * 4 == 528
    assert _named(sheet, "Straight Flush (natural)").combinations == 4 * 9
    assert _named(sheet, "Four-of-a-Kind (with wild)").combinations == 51_160
    assert _named(sheet, "Flush (natural)").combinations == 4_980
    assert _named(sheet, "Straight Flush (with wild)").combinations == 3_612
    assert {line.pays for line in sheet.lines if "Three-of-a-Kind (natural)" in line.outcome} == {"6 to 1"}
    assert sum(line.combinations or 0 for line in sheet.lines) == comb(53, 5)
    # The lines' expected net is the evaluator's own enumeration of the paytable (an independent path through the
    # cards).
    assert sum(line.contribution for line in sheet.lines) == trips_by_evaluator("DJWT-04")
    _lines_add_up(sheet)


def test_686a_8_b_bonus_par_sheet_counts_every_three_card_hand_of_the_shoe():
    # Unordered three-card hands from 6 decks: C(312,3) = 5,013,320, each line's count the number of such hands,
    # written here by value multiset: the product over values of C(cards of that value, how many are taken).
    sheet = par_sheet("686a", "bonus", None, 6)
    assert sheet.space == comb(312, 3) == 5_013_320
    assert sheet.space_basis is not None and "C(312,3)" in sheet.space_basis
    values = {**{value: 24 for value in range(2, 10)}, 10: 96, 11: 24}
    by_total: dict[int, int] = {}
    for triple in itertools.combinations_with_replacement(sorted(values), 3):
        ways = prod(comb(values[value], triple.count(value)) for value in set(triple))
        by_total[sum(triple)] = by_total.get(sum(triple), 0) + ways
    assert sum(by_total.values()) == comb(312, 3)
    # Each line is named by the paytable row that pays it, as the chapter prints it.
    from pacomply.regulations import rulebook

    [row] = [row for row in rulebook("686a").paytables_for("bonus")[0].rows if row.payout_text() == "50 to 1"]
    assert _line(sheet, "50 to 1").outcome == row.outcome
    assert _line(sheet, "50 to 1").combinations == by_total[6] + by_total[33]
    assert _line(sheet, "1 to 1").combinations == by_total[12] + by_total[27]
    _lines_add_up(sheet)


def test_688a_12_c_fortune_par_sheet_lines_sum_to_every_seven_card_hand():
    # Every paytable line of the Fortune Bonus, then the losing hands and paytable 1's three-pair push, over the
    # C(53,7) = 154,143,080 seven-card hands; five aces: the four aces and the joker with any two of the other 48.
    from pacomply.regulations import rulebook

    sheet = par_sheet("688a", "fortune", "1", 1)
    assert sheet.space == comb(53, 7) == 154_143_080
    assert sum(line.combinations or 0 for line in sheet.lines) == comb(53, 7)
    printed = [row.outcome for row in rulebook("688a").paytable("fortune", "1").rows]
    paying = [row for row in printed if row != "three pair"]
    assert [line.outcome for line in sheet.lines] == [*paying, "loses", "three pair"]
    assert _named(sheet, "five aces").combinations == comb(48, 2)
    assert _named(sheet, "three pair").pays == "push"
    assert not any("game of decisions" in note for note in sheet.notes)
    _lines_add_up(sheet)


@pytest.mark.parametrize(("chapter", "paytable"), [("688a", "6"), ("645a", None)])
def test_progressive_par_sheet_five_aces_cycle_and_break_even_meter(chapter: str, paytable: str | None):
    sheet = par_sheet(chapter, "progressive", paytable, 1)
    five_aces = next(line for line in sheet.lines if line.outcome == "five aces")
    # Four aces and the joker among seven cards of 53: the other two cards are any of the remaining 48.
    assert five_aces.probability == Fraction(comb(48, 2), comb(53, 7))
    facts = sheet.progressive
    assert facts is not None and facts.break_even_meter is not None
    assert facts.cycle_rounds == pytest.approx(float(1 / facts.reset_probability))
    # At the break-even meter the lines (the meter shares valued at that meter) return exactly the wager.
    from importlib import import_module

    module = import_module(f"pacomply.checker.wager_math.chapter_{chapter}")
    model = module.progressive_model() if paytable is None else module.progressive_model(paytable)
    assert model.return_at_meter(facts.break_even_meter) == 1


def test_688a_12_b_ace_high_par_sheet_lines_are_the_paytable_rows():
    sheet = par_sheet("688a", "ace_high", "1", 1)
    assert [line.pays for line in sheet.lines] == ["20 to 1", "10 to 1", "8 to 1", "loses"]
    _lines_add_up(sheet)
    # Ordered pairs of disjoint seven-card hands from 53 cards (dealer, then player): the count's upper bound.
    assert prod((comb(53, 7), comb(46, 7))) % sheet.space == 0


@pytest.mark.parametrize("wager", ["fortune", "emperors_treasure", "insurance"])
def test_645a_13_seven_card_wagers_have_lines_summing_to_every_seven_card_hand(wager: str):
    # Every paytable line in the chapter's order, then the losing hands, over the C(53,7) seven-card hands; five aces
    # (four aces and the joker with any two of the other 48 cards) where the paytable has the line.
    from pacomply.regulations import rulebook

    sheet = par_sheet("645a", wager, "A", 1)
    assert sheet.space == comb(53, 7)
    assert sum(line.combinations or 0 for line in sheet.lines) == comb(53, 7)
    printed = [row.outcome for row in rulebook("645a").paytable(wager, "A").rows]
    assert [line.outcome for line in sheet.lines] == [*printed, "loses"]
    if wager != "insurance":
        assert _named(sheet, "five aces").combinations == comb(48, 2)
    _lines_add_up(sheet)


def test_687a_12_b_blind_par_sheet_lines_over_every_pair_of_hands():
    # Every (player, dealer) pair: C(53,5) x C(48,5). The one hand of all five wild cards is raised and beats every
    # one of the C(48,5) dealer hands (none can tie it), so its line counts C(48,5) pairs.
    sheet = par_sheet("687a", "blind", None, 1)
    assert sheet.space == comb(53, 5) * comb(48, 5)
    assert _named(sheet, "Five Wilds").combinations == comb(48, 5)
    assert sum(line.combinations or 0 for line in sheet.lines) == comb(53, 5) * comb(48, 5)
    assert [line.pays for line in sheet.lines][-2:] == ["push", "loses"]
    _lines_add_up(sheet)


def test_687a_12_e_bad_beat_par_sheet_lines_by_hand_over_every_pair_of_hands():
    # The Bad Beat pays on the player's own raised hand when it loses. A royal flush loses only to the dealer's five
    # wild cards (the four deuces and the joker, one hand), which a natural royal (no wild card) leaves available:
    # 4 royals x 1 dealer hand = 4 pairs. Every line is the chapter's, in its order, then the losing pairs.
    from pacomply.regulations import rulebook

    sheet = par_sheet("687a", "bad_beat", "DJWBB-03", 1)
    assert sheet.space == comb(53, 5) * comb(48, 5)
    printed = [row.outcome for row in rulebook("687a").paytable("bad_beat", "DJWBB-03").rows]
    assert [line.outcome for line in sheet.lines] == [*printed, "loses"]
    assert _named(sheet, "Royal Flush").combinations == 4 * 1
    assert sum(line.combinations or 0 for line in sheet.lines) == comb(53, 5) * comb(48, 5)
    _lines_add_up(sheet)


def test_685a_11_c_match_the_dealer_counts_the_players_two_cards_and_the_up_card():
    sheet = par_sheet("685a", "match_the_dealer", "6 decks", 6)
    assert sheet.space == comb(312, 2) * 310
    _lines_add_up(sheet)


def test_par_sheet_json_states_what_the_combinations_count():
    import json as json_module

    from pacomply.reports.parsheet_json import par_sheet_json_text

    document = json_module.loads(par_sheet_json_text(par_sheet("686a", "bonus", None, 6)))
    assert document["combinations_total"] == comb(312, 3)
    assert document["combinations_basis"].endswith("C(312,3)")
    document = json_module.loads(par_sheet_json_text(par_sheet("688a", "ace_high", "1", 1)))
    assert document["combinations_total"] == comb(53, 7) * comb(46, 7)
    assert document["combinations_basis"].endswith("C(53,7) x C(46,7)")
    # Bad Beat reads the dealer's whole hand, of any number of cards: no one space of equally likely hands
    document = json_module.loads(par_sheet_json_text(par_sheet("633a", "bad_beat", None, 6)))
    assert document["combinations_basis"].startswith("the least common denominator")


def test_fractions_print_at_least_four_significant_digits():
    assert significant(Fraction(268, 10**6)) == "0.000268000"
    assert significant(0.00026812345) == "0.000268123"
    assert len(significant(1 / 3).replace("0.", "").lstrip("0")) >= 4


def test_parsheet_cli_json_and_a_clear_error():
    runner = CliRunner()
    result = runner.invoke(app, ["parsheet", "633a", "--wager", "insurance", "--decks", "6", "-f", "json"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert document["lines"][0]["probability"] == "96/311"
    assert document["std_dev_basis"].startswith("net result of one round")
    several = runner.invoke(app, ["parsheet", "688a", "--wager", "ace_high"])
    assert several.exit_code == 2 and "--paytable" in several.output
    with pytest.raises(ParSheetUnavailable, match="no wager"):
        par_sheet("633a", "nonsense", None, 6)


def test_parsheet_pdf_and_xlsx_are_written_and_identical_each_time(tmp_path):
    runner = CliRunner()
    outputs = []
    for run in range(2):
        for fmt in ("pdf", "xlsx"):
            path = tmp_path / f"{run}.{fmt}"
            result = runner.invoke(
                app, ["parsheet", "688a", "--wager", "progressive", "--paytable", "6", "-f", fmt, "-o", str(path)]
            )
            assert result.exit_code == 0, result.output
            outputs.append(path.read_bytes())
    assert outputs[0] == outputs[2] and outputs[1] == outputs[3]
    assert outputs[0].startswith(b"%PDF") and outputs[1].startswith(b"PK")


def test_633a_base_par_sheet_grid_is_the_textbook_basic_strategy():
    """Textbook six-deck basic strategy (dealer stands on soft 17, doubling after a split, late surrender): always
    split 8s and aces, never split tens, surrender 16 (9-7) against a ten, double 11 against 2 to 10."""
    sheet = par_sheet("633a", "base", None, 6)
    assert sheet.grid is not None and sheet.grid.columns == ("2", "3", "4", "5", "6", "7", "8", "9", "T", "A")
    rows = dict(sheet.grid.rows)
    assert set(rows["pair 8,8"]) == {"P"} and set(rows["pair A,A"]) == {"P"} and set(rows["pair T,T"]) == {"S"}
    assert rows["surrender hard 16"][8] == "R"
    assert rows["hard 11"][:9] == ("D",) * 9
    assert sheet.house_edge > sheet.element_of_risk  # doubles and splits put more at risk than the initial wager


@pytest.mark.parametrize(("chapter", "citation"), [("645a", "§ 645a.11(c)"), ("688a", "§ 688a.11(a)")])
def test_pai_gow_base_par_sheet_names_the_house_way_it_plays(chapter: str, citation: str):
    # The chapter leaves the dealer's house way to the filing (the cited subsection); the sheet says which one its
    # simulated figure plays, with that house way's settings, and that no figure for a named house way is held.
    # The settings are said in words, and every setting is in them: changing any one changes the words.
    from dataclasses import fields, replace

    from pacomply.checker.wager_math.pai_gow import house_way_words
    from pacomply.engine.games.pai_gow_house_way import STANDARD_HOUSE_WAY

    sheet = par_sheet(chapter, "base", None, 1)
    [house_way] = [note for note in sheet.notes if note.startswith("house way:")]
    assert "standard house way" in house_way and citation in house_way
    assert house_way_words(STANDARD_HOUSE_WAY) in house_way and "_" not in house_way and " = " not in house_way
    for field in fields(STANDARD_HOUSE_WAY):
        if field.name != "name":
            value = getattr(STANDARD_HOUSE_WAY, field.name)
            other = replace(STANDARD_HOUSE_WAY, **{field.name: (not value) if isinstance(value, bool) else value + 1})
            assert house_way_words(other) != house_way_words(STANDARD_HOUSE_WAY), field.name
    assert any(note.startswith("no published figure for a named house way") for note in sheet.notes)
