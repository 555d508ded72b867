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


def baccarat_table(table_id: str, **overrides: object) -> TableConfiguration:
    fields: dict[str, object] = {
        "table_id": table_id,
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
    }
    fields.update(overrides)
    return TableConfiguration(**fields)  # type: ignore[arg-type]


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
    metadata=METADATA.model_copy(update={"licensee": "Allegheny Riverfront Gaming"}),
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
        baccarat_table("TB-1", betting_positions=9),  # 681A-001
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


def dj_wild_table(table_id: str, **overrides: object) -> TableConfiguration:
    fields: dict[str, object] = {
        "table_id": table_id,
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
    }
    fields.update(overrides)
    return TableConfiguration(**fields)  # type: ignore[arg-type]


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
    metadata=METADATA.model_copy(update={"licensee": "Allegheny Riverfront Gaming"}),
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
            max_adjacent_boxes=1,
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


def main() -> None:
    filings = (
        ("686a-compliant", "686a", COMPLIANT_686A),
        ("686a-violations", "686a", NONCOMPLIANT_686A),
        ("681a-compliant", "681a", COMPLIANT_681A),
        ("681a-violations", "681a", NONCOMPLIANT_681A),
        ("687a-compliant", "687a", COMPLIANT_687A),
        ("687a-violations", "687a", NONCOMPLIANT_687A),
    )
    for name, chapter, filing in filings:
        write_template(HERE / f"{name}.xlsx", [chapter], filing)
        (HERE / f"{name}.json").write_text(
            dumps_filing(filing.model_copy(update={"source": f"{name}.json"})), encoding="utf-8"
        )
        print(f"wrote {name}.xlsx and {name}.json")


if __name__ == "__main__":
    main()
