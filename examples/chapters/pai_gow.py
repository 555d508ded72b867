"""The table both Pai Gow Poker chapters' examples start from (645a and 688a)."""

from __future__ import annotations

from decimal import Decimal

from pacomply.regulations.rulebook import DealingMethod, Equipment, Shuffler
from pacomply.submissions.model import TableConfiguration

from examples.build_examples import table


def pai_gow_table(table_id: str, chapter: str, **overrides: object) -> TableConfiguration:
    return table(
        table_id,
        {
            "chapter": chapter,
            "betting_positions": 6,
            "decks": 1,
            "batches": 2,
            "shuffler": Shuffler.AUTOMATED,
            "dealing": DealingMethod.HAND,
            "card_change_interval_hours": Decimal(4),
            "discard_rack_height_mm": Decimal("40"),
            "equipment": (Equipment.SHAKER,),
        },
        overrides,
    )
