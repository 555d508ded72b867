"""Chapter 686a, Over/Under: the rulebook (numbers exact, summaries ours)."""

from __future__ import annotations

from pacomply.regulations.citation import cite
from pacomply.regulations.rulebook import (
    AnswerKind,
    CardChangeInterval,
    ChecklistQuestion,
    DealingMethod,
    DeckConfiguration,
    PayoutKind,
    Paytable,
    PaytableRow,
    Reading,
    Rulebook,
    Shuffler,
    Wager,
    odds,
)
from pacomply.regulations.versions import version_fields

CHAPTER = "686a"

#: The Bonus paytable of § 686a.8(b): point totals that pay, and the odds. The chapter has exactly one.
BONUS_PAYTABLE_ID = "686a.8(b)"
BONUS_ODDS_BY_TOTAL: dict[int, int] = {
    6: 50, 33: 50,
    7: 10, 32: 10,
    8: 5, 31: 5,
    9: 4, 30: 4,
    10: 3, 29: 3,
    11: 2, 28: 2,
    12: 1, 27: 1,
}  # fmt: skip

#: § 686a.7(k): totals on which the Over 23 and Under 18 wagers win; § 686a.7(l): the house band.
OVER_23_WINNING_TOTALS = frozenset(range(24, 34))
UNDER_18_WINNING_TOTALS = frozenset(range(6, 18))
HOUSE_TOTALS = frozenset(range(18, 24))
DECKS_PER_BATCH = 6
CARD_CHANGE_HOURS = 24

READINGS = (
    Reading(
        id="686a-losing-side",
        topic="An Over 23 wager when the total is under 18, or an Under 18 wager when it is over 23",
        choice="The wager loses, and the Ante with it.",
        reason=(
            "§ 686a.7(k) lists the only totals on which each decision wins and (l) the house band 18-23; "
            "neither names the opposite side. A wager on 'over 23' cannot be won by a total under 18, and the "
            "layout inscription 'all bets pay even money' leaves no push, so a hand that does not win under (k) loses."
        ),
        citation=cite("686a.7(k)"),
    ),
    Reading(
        id="686a-bonus-paytable-id",
        topic="The Bonus paytable has no name in the chapter",
        choice="pacomply calls it '686a.8(b)'; a filing may leave the paytable blank or name it so.",
        reason="§ 686a.8(b) sets a single Bonus paytable, so there is nothing to choose; the id only labels it.",
        citation=cite("686a.8(b)"),
    ),
)

CHECKLIST = (
    ChecklistQuestion(
        key="discard_rack_equal_height",
        section=cite("686a.2(d)"),
        question="Is the height of the discard rack equal to the height of the full stack of cards?",
        kind=AnswerKind.YES_NO,
    ),
    ChecklistQuestion(
        key="discard_rack_taller_with_mark",
        section=cite("686a.2(d)"),
        question=(
            "Is the discard rack taller than the full stack of cards, with a visible mark on its side at the exact "
            "height of the full stack?"
        ),
        kind=AnswerKind.YES_NO,
    ),
    ChecklistQuestion(
        key="automated_shuffler",
        section=cite("686a.3(b)"),
        question="Do you use an automated shuffling device?",
        kind=AnswerKind.YES_NO,
    ),
    ChecklistQuestion(
        key="continuous_shuffler",
        section=cite("686a.3(b)"),
        question="Do you use a continuous shuffler?",
        kind=AnswerKind.YES_NO,
    ),
    ChecklistQuestion(
        key="cards_preinspected",
        section=cite("686a.4(e)"),
        question="Are the playing cards preinspected and preshuffled?",
        kind=AnswerKind.YES_NO,
    ),
    ChecklistQuestion(
        key="verbal_wagers",
        section=cite("686a.6(a)"),
        question=(
            "Do you accept verbal wagers, accompanied by cash, that are confirmed by the dealer and a floorperson "
            "and expeditiously converted into gaming chips or plaques?"
        ),
        kind=AnswerKind.YES_NO,
    ),
    ChecklistQuestion(
        key="bonus_offered",
        section=cite("686a.6(e)"),
        question="Do you offer players the optional wager of Bonus Wager?",
        kind=AnswerKind.YES_NO,
    ),
    ChecklistQuestion(
        key="adjacent_boxes_allowed",
        section=cite("686a.6(f)"),
        question="Do you allow players to wager on more than one adjacent box?",
        kind=AnswerKind.YES_NO,
    ),
    ChecklistQuestion(
        key="max_adjacent_boxes",
        section=cite("686a.6(f)"),
        question="What is the total number of boxes on which a player may place a wager in one round of play?",
        kind=AnswerKind.INTEGER,
    ),
)

WAGERS = (
    Wager(
        id="required",
        name="Ante with Over 23 / Under 18",
        required=True,
        citation=cite("686a.6(d)"),
        description=(
            "The Ante is required; after the first card the player adds an equal Over 23 or Under 18 wager or "
            "surrenders the Ante. Ante and the added wager pay 1 to 1."
        ),
    ),
    Wager(
        id="bonus",
        name="Bonus Wager",
        required=False,
        citation=cite("686a.6(e)"),
        description="Optional, placed with the Ante; pays on extreme three-card totals per the § 686a.8(b) table.",
        paytable_ids=(BONUS_PAYTABLE_ID,),
    ),
)

BONUS_PAYTABLE = Paytable(
    id=BONUS_PAYTABLE_ID,
    wager="bonus",
    name="Over/Under Bonus",
    rows=tuple(
        PaytableRow(outcome=f"total {low} or {high}", kind=PayoutKind.ODDS, amount=odds(BONUS_ODDS_BY_TOTAL[low]))
        for low, high in ((6, 33), (7, 32), (8, 31), (9, 30), (10, 29), (11, 28), (12, 27))
    ),
    citation=cite("686a.8(b)"),
)

RULEBOOK = Rulebook(
    chapter=CHAPTER,
    title="Over/Under",
    **version_fields(CHAPTER),
    max_betting_positions=6,
    betting_positions_citation=cite("686a.2(a)"),
    deck_configurations=(
        DeckConfiguration(
            decks=frozenset({DECKS_PER_BATCH}),
            batches=1,
            shufflers=frozenset({Shuffler.NONE, Shuffler.CONTINUOUS}),
            citation=cite("686a.3(a)"),
            description="One six-deck batch of 52-card decks and a cover card; shoe or continuous shuffler.",
        ),
        DeckConfiguration(
            decks=frozenset({DECKS_PER_BATCH}),
            batches=2,
            shufflers=frozenset({Shuffler.AUTOMATED}),
            citation=cite("686a.3(b)(1)"),
            description=(
                "With an automated shuffler other than a continuous one: two six-deck batches of different back "
                "colours, alternated shoe by shoe."
            ),
        ),
    ),
    card_change_intervals=(CardChangeInterval(hours=CARD_CHANGE_HOURS, citation=cite("686a.3(c)")),),
    dealing_methods=frozenset({DealingMethod.SHOE, DealingMethod.AUTOMATED_SHOE}),
    dealing_methods_citation=cite("686a.7(a)"),
    wagers=WAGERS,
    paytables=(BONUS_PAYTABLE,),
    checklist=CHECKLIST,
    discard_rack_citation=cite("686a.2(d)"),
    readings=READINGS,
)
