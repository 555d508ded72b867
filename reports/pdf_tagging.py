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


def _name(value: str) -> Any:
    import pikepdf

    return pikepdf.Name(f"/{value}")


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
    own date, never the clock)."""
    import pikepdf
    from pikepdf import Array, Dictionary, Name

    with pikepdf.open(io.BytesIO(pdf_bytes)) as pdf:
        pages = [page.obj for page in pdf.pages]
        tree_root = pdf.make_indirect(Dictionary(Type=Name.StructTreeRoot))
        document = pdf.make_indirect(Dictionary(Type=Name.StructElem, S=Name.Document, P=tree_root))
        kids: dict[int, list[Any]] = {id(document): []}
        elements: dict[Node, Any] = {}
        element_page: dict[Node, int] = {}
        page_elements: dict[int, list[Any]] = {}

        paged: set[Node] = set()  # the elements given their page (/Pg): those with marked content of their own
        # Names and table attributes made once per tree, not once per element.
        struct_elem = Name.StructElem
        roles: dict[str, Any] = {}
        attributes: dict[tuple[tuple[str, str | int], ...], dict[str, Any]] = {}

        def element(node: Node, page: int) -> Any:
            """The element of ``node``, whose marked content is drawn on ``page``: made where new, after those of
            its ancestors not made yet (outermost first), and given its page (/Pg) with its first marked content.
            Not recursive: a closure that calls itself is a reference cycle, which would keep every element and
            node alive until the next cycle collection."""
            made = elements.get(node)
            if made is not None:
                if node not in paged:
                    made.Pg = pages[page]
                    paged.add(node)
                return made
            unmade = [node]
            while (ancestor := unmade[-1].parent) is not None and ancestor not in elements:
                unmade.append(ancestor)
            for new in reversed(unmade):
                parent = document if new.parent is None else elements[new.parent]
                # Each element is made with all it has at once (one call into pikepdf instead of one per key), its
                # names made once per tree.
                role = roles.get(new.role)
                if role is None:
                    role = roles[new.role] = _name(new.role)
                entries: dict[str, Any] = {"/Type": struct_elem, "/S": role, "/P": parent}
                if new is node:
                    entries["/Pg"] = pages[page]
                    paged.add(node)
                if new.table_attributes:
                    table = attributes.get(new.table_attributes)
                    if table is None:
                        table = attributes[new.table_attributes] = {
                            "/O": Name.Table,
                            **{f"/{key}": _pdf_value(value) for key, value in new.table_attributes},
                        }
                    entries["/A"] = Dictionary(table)
                made = pdf.make_indirect(entries)  # type: ignore[call-overload]  # pikepdf converts a dict itself
                kids[id(parent)].append(made)
                kids[id(made)] = []
                elements[new] = made
                element_page[new] = page
            return made

        for mark in marks:
            made = element(mark.node, mark.page)
            if element_page[mark.node] == mark.page:
                kids[id(made)].append(mark.mcid)
            else:
                kids[id(made)].append(Dictionary(Type=Name.MCR, Pg=pages[mark.page], MCID=mark.mcid))
            on_page = page_elements.setdefault(mark.page, [])
            if len(on_page) != mark.mcid:
                raise ValueError(f"page {mark.page + 1}: MCID {mark.mcid} recorded out of order")
            on_page.append(made)

        next_key = len(pages)
        link_objects: list[tuple[int, Any]] = []
        links_by_page: dict[int, list[Node | None]] = {}
        for link_page, node in links:
            links_by_page.setdefault(link_page, []).append(node)
        for page, on_page in sorted(links_by_page.items()):
            annotations = list(pages[page].get("/Annots", []))
            if len(annotations) != len(on_page):
                raise ValueError(f"page {page + 1}: {len(annotations)} annotations, {len(on_page)} links recorded")
            for annotation, node in zip(annotations, on_page, strict=True):
                owner = elements.get(node) if node is not None else None
                if owner is None:
                    continue
                kids[id(owner)].append(Dictionary(Type=Name.OBJR, Obj=annotation, Pg=pages[page]))
                annotation.StructParent = next_key
                link_objects.append((next_key, owner))
                next_key += 1

        for made in [document, *elements.values()]:
            children = kids[id(made)]
            made.K = children[0] if len(children) == 1 and isinstance(children[0], int) else Array(children)

        numbers: list[Any] = []
        for page, on_page in sorted(page_elements.items()):
            pages[page].StructParents = page
            numbers += [page, pdf.make_indirect(Array(on_page))]
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
        tree_root.K = document
        for key, owner in link_objects:
            numbers += [key, owner]
        tree_root.ParentTree = pdf.make_indirect(Dictionary(Nums=Array(numbers)))
        tree_root.ParentTreeNextKey = next_key
        pdf.Root.MarkInfo = Dictionary(Marked=True)
        pdf.Root.StructTreeRoot = tree_root
        if dated is not None:
            _write_xmp(pdf, dated)
        out = io.BytesIO()
        # The second half of the file ID is derived from the content (qpdf otherwise draws it at random); the many
        # small structure elements go into compressed object streams (PDF 1.5), which keeps the file near its
        # untagged size. The XMP packet written above names no PDF version, so pikepdf is not asked to parse it
        # again to update one.
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


def _pdf_value(value: str | int) -> Any:
    return value if isinstance(value, int) else _name(value)
