"""Chapter 681a, 21 Baccarat: the rulebook (numbers exact, summaries ours).

Owns the chapter's numbers the engine reuses (decks, the draw limit, payout odds, the six Bonus paytables and the
decks each is permitted with), the checklist of options the chapter leaves to the Rules Submission, and the
readings where the text is open.
"""

from __future__ import annotations

from enum import StrEnum, unique

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

CHAPTER = "681a"

#: § 681a.3(a): four or eight decks (per batch when two batches alternate, § 681a.3(b)).
PERMITTED_DECKS = frozenset({4, 8})
CARD_CHANGE_HOURS = 24
MAX_BETTING_POSITIONS = 8

#: § 681a.7(f)-(g): a hand with a total under 17 (soft or hard) draws; 17 and over stands.
STAND_ON = 17
#: § 681a.8(a): winning Player/Banker wagers pay 1 to 1, except a win with a 17 which pays 1 to 2.
EVEN_MONEY = odds(1)
WIN_WITH_17_ODDS = odds(1, 2)
WIN_WITH_17_TOTAL = 17
#: § 681a.8(b): Tie pays 10 to 1.
TIE_ODDS = odds(10)


@unique
class BonusHand(StrEnum):
    """The Bonus hands of § 681a.3(e), highest first."""

    THREE_SEVENS = "three 7s"
    """Three 7s (§ 681a.3(e)(1))."""
    THREE_OF_A_KIND = "three-of-a-kind"
    """Three cards of one rank (§ 681a.3(e)(2))."""
    STRAIGHT = "three-card straight"
    """Three cards of consecutive rank, any suits (§ 681a.3(e)(3))."""
    TWENTY_ONE = "three-card 21"
    """Three cards totalling 21 (§ 681a.3(e)(4))."""
    PAIR = "one pair"
    """The first two cards of one rank (§ 681a.3(e)(5))."""


BONUS_HANDS_HIGHEST_FIRST: tuple[BonusHand, ...] = tuple(BonusHand)

#: § 681a.8(c): Bonus odds (to 1) per paytable; A-C with four decks, D-F with eight.
BONUS_ODDS: dict[str, dict[BonusHand, int]] = {
    "A": {BonusHand.THREE_SEVENS: 100, BonusHand.THREE_OF_A_KIND: 40, BonusHand.STRAIGHT: 11,
          BonusHand.TWENTY_ONE: 5, BonusHand.PAIR: 3},
    "B": {BonusHand.THREE_SEVENS: 80, BonusHand.THREE_OF_A_KIND: 40, BonusHand.STRAIGHT: 12,
          BonusHand.TWENTY_ONE: 5, BonusHand.PAIR: 3},
    "C": {BonusHand.THREE_SEVENS: 80, BonusHand.THREE_OF_A_KIND: 40, BonusHand.STRAIGHT: 10,
          BonusHand.TWENTY_ONE: 6, BonusHand.PAIR: 3},
    "D": {BonusHand.THREE_SEVENS: 100, BonusHand.THREE_OF_A_KIND: 40, BonusHand.STRAIGHT: 10,
          BonusHand.TWENTY_ONE: 5, BonusHand.PAIR: 3},
    "E": {BonusHand.THREE_SEVENS: 80, BonusHand.THREE_OF_A_KIND: 40, BonusHand.STRAIGHT: 11,
          BonusHand.TWENTY_ONE: 5, BonusHand.PAIR: 3},
    "F": {BonusHand.THREE_SEVENS: 80, BonusHand.THREE_OF_A_KIND: 35, BonusHand.STRAIGHT: 12,
          BonusHand.TWENTY_ONE: 5, BonusHand.PAIR: 3},
}  # fmt: skip
BONUS_PAYTABLE_DECKS: dict[str, int] = {"A": 4, "B": 4, "C": 4, "D": 8, "E": 8, "F": 8}
BONUS_WAGERS = ("bonus_player", "bonus_banker")

READINGS = (
    Reading(
        id="681a-two-ace-natural",
        topic="What a natural of two aces is worth",
        choice="Two aces count 12 (one ace 11, the other 1), like any other hand; being a natural only stops the "
        "draw. With a Bonus on the table the pair of aces, being under 17, draws one card for the Bonus alone.",
        reason="§ 681a.1 makes two aces a natural but neither § 681a.6(c) nor § 681a.7(h)-(j) gives a natural any "
        "value beyond its total, and § 681a.3(d)(3) counts the second ace as 1 because 22 would exceed 21.",
        citation=cite("681a.3(d)(3)"),
    ),
    Reading(
        id="681a-one-draw",
        topic="Whether a hand may draw more than once",
        choice="Each hand draws at most one card: a hand is two or three cards. The Player's hand draws before the "
        "Banker's, following the order of the deal.",
        reason="§ 681a.7(f)(2) and (g) each provide for 'one additional card' to a hand under 17, and every Bonus hand "
        "of § 681a.3(e) has at most three cards; the layout inscription 'draw to 16' does not add further draws. "
        "§ 681a.7(e) deals the Player's hand first, so its draw is taken first.",
        citation=cite("681a.7(g)"),
    ),
    Reading(
        id="681a-win-with-17",
        topic="Which wins pay 1 to 2",
        choice="A winning Player or Banker hand whose own total is 17, soft or hard, pays 1 to 2; every other win, "
        "including the lower of two busted hands, pays 1 to 1.",
        reason="§ 681a.8(a) names a win 'with a 17'; a hand over 21 is never 17.",
        citation=cite("681a.8(a)"),
    ),
    Reading(
        id="681a-bonus-card-only-for-bonus",
        topic="The card drawn only for the Bonus when there is a natural",
        choice="It counts for the Bonus Wagers only: the Player, Banker and Tie wagers are settled on the hands "
        "before it was drawn.",
        reason="§ 681a.7(f)(2) says the card counts only for the Bonus Wager; the Tie compares the same hand values "
        "the Player and Banker wagers are settled on (§ 681a.6(d)(1)).",
        citation=cite("681a.7(f)(2)"),
    ),
    Reading(
        id="681a-bonus-highest-hand",
        topic="A Bonus hand that is several Bonus hands at once, and the ace in a straight",
        choice="The Bonus pays once, at the highest hand the cards make (three 7s, three-of-a-kind, straight, 21, "
        "pair on the first two cards, in that order). An ace counts high or low in a straight (A-2-3 and Q-K-A) "
        "but a straight does not turn the corner (K-A-2). A three-card 21 counts aces per § 681a.3(d)(3).",
        reason="§ 681a.3(e) lists the hands from highest to lowest and § 681a.7(k)(2) pays 'a pair or better' once; "
        "the ace is worth 1 or 11 in this game (§ 681a.3(d)(3)), so it may begin or end a run but not join K to 2.",
        citation=cite("681a.3(e)"),
    ),
)


def _bonus_paytable(paytable_id: str, wager: str) -> Paytable:
    return Paytable(
        id=paytable_id,
        wager=wager,
        name=f"Bonus Paytable {paytable_id}",
        rows=tuple(
            PaytableRow(outcome=hand.value, kind=PayoutKind.ODDS, amount=odds(BONUS_ODDS[paytable_id][hand]))
            for hand in BONUS_HANDS_HIGHEST_FIRST
        ),
        citation=cite("681a.8(c)"),
        permitted_decks=frozenset({BONUS_PAYTABLE_DECKS[paytable_id]}),
    )


BONUS_PAYTABLES: tuple[Paytable, ...] = tuple(
    _bonus_paytable(paytable_id, wager) for wager in BONUS_WAGERS for paytable_id in BONUS_ODDS
)

WAGERS = (
    Wager(
        id="player",
        name="Player's Hand",
        required=True,
        citation=cite("681a.6(c)(1)"),
        description="A wager on the Player's Hand or on the Banker's Hand is required. Pays 1 to 1, a win with 17 "
        "1 to 2 (§ 681a.8(a)); a tie pushes.",
    ),
    Wager(
        id="banker",
        name="Banker's Hand",
        required=True,
        citation=cite("681a.6(c)(2)"),
        description="A wager on the Player's Hand or on the Banker's Hand is required. Pays 1 to 1, a win with 17 "
        "1 to 2 (§ 681a.8(a)); a tie pushes.",
    ),
    Wager(
        id="tie",
        name="Tie Wager",
        required=False,
        citation=cite("681a.6(d)(1)"),
        description="Optional if specified in the Rules Submission; wins when the two hands are equal, 10 to 1.",
    ),
    Wager(
        id="bonus_player",
        name="Bonus Wager on the Player's Hand",
        required=False,
        citation=cite("681a.6(d)(2)"),
        description="Optional if specified; pays on a pair or better in the Player's Hand (§ 681a.3(e)).",
        paytable_ids=tuple(BONUS_ODDS),
    ),
    Wager(
        id="bonus_banker",
        name="Bonus Wager on the Banker's Hand",
        required=False,
        citation=cite("681a.6(d)(3)"),
        description="Optional if specified; pays on a pair or better in the Banker's Hand (§ 681a.3(e)).",
        paytable_ids=tuple(BONUS_ODDS),
    ),
)

CHECKLIST = (
    ChecklistQuestion(
        key="decks_per_batch",
        section=cite("681a.3(a)"),
        question="How many decks are in play at a table (in each batch when two batches alternate): 4 or 8?",
        kind=AnswerKind.INTEGER,
    ),
    ChecklistQuestion(
        key="automated_shuffler",
        section=cite("681a.3(b)"),
        question="Do you use an automated card shuffling device (other than a continuous shuffler) with two "
        "alternating batches?",
        kind=AnswerKind.YES_NO,
    ),
    ChecklistQuestion(
        key="continuous_shuffler",
        section=cite("681a.3(b)"),
        question="Do you use a continuous shuffler?",
        kind=AnswerKind.YES_NO,
    ),
    ChecklistQuestion(
        key="cards_preinspected",
        section=cite("681a.4(e)"),
        question="Are the batches of cards received at the table preinspected and preshuffled?",
        kind=AnswerKind.YES_NO,
    ),
    ChecklistQuestion(
        key="shuffler_loads_shoe",
        section=cite("681a.5(a)"),
        question="Does the automated shuffler insert the shuffled stack directly into the dealing shoe?",
        kind=AnswerKind.YES_NO,
        required=False,
    ),
    ChecklistQuestion(
        key="reshuffling_counting_shoe",
        section=cite("681a.5(h)"),
        question="Do you use a dealing shoe or other device that automatically reshuffles and counts the cards "
        "(approved under § 461a.4)?",
        kind=AnswerKind.YES_NO,
    ),
    ChecklistQuestion(
        key="payout_odds_on_layout",
        section=cite("681a.2(b)(7)(ii)"),
        question="Are the payout odds of every wager offered inscribed on the layout (No: a sign is posted at each "
        "table)?",
        kind=AnswerKind.YES_NO,
    ),
    ChecklistQuestion(
        key="tie_offered",
        section=cite("681a.6(d)(1)"),
        question="Do you offer the optional Tie Wager?",
        kind=AnswerKind.YES_NO,
    ),
    ChecklistQuestion(
        key="bonus_player_offered",
        section=cite("681a.6(d)(2)"),
        question="Do you offer the optional Bonus Wager on the Player's Hand?",
        kind=AnswerKind.YES_NO,
    ),
    ChecklistQuestion(
        key="bonus_banker_offered",
        section=cite("681a.6(d)(3)"),
        question="Do you offer the optional Bonus Wager on the Banker's Hand?",
        kind=AnswerKind.YES_NO,
    ),
    ChecklistQuestion(
        key="bonus_paytable",
        section=cite("681a.8(c)"),
        question="If a Bonus Wager is offered, which paytable pays it (A, B or C with four decks; D, E or F with "
        "eight)?",
        kind=AnswerKind.PAYTABLE,
        required=False,
        choices=tuple(BONUS_ODDS),
    ),
)

RULEBOOK = Rulebook(
    chapter=CHAPTER,
    title="21 Baccarat",
    **version_fields(CHAPTER),
    max_betting_positions=MAX_BETTING_POSITIONS,
    betting_positions_citation=cite("681a.2(a)"),
    deck_configurations=(
        DeckConfiguration(
            decks=PERMITTED_DECKS,
            batches=1,
            shufflers=frozenset({Shuffler.NONE, Shuffler.CONTINUOUS}),
            citation=cite("681a.3(a)"),
            description="Four or eight decks, shuffled by hand or by a continuous shuffler.",
        ),
        DeckConfiguration(
            decks=PERMITTED_DECKS,
            batches=2,
            shufflers=frozenset({Shuffler.AUTOMATED}),
            citation=cite("681a.3(b)"),
            description="With an automated shuffler other than a continuous one: two equal batches of four or eight "
            "decks, backs of different colours, alternated shoe by shoe.",
        ),
    ),
    card_change_intervals=(CardChangeInterval(hours=CARD_CHANGE_HOURS, citation=cite("681a.3(c)")),),
    dealing_methods=frozenset({DealingMethod.SHOE, DealingMethod.AUTOMATED_SHOE}),
    dealing_methods_citation=cite("681a.7(a)"),
    wagers=WAGERS,
    paytables=BONUS_PAYTABLES,
    checklist=CHECKLIST,
    # § 681a.2(d) requires a rack but sets no height, so the shared height rule does not apply; 681A-101 checks
    # that each table has one.
    discard_rack_citation=None,
    readings=READINGS,
    notes=(
        "A Player or Banker wager is required (§ 681a.6(c)); both are marked required and a round needs one.",
        "The Tie pays 10 to 1 (§ 681a.8(b)) and has no paytable to choose.",
    ),
    # The checklist selects one paytable of these wagers for the chapter; a table naming none takes it.
    paytable_questions=(("bonus_player", "bonus_paytable"), ("bonus_banker", "bonus_paytable")),
)
