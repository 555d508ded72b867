"""Where the document's pages break: headings kept with the start of what follows them, blocks kept on one page
unless that leaves a page near empty, and labels kept with the tables they introduce."""

from __future__ import annotations

from collections.abc import Sequence

from pacomply.reports.pdf.tables import ROWS_EACH_SIDE, _head_rows
from reportlab.pdfgen import canvas as pdf_canvas
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Table

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


class _WithNext(KeepTogether):
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


class _Together(KeepTogether):
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
