"""JSON filings: the Filing model dumped, read back, with field-path locations for every problem."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pacomply.submissions import InputError, read_filing
from pacomply.submissions.readers.json import dumps_filing

from examples.chapters.chapter_686a import NONCOMPLIANT_686A


def test_a_dumped_filing_reads_back_with_field_locations(tmp_path: Path) -> None:
    path = tmp_path / "filing.json"
    path.write_text(dumps_filing(NONCOMPLIANT_686A))
    filing = read_filing(path)
    assert filing.tables == tuple(
        table.model_copy(update={"locations": filing.tables[i].locations})
        for i, table in enumerate(NONCOMPLIANT_686A.tables)
    )
    assert str(filing.tables[1].location_of("decks")) == "tables[1].decks"
    assert str(filing.chapters["686a"].location_of("bonus_offered")) == "chapters.686a.answers.bonus_offered"


def test_invalid_json_names_line_and_column(tmp_path: Path) -> None:
    path = tmp_path / "filing.json"
    path.write_text('{"metadata": \n  {"licensee": }')
    with pytest.raises(InputError) as error:
        read_filing(path)
    assert str(error.value.problems[0]).startswith("Field line 2, column 16: not valid JSON")


def test_schema_violations_are_all_reported_with_their_paths(tmp_path: Path) -> None:
    data = json.loads(dumps_filing(NONCOMPLIANT_686A))
    data["tables"][0]["decks"] = "six"
    data["tables"][2]["shuffler"] = "robotic"
    del data["metadata"]["licensee"]
    path = tmp_path / "filing.json"
    path.write_text(json.dumps(data))
    with pytest.raises(InputError) as error:
        read_filing(path)
    fields = {problem.location.field for problem in error.value.problems}
    assert {"tables[0].decks", "tables[2].shuffler", "metadata.licensee"} <= fields


def test_601a_2_answers_written_short_read_as_the_full_form(tmp_path: Path) -> None:
    # A filer writing JSON by hand gives an answer's text alone ("No", a number, true/false, null for a blank) or an
    # object without its key or value: each reads as the dumped form of the same answer.
    full = json.loads(dumps_filing(NONCOMPLIANT_686A))
    short = json.loads(dumps_filing(NONCOMPLIANT_686A))
    answers = short["chapters"]["686a"]["answers"]
    expected = {key: (answer["text"], answer["value"]) for key, answer in answers.items()}
    answers["automated_shuffler"] = answers["automated_shuffler"]["text"]
    answers["continuous_shuffler"] = answers["continuous_shuffler"]["value"]
    answers["max_adjacent_boxes"] = answers["max_adjacent_boxes"]["value"]
    answers["verbal_wagers"] = {"text": answers["verbal_wagers"]["text"]}
    paths = {}
    for name, data in (("full", full), ("short", short)):
        (tmp_path / name).mkdir()
        paths[name] = tmp_path / name / "filing.json"  # one file name: the locations name it
        paths[name].write_text(json.dumps(data))
    as_dumped, as_written = read_filing(paths["full"]), read_filing(paths["short"])
    read = {key: (answer.text, answer.value) for key, answer in as_written.chapters["686a"].answers.items()}
    assert read == {key: (answer.text, answer.value) for key, answer in as_dumped.chapters["686a"].answers.items()}
    # The dumped whole number has its text; written alone as a number, its text is the number as written.
    assert read == expected
    assert as_written.tables == as_dumped.tables


def test_601a_2_an_answer_written_short_is_refused_at_its_path(tmp_path: Path) -> None:
    data = json.loads(dumps_filing(NONCOMPLIANT_686A))
    data["chapters"]["686a"]["answers"]["automated_shuffler"] = "Maybe"
    data["chapters"]["686a"]["answers"]["verbal_wagers"] = {"key": "bonus_offered", "text": "Yes"}
    path = tmp_path / "filing.json"
    path.write_text(json.dumps(data))
    with pytest.raises(InputError) as error:
        read_filing(path)
    problems = {str(problem) for problem in error.value.problems}
    assert "Field chapters.686a.answers.automated_shuffler.value: answer 'Maybe' is not Yes or No" in problems
    filed_under = "Field chapters.686a.answers.verbal_wagers: the answer is filed under"
    assert any(problem.startswith(filed_under) for problem in problems)


@pytest.mark.parametrize(
    ("field", "written", "expected"),
    [
        ("discard_rack_height_mm", "93.6 mm", "93.6"),
        ("discard_rack_height_mm", "93.6 millimetres", "93.6"),
        ("discard_rack_mark_mm", "90 Millimeters", "90"),
        ("card_change_interval_hours", "24 hours", "24"),
        ("card_change_interval_hours", "24h", "24"),
        ("card_change_interval_hours", "8 hrs.", "8"),
    ],
)
def test_686a_2_d_and_3_c_a_measure_written_with_its_columns_unit_is_read(
    tmp_path: Path, field: str, written: str, expected: str
) -> None:
    data = json.loads(dumps_filing(NONCOMPLIANT_686A))
    data["tables"][0][field] = written
    path = tmp_path / "filing.json"
    path.write_text(json.dumps(data))
    assert str(getattr(read_filing(path).tables[0], field)) == expected


def test_686a_2_d_a_measure_in_another_unit_is_refused_naming_the_columns(tmp_path: Path) -> None:
    data = json.loads(dumps_filing(NONCOMPLIANT_686A))
    data["tables"][0]["discard_rack_height_mm"] = "9.36 cm"
    data["tables"][1]["card_change_interval_hours"] = "1 day"
    path = tmp_path / "filing.json"
    path.write_text(json.dumps(data))
    with pytest.raises(InputError) as error:
        read_filing(path)
    problems = {str(problem) for problem in error.value.problems}
    rack, interval = "Field tables[0].discard_rack_height_mm:", "Field tables[1].card_change_interval_hours:"
    assert any(problem.startswith(rack) and "write it in millimetres" in problem for problem in problems)
    assert any(problem.startswith(interval) and "write it in hours" in problem for problem in problems)
