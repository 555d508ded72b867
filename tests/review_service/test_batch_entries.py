"""A folder of filings: every entry accounted for, read, refused with its reason, or named as skipped.

The folder is built in the test (links and FIFOs cannot be committed): a broken link, a link loop, a FIFO, a file
that cannot be opened, spreadsheets of other formats, beside two readable filings. The run reviews what it can,
names each entry it could not read with the reason, and exits 2; nothing is passed over in silence, and nothing
is opened before its status is known (a FIFO opened for reading would block the run for ever).
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pacomply.cli import app
from pacomply.review_service import collect, collect_filings, exit_code, review_paths

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
POSIX_ONLY = pytest.mark.skipif(os.name == "nt", reason="symbolic links and FIFOs as POSIX makes them")


@pytest.fixture
def hostile_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "filings"
    folder.mkdir()
    shutil.copy(EXAMPLES / "686a-compliant.json", folder / "686a-compliant.json")
    shutil.copy(EXAMPLES / "686a-violations.xlsx", folder / "686a-violations.xlsx")
    (folder / "broken.xlsx").symlink_to(folder / "gone.xlsx")
    (folder / "loop.pdf").symlink_to(folder / "loop.pdf")
    os.mkfifo(folder / "pipe.json")
    (folder / "linked.json").symlink_to(folder / "686a-compliant.json")
    for name in ("old.xls", "sheet.ods", "answers.csv"):
        (folder / name).write_bytes(b"not read")
    (folder / "cover-letter.txt").write_text("for the Board")
    (folder / "~$686a-violations.xlsx").write_bytes(b"lock")
    (folder / "reviews").mkdir()
    return folder


EXPECTED_REFUSALS = {
    "broken.xlsx": "broken symbolic link",
    "loop.pdf": "loops",
    "pipe.json": "FIFO",
    "old.xls": "Excel 97-2003",
    "sheet.ods": "OpenDocument spreadsheet",
    "answers.csv": "comma-separated",
}


@POSIX_ONLY
def test_collect_keeps_every_filing_like_entry_and_names_the_rest(hostile_folder: Path) -> None:
    collection = collect([hostile_folder])
    kept = sorted(path.name for path in collection.filings)
    assert kept == sorted(["686a-compliant.json", "686a-violations.xlsx", "linked.json", *EXPECTED_REFUSALS])
    skipped = {entry.path.name: entry.reason for entry in collection.skipped}
    assert set(skipped) == {"cover-letter.txt", "~$686a-violations.xlsx", "reviews"}
    assert "lock file" in skipped["~$686a-violations.xlsx"]
    assert "sub-folder" in skipped["reviews"]
    assert "not a filing" in skipped["cover-letter.txt"]
    # Every entry of the folder is in exactly one of the two lists.
    assert len(kept) + len(skipped) == len(list(hostile_folder.iterdir()))
    assert collect_filings([hostile_folder]) == list(collection.filings)


@POSIX_ONLY
def test_batch_reviews_the_readable_and_refuses_each_other_entry_with_its_reason(hostile_folder: Path) -> None:
    outcomes = review_paths(collect_filings([hostile_folder]))  # returns at all: the FIFO was never opened
    by_name = {outcome.path.name: outcome for outcome in outcomes}
    assert by_name["686a-compliant.json"].status == "compliant"
    assert by_name["linked.json"].status == "compliant"  # a link to a filing is read through
    assert by_name["686a-violations.xlsx"].status == "not compliant"
    for name, reason in EXPECTED_REFUSALS.items():
        assert by_name[name].status == "unreadable", name
        assert reason in by_name[name].problems[0], (name, by_name[name].problems)
    assert exit_code(outcomes) == 2


@POSIX_ONLY
def test_validate_folder_exits_2_naming_each_unreadable_entry_and_each_skipped_one(hostile_folder: Path) -> None:
    result = CliRunner().invoke(app, ["validate", str(hostile_folder)])
    assert result.exit_code == 2, result.stderr
    for name, reason in EXPECTED_REFUSALS.items():
        assert f"{name}: the filing could not be read" in result.stderr
        assert reason in result.stderr
    for name in ("cover-letter.txt", "~$686a-violations.xlsx", "reviews"):
        assert f"skipped {hostile_folder.name}/{name}" in result.stderr or f"skipped {hostile_folder / name}" in (
            result.stderr
        ), name
    assert "6 unreadable" in result.stdout and "2 compliant" in result.stdout


def test_file_that_cannot_be_opened_is_refused_with_the_system_reason(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # chmod 000 does not stop root, which runs these tests in CI containers: the refusal to open is simulated
    # where the reader opens the file. The real permission is checked below where the tests are not root.
    folder = tmp_path / "filings"
    folder.mkdir()
    shutil.copy(EXAMPLES / "686a-compliant.json", folder / "locked.json")
    shutil.copy(EXAMPLES / "686a-compliant.json", folder / "open.json")
    original_open = Path.open

    def refusing_open(self: Path, *arguments: object, **keywords: object) -> object:
        if self.name == "locked.json":
            raise PermissionError(13, "Permission denied", str(self))
        return original_open(self, *arguments, **keywords)

    monkeypatch.setattr(Path, "open", refusing_open)
    outcomes = {outcome.path.name: outcome for outcome in review_paths(collect_filings([folder]))}
    assert outcomes["open.json"].status == "compliant"
    assert outcomes["locked.json"].status == "unreadable"
    assert "Permission denied" in outcomes["locked.json"].problems[0]
    assert exit_code(outcomes.values()) == 2


@pytest.mark.skipif(
    os.name == "nt" or (hasattr(os, "geteuid") and os.geteuid() == 0),
    reason="root reads a file whatever its mode; the refusal is covered by the simulated test above",
)
def test_file_without_read_permission_is_refused(tmp_path: Path) -> None:
    locked = tmp_path / "locked.json"
    shutil.copy(EXAMPLES / "686a-compliant.json", locked)
    locked.chmod(0)
    try:
        outcomes = review_paths([locked])
    finally:
        locked.chmod(0o644)
    assert outcomes[0].status == "unreadable" and "Permission denied" in outcomes[0].problems[0]


@pytest.mark.skipif(
    sys.platform == "win32" or (hasattr(os, "geteuid") and os.geteuid() == 0),
    reason="root lists any folder; a folder that cannot be listed is simulated below",
)
def test_folder_that_cannot_be_listed_is_an_unreadable_input(tmp_path: Path) -> None:
    folder = tmp_path / "closed"
    folder.mkdir()
    folder.chmod(0)
    try:
        collection = collect([folder])
    finally:
        folder.chmod(0o755)
    assert [entry.path for entry in collection.unlisted] == [folder]


def test_folder_that_cannot_be_listed_exits_2_naming_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "closed"
    folder.mkdir()
    original_iterdir = Path.iterdir

    def refusing_iterdir(self: Path) -> object:
        if self == folder:
            raise PermissionError(13, "Permission denied", str(self))
        return original_iterdir(self)

    monkeypatch.setattr(Path, "iterdir", refusing_iterdir)
    result = CliRunner().invoke(app, ["validate", str(folder), str(EXAMPLES / "686a-compliant.json")])
    assert result.exit_code == 2, result.stderr
    assert "the folder could not be listed (Permission denied)" in result.stderr
