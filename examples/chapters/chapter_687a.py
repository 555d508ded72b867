"""Chapter 687a's (Double Joker Wild Hold 'Em) example filings: one compliant, one with violations planted, each
commented with the rule that catches it."""

from __future__ import annotations

from decimal import Decimal

from pacomply.regulations.rulebook import DealingMethod, Equipment, Shuffler
from pacomply.submissions.model import Filing, TableConfiguration, TableWager

from examples.build_examples import METADATA, VIOLATIONS_METADATA, answers, table


def dj_wild_table(table_id: str, **overrides: object) -> TableConfiguration:
    return table(
        table_id,
        {
            "chapter": "687a",
            "betting_positions": 6,
            "decks": 1,
            "batches": 2,
            "shuffler": Shuffler.AUTOMATED,
            "dealing": DealingMethod.HAND,
            "discard_rack_height_mm": Decimal("40"),
            "card_change_interval_hours": Decimal(4),
            "equipment": (Equipment.PROGRESSIVE_SYSTEM,),
            "wagers": (
                TableWager(wager="trips", paytable="DJWT-04"),
                TableWager(wager="bad_beat", paytable="DJWBB-03"),
                TableWager(wager="progressive", paytable="1"),
            ),
            "progressive_reset": Decimal(2000),
        },
        overrides,
    )


COMPLIANT_687A = Filing(
    metadata=METADATA,
    chapters={
        "687a": answers(
            "687a",
            automated_shuffler=True,
            cards_preinspected=False,
            shuffler_counts_cards=True,
            manual_dealing_shoe=False,
            dealt_from_hand=True,
            automated_dealing_shoe=False,
            abandoned_wagers_lose=True,
            adjacent_boxes_allowed=False,
            max_adjacent_boxes=1,
            progressive_offered=True,
            progressive_wager_amount=Decimal(1),
            folded_hands_qualify=False,
            trips_offered=True,
            trips_paytable="DJWT-04",
            bad_beat_offered=True,
            bad_beat_paytable="DJWBB-03",
        )
    },
    tables=(dj_wild_table("DJ-1"), dj_wild_table("DJ-2", betting_positions=5)),
)

# Each planted violation names the rule that catches it.
NONCOMPLIANT_687A = Filing(
    metadata=VIOLATIONS_METADATA,
    chapters={
        "687a": answers(
            "687a",
            automated_shuffler=True,
            cards_preinspected=False,
            shuffler_counts_cards=None,  # unanswered though a shuffler is used: 687A-006
            manual_dealing_shoe=True,
            dealt_from_hand=True,
            automated_dealing_shoe=False,  # but DJ-3 uses one: 687A-103
            abandoned_wagers_lose=True,
            adjacent_boxes_allowed=False,
            max_adjacent_boxes=3,  # a No to more than one box beside a total of three: 687A-107
            progressive_offered=True,
            progressive_wager_amount=Decimal(5),  # DJ-1 uses paytable 1, a $1 wager: 687A-105
            folded_hands_qualify=True,
            trips_offered=False,  # but DJ-1 offers Trips: 687A-104
            trips_paytable=None,
            bad_beat_offered=True,
            bad_beat_paytable="DJWBB-05",  # no such paytable: 687A-104
        )
    },
    tables=(
        dj_wild_table("DJ-1", betting_positions=7, progressive_reset=Decimal(1500)),  # 687A-001, 687A-105
        dj_wild_table(
            "DJ-2",
            decks=2,
            batches=1,
            shuffler=Shuffler.NONE,
            dealing=DealingMethod.HAND,
            card_change_interval_hours=Decimal(8),
            equipment=(),
            wagers=(TableWager(wager="trips", paytable="DJWT-09"), TableWager(wager="progressive", paytable="1")),
        ),  # 687A-002, 687A-003 (8 h by hand), 687A-007 (DJWT-09), 687A-102, 687A-105 (no system)
        dj_wild_table(
            "DJ-3",
            dealing=DealingMethod.AUTOMATED_SHOE,
            card_change_interval_hours=Decimal(8),
            discard_rack_height_mm=None,
            wagers=(),
        ),
    ),
)
