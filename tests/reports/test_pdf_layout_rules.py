"""The layout rules of every PDF pacomply writes, checked on the pages as printed (:mod:`tests.reports.pdf_geometry`):
no heading ends a page; a table split across pages leaves at least three rows on each side and repeats its header; a
par sheet's key figures are one block; no page of a section is less than a quarter filled except its last; every page
carries "Page x of y", the document's date, pacomply's version and the law applied; and the PDF's dates (the
information dictionary's and the XMP packet's) are the document's date.

Every example's review and the stand-alone par sheet of every wager each chapter's compliant example configures are
checked under ``-m slow``; the default suite checks a sample (the reviews the layout problems were first seen in, and
one chapter's par sheets). Renderings are shared by the whole session.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from datetime import date
from functools import cache
from pathlib import Path

import pikepdf
import pytest
from pacomply.checker.parsheet import ParSheet
from pacomply.checker.review import Review, tool_version
from pacomply.regulations import rulebook
from pacomply.regulations.chapters import chapter_ids
from pacomply.reports.parsheet_pdf import render_par_sheet_pdf
from pacomply.reports.parsheet_text import summary_rows

from tests.reports.pdf_geometry import Layout, layout_violations
from tests.reports.renderings import example_pdf, example_review

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
ALL_EXAMPLES = sorted(path.name for path in EXAMPLES.iterdir() if path.suffix in {".xlsx", ".json"})
#: The reviews the issue's layout problems were seen in: run in the default suite, the rest under -m slow.
SAMPLE_EXAMPLES = frozenset({"687a-violations.xlsx", "645a-violations.xlsx"})
SAMPLE_CHAPTER = "687a"
#: The day the stand-alone par sheets are made in these tests.
SHEET_DATE = date(2026, 11, 28)


def _sampled(names: list[str], sample: frozenset[str]) -> list[object]:
    return [name if name in sample else pytest.param(name, marks=pytest.mark.slow) for name in names]


class Renderings:
    """Reviews and PDFs made once per session, on first use."""

    def review(self, example: str) -> Review:
        return example_review(example)

    @cache  # noqa: B019 - one instance per session; the cache is the point
    def review_pdf(self, example: str) -> Layout:
        return Layout(example_pdf(example))

    @cache  # noqa: B019
    def par_sheets(self, chapter: str) -> tuple[tuple[ParSheet, Layout], ...]:
        sheets = self.review(f"{chapter}-compliant.json").par_sheets
        return tuple((sheet, Layout(render_par_sheet_pdf(sheet, made=SHEET_DATE))) for sheet in sheets)


@pytest.fixture(scope="session")
def renderings() -> Renderings:
    return Renderings()


def _key_figures_label(sheets: tuple[ParSheet, ...]) -> str | None:
    """The label the key-figures block of a par sheet opens with (the same for every sheet)."""
    labels = {summary_rows(sheet)[0][0] for sheet in sheets}
    assert len(labels) <= 1, labels
    return next(iter(labels), None)


def _footer_problems(layout: Layout, day: date, chapters: list[str]) -> list[str]:
    problems = []
    wanted = [f"pacomply {tool_version()}", day.isoformat(), "law applied:"]
    wanted += [f"58 Pa. Code ch. {chapter}, rulebook {rulebook(chapter).version}" for chapter in chapters]
    for number, text in enumerate(layout.page_texts, start=1):
        missing = [item for item in [f"Page {number} of {layout.page_count}", *wanted] if item not in text]
        if missing:
            problems.append(f"page {number} lacks {missing}")
    return problems


def _dates(data: bytes) -> dict[str, str]:
    with pikepdf.open(io.BytesIO(data)) as pdf:
        information = {key: str(pdf.docinfo[key]) for key in ("/CreationDate", "/ModDate")}
        metadata = pdf.open_metadata()
        xmp = {key: str(metadata.get(key)) for key in ("xmp:CreateDate", "xmp:ModifyDate", "xmp:MetadataDate")}
    return {**information, **xmp}


def _expected_dates(day: date) -> dict[str, str]:
    stamp = f"D:{day:%Y%m%d}000000+00'00'"
    xmp = f"{day.isoformat()}T00:00:00+00:00"
    return {
        "/CreationDate": stamp,
        "/ModDate": stamp,
        "xmp:CreateDate": xmp,
        "xmp:ModifyDate": xmp,
        "xmp:MetadataDate": xmp,
    }


@pytest.mark.parametrize("example", _sampled(ALL_EXAMPLES, SAMPLE_EXAMPLES))
def test_every_examples_review_keeps_the_layout_rules(example: str, renderings: Renderings) -> None:
    layout = renderings.review_pdf(example)
    review = renderings.review(example)
    assert layout_violations(layout, _key_figures_label(review.par_sheets)) == []


@pytest.mark.parametrize("example", _sampled(ALL_EXAMPLES, SAMPLE_EXAMPLES))
def test_every_page_of_a_review_names_its_page_date_version_and_law(example: str, renderings: Renderings) -> None:
    review = renderings.review(example)
    layout = renderings.review_pdf(example)
    assert _footer_problems(layout, review.review_date, [used.chapter for used in review.rulebooks]) == []
    assert _dates(layout.data) == _expected_dates(review.review_date)


@pytest.mark.parametrize("chapter", _sampled(chapter_ids(), frozenset({SAMPLE_CHAPTER})))
def test_every_chapters_par_sheets_keep_the_layout_rules(chapter: str, renderings: Renderings) -> None:
    sheets = renderings.par_sheets(chapter)
    assert sheets, f"{chapter}'s compliant example configures no wager with a par sheet"
    label = _key_figures_label(tuple(sheet for sheet, _layout in sheets))
    for sheet, layout in sheets:
        assert layout_violations(layout, label) == [], (sheet.wager, sheet.paytable, sheet.decks)
        assert _footer_problems(layout, SHEET_DATE, [chapter]) == [], (sheet.wager, sheet.paytable, sheet.decks)
        assert _dates(layout.data) == _expected_dates(SHEET_DATE)


def test_the_par_sheets_date_is_source_date_epoch_when_set(
    renderings: Renderings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A reproducible build sets SOURCE_DATE_EPOCH; it outranks the day the sheet is made."""
    sheet, _layout = renderings.par_sheets(SAMPLE_CHAPTER)[0]
    monkeypatch.setenv("SOURCE_DATE_EPOCH", str(3 * 86400))  # 1970-01-04 00:00 UTC
    assert _dates(render_par_sheet_pdf(sheet, made=SHEET_DATE)) == _expected_dates(date(1970, 1, 4))


# -- the checks themselves fail on a page that breaks the rules ---------------------------------------------------


def _broken_document(story: Callable[[], list[object]]) -> Layout:
    """A tagged PDF of ``story`` laid out by plain reportlab (no pacomply layout rules), in the review's frame."""
    from pacomply.reports.pdf import MARGIN, register_fonts
    from pacomply.reports.pdf_tagging import TaggingCanvas
    from reportlab.lib.pagesizes import LETTER
    from reportlab.lib.units import inch
    from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate

    register_fonts()
    buffer = io.BytesIO()
    document = BaseDocTemplate(
        buffer, pagesize=LETTER, leftMargin=MARGIN, rightMargin=MARGIN, topMargin=MARGIN, bottomMargin=0.9 * inch
    )
    frame = Frame(MARGIN, 0.9 * inch, document.width, document.height, leftPadding=0, rightPadding=0)
    document.addPageTemplates(
        [
            PageTemplate(
                frames=[frame],
                onPage=lambda canvas, _doc: canvas.open_artifact(),
                onPageEnd=lambda canvas, _doc: canvas.close_artifact(),
            )
        ]
    )
    canvases: list[TaggingCanvas] = []

    def canvas_maker(*args: object, **kwargs: object) -> TaggingCanvas:
        canvases[:] = [TaggingCanvas(*args, **kwargs)]
        return canvases[0]

    document.build(story(), canvasmaker=canvas_maker)
    assert canvases[0].tagging is not None
    return Layout(buffer.getvalue())


def test_the_layout_checks_catch_a_heading_at_a_pages_foot_a_thin_split_and_a_near_empty_page() -> None:
    from pacomply.reports.pdf import (
        CONTENT_WIDTH,
        MARGIN,
        PAGE_HEIGHT,
        _grid_style,
        _header_cells,
        _p,
        _styles,
        _tag_cells,
        _Tagged,
    )
    from reportlab.lib.units import inch
    from reportlab.platypus import PageBreak, Spacer, Table

    def story() -> list[object]:
        styles = _styles()
        width, height = CONTENT_WIDTH, PAGE_HEIGHT - MARGIN - 0.9 * inch  # the frame
        rows = [_header_cells(("Outcome", "Pays")), *([_p(f"outcome {n}"), _p(f"{n} to 1")] for n in range(8))]
        table = Table(_tag_cells(rows), repeatRows=1)
        table.setStyle(_grid_style())
        table.wrap(width, height)
        header, row = table._rowHeights[0], table._rowHeights[1]
        plain = _Tagged("A heading", styles.heading2, role="H2")
        plain.keepWithNext = 0  # as reportlab would lay it out without pacomply's rules
        heading = plain.wrap(width, height)[1] + plain.getSpaceBefore() + plain.getSpaceAfter()
        return [
            Spacer(1, height - header - 2.5 * row),  # a row and a half left for the table: a split leaving one row
            table,
            PageBreak(),
            Spacer(1, height - heading - 8),  # the heading fits at the foot of page 3, its text does not
            plain,
            _Tagged("Text under the heading.", styles.body),
            PageBreak(),  # page 4 ends nearly empty though the document runs on
            _Tagged("More of the same section.", styles.body),
        ]

    problems = _broken_document(story)
    found = layout_violations(problems)
    assert any("leaves 1 row(s)" in problem for problem in found), found
    assert any("the heading 'A heading' ends the page" in problem for problem in found), found
    assert any(problem.startswith("page 4: filled") for problem in found), found
