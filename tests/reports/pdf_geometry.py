"""The laid-out pages of a pacomply PDF, read back for the layout tests: where each piece of tagged text sits (its
structure role, page, position and text, in reading order), the rows of each table and the page each lies on, and how
far down each page the body text reaches.

The text and its position come from pdfplumber (each character carries the marked-content id it was drawn in), the
roles and the tables from the structure tree the renderer writes (pikepdf), so a rule such as "a table split across
pages leaves three rows on each side" is checked on the page as printed, not on the renderer's own data.
"""

from __future__ import annotations

import io
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import pdfplumber
import pikepdf

HEADINGS = frozenset({"H1", "H2", "H3"})


@dataclass(frozen=True, slots=True)
class Piece:
    """One marked-content sequence of tagged text: its element's role, page (0-based) and vertical extent."""

    role: str
    page: int
    text: str
    top: float
    bottom: float


@dataclass(frozen=True, slots=True)
class Row:
    """A table row: header (every cell a column header) or not, and its text pieces."""

    header: bool
    pieces: tuple[Piece, ...]

    @property
    def pages(self) -> frozenset[int]:
        return frozenset(piece.page for piece in self.pieces)

    @property
    def text(self) -> str:
        return " ".join(piece.text for piece in self.pieces)

    @property
    def top(self) -> float:
        return min(piece.top for piece in self.pieces)


@dataclass(frozen=True, slots=True)
class TableRows:
    """The rows of one Table element, in order."""

    rows: tuple[Row, ...]

    @property
    def header_rows(self) -> tuple[Row, ...]:
        return tuple(row for row in self.rows if row.header)

    @property
    def body_rows(self) -> tuple[Row, ...]:
        return tuple(row for row in self.rows if not row.header and row.pieces)

    def pages(self) -> list[int]:
        return sorted({page for row in self.body_rows for page in row.pages})

    def rows_on(self, page: int) -> list[Row]:
        """The body rows with text on ``page``."""
        return [row for row in self.body_rows if page in row.pages]

    def run_on_tops(self) -> dict[int, float]:
        """For each page the table runs onto (past its first), the top of its highest row there."""
        return {page: min(row.top for row in self.rows_on(page)) for page in self.pages()[1:]}


@dataclass(frozen=True, slots=True)
class _HeaderBand:
    """What a page's header band is read from: the page's width, the lowest band bottom a table running onto the
    page asks for, and the characters pdfplumber read there that can overlap a band (only these are kept: every
    character of a review is some hundred MB)."""

    width: float
    lowest: float
    chars: list[dict[str, Any]]


@dataclass(frozen=True)
class Layout:
    """A PDF's pages as laid out. ``frame_top`` and ``frame_bottom``: where the body frame starts below the top edge
    and ends above the bottom edge, in points."""

    data: bytes
    frame_top: float = 0.75 * 72
    frame_bottom: float = 0.9 * 72

    @cached_property
    def _parsed(self) -> tuple[list[Piece], list[TableRows], list[str], list[float], list[_HeaderBand]]:
        texts: dict[tuple[int, int], list[dict[str, Any]]] = {}
        page_texts: list[str] = []
        page_heights: list[float] = []
        page_chars: list[tuple[float, list[dict[str, Any]]]] = []
        with pdfplumber.open(io.BytesIO(self.data)) as document:
            for number, page in enumerate(document.pages):
                page_heights.append(float(page.height))
                page_texts.append(" ".join((page.extract_text() or "").split()))
                page_chars.append((float(page.width), page.chars))
                for char in page.chars:
                    if char.get("mcid") is not None and char.get("tag") != "Artifact":
                        texts.setdefault((number, int(char["mcid"])), []).append(char)
        pieces: list[Piece] = []
        under: dict[tuple[int, int], list[Piece]] = {}  # the pieces under each element, by object id
        table_elements: list[Any] = []
        with pikepdf.open(io.BytesIO(self.data)) as pdf:
            page_numbers = {page.obj.objgen: number for number, page in enumerate(pdf.pages)}

            def piece(role: str, page: int, mcid: int) -> Piece | None:
                chars = texts.get((page, mcid))
                if not chars:
                    return None
                text = " ".join("".join(char["text"] for char in chars).split())
                return Piece(role, page, text, min(c["top"] for c in chars), max(c["bottom"] for c in chars))

            def walk(element: Any) -> list[Piece]:
                role = str(element.get("/S", "/")).lstrip("/")
                if role == "Table":
                    table_elements.append(element)
                page = page_numbers.get(element.Pg.objgen) if "/Pg" in element else None
                found: list[Piece] = []
                for kid in _kids(element):
                    if isinstance(kid, int):
                        made = piece(role, page, kid) if page is not None else None
                    elif isinstance(kid, pikepdf.Dictionary) and kid.get("/Type") == "/MCR":
                        made = piece(role, page_numbers[kid.Pg.objgen], int(kid.MCID))
                    elif isinstance(kid, pikepdf.Dictionary) and "/S" in kid:
                        found += walk(kid)
                        continue
                    else:
                        continue  # an annotation's object reference
                    if made is not None:
                        pieces.append(made)
                        found.append(made)
                under[element.objgen] = found
                return found

            walk(pdf.Root.StructTreeRoot.K)
            tables = [_table(element, under) for element in table_elements]
        return pieces, tables, page_texts, page_heights, self._header_bands(page_chars, tables)

    def _header_bands(
        self, page_chars: list[tuple[float, list[dict[str, Any]]]], tables: list[TableRows]
    ) -> list[_HeaderBand]:
        """Each page's header band: the characters between the top of the frame and the lowest top of a table's row
        on a page the table runs onto (where a band can reach; pdfplumber's crop keeps a character touching an
        edge)."""
        lowest = [self.frame_top] * len(page_chars)
        for table in tables:
            for page, top in table.run_on_tops().items():
                lowest[page] = max(lowest[page], top)
        return [
            _HeaderBand(
                width,
                bottom,
                [char for char in chars if char["top"] <= bottom and char["bottom"] >= self.frame_top - 2],
            )
            for (width, chars), bottom in zip(page_chars, lowest, strict=True)
        ]

    @property
    def pieces(self) -> list[Piece]:
        """Every piece of tagged text, in reading order."""
        return self._parsed[0]

    @property
    def tables(self) -> list[TableRows]:
        return self._parsed[1]

    @property
    def page_texts(self) -> list[str]:
        """Each page's whole text (running header and footer included), whitespace squashed."""
        return self._parsed[2]

    @property
    def page_count(self) -> int:
        return len(self._parsed[3])

    def fill(self, page: int) -> float:
        """How far down the body frame the page's tagged text reaches, 0 to 1."""
        height = self._parsed[3][page]
        lowest = max((piece.bottom for piece in self.pieces if piece.page == page), default=self.frame_top)
        return (lowest - self.frame_top) / (height - self.frame_top - self.frame_bottom)

    def first_piece(self, page: int) -> Piece | None:
        """The highest piece of tagged text on the page."""
        on_page = [piece for piece in self.pieces if piece.page == page]
        return min(on_page, key=lambda piece: piece.top) if on_page else None

    def header_text_above(self, page: int, top: float) -> str:
        """The text drawn on ``page`` between the top of the frame and ``top`` (a repeated header row, drawn as an
        artifact, is found here).

        Read from the characters of the one parse, as pdfplumber reads a cropped page (the characters the region
        overlaps, laid out in the region's box): opening the file again for each page cost a parse of the whole file.
        ``top`` is at most the top of a table's highest row on a page it runs onto (what the band is for)."""
        band = self._parsed[4][page]
        bottom = max(top, self.frame_top)
        if bottom > band.lowest:
            raise ValueError(f"page {page + 1}: a header band down to {bottom} is below any table running onto it")
        region = (0.0, self.frame_top - 2, band.width, bottom)
        chars = pdfplumber.utils.crop_to_bbox(band.chars, region)
        text = pdfplumber.utils.chars_to_textmap(
            chars, layout_bbox=region, layout_width=region[2] - region[0], layout_height=region[3] - region[1]
        ).as_string
        return " ".join(text.split())


def _table(element: Any, under: dict[tuple[int, int], list[Piece]]) -> TableRows:
    """The TR elements under a Table (directly or in THead/TBody/TFoot), each with its cells' pieces; a row is a
    header row when every cell is TH with column scope."""

    def rows_of(node: Any) -> Iterator[Any]:
        for kid in _kids(node):
            if isinstance(kid, pikepdf.Dictionary) and "/S" in kid:
                if str(kid.S) == "/TR":
                    yield kid
                elif str(kid.S) in {"/THead", "/TBody", "/TFoot"}:
                    yield from rows_of(kid)

    rows: list[Row] = []
    for row in rows_of(element):
        cells = [kid for kid in _kids(row) if isinstance(kid, pikepdf.Dictionary) and "/S" in kid]
        header = bool(cells) and all(
            str(cell.S) == "/TH" and str(cell.get("/A", {}).get("/Scope", "")) == "/Column" for cell in cells
        )
        rows.append(Row(header, tuple(under.get(row.objgen, ()))))
    return TableRows(tuple(rows))


def _kids(element: Any) -> list[Any]:
    kids = element.get("/K")
    if kids is None:
        return []
    return list(kids) if isinstance(kids, pikepdf.Array) else [kids]


def layout_violations(layout: Layout, key_figures_label: str | None = None) -> list[str]:
    """Every breach of the layout rules, each a sentence naming its page (1-based):

    - a heading (H1-H3) is the last tagged text on its page (what follows it is on the next);
    - a table split across pages leaves fewer than three rows on a page, or a page it runs onto lacks its header;
    - a page the section runs on from is filled less than a quarter of the way down (the last page of a section,
      the one before a page that opens with a top-level heading, may be emptier);
    - a table opening with ``key_figures_label`` (a par sheet's key figures) is split across pages."""
    problems: list[str] = []
    pieces = layout.pieces
    for index, piece in enumerate(pieces):
        if piece.role not in HEADINGS:
            continue
        following = next((later for later in pieces[index + 1 :] if later.role not in HEADINGS), None)
        if following is not None and following.page != piece.page:
            problems.append(f"page {piece.page + 1}: the heading {piece.text!r} ends the page")
    for table in layout.tables:
        rows = table.body_rows
        pages = table.pages()
        if len(pages) < 2:
            continue
        name = rows[0].text[:50]
        for page in pages:
            on_page = table.rows_on(page)
            if len(on_page) < 3:
                problems.append(f"page {page + 1}: the table starting {name!r} leaves {len(on_page)} row(s) here")
            if page != pages[0] and table.header_rows:
                # Compared character by character: a header cell of two lines reads back in another order.
                shown = Counter(layout.header_text_above(page, min(row.top for row in on_page)).replace(" ", ""))
                wanted = Counter("".join(row.text for row in table.header_rows).replace(" ", ""))
                if wanted - shown:
                    problems.append(f"page {page + 1}: the table starting {name!r} runs on without its header")
        if key_figures_label is not None and rows[0].pieces[0].text == key_figures_label:
            problems.append(f"pages {pages[0] + 1}-{pages[-1] + 1}: the key figures are split")
    for page in range(layout.page_count - 1):
        opening = layout.first_piece(page + 1)
        if opening is not None and opening.role == "H1":
            continue  # the last page of its section
        if layout.fill(page) < 0.25:
            problems.append(f"page {page + 1}: filled {layout.fill(page):.0%} though its section runs on")
    return problems


def tagged_pdf(flowables: list[Any]) -> bytes:
    """A tagged PDF of ``flowables`` made as the review is (a tagging canvas, which writes its structure tree)."""
    from pacomply.reports.pdf_tagging import TaggingCanvas
    from reportlab.platypus import SimpleDocTemplate

    canvases: list[TaggingCanvas] = []

    def canvas_maker(*args: Any, **kwargs: Any) -> TaggingCanvas:
        canvas = TaggingCanvas(*args, **kwargs)
        canvases.append(canvas)
        return canvas

    buffer = io.BytesIO()
    SimpleDocTemplate(buffer, invariant=1).build(flowables, canvasmaker=canvas_maker)
    assert canvases[-1].tagging is not None
    return buffer.getvalue()
