"""The PDF review of each chapter's violations example, page by page, against the pictures kept in
``tests/reports/pages/`` (see :mod:`tests.reports.page_images`, which also regenerates them).

Compared with a small tolerance rather than byte for byte: a page matches when it has the same size and at most
:data:`MOST_PIXELS_CHANGED` of its pixels differ by more than :data:`SHADE_STEP` grey levels. Anti-aliasing that a
poppler or FreeType release draws a shade differently stays under it; a line of text, a table row or a heading
moved is well over it (one line of body text covers about 1.5 % of a page at 20 dots per inch). The page count
must match exactly. One chapter runs in the default suite; every chapter under ``-m slow``."""

from __future__ import annotations

import io

import pytest
from pacomply.regulations.chapters import chapter_ids

from tests.reports.page_images import page_images, review_pdf, stored_pages

SHADE_STEP = 32
MOST_PIXELS_CHANGED = 0.005
SAMPLE_CHAPTER = "686a"


def changed_share(stored: bytes, rendered: bytes) -> float:
    """The share of pixels whose grey level differs by more than SHADE_STEP (1.0 where the sizes differ)."""
    from PIL import Image, ImageChops

    before = Image.open(io.BytesIO(stored)).convert("L")
    after = Image.open(io.BytesIO(rendered)).convert("L")
    if before.size != after.size:
        return 1.0
    difference = ImageChops.difference(before, after)
    changed = sum(count for level, count in enumerate(difference.histogram()) if level > SHADE_STEP)
    return changed / (before.size[0] * before.size[1])


CHAPTERS = [name if name == SAMPLE_CHAPTER else pytest.param(name, marks=pytest.mark.slow) for name in chapter_ids()]


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_review_pages_look_as_kept(chapter: str) -> None:
    stored = stored_pages(chapter)
    assert stored, f"no pages kept for {chapter}: run python -m tests.reports.page_images {chapter}"
    rendered = page_images(review_pdf(chapter))
    assert len(rendered) == len(stored), f"{chapter}: {len(rendered)} pages, {len(stored)} kept"
    moved = {
        path.name: round(share, 4)
        for path, image in zip(stored, rendered, strict=True)
        if (share := changed_share(path.read_bytes(), image)) > MOST_PIXELS_CHANGED
    }
    assert moved == {}, f"{chapter}: pages that changed (share of pixels); regenerate if on purpose"


def test_the_comparison_sees_a_page_that_moved() -> None:
    """A page against the next one of the same review (a different layout) is well over the tolerance; a page
    against itself is zero."""
    first, second = (path.read_bytes() for path in stored_pages(SAMPLE_CHAPTER)[2:4])
    assert changed_share(first, first) == 0.0
    assert changed_share(first, second) > 10 * MOST_PIXELS_CHANGED
