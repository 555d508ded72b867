"""Wager math for Down Under Blackjack (685a): the Bet Wager (``base``) from the Down Under analyzer with optimal
play given the Masque range, and Match-the-Dealer (six or eight decks) and Insurance, exact.

685a fixes the base game's rules (dealer draws to 17-22, 22 pushes but for a 21 or two original Large cards, no
surrender, one split, 3 to 2), so only the deck count varies; the 633a rule options are refused here.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING, Any

from pacomply.checker.wager_math import NO_OPTIONS, AnalysisOptions, AnalysisUnavailable, PricedReading, WagerMath
from pacomply.checker.wager_math.blackjack_base import BaseGameOptions, does_not_apply, side_wager_math
from pacomply.checker.wager_math.hooks import ChapterWagerMath, FigureHooks, ParSheetHooks
from pacomply.engine.analysis.result import WagerAnalysis
from pacomply.engine.figure_store import figure
from pacomply.regulations.chapter_685a import MATCH_THE_DEALER_ODDS, PERMITTED_DECKS, RULEBOOK
from pacomply.regulations.rulebook import Paytable

if TYPE_CHECKING:
    from types import ModuleType

    from pacomply.checker.wager_math.strategy_grid import StrategyGrid
    from pacomply.engine.analysis.blackjack.spread import ExactRoundSpread

CHAPTER = "685a"
RULES_LINE = (
    "dealer stands on 17 to 22, hard or soft; a dealer 22 pushes except against a player 21 or two original Large "
    "cards; no surrender; one split (split aces one card each); double on any first two cards, after the split "
    "too; Blackjack pays 3 to 2; a dealer Blackjack is exposed before the players act"
)

#: The version of the method behind this chapter's wager math, part of every stored figure's key
#: (docs/figure-store.md): raise it whenever a change here or in the engine under it changes a figure, then run
#: ``pacomply figures build`` so the shipped figures are remade.
METHOD_VERSION = 3
#: The method version of the figures whose values stayed the same when :data:`METHOD_VERSION` went from 2 to 3 (the
#: Bet Wager's two-card decisions carried as its grid, ``WagerMath.chart``): the exact spreads of a round keep their
#: stored keys. Raise it with :data:`METHOD_VERSION` when a change reaches them.
UNCHANGED_METHOD_VERSION = 2
#: The version of this chapter's par sheets beside :data:`METHOD_VERSION` (``checker/review_parsheets.py``): raised
#: when a par sheet's content changes while every other figure stays as it was (1: the Bet Wager's spread exact;
#: 2: the spread's basis says "an 8-deck shoe").
PAR_SHEET_VERSION = 2


def dealer_ace_readings(decks: int) -> tuple[PricedReading, ...]:
    """The Bet Wager under each candidate of reading 685a-dealer-ace-pair: the analyzer's exact figure (floating
    point; house edge per initial wager, return per unit wagered) with A-A a dealer 22 and with a conventional
    dealer ace; then the candidates of reading 685a-double-after-split that change the rules (no doubling after a
    split, with each dealer ace): the rule sets the Board's published hold could rest on."""
    from pacomply.engine.analysis.down_under import analyse_down_under

    reading = RULEBOOK.reading("685a-dealer-ace-pair")
    priced = []
    for key, ace_pair_is_22 in (("ace-pair-is-22", True), ("ace-pair-is-soft-12", False)):
        analysis = analyse_down_under(decks, dealer_ace_pair_is_22=ace_pair_is_22)
        priced.append(
            PricedReading(
                reading=reading.id,
                choice=reading.candidate(key).choice,
                relied_on=key == reading.relied_on,
                house_edge=analysis.house_edge,
                return_=analysis.return_,
                method=analysis.method,
                basis="house edge per initial wager; return per unit wagered",
                candidate=key,
            )
        )
    rules = RULEBOOK.reading("685a-double-after-split")
    for key, ace_pair_is_22, double_after_split in (
        ("no-double-after-split", True, False),
        ("no-double-after-split-conventional-ace", False, False),
    ):
        analysis = analyse_down_under(decks, ace_pair_is_22, double_after_split)
        priced.append(
            PricedReading(
                reading=rules.id,
                choice=rules.candidate(key).choice,
                relied_on=False,
                house_edge=analysis.house_edge,
                return_=analysis.return_,
                method=analysis.method,
                basis="house edge per initial wager; return per unit wagered",
                candidate=key,
            )
        )
    return tuple(priced)


@cache
def _base_math(decks: int) -> WagerMath:
    from pacomply.engine.analysis.down_under import analyse_down_under
    from pacomply.engine.analysis.readings import analysis_readings

    analysis = analyse_down_under(decks)
    return WagerMath.from_figures(
        analysis,
        chapter=CHAPTER,
        wager="base",
        paytable=None,
        decks=decks,
        citation=f"{analysis.citation}, § 685a.11(a)",
        reading=analysis_readings(analysis.readings),
        strategy=(
            (
                "play",
                "composition-dependent optimal, each decision using the up card and the hole card's Masque "
                "range (Small 2-5, Medium 6-9, Large 10-A)",
            ),
            ("rules", f"{decks} decks; {RULES_LINE}"),
        ),
        chart=_strategy_grid(decks),
        paytable_rows=(
            ("Blackjack", "3 to 2"),
            ("21 or two original Large cards against a dealer 22", "1 to 1"),
            ("any other hand against a dealer 22", "push"),
            ("any other winning hand", "1 to 1"),
        ),
        priced_readings=dealer_ace_readings(decks),
    )


def base_game_math(decks: int, base_game: BaseGameOptions | None = None) -> list[WagerMath]:
    """The Bet Wager at ``decks`` (4, 5, 6 or 8; § 685a.3(a)) under the chapter's fixed rules."""
    if base_game is not None and base_game.flags:
        raise does_not_apply(
            base_game.flags,
            "685a",
            "the chapter fixes the Bet Wager's rules (§ 685a.7, § 685a.9-685a.11), analysed with optimal play given "
            "the Masque range",
        )
    return [_base_math(decks)]


def _math(wager: str, paytable: Paytable | None, decks: int, analysis: WagerAnalysis) -> WagerMath:
    reading = RULEBOOK.reading("685a-match-per-card") if wager == "match_the_dealer" else None
    return side_wager_math(
        RULEBOOK,
        wager,
        paytable,
        decks,
        analysis,
        reading=None if reading is None else f"{reading.id}: {reading.choice}",
        insurance_rows=(("dealer hole card 10, J, Q or K", "2 to 1"),),
    )


def analyse(
    wager: str | None, paytable: str | None, decks: int | None, options: AnalysisOptions = NO_OPTIONS
) -> list[WagerMath]:
    """685a wagers narrowed by the arguments, at the deck counts the chapter permits (or ``decks``); the options'
    ``base_game`` only to refuse rule changes, since the chapter fixes its rules."""
    base_game = options.base_game

    known = [w.id for w in RULEBOOK.wagers]
    if wager is not None and wager not in known:
        raise AnalysisUnavailable(f"685a has no wager '{wager}' (wagers: {', '.join(known)})")
    if decks is not None and decks not in PERMITTED_DECKS:
        raise AnalysisUnavailable(f"685a is dealt with 4, 5, 6 or 8 decks (§ 685a.3(a)); {decks} asked for")
    deck_counts = [decks] if decks is not None else sorted(PERMITTED_DECKS)
    if base_game is not None and base_game.flags:
        base_game_math(deck_counts[0], base_game)  # refuses the options, naming them
    if wager == "base" and paytable is not None:
        raise AnalysisUnavailable(f"685a 'base' has no paytable (§ 685a.11(a)); '{paytable}' asked for")
    results: list[WagerMath] = []
    for wager_id in [wager] if wager is not None else ["base", "insurance", "match_the_dealer"]:
        if wager_id == "base":
            if paytable is None:
                for deck_count in deck_counts:
                    results.extend(base_game_math(deck_count))
            continue
        if wager_id == "insurance":
            for deck_count in deck_counts:
                distribution = _side_wagers().insurance(deck_count)
                results.append(_math("insurance", None, deck_count, _side_wagers().analysis(distribution)))
            continue
        tables = [t for t in RULEBOOK.paytables if paytable is None or t.id.upper() == paytable.strip().upper()]
        if not tables:
            raise AnalysisUnavailable(
                f"685a Match-the-Dealer has no paytable '{paytable}' (permitted: "
                + ", ".join(t.id for t in RULEBOOK.paytables)
                + ")"
            )
        priced = [
            (table, deck_count)
            for table in tables
            for deck_count in deck_counts
            if table.permitted_decks is None or deck_count in table.permitted_decks
        ]
        if not priced and wager is not None:
            raise AnalysisUnavailable(
                "685a Match-the-Dealer is offered only with six or eight decks (§ 685a.6(e)); "
                f"{', '.join(map(str, deck_counts))} asked for"
            )
        for table, deck_count in priced:
            distribution = _side_wagers().match_the_dealer(deck_count, MATCH_THE_DEALER_ODDS[deck_count])
            results.append(_math(wager_id, table, deck_count, _side_wagers().analysis(distribution)))
    return results


def _side_wagers() -> ModuleType:
    """The side wagers' analysis, imported only where a figure is computed: a wager refused for its deck count or
    paytable (a violations filing's table) loads neither it nor numpy."""
    from pacomply.engine.analysis import blackjack_side_wagers

    return blackjack_side_wagers


# The par sheet's hooks (checker/parsheet.py asks a chapter's wager math for what it can break down line by line).


def par_sheet_distribution(
    wager: str, paytable: str | None, decks: int
) -> tuple[tuple[Fraction, Fraction], ...] | None:
    """A side wager's (net, probability) pairs at ``decks``: Match the Dealer under the chapter's odds for that deck
    count, the others under ``paytable``."""
    from pacomply.engine.analysis import blackjack_side_wagers

    if wager in {"base", "switch"}:
        return None
    if wager == "match_the_dealer":
        return blackjack_side_wagers.match_the_dealer(decks, MATCH_THE_DEALER_ODDS[decks]).outcomes
    return blackjack_side_wagers.distribution(wager, paytable, decks).outcomes


def par_sheet_space(wager: str, _paytable: str | None, decks: int) -> tuple[int, str] | None:
    """What Match-the-Dealer's lines count: the player's two cards, unordered, and the dealer's up card."""
    from math import comb

    if wager != "match_the_dealer":
        return None
    cards = 52 * decks
    return (
        comb(cards, 2) * (cards - 2),
        f"the player's two cards, unordered, and the dealer's up card, from {decks} decks ({cards} cards), "
        f"C({cards},2) x {cards - 2}",
    )


def _method(_inputs: object) -> int:
    return UNCHANGED_METHOD_VERSION


@figure(
    "685a-bet-wager-round-spread",
    method=_method,
    chapter=CHAPTER,
    describe=lambda inputs: f"685a Bet Wager, {inputs['decks']} decks: exact distribution of a round",
)
def _stored_round_spread(decks: int) -> ExactRoundSpread:
    from pacomply.engine.analysis.down_under.spread import exact_down_under_spread

    return exact_down_under_spread(decks)


def stored_figures() -> Iterator[tuple[Any, tuple[tuple[str, Any], ...]]]:
    """The figures the figure catalogue ships for this chapter beyond each wager's own (``checker.figures``): the Bet
    Wager's exact round spread at every deck count § 685a.3(a) permits (its par sheet's)."""
    for decks in sorted(PERMITTED_DECKS):
        yield _stored_round_spread, (("decks", decks),)


def par_sheet_spread(wager: str, decks: int) -> ExactRoundSpread | None:
    """The exact spread of a round of the Bet Wager at ``decks`` under the play its par sheet prices (None for every
    other wager)."""
    if wager != "base" or decks not in PERMITTED_DECKS:
        return None
    return _stored_round_spread(decks=decks)


def _strategy_grid(decks: int) -> StrategyGrid:
    """685a's optimal decisions on the player's first two cards by up card and Masque range of the hole card, under
    the chapter's rules (the only ones: a filing cannot change them)."""
    from pacomply.checker.wager_math.strategy_grid import StrategyGrid
    from pacomply.engine.analysis.blackjack.combinatorics import ACE, RANKS, TEN
    from pacomply.engine.analysis.down_under import hole_classes, policy_tables

    names = {ACE: "A", TEN: "T", **{rank: str(rank + 1) for rank in range(1, 9)}}
    class_names = {(1, 2, 3, 4): "Small", (5, 6, 7, 8): "Medium", (TEN, ACE): "Large", (TEN,): "T", (ACE,): "A"}
    policy = policy_tables(decks)
    columns, keys = [], []
    for up in (*range(1, 9), TEN, ACE):
        for index, hole in enumerate(hole_classes(up)):
            if (up, hole) in ((ACE, (TEN,)), (TEN, (ACE,))):
                continue
            columns.append(f"{names[up]}/{class_names[hole]}")
            keys.append((up, index))
    letters = "SHDP"
    rows = []
    for a in range(RANKS):
        for b in range(a, RANKS):
            if (a, b) == (ACE, TEN):
                continue
            label = f"{names[a]}-{names[b]}"
            rows.append((label, tuple(letters[policy.two_card[up][index][a][b]] for up, index in keys)))
    return StrategyGrid(
        columns=tuple(columns),
        rows=tuple(rows),
        codes="S stand, H hit, D double, P split",
        columns_are="dealer up card / Masque range of the hole card (the hole card itself when both are Large)",
        basis="the optimal decision on the player's first two cards, the play the house edge is for; hands of "
        "three or more cards and split hands are played optimally too",
    )


#: What shared code may ask of this chapter's wager math (checker/wager_math/hooks.py), typed.
WAGER_MATH = ChapterWagerMath(
    analyse=analyse,
    method_version=METHOD_VERSION,
    figures=FigureHooks(stored_figures=stored_figures),
    par_sheet=ParSheetHooks(
        distribution=par_sheet_distribution,
        space=par_sheet_space,
        spread=par_sheet_spread,
        version=PAR_SHEET_VERSION,
    ),
)
