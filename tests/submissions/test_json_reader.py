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
