"""The lead-in and wording of the readings an exact analysis builds in, within a wager's reading text."""

from __future__ import annotations

from collections.abc import Iterable

#: What introduces the readings an analysis builds in, within a wager's reading text (a reader gets it in words:
#: ``reports.wording.reading_statement``). Stored figures carry it, so it never changes.
ANALYSIS_READINGS = "analyzer readings — "


def analysis_readings(readings: Iterable[tuple[str, str, str, str]]) -> str:
    """The readings an analysis builds in (``(topic, choice, reason, citation)``), as one part of a reading text:
    'analyzer readings — surrender timing: late surrender; ...'."""
    return ANALYSIS_READINGS + "; ".join(f"{topic}: {choice}" for topic, choice, _reason, _citation in readings)
