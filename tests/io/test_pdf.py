"""PDF filings: the Board's checklist form and pacomply's printed template read to the same review as their xlsx twins.

The xlsx twins are the bundled examples (built by ``examples/build_examples.py``); the PDFs are printed from the
filing read out of each workbook, so any difference in findings is the PDF reader's doing.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pacomply.submissions import InputError, read_filing
from pacomply.submissions.print_pdf import filing_pdf_bytes
from pacomply.submissions.readers import pdf as pdf_reader
from pacomply.submissions.readers import pdf_streams

from tests.io.fixtures.board_form import board_form_pdf
from tests.io.hostile_pdf import StreamSpec, pdf_with_stream
from tests.io.support import EXAMPLES, assert_input_refused, finding_signature, run_pacomply

EXAMPLE_NAMES = ("686a-compliant", "686a-violations")


def _review(path: Path) -> tuple[int, dict]:
    run = run_pacomply("validate", path, "--format", "json")
    assert run.exception is None and run.exit_code in (0, 1), (run.exit_code, run.stderr)
    return run.exit_code, json.loads(run.stdout)


def _write(folder: Path, name: str, content: bytes) -> Path:
    path = folder / name
    path.write_bytes(content)
    return path


@pytest.mark.parametrize("name", EXAMPLE_NAMES)
def test_601a_2_board_form_pdf_validates_like_its_xlsx_twin(name: str, tmp_path: Path) -> None:
    twin = EXAMPLES / f"{name}.xlsx"
    pdf = _write(tmp_path, f"{name}.pdf", board_form_pdf(read_filing(twin)))
    xlsx_code, xlsx_review = _review(twin)
    pdf_code, pdf_review = _review(pdf)
    assert pdf_code == xlsx_code
    assert finding_signature(pdf_review) == finding_signature(xlsx_review)
    assert pdf_review["wager_math"] == xlsx_review["wager_math"]
    assert pdf_review["verdict"] == xlsx_review["verdict"]


@pytest.mark.parametrize("name", EXAMPLE_NAMES)
def test_601a_2_template_printed_pdf_validates_like_its_xlsx_twin(name: str, tmp_path: Path) -> None:
    twin = EXAMPLES / f"{name}.xlsx"
    pdf = _write(tmp_path, f"{name}.pdf", filing_pdf_bytes(read_filing(twin)))
    xlsx_code, xlsx_review = _review(twin)
    pdf_code, pdf_review = _review(pdf)
    assert pdf_code == xlsx_code
    assert finding_signature(pdf_review) == finding_signature(xlsx_review)
    assert pdf_review["filing"]["licensee"] == xlsx_review["filing"]["licensee"]


def test_violations_example_has_findings_to_compare() -> None:
    # Guards the twin tests against passing vacuously on two empty lists.
    _, review = _review(EXAMPLES / "686a-violations.xlsx")
    assert len(review["findings"]) >= 10


def test_686a_2_d_board_row_with_two_yes_no_pairs_reads_both_answers(tmp_path: Path) -> None:
    filing = read_filing(EXAMPLES / "686a-compliant.xlsx")
    answers = filing.chapters["686a"].answers
    flipped = filing.model_copy(
        update={
            "chapters": {
                "686a": filing.chapters["686a"].model_copy(
                    update={
                        "answers": answers
                        | {
                            "discard_rack_equal_height": answers["discard_rack_equal_height"].model_copy(
                                update={"value": False}
                            ),
                            "discard_rack_taller_with_mark": answers["discard_rack_taller_with_mark"].model_copy(
                                update={"value": True}
                            ),
                        }
                    }
                )
            }
        }
    )
    read = read_filing(_write(tmp_path, "form.pdf", board_form_pdf(flipped)))
    chapter = read.chapters["686a"]
    assert chapter.value("discard_rack_equal_height") is False
    assert chapter.value("discard_rack_taller_with_mark") is True
    second = chapter.answers["discard_rack_taller_with_mark"].location
    assert second is not None and second.page == 1 and "second Yes/No" in (second.field or "")


def test_686a_6_f_board_form_continued_on_page_two_keeps_its_chapter_and_page(tmp_path: Path) -> None:
    filing = read_filing(EXAMPLES / "686a-violations.xlsx")
    read = read_filing(_write(tmp_path, "form.pdf", board_form_pdf(filing)))
    location = read.chapters["686a"].answers["max_adjacent_boxes"].location
    assert location is not None and location.page == 2
    assert location.field == "686a.6(f) Option Selected"
    _, review = _review(tmp_path / "form.pdf")
    unanswered = [f for f in review["findings"] if f["rule_id"] == "686A-006"]
    assert unanswered and unanswered[0]["location"]["page"] == 2
    table_finding = next(f for f in review["findings"] if f["rule_id"] == "686A-001")
    assert table_finding["location"]["page"] == 3
    assert table_finding["location"]["field"] == "Tables row OU-1, Betting Positions"


def test_board_form_with_both_blanks_marked_is_refused_with_its_place(tmp_path: Path) -> None:
    from tests.io.fixtures import board_form

    filing = read_filing(EXAMPLES / "686a-compliant.xlsx")
    # Mark both blanks of every Yes/No question by rebuilding the form with a hand-written option.

    original = board_form._yes_no
    try:
        board_form._yes_no = lambda value: "Yes: __X__ No: __X__"  # type: ignore[assignment]
        path = _write(tmp_path, "both.pdf", board_form_pdf(filing))
    finally:
        board_form._yes_no = original  # type: ignore[assignment]
    assert_input_refused(run_pacomply("validate", path), "page 1", "both yes and no are marked")


def test_board_form_blank_holding_a_word_instead_of_a_mark_is_refused(tmp_path: Path) -> None:
    from tests.io.fixtures import board_form

    filing = read_filing(EXAMPLES / "686a-compliant.xlsx")
    original = board_form._yes_no
    try:
        board_form._yes_no = lambda value: "Yes: __maybe__ No: _____"  # type: ignore[assignment]
        path = _write(tmp_path, "maybe.pdf", board_form_pdf(filing))
    finally:
        board_form._yes_no = original  # type: ignore[assignment]
    assert_input_refused(run_pacomply("validate", path), "'maybe'", "mark the chosen answer with x")


def test_pdf_without_tables_page_is_a_filing_without_tables(tmp_path: Path) -> None:
    filing = read_filing(EXAMPLES / "686a-compliant.xlsx")
    path = _write(tmp_path, "form.pdf", board_form_pdf(filing, with_tables=False))
    _, review = _review(path)
    assert review["filing"]["tables"] == []
    assert any(f["rule_id"] == "FIL-002" for f in review["findings"])


def test_printed_pdf_is_byte_identical_for_identical_input() -> None:
    filing = read_filing(EXAMPLES / "686a-violations.xlsx")
    assert filing_pdf_bytes(filing) == filing_pdf_bytes(filing)
    assert board_form_pdf(filing) == board_form_pdf(filing)


def test_pdf_decompression_bomb_is_refused_before_parsing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The real per-stream budget is 8 MiB; lowered here so the bomb is small. The page inflates to 4 MiB.
    monkeypatch.setattr(pdf_streams, "MAX_STREAM_BYTES", 1024 * 1024)
    path = _write(tmp_path, "bomb.pdf", pdf_with_stream(StreamSpec(4 << 20)))
    assert_input_refused(run_pacomply("validate", path), "Page 1", "decompression bomb")


def test_pdf_with_too_many_pages_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pdf_reader, "MAX_PAGES", 2)
    path = _write(tmp_path, "long.pdf", board_form_pdf(read_filing(EXAMPLES / "686a-compliant.xlsx")))
    assert_input_refused(run_pacomply("validate", path), "3 pages")


@pytest.mark.parametrize("cut", [0.1, 0.5, 0.9])
def test_truncated_pdf_is_refused_or_read_never_a_traceback(tmp_path: Path, cut: float) -> None:
    content = filing_pdf_bytes(read_filing(EXAMPLES / "686a-violations.xlsx"))
    path = _write(tmp_path, "cut.pdf", content[: int(len(content) * cut)])
    run = run_pacomply("validate", path)
    assert run.exception is None and "Traceback" not in run.stderr
    assert run.exit_code in (1, 2)


def test_encrypted_pdf_is_refused(tmp_path: Path) -> None:
    from reportlab.lib import pdfencrypt
    from reportlab.pdfgen import canvas

    path = tmp_path / "locked.pdf"
    drawing = canvas.Canvas(str(path), encrypt=pdfencrypt.StandardEncryption("secret", canPrint=0))
    drawing.drawString(72, 720, "Name of Licensee: Keystone Downs Casino")
    drawing.save()
    assert_input_refused(run_pacomply("validate", path), "encrypted")


def test_pdf_reader_raises_input_error_not_other_exceptions(tmp_path: Path) -> None:
    path = _write(tmp_path, "junk.pdf", b"%PDF-1.7\n" + bytes(range(256)) * 8)
    with pytest.raises(InputError):
        read_filing(path)


def _form_section(checklists: str, chapter: str) -> list[str]:
    """The Option Selected cells of one chapter's form in the Board's published checklists, in order."""
    start = checklists.index(f"Chapter {chapter}.\tDescription\tOption Selected")
    following = [checklists.find(f"Chapter {other}**", start) for other in ("687a", "688a")]
    end = min([position for position in following if position > start] or [len(checklists)])
    return [line.split("\t")[-1] for line in checklists[start:end].splitlines()[1:] if line.count("\t") >= 2]


@pytest.mark.parametrize("chapter", ["686a", "687a", "688a"])
def test_board_form_blanks_match_the_checklist_questions_in_order(regulation_text, chapter: str) -> None:
    # The Board's published forms (the checklists regulation text), read by the PDF reader's blank parser, must
    # yield one blank per checklist question, of the question's kind, in the rulebook's order: that is what lets a
    # filled form be matched to the questions. Questions the form answers in a separate document (688a.11(c), the
    # house way) have no blank and must be free-text ones at the end.
    from pacomply.regulations.rulebook import AnswerKind

    from pacomply import regulations

    options = _form_section(regulation_text("checklists"), chapter)
    blanks = [kind for option in options for kind, _ in pdf_reader._blanks(option)]
    questions = regulations.rulebook(chapter).checklist
    kinds = ["yes_no" if question.kind == AnswerKind.YES_NO else "value" for question in questions]
    assert blanks == kinds[: len(blanks)]
    assert all(question.kind == AnswerKind.TEXT for question in questions[len(blanks) :])
    if chapter == "686a":
        assert len(blanks) == len(kinds) == 9 and len(options) == 8  # .2(d) carries two Yes/No pairs


@pytest.mark.parametrize(
    ("option", "expected"),
    [
        ("Yes: __X__ No: _____", [("yes_no", "Yes")]),
        ("Yes: _____ No: __x__", [("yes_no", "No")]),
        ("Yes: _____ No: _____", [("yes_no", None)]),
        ("Yes: __✓__ No: _____ Yes: _____ No:\n__X__", [("yes_no", "Yes"), ("yes_no", "No")]),
        ("#: __2__ Yes: __X__ No: _____", [("value", "2"), ("yes_no", "Yes")]),
        ("$1: _____ $5: __X__ Yes: _____ No: __X__", [("value", "$5"), ("yes_no", "No")]),
        ("Payout Table: __DJWT-04__", [("value", "DJWT-04")]),
        ("Pay Table: _____", [("value", None)]),
        ("Yes: __X__ No: _____ Object: __a gold button__", [("yes_no", "Yes"), ("value", "a gold button")]),
        ("", []),
    ],
)
def test_board_form_option_cells_read_as_blanks(option: str, expected: list) -> None:
    # Blank layouts as printed in the Board's 686a, 687a and 688a forms (the checklists regulation text).
    assert pdf_reader._blanks(option) == expected
