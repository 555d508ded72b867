"""Builds the example filings in this folder from code, so their content is reviewable and reproducible.

Run: python examples/build_examples.py  (rewrites the .xlsx and .json files beside it)
"""

from __future__ import annotations

import sys
from datetime import date
from decimal import Decimal
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from regulations.rulebook import DealingMethod, Equipment, Shuffler
from submissions.model import Answer, ChapterSubmission, Filing, FilingMetadata, TableConfiguration, TableWager
from submissions.readers.json import dumps_filing
from submissions.template import write_template

HERE = Path(__file__).resolve().parent


def answers(chapter: str, **values: object) -> ChapterSubmission:
    return ChapterSubmission(
        chapter=chapter,
        answers={
            key: Answer(
                key=key,
                text="" if value is None else ("Yes" if value is True else "No" if value is False else str(value)),
                value=value,
            )
            for key, value in values.items()
        },
    )


def over_under_table(table_id: str, **overrides: object) -> TableConfiguration:
    fields: dict[str, object] = {
        "table_id": table_id,
        "chapter": "686a",
        "betting_positions": 6,
        "decks": 6,
        "batches": 2,
        "shuffler": Shuffler.AUTOMATED,
        "dealing": DealingMethod.SHOE,
        "discard_rack_height_mm": Decimal("93.6"),
        "card_change_interval_hours": Decimal(24),
        "wagers": (TableWager(wager="bonus"),),
    }
    fields.update(overrides)
    return TableConfiguration(**fields)  # type: ignore[arg-type]


METADATA = FilingMetadata(
    licensee="Keystone Downs Casino",
    date_filed=date(2026, 11, 2),
    reviewed_by="Dana Whitfield, Director of Table Games",
)

COMPLIANT_686A = Filing(
    metadata=METADATA,
    chapters={
        "686a": answers(
            "686a",
            discard_rack_equal_height=True,
            discard_rack_taller_with_mark=False,
            automated_shuffler=True,
            continuous_shuffler=False,
            cards_preinspected=False,
            verbal_wagers=True,
            bonus_offered=True,
            adjacent_boxes_allowed=True,
            max_adjacent_boxes=2,
        )
    },
    tables=(over_under_table("OU-1"), over_under_table("OU-2", betting_positions=5)),
)

# Each planted violation is listed in the README with the rule that catches it.
NONCOMPLIANT_686A = Filing(
    metadata=METADATA.model_copy(update={"licensee": "Allegheny Riverfront Gaming"}),
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
            max_adjacent_boxes=None,  # allowed but not numbered: 686A-006, 686A-104
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


def pai_gow_table(table_id: str, chapter: str, **overrides: object) -> TableConfiguration:
    fields: dict[str, object] = {
        "table_id": table_id,
        "chapter": chapter,
        "betting_positions": 6,
        "decks": 1,
        "batches": 2,
        "shuffler": Shuffler.AUTOMATED,
        "dealing": DealingMethod.HAND,
        "card_change_interval_hours": Decimal(4),
        "equipment": (Equipment.SHAKER,),
    }
    fields.update(overrides)
    return TableConfiguration(**fields)  # type: ignore[arg-type]


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
    metadata=METADATA.model_copy(update={"licensee": "Allegheny Riverfront Gaming"}),
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
        pai_gow_table("PG-3", "645a", decks=2, dealing=DealingMethod.AUTOMATED_SHOE, batches=1,
                      card_change_interval_hours=Decimal(8), equipment=(Equipment.FLAT_BUTTON,),
                      shuffler=Shuffler.NONE),
    ),
)  # fmt: skip

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
    metadata=METADATA.model_copy(update={"licensee": "Allegheny Riverfront Gaming"}),
    chapters={
        "688a": answers(
            "688a",
            **(_688A_ANSWERS | {"ace_high_offered": False, "starting_position_rng": False}),  # 688A-103, 688A-102
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
        ),
    ),
)  # fmt: skip


def main() -> None:
    for name, filing in (
        ("686a-compliant", COMPLIANT_686A),
        ("686a-violations", NONCOMPLIANT_686A),
        ("645a-compliant", COMPLIANT_645A),
        ("645a-violations", NONCOMPLIANT_645A),
        ("688a-compliant", COMPLIANT_688A),
        ("688a-violations", NONCOMPLIANT_688A),
    ):
        write_template(HERE / f"{name}.xlsx", [name[:4]], filing)
        (HERE / f"{name}.json").write_text(
            dumps_filing(filing.model_copy(update={"source": f"{name}.json"})), encoding="utf-8"
        )
        print(f"wrote {name}.xlsx and {name}.json")


if __name__ == "__main__":
    main()
