"""The command line's closed choices, as enums: typer lists their values in ``--help``, refuses any other value
with exit 2 naming the ones allowed, and offers them to shell completion.

The chapters are read from the registered rulebooks each time the command line is built (:func:`chapter_ids`, and
``Chapter`` below), so a chapter registered once is a choice of every command.
"""

from __future__ import annotations

import functools
from enum import StrEnum
from typing import Any

# The blackjack player's strategy for ``edge --strategy``: the analyzer's own enum (one Strategy), re-exported.
from pacomply.engine.analysis.blackjack_strategy import Strategy as Strategy


def chapter_ids() -> tuple[str, ...]:
    """Every chapter pacomply has a rulebook for: the one place the command line asks which chapters exist."""
    from pacomply.regulations import known_chapters

    return known_chapters()


@functools.cache
def _chapter_choice(chapters: tuple[str, ...]) -> type[StrEnum]:
    return StrEnum("Chapter", {chapter: chapter for chapter in chapters})  # type: ignore[return-value]


def __getattr__(name: str) -> Any:
    """``choices.Chapter``: a chapter id (686a) as a choice, built from the chapters registered *now*.

    The commands annotate their chapter parameters ``choices.Chapter`` and typer reads the annotations each time it
    builds the command line (every run), so a chapter registered after this module was imported (a test's) is a
    choice of every command; the same set of chapters gives the same enum.
    """
    if name == "Chapter":
        return _chapter_choice(chapter_ids())
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class TextOrJson(StrEnum):
    """A command's output: text for a person, JSON for a program."""

    TEXT = "text"
    """Lines for a person at a terminal."""
    JSON = "json"
    """One JSON document."""


#: The help of every ``--format`` that takes text or json.
TEXT_OR_JSON_HELP = "text for a person, or json for a program."
#: The help of ``parsheet --format``.
PAR_SHEET_FORMAT_HELP = "text or json to standard output; pdf or xlsx to the file --output names."


def jobs_help(default: str) -> str:
    """The help of every ``--jobs``: the same meaning everywhere (worker processes; 1 works in this process), each
    command saying its default."""
    return f"Worker processes that share the work (1 = in this process; default: {default})."


def jobs_option(default: str, more: str = "") -> Any:
    """Every command's ``--jobs/-j``: one spelling, a whole number of at least 1 named N, the help of
    :func:`jobs_help` (which says the default, so typer does not repeat it), then what the command adds."""
    import typer

    help_text = jobs_help(default) + (f" {more}" if more else "")
    return typer.Option("--jobs", "-j", min=1, metavar="N", show_default=False, help=help_text)


class ParSheetFormat(StrEnum):
    """The par sheet's formats (``pacomply parsheet``)."""

    TEXT = "text"
    """Lines for a terminal."""
    JSON = "json"
    """One JSON document."""
    PDF = "pdf"
    """A PDF (written to --output)."""
    XLSX = "xlsx"
    """A workbook (written to --output)."""


class FigureTarget(StrEnum):
    """Where ``figures build`` writes."""

    SHIPPED = "shipped"
    """The package's shipped figures (a source checkout)."""
    CACHE = "cache"
    """This user's cache."""


class AccountRole(StrEnum):
    """A workspace account's role (the workspace's ``Role``; a test keeps the two equal)."""

    REVIEWER = "reviewer"
    """Reviews filings."""
    SUPERVISOR = "supervisor"
    """Reviews and countersigns."""
    LICENSEE = "licensee"
    """A licensee's compliance staff."""
    ADMIN = "admin"
    """Manages accounts."""


class FilingStatus(StrEnum):
    """Where a stored filing stands (the workspace's ``Status``; a test keeps the two equal)."""

    RECEIVED = "received"
    """Stored, not yet opened."""
    IN_REVIEW = "in review"
    """A reviewer has it."""
    CHANGES_REQUESTED = "changes requested"
    """Sent back to the licensee."""
    APPROVED = "approved"
    """Approved."""
    APPROVED_IN_PART = "approved in part"
    """Approved except for named errors."""


REPORT_FORMATS = ("text", "json", "sarif", "junit", "pdf", "xlsx")
"""``validate --format`` takes several, comma-separated; a test keeps this equal to ``ReportFormat``."""


def complete_report_formats(incomplete: str) -> list[str]:
    """Shell completion of ``validate --format``: the formats, after any already typed before a comma."""
    done, _, last = incomplete.rpartition(",")
    prefix = f"{done}," if done else ""
    return [prefix + name for name in REPORT_FORMATS if name.startswith(last)]
