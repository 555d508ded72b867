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
    seats = details["seats"]
    lines = [
        f"{chapter}: {details['table_rounds']} rounds{f' of {seats} seats' if seats > 1 else ''} "
        f"({details['chunks']} chunks of {details['chunk_rounds']}, seed {details['seed']}), "
        f"{details['shoes']} shoes; {details['shoe']}"
    ]
    if filed is not None:
        stated = "; ".join(describe_filed(entry) for _, entry in sorted(filed.items()))
        lines.append(f"filed meters ({details['filing']}): " + (stated or "none stated; the chapter's reset and rate"))
    for record in records:
        low_bound, high_bound = record.ci95 or (float("nan"), float("nan"))
        lines.append(
            f"{record.chapter} {record.wager:<12} paytable {record.paytable or '-':<10} decks {record.decks}: "
            f"house edge {record.house_edge * 100:.4f}% (95% {low_bound * 100:.4f}% to {high_bound * 100:.4f}%)  "
            f"element of risk {record.element_of_risk * 100:.4f}%  return {record.return_ * 100:.4f}%  "
            f"hit {100 * (record.hit_frequency or 0):.2f}%  (simulation, {record.citation})"
        )
        if record.reading:
            lines.append(f"    reading {record.reading}")
        if record.wager in meters:
            lines.append(f"    {describe_meter(meters[record.wager])}")
    return "".join(f"{line}\n" for line in lines)


def describe_filed(entry: FiledMeter) -> str:
    """'bad_beat reset $7500 (633a!C41), rate 12% (633a!C40)'."""
    parts = []
    if entry.reset is not None:
        parts.append(f"reset ${entry.reset} ({entry.reset_from})")
    if entry.rate is not None:
        parts.append(f"rate {float(entry.rate) * 100:g}% ({entry.rate_from})")
    return f"{entry.wager} " + ", ".join(parts)


def describe_meter(summary: MeterSummary) -> str:
    """One line on a simulated meter and the exact figures it is checked against."""
    long_run = f", long run {summary.house_edge_long_run * 100:.4f}%" if summary.house_edge_long_run is not None else ""
    return (
        f"meter (paytable {summary.paytable}): reset ${summary.reset}, rate {float(summary.rate) * 100:g}% of a "
        f"${summary.wager_amount} wager; per wager ${summary.contributed_per_wager:.4f} contributed, "
        f"${summary.paid_from_meter_per_wager:.4f} paid from the meter, ${summary.reseeded_per_wager:.4f} re-seeded, "
        f"${summary.left_on_meter_per_wager:.4f} left on the meter (counted as the players'); "
        f"{summary.meter_hits} meter awards; exact house edge at the reset {summary.house_edge_at_reset * 100:.4f}%"
        f"{long_run}"
    )
