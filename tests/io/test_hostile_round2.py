"""Hostile input, round two (issue 18): one regression test per kind an outside harness found.

Crashes (decompression bombs the old raw-file scan missed, a JSON list of a million items, TOML/YAML bombs,
non-characters and controls in text and file names), silently wrong results (sheet names colliding, blank names,
negative amounts, a Date Filed of -5, an answer's text and value disagreeing, invisible justifications, two
outputs on one file, the time zone deciding the verdict), unlocated messages, leftovers of a killed run, and a
defect that looked like a verdict. Each test here failed on the code before the fix.
"""

from __future__ import annotations

import json
import os
import sys
import time
from datetime import date, datetime, timedelta
from pathlib import Path

import pytest
from pacomply.submissions import files

from tests.io.hostile_pdf import StreamSpec, pdf_with_stream
from tests.io.support import EXAMPLES, assert_input_refused, pdf_text, rewrite_member, run_pacomply, sheet_member

VIOLATIONS = EXAMPLES / "686a-violations.xlsx"
BASE_JSON = EXAMPLES / "686a-compliant.json"
BOMB = 16 << 20  # twice the per-stream budget (8 MiB): small to build, far past what a filing page needs


def _json(change: object = None) -> dict:
    data = json.loads(BASE_JSON.read_text(encoding="utf-8"))
    if callable(change):
        change(data)
    return data


def _write_json(folder: Path, data: object, name: str = "filing.json") -> Path:
    path = folder / name
    path.write_text(json.dumps(data, ensure_ascii=True), encoding="utf-8")
    return path


def _problem_lines(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if line.startswith("  ")]


# --- PDF: the bytes pdfminer inflates are bounded, whatever the spelling -------------------------------------


@pytest.mark.parametrize(
    "spec",
    [
        StreamSpec(BOMB, ("FlateDecode", "FlateDecode")),
        StreamSpec(BOMB, ("ASCII85Decode", "FlateDecode")),
        StreamSpec(BOMB, ("ASCIIHexDecode", "FlateDecode")),
        StreamSpec(BOMB, ("FlateDecode",), spelling="escaped"),
        StreamSpec(BOMB, ("FlateDecode",), spelling="abbreviated"),
        StreamSpec(BOMB, ("FlateDecode",), spelling="indirect"),
        StreamSpec(BOMB, ("FlateDecode",), padding=2000),
        StreamSpec(BOMB, ("FlateDecode",), line_end=b"\r"),
        StreamSpec(BOMB, ("RunLengthDecode",)),
    ],
    ids=["flate-flate", "a85-flate", "hex-flate", "name-escape", "abbreviated", "indirect", "long-dict", "cr",
         "runlength"],
)
def test_pdf_decompression_bomb_in_any_spelling_is_refused_at_its_page(tmp_path: Path, spec: StreamSpec) -> None:
    path = tmp_path / "bomb.pdf"
    path.write_bytes(pdf_with_stream(spec))
    assert_input_refused(run_pacomply("validate", path), "Page 1", "decompression bomb")


def test_pdf_one_large_stream_drawn_by_sixty_pages_is_counted_for_each_page(tmp_path: Path) -> None:
    # 1.5 MB of content is under the per-page bound (2 MiB); drawn by 60 pages it is 90 MB of page content.
    path = tmp_path / "shared.pdf"
    path.write_bytes(pdf_with_stream(StreamSpec(1_500_000), pages=60))
    run = run_pacomply("validate", path)
    assert_input_refused(run, "page content", "refused as unsafe")
    assert "Page 12, page content" in run.stderr  # 12 × 1.5 MB is the first total past 16 MiB


def test_encrypted_pdf_says_encrypted(tmp_path: Path) -> None:
    path = tmp_path / "locked.pdf"
    path.write_bytes(pdf_with_stream(StreamSpec(1000), encrypted=True))
    run = run_pacomply("validate", path)
    assert_input_refused(run, "encrypted")
    assert "PdfminerException" not in run.stderr


# --- JSON: sizes bounded, problems summarised, numbers located --------------------------------------------------


def test_json_tables_of_a_million_zeros_is_one_located_problem_not_a_million(tmp_path: Path) -> None:
    path = _write_json(tmp_path, _json(lambda data: data.update(tables=[0] * 1_000_000)))
    started = time.perf_counter()
    run = run_pacomply("validate", path)
    assert_input_refused(run, "Field tables", "1,000,000 entries")
    assert len(_problem_lines(run.stderr)) == 1
    assert time.perf_counter() - started < 20  # was 24 s and 2.3 GB; the bound is generous for a slow CI runner


def test_json_problems_beyond_fifty_are_counted_in_one_line(tmp_path: Path) -> None:
    def many_bad_tables(data: dict) -> None:
        data["tables"] = [dict(data["tables"][0], table_id=f"T{n}", decks=-1) for n in range(300)]

    from pacomply.submissions.errors import MAX_PROBLEMS_LISTED

    run = run_pacomply("validate", _write_json(tmp_path, _json(many_bad_tables)))
    assert_input_refused(run, "more problem(s) like those above")
    assert len(_problem_lines(run.stderr)) == MAX_PROBLEMS_LISTED + 1


@pytest.mark.parametrize(
    ("literal", "says"),
    [("NaN", "'NaN'"), ("Infinity", "'Infinity'"), ("-Infinity", "'-Infinity'"), ("9" * 5000, "5,000 digits"),
     ("1e999", "too large")],
)
def test_json_unreadable_number_is_located_at_its_path(tmp_path: Path, literal: str, says: str) -> None:
    text = json.dumps(_json()).replace('"decks": 6', f'"decks": {literal}', 1)
    assert f'"decks": {literal}' in text
    path = tmp_path / "filing.json"
    path.write_text(text, encoding="utf-8")
    assert_input_refused(run_pacomply("validate", path), "Field tables[0].decks", says)


def test_json_repeated_key_is_located_at_its_path(tmp_path: Path) -> None:
    text = json.dumps(_json()).replace('"decks": 6', '"decks": 6, "decks": 8', 1)
    path = tmp_path / "filing.json"
    path.write_text(text, encoding="utf-8")
    assert_input_refused(run_pacomply("validate", path), "Field tables[0].decks", "twice")


# --- one contract for every reader ------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["", "   ", "\u200b\u200d", "\u202e"])
@pytest.mark.parametrize("field", ["licensee", "reviewed_by"])
def test_json_blank_or_invisible_names_are_refused_like_the_workbook(tmp_path: Path, field: str, name: str) -> None:
    path = _write_json(tmp_path, _json(lambda data: data["metadata"].update({field: name})))
    assert_input_refused(run_pacomply("validate", path), f"Field metadata.{field}", "is empty")


@pytest.mark.parametrize("field", ["payout_limit", "progressive_reset"])
def test_json_negative_amount_is_refused_like_the_workbook(tmp_path: Path, field: str) -> None:
    path = _write_json(tmp_path, _json(lambda data: data["tables"][0].update({field: -5})))
    assert_input_refused(run_pacomply("validate", path), f"tables[0].{field}", "negative amount")


def test_date_filed_of_minus_five_is_refused_not_read_as_1899(tmp_path: Path) -> None:
    from openpyxl import load_workbook

    workbook = load_workbook(VIOLATIONS)
    row = next(row for row in workbook["Filing"].iter_rows() if row[0].value == "Date Filed")
    row[1].value = -5
    row[1].number_format = "yyyy-mm-dd"
    workbook.save(tmp_path / "minus.xlsx")
    assert_input_refused(run_pacomply("validate", tmp_path / "minus.xlsx"), "Sheet Filing, cell B", "1899-12-25")
    path = _write_json(tmp_path, _json(lambda data: data["metadata"].update(date_filed="1899-12-25")))
    assert_input_refused(run_pacomply("validate", path), "Field metadata.date_filed", "before 2010-01-01")


def test_json_answer_whose_text_and_value_disagree_is_refused(tmp_path: Path) -> None:
    def disagree(data: dict) -> None:
        answers = data["chapters"]["686a"]["answers"]
        key = next(key for key, answer in answers.items() if answer["value"] is True)
        answers[key]["text"] = "No"

    run = run_pacomply("validate", _write_json(tmp_path, _json(disagree)))
    assert_input_refused(run, ".text", "disagree")


def test_workbook_sheets_differing_only_in_case_or_spacing_are_refused(tmp_path: Path) -> None:
    from openpyxl import load_workbook

    workbook = load_workbook(VIOLATIONS)
    copy = workbook.copy_worksheet(workbook["Tables"])
    copy.title = "TABLES "
    workbook.save(tmp_path / "twice.xlsx")
    assert_input_refused(run_pacomply("validate", tmp_path / "twice.xlsx"), "Sheet TABLES ", "only in case or spacing")


# --- unlocated workbook defects -----------------------------------------------------------------------------------


def _tables_cell(tmp_path: Path, xml: str) -> Path:
    base = VIOLATIONS.read_bytes()

    def change(text: str) -> str:
        start = text.index('<c r="C2"')
        end = text.index("</c>", start) + len("</c>")
        return text[:start] + xml + text[end:]

    path = tmp_path / "cell.xlsx"
    path.write_bytes(rewrite_member(base, sheet_member(base, "Tables"), change))
    return path


@pytest.mark.parametrize(
    ("xml", "says"),
    [
        ('<c r="C2"><v>NaN</v></c>', "Sheet Tables, cell C2"),
        ('<c r="C2"><v>INF</v></c>', "Sheet Tables, cell C2"),
        ('<c r="C2"><v>' + "9" * 5000 + "</v></c>", "Sheet Tables, cell C2"),
        ('<c r="C2" t="s"><v>999999</v></c>', "Sheet Tables, cell C2"),
        ('<c r="C2"><v>&#0;</v></c>', "Sheet Tables: the part xl/worksheets/"),
    ],
    ids=["nan", "inf", "5000-digits", "shared-string-index", "character-reference"],
)
def test_workbook_cell_defect_is_located(tmp_path: Path, xml: str, says: str) -> None:
    assert_input_refused(run_pacomply("validate", _tables_cell(tmp_path, xml)), says)


# --- waiver and configuration bombs -------------------------------------------------------------------------------

GOOD_WAIVER = 'rule = "686A-004"\njustification = "Rack on order."\napproval = "W-1"\n'


@pytest.mark.parametrize(
    ("name", "content", "says"),
    [
        ("w.toml", "[[waiver]]\n" + GOOD_WAIVER + "expires = " + "9" * 5000 + "\n", "line 5"),
        ("w.toml", "[[waiver]]\n" + GOOD_WAIVER + "x = " + "[" * 10_000 + "]" * 10_000 + "\n", "line 5"),
        ("w.yaml", "waiver:\n  - rule: 686A-004\n    expires: " + "[" * 10_000 + "]" * 10_000 + "\n", "line 3"),
        ("w.yaml", "waiver:\n" + "  - " * 1 + "- " * 5000 + "x\n", "line 2"),
        (
            "w.yaml",
            'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n'
            + "".join(f"{chr(98 + n)}: &{chr(98 + n)} [{','.join(['*' + chr(97 + n)] * 9)}]\n" for n in range(8))
            + "waiver:\n  - rule: 686A-004\n    expires: *i\n",
            "aliases",
        ),
        ("w.yaml", "waiver:\n  - rule: 686A-004\n    table: OU-4\n    table: OU-1\n", "line 4"),
    ],
    ids=["toml-5000-digits", "toml-10000-deep", "yaml-flow-deep", "yaml-block-deep", "yaml-alias-bomb",
         "yaml-duplicate-key"],
)
def test_waiver_file_bomb_is_refused_at_its_line(tmp_path: Path, name: str, content: str, says: str) -> None:
    waivers = tmp_path / name
    waivers.write_text(content, encoding="utf-8")
    started = time.perf_counter()
    assert_input_refused(run_pacomply("validate", VIOLATIONS, "--waivers", waivers), says)
    assert time.perf_counter() - started < 20  # the alias bomb took 37 s and 3 GB


@pytest.mark.parametrize(
    ("content", "says"),
    [("rack_tolerance = " + "9" * 5000 + "\n", "line 1"), ("x = " + "[" * 10_000 + "]" * 10_000, "line 1")],
)
def test_config_file_bomb_is_refused_at_its_line(tmp_path: Path, content: str, says: str) -> None:
    config = tmp_path / "pacomply.toml"
    config.write_text(content, encoding="utf-8")
    assert_input_refused(run_pacomply("validate", VIOLATIONS, "--config", config), says)


def test_duplicate_key_in_a_yaml_waiver_does_not_turn_it_filing_wide(tmp_path: Path) -> None:
    waivers = tmp_path / "w.yaml"
    waivers.write_text(
        "waiver:\n  - rule: 686A-004\n    table: OU-4\n    justification: ok\n    approval: W-1\n"
        "    expires: 2099-01-01\n    table: null\n",
        encoding="utf-8",
    )
    assert_input_refused(run_pacomply("validate", VIOLATIONS, "--waivers", waivers), "appears twice", "line 7")


@pytest.mark.parametrize("justification", ["\u200b\u200b", "\u200d\ufeff", "\u2060"])
def test_invisible_waiver_justification_is_refused(tmp_path: Path, justification: str) -> None:
    waivers = tmp_path / "w.toml"
    waivers.write_text(
        f'[[waiver]]\nrule = "686A-004"\njustification = {json.dumps(justification)}\napproval = "W-1"\n'
        "expires = 2099-01-01\n",
        encoding="utf-8",
    )
    assert_input_refused(
        run_pacomply("validate", VIOLATIONS, "--waivers", waivers), "waiver 1, justification (line 3)", "invisible"
    )


# --- Unicode in every text field and in file names -----------------------------------------------------------

HOSTILE_TEXT = {
    "surrogate": "\ud800",
    "noncharacters": "\ufffe\uffff",
    "controls": "\x1b[31m\x07\x00\n",
    "bidi": "\u202eoN\u2066",
}


@pytest.mark.parametrize("kind", sorted(HOSTILE_TEXT))
def test_hostile_characters_in_every_text_field_give_valid_reports_in_every_format(tmp_path: Path, kind: str) -> None:
    from xml.etree import ElementTree

    from openpyxl import load_workbook

    text = HOSTILE_TEXT[kind]

    def spoil(data: dict) -> None:
        data["metadata"]["licensee"] += text
        data["metadata"]["reviewed_by"] += text
        data["tables"][0]["table_id"] += text
        answer = next(iter(data["chapters"]["686a"]["answers"].values()))
        answer["notes"] = "note" + text
        data["tables"][0]["locations"] = {"decks": {"file": "x" + text, "sheet": "S" + text, "cell": "C2"}}

    path = _write_json(tmp_path, _json(spoil))
    for output_format in ("text", "json", "sarif", "junit", "pdf", "xlsx"):
        output = tmp_path / f"review.{output_format}"
        run = run_pacomply("validate", path, "--format", output_format, "--output", output)
        assert run.exception is None, (output_format, run.exception)
        assert run.exit_code in (0, 1), (output_format, run.stderr)
        if output_format == "junit":
            ElementTree.parse(output)  # well-formed XML
        elif output_format == "xlsx":
            load_workbook(output)
        elif output_format in ("json", "sarif"):
            json.loads(output.read_text(encoding="utf-8"))
        elif output_format == "text":
            content = output.read_text(encoding="utf-8")
            assert "\x1b" not in content and "\x07" not in content


@pytest.mark.skipif(sys.platform == "win32", reason="Windows file names are UTF-16; none is undecodable")
def test_file_name_that_is_not_utf8_is_reported_without_a_crash(tmp_path: Path) -> None:
    name = os.fsdecode(b"filing-\xff\xfe.json")
    path = tmp_path / name
    path.write_bytes(BASE_JSON.read_bytes())
    for output_format in ("text", "json", "junit", "xlsx"):
        output = tmp_path / f"review.{output_format}"
        run = run_pacomply("validate", path, "--format", output_format, "--output", output)
        assert run.exception is None and run.exit_code in (0, 1), (output_format, run.exception, run.stderr)


@pytest.mark.skipif(sys.platform == "win32", reason="Windows forbids control characters in file names")
def test_controls_in_a_file_name_are_never_echoed_raw(tmp_path: Path) -> None:
    path = tmp_path / "evil\x1b[2J\x07\nname.json"
    path.write_text("{not json", encoding="utf-8")
    run = run_pacomply("validate", path)
    assert_input_refused(run, "not valid JSON")
    assert not any(character in run.stderr for character in "\x1b\x07")
    assert "evil\\x1b[2J\\x07\\nname.json: the filing could not be read" in run.stderr  # shown, escaped


def test_path_with_rich_markup_does_not_break_the_batch_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # a short relative path, so the table does not wrap it
    folder = Path("a[") / "]b[bold]"  # the path holds '[/]', rich's closing tag
    folder.mkdir(parents=True)
    (folder / "one.xlsx").write_bytes(VIOLATIONS.read_bytes())
    (folder / "two.json").write_bytes(BASE_JSON.read_bytes())
    run = run_pacomply("validate", folder)
    assert run.exception is None, run.exception
    assert run.exit_code == 1
    assert str(folder / "one.xlsx") in run.stdout  # shown as text, not taken for markup


# --- outputs and the review date ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "options",
    [["--pdf", "{x}", "--xlsx", "{x}"], ["-o", "{x}", "--pdf", "{x}"], ["-f", "json", "-o", "{x}", "--xlsx", "{x}"]],
)
def test_two_options_naming_one_output_file_are_refused(tmp_path: Path, options: list[str]) -> None:
    target = tmp_path / "report.out"
    run = run_pacomply("validate", VIOLATIONS, *[option.replace("{x}", str(target)) for option in options])
    assert_input_refused(run, "both name")
    assert not target.exists()


def test_review_date_decides_waiver_expiry_and_a_future_date_filed(tmp_path: Path) -> None:
    filed = date.fromisoformat(json.loads(BASE_JSON.read_text(encoding="utf-8"))["metadata"]["date_filed"])
    waivers = tmp_path / "w.toml"
    waivers.write_text(
        f'[[waiver]]\nrule = "686A-004"\njustification = "x"\napproval = "W-1"\nexpires = {filed.isoformat()}\n',
        encoding="utf-8",
    )

    def codes(review_date: date) -> set[str]:
        run = run_pacomply(
            "validate", BASE_JSON, "-f", "json", "--waivers", waivers, "--review-date", review_date.isoformat()
        )
        document = json.loads(run.stdout)
        assert document["review_date"] == review_date.isoformat()
        return {finding["rule_id"] for finding in document["findings"]}

    day_before, same_day, day_after = (codes(filed + timedelta(days=offset)) for offset in (-1, 0, 1))
    assert "FIL-001" in day_before and "FIL-001" not in same_day  # dated after the review date
    assert "FIL-003" not in same_day and "FIL-003" in day_after  # the waiver lapses the day after its expiry


def test_review_date_is_printed_in_every_report_format(tmp_path: Path) -> None:
    for output_format in ("text", "json", "sarif", "junit", "xlsx", "pdf"):
        output = tmp_path / f"review.{output_format}"
        run = run_pacomply(
            "validate", BASE_JSON, "-f", output_format, "-o", output, "--review-date", "2031-02-03"
        )
        assert run.exit_code in (0, 1), run.stderr
        if output_format == "xlsx":
            from openpyxl import load_workbook

            cells = [cell for row in load_workbook(output).worksheets[0].iter_rows(values_only=True) for cell in row]
            # a date cell (read back as a datetime at midnight), shown as yyyy-mm-dd
            assert datetime(2031, 2, 3) in cells
        elif output_format == "pdf":
            assert "2031-02-03" in pdf_text(output)
        else:
            assert "2031-02-03" in output.read_text(encoding="utf-8"), output_format


def test_default_review_date_is_today_in_new_york() -> None:
    from datetime import datetime
    from zoneinfo import ZoneInfo

    from pacomply.checker.registry import REVIEW_TIME_ZONE, board_today

    assert REVIEW_TIME_ZONE == "America/New_York"
    before = datetime.now(ZoneInfo(REVIEW_TIME_ZONE)).date()
    assert board_today() in {before, before + timedelta(days=1)}  # midnight may pass between the two calls


def test_bad_review_date_is_refused() -> None:
    assert_input_refused(run_pacomply("validate", VIOLATIONS, "--review-date", "tomorrow"), "--review-date")


# --- leftovers, a defect is not a verdict, portability ------------------------------------------------------


def test_stale_staged_files_of_a_killed_run_are_removed_only_ours_only_old(tmp_path: Path) -> None:
    files._SWEPT.discard(tmp_path)
    old, fresh = tmp_path / ".review.json.pacomply-abc123.tmp", tmp_path / ".review.json.pacomply-def456.tmp"
    unrelated = tmp_path / ".someone-else.tmp"
    for path in (old, fresh, unrelated):
        path.write_bytes(b"partial")
    an_hour_and_more = time.time() - files.STALE_STAGED_SECONDS - 60
    os.utime(old, (an_hour_and_more, an_hour_and_more))
    os.utime(unrelated, (an_hour_and_more, an_hour_and_more))
    files.write_atomically(tmp_path / "report.json", b"{}")
    assert not old.exists()
    assert fresh.exists() and unrelated.exists()
    assert (tmp_path / "report.json").read_bytes() == b"{}"


def test_a_killed_write_leaves_a_file_a_later_run_recognises(tmp_path: Path) -> None:
    handle, staged = files.open_staged(tmp_path / "review.pdf")
    os.close(handle)  # as if killed here, before the rename
    assert staged.name.startswith(".review.pdf.pacomply-") and staged.name.endswith(".tmp")
    assert staged in files.remove_stale_staged(tmp_path, now=time.time() + files.STALE_STAGED_SECONDS + 1)


def test_writer_works_where_os_fchmod_is_missing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Windows has os.fchmod only from Python 3.13; before, every report write failed with AttributeError.
    monkeypatch.delattr(os, "fchmod", raising=False)
    target = tmp_path / "report.txt"
    files.write_atomically(target, b"ok")
    assert target.read_bytes() == b"ok"
    if sys.platform != "win32":
        umask = os.umask(0)
        os.umask(umask)
        assert target.stat().st_mode & 0o777 == 0o666 & ~umask


def test_internal_error_exits_3_naming_a_log_with_the_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import pacomply.review_service as batch
    from pacomply.cli import EXIT_INTERNAL, run_app

    def broken(*arguments: object, **keywords: object) -> None:
        raise ZeroDivisionError("planted defect")

    monkeypatch.setattr(batch, "review_path", broken)
    code = run_app(["validate", str(VIOLATIONS)])
    error = capsys.readouterr().err
    assert code == EXIT_INTERNAL == 3
    lines = [line for line in error.splitlines() if line.strip()]
    assert len(lines) == 1 and "defect in pacomply" in lines[0], error
    log = Path(lines[0].rsplit("traceback is in ", 1)[1])
    assert "Traceback" in log.read_text(encoding="utf-8") and "planted defect" in log.read_text(encoding="utf-8")
    log.unlink()


def test_run_app_keeps_the_documented_codes(capsys: pytest.CaptureFixture[str]) -> None:
    from pacomply.cli import run_app

    assert run_app(["validate", str(EXAMPLES / "686a-compliant.xlsx")]) == 0
    assert run_app(["validate", str(VIOLATIONS)]) == 1
    assert run_app(["validate", str(EXAMPLES / "no-such-file.xlsx")]) == 2
    capsys.readouterr()


def test_stream_bytes_are_never_kept_between_reads() -> None:
    # The decoders are swapped back after every read: pdfminer used elsewhere in the process is untouched.
    import pdfminer.pdftypes as pdftypes
    from pacomply.submissions.readers.pdf_streams import inflation_budget

    before = (pdftypes.zlib, pdftypes.lzwdecode, pdftypes.rldecode, pdftypes.PDFStream.decode)
    with inflation_budget():
        assert pdftypes.zlib is not before[0]
    assert (pdftypes.zlib, pdftypes.lzwdecode, pdftypes.rldecode, pdftypes.PDFStream.decode) == before


@pytest.mark.parametrize(
    ("place", "limit"),
    [("notes", 500), ("table_id", 64), ("wager", 64), ("licensee", 300)],
)
def test_text_longer_than_a_report_can_lay_out_is_refused_and_text_at_the_limit_renders(
    tmp_path: Path, place: str, limit: int
) -> None:
    # Found by bench/fuzz.py: a 2,000,000-character note made a PDF table row taller than a page (LayoutError).
    def put(text: str) -> dict:
        data = _json()
        if place == "notes":
            next(iter(data["chapters"]["686a"]["answers"].values()))["notes"] = text
        elif place == "wager":
            data["tables"][0]["wagers"] = [{"wager": text, "paytable": None}]
        elif place == "table_id":
            data["tables"][0]["table_id"] = text
        else:
            data["metadata"]["licensee"] = text
        return data

    too_long = _write_json(tmp_path, put("w" * (limit + 1)), "long.json")
    assert_input_refused(run_pacomply("validate", too_long), f"at most {limit:,} are accepted")
    at_limit = _write_json(tmp_path, put("w" * limit), "limit.json")
    run = run_pacomply("validate", at_limit, "-f", "pdf", "-o", tmp_path / "review.pdf")
    assert run.exception is None and run.exit_code in (0, 1), (run.exception, run.stderr)


def test_zip_claiming_an_unknown_version_is_refused_not_a_crash(tmp_path: Path) -> None:
    # Found by bench/fuzz.py (bytes:539): zipfile raises NotImplementedError for a central directory that claims
    # a zip version above what it reads, before any member is opened.
    content = bytearray(VIOLATIONS.read_bytes())
    end = content.rindex(b"PK\x05\x06")
    directory = int.from_bytes(content[end + 16 : end + 20], "little")
    assert content[directory : directory + 4] == b"PK\x01\x02"
    content[directory + 6 : directory + 8] = (193).to_bytes(2, "little")  # "version needed to extract": 19.3
    path = tmp_path / "version.xlsx"
    path.write_bytes(bytes(content))
    assert_input_refused(run_pacomply("validate", path), "zip structure is damaged")


def test_config_naming_a_waiver_path_too_long_for_the_system_is_refused(tmp_path: Path) -> None:
    # Found by bench/fuzz.py (side_files:1374): the path reached the file system, which raised OSError.
    config = tmp_path / "pacomply.toml"
    config.write_text(f'waivers = "{"x" * 100_000}"\n', encoding="utf-8")
    assert_input_refused(run_pacomply("validate", VIOLATIONS, "--config", config), "Field waivers", "at most 1,024")
    waivers = tmp_path / ("w" * 300 + ".toml")
    assert_input_refused(run_pacomply("validate", VIOLATIONS, "--waivers", waivers), "could not be read")
