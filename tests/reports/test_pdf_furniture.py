"""What a page's content keeps for a drawing made at save (:class:`pacomply.reports.pdf.furniture.DeferringCanvas`):
each place is a comment line of its own, found by its literal start; the same words anywhere else on a line are
left as they are."""

from __future__ import annotations

import io

import pikepdf
import pytest
from pacomply.reports.pdf.furniture import DeferringCanvas


def _page_content(data: bytes) -> str:
    """The content of the one page of ``data``."""
    with pikepdf.open(io.BytesIO(data)) as pdf:
        return pdf.pages[0].Contents.read_bytes().decode("ascii")


def test_a_drawing_made_at_save_goes_into_its_place_and_lookalike_text_stays() -> None:
    canvas = DeferringCanvas(io.BytesIO(), pageCompression=0, invariant=1, tagged=False)
    canvas.draw_later(lambda later: later.addLiteral(f"% first place, page count {later.page_count}"))
    # The same words ending a line but not starting it (as a comment could): no place.
    canvas.addLiteral("% a note that ends in %pacomply later 1")
    canvas.draw_later(lambda later: later.addLiteral("% second place"))
    canvas.showPage()
    canvas.save()
    content = _page_content(canvas.getpdfdata())
    lines = content.splitlines()
    assert "% first place, page count 1" in lines
    assert "% second place" in lines
    assert "% a note that ends in %pacomply later 1" in lines
    assert not any(line.startswith("%pacomply later") for line in lines)


def test_a_place_never_found_is_an_error() -> None:
    canvas = DeferringCanvas(io.BytesIO(), pageCompression=0, invariant=1, tagged=False)
    canvas.draw_later(lambda later: later.addLiteral("% drawn"))
    canvas._code[-1] = "% the place, no longer at a line's start: %pacomply later 0"
    canvas.showPage()
    with pytest.raises(RuntimeError, match="1 drawings waited on a page, 0 places were found"):
        canvas.save()
