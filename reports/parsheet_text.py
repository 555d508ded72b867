"""A par sheet as text (``pacomply parsheet``): the JSON's facts arranged for reading (docs/parsheet.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pacomply.checker.parsheet import ParSheet


#: How a figure that is not computed for a wager reads (a field left None).
NOT_COMPUTED = "not computed"

#: The ParSheet fields the rows below name; any other field (added later) is listed generically after them.
SHOWN_FIELDS = frozenset({
    "chapter", "wager", "paytable", "decks", "method", "citation", "house_edge", "element_of_risk", "total_wagered",
    "hit_frequency", "std_dev", "std_dev_basis", "lines", "space", "rounds", "seed", "standard_error", "ci95",
    "strategy", "grid", "progressive", "notes",
})  # fmt: skip


def _percent(value: float | None) -> str:
    from pacomply.checker.parsheet import significant

    return NOT_COMPUTED if value is None else f"{significant(value * 100)} %"


def _generic(value: object) -> str | None:
    """A further field's value as text: numbers to their significant digits, None 'not computed'; None (no row)
    for a structure this generic listing cannot show."""
    from fractions import Fraction

    from pacomply.checker.parsheet import significant

    if value is None:
        return NOT_COMPUTED
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, float | Fraction):
        return significant(value)
    if isinstance(value, str):
        return value
    if isinstance(value, tuple) and all(isinstance(item, int | float | Fraction) for item in value):
        return " to ".join(significant(item) for item in value)
    return None


def further_rows(sheet: ParSheet) -> list[tuple[str, str]]:
    """(label, value) of every ParSheet field the named rows do not show, in the dataclass's order: a figure added
    to the par sheet prints without a change here."""
    import dataclasses

    rows = []
    for field in dataclasses.fields(sheet):
        if field.name in SHOWN_FIELDS:
            continue
        text = _generic(getattr(sheet, field.name))
        if text is not None:
            rows.append((field.name.replace("_", " "), text))
    return rows


def summary_rows(sheet: ParSheet) -> list[tuple[str, str]]:
    """(label, value) rows of the figures under the lines: shared by the text, PDF and workbook renderers."""
    from pacomply.checker.parsheet import significant

    rows = [
        ("house edge (per initial wager)", _percent(sheet.house_edge)),
        ("element of risk (per unit wagered)", _percent(sheet.element_of_risk)),
        ("return per initial wager (1 − house edge)", _percent(sheet.return_per_initial_wager)),
        ("return per unit wagered (1 − element of risk)", _percent(sheet.return_per_unit_wagered)),
        ("average wagered per initial wager", significant(sheet.total_wagered)),
        ("hit frequency", _percent(sheet.hit_frequency)),
        (
            "standard deviation",
            NOT_COMPUTED if sheet.std_dev is None else f"{significant(sheet.std_dev)} ({sheet.std_dev_basis})",
        ),
        ("method", sheet.method),
    ]
    if sheet.rounds is not None:
        rows.append(("rounds simulated", f"{sheet.rounds:,}"))
    if sheet.seed is not None:
        rows.append(("seed", str(sheet.seed)))
    if sheet.standard_error is not None:
        rows.append(("standard error of the house edge", _percent(sheet.standard_error)))
    if sheet.ci95 is not None:
        rows.append(("95 % interval of the house edge", f"{_percent(sheet.ci95[0])} to {_percent(sheet.ci95[1])}"))
    if sheet.progressive is not None:
        facts = sheet.progressive
        rows.append(("meter-resetting hand, probability", significant(facts.reset_probability)))
        rows.append(("cycle (rounds per meter-resetting hand)", f"{facts.cycle_rounds:,.0f}"))
        rows.append(("meter seed (wagers)", significant(facts.seed)))
        rows.append(
            (
                "break-even meter (wagers)",
                "-" if facts.break_even_meter is None else significant(facts.break_even_meter),
            )
        )
    rows.extend(further_rows(sheet))
    return rows


def line_rows(sheet: ParSheet) -> list[tuple[str, str, str, str, str]]:
    """(outcome, pays, combinations, probability, contribution) rows."""
    from pacomply.checker.parsheet import significant

    return [
        (
            line.outcome,
            line.pays,
            "-" if line.combinations is None else f"{line.combinations:,}",
            significant(line.probability),
            significant(line.contribution),
        )
        for line in sheet.lines
    ]


LINE_COLUMNS = ("outcome", "pays", "combinations", "probability", "contribution")


def title(sheet: ParSheet) -> str:
    """'688a ace_high paytable 1, 1 deck'."""
    paytable = f" paytable {sheet.paytable}," if sheet.paytable else ""
    return f"Par sheet: {sheet.chapter} {sheet.wager}{paytable} {sheet.decks} deck{'s' * (sheet.decks != 1)}"


def par_sheet_text(sheet: ParSheet) -> str:
    """The text par sheet."""
    lines = [title(sheet), f"  {sheet.citation}", ""]
    if sheet.lines:
        table = [LINE_COLUMNS, *line_rows(sheet)]
        widths = [max(len(row[index]) for row in table) for index in range(len(LINE_COLUMNS))]
        for row in table:
            lines.append("  " + "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip())
        if sheet.space is not None:
            lines.append(f"  combinations counted over {sheet.space:,} equally likely deals")
        lines.append("")
    width = max(len(label) for label, _ in summary_rows(sheet))
    lines.extend(f"  {label.ljust(width)}  {value}" for label, value in summary_rows(sheet))
    if sheet.strategy:
        lines.append("")
        lines.append("  strategy")
        lines.extend(f"    {situation}: {decision}" for situation, decision in sheet.strategy)
    if sheet.grid is not None:
        lines.append("")
        lines.append(f"  strategy grid ({sheet.grid.legend})")
        hand_width = max(len(hand) for hand, _ in sheet.grid.rows)
        column_width = max(len(column) for column in sheet.grid.columns)
        lines.append("    " + " " * hand_width + " " + " ".join(c.rjust(column_width) for c in sheet.grid.columns))
        for hand, cells in sheet.grid.rows:
            lines.append("    " + hand.ljust(hand_width) + " " + " ".join(c.rjust(column_width) for c in cells))
    for note in sheet.notes:
        lines.append(f"  note: {note}")
    return "\n".join(lines) + "\n"
