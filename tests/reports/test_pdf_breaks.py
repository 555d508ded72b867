"""How the review's kept-together blocks are measured (:mod:`pacomply.reports.pdf.breaks`): a block of paragraphs,
tables and spacers without a copy of the page's frame, to the same size reportlab's ``KeepTogether`` measures; a
block holding anything that may use the frame (a conditional page break) as reportlab measures it, on a copy."""

from __future__ import annotations

import io

import pytest
from pacomply.reports.pdf.breaks import _Together, _WithNext
from pacomply.reports.pdf.styles import PAGE_GEOMETRY, register_fonts
from reportlab.lib.styles import getSampleStyleSheet
from reportlab.pdfgen import canvas as pdf_canvas
from reportlab.platypus import BaseDocTemplate, CondPageBreak, Flowable, Frame, KeepTogether, Paragraph, Spacer, Table
from reportlab.platypus import flowables as reportlab_flowables


def _measuring_canvas() -> tuple[pdf_canvas.Canvas, BaseDocTemplate, Frame]:
    """A canvas whose document template has a current frame, as during a build."""
    register_fonts()
    template = BaseDocTemplate(io.BytesIO(), **PAGE_GEOMETRY)
    frame = Frame(template.leftMargin, template.bottomMargin, template.width, template.height, id="content")
    template.frame = frame
    canvas = pdf_canvas.Canvas(io.BytesIO())
    canvas._doctemplate = template
    return canvas, template, frame


def _content() -> list[Flowable]:
    style = getSampleStyleSheet()["BodyText"]
    return [
        Paragraph("A label that introduces the table below it. " * 4, style),
        Table([["Field", "Value"], ["Decks", "6"], ["Shuffle", "continuous"]]),
        Spacer(1, 12),
        Paragraph("The note that follows the table.", style),
    ]


@pytest.fixture
def copies(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """Each deep copy reportlab's list measuring makes (of the frame), in order."""
    made: list[object] = []
    copy = reportlab_flowables.deepcopy

    def counted(value: object, *rest: object) -> object:
        made.append(value)
        return copy(value, *rest)

    monkeypatch.setattr(reportlab_flowables, "deepcopy", counted)
    return made


@pytest.mark.parametrize("kind", [_Together, _WithNext])
def test_a_block_of_paragraphs_and_tables_is_measured_without_copying_the_frame(
    kind: type[KeepTogether], copies: list[object]
) -> None:
    canvas, template, frame = _measuring_canvas()
    ours = kind([*_content(), kind(_content())])
    size = ours.wrapOn(canvas, frame._width, frame._height)
    assert copies == []
    assert template.frame is frame  # set aside while measured, and put back

    reportlabs = KeepTogether([*_content(), KeepTogether(_content())])
    assert size == reportlabs.wrapOn(canvas, frame._width, frame._height)
    assert len(copies) == 2  # reportlab's copies the frame for the block and for the block inside it
    assert (ours._H, ours._H0) == (reportlabs._H, reportlabs._H0)  # the heights its split decides by


def test_a_block_holding_a_conditional_page_break_is_measured_on_a_copy_of_the_frame(copies: list[object]) -> None:
    canvas, template, frame = _measuring_canvas()
    block = _Together([CondPageBreak(10 * frame._height), *_content()])
    block.wrapOn(canvas, frame._width, frame._height)
    assert copies == [frame]
    # The page break the measuring asked for went into the copy, not the document's frame.
    assert getattr(frame, "_generated_content", None) is None
    assert template.frame is frame
