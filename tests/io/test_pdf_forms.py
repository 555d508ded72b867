"""PDF checklists as filers make them: filled through form fields, turned, laid out in columns, scanned, amended.

The files are committed in ``tests/fixtures/pdf_forms/`` (made by reportlab, pypdf, pikepdf and poppler; the folder's
README says how each was made). Each is compared with the bundled example it was made from: same exit code, same
findings (rule, severity, chapter, table, message, citation), same licensee. A test also checks that the fixture is
what it claims to be (answers only in the fields, pages really turned, two revisions really different), so that a
pass is not vacuous.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pdfplumber
import pikepdf
import pytest
from pacomply.submissions import InputError, read_filing
from pacomply.submissions.readers import pdf as pdf_reader
from pacomply.submissions.readers import pdf_streams
from pacomply.submissions.readers.pdf_prepare import prepare, widget_text

from tests.io.hostile_pdf import StreamSpec, pdf_with_stream
from tests.io.support import EXAMPLES, assert_input_refused, finding_signature, review_json, run_pacomply

FORMS = Path(__file__).resolve().parents[1] / "fixtures" / "pdf_forms"


def _review(path: Path) -> tuple[int, dict]:
    return review_json(path)


@pytest.mark.parametrize(
    ("fixture", "twin"),
    [
        ("board-686a-acroform-filled.pdf", "686a-compliant"),
        ("board-686a-acroform-violations.pdf", "686a-violations"),
        ("board-686a-acroform-values-only.pdf", "686a-compliant"),
        ("board-686a-rotate-90.pdf", "686a-compliant"),
        ("board-686a-rotate-180.pdf", "686a-compliant"),
        ("board-686a-content-rotated.pdf", "686a-compliant"),
        ("board-686a-two-column-header.pdf", "686a-compliant"),
        ("board-686a-incremental.pdf", "686a-violations"),
        ("board-686a-incremental-xref-off.pdf", "686a-violations"),
        ("board-686a-incremental-entries-off.pdf", "686a-violations"),
    ],
)
def test_601a_2_board_form_as_filers_make_it_validates_like_its_xlsx_twin(fixture: str, twin: str) -> None:
    twin_code, twin_review = _review(EXAMPLES / f"{twin}.xlsx")
    code, review = _review(FORMS / fixture)
    assert code == twin_code
    assert finding_signature(review) == finding_signature(twin_review)
    assert review["filing"]["licensee"] == twin_review["filing"]["licensee"]
    assert review["filing"]["date_filed"] == twin_review["filing"]["date_filed"]
    assert review["filing"]["reviewed_by"] == twin_review["filing"]["reviewed_by"]


def test_twins_differ_so_the_comparisons_mean_something() -> None:
    compliant_code, compliant = _review(EXAMPLES / "686a-compliant.xlsx")
    violations_code, violations = _review(EXAMPLES / "686a-violations.xlsx")
    assert (compliant_code, violations_code) == (0, 1)
    assert finding_signature(compliant) != finding_signature(violations)


@pytest.mark.parametrize("fixture", ["board-686a-acroform-filled.pdf", "board-686a-acroform-values-only.pdf"])
def test_acroform_answers_are_in_the_fields_not_the_page_text(fixture: str) -> None:
    # Without the form fields the page holds blanks only: the answers the test above reads come from the fields.
    with pdfplumber.open(FORMS / fixture) as pdf:
        text = pdf.pages[0].extract_text()
    assert "Name of Licensee" in text and "Keystone" not in text and "X" not in text.replace("Table", "")
    with pikepdf.open(FORMS / fixture) as pdf:
        widgets = [annotation for annotation in pdf.pages[0].obj.Annots if annotation.Subtype == "/Widget"]
        assert any(widget_text(widget) == "X" for widget in widgets)
        assert any(widget_text(widget) == "Keystone Downs Casino" for widget in widgets)
        if fixture.endswith("values-only.pdf"):
            assert not any("/AP" in widget for widget in widgets)  # nothing a viewer could have drawn from
            assert bool(pdf.Root.AcroForm.NeedAppearances)


def test_unfilled_fillable_form_is_refused_as_unanswered_not_as_scanned() -> None:
    run = run_pacomply("validate", FORMS / "board-686a-fillable-blank.pdf")
    assert_input_refused(run, "'Licensee' is empty", "'Date Filed' is empty")
    assert "scanned" not in run.stderr


def test_601a_2_form_field_marked_both_yes_and_no_is_refused_at_its_row(tmp_path: Path) -> None:
    path = tmp_path / "both.pdf"
    with pikepdf.open(FORMS / "board-686a-acroform-values-only.pdf") as pdf:
        for widget in pdf.pages[0].obj.Annots:
            if str(widget.get("/T", "")) == "686a.automated_shuffler.no":
                widget.V = pikepdf.Name.Yes
        pdf.save(path)
    assert_input_refused(run_pacomply("validate", path), "Page 1", "686a.3(b)", "both Yes and No are marked")


def test_radio_group_value_names_the_chosen_button() -> None:
    pdf = pikepdf.new()

    def button(state: str) -> pikepdf.Dictionary:
        on = pikepdf.Stream(pdf, b"")
        return pikepdf.Dictionary(
            Subtype=pikepdf.Name.Widget, AP=pikepdf.Dictionary(N=pikepdf.Dictionary({state: on, "/Off": on}))
        )

    yes, no = button("/Yes"), button("/No")
    group = pdf.make_indirect(
        pikepdf.Dictionary(FT=pikepdf.Name.Btn, Ff=1 << 15, V=pikepdf.Name.No, Kids=pikepdf.Array([yes, no]))
    )
    yes.Parent = group
    no.Parent = group
    assert (widget_text(yes), widget_text(no)) == (None, "X")
    push = pikepdf.Dictionary(Subtype=pikepdf.Name.Widget, FT=pikepdf.Name.Btn, Ff=1 << 16, V=pikepdf.Name.Yes)
    assert widget_text(push) is None


@pytest.mark.parametrize(("fixture", "rotate"), [("board-686a-rotate-90.pdf", 90), ("board-686a-rotate-180.pdf", 180)])
def test_turned_pages_are_really_turned(fixture: str, rotate: int) -> None:
    with pdfplumber.open(FORMS / fixture) as pdf:
        page = pdf.pages[0]
        assert page.rotation == rotate
        assert not all(char["upright"] for char in page.chars) or rotate == 180
        assert pdf_reader._turn_to_upright(page.chars) == (360 - rotate) % 360


def test_turn_to_upright_follows_most_characters() -> None:
    def chars(matrix: tuple[float, ...], count: int) -> list[dict]:
        return [{"matrix": matrix}] * count

    upright, down, up = (1, 0, 0, 1, 0, 0), (0, -1, 1, 0, 0, 0), (0, 1, -1, 0, 0, 0)
    assert pdf_reader._turn_to_upright(chars(upright, 10) + chars(down, 3)) == 0
    assert pdf_reader._turn_to_upright(chars(down, 10) + chars(upright, 3)) == 270
    assert pdf_reader._turn_to_upright(chars(up, 10)) == 90
    assert pdf_reader._turn_to_upright(chars((-1, 0, 0, -1, 0, 0), 5)) == 180
    assert pdf_reader._turn_to_upright([]) == 0


def test_two_column_header_puts_two_labels_on_one_line() -> None:
    with pdfplumber.open(FORMS / "board-686a-two-column-header.pdf") as pdf:
        lines = (pdf.pages[0].extract_text() or "").splitlines()
    assert any("Name of Licensee:" in line and "Date Filed:" in line for line in lines)
    metadata = read_filing(FORMS / "board-686a-two-column-header.pdf").metadata
    assert (metadata.licensee, metadata.date_filed.isoformat()) == ("Keystone Downs Casino", "2026-11-02")


def test_scanned_form_is_refused_as_having_no_text_layer() -> None:
    run = run_pacomply("validate", FORMS / "board-686a-scanned.pdf")
    assert_input_refused(run, "no text layer: scanned?")
    assert "is empty" not in run.stderr
    with pdfplumber.open(FORMS / "board-686a-scanned.pdf") as pdf:
        assert all(page.images and not page.chars for page in pdf.pages)


def test_pdf_with_no_text_and_no_images_is_refused_as_no_text_layer(tmp_path: Path) -> None:
    path = tmp_path / "blank.pdf"
    pdf = pikepdf.new()
    pdf.add_blank_page()
    pdf.save(path)
    with pytest.raises(InputError, match="no text layer: scanned"):
        read_filing(path)


def _first_revision(data: bytes) -> bytes:
    end = data.index(b"%%EOF") + len(b"%%EOF")
    return data[:end] + b"\n"


def test_incremental_update_earlier_revision_would_pass_so_reading_it_would_be_wrong(tmp_path: Path) -> None:
    # The fixture's first revision is the compliant form: a reader that fell back on it would exit 0.
    data = (FORMS / "board-686a-incremental-xref-off.pdf").read_bytes()
    assert data.count(b"%%EOF") == 2
    first = tmp_path / "first-revision.pdf"
    first.write_bytes(_first_revision(data))
    code, review = _review(first)
    assert code == 0 and review["filing"]["licensee"] == "Keystone Downs Casino"


@pytest.mark.skipif(shutil.which("qpdf") is None, reason="qpdf is not installed; the fixture is committed")
def test_incremental_update_with_offset_xref_is_damaged_by_qpdf_check() -> None:
    healthy = subprocess.run(["qpdf", "--check", str(FORMS / "board-686a-incremental.pdf")], capture_output=True)
    damaged = subprocess.run(["qpdf", "--check", str(FORMS / "board-686a-incremental-xref-off.pdf")],
                             capture_output=True)  # fmt: skip
    assert b"damaged" not in healthy.stderr
    assert b"file is damaged" in damaged.stderr and b"xref not found" in damaged.stderr


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler is not installed; the fixture is committed")
def test_incremental_update_with_offset_xref_reads_the_revision_poppler_reads() -> None:
    shown = subprocess.run(
        ["pdftotext", str(FORMS / "board-686a-incremental-xref-off.pdf"), "-"], capture_output=True, text=True
    ).stdout
    assert "Name of Licensee: Allegheny Riverfront Gaming" in shown
    assert read_filing(FORMS / "board-686a-incremental-xref-off.pdf").metadata.licensee == "Allegheny Riverfront Gaming"


@pytest.mark.skipif(
    shutil.which("qpdf") is None or shutil.which("pdftotext") is None,
    reason="qpdf or poppler is not installed; the fixture is committed",
)
def test_incremental_update_whose_table_entries_are_off_is_read_at_the_revision_qpdf_and_poppler_read(
    tmp_path: Path,
) -> None:
    # A classic cross-reference table appended by the update, its entries 3 bytes past their objects. qpdf finds it
    # only when it reads an object the table points to, so the file looked sound when opened: pdfminer then fell
    # back on the first revision's objects and the compliant answers exited 0.
    fixture = FORMS / "board-686a-incremental-entries-off.pdf"
    data = fixture.read_bytes()
    assert data.count(b"%%EOF") == 2 and b"\nxref\n0 1\n" in data[data.index(b"%%EOF") :]
    check = subprocess.run(["qpdf", "--check", str(fixture)], capture_output=True, text=True)
    assert "file is damaged" in check.stderr and "expected n n obj" in check.stderr
    shown = subprocess.run(["pdftotext", str(fixture), "-"], capture_output=True, text=True).stdout
    assert "Name of Licensee: Allegheny Riverfront Gaming" in shown
    first = tmp_path / "first-revision.pdf"
    first.write_bytes(_first_revision(data))
    assert _review(first)[0] == 0  # the earlier revision would pass
    code, review = _review(fixture)
    assert code == 1 and review["filing"]["licensee"] == "Allegheny Riverfront Gaming"


def test_rebuilt_damaged_file_keeps_a_decompression_bomb_compressed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Rebuilding a damaged file copies its streams as they are; the bounded decoders still meet every stream.
    # The per-stream budget is lowered to 1 MiB so that a 4 MiB page is the bomb (as in test_pdf.py).
    monkeypatch.setattr(pdf_streams, "MAX_STREAM_BYTES", 1024 * 1024)
    bomb = pdf_with_stream(StreamSpec(4 << 20))
    match = list(re.finditer(rb"startxref\s+(\d+)", bomb))[-1]
    damaged = bomb[: match.start(1)] + str(int(match[1]) + 3).encode() + bomb[match.end(1) :]
    prepared = prepare(damaged, pdf_reader.MAX_PAGES)
    assert prepared != damaged  # qpdf rebuilt the cross-reference table
    assert len(prepared) < 2 * len(damaged)  # and left the stream compressed
    path = tmp_path / "bomb.pdf"
    path.write_bytes(damaged)
    assert_input_refused(run_pacomply("validate", path), "Page 1", "decompression bomb")


def test_flattened_form_reads_its_typed_values_and_names_its_drawn_ticks_as_unanswered() -> None:
    # Printed or flattened, a filled form keeps each value where its field was, over the blank's underscores: read
    # in order of position they interleaved ('1_1_/0_2_/_2_0_2_6'). The check boxes' ticks are drawn as lines, not
    # text: no text tool reads them, so those questions are unanswered, each named, never guessed.
    from pacomply import regulations
    from tests.io.fixtures.board_form import FORM_686A_ROWS

    code, review = _review(FORMS / "board-686a-acroform-flattened.pdf")
    assert code == 1
    assert (review["filing"]["licensee"], review["filing"]["date_filed"]) == ("Keystone Downs Casino", "2026-11-02")
    book = regulations.rulebook("686a")
    form_keys = [key for _section, keys in FORM_686A_ROWS for key in keys]
    yes_no = sorted(key for key in form_keys if book.question(key).kind.value == "yes_no")
    # Each finding quotes the Board's question: read back to its key.
    key_of = {f"“{book.question(key).question}”": key for key in form_keys}
    unanswered = sorted(
        key_of[finding["message"][finding["message"].index("“") : finding["message"].index("”") + 1]]
        for finding in review["findings"]
        if finding["rule_id"] == "686A-006" and "is not answered" in finding["message"]
    )
    assert unanswered == yes_no
