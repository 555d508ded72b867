"""Tagged PDF for the review: the marked content drawn on each page, and the structure tree written with the file.

reportlab writes no structure tree, so the review is tagged in two steps:

1. While the build lays the pages out, the canvas keeps every page inside an artifact (``/Artifact BMC``)
   except where a piece of the document's text is drawn: a heading, a paragraph, a table cell, a contents entry. Each
   of those is drawn inside its own marked-content sequence (``/H1 <</MCID n>> BDC`` … ``EMC``), written with
   reportlab's public ``Canvas.addLiteral``, and the :class:`Recorder` notes its page, MCID and structure node. So
   table backgrounds, rules and grid lines are artifacts without being named, and the running header and footer are
   pagination artifacts. A header row that a split table repeats on the next page is drawn again by the same cell
   objects; the repeat stays an artifact, so a screen reader reads each header once.
2. When the canvas saves the file (:class:`TaggingCanvas`, :class:`TaggedWriting`), the catalog gets ``/MarkInfo``
   and a ``/StructTreeRoot``: a ``Document`` element whose descendants are the recorded nodes in the order they were
   drawn (the reading order), each leaf pointing at its marked content, each page its ``/StructParents`` key into
   the ``/ParentTree``. The pages' and links' entries are set on reportlab's objects before it writes them; the
   tree, the XMP metadata and the new catalog are appended as an incremental update in a compressed object stream.
   The file is never read again, and its bytes (its ID included) are fixed for a given review.

Links: a paragraph that is one link (a contents entry, a finding's citation) is a ``Link`` element holding its text
and an object reference to its annotation (the annotation's ``/StructParent`` leads back); each annotation carries a
``/Contents`` saying where it goes.
"""

from __future__ import annotations

import hashlib
import re
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, NamedTuple
from xml.sax.saxutils import escape

from reportlab.pdfgen import canvas as pdf_canvas

ARTIFACT_OPEN = "/Artifact BMC"
HEADER_OPEN = "/Artifact <</Type /Pagination /Subtype /Header>> BDC"
FOOTER_OPEN = "/Artifact <</Type /Pagination /Subtype /Footer>> BDC"
CLOSE = "EMC"

#: zlib's level for what a tagged build compresses itself (each page's content, the object stream). Measured on the
#: 28 example reviews: level 1 takes 0.06 s of CPU in all against 0.15 s at zlib's default (6), for files about 7 %
#: larger (4.49 MB against 4.19 MB; the reviews were 4.25 MB when qpdf compressed them at its default).
COMPRESSION_LEVEL = 1


class _FastestFlate:
    """reportlab's Flate filter (``pdfdoc.PDFZCompress``) at :data:`COMPRESSION_LEVEL`: the font subsets and their
    character maps reportlab compresses at zlib's default, over 3 MB of input for the 28 example reviews; at level
    1 they took 0.035 s of CPU in all against 0.060 s, for reviews 1.8 % larger (4.57 MB against 4.49 MB)."""

    pdfname = "FlateDecode"

    def encode(self, text: str | bytes) -> bytes:
        return zlib.compress(text.encode("utf8") if isinstance(text, str) else text, COMPRESSION_LEVEL)

    def decode(self, encoded: bytes) -> bytes:
        return zlib.decompress(encoded)


_FASTEST_FLATE = _FastestFlate()


@dataclass(frozen=True, eq=False, slots=True)
class Node:
    """A structure element to be: its standard type ('H1', 'P', 'TD' …), its parent (None: the Document) and its
    table attributes (``/A <</O /Table …>>``: a header cell's scope, a spanned cell's column count).

    Compared by identity: two cells with the same text are two elements."""

    role: str
    parent: Node | None = None
    table_attributes: tuple[tuple[str, str | int], ...] = ()


class Mark(NamedTuple):
    """One marked-content sequence drawn: its page (0-based), its MCID on that page and the node it belongs to.

    A named tuple, not a frozen dataclass: a build records one for every piece of text it draws (thousands a review),
    and a tuple is made in half the time."""

    page: int
    mcid: int
    node: Node


#: A mark made as Mark(...) makes it, without the named tuple's own constructor (a Python function).
_new_mark = tuple.__new__
#: What ends a piece of marked content: the page's artifact again.
_CLOSED = f"{CLOSE} {ARTIFACT_OPEN}"


class Recorder:
    """The marked content of one build, in the order it was drawn."""

    def __init__(self) -> None:
        self.marks: list[Mark] = []
        self._next_mcid: dict[int, int] = {}
        # Objects drawn in this build, kept alive so that an id() is never reused by a later object.
        self._drawn: list[object] = []
        self._drawn_ids: set[int] = set()
        self._open: Node | None = None
        self._paused: Node | None = None
        # Each link annotation made, in order: its page and the node whose text it sits on (None: no text).
        self.links: list[tuple[int, Node | None]] = []

    def begin(self, canvas: pdf_canvas.Canvas, node: Node, drawn: object) -> bool:
        """Leave the page's artifact and open ``node``'s marked content; False (nothing written) where ``drawn``
        was already drawn in this build: a repeated table header, which stays an artifact."""
        # Called for every piece of text a review draws (some 50,000 for the 28 example filings): the page's content
        # is appended to and the page number read as reportlab's addLiteral and getPageNumber do, without the calls.
        key = id(drawn)
        drawn_ids = self._drawn_ids
        if key in drawn_ids:
            return False
        self._drawn.append(drawn)
        drawn_ids.add(key)
        page = canvas._pageNumber - 1
        next_mcid = self._next_mcid
        mcid = next_mcid.get(page, 0)
        next_mcid[page] = mcid + 1
        self.marks.append(_new_mark(Mark, (page, mcid, node)))
        self._open = node
        canvas._code.append(f"{CLOSE} /{node.role} <</MCID {mcid}>> BDC")
        return True

    def end(self, canvas: pdf_canvas.Canvas) -> None:
        """Close the marked content and go back to the page's artifact."""
        self._open = None
        canvas._code.append(_CLOSED)

    def pause(self, canvas: pdf_canvas.Canvas) -> Node | None:
        """Step out of the open marked content into the page's artifact (for decoration drawn in the middle of a
        tagged paragraph); the node to :meth:`resume`, None where nothing was open. Marked content is never nested:
        text extractors track one MCID at a time."""
        node = self._open
        if node is not None:
            self.end(canvas)
        self._paused = node
        return node

    def resume(self, canvas: pdf_canvas.Canvas, node: Node | None) -> None:
        """Go on with ``node``'s content in a new marked-content sequence (a second MCID of the same element)."""
        self._paused = None
        if node is not None:
            self.begin(canvas, node, object())

    def link(self, canvas: pdf_canvas.Canvas) -> None:
        """Note a link annotation being made on the current page, for the node being drawn (or paused)."""
        self.links.append((canvas.getPageNumber() - 1, self._open or self._paused))


class TaggingCanvas(pdf_canvas.Canvas):
    """A reportlab canvas that records marked content and writes the file with its structure tree
    (:class:`TaggedWriting`); ``tagging`` is None where the PDF is built untagged. ``metadata_date``, where set,
    gives the file XMP metadata of that date (the document's own, never the clock)."""

    def __init__(self, *args: Any, tagged: bool = True, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.tagging: Recorder | None = Recorder() if tagged else None
        self.metadata_date: datetime | None = None
        if tagged:
            # reportlab's save and getpdfdata both have the file written by its document's format, once the fonts,
            # the catalog, the document information and the outline are made (PDFDocument.GetPDFData).
            document = self._doc

            def tagged_format() -> bytes:
                recorder = self.tagging
                if recorder is None:
                    raise RuntimeError("the recorder of a tagged build was taken off before the file was written")
                writing = TaggedWriting(recorder)
                writing.prepare(document)
                return writing.write(document, self.metadata_date)

            document.format = tagged_format

    def linkRect(self, *args: Any, **kwargs: Any) -> Any:
        if self.tagging is not None:
            self.tagging.link(self)
        return super().linkRect(*args, **kwargs)

    def linkURL(self, *args: Any, **kwargs: Any) -> Any:
        if self.tagging is not None:
            self.tagging.link(self)
        return super().linkURL(*args, **kwargs)

    def open_artifact(self, opening: str = ARTIFACT_OPEN) -> None:
        if self.tagging is not None:
            self.addLiteral(opening)

    def close_artifact(self) -> None:
        if self.tagging is not None:
            self.addLiteral(CLOSE)


def recorder_of(canvas: object) -> Recorder | None:
    """The canvas's recorder, where it is a tagging canvas building a tagged PDF."""
    return getattr(canvas, "tagging", None)


def table_nodes(
    rows: int,
    columns: int,
    header_rows: int = 0,
    header_columns: int = 0,
    caption_row: bool = False,
) -> tuple[Node, list[list[Node]]]:
    """The Table node and a node for each cell: TH (scope Column) in the header rows, TH (scope Row) in the header
    columns, TD elsewhere. With ``caption_row`` the first row is one cell spanning the table, tagged Caption."""
    table = Node("Table")
    cells: list[list[Node]] = []
    for row in range(rows):
        if caption_row and row == 0:
            caption = Node("Caption", table)
            cells.append([caption] * columns)
            continue
        tr = Node("TR", table)
        line = []
        for column in range(columns):
            if row < header_rows:
                line.append(Node("TH", tr, (("Scope", "Column"),)))
            elif column < header_columns:
                line.append(Node("TH", tr, (("Scope", "Row"),)))
            else:
                line.append(Node("TD", tr))
        cells.append(line)
    return table, cells


class _Annotation(NamedTuple):
    """A link annotation among an element's kids: its page (0-based) and reportlab's name for it."""

    page: int
    name: str


class _TreePlan:
    """The structure tree worked out from the recorded marks in plain Python: the elements in the order they are
    made, each element's kids (its MCIDs, marked-content references, child elements and link annotations, in
    order), its page, and each page's elements in MCID order."""

    def __init__(self, marks: Sequence[Mark]) -> None:
        # The elements in the order they are made: each after its ancestors (outermost first).
        self.order: list[Node] = []
        # Each element's kids in order (None: the Document element's): an MCID on the page the element was made on,
        # a (page, MCID) drawn on another page (a marked-content reference), a child Node, or a link annotation.
        self.kids: dict[Node | None, list[int | tuple[int, int] | Node | _Annotation]] = {None: []}
        # The page (/Pg) of each element with marked content of its own: that of its first.
        self.page_of: dict[Node, int] = {}
        self.page_elements: dict[int, list[Node]] = {}
        # The link annotations tied to an element, in the order of their parent-tree keys (after the pages').
        self.link_owners: list[Node] = []
        made_on: dict[Node, int] = {}
        kids, page_of, page_elements = self.kids, self.page_of, self.page_elements
        # The marks come page after page: the list of the page in hand is kept between them.
        on_page_of: int | None = None
        on_page: list[Node] = []
        for page, mcid, node in marks:
            own = kids.get(node)
            if own is None:
                unmade = [node]
                while (ancestor := unmade[-1].parent) is not None and ancestor not in kids:
                    unmade.append(ancestor)
                for new in reversed(unmade):
                    kids[new.parent].append(new)
                    kids[new] = []
                    made_on[new] = page
                    self.order.append(new)
                own = kids[node]
                page_of[node] = page  # its first mark's
                own.append(mcid)
            else:
                if node not in page_of:
                    page_of[node] = page
                own.append(mcid if made_on[node] == page else (page, mcid))
            if page != on_page_of:
                on_page = page_elements.setdefault(page, [])
                on_page_of = page
            if len(on_page) != mcid:
                raise ValueError(f"page {page + 1}: MCID {mcid} recorded out of order")
            on_page.append(node)

    def tie_link(self, page: int, name: str, node: Node | None, pages: int) -> int | None:
        """Make the annotation ``name`` on ``page`` a kid of ``node``'s element, after what it holds so far; its key
        in the parent tree (after the keys of the document's ``pages``), None where it sits on no element's text."""
        if node is None or node not in self.kids:
            return None
        self.kids[node].append(_Annotation(page, name))
        self.link_owners.append(node)
        return pages + len(self.link_owners) - 1


class TaggedWriting:
    """The tagged file written in reportlab's one pass, without reading the file again.

    Before reportlab's objects are formatted (:meth:`prepare`), the entries the structure tree needs are set on them:
    each page's ``/StructParents`` and ``/Tabs``, each link annotation's ``/StructParent`` and ``/Contents``; and
    each page's content is compressed (Flate). :meth:`write` then writes the file in place of reportlab's own
    ``PDFDocument.format``: reportlab formats each of its objects, in its order and numbering; the streams are
    written as they are, and every other object, the structure tree's objects (written here in PDF syntax) and the
    catalog (reportlab's, with ``/StructTreeRoot``, ``/MarkInfo`` and ``/Metadata``) are packed into one compressed
    object stream, indexed by a cross-reference stream (PDF 1.5, which the header says). The file ID is derived from
    the content.

    This relies on reportlab's document model (``reportlab.pdfbase.pdfdoc``: the document's ``format``, its object
    numbering ``numberToId``, ``idToObject`` and ``idToObjectNumberAndVersion``, the page objects'
    ``__NoDefault__`` entries, the link annotations' ``permitted`` keys and ``otherkw``, a destination's page
    reference), which is why pyproject.toml bounds reportlab from above."""

    def __init__(self, recorder: Recorder) -> None:
        self.plan = _TreePlan(recorder.marks)
        self.links = recorder.links

    def prepare(self, document: Any) -> None:
        """Set the pages' and the annotations' entries in reportlab's ``document`` (a ``PDFDocument`` about to be
        formatted) and compress each page's content."""
        from reportlab.pdfbase.pdfdoc import PDFDictionary, PDFName, PDFPage, PDFStream

        plan = self.plan
        pages = document.Pages.pages
        page_numbers = {page.__InternalName__: number for number, page in enumerate(pages)}
        links_by_page: dict[int, list[Node | None]] = {}
        for link_page, node in self.links:
            links_by_page.setdefault(link_page, []).append(node)
        entries = [*PDFPage.__NoDefault__, "StructParents", "Tabs"]
        tab_order = PDFName("S")
        flate = PDFName("FlateDecode")
        for number, page in enumerate(pages):
            names = [reference.name for reference in page.Annots or ()]
            on_page = links_by_page.get(number)
            if on_page is not None and len(names) != len(on_page):
                raise ValueError(f"page {number + 1}: {len(names)} annotations, {len(on_page)} links recorded")
            for index, name in enumerate(names):
                annotation = document.idToObject[name]
                key = None if on_page is None else plan.tie_link(number, name, on_page[index], len(pages))
                _describe_link(annotation, key, page_numbers)
            page.__NoDefault__ = entries
            page.Tabs = tab_order
            if number in plan.page_elements:
                page.StructParents = number
            if not page.Contents and page.stream:
                stream = page.stream
                content = stream if isinstance(stream, bytes) else stream.encode("utf-8")
                page.Contents = PDFStream(PDFDictionary({"Filter": flate}), zlib.compress(content, COMPRESSION_LEVEL))

    def write(self, document: Any, dated: datetime | None) -> bytes:
        """The file of reportlab's ``document``, in place of its ``format``: each object formatted by reportlab in
        reportlab's order and numbering (formatting one may register more), the streams written as they are and
        every other object packed into one compressed object stream with the structure tree's, the catalog last
        (reportlab's, with ``/StructTreeRoot``, ``/MarkInfo`` and, given ``dated``, XMP ``/Metadata`` of that date),
        indexed by a cross-reference stream."""
        from reportlab.pdfbase import pdfdoc

        document.encrypt.prepare(document)
        if document.encrypt.info():
            raise ValueError("an encrypted PDF cannot be tagged")
        catalog, information = document.Catalog, document.info
        document.Reference(catalog)
        document.Reference(information)
        numbers = document.idToObjectNumberAndVersion
        number_to_name, objects_by_name = document.numberToId, document.idToObject
        header = b"%PDF-1.5\n%\x93\x8c\x8b\x9e ReportLab Generated PDF document (opensource)\n"
        body: list[bytes] = [header]
        offset = len(header)
        offsets: dict[int, int] = {}  # the objects written on their own (streams): their offsets in the file
        packed: list[tuple[int, bytes]] = []  # the others, for the object stream
        number = 0
        while True:
            number += 1
            name = number_to_name.get(number)
            if name is None:
                break
            found = objects_by_name[name]
            if type(found) is pdfdoc.PDFStream and found.filters:
                # reportlab's own compressed streams (the font subsets and their character maps) at this writer's
                # level too, where reportlab compresses at zlib's default.
                found.filters = [_FASTEST_FLATE if each is pdfdoc.PDFZCompress else each for each in found.filters]
            written = pdfdoc.format(found, document, toplevel=1)
            if written.endswith(b"endstream\n"):
                indirect = b"%d 0 obj\n%bendobj\n" % (number, written)
                offsets[number] = offset
                body.append(indirect)
                offset += len(indirect)
            else:
                packed.append((number, written))
        catalog_number = numbers[catalog.__InternalName__][0]
        tree, next_number = self._tree(document, first=number)
        if dated is not None:
            packet = _xmp_packet(information, dated)
            metadata = b"%d 0 obj\n<</Type/Metadata/Subtype/XML/Length %d>>\nstream\n%b\nendstream\nendobj\n" % (
                next_number,
                len(packet),
                packet,
            )
            catalog.Metadata = f"{next_number} 0 R"
            offsets[next_number] = offset
            body.append(metadata)
            offset += len(metadata)
            next_number += 1
        # The catalog again, as reportlab writes it (its references were made when it was first formatted), now
        # with the tree and the tagged mark.
        catalog.StructTreeRoot = f"{number} 0 R"
        catalog.MarkInfo = "<</Marked true>>"
        packed = [(packed_number, written) for packed_number, written in packed if packed_number != catalog_number]
        packed.append((catalog_number, pdfdoc.format(catalog, document, toplevel=1)))
        if len(number_to_name) != number - 1:
            raise RuntimeError("reportlab made an object while the catalog was written again, after the last number")
        packed += tree

        stream_number = next_number
        index: list[bytes] = []
        position = 0
        for packed_number, written in packed:
            index.append(b"%d %d" % (packed_number, position))
            position += len(written) + 1
        listed = b" ".join(index) + b"\n"
        content = zlib.compress(listed + b"\n".join(written for _number, written in packed) + b"\n", COMPRESSION_LEVEL)
        object_stream = (
            b"%d 0 obj\n<</Type/ObjStm/N %d/First %d/Filter/FlateDecode/Length %d>>\nstream\n%b\nendstream\nendobj\n"
            % (stream_number, len(packed), len(listed), len(content), content)
        )
        offsets[stream_number] = offset
        body.append(object_stream)
        offset += len(object_stream)

        # The cross-reference stream: each object where it is (type 1: at an offset; type 2: in the object stream,
        # at an index), rows of 1 byte, 4 (or more, for a number that needs more) and 2 (or more), each given as its
        # difference from the row above (PNG's Up predictor), which a run of objects in the stream turns into runs of
        # zeros.
        xref_number = stream_number + 1
        offsets[xref_number] = offset
        wide = max(4, (max(offset, stream_number).bit_length() + 7) // 8)
        narrow = max(2, (len(packed).bit_length() + 7) // 8)
        rows = [b""] * (xref_number + 1)
        rows[0] = bytes(1 + wide) + (65535).to_bytes(narrow, "big")  # object 0: the head of the free list
        for place, (packed_number, _written) in enumerate(packed):
            rows[packed_number] = b"\x02" + stream_number.to_bytes(wide, "big") + place.to_bytes(narrow, "big")
        for offset_number, at in offsets.items():
            rows[offset_number] = b"\x01" + at.to_bytes(wide, "big") + bytes(narrow)
        if not all(rows):
            raise RuntimeError("an object number was given to no object")
        table = _up_predicted(rows)
        digest = hashlib.md5(b"".join(body), usedforsecurity=False).hexdigest()
        info = pdfdoc.format(document.Reference(information), document).decode("ascii")
        body.append(
            b"%d 0 obj\n" % xref_number
            + (
                f"<</Type/XRef/Size {xref_number + 1}/W[1 {wide} {narrow}]/Root {catalog_number} 0 R/Info {info}"
                f"/ID[<{digest}><{digest}>]/Filter/FlateDecode/DecodeParms<</Predictor 12/Columns {1 + wide + narrow}>>"
                f"/Length {len(table)}>>\nstream\n"
            ).encode("ascii")
            + table
            + f"\nendstream\nendobj\nstartxref\n{offset}\n%%EOF\n".encode("ascii")
        )
        return b"".join(body)

    def _tree(self, document: Any, first: int) -> tuple[list[tuple[int, bytes]], int]:
        """The structure tree's objects, numbered from ``first`` (the tree root), written in PDF syntax; and the
        next number free after them."""
        plan = self.plan
        numbers = document.idToObjectNumberAndVersion
        page_references = [f"{numbers[page.__InternalName__][0]} 0 R" for page in document.Pages.pages]
        references: dict[Node | None, str] = {None: f"{first + 1} 0 R"}
        for index, node in enumerate(plan.order, start=first + 2):
            references[node] = f"{index} 0 R"
        entries_first = first + 2 + len(plan.order)
        parent_tree = entries_first + len(plan.page_elements)
        next_key = len(page_references) + len(plan.link_owners)

        def kids_of(node: Node | None) -> str:
            """The element's /K: its one MCID alone, else an array of its kids."""
            kids = plan.kids[node]
            if len(kids) == 1 and isinstance(kids[0], int):
                return f" {kids[0]}"
            written = []
            for kid in kids:
                if isinstance(kid, int):
                    written.append(str(kid))
                elif isinstance(kid, Node):
                    written.append(references[kid])
                elif isinstance(kid, _Annotation):
                    written.append(f"<</Type/OBJR/Obj {numbers[kid.name][0]} 0 R/Pg {page_references[kid.page]}>>")
                else:
                    written.append(f"<</Type/MCR/Pg {page_references[kid[0]]}/MCID {kid[1]}>>")
            return f"[{' '.join(written)}]"

        objects: list[tuple[int, str]] = [
            (
                first,
                f"<</Type/StructTreeRoot/K {references[None]}/ParentTree {parent_tree} 0 R"
                f"/ParentTreeNextKey {next_key}>>",
            ),
            (first + 1, f"<</Type/StructElem/S/Document/P {first} 0 R/K{kids_of(None)}>>"),
        ]
        # What is the same for many elements is written once: each role's name, each set of table attributes.
        roles: dict[str, str] = {}
        attributes: dict[tuple[tuple[str, str | int], ...], str] = {}
        for number, node in enumerate(plan.order, start=first + 2):
            role = roles.get(node.role)
            if role is None:
                role = roles[node.role] = f"/S/{_plain_name(node.role)}"
            own_page = plan.page_of.get(node)
            page_entry = "" if own_page is None else f"/Pg {page_references[own_page]}"
            table = ""
            if node.table_attributes:
                table = attributes.get(node.table_attributes, "")
                if not table:
                    written = "".join(
                        f"/{_plain_name(key)} {_pdf_value(value)}" for key, value in node.table_attributes
                    )
                    table = attributes[node.table_attributes] = f"/A<</O/Table{written}>>"
            objects.append(
                (
                    number,
                    f"<</Type/StructElem{role}/P {references[node.parent]}{page_entry}{table}/K{kids_of(node)}>>",
                )
            )
        nums: list[str] = []
        for number, (page, drawn_on_page) in enumerate(sorted(plan.page_elements.items()), start=entries_first):
            objects.append((number, f"[{' '.join(references[node] for node in drawn_on_page)}]"))
            nums.append(f"{page} {number} 0 R")
        for key, owner in enumerate(plan.link_owners, start=len(page_references)):
            nums.append(f"{key} {references[owner]}")
        objects.append((parent_tree, f"<</Nums[{' '.join(nums)}]>>"))
        return [(number, written.encode("ascii")) for number, written in objects], parent_tree + 1


def _up_predicted(rows: list[bytes]) -> bytes:
    """``rows`` (of one length) compressed after PNG's Up predictor: each row its filter byte (2) and its
    differences from the row above, byte by byte modulo 256."""
    width = len(rows[0])
    flat = b"".join(rows)
    size = len(flat)
    above = int.from_bytes(bytes(width) + flat[:-width], "big")
    whole = int.from_bytes(flat, "big")
    # All bytes' differences at once: with each byte's high bit set in the minuend and cleared in the subtrahend no
    # byte borrows from the next; the high bits are then put right (SWAR subtraction).
    high = int.from_bytes(b"\x80" * size, "big")
    low = int.from_bytes(b"\x7f" * size, "big")
    differences = (((whole | high) - (above & low)) ^ ((whole ^ above ^ high) & high)).to_bytes(size, "big")
    return zlib.compress(b"".join(b"\x02" + differences[start : start + width] for start in range(0, size, width)))


def _describe_link(annotation: Any, key: int | None, page_numbers: dict[str, int]) -> None:
    """Give a link annotation made by reportlab its ``/StructParent`` (where ``key`` is not None) and, where its
    ``/Contents`` is empty, what it does for a screen reader that lands on it: the address it opens, or the page it
    goes to (``page_numbers``: each page's 0-based number by reportlab's name for it)."""
    from reportlab.pdfbase.pdfdoc import LinkAnnotation, PDFDictionary, PDFString

    if isinstance(annotation, LinkAnnotation):  # linkRect: a destination in the document
        if key is not None:
            annotation.permitted = (*annotation.permitted, "StructParent")
            annotation.otherkw["StructParent"] = key
        # A bookmark's destination holds a reference to its page, by the page's name.
        page = getattr(getattr(annotation.Destination, "page", None), "name", None)
        if not annotation.Contents and page in page_numbers:
            annotation.Contents = f"Go to page {page_numbers[page] + 1}"
    elif isinstance(annotation, PDFDictionary) and str(annotation.dict.get("Subtype")) == "/Link":  # linkURL
        if key is not None:
            annotation["StructParent"] = key
        action = annotation.dict.get("A")
        uri = None if action is None else action.dict.get("URI")
        if not annotation.dict.get("Contents") and isinstance(uri, PDFString):
            annotation["Contents"] = PDFString(f"Open {uri.s}")


#: Characters XML 1.0 does not allow in a document (the C0 controls other than tab, line feed, carriage return).
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f]")


def _xmp_packet(information: Any, dated: datetime) -> bytes:
    """The XMP packet: title, author, subject, keywords, producer and creator tool from reportlab's document
    information (``PDFInfo``), and its creation, modification and metadata dates all ``dated``."""

    def text(value: object) -> str:
        return escape(_NOT_XML.sub("", str(value)))

    stamp = dated.isoformat()
    alternative = '<rdf:Alt><rdf:li xml:lang="x-default">{}</rdf:li></rdf:Alt>'
    packet = (
        '<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>\n'
        '<x:xmpmeta xmlns:x="adobe:ns:meta/">\n'
        '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\n'
        '<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"'
        ' xmlns:pdf="http://ns.adobe.com/pdf/1.3/" xmlns:xmp="http://ns.adobe.com/xap/1.0/">\n'
        "<dc:format>application/pdf</dc:format>\n"
        f"<dc:title>{alternative.format(text(information.title))}</dc:title>\n"
        f"<dc:description>{alternative.format(text(information.subject))}</dc:description>\n"
        f"<dc:creator><rdf:Seq><rdf:li>{text(information.author)}</rdf:li></rdf:Seq></dc:creator>\n"
        f"<pdf:Keywords>{text(information.keywords)}</pdf:Keywords>\n"
        f"<pdf:Producer>{text(information.producer)}</pdf:Producer>\n"
        f"<xmp:CreatorTool>{text(information.creator)}</xmp:CreatorTool>\n"
        f"<xmp:CreateDate>{stamp}</xmp:CreateDate>\n"
        f"<xmp:ModifyDate>{stamp}</xmp:ModifyDate>\n"
        f"<xmp:MetadataDate>{stamp}</xmp:MetadataDate>\n"
        "</rdf:Description>\n</rdf:RDF>\n</x:xmpmeta>\n"
        '<?xpacket end="w"?>'
    )
    return packet.encode("utf-8")


def _pdf_value(value: str | int) -> str:
    """A table attribute's value: a number, or a name."""
    return str(value) if isinstance(value, int) else f"/{_plain_name(value)}"


def _plain_name(value: str) -> str:
    """``value``, checked to be a name written as it is (letters and digits: the standard structure types and
    attributes), since a name's other characters would need escaping."""
    if not value.isascii() or not value.isalnum():
        raise ValueError(f"not a plain PDF name: {value!r}")
    return value
