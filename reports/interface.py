"""The renderer interface: a Review in, bytes out. One module per output format."""

from __future__ import annotations

from enum import StrEnum, unique
from importlib import import_module
from typing import Protocol

from pacomply.checker.review import Review


@unique
class ReportFormat(StrEnum):
    """Every output format pacomply writes."""

    TEXT = "text"
    """Plain text for the terminal."""
    JSON = "json"
    """The review as JSON (schema ``pacomply.review/1``)."""
    SARIF = "sarif"
    """SARIF 2.1.0, for code-scanning dashboards."""
    JUNIT = "junit"
    """JUnit XML, one test case per rule run, for CI systems."""
    PDF = "pdf"
    """The filing-ready PDF to sign and archive."""
    XLSX = "xlsx"
    """The review workbook a reviewer works in."""

    @property
    def suffix(self) -> str:
        """The file extension of a report in this format."""
        return {"text": ".txt", "junit": ".xml", "sarif": ".sarif"}.get(self.value, f".{self.value}")

    @property
    def binary(self) -> bool:
        """True for formats that are not text, and so never go to a terminal."""
        return self in (ReportFormat.PDF, ReportFormat.XLSX)


class Renderer(Protocol):
    """Turns a review into the bytes of one format."""

    def render(self, review: Review) -> bytes:
        """The whole document."""
        ...


_MODULES: dict[ReportFormat, str] = {
    ReportFormat.TEXT: "pacomply.reports.text",
    ReportFormat.JSON: "pacomply.reports.json",
    ReportFormat.SARIF: "pacomply.reports.sarif",
    ReportFormat.JUNIT: "pacomply.reports.junit",
    ReportFormat.PDF: "pacomply.reports.pdf",
    ReportFormat.XLSX: "pacomply.reports.xlsx",
}


BATCH_SCHEMA = "pacomply.batch/1"
"""Several JSON reviews in one document: ``{"schema": ..., "reviews": [pacomply.review/1, ...]}``."""


def render_many(report_format: ReportFormat, reviews: list[Review]) -> bytes:
    """Several reviews in one document: one log or suite per filing where the format has them (SARIF runs, JUnit
    suites, a JSON batch object), the text reports one after another; PDF and Excel are one file per filing."""
    if report_format.binary:
        raise ValueError(f"{report_format.value} reports are one file per filing; write them to a folder")
    if report_format is ReportFormat.JSON:
        import json

        from pacomply.reports.json import review_json

        document = {"schema": BATCH_SCHEMA, "reviews": [review_json(review) for review in reviews]}
        return (json.dumps(document, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
    module = import_module(_MODULES[report_format])
    many = getattr(module.RENDERER, "render_many", None)
    if many is not None:
        return many(reviews)
    return b"".join(module.RENDERER.render(review) for review in reviews)


def renderer(report_format: ReportFormat) -> Renderer:
    """The renderer of a format; its module is imported only when asked for (reportlab is heavy)."""
    module = import_module(_MODULES[report_format])
    return module.RENDERER
