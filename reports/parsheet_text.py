"""A par sheet as text (``pacomply parsheet``): the JSON's facts arranged for reading (docs/parsheet.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pacomply.checker.parsheet import ParSheet
    from pacomply.regulations.rulebook import Paytable


#: How a figure that is not computed for a wager reads where a cell must hold something: blank (a text or PDF par
#: sheet leaves its row out).
NOT_COMPUTED = ""

#: The ParSheet fields the rows below name; any other field (added later) is listed generically after them.
SHOWN_FIELDS = frozenset({
    "chapter", "wager", "paytable", "decks", "method", "citation", "house_edge", "element_of_risk", "total_wagered",
    "hit_frequency", "std_dev", "std_dev_basis", "lines", "space", "rounds", "seed", "standard_error", "ci95",
    "strategy", "grid", "progressive", "notes",
})  # fmt: skip

#: How a further field reads, where its name in words is not enough.
FIELD_LABELS = {
    "std_dev_per_unit_wagered": "standard deviation per unit wagered",
    "hit_frequency_basis": "hit frequency counts",
    "spread_method": "hit frequency and standard deviation by",
    "spread_basis": "basis of hit frequency and standard deviation",
    "spread_rounds": "rounds simulated for them",
    "spread_seed": "seed of that simulation",
    "spread_strategy": "play they are computed under",
    "std_dev_standard_error": "standard error of the standard deviation",
    "hit_frequency_standard_error": "standard error of the hit frequency",
    "spread_mean_standard_error": "standard error of that simulation's mean",
    "spread_house_edge": "house edge that simulation measured",
}
#: Further fields that are fractions shown as percentages, and those that are seeds or counts of rounds.
PERCENT_FIELDS = frozenset({"hit_frequency_standard_error", "spread_mean_standard_error", "spread_house_edge"})
SEED_FIELDS = frozenset({"spread_seed"})
ROUNDS_FIELDS = frozenset({"spread_rounds"})


def _percent(value: float | None) -> str:
    from pacomply.reports import wording

    return "" if value is None else f"{wording.significant(value * 100)} %"


def _generic(name: str, value: object) -> str | None:
    """A further field's value as text: numbers to their significant digits; None (no row) for a figure not
    computed or a structure this generic listing cannot show."""
    from fractions import Fraction

    from pacomply.reports import wording

    if value is None:
        return None
    if isinstance(value, bool):
        return "yes" if value else "no"
    if name in SEED_FIELDS and isinstance(value, int | float):
        return wording.seed(value)
    if name in ROUNDS_FIELDS and isinstance(value, int | float):
        return wording.rounds(value)
    if name in PERCENT_FIELDS and isinstance(value, int | float | Fraction):
        return _percent(float(value))
    if isinstance(value, int):
        return wording.count(value)
    if isinstance(value, float | Fraction):
        return wording.significant(value)
    if isinstance(value, str):
        return plural_fixed(value)
    if isinstance(value, tuple) and all(isinstance(item, int | float | Fraction) for item in value):
        return " to ".join(wording.significant(item) for item in value)
    return None


def plural_fixed(text: str) -> str:
    """A computed description with its counts agreeing with their nouns ('1 decks' → '1 deck')."""
    from pacomply.reports import wording

    return wording.plain(text)


def further_rows(sheet: ParSheet) -> list[tuple[str, str]]:
    """(label, value) of every ParSheet field the named rows do not show, in the dataclass's order, leaving out
    those not computed: a figure added to the par sheet prints without a change here."""
    import dataclasses

    rows = []
    for field in dataclasses.fields(sheet):
        if field.name in SHOWN_FIELDS:
            continue
        text = _generic(field.name, getattr(sheet, field.name))
        if text is not None:
            rows.append((_label(FIELD_LABELS.get(field.name, field.name.replace("_", " "))), text))
    return rows


def _label(words: str) -> str:
    """A figure's label as the PDF, workbook and text par sheets print it: its first letter a capital."""
    return words[:1].upper() + words[1:]


def summary_rows(sheet: ParSheet) -> list[tuple[str, str]]:
    """(label, value) rows of the figures under the lines, leaving out any not computed: shared by the text, PDF
    and workbook renderers."""
    from pacomply.reports import wording

    rows = [
        ("house edge (per initial wager)", _percent(sheet.house_edge)),
        ("element of risk (per unit wagered)", _percent(sheet.element_of_risk)),
        ("return per initial wager (1 − house edge)", _percent(sheet.return_per_initial_wager)),
        ("return per unit wagered (1 − element of risk)", _percent(sheet.return_per_unit_wagered)),
        ("average wagered per initial wager", wording.significant(sheet.total_wagered)),
        ("hit frequency", _percent(sheet.hit_frequency)),
        (
            "standard deviation",
            "" if sheet.std_dev is None else f"{wording.significant(sheet.std_dev)} ({sheet.std_dev_basis})",
        ),
        ("method", sheet.method),
    ]
    if sheet.rounds is not None:
        rows.append(("rounds simulated", wording.rounds(sheet.rounds)))
    if sheet.seed is not None:
        rows.append(("seed", wording.seed(sheet.seed)))
    if sheet.standard_error is not None:
        rows.append(("standard error of the house edge", _percent(sheet.standard_error)))
    if sheet.ci95 is not None:
        rows.append(("95 % interval of the house edge", f"{_percent(sheet.ci95[0])} to {_percent(sheet.ci95[1])}"))
    if sheet.progressive is not None:
        facts = sheet.progressive
        rows.append(("meter-resetting hand, probability", wording.significant(facts.reset_probability)))
        rows.append(("cycle (rounds per meter-resetting hand)", wording.count(facts.cycle_rounds)))
        rows.append(("meter seed (wagers)", wording.significant(facts.seed)))
        if facts.break_even_meter is not None:
            rows.append(("break-even meter (wagers)", wording.significant(facts.break_even_meter)))
    rows.extend(further_rows(sheet))
    return [(_label(label), value) for label, value in rows if value]


def pays_text(pays: str) -> str:
    """What a line pays, as the chapters write odds: '5/2 to 1' → '5 to 2'; other words unchanged."""
    from fractions import Fraction

    from pacomply.reports import wording

    for prefix in ("wins ", ""):
        if pays.startswith(prefix) and pays.endswith(" to 1"):
            amount = pays[len(prefix) : -len(" to 1")]
            try:
                return prefix + wording.odds(Fraction(amount))
            except ValueError:
                return pays
    return pays


def _paytable_of(sheet: ParSheet) -> Paytable | None:
    from pacomply import regulations

    try:
        book = regulations.rulebook(sheet.chapter)
        if sheet.paytable is not None:
            return book.paytable(sheet.wager, sheet.paytable)
        paytables = book.paytables_for(sheet.wager)
    except (KeyError, regulations.UnknownChapterError):
        return None
    return paytables[0] if len(paytables) == 1 else None


def outcome_name(sheet: ParSheet, outcome: str, pays: str) -> str:
    """A line's outcome as the paytable names it: 'wins 2000 to 1' → 'royal flush' where the paytable's rows of that
    name pay 2000 to 1, 'four_of_a_kind' → 'four of a kind'; the line's own words otherwise."""
    from fractions import Fraction

    from pacomply.regulations.rulebook import PayoutKind
    from pacomply.reports import wording

    if "_" in outcome:
        return wording.identifier_words(outcome)
    paytable = _paytable_of(sheet)
    if not outcome.startswith("wins ") or paytable is None:
        return pays_text(outcome)
    try:
        net = Fraction(pays.removesuffix(" to 1"))
    except ValueError:
        return pays_text(outcome)
    named = [row.outcome for row in paytable.rows if row.kind == PayoutKind.ODDS and row.amount == net]
    if named:
        return " or ".join(named)
    # A meter's award priced at a fixed size (its seed) pays a figure the paytable does not print: the one row
    # that pays from the meter or a fixed amount is the hand.
    variable = [row for row in paytable.rows if row.kind in (PayoutKind.METER_PERCENT, PayoutKind.FIXED_AMOUNT)]
    if len(variable) == 1:
        return f"{variable[0].outcome} ({variable[0].payout_text()})"
    return pays_text(outcome)


def line_rows(sheet: ParSheet) -> list[tuple[str, str, str, str, str]]:
    """(outcome, pays, combinations, probability, contribution) rows."""
    from pacomply.reports import wording

    return [
        (
            outcome_name(sheet, line.outcome, line.pays),
            pays_text(line.pays),
            "" if line.combinations is None else wording.count(line.combinations),
            wording.significant(line.probability),
            wording.significant(line.contribution),
        )
        for line in sheet.lines
    ]


LINE_COLUMNS = ("Outcome", "Pays", "Combinations", "Probability", "Contribution")


def title(sheet: ParSheet) -> str:
    """'Par sheet: 688a Ace High Wager, paytable 1, 1 deck'."""
    from pacomply.reports import wording

    return f"Par sheet: {sheet.chapter} {wording.wager_title(sheet.chapter, sheet.wager, sheet.paytable, sheet.decks)}"


def par_sheet_text(sheet: ParSheet) -> str:
    """The text par sheet."""
    lines = [title(sheet), f"  {sheet.citation}", ""]
    if sheet.lines:
        table = [LINE_COLUMNS, *line_rows(sheet)]
        widths = [max(len(row[index]) for row in table) for index in range(len(LINE_COLUMNS))]
        for row in table:
            lines.append("  " + "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip())
        if sheet.space is not None:
            lines.append(f"  Combinations counted over {sheet.space:,} equally likely deals")
        lines.append("")
    width = max(len(label) for label, _ in summary_rows(sheet))
    lines.extend(f"  {label.ljust(width)}  {value}" for label, value in summary_rows(sheet))
    if sheet.strategy:
        lines.append("")
        lines.append("  Strategy")
        lines.extend(f"    {situation}: {plural_fixed(decision)}" for situation, decision in sheet.strategy)
    if sheet.grid is not None:
        # The grid once, its codes right under their columns; what the codes and columns mean said once above it.
        lines.append("")
        lines.append(f"  Strategy grid: {sheet.grid.legend}")
        lines.extend(f"    {line}" for line in sheet.grid.text_lines())
    for note in sheet.notes:
        lines.append(f"  Note: {plural_fixed(note)}")
    return "\n".join(lines) + "\n"
