"""Tagged PDF for the review: the marked content drawn on each page and the structure tree added after the build.

reportlab writes no structure tree, so the review is tagged in two steps:

1. While the build lays the pages out, the canvas keeps every page inside an artifact (``/Artifact BMC``)
   except where a piece of the document's text is drawn: a heading, a paragraph, a table cell, a contents entry. Each
   of those is drawn inside its own marked-content sequence (``/H1 <</MCID n>> BDC`` … ``EMC``), written with
   reportlab's public ``Canvas.addLiteral``, and the :class:`Recorder` notes its page, MCID and structure node. So
   table backgrounds, rules and grid lines are artifacts without being named, and the running header and footer are
   pagination artifacts. A header row that a split table repeats on the next page is drawn again by the same cell
   objects; the repeat stays an artifact, so a screen reader reads each header once.
2. :func:`add_structure_tree` then gives the catalog ``/MarkInfo`` and a ``/StructTreeRoot``: a ``Document`` element
   whose descendants are the recorded nodes in the order they were drawn (the reading order), each leaf pointing at
   its marked content, each page its ``/StructParents`` key into the ``/ParentTree``. pikepdf (qpdf) edits the file;
   it is imported only here, when a PDF is made, and saves with an ID derived from the content, so the bytes stay
   fixed for a given review.

Links: a paragraph that is one link (a contents entry, a finding's citation) is a ``Link`` element holding its text
and an object reference to its annotation (the annotation's ``/StructParent`` leads back); each annotation carries a
``/Contents`` saying where it goes.
"""

from __future__ import annotations

import io
import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, NamedTuple

from reportlab.pdfgen import canvas as pdf_canvas

ARTIFACT_OPEN = "/Artifact BMC"
HEADER_OPEN = "/Artifact <</Type /Pagination /Subtype /Header>> BDC"
FOOTER_OPEN = "/Artifact <</Type /Pagination /Subtype /Footer>> BDC"
CLOSE = "EMC"


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
        if id(drawn) in self._drawn_ids:
            return False
        self._drawn.append(drawn)
        self._drawn_ids.add(id(drawn))
        page = canvas.getPageNumber() - 1
        mcid = self._next_mcid.get(page, 0)
        self._next_mcid[page] = mcid + 1
        self.marks.append(Mark(page, mcid, node))
        self._open = node
        canvas.addLiteral(f"{CLOSE} /{node.role} <</MCID {mcid}>> BDC")
        return True

    def end(self, canvas: pdf_canvas.Canvas) -> None:
        """Close the marked content and go back to the page's artifact."""
        self._open = None
        canvas.addLiteral(f"{CLOSE} {ARTIFACT_OPEN}")

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
    """A reportlab canvas that records marked content; ``tagging`` is None where the PDF is built untagged."""

    def __init__(self, *args: Any, tagged: bool = True, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.tagging: Recorder | None = Recorder() if tagged else None

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


class _TreePlan:
    """The structure tree worked out from the recorded marks in plain Python: the elements in the order they are
    made, each element's kids (its MCIDs, marked-content references, child elements and link annotations, in
    order), its page, and each page's elements in MCID order."""

    def __init__(self, marks: Sequence[Mark]) -> None:
        # The elements in the order they are made: each after its ancestors (outermost first).
        self.order: list[Node] = []
        # Each element's kids in order (None: the Document element's): an MCID on the page the element was made on,
        # a (page, MCID) drawn on another page (a marked-content reference), a child Node, or a link annotation's
        # object reference (added by add_structure_tree, already in qpdf JSON).
        self.kids: dict[Node | None, list[int | tuple[int, int] | Node | str]] = {None: []}
        # The page (/Pg) of each element with marked content of its own: that of its first.
        self.page_of: dict[Node, int] = {}
        self.page_elements: dict[int, list[Node]] = {}
        made_on: dict[Node, int] = {}
        kids, page_of, page_elements = self.kids, self.page_of, self.page_elements
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
            if node not in page_of:
                page_of[node] = page
            own.append(mcid if made_on[node] == page else (page, mcid))
            on_page = page_elements.setdefault(page, [])
            if len(on_page) != mcid:
                raise ValueError(f"page {page + 1}: MCID {mcid} recorded out of order")
            on_page.append(node)


def add_structure_tree(
    pdf_bytes: bytes,
    marks: Sequence[Mark],
    links: Sequence[tuple[int, Node | None]] = (),
    dated: datetime | None = None,
) -> bytes:
    """The PDF with its structure tree: ``marks`` (the build's, in drawing order) become the elements under a
    Document element, the pages their parent-tree entries, and the catalog says the file is tagged. ``links`` (the
    build's link annotations, in the order made) tie each annotation to the element of the text it sits on
    (an object reference in the element, a ``/StructParent`` on the annotation). With ``dated``, the catalog also
    gets an XMP metadata stream repeating the document information, its three dates all ``dated`` (the document's
    own date, never the clock).

    The tree's objects go in as qpdf JSON (version 2), read by qpdf in one call (pikepdf's
    ``update_from_qpdf_json``): made one by one through pikepdf, each of a review's thousands of elements cost a
    conversion and a call, several times what qpdf takes to read them all. qpdf then writes the whole file."""
    import pikepdf
    from pikepdf import Dictionary, Name

    plan = _TreePlan(marks)
    with pikepdf.open(io.BytesIO(pdf_bytes)) as pdf:
        pages = [page.obj for page in pdf.pages]
        page_references = [_reference(page) for page in pages]
        next_key = len(pages)
        link_owners: list[tuple[int, Node]] = []
        links_by_page: dict[int, list[Node | None]] = {}
        for link_page, node in links:
            links_by_page.setdefault(link_page, []).append(node)
        for page, on_page in sorted(links_by_page.items()):
            annotations = list(pages[page].get("/Annots", []))
            if len(annotations) != len(on_page):
                raise ValueError(f"page {page + 1}: {len(annotations)} annotations, {len(on_page)} links recorded")
            for annotation, node in zip(annotations, on_page, strict=True):
                if node is None or node not in plan.kids:
                    continue
                plan.kids[node].append(
                    f'{{"/Type":"/OBJR","/Obj":"{_reference(annotation)}","/Pg":"{page_references[page]}"}}'
                )
                annotation.StructParent = next_key
                link_owners.append((next_key, node))
                next_key += 1

        # qpdf numbers a new object one past the highest number in the file, so the tree's objects are numbered
        # from the tree root's on: the Document element, the elements in the plan's order, each page's entry of
        # the parent tree, the parent tree.
        tree_root = pdf.make_indirect(Dictionary(Type=Name.StructTreeRoot))
        first = tree_root.objgen[0]
        references: dict[Node | None, str] = {None: f"{first + 1} 0 R"}
        for index, node in enumerate(plan.order, start=first + 2):
            references[node] = f"{index} 0 R"
        entries_first = first + 2 + len(plan.order)
        parent_tree = entries_first + len(plan.page_elements)

        def kids_of(node: Node | None) -> str:
            """The element's /K: its one MCID alone, else an array of its kids."""
            kids = plan.kids[node]
            if len(kids) == 1 and isinstance(kids[0], int):
                return str(kids[0])
            written = []
            for kid in kids:
                if isinstance(kid, int):
                    written.append(str(kid))
                elif isinstance(kid, Node):
                    written.append(f'"{references[kid]}"')
                elif isinstance(kid, tuple):
                    written.append(f'{{"/Type":"/MCR","/Pg":"{page_references[kid[0]]}","/MCID":{kid[1]}}}')
                else:
                    written.append(kid)
            return f"[{','.join(written)}]"

        objects = [
            f'"obj:{first} 0 R":{{"value":{{"/Type":"/StructTreeRoot","/K":"{references[None]}",'
            f'"/ParentTree":"{parent_tree} 0 R","/ParentTreeNextKey":{next_key}}}}}',
            f'"obj:{references[None]}":{{"value":{{"/Type":"/StructElem","/S":"/Document","/P":"{first} 0 R",'
            f'"/K":{kids_of(None)}}}}}',
        ]
        # What is the same for many elements is written once: each role's name, each set of table attributes.
        roles: dict[str, str] = {}
        attributes: dict[tuple[tuple[str, str | int], ...], str] = {}
        for node in plan.order:
            role = roles.get(node.role)
            if role is None:
                role = roles[node.role] = f'"/S":"/{_plain_name(node.role)}"'
            own_page = plan.page_of.get(node)
            page_entry = "" if own_page is None else f',"/Pg":"{page_references[own_page]}"'
            table = ""
            if node.table_attributes:
                table = attributes.get(node.table_attributes, "")
                if not table:
                    written = {f"/{_plain_name(key)}": _json_value(value) for key, value in node.table_attributes}
                    table = attributes[node.table_attributes] = f',"/A":{json.dumps({"/O": "/Table", **written})}'
            objects.append(
                f'"obj:{references[node]}":{{"value":{{"/Type":"/StructElem",{role},'
                f'"/P":"{references[node.parent]}"{page_entry}{table},"/K":{kids_of(node)}}}}}'
            )
        numbers: list[str] = []
        for index, (page, drawn_on_page) in enumerate(sorted(plan.page_elements.items()), start=entries_first):
            pages[page].StructParents = page
            elements = ",".join(f'"{references[node]}"' for node in drawn_on_page)
            objects.append(f'"obj:{index} 0 R":{{"value":[{elements}]}}')
            numbers += [str(page), f'"{index} 0 R"']
        for key, owner in link_owners:
            numbers += [str(key), f'"{references[owner]}"']
        objects.append(f'"obj:{parent_tree} 0 R":{{"value":{{"/Nums":[{",".join(numbers)}]}}}}')
        header = {"jsonversion": 2, "pushedinheritedpageresources": False, "calledgetallpages": False}
        header["maxobjectid"] = parent_tree
        pdf.update_from_qpdf_json(io.BytesIO(f'{{"qpdf":[{json.dumps(header)},{{{",".join(objects)}}}]}}'.encode()))

        page_numbers = {page_object.objgen: number for number, page_object in enumerate(pages)}
        for page_object in pages:
            # Annotations (links) are visited in the order of the structure tree.
            page_object.Tabs = Name.S
            for annotation in page_object.get("/Annots", []):
                # reportlab writes an empty /Contents on its links.
                if annotation.get("/Subtype") == Name.Link and not str(annotation.get("/Contents", "")):
                    description = _link_description(annotation, page_numbers)
                    if description is not None:
                        annotation.Contents = pikepdf.String(description)
        pdf.Root.MarkInfo = Dictionary(Marked=True)
        pdf.Root.StructTreeRoot = tree_root
        if dated is not None:
            _write_xmp(pdf, dated)
        return saved_tagged(pdf)


def saved_tagged(pdf: Any) -> bytes:
    """The bytes of a tagged PDF as the reports save it. The second half of the file ID is derived from the content
    (qpdf otherwise draws it at random); the many small structure elements go into compressed object streams (PDF
    1.5), which keeps the file near its untagged size. The XMP packet names no PDF version, so pikepdf is not asked
    to parse it again to update one."""
    import pikepdf

    out = io.BytesIO()
    pdf.save(
        out,
        deterministic_id=True,
        object_stream_mode=pikepdf.ObjectStreamMode.generate,
        fix_metadata_version=False,
    )
    return out.getvalue()


def _write_xmp(pdf: Any, dated: datetime) -> None:
    """The XMP packet: title, author, subject, keywords, producer and creator tool from the document information,
    and its creation, modification and metadata dates all ``dated``. pikepdf is told not to name itself the editor,
    which would stamp the clock."""
    stamp = dated.isoformat()
    information = pdf.docinfo
    fields = {
        "dc:title": "/Title",
        "dc:description": "/Subject",
        "pdf:Keywords": "/Keywords",
        "pdf:Producer": "/Producer",
        "xmp:CreatorTool": "/Creator",
    }
    with pdf.open_metadata(set_pikepdf_as_editor=False, update_docinfo=False) as metadata:
        for key, name in fields.items():
            if name in information:
                metadata[key] = str(information[name])
        if "/Author" in information:
            metadata["dc:creator"] = [str(information["/Author"])]
        for key in ("xmp:CreateDate", "xmp:ModifyDate", "xmp:MetadataDate"):
            metadata[key] = stamp


def _link_description(annotation: Any, page_numbers: dict[tuple[int, int], int]) -> str | None:
    """What a link does, for a screen reader that lands on the annotation: the address it opens, or the page it
    goes to."""
    action = annotation.get("/A")
    if action is not None and action.get("/S") == "/URI":
        return f"Open {action.URI}"
    destination = annotation.get("/Dest")
    if destination is None and action is not None and action.get("/S") == "/GoTo":
        destination = action.get("/D")
    if destination is not None and len(destination) and destination[0].objgen in page_numbers:
        return f"Go to page {page_numbers[destination[0].objgen] + 1}"
    return None


def _reference(obj: Any) -> str:
    """An indirect object's reference as qpdf JSON writes it."""
    number, generation = obj.objgen
    return f"{number} {generation} R"


def _json_value(value: str | int) -> str | int:
    """A table attribute's value in qpdf JSON: a number, or a name."""
    return value if isinstance(value, int) else f"/{_plain_name(value)}"


def _plain_name(value: str) -> str:
    """``value``, checked to be a name written as it is (letters and digits: the standard structure types and
    attributes), since qpdf JSON takes a name's characters literally."""
    if not value.isascii() or not value.isalnum():
        raise ValueError(f"not a plain PDF name: {value!r}")
    return value
