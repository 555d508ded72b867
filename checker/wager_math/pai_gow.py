"""What the wager math of the two Pai Gow chapters (645a Pai Gow Poker, 688a Face Up Pai Gow Poker) shares: one
53-card deck, a wager's record from its rulebook entries and readings, and the narrowing of the chapter's wagers
and paytables by the arguments of ``edge``."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from pacomply.checker.wager_math import (
    READING_SEPARATOR,
    AnalysisUnavailable,
    PricedReading,
    WagerMath,
    price_candidate,
)
from pacomply.checker.wager_math.progressive import ProgressiveModel, percent_text

if TYPE_CHECKING:
    from pacomply.engine.analysis.result import WagerAnalysis
    from pacomply.engine.games.pai_gow_house_way_reading import HouseWay
    from pacomply.regulations.rulebook import Reading, Rulebook


def wager_math(
    rulebook: Rulebook,
    readings: Mapping[str, tuple[str, ...]],
    wager: str,
    paytable: str | None,
    analysis: WagerAnalysis,
    strategy: tuple[tuple[str, str], ...] | None = None,
) -> WagerMath:
    """The record of one wager (on ``paytable``, if it has one), citing the paytable where there is one and naming
    the readings ``readings[wager]`` the figure relies on."""
    rows: tuple[tuple[str, str], ...] = ()
    citation = str(rulebook.wager(wager).citation)
    if paytable is not None:
        table = rulebook.paytable(wager, paytable)
        citation = str(table.citation)
        rows = tuple((row.outcome, row.payout_text()) for row in table.rows)
    relied = [rulebook.reading(reading_id) for reading_id in readings[wager]]
    return WagerMath.from_analysis(
        analysis,
        chapter=rulebook.chapter,
        wager=wager,
        paytable=paytable,
        decks=1,
        citation=citation,
        reading=READING_SEPARATOR.join(f"{reading.id}: {reading.choice}" for reading in relied),
        strategy=strategy,
        paytable_rows=rows,
    )


def wagers_and_paytables(
    rulebook: Rulebook, wager: str | None, paytable: str | None, decks: int | None
) -> list[tuple[str, list[str]]]:
    """Each wager asked for (all the chapter's when ``wager`` is None) with its paytables asked for (all when
    ``paytable`` is None; matched regardless of case). Refuses another deck count than the one 53-card deck
    (§ NNNa.3(a)), an unknown wager, and a paytable the wager does not have."""
    chapter = rulebook.chapter
    if decks not in (None, 1):
        raise AnalysisUnavailable(f"{chapter} is dealt from one 53-card deck (§ {chapter}.3(a)); --decks must be 1")
    wagers = [wager] if wager is not None else [w.id for w in rulebook.wagers]
    narrowed = []
    for wager_id in wagers:
        try:
            book_wager = rulebook.wager(wager_id)
        except KeyError:
            raise AnalysisUnavailable(f"{chapter} has no wager '{wager_id}'") from None
        tables = list(book_wager.paytable_ids)
        if paytable is not None:
            tables = [t for t in tables if t.upper() == paytable.upper()]
            if not tables:
                raise AnalysisUnavailable(
                    f"{chapter}'s {book_wager.name} has no paytable '{paytable}' ({', '.join(book_wager.paytable_ids)})"
                )
        narrowed.append((wager_id, tables))
    return narrowed


def long_run_at_rate(reading: Reading, model: ProgressiveModel, meter_rate: Fraction | None) -> list[PricedReading]:
    """A progressive's long-run candidate at the rate ``meter_rate`` (a filing's or ``--meter-rate``), if given."""
    if meter_rate is None:
        return []
    return [
        price_candidate(
            reading,
            "long-run-at-rate",
            model.long_run_return(meter_rate),
            basis=f"long run at {percent_text(meter_rate)}",
        )
    ]


def highest_ranking_candidates(
    reading: Reading, exact_return: Fraction, gain: Fraction | int, *, basis: str | None = None
) -> tuple[PricedReading, PricedReading]:
    """The two candidates of reading NNNa-bonus-highest-ranking-hand, for a hand that is both a straight and three
    of a kind: paid as the straight, the higher ranking hand (``exact_return``), or as the three of a kind, which
    pays more: ``exact_return`` plus the probability of such a hand (with the semi-wild joker) times ``gain``, the
    three of a kind's pay less the straight's per unit of the wager."""
    from pacomply.engine.analysis.pai_gow_poker import ALL_HANDS, straights_holding_three_of_a_kind

    straights = Fraction(straights_holding_three_of_a_kind(), ALL_HANDS)
    return (
        price_candidate(reading, "highest-ranking", exact_return, basis=basis),
        price_candidate(reading, "pays-most", exact_return + straights * gain, basis=basis),
    )


StoredFigure = tuple[Any, tuple[tuple[str, Any], ...]]
"""A registered figure (``engine.figure_store.figure``) and its inputs, as the catalogue lists it."""


def shared_pai_gow_figures() -> Iterator[StoredFigure]:
    """The stored figures both chapters' ``stored_figures()`` hooks yield: the enumerations under the bonus wagers,
    and every base-game shard of both games, whichever chapter is built (the two share the engine's shelf of
    shipped figures, which a build rewrites whole)."""
    from pacomply.engine.analysis import face_up_pai_gow_poker, pai_gow_poker
    from pacomply.engine.evaluator import JokerRule

    for rule in (JokerRule.SEMI_WILD, JokerRule.FULLY_WILD):
        yield pai_gow_poker._enumerated_counts, (("joker_rule", rule),)
    yield pai_gow_poker._counted_straights, (("joker_rule", JokerRule.SEMI_WILD),)
    for analysis in (pai_gow_poker, face_up_pai_gow_poker):
        for index in range(pai_gow_poker.shard_count(analysis.BASE_ROUNDS) or 0):
            inputs = (("game", analysis.BASE_GAME), ("seed", analysis.BASE_SEED), ("index", index),
                      ("rounds", pai_gow_poker.SHARD_ROUNDS))  # fmt: skip
            yield pai_gow_poker._stored_shard, inputs


#: What no published figure for a named house way can be compared with: said on both base games' par sheets.
NO_PUBLISHED_HOUSE_WAY_FIGURE = (
    "no published figure for a named house way is held to compare this one with: the Board's figures name no house "
    "way, and "
    "pacomply's reference material holds no laboratory's or publisher's figure for a named house way in an "
    "authoritative form (the figures commonly quoted for the Trump Plaza house way, a house edge near 2.85 % with "
    "about 41.5 % pushes, are for another house way and were seen only in unofficial copies), so none is claimed"
)


_RANK_WORDS = {11: "jacks", 12: "queens", 13: "kings", 14: "aces"}


def _ranks(rank: int) -> str:
    """A rank as a plural a reader says: '6s', '10s', 'jacks'."""
    return _RANK_WORDS.get(rank, f"{rank}s")


def house_way_words(house_way: HouseWay) -> str:
    """How a house way sets hands, in a reviewer's words (the filing's key names stay in the filing format)."""
    split_or_kept = {True: "split", False: "kept whole"}
    return "; ".join(
        (
            f"two pair stay together when the higher pair is {_ranks(house_way.two_pair_together_with_ace_max)} or "
            "lower and a single ace or the joker can play low, and are split otherwise",
            f"four of a kind stays together up to {_ranks(house_way.quads_together_max)}, and up to "
            f"{_ranks(house_way.quads_together_with_ace_max)} when an ace can play low; above that it is split into "
            "two pairs",
            f"a full house is {split_or_kept[house_way.split_full_house]}"
            + (" (the pair plays low)" if house_way.split_full_house else ""),
            f"three aces are {split_or_kept[house_way.split_three_aces]}"
            + (" (a pair of aces high, an ace low)" if house_way.split_three_aces else ""),
            f"five aces are {split_or_kept[house_way.split_five_aces]}"
            + (" (three aces high, two low)" if house_way.split_five_aces else ""),
            "a straight or flush "
            + ("is kept in the high hand" if house_way.play_straights_and_flushes else "is not kept whole")
            + " when the hand holds no pair or one pair",
        )
    )


def house_way_notes(citation: str, player: str) -> tuple[str, ...]:
    """Which house way a simulated Pai Gow base game plays, and that it is the filing's to name."""
    from pacomply.engine.games.pai_gow_house_way import STANDARD_HOUSE_WAY

    return (
        f"house way: the dealer sets by pacomply's standard house way ({house_way_words(STANDARD_HOUSE_WAY)}); "
        f"{player}. The chapter leaves the dealer's house way to the certificate holder's Rules Submission "
        f"({citation}): a filed house way other than the standard one would give another figure, which this sheet "
        "does not price",
        NO_PUBLISHED_HOUSE_WAY_FIGURE,
    )


def par_sheet_simulation(
    base_seed: int, rounds: int | None, standard_error: float | None, house_way: tuple[str, ...] = ()
) -> tuple[int, tuple[str, ...]]:
    """The par sheet's facts of a simulated Pai Gow figure (both chapters' ``par_sheet_simulation`` hooks): the base
    game's seed, where its rounds were dealt in shards a note saying how many and how each was seeded, and the
    house way it plays (:func:`house_way_notes`)."""
    from pacomply.checker.parsheet import significant
    from pacomply.engine.analysis.pai_gow_poker import SHARD_ROUNDS, shard_count
    from pacomply.engine.simulation.pai_gow_poker import SHARDS_PER_SEED

    shards = shard_count(rounds) if rounds is not None else None
    if shards is None:
        return base_seed, house_way
    return base_seed, (
        f"{rounds:,} rounds dealt in {shards} shards of {SHARD_ROUNDS:,}, shard i seeded "
        f"{base_seed} x {SHARDS_PER_SEED:,} + i; standard error {significant((standard_error or 0) * 100, 4)} "
        "points of the house edge",
        *house_way,
    )
