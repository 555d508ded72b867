"""The review as a document: the page templates, the outline, and :func:`render_pdf`, which builds it in one pass
and writes it with its structure tree."""

from __future__ import annotations

import io
from datetime import UTC, datetime
from typing import Any

from pacomply.checker.review import Review
from pacomply.reports.collection import collection_paused
from pacomply.reports.content import chapters_line, document_epoch, filing_id
from pacomply.reports.pdf.breaks import _WithNext
from pacomply.reports.pdf.contents import _Contents, _seed_contents
from pacomply.reports.pdf.furniture import (
    DeferringCanvas,
    _date_formatter,
    draw_footer_later,
    draw_header,
    tool_and_law_line,
)
from pacomply.reports.pdf.sections import _Story
from pacomply.reports.pdf.styles import PAGE_GEOMETRY, register_fonts
from pacomply.reports.pdf_tagging import FOOTER_OPEN, HEADER_OPEN
from reportlab.pdfgen import canvas as pdf_canvas
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, PageTemplate


def document_options(tagged: bool) -> dict[str, Any]:
    """What every pacomply PDF's document template is given beside its page (``PAGE_GEOMETRY``), title and
    description: the producer, fixed bytes for the same content (``invariant``), the language, the title shown in
    the viewer's window, the page compression (reportlab's; a tagged build compresses its pages' content itself,
    :class:`pacomply.reports.pdf_tagging.TaggedWriting`), the bundled font and the class that keeps a heading with
    what follows it."""
    return {
        "author": "pacomply",
        "invariant": 1,
        "pageCompression": 1,
        "lang": "en-US",
        "displayDocTitle": 1,
        "initialFontName": register_fonts(),
        "keepTogetherClass": _WithNext,
    }


def build_pdf(
    document: BaseDocTemplate, buffer: io.BytesIO, flowables: list[Flowable], *, tagged: bool, epoch: int
) -> bytes:
    """Lay ``flowables`` out in ``document`` (writing into ``buffer``) in one build on one :class:`DeferringCanvas`,
    the PDF's dates ``epoch``; where ``tagged``, the canvas writes the file with its structure tree and XMP
    metadata of that date (:mod:`pacomply.reports.pdf_tagging`). What waits for the last page (the footers' 'of y',
    the contents' page numbers) is drawn when the canvas is saved."""
    canvases: list[DeferringCanvas] = []
    formatter = _date_formatter(epoch)

    def canvas_maker(*args: Any, **kwargs: Any) -> pdf_canvas.Canvas:
        if canvases:
            raise RuntimeError("a pacomply PDF is laid out in one pass, on one canvas")
        canvas = DeferringCanvas(*args, tagged=tagged, **kwargs)
        canvas.setDateFormatter(formatter)
        canvas.metadata_date = datetime.fromtimestamp(epoch, tz=UTC)
        canvases.append(canvas)
        return canvas

    document.build(flowables, canvasmaker=canvas_maker)
    # The recorder is taken off the canvas: reportlab's paragraphs leave text objects in reference cycles that point
    # at the canvas, so the canvas lives until the next cycle collection; what the recorder holds (every mark, node
    # and flowable drawn) is then freed by reference counting now that the file is written, instead of being
    # traversed by that collection (:mod:`pacomply.reports.collection`).
    canvases[0].tagging = None
    return buffer.getvalue()


class _ReviewDocument(BaseDocTemplate):
    """Two page templates (cover, body); headings feed the outline and the table of contents."""

    def __init__(
        self,
        buffer: io.BytesIO,
        review: Review,
        footer: tuple[str, str],
        contents: _Contents | None,
        *,
        tagged: bool,
    ) -> None:
        filing = review.filing
        super().__init__(
            buffer,
            **PAGE_GEOMETRY,
            title=f"Rules Submission Review — {filing.metadata.licensee}",
            subject=f"{chapters_line(review)}; filed {filing.metadata.date_filed.isoformat()}; {review.verdict}",
            creator=f"pacomply {review.tool_version}",
            keywords=["58 Pa. Code", *(used.chapter for used in review.rulebooks), filing_id(review)],
            **document_options(tagged),
        )
        self.footer = footer
        self.contents = contents
        frame = Frame(
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

    def _page_begins(self, canvas: DeferringCanvas, header: str | None) -> None:
        """The running header (body pages) and footer (the filing, the dates, the tool and the law, and 'Page x of
        y', drawn when y is known), each a pagination artifact; then the page is an artifact until a piece of the
        document's text is drawn (see :mod:`pacomply.reports.pdf_tagging`)."""
        if header is not None:
            canvas.open_artifact(HEADER_OPEN)
            draw_header(canvas, header)
            canvas.close_artifact()
        canvas.open_artifact(FOOTER_OPEN)
        draw_footer_later(canvas, self.footer)
        canvas.close_artifact()
        canvas.open_artifact()

    def afterFlowable(self, flowable: Flowable) -> None:
        outline = getattr(flowable, "outline", None)
        if outline is None:
            return
        level, text, key = outline
        self.canv.bookmarkPage(key)
        self.canv.addOutlineEntry(text, key, level=level, closed=False)
        if key != "cover" and self.contents is not None:
            self.contents.notify("TOCEntry", (level, text, self.page, key))


@collection_paused()
def render_pdf(review: Review, *, tagged: bool = True) -> bytes:
    """The whole document, tagged (``tagged=False`` builds it without marked content or structure tree: the
    baseline the benchmark and the reading-order test compare with), made with the cycle collector paused
    (:mod:`pacomply.reports.collection`)."""
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
    document = _ReviewDocument(buffer, review, footer, _seed_contents(story.flowables), tagged=tagged)
    # One pass: the contents know their entries (so their length) before it.
    return build_pdf(document, buffer, list(story.flowables), tagged=tagged, epoch=document_epoch(review))


class PdfRenderer:
    """Renders the filing-ready PDF."""

    def render(self, review: Review) -> bytes:
        """The PDF bytes."""
        return render_pdf(review)


RENDERER = PdfRenderer()
