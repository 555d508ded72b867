"""The structure tree is written as qpdf JSON and read by qpdf in one call (``reports/pdf_tagging.py``,
``add_structure_tree``). The file must be the one the straightforward way writes, element for element: each element,
parent-tree entry and reference made as a pikepdf object of its own (:func:`_tree_made_object_by_object`, the way the
review was tagged before). Both are given the same build's PDF and marks and must return the same bytes: for a
review (tables with row and column headers, captions, links in findings and contents) and for a small document
with what no example review has today (an element drawn on two pages, a cell spanning columns, a link with no
text under it, a row heading a table that starts on a later page).
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

import pikepdf
import pytest
from pacomply.checker.review import Review
from pacomply.reports.pdf import document as pdf_document
from pacomply.reports.pdf_tagging import Mark, Node, _link_description, add_structure_tree, saved_tagged
from pikepdf import Array, Dictionary, Name
from reportlab.pdfgen import canvas as pdf_canvas


def _tree_made_object_by_object(pdf_bytes: bytes, marks: Sequence[Mark], links: Sequence[tuple[int, Any]]) -> bytes:
    """The structure tree as pikepdf objects, one at a time: each element made when its first marked content (or
    that of a descendant) is met, its ancestors before it, and given its page with its own first marked content;
    an MCID on another page than the one its element was made on is a marked-content reference; each link
    annotation an object reference after its element's marked content, and a description of where it goes. Saved
    as ``add_structure_tree`` saves."""
    with pikepdf.open(io.BytesIO(pdf_bytes)) as pdf:
        pages = [page.obj for page in pdf.pages]
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
        page_numbers = {page_object.objgen: number for number, page_object in enumerate(pages)}
        for page_object in pages:
            page_object.Tabs = Name.S
            for annotation in page_object.get("/Annots", []):
                if not str(annotation.get("/Contents", "")):
                    description = _link_description(annotation, page_numbers)
                    if description is not None:
                        annotation.Contents = pikepdf.String(description)
        tree_root.K = document
        tree_root.ParentTree = pdf.make_indirect(Dictionary(Nums=Array(numbers + link_numbers)))
        tree_root.ParentTreeNextKey = next_key
        pdf.Root.MarkInfo = Dictionary(Marked=True)
        pdf.Root.StructTreeRoot = tree_root
        return saved_tagged(pdf)


def _built_tree_inputs(review: Review, monkeypatch: pytest.MonkeyPatch) -> tuple[bytes, list[Mark], list[Any]]:
    """What a render of ``review`` hands to ``add_structure_tree``: the PDF as reportlab wrote it, its marks and
    links."""
    handed: list[tuple[bytes, list[Mark], list[Any]]] = []

    def kept(pdf_bytes: bytes, marks: Sequence[Mark], links: Sequence[Any] = (), dated: Any = None) -> bytes:
        handed.append((pdf_bytes, list(marks), list(links)))
        return add_structure_tree(pdf_bytes, marks, links, dated=dated)

    monkeypatch.setattr(pdf_document, "add_structure_tree", kept)
    pdf_document.render_pdf(review)
    (inputs,) = handed
    return inputs


def test_a_reviews_structure_tree_is_the_one_made_object_by_object(
    violations_review: Review, monkeypatch: pytest.MonkeyPatch
) -> None:
    pdf_bytes, marks, links = _built_tree_inputs(violations_review, monkeypatch)
    roles = {mark.node.role for mark in marks}
    assert {"H1", "P", "TH", "TD", "Caption", "Link"} <= roles
    assert any(node is not None for _page, node in links)
    assert add_structure_tree(pdf_bytes, marks, links) == _tree_made_object_by_object(pdf_bytes, marks, links)


def _small_document() -> bytes:
    """Three pages as reportlab writes them uncompressed (as a tagged build does), two links on the first."""
    buffer = io.BytesIO()
    canvas = pdf_canvas.Canvas(buffer, invariant=1, pageCompression=0)
    canvas.drawString(72, 720, "Contents")
    canvas.linkURL("https://www.pacodeandbulletin.gov/", (72, 700, 200, 712))
    canvas.linkURL("https://www.pa.gov/", (72, 680, 200, 692))
    canvas.showPage()
    canvas.drawString(72, 720, "Wagers")
    canvas.showPage()
    canvas.drawString(72, 720, "Readings")
    canvas.showPage()
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
    pdf_bytes = _small_document()
    written = add_structure_tree(pdf_bytes, marks, links)
    assert written == _tree_made_object_by_object(pdf_bytes, marks, links)
    with pikepdf.open(io.BytesIO(written)) as pdf:
        document = pdf.Root.StructTreeRoot.K
        written_paragraph = document.K[1]
        assert written_paragraph.S == "/P" and written_paragraph.K[0] == 1
        assert written_paragraph.K[1].Type == "/MCR" and written_paragraph.K[1].MCID == 0
        assert written_paragraph.K[1].Pg.objgen == pdf.pages[1].obj.objgen
        assert dict(document.K[2].K[0].K[0].A.items()) == {"/O": "/Table", "/Scope": "/Column", "/ColSpan": 2}
        assert int(pdf.Root.StructTreeRoot.ParentTreeNextKey) == 3 + 1


@pytest.mark.parametrize("role", ["T D", "TD/", "Ünder", ""])
def test_a_role_that_is_not_a_plain_name_is_refused_not_written(role: str) -> None:
    """qpdf JSON takes a name's characters as they are: a role with a space, a delimiter or a non-ASCII letter would
    write a broken name into the file, so it is refused."""
    with pytest.raises(ValueError, match="not a plain PDF name"):
        add_structure_tree(_small_document(), [Mark(0, 0, Node(role))])
