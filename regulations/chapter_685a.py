"""Chapter 685a, Down Under Blackjack: the rulebook (numbers exact, summaries ours).

Owns the chapter's numbers: six positions, four/five/six/eight-deck batches, the 24-hour card change, the Masque
Card Reader's hole-card ranges, the dealer's 17-22 drawing rule, the one split, and the Match-the-Dealer paytables
(six or eight decks only). The engine (:mod:`engine.games.down_under_blackjack`) reuses these constants.
"""

from __future__ import annotations

from fractions import Fraction

from pacomply.regulations.citation import cite
from pacomply.regulations.rulebook import (
    AnswerKind,
    Candidate,
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
)
from pacomply.regulations.versions import version_fields

CHAPTER = "685a"
PERMITTED_DECKS = frozenset({4, 5, 6, 8})
MATCH_THE_DEALER_DECKS = frozenset({6, 8})
CARD_CHANGE_HOURS = 24
MAX_BETTING_POSITIONS = 6
#: § 685a.7(m): the dealer draws until a hard or soft total of 17 to 22.
DEALER_STANDS_FROM = 17
DEALER_MAX_TOTAL = 22
#: § 685a.10(c): one split, two hands.
MAX_SPLITS = 1
BLACKJACK_ODDS = Fraction(3, 2)
INSURANCE_ODDS = Fraction(2)
#: § 685a.11(c): (suited match, unsuited match) by deck count.
MATCH_THE_DEALER_ODDS: dict[int, tuple[int, int]] = {6: (11, 4), 8: (14, 3)}
MATCH_THE_DEALER_PAYTABLE_IDS: dict[int, str] = {6: "6 decks", 8: "8 decks"}
#: § 685a.1, § 685a.3(e): the hole-card ranges by blackjack point value (ace 11 here, 1 also Large).
SMALL_VALUES = frozenset({2, 3, 4, 5})
MEDIUM_VALUES = frozenset({6, 7, 8, 9})
LARGE_VALUES = frozenset({10, 11})

READINGS = (
    Reading(
        id="685a-match-per-card",
        topic="Match-the-Dealer when both of the player's cards match (§ 685a.7(f))",
        choice="Each matching card is paid at its own odds (suited or unsuited), as § 633a.7(g)(2) says for "
        "blackjack; 'either or both' in § 685a.7(f) is read the same way.",
        reason="The paytable states odds per result and the chapter pays 'either or both' matches; paying each card "
        "is how the same wager is settled in chapter 633a.",
        citation=cite("685a.7(f)"),
    ),
    Reading(
        id="685a-two-large-cards",
        topic="'Exactly two original Large value range cards' against a dealer 22 (§ 685a.7(n)(1))",
        choice="The player's first two cards are both Large (10, J, Q, K or A), the hand is not split and has not "
        "gone over 21; such a hand wins 1 to 1, a hand of 21 wins, every other unbusted hand pushes and a busted hand "
        "loses (§ 685a.7(q)(1)).",
        reason="'Original' points to the two cards first dealt; a hand over 21 has lost under (q)(1) before the dealer "
        "plays.",
        citation=cite("685a.7(n)(1)"),
    ),
    Reading(
        id="685a-dealer-ace-pair",
        topic="The dealer's ace: an ace up with an ace in the hole (§ 685a.3(d)(3))",
        choice="As the chapter counts it: each of the dealer's aces is 11 unless that puts the hand over 22, so A-A "
        "is a dealer 22 and stands.",
        reason="§ 685a.3(d)(3) lowers an ace to 1 only when 11 would take the dealer over 22; 11 + 11 = 22 is not "
        "over 22. A conventional dealer ace counts 11 only up to 21, making A-A a soft 12 that draws; the Board's "
        "published hold suggests a house-favourable figure, so both are priced.",
        citation=cite("685a.3(d)(3)"),
        candidates=(
            Candidate("ace-pair-is-22", "as the chapter counts it: A-A is a dealer 22"),
            Candidate(
                "ace-pair-is-soft-12",
                "a conventional dealer ace: 11 only up to 21 (A-A a soft 12, A-6-5 a hard 12, both draw)",
            ),
        ),
        relied_on="ace-pair-is-22",
    ),
    Reading(
        id="685a-double-after-split",
        topic="The rules the Board's published hold of the Bet Wager rests on (§ 685a.9(a))",
        choice="As the chapter says: a hand made by a split may be doubled.",
        reason="The chapter allows doubling after a split, but the Board's hold of 0.43 % to 0.49 % is above what "
        "the chapter's rules give; a game without doubling after a split is the usual variant that holds more, so "
        "it is priced as a candidate, alone and with a conventional dealer ace, to say what the Board's figure "
        "could rest on.",
        citation=cite("685a.9(a)"),
        candidates=(
            Candidate("as-printed", "doubling after a split allowed, as § 685a.9(a) says"),
            Candidate("no-double-after-split", "no doubling after a split"),
            Candidate(
                "no-double-after-split-conventional-ace",
                "no doubling after a split, with a conventional dealer ace (11 only up to 21)",
            ),
        ),
        relied_on="as-printed",
    ),
    Reading(
        id="685a-even-money",
        topic="§ 685a.7(g) mentions even money but § 685a.8 does not define it",
        choice="pacomply settles Insurance only; an even-money request is refused in a replay.",
        reason="The chapter gives no odds or procedure for even money, so there is nothing to settle it by.",
        citation=cite("685a.7(g)"),
    ),
)


def _question(
    key: str, section: str, question: str, kind: AnswerKind = AnswerKind.YES_NO, depends_on: str | None = None
) -> ChecklistQuestion:
    return ChecklistQuestion(key=key, section=cite(section), question=question, kind=kind, depends_on=depends_on)


CHECKLIST = (
    _question("discard_rack_equal_height", "685a.2(e)(1)", "Is each discard rack as high as the stack of the decks "
              "in use?"),
    _question("discard_rack_taller_with_mark", "685a.2(e)(2)", "Is each discard rack taller than that stack, with a "
              "visible mark at the stack's height?"),
    _question("masque_card_reader", "685a.2(d)", "Does each table have a Masque Card Reader device, inspected by the "
              "floorperson at the start of each gaming day?"),
    _question("automated_shuffler", "685a.3(b)", "Do you use an automated shuffler with two batches of different back "
              "colours?"),
    _question("continuous_shuffler", "685a.3(a)", "Do you use a continuous shuffler?"),
    _question("automatic_reshuffling_shoe", "685a.5(h)", "Do you use a dealing shoe or device that automatically "
              "reshuffles and counts the cards?"),
    _question("cards_preinspected", "685a.4(e)", "Are the cards preinspected and preshuffled?"),
    _question("verbal_wagers", "685a.6(a)", "Do you accept verbal wagers accompanied by cash?"),
    _question("match_the_dealer_offered", "685a.6(e)", "Do you offer the Match-the-Dealer Wager (six or eight decks "
              "only)?"),
    _question("adjacent_boxes_allowed", "685a.6(f)", "May a player place Bet Wagers on more than one adjacent box?"),
    _question("max_adjacent_boxes", "685a.6(f)", "On how many boxes in all may a player place a Bet Wager in one "
              "round?", AnswerKind.INTEGER),
    _question("settlement_procedure", "685a.7(r)", "Which settlement procedure do you use: 1 (collect all losing "
              "wagers, then settle winners) or 2 (player by player, counterclockwise)?", AnswerKind.INTEGER),
)  # fmt: skip

WAGERS = (
    Wager("base", "Bet Wager", True, cite("685a.6(d)"), "Required; pays 1 to 1, a Blackjack 3 to 2 (§ 685a.11(a))."),
    Wager(
        "match_the_dealer",
        "Match-the-Dealer Wager",
        False,
        cite("685a.6(e)"),
        "Either or both of the player's first two cards match the rank of the dealer's up card; six or eight decks.",
        tuple(MATCH_THE_DEALER_PAYTABLE_IDS.values()),
    ),
    Wager(
        "insurance",
        "Insurance Wager",
        False,
        cite("685a.8(a)"),
        "Up to half the Bet Wager when the dealer shows an ace; wins 2 to 1 on a 10, jack, queen or king hole card.",
    ),
)

PAYTABLES = tuple(
    Paytable(
        id=paytable_id,
        wager="match_the_dealer",
        rows=(
            PaytableRow("suited match", PayoutKind.ODDS, Fraction(MATCH_THE_DEALER_ODDS[decks][0])),
            PaytableRow("unsuited match", PayoutKind.ODDS, Fraction(MATCH_THE_DEALER_ODDS[decks][1])),
        ),
        citation=cite("685a.11(c)"),
        permitted_decks=frozenset({decks}),
        name=f"Match-the-Dealer, {decks} decks",
    )
    for decks, paytable_id in MATCH_THE_DEALER_PAYTABLE_IDS.items()
)

RULEBOOK = Rulebook(
    chapter=CHAPTER,
    title="Down Under Blackjack",
    **version_fields(CHAPTER),
    max_betting_positions=MAX_BETTING_POSITIONS,
    betting_positions_citation=cite("685a.2(a)"),
    deck_configurations=(
        DeckConfiguration(
            decks=PERMITTED_DECKS,
            batches=1,
            shufflers=frozenset({Shuffler.NONE, Shuffler.CONTINUOUS}),
            citation=cite("685a.3(a)"),
            description="One four-, five-, six- or eight-deck batch and a cover card; shoe or continuous shuffler.",
        ),
        DeckConfiguration(
            decks=PERMITTED_DECKS,
            batches=2,
            shufflers=frozenset({Shuffler.AUTOMATED}),
            citation=cite("685a.3(b)(1)"),
            description="With an automated shuffler other than a continuous one: two equal batches of four, five, "
            "six or eight decks with different back colours.",
        ),
    ),
    card_change_intervals=(CardChangeInterval(hours=CARD_CHANGE_HOURS, citation=cite("685a.3(c)")),),
    dealing_methods=frozenset({DealingMethod.SHOE, DealingMethod.AUTOMATED_SHOE}),
    dealing_methods_citation=cite("685a.7(a)"),
    wagers=WAGERS,
    paytables=PAYTABLES,
    checklist=CHECKLIST,
    discard_rack_citation=cite("685a.2(e)"),
    readings=READINGS,
    notes=("Surrender is not available (§ 685a.7(i)(2)); the layout must say so (§ 685a.2(b)(4)(iv)).",),
)
