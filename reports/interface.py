"""The renderer interface: a Review in, bytes out. One module per output format."""

from __future__ import annotations

from enum import StrEnum, unique
from importlib import import_module
from typing import Protocol

from checker.review import Review


@unique
class ReportFormat(StrEnum):
    """Every output format pacomply writes."""

    TEXT = "text"
    """Plain text for the terminal."""
    JSON = "json"
    """The review as JSON (schema ``pacomply.review/1``)."""


class Renderer(Protocol):
    """Turns a review into the bytes of one format."""

    def render(self, review: Review) -> bytes:
        """The whole document."""
        ...


_MODULES: dict[ReportFormat, str] = {
    ReportFormat.TEXT: "reports.text",
    ReportFormat.JSON: "reports.json",
}


def renderer(report_format: ReportFormat) -> Renderer:
    """The renderer of a format; its module is imported only when asked for (reportlab is heavy)."""
    module = import_module(_MODULES[report_format])
    return module.RENDERER  # type: ignore[no-any-return]
