"""Every compressed stream of the tagged review PDF (the pages' content, the object stream, and the font subsets and
character maps reportlab makes) is compressed at the writer's one zlib level, not reportlab's default."""

from __future__ import annotations

import io
import zlib

import pikepdf
from pacomply.checker.review import Review
from pacomply.reports.interface import ReportFormat, renderer
from pacomply.reports.pdf_tagging import COMPRESSION_LEVEL


def test_every_flate_stream_of_the_review_pdf_is_compressed_at_the_writers_level(violations_review: Review) -> None:
    data = renderer(ReportFormat.PDF).render(violations_review)
    kinds: dict[str, int] = {}
    with pikepdf.open(io.BytesIO(data)) as document:
        for found in document.objects:
            if not isinstance(found, pikepdf.Stream):
                continue
            # reportlab writes its filters as an array, the writer's own streams name theirs.
            named = found.get("/Filter")
            if named != pikepdf.Name.FlateDecode and list(named or ()) != [pikepdf.Name.FlateDecode]:
                continue
            if found.get("/Type") == pikepdf.Name.XRef:
                continue  # compressed with a predictor: its rows, not its bytes, are what was compressed
            raw = found.read_raw_bytes()
            content = zlib.decompress(raw)
            kind = "font" if "/Length1" in found else str(found.get("/Type", "other"))
            kinds[kind] = kinds.get(kind, 0) + 1
            assert raw == zlib.compress(content, COMPRESSION_LEVEL), kind
    # The font subsets (those streams reportlab compresses itself) were among them, with the pages' content.
    assert kinds.get("font", 0) >= 2, kinds
    assert kinds.get("other", 0) >= 2, kinds
