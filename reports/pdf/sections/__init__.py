"""The review PDF's sections, in the order the document prints them, each group in its own module: the front
(cover, contents, summary), the filing (checklist, tables, findings, waivers), the figures (wager math, the Board's
published figures, par sheets) and the closing sections (readings, attestation, the evidence appendix)."""

from __future__ import annotations

from pacomply.reports.pdf.sections.appendices import ClosingSections
from pacomply.reports.pdf.sections.figures import FigureSections
from pacomply.reports.pdf.sections.filing import FilingSections
from pacomply.reports.pdf.sections.front import FrontMatter


class _Story(FrontMatter, FilingSections, FigureSections, ClosingSections):
    """Builds the flowables of the document, numbering sections and keys for the outline."""


__all__ = ["_Story"]
