"""The PDF review navigated and laid out as a reviewer uses it: bookmarks and contents links land on the page where
their section starts, tokens such as '687a.11(b)(3)' are never broken across lines, a table's configuration is not
split after two rows, no heading sits alone at the foot of a page, every font is embedded, and the catalog names the
document's language and title."""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path

import pdfplumber
import pypdf
import pytest
from pacomply.checker.review import Review
from pacomply.reports import wording
from pacomply.reports.content import TABLE_FIELDS, checklist_rows, table_display

from tests.reports.renderings import example_document, example_pdf, example_review

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
FOOTER_BAND = 0.7 * 72  # the footer is drawn below this height (points from the bottom)


def _squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


@dataclass(frozen=True)
class Rendered:
    example: str
    review: Review
    data: bytes

    @property
    def reader(self) -> pypdf.PdfReader:
        return pypdf.PdfReader(io.BytesIO(self.data))

    @property
    def document(self) -> pdfplumber.PDF:
        """The PDF opened once for every test of this process that reads it (tests/reports/renderings.py): pdfplumber
        keeps each page's parsed characters, so the page texts, words and lines below are extracted from one parse
        (the slow part)."""
        return example_document(self.example)

    def page_texts(self, pages: int | None = None) -> list[str]:
        """The text of every page, or of the first ``pages``."""
        if pages is not None and "_texts" not in self.__dict__:
            return [_squash(page.extract_text() or "") for page in self.document.pages[:pages]]
        return self._texts[:pages]

    @cached_property
    def _texts(self) -> list[str]:
        return [_squash(page.extract_text() or "") for page in self.document.pages]

    def page_words(self) -> list[list[str]]:
        return [list(words) for words in self._words]

    @cached_property
    def _words(self) -> list[list[str]]:
        return [[word["text"] for word in page.extract_words()] for page in self.document.pages]


@cache
def _render(example: str) -> Rendered:
    """One example's review and PDF, made once per test process (tests/reports/renderings.py)."""
    return Rendered(example, example_review(example), example_pdf(example))


@pytest.fixture(scope="module")
def dj_wild() -> Rendered:
    """687a-violations: one-deck tables, a checklist row cited to § 687a.11(b)(3), a three-table grid."""
    return _render("687a-violations.xlsx")


@pytest.fixture(scope="module")
def blackjack() -> Rendered:
    """633a-violations: five tables, one offering 'super_match=633a.13(i)(1)' among five wagers."""
    return _render("633a-violations.xlsx")


def _outline(reader: pypdf.PdfReader) -> list[tuple[str, int]]:
    """(title, 0-based page) of every outline entry, depth first."""
    entries: list[tuple[str, int]] = []

    def walk(items: list) -> None:
        for item in items:
            if isinstance(item, list):
                walk(item)
            else:
                entries.append((str(item.title), reader.get_destination_page_number(item)))

    walk(reader.outline)
    return entries


def _first_body_page_with(texts: list[str], title: str, after: int) -> int:
    """The first page past the contents whose text holds the heading."""
    return next(number for number, text in enumerate(texts) if number > after and _squash(title) in text)


@pytest.mark.parametrize("which", ["dj_wild", "blackjack"])
def test_every_bookmark_points_at_the_page_where_its_section_starts(which: str, request: pytest.FixtureRequest) -> None:
    rendered: Rendered = request.getfixturevalue(which)
    texts = rendered.page_texts()
    entries = _outline(rendered.reader)
    assert entries[0] == ("Cover", 0)
    # The contents may run over several pages (a 633a review lists many readings): skip to its last page.
    contents_page = max(number for number, text in enumerate(texts) if ". . . . ." in text)
    sections = entries[1:]
    assert len(sections) >= 8
    for title, page in sections:
        assert page == _first_body_page_with(texts, title, contents_page), title
    # Sections follow each other through the document, not all on one page.
    assert [page for _, page in sections] == sorted(page for _, page in sections)
    assert len({page for _, page in sections}) > 3


def test_every_contents_link_points_at_its_sections_page(dj_wild: Rendered) -> None:
    reader = dj_wild.reader
    texts = dj_wild.page_texts()
    contents_page = 1
    assert texts[contents_page].startswith(texts[contents_page].split("Contents")[0] + "Contents")
    section_pages = {page for title, page in _outline(reader)[1:]}
    pages_by_id = {page.indirect_reference.idnum: number for number, page in enumerate(reader.pages)}
    # The contents page as the document the other tests of this process parsed (each page parsed once).
    contents = dj_wild.document.pages[contents_page]
    height = contents.height
    links = [annotation.get_object() for annotation in reader.pages[contents_page]["/Annots"]]
    assert links, "the contents has no links"
    text_lines = contents.extract_text_lines()
    checked = 0
    for link in links:
        assert link["/Subtype"] == "/Link"
        target = pages_by_id[link["/Dest"][0].idnum]
        assert target in section_pages
        # The line the link sits on (the line whose middle is inside the link's box: the contents' lines are close
        # enough for a box to touch the line above) names a section whose heading is on the target page.
        _left, bottom, _right, top = (float(value) for value in link["/Rect"])
        on_it = [line for line in text_lines if bottom <= height - (line["top"] + line["bottom"]) / 2 <= top]
        assert len(on_it) == 1, (link["/Rect"], [line["text"] for line in on_it])
        line = _squash(on_it[0]["text"])
        title = re.sub(r"[ .]+\d+$", "", line)
        assert _squash(title) in texts[target], (line, target)
        checked += 1
    assert checked >= len(section_pages)


def test_687a_cover_says_1_deck_not_1_decks(dj_wild: Rendered) -> None:
    cover = dj_wild.page_texts()[0]
    assert all(math.decks == 1 for math in dj_wild.review.wager_math)
    assert "1 decks" not in cover
    assert cover.count(", 1 deck ") == len(dj_wild.review.wager_math)


def test_633a_cover_says_6_decks(blackjack: Rendered) -> None:
    texts = blackjack.page_texts(pages=2)
    # The cover is page 1 alone, even for a 633a filing of nine wagers: the contents start on page 2.
    assert "Contents" in texts[1] and ". . . . ." in texts[1]
    six = [math for math in blackjack.review.wager_math if math.decks == 6]
    # The wager column alone (its names wrap beside the figures' column, which page text would interleave).
    page = blackjack.document.pages[0]
    wagers = _squash(page.crop((0, 0, page.width * 0.42, page.height)).extract_text() or "")
    assert six and (wagers + " ").count(", 6 decks ") == len(six)


# The longest covers (633a: fifteen wagers at a glance) run in the default suite; every example under -m slow.
_COVER_EXAMPLES = [
    name if name.startswith("633a-") else pytest.param(name, marks=pytest.mark.slow)
    for name in sorted(path.name for path in EXAMPLES.iterdir() if path.suffix in {".xlsx", ".json"})
]


@pytest.mark.parametrize("example", _COVER_EXAMPLES)
def test_every_examples_cover_is_one_page(example: str) -> None:
    """Page 1 holds the whole cover, through its last wager at a glance; page 2 opens the contents."""
    rendered = _render(example)
    texts = rendered.page_texts(pages=2)
    review = rendered.review
    cover, second = texts[0], texts[1]
    assert f"Verdict: {review.verdict}" in cover and "At a glance" in cover
    for math in review.wager_math:
        # Named as the chapter names the wager, never by its id (the cover's text is squashed: compare words).
        named = _squash(f"{math.chapter} {wording.wager_name(math.chapter, math.wager)}")
        assert named in _squash(cover), math.wager
    # Nothing of the cover spilled onto page 2: its body starts with the contents.
    header = f"{review.filing.metadata.licensee} · Rules Submission Review"
    assert second.startswith(f"{_squash(header)} Contents"), second[:120]
    assert _outline(rendered.reader)[1][1] >= 2  # the first section starts after the contents


def test_checklist_citations_are_never_broken_inside(dj_wild: Rendered) -> None:
    words = {word for page in dj_wild.page_words() for word in page}
    sections = {row.section for row in checklist_rows(dj_wild.review) if row.section}
    assert "687a.11(b)(3)" in sections  # the citation that used to break as '687a.11(b)(3' / ')'
    assert sections <= words, sorted(sections - words)
    assert ")" not in words


def test_table_configuration_tokens_are_never_broken_inside(blackjack: Rendered) -> None:
    words = {word for page in blackjack.page_words() for word in page}
    tokens = {
        token
        for table in blackjack.review.filing.tables
        for field_name, _label in TABLE_FIELDS
        for token in table_display(table, field_name).split()
    }
    # Money is printed as money: the filing's 25000 payout limit is '$25,000' on the page.
    assert "$25,000" in tokens and "25000" not in words
    # The paytable citation that used to break as "super / _match=633a.13(i)(1 / )", now after the wager's name.
    assert "633a.13(i)(1);" in tokens
    assert tokens <= words, sorted(tokens - words)


def test_each_tables_grid_stays_on_one_page(blackjack: Rendered, dj_wild: Rendered) -> None:
    for rendered in (blackjack, dj_wild):
        texts = rendered.page_texts()
        tables = rendered.review.filing.tables
        for start in range(0, len(tables), 3):
            ids = " ".join(table.table_id for table in tables[start : start + 3])
            pages = [text for text in texts if f"Field {ids}" in text]
            assert len(pages) == 1, ids  # its header once: the grid was not split (the header repeats on a split)
            for _field, label in TABLE_FIELDS:
                assert label in pages[0], (ids, label)


def _body_lines(page: pdfplumber.page.Page) -> list[str]:
    """The lines of a page between its running header and its footer."""
    return [
        _squash(line["text"])
        for line in page.extract_text_lines()
        if line["bottom"] < page.height - FOOTER_BAND and line["top"] > 0.6 * 72
    ]


@pytest.mark.parametrize("which", ["dj_wild", "blackjack"])
def test_no_heading_sits_at_the_foot_of_a_page(which: str, request: pytest.FixtureRequest) -> None:
    """A heading whose section runs on to the next page has at least three lines of it below (an introduction alone
    is two); a section that ends on the page, such as 'No waiver was applied', may be shorter."""
    rendered: Rendered = request.getfixturevalue(which)
    entries = _outline(rendered.reader)[1:]
    document = rendered.document
    for (title, page_number), following in zip(entries, [*entries[1:], ("end", len(document.pages))], strict=True):
        ends_here = following[1] in (page_number, len(document.pages)) or _body_lines(document.pages[following[1]])[
            0
        ].startswith(" ".join(_squash(following[0]).split()[:2]))
        if ends_here:
            continue  # the section ends on this page
        lines = _body_lines(document.pages[page_number])
        first_words = " ".join(_squash(title).split()[:2])
        position = next(i for i, line in enumerate(lines) if line.startswith(first_words))
        assert len(lines) - position - 1 >= 3, (title, page_number + 1)


def test_every_font_is_embedded_and_the_catalog_names_language_and_title(dj_wild: Rendered) -> None:
    reader = dj_wild.reader
    fonts = {}
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].get_object().values():
            font = font.get_object()
            fonts[str(font["/BaseFont"])] = font
    assert fonts
    for name, font in fonts.items():
        descriptor = font.get("/FontDescriptor")
        assert descriptor is not None, f"{name} is referenced but not embedded"
        assert "/FontFile2" in descriptor.get_object(), name
    root = reader.trailer["/Root"]
    assert root["/Lang"] == "en-US"
    assert bool(root["/ViewerPreferences"]["/DisplayDocTitle"])
    assert reader.metadata.title.startswith("Rules Submission Review — ")
    # Read every object, those inside the object streams the tagged file is written with as well.
    assert b"Helvetica" not in _unpacked(dj_wild.data)
    assert b"Helvetica" not in dj_wild.data


def _unpacked(data: bytes) -> bytes:
    """The PDF rewritten without object streams, so that each dictionary can be found in its bytes."""
    import pikepdf

    with pikepdf.open(io.BytesIO(data)) as pdf:
        out = io.BytesIO()
        pdf.save(out, object_stream_mode=pikepdf.ObjectStreamMode.disable)
        return out.getvalue()


def test_creation_date_is_set_through_the_public_api(dj_wild: Rendered) -> None:
    from pathlib import Path

    from pacomply.reports import pdf

    # Every module of the PDF package, its sections' too: the date goes through reportlab's public formatter.
    source = "\n".join(path.read_text(encoding="utf-8") for path in sorted(Path(pdf.__file__).parent.rglob("*.py")))
    assert "setDateFormatter" in source
    assert "_timeStamp" not in source and "TimeStamp" not in source
    reviewed = dj_wild.review.review_date.strftime("%Y%m%d")
    assert str(dj_wild.reader.metadata["/CreationDate"]) == f"D:{reviewed}000000+00'00'"


def test_every_footer_says_page_n_of_the_documents_page_count(blackjack: Rendered) -> None:
    """'Page x of y' is drawn when the document is saved (the total is unknown while a page is laid out): read by
    pdfium, every footer names its own page and the number of pages the file holds, and nothing else in the footer
    band claims another page or total."""
    import pypdfium2

    document = pypdfium2.PdfDocument(blackjack.data)
    total = len(document)
    assert total >= 10  # the total has two digits and the first pages one: the widths differ
    for number in range(total):
        page = document[number]
        width = page.get_width()
        footer = page.get_textpage().get_text_bounded(0, 0, width, FOOTER_BAND)
        claims = re.findall(r"Page (\d+) of (\d+)", footer)
        assert claims == [(str(number + 1), str(total))], (number + 1, footer)


def test_every_contents_entry_shows_the_page_its_heading_is_on(blackjack: Rendered) -> None:
    """The contents' page numbers are drawn when the document is saved, after every heading is placed: each entry
    (an outline title, printed with its dot leaders) prints the page where its heading is printed. 633a's contents run
    over more than one page."""
    texts = blackjack.page_texts()
    contents_pages = [number for number, text in enumerate(texts) if ". . . . ." in text]
    assert len(contents_pages) >= 2
    contents = " ".join(texts[number] for number in contents_pages)
    entries = _outline(blackjack.reader)[1:]
    assert len(entries) >= 10
    for title, _page in entries:
        printed = re.search(re.escape(_squash(title)) + r"\s*(?:\.\s*)+(\d+)", contents)
        assert printed is not None, title
        heading_page = _first_body_page_with(texts, title, contents_pages[-1])
        assert int(printed[1]) == heading_page + 1, (title, printed[1], heading_page + 1)


def test_the_review_is_laid_out_in_one_pass_on_one_canvas(
    violations_review: Review, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One layout pass: one canvas is made, the story is handed to the frame once (each flowable placed once, not
    once per pass), and each heading is drawn once; the pages and totals are those of the document as written."""
    from pacomply.reports.pdf import document as document_module
    from pacomply.reports.pdf import render_pdf
    from pacomply.reports.pdf.paragraphs import _Heading
    from reportlab.platypus import BaseDocTemplate

    canvases: list[object] = []
    builds: list[object] = []
    headings_drawn: list[str] = []
    made = document_module.DeferringCanvas
    build = BaseDocTemplate.build
    draw = _Heading.drawOn

    class Counted(made):  # type: ignore[misc, valid-type]
        def __init__(self, *args: object, **kwargs: object) -> None:
            canvases.append(self)
            super().__init__(*args, **kwargs)

    def counted_build(self: BaseDocTemplate, *args: object, **kwargs: object) -> None:
        builds.append(self)
        build(self, *args, **kwargs)

    def counted_draw(self: _Heading, *args: object, **kwargs: object) -> None:
        headings_drawn.append(self.outline[1])
        draw(self, *args, **kwargs)

    monkeypatch.setattr(document_module, "DeferringCanvas", Counted)
    monkeypatch.setattr(BaseDocTemplate, "build", counted_build)
    monkeypatch.setattr(_Heading, "drawOn", counted_draw)
    data = render_pdf(violations_review)
    assert len(canvases) == 1 and len(builds) == 1
    reader = pypdf.PdfReader(io.BytesIO(data))
    outline = [title for title, _page in _outline(reader)[1:]]
    assert headings_drawn == outline  # each heading drawn once, in order (the outline has one entry per heading)
    assert canvases[0].page_count == len(reader.pages)  # type: ignore[attr-defined]


def test_a_licensee_named_like_a_deferred_drawings_place_prints_as_named(compliant_review: Review) -> None:
    """The footers' totals are drawn into the place each page's content keeps for them, a comment line: a filing's
    text that reads the same (printed in the running header and every footer, inside a string operand) is printed
    as filed, and every footer still says its page and the total."""
    import dataclasses

    import pypdfium2
    from pacomply.reports.pdf import render_pdf

    licensee = "%pacomply later 0"
    filing = compliant_review.filing
    renamed = filing.model_copy(update={"metadata": filing.metadata.model_copy(update={"licensee": licensee})})
    document = pypdfium2.PdfDocument(render_pdf(dataclasses.replace(compliant_review, filing=renamed)))
    total = len(document)
    for number in range(total):
        text = document[number].get_textpage().get_text_range()
        assert licensee in text and f"Page {number + 1} of {total}" in text, number + 1
