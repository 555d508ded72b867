"""What the end of a PDF review costs, step by step, per page and per structure element: reportlab's
``Canvas.save``, and inside it the tagged file's steps (``reports/pdf_tagging.py``, ``TaggedWriting``): the tree
worked out from the marks, the pages' and links' entries set with each page's content compressed, the file written
(reportlab formatting its objects, the tree's objects written, the object stream compressed, the cross-reference
stream). Prints figures; asserts nothing.

Each step is timed in process CPU time inside ``--repeat`` warm renders of one filing, the median kept; the renders'
bytes must be alike. ``--levels`` also renders with other zlib levels for what the tagged build compresses itself
(``COMPRESSION_LEVEL``) and prints the CPU of the save and the file's size: the bytes change with the level, the
content does not.

    python bench/pdf_save.py [--filing examples/633a-violations.xlsx] [--repeat 15] [--levels 1 3 6]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPOSITORY = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPOSITORY))

import pacomply.reports.pdf.document as document_module  # noqa: E402
from pacomply.checker.review import review_filing  # noqa: E402
from pacomply.reports import pdf_tagging  # noqa: E402
from pacomply.submissions import read_filing  # noqa: E402
from reportlab.pdfgen import canvas as pdf_canvas  # noqa: E402

STEPS = {
    "reportlab's save, in all": (pdf_canvas.Canvas, "save"),
    "the tree worked out": (pdf_tagging, "_TreePlan"),
    "pages' and links' entries, pages compressed": (pdf_tagging.TaggedWriting, "prepare"),
    "the file written, in all": (pdf_tagging.TaggedWriting, "write"),
    "  the tree's objects written": (pdf_tagging.TaggedWriting, "_tree"),
    "  the cross-reference stream's rows": (pdf_tagging, "_up_predicted"),
}


def _timed_renders(review: Any, repeat: int) -> tuple[dict[str, list[float]], set[bytes]]:
    """Each step's CPU in each of ``repeat`` renders, and the renders' files."""
    spent: dict[str, list[float]] = {label: [] for label in STEPS}
    this_render: dict[str, float] = {}
    originals: dict[str, Callable[..., Any]] = {}

    def timed(label: str, step: Callable[..., Any]) -> Callable[..., Any]:
        def run(*args: Any, **keywords: Any) -> Any:
            start = time.process_time()
            try:
                return step(*args, **keywords)
            finally:
                this_render[label] = this_render.get(label, 0.0) + time.process_time() - start

        return run

    for label, (owner, name) in STEPS.items():
        originals[label] = getattr(owner, name)
        setattr(owner, name, timed(label, originals[label]))
    files: set[bytes] = set()
    try:
        for _ in range(repeat):
            this_render.clear()
            files.add(document_module.render_pdf(review))
            for label in STEPS:
                spent[label].append(this_render.get(label, 0.0))
    finally:
        for label, (owner, name) in STEPS.items():
            setattr(owner, name, originals[label])
    return spent, files


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--filing", default="examples/633a-violations.xlsx")
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--levels", type=int, nargs="*", default=[])
    arguments = parser.parse_args()
    review = review_filing(read_filing(REPOSITORY / arguments.filing))
    data = document_module.render_pdf(review)  # warm: fonts, imports, the paragraph caches
    captured: list[pdf_tagging.Recorder] = []
    made = pdf_tagging.TaggedWriting.__init__

    def keep(self: pdf_tagging.TaggedWriting, recorder: pdf_tagging.Recorder) -> None:
        captured.append(recorder)
        made(self, recorder)

    pdf_tagging.TaggedWriting.__init__ = keep  # type: ignore[method-assign]
    document_module.render_pdf(review)
    pdf_tagging.TaggedWriting.__init__ = made  # type: ignore[method-assign]
    pages = 1 + max(mark.page for mark in captured[0].marks)
    elements = len(pdf_tagging._TreePlan(captured[0].marks).order)
    spent, files = _timed_renders(review, arguments.repeat)
    print(f"{arguments.filing}: {pages} pages, {elements} structure elements, {len(data):,} bytes")
    print(f"  the same bytes in every render: {files == {data}}")
    for label, values in spent.items():
        median = statistics.median(values)
        print(
            f"  {label}: {median * 1000:.2f} ms ({median / pages * 1e6:.0f} us a page, "
            f"{median / elements * 1e6:.1f} us an element)"
        )
    level = pdf_tagging.COMPRESSION_LEVEL
    try:
        for other in arguments.levels:
            pdf_tagging.COMPRESSION_LEVEL = other
            spent, files = _timed_renders(review, arguments.repeat)
            (written,) = files
            median = statistics.median(spent["reportlab's save, in all"])
            print(f"  zlib level {other} ({zlib.ZLIB_VERSION}): save {median * 1000:.2f} ms, {len(written):,} bytes")
    finally:
        pdf_tagging.COMPRESSION_LEVEL = level


if __name__ == "__main__":
    main()
