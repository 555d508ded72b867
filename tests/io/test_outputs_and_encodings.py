"""Outputs that cannot be written, files saved while they are read, and JSON filings in the encodings editors save.

Standard output that fails (a full disk, a pipe its reader closed) and a report file that cannot be written end
the run with exit 2 and the reason: the report never reached its reader, so the exit code must not read as a
verdict (1) or as a defect in pacomply (3). The subprocess tests run the installed console entry point, where
those failures happen for real.
"""

from __future__ import annotations

import errno
import json
import os
import shutil
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pacomply.submissions as submissions
import pytest
from pacomply.submissions import InputError, read_filing
from pacomply.submissions.files import write_to_special

from tests.io.support import EXAMPLES, assert_input_refused, finding_signature, run_pacomply

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "encodings"
COMMAND = [sys.executable, "-c", "from pacomply.cli import main; main()"]


def _run(arguments: list[str], stdout: int) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([*COMMAND, *arguments], stdout=stdout, stderr=subprocess.PIPE, timeout=300, check=False)


@pytest.mark.skipif(
    not Path("/dev/full").exists(),
    reason="/dev/full is a Linux device; the ENOSPC path is covered on every system by the monkeypatched tests below",
)
def test_report_to_a_full_device_exits_2_with_the_reason() -> None:
    with open("/dev/full", "wb") as full:
        result = _run(["validate", str(EXAMPLES / "686a-compliant.json")], full.fileno())
    assert result.returncode == 2, result.stderr
    assert b"No space left on device" in result.stderr
    assert b"internal error" not in result.stderr and b"Traceback" not in result.stderr


@pytest.mark.skipif(os.name == "nt", reason="a pipe whose reader has gone away is POSIX behaviour")
def test_report_to_a_closed_pipe_exits_2_not_1() -> None:
    # The reader end is closed before pacomply writes: as `pacomply validate ... | head -c1` once head has exited.
    # The violations example would exit 1; a report nobody received must not pass for that verdict.
    reader, writer = os.pipe()
    os.close(reader)
    try:
        result = _run(["validate", str(EXAMPLES / "686a-violations.json")], writer)
    finally:
        os.close(writer)
    assert result.returncode == 2, result.stderr
    assert result.stderr == b""  # the reader stopped reading: ended quietly, as git and grep do


@pytest.mark.parametrize("target", ["--output", "--output-dir"])
def test_report_file_on_a_full_disk_exits_2(target: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def full(_descriptor: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr("pacomply.submissions.files.os.fsync", full)
    monkeypatch.setattr("pacomply.review_service.os.fsync", full)
    where = tmp_path / ("report.txt" if target == "--output" else "reports")
    run = run_pacomply("validate", EXAMPLES / "686a-violations.json", target, where)
    assert_input_refused(run, "No space left on device")
    assert not where.exists() or not any(where.iterdir())  # nothing half-written left behind


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_report_to_a_named_pipe_is_written_into_it_not_renamed_over_it(tmp_path: Path) -> None:
    # An atomic write renames a temporary file onto its target: onto a pipe or a device (-o /dev/stdout) that
    # would replace the pipe itself by a regular file.
    fifo = tmp_path / "report.pipe"
    os.mkfifo(fifo)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()))
    reader.start()
    run = run_pacomply("validate", EXAMPLES / "686a-violations.json", "--format", "json", "--output", fifo)
    reader.join(timeout=60)
    assert run.exit_code == 1, run.stderr
    assert stat.S_ISFIFO(fifo.lstat().st_mode)
    assert json.loads(received[0])["verdict"]["compliant"] is False
    assert write_to_special(tmp_path / "new.txt", b"x") is False  # a new path is left to the atomic write


@pytest.mark.parametrize("example", ["686a-compliant.xlsx", "686a-compliant.json", "686a-compliant.pdf"])
def test_filing_saved_while_it_is_read_is_refused(
    example: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / example
    if example.endswith(".pdf"):
        from pacomply.submissions.print_pdf import filing_pdf_bytes

        path.write_bytes(filing_pdf_bytes(read_filing(EXAMPLES / "686a-compliant.xlsx")))
    else:
        shutil.copy(EXAMPLES / example, path)
    original = submissions._read_by_format

    def saved_mid_read(target: Path, expected: str) -> object:
        filing = original(target, expected)  # the whole file read once, then the filer's program saves again
        with target.open("ab") as stream:
            stream.write(b"\n")
        return filing

    monkeypatch.setattr(submissions, "_read_by_format", saved_mid_read)
    with pytest.raises(InputError, match="changed while it was read"):
        read_filing(path)
    assert_input_refused(run_pacomply("validate", path), "changed while it was read")


def test_filing_replaced_mid_read_is_named_as_changed_not_damaged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A save that cuts the file short under the reader makes it read as damaged; the message says what happened.
    path = tmp_path / "filing.json"
    shutil.copy(EXAMPLES / "686a-compliant.json", path)
    original = submissions._read_by_format

    def cut_short(target: Path, expected: str) -> object:
        target.write_bytes(target.read_bytes()[:100])
        return original(target, expected)

    monkeypatch.setattr(submissions, "_read_by_format", cut_short)
    with pytest.raises(InputError, match="changed while it was read"):
        read_filing(path)


@pytest.mark.parametrize(
    "fixture", ["686a-compliant-utf16le-bom.json", "686a-compliant-utf16be-bom.json", "686a-compliant-utf8-bom.json"]
)
def test_json_filing_saved_as_utf16_or_with_a_bom_reads_like_utf8(fixture: str) -> None:
    twin = run_pacomply("validate", EXAMPLES / "686a-compliant.json", "--format", "json")
    run = run_pacomply("validate", FIXTURES / fixture, "--format", "json")
    assert run.exit_code == twin.exit_code == 0, run.stderr
    assert finding_signature(json.loads(run.stdout)) == finding_signature(json.loads(twin.stdout))
    assert json.loads(run.stdout)["filing"]["licensee"] == "Keystone Downs Casino"


def test_utf16_json_without_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    path = tmp_path / "no-bom.json"
    path.write_bytes((EXAMPLES / "686a-compliant.json").read_text(encoding="utf-8").encode("utf-16-le"))
    assert read_filing(path).metadata.licensee == "Keystone Downs Casino"


def test_json_claiming_utf16_but_broken_is_refused_saying_utf16(tmp_path: Path) -> None:
    data = (FIXTURES / "686a-compliant-utf16le-bom.json").read_bytes()
    path = tmp_path / "broken.json"
    path.write_bytes(data[:200] + b"\x00\xdc" + data[200:])  # a lone low surrogate in the middle
    assert_input_refused(run_pacomply("validate", path), "UTF-16", "byte 200")
