"""Chapter 688a's (Face Up Pai Gow Poker) example filings: one compliant, one with violations planted, each commented
with the rule that catches it."""

from __future__ import annotations

from decimal import Decimal

from pacomply.regulations.rulebook import DealingMethod, Equipment
from pacomply.submissions.model import Filing, TableWager

from examples.build_examples import METADATA, VIOLATIONS_METADATA, answers
from examples.chapters.pai_gow import pai_gow_table

_688A_ANSWERS: dict[str, object] = {
    "starting_position_shaker": False,
    "starting_position_rng": True,
    "automated_shuffler": True,
    "cards_preinspected": False,
    "mark_starting_position": False,
    "abandoned_wagers_lose": True,
    "ace_high_offered": True,
    "ace_high_paytable": "2",
    "fortune_offered": True,
    "fortune_paytable": "1",
    "progressive_offered": True,
    "progressive_paytable": "4",
    "adjacent_betting_areas": False,
    "manual_shoe": False,
    "dealt_from_hand": False,
    "automated_shoe": True,
    "house_way": "standard",
}

COMPLIANT_688A = Filing(
    metadata=METADATA,
    chapters={"688a": answers("688a", **_688A_ANSWERS)},
    tables=(
        pai_gow_table(
            "FU-1",
            "688a",
            dealing=DealingMethod.AUTOMATED_SHOE,
            card_change_interval_hours=Decimal(8),
            equipment=(Equipment.RNG, Equipment.PROGRESSIVE_SYSTEM),
            wagers=(TableWager(wager="ace_high", paytable="2"), TableWager(wager="fortune", paytable="1"),
                    TableWager(wager="progressive", paytable="4")),
            progressive_reset=Decimal(10000),
        ),
    ),
)  # fmt: skip

NONCOMPLIANT_688A = Filing(
    metadata=VIOLATIONS_METADATA,
    chapters={
        "688a": answers(
            "688a",
            # 688A-103, 688A-102; a paytable answered under a No: 688A-009 (warning)
            **(_688A_ANSWERS | {"ace_high_offered": False, "starting_position_rng": False}),
        )
    },
    tables=(
        pai_gow_table(
            "FU-1",
            "688a",
            dealing=DealingMethod.AUTOMATED_SHOE,
            card_change_interval_hours=Decimal(12),  # 688A-003
            # 688A-102 (688a has no flat button); no progressive system: 688A-105
            equipment=(Equipment.FLAT_BUTTON,),
            # Ace High paytable 6 does not exist: 688A-007
            wagers=(TableWager(wager="ace_high", paytable="6"), TableWager(wager="progressive", paytable="1")),
            progressive_reset=Decimal(2000),  # paytable 1 seeds at $10,000: 688A-105
            discard_rack_height_mm=None,  # 688A-106
        ),
    ),
)  # fmt: skip
