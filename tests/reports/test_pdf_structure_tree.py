"""The structure tree is written with the file, in reportlab's pass (``reports/pdf_tagging.py``, ``TaggedWriting``):
the pages' and links' entries set on reportlab's objects, the tree's objects written as PDF syntax into an object
stream. The tree must be the one the straightforward way makes, element for element: each element, parent-tree
entry and reference made as a pikepdf object of its own from the same marks and links
(:func:`_tree_made_object_by_object`, the way the review was once tagged). Both trees are read back as plain values
(:func:`_tree_read`: roles, parents, pages, kids, attributes, the parent tree, the pages' and annotations' keys) and
must be equal: for a review (tables with row and column headers, captions, links in findings and contents) and for a
small document with what no example review has today (an element drawn on two pages, a cell spanning columns, a link
with no text under it, a row heading a table that starts on a later page).

The file itself is checked as qpdf reads it: no error or warning, the catalog tagged, the XMP packet of the document's
own date, the same bytes for the same review and another file ID for another.
"""

from __future__ import annotations

import dataclasses
import io
import re
import shutil
import subprocess
from collections.abc import Sequence
from typing import Any

import pikepdf
import pytest
from pacomply.checker.review import Review
from pacomply.reports import pdf_tagging
from pacomply.reports.pdf import document as pdf_document
from pacomply.reports.pdf_tagging import Mark, Node, TaggingCanvas
from pikepdf import Array, Dictionary, Name


def _link_description(annotation: Any, page_numbers: dict[tuple[int, int], int]) -> str | None:
    """What a link does, read from the annotation as written: the address it opens, or the page it goes to."""
    action = annotation.get("/A")
    if action is not None and action.get("/S") == "/URI":
        return f"Open {action.URI}"
    destination = annotation.get("/Dest")
    if destination is not None and len(destination) and destination[0].objgen in page_numbers:
        return f"Go to page {page_numbers[destination[0].objgen] + 1}"
    return None


def _tree_made_object_by_object(pdf: pikepdf.Pdf, marks: Sequence[Mark], links: Sequence[tuple[int, Any]]) -> None:
    """Replace ``pdf``'s structure tree and keys by the tree made as pikepdf objects, one at a time: each element
    made when its first marked content (or that of a descendant) is met, its ancestors before it, and given its page
    with its own first marked content; an MCID on another page than the one its element was made on is a
    marked-content reference; each link annotation an object reference after its element's marked content."""
    del pdf.Root.StructTreeRoot
    del pdf.Root.MarkInfo
    pages = [page.obj for page in pdf.pages]
    for page in pages:
        for key in ("/StructParents", "/Tabs"):
            if key in page:
                del page[key]
        for annotation in page.get("/Annots", []):
            if "/StructParent" in annotation:
                del annotation["/StructParent"]
    tree_root = pdf.make_indirect(Dictionary(Type=Name.StructTreeRoot))
    document = pdf.make_indirect(Dictionary(Type=Name.StructElem, S=Name.Document, P=tree_root))
    kids: dict[int, list[Any]] = {id(document): []}
    elements: dict[Node, Any] = {}
    made_on: dict[Node, int] = {}
    page_elements: dict[int, list[Any]] = {}
    for mark in marks:
        node = mark.node
        if node not in elements:
            unmade = [node]
            while unmade[-1].parent is not None and unmade[-1].parent not in elements:
                unmade.append(unmade[-1].parent)
            for new in reversed(unmade):
                parent = document if new.parent is None else elements[new.parent]
                element = pdf.make_indirect(Dictionary(Type=Name.StructElem, S=Name(f"/{new.role}"), P=parent))
                if new.table_attributes:
                    element.A = Dictionary(
                        {
                            "/O": Name.Table,
                            **{
                                f"/{key}": value if isinstance(value, int) else Name(f"/{value}")
                                for key, value in new.table_attributes
                            },
                        }
                    )
                kids[id(parent)].append(element)
                kids[id(element)] = []
                elements[new] = element
                made_on[new] = mark.page
        element = elements[node]
        if "/Pg" not in element:
            element.Pg = pages[mark.page]
        if made_on[node] == mark.page:
            kids[id(element)].append(mark.mcid)
        else:
            kids[id(element)].append(Dictionary(Type=Name.MCR, Pg=pages[mark.page], MCID=mark.mcid))
        page_elements.setdefault(mark.page, []).append(element)
    next_key = len(pages)
    numbers: list[Any] = []
    link_numbers: list[Any] = []
    by_page: dict[int, list[Any]] = {}
    for page, node in links:
        by_page.setdefault(page, []).append(node)
    for page, nodes in sorted(by_page.items()):
        for annotation, node in zip(pages[page].Annots, nodes, strict=True):
            if node is None or node not in elements:
                continue
            kids[id(elements[node])].append(Dictionary(Type=Name.OBJR, Obj=annotation, Pg=pages[page]))
            annotation.StructParent = next_key
            link_numbers += [next_key, elements[node]]
            next_key += 1
    for element in [document, *elements.values()]:
        held = kids[id(element)]
        element.K = held[0] if len(held) == 1 and isinstance(held[0], int) else Array(held)
    for page, on_page in sorted(page_elements.items()):
        pages[page].StructParents = page
        numbers += [page, pdf.make_indirect(Array(on_page))]
    for page_object in pages:
        page_object.Tabs = Name.S
    tree_root.K = document
    tree_root.ParentTree = pdf.make_indirect(Dictionary(Nums=Array(numbers + link_numbers)))
    tree_root.ParentTreeNextKey = next_key
    pdf.Root.MarkInfo = Dictionary(Marked=True)
    pdf.Root.StructTreeRoot = tree_root


def _tree_read(pdf: pikepdf.Pdf) -> dict[str, Any]:
    """The structure tree and the keys pointing into it as plain values: each element (depth first) its role, its
    parent's index, its page, its attributes and its kids (MCIDs, (page, MCID) references, child indexes,
    (page, annotation) references); the parent tree with element indexes; each page's /StructParents and /Tabs; each
    annotation's /StructParent and /Contents."""
    page_numbers = {page.obj.objgen: number for number, page in enumerate(pdf.pages)}
    annotation_places = {
        annotation.objgen: (number, index)
        for number, page in enumerate(pdf.pages)
        for index, annotation in enumerate(page.obj.get("/Annots", []))
    }
    tree_root = pdf.Root.StructTreeRoot
    elements: list[dict[str, Any]] = []
    index_of: dict[tuple[int, int], int] = {tree_root.objgen: -1}

    def read(obj: pikepdf.Object) -> None:
        index_of[obj.objgen] = len(elements)
        element: dict[str, Any] = {
            "role": str(obj.S),
            "parent": index_of[obj.P.objgen],
            "page": page_numbers[obj.Pg.objgen] if "/Pg" in obj else None,
            "attributes": {str(key): str(value) for key, value in obj.A.items()} if "/A" in obj else None,
            "kids": [],
        }
        elements.append(element)
        kids = obj.K
        for kid in list(kids) if isinstance(kids, pikepdf.Array) else [kids]:
            if isinstance(kid, int):
                element["kids"].append(int(kid))
            elif kid.get("/Type") == "/MCR":
                element["kids"].append(("MCR", page_numbers[kid.Pg.objgen], int(kid.MCID)))
            elif kid.get("/Type") == "/OBJR":
                element["kids"].append(("OBJR", page_numbers[kid.Pg.objgen], annotation_places[kid.Obj.objgen]))
            else:
                element["kids"].append(("element", len(elements)))
                read(kid)

    read(tree_root.K)
    nums = list(tree_root.ParentTree.Nums)
    parent_tree = {}
    for position in range(0, len(nums), 2):
        value = nums[position + 1]
        parent_tree[int(nums[position])] = (
            [index_of[entry.objgen] for entry in value] if isinstance(value, pikepdf.Array) else index_of[value.objgen]
        )
    return {
        "elements": elements,
        "parent tree": parent_tree,
        "next key": int(tree_root.ParentTreeNextKey),
        "pages": [(page.obj.get("/StructParents"), str(page.obj.get("/Tabs"))) for page in pdf.pages],
        "annotations": [
            (annotation.get("/StructParent"), str(annotation.get("/Contents")))
            for page in pdf.pages
            for annotation in page.obj.get("/Annots", [])
        ],
        "marked": bool(pdf.Root.MarkInfo.Marked),
    }


def _assert_tree_is_the_one_made_object_by_object(data: bytes, marks: Sequence[Mark], links: Sequence[Any]) -> None:
    with pikepdf.open(io.BytesIO(data)) as written:
        tree = _tree_read(written)
        page_numbers = {page.obj.objgen: number for number, page in enumerate(written.pages)}
        for page in written.pages:
            for annotation in page.obj.get("/Annots", []):
                assert str(annotation.get("/Contents", "")) == _link_description(annotation, page_numbers)
    with pikepdf.open(io.BytesIO(data)) as judged:
        _tree_made_object_by_object(judged, marks, links)
        assert tree == _tree_read(judged)


def _rendered_with_inputs(review: Review, monkeypatch: pytest.MonkeyPatch) -> tuple[bytes, list[Mark], list[Any]]:
    """A render of ``review`` and what its file was written from: the build's marks and links."""
    handed: list[tuple[list[Mark], list[Any]]] = []

    class Kept(pdf_tagging.TaggedWriting):
        def __init__(self, recorder: pdf_tagging.Recorder) -> None:
            handed.append((list(recorder.marks), list(recorder.links)))
            super().__init__(recorder)

    monkeypatch.setattr(pdf_tagging, "TaggedWriting", Kept)
    data = pdf_document.render_pdf(review)
    ((marks, links),) = handed
    return data, marks, links


def test_a_reviews_structure_tree_is_the_one_made_object_by_object(
    violations_review: Review, monkeypatch: pytest.MonkeyPatch
) -> None:
    data, marks, links = _rendered_with_inputs(violations_review, monkeypatch)
    roles = {mark.node.role for mark in marks}
    assert {"H1", "P", "TH", "TD", "Caption", "Link"} <= roles
    assert any(node is not None for _page, node in links)
    _assert_tree_is_the_one_made_object_by_object(data, marks, links)


def _small_document(marks: Sequence[Mark], links: Sequence[tuple[int, Node | None]]) -> bytes:
    """Four pages written by a tagging canvas with ``marks`` and ``links`` as its recorded ones, two links on the
    first page; the fourth page has no marked content in the tests' marks (so no parent-tree entry of its own, while
    the link keys still come after every page's)."""
    buffer = io.BytesIO()
    canvas = TaggingCanvas(buffer, invariant=1)
    canvas.drawString(72, 720, "Contents")
    canvas.linkURL("https://www.pacodeandbulletin.gov/", (72, 700, 200, 712))
    canvas.bookmarkPage("readings")
    canvas.linkRect("", "readings", (72, 680, 200, 692))
    canvas.showPage()
    canvas.drawString(72, 720, "Wagers")
    canvas.showPage()
    canvas.drawString(72, 720, "Readings")
    canvas.showPage()
    canvas.drawString(72, 720, "Appendix")
    canvas.showPage()
    recorder = canvas.tagging
    assert recorder is not None
    recorder.marks[:] = marks
    recorder.links[:] = links
    canvas.save()
    return buffer.getvalue()


def test_an_element_on_two_pages_and_a_spanned_cell_are_written_as_object_by_object() -> None:
    heading = Node("H1")
    paragraph = Node("P")  # drawn at the foot of page 1 and on at the top of page 2: a marked-content reference
    table = Node("Table")
    header_row = Node("TR", table)
    spanned = Node("TH", header_row, (("Scope", "Column"), ("ColSpan", 2)))
    row = Node("TR", table)
    row_header = Node("TH", row, (("Scope", "Row"),))
    cell = Node("TD", row)
    link = Node("Link", cell)
    marks = [
        Mark(0, 0, heading),
        Mark(0, 1, paragraph),
        Mark(1, 0, paragraph),
        Mark(1, 1, spanned),
        Mark(2, 0, row_header),
        Mark(2, 1, link),
        Mark(2, 2, cell),  # the cell's own text after its link's: the cell was made (as the link's parent) on page 3
    ]
    links = [(0, link), (0, None)]  # the second link sits on no text: no object reference, no parent-tree key
    written = _small_document(marks, links)
    _assert_tree_is_the_one_made_object_by_object(written, marks, links)
    with pikepdf.open(io.BytesIO(written)) as pdf:
        document = pdf.Root.StructTreeRoot.K
        written_paragraph = document.K[1]
        assert written_paragraph.S == "/P" and written_paragraph.K[0] == 1
        assert written_paragraph.K[1].Type == "/MCR" and written_paragraph.K[1].MCID == 0
        assert written_paragraph.K[1].Pg.objgen == pdf.pages[1].obj.objgen
        assert dict(document.K[2].K[0].K[0].A.items()) == {"/O": "/Table", "/Scope": "/Column", "/ColSpan": 2}
        assert int(pdf.Root.StructTreeRoot.ParentTreeNextKey) == 4 + 1  # four pages' keys, one link's
        assert int(pdf.pages[0].obj.Annots[0].StructParent) == 4
        assert "/StructParents" not in pdf.pages[3].obj
        first_page_links = pdf.pages[0].obj.Annots
        assert str(first_page_links[0].Contents) == "Open https://www.pacodeandbulletin.gov/"
        assert str(first_page_links[1].Contents) == "Go to page 1"
        assert "/StructParent" not in first_page_links[1]


@pytest.mark.parametrize("role", ["T D", "TD/", "Ünder", ""])
def test_a_role_that_is_not_a_plain_name_is_refused_not_written(role: str) -> None:
    """A name is written as its characters: a role with a space, a delimiter or a non-ASCII letter would write a
    broken name into the file, so it is refused."""
    with pytest.raises(ValueError, match="not a plain PDF name"):
        _small_document([Mark(0, 0, Node(role))], [])


@pytest.mark.skipif(shutil.which("qpdf") is None, reason="the qpdf command is not installed")
def test_qpdf_finds_no_error_or_warning_in_a_review(violations_review: Review, tmp_path: Any) -> None:
    path = tmp_path / "review.pdf"
    path.write_bytes(pdf_document.render_pdf(violations_review))
    checked = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True, check=False, timeout=120)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "WARNING" not in checked.stdout + checked.stderr
    assert "No syntax or stream encoding errors found" in checked.stdout


def test_the_file_is_pdf_1_5_with_its_objects_packed_and_metadata_of_the_documents_date(
    violations_review: Review,
) -> None:
    data = pdf_document.render_pdf(violations_review)
    assert data.startswith(b"%PDF-1.5\n")
    assert data.count(b"%%EOF") == 1  # one revision: the tree is written with the file, not appended
    # Only streams are objects of their own: every dictionary and array is in the object stream.
    assert data.count(b" 0 obj\n") == data.count(b"endstream\nendobj\n")
    with pikepdf.open(io.BytesIO(data)) as pdf:
        assert pdf.pdf_version == "1.5"
        kinds = {str(obj.get("/Type")) for obj in pdf.objects if isinstance(obj, pikepdf.Stream)}
        assert {"/ObjStm", "/XRef", "/Metadata"} <= kinds
        packet = pdf.Root.Metadata.read_bytes().decode("utf-8")
        with pdf.open_metadata() as metadata:
            assert metadata["dc:title"] == str(pdf.docinfo.Title)
            assert metadata["dc:description"] == str(pdf.docinfo.Subject)
            assert metadata["pdf:Keywords"] == str(pdf.docinfo.Keywords)
            assert metadata["xmp:CreatorTool"] == str(pdf.docinfo.Creator)
            dated = violations_review.review_date.isoformat()
            for key in ("xmp:CreateDate", "xmp:ModifyDate", "xmp:MetadataDate"):
                assert metadata[key] == f"{dated}T00:00:00+00:00"
        assert packet.startswith("<?xpacket begin=") and packet.endswith('<?xpacket end="w"?>')
        # Every page's content is compressed.
        assert all(page.obj.Contents.get("/Filter") == "/FlateDecode" for page in pdf.pages)


def test_the_same_review_gives_the_same_bytes_and_another_review_another_file_id(violations_review: Review) -> None:
    first = pdf_document.render_pdf(violations_review)
    assert pdf_document.render_pdf(violations_review) == first
    later = dataclasses.replace(violations_review, review_date=violations_review.review_date.replace(year=2031))
    other = pdf_document.render_pdf(later)
    assert other != first

    def file_id(data: bytes) -> tuple[bytes, bytes]:
        with pikepdf.open(io.BytesIO(data)) as pdf:
            identifier = pdf.trailer.ID
            return bytes(identifier[0]), bytes(identifier[1])

    first_id, other_id = file_id(first), file_id(other)
    assert other_id[0] != first_id[0] and other_id[1] != first_id[1]
    assert re.fullmatch(rb"[0-9a-f]{32}", first_id[0].hex().encode())


def test_the_untagged_build_is_written_by_reportlab_alone(violations_review: Review) -> None:
    """The untagged build (the baseline of the benchmark and the reading-order test) keeps reportlab's own file:
    its header, its cross-reference table, its compressed pages, no object stream."""
    data = pdf_document.render_pdf(violations_review, tagged=False)
    assert data.startswith(b"%PDF-1.4\n") and b"\nxref\n0 " in data and b"/ObjStm" not in data
    assert b"/StructTreeRoot" not in data and b"/MarkInfo" not in data


def test_the_xmp_packet_escapes_the_document_information_and_keeps_its_date() -> None:
    """A licensee's name may hold what XML escapes ('&', '<') and what it cannot hold at all (a control character):
    the packet stays well-formed XML with the text as written, less the control character."""
    from datetime import UTC, datetime

    buffer = io.BytesIO()
    canvas = TaggingCanvas(buffer, invariant=1)
    canvas.setTitle('Review — Smith & <Jones> "Casino"\x1f')
    canvas.setAuthor("pacomply")
    canvas.setSubject("686a; filed 2026-11-02")
    canvas.metadata_date = datetime(2026, 11, 2, tzinfo=UTC)
    canvas.drawString(72, 720, "Review")
    canvas.showPage()
    canvas.save()
    with pikepdf.open(io.BytesIO(buffer.getvalue())) as pdf, pdf.open_metadata() as metadata:
        assert metadata["dc:title"] == 'Review — Smith & <Jones> "Casino"'
        assert metadata["dc:description"] == "686a; filed 2026-11-02"
        assert metadata["dc:creator"] == ["pacomply"]
        assert metadata["xmp:CreateDate"] == "2026-11-02T00:00:00+00:00"
