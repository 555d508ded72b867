"""The PDF read as a reviewer reads it: pages rendered to images, text extracted, sections, findings and figures
asserted against the review it was made from."""

from __future__ import annotations

import dataclasses
import io
import re
import shutil
import subprocess
from functools import cache
from pathlib import Path

import pdfplumber
import pytest
from pacomply.checker.registry import Severity
from pacomply.checker.review import Review
from pacomply.checker.wager_math import WagerMath
from pacomply.reports.content import filing_id, finding_message, percent
from pacomply.reports.pdf import RENDERER, font_files

from tests.reports.renderings import example_document, example_pdf, example_review

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

SECTIONS = (
    "1 Summary",
    "2 Checklist as filed",
    "3 Tables and their configuration",
    "4 Findings",
    "5 Waivers applied",
    "6 Wager math",
    "7 Par sheets",
    "8 Readings of the regulation relied on",
    "9 Attestation",
    "10 Appendix: evidence for the Board-figure verdicts",
)


def _squash(text: str) -> str:
    """Text with every run of whitespace made one space, so wrapped lines compare as written."""
    return re.sub(r"\s+", " ", text)


@dataclasses.dataclass(frozen=True)
class Extracted:
    data: bytes
    pages: tuple[str, ...]
    metadata: dict[str, object]
    outline: tuple[str, ...]
    fonts: frozenset[str]

    @property
    def text(self) -> str:
        return _squash(" ".join(self.pages))


def _read(data: bytes, document: pdfplumber.PDF) -> Extracted:
    pages = tuple(page.extract_text() or "" for page in document.pages)
    fonts = frozenset(char["fontname"] for page in document.pages for char in page.chars)
    outline = tuple(entry[1] for entry in document.doc.get_outlines())
    return Extracted(data, pages, dict(document.metadata), outline, fonts)


def extract(data: bytes) -> Extracted:
    with pdfplumber.open(io.BytesIO(data)) as document:
        return _read(data, document)


@cache
def _extracted_example(example: str) -> Extracted:
    """What pdfplumber reads from an example's PDF (tests/reports/renderings.py), parsed once per test process."""
    return _read(example_pdf(example), example_document(example))


def _metadata(data: bytes) -> dict[str, object]:
    """The document information pdfplumber reads, without parsing a page."""
    with pdfplumber.open(io.BytesIO(data)) as document:
        return dict(document.metadata)


@pytest.fixture(scope="module")
def violations_pdf(violations_review: Review) -> Extracted:
    assert violations_review is example_review("686a-violations.xlsx")
    return _extracted_example("686a-violations.xlsx")


def _sections_text(data: bytes, first: str, last: str, *, cover: bool = False) -> str:
    """The text of the pages from the one section ``first`` starts on through the one ``last`` starts on (and of the
    cover when asked), found through the outline so that the other pages are not parsed."""
    import pypdf

    reader = pypdf.PdfReader(io.BytesIO(data))
    starts = {
        str(entry.title): reader.get_destination_page_number(entry)
        for entry in reader.outline
        if not isinstance(entry, list)
    }
    # pdfplumber numbers pages from 1.
    pages = [1] * cover + list(range(starts[first] + 1, starts[last] + 2))
    with pdfplumber.open(io.BytesIO(data), pages=pages) as document:
        return _squash(" ".join(page.extract_text() or "" for page in document.pages))


@pytest.fixture(scope="module")
def waived_pdf(waived_review: Review) -> str:
    """The waived review's cover (its counts) and its pages from its Findings through its Wager math's first page
    (where a waiver is printed)."""
    return _sections_text(RENDERER.render(waived_review), SECTIONS[3], SECTIONS[5], cover=True)


def test_cover_names_licensee_chapters_date_reviewer_versions_and_verdict(
    violations_pdf: Extracted, violations_review: Review
) -> None:
    cover = _squash(violations_pdf.pages[0])
    metadata = violations_review.filing.metadata
    assert metadata.licensee in cover
    assert metadata.date_filed.isoformat() in cover
    assert metadata.reviewed_by in cover
    assert violations_review.tool_version in cover
    for used in violations_review.rulebooks:
        assert f"{used.chapter} {used.title}" in cover
        assert used.version in cover and used.effective in cover
    assert f"Verdict: {violations_review.verdict}" in cover
    assert "not compliant: 11 errors, 0 warnings" in cover  # the example's 11 errors, listed in its text report


def test_sections_appear_in_order_in_contents_outline_and_body(violations_pdf: Extracted) -> None:
    contents = _squash(violations_pdf.pages[1])
    positions = [contents.find(section) for section in SECTIONS]
    assert all(position >= 0 for position in positions), contents
    assert positions == sorted(positions)
    body = _squash(" ".join(violations_pdf.pages[2:]))
    body_positions = [body.find(section) for section in SECTIONS]
    assert all(position >= 0 for position in body_positions)
    assert body_positions == sorted(body_positions)
    assert violations_pdf.outline[0] == "Cover"
    assert [title for title in violations_pdf.outline if title in SECTIONS] == list(SECTIONS)


def test_every_page_says_page_x_of_y_and_the_filing_id(violations_pdf: Extracted, violations_review: Review) -> None:
    total = len(violations_pdf.pages)
    assert total >= 5
    for number, page in enumerate(violations_pdf.pages, start=1):
        assert f"Page {number} of {total}" in page
        assert filing_id(violations_review) in page


def test_every_finding_is_listed_with_rule_citation_location_message_and_fix(
    violations_pdf: Extracted, violations_review: Review
) -> None:
    text = violations_pdf.text
    findings_part = text[text.find("4 Findings", text.find("9 Attestation") + 1) :]
    for finding in violations_review.findings:
        # The rule's id and severity head the finding; our name for the rule ('checklist.answered') is not shown.
        assert f"{finding.rule_id} · {finding.severity.value}" in findings_part
        assert finding.rule_name not in text
        assert _squash(finding_message(finding)) in findings_part
        assert _squash(finding.fix) in findings_part
        assert str(finding.location) in findings_part
        assert str(finding.citation) in findings_part  # the § sign survives extraction
    assert f"Errors ({violations_review.count(Severity.ERROR)})" in findings_part


def test_checklist_marks_findings_beside_the_blank_answer(violations_pdf: Extracted) -> None:
    lines = [line for page in violations_pdf.pages for line in page.splitlines()]
    # 686a!D10 (max_adjacent_boxes) is blank in the example; 686A-006 and 686A-104 point at it.
    marked = [line for line in lines if "(blank)" in line]
    assert marked and any("686A-006 error" in line for line in marked), marked


def test_wager_math_shows_every_figure_and_the_paytable(violations_pdf: Extracted, violations_review: Review) -> None:
    text = violations_pdf.text
    math_part = text[text.rfind("6 Wager math") :]
    assert violations_review.wager_math
    for math in violations_review.wager_math:
        for value in (math.house_edge, math.return_, math.element_of_risk):
            assert percent(value) in math_part
        assert percent(math.hit_frequency, 2) in math_part
        for outcome, pays in math.paytable_rows:
            assert f"{outcome} {pays}" in math_part
        for when, decision in math.strategy:
            assert f"{when} {decision}" in math_part


def test_readings_and_attestation(violations_pdf: Extracted, violations_review: Review) -> None:
    text = violations_pdf.text
    for _chapter, reading in violations_review.readings:
        # Each reading under its question, in words: pacomply's id of the reading is not printed.
        assert _squash(reading.topic) in text
        assert reading.id not in text
        assert _squash(reading.choice) in text
    attestation = text[text.rfind("9 Attestation") :]
    for label in ("For the licensee", "Signature:", "Date:", "Pennsylvania Gaming Control Board"):
        assert label in attestation


def test_waived_finding_is_marked_with_justification_approval_and_expiry(waived_pdf: str) -> None:
    text = waived_pdf
    assert "686A-004 · error · WAIVED" in text
    waivers = text[text.rfind("5 Waivers applied") : text.rfind("6 Wager math")]
    for expected in ("686A-004", "Rack replaced on order", "PGCB-TG-2026-0415", "2027-03-31", "OU-4"):
        assert expected in waivers
    assert "10 errors" in text  # one of the eleven errors waived


def test_fonts_are_embedded_truetype_and_the_pdf_has_no_script_or_attachment(violations_pdf: Extracted) -> None:
    assert violations_pdf.fonts, "no text on the pages: not searchable"
    # Each font is a subset ('ABCDEF+Name') of one of the TrueType files chosen, never a base-14 font.
    families = {"DejaVuSans"}  # the bundled font, on every platform
    for font in violations_pdf.fonts:
        assert re.fullmatch(r"[A-Z]{6}\+[A-Za-z-]+", font), font
        assert font.split("+")[1].split("-")[0] in families, font
    # The dictionaries are read without object streams (the tagged file keeps most of them in compressed ones).
    import pikepdf

    with pikepdf.open(io.BytesIO(violations_pdf.data)) as pdf:
        out = io.BytesIO()
        pdf.save(out, object_stream_mode=pikepdf.ObjectStreamMode.disable)
        unpacked = out.getvalue()
    assert b"/FontFile2" in unpacked  # embedded TrueType programs
    for forbidden in (b"/JavaScript", b"/JS ", b"/EmbeddedFile", b"/Launch", b"/OpenAction"):
        assert forbidden not in unpacked
    assert any(path.is_file() for path in font_files())


def test_creation_date_is_the_review_date_or_source_date_epoch(
    violations_pdf: Extracted, violations_review: Review, monkeypatch: pytest.MonkeyPatch
) -> None:
    reviewed = violations_review.review_date.strftime("%Y%m%d")
    assert str(violations_pdf.metadata["CreationDate"]).startswith(f"D:{reviewed}000000")
    # A later review of the same filing is stamped with its own day, never the clock's.
    later = dataclasses.replace(violations_review, review_date=violations_review.review_date.replace(year=2031))
    assert str(_metadata(RENDERER.render(later))["CreationDate"]).startswith(f"D:2031{reviewed[4:]}000000")
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")  # 2023-11-14 22:13:20 UTC
    stamped = _metadata(RENDERER.render(violations_review))
    assert str(stamped["CreationDate"]).startswith("D:20231114221320")


def test_simulated_wager_shows_its_interval_and_rounds(compliant_review: Review) -> None:
    simulated = WagerMath(
        chapter="686a", wager="bonus", paytable="ANY-1", decks=6, house_edge=0.0412, element_of_risk=0.0412,
        return_=0.9588, method="simulation", rounds=10_000_000, ci95=(0.0401, 0.0423), hit_frequency=0.25,
        std_dev=2.1, citation="58 Pa. Code § 686a.8(b)", reading=None, strategy=(),
        paytable_rows=(("a royal outcome", "500 to 1"),),
    )  # fmt: skip
    # The wager math's pages (from its section's start through the next section's).
    rendered = RENDERER.render(dataclasses.replace(compliant_review, wager_math=(simulated,)))
    text = _sections_text(rendered, SECTIONS[5], SECTIONS[6])
    assert "4.0100 % to 4.2300 % (95%, house edge)" in text
    assert "simulation, 10,000,000 rounds" in text
    assert "Paytable ANY-1" in text and "a royal outcome 500 to 1" in text


def _rendered_pages_have_ink(images: list[bytes]) -> None:
    from PIL import Image

    for image_bytes in images:
        image = Image.open(io.BytesIO(image_bytes)).convert("L")
        extrema = image.getextrema()  # (darkest, lightest) for a one-band image
        assert isinstance(extrema[0], int) and extrema[0] < 100, "a page rendered blank"


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm (poppler-utils) is not installed")
def test_pdftoppm_renders_every_page(violations_pdf: Extracted, tmp_path: Path) -> None:
    source = tmp_path / "review.pdf"
    source.write_bytes(violations_pdf.data)
    subprocess.run(["pdftoppm", "-r", "40", "-png", str(source), str(tmp_path / "page")], check=True)
    images = sorted(tmp_path.glob("page-*.png"))
    assert len(images) == len(violations_pdf.pages)
    _rendered_pages_have_ink([image.read_bytes() for image in images])


def test_pdfium_renders_every_page(violations_pdf: Extracted) -> None:
    import pypdfium2

    document = pypdfium2.PdfDocument(violations_pdf.data)
    images = []
    for page in document:
        buffer = io.BytesIO()
        page.render(scale=0.5).to_pil().save(buffer, format="PNG")
        images.append(buffer.getvalue())
    assert len(images) == len(violations_pdf.pages)
    _rendered_pages_have_ink(images)


def test_the_bundled_font_carries_the_section_sign_and_names_outside_latin_1() -> None:
    """The bundled DejaVu Sans maps §, the dashes used, Polish and Greek letters; its licence travels with it."""
    from reportlab.pdfbase.ttfonts import TTFontFile

    for path in font_files():
        assert path.parent.name == "fonts" and path.parent.parent.name == "reports", path  # never a system font
        mapped = TTFontFile(str(path)).charToGlyph
        assert all(ord(character) in mapped for character in "§—·±%ŁłóźΑλφαΩ"), path
    assert "Bitstream" in (font_files()[0].parent / "LICENSE-DejaVu.txt").read_text(encoding="utf-8")


def test_the_font_is_declared_package_data_so_the_wheel_carries_it() -> None:
    import tomllib

    pyproject = tomllib.loads((Path(__file__).resolve().parents[2] / "pyproject.toml").read_text(encoding="utf-8"))
    declared = pyproject["tool"]["setuptools"]["package-data"]["pacomply.reports"]
    assert "fonts/*.ttf" in declared and "fonts/LICENSE-DejaVu.txt" in declared


@pytest.mark.parametrize("licensee", ["Łódź Gaming Sp. z o.o.", "Καζίνο Αθηνών Α.Ε."])
def test_a_licensee_name_outside_latin_1_prints_on_cover_header_and_footer(
    licensee: str, compliant_review: Review
) -> None:
    filing = compliant_review.filing
    renamed = filing.model_copy(update={"metadata": filing.metadata.model_copy(update={"licensee": licensee})})
    pdf = extract(RENDERER.render(dataclasses.replace(compliant_review, filing=renamed)))
    assert licensee in pdf.text
    # Every page's footer, and every body page's running header, carries the name.
    assert all(licensee in page for page in pdf.pages), "a page lost the licensee's name"


def test_same_review_same_bytes_and_a_different_filing_a_different_id(
    violations_pdf: Extracted, violations_review: Review, compliant_review: Review
) -> None:
    assert RENDERER.render(violations_review) == violations_pdf.data
    assert filing_id(violations_review) != filing_id(compliant_review)
    assert re.fullmatch(r"PAC-[0-9A-F]{12}", filing_id(violations_review))


@pytest.mark.parametrize("example", sorted(p.name for p in EXAMPLES.glob("686a-*") if p.suffix in {".xlsx", ".json"}))
def test_every_example_filing_renders_with_its_sections_findings_and_figures(example: str) -> None:
    review = example_review(example)
    rendered = _extracted_example(example)
    text = rendered.text
    body = text[text.find(SECTIONS[-1]) + len(SECTIONS[-1]) :]  # past the contents page
    positions = [body.find(section) for section in SECTIONS]
    assert all(position >= 0 for position in positions) and positions == sorted(positions)
    assert f"Verdict: {review.verdict}" in text
    for finding in review.findings:
        assert _squash(finding_message(finding)) in text
    for math in review.wager_math:
        assert percent(math.house_edge) in text and percent(math.return_) in text
    assert f"Page {len(rendered.pages)} of {len(rendered.pages)}" in rendered.pages[-1]


def test_findings_by_rule_name_each_rule_by_what_it_checks(
    violations_pdf: Extracted, violations_review: Review
) -> None:
    # A reviewer reads what each rule checks beside its id (the rule's summary), not pacomply's name for the rule.
    from pacomply.checker.registry import find_rule

    text = violations_pdf.text
    start = text.find("Findings by rule", text.find("Findings by rule") + 1)  # the section, after the contents
    summary = text[start : text.find("2 Checklist as filed", start)]
    for rule_id in {finding.rule_id for finding in violations_review.findings}:
        # Its first words open the row (a long summary wraps, and extraction runs the row's other cells between).
        opening = " ".join(find_rule(rule_id).summary.split()[:3])
        assert f"{rule_id}: {opening}" in _squash(summary), rule_id
    assert not any(finding.rule_name in text for finding in violations_review.findings)

