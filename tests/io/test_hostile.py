"""Hostile and malformed input: every case exits 2 with a located message, never a traceback, never a bad write."""

from __future__ import annotations

import io
import json
import os
import zipfile
from pathlib import Path

import pytest
from pacomply.submissions import read_filing
from pacomply.submissions.print_pdf import filing_pdf_bytes
from pacomply.submissions.readers import xlsx as xlsx_reader

from tests.io.support import (
    EXAMPLES,
    assert_input_refused,
    finding_signature,
    rewrite_member,
    run_pacomply,
    sheet_member,
)

COMPLIANT = EXAMPLES / "686a-compliant.xlsx"
VIOLATIONS = EXAMPLES / "686a-violations.xlsx"


def _write(folder: Path, name: str, content: bytes) -> Path:
    path = folder / name
    path.write_bytes(content)
    return path


def _with_cell(workbook: bytes, sheet: str, cell: str, xml: str) -> bytes:
    """Replace one cell's XML in a sheet (the cell must exist in the workbook)."""
    member = sheet_member(workbook, sheet)

    def change(text: str) -> str:
        start = text.index(f'<c r="{cell}"')
        end = text.index("</c>", start) + len("</c>")
        return text[:start] + xml + text[end:]

    return rewrite_member(workbook, member, change)


def _json_review(path: Path) -> dict:
    run = run_pacomply("validate", path, "--format", "json")
    assert run.exception is None and run.exit_code in (0, 1), (run.exit_code, run.stderr)
    return json.loads(run.stdout)


# --- XML attacks: openpyxl must parse through defusedxml -------------------------------------------------------

BILLION_LAUGHS = (
    '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">'
    + "".join(f'<!ENTITY lol{n} "{("&lol" + (str(n - 1) if n > 1 else "") + ";") * 10}">' for n in range(1, 10))
    + "]>"
)


def test_openpyxl_is_running_with_defusedxml() -> None:
    import openpyxl.xml

    assert openpyxl.xml.DEFUSEDXML is True


def test_billion_laughs_workbook_is_refused_as_unsafe(tmp_path: Path) -> None:
    workbook = COMPLIANT.read_bytes()
    member = sheet_member(workbook, "686a")
    hostile = rewrite_member(
        workbook,
        member,
        lambda text: BILLION_LAUGHS + text.replace("<t>Yes</t>", "<t>&lol9;</t>", 1),
    )
    run = run_pacomply("validate", _write(tmp_path, "laughs.xlsx", hostile))
    assert_input_refused(run, "laughs.xlsx", "entities")


def test_external_entity_workbook_does_not_read_local_files(tmp_path: Path) -> None:
    secret = _write(tmp_path, "secret.txt", b"TOP-SECRET-CONTENT")
    workbook = COMPLIANT.read_bytes()
    doctype = f'<?xml version="1.0"?><!DOCTYPE x [<!ENTITY xxe SYSTEM "file://{secret}">]>'
    hostile = rewrite_member(
        workbook,
        "xl/workbook.xml",
        lambda text: doctype + text.split("?>", 1)[-1] if text.startswith("<?xml") else doctype + text,
    )
    run = run_pacomply("validate", _write(tmp_path, "xxe.xlsx", hostile))
    assert_input_refused(run, "xxe.xlsx")
    assert "TOP-SECRET" not in run.stdout + run.stderr


# --- size and decompression limits ------------------------------------------------------------------------------


def test_zip_bomb_workbook_is_refused_unopened(tmp_path: Path) -> None:
    workbook = COMPLIANT.read_bytes()
    output = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(workbook)) as source, zipfile.ZipFile(output, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            target.writestr(info.filename, source.read(info.filename))
        target.writestr("xl/media/padding.bin", b"\0" * (40 << 20))  # 40 MiB that packs into ~40 KiB
    run = run_pacomply("validate", _write(tmp_path, "bomb.xlsx", output.getvalue()))
    assert_input_refused(run, "bomb.xlsx", "refused as unsafe")


def test_oversize_file_is_refused_by_its_size(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(xlsx_reader, "MAX_FILE_BYTES", 1000)
    run = run_pacomply("validate", COMPLIANT)
    assert_input_refused(run, "686a-compliant.xlsx", "bytes are refused")


def test_huge_sheet_is_refused_at_its_row_limit(tmp_path: Path) -> None:
    from openpyxl import load_workbook

    workbook = load_workbook(COMPLIANT)
    sheet = workbook["Tables"]
    for row in range(3, xlsx_reader.MAX_ROWS + 10):
        sheet.cell(row=row, column=1, value=f"T{row}")
    path = tmp_path / "huge.xlsx"
    workbook.save(path)
    assert_input_refused(run_pacomply("validate", path), "Sheet Tables", "more than 5,000 rows")


def test_workbook_with_too_many_sheets_is_refused(tmp_path: Path) -> None:
    from openpyxl import load_workbook

    workbook = load_workbook(COMPLIANT)
    for number in range(xlsx_reader.MAX_SHEETS + 1):
        workbook.create_sheet(f"extra {number}")
    path = tmp_path / "sheets.xlsx"
    workbook.save(path)
    assert_input_refused(run_pacomply("validate", path), "sheets")


# --- files that are not what their extension says ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "content", "says"),
    [
        ("pdf-named.xlsx", "pdf", "its content is a PDF document"),
        ("json-named.xlsx", "json", "its content is JSON text"),
        ("xlsx-named.json", "xlsx", "its content is a zip archive"),
        ("xlsx-named.pdf", "xlsx", "its content is a zip archive"),
        ("legacy.xlsx", "ole", "Excel 97-2003"),
        ("empty.xlsx", "empty", "its content is empty"),
        ("random.pdf", "random", "binary data"),
        ("text.xlsx", "text", "plain text"),
    ],
)
def test_file_whose_content_is_not_its_extension_is_refused(tmp_path: Path, name: str, content: str, says: str) -> None:
    contents = {
        "pdf": filing_pdf_bytes(read_filing(COMPLIANT)),
        "json": (EXAMPLES / "686a-compliant.json").read_bytes(),
        "xlsx": COMPLIANT.read_bytes(),
        "ole": b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 512,
        "empty": b"",
        "random": bytes(range(128, 256)) * 4,
        "text": b"Licensee,Keystone\n",
    }
    assert_input_refused(run_pacomply("validate", _write(tmp_path, name, contents[content])), name, says)


def test_zip_that_is_not_a_workbook_is_refused(tmp_path: Path) -> None:
    output = io.BytesIO()
    with zipfile.ZipFile(output, "w") as archive:
        archive.writestr("readme.txt", "not a workbook")
    assert_input_refused(run_pacomply("validate", _write(tmp_path, "f.xlsx", output.getvalue())), "xl/workbook.xml")


def test_zip_with_damaged_central_directory_is_refused(tmp_path: Path) -> None:
    # Found by the 10,000-case fuzz run: the end record is intact (so is_zipfile() says yes) but the central
    # directory's signature is not, and zipfile.ZipFile raised BadZipFile past the reader.
    content = bytearray(COMPLIANT.read_bytes())
    central = content.index(b"PK\x01\x02")
    content[central : central + 4] = b"XX\x01\x02"
    run = run_pacomply("validate", _write(tmp_path, "damaged.xlsx", bytes(content)))
    assert_input_refused(run, "damaged.xlsx", "zip structure is damaged")


def test_unknown_extension_is_refused() -> None:
    assert_input_refused(run_pacomply("validate", EXAMPLES / "build_examples.py"), "not a filing format")


def test_missing_file_is_refused(tmp_path: Path) -> None:
    assert_input_refused(run_pacomply("validate", tmp_path / "nope.xlsx"), "does not exist")


# --- formulas in cells ------------------------------------------------------------------------------------------


def test_formula_in_a_yes_no_answer_reads_its_saved_value_and_names_the_cell(tmp_path: Path) -> None:
    # The value the spreadsheet showed the filer and saved is the answer filed; the review says it was computed.
    workbook = _with_cell(
        COMPLIANT.read_bytes(), "686a", "D2", '<c r="D2" t="str"><f>IF(1=1,"Yes","No")</f><v>Yes</v></c>'
    )
    review = _json_review(_write(tmp_path, "formula.xlsx", workbook))
    (noted,) = [finding for finding in review["findings"] if finding["rule_id"] == "FIL-020"]
    assert noted["severity"] == "info" and noted["location"]["text"] == "686a!D2"
    assert "'=IF(1=1,\"Yes\",\"No\")'" in noted["message"] and "'Yes', is the value read" in noted["message"]


def test_formula_without_a_saved_value_in_a_yes_no_answer_is_refused(tmp_path: Path) -> None:
    workbook = _with_cell(COMPLIANT.read_bytes(), "686a", "D2", '<c r="D2" t="str"><f>IF(1=1,"Yes","No")</f></c>')
    run = run_pacomply("validate", _write(tmp_path, "formula.xlsx", workbook))
    assert_input_refused(run, "Sheet 686a, cell D2", "formula", "no value saved")


def test_formula_in_a_tables_number_reads_its_saved_value_at_its_cell(tmp_path: Path) -> None:
    workbook = _with_cell(COMPLIANT.read_bytes(), "Tables", "D2", '<c r="D2"><f>4*2</f><v>8</v></c>')
    path = _write(tmp_path, "f.xlsx", workbook)
    assert read_filing(path).tables[0].decks == 8  # the example types 6 there
    review = _json_review(path)
    assert [finding["location"]["text"] for finding in review["findings"] if finding["rule_id"] == "FIL-020"] == [
        "Tables!D2"
    ]


def test_formula_in_free_text_keeps_its_text(tmp_path: Path) -> None:
    # Reading: free text is kept as written (the formula's source), so the Board sees what the filer typed.
    workbook = _with_cell(
        COMPLIANT.read_bytes(), "Filing", "B2", '<c r="B2" t="str"><f>CONCAT("Keystone"," Downs")</f><v>x</v></c>'
    )
    review = _json_review(_write(tmp_path, "f.xlsx", workbook))
    assert review["filing"]["licensee"] == '=CONCAT("Keystone"," Downs")'


# --- unicode oddities -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sheet", "cell", "text"),
    [
        ("Tables", "D2", "６"),  # full-width digit six
        ("Tables", "D2", "6\u200b"),  # zero-width space
        ("Tables", "C2", "\u00a06\u00a0"),  # no-break spaces
        ("686a", "D2", "\u202eYes"),  # right-to-left override
        ("686a", "D2", "Y\u200des"),  # zero-width joiner inside the word
        ("686a", "D2", "ＹＥＳ"),  # full-width letters
    ],
)
def test_unicode_oddities_read_as_the_plain_value(tmp_path: Path, sheet: str, cell: str, text: str) -> None:
    workbook = _with_cell(
        COMPLIANT.read_bytes(), sheet, cell, f'<c r="{cell}" t="inlineStr"><is><t>{text}</t></is></c>'
    )
    odd = _json_review(_write(tmp_path, "odd.xlsx", workbook))
    plain = _json_review(COMPLIANT)
    assert finding_signature(odd) == finding_signature(plain)


def test_lookalike_letters_are_not_taken_for_yes(tmp_path: Path) -> None:
    # Cyrillic 'е' (U+0435) looks like Latin 'e'; NFKC keeps it, so the answer is refused rather than guessed.
    workbook = _with_cell(COMPLIANT.read_bytes(), "686a", "D2", '<c r="D2" t="inlineStr"><is><t>Y\u0435s</t></is></c>')
    assert_input_refused(run_pacomply("validate", _write(tmp_path, "f.xlsx", workbook)), "Sheet 686a, cell D2")


def test_invisible_only_answer_counts_as_blank(tmp_path: Path) -> None:
    workbook = _with_cell(
        COMPLIANT.read_bytes(), "686a", "D2", '<c r="D2" t="inlineStr"><is><t>\u200b\u200e\u00a0</t></is></c>'
    )
    review = _json_review(_write(tmp_path, "f.xlsx", workbook))
    assert any(f["rule_id"] == "686A-006" and f["location"]["cell"] == "D2" for f in review["findings"])


# --- JSON filings -----------------------------------------------------------------------------------------------


def _json_filing() -> dict:
    return json.loads((EXAMPLES / "686a-compliant.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ('{"schema_version": 1, "schema_version": 1}', "appears twice"),
        ('{"metadata": NaN}', "Field metadata: 'NaN'"),
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ('{"x": ' + "9" * 5000 + "}", "Field x: an integer of 5,000 digits"),
        ("[1, 2]", "a JSON filing is an object"),
        ('{"metadata": ', "not valid JSON"),
    ],
)
def test_malformed_json_is_refused(tmp_path: Path, text: str, says: str) -> None:
    assert_input_refused(run_pacomply("validate", _write(tmp_path, "f.json", text.encode())), says)


def test_json_numbers_beyond_any_real_figure_are_refused_not_overflowed(tmp_path: Path) -> None:
    # Decimal('1e999999') is valid to the schema but overflows the first multiplication (rack height arithmetic).
    data = _json_filing()
    data["metadata"]["card_thickness_mm"] = "1e999999"
    data["tables"][0]["discard_rack_height_mm"] = "1e-999999"
    data["tables"][1]["decks"] = 10**20
    run = run_pacomply("validate", _write(tmp_path, "f.json", json.dumps(data).encode()))
    assert_input_refused(
        run, "metadata.card_thickness_mm", "tables[0].discard_rack_height_mm", "tables[1].decks", "too large"
    )


def test_xlsx_numbers_beyond_any_real_figure_are_refused(tmp_path: Path) -> None:
    workbook = _with_cell(
        COMPLIANT.read_bytes(), "Tables", "H2", '<c r="H2" t="inlineStr"><is><t>1e999999</t></is></c>'
    )
    assert_input_refused(
        run_pacomply("validate", _write(tmp_path, "f.xlsx", workbook)), "Sheet Tables, cell H2", "too large"
    )


def test_json_with_byte_order_mark_is_read(tmp_path: Path) -> None:
    path = _write(tmp_path, "bom.json", b"\xef\xbb\xbf" + (EXAMPLES / "686a-compliant.json").read_bytes())
    assert _json_review(path)["verdict"]["compliant"] is True


def test_json_answer_of_the_wrong_kind_is_refused_with_its_field_path(tmp_path: Path) -> None:
    data = _json_filing()
    data["chapters"]["686a"]["answers"]["automated_shuffler"]["value"] = 7
    data["chapters"]["686a"]["answers"]["max_adjacent_boxes"]["value"] = "a couple"
    run = run_pacomply("validate", _write(tmp_path, "f.json", json.dumps(data).encode()))
    assert_input_refused(
        run,
        "chapters.686a.answers.automated_shuffler.value",
        "chapters.686a.answers.max_adjacent_boxes.value",
    )


def test_json_unknown_chapter_key_and_table_chapter_are_refused(tmp_path: Path) -> None:
    data = _json_filing()
    data["chapters"]["686a"]["answers"]["no_such_key"] = {"key": "no_such_key", "text": "Yes", "value": True}
    data["tables"][0]["chapter"] = "999a"
    run = run_pacomply("validate", _write(tmp_path, "f.json", json.dumps(data).encode()))
    assert_input_refused(run, "no_such_key", "tables[0].chapter", "999a")


def test_json_schema_violation_is_located_by_field_path(tmp_path: Path) -> None:
    data = _json_filing()
    data["tables"][1]["decks"] = -1
    data["metadata"]["date_filed"] = "yesterday"
    run = run_pacomply("validate", _write(tmp_path, "f.json", json.dumps(data).encode()))
    assert_input_refused(run, "tables[1].decks", "metadata.date_filed")


def test_schema_command_prints_the_json_schema() -> None:
    run = run_pacomply("schema")
    assert run.exit_code == 0
    schema = json.loads(run.stdout)
    assert "metadata" in schema["properties"] and "tables" in schema["properties"]


# --- outputs never over inputs ----------------------------------------------------------------------------------


def test_output_over_the_input_is_refused_and_the_input_untouched(tmp_path: Path) -> None:
    path = _write(tmp_path, "filing.xlsx", COMPLIANT.read_bytes())
    before = path.read_bytes()
    assert_input_refused(run_pacomply("validate", path, "-o", path), "never writes over its input")
    assert path.read_bytes() == before


def test_output_over_a_symbolic_or_hard_link_to_the_input_is_refused(tmp_path: Path) -> None:
    path = _write(tmp_path, "filing.json", (EXAMPLES / "686a-compliant.json").read_bytes())
    before = path.read_bytes()
    (tmp_path / "soft.txt").symlink_to(path)
    os.link(path, tmp_path / "hard.txt")
    for link in ("soft.txt", "hard.txt"):
        assert_input_refused(run_pacomply("validate", path, "-o", tmp_path / link), "never writes over its input")
    assert path.read_bytes() == before
