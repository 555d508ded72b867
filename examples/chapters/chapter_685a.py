"""Chapter 685a's (Down Under Blackjack) example filings: one compliant, one with violations planted, each
commented with the rule that catches it."""

from __future__ import annotations

from decimal import Decimal

from pacomply.regulations.rulebook import DealingMethod, Equipment, Shuffler
from pacomply.submissions.model import Filing, TableConfiguration, TableWager

from examples.build_examples import METADATA, VIOLATIONS_METADATA, answers, table


def down_under_table(table_id: str, **overrides: object) -> TableConfiguration:
    return table(
        table_id,
        {
            "chapter": "685a",
            "betting_positions": 6,
            "decks": 6,
            "batches": 1,
            "shuffler": Shuffler.CONTINUOUS,
            "dealing": DealingMethod.SHOE,
            "discard_rack_height_mm": Decimal("93.6"),
            "card_change_interval_hours": Decimal(24),
            "equipment": (Equipment.MASQUE_CARD_READER,),
            "wagers": (TableWager(wager="match_the_dealer", paytable="6 decks"),),
        },
        overrides,
    )


DOWN_UNDER_ANSWERS: dict[str, object] = {
    "discard_rack_equal_height": True,
    "discard_rack_taller_with_mark": False,
    "masque_card_reader": True,
    "automated_shuffler": False,
    "continuous_shuffler": True,
    "automatic_reshuffling_shoe": False,
    "cards_preinspected": True,
    "verbal_wagers": False,
    "match_the_dealer_offered": True,
    "adjacent_boxes_allowed": False,
    "max_adjacent_boxes": 1,
    "settlement_procedure": 2,
}

COMPLIANT_685A = Filing(
    metadata=METADATA,
    # DU-4's rack is taller with a mark: both kinds are in use, so both rack options are answered Yes.
    chapters={"685a": answers("685a", **DOWN_UNDER_ANSWERS | {"discard_rack_taller_with_mark": True})},
    tables=(
        down_under_table("DU-1"),
        down_under_table(
            "DU-2",
            decks=8,
            discard_rack_height_mm=Decimal("124.8"),
            wagers=(TableWager(wager="match_the_dealer", paytable="8 decks"),),
        ),
        down_under_table("DU-3", decks=4, discard_rack_height_mm=Decimal("62.4"), wagers=()),
        # A rack taller than the 93.6 mm stack of six decks, marked at the stack's height (§ 685a.2(e)(2)).
        down_under_table("DU-4", discard_rack_height_mm=Decimal(120), discard_rack_mark_mm=Decimal("93.6")),
    ),
)

NONCOMPLIANT_685A = Filing(
    metadata=VIOLATIONS_METADATA,
    chapters={"685a": answers("685a", **DOWN_UNDER_ANSWERS | {"settlement_procedure": 4})},  # 685A-103
    tables=(
        down_under_table("DU-1", betting_positions=7, equipment=(Equipment.CARD_READER,)),  # 685A-001, 685A-101
        down_under_table(
            "DU-2", decks=5, discard_rack_height_mm=Decimal(78)
        ),  # 685A-007: Match-the-Dealer '6 decks' with five decks
        down_under_table("DU-3", decks=2, discard_rack_height_mm=Decimal("31.2"), wagers=()),  # 685A-002
        down_under_table("DU-4", dealing=DealingMethod.HAND, wagers=()),  # 685A-005
        # Insurance stated at 3 to 1 where § 685a.11(b) fixes 2 to 1: 685A-007
        down_under_table("DU-5", wagers=(TableWager(wager="insurance", paytable="3 to 1"),)),
    ),
)
