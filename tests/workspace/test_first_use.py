"""The workspace's first use: the sign-in page says how the first administrator is made, Ctrl-C stops ``serve``
within a second with exit status 130, a first upload is version 1, and ``store add`` names each entry it skips."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from tests.workspace.conftest import EXAMPLES, PASSWORD

runner = CliRunner()


def test_the_sign_in_page_says_how_the_first_administrator_is_made_until_there_is_one(sqlite_store: Any) -> None:
    from pacomply.workspace.web import create_app
    from pacomply.workspace.worker import ReviewWorker

    worker = ReviewWorker(sqlite_store, workers=1, processes=False)
    app = create_app(sqlite_store, worker, secret_key="t")
    try:
        page = app.test_client().get("/login").get_data(as_text=True)
        assert 'id="first-admin"' in page
        assert "pacomply store user add NAME --role admin" in page and "--database" in page
        # A reviewer is not an administrator: the page still says how to make one.
        sqlite_store.add_user("rita", PASSWORD, "reviewer")
        assert 'id="first-admin"' in app.test_client().get("/login").get_data(as_text=True)
        sqlite_store.add_user("ada", PASSWORD, "admin")
        page = app.test_client().get("/login").get_data(as_text=True)
        assert 'id="first-admin"' not in page and 'id="accounts-hint"' in page
    finally:
        worker.shutdown()


def test_a_first_upload_is_version_1_and_a_new_review_moves_the_version(web_on_every_database: Any) -> None:
    _app, worker, client = web_on_every_database
    rita = client()
    rita.sign_in("rita")
    uploaded = rita.upload("686a-violations.xlsx", (EXAMPLES / "686a-violations.xlsx").read_bytes())
    filing_id = int(uploaded.headers["Location"].rstrip("/").rsplit("/", 1)[1])
    assert worker.wait_idle(60)
    state = rita.get(f"/api/filings/{filing_id}").get_json()["filing"]
    assert state["review_state"] == "done" and state["version"] == 1
    assert "(version 1)" in rita.get(f"/filings/{filing_id}").get_data(as_text=True)
    # A re-review moves it (the request, then the new review), so a form from the earlier review is refused.
    assert rita.post(f"/filings/{filing_id}/re-review", {"version": 1}).status_code == 302
    assert worker.wait_idle(60)
    assert rita.get(f"/api/filings/{filing_id}").get_json()["filing"]["version"] == 3
    assert rita.post(f"/filings/{filing_id}/sign-off", {"version": 1, "decision": "request changes"}).status_code == 409


TIMED_SERVE = r"""
import os, signal, sys, time
marks = open(sys.argv.pop(1), "w", encoding="utf-8")
def interrupted(number, frame):
    marks.write(f"signal {time.monotonic()}\n")
    marks.flush()
    signal.default_int_handler(number, frame)
signal.signal(signal.SIGINT, interrupted)
real_exit = os._exit
def timed_exit(status):
    marks.write(f"exit {time.monotonic()}\n")
    marks.flush()
    real_exit(status)
os._exit = timed_exit
sys.argv[0] = "pacomply"
from pacomply.cli import main
main()
"""
"""``python -m pacomply`` with two marks on the monotonic clock (the machine's, shared by every process) written to
the file its first argument names: when the process's interrupt handler ran (Python's own, which it then calls) and
when the process ended (``os._exit``, which ``serve`` ends with)."""


def test_ctrl_c_stops_serve_within_a_second_with_exit_status_130(tmp_path: Path) -> None:
    """``pacomply serve`` with its two review processes, interrupted as Ctrl-C does (SIGINT to its process group):
    it exits 130 within a second, and its review processes are gone with it.

    The second is measured in the server's own process, from the moment its interrupt handler ran to its exit:
    on a loaded machine this test's process may be scheduled late after sending the signal or after the exit,
    which is not the server's time."""
    database = f"sqlite:///{tmp_path / 'served.sqlite3'}"
    marks = tmp_path / "marks"
    environment = {**os.environ, "PYTHONPATH": str(EXAMPLES.parent)}
    server = subprocess.Popen(
        [sys.executable, "-c", TIMED_SERVE, str(marks), "serve", "--port", "0", "--database", database],
        stderr=subprocess.PIPE, text=True, env=environment, cwd=EXAMPLES.parent, start_new_session=True,
    )
    try:
        line = server.stderr.readline()  # type: ignore[union-attr]
        match = re.search(r"on (http://127\.0\.0\.1:\d+) \(Ctrl-C stops\)", line)
        assert match is not None, line
        with urllib.request.urlopen(f"{match.group(1)}/login", timeout=30) as response:
            assert response.status == 200
        children = _children(server.pid)
        sent = time.monotonic()
        os.killpg(server.pid, signal.SIGINT)  # what the terminal does on Ctrl-C
        code = server.wait(timeout=30)
        seen = time.monotonic() - sent
    finally:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait(timeout=30)
        rest = server.stderr.read()  # type: ignore[union-attr]
        server.stderr.close()  # type: ignore[union-attr]
    assert code == 130, rest
    times = dict(line.split() for line in marks.read_text(encoding="utf-8").splitlines())
    assert set(times) == {"signal", "exit"}, times
    interrupted, ended = float(times["signal"]), float(times["exit"])
    assert sent <= interrupted <= ended
    assert ended - interrupted < 1.0, (
        f"serve took {ended - interrupted:.2f} s from its interrupt to its exit ({seen:.2f} s as this test saw it)"
    )
    assert "Traceback" not in rest, rest
    deadline = time.monotonic() + 10
    while any(_alive(pid) for pid in children) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(_alive(pid) for pid in children)


def _children(pid: int) -> list[int]:
    found = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(item) for item in found.read_text().split()] if found.exists() else []


def _alive(pid: int) -> bool:
    status = Path(f"/proc/{pid}/status")
    try:
        return "zombie" not in status.read_text()
    except OSError:
        return False


def test_store_add_names_each_entry_of_a_folder_it_skips(tmp_path: Path) -> None:
    from pacomply.cli import app

    folder = tmp_path / "filings"
    folder.mkdir()
    shutil.copy(EXAMPLES / "686a-compliant.json", folder / "686a-compliant.json")
    (folder / "cover letter.txt").write_text("to the Board", encoding="utf-8")
    (folder / "~$686a-compliant.xlsx").write_bytes(b"lock")
    (folder / "older").mkdir()
    database = f"sqlite:///{tmp_path / 'store.sqlite3'}"
    result = runner.invoke(app, ["store", "add", str(folder), "--database", database])
    assert result.exit_code == 0, result.output
    assert "686a-compliant.json" in result.stdout
    skipped = {line.split(": skipped, ")[0]: line.split(": skipped, ")[1]
               for line in result.stderr.splitlines() if ": skipped, " in line}
    assert skipped == {
        str(folder / "cover letter.txt"): "not a filing ('.txt'; filings are .xlsx, .xlsm, .json or .pdf)",
        str(folder / "older"): "a sub-folder; sub-folders are not searched",
        str(folder / "~$686a-compliant.xlsx"): (
            "a spreadsheet's lock file (the workbook is open in a spreadsheet program)"
        ),
    }


INTERRUPTED_STARTING = r"""
import os, signal, sys, time
from pacomply.workspace.serve import serve

# Ctrl-C raises KeyboardInterrupt, as in a terminal, even where this test runs in the background: a shell starts a
# background job with SIGINT ignored, and a process inherits that (Python then leaves it ignored).
signal.signal(signal.SIGINT, signal.default_int_handler)

def ready(url):
    os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C before the server runs: the interrupt is raised in here
    time.sleep(30)

serve("127.0.0.1", 0, sys.argv[1], workers=1, on_ready=ready)
"""


def test_ctrl_c_during_start_up_stops_serve_as_when_serving(tmp_path: Path) -> None:
    """An interrupt that arrives while ``serve`` is still starting (here: while it announces its address, before it
    answers a request) ends it as one while serving does: exit status 130, no traceback, the review processes gone
    with it; not by the interpreter's exit, which raised the interrupt out and waited for the review processes."""
    database = f"sqlite:///{tmp_path / 'served.sqlite3'}"
    environment = {**os.environ, "PYTHONPATH": str(EXAMPLES.parent)}
    errors = tmp_path / "stderr.txt"
    with errors.open("w") as err:
        server = subprocess.Popen(
            [sys.executable, "-c", INTERRUPTED_STARTING, database], stdout=subprocess.DEVNULL, stderr=err,
            env=environment, cwd=EXAMPLES.parent,
        )
        try:
            code = server.wait(timeout=120)
        finally:
            server.kill()
    rest = errors.read_text()
    assert code == 130, rest
    assert "Traceback" not in rest and "KeyboardInterrupt" not in rest, rest
