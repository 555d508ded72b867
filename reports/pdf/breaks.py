"""Where the document's pages break: headings kept with the start of what follows them, blocks kept on one page
unless that leaves a page near empty, and labels kept with the tables they introduce."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pacomply.reports.pdf.tables import ROWS_EACH_SIDE, _head_rows
from reportlab.pdfgen import canvas as pdf_canvas
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Spacer, Table

#: The least share of a page's frame filled before the section runs on to the next page: a block that would leave
#: a page emptier than this is laid out piece by piece instead of moved whole.
LEAST_FILL = 0.25


def _start_height(flowable: Flowable, canvas: pdf_canvas.Canvas, width: float, height: float) -> float:
    """The height of the least part of ``flowable`` that may open a page's last stretch: a table's header and first
    rows (all of a table too short to split), a paragraph's first three lines, the whole of anything else."""
    _width, whole = flowable.wrapOn(canvas, width, height)
    if isinstance(flowable, KeepTogether):
        return float(flowable._H)  # its wrap asks for a split; the height of its content
    if isinstance(flowable, Table):
        rows = list(flowable._rowHeights)
        head = _head_rows(flowable)
        if len(rows) - head < 2 * ROWS_EACH_SIDE:
            return float(whole)
        return float(sum(rows[: head + ROWS_EACH_SIDE]))
    if isinstance(flowable, Paragraph):
        return float(min(whole, 3 * flowable.style.leading))
    return float(whole)


def _frame_height(flowable: Flowable) -> float | None:
    frame = getattr(flowable, "_frame", None)
    return None if frame is None else float(frame._height)


#: Flowables whose wrap never reads or changes the document template's current frame: reportlab's paragraphs and
#: tables and pacomply's subclasses of them (whose wraps are checked not to). A spacer only as itself: reportlab's
#: conditional page break is a spacer that asks the frame for a page break.
_FRAME_BLIND = (Paragraph, Table)


def _frame_blind(flowables: Sequence[Flowable]) -> bool:
    """Whether wrapping ``flowables`` leaves the document's frame alone: each is a paragraph, table or spacer, or a
    kept-together block (:class:`_Kept`) of such, or the table of contents (a table inside)."""
    from pacomply.reports.pdf.contents import _Contents

    return all(
        isinstance(flowable, (*_FRAME_BLIND, _Contents))
        or type(flowable) is Spacer
        or (isinstance(flowable, _Kept) and _frame_blind(flowable._content))
        for flowable in flowables
    )


class _Kept(KeepTogether):
    """reportlab's ``KeepTogether`` measured without copying the page's frame where nothing in it can use the frame.

    reportlab measures a kept-together block (``_listWrapOn``) against a deep copy of the document template's
    current frame, so that a flowable that adds content to the frame while measured (a conditional page break, a
    balanced column) changes the copy only. A review's blocks hold paragraphs, tables and spacers, which never touch
    the frame, so copying it on every wrap is wasted: where every flowable inside is such (:func:`_frame_blind`),
    the block is measured with the template's frame set aside, which reportlab's measuring reads as no frame and
    copies nothing; anything else is measured as reportlab measures it. The measurements are the same either way."""

    def wrap(self, aW: float, aH: float) -> tuple[float, float]:
        template: Any = getattr(self.canv, "_doctemplate", None)
        frame = getattr(template, "frame", None)
        blind = self.__dict__.get("_blind")
        if blind is None:
            blind = self._blind = _frame_blind(self._content)
        if frame is None or not blind:
            return super().wrap(aW, aH)
        template.frame = None
        try:
            return super().wrap(aW, aH)
        finally:
            template.frame = frame


class _WithNext(_Kept):
    """Headings and labels (the first ``lead`` flowables) kept with the start of what follows them, not all of it:
    they move to the next page only where they and that start (see :func:`_start_height`) do not fit here, so a
    heading never ends a page and a long table after it still starts on this one.

    The document uses it for every chain of keep-with-next flowables (``keepTogetherClass``)."""

    def __init__(self, content: Sequence[Flowable], lead: int | None = None) -> None:
        super().__init__(list(content))
        self.lead = len(content) - 1 if lead is None else lead

    def split(self, aW: float, aH: float) -> list[Flowable]:
        content = list(self._content)
        needed = 0.0
        for flowable in content[: self.lead]:
            _width, height = flowable.wrapOn(self.canv, aW, aH)
            needed += height + flowable.getSpaceBefore() + flowable.getSpaceAfter()
        if self.lead < len(content):
            following = content[self.lead]
            needed += following.getSpaceBefore() + _start_height(following, self.canv, aW, max(aH - needed, 0))
        frame = getattr(self, "_frame", None)
        at_top = frame is not None and getattr(frame, "_atTop", False)
        if needed <= aH + 1e-6 or at_top:
            return content
        return [self.FrameBreak(), *content]


class _Together(_Kept):
    """Flowables kept on one page (a finding, a reading, a short table with its label): moved whole to the next
    page, unless that would leave this page less than :data:`LEAST_FILL` filled, when they are laid out one by one
    (each table still keeps its rows each side). ``whole``: moved whole whatever this page is left with (a par
    sheet's key figures)."""

    def __init__(self, content: Sequence[Flowable], whole: bool = False) -> None:
        super().__init__(list(content))
        self.whole = whole

    def split(self, aW: float, aH: float) -> list[Flowable]:
        frame_height = _frame_height(self)
        if self.whole or frame_height is None or aH >= self._H or aH < (1 - LEAST_FILL) * frame_height:
            return list(super().split(aW, aH))
        return list(self._content)


#: A table of this many rows or fewer moves whole with its label to the next page rather than split.
KEEP_WHOLE_ROWS = 30


def _kept_with_label(label: Flowable, table: Flowable, *more: Flowable) -> list[Flowable]:
    """A label and the table it introduces, never parted: a short table moves whole to the next page (see
    :class:`_Together`); a longer one starts where its label, header and first rows fit, and repeats its header row
    on every page it runs onto."""
    rows = len(getattr(table, "_cellvalues", ())) if isinstance(table, Table) else 0
    if rows <= KEEP_WHOLE_ROWS:
        return [_Together([label, table, *more])]
    return [_WithNext([label, table, *more], lead=1)]
