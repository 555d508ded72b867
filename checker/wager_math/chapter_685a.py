"""Wager math for Down Under Blackjack (685a): Match-the-Dealer (six or eight decks) and Insurance, exact; the Bet
Wager (``base``) waits on the base-game analyzer.
"""

from __future__ import annotations

from checker.wager_math import AnalysisUnavailable, WagerMath
from engine.analysis import blackjack_side_wagers
from engine.analysis.result import WagerAnalysis
from regulations.chapter_685a import MATCH_THE_DEALER_ODDS, PERMITTED_DECKS, RULEBOOK
from regulations.rulebook import Paytable

CHAPTER = "685a"


def base_game_math(decks: int) -> list[WagerMath]:
    """Where ``base`` will be wired to the Down Under analyzer (issue #6). Not available yet."""
    raise AnalysisUnavailable(
        f"685a 'base' at {decks} deck(s): the Bet Wager's house edge needs the Down Under base-game analyzer "
        "(issue #6, branch blackjack-analyzer), which is not merged yet; match_the_dealer and insurance are available"
    )


def _math(wager: str, paytable: Paytable | None, decks: int, analysis: WagerAnalysis) -> WagerMath:
    citation = paytable.citation if paytable is not None else RULEBOOK.wager(wager).citation
    reading = RULEBOOK.reading("685a-match-per-card") if wager == "match_the_dealer" else None
    return WagerMath(
        chapter=CHAPTER,
        wager=wager,
        paytable=paytable.id if paytable is not None else None,
        decks=decks,
        house_edge=analysis.house_edge,
        element_of_risk=analysis.element_of_risk,
        return_=analysis.return_,
        method=analysis.method,
        rounds=analysis.rounds,
        ci95=analysis.ci95,
        hit_frequency=analysis.hit_frequency,
        std_dev=analysis.std_dev,
        citation=str(citation),
        reading=None if reading is None else f"{reading.id}: {reading.choice}",
        paytable_rows=tuple((row.outcome, f"{row.amount} to 1") for row in paytable.rows)
        if paytable is not None
        else (("dealer hole card 10, J, Q or K", "2 to 1"),),
    )


def analyse(wager: str | None, paytable: str | None, decks: int | None) -> list[WagerMath]:
    """685a wagers narrowed by the arguments, at the deck counts the chapter permits (or ``decks``)."""
    known = [w.id for w in RULEBOOK.wagers]
    if wager is not None and wager not in known:
        raise AnalysisUnavailable(f"685a has no wager '{wager}' (wagers: {', '.join(known)})")
    if decks is not None and decks not in PERMITTED_DECKS:
        raise AnalysisUnavailable(f"685a is dealt with 4, 5, 6 or 8 decks (§ 685a.3(a)); {decks} asked for")
    deck_counts = [decks] if decks is not None else sorted(PERMITTED_DECKS)
    if wager == "base":
        return base_game_math(deck_counts[0])
    results: list[WagerMath] = []
    for wager_id in [wager] if wager is not None else ["insurance", "match_the_dealer"]:
        if wager_id == "insurance":
            for deck_count in deck_counts:
                distribution = blackjack_side_wagers.insurance(deck_count)
                results.append(_math("insurance", None, deck_count, blackjack_side_wagers.analysis(distribution)))
            continue
        tables = [t for t in RULEBOOK.paytables if paytable is None or t.id.upper() == paytable.strip().upper()]
        if not tables:
            raise AnalysisUnavailable(
                f"685a Match-the-Dealer has no paytable '{paytable}' (permitted: "
                + ", ".join(t.id for t in RULEBOOK.paytables)
                + ")"
            )
        found = False
        for table in tables:
            for deck_count in deck_counts:
                if table.permitted_decks is not None and deck_count not in table.permitted_decks:
                    continue
                found = True
                distribution = blackjack_side_wagers.match_the_dealer(deck_count, MATCH_THE_DEALER_ODDS[deck_count])
                results.append(_math(wager_id, table, deck_count, blackjack_side_wagers.analysis(distribution)))
        if not found and wager is not None:
            raise AnalysisUnavailable(
                "685a Match-the-Dealer is offered only with six or eight decks (§ 685a.6(e)); "
                f"{', '.join(map(str, deck_counts))} asked for"
            )
    return results
