"""``rules`` and ``store list`` in JSON, ``diff`` reviewing as validate does (configuration, waivers, review date)
with exit 1 when an error was added, and internal-error logs in this user's cache folder."""

from __future__ import annotations

import json
import stat
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pacomply.cli import app
from pacomply.terminal import Verbosity

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
COMPLIANT = EXAMPLES / "686a-compliant.json"
VIOLATIONS = EXAMPLES / "686a-violations.json"
REVIEW_DATE = ("--review-date", "2026-11-24")  # after both examples' Date Filed


@pytest.fixture(autouse=True)
def normal_verbosity() -> None:
    Verbosity.level = 1


def run(*arguments: str):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(app, list(arguments), env={"COLUMNS": "120"})


def test_rules_format_json_lists_the_same_rules_as_the_text() -> None:
    from pacomply.checker.registry import chapter_rules, filing_rules

    text = run("rules", "686a")
    document = run("rules", "686a", "--format", "json")
    assert text.exit_code == document.exit_code == 0
    rules = json.loads(document.stdout)
    expected = [*filing_rules(), *chapter_rules("686a")]
    assert [rule["id"] for rule in rules] == [rule.code for rule in expected]
    assert [line.split()[0] for line in text.stdout.splitlines()] == [rule["id"] for rule in rules]
    by_id = {rule["id"]: rule for rule in rules}
    assert by_id["686A-004"]["citation"] == "58 Pa. Code § 686a.2(d)"
    assert by_id["686A-004"]["severity"] == "error" and by_id["686A-004"]["summary"]


def test_store_list_format_json_gives_the_same_rows_as_the_tab_separated_list(tmp_path: Path) -> None:
    pytest.importorskip("pacomply.workspace.store", reason="the workspace extra is not installed")
    database = ("--database", f"sqlite:///{tmp_path / 'store.sqlite3'}")
    added = run("store", "add", str(COMPLIANT), str(VIOLATIONS), *database)
    assert added.exit_code == 0, added.output
    text = run("store", "list", *database)
    document = run("store", "list", "--format", "json", *database)
    assert text.exit_code == document.exit_code == 0, document.output
    rows = json.loads(document.stdout)
    assert len(rows) == 2
    assert [row["file"] for row in rows] == [line.split("\t")[-1] for line in text.stdout.splitlines()]
    for row, line in zip(rows, text.stdout.splitlines(), strict=True):
        fields = line.split("\t")
        assert fields == [str(row["id"]), row["licensee"], ",".join(row["chapters"]), row["date_filed"],
                          row["status"], row["verdict"], row["file"]]  # fmt: skip
        assert row["chapters"] == ["686a"] and row["status"] == "received"
    only = json.loads(run("store", "list", "-f", "json", "--status", "approved", *database).stdout)
    assert only == []


def test_diff_exits_1_when_errors_were_added_and_0_when_they_were_resolved() -> None:
    worse = run("diff", str(COMPLIANT), str(VIOLATIONS), *REVIEW_DATE)
    assert worse.exit_code == 1, worse.output
    assert "[error]" in worse.stdout.split("Findings added", 1)[1]
    better = run("diff", str(VIOLATIONS), str(COMPLIANT), *REVIEW_DATE)
    assert better.exit_code == 0, better.output
    assert "Findings resolved" in better.stdout
    same = run("diff", str(VIOLATIONS), str(VIOLATIONS), *REVIEW_DATE, "-f", "json")
    assert same.exit_code == 0 and json.loads(same.stdout)["findings"]["added"] == []


def _added_errors(result) -> list[str]:  # type: ignore[no-untyped-def]
    document = json.loads(result.stdout)
    return sorted({item["rule_id"] for item in document["findings"]["added"] if item["severity"] == "error"})


def test_diff_applies_the_configurations_severity_overrides(tmp_path: Path) -> None:
    plain = run("diff", str(COMPLIANT), str(VIOLATIONS), *REVIEW_DATE, "-f", "json")
    errors = _added_errors(plain)
    assert plain.exit_code == 1 and errors
    config = tmp_path / "pacomply.toml"
    config.write_text("[severity]\n" + "".join(f'"{rule}" = "warning"\n' for rule in errors), encoding="utf-8")
    demoted = run("diff", str(COMPLIANT), str(VIOLATIONS), *REVIEW_DATE, "-f", "json", "--config", str(config))
    assert demoted.exit_code == 0, demoted.output
    assert _added_errors(demoted) == []
    warned = {item["rule_id"] for item in json.loads(demoted.stdout)["findings"]["added"]}
    assert set(errors) <= warned  # still reported, at the configured severity


def test_diff_applies_waivers_as_of_the_review_date(tmp_path: Path) -> None:
    """A waiver through 2026-12-31 covers the added errors on 2026-11-24 (exit 0); on 2027-01-05 it has lapsed, so
    the errors count again (exit 1)."""
    errors = _added_errors(run("diff", str(COMPLIANT), str(VIOLATIONS), *REVIEW_DATE, "-f", "json"))
    waivers = tmp_path / "waivers.toml"
    waivers.write_text(
        "".join(
            f'[[waiver]]\nrule = "{rule}"\njustification = "Test waiver."\napproval = "PGCB waiver T-{index}"\n'
            "expires = 2026-12-31\n\n"
            for index, rule in enumerate(errors)
        ),
        encoding="utf-8",
    )
    waived = run("diff", str(COMPLIANT), str(VIOLATIONS), "--waivers", str(waivers), *REVIEW_DATE, "-f", "json")
    assert waived.exit_code == 0, waived.output
    assert _added_errors(waived) == []
    lapsed = run("diff", str(COMPLIANT), str(VIOLATIONS), "--waivers", str(waivers), "--review-date", "2027-01-05")
    assert lapsed.exit_code == 1, lapsed.output


def test_diff_refuses_a_review_date_that_is_not_a_date() -> None:
    result = run("diff", str(COMPLIANT), str(VIOLATIONS), "--review-date", "24/11/2026")
    assert result.exit_code == 2 and "is not a date in the form YYYY-MM-DD" in result.stderr


def test_internal_error_log_goes_to_this_users_cache_folder(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import pacomply.review_service as service
    from pacomply.cli import EXIT_INTERNAL, run_app

    def broken(*arguments: object, **keywords: object) -> None:
        raise ZeroDivisionError("planted defect")

    cache = tmp_path / "cache"
    monkeypatch.setenv("PACOMPLY_CACHE_DIR", str(cache))
    monkeypatch.setattr(service, "review_path", broken)
    assert run_app(["validate", str(VIOLATIONS)]) == EXIT_INTERNAL
    error = capsys.readouterr().err
    log = Path(error.rsplit("traceback is in ", 1)[1].strip())
    assert log.parent == cache / "logs"
    assert "planted defect" in log.read_text(encoding="utf-8")
    if sys.platform != "win32":  # the arguments may name confidential filings: this user's only
        assert stat.S_IMODE(log.stat().st_mode) == 0o600
        assert stat.S_IMODE(log.parent.stat().st_mode) == 0o700


def test_log_folder_defaults_to_the_platforms_per_user_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import platformdirs

    from pacomply import runtime

    home_cache = tmp_path / "user-cache"
    monkeypatch.setattr(platformdirs, "user_cache_path", lambda *arguments, **keywords: home_cache)
    folder = runtime.log_folder({})
    assert folder == home_cache / "logs" and folder.is_dir()
