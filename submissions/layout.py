"""The filing workbook contract (docs/filing-format.md) as data: sheet names, fields and columns.

The reader and the template writer both use these, so the two cannot drift apart.
"""

from __future__ import annotations

from dataclasses import dataclass

FILING_SHEET = "Filing"
TABLES_SHEET = "Tables"
CHAPTER_SHEET_HEADERS = ("Section", "Key", "Question", "Answer", "Notes")
FILING_SHEET_HEADERS = ("Field", "Value")


@dataclass(frozen=True, slots=True)
class Column:
    """A column of the Filing or Tables sheet: its header, the model field it fills, and whether it must be filled."""

    header: str
    field: str
    required: bool
    help: str


FILING_FIELDS = (
    Column("Licensee", "licensee", True, "name of the certificate holder"),
    Column("Date Filed", "date_filed", True, "a date, e.g. 2026-11-22"),
    Column("Reviewed By", "reviewed_by", True, "Table Games Manager or above who approved the submission"),
    Column("Card Thickness (mm)", "card_thickness_mm", False, "optional; default 0.30, used for discard-rack heights"),
)

TABLE_COLUMNS = (
    Column("Table ID", "table_id", True, "the licensee's id for the table"),
    Column("Chapter", "chapter", True, "chapter id of the game dealt there, e.g. 686a"),
    Column("Betting Positions", "betting_positions", True, "number of player positions on the layout"),
    Column("Decks", "decks", True, "decks in one batch (one side of a double shoe)"),
    Column("Batches", "batches", True, "1, or 2 when an automated shuffler alternates two batches"),
    Column("Shuffler", "shuffler", True, "none, automated or continuous"),
    Column("Dealing", "dealing", True, "shoe, double shoe, hand or automated shoe"),
    Column("Discard Rack Height (mm)", "discard_rack_height_mm", False, "measured height of the rack"),
    Column("Discard Rack Mark (mm)", "discard_rack_mark_mm", False, "height of the mark on a taller rack"),
    Column("Card Change Interval (h)", "card_change_interval_hours", True, "hours between deck changes"),
    Column("Equipment", "equipment", False, "semicolon list, e.g. card reader; progressive system"),
    Column("Wagers", "wagers", False, "semicolon list of optional wagers, Wager=Paytable where one applies"),
    Column("Payout Limit ($)", "payout_limit", False, "the table's payout limit, blank if none"),
    Column("Progressive Reset ($)", "progressive_reset", False, "progressive initial/reset amount, blank if none"),
)


def normalise_header(text: object) -> str:
    """Headers and sheet names match case- and whitespace-insensitively."""
    return " ".join(str(text or "").split()).lower()
