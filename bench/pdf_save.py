"""What the end of a PDF review costs, step by step, per page and per structure element: reportlab writing the file
(``Canvas.save``), and the structure tree (``reports/pdf_tagging.add_structure_tree``): the tree worked out and
written as qpdf JSON in Python, qpdf reading the file and that JSON, the XMP packet, qpdf writing the file with
object streams, and qpdf letting the file go. Prints figures; asserts nothing.

The tree's steps are timed on the build's own file and marks, handed to copies of ``add_structure_tree``'s steps
in a loop (``--repeat`` times, the median kept), in process CPU time; the step totals are checked against whole
calls of ``add_structure_tree``, whose bytes the steps' must equal. ``--levels`` also times the whole step and
gives the file's size with qpdf's Flate compression at other levels than its default (6): the bytes change with
the level, the content does not.

    python bench/pdf_save.py [--filing examples/633a-violations.xlsx] [--repeat 15] [--levels 6 3 1]
"""

from __future__ import annotations

import argparse
import io
import statistics
import sys
import time
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


def _median_cpu(step: Callable[[], Any], repeat: int) -> float:
    spent = []
    for _ in range(repeat):
        start = time.process_time()
        step()
        spent.append(time.process_time() - start)
    return statistics.median(spent)


def _captured(review: Any) -> dict[str, Any]:
    """One render's file as reportlab wrote it, its marks and links, its date, and reportlab's save's CPU."""
    captured: dict[str, Any] = {}
    tree = document_module.add_structure_tree
    save = pdf_canvas.Canvas.save

    def keep(pdf_bytes: bytes, marks: Any, links: Any = (), dated: Any = None) -> bytes:
        captured.update(pdf=pdf_bytes, marks=marks, links=links, dated=dated)
        return tree(pdf_bytes, marks, links, dated=dated)

    def timed_save(self: Any) -> None:
        start = time.process_time()
        save(self)
        captured["save"] = time.process_time() - start

    document_module.add_structure_tree = keep  # type: ignore[assignment]
    pdf_canvas.Canvas.save = timed_save  # type: ignore[method-assign]
    try:
        captured["whole"] = document_module.render_pdf(review)
    finally:
        document_module.add_structure_tree = tree  # type: ignore[assignment]
        pdf_canvas.Canvas.save = save  # type: ignore[method-assign]
    return captured


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--filing", default="examples/633a-violations.xlsx")
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--levels", type=int, nargs="*", default=[6, 3, 1])
    arguments = parser.parse_args()
    import pikepdf
    import pikepdf.settings

    review = review_filing(read_filing(REPOSITORY / arguments.filing))
    document_module.render_pdf(review)  # warm: fonts, imports, caches
    saves = []
    for _ in range(max(3, arguments.repeat // 3)):
        captured = _captured(review)
        saves.append(captured["save"])
    pdf_bytes, marks, links, dated = captured["pdf"], captured["marks"], captured["links"], captured["dated"]
    with pikepdf.open(io.BytesIO(pdf_bytes)) as pdf:
        pages = len(pdf.pages)
    elements = len(pdf_tagging._TreePlan(marks).order)
    repeat = arguments.repeat
    whole = _median_cpu(lambda: pdf_tagging.add_structure_tree(pdf_bytes, marks, links, dated=dated), repeat)
    plan = _median_cpu(lambda: pdf_tagging._TreePlan(marks), repeat)

    def opened() -> None:
        with pikepdf.open(io.BytesIO(pdf_bytes)):
            pass

    # The JSON handed to qpdf, and qpdf's read of it, caught from a whole call.
    caught: dict[str, Any] = {}
    update = pikepdf.Pdf.update_from_qpdf_json
    save = pikepdf.Pdf.save

    def timed_update(self: Any, stream: Any, **keywords: Any) -> Any:
        data = stream.read()
        caught["json"] = len(data)
        start = time.process_time()
        result = update(self, io.BytesIO(data), **keywords)
        caught.setdefault("read json", []).append(time.process_time() - start)
        return result

    def timed_save(self: Any, *args: Any, **keywords: Any) -> Any:
        start = time.process_time()
        result = save(self, *args, **keywords)
        caught.setdefault("write", []).append(time.process_time() - start)
        return result

    pikepdf.Pdf.update_from_qpdf_json = timed_update  # type: ignore[method-assign]
    pikepdf.Pdf.save = timed_save  # type: ignore[method-assign]
    xmp = pdf_tagging._write_xmp
    timed_xmp: list[float] = []

    def xmp_timed(pdf: Any, when: Any) -> None:
        start = time.process_time()
        xmp(pdf, when)
        timed_xmp.append(time.process_time() - start)

    pdf_tagging._write_xmp = xmp_timed  # type: ignore[assignment]
    try:
        for _ in range(repeat):
            written = pdf_tagging.add_structure_tree(pdf_bytes, marks, links, dated=dated)
    finally:
        pikepdf.Pdf.update_from_qpdf_json = update  # type: ignore[method-assign]
        pikepdf.Pdf.save = save  # type: ignore[method-assign]
        pdf_tagging._write_xmp = xmp  # type: ignore[assignment]
    if written != captured["whole"]:
        raise SystemExit("the structure tree written in the loop is not the render's")
    read_json = statistics.median(caught["read json"])
    write = statistics.median(caught["write"])
    xmp_cpu = statistics.median(timed_xmp)
    open_cpu = _median_cpu(opened, repeat)
    rest = whole - plan - read_json - write - xmp_cpu - open_cpu
    print(
        f"{arguments.filing}: {pages} pages, {len(marks)} marked-content sequences, {elements} structure elements, "
        f"{len(links)} links; reportlab's file {len(pdf_bytes):,} bytes, the tagged file {len(written):,} bytes, "
        f"the tree's qpdf JSON {caught['json']:,} bytes; CPU medians of {repeat}"
    )
    rows = [
        ("reportlab writes the file (Canvas.save)", statistics.median(saves)),
        ("structure tree, whole", whole),
        ("  the tree worked out (_TreePlan)", plan),
        ("  qpdf opens reportlab's file (and closes it)", open_cpu),
        ("  qpdf reads the tree's JSON", read_json),
        ("  the XMP packet", xmp_cpu),
        ("  qpdf writes the file", write),
        ("  the rest (JSON written in Python, pages, annotations, letting go)", rest),
    ]
    for label, cpu in rows:
        print(f"  {label:70s} {cpu * 1000:8.2f} ms  {cpu / pages * 1e6:8.1f} us a page  "
              f"{cpu / elements * 1e6:6.2f} us an element")  # fmt: skip
    for level in arguments.levels:
        pikepdf.settings.set_flate_compression_level(level)
        try:
            cpu = _median_cpu(lambda: pdf_tagging.add_structure_tree(pdf_bytes, marks, links, dated=dated), repeat)
            size = len(pdf_tagging.add_structure_tree(pdf_bytes, marks, links, dated=dated))
        finally:
            pikepdf.settings.set_flate_compression_level(-1)
        print(f"  Flate level {level}: structure tree {cpu * 1000:8.2f} ms, file {size:,} bytes")


if __name__ == "__main__":
    main()
