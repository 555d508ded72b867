"""Chapter 633a's (Blackjack) example filings: one compliant, one with violations planted, each commented with the
rule that catches it."""

from __future__ import annotations

from decimal import Decimal

from pacomply.regulations.rulebook import DealingMethod, Equipment, Shuffler
from pacomply.submissions.model import Filing, TableConfiguration, TableWager

from examples.build_examples import METADATA, VIOLATIONS_METADATA, answers, table


def blackjack_table(table_id: str, **overrides: object) -> TableConfiguration:
    return table(
        table_id,
        {
            "chapter": "633a",
            "betting_positions": 7,
            "decks": 6,
            "batches": 2,
            "shuffler": Shuffler.AUTOMATED,
            "dealing": DealingMethod.SHOE,
            "discard_rack_height_mm": Decimal("93.6"),
            "card_change_interval_hours": Decimal(24),
            "equipment": (Equipment.CARD_READER,),
            "wagers": (TableWager(wager="lucky_ladies"), TableWager(wager="royal_match", paytable="C")),
        },
        overrides,
    )


BLACKJACK_ANSWERS: dict[str, object] = {
    "discard_rack_equal_height": True,
    "discard_rack_taller_with_mark": False,
    "card_reader_device": True,
    "automated_shuffler": True,
    "continuous_shuffler": True,  # BJ-2 uses one
    "double_shoe": True,
    "double_shoe_red_suits_side": "the side with red backs",
    "automatic_reshuffling_shoe": False,
    "cards_preinspected": False,
    "verbal_wagers": True,
    "adjacent_boxes_allowed": True,
    "max_adjacent_boxes": 2,
    "lucky_ladies_offered": True,
    "match_the_dealer_offered": True,
    "in_between_offered": False,
    "royal_match_offered": True,
    "royal_match_paytable": "C",
    "crown_treasure_offered": True,
    "bet_the_set_offered": True,
    "bet_the_set_paytable": "C",
    "kings_bounty_offered": True,
    "blackjack_switch_offered": True,
    "super_match_offered": True,
    "bad_beat_offered": True,
    "bad_beat_player_20_offered": False,
    "magic_card_bonus_offered": False,
    "lucky_player_bonus_offered": False,
    "bad_beat_rate_of_progression": Decimal(10),  # percent, as read_percentage stores it
    "bad_beat_reset_amount": Decimal(5000),
    "three_card_poker_offered": True,
    "hit_and_run_offered": True,
    "hit_and_run_rate_of_progression": Decimal(8),
    "hit_and_run_reset_amount": Decimal(1000),
    "even_money_offered": True,
    "additional_splits": 3,
    "settlement_procedure": 1,
    "hand_dealing_offered": True,
    "maximum_payout_established": True,
    "maximum_payout_amount": Decimal(50000),
    "maximum_side_wager": Decimal(25),
    "prohibit_non_wagering_patrons": False,
}

COMPLIANT_633A = Filing(
    metadata=METADATA,
    # BJ-5's rack is taller with a mark: both kinds are in use, so both rack options are answered Yes.
    chapters={"633a": answers("633a", **BLACKJACK_ANSWERS | {"discard_rack_taller_with_mark": True})},
    tables=(
        blackjack_table("BJ-1"),
        blackjack_table(
            "BJ-2",
            decks=8,
            batches=1,
            shuffler=Shuffler.CONTINUOUS,
            discard_rack_height_mm=Decimal("124.8"),
            equipment=(Equipment.CARD_READER, Equipment.PROGRESSIVE_SYSTEM, Equipment.ELECTRONIC_WAGERING_SYSTEM),
            wagers=(
                TableWager(wager="switch"),
                TableWager(wager="super_match", paytable="633a.13(i)(2)"),
                TableWager(wager="match_the_dealer", paytable="633a.13(d)(2)"),
                TableWager(wager="bad_beat"),
                TableWager(wager="hit_and_run"),
                TableWager(wager="bet_the_set", paytable="C"),
            ),
            progressive_reset=Decimal(5000),
        ),
        blackjack_table(
            "BJ-3",
            decks=1,
            batches=2,
            dealing=DealingMethod.HAND,
            discard_rack_height_mm=Decimal("15.6"),
            card_change_interval_hours=Decimal(4),
            wagers=(TableWager(wager="kings_bounty"), TableWager(wager="three_card_poker")),
        ),
        blackjack_table(
            "BJ-4",
            decks=3,
            batches=1,
            shuffler=Shuffler.NONE,
            dealing=DealingMethod.DOUBLE_SHOE,
            discard_rack_height_mm=Decimal("46.8"),
            wagers=(TableWager(wager="lucky_ladies"),),
            payout_limit=Decimal(50000),
        ),
        # A rack taller than the 93.6 mm stack of six decks, marked at the stack's height (§ 633a.2(g)(2)).
        blackjack_table("BJ-5", discard_rack_height_mm=Decimal(120), discard_rack_mark_mm=Decimal("93.6")),
    ),
)

# Each planted violation names the rule that catches it.
NONCOMPLIANT_633A = Filing(
    metadata=VIOLATIONS_METADATA,
    chapters={
        "633a": answers(
            "633a",
            **BLACKJACK_ANSWERS
            | {
                "bad_beat_reset_amount": Decimal(2500),  # 633A-108
                "hit_and_run_reset_amount": Decimal(500),  # 633A-109
                "maximum_payout_amount": Decimal(40000),  # 633A-110: 1,000 x $25 x 2 boxes = $50,000
                "settlement_procedure": 3,  # 633A-111
                "double_shoe_red_suits_side": None,  # 633A-006, 633A-106
                "in_between_offered": False,  # but BJ-5 offers it: 633A-107
                # but BJ-6 is a Switch table: 633A-107 (§ 633a.12(a)); Super Match Yes under a No: 633A-009
                "blackjack_switch_offered": False,
            },
        )
    },
    tables=(
        blackjack_table("BJ-1", wagers=(TableWager(wager="royal_match", paytable="A"),)),  # 633A-007 (A: one deck)
        blackjack_table(
            "BJ-2",
            decks=4,
            wagers=(
                TableWager(wager="match_the_dealer", paytable="633a.13(d)(1)"),  # 633A-007 (six decks only)
                TableWager(wager="bet_the_set", paytable="B"),  # 633A-007 (two decks only)
                TableWager(wager="super_match", paytable="633a.13(i)(1)"),  # 633A-007, 633A-112
                TableWager(wager="bad_beat"),  # 633A-103 (no progressive or electronic wagering system)
                TableWager(wager="hit_and_run"),  # 633A-104
            ),
            discard_rack_height_mm=Decimal("62.4"),
        ),
        blackjack_table(
            "BJ-3",
            decks=6,
            dealing=DealingMethod.HAND,
            shuffler=Shuffler.NONE,
            batches=1,
            card_change_interval_hours=Decimal(24),
        ),  # 633A-003 (4 h), 633A-105 (six decks, no automated shuffler)
        blackjack_table("BJ-4", betting_positions=8, equipment=()),  # 633A-001, 633A-102
        blackjack_table(
            "BJ-5",
            wagers=(TableWager(wager="in_between"), TableWager(wager="lucky_ladies")),
            payout_limit=Decimal(25000),
        ),  # 633A-107, 633A-110
        blackjack_table(
            "BJ-6",
            wagers=(TableWager(wager="switch"), TableWager(wager="super_match", paytable="633a.13(i)(1)")),
        ),  # 633A-107 (§ 633a.12(a))
        # An automated shuffler with one batch (633A-002, § 633a.3(b)(1)) and Insurance stated at 3 to 1 where
        # § 633a.13(b) fixes 2 to 1 (633A-007)
        blackjack_table("BJ-7", batches=1, wagers=(TableWager(wager="insurance", paytable="3 to 1"),)),
    ),
)
