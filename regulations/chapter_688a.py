"""Chapter 688a, Face Up Pai Gow Poker: the rulebook (numbers exact, summaries ours).

Owns the Board's published 688a checklist, the wagers and paytables (Ace High Bonus 1-5, Fortune Bonus 1-6 with
Envy, Progressive 1-7 with their meter seeds, rates of progression and joker rules), the dollar floors and the
readings we chose. The engine (:mod:`engine.games.face_up_pai_gow_poker`) reuses these numbers.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from pacomply.regulations.chapter_645a import (
    FIVE_ACES,
    FLUSH,
    FOUR_OF_A_KIND,
    FULL_HOUSE,
    ROYAL_FLUSH,
    ROYAL_FLUSH_ROYAL_MATCH,
    SEVEN_CARD_STRAIGHT_FLUSH,
    SEVEN_CARD_STRAIGHT_FLUSH_JOKER,
    STRAIGHT,
    STRAIGHT_FLUSH,
    THREE_OF_A_KIND,
)
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

CHAPTER = "688a"
MAX_POSITIONS = 6
HAND_DEALT_CHANGE_HOURS = 4
SHOE_DEALT_CHANGE_HOURS = 8
MINIMUM_QUALIFYING_WAGER = Decimal(5)

THREE_PAIR = "three pair"
SEVEN_CARD_NATURAL_STRAIGHT_FLUSH = "seven-card natural straight flush"
SEVEN_CARD_WILD_STRAIGHT_FLUSH = "seven-card wild straight flush"
FIVE_OF_A_KIND = "five-of-a-kind"

#: § 688a.12(b) Ace High Bonus outcomes and odds by paytable 1-5.
ACE_HIGH_BOTH = "both dealer and player ace high"
ACE_HIGH_DEALER_JOKER = "only dealer ace high, with joker"
ACE_HIGH_DEALER_NO_JOKER = "only dealer ace high, no joker"
ACE_HIGH_OUTCOMES = (ACE_HIGH_BOTH, ACE_HIGH_DEALER_JOKER, ACE_HIGH_DEALER_NO_JOKER)
ACE_HIGH_ODDS: dict[str, tuple[int, int, int]] = {
    "1": (20, 10, 8),
    "2": (40, 15, 5),
    "3": (30, 15, 6),
    "4": (25, 10, 7),
    "5": (40, 12, 5),
}

#: § 688a.12(c) Fortune Bonus: odds to 1 by paytable 1-6 over FORTUNE_ORDER; paytable 1 adds a three-pair push.
FORTUNE_ORDER = (
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
_LOWER = (5, 4, 3, 2)
FORTUNE_ODDS: dict[str, tuple[int, ...]] = {
    "1": (5000, 1000, 750, 250, 100, 50, 20, *_LOWER),
    "2": (8000, 2000, 1000, 400, 150, 50, 25, *_LOWER),
    "3": (5000, 2000, 1000, 400, 150, 50, 25, *_LOWER),
    "4": (2500, 1000, 750, 250, 125, 50, 25, *_LOWER),
    "5": (5000, 1000, 500, 300, 100, 45, 25, *_LOWER),
    "6": (5000, 2000, 1000, 400, 150, 50, 25, *_LOWER),
}
FORTUNE_THREE_PAIR_PUSH = frozenset({"1"})
#: Envy Bonus dollars over the first seven rows of FORTUNE_ORDER.
FORTUNE_ENVY: dict[str, tuple[int, ...]] = {
    "1": (1000, 250, 100, 50, 25, 10, 5),
    "2": (5000, 1000, 500, 250, 50, 20, 5),
    "3": (3000, 1000, 500, 250, 50, 20, 5),
    "4": (1000, 750, 250, 100, 50, 20, 5),
    "5": (2500, 500, 250, 150, 55, 25, 6),
    "6": (2500, 500, 250, 150, 55, 25, 6),
}


@dataclass(frozen=True, slots=True)
class ProgressiveTable:
    """One § 688a.12(d) progressive paytable: its rows and the facts printed under it."""

    id: str
    wager: Decimal
    """The wager the table is written for ($1, or $5 for paytable 4)."""
    rows: tuple[tuple[str, Fraction, Fraction], ...]
    """(outcome, fixed dollars, percent of meter) per row."""
    meter_seed: Decimal
    rate_of_progression: Fraction
    reserve_rate: Fraction
    wager_returned: bool
    fully_wild_joker: bool
    envy: tuple[tuple[str, Decimal], ...] = ()


def _rows(*rows: tuple[str, float | int, int]) -> tuple[tuple[str, Fraction, Fraction], ...]:
    return tuple((outcome, Fraction(str(fixed)), Fraction(percent)) for outcome, fixed, percent in rows)


PROGRESSIVE_TABLES: dict[str, ProgressiveTable] = {
    "1": ProgressiveTable(
        "1", Decimal(1),
        _rows((SEVEN_CARD_STRAIGHT_FLUSH, 0, 100), (FIVE_ACES, 0, 10), (ROYAL_FLUSH, 500, 0), (STRAIGHT_FLUSH, 100, 0),
              (FOUR_OF_A_KIND, 75, 0), (FULL_HOUSE, 4, 0)),
        Decimal(10_000), Fraction(28, 100), Fraction(0), False, False,
    ),
    "2": ProgressiveTable(
        "2", Decimal(1),
        _rows((SEVEN_CARD_NATURAL_STRAIGHT_FLUSH, 0, 100), (SEVEN_CARD_WILD_STRAIGHT_FLUSH, 0, 10),
              (FIVE_OF_A_KIND, 500, 0), (ROYAL_FLUSH, 300, 0), (STRAIGHT_FLUSH, 100, 0), (FOUR_OF_A_KIND, 30, 0),
              (FULL_HOUSE, 7, 0)),
        Decimal(10_000), Fraction(7, 100), Fraction(0), False, True,
    ),
    "3": ProgressiveTable(
        "3", Decimal(1),
        _rows((SEVEN_CARD_STRAIGHT_FLUSH, 0, 100), (FIVE_ACES, 0, 10), (ROYAL_FLUSH, 500, 0), (STRAIGHT_FLUSH, 100, 0),
              (FOUR_OF_A_KIND, 75, 0), (FULL_HOUSE, 4, 0)),
        Decimal(2_000), Fraction(29, 100), Fraction(0), False, False,
    ),
    "4": ProgressiveTable(
        "4", Decimal(5),
        _rows((SEVEN_CARD_STRAIGHT_FLUSH, 5000, 100), (ROYAL_FLUSH_ROYAL_MATCH, 5000, 20),
              (SEVEN_CARD_STRAIGHT_FLUSH_JOKER, 5000, 10), (FIVE_ACES, 2500, 0), (ROYAL_FLUSH, 500, 0),
              (STRAIGHT_FLUSH, 200, 0), (FOUR_OF_A_KIND, 100, 0), (FULL_HOUSE, 25, 0), (FLUSH, 20, 0),
              (THREE_OF_A_KIND, 15, 0), (STRAIGHT, 7.5, 0)),
        Decimal(10_000), Fraction(1, 100), Fraction(1, 100), True, False,
        envy=((SEVEN_CARD_STRAIGHT_FLUSH, Decimal(5000)), (ROYAL_FLUSH_ROYAL_MATCH, Decimal(3750)),
              (SEVEN_CARD_STRAIGHT_FLUSH_JOKER, Decimal(1250)), (FIVE_ACES, Decimal(500)),
              (ROYAL_FLUSH, Decimal(250)), (STRAIGHT_FLUSH, Decimal(100)), (FOUR_OF_A_KIND, Decimal(25))),
    ),
    "5": ProgressiveTable(
        "5", Decimal(1),
        _rows((SEVEN_CARD_STRAIGHT_FLUSH, 0, 100), (FIVE_ACES, 0, 10), (FIVE_OF_A_KIND, 1000, 0),
              (ROYAL_FLUSH, 500, 0), (STRAIGHT_FLUSH, 100, 0), (FOUR_OF_A_KIND, 20, 0), (FULL_HOUSE, 5, 0)),
        Decimal(5_000), Fraction(17, 100), Fraction(0), False, True,
    ),
    "6": ProgressiveTable(
        "6", Decimal(1),
        _rows((SEVEN_CARD_STRAIGHT_FLUSH, 0, 100), (FIVE_ACES, 0, 10), (FIVE_OF_A_KIND, 800, 0),
              (ROYAL_FLUSH, 400, 0), (STRAIGHT_FLUSH, 75, 0), (FOUR_OF_A_KIND, 10, 0)),
        Decimal(2_000), Fraction(17, 100), Fraction(0), False, True,
    ),
    "7": ProgressiveTable(
        "7", Decimal(1),
        _rows((SEVEN_CARD_STRAIGHT_FLUSH, 0, 100), (FIVE_ACES, 0, 10), (FIVE_OF_A_KIND, 800, 0),
              (ROYAL_FLUSH, 400, 0), (STRAIGHT_FLUSH, 75, 0), (FOUR_OF_A_KIND, 10, 0)),
        Decimal(1_000), Fraction(26, 100), Fraction(0), False, True,
    ),
}  # fmt: skip

READINGS = (
    Reading(
        id="688a-bonus-highest-ranking-hand",
        topic="A seven-card hand that holds two paying hands, e.g. a straight and three of a kind",
        choice=(
            "The optional wagers are paid on the highest-ranking hand the seven cards form (a straight outranks "
            "three of a kind), not on the hand that would pay most."
        ),
        reason=(
            "§ 688a.11(h) has the dealer rearrange the seven cards to form the highest ranking hand for every optional "
            "wager, and the chapter's ranking puts a straight above three of a kind, although the Fortune "
            "paytables pay three of a kind more. Some published tables (e.g. the Wizard of Odds) count such hands as "
            "three of a kind; under that reading the Fortune Bonus holds less. Both are priced."
        ),
        citation=cite("688a.11(h)"),
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
        id="688a-envy-players",
        topic="How many other players' hands can earn a Qualifying Wager an Envy Bonus",
        choice="The wager's own figure leaves the Envy Bonus out: it depends on how many other players are dealt "
        "hands, which the chapter leaves to the table.",
        reason="The Envy Bonus is a fixed sum paid for each other player's qualifying hand, whether or not that "
        "player wagered; its expectation grows with the number of other players, so the figure is priced for 0 to "
        "5 other players (the table has six positions), per $5 Qualifying Wager (the least that qualifies).",
        citation=cite("688a.12(c)"),
        candidates=tuple(
            Candidate(
                f"envy-{players}", f"Envy Bonuses from {players} other player{'s' * (players != 1)}, per $5 wager"
            )
            for players in range(MAX_POSITIONS)
        ),
        relied_on="envy-0",
    ),
    Reading(
        id="688a-fully-wild-attribution",
        topic="Which progressive paytables have a fully wild joker",
        choice="Paytables 2, 5, 6 and 7: each 'Fully Wild Joker' line is read with the paytable printed above it.",
        reason=(
            "§ 688a.12(d) prints 'Fully Wild Joker' after the facts of paytables 2, 5, 6 and 7 (each after "
            "'Original wager not returned to player'); those are also the tables that pay five-of-a-kind or a wild "
            "straight flush, which need a wild joker."
        ),
        citation=cite("688a.12(d)"),
    ),
    Reading(
        id="688a-progressive-fixed-and-meter",
        topic="Paytable 4 rows written '$5,000/100% of meter'",
        choice="The row pays the fixed amount and the share of the meter, both.",
        reason=(
            "§ 688a.12(d) heads the column 'Pay & Progressive', naming two payments; the fixed part is the floor "
            "the table pays from inventory and the meter share is paid by the progressive system (§ 688a.11(h)(3))."
        ),
        citation=cite("688a.12(d)"),
    ),
    Reading(
        id="688a-progressive-meter",
        topic="The meter used when pricing a Progressive Payout Wager",
        choice=(
            "pacomply prices each paytable with the meter at its printed Meter Seed, per unit of the wager the "
            "paytable is written for ($1, or $5 for paytable 4); a grown meter returns more."
        ),
        reason="The meter varies (§ 688a.11(h)(3)); the seed is the lowest it shows, so the return is the least one. "
        "The long run at the printed Rate of Progression (fixed pays, the meter-resetting hand at the seed, plus the "
        "rate) is priced beside it, and for paytable 4 with its Reserve Rate counted as the players' as well.",
        citation=cite("688a.12(d)"),
        candidates=(
            Candidate("at-seed", "meter at its printed Meter Seed"),
            Candidate("long-run", "long run at the printed Rate of Progression"),
            Candidate("long-run-with-reserve", "long run at the Rate of Progression plus the Reserve Rate"),
            Candidate("long-run-at-rate", "long run at the rate of progression given"),
        ),
        relied_on="at-seed",
    ),
    Reading(
        id="688a-progressive-reserve",
        topic="Paytable 4's 'Reserve Rate: 1%' when the meter is simulated",
        choice=(
            "The reserve is not a separate flow: after a meter award the meter is put back to its seed, funded by "
            "the certificate holder (from the reserve where there is one); players receive the seed and every "
            "contribution at the Rate of Progression, never the reserve itself."
        ),
        reason=(
            "§ 688a.12(d) prints the Reserve Rate without saying how the reserve is paid out; a reserve funds the next "
            "seed, which the re-seed already accounts for, so only the Rate of Progression adds to the players' return."
        ),
        citation=cite("688a.12(d)"),
    ),
    Reading(
        id="688a-ace-high-pai-gow",
        topic="What an 'Ace High Pai Gow' is",
        choice=(
            "Seven cards with no pair, straight or flush (the joker counting as an ace or filler) whose highest card "
            "is an ace or the joker; 'with joker' means the joker is among the seven."
        ),
        reason=(
            "§ 688a.1 defines it as seven cards with a rank of ace high; under § 688a.6(a) the joker is an ace unless "
            "it completes a straight or flush, so a joker with no ace, pair, straight or flush is ace high."
        ),
        citation=cite("688a.1"),
    ),
    Reading(
        id="688a-ace-high-both",
        topic="Ace High Bonus row 'Both Dealer and Player have Ace High'",
        choice="Pays when the dealer's and the player's seven cards are both an Ace High Pai Gow, jokers either way.",
        reason="§ 688a.12(b) qualifies only the 'only dealer' rows by the joker; the 'both' row has no such split.",
        citation=cite("688a.12(b)"),
    ),
    Reading(
        id="688a-three-pair-only-fortune",
        topic="Three pair in settlement",
        choice="Three pair ranks only for the Fortune Bonus (paytable 1's push); it is two pair for hand setting.",
        reason="§ 688a.6(b)(9) limits the three-pair hand to the Fortune Bonus Wager.",
        citation=cite("688a.6(b)(9)"),
    ),
    Reading(
        id="688a-player-setting",
        topic="The player's setting in the base-game figure",
        choice=(
            "The player sees the dealer's set hands (§ 688a.11(a)-(b)) and picks, among the 21 valid settings, one "
            "that wins if any does, else one that ties; the figure is the return of that play."
        ),
        reason="pacomply prices each wager under the player's best decisions; the dealer's hands are known to him.",
        citation=cite("688a.11(b)"),
    ),
    Reading(
        id="688a-house-way-section",
        topic="The checklist's '.11(c) Provide a copy of house rules for setting hands'",
        choice="The house way is the manner of setting the dealer's hands that § 688a.11(a) asks the filing to give.",
        reason="The Board's form cites .11(c) (the player's setting) but the duty to specify the manner is in (a).",
        citation=cite("688a.11(a)"),
    ),
)


def _yes_no(key: str, section: str, question: str, depends_on: str | None = None) -> ChecklistQuestion:
    return ChecklistQuestion(key, cite(section), question, AnswerKind.YES_NO, depends_on=depends_on)


# The Board's published form, row by row (rules-submission-checklists-686a-687a-688a.txt).
CHECKLIST = (
    _yes_no(
        "starting_position_shaker",
        "688a.2(c)",
        "Is the starting position for the deal of cards determined by using three dice and a Pai Gow shaker?",
    ),
    _yes_no(
        "starting_position_rng",
        "688a.2(c)",
        "Is the starting position for the deal of cards determined by a computerized random number generator?",
    ),
    _yes_no("automated_shuffler", "688a.3(b)", "Do you use an automated card shuffling device?"),
    _yes_no("cards_preinspected", "688a.4(e)", "Are the playing cards preinspected and preshuffled?"),
    _yes_no("mark_starting_position", "688a.5(j)", "Do you mark the starting position for a round of play?"),
    ChecklistQuestion(
        "starting_position_object",
        cite("688a.5(j)"),
        "If yes, what object do you use?",
        AnswerKind.TEXT,
        depends_on="mark_starting_position",
    ),
    _yes_no(
        "abandoned_wagers_lose",
        "688a.7(b)",
        "If a player leaves the table during a round of play, do you consider any wagers made by the player "
        "abandoned and treat them as losing wagers?",
    ),
    _yes_no("ace_high_offered", "688a.7(e)(1)", "Do you offer the player the optional wager of Ace High Bonus Wager?"),
    ChecklistQuestion(
        "ace_high_paytable",
        cite("688a.12(b)"),
        "If yes, which paytable do you use to pay out winning Ace High Bonus Wagers?",
        AnswerKind.PAYTABLE,
        depends_on="ace_high_offered",
        choices=tuple(ACE_HIGH_ODDS),
    ),
    _yes_no("fortune_offered", "688a.7(e)(2)", "Do you offer the player the optional wager of Fortune Bonus Wager?"),
    ChecklistQuestion(
        "fortune_paytable",
        cite("688a.12(c)"),
        "If yes, which paytable do you use to pay out winning Fortune Bonus Wagers and Envy Bonus payouts?",
        AnswerKind.PAYTABLE,
        depends_on="fortune_offered",
        choices=tuple(FORTUNE_ODDS),
    ),
    _yes_no(
        "progressive_offered", "688a.7(e)(3)", "Do you offer the player the optional wager of Progressive Payout Wager?"
    ),
    ChecklistQuestion(
        "progressive_paytable",
        cite("688a.12(d)"),
        "If yes, which paytable do you use to pay out winning Progressive Payout Wagers and Envy Bonus payouts?",
        AnswerKind.PAYTABLE,
        depends_on="progressive_offered",
        choices=tuple(PROGRESSIVE_TABLES),
    ),
    _yes_no("adjacent_betting_areas", "688a.7(f)", "Do you permit players to wager on two adjacent betting areas?"),
    _yes_no("manual_shoe", "688a.8(a)", "Do you use a manual dealing shoe?"),
    _yes_no(
        "dealt_from_hand",
        "688a.9(a)",
        "Are cards dealt from the dealer's hand (an automated card shuffling device must be used to shuffle "
        "the cards)?",
    ),
    _yes_no("automated_shoe", "688a.10(a)", "Are cards dealt from an automated dealing shoe?"),
    ChecklistQuestion(
        "house_way",
        cite("688a.11(c)"),
        "Provide a copy of house rules for setting hands in a separate tab (or 'standard').",
        AnswerKind.TEXT,
    ),
)

WAGERS = (
    Wager(
        id="base",
        name="Face Up Pai Gow Poker Wager",
        required=True,
        citation=cite("688a.7(d)"),
        description="Player's hands against the dealer's face-up hands; 1 to 1, no vigorish; push on dealer ace high.",
    ),
    Wager(
        id="ace_high",
        name="Ace High Bonus Wager",
        required=False,
        citation=cite("688a.7(e)(1)"),
        description="Pays when the dealer's seven cards are an Ace High Pai Gow; more when the player's are too.",
        paytable_ids=tuple(ACE_HIGH_ODDS),
    ),
    Wager(
        id="fortune",
        name="Fortune Bonus Wager",
        required=False,
        citation=cite("688a.7(e)(2)"),
        description="Pays on a seven-card straight or better (paytable 1 pushes three pair); Envy from $5.",
        paytable_ids=tuple(FORTUNE_ODDS),
    ),
    Wager(
        id="progressive",
        name="Progressive Payout Wager",
        required=False,
        citation=cite("688a.7(e)(3)"),
        description="Pays a full house or better (paytable 4: straight or better) from fixed amounts and the meter.",
        paytable_ids=tuple(PROGRESSIVE_TABLES),
    ),
)


def _fortune_rows(table_id: str) -> tuple[PaytableRow, ...]:
    rows = [
        PaytableRow(o, PayoutKind.ODDS, odds(p)) for o, p in zip(FORTUNE_ORDER, FORTUNE_ODDS[table_id], strict=True)
    ]
    if table_id in FORTUNE_THREE_PAIR_PUSH:
        rows.append(PaytableRow(THREE_PAIR, PayoutKind.PUSH))
    return tuple(rows)


def _progressive_rows(table: ProgressiveTable) -> tuple[PaytableRow, ...]:
    rows = []
    for outcome, fixed, percent in table.rows:
        if percent:
            rows.append(PaytableRow(outcome, PayoutKind.METER_PERCENT, percent))
        if fixed:
            rows.append(PaytableRow(outcome, PayoutKind.FIXED_AMOUNT, fixed))
    return tuple(rows)


PAYTABLES = (
    *(
        Paytable(
            id=table_id,
            wager="ace_high",
            name=f"Ace High Bonus {table_id}",
            rows=tuple(PaytableRow(o, PayoutKind.ODDS, odds(p)) for o, p in zip(ACE_HIGH_OUTCOMES, pays, strict=True)),
            citation=cite("688a.12(b)"),
        )
        for table_id, pays in ACE_HIGH_ODDS.items()
    ),
    *(
        Paytable(table_id, "fortune", _fortune_rows(table_id), cite("688a.12(c)"), name=f"Fortune Bonus {table_id}")
        for table_id in FORTUNE_ODDS
    ),
    *(
        Paytable(table.id, "progressive", _progressive_rows(table), cite("688a.12(d)"), name=f"Progressive {table.id}")
        for table in PROGRESSIVE_TABLES.values()
    ),
)

RULEBOOK = Rulebook(
    chapter=CHAPTER,
    title="Face Up Pai Gow Poker",
    **version_fields(CHAPTER),
    max_betting_positions=MAX_POSITIONS,
    betting_positions_citation=cite("688a.2(a)"),
    deck_configurations=(
        DeckConfiguration(
            decks=frozenset({1}),
            batches=1,
            shufflers=frozenset({Shuffler.NONE, Shuffler.AUTOMATED}),
            citation=cite("688a.3(a)"),
            description="One 53-card deck (52 cards and one joker) and two cover cards.",
        ),
        DeckConfiguration(
            decks=frozenset({1}),
            batches=2,
            shufflers=frozenset({Shuffler.AUTOMATED}),
            citation=cite("688a.3(b)"),
            description="With an automated shuffler: two decks of different back colours, alternated round by round.",
        ),
    ),
    card_change_intervals=(
        CardChangeInterval(HAND_DEALT_CHANGE_HOURS, cite("688a.3(c)(1)"), frozenset({DealingMethod.HAND})),
        CardChangeInterval(
            SHOE_DEALT_CHANGE_HOURS,
            cite("688a.3(c)(2)"),
            frozenset({DealingMethod.SHOE, DealingMethod.AUTOMATED_SHOE}),
        ),
    ),
    dealing_methods=frozenset({DealingMethod.SHOE, DealingMethod.HAND, DealingMethod.AUTOMATED_SHOE}),
    dealing_methods_citation=cite("688a.5(b)(1)"),
    wagers=WAGERS,
    paytables=PAYTABLES,
    checklist=CHECKLIST,
    discard_rack_citation=None,
    jokers_per_deck=1,
    minimums=(
        Minimum(
            "qualifying_wager",
            "Least Fortune Bonus or Progressive Wager earning Envy Bonuses",
            MINIMUM_QUALIFYING_WAGER,
            cite("688a.1"),
        ),
        *(
            Minimum(
                f"progressive_seed_{t.id}", f"Progressive paytable {t.id} meter seed", t.meter_seed, cite("688a.12(d)")
            )
            for t in PROGRESSIVE_TABLES.values()
        ),
    ),
    readings=READINGS,
    notes=(
        "§ 688a.12 sets no payout limit (its title aside); pacomply checks none for 688a.",
        "§ 688a.2(c) permits no flat button: the starting position is by shaker or random number generator.",
    ),
    # The checklist selects one paytable of these wagers for the chapter; a table naming none takes it.
    paytable_questions=(
        ("ace_high", "ace_high_paytable"),
        ("fortune", "fortune_paytable"),
        ("progressive", "progressive_paytable"),
    ),
)
