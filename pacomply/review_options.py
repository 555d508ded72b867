"""The options every reviewing command shares (``validate``, ``diff``): the configuration file, the waivers, the
discard-rack tolerance, the card thickness and the review date, settled into one ``ReviewPolicy``; and the report
formats of ``--format``. A value that cannot be used is refused with exit 2, naming the option or the file."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer

from pacomply.terminal import EXIT_INPUT, fail, note, print_problems, shown_path

if TYPE_CHECKING:
    from pacomply.reports.interface import ReportFormat
    from pacomply.review_service import ReviewPolicy
    from pacomply.submissions import InputError

WaiversOption = Annotated[
    Path | None,
    typer.Option("--waivers", metavar="FILE", help="Waiver file (TOML or YAML) of findings the Board waived."),
]
ConfigOption = Annotated[
    Path | None,
    typer.Option(
        "--config",
        metavar="FILE",
        help="Configuration file (default: pacomply.toml, or pyproject.toml with \\[tool.pacomply], here or in a "
        "parent folder up to the repository root or home).",
    ),
]
ReviewDateOption = Annotated[
    str | None,
    typer.Option(
        "--review-date",
        metavar="YYYY-MM-DD",
        help="The day of the review, YYYY-MM-DD: waivers lapse and a future Date Filed is judged against it "
        "(default: today in America/New_York, the Board's time zone).",
    ),
]


def review_date(text: str | None) -> date:
    """``--review-date``: an ISO date, or today in the Board's time zone when not given."""
    from pacomply.checker.registry import board_today

    if text is None:
        return board_today()
    try:
        return date.fromisoformat(text.strip())
    except ValueError:
        fail(f"--review-date '{text[:40]}' is not a date in the form YYYY-MM-DD (e.g. 2026-11-24)")


def report_formats(text: str) -> list[ReportFormat]:
    """``--format text,json``: each format once, in the order given."""
    from pacomply.reports.interface import ReportFormat

    formats = []
    for name in (part.strip().lower() for part in text.split(",")):
        try:
            formats.append(ReportFormat(name))
        except ValueError:
            fail(f"--format '{name}' is not one of {', '.join(f.value for f in ReportFormat)}")
    if not formats:
        fail("--format names no format")
    return list(dict.fromkeys(formats))


def _refuse(what: str, error: InputError) -> NoReturn:
    print_problems(f"{shown_path(what)} could not be read", error.problems)
    raise typer.Exit(EXIT_INPUT)


def load_policy(
    config: Path | None,
    waivers: Path | None,
    review_day: str | None,
    rack_tolerance: float | None = None,
    card_thickness: float | None = None,
) -> ReviewPolicy:
    """The configuration (``config`` or the one found from the working folder), its waivers or ``waivers``, and the
    settings, as one policy; a file that cannot be read is refused with every problem (exit 2)."""
    from decimal import Decimal

    from pacomply.checker.waivers import Waiver, read_waivers
    from pacomply.config import load_config
    from pacomply.review_service import ReviewPolicy, configured_settings
    from pacomply.submissions import InputError

    try:
        configured = load_config(config)
    except InputError as error:
        _refuse(f"{config or error.problems[0].location.file}: the configuration", error)
    note(f"configuration: {configured.source or 'none found'}", verbose_only=True)
    waiver_file = waivers or configured.waivers
    accepted: tuple[Waiver, ...] = ()
    if waiver_file is not None:
        try:
            accepted = read_waivers(waiver_file)
        except InputError as error:
            _refuse(f"{waiver_file}: the waiver file", error)
    if rack_tolerance is not None and not 0 <= rack_tolerance < 1:
        fail(f"--rack-tolerance {rack_tolerance} is not a fraction in [0, 1)")
    if card_thickness is not None and not 0 < card_thickness <= 2:
        fail(f"--card-thickness {card_thickness} is not between 0 and 2 mm")
    settings = configured_settings(
        configured,
        rack_tolerance=Decimal(str(rack_tolerance)) if rack_tolerance is not None else None,
        card_thickness_mm=Decimal(str(card_thickness)) if card_thickness is not None else None,
        review_date=review_date(review_day),
    )
    return ReviewPolicy(settings, configured, tuple(accepted))


def policy_inputs(policy: ReviewPolicy, waivers: Path | None) -> list[Path]:
    """The files a policy was read from (the waiver file, the configuration): never to be written over."""
    waiver_file = waivers or policy.config.waivers
    return [path for path in (waiver_file, policy.config.source) if path is not None]
