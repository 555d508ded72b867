"""PNG pages of one review per chapter, kept in ``tests/reports/pages/CHAPTER/`` and compared by
``test_pdf_pages.py``: the review of each chapter's violations example (``examples/NNNa-violations.json``) on the
golden outputs' review date, each page rendered by poppler's ``pdftoppm`` at 20 dots per inch in grey.

At that resolution the text is a texture, but where each block sits is plain: a heading, a table or a page break
that moves changes the picture. After a change of layout made on purpose, regenerate them and look at the pictures
that changed before committing::

    python -m tests.reports.page_images            # every chapter
    python -m tests.reports.page_images 686a 687a  # some
"""

from __future__ import annotations

import io
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from pacomply.checker.registry import CheckSettings
from pacomply.checker.review import review_filing
from pacomply.regulations.chapters import chapter_ids
from pacomply.reports.pdf import render_pdf
from pacomply.submissions import read_filing

from tests.golden.outputs import EXAMPLES, REVIEW_DATE

PAGES = Path(__file__).resolve().parent / "pages"
RESOLUTION = 20


def review_pdf(chapter: str) -> bytes:
    """The PDF review of the chapter's violations example, on the fixed review date."""
    filing = read_filing(EXAMPLES / f"{chapter}-violations.json")
    return render_pdf(review_filing(filing, CheckSettings(review_date=REVIEW_DATE)))


def page_images(pdf: bytes) -> list[bytes]:
    """Each page as a greyscale PNG at :data:`RESOLUTION` dots per inch, rendered by ``pdftoppm``."""
    from PIL import Image

    program = shutil.which("pdftoppm")
    if program is None:
        raise RuntimeError("pdftoppm (poppler-utils) is needed to render the pages and is not on PATH")
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "review.pdf"
        source.write_bytes(pdf)
        subprocess.run([program, "-png", "-r", str(RESOLUTION), str(source), str(Path(folder) / "page")], check=True)
        images = []
        for path in sorted(Path(folder).glob("page-*.png"), key=lambda path: int(path.stem.rsplit("-", 1)[1])):
            out = io.BytesIO()
            Image.open(path).convert("L").save(out, "PNG", optimize=True)
            images.append(out.getvalue())
    return images


def stored_pages(chapter: str) -> list[Path]:
    return sorted((PAGES / chapter).glob("page-*.png"))


def regenerate(chapter: str) -> int:
    folder = PAGES / chapter
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    images = page_images(review_pdf(chapter))
    for number, image in enumerate(images, start=1):
        (folder / f"page-{number:02d}.png").write_bytes(image)
    return len(images)


def main(arguments: list[str]) -> int:
    for chapter in arguments or chapter_ids():
        print(f"{chapter}: {regenerate(chapter)} pages")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
