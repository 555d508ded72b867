"""Standard deviation and hit frequency of the blackjack base games in their par sheets. The 633a Blackjack Wager's and
Switch's and 685a's Bet Wager's are exact (the round's distribution enumerated, ``engine/analysis/blackjack/spread.py``
and ``engine/analysis/down_under/spread.py``, held against the engine's simulations in
``tests/engine/blackjack_analysis/test_633a_round_spread.py`` and ``test_685a_round_spread.py``): each sheet prints the
shipped figure with its basis."""

from __future__ import annotations

import math

import pytest
from pacomply.checker.parsheet import par_sheet


@pytest.mark.parametrize("decks", [4, 8])
def test_685a_bet_wager_par_sheet_spread_is_exact_and_shipped(decks: int):
    from pacomply.checker.wager_math import chapter_685a
    from pacomply.engine.figure_store import stored_entry

    found = stored_entry(chapter_685a._stored_round_spread.key(decks=decks))
    assert found is not None and found[0] == "shipped"
    exact = chapter_685a._stored_round_spread(decks=decks)
    sheet = par_sheet("685a", "base", None, decks)
    assert sheet.spread_method == "exact" and sheet.spread_rounds is None
    assert sheet.spread_basis == exact.basis and "Masque range of the hole card" in sheet.spread_basis
    assert (sheet.std_dev, sheet.hit_frequency) == (exact.std_dev, exact.hit_frequency)
    assert sheet.std_dev_per_unit_wagered == pytest.approx(exact.std_dev / sheet.total_wagered, rel=1e-12)


@pytest.mark.parametrize("decks", [1, 6])
def test_633a_12_a_switch_par_sheet_spread_is_exact_and_shipped(decks: int):
    from pacomply.checker.wager_math import chapter_633a
    from pacomply.checker.wager_math.blackjack_base import NOT_IN_SWITCH, BaseGameOptions
    from pacomply.engine.figure_store import stored_entry

    rules = BaseGameOptions().rules(decks, skip=NOT_IN_SWITCH)
    found = stored_entry(chapter_633a._stored_switch_round_spread.key(rules=rules))
    assert found is not None and found[0] == "shipped"
    exact = chapter_633a._stored_switch_round_spread(rules=rules)
    sheet = par_sheet("633a", "switch", None, decks)
    assert sheet.spread_method == "exact" and sheet.spread_rounds is None
    assert sheet.spread_basis == exact.basis and sheet.spread_basis.startswith("exact, by enumeration")
    assert (sheet.std_dev, sheet.hit_frequency) == (exact.std_dev, exact.hit_frequency)
    # per unit wagered: over the average amount the analysis wagers per initial wager (two hands, doubles, splits)
    assert sheet.std_dev_per_unit_wagered == pytest.approx(exact.std_dev / sheet.total_wagered, rel=1e-12)


@pytest.mark.parametrize("decks", [1, 6])
def test_633a_13_a_blackjack_wager_par_sheet_spread_is_exact_under_the_priced_play(decks: int):
    """The par sheet prints the exact distribution's standard deviation and hit frequency, under the play its house
    edge is priced for (optimal), with the basis in words; per unit wagered divides by the analyzer's own amount
    wagered. The figure is the one shipped (read, not computed)."""
    from pacomply.checker.wager_math import chapter_633a
    from pacomply.checker.wager_math.blackjack_base import BaseGameOptions
    from pacomply.engine.analysis.blackjack import analyse
    from pacomply.engine.figure_store import stored_entry

    sheet = par_sheet("633a", "base", None, decks)
    rules = BaseGameOptions().rules(decks)
    key = chapter_633a._stored_round_spread.key(rules=rules, strategy=BaseGameOptions().strategy)
    found = stored_entry(key)
    assert found is not None and found[0] == "shipped"
    exact = chapter_633a._stored_round_spread(rules=rules, strategy=BaseGameOptions().strategy)
    assert sheet.spread_method == "exact" and sheet.spread_rounds is None and sheet.std_dev_standard_error is None
    assert sheet.spread_basis is not None and sheet.spread_basis.startswith("exact, by enumeration of every up card")
    assert f"{decks}-deck shoe under optimal play" in sheet.spread_basis
    assert (sheet.std_dev, sheet.hit_frequency) == (exact.std_dev, exact.hit_frequency)
    analysis = analyse(rules, BaseGameOptions().strategy)
    assert sheet.std_dev_per_unit_wagered == pytest.approx(exact.std_dev / analysis.expected_total_wagered, rel=1e-12)


@pytest.mark.parametrize("chapter", ["645a", "688a"])
def test_pai_gow_base_par_sheet_prints_the_stored_samples_rounds_seed_and_standard_error(chapter: str):
    from importlib import import_module

    module = import_module(
        "pacomply.engine.analysis." + ("pai_gow_poker" if chapter == "645a" else "face_up_pai_gow_poker")
    )
    sheet = par_sheet(chapter, "base", None, None)
    assert sheet.method == "simulation" and sheet.rounds == module.BASE_ROUNDS and sheet.seed == module.BASE_SEED
    # The standard error of the house edge is the sample standard deviation over the square root of the rounds.
    assert sheet.std_dev is not None and sheet.standard_error is not None
    assert sheet.standard_error == pytest.approx(sheet.std_dev / math.sqrt(sheet.rounds), rel=1e-9)
    assert sheet.ci95 is not None and sheet.ci95[0] < sheet.house_edge < sheet.ci95[1]


def test_blackjack_spread_is_shipped_at_every_deck_count_the_chapter_permits():
    """Every wager a chapter descriptor names in ``spread_wagers`` has its spread in the shipped figures at every
    deck count its rulebook permits (§ 633a.3, § 685a.3(a)), so a review reads it and never deals rounds."""
    from pacomply.engine.analysis import blackjack_spread
    from pacomply.engine.figure_store import stored_entry
    from pacomply.regulations import rulebook

    assert {chapter for chapter, _ in blackjack_spread.spread_wagers()} == {"633a", "685a"}
    for chapter, wager in blackjack_spread.spread_wagers():
        book = rulebook(chapter)
        assert set(blackjack_spread.spread_decks(chapter, wager)) == set(book.permitted_decks)
        for decks in sorted(book.permitted_decks):
            key = blackjack_spread._stored_spread.key(
                chapter=chapter,
                wager=wager,
                decks=decks,
                rounds=blackjack_spread.SPREAD_ROUNDS,
                seed=blackjack_spread.SPREAD_SEED,
            )
            found = stored_entry(key)
            assert found is not None and found[0] == "shipped", (chapter, wager, decks)


@pytest.mark.parametrize(("chapter", "wager"), [("633a", "base"), ("633a", "switch"), ("685a", "base")])
def test_a_blackjack_par_sheets_basis_names_its_shoe_with_the_article_the_number_is_read_with(chapter: str, wager: str):
    """The shipped par sheets say 'an 8-deck shoe' and 'a 6-deck shoe' (the 633a and 685a shelves once said 'a
    8-deck shoe'): read from the stored sheets a review prints, so the shelves were rebuilt with the words."""
    from pacomply.checker.review_parsheets import LAYOUT, _stored_par_sheet
    from pacomply.engine.figure_store import stored_entry
    from pacomply.regulations import rulebook

    allowed = {decks for configuration in rulebook(chapter).deck_configurations for decks in configuration.decks}
    for decks in (8, min(allowed)):
        inputs = {"chapter": chapter, "wager": wager, "paytable": None, "decks": decks, "layout": LAYOUT}
        found = stored_entry(_stored_par_sheet.key(**inputs))
        assert found is not None and found[0] == "shipped"
        sheet = _stored_par_sheet(**inputs)
        article = "an" if decks == 8 else "a"
        assert sheet.spread_basis is not None and f" from {article} {decks}-deck shoe " in sheet.spread_basis
