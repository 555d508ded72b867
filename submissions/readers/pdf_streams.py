"""A budget on the bytes pdfminer inflates while a PDF filing is read: per stream and in total.

A decompression bomb is a stream that inflates to gigabytes. Spotting one by scanning the raw file for
``/FlateDecode`` misses every spelling the PDF syntax allows (filter chains, ``/Fl``, ``/Flate#44ecode``, an
indirect ``/Filter``, a long stream dictionary, ``stream\\r``) and every stream read more than once. So the budget
is kept where the bytes are produced: pdfminer's own stream decoding (``PDFStream.decode``) runs, while a filing
is read, with expanding decoders (Flate, LZW, RunLength) that stop at the budget instead of allocating the bomb,
and every decoded stream is counted, whatever its filters. pdfminer resolves names, abbreviations and indirect
objects itself, so whatever it would decode is what is counted.

The decoders are swapped in only for the duration of :func:`inflation_budget` (one reader at a time in a process:
a lock), and put back afterwards.
"""

from __future__ import annotations

import threading
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pdfminer.pdftypes import PDFStream

# A filing's pages are forms of text: a page's content stream is tens of kilobytes, an embedded font a few
# hundred. 8 MiB for one stream and 64 MiB for the whole file leave room for scanned images yet stop a bomb long
# before memory does.
MAX_STREAM_BYTES = 8 * 1024 * 1024
MAX_TOTAL_BYTES = 64 * 1024 * 1024

_LOCK = threading.RLock()


class InflationRefused(Exception):
    """A stream (or the file's streams together) would inflate past the budget."""

    def __init__(self, message: str, object_id: int | None = None) -> None:
        super().__init__(message)
        self.object_id = object_id


@dataclass
class _Budget:
    per_stream: int
    total: int
    used: int = 0
    current_object: int | None = None
    refused: InflationRefused | None = None
    """The first refusal, kept in case a caller inside pdfminer swallowed the exception."""

    def room(self) -> int:
        """How many more bytes the stream being decoded may produce."""
        return min(self.per_stream, self.total - self.used)

    def refuse(self) -> InflationRefused:
        refusal = self._refusal()
        if self.refused is None:
            self.refused = refusal
        return refusal

    def _refusal(self) -> InflationRefused:
        where = f"stream object {self.current_object}" if self.current_object is not None else "a stream"
        if self.total - self.used < self.per_stream:
            return InflationRefused(
                f"the PDF's streams inflate to more than {self.total:,} bytes in all, more than a filing can need; "
                f"refused as unsafe (a decompression bomb; reached at {where})",
                self.current_object,
            )
        return InflationRefused(
            f"{where} inflates to more than {self.per_stream:,} bytes, more than a filing can need; refused as "
            "unsafe (a decompression bomb)",
            self.current_object,
        )


_ACTIVE: _Budget | None = None


def _budget() -> _Budget:
    if _ACTIVE is None:  # the decoders are only installed while a budget is active
        raise RuntimeError("a bounded PDF decoder ran outside inflation_budget()")
    return _ACTIVE


class _CountingInflater:
    """zlib's decompressobj, stopping once the stream has produced more than the budget allows."""

    def __init__(self) -> None:
        self._inflater = zlib.decompressobj()
        self._produced = 0

    def decompress(self, data: bytes, max_length: int = 0) -> bytes:
        budget = _budget()
        room = budget.room() - self._produced
        if room < 0:
            raise budget.refuse()
        chunk = self._inflater.decompress(data, room + 1)  # never 0, which zlib reads as "no limit"
        self._produced += len(chunk)
        if self._produced > budget.room() or self._inflater.unconsumed_tail:
            raise budget.refuse()
        return chunk

    def flush(self, *args: Any) -> bytes:
        return self._inflater.flush(*args)

    @property
    def eof(self) -> bool:
        return self._inflater.eof


class _BoundedZlib:
    """What pdfminer's stream decoding sees as ``zlib``: the same calls, under the budget."""

    error = zlib.error
    MAX_WBITS = zlib.MAX_WBITS

    @staticmethod
    def decompressobj(*args: Any) -> _CountingInflater:
        return _CountingInflater()

    @staticmethod
    def decompress(data: bytes, *args: Any) -> bytes:
        inflater = _CountingInflater()
        result = inflater.decompress(data)
        if not inflater.eof:
            # zlib.decompress raises for a truncated stream; pdfminer then salvages what decodes.
            raise zlib.error("incomplete or truncated stream")
        return result


def _bounded_decompress_corrupted(data: bytes) -> bytes:
    """pdfminer's salvage of a damaged Flate stream (what decodes before the damage), in one pass, bounded."""
    inflater = _CountingInflater()
    try:
        return inflater.decompress(data)
    except zlib.error:
        return b""


def _bounded_lzwdecode(data: bytes) -> bytes:
    import io

    from pdfminer.lzw import LZWDecoder

    budget = _budget()
    parts: list[bytes] = []
    produced = 0
    for chunk in LZWDecoder(io.BytesIO(data)).run():
        produced += len(chunk)
        if produced > budget.room():
            raise budget.refuse()
        parts.append(chunk)
    return b"".join(parts)


def _bounded_rldecode(data: bytes) -> bytes:
    """RunLengthDecode (PDF 32000-1 § 7.4.5), stopping at the budget; a truncated run ends the data."""
    budget = _budget()
    output = bytearray()
    position = 0
    while position < len(data):
        length = data[position]
        position += 1
        if length == 128:
            break
        if length < 128:
            output += data[position : position + length + 1]
            position += length + 1
        else:
            if position >= len(data):
                break
            output += bytes([data[position]]) * (257 - length)
            position += 1
        if len(output) > budget.room():
            raise budget.refuse()
    return bytes(output)


def _counted_decode(original: Callable[[PDFStream], None]) -> Callable[[PDFStream], None]:
    def decode(stream: PDFStream) -> None:
        budget = _budget()
        budget.current_object = stream.objid
        original(stream)
        produced = len(stream.data or b"")
        if produced > budget.room():
            stream.data = b""
            raise budget.refuse()
        budget.used += produced

    return decode


@contextmanager
def inflation_budget(per_stream: int | None = None, total: int | None = None) -> Iterator[None]:
    """Within this block, pdfminer decodes streams under the budget; :class:`InflationRefused` past it."""
    global _ACTIVE
    import pdfminer.pdftypes as pdftypes

    per_stream = MAX_STREAM_BYTES if per_stream is None else per_stream
    total = MAX_TOTAL_BYTES if total is None else total
    # pdfminer.six (checked up to 20260107) has no public hook for a size limit: PDFStream.decode calls the module's
    # zlib, lzwdecode, rldecode and decompress_corrupted with no bound. A stream reader run before pdfminer (qpdf
    # through pikepdf) would bound the objects qpdf finds, not the ones pdfminer's own recovery of a damaged file
    # reads; so the bound stays inside pdfminer's decoding, swapped in by name for this block and put back after.
    replacements: dict[str, object] = {
        "zlib": _BoundedZlib,
        "lzwdecode": _bounded_lzwdecode,
        "rldecode": _bounded_rldecode,
        "decompress_corrupted": _bounded_decompress_corrupted,
    }
    with _LOCK:
        saved = {name: getattr(pdftypes, name) for name in replacements}
        original_decode = pdftypes.PDFStream.decode
        _ACTIVE = _Budget(per_stream, total)
        for name, replacement in replacements.items():
            setattr(pdftypes, name, replacement)
        setattr(pdftypes.PDFStream, "decode", _counted_decode(original_decode))  # noqa: B010 - a method, replaced
        try:
            yield
            if _ACTIVE.refused is not None:  # refused inside pdfminer, which may have carried on regardless
                raise _ACTIVE.refused
        finally:
            for name, value in saved.items():
                setattr(pdftypes, name, value)
            setattr(pdftypes.PDFStream, "decode", original_decode)  # noqa: B010
            _ACTIVE = None
