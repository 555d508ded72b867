"""What every section shares: the story of flowables, numbered headings and subheadings for the outline, an
introduction kept with what follows it."""

from __future__ import annotations

from functools import cache

from pacomply.checker.review import Review
from pacomply.reports.pdf.paragraphs import _Heading, _Tagged
from pacomply.reports.pdf.styles import _styles
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import inch
from reportlab.platypus import CondPageBreak, Flowable

SECTION_ROOM = 2 * inch


@cache
def _introduction_style(style: ParagraphStyle) -> ParagraphStyle:
    """``style`` kept with what follows (a section's introduction), made once per style."""
    return ParagraphStyle(f"{style.name}-intro", parent=style, keepWithNext=1)


class _StoryBase:
    """Builds the flowables of the document, numbering sections and keys for the outline."""

    def __init__(self, review: Review) -> None:
        self.review = review
        self.styles = _styles()
        self.flowables: list[Flowable] = []
        self.section = 0
        self.subsection = 0

    def heading(self, title: str) -> None:
        self.section += 1
        self.subsection = 0
        # A section starts on a new page unless a good part of this one is left: its heading and introduction
        # never sit alone at the foot of a page.
        self.add(CondPageBreak(SECTION_ROOM), _Heading(f"{self.section} {title}", 0, f"section-{self.section}"))

    def subheading(self, title: str) -> _Heading:
        self.subsection += 1
        return _Heading(f"{self.section}.{self.subsection} {title}", 1, f"section-{self.section}-{self.subsection}")

    def paragraph(self, markup: str, style: ParagraphStyle | None = None) -> None:
        chosen = style or self.styles.body
        if self.flowables and isinstance(self.flowables[-1], _Heading):
            # A section's introduction stays with what follows, as its heading does, so neither is left at the
            # foot of a page when the first table moves on.
            chosen = _introduction_style(chosen)
        self.add(_Tagged(markup, chosen))

    def add(self, *flowables: Flowable) -> None:
        # A heading and an introduction are kept with what follows them by the document (a chain of
        # keep-with-next flowables is a _WithNext): with the start of a long table, not all of it.
        self.flowables.extend(flowables)

    # -- the sections ---------------------------------------------------------------------------------------------
