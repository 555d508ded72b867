"""Chapter 633a, Blackjack: the rulebook (numbers exact, summaries ours).

Owns every number of the chapter that pacomply checks or computes with: positions, decks, card change intervals,
dealing methods, the optional wagers and every paytable (with the deck counts each is permitted at), the progressive
and payout-limit minimums, the checklist of options the chapter leaves to the Rules Submission, and the readings
where the text is ambiguous. The engine (:mod:`engine.games.blackjack`) reuses these constants.
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
)
from pacomply.regulations.versions import version_fields

CHAPTER = "633a"

#: § 633a.3(a) allows any number of decks; pacomply models one to eight (reading 633a-deck-ceiling).
MAX_DECKS = 8
ALL_DECKS = frozenset(range(1, MAX_DECKS + 1))
#: The deck counts a filing is likely to choose; ``pacomply edge 633a`` analyses these unless ``--decks`` is given.
ANALYSED_DECKS = (1, 2, 4, 5, 6, 8)
#: § 633a.12(b)(1): dealing from the hand uses at most two decks.
HAND_DEALING_MAX_DECKS = 2
CARD_CHANGE_HOURS = 24
HAND_DEALT_CARD_CHANGE_HOURS = 4
MAX_BETTING_POSITIONS = 7

#: § 633a.13(a)/(b): Blackjack Wager and Insurance odds.
BLACKJACK_ODDS = Fraction(3, 2)
EVEN_ODDS = Fraction(1)
INSURANCE_ODDS = Fraction(2)

#: § 633a.13(c) Lucky Ladies Twenty Point Bonus.
LUCKY_LADIES_ODDS: dict[str, int] = {
    "queen of hearts pair and dealer blackjack": 1000,
    "queen of hearts pair": 200,
    "matched 20": 25,
    "suited 20": 10,
    "any 20": 4,
}
#: § 633a.13(d) Match-the-Dealer, by deck count: (same suit, different suit) per matching card.
MATCH_THE_DEALER_ODDS: dict[int, tuple[int, int]] = {6: (11, 4), 8: (14, 3)}
#: § 633a.13(e) In Between.
IN_BETWEEN_ODDS: dict[str, int] = {
    "triple match": 30,
    "one-card spread": 10,
    "two-card spread": 6,
    "three-card spread": 4,
    "all others": 1,
}
#: § 633a.13(f) Royal Match 21: paytable → (Royal Match odds, Suited Match odds); Crown Treasure is 1,000 for 1.
ROYAL_MATCH_ODDS: dict[str, tuple[Fraction, Fraction]] = {
    "A": (Fraction(10), Fraction(3)),
    "B": (Fraction(5), Fraction(3)),
    "C": (Fraction(30), Fraction(5, 2)),
    "D": (Fraction(25), Fraction(5, 2)),
    "E": (Fraction(50), Fraction(2)),
}
CROWN_TREASURE_FOR_ONE = 1000
#: § 633a.13(g) Bet the Set 21: paytable → (suited pair odds or None where not listed, pair odds).
BET_THE_SET_ODDS: dict[str, tuple[int | None, int]] = {"A": (None, 15), "B": (25, 10), "C": (15, 10), "D": (12, 10)}
#: § 633a.13(h) King's Bounty.
KINGS_BOUNTY_ODDS: dict[str, int] = {
    "king of spades pair and dealer blackjack": 1000,
    "king of spades pair": 200,
    "suited kings pair": 50,
    "suited queens, jacks or 10s pair": 25,
    "suited 20": 9,
    "pair of kings": 6,
    "any 20": 4,
}
#: § 633a.13(i) Super Match, by deck count.
SUPER_MATCH_ODDS: dict[int, dict[str, int]] = {
    6: {"four-of-a-kind": 40, "two pair": 8, "three-of-a-kind": 5, "pair": 1},
    8: {"four-of-a-kind": 50, "two pair": 7, "three-of-a-kind": 5, "pair": 1},
}
#: § 633a.13(j)(1) Bad Beat, "for 1" awards by the dealer's hand when the player has 20 (None: 100 % of the meter).
BAD_BEAT_FOR_ONE: dict[str, int | None] = {
    "21 with seven or more cards": None,
    "21 with six cards": 1000,
    "21 with five cards": 100,
    "21 with four cards": 50,
    "21 with three cards": 25,
    "blackjack": 10,
}
BAD_BEAT_PLAYER_20_FOR_ONE = 1
MAGIC_CARD_BONUS_FOR_ONE = 20
LUCKY_PLAYER_BONUS_FOR_ONE = 5
#: § 633a.13(k) Three Card Poker.
THREE_CARD_POKER_ODDS = 9
#: § 633a.13(l)(1) Hit and Run, "for 1" awards by the dealer's hand (None: 100 % of the meter).
HIT_AND_RUN_FOR_ONE: dict[str, int | None] = {
    "eight or more cards": None,
    "seven cards": 100,
    "six cards": 25,
    "five cards": 7,
    "blackjack": 4,
}
BAD_BEAT_MINIMUM_RESET = Decimal(5000)
HIT_AND_RUN_MINIMUM_RESET = Decimal(1000)
MAXIMUM_PAYOUT_FLOOR = Decimal(25000)
#: The award the § 633a.13(m) maximum payout may cap: 1,000 to 1 on the two top hands.
CAPPED_AWARD_ODDS = 1000

# Paytable ids: the letters the chapter gives; single-paytable wagers are named by their subsection.
LUCKY_LADIES_PAYTABLE_ID = "633a.13(c)"
MATCH_THE_DEALER_PAYTABLE_IDS: dict[int, str] = {6: "633a.13(d)(1)", 8: "633a.13(d)(2)"}
IN_BETWEEN_PAYTABLE_ID = "633a.13(e)"
KINGS_BOUNTY_PAYTABLE_ID = "633a.13(h)"
SUPER_MATCH_PAYTABLE_IDS: dict[int, str] = {6: "633a.13(i)(1)", 8: "633a.13(i)(2)"}
BAD_BEAT_PAYTABLE_ID = "633a.13(j)(1)"
THREE_CARD_POKER_PAYTABLE_ID = "633a.13(k)"
HIT_AND_RUN_PAYTABLE_ID = "633a.13(l)(1)"
ROYAL_MATCH_SINGLE_DECK = ("A", "B")
ROYAL_MATCH_MULTI_DECK = ("C", "D", "E")
BET_THE_SET_DECKS: dict[str, frozenset[int]] = {
    "A": frozenset({1}),
    "B": frozenset({2}),
    "C": frozenset(range(4, MAX_DECKS + 1)),
    "D": frozenset(range(4, MAX_DECKS + 1)),
}

READINGS = (
    Reading(
        id="633a-deck-ceiling",
        topic="§ 633a.3(a) sets no largest number of decks",
        choice="pacomply treats one to eight decks per batch (or per side of a double shoe) as the lawful range.",
        reason="No Pennsylvania blackjack game is dealt from more than eight decks and every paytable the chapter "
        "ties to decks stops at eight; a larger count is flagged so the Board looks at it rather than passed unseen.",
        citation=cite("633a.3(a)"),
    ),
    Reading(
        id="633a-maximum-payout-references",
        topic="§ 633a.13(m) refers to subsections (b) and (g) and to Royal Match 21 Wagers",
        choice="The maximum payout caps the queen-of-hearts-pair (Lucky Ladies, § 633a.13(c)) and king-of-spades-pair "
        "(King's Bounty, § 633a.13(h)) awards with a dealer Blackjack.",
        reason="The hands the subsection names are paid only by § 633a.13(c) and (h); subsections (b) and (g) pay "
        "Insurance and Bet the Set, which have no such hands, so the references are read as the paytables that do.",
        citation=cite("633a.13(m)"),
    ),
    Reading(
        id="633a-maximum-payout-per-patron",
        topic="The most one patron could win per round when betting the maximum (§ 633a.13(m))",
        choice="1,000 times the filing's maximum Lucky Ladies / King's Bounty wager, times the number of boxes one "
        "patron may play (§ 633a.6(f)).",
        reason="The capped awards pay 1,000 to 1 and one box cannot hold both top hands; a patron playing adjacent "
        "boxes can hold a top hand on each.",
        citation=cite("633a.13(m)"),
    ),
    Reading(
        id="633a-for-one",
        topic="Awards stated 'for 1' (Crown Treasure, Bad Beat, Hit and Run)",
        choice="'N for 1' returns N units including the unit wagered: the player nets N - 1. The Crown Treasure "
        "Bonus is added to the Royal Match payout, and the Magic Card and Lucky Player Bonuses to the Bad Beat "
        "result, each adding N - 1 units, the wager being settled once.",
        reason="'for 1' is the gaming convention for a payout that includes the wager, as distinct from 'to 1' "
        "elsewhere in § 633a.13.",
        citation=cite("633a.13(j)(1)"),
    ),
    Reading(
        id="633a-base-strategy",
        topic="Which player the Blackjack Wager's figure assumes",
        choice="The figure assumes composition-dependent optimal play (every decision on the exact cards dealt); "
        "the total-dependent basic strategy is priced beside it, and either can be asked for as the figure.",
        reason="The chapter sets the rules, not the player's play; the Board's published range (42 Pa.B. 2922) is "
        "for players of basic strategy, so both are shown, each as a house edge per initial wager.",
        citation=cite("633a.7"),
        candidates=(
            Candidate("optimal", "composition-dependent optimal play"),
            Candidate("basic", "total-dependent basic strategy"),
        ),
        relied_on="optimal",
    ),
    Reading(
        id="633a-crown-treasure",
        topic="Whether the Royal Match 21 figure includes the Crown Treasure Bonus (§ 633a.7(g)(4))",
        choice="The figure follows the filing's answer to whether the Crown Treasure Bonus is paid; without a "
        "filing it includes the bonus, and both are priced.",
        reason="§ 633a.7(g)(4) makes the bonus the certificate holder's option, so a Royal Match 21 Wager without it "
        "is a lawful game with a lower return.",
        citation=cite("633a.7(g)(4)"),
        candidates=(
            Candidate("with-crown-treasure", "the Crown Treasure Bonus paid with a Royal Match 21"),
            Candidate("without-crown-treasure", "no Crown Treasure Bonus: a dealer Royal Match pays the Royal Match"),
        ),
        relied_on="with-crown-treasure",
    ),
    Reading(
        id="633a-progressive-long-run",
        topic="Bad Beat and Hit and Run: the return with the meter at its reset amount or in the long run",
        choice="The figure is at the chapter's least reset amount; the long run at the rate the filing states (or "
        "another rate asked for) is priced beside it.",
        reason="§ 633a.13(j)(2) and (l)(2) leave the rate of progression to the Rules Submission. Each award of the "
        "meter pays 100 % of it, so each cycle pays out the reset amount and every contribution: the long run is "
        "the figure at the reset amount plus the rate.",
        citation=cite("633a.13(j)(2)"),
        candidates=(
            Candidate("at-seed", "meter at its least reset amount"),
            Candidate("long-run-at-rate", "long run at the rate of progression given"),
        ),
        relied_on="at-seed",
    ),
    Reading(
        id="633a-in-between-ranks",
        topic="How the In Between Wager orders ranks (§ 633a.7(g)(3))",
        choice="Ranks run 2 to 10, jack, queen, king, ace (ace high); a spread is the number of ranks strictly between "
        "the player's two cards; the up card must fall strictly between them. A spread of four or more pays 'all "
        "others'; a pair or consecutive ranks can win only by Triple Match.",
        reason="The chapter's only stated rank order is the Three Card Poker one (§ 633a.6(e)(9)), ace high; the "
        "example in § 633a.7(g)(3)(i) (7 and 9, up card 8) counts ranks strictly between.",
        citation=cite("633a.7(g)(3)"),
    ),
    Reading(
        id="633a-side-wager-model",
        topic="What the exact figures of the dealer-hand wagers (Bad Beat, Hit and Run) assume",
        choice="One player, heads up, who takes no card after the first two; the dealer completes the hand by "
        "§ 633a.7(m) whatever the players hold. Bad Beat is valued on the player's two-card 20. The 100 %-of-meter "
        "award is valued at the chapter's minimum reset amount on a $1 wager. The optional Bad Beat awards "
        "(player has 20, Magic Card, Lucky Player) are not in the figure.",
        reason="The player's drawing strategy belongs to the base-game analyzer; without it the player's extra cards "
        "change the dealer's cards only by removal, and a player who draws none makes the dealer's hand a uniform "
        "draw from the shoe. Wagers are typically a dollar and the meter's growth depends on the rate filed.",
        citation=cite("633a.7(o)"),
    ),
    Reading(
        id="633a-switch-blackjack",
        topic="Blackjacks at Blackjack Switch (§ 633a.12(a)(5))",
        choice="A Blackjack made by switching is paid 3 to 2 under § 633a.13(a) unless (iii) or (iv) apply (a 21 "
        "against a dealer Blackjack; a push against a dealer 21 or 22). A natural Blackjack against an up card of 2 "
        "to 9 is paid at once under § 633a.7(i)(1)(i), so (i) and (v) reach it only when the up card is an ace or "
        "ten-valued and the Blackjack waits for the dealer's hand.",
        reason="§ 633a.12(a)(5) lists only those exceptions, § 633a.13(a) pays every Blackjack 3 to 2, and "
        "§ 633a.12(a)(5) completes the round 'in accordance with § 633a.7', whose (i)(1)(i) pays at once.",
        citation=cite("633a.12(a)(5)"),
    ),
    Reading(
        id="633a-additional-splits",
        topic="How many hands the Rules Submission's number of 'additional times a patron may split pairs' allows "
        "(§ 633a.11(c))",
        choice="The number counts every split, the first included: an answer of N lets a patron hold up to N + 1 "
        "hands (3 means four hands). An answer of 0 still leaves the one split § 633a.11(a) grants (two hands). The "
        "base-game analyzer models up to four hands, so an answer above 3 is analysed at four hands and the figure "
        "says so.",
        reason="Blackjack rules are commonly stated as the number of times a pair may be split; § 633a.11(a) gives "
        "every player the first split, so no answer can take it away.",
        citation=cite("633a.11(c)"),
    ),
    Reading(
        id="633a-dealer-completes",
        topic="§ 633a.7(n) lets the dealer stop drawing when no player's outcome depends on it",
        choice="A replayed round may stop the dealer's hand early only when every player hand is settled and no Bad "
        "Beat or Hit and Run wager is in play; those wagers are settled on the dealer's complete hand.",
        reason="Those wagers are decided by the dealer's hand, so it always has an effect on the outcome.",
        citation=cite("633a.7(n)"),
    ),
    Reading(
        id="633a-sim-bad-beat-hand",
        topic="Which player hand decides Bad Beat in a simulated round (§ 633a.7(o)(1)(i)): the first two cards or "
        "the hand as played",
        choice="The simulation settles Bad Beat on the player's first two cards unless told otherwise: the hand the "
        "exact figure prices (see the reading on what the dealer-hand wagers' exact figures assume); basic strategy "
        "stands on every two-card 20, so those rounds are played out in full. Asked to, it settles Bad Beat as a "
        "replayed round is settled instead, on the box's first final hand, which also pays a 20 made by drawing or "
        "after a split; that figure has no exact counterpart.",
        reason="The text says only that the player's hand totals 20, which a hand drawn to 20 also does; the first "
        "two cards keep the simulated figure a cross-check of the exact one, and the final hand gives the table as "
        "played.",
        citation=cite("633a.7(o)(1)(i)"),
    ),
)


def _question(
    key: str,
    section: str,
    question: str,
    kind: AnswerKind = AnswerKind.YES_NO,
    depends_on: str | None = None,
    choices: tuple[str, ...] = (),
    required: bool = True,
) -> ChecklistQuestion:
    return ChecklistQuestion(
        key=key,
        section=cite(section),
        question=question,
        kind=kind,
        required=required,
        depends_on=depends_on,
        choices=choices,
    )


#: Every option chapter 633a leaves to the Rules Submission (§ 601a.2), plus its equipment choices.
CHECKLIST = (
    _question("discard_rack_equal_height", "633a.2(g)(1)", "Is each discard rack as high as the stack of the decks "
              "in use (one side of a double shoe)?"),
    _question("discard_rack_taller_with_mark", "633a.2(g)(2)", "Is each discard rack taller than that stack, with a "
              "visible mark at the stack's height?"),
    _question("card_reader_device", "633a.2(f)", "Does each table have a card reader device, inspected by the "
              "floorperson at the start of each gaming day?"),
    _question("automated_shuffler", "633a.3(b)", "Do you use an automated shuffler with two batches of different "
              "back colours?"),
    _question("continuous_shuffler", "633a.5(a)", "Do you use a continuous shuffler?"),
    _question("double_shoe", "633a.3(c)", "Do you deal from a double shoe?"),
    _question("double_shoe_red_suits_side", "633a.7(d)(1)", "With a double shoe, which side's back colour do hearts "
              "and diamonds designate (the other side is spades and clubs)?", AnswerKind.TEXT, "double_shoe"),
    _question("automatic_reshuffling_shoe", "633a.5(h)", "Do you use a dealing shoe or device that automatically "
              "reshuffles and counts the cards?"),
    _question("cards_preinspected", "633a.4(f)", "Are the cards preinspected and preshuffled?"),
    _question("verbal_wagers", "633a.6(a)", "Do you accept verbal wagers accompanied by cash?"),
    _question("adjacent_boxes_allowed", "633a.6(f)", "May a player place Blackjack Wagers on more than one adjacent "
              "box?"),
    _question("max_adjacent_boxes", "633a.6(f)", "On how many boxes in all may a player place a Blackjack Wager in "
              "one round?", AnswerKind.INTEGER),
    _question("lucky_ladies_offered", "633a.6(e)(1)", "Do you offer the Lucky Ladies Twenty Point Bonus Wager?"),
    _question("match_the_dealer_offered", "633a.6(e)(2)", "Do you offer the Match-the-Dealer Wager (six or eight "
              "decks only)?"),
    _question("in_between_offered", "633a.6(e)(3)", "Do you offer the In Between Wager?"),
    _question("royal_match_offered", "633a.6(e)(4)", "Do you offer the Royal Match 21 Wager?"),
    _question("royal_match_paytable", "633a.13(f)", "Which Royal Match 21 paytable do you select (A or B with a "
              "single deck; C, D or E with multiple decks)?", AnswerKind.PAYTABLE, "royal_match_offered",
              ROYAL_MATCH_SINGLE_DECK + ROYAL_MATCH_MULTI_DECK),
    _question("crown_treasure_offered", "633a.7(g)(4)", "Do you pay the Crown Treasure Bonus with the Royal Match 21 "
              "Wager?", depends_on="royal_match_offered"),
    _question("bet_the_set_offered", "633a.6(e)(5)", "Do you offer the Bet the Set 21 Wager?"),
    _question("bet_the_set_paytable", "633a.13(g)", "Which Bet the Set 21 paytable do you select (A one deck, B two "
              "decks, C or D four or more decks)?", AnswerKind.PAYTABLE, "bet_the_set_offered",
              tuple(BET_THE_SET_DECKS)),
    _question("kings_bounty_offered", "633a.6(e)(6)", "Do you offer the King's Bounty Wager?"),
    _question("blackjack_switch_offered", "633a.12(a)", "Do you offer Blackjack Switch?"),
    _question("super_match_offered", "633a.6(e)(7)", "At Blackjack Switch tables, do you offer the Super Match "
              "Wager (six or eight decks only)?", depends_on="blackjack_switch_offered"),
    _question("bad_beat_offered", "633a.6(e)(8)", "Do you offer the Bad Beat Progressive Wager?"),
    _question("bad_beat_player_20_offered", "633a.7(o)(1)(i)", "Does the Bad Beat Wager also win when the player has "
              "20 whatever the dealer holds?", depends_on="bad_beat_offered"),
    _question("magic_card_bonus_offered", "633a.13(j)(1)", "Do you offer the Magic Card Bonus?",
              depends_on="bad_beat_offered"),
    _question("lucky_player_bonus_offered", "633a.13(j)(1)", "Do you offer the Lucky Player Bonus?",
              depends_on="bad_beat_offered"),
    _question("bad_beat_rate_of_progression", "633a.13(j)(2)", "What is the Bad Beat meter's rate of progression?",
              AnswerKind.PERCENTAGE, "bad_beat_offered"),
    _question("bad_beat_reset_amount", "633a.13(j)(2)", "What are the Bad Beat meter's initial and reset amounts "
              "(at least $5,000)?", AnswerKind.MONEY, "bad_beat_offered"),
    _question("three_card_poker_offered", "633a.6(e)(9)", "Do you offer the Three Card Poker Wager?"),
    _question("hit_and_run_offered", "633a.6(e)(10)", "Do you offer the Hit and Run Progressive Wager?"),
    _question("hit_and_run_rate_of_progression", "633a.13(l)(2)", "What is the Hit and Run meter's rate of "
              "progression?", AnswerKind.PERCENTAGE, "hit_and_run_offered"),
    _question("hit_and_run_reset_amount", "633a.13(l)(2)", "What are the Hit and Run meter's initial and reset "
              "amounts (at least $1,000)?", AnswerKind.MONEY, "hit_and_run_offered"),
    _question("even_money_offered", "633a.8(e)", "Do you offer a player with Blackjack even money instead of "
              "Insurance?"),
    _question("additional_splits", "633a.11(c)", "How many additional times may a patron split pairs, aces "
              "included?", AnswerKind.INTEGER),
    _question("settlement_procedure", "633a.7(r)", "Which settlement procedure do you use: 1 (collect all losing "
              "wagers, then pay) or 2 (pay and collect player by player, counterclockwise)?", AnswerKind.INTEGER),
    _question("hand_dealing_offered", "633a.12(b)", "Do you deal Blackjack from the hand (at most two decks, with "
              "an automated shuffler)?"),
    _question("maximum_payout_established", "633a.13(m)", "Do you set a maximum aggregate payout for the queen of "
              "hearts pair / king of spades pair with dealer Blackjack awards?"),
    _question("maximum_payout_amount", "633a.13(m)", "What is that maximum payout per round?", AnswerKind.MONEY,
              "maximum_payout_established"),
    _question("maximum_side_wager", "633a.13(m)", "What is the most a player may wager on the Lucky Ladies or "
              "King's Bounty Wager in one box (the table maximum)?", AnswerKind.MONEY, "maximum_payout_established"),
    _question("prohibit_non_wagering_patrons", "633a.6(b)", "After a shuffle, do you bar patrons who sat out a round "
              "from wagering until the next shuffle?", required=False),
)  # fmt: skip


def _wager(
    wager_id: str,
    name: str,
    citation: str,
    description: str,
    paytable_ids: tuple[str, ...] = (),
    required: bool = False,
) -> Wager:
    return Wager(wager_id, name, required, cite(citation), description, paytable_ids)


WAGERS = (
    _wager("base", "Blackjack Wager", "633a.6(d)", "Required; pays 1 to 1, a Blackjack 3 to 2 (§ 633a.13(a)).",
           required=True),
    _wager("lucky_ladies", "Lucky Ladies Twenty Point Bonus Wager", "633a.6(e)(1)",
           "The player's first two cards total 20.", (LUCKY_LADIES_PAYTABLE_ID,)),
    _wager("match_the_dealer", "Match-the-Dealer Wager", "633a.6(e)(2)",
           "Either of the player's first two cards matches the rank of the dealer's up card.",
           tuple(MATCH_THE_DEALER_PAYTABLE_IDS.values())),
    _wager("in_between", "In Between Wager", "633a.6(e)(3)",
           "The dealer's up card falls between the player's first two cards, or matches both.",
           (IN_BETWEEN_PAYTABLE_ID,)),
    _wager("royal_match", "Royal Match 21 Wager", "633a.6(e)(4)",
           "The player's first two cards are suited; a suited king and queen is a Royal Match.",
           ROYAL_MATCH_SINGLE_DECK + ROYAL_MATCH_MULTI_DECK),
    _wager("bet_the_set", "Bet the Set 21 Wager", "633a.6(e)(5)", "The player's first two cards are a pair.",
           tuple(BET_THE_SET_DECKS)),
    _wager("kings_bounty", "King's Bounty Wager", "633a.6(e)(6)", "The player's first two cards total 20.",
           (KINGS_BOUNTY_PAYTABLE_ID,)),
    _wager("super_match", "Super Match Wager", "633a.6(e)(7)",
           "At Blackjack Switch, the player's first four cards hold a pair or better.",
           tuple(SUPER_MATCH_PAYTABLE_IDS.values())),
    _wager("bad_beat", "Bad Beat Progressive Wager", "633a.6(e)(8)",
           "The player's hand is 20 and the dealer has Blackjack or 21.", (BAD_BEAT_PAYTABLE_ID,)),
    _wager("three_card_poker", "Three Card Poker Wager", "633a.6(e)(9)",
           "The up card and the player's first two cards make a straight, flush, three of a kind or straight flush.",
           (THREE_CARD_POKER_PAYTABLE_ID,)),
    _wager("hit_and_run", "Hit and Run Progressive Wager", "633a.6(e)(10)",
           "The dealer has Blackjack or a hand of five or more cards.", (HIT_AND_RUN_PAYTABLE_ID,)),
    _wager("switch", "Blackjack Switch", "633a.12(a)",
           "Two equal Blackjack Wagers; the player may exchange the second cards of the two hands."),
    _wager("insurance", "Insurance Wager", "633a.8(a)", "Up to half the Blackjack Wager when the dealer shows an ace; "
           "wins 2 to 1 on a ten-valued hole card."),
)  # fmt: skip


def _odds_row(outcome: str, to: Fraction | int) -> PaytableRow:
    return PaytableRow(outcome, PayoutKind.ODDS, Fraction(to))


def _for_one_row(outcome: str, for_one: int | None) -> PaytableRow:
    """'N for 1' nets N - 1 (reading 633a-for-one); None is 100 % of the meter."""
    if for_one is None:
        return PaytableRow(outcome, PayoutKind.METER_PERCENT, Fraction(100))
    return PaytableRow(f"{outcome} ({for_one:,} for 1)", PayoutKind.ODDS, Fraction(for_one - 1))


def _royal_match(paytable_id: str) -> Paytable:
    royal, suited = ROYAL_MATCH_ODDS[paytable_id]
    single = paytable_id in ROYAL_MATCH_SINGLE_DECK
    return Paytable(
        id=paytable_id,
        wager="royal_match",
        rows=(
            _odds_row("royal match", royal),
            _odds_row("suited match", suited),
            _for_one_row("crown treasure", CROWN_TREASURE_FOR_ONE),
        ),
        citation=cite("633a.13(f)(1)" if single else "633a.13(f)(2)"),
        permitted_decks=frozenset({1}) if single else frozenset(range(2, MAX_DECKS + 1)),
        name=f"Royal Match 21 Paytable {paytable_id}",
    )


def _bet_the_set(paytable_id: str) -> Paytable:
    suited, pair = BET_THE_SET_ODDS[paytable_id]
    rows = (() if suited is None else (_odds_row("suited pair", suited),)) + (_odds_row("pair", pair),)
    citation = {"A": "633a.13(g)(1)", "B": "633a.13(g)(2)"}.get(paytable_id, "633a.13(g)(3)")
    return Paytable(
        id=paytable_id,
        wager="bet_the_set",
        rows=rows,
        citation=cite(citation),
        permitted_decks=BET_THE_SET_DECKS[paytable_id],
        name=f"Bet the Set 21 Paytable {paytable_id}",
    )


PAYTABLES = (
    Paytable(
        LUCKY_LADIES_PAYTABLE_ID,
        "lucky_ladies",
        tuple(_odds_row(outcome, to) for outcome, to in LUCKY_LADIES_ODDS.items()),
        cite("633a.13(c)"),
        name="Lucky Ladies",
    ),
    *(
        Paytable(
            paytable_id,
            "match_the_dealer",
            (
                _odds_row("each matching card of the same suit", MATCH_THE_DEALER_ODDS[decks][0]),
                _odds_row("each matching card of a different suit", MATCH_THE_DEALER_ODDS[decks][1]),
            ),
            cite(paytable_id),
            permitted_decks=frozenset({decks}),
            name=f"Match-the-Dealer, {decks} decks",
        )
        for decks, paytable_id in MATCH_THE_DEALER_PAYTABLE_IDS.items()
    ),
    Paytable(
        IN_BETWEEN_PAYTABLE_ID,
        "in_between",
        tuple(_odds_row(outcome, to) for outcome, to in IN_BETWEEN_ODDS.items()),
        cite("633a.13(e)"),
        name="In Between",
    ),
    *(_royal_match(paytable_id) for paytable_id in ROYAL_MATCH_SINGLE_DECK + ROYAL_MATCH_MULTI_DECK),
    *(_bet_the_set(paytable_id) for paytable_id in BET_THE_SET_DECKS),
    Paytable(
        KINGS_BOUNTY_PAYTABLE_ID,
        "kings_bounty",
        tuple(_odds_row(outcome, to) for outcome, to in KINGS_BOUNTY_ODDS.items()),
        cite("633a.13(h)"),
        name="King's Bounty",
    ),
    *(
        Paytable(
            paytable_id,
            "super_match",
            tuple(_odds_row(outcome, to) for outcome, to in SUPER_MATCH_ODDS[decks].items()),
            cite(paytable_id),
            permitted_decks=frozenset({decks}),
            name=f"Super Match, {decks} decks",
        )
        for decks, paytable_id in SUPER_MATCH_PAYTABLE_IDS.items()
    ),
    Paytable(
        BAD_BEAT_PAYTABLE_ID,
        "bad_beat",
        (
            *(_for_one_row(f"player 20, dealer {outcome}", award) for outcome, award in BAD_BEAT_FOR_ONE.items()),
            _for_one_row("player has a 20 (optional)", BAD_BEAT_PLAYER_20_FOR_ONE),
            _for_one_row("magic card bonus (optional)", MAGIC_CARD_BONUS_FOR_ONE),
            _for_one_row("lucky player bonus (optional)", LUCKY_PLAYER_BONUS_FOR_ONE),
        ),
        cite("633a.13(j)(1)"),
        name="Bad Beat Progressive",
    ),
    Paytable(
        THREE_CARD_POKER_PAYTABLE_ID,
        "three_card_poker",
        (_odds_row("straight flush, three-of-a-kind, straight or flush", THREE_CARD_POKER_ODDS),),
        cite("633a.13(k)"),
        name="Three Card Poker",
    ),
    Paytable(
        HIT_AND_RUN_PAYTABLE_ID,
        "hit_and_run",
        tuple(_for_one_row(f"dealer {outcome}", award) for outcome, award in HIT_AND_RUN_FOR_ONE.items()),
        cite("633a.13(l)(1)"),
        name="Hit and Run Progressive",
    ),
)

MINIMUMS = (
    Minimum(
        "bad_beat_reset", "Bad Beat meter initial and reset amounts", BAD_BEAT_MINIMUM_RESET, cite("633a.13(j)(2)"),
    ),
    Minimum(
        "hit_and_run_reset", "Hit and Run meter initial and reset amounts", HIT_AND_RUN_MINIMUM_RESET,
        cite("633a.13(l)(2)"),
    ),
    Minimum(
        "maximum_payout",
        "Maximum aggregate payout on the queen of hearts / king of spades pair with dealer Blackjack (or more: the "
        "most one patron could win per round at the table maximum)",
        MAXIMUM_PAYOUT_FLOOR,
        cite("633a.13(m)"),
    ),
)  # fmt: skip

RULEBOOK = Rulebook(
    chapter=CHAPTER,
    title="Blackjack",
    **version_fields(CHAPTER),
    max_betting_positions=MAX_BETTING_POSITIONS,
    betting_positions_citation=cite("633a.2(a)"),
    deck_configurations=(
        DeckConfiguration(
            decks=ALL_DECKS,
            batches=1,
            shufflers=frozenset({Shuffler.NONE, Shuffler.CONTINUOUS}),
            citation=cite("633a.3(a)"),
            description="One or more identical decks and a cover card (per side when a double shoe is used).",
        ),
        DeckConfiguration(
            decks=ALL_DECKS,
            batches=2,
            shufflers=frozenset({Shuffler.AUTOMATED}),
            citation=cite("633a.3(b)"),
            description="With an automated shuffler other than a continuous one: two equal batches of different back "
            "colours, alternated shoe by shoe (at least two decks in all).",
        ),
    ),
    card_change_intervals=(
        CardChangeInterval(hours=CARD_CHANGE_HOURS, citation=cite("633a.3(d)")),
        CardChangeInterval(
            hours=HAND_DEALT_CARD_CHANGE_HOURS,
            citation=cite("633a.3(d)"),
            dealing_methods=frozenset({DealingMethod.HAND}),
        ),
    ),
    # § 633a.7(a): a dealing shoe (one of § 633a.5(h)'s reshuffling shoes is still a shoe), a double shoe
    # (§ 633a.3(c)), or the hand under § 633a.12(b). An automated shoe dispensing hands is not provided for.
    dealing_methods=frozenset({DealingMethod.SHOE, DealingMethod.DOUBLE_SHOE, DealingMethod.HAND}),
    dealing_methods_citation=cite("633a.7(a)"),
    wagers=WAGERS,
    paytables=PAYTABLES,
    checklist=CHECKLIST,
    discard_rack_citation=cite("633a.2(g)"),
    minimums=MINIMUMS,
    readings=READINGS,
    notes=(
        "Dealing from the hand (§ 633a.12(b)) is lawful only with at most two decks and an automated shuffler; "
        "rule 633A-105 checks it.",
        "With a double shoe the Decks column is the decks in one side (§ 633a.2(h), § 633a.3(c)).",
    ),
    # The checklist selects one paytable of these wagers for the chapter; a table naming none takes it.
    paytable_questions=(("royal_match", "royal_match_paytable"), ("bet_the_set", "bet_the_set_paytable")),
)
