"""Waivers (58 Pa. Code § 601a.4) and the configuration file, through ``pacomply validate``."""

from __future__ import annotations

import json
from datetime import date, timedelta
from pathlib import Path

import pytest
from pacomply.checker.registry import board_today
from pacomply.checker.review import review_filing
from pacomply.checker.waivers import apply_waivers, read_waivers
from pacomply.submissions import InputError, read_filing

from tests.io.support import EXAMPLES, assert_input_refused, pdf_text, run_pacomply

VIOLATIONS = EXAMPLES / "686a-violations.xlsx"
# Relative to the default review date, today in the Board's time zone: the machine's own date differs from it for
# some hours of every day, and a waiver that expired "yesterday" by the machine's clock may still be live then.
FUTURE = (board_today() + timedelta(days=365)).isoformat()
PAST = (board_today() - timedelta(days=1)).isoformat()


def _toml(entries: list[dict[str, str]]) -> str:
    blocks = []
    for entry in entries:
        lines = ["[[waiver]]"]
        for key, value in entry.items():
            lines.append(f"{key} = {value}" if key == "expires" else f"{key} = {json.dumps(value)}")
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks) + "\n"


def _waiver(rule: str = "686A-004", table: str | None = "OU-4", expires: str = FUTURE) -> dict[str, str]:
    entry = {"rule": rule, "justification": "Replacement rack on order.", "approval": "PGCB W-2026-117"}
    if table is not None:
        entry["table"] = table
    entry["expires"] = expires
    return entry


def _review_json(*arguments: str | Path) -> tuple[int, dict]:
    run = run_pacomply("validate", *arguments, "--format", "json")
    assert run.exception is None and run.exit_code in (0, 1), (run.exit_code, run.stderr)
    return run.exit_code, json.loads(run.stdout)


def test_601a_4_waived_finding_is_still_reported_marked_and_no_longer_counts(tmp_path: Path) -> None:
    waivers = tmp_path / "waivers.toml"
    waivers.write_text(_toml([_waiver()]), encoding="utf-8")
    _, plain = _review_json(VIOLATIONS)
    _, waived = _review_json(VIOLATIONS, "--waivers", waivers)
    marked = [f for f in waived["findings"] if f["waiver"] is not None]
    assert [(f["rule_id"], f["table_id"]) for f in marked] == [("686A-004", "OU-4")]
    assert marked[0]["waiver"]["approval_reference"] == "PGCB W-2026-117"
    assert marked[0]["waiver"]["expires"] == FUTURE
    assert len(waived["findings"]) == len(plain["findings"])  # nothing hidden
    assert waived["verdict"]["errors"] == plain["verdict"]["errors"] - 1
    assert waived["verdict"]["waived"] == 1


def test_601a_4_text_report_marks_the_waived_finding(tmp_path: Path) -> None:
    waivers = tmp_path / "waivers.toml"
    waivers.write_text(_toml([_waiver()]), encoding="utf-8")
    run = run_pacomply("validate", VIOLATIONS, "--waivers", waivers)
    assert "686A-004 WAIVED [Tables!H5]" in run.stdout
    assert "PGCB W-2026-117" in run.stdout and "1 finding waived" in run.stdout


def test_601a_4_waiving_every_error_makes_the_filing_pass(tmp_path: Path) -> None:
    _, plain = _review_json(VIOLATIONS)
    rules = sorted({f["rule_id"] for f in plain["findings"] if f["severity"] == "error"})
    waivers = tmp_path / "all.yaml"
    waivers.write_text(
        "waivers:\n"
        + "".join(
            f"  - rule: {rule}\n    justification: test\n    approval: PGCB W-{n}\n    expires: {FUTURE}\n"
            for n, rule in enumerate(rules)
        ),
        encoding="utf-8",
    )
    code, review = _review_json(VIOLATIONS, "--waivers", waivers)
    assert code == 0 and review["verdict"]["compliant"] is True
    assert review["verdict"]["waived"] == sum(1 for f in plain["findings"] if f["severity"] == "error")


def test_601a_4_expired_waiver_is_an_error_and_does_not_apply(tmp_path: Path) -> None:
    waivers = tmp_path / "waivers.toml"
    waivers.write_text(_toml([_waiver(expires=PAST)]), encoding="utf-8")
    code, review = _review_json(VIOLATIONS, "--waivers", waivers)
    assert code == 1
    expired = [f for f in review["findings"] if f["rule_id"] == "FIL-003"]
    assert len(expired) == 1 and expired[0]["severity"] == "error"
    assert expired[0]["location"]["file"] == "waivers.toml"
    assert expired[0]["location"]["field"] == "waivers.toml, waiver 1 (line 1), expires"
    assert all(f["waiver"] is None for f in review["findings"])


def test_601a_4_waiver_expiring_today_still_applies() -> None:
    review = review_filing(read_filing(VIOLATIONS))
    from pacomply.checker.registry import Waiver

    today = date(2026, 6, 1)
    waiver = Waiver("686A-004", "j", "PGCB W-1", today, "OU-4", "w.toml, waiver 1")
    assert apply_waivers(review, [waiver], today).waived_count == 1
    assert apply_waivers(review, [waiver], today + timedelta(days=1)).waived_count == 0


def test_601a_4_waiver_matching_nothing_is_a_warning(tmp_path: Path) -> None:
    waivers = tmp_path / "waivers.toml"
    waivers.write_text(_toml([_waiver(table="OU-9")]), encoding="utf-8")
    _, review = _review_json(VIOLATIONS, "--waivers", waivers)
    unmatched = [f for f in review["findings"] if f["rule_id"] == "FIL-004"]
    assert len(unmatched) == 1 and unmatched[0]["severity"] == "warning"
    assert "OU-9" in unmatched[0]["message"]


def test_601a_4_filing_wide_waiver_covers_every_table(tmp_path: Path) -> None:
    waivers = tmp_path / "waivers.toml"
    waivers.write_text(_toml([_waiver(rule="686A-103", table=None)]), encoding="utf-8")
    _, review = _review_json(VIOLATIONS, "--waivers", waivers)
    covered = sorted(f["table_id"] for f in review["findings"] if f["waiver"] is not None)
    assert covered == ["OU-1", "OU-4"]


@pytest.mark.parametrize(
    ("content", "suffix", "says"),
    [
        ('[[waiver]]\nrule = "686A-004"\n', ".toml", "'justification' is missing"),
        (_toml([_waiver(rule="999A-001")]), ".toml", "no rule '999A-001'"),
        (_toml([_waiver(expires='"next year"')]), ".toml", "is not a date"),
        (_toml([_waiver() | {"approved_by": "me"}]), ".toml", "unknown key 'approved_by'"),
        (_toml([_waiver(), _waiver()]), ".toml", "again"),
        (_toml([_waiver(rule="FIL-003")]), ".toml", "cannot be waived"),
        ("[[waiver]\n", ".toml", "not valid TOML"),
        ("waivers: [\n", ".yaml", "not valid YAML"),
        ("- just a list\n", ".yaml", "a waiver file holds a list"),
        ("rule = 1", ".ini", "not a waiver file"),
    ],
)
def test_malformed_waiver_file_exits_2_located_in_the_file(
    tmp_path: Path, content: str, suffix: str, says: str
) -> None:
    waivers = tmp_path / f"waivers{suffix}"
    waivers.write_text(content, encoding="utf-8")
    run = run_pacomply("validate", VIOLATIONS, "--waivers", waivers)
    assert_input_refused(run, says)
    with pytest.raises(InputError):
        read_waivers(waivers)


def test_waiver_file_problems_are_all_reported_with_their_waiver_number(tmp_path: Path) -> None:
    waivers = tmp_path / "waivers.toml"
    waivers.write_text(_toml([_waiver(rule="999A-001"), _waiver(expires='"soon"')]), encoding="utf-8")
    run = run_pacomply("validate", VIOLATIONS, "--waivers", waivers)
    text_lines = waivers.read_text(encoding="utf-8").splitlines()
    expires_line = text_lines.index('expires = "soon"') + 1  # counted here, independently of the reader
    assert_input_refused(run, "waiver 1, rule (line 2)", f"waiver 2, expires (line {expires_line})")


def test_yaml_waiver_problems_name_their_line(tmp_path: Path) -> None:
    waivers = tmp_path / "waivers.yaml"
    waivers.write_text(
        "waivers:\n"
        f"  - rule: 686A-004\n    justification: ok\n    approval: W-1\n    expires: {FUTURE}\n"
        "  - rule: 686A-004\n    table: OU-4\n    justification: ok\n    approval: W-2\n    expires: later\n",
        encoding="utf-8",
    )
    assert_input_refused(run_pacomply("validate", VIOLATIONS, "--waivers", waivers), "waiver 2, expires (line 10)")


# --- configuration ----------------------------------------------------------------------------------------------


def test_config_severity_override_and_default_format(tmp_path: Path) -> None:
    (tmp_path / "pacomply.toml").write_text('format = "json"\n[severity]\n"686A-006" = "warning"\n', encoding="utf-8")
    run = run_pacomply("validate", VIOLATIONS, "--config", tmp_path / "pacomply.toml")
    review = json.loads(run.stdout)  # the configured format
    overridden = [f for f in review["findings"] if f["rule_id"] == "686A-006"]
    assert overridden and all(f["severity"] == "warning" for f in overridden)


def test_config_rack_tolerance_changes_the_rack_finding(tmp_path: Path) -> None:
    # OU-4's rack is 80 mm against a 93.6 mm stack (6 decks × 52 × 0.30 mm): 14.5 % short, so a 15 % tolerance
    # accepts it and the default 3 % does not.
    config = tmp_path / "pyproject.toml"
    config.write_text("[tool.pacomply]\nrack_tolerance = 0.15\n", encoding="utf-8")
    _, plain = _review_json(VIOLATIONS)
    _, loose = _review_json(VIOLATIONS, "--config", config)
    assert any(f["rule_id"] == "686A-004" for f in plain["findings"])
    assert not any(f["rule_id"] == "686A-004" for f in loose["findings"])


def test_config_card_thickness_is_a_default_the_filing_can_override(tmp_path: Path) -> None:
    # 80 mm / (6 × 52) = 0.2564 mm per card: with that thickness OU-4's rack equals the stack.
    config = tmp_path / "pacomply.toml"
    config.write_text("card_thickness_mm = 0.2564\n", encoding="utf-8")
    _, review = _review_json(VIOLATIONS, "--config", config)
    racks = {f["table_id"] for f in review["findings"] if f["rule_id"] == "686A-004"}
    assert "OU-4" not in racks


def test_config_waivers_path_is_relative_to_the_config(tmp_path: Path) -> None:
    (tmp_path / "w.toml").write_text(_toml([_waiver()]), encoding="utf-8")
    (tmp_path / "pacomply.toml").write_text('waivers = "w.toml"\n', encoding="utf-8")
    _, review = _review_json(VIOLATIONS, "--config", tmp_path / "pacomply.toml")
    assert review["verdict"]["waived"] == 1


@pytest.mark.parametrize(
    ("content", "says"),
    [
        ("rack_tolerance = 2\n", "rack_tolerance"),
        ('card_thickness_mm = "thick"\n', "card_thickness_mm"),
        ('format = "docx"\n', "format"),
        ('colour = "red"\n', "unknown key 'colour'"),
        ('[severity]\n"686A-104" = "fatal"\n', "severity.686A-104"),
        ('[severity]\n"XYZ" = "info"\n', "no rule 'XYZ'"),
        ("rack_tolerance = \n", "not valid TOML"),
    ],
)
def test_bad_config_exits_2_located(tmp_path: Path, content: str, says: str) -> None:
    config = tmp_path / "pacomply.toml"
    config.write_text(content, encoding="utf-8")
    assert_input_refused(run_pacomply("validate", VIOLATIONS, "--config", config), says)


def test_report_is_never_written_over_the_waiver_or_config_file(tmp_path: Path) -> None:
    waivers = tmp_path / "waivers.toml"
    waivers.write_text(_toml([_waiver()]), encoding="utf-8")
    before = waivers.read_bytes()
    assert_input_refused(run_pacomply("validate", VIOLATIONS, "--waivers", waivers, "-o", waivers), "input")
    assert waivers.read_bytes() == before


def test_config_rack_tolerance_of_zero_is_kept_not_replaced_by_the_default(tmp_path: Path) -> None:
    # Zero is a legal tolerance (exact racks only); it must not fall back to 3 % as a falsy value would.
    # With cards 0.301 mm thick a 6-deck stack is 6 × 52 × 0.301 = 93.912 mm: the 93.6 mm racks of OU-1 and OU-3
    # are within 3 % of it but not equal, so only a zero tolerance reports them (and OU-2's 124.8 mm against
    # 8 × 52 × 0.301 = 125.216 mm likewise).
    config = tmp_path / "pacomply.toml"
    config.write_text("rack_tolerance = 0\n", encoding="utf-8")
    from pacomply.config import load_config

    assert load_config(config).rack_tolerance == 0
    _, exact = _review_json(VIOLATIONS, "--config", config, "--card-thickness", "0.301")
    _, default = _review_json(VIOLATIONS, "--card-thickness", "0.301")
    assert {f["table_id"] for f in exact["findings"] if f["rule_id"] == "686A-004"} == {"OU-1", "OU-2", "OU-3", "OU-4"}
    assert {f["table_id"] for f in default["findings"] if f["rule_id"] == "686A-004"} == {"OU-4"}


@pytest.mark.parametrize(("option", "value"), [("--rack-tolerance", "nan"), ("--card-thickness", "-1")])
def test_out_of_range_command_line_knobs_exit_2(option: str, value: str) -> None:
    assert_input_refused(run_pacomply("validate", VIOLATIONS, option, value), option)


def test_601a_4_waiver_appears_in_every_report_format(tmp_path: Path) -> None:
    # End to end through validate: the approval reference of the waiver is in the text, JSON, SARIF, JUnit,
    # PDF and Excel reports of the same run.
    from openpyxl import load_workbook

    waivers = tmp_path / "waivers.toml"
    waivers.write_text(_toml([_waiver()]), encoding="utf-8")
    out = tmp_path / "out"
    run = run_pacomply(
        "validate", VIOLATIONS, "--waivers", waivers, "--output-dir", out, "--format", "text,json,sarif,junit,pdf,xlsx"
    )
    assert run.exception is None and run.exit_code == 1, run.stderr
    reference = "PGCB W-2026-117"
    for suffix in (".txt", ".json", ".sarif", ".xml"):
        assert reference in (out / f"686a-violations{suffix}").read_text(encoding="utf-8"), suffix
    sarif = json.loads((out / "686a-violations.sarif").read_text(encoding="utf-8"))
    suppressed = [result for result in sarif["runs"][0]["results"] if result.get("suppressions")]
    assert len(suppressed) == 1 and suppressed[0]["ruleId"] == "686A-004"
    assert reference in pdf_text(out / "686a-violations.pdf")
    workbook = load_workbook(out / "686a-violations.xlsx", read_only=True)
    assert any(
        reference in str(value) for sheet in workbook for row in sheet.iter_rows(values_only=True) for value in row
    )
