"""Render one page of each kind of the PDF review to PNG, for docs/reports.md and the README.

Run from the repository root (needs pdftoppm from poppler-utils and pypdf, the test extra):
``python docs/render_pdf_pages.py [--filing examples/687a-violations.xlsx] [--dpi 60]``.

The review of the filing is rendered to PDF; the page where each top-level section starts (found from the
PDF's own outline, so the images follow the document) is written to ``docs/images/pdf-<section>.png``.
"""

from __future__ import annotations

import argparse
import io
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main() -> None:
    import pypdf
    from pacomply.checker.review import review_filing
    from pacomply.reports.pdf import render_pdf
    from pacomply.submissions import read_filing

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--filing", default="examples/687a-violations.xlsx")
    parser.add_argument("--dpi", type=int, default=60)
    options = parser.parse_args()
    data = render_pdf(review_filing(read_filing(ROOT / options.filing)))
    reader = pypdf.PdfReader(io.BytesIO(data))
    pages = {"cover": 0, "contents": 1}
    for entry in reader.outline:
        if isinstance(entry, list):
            continue  # sub-sections start on their section's pages
        title = str(entry.title)
        name = re.sub(r"[^a-z]+", "-", re.sub(r"^\d+ ", "", title).lower()).strip("-")
        page = reader.get_destination_page_number(entry)
        if page not in pages.values():  # a section starting on the page of the one before is shown with it
            pages[name] = page
    images = ROOT / "docs" / "images"
    images.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "review.pdf"
        source.write_bytes(data)
        for name, page in pages.items():
            target = images / f"pdf-{name}"
            subprocess.run(
                ["pdftoppm", "-png", "-r", str(options.dpi), "-f", str(page + 1), "-l", str(page + 1),
                 "-singlefile", str(source), str(target)],
                check=True,
            )  # fmt: skip
            print(f"page {page + 1:>2}  {target.relative_to(ROOT)}.png")


if __name__ == "__main__":
    main()
