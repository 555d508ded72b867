"""The review as a document: the page templates, the body frame that lays out without drawing in the first pass,
the outline, and :func:`render_pdf`, which builds it and adds its structure tree."""

from __future__ import annotations

import io
from datetime import UTC, datetime
from typing import Any

from pacomply.checker.review import Review
from pacomply.reports.content import chapters_line, document_epoch, filing_id
from pacomply.reports.pdf.breaks import _WithNext
from pacomply.reports.pdf.contents import _seed_contents
from pacomply.reports.pdf.furniture import _date_formatter, _PageTotal, draw_footer, draw_header, tool_and_law_line
from pacomply.reports.pdf.sections import _Story
from pacomply.reports.pdf.styles import MARGIN, register_fonts
from pacomply.reports.pdf_tagging import FOOTER_OPEN, HEADER_OPEN, TaggingCanvas, add_structure_tree
from reportlab.lib.pagesizes import LETTER
from reportlab.lib.units import inch
from reportlab.pdfgen import canvas as pdf_canvas
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, PageTemplate


def _not_drawn(*_arguments: Any, **_keywords: Any) -> None:
    """What a flowable draws in the layout pass: nothing (see :class:`_LayoutFrame`)."""


class _LayoutFrame(Frame):
    """The body frame. On the canvas of the layout pass (``layout_only``, the first pass, which is never written
    out) it places every flowable as the final pass does (wrapped and split alike, so every page breaks at the same
    place) but draws none but the page total: that pass exists to learn each heading's page and the page count,
    and drawing a page's tables and paragraphs is most of what a pass costs."""

    def _add(self, flowable: Flowable, canv: pdf_canvas.Canvas, trySplit: int = 0) -> int:
        if not getattr(canv, "layout_only", False) or isinstance(flowable, _PageTotal):
            return int(super()._add(flowable, canv, trySplit))
        flowable.drawOn = _not_drawn  # this flowable, this pass only
        try:
            return int(super()._add(flowable, canv, trySplit))
        finally:
            del flowable.drawOn

    add = _add  # reportlab's documents call add, which its Frame binds to its own _add


class _ReviewDocument(BaseDocTemplate):
    """Two page templates (cover, body); headings feed the outline and the table of contents."""

    def __init__(self, buffer: io.BytesIO, review: Review, footer: tuple[str, str]) -> None:
        filing = review.filing
        super().__init__(
            buffer,
            pagesize=LETTER,
            leftMargin=MARGIN,
            rightMargin=MARGIN,
            topMargin=MARGIN,
            bottomMargin=0.9 * inch,
            title=f"Rules Submission Review — {filing.metadata.licensee}",
            author="pacomply",
            subject=f"{chapters_line(review)}; filed {filing.metadata.date_filed.isoformat()}; {review.verdict}",
            creator=f"pacomply {review.tool_version}",
            keywords=["58 Pa. Code", *(used.chapter for used in review.rulebooks), filing_id(review)],
            invariant=1,
            pageCompression=1,
            lang="en-US",
            displayDocTitle=1,
            initialFontName=register_fonts(),
            keepTogetherClass=_WithNext,
        )
        self.page_total = _PageTotal()
        self.footer = footer
        frame = _LayoutFrame(
            self.leftMargin, self.bottomMargin, self.width, self.height, leftPadding=0, rightPadding=0, id="content"
        )
        header = f"{filing.metadata.licensee} · Rules Submission Review"
        self.addPageTemplates(
            [
                PageTemplate(
                    id="cover",
                    frames=[frame],
                    onPage=lambda canvas, _doc: self._page_begins(canvas, None),
                    onPageEnd=lambda canvas, _doc: canvas.close_artifact(),
                ),
                PageTemplate(
                    id="body",
                    frames=[frame],
                    onPage=lambda canvas, _doc: self._page_begins(canvas, header),
                    onPageEnd=lambda canvas, _doc: canvas.close_artifact(),
                ),
            ]
        )

    def _page_begins(self, canvas: TaggingCanvas, header: str | None) -> None:
        """The running header (body pages) and footer, each a pagination artifact; then the page is an artifact
        until a piece of the document's text is drawn (see :mod:`pacomply.reports.pdf_tagging`). The layout pass
        draws neither (its pages are never written out)."""
        drawn = not getattr(canvas, "layout_only", False)
        if header is not None:
            canvas.open_artifact(HEADER_OPEN)
            if drawn:
                draw_header(canvas, header)
            canvas.close_artifact()
        canvas.open_artifact(FOOTER_OPEN)
        if drawn:
            self._footer(canvas)
        canvas.close_artifact()
        canvas.open_artifact()

    def _footer(self, canvas: pdf_canvas.Canvas) -> None:
        """The filing, the dates, the tool and the law, and 'Page x of y' (y from the previous pass; the final pass
        always has it)."""
        draw_footer(canvas, self.footer, self.page_total.total)

    def afterFlowable(self, flowable: Flowable) -> None:
        outline = getattr(flowable, "outline", None)
        if outline is None:
            return
        level, text, key = outline
        self.canv.bookmarkPage(key)
        self.canv.addOutlineEntry(text, key, level=level, closed=False)
        if key != "cover":
            self.notify("TOCEntry", (level, text, self.page, key))


def render_pdf(review: Review, *, tagged: bool = True) -> bytes:
    """The whole document, tagged (``tagged=False`` builds it without marked content or structure tree: the
    baseline the benchmark and the reading-order test compare with)."""
    register_fonts()
    story = _Story(review)
    story.cover()
    story.contents()
    story.summary()
    story.checklist()
    story.tables()
    story.findings()
    story.waivers()
    story.wager_math()
    story.published_figures()
    story.par_sheets()
    story.readings()
    story.attestation()
    story.evidence()
    buffer = io.BytesIO()
    metadata = review.filing.metadata
    # The dates first and the licensee last: a long name is the part shortened to fit beside the page number.
    footer = (
        f"Filing {filing_id(review)} · reviewed {review.review_date.isoformat()} · filed "
        f"{metadata.date_filed.isoformat()} · {metadata.licensee}",
        tool_and_law_line(review.tool_version, [(used.chapter, used.version) for used in review.rulebooks]),
    )
    document = _ReviewDocument(buffer, review, footer)
    formatter = _date_formatter(document_epoch(review))

    canvases: list[TaggingCanvas] = []

    def canvas_maker(*args: Any, **kwargs: Any) -> pdf_canvas.Canvas:
        canvas = TaggingCanvas(*args, tagged=tagged, **kwargs)
        canvas.setDateFormatter(formatter)
        # The first pass only lays out (it never ends the build: the page total is unknown before it): its canvas
        # draws no flowable (_LayoutFrame).
        canvas.layout_only = not canvases
        # One canvas per pass; only the last (the pass that is written out) is kept.
        canvases[:] = [canvas]
        return canvas

    _seed_contents(story.flowables)
    document.multiBuild([*story.flowables, document.page_total], canvasmaker=canvas_maker)
    recorder = canvases[-1].tagging if canvases else None
    if recorder is None:
        return buffer.getvalue()
    dated = datetime.fromtimestamp(document_epoch(review), tz=UTC)
    return add_structure_tree(buffer.getvalue(), recorder.marks, recorder.links, dated=dated)


class PdfRenderer:
    """Renders the filing-ready PDF."""

    def render(self, review: Review) -> bytes:
        """The PDF bytes."""
        return render_pdf(review)


RENDERER = PdfRenderer()
