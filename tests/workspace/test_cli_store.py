"""``pacomply store`` and ``pacomply serve`` from the command line."""

from __future__ import annotations

import shutil
from pathlib import Path

from typer.testing import CliRunner

from pacomply.cli import app
from tests.workspace.conftest import EXAMPLES, LICENSEE_A, LICENSEE_B

runner = CliRunner()


def test_store_add_a_folder_then_list_by_licensee(tmp_path: Path) -> None:
    folder = tmp_path / "filings"
    folder.mkdir()
    for name in ("686a-violations.xlsx", "686a-compliant.json"):
        shutil.copy(EXAMPLES / name, folder / name)
    (folder / "notes.json").write_text("not json", encoding="utf-8")
    database = ["--database", f"sqlite:///{tmp_path / 'store.sqlite3'}"]
    added = runner.invoke(app, ["store", "add", str(folder), *database])
    assert added.exit_code == 2  # one file could not be stored; the others were
    assert "notes.json: not stored" in added.output
    lines = [line.split("\t") for line in added.output.splitlines() if "\t" in line]
    assert [(line[1], line[2], line[3]) for line in lines] == [
        (LICENSEE_B, "686a-compliant.json", "compliant"),
        (LICENSEE_A, "686a-violations.xlsx", "not compliant: 11 errors, 0 warnings"),
    ]
    listed = runner.invoke(app, ["store", "list", "--licensee", LICENSEE_A, *database])
    assert listed.exit_code == 0, listed.output
    rows = [line.split("\t") for line in listed.output.splitlines()]
    assert [(row[1], row[2], row[4], row[6]) for row in rows] == [
        (LICENSEE_A, "686a", "received", "686a-violations.xlsx")
    ]
    assert runner.invoke(app, ["store", "list", "--chapter", "687a", *database]).output == ""


def test_store_user_add_and_role_and_upgrade(tmp_path: Path) -> None:
    database = ["--database", f"sqlite:///{tmp_path / 'store.sqlite3'}"]
    upgraded = runner.invoke(app, ["store", "upgrade", *database])
    assert upgraded.exit_code == 0 and "revision 0007" in upgraded.output
    added = runner.invoke(app, ["store", "user", "add", "rita", "--password", "a long password", *database])
    assert added.exit_code == 0, added.output
    again = runner.invoke(app, ["store", "user", "add", "rita", "--password", "a long password", *database])
    assert again.exit_code == 2 and "already exists" in again.output
    licensee = runner.invoke(app, ["store", "user", "add", "lee", "--role", "licensee", "--password", "a long password",
                                   *database])
    assert licensee.exit_code == 2 and "--licensee" in licensee.output
    short = runner.invoke(app, ["store", "user", "add", "kim", "--password", "short", *database])
    assert short.exit_code == 2 and "at least 12" in short.output
    promoted = runner.invoke(app, ["store", "user", "role", "rita", "supervisor", *database])
    assert promoted.exit_code == 0 and "now a supervisor" in promoted.output
    from pacomply.workspace.store import open_store

    store = open_store(database[1])
    assert [(user.username, user.role) for user in store.users()] == [("rita", "supervisor")]
    assert store.authenticate("rita", "a long password") is not None


def test_serve_refuses_a_host_beyond_loopback_without_the_flag(tmp_path: Path) -> None:
    result = runner.invoke(app, ["serve", "--host", "0.0.0.0", "--database", f"sqlite:///{tmp_path / 's.db'}"])
    assert result.exit_code == 2
    assert "refusing to listen on '0.0.0.0'" in result.output
    assert not (tmp_path / "s.db").exists()  # refused before anything was opened


def test_a_store_that_cannot_be_opened_is_a_clear_error(tmp_path: Path) -> None:
    result = runner.invoke(app, ["store", "list", "--database", "nosuchdialect://x"])
    assert result.exit_code == 2
    assert "could not open the store at 'nosuchdialect://x'" in result.output


def test_pacomply_serve_starts_on_loopback_upgrades_the_store_and_asks_for_sign_in(tmp_path: Path) -> None:
    import os
    import re
    import subprocess
    import sys
    import urllib.error
    import urllib.request

    from pacomply.workspace.store import open_store

    database = f"sqlite:///{tmp_path / 'served.sqlite3'}"
    environment = {**os.environ, "PYTHONPATH": str(EXAMPLES.parent)}
    server = subprocess.Popen(
        [sys.executable, "-m", "pacomply", "serve", "--port", "0", "--database", database],
        stderr=subprocess.PIPE, text=True, env=environment, cwd=EXAMPLES.parent,
    )
    try:
        line = server.stderr.readline()  # type: ignore[union-attr]
        match = re.search(r"on (http://127\.0\.0\.1:\d+)", line)
        assert match is not None, line
        with urllib.request.urlopen(f"{match.group(1)}/login", timeout=30) as response:
            assert response.status == 200
            assert "Sign in" in response.read().decode()
        try:
            urllib.request.urlopen(f"{match.group(1)}/api/filings", timeout=30)
            raise AssertionError("the JSON queue answered without a sign-in")
        except urllib.error.HTTPError as error:
            assert error.code == 401
        assert open_store(database, upgrade=False).revision() == "0007"
    finally:
        server.terminate()
        server.wait(timeout=30)
        server.stderr.close()  # type: ignore[union-attr]


def test_help_imports_no_web_or_database_module() -> None:
    import subprocess
    import sys

    code = (
        "import sys; from pacomply.cli import main; sys.argv=['pacomply', '--help']\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print('HEAVY', [m for m in ('sqlalchemy', 'flask', 'alembic', 'waitress', 'argon2') if m in sys.modules])"
    )
    output = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                            cwd=EXAMPLES.parent)
    assert "HEAVY []" in output.stdout


def test_store_user_password_and_active_from_the_command_line(tmp_path: Path) -> None:
    database = ["--database", f"sqlite:///{tmp_path / 'store.sqlite3'}"]
    for name, role in (("ada", "admin"), ("rita", "reviewer")):
        added = runner.invoke(app, ["store", "user", "add", name, "--role", role, "--password", "a long password",
                                    *database])
        assert added.exit_code == 0, added.output
    weak = runner.invoke(app, ["store", "user", "password", "ada", "--password", "password1234", *database])
    assert weak.exit_code == 2 and "most common" in weak.output
    reset = runner.invoke(app, ["store", "user", "password", "ada", "--password", "the way back in", *database])
    assert reset.exit_code == 0 and "reset" in reset.output
    last = runner.invoke(app, ["store", "user", "active", "ada", "--no", *database])
    assert last.exit_code == 2 and "last active administrator" in last.output
    off = runner.invoke(app, ["store", "user", "active", "rita", "--no", *database])
    assert off.exit_code == 0 and "deactivated" in off.output
    from pacomply.workspace.store import open_store

    store = open_store(database[1])
    assert store.authenticate("ada", "the way back in") is not None
    assert store.authenticate("rita", "a long password") is None
    store.engine.dispose()


def test_store_status_lists_the_servers_seen_their_claims_and_the_queue(tmp_path: Path) -> None:
    """Two pending filings: one claimed by a server with a heartbeat, one that nobody holds."""
    import json
    from datetime import timedelta

    from pacomply.workspace import reviewing
    from pacomply.workspace.store import now, open_store

    url = f"sqlite:///{tmp_path / 'store.sqlite3'}"
    store = open_store(url)
    data = (EXAMPLES / "686a-compliant.json").read_bytes()
    filing = reviewing.read_upload("686a-compliant.json", data)
    held = store.add_submission("686a-compliant.json", data, filing, None, "test", claimant="host:41:abc")
    store.add_submission("686a-compliant.json", data, filing, None, "test")
    store.heartbeat("host:41:abc", "host", 41, now() - timedelta(seconds=30))
    store.engine.dispose()
    answer = runner.invoke(app, ["store", "status", "--format", "json", "--database", url])
    assert answer.exit_code == 0, answer.output
    status = json.loads(answer.output)
    assert [(server["id"], server["reviews_claimed"]) for server in status["servers"]] == [("host:41:abc", 1)]
    assert status["queue"]["pending"] == 2 and status["queue"]["unclaimed"] == 1
    assert status["queue"]["expired_claims"] == 0 and status["queue"]["oldest_wait_seconds"] >= 0
    text = runner.invoke(app, ["store", "status", "--database", url]).output
    assert "holds 1 review(s)" in text and "reviews pending: 2 (1 unclaimed, 0 with an expired claim)" in text
    assert held.claimed_by == "host:41:abc"
