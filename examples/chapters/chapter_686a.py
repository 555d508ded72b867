"""Chapter 686a's (Over/Under) example filings: one compliant, one with violations planted, each commented with
the rule that catches it (the README lists them too)."""

from __future__ import annotations

from decimal import Decimal

from pacomply.regulations.rulebook import DealingMethod, Shuffler
from pacomply.submissions.model import Filing, TableConfiguration, TableWager

from examples.build_examples import METADATA, VIOLATIONS_METADATA, answers, table


def over_under_table(table_id: str, **overrides: object) -> TableConfiguration:
    return table(
        table_id,
        {
            "chapter": "686a",
            "betting_positions": 6,
            "decks": 6,
            "batches": 2,
            "shuffler": Shuffler.AUTOMATED,
            "dealing": DealingMethod.SHOE,
            "discard_rack_height_mm": Decimal("93.6"),
            "card_change_interval_hours": Decimal(24),
            "wagers": (TableWager(wager="bonus"),),
        },
        overrides,
    )


COMPLIANT_686A = Filing(
    metadata=METADATA,
    chapters={
        "686a": answers(
            "686a",
            discard_rack_equal_height=True,
            # OU-3's rack is taller with a mark: both kinds are in use, so both options are answered Yes.
            discard_rack_taller_with_mark=True,
            automated_shuffler=True,
            continuous_shuffler=False,
            cards_preinspected=False,
            verbal_wagers=True,
            bonus_offered=True,
            adjacent_boxes_allowed=True,
            max_adjacent_boxes=2,
        )
    },
    tables=(
        over_under_table("OU-1"),
        over_under_table("OU-2", betting_positions=5),
        # A rack taller than the 93.6 mm stack of six decks, marked at the stack's height (§ 686a.2(d)(2)).
        over_under_table("OU-3", discard_rack_height_mm=Decimal(120), discard_rack_mark_mm=Decimal("93.6")),
    ),
)

# Each planted violation is listed in the README with the rule that catches it.
NONCOMPLIANT_686A = Filing(
    metadata=VIOLATIONS_METADATA,
    chapters={
        "686a": answers(
            "686a",
            discard_rack_equal_height=True,
            discard_rack_taller_with_mark=False,
            automated_shuffler=True,
            continuous_shuffler=False,  # but OU-3 uses one: 686A-102
            cards_preinspected=False,
            verbal_wagers=False,
            bonus_offered=False,  # but OU-1 offers the Bonus: 686A-103
            adjacent_boxes_allowed=True,
            max_adjacent_boxes=None,  # allowed but not numbered: 686A-006 (686A-104 leaves a blank to it)
        )
    },
    tables=(
        over_under_table("OU-1", betting_positions=7),  # 686A-001
        over_under_table(
            "OU-2",
            decks=8,
            batches=1,
            shuffler=Shuffler.NONE,
            discard_rack_height_mm=Decimal("124.8"),
            card_change_interval_hours=Decimal(36),
            wagers=(),
        ),  # 686A-002, 686A-003
        over_under_table(
            "OU-3", batches=2, shuffler=Shuffler.CONTINUOUS, wagers=()
        ),  # 686A-002 (continuous + 2 batches)
        over_under_table(
            "OU-4",
            discard_rack_height_mm=Decimal(80),
            dealing=DealingMethod.HAND,
            wagers=(TableWager(wager="bonus", paytable="B"),),
        ),  # 686A-004, 686A-005, 686A-007
    ),
)
