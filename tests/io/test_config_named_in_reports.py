"""Waiver and configuration files as people write them: YAML scalars kept as written, impossible dates located,
and the configuration that changed a review named in every report's header.

A configuration can demote errors and so turn a verdict into "compliant"; the report then says which file did it.
A pacomply.toml that came with the filings (in their folder, not the working folder) is not applied, and the run
says so.
"""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

import openpyxl
import pdfplumber
import pytest
from pacomply.checker.waivers import read_waivers

from tests.io.support import EXAMPLES, assert_input_refused, run_pacomply

VIOLATIONS = EXAMPLES / "686a-violations.json"


def _errors_of(path: Path) -> list[str]:
    review = json.loads(run_pacomply("validate", path, "--format", "json").stdout)
    return sorted({finding["rule_id"] for finding in review["findings"] if finding["severity"] == "error"})


def _demoting_config(folder: Path) -> tuple[Path, int]:
    """A pacomply.toml setting every error rule of the violations example to info; the errors it demotes (counted
    from the example's own review, not typed in)."""
    review = json.loads(run_pacomply("validate", VIOLATIONS, "--format", "json").stdout)
    errors = [finding["rule_id"] for finding in review["findings"] if finding["severity"] == "error"]
    assert errors, "the example must have errors for this test to mean anything"
    config = folder / "pacomply.toml"
    config.write_text("[severity]\n" + "".join(f'"{rule}" = "info"\n' for rule in sorted(set(errors))))
    return config, len(errors)


@pytest.mark.parametrize(
    ("written", "kept"),
    [("010", "010"), ("1:20", "1:20"), ("0x1F", "0x1F"), ("1.50", "1.50"), ("1_000", "1_000"), ("OU-4", "OU-4")],
)
def test_601a_4_yaml_waiver_table_id_keeps_the_text_written(tmp_path: Path, written: str, kept: str) -> None:
    # YAML 1.1 (PyYAML's default) reads 010 as octal 8, 1:20 as sexagesimal 80, 0x1F as 31 and 1.50 as 1.5.
    path = tmp_path / "waivers.yaml"
    path.write_text(
        "waiver:\n"
        "  - rule: 686A-004\n"
        f"    table: {written}\n"
        "    justification: no\n"  # YAML 1.1's boolean False; text here
        "    approval: PGCB W-1\n"
        "    expires: 2027-06-30\n"
    )
    (waiver,) = read_waivers(path)
    assert waiver.table_id == kept
    assert waiver.justification == "no"
    assert waiver.expires.isoformat() == "2027-06-30"


def test_601a_4_yaml_waiver_with_an_impossible_date_names_its_line_and_field(tmp_path: Path) -> None:
    path = tmp_path / "waivers.yaml"
    path.write_text(
        "waiver:\n"
        "  - rule: 686A-004\n"
        "    justification: Rack replaced on order.\n"
        "    approval: PGCB W-1\n"
        "    expires: 2027-02-30\n"
    )
    run = run_pacomply("validate", VIOLATIONS, "--waivers", path)
    assert_input_refused(run, "waiver 1, expires (line 5)", "'2027-02-30' is not a date")
    assert "nested too deeply" not in run.stderr


def test_601a_4_toml_waiver_with_an_impossible_date_names_its_line_and_field(tmp_path: Path) -> None:
    path = tmp_path / "waivers.toml"
    path.write_text(
        '[[waiver]]\nrule = "686A-004"\njustification = "Rack replaced."\napproval = "W-1"\nexpires = 2027-02-30\n'
    )
    assert_input_refused(run_pacomply("validate", VIOLATIONS, "--waivers", path), "line 5, expires")


def test_config_that_demotes_errors_is_named_in_every_report_header(tmp_path: Path) -> None:
    config, demoted = _demoting_config(tmp_path)
    out = tmp_path / "reports"
    run = run_pacomply("validate", VIOLATIONS, "--config", config, "--output-dir", out, "--format",
                       "text,json,pdf,xlsx,sarif,junit")  # fmt: skip
    assert run.exit_code == 0, run.stderr  # compliant only because of the file: every report must say so
    expected = f"{demoted} error(s) demoted by this file"
    text = (out / "686a-violations.txt").read_text(encoding="utf-8")
    assert f"VERDICT: compliant ({demoted} error{'s' * (demoted != 1)} demoted by " in text
    configuration_line = next(line for line in text.splitlines() if line.startswith("Configuration: "))
    assert "pacomply.toml" in configuration_line and expected in configuration_line
    review = json.loads((out / "686a-violations.json").read_bytes())
    assert review["configuration"]["file"].endswith("pacomply.toml")
    assert review["configuration"]["errors_demoted"] == demoted
    assert review["verdict"]["compliant"] is True
    with pdfplumber.open(out / "686a-violations.pdf") as pdf:
        cover = " ".join((pdf.pages[0].extract_text() or "").split())
    assert "Configuration applied" in cover and "pacomply.toml" in cover and expected in cover
    summary = openpyxl.load_workbook(io.BytesIO((out / "686a-violations.xlsx").read_bytes()))["Summary"]
    cells = {row[0].value: row[1].value for row in summary.iter_rows() if row[0].value}
    assert "pacomply.toml" in cells["Configuration applied"] and expected in cells["Configuration applied"]
    assert expected in (out / "686a-violations.sarif").read_text(encoding="utf-8")
    assert expected in (out / "686a-violations.xml").read_text(encoding="utf-8")


def test_config_in_the_working_folder_is_named_even_when_it_changes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "pacomply.toml").write_text('format = "text"\n')
    monkeypatch.chdir(tmp_path)
    run = run_pacomply("validate", VIOLATIONS)
    assert "Configuration: pacomply.toml (it changed nothing in this review)" in run.stdout


def test_review_without_configuration_has_no_configuration_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    run = run_pacomply("validate", VIOLATIONS, "--format", "json")
    assert "configuration" not in json.loads(run.stdout)


def test_config_in_the_filings_folder_is_not_applied_and_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A pacomply.toml that came with the filings could demote their own errors: it is not read, and the run says
    # it lies there and how to apply it.
    filings, working = tmp_path / "filings", tmp_path / "work"
    filings.mkdir()
    working.mkdir()
    shutil.copy(VIOLATIONS, filings / VIOLATIONS.name)
    _demoting_config(filings)
    (working / ".git").mkdir()  # the search for a configuration stops here, as at a repository's root
    monkeypatch.chdir(working)
    run = run_pacomply("validate", filings / VIOLATIONS.name)
    assert run.exit_code == 1, run.stderr
    assert "Configuration:" not in run.stdout
    assert "pacomply.toml lies beside the filings but is not applied" in run.stderr
    assert "--config" in run.stderr
    assert _errors_of(filings / VIOLATIONS.name)  # still errors


@pytest.mark.parametrize("written", ["NO", "no", "No", "off", "OFF", "yes", "Y", "n", "On"])
def test_601a_4_yaml_waiver_table_written_as_a_yaml_1_1_boolean_is_the_table_named_so(
    tmp_path: Path, written: str
) -> None:
    # YAML 1.1 reads NO, off, yes, Y and On as booleans; a waiver's table is text as written.
    path = tmp_path / "waivers.yaml"
    path.write_text(
        "waiver:\n"
        "  - rule: 686A-004\n"
        f"    table: {written}\n"
        "    justification: Rack replaced on order.\n"
        "    approval: PGCB W-1\n"
        "    expires: 2027-06-30\n"
    )
    (waiver,) = read_waivers(path)
    assert waiver.table_id == written


@pytest.mark.parametrize(
    ("written", "says"),
    [
        ("", "is empty; name the table, or leave 'table' out"),
        ("~", "is empty; name the table, or leave 'table' out"),
        ("null", "is empty; name the table, or leave 'table' out"),
        ("false", "'false' is a yes/no value, not a table id"),
        ("True", "'true' is a yes/no value, not a table id"),
    ],
)
def test_601a_4_yaml_waiver_table_that_is_empty_or_a_boolean_is_refused_at_its_line(
    tmp_path: Path, written: str, says: str
) -> None:
    # An empty table used to be no table: the waiver silently covered the rule's findings in every table.
    path = tmp_path / "waivers.yaml"
    path.write_text(
        "waiver:\n"
        "  - rule: 686A-004\n"
        "    justification: Rack replaced on order.\n"
        f"    table: {written}\n"
        "    approval: PGCB W-1\n"
        "    expires: 2027-06-30\n"
    )
    assert_input_refused(run_pacomply("validate", VIOLATIONS, "--waivers", path), "waiver 1, table (line 4)", says)
