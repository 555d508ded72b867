"""Chapter 687a, DJ Wild Stud Poker: the rulebook (numbers exact, summaries ours).

Owns the chapter's numbers the engine reuses: the hand order, the Blind, Trips (natural and with-wild columns),
Two-Way Bad Beat and Progressive paytables, the Raise multiple, the progressive wagers and seeds; the Board's
published 687a checklist, question for question; and the readings where the text is open. Hand categories are
named by stable snake_case strings (``'royal_flush'``) that the engine maps onto its evaluator's categories.
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

CHAPTER = "687a"
CARDS_PER_DECK = 53
JOKERS_PER_DECK = 1
CARDS_PER_HAND = 5
MAX_BETTING_POSITIONS = 6
#: § 687a.1, § 687a.7(d)(1): the Raise is two times the Ante; the Blind equals the Ante.
RAISE_MULTIPLE = 2
HAND_DEALT_CHANGE_HOURS = 4
SHOE_DEALT_CHANGE_HOURS = 8
STUB_COUNT_EVERY_ROUNDS = 5

#: § 687a.6(c) with five of a kind placed as the paytables place it (reading 687a-five-of-a-kind), highest first.
HAND_ORDER_HIGHEST_FIRST: tuple[str, ...] = (
    "five_wilds",
    "royal_flush",
    "five_of_a_kind",
    "straight_flush",
    "four_of_a_kind",
    "full_house",
    "flush",
    "straight",
    "three_of_a_kind",
    "two_pair",
    "pair",
    "high_card",
)
HAND_NAMES: dict[str, str] = {
    "five_wilds": "Five Wilds",
    "royal_flush": "Royal Flush",
    "five_of_a_kind": "Five-of-a-Kind",
    "straight_flush": "Straight Flush",
    "four_of_a_kind": "Four-of-a-Kind",
    "full_house": "Full House",
    "flush": "Flush",
    "straight": "Straight",
    "three_of_a_kind": "Three-of-a-Kind",
    "two_pair": "Two Pairs",
    "pair": "Pair",
    "high_card": "High Card",
}

#: § 687a.12(b): the Blind pays on a winning hand; three of a kind or less pushes.
BLIND_PAYTABLE_ID = "687a.12(b)"
BLIND_ODDS: dict[str, int] = {
    "five_wilds": 1000,
    "royal_flush": 50,
    "five_of_a_kind": 10,
    "straight_flush": 9,
    "four_of_a_kind": 4,
    "full_house": 3,
    "flush": 2,
    "straight": 1,
}

#: § 687a.12(d): Trips Bonus, (natural column, with-wild column); a hand missing from a column is 'n/a' there.
TRIPS_ODDS: dict[str, tuple[dict[str, int], dict[str, int]]] = {
    "DJWT-04": (
        {"royal_flush": 1000, "straight_flush": 200, "four_of_a_kind": 60, "full_house": 30, "flush": 25,
         "straight": 20, "three_of_a_kind": 6},
        {"five_wilds": 2000, "royal_flush": 90, "five_of_a_kind": 70, "straight_flush": 25, "four_of_a_kind": 6,
         "full_house": 5, "flush": 4, "straight": 3, "three_of_a_kind": 1},
    ),
    "DJWT-05": (
        {"royal_flush": 1000, "straight_flush": 200, "four_of_a_kind": 50, "full_house": 30, "flush": 25,
         "straight": 20, "three_of_a_kind": 6},
        {"five_wilds": 2000, "royal_flush": 70, "five_of_a_kind": 60, "straight_flush": 25, "four_of_a_kind": 6,
         "full_house": 5, "flush": 4, "straight": 3, "three_of_a_kind": 1},
    ),
    "DJWT-06": (
        {"royal_flush": 400, "straight_flush": 200, "four_of_a_kind": 50, "full_house": 30, "flush": 25,
         "straight": 20, "three_of_a_kind": 6},
        {"five_wilds": 500, "royal_flush": 70, "five_of_a_kind": 60, "straight_flush": 25, "four_of_a_kind": 6,
         "full_house": 5, "flush": 4, "straight": 3, "three_of_a_kind": 1},
    ),
    "DJWT-07": (
        {"royal_flush": 1000, "straight_flush": 200, "four_of_a_kind": 40, "full_house": 30, "flush": 25,
         "straight": 20, "three_of_a_kind": 9},
        {"five_wilds": 2000, "royal_flush": 60, "five_of_a_kind": 50, "straight_flush": 25, "four_of_a_kind": 6,
         "full_house": 5, "flush": 4, "straight": 3},
    ),
}  # fmt: skip

#: § 687a.12(e): Two-Way Bad Beat, paid on the player's hand when it is three of a kind or better and loses.
BAD_BEAT_ODDS: dict[str, dict[str, int]] = {
    "DJWBB-03": {"royal_flush": 500, "five_of_a_kind": 500, "straight_flush": 500, "four_of_a_kind": 300,
                 "full_house": 200, "flush": 100, "straight": 50, "three_of_a_kind": 15},
    "DJWBB-04": {"royal_flush": 299, "five_of_a_kind": 299, "straight_flush": 299, "four_of_a_kind": 299,
                 "full_house": 200, "flush": 100, "straight": 50, "three_of_a_kind": 15},
}  # fmt: skip

#: § 687a.12(c): Progressive paytables: fixed odds, percentages of the meter, Envy bonuses, wager and seed.
PROGRESSIVE_ODDS: dict[str, int] = {
    "four_of_a_kind": 300,
    "full_house": 50,
    "flush": 40,
    "straight": 30,
    "three_of_a_kind": 9,
}
PROGRESSIVE_METER_PERCENT: dict[str, int] = {"royal_flush": 100, "straight_flush": 10}
PROGRESSIVE_WAGER: dict[str, Decimal] = {"1": Decimal(1), "2": Decimal(5)}
PROGRESSIVE_SEED: dict[str, Decimal] = {"1": Decimal(2000), "2": Decimal(10000)}
PROGRESSIVE_ENVY: dict[str, dict[str, Decimal]] = {
    "1": {"royal_flush": Decimal(1000), "straight_flush": Decimal(300)},
    "2": {"royal_flush": Decimal(5000), "straight_flush": Decimal(1500)},
}

#: § 687a.12(d) DJWT-07's Three-of-a-Kind row under each candidate of reading 687a-djwt-07-three-of-a-kind:
#: (natural odds, with-wild odds); None where the column pays nothing.
DJWT_07_THREE_OF_A_KIND: dict[str, tuple[int, int | None]] = {
    "as-printed": (9, None),
    "with-wild-1-to-1": (9, 1),
    "both-columns-9-to-1": (9, 9),
    "row-of-djwt-04-06": (6, 1),
}

#: The Board's published Progressive payback for 687a (RAF 125-223, item (17)): the target of the
#: "rate-for-board-figure" candidate of reading 687a-progressive, since the chapter prints no rate of progression.
BOARD_PROGRESSIVE_RETURN = Fraction(77, 100)

READINGS = (
    Reading(
        id="687a-five-of-a-kind",
        topic="Five of a kind is missing from the rank list of § 687a.6(c) but the paytables pay it",
        choice="Five of a kind ranks below a royal flush and above a straight flush, where the Blind, Trips and "
        "Bad Beat paytables list it; it is a hand for the Ante/Blind/Raise comparison too.",
        reason="§ 687a.12(b), (d) and (e) each list Five-of-a-Kind between Royal Flush and Straight Flush, and a "
        "paytable that pays a hand presupposes that the hand exists; omitting it from § 687a.6(c) would leave "
        "five aces made with wild cards unranked.",
        citation=cite("687a.6(c)"),
    ),
    Reading(
        id="687a-wild-may-be-used",
        topic="Wild cards 'may' be used; natural versus with-wild hands",
        choice="Each hand is valued the way that pays the player most for each wager: against the dealer, every "
        "wild card is used to best effect; for Trips, a deuce may also stand as a two, so a hand whose deuces all "
        "stand as twos is paid from the Natural column (2-3-4-5-6 suited is a natural straight flush). The joker "
        "has no rank of its own, so a hand holding it is always a with-wild hand.",
        reason="§ 687a.6(b) says wild cards may be used to complete a hand; pacomply values such choices in "
        "the player's favour.",
        citation=cite("687a.6(b)"),
    ),
    Reading(
        id="687a-natural-hand",
        topic="The Trips paytables' Natural column: may a Natural hand hold a deuce standing as a two?",
        choice="Yes: a hand is paid from the Natural column when it makes that hand with every deuce it holds "
        "standing as a two (2-3-4-5-6 suited is a natural straight flush, three 2s a natural three of a kind); only "
        "a hand holding the joker is always a hand with wild.",
        reason="§ 687a.12(d) heads its columns Natural and With Wild without defining them. § 687a.6(b) makes the "
        "deuces and the joker wild and lets them (it does not make them) take another rank, so a deuce that keeps "
        "its own rank is used as a two and the hand it makes is natural; the joker has no rank of its own to keep. "
        "Read the other way, a Natural hand holds no wild card at all (no deuce, no joker) and every hand with a "
        "deuce is paid from the With Wild column; both readings are priced, and the Board's own DJWT-05 and -06 "
        "figures reproduce under the one relied on.",
        citation=cite("687a.12(d)"),
        candidates=(
            Candidate("deuce-as-itself", "a deuce standing as a two leaves the hand natural"),
            Candidate("no-wild-card", "a Natural hand holds no wild card at all (no deuce, no joker)"),
        ),
        relied_on="deuce-as-itself",
    ),
    Reading(
        id="687a-djwt-07-three-of-a-kind",
        topic="DJWT-07 prints one figure for Three-of-a-Kind",
        choice="On DJWT-07 a natural three of a kind pays 9 to 1 and a three of a kind made with a wild card is not "
        "paid: the With Wild column gives it no figure.",
        reason="The DJWT-07 row of § 687a.12(d) prints a single '9 to 1' where the other paytables print a Natural "
        "and a With Wild figure. Paying 9 to 1 on every three of a kind would return about 225 % (a player edge of "
        "about 125 %, enumerated by pacomply), which no approved paytable does, so the figure is read as the Natural "
        "one. The Board should confirm the With Wild figure (the other paytables pay 1 to 1). Every candidate is "
        "priced beside it: the Board's own DJWT-07 figure is the one of the row DJWT-04 to -06 print (6 to 1 "
        "natural, 1 to 1 with wild), which suggests the printed row is a misprint for it.",
        citation=cite("687a.12(d)"),
        candidates=(
            Candidate("as-printed", "as printed, one figure read as Natural: natural 9 to 1, with wild unpaid"),
            Candidate("with-wild-1-to-1", "natural 9 to 1 as printed, with wild 1 to 1 as on DJWT-04 to -06"),
            Candidate("both-columns-9-to-1", "the single 9 to 1 spanning both columns: every three of a kind 9 to 1"),
            Candidate("row-of-djwt-04-06", "the row of DJWT-04 to -06: natural 6 to 1, with wild 1 to 1"),
        ),
        relied_on="as-printed",
    ),
    Reading(
        id="687a-bad-beat",
        topic="What the Two-Way Bad Beat pays on, and DJWBB-04's 'Three-of-a-Kind or less'",
        choice="It pays, from the player's own hand, when that hand is three of a kind or better and loses to the "
        "dealer; a folded hand forfeits it. DJWBB-04's 15 to 1 applies to three of a kind only.",
        reason="§ 687a.7(d)(4), § 687a.6(f) and § 687a.11(f)(3) make three of a kind or better and a loss to the "
        "dealer the only way it wins, and § 687a.11(b)(2) forfeits it on a fold; the name 'Two-Way' is not given "
        "any second way in the text. The two-way reading (the losing hand of the player or of the dealer, three of "
        "a kind or better, pays) and ties of three of a kind or better are priced beside it.",
        citation=cite("687a.11(f)(3)"),
        candidates=(
            Candidate("player-only", "the player's own losing hand only, three of a kind or better"),
            Candidate("player-only-with-ties", "the player's own hand, losing or tied, three of a kind or better"),
            Candidate("two-way", "the losing hand of either the player or the dealer, three of a kind or better"),
            Candidate("two-way-with-ties", "the losing hand of either side, or a tie, three of a kind or better"),
        ),
        relied_on="player-only",
    ),
    Reading(
        id="687a-base-return-basis",
        topic="What the base game's return is measured on: the Ante, the initial wagers, or all the money wagered",
        choice="The return printed is per unit actually wagered (Ante, Blind and any Raise): 1 minus the element of "
        "risk (the expected loss per unit of everything wagered); the house edge is per Ante.",
        reason="§ 687a.7(d)(1) requires an Ante and an equal Blind and lets the player raise two Antes; a payback "
        "can be stated on any of the three amounts, and the Board's 'perfect strategy' figure does not say which, "
        "so each is priced.",
        citation=cite("687a.7(d)(1)"),
        candidates=(
            Candidate("per-total-wagered", "per unit wagered (Ante, Blind and Raise)"),
            Candidate("per-initial-wager", "per unit of the initial wagers (Ante and Blind)"),
            Candidate("per-ante", "per Ante"),
        ),
        relied_on="per-total-wagered",
    ),
    Reading(
        id="687a-progressive",
        topic="Progressive Bonus: how the hand is valued once the joker is replaced; the meter and Envy",
        choice="The joker is replaced by the card set aside and the five cards are valued as a natural poker hand: "
        "deuces stand as twos. A winning hand keeps its wager: the odds rows and the meter awards are paid on top "
        "of it. pacomply prices the meter at its seed and leaves out Envy bonuses (they depend on the other "
        "players' hands).",
        reason="§ 687a.11(f)(1) replaces the joker before the hand is valued, which only matters if the "
        "Progressive is a natural hand; § 687a.6(d) lists no Five Wilds or five of a kind, the hands that exist "
        "only with wild cards; and with deuces wild its 9-to-1 three of a kind and 300-to-1 four of a kind would "
        "return several times the wager. § 687a.11(f)(1)(ii) pays a winning wager under § 687a.12(c), whose fixed "
        "rows are odds ('300 to 1'), paid besides the wager; § 687a.8(c)'s collection at the Start Game button "
        "locks the wagers on the sensor rather than settling them. The return of a progressive depends on the "
        "meter, so the seed gives the lowest return. The chapter prints no rate of progression, so the long run "
        "is priced at a rate given with --meter-rate or a filing, and the rate that would return the Board's "
        "published figure is shown.",
        citation=cite("687a.11(f)(1)"),
        candidates=(
            Candidate("at-seed", "meter at its seed and re-seed amount, Envy left out"),
            Candidate("long-run", "long run: fixed pays, the royal flush at the seed, plus the rate of progression"),
            Candidate("rate-for-board-figure", "long run at the rate of progression that returns the Board's figure"),
        ),
        relied_on="at-seed",
    ),
)


def _rows(column: dict[str, int], suffix: str = "") -> tuple[PaytableRow, ...]:
    return tuple(
        PaytableRow(outcome=f"{HAND_NAMES[hand]}{suffix}", kind=PayoutKind.ODDS, amount=odds(column[hand]))
        for hand in HAND_ORDER_HIGHEST_FIRST
        if hand in column
    )


BLIND_PAYTABLE = Paytable(
    id=BLIND_PAYTABLE_ID,
    wager="blind",
    name="Blind",
    rows=(*_rows(BLIND_ODDS), PaytableRow(outcome="Three-of-a-Kind or less", kind=PayoutKind.PUSH)),
    citation=cite("687a.12(b)"),
)
TRIPS_PAYTABLES = tuple(
    Paytable(
        id=paytable_id,
        wager="trips",
        name=f"Trips Bonus {paytable_id}",
        rows=_rows(natural, " (natural)") + _rows(with_wild, " (with wild)"),
        citation=cite("687a.12(d)"),
    )
    for paytable_id, (natural, with_wild) in TRIPS_ODDS.items()
)
BAD_BEAT_PAYTABLES = tuple(
    Paytable(
        id=paytable_id,
        wager="bad_beat",
        name=f"Two-Way Bad Beat {paytable_id}",
        rows=_rows(column),
        citation=cite("687a.12(e)"),
    )
    for paytable_id, column in BAD_BEAT_ODDS.items()
)
PROGRESSIVE_PAYTABLES = tuple(
    Paytable(
        id=paytable_id,
        wager="progressive",
        name=f"Progressive Paytable {paytable_id} (${PROGRESSIVE_WAGER[paytable_id]} wager)",
        rows=(
            PaytableRow("Royal Flush", PayoutKind.METER_PERCENT, odds(100)),
            PaytableRow("Straight Flush", PayoutKind.METER_PERCENT, odds(10)),
            *_rows(PROGRESSIVE_ODDS),
        ),
        citation=cite("687a.12(c)"),
    )
    for paytable_id in PROGRESSIVE_WAGER
)

WAGERS = (
    Wager(
        id="base",
        name="Ante, Blind and Raise",
        required=True,
        citation=cite("687a.7(d)(1)"),
        description="Ante and an equal Blind are required; after seeing five cards the player raises two times the "
        "Ante or folds both. Ante and Raise pay 1 to 1 (§ 687a.12(a)); the Blind per § 687a.12(b).",
    ),
    Wager(
        id="blind",
        name="Blind Wager",
        required=True,
        citation=cite("687a.12(b)"),
        description="Required with the Ante; a winning hand of a straight or better is paid from the Blind paytable, "
        "three of a kind or less pushes.",
        paytable_ids=(BLIND_PAYTABLE_ID,),
    ),
    Wager(
        id="trips",
        name="Trips Bonus Wager",
        required=False,
        citation=cite("687a.7(d)(3)"),
        description="Optional if specified; pays on three of a kind or better whatever the dealer holds, and is "
        "kept when the player folds (§ 687a.11(b)(1)).",
        paytable_ids=tuple(TRIPS_ODDS),
    ),
    Wager(
        id="bad_beat",
        name="Two-Way Bad Beat Bonus Wager",
        required=False,
        citation=cite("687a.7(d)(4)"),
        description="Optional if specified; pays when the player's three of a kind or better loses to the dealer; "
        "forfeited on a fold (§ 687a.11(b)(2)).",
        paytable_ids=tuple(BAD_BEAT_ODDS),
    ),
    Wager(
        id="progressive",
        name="Progressive Bonus Wager",
        required=False,
        citation=cite("687a.7(d)(2)"),
        description="Optional if specified; $1 (paytable 1) or $5 (paytable 2), pays on three of a kind or better "
        "with the joker replaced by the card set aside (§ 687a.11(f)(1)).",
        paytable_ids=tuple(PROGRESSIVE_WAGER),
    ),
)

#: The Board's published 687a Rules Submission form, in its order; Section as the form prints it.
CHECKLIST = (
    ChecklistQuestion(
        key="automated_shuffler",
        section=cite("687a.3(b)"),
        question="Do you use an automated card shuffling device?",
        kind=AnswerKind.YES_NO,
    ),
    ChecklistQuestion(
        key="cards_preinspected",
        section=cite("687a.4(e)"),
        question="Are the playing cards preinspected and reshuffled?",
        kind=AnswerKind.YES_NO,
    ),
    ChecklistQuestion(
        key="shuffler_counts_cards",
        section=cite("687a.5(b)"),
        question="If an automated card shuffling device is used, does it count the number of cards in the deck after "
        "the completion of each shuffle and indicate whether 53 cards are present?",
        kind=AnswerKind.YES_NO,
        depends_on="automated_shuffler",
    ),
    ChecklistQuestion(
        key="manual_dealing_shoe",
        section=cite("687a.8(a)"),
        question="Are cards dealt from a manual dealing shoe?",
        kind=AnswerKind.YES_NO,
    ),
    ChecklistQuestion(
        key="dealt_from_hand",
        section=cite("687a.9(a)"),
        question="Are cards dealt from the dealer's hand (an automated shuffling device must be utilized)?",
        kind=AnswerKind.YES_NO,
    ),
    ChecklistQuestion(
        key="automated_dealing_shoe",
        section=cite("687a.10(a)"),
        question="Are cards dealt from an automated dealing shoe?",
        kind=AnswerKind.YES_NO,
    ),
    ChecklistQuestion(
        key="abandoned_wagers_lose",
        section=cite("687a.7(b)"),
        question="If a player leaves the table during a round of play, do you consider any wagers made by the player "
        "abandoned and treat them as losing wagers?",
        kind=AnswerKind.YES_NO,
    ),
    ChecklistQuestion(
        key="adjacent_boxes_allowed",
        section=cite("687a.7(e)"),
        question="Do you allow players to wager on more than one adjacent box?",
        kind=AnswerKind.YES_NO,
    ),
    ChecklistQuestion(
        key="max_adjacent_boxes",
        section=cite("687a.7(e)"),
        question="What is the total number of boxes on which a player may place a wager in one round of play?",
        kind=AnswerKind.INTEGER,
    ),
    ChecklistQuestion(
        key="progressive_offered",
        section=cite("687a.7(d)(2)"),
        question="Do you offer a Progressive Bonus Wager?",
        kind=AnswerKind.YES_NO,
    ),
    ChecklistQuestion(
        key="progressive_wager_amount",
        section=cite("687a.12(c)"),
        question="If yes, what is the required bet for a Progressive Bonus Wager ($1 or $5)?",
        kind=AnswerKind.MONEY,
        depends_on="progressive_offered",
    ),
    ChecklistQuestion(
        key="folded_hands_qualify",
        section=cite("687a.11(b)(3)"),
        question="Do you allow folded hands to qualify for the Progressive Bonus Wager?",
        kind=AnswerKind.YES_NO,
        depends_on="progressive_offered",
    ),
    ChecklistQuestion(
        key="trips_offered",
        section=cite("687a.7(d)(3)"),
        question="Do you offer a Trips Bonus Wager?",
        kind=AnswerKind.YES_NO,
    ),
    ChecklistQuestion(
        key="trips_paytable",
        section=cite("687a.12(d)"),
        question="If yes, which paytable do you use to pay a winning Trips Bonus Wager?",
        kind=AnswerKind.PAYTABLE,
        depends_on="trips_offered",
        choices=tuple(TRIPS_ODDS),
    ),
    ChecklistQuestion(
        key="bad_beat_offered",
        section=cite("687a.7(d)(4)"),
        question="Do you offer a Two-Way Bad Beat Bonus Wager?",
        kind=AnswerKind.YES_NO,
    ),
    ChecklistQuestion(
        key="bad_beat_paytable",
        section=cite("687a.12(e)"),
        question="If yes, which paytable do you use to pay a winning Two-Way Bad Beat Bonus Wager?",
        kind=AnswerKind.PAYTABLE,
        depends_on="bad_beat_offered",
        choices=tuple(BAD_BEAT_ODDS),
    ),
)

RULEBOOK = Rulebook(
    chapter=CHAPTER,
    title="DJ Wild Stud Poker",
    **version_fields(CHAPTER),
    max_betting_positions=MAX_BETTING_POSITIONS,
    betting_positions_citation=cite("687a.2(a)"),
    deck_configurations=(
        DeckConfiguration(
            decks=frozenset({1}),
            batches=1,
            shufflers=frozenset({Shuffler.NONE, Shuffler.AUTOMATED, Shuffler.CONTINUOUS}),
            citation=cite("687a.3(a)"),
            description="One 53-card deck (52 cards and a joker) and a cover card.",
        ),
        DeckConfiguration(
            decks=frozenset({1}),
            batches=2,
            shufflers=frozenset({Shuffler.AUTOMATED}),
            citation=cite("687a.3(b)"),
            description="With an automated shuffler: two 53-card decks of different back colours, alternated round "
            "by round.",
        ),
    ),
    card_change_intervals=(
        CardChangeInterval(
            hours=HAND_DEALT_CHANGE_HOURS,
            citation=cite("687a.3(c)(1)"),
            dealing_methods=frozenset({DealingMethod.HAND}),
        ),
        CardChangeInterval(
            hours=SHOE_DEALT_CHANGE_HOURS,
            citation=cite("687a.3(c)(2)"),
            dealing_methods=frozenset({DealingMethod.SHOE, DealingMethod.AUTOMATED_SHOE}),
        ),
    ),
    dealing_methods=frozenset({DealingMethod.SHOE, DealingMethod.HAND, DealingMethod.AUTOMATED_SHOE}),
    dealing_methods_citation=cite("687a.5(c)(1)"),
    wagers=WAGERS,
    paytables=(BLIND_PAYTABLE, *PROGRESSIVE_PAYTABLES, *TRIPS_PAYTABLES, *BAD_BEAT_PAYTABLES),
    checklist=CHECKLIST,
    # § 687a.2(d) requires a rack but sets no height; 687A-101 checks that each table has one.
    discard_rack_citation=None,
    jokers_per_deck=JOKERS_PER_DECK,
    minimums=(
        Minimum("progressive-1-wager", "Progressive Paytable 1 wager", PROGRESSIVE_WAGER["1"], cite("687a.12(c)")),
        Minimum("progressive-2-wager", "Progressive Paytable 2 wager", PROGRESSIVE_WAGER["2"], cite("687a.12(c)")),
        Minimum(
            "progressive-1-seed", "Progressive Paytable 1 seed and re-seed", PROGRESSIVE_SEED["1"], cite("687a.12(c)")
        ),
        Minimum(
            "progressive-2-seed", "Progressive Paytable 2 seed and re-seed", PROGRESSIVE_SEED["2"], cite("687a.12(c)")
        ),
    ),
    readings=READINGS,
    notes=(
        "Dealing from the hand requires an automated shuffler (§ 687a.9(a)(1)).",
        "Without a shuffler that counts 53 cards, the stub is counted at least every 5 rounds (§ 687a.8(g)).",
        "Verbal wagers are not accepted (§ 687a.7(a)).",
    ),
    # The checklist selects one paytable of these wagers for the chapter; a table naming none takes it.
    paytable_questions=(("trips", "trips_paytable"), ("bad_beat", "bad_beat_paytable")),
)
