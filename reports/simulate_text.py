"""``pacomply simulate`` as text: the run (rounds, chunks, seed, shoes, the shoe), the filed meters, then one line
per simulated wager with its house edge and 95 % interval, the reading it follows and what its meter did."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pacomply.checker.wager_math import WagerMath
    from pacomply.checker.wager_math.simulated import FiledMeter, MeterSummary


def simulate_text(
    chapter: str,
    records: Sequence[WagerMath],
    meters: Mapping[str, MeterSummary],
    details: Mapping[str, Any],
    filed: Mapping[str, FiledMeter] | None,
) -> str:
    """The report; ``details`` is the run as the JSON's ``simulation`` states it; ``filed`` the meters read from
    ``details['filing']`` (None without --filing)."""
    from pacomply.reports import wording

    seats = details["seats"]
    chunk = min(details["chunk_rounds"], details["table_rounds"])
    chunks = (
        f"one chunk, seed {wording.seed(details['seed'])}"
        if details["chunks"] == 1
        else f"{wording.counted(details['chunks'], 'chunk')} of at most {wording.rounds(chunk)}, "
        f"seed {wording.seed(details['seed'])}"
    )
    lines = [
        f"{chapter}: {wording.rounds(details['table_rounds'])}{f' of {seats} seats' if seats > 1 else ''} "
        f"({chunks}), {wording.counted(details['shoes'], 'shoe')}; {wording.plain(details['shoe'])}"
    ]
    if filed is not None:
        stated = "; ".join(describe_filed(entry, chapter) for _, entry in sorted(filed.items()))
        lines.append(f"filed meters ({details['filing']}): " + (stated or "none stated; the chapter's reset and rate"))
    readings: dict[str, int] = {}  # printed once each, numbered, after the wagers (as edge prints them)
    for record in records:
        interval = (
            f" (95 % {wording.percent(record.ci95[0])} to {wording.percent(record.ci95[1])})"
            if record.ci95 is not None
            else ""
        )
        hit = f"  hit {wording.percent(record.hit_frequency, 2)}" if record.hit_frequency is not None else ""
        lines.append(
            f"{wording.wager_title(record.chapter, record.wager, record.paytable, record.decks)}: "
            f"house edge {wording.percent(record.house_edge)}{interval}  "
            f"element of risk {wording.percent(record.element_of_risk)}  return {wording.percent(record.return_)}"
            f"{hit}  (simulation, {record.citation})"
        )
        if record.wager in meters:
            lines.append(f"    {describe_meter(meters[record.wager])}")
        if record.reading:
            lines.append(f"    {wording.numbered_readings(record.reading, readings)}")
    lines.extend(wording.reading_list(readings))
    return "".join(f"{line}\n" for line in lines)


def describe_filed(entry: FiledMeter, chapter: str) -> str:
    """'Bad Beat Progressive Wager reset $7,500 (633a!C41), rate 12% (633a!C40)'."""
    from pacomply.reports import wording

    parts = []
    if entry.reset is not None:
        parts.append(f"reset {wording.money(entry.reset)} ({entry.reset_from})")
    if entry.rate is not None:
        parts.append(f"rate {float(entry.rate) * 100:g} % ({entry.rate_from})")
    return f"{wording.wager_name(chapter, entry.wager)} " + ", ".join(parts)


def describe_meter(summary: MeterSummary) -> str:
    """One line on a simulated meter and the exact figures it is checked against."""
    from pacomply.reports import wording

    long_run = (
        f", long run {wording.percent(summary.house_edge_long_run)}" if summary.house_edge_long_run is not None else ""
    )
    return (
        f"meter (paytable {summary.paytable}): reset {wording.money(summary.reset)}, rate "
        f"{float(summary.rate) * 100:g} % of a {wording.money(summary.wager_amount)} wager; per wager "
        f"${summary.contributed_per_wager:.4f} contributed, ${summary.paid_from_meter_per_wager:.4f} paid from the "
        f"meter, ${summary.reseeded_per_wager:.4f} re-seeded, ${summary.left_on_meter_per_wager:.4f} left on the meter "
        f"(counted as the players'); {wording.counted(summary.meter_hits, 'meter award')}; exact house edge at the "
        f"reset {wording.percent(summary.house_edge_at_reset)}{long_run}"
    )
