"""The command line as a user types it: exit codes, outputs, and messages for bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pacomply.cli import app

runner = CliRunner()
README = Path(__file__).resolve().parent.parent.parent / "README.md"


def run(*arguments: str):  # type: ignore[no-untyped-def]
    return runner.invoke(app, list(arguments))


def test_validate_a_compliant_filing_exits_0(examples: Path) -> None:
    result = run("validate", str(examples / "686a-compliant.xlsx"))
    assert result.exit_code == 0, result.output
    assert "VERDICT: compliant" in result.output


def test_validate_names_every_planted_violation_with_citation_and_cell(examples: Path) -> None:
    result = run("validate", str(examples / "686a-violations.xlsx"), "--format", "json")
    assert result.exit_code == 1
    findings = {(f["rule_id"], f["location"]["text"], f["citation"]) for f in json.loads(result.stdout)["findings"]}
    # The planted violations, as documented in examples/build_examples.py and the README.
    planted = {
        ("686A-001", "Tables!C2", "58 Pa. Code § 686a.2(a)"),
        ("686A-002", "Tables!D3", "58 Pa. Code § 686a.3(a)"),
        ("686A-002", "Tables!E4", "58 Pa. Code § 686a.3(b)(1)"),
        ("686A-003", "Tables!J3", "58 Pa. Code § 686a.3(c)"),
        ("686A-004", "Tables!H5", "58 Pa. Code § 686a.2(d)"),
        ("686A-005", "Tables!G5", "58 Pa. Code § 686a.7(a)"),
        ("686A-006", "686a!D10", "58 Pa. Code § 686a.6(f)"),
        ("686A-007", "Tables!L5", "58 Pa. Code § 686a.8(b)"),
        ("686A-102", "Tables!F4", "58 Pa. Code § 686a.3(b)"),
        ("686A-103", "Tables!L2", "58 Pa. Code § 686a.6(e)"),
    }
    assert planted <= findings
    # The blank number of boxes (686a!D10) is the checklist rule's finding alone, not the adjacent-boxes rule's too.
    assert not any(rule == "686A-104" for rule, _place, _citation in findings)


def test_validate_json_filing_gives_the_same_findings_as_its_workbook(examples: Path) -> None:
    from_json = json.loads(run("validate", str(examples / "686a-violations.json"), "-f", "json").stdout)
    from_xlsx = json.loads(run("validate", str(examples / "686a-violations.xlsx"), "-f", "json").stdout)
    assert [f["rule_id"] for f in from_json["findings"]] == [f["rule_id"] for f in from_xlsx["findings"]]


def test_validate_unreadable_input_exits_2_with_every_problem(tmp_path: Path) -> None:
    bad = tmp_path / "bad.xlsx"
    bad.write_text("not a workbook")
    result = run("validate", str(bad), str(tmp_path / "missing.xlsx"))
    assert result.exit_code == 2
    assert "not an Excel workbook" in result.stderr and "does not exist" in result.stderr
    assert "Traceback" not in result.output


def test_validate_refuses_to_write_over_its_input(examples: Path, tmp_path: Path) -> None:
    filing = tmp_path / "filing.xlsx"
    filing.write_bytes((examples / "686a-compliant.xlsx").read_bytes())
    result = run("validate", str(filing), "--output", str(filing))
    assert result.exit_code == 2 and "never writes over its input" in result.stderr
    assert filing.read_bytes() == (examples / "686a-compliant.xlsx").read_bytes()


def test_validate_writes_the_report_file(examples: Path, tmp_path: Path) -> None:
    output = tmp_path / "review.json"
    result = run("validate", str(examples / "686a-compliant.xlsx"), "-f", "json", "-o", str(output))
    assert result.exit_code == 0
    assert json.loads(output.read_text())["verdict"]["compliant"] is True


def test_template_writes_a_workbook_that_validates_as_unanswered(tmp_path: Path) -> None:
    path = tmp_path / "filing.xlsx"
    assert run("template", "686a", "-o", str(path)).exit_code == 0
    result = run("validate", str(path))
    assert result.exit_code == 2  # blank Licensee, Date Filed, Reviewed By
    assert "'Licensee' is empty" in result.stderr
    assert run("template", "686a", "-o", str(path)).exit_code == 2  # exists: needs --force
    assert run("template", "686a", "-o", str(path), "--force").exit_code == 0


def test_template_list_prints_every_key() -> None:
    from pacomply.regulations.chapter_686a import CHECKLIST

    result = run("template", "--list", "686a")
    assert result.exit_code == 0
    for question in CHECKLIST:
        assert question.key in result.output


def test_unknown_chapter_exits_2_naming_the_chapters() -> None:
    from pacomply.regulations import known_chapters

    result = run("template", "999a", "-o", "x.xlsx")
    assert result.exit_code == 2 and "'999a' is not one of" in result.stderr
    assert all(chapter in result.stderr for chapter in known_chapters())


def test_rules_and_explain() -> None:
    listing = run("rules", "686a")
    assert listing.exit_code == 0 and "686A-004" in listing.output and "686a.2(d)" in listing.output
    explained = run("explain", "686A-004")
    assert explained.exit_code == 0
    for section in ("## What it does", "## Why", "## Example", "Use instead:", "## References"):
        assert section in explained.output
    assert run("explain", "NOPE-1").exit_code == 2


def test_edge_json_and_bad_arguments() -> None:
    result = run("edge", "686a", "--wager", "bonus", "--format", "json")
    assert result.exit_code == 0
    (bonus,) = json.loads(result.stdout)
    assert bonus["wager"] == "bonus" and bonus["decks"] == 6
    assert run("edge", "686a", "--wager", "tie").exit_code == 2
    assert run("edge", "686a", "--wager", "bonus", "--paytable", "Z").exit_code == 2


def test_replay_settles_each_wager_with_its_subsection(examples: Path) -> None:
    result = run("replay", str(examples / "rounds" / "686a-over-wins-with-bonus.json"), "--format", "json")
    assert result.exit_code == 0, result.output
    settled = json.loads(result.stdout)
    assert {s["wager"]: s["citation"] for s in settled["settlements"]} == {
        "ante": "58 Pa. Code § 686a.7(k)(1)",
        "over_23": "58 Pa. Code § 686a.7(k)(1)",
        "bonus": "58 Pa. Code § 686a.8(b)",
    }


def test_replay_of_an_impossible_round_exits_2(examples: Path) -> None:
    result = run("replay", str(examples / "rounds" / "686a-impossible.json"))
    assert result.exit_code == 2
    assert "cannot be replayed" in result.stderr


def test_schema_prints_the_filing_json_schema() -> None:
    result = run("schema")
    assert result.exit_code == 0 and json.loads(result.stdout)["title"] == "Filing"


def test_every_command_is_documented_in_the_readme() -> None:
    import typer.main

    readme = README.read_text(encoding="utf-8")
    group = typer.main.get_command(app)
    context = typer.Context(group)
    names = [name for name in group.list_commands(context) if not hasattr(group.get_command(context, name), "commands")]  # type: ignore[attr-defined]
    assert "validate" in names and "parsheet" in names and "store" not in names  # the commands, not the groups
    for name in names:
        assert f"pacomply {name}" in readme


def test_a_run_freezes_its_objects_before_the_interpreter_exits() -> None:
    """The interpreter's last garbage collections pass over what a run made (a fifth of a review's CPU otherwise):
    after ``main`` the collector's objects are frozen, and the review's output was still written in full."""
    code = (
        "import gc, sys; from pacomply.cli import main\n"
        "sys.argv = ['pacomply', '-q', 'validate', sys.argv[1]]\n"
        "try:\n    main()\nexcept SystemExit as exit:\n"
        "    print('EXIT', exit.code, 'FROZEN', gc.get_freeze_count() > 0)\n"
    )
    filing = Path(__file__).resolve().parents[2] / "examples" / "686a-compliant.xlsx"
    output = subprocess.run([sys.executable, "-c", code, str(filing)], capture_output=True, text=True, check=True)
    assert "compliant" in output.stdout
    assert output.stdout.rstrip().endswith("EXIT 0 FROZEN True")


@pytest.mark.parametrize("arguments", [["--help"], ["validate", "--help"]])
def test_help_runs_without_importing_heavy_modules(arguments: list[str]) -> None:
    code = (
        "import sys; from pacomply.cli import main; sys.argv=['pacomply', *sys.argv[1:]]\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "heavy = [m for m in ('reportlab', 'pdfplumber', 'numba', 'openpyxl', 'numpy') if m in sys.modules]\n"
        "print('HEAVY', heavy)"
    )
    output = subprocess.run([sys.executable, "-c", code, *arguments], capture_output=True, text=True, check=True)
    assert "HEAVY []" in output.stdout


def test_reports_are_written_with_ordinary_file_permissions(examples: Path, tmp_path: Path) -> None:
    import os
    import stat

    umask = os.umask(0o022)
    try:
        output = tmp_path / "review.json"
        assert run("validate", str(examples / "686a-compliant.xlsx"), "-f", "json", "-o", str(output)).exit_code == 0
        assert stat.S_IMODE(output.stat().st_mode) == 0o644
    finally:
        os.umask(umask)
