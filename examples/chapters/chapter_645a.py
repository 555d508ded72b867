"""Chapter 645a's (Pai Gow Poker) example filings: one compliant, one with violations planted, each commented with
the rule that catches it."""

from __future__ import annotations

from decimal import Decimal

from pacomply.regulations.rulebook import DealingMethod, Equipment, Shuffler
from pacomply.submissions.model import Filing, TableWager

from examples.build_examples import METADATA, VIOLATIONS_METADATA, answers
from examples.chapters.pai_gow import pai_gow_table

_645A_ANSWERS: dict[str, object] = {
    "starting_position_shaker": True,
    "starting_position_rng": False,
    "starting_position_flat_button": False,
    "automated_shuffler": True,
    "two_decks_alternating": True,
    "cards_preinspected": False,
    "automated_reshuffling_shoe": False,
    "mark_starting_position": True,
    "starting_position_object": "cover card",
    "abandoned_wagers_lose": True,
    "fortune_offered": True,
    "fortune_paytable": "A",
    "emperors_treasure_offered": False,
    "envy_qualifying_wager": Decimal(5),
    "insurance_offered": True,
    "insurance_paytable": "B",
    "progressive_offered": True,
    "progressive_reset": Decimal(2500),
    "adjacent_betting_areas": True,
    "manual_shoe": False,
    "dealt_from_hand": True,
    "automated_shoe": False,
    "house_way": "standard",
    "commission_rounding": True,
    "player_bank_offered": True,
    "co_banking_offered": True,
    "dealer_wager_against_bank": "the bank's last Pai Gow Poker Wager against the dealer",
    "payout_limit_established": True,
    "payout_limit": Decimal(50000),
    "minimum_wager": Decimal(5),
}

COMPLIANT_645A = Filing(
    metadata=METADATA,
    chapters={"645a": answers("645a", **_645A_ANSWERS)},
    tables=(
        pai_gow_table(
            "PG-1",
            "645a",
            equipment=(Equipment.SHAKER, Equipment.PROGRESSIVE_SYSTEM),
            wagers=(TableWager(wager="fortune", paytable="A"), TableWager(wager="insurance", paytable="B"),
                    TableWager(wager="progressive")),
            payout_limit=Decimal(50000),
            progressive_reset=Decimal(2500),
        ),
        pai_gow_table("PG-2", "645a", wagers=(TableWager(wager="fortune", paytable="A"),)),
    ),
)  # fmt: skip

# Each planted violation names the rule that catches it.
NONCOMPLIANT_645A = Filing(
    metadata=VIOLATIONS_METADATA,
    chapters={
        "645a": answers(
            "645a",
            **(
                _645A_ANSWERS
                | {
                    "emperors_treasure_offered": False,  # but PG-2 offers it: 645A-103
                    "envy_qualifying_wager": Decimal(1),  # 645A-107
                    "progressive_reset": Decimal(1000),  # 645A-106
                    "payout_limit": Decimal(25000),  # 645A-105
                    "house_way": "split two pair when it feels right",  # 645A-104
                    "fortune_paytable": "E",  # 645A-103
                    # two decks alternated with no automated shuffler: 645A-009 (and 645A-101, hand dealing;
                    # 645A-109, PG-1 uses one)
                    "automated_shuffler": False,
                }
            ),
        )
    },
    tables=(
        pai_gow_table("PG-1", "645a", betting_positions=7, card_change_interval_hours=Decimal(8)),  # 645A-001, -003
        pai_gow_table(
            "PG-2",
            "645a",
            shuffler=Shuffler.NONE,
            batches=1,  # dealt from the hand without an automated shuffler: 645A-101
            wagers=(TableWager(wager="emperors_treasure", paytable="A"), TableWager(wager="progressive")),
            equipment=(Equipment.SHAKER,),  # progressive without a progressive system: 645A-106
        ),
        # 645A-002 (two decks in one batch), 645A-101 (automated shoe not declared), 645A-102 (flat button)
        # 645A-108 (no discard rack recorded)
        pai_gow_table("PG-3", "645a", decks=2, dealing=DealingMethod.AUTOMATED_SHOE, batches=1,
                      card_change_interval_hours=Decimal(8), equipment=(Equipment.FLAT_BUTTON,),
                      shuffler=Shuffler.NONE, discard_rack_height_mm=None),
    ),
)  # fmt: skip
