"""The PDF review is a tagged PDF: the catalog says so, a structure tree holds the document's headings, paragraphs and
tables in reading order, every piece of marked content on a page belongs to exactly one element of it, and the
running header, footer and table decoration are artifacts. Tagging adds operators around what is drawn and nothing
else: the text a reader extracts is the same as from the untagged build.

The tree is read with pikepdf (the raw objects) and the page content with pikepdf's content-stream parser and
pdfplumber (which reports each character's marked-content tag and MCID)."""

from __future__ import annotations

import io
import itertools
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pdfplumber
import pikepdf
import pypdf
import pytest
from pacomply.checker.review import Review
from pacomply.reports.pdf import render_pdf

from tests.reports.renderings import example_document, example_pdf, example_review

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

HEADING = re.compile(r"^H([1-6])$")
STANDARD_ROLES = {"Document", "H1", "H2", "H3", "P", "Table", "TR", "TH", "TD", "Caption", "TOC", "TOCI", "Link"}
HEADER_BAND = 0.6 * 72  # the running header is drawn above this distance from the top (points)
FOOTER_BAND = 0.7 * 72  # the footer below this height


def _plain(text: str) -> str:
    """Text compared without white space (characters from pdfplumber carry no spaces between words)."""
    return re.sub(r"\s+", "", text)


@dataclass
class Element:
    role: str
    page: int | None  # 0-based page of its /Pg
    content: list[tuple[int, int]] = field(default_factory=list)  # (page, MCID) it marks, in order
    children: list[Element] = field(default_factory=list)
    attributes: dict[str, str] = field(default_factory=dict)
    obj: pikepdf.Object | None = None
    annotations: list[pikepdf.Object] = field(default_factory=list)  # object references (link annotations)

    def walk(self) -> Iterator[Element]:
        yield self
        for child in self.children:
            yield from child.walk()

    def all_content(self) -> list[tuple[int, int]]:
        return [mark for element in self.walk() for mark in element.content]


@dataclass
class Tagged:
    """The raw objects (pikepdf), the structure tree, and pdfplumber's characters of each page, parsed on first use
    (a test reading one or two pages of a long review parses only those; a test reading them all parses each once)."""

    data: bytes
    pdf: pikepdf.Pdf
    document: Element
    plumbed: pdfplumber.PDF
    _page_chars: dict[int, list[dict]] = field(default_factory=dict)
    _page_texts: dict[int, dict[int, str]] = field(default_factory=dict)

    def chars(self, number: int) -> list[dict]:
        """pdfplumber's characters of page ``number`` (0-based)."""
        if number not in self._page_chars:
            self._page_chars[number] = list(self.plumbed.pages[number].chars)
        return self._page_chars[number]

    def all_chars(self) -> list[list[dict]]:
        return [self.chars(number) for number in range(len(self.plumbed.pages))]

    def texts(self, number: int) -> dict[int, str]:
        """The characters drawn in each MCID of page ``number``."""
        if number not in self._page_texts:
            drawn: dict[int, list[str]] = {}
            for char in self.chars(number):
                if char.get("mcid") is not None:
                    drawn.setdefault(char["mcid"], []).append(char["text"])
            self._page_texts[number] = {mcid: "".join(value) for mcid, value in drawn.items()}
        return self._page_texts[number]

    def text(self, element: Element) -> str:
        return "".join(self.texts(page).get(mcid, "") for page, mcid in element.all_content())

    def elements(self, role: str) -> list[Element]:
        return [element for element in self.document.walk() if element.role == role]


def _read_tree(pdf: pikepdf.Pdf) -> Element:
    page_numbers = {page.obj.objgen: number for number, page in enumerate(pdf.pages)}

    def read(obj: pikepdf.Object) -> Element:
        page = page_numbers[obj.Pg.objgen] if "/Pg" in obj else None
        element = Element(str(obj.S)[1:], page, obj=obj)
        if "/A" in obj:
            element.attributes = {str(key)[1:]: str(value).lstrip("/") for key, value in obj.A.items()}
        kids = obj.get("/K")
        for kid in [] if kids is None else (list(kids) if isinstance(kids, pikepdf.Array) else [kids]):
            if isinstance(kid, int):
                assert page is not None, "an MCID with no /Pg to say its page"
                element.content.append((page, int(kid)))
            elif kid.get("/Type") == "/MCR":
                element.content.append((page_numbers[kid.Pg.objgen], int(kid.MCID)))
            elif kid.get("/Type") == "/OBJR":
                element.annotations.append(kid.Obj)
            else:
                assert kid.P.objgen == obj.objgen, "a child's /P names another parent"
                element.children.append(read(kid))
        return element

    tree_root = pdf.Root.StructTreeRoot
    assert tree_root.K.S == "/Document"
    return read(tree_root.K)


def _tagged(example: str) -> Tagged:
    """An example's PDF (tests/reports/renderings.py), its pages read through the process's shared opening."""
    data = example_pdf(example)
    pdf = pikepdf.open(io.BytesIO(data))
    return Tagged(data, pdf, _read_tree(pdf), example_document(example))


@dataclass(frozen=True)
class Sequence_:
    tag: str
    properties: dict[str, str]


def _marked_content(page: pikepdf.Page) -> tuple[list[int], list[Sequence_], list[tuple[str, tuple[str, ...]]]]:
    """The MCIDs a page's content stream opens (in order), every sequence opened, and each painting or text operator
    with the tags open around it. Asserts BDC/BMC and EMC balance."""
    stack: list[str] = []
    mcids: list[int] = []
    opened: list[Sequence_] = []
    drawn: list[tuple[str, tuple[str, ...]]] = []
    painting = {"Tj", "TJ", "'", '"', "f", "f*", "F", "S", "s", "B", "B*", "b", "b*", "Do", "sh"}
    for operands, operator in pikepdf.parse_content_stream(page):
        name = str(operator)
        if name in {"BMC", "BDC"}:
            tag = str(operands[0])[1:]
            properties: dict[str, str] = {}
            if name == "BDC" and isinstance(operands[1], pikepdf.Dictionary):
                properties = {str(key)[1:]: str(value) for key, value in operands[1].items()}
                if "MCID" in properties:
                    mcids.append(int(properties["MCID"]))
            stack.append(tag)
            opened.append(Sequence_(tag, properties))
        elif name == "EMC":
            assert stack, "EMC with no open marked content"
            stack.pop()
        elif name in painting:
            drawn.append((name, tuple(stack)))
    assert not stack, f"marked content left open at the end of the page: {stack}"
    return mcids, opened, drawn


@pytest.fixture(scope="module")
def tagged(violations_review: Review) -> Tagged:
    assert violations_review is example_review("686a-violations.xlsx")
    return _tagged("686a-violations.xlsx")


@pytest.fixture(scope="module")
def untagged(violations_review: Review) -> bytes:
    return render_pdf(violations_review, tagged=False)


def test_catalog_says_the_file_is_tagged_and_keeps_language_and_title(tagged: Tagged) -> None:
    root = tagged.pdf.Root
    assert root.MarkInfo.Marked is True
    assert root.StructTreeRoot.Type == "/StructTreeRoot"
    assert str(root.Lang) == "en-US"
    assert root.ViewerPreferences.DisplayDocTitle is True
    assert str(tagged.pdf.docinfo.Title).startswith("Rules Submission Review")
    for page in tagged.pdf.pages:
        assert page.obj.Tabs == "/S"  # links are visited in structure order


def test_untagged_build_has_no_structure(untagged: bytes) -> None:
    """The baseline the other tests compare with really is untagged (so a passing comparison means something)."""
    pdf = pikepdf.open(io.BytesIO(untagged))
    assert "/StructTreeRoot" not in pdf.Root and "/MarkInfo" not in pdf.Root
    for page in pdf.pages:
        assert not _marked_content(page)[1]


def test_marked_content_is_balanced_and_every_mcid_belongs_to_exactly_one_element(tagged: Tagged) -> None:
    in_streams: set[tuple[int, int]] = set()
    for number, page in enumerate(tagged.pdf.pages):
        mcids, _opened, _drawn = _marked_content(page)
        assert len(mcids) == len(set(mcids)), f"page {number + 1}: an MCID is used twice"
        assert mcids == list(range(len(mcids))), f"page {number + 1}: MCIDs are not numbered in drawing order"
        in_streams |= {(number, mcid) for mcid in mcids}
    in_tree = Counter(tagged.document.all_content())
    assert in_tree, "the structure tree marks nothing"
    assert [mark for mark, count in in_tree.items() if count > 1] == []
    assert set(in_tree) == in_streams


def test_parent_tree_maps_each_mcid_back_to_its_element(tagged: Tagged) -> None:
    tree_root = tagged.pdf.Root.StructTreeRoot
    numbers = list(tree_root.ParentTree.Nums)
    parent_tree = {int(numbers[index]): numbers[index + 1] for index in range(0, len(numbers), 2)}
    # Keys 0 … pages-1 are the pages; the link annotations follow.
    annotations = sum(len(page.obj.get("/Annots", [])) for page in tagged.pdf.pages)
    assert int(tree_root.ParentTreeNextKey) == len(tagged.pdf.pages) + annotations
    owners = {mark: element for element in tagged.document.walk() for mark in element.content}
    for number, page in enumerate(tagged.pdf.pages):
        key = int(page.obj.StructParents)
        assert key == number
        parents = parent_tree[key]
        mcids = _marked_content(page)[0]
        assert len(parents) == len(mcids)
        for mcid in mcids:
            owner = owners[(number, mcid)].obj
            assert owner is not None and parents[mcid].objgen == owner.objgen


def test_every_drawing_is_either_tagged_content_or_an_artifact(tagged: Tagged) -> None:
    """Nothing is painted outside marked content (PDF/UA: real content is tagged, the rest marked Artifact)."""
    for number, page in enumerate(tagged.pdf.pages):
        _mcids, _opened, drawn = _marked_content(page)
        assert drawn
        loose = [operator for operator, open_tags in drawn if not open_tags]
        assert loose == [], f"page {number + 1}: drawn outside any marked content: {loose[:5]}"
        # Marked content is never nested (text extractors track one MCID at a time): real content is never inside
        # an artifact, nor an artifact inside real content.
        nested = {open_tags for _operator, open_tags in drawn if len(open_tags) > 1}
        assert nested == set(), f"page {number + 1}: nested marked content {nested}"


def test_running_header_and_footer_are_pagination_artifacts(tagged: Tagged) -> None:
    pages = tagged.pdf.pages
    for number, page in enumerate(pages):
        _mcids, opened, _drawn = _marked_content(page)
        pagination = [sequence.properties.get("Subtype") for sequence in opened if sequence.tag == "Artifact"]
        # The cover has a footer only; every other page a header and a footer.
        expected = ["/Footer"] if number == 0 else ["/Header", "/Footer"]
        assert [subtype for subtype in pagination if subtype is not None] == expected, number + 1
        height = float(page.mediabox[3])
        band = [
            char
            for char in tagged.chars(number)
            if char["bottom"] > height - FOOTER_BAND or (number > 0 and char["top"] < HEADER_BAND)
        ]
        assert band, f"page {number + 1}: no header or footer text found"
        assert {(char.get("tag"), char.get("mcid")) for char in band} == {("Artifact", None)}
        footer = "".join(char["text"] for char in band if char["bottom"] > height - FOOTER_BAND)
        assert f"Page{number + 1}of{len(pages)}" in _plain(footer)


def test_the_tree_is_the_documents_structure_in_reading_order(tagged: Tagged) -> None:
    roles = {element.role for element in tagged.document.walk()}
    assert roles <= STANDARD_ROLES, roles - STANDARD_ROLES
    assert {"H1", "H2", "P", "Table", "TR", "TH", "TD", "TOC", "TOCI"} <= roles
    # Depth-first order of the tree is the order the content was drawn: page by page, MCID by MCID.
    order = tagged.document.all_content()
    assert order == sorted(order)
    # Headings never skip a level on the way down (H1 then H2 then H3).
    levels = [int(match[1]) for e in tagged.document.walk() if (match := HEADING.match(e.role))]
    assert levels[0] == 1
    assert all(level <= previous + 1 for previous, level in itertools.pairwise(levels))
    # Every leaf's text is in the tree: the tagged characters are all the page's characters but the artifacts.
    for number, chars in enumerate(tagged.all_chars()):
        real = [char for char in chars if char.get("tag") != "Artifact"]
        assert all(char.get("mcid") is not None for char in real), number + 1


def test_each_outline_entry_has_a_heading_with_its_text_on_its_page(tagged: Tagged) -> None:
    reader = pypdf.PdfReader(io.BytesIO(tagged.data))
    outline: list[tuple[str, int, int]] = []

    def walk(items: list, depth: int) -> None:
        for item in items:
            if isinstance(item, list):
                walk(item, depth + 1)
            else:
                outline.append((str(item.title), reader.get_destination_page_number(item), depth))

    walk(reader.outline, 0)
    headings = [
        (_plain(tagged.text(element)), element.content[0][0], int(element.role[1]))
        for element in tagged.document.walk()
        if HEADING.match(element.role)
    ]
    assert len(outline) >= 9
    for title, page, depth in outline:
        if title == "Cover":
            # The cover's bookmark has no printed heading of its own: the document title heads page 1.
            assert ("RulesSubmissionReview", 0, 1) in headings
            continue
        assert (_plain(title), page, depth + 1) in headings, (title, page)


def test_tables_are_tagged_with_rows_header_cells_and_data_cells(tagged: Tagged) -> None:
    tables = tagged.elements("Table")
    assert len(tables) >= 10
    for table in tables:
        assert table.content == []
        assert {child.role for child in table.children} <= {"TR", "Caption"}
        rows = [child for child in table.children if child.role == "TR"]
        assert rows, "a table without rows"
        for row in rows:
            assert row.children and {cell.role for cell in row.children} <= {"TH", "TD"}
            for cell in row.children:
                assert cell.all_content(), "a cell marks no content"
    # The checklist: a header row of column headers, then one row per question, with the answer a data cell.
    checklist = [
        table
        for table in tables
        if [_plain(tagged.text(cell)) for cell in table.children[0].children]
        == ["Section", "Question", "Answer", "Findings"]
    ]
    assert checklist, "the checklist table is not tagged"
    header = checklist[0].children[0].children
    assert [(cell.role, cell.attributes.get("Scope")) for cell in header] == [("TH", "Column")] * 4
    assert all(cell.attributes.get("O") == "Table" for cell in header)
    body = checklist[0].children[1:]
    assert len(body) > 3 and all([cell.role for cell in row.children] == ["TD"] * 4 for row in body)
    # Label/value tables (the cover, each finding): the label is a row header.
    cover = tables[0]
    first = cover.children[0].children
    assert _plain(tagged.text(first[0])) == "Licensee"
    assert first[0].role == "TH" and first[0].attributes.get("Scope") == "Row" and first[1].role == "TD"
    # A finding's block: its title spans the table and is its caption.
    captions = [table.children[0] for table in tables if table.children[0].role == "Caption"]
    assert any(tagged.text(caption).startswith("686A-") for caption in captions)


def test_a_header_row_repeated_on_the_next_page_is_read_once() -> None:
    # 687a's violations review: its Board-figures table and a par sheet's lines run over pages (686a's no longer
    # splits a table, each moving whole where three rows would not stay on each side).
    tagged = _tagged("687a-violations.xlsx")
    split = [table for table in tagged.elements("Table") if len({page for page, _ in table.all_content()}) > 1]
    assert split, "no table of this review runs over a page (the example no longer exercises repeated headers)"
    checked = 0
    for table in split:
        first_row = table.children[0]
        if not first_row.children or any(cell.attributes.get("Scope") != "Column" for cell in first_row.children):
            continue
        pages = sorted({page for page, _ in table.all_content()})
        header_page = first_row.children[0].content[0][0]
        continuation = pages[-1]
        assert continuation != header_page
        # The header is drawn again on the continuation page, as artifact characters.
        labels = [_plain(tagged.text(cell)) for cell in first_row.children]
        # (Compared without white space, as the labels are: a label of several words is drawn with its spaces.)
        artifact_text = _plain(
            "".join(char["text"] for char in tagged.chars(continuation) if char.get("tag") == "Artifact")
        )
        assert all(label in artifact_text for label in labels), labels
        # …and tagged once: no header cell of the table marks content on the continuation page.
        assert all(page == header_page for cell in first_row.children for page, _ in cell.content)
        checked += 1
    assert checked


def test_contents_entries_are_toc_items(tagged: Tagged) -> None:
    (contents,) = tagged.elements("TOC")
    entries = [_plain(tagged.text(item)) for item in contents.children]
    assert {child.role for child in contents.children} == {"TOCI"}
    # Each entry is a link: a Link element holding the title and the entry's annotations (title and page number).
    for item in contents.children:
        assert [child.role for child in item.children] == ["Link"] and item.children[0].annotations
    # Each entry reads as its title: the dots and page number reportlab draws before it are an
    # artifact between two pieces of its marked content.
    assert entries[0] == "1Summary"
    outline_titles = [_plain(tagged.text(heading)) for heading in tagged.elements("H1")]
    assert entries[0] in outline_titles
    assert len(entries) >= 9


def test_text_extraction_is_unchanged_by_tagging(tagged: Tagged, untagged: bytes) -> None:
    # The tagged file's pages as this module's fixture parsed them (the same bytes; each page is parsed once).
    with pdfplumber.open(io.BytesIO(untagged)) as without:
        assert [page.extract_text() for page in tagged.plumbed.pages] == [page.extract_text() for page in without.pages]
    with_tags_reader, without_reader = pypdf.PdfReader(io.BytesIO(tagged.data)), pypdf.PdfReader(io.BytesIO(untagged))
    assert [page.extract_text() for page in with_tags_reader.pages] == [
        page.extract_text() for page in without_reader.pages
    ]


def test_tagged_pdf_is_byte_identical_for_the_same_review(violations_review: Review, tagged: Tagged) -> None:
    assert render_pdf(violations_review) == tagged.data


def test_pdf_ua_checker_finds_nothing_but_the_absent_conformance_claim(
    tagged: Tagged, untagged: bytes, tmp_path: Path
) -> None:
    """pdfua checks the machine-checkable subset of PDF/UA-1 (veraPDF, the reference checker, needs a JVM). The
    review does not claim PDF/UA in its XMP (UA-28-004): no checker of the whole standard has passed it. Everything
    else passes, and the untagged build fails the tagging rules, so the checker is looking."""
    import pdfua  # the test extra

    tagged_file, untagged_file = tmp_path / "tagged.pdf", tmp_path / "untagged.pdf"
    tagged_file.write_bytes(tagged.data)
    untagged_file.write_bytes(untagged)
    assert {finding.rule_id for finding in pdfua.validate(str(tagged_file)).findings} == {"UA-28-004"}
    untagged_rules = {finding.rule_id for finding in pdfua.validate(str(untagged_file)).findings}
    assert {"UA-01-002", "UA-01-005"} <= untagged_rules


def test_every_link_annotation_is_a_link_element_and_says_where_it_goes(
    tagged: Tagged, violations_review: Review
) -> None:
    tree_root = tagged.pdf.Root.StructTreeRoot
    numbers = list(tree_root.ParentTree.Nums)
    parent_tree = {int(numbers[index]): numbers[index + 1] for index in range(0, len(numbers), 2)}
    owners = {annotation.objgen: element for element in tagged.document.walk() for annotation in element.annotations}
    links = [annotation for page in tagged.pdf.pages for annotation in page.obj.get("/Annots", [])]
    assert len(links) > 20  # the contents' entries and every finding's citation
    uris = 0
    for annotation in links:
        assert annotation.Subtype == "/Link"
        owner = owners[annotation.objgen]
        assert owner.role == "Link" and owner.all_content(), "a link with no text in its element"
        assert parent_tree[int(annotation.StructParent)].objgen == owner.obj.objgen
        description = str(annotation.Contents)
        if "/A" in annotation:
            assert description == f"Open {annotation.A.URI}"
            assert _plain(tagged.text(owner)).startswith("58Pa.Code")  # a finding's citation
            uris += 1
        else:
            assert re.fullmatch(r"Go to page \d+", description), description
    assert uris == len(violations_review.findings)  # one citation link in each finding's block
    assert int(tree_root.ParentTreeNextKey) == len(tagged.pdf.pages) + len(links)


def test_structure_holds_for_a_shrunk_cover() -> None:
    """633a-compliant: fifteen wagers shrink the cover to fit (its content is drawn scaled). The same invariants hold:
    never nested, every MCID in one element, reading order; the cover's three headings are tagged on page 1."""
    tagged = _tagged("633a-compliant.json")
    in_streams: set[tuple[int, int]] = set()
    for number, page in enumerate(tagged.pdf.pages):
        mcids, _opened, drawn = _marked_content(page)
        assert all(len(open_tags) == 1 for _operator, open_tags in drawn), number + 1
        in_streams |= {(number, mcid) for mcid in mcids}
    order = tagged.document.all_content()
    assert len(order) == len(set(order)) and set(order) == in_streams and order == sorted(order)
    first_page_headings = [
        _plain(tagged.text(element))
        for element in tagged.document.walk()
        if HEADING.match(element.role) and element.content[0][0] == 0
    ]
    assert first_page_headings == ["RulesSubmissionReview", "Rulebooksapplied", "Ataglance"]
    (contents,) = tagged.elements("TOC")
    assert len(contents.children) >= 9


def test_pikepdfs_lxml_does_not_change_how_workbooks_are_read_or_written() -> None:
    """pikepdf installs lxml, which openpyxl would otherwise use: other bytes for the same workbook, and a DOCTYPE in a
    filing no longer refused. A fresh process importing pacomply (no test setting inherited) keeps openpyxl off it."""
    import os
    import subprocess
    import sys

    import lxml  # noqa: F401  (installed with pikepdf: the case this guards against)

    environment = {key: value for key, value in os.environ.items() if key != "OPENPYXL_LXML"}
    probe = "import pacomply, openpyxl.xml; print(openpyxl.xml.LXML, openpyxl.xml.DEFUSEDXML)"
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, env=environment, timeout=120
    )
    assert result.stdout.split() == ["False", "True"]


def test_a_workbook_is_refused_where_openpyxl_was_loaded_through_lxml_before_pacomply() -> None:
    """A program that imported openpyxl (through lxml) before pacomply cannot have its filings parsed without
    defusedxml's guard: the reader refuses with exit 2 and says why, instead of reading entities it should refuse."""
    import os
    import subprocess
    import sys

    from tests.conftest import EXAMPLES

    environment = {key: value for key, value in os.environ.items() if key != "OPENPYXL_LXML"}
    probe = (
        "import sys, openpyxl.xml\n"
        "assert openpyxl.xml.LXML\n"
        "from pacomply.cli import run_app\n"
        f"sys.argv = ['pacomply', 'validate', {str(EXAMPLES / '686a-compliant.xlsx')!r}]\n"
        "sys.exit(run_app())\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, env=environment, timeout=300, check=False
    )
    assert result.returncode == 2, result.stdout + result.stderr
    assert "bypasses defusedxml" in result.stderr


def test_a_recorded_mark_is_a_frozen_value_and_a_node_is_compared_by_identity() -> None:
    from pacomply.reports.pdf_tagging import Mark, Node

    cell = Node("TD", Node("TR", Node("Table")))
    mark = Mark(page=2, mcid=7, node=cell)
    assert (mark.page, mark.mcid, mark.node) == (2, 7, cell)
    assert mark == Mark(2, 7, cell)
    assert mark != Mark(2, 7, Node("TD", cell.parent))  # the same role under the same row: another element
    with pytest.raises(AttributeError):
        mark.mcid = 8  # type: ignore[misc]
