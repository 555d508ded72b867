"""What a page's content keeps for a drawing made at save (:class:`pacomply.reports.pdf.furniture.DeferringCanvas`):
each place is a comment line of its own, found by its literal start; the same words anywhere else on a line are
left as they are."""

from __future__ import annotations

import io

import pikepdf
import pytest
from pacomply.reports.pdf import furniture
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


def _small_file() -> bytes:
    """A file with what reportlab formats beside page content: a link, an outline entry, a title, author and subject
    with characters outside ASCII, a name with characters a PDF name escapes (a bookmark key)."""
    buffer = io.BytesIO()
    canvas = DeferringCanvas(buffer, pageCompression=0, invariant=1, tagged=False)
    # (reportlab's Canvas takes no title or author as arguments: set, they would not reach the file.)
    canvas.setTitle("Revue — 633a")
    canvas.setAuthor("Łódź (pacomply)")
    canvas.setSubject("tab\there, the line\nand a control \x1f")
    canvas.drawString(72, 720, "Payout 3 to 2 (blackjack) — café")
    canvas.bookmarkPage("key with spaces/#(x)")
    canvas.addOutlineEntry("Wager math — 6", "key with spaces/#(x)", level=0)
    canvas.linkURL("https://www.pacodeandbulletin.gov/", (72, 700, 200, 712))
    canvas.linkRect("", "key with spaces/#(x)", (72, 680, 200, 692))
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def test_the_file_written_with_the_faster_encoding_and_names_is_reportlabs_byte_for_byte(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from reportlab.pdfbase import pdfdoc

    ours = _small_file()
    with pikepdf.open(io.BytesIO(ours)) as pdf:
        assert (str(pdf.docinfo.Title), str(pdf.docinfo.Author)) == ("Revue — 633a", "Łódź (pacomply)")
    monkeypatch.setattr(pdfdoc, "pdfdocEnc", furniture._reportlab_encoded)
    monkeypatch.setattr(pdfdoc, "PDFName", furniture._reportlab_name)
    assert _small_file() == ours


def test_every_character_is_encoded_as_reportlabs_codec_encodes_it() -> None:
    for code in range(0x250):
        text = f"/Name{chr(code)}end"
        try:
            expected: bytes | type[Exception] = furniture._reportlab_encoded(text)
        except UnicodeEncodeError:
            expected = UnicodeEncodeError
        if expected is UnicodeEncodeError:
            with pytest.raises(UnicodeEncodeError):
                furniture._pdfdoc_encoded(text)
        else:
            assert furniture._pdfdoc_encoded(text) == expected, hex(code)
    assert furniture._pdfdoc_encoded(b"\x18 bytes as they are") == b"\x18 bytes as they are"
    for name in ("Type", "key with spaces/#(x)", "Ünïcode", "a{b}[c]<d>%e"):
        assert furniture._pdf_name(name) == furniture._reportlab_name(name)
    assert furniture._pdf_name("Type", "a", "z") == furniture._reportlab_name("Type", "a", "z")


def test_reportlabs_writer_encodes_ascii_text_without_its_codec(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every name, number, operator and reference reportlab writes goes through this module's encoding, which hands
    reportlab's codec no text ASCII encodes the same."""
    from reportlab.pdfbase import pdfdoc

    assert pdfdoc.pdfdocEnc is furniture._pdfdoc_encoded
    assert pdfdoc.PDFName is furniture._pdf_name
    given_to_codec: list[object] = []
    reportlab_encoded = furniture._reportlab_encoded

    def counted(value: object) -> object:
        given_to_codec.append(value)
        return reportlab_encoded(value)

    monkeypatch.setattr(furniture, "_reportlab_encoded", counted)
    _small_file()
    assert [
        value
        for value in given_to_codec
        if isinstance(value, str) and value.isascii() and not any("\x18" <= character <= "\x1f" for character in value)
    ] == []
