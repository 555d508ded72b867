"""Structure-aware PDF builders for hostile-input tests: streams under any filter chain and spelling.

A PDF is assembled object by object with a correct cross-reference table, so the damage sits where a parser
trusts the structure (a stream's filters, its length, a stream shared by many pages) rather than in bytes a
parser would reject at once.
"""

from __future__ import annotations

import base64
import binascii
import zlib
from dataclasses import dataclass

PAGE_TEXT = b"BT /F1 12 Tf 72 720 Td (Name of Licensee: Keystone Downs) Tj ET"


@dataclass(frozen=True)
class StreamSpec:
    """How one content stream is encoded and spelled."""

    payload_size: int
    """Bytes of page content once every filter is undone (the page text, then spaces)."""
    filters: tuple[str, ...] = ("FlateDecode",)
    """Applied in order when the file is read (the first entry undoes the outermost encoding)."""
    spelling: str = "plain"
    """plain, escaped (#44 for a letter), abbreviated (/Fl), indirect (the /Filter an object of its own)."""
    padding: int = 0
    """Extra bytes of dictionary entries before /Filter (pushes it far from 'stream')."""
    line_end: bytes = b"\n"
    """What follows the 'stream' keyword: \\n, \\r\\n or a bare \\r."""


_ABBREVIATIONS = {"FlateDecode": "Fl", "ASCII85Decode": "A85", "ASCIIHexDecode": "AHx", "RunLengthDecode": "RL",
                  "LZWDecode": "LZW"}  # fmt: skip


def _innermost(size: int, name: str) -> bytes:
    """The payload encoded by the last filter read, produced without ever holding the inflated bytes."""
    spaces = max(0, size - len(PAGE_TEXT))
    if name == "FlateDecode":
        compressor = zlib.compressobj(9)
        parts = [compressor.compress(PAGE_TEXT)]
        block = b" " * (1 << 20)
        for _ in range(spaces // len(block)):
            parts.append(compressor.compress(block))
        parts.append(compressor.compress(b" " * (spaces % len(block))))
        parts.append(compressor.flush())
        return b"".join(parts)
    if name == "RunLengthDecode":
        literal = b"".join(bytes([len(chunk) - 1]) + chunk for chunk in (PAGE_TEXT[i : i + 128] for i in
                                                                         range(0, len(PAGE_TEXT), 128)))  # fmt: skip
        return literal + bytes([129, 32]) * (spaces // 128) + b"\x80"
    return _encode(PAGE_TEXT + b" " * spaces, (name,))


def _encode(payload: bytes, filters: tuple[str, ...]) -> bytes:
    data = payload
    for name in reversed(filters):  # the last filter read is the first one applied when writing
        if name == "FlateDecode":
            data = zlib.compress(data, 9)
        elif name == "ASCII85Decode":
            data = base64.a85encode(data) + b"~>"
        elif name == "ASCIIHexDecode":
            data = binascii.hexlify(data) + b">"
        elif name == "RunLengthDecode":
            data = _run_length(data)
        else:
            raise ValueError(name)
    return data


def _run_length(data: bytes) -> bytes:
    out = bytearray()
    position = 0
    while position < len(data):
        run = 1
        while position + run < len(data) and run < 128 and data[position + run] == data[position]:
            run += 1
        if run > 1:
            out += bytes([257 - run, data[position]])
        else:
            out += bytes([0, data[position]])
        position += run
    return bytes(out + b"\x80")


def _name(name: str, spelling: str) -> str:
    if spelling == "abbreviated":
        return "/" + _ABBREVIATIONS.get(name, name)
    if spelling == "escaped":
        return "/" + name[:5] + f"#{ord(name[5]):02X}" + name[6:]
    return "/" + name


def pdf_with_stream(spec: StreamSpec, pages: int = 1, encrypted: bool = False) -> bytes:
    """A PDF whose ``pages`` pages all draw the one content stream described by ``spec``."""
    objects: dict[int, bytes] = {}
    content_id, font_id, filter_id, pages_id, catalog_id = 3, 4, 5, 2, 1
    first_page = 10
    names = [_name(name, spec.spelling) for name in spec.filters]
    filter_value = names[0] if len(names) == 1 else "[" + " ".join(names) + "]"
    if spec.spelling == "indirect":
        objects[filter_id] = ("[" + " ".join(names) + "]").encode()
        filter_value = f"{filter_id} 0 R"
    encoded = _encode(_innermost(spec.payload_size, spec.filters[-1]), spec.filters[:-1])
    padding = b"".join(b"/Pad%d %d " % (n, n) for n in range(spec.padding // 10 + 1)) if spec.padding else b""
    objects[content_id] = (
        b"<< " + padding + b"/Length " + str(len(encoded)).encode() + b" /Filter " + filter_value.encode() + b" >>\n"
        b"stream" + spec.line_end + encoded + b"\nendstream"
    )
    objects[font_id] = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"
    kids = []
    for index in range(pages):
        page_id = first_page + index
        kids.append(f"{page_id} 0 R")
        objects[page_id] = (
            f"<< /Type /Page /Parent {pages_id} 0 R /MediaBox [0 0 612 792] /Contents {content_id} 0 R "
            f"/Resources << /Font << /F1 {font_id} 0 R >> >> >>"
        ).encode()
    objects[pages_id] = f"<< /Type /Pages /Kids [{' '.join(kids)}] /Count {pages} >>".encode()
    objects[catalog_id] = f"<< /Type /Catalog /Pages {pages_id} 0 R >>".encode()
    trailer_extra = ""
    if encrypted:
        encrypt_id = max(objects) + 1
        objects[encrypt_id] = (
            b"<< /Filter /Standard /V 1 /R 2 /O <" + b"00" * 32 + b"> /U <" + b"11" * 32 + b"> /P -4 >>"
        )
        identifier = "<00112233445566778899aabbccddeeff>"
        trailer_extra = f" /Encrypt {encrypt_id} 0 R /ID [{identifier} {identifier}]"
    return _assemble(objects, catalog_id, trailer_extra)


def _assemble(objects: dict[int, bytes], root: int, trailer_extra: str = "") -> bytes:
    out = bytearray(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
    offsets: dict[int, int] = {}
    for number in sorted(objects):
        offsets[number] = len(out)
        out += f"{number} 0 obj\n".encode() + objects[number] + b"\nendobj\n"
    size = max(objects) + 1
    xref = len(out)
    out += f"xref\n0 {size}\n".encode() + b"0000000000 65535 f \n"
    for number in range(1, size):
        if number in offsets:
            out += f"{offsets[number]:010d} 00000 n \n".encode()
        else:
            out += b"0000000000 65535 f \n"
    out += f"trailer\n<< /Size {size} /Root {root} 0 R{trailer_extra} >>\nstartxref\n{xref}\n%%EOF\n".encode()
    return bytes(out)
