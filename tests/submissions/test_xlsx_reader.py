"""The filing workbook reader: round trips, and every error path located and collected."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from pacomply.submissions import InputError, read_filing
from pacomply.submissions.model import Filing
from pacomply.submissions.template import build_workbook

from examples.chapters.chapter_686a import COMPLIANT_686A, NONCOMPLIANT_686A


def strip_locations(filing: Filing) -> dict[str, Any]:
    data = filing.model_dump(mode="json", exclude={"source"})
    data["metadata"].pop("locations")
    for table in data["tables"]:
        table.pop("locations")
    for chapter in data["chapters"].values():
        chapter.pop("location")
        for answer in chapter["answers"].values():
            answer.pop("location")
    return data


def save(workbook: Any, tmp_path: Path, name: str = "filing.xlsx") -> Path:
    path = tmp_path / name
    workbook.save(path)
    return path


def problems_of(path: Path) -> list[str]:
    with pytest.raises(InputError) as error:
        read_filing(path)
    return [str(problem) for problem in error.value.problems]


@pytest.mark.parametrize("filing", [COMPLIANT_686A, NONCOMPLIANT_686A], ids=["compliant", "violations"])
def test_a_written_workbook_reads_back_to_the_same_filing(filing: Filing, tmp_path: Path) -> None:
    path = save(build_workbook(["686a"], filing), tmp_path)
    assert strip_locations(read_filing(path)) == strip_locations(filing)


def test_every_value_remembers_its_cell(tmp_path: Path) -> None:
    filing = read_filing(save(build_workbook(["686a"], COMPLIANT_686A), tmp_path))
    assert str(filing.metadata.locations["licensee"]) == "Filing!B2"
    assert str(filing.chapters["686a"].location_of("bonus_offered")) == "686a!D8"
    assert str(filing.tables[1].location_of("decks")) == "Tables!D3"


def test_headers_and_sheet_names_match_case_and_space_insensitively(tmp_path: Path) -> None:
    workbook = build_workbook(["686a"], COMPLIANT_686A)
    workbook["Tables"].title = " tables "
    workbook["686a"]["D1"] = "  ANSWER "
    workbook[" tables "]["A1"] = "table   id"
    filing = read_filing(save(workbook, tmp_path))
    assert [table.table_id for table in filing.tables] == [table.table_id for table in COMPLIANT_686A.tables]


def test_answers_are_read_in_the_spellings_filers_use(tmp_path: Path) -> None:
    workbook = build_workbook(["686a"], COMPLIANT_686A)
    sheet = workbook["686a"]
    sheet["D2"], sheet["D3"], sheet["D10"] = "y", "FALSE", 2.0
    workbook["Filing"]["B3"] = datetime(2026, 11, 2)
    filing = read_filing(save(workbook, tmp_path))
    assert filing.chapters["686a"].value("discard_rack_equal_height") is True
    assert filing.chapters["686a"].value("discard_rack_taller_with_mark") is False
    assert filing.chapters["686a"].value("max_adjacent_boxes") == 2


def test_a_file_that_does_not_exist(tmp_path: Path) -> None:
    assert problems_of(tmp_path / "missing.xlsx") == [
        f"File missing.xlsx: the file '{tmp_path / 'missing.xlsx'}' does not exist"
    ]


def test_a_file_that_is_not_a_workbook(tmp_path: Path) -> None:
    path = tmp_path / "filing.xlsx"
    path.write_text("Licensee,Keystone\n")
    (problem,) = problems_of(path)
    assert "not an Excel workbook" in problem


def test_a_format_pacomply_does_not_read(tmp_path: Path) -> None:
    path = tmp_path / "filing.docx"
    path.write_bytes(b"PK")
    (problem,) = problems_of(path)
    # The batch reader names the kind of file and the format to file instead (a Word document: the checklist as PDF).
    assert "'.docx' is not a filing format" in problem and "Word document" in problem and ".pdf" in problem


def test_missing_sheets_are_all_reported(tmp_path: Path) -> None:
    workbook = build_workbook(["686a"], COMPLIANT_686A)
    del workbook["Filing"]
    del workbook["Tables"]
    problems = problems_of(save(workbook, tmp_path))
    assert any("no 'Filing' sheet" in problem for problem in problems)
    assert any("no 'Tables' sheet" in problem for problem in problems)


def test_a_wrong_header_names_the_columns_missing(tmp_path: Path) -> None:
    workbook = build_workbook(["686a"], COMPLIANT_686A)
    workbook["Tables"]["D1"] = "Deck count"
    (problem,) = problems_of(save(workbook, tmp_path))
    assert problem.startswith("Sheet Tables, cell A1: header row lacks 'Decks'")


def test_bad_values_are_all_reported_with_their_cells(tmp_path: Path) -> None:
    workbook = build_workbook(["686a"], COMPLIANT_686A)
    workbook["686a"]["D4"] = "Maybe"
    workbook["686a"]["D10"] = "a couple"
    workbook["Tables"]["D2"] = "six or eight"
    workbook["Tables"]["F3"] = "robotic"
    workbook["Filing"]["B2"] = None
    workbook["Filing"]["B3"] = "yesterday"
    workbook["686a"]["B5"] = "bonus_ofered"
    problems = problems_of(save(workbook, tmp_path))
    assert "Sheet 686a, cell D4: answer 'Maybe' is not Yes or No" in problems
    assert "Sheet 686a, cell D10: answer 'a couple' is not a whole number" in problems
    assert "Sheet Tables, cell D2: Decks 'six or eight' is not a whole number" in problems
    assert any(p.startswith("Sheet Tables, cell F3: shuffler 'robotic' is not one of") for p in problems)
    assert any(p.startswith("Sheet Filing, cell B2: 'Licensee' is empty") for p in problems)
    assert any(p.startswith("Sheet Filing, cell B3: Date Filed 'yesterday' is not a date") for p in problems)
    assert any(
        p.startswith("Sheet 686a, cell B5: key 'bonus_ofered' is not a question of chapter 686a") for p in problems
    )
    assert len(problems) == 7


def test_empty_required_table_cells_and_duplicate_ids(tmp_path: Path) -> None:
    workbook = build_workbook(["686a"], COMPLIANT_686A)
    workbook["Tables"]["J2"] = None
    workbook["Tables"]["A3"] = "OU-1"
    problems = problems_of(save(workbook, tmp_path))
    assert any(p.startswith("Sheet Tables, cell J2: 'Card Change Interval (h)' is empty") for p in problems)
    assert any(p.startswith("Sheet Tables, cell A3: table id 'OU-1' appears twice") for p in problems)


def test_a_formula_in_a_typed_answer_is_refused(tmp_path: Path) -> None:
    workbook = build_workbook(["686a"], COMPLIANT_686A)
    workbook["686a"]["D8"] = '=IF(1,"Yes","No")'
    (problem,) = problems_of(save(workbook, tmp_path))
    assert problem.startswith("Sheet 686a, cell D8: the cell holds a formula")


def test_a_negative_amount_is_refused(tmp_path: Path) -> None:
    workbook = build_workbook(["686a"], COMPLIANT_686A)
    workbook["Tables"]["M2"] = "-$5"
    (problem,) = problems_of(save(workbook, tmp_path))
    assert "negative amount" in problem


def test_card_thickness_is_read_and_bounded(tmp_path: Path) -> None:
    workbook = build_workbook(["686a"], COMPLIANT_686A)
    workbook["Filing"]["B5"] = 0.31
    assert read_filing(save(workbook, tmp_path)).metadata.card_thickness_mm == Decimal("0.31")
    workbook["Filing"]["B5"] = 30
    (problem,) = problems_of(save(workbook, tmp_path, "thick.xlsx"))
    assert "card thickness '30' mm" in problem


def test_the_template_is_byte_identical_for_identical_input() -> None:
    from pacomply.submissions.template import workbook_bytes

    assert workbook_bytes(["686a"], COMPLIANT_686A) == workbook_bytes(["686a"], COMPLIANT_686A)
    assert workbook_bytes(["686a"]) == workbook_bytes(["686a"])


def test_the_committed_example_workbooks_are_what_build_examples_writes(examples: Path) -> None:
    from pacomply.submissions.template import workbook_bytes

    from examples.build_examples import chapter_examples

    built = chapter_examples()
    names = sorted(path.stem for path in examples.glob("*.xlsx"))
    assert names, "no example workbooks"
    for name in names:
        filing = built[name[:4]][1 if name.endswith("violations") else 0]
        assert (examples / f"{name}.xlsx").read_bytes() == workbook_bytes([name[:4]], filing), name


EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.mark.parametrize("name", sorted(path.stem for path in EXAMPLES.glob("*.xlsx")))
def test_every_example_workbook_and_its_json_twin_read_to_the_same_values(name: str) -> None:
    # Found when the 633a rates were written as fractions (0.10): the workbook read 10 %, the JSON 0.10 %.
    from_xlsx, from_json = (read_filing(EXAMPLES / f"{name}{suffix}") for suffix in (".xlsx", ".json"))
    for chapter, submission in from_json.chapters.items():
        for key, answer in submission.answers.items():
            assert from_xlsx.chapters[chapter].value(key) == answer.value, (chapter, key)
    assert [t.model_dump(exclude={"locations"}) for t in from_xlsx.tables] == [
        t.model_dump(exclude={"locations"}) for t in from_json.tables
    ]


@pytest.mark.parametrize(
    ("written", "number"),
    [("three", 3), ("Three", 3), ("3 (three)", 3), ("twenty-five", 25), ("Procedure 1", 1), ("Option 2", 2)],
)
def test_633a_11_c_a_whole_number_written_in_words_or_labelled_is_read(written: str, number: int) -> None:
    """A checklist's whole-number answer written as a filer writes it: in words (§ 633a.11(c) 'three' additional
    splits), with its words beside it, or labelled as the question numbers its choices (§ 633a.7(r) 'Procedure 1');
    each was refused as 'not a whole number'."""
    from pacomply.submissions.values import read_integer

    assert read_integer(written) == number


@pytest.mark.parametrize("written", ["3 (four)", "up to three", "a", "two or three", "3.5"])
def test_a_whole_number_that_is_not_one_or_disagrees_with_its_words_is_refused(written: str) -> None:
    from pacomply.submissions.values import ValueProblem, read_integer

    with pytest.raises(ValueProblem, match="is not a whole number"):
        read_integer(written)


def test_686a_3_b_yes_or_no_with_a_full_stop_or_a_remark_reads_as_the_example(tmp_path: Path) -> None:
    """A Yes or No answer written 'No.' or 'Yes (see the house rules)' was refused, 'not Yes or No' (exit 2); it
    reads as the bare word, its text kept as written."""
    workbook = build_workbook(["686a"], COMPLIANT_686A)
    sheet = workbook["686a"]
    assert (sheet["D4"].value, sheet["D5"].value) == ("Yes", "No")
    sheet["D4"] = "Yes (see the house rules)"
    sheet["D5"] = "No."
    filing = read_filing(save(workbook, tmp_path))
    assert strip_locations(filing)["chapters"]["686a"]["answers"]["automated_shuffler"]["value"] is True
    example = COMPLIANT_686A.chapters["686a"]
    read = filing.chapters["686a"]
    assert [read.value(key) for key in ("automated_shuffler", "continuous_shuffler")] == [
        example.value(key) for key in ("automated_shuffler", "continuous_shuffler")
    ]
    assert read.answers["automated_shuffler"].text == "Yes (see the house rules)"


@pytest.mark.parametrize(
    ("kind", "written", "value"),
    [
        ("YES_NO", "N/A", None),
        ("MONEY", "n/a", None),
        ("MONEY", "25000 dollars", Decimal(25000)),
        ("PERCENTAGE", "28 percent", Decimal(28)),
        ("TEXT", "N/A", "N/A"),
    ],
)
def test_an_answer_saying_the_question_does_not_apply_is_no_answer_and_units_in_words_are_read(
    kind: str, written: str, value: object
) -> None:
    """'N/A' (to a question that follows a No) is no answer, as a blank is, except as text, where it is the filer's
    words; an amount in dollars or a rate in percent written out in words is read."""
    from pacomply.regulations.rulebook import AnswerKind
    from pacomply.submissions.values import read_answer

    assert read_answer(written, AnswerKind[kind]) == value


@pytest.mark.parametrize(
    "written", ["2026-11-02", "11/02/2026", "11-02-2026", "November 2, 2026", "Nov. 2, 2026", "2 November 2026"]
)
def test_a_date_filed_typed_as_text_in_a_common_form_is_that_date(written: str) -> None:
    """A Date Filed typed as text ('Nov. 2, 2026', '2 November 2026', '11-02-2026') is the date it names; each of
    the written forms was refused as 'not a date' (exit 2). US order for numbers, as the Board's forms use."""
    from datetime import date

    from pacomply.submissions.values import read_date

    assert read_date(written) == date(2026, 11, 2)


def test_686a_2_d_and_3_c_a_measure_typed_with_its_columns_unit_is_read(tmp_path: Path) -> None:
    # Columns H (Discard Rack Height (mm)) and J (Card Change Interval (h)) of the Tables sheet.
    workbook = build_workbook(["686a"], COMPLIANT_686A)
    workbook["Tables"]["H2"] = "93.6 mm"
    workbook["Tables"]["J2"] = "24 hours"
    table = read_filing(save(workbook, tmp_path)).tables[0]
    assert (table.discard_rack_height_mm, table.card_change_interval_hours) == (Decimal("93.6"), Decimal(24))
    workbook["Tables"]["H2"] = "3.7 in"
    assert problems_of(save(workbook, tmp_path, "inches.xlsx")) == [
        "Sheet Tables, cell H2: Discard Rack Height (mm) '3.7 in' is not a number of millimetres; write it in "
        "millimetres"
    ]
