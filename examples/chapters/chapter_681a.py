"""Chapter 681a's (21 Baccarat) example filings: one compliant, one with violations planted, each commented with the
rule that catches it."""

from __future__ import annotations

from decimal import Decimal

from pacomply.regulations.rulebook import DealingMethod, Shuffler
from pacomply.submissions.model import Filing, TableConfiguration, TableWager

from examples.build_examples import METADATA, VIOLATIONS_METADATA, answers, table


def baccarat_table(table_id: str, **overrides: object) -> TableConfiguration:
    return table(
        table_id,
        {
            "chapter": "681a",
            "betting_positions": 7,
            "decks": 8,
            "batches": 2,
            "shuffler": Shuffler.AUTOMATED,
            "dealing": DealingMethod.SHOE,
            "discard_rack_height_mm": Decimal("130"),
            "card_change_interval_hours": Decimal(24),
            "wagers": (
                TableWager(wager="tie"),
                TableWager(wager="bonus_player", paytable="D"),
                TableWager(wager="bonus_banker", paytable="D"),
            ),
        },
        overrides,
    )


COMPLIANT_681A = Filing(
    metadata=METADATA,
    chapters={
        "681a": answers(
            "681a",
            decks_per_batch=8,
            automated_shuffler=True,
            continuous_shuffler=False,
            cards_preinspected=False,
            shuffler_loads_shoe=False,
            reshuffling_counting_shoe=False,
            payout_odds_on_layout=True,
            tie_offered=True,
            bonus_player_offered=True,
            bonus_banker_offered=True,
            bonus_paytable="D",
        )
    },
    tables=(baccarat_table("TB-1"), baccarat_table("TB-2", betting_positions=8)),
)

# Each planted violation names the rule that catches it.
NONCOMPLIANT_681A = Filing(
    metadata=VIOLATIONS_METADATA,
    chapters={
        "681a": answers(
            "681a",
            decks_per_batch=8,
            automated_shuffler=False,  # but TB-1 uses one: 681A-102
            continuous_shuffler=False,
            cards_preinspected=False,
            shuffler_loads_shoe=None,
            reshuffling_counting_shoe=False,
            payout_odds_on_layout=None,  # unanswered: 681A-006
            tie_offered=False,  # but TB-1 offers the Tie: 681A-103
            bonus_player_offered=True,
            bonus_banker_offered=False,
            bonus_paytable="A",  # a four-deck paytable with eight decks: 681A-104
        )
    },
    tables=(
        # 681A-001; the Tie stated at 8 to 1 where § 681a.8(b) fixes 10 to 1: 681A-007
        baccarat_table(
            "TB-1",
            betting_positions=9,
            wagers=(
                TableWager(wager="tie", paytable="8 to 1"),
                TableWager(wager="bonus_player", paytable="D"),
                TableWager(wager="bonus_banker", paytable="D"),
            ),
        ),
        baccarat_table(
            "TB-2",
            decks=6,
            batches=1,
            shuffler=Shuffler.NONE,
            card_change_interval_hours=Decimal(30),
            wagers=(TableWager(wager="bonus_player", paytable="B"),),
        ),  # 681A-002 (six decks), 681A-003 (30 h), 681A-007 (paytable B needs four decks)
        baccarat_table(
            "TB-3",
            batches=1,
            shuffler=Shuffler.NONE,
            dealing=DealingMethod.HAND,
            discard_rack_height_mm=None,
            wagers=(TableWager(wager="bonus_player", paytable="C"),),
        ),  # 681A-005 (dealt by hand), 681A-101 (no rack), 681A-007 (paytable C with eight decks)
    ),
)
