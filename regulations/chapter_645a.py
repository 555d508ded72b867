"""Chapter 645a, Pai Gow Poker: the rulebook (numbers exact, summaries ours).

Owns the chapter's checklist (every option § 645a leaves to the Rules Submission under § 601a.2, plus its
equipment choices), its wagers and paytables (Fortune Bonus A-D, Emperor's Treasure A-D, Pai Gow Insurance A-B,
the Progressive Payout table), the Envy Bonus amounts, the dollar floors, and the readings we chose. The engine
(:mod:`engine.games.pai_gow_poker`, :mod:`engine.analysis.pai_gow_poker`) reuses these numbers.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from pacomply.regulations.citation import cite
from pacomply.regulations.rulebook import (
    AnswerKind,
    Candidate,
    CardChangeInterval,
    ChecklistQuestion,
    DealingMethod,
    DeckConfiguration,
    Minimum,
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

CHAPTER = "645a"
MAX_POSITIONS = 6
HAND_DEALT_CHANGE_HOURS = 4
SHOE_DEALT_CHANGE_HOURS = 8
COMMISSION = Fraction(5, 100)
COMMISSION_ROUNDING = Fraction(1, 4)
MINIMUM_PAYOUT_LIMIT = Decimal(50_000)
MINIMUM_PROGRESSIVE_RESET = Decimal(2_000)
MINIMUM_QUALIFYING_WAGER = Decimal(5)

# Seven-card outcomes, highest first: the stable outcome names the engine classifies hands into.
SEVEN_CARD_STRAIGHT_FLUSH = "seven-card straight flush"
ROYAL_FLUSH_ROYAL_MATCH = "royal flush and royal match"
ROYAL_FLUSH_ACE_KING_SUITED = "royal flush and ace king suited"
SEVEN_CARD_STRAIGHT_FLUSH_JOKER = "seven-card straight flush with joker"
FIVE_ACES = "five aces"
ROYAL_FLUSH = "royal flush"
STRAIGHT_FLUSH = "straight flush"
FOUR_OF_A_KIND = "four-of-a-kind"
FULL_HOUSE = "full house"
FLUSH = "flush"
THREE_OF_A_KIND = "three-of-a-kind"
STRAIGHT = "straight"

#: § 645a.13(b) Fortune Bonus: paytable → ((outcome, odds to 1, Envy Bonus dollars or None), ...).
_FORTUNE_ORDER = (
    SEVEN_CARD_STRAIGHT_FLUSH,
    ROYAL_FLUSH_ROYAL_MATCH,
    SEVEN_CARD_STRAIGHT_FLUSH_JOKER,
    FIVE_ACES,
    ROYAL_FLUSH,
    STRAIGHT_FLUSH,
    FOUR_OF_A_KIND,
    FULL_HOUSE,
    FLUSH,
    THREE_OF_A_KIND,
    STRAIGHT,
)
_COMMON_LOWER = (5, 4, 3, 2)  # full house, flush, three-of-a-kind, straight in every A-D table
FORTUNE_ODDS: dict[str, tuple[int, ...]] = {
    "A": (8000, 2000, 1000, 400, 150, 50, 25, *_COMMON_LOWER),
    "B": (5000, 2000, 1000, 400, 150, 50, 25, *_COMMON_LOWER),
    "C": (5000, 1000, 750, 250, 100, 50, 20, *_COMMON_LOWER),
    "D": (2500, 1000, 750, 250, 125, 50, 25, *_COMMON_LOWER),
}
#: Envy Bonus dollars, same order, for the seven hands of four-of-a-kind or better (§ 645a.13(b), (c)).
ENVY_AMOUNTS: dict[str, tuple[int, ...]] = {
    "A": (5000, 1000, 500, 250, 50, 20, 5),
    "B": (3000, 1000, 500, 250, 50, 20, 5),
    "C": (1000, 250, 100, 50, 25, 10, 5),
    "D": (1000, 750, 250, 100, 50, 20, 5),
}
#: § 645a.13(c): the Emperor's Treasure tables carry the same numbers as the Fortune tables, with the second row
#: being a royal flush plus an ace and king suited.
EMPERORS_ORDER = (
    SEVEN_CARD_STRAIGHT_FLUSH,
    ROYAL_FLUSH_ACE_KING_SUITED,
    *_FORTUNE_ORDER[2:],
)
FORTUNE_ORDER = _FORTUNE_ORDER

#: § 645a.13(d) Pai Gow Insurance: highest card of a seven-card no-pair hand → odds, for paytables A and B.
INSURANCE_OUTCOMES = ("nine-high", "ten-high", "jack-high", "queen-high", "king-high", "ace-high")
INSURANCE_ODDS: dict[str, tuple[int, ...]] = {
    "A": (100, 25, 15, 6, 5, 3),
    "B": (100, 25, 15, 7, 5, 3),
}

#: § 645a.13(e)(1) Progressive Payout: meter shares and "for 1" amounts (the wager is not returned).
PROGRESSIVE_PAYTABLE_ID = "645a.13(e)"
PROGRESSIVE_METER_PERCENT: dict[str, int] = {SEVEN_CARD_STRAIGHT_FLUSH: 100, FIVE_ACES: 10}
PROGRESSIVE_FOR_ONE: dict[str, int] = {ROYAL_FLUSH: 500, STRAIGHT_FLUSH: 100, FOUR_OF_A_KIND: 75, FULL_HOUSE: 4}
PROGRESSIVE_ORDER = (SEVEN_CARD_STRAIGHT_FLUSH, FIVE_ACES, ROYAL_FLUSH, STRAIGHT_FLUSH, FOUR_OF_A_KIND, FULL_HOUSE)

READINGS = (
    Reading(
        id="645a-bonus-highest-ranking-hand",
        topic="A seven-card hand that holds two paying hands, e.g. a straight and three of a kind",
        choice=(
            "The optional wagers are paid on the highest-ranking hand the seven cards form (a straight outranks "
            "three of a kind), not on the hand that would pay most."
        ),
        reason=(
            "§ 645a.11(h) has the dealer rearrange the seven cards to form the highest ranking hand for every optional "
            "wager, and the chapter's ranking puts a straight above three of a kind, although the Fortune "
            "paytables pay three of a kind more. Some published tables (e.g. the Wizard of Odds) count such hands as "
            "three of a kind; under that reading the Fortune Bonus holds less. Both are priced."
        ),
        citation=cite("645a.11(h)"),
        candidates=(
            Candidate(
                "highest-ranking", "the highest-ranking hand: a straight holding three of a kind pays as a straight"
            ),
            Candidate(
                "pays-most", "the hand that pays most: a straight holding three of a kind pays as three of a kind"
            ),
        ),
        relied_on="highest-ranking",
    ),
    Reading(
        id="645a-envy-players",
        topic="How many other players' hands can earn a Qualifying Wager an Envy Bonus",
        choice="The wager's own figure leaves the Envy Bonus out: it depends on how many other players are dealt "
        "hands, which the chapter leaves to the table.",
        reason="The Envy Bonus is a fixed sum paid for each other player's qualifying hand, whether or not that "
        "player wagered; its expectation grows with the number of other players, so the figure is priced for 0 to "
        "5 other players (the table has six positions), per $5 Qualifying Wager (the least that qualifies).",
        citation=cite("645a.13(b)"),
        candidates=tuple(
            Candidate(
                f"envy-{players}", f"Envy Bonuses from {players} other player{'s' * (players != 1)}, per $5 wager"
            )
            for players in range(MAX_POSITIONS)
        ),
        relied_on="envy-0",
    ),
    Reading(
        id="645a-joker-flush-rank",
        topic="Which rank the joker takes when it completes a flush that already holds that suit's ace",
        choice="The highest rank of that suit not already in the hand (an ace when the ace is absent).",
        reason=(
            "§ 645a.6(a) lets the joker be 'any card' to complete a flush; choosing the highest missing rank is the "
            "reading that gives the holder the best flush, and pacomply values a card the chapter lets be used in the "
            "holder's favour."
        ),
        citation=cite("645a.6(a)"),
    ),
    Reading(
        id="645a-progressive-for-one",
        topic="Progressive amounts written 'for 1'",
        choice="'500 for 1' returns 500 units in total for the unit wager, which is collected: a net gain of 499.",
        reason=(
            "§ 645a.13(e)(1) writes 'for 1' where the other tables write 'to 1'; the usual meaning of 'for' odds is "
            "that the payout includes the wager, and the wager was collected into the table inventory under "
            "§ 645a.8(b)(2)."
        ),
        citation=cite("645a.13(e)(1)"),
    ),
    Reading(
        id="645a-progressive-meter",
        topic="The meter used when pricing the Progressive Payout Wager",
        choice=(
            "pacomply prices a $1 wager with the meter at the chapter's $2,000 floor for the initial/reset amount; "
            "a higher filed reset or a grown meter returns more."
        ),
        reason=(
            "§ 645a.13(e)(3) pays what the meter shows when the player is paid, which varies; the reset amount is "
            "the lowest it can show, so the figure is the wager's least favourable return. The chapter prints no "
            "rate of progression: the long run (fixed pays, the meter-resetting hand at the reset amount, plus the "
            "rate) is priced at the rate a filing states or --meter-rate gives."
        ),
        citation=cite("645a.13(e)(3)"),
        candidates=(
            Candidate("at-seed", "meter at the $2,000 reset floor"),
            Candidate("long-run-at-rate", "long run at the rate of progression given"),
        ),
        relied_on="at-seed",
    ),
    Reading(
        id="645a-insurance-joker",
        topic="Pai Gow Insurance with the joker",
        choice=(
            "The joker counts as an ace (or completes a straight or flush); a seven-card hand with the joker and no "
            "pair, straight or flush is ace-high."
        ),
        reason="§ 645a.7(e)(3) measures the hand by § 645a.6(b), where the joker ranks as an ace (§ 645a.6(a)).",
        citation=cite("645a.7(e)(3)"),
    ),
    Reading(
        id="645a-royal-match-overlap",
        topic="Cards shared between the royal flush and the Royal Match / ace-king pair",
        choice=(
            "The additional two cards are two of the seven cards other than the five forming the royal flush; with "
            "the joker in the royal flush it stands for the missing royal card, never for the extra pair."
        ),
        reason=(
            "§ 645a.6(d)(2) and (e)(2) describe a seven-card hand of a royal flush 'with' an additional pair, so the "
            "pair is made of the two cards beyond the five; (e)(2) also bars the joker from the ace-king pair."
        ),
        citation=cite("645a.6(d)(2)"),
    ),
    Reading(
        id="645a-payout-limit-maximum-win",
        topic="'The maximum amount that one player could win per round when betting the minimum permissible wager'",
        choice=(
            "The filed minimum wager times (1 for the Pai Gow Poker Wager, plus the top odds of each fixed-odds "
            "optional wager the tables offer); the progressive meter and Envy Bonuses are left out."
        ),
        reason=(
            "§ 645a.13(f) excludes Envy Bonuses from the limit, and a meter amount has no fixed maximum, so only the "
            "fixed-odds wagers give a computable maximum."
        ),
        citation=cite("645a.13(f)"),
    ),
    Reading(
        id="645a-copies",
        topic="Identical high or low hands ('copies')",
        choice="A copy in one hand with the other hand not won by the player loses; with the other hand won, it ties.",
        reason="§ 645a.11(f)(1)(ii) and (f)(2) say so directly; recorded because settlement explanations cite it.",
        citation=cite("645a.11(f)(1)(ii)"),
    ),
)


def _yes_no(key: str, section: str, question: str, depends_on: str | None = None) -> ChecklistQuestion:
    return ChecklistQuestion(key, cite(section), question, AnswerKind.YES_NO, depends_on=depends_on)


CHECKLIST = (
    _yes_no(
        "starting_position_shaker", "645a.2(c)(1)", "Is the starting position determined with three dice in a shaker?"
    ),
    _yes_no(
        "starting_position_rng",
        "645a.2(c)(2)",
        "Is the starting position determined by an approved random number generator (1-7)?",
    ),
    _yes_no(
        "starting_position_flat_button",
        "645a.2(c)(3)",
        "Is the starting position marked by a flat button (automated shuffler and dealing shoe only)?",
    ),
    _yes_no("automated_shuffler", "645a.3(b)", "Do you use an automated card shuffling device?"),
    _yes_no(
        "two_decks_alternating",
        "645a.3(b)",
        "Do you play with two decks of different back colours alternated in and out of play?",
        depends_on="automated_shuffler",
    ),
    _yes_no("cards_preinspected", "645a.4(e)", "Are the playing cards preinspected and preshuffled?"),
    _yes_no(
        "automated_reshuffling_shoe",
        "645a.5(h)",
        "Do you use a dealing shoe or device that automatically reshuffles and counts the cards?",
    ),
    _yes_no("mark_starting_position", "645a.5(j)", "Do you mark the starting position for a round of play?"),
    ChecklistQuestion(
        "starting_position_object",
        cite("645a.5(j)"),
        "If yes, what object marks it?",
        AnswerKind.TEXT,
        depends_on="mark_starting_position",
    ),
    _yes_no(
        "abandoned_wagers_lose",
        "645a.7(b)",
        "If a player leaves during a round, are the player's wagers treated as abandoned and losing?",
    ),
    _yes_no("fortune_offered", "645a.7(e)(1)", "Do you offer the Fortune Bonus Wager?"),
    ChecklistQuestion(
        "fortune_paytable",
        cite("645a.13(b)"),
        "If yes, which paytable pays Fortune Bonus Wagers and Envy Bonuses?",
        AnswerKind.PAYTABLE,
        depends_on="fortune_offered",
        choices=("A", "B", "C", "D"),
    ),
    _yes_no("emperors_treasure_offered", "645a.7(e)(2)", "Do you offer the Emperor's Treasure Wager?"),
    ChecklistQuestion(
        "emperors_treasure_paytable",
        cite("645a.13(c)"),
        "If yes, which paytable pays Emperor's Treasure Wagers and Envy Bonuses?",
        AnswerKind.PAYTABLE,
        depends_on="emperors_treasure_offered",
        choices=("A", "B", "C", "D"),
    ),
    ChecklistQuestion(
        "envy_qualifying_wager",
        cite("645a.1"),
        "What is the least Fortune Bonus or Emperor's Treasure Wager that qualifies for an Envy Bonus?",
        AnswerKind.MONEY,
        required=False,
    ),
    _yes_no("insurance_offered", "645a.7(e)(3)", "Do you offer the Pai Gow Insurance Wager?"),
    ChecklistQuestion(
        "insurance_paytable",
        cite("645a.13(d)"),
        "If yes, which paytable pays Pai Gow Insurance Wagers?",
        AnswerKind.PAYTABLE,
        depends_on="insurance_offered",
        choices=("A", "B"),
    ),
    _yes_no("progressive_offered", "645a.7(e)(4)", "Do you offer the Progressive Payout Wager?"),
    ChecklistQuestion(
        "progressive_reset",
        cite("645a.13(e)(2)"),
        "If yes, what is the progressive meter's initial and reset amount?",
        AnswerKind.MONEY,
        depends_on="progressive_offered",
    ),
    _yes_no("adjacent_betting_areas", "645a.7(f)", "Do you permit a player to wager on two adjacent betting areas?"),
    _yes_no("manual_shoe", "645a.8(a)", "Are cards dealt from a manual dealing shoe?"),
    _yes_no(
        "dealt_from_hand", "645a.9(a)", "Are cards dealt from the dealer's hand (an automated shuffler must be used)?"
    ),
    _yes_no("automated_shoe", "645a.10(a)", "Are cards dealt from an automated dealing shoe?"),
    ChecklistQuestion(
        "house_way",
        cite("645a.11(c)"),
        "How does the dealer set the hands (the house way)? Name 'standard' or attach the structured house way.",
        AnswerKind.TEXT,
    ),
    _yes_no(
        "commission_rounding",
        "645a.13(a)",
        "Do you round the 5% vigorish up to 25 cents or the next multiple of 25 cents?",
    ),
    _yes_no("player_bank_offered", "645a.12(a)", "Do you offer players the opportunity to bank the game?"),
    _yes_no(
        "co_banking_offered",
        "645a.12(e)",
        "If yes, do you offer the bank the option of co-banking with the dealer?",
        depends_on="player_bank_offered",
    ),
    ChecklistQuestion(
        "dealer_wager_against_bank",
        cite("645a.12(g)"),
        "If the bank is offered, what amount does the dealer wager against the bank?",
        AnswerKind.TEXT,
        depends_on="player_bank_offered",
    ),
    _yes_no(
        "payout_limit_established",
        "645a.13(f)",
        "Do you establish a maximum amount payable to a player on a single hand?",
    ),
    ChecklistQuestion(
        "payout_limit",
        cite("645a.13(f)"),
        "If yes, what is the maximum payout per hand?",
        AnswerKind.MONEY,
        depends_on="payout_limit_established",
    ),
    ChecklistQuestion(
        "minimum_wager",
        cite("645a.13(f)"),
        "If a payout limit is set, what is the minimum permissible wager (for the limit's floor)?",
        AnswerKind.MONEY,
        depends_on="payout_limit_established",
    ),
)

WAGERS = (
    Wager(
        id="base",
        name="Pai Gow Poker Wager",
        required=True,
        citation=cite("645a.7(d)"),
        description="Player's high and low hands against the dealer's (or bank's); wins pay 1 to 1 less 5% vigorish.",
    ),
    Wager(
        id="fortune",
        name="Fortune Bonus Wager",
        required=False,
        citation=cite("645a.7(e)(1)"),
        description="Pays on a seven-card straight or better; a bet of $5 or more also qualifies for the Envy Bonus.",
        paytable_ids=("A", "B", "C", "D"),
    ),
    Wager(
        id="emperors_treasure",
        name="Emperor's Treasure Wager",
        required=False,
        citation=cite("645a.7(e)(2)"),
        description="Like the Fortune Bonus, with a royal flush plus ace-king suited as its second hand; Envy applies.",
        paytable_ids=("A", "B", "C", "D"),
    ),
    Wager(
        id="insurance",
        name="Pai Gow Insurance Wager",
        required=False,
        citation=cite("645a.7(e)(3)"),
        description="Pays when the player's seven cards hold no pair or better, by the highest card (nine-high up).",
        paytable_ids=("A", "B"),
    ),
    Wager(
        id="progressive",
        name="Progressive Payout Wager",
        required=False,
        citation=cite("645a.7(e)(4)"),
        description="Pays a full house or better from a fixed table and the progressive meter.",
        paytable_ids=(PROGRESSIVE_PAYTABLE_ID,),
    ),
)


def _bonus_paytable(wager: str, table_id: str, order: tuple[str, ...], subsection: str, name: str) -> Paytable:
    return Paytable(
        id=table_id,
        wager=wager,
        name=f"{name} {table_id}",
        rows=tuple(
            PaytableRow(outcome=outcome, kind=PayoutKind.ODDS, amount=odds(pays))
            for outcome, pays in zip(order, FORTUNE_ODDS[table_id], strict=True)
        ),
        citation=cite(subsection),
    )


PAYTABLES = (
    *(_bonus_paytable("fortune", t, FORTUNE_ORDER, "645a.13(b)", "Fortune Bonus") for t in "ABCD"),
    *(_bonus_paytable("emperors_treasure", t, EMPERORS_ORDER, "645a.13(c)", "Emperor's Treasure") for t in "ABCD"),
    *(
        Paytable(
            id=table_id,
            wager="insurance",
            name=f"Pai Gow Insurance {table_id}",
            rows=tuple(
                PaytableRow(outcome=outcome, kind=PayoutKind.ODDS, amount=odds(pays))
                for outcome, pays in zip(INSURANCE_OUTCOMES, INSURANCE_ODDS[table_id], strict=True)
            ),
            citation=cite("645a.13(d)"),
        )
        for table_id in "AB"
    ),
    Paytable(
        id=PROGRESSIVE_PAYTABLE_ID,
        wager="progressive",
        name="Progressive Payout",
        rows=(
            *(
                PaytableRow(outcome, PayoutKind.METER_PERCENT, Fraction(PROGRESSIVE_METER_PERCENT[outcome]))
                for outcome in PROGRESSIVE_ORDER[:2]
            ),
            *(
                PaytableRow(outcome, PayoutKind.FIXED_AMOUNT, Fraction(PROGRESSIVE_FOR_ONE[outcome]))
                for outcome in PROGRESSIVE_ORDER[2:]
            ),
        ),
        citation=cite("645a.13(e)(1)"),
    ),
)

RULEBOOK = Rulebook(
    chapter=CHAPTER,
    title="Pai Gow Poker",
    **version_fields(CHAPTER),
    max_betting_positions=MAX_POSITIONS,
    betting_positions_citation=cite("645a.2(a)"),
    deck_configurations=(
        DeckConfiguration(
            decks=frozenset({1}),
            batches=1,
            shufflers=frozenset({Shuffler.NONE, Shuffler.AUTOMATED}),
            citation=cite("645a.3(a)"),
            description="One 53-card deck (52 cards and one joker) and two cover cards.",
        ),
        DeckConfiguration(
            decks=frozenset({1}),
            batches=2,
            shufflers=frozenset({Shuffler.AUTOMATED}),
            citation=cite("645a.3(b)"),
            description="With an automated shuffler: two decks of different back colours, alternated round by round.",
        ),
    ),
    card_change_intervals=(
        CardChangeInterval(HAND_DEALT_CHANGE_HOURS, cite("645a.3(c)(1)"), frozenset({DealingMethod.HAND})),
        CardChangeInterval(
            SHOE_DEALT_CHANGE_HOURS,
            cite("645a.3(c)(2)"),
            frozenset({DealingMethod.SHOE, DealingMethod.AUTOMATED_SHOE}),
        ),
    ),
    dealing_methods=frozenset({DealingMethod.SHOE, DealingMethod.HAND, DealingMethod.AUTOMATED_SHOE}),
    dealing_methods_citation=cite("645a.5(b)(1)"),
    wagers=WAGERS,
    paytables=PAYTABLES,
    checklist=CHECKLIST,
    discard_rack_citation=None,
    jokers_per_deck=1,
    minimums=(
        Minimum(
            "payout_limit",
            "A per-hand payout limit, if set, is at least $50,000",
            MINIMUM_PAYOUT_LIMIT,
            cite("645a.13(f)"),
        ),
        Minimum(
            "progressive_reset",
            "Progressive initial and reset amount",
            MINIMUM_PROGRESSIVE_RESET,
            cite("645a.13(e)(2)"),
        ),
        Minimum(
            "qualifying_wager",
            "Least Fortune Bonus or Emperor's Treasure Wager earning Envy Bonuses",
            MINIMUM_QUALIFYING_WAGER,
            cite("645a.1"),
        ),
    ),
    readings=READINGS,
    notes=(
        "§ 645a.2(f) requires a discard rack but sets no height; pacomply checks no rack height for 645a.",
        "The dealer's house way is filed as text or as the structured house way of docs/chapters-645a-688a.md.",
    ),
    # The checklist selects one paytable of these wagers for the chapter; a table naming none takes it.
    paytable_questions=(
        ("fortune", "fortune_paytable"),
        ("emperors_treasure", "emperors_treasure_paytable"),
        ("insurance", "insurance_paytable"),
    ),
)
