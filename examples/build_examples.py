"""Builds the example filings in this folder from code, so their content is reviewable and reproducible.

Run: python examples/build_examples.py  (rewrites the .xlsx and .json files beside it)
"""

from __future__ import annotations

import sys
from datetime import date
from decimal import Decimal
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pacomply.regulations import known_chapters
from pacomply.regulations.rulebook import DealingMethod, Equipment, Shuffler
from pacomply.submissions.model import Answer, ChapterSubmission, Filing, FilingMetadata, TableConfiguration, TableWager
from pacomply.submissions.readers.json import dumps_filing
from pacomply.submissions.template import write_template

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
        "discard_rack_height_mm": Decimal("40"),
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


def blackjack_table(table_id: str, **overrides: object) -> TableConfiguration:
    fields: dict[str, object] = {
        "table_id": table_id,
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
    }
    fields.update(overrides)
    return TableConfiguration(**fields)  # type: ignore[arg-type]


def down_under_table(table_id: str, **overrides: object) -> TableConfiguration:
    fields: dict[str, object] = {
        "table_id": table_id,
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
    }
    fields.update(overrides)
    return TableConfiguration(**fields)  # type: ignore[arg-type]


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
    metadata=METADATA.model_copy(update={"licensee": "Allegheny Riverfront Gaming"}),
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
    metadata=METADATA.model_copy(update={"licensee": "Allegheny Riverfront Gaming"}),
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


def _examples() -> dict[str, tuple[Filing, Filing]]:
    """Each chapter's two example filings, found by name: a chapter's compliant filing is ``COMPLIANT_NNNA`` and its
    filing with planted violations ``NONCOMPLIANT_NNNA``, so adding a chapter's examples is defining those two."""
    found = {}
    for name, value in globals().items():
        if name.startswith("COMPLIANT_") and isinstance(value, Filing):
            chapter = name.removeprefix("COMPLIANT_").lower()
            found[chapter] = (value, globals()[f"NONCOMPLIANT_{chapter.upper()}"])
    return dict(sorted(found.items()))


#: Each chapter's example filings: (compliant, violations). Every supported chapter needs both
#: (``tests/structure/test_chapter_completeness.py`` checks the files are here).
EXAMPLES = _examples()


def main() -> None:
    missing = [chapter for chapter in known_chapters() if chapter not in EXAMPLES]
    if missing:
        raise SystemExit(f"examples/build_examples.py builds no example filings for chapter {', '.join(missing)}")
    for chapter in known_chapters():
        for kind, filing in zip(("compliant", "violations"), EXAMPLES[chapter], strict=True):
            name = f"{chapter}-{kind}"
            write_template(HERE / f"{name}.xlsx", [chapter], filing)
            (HERE / f"{name}.json").write_text(
                dumps_filing(filing.model_copy(update={"source": f"{name}.json"})), encoding="utf-8"
            )
            print(f"wrote {name}.xlsx and {name}.json")


if __name__ == "__main__":
    main()
