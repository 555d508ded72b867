"""Writing a batch's reports into a folder: the staged files are flushed a few at a time beside the rendering of the
next one, every one of them before the journal and the first rename, with only a bounded number held in memory; a
flush that fails leaves nothing staged and no report replaced."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from pacomply import review_service
from pacomply.review_service import REPLACING_JOURNAL, STAGING_THREADS, _write_all_atomically

REPORTS = 3 * STAGING_THREADS + 2


def _reports(folder: Path, events: list[str]) -> Iterator[tuple[Path, bytes]]:
    """The reports as a batch renders them, one at a time, each noted when it is handed over."""
    for number in range(REPORTS):
        events.append(f"rendered {number}")
        yield folder / f"report-{number}.json", f"report {number}\n".encode()


def test_staged_reports_are_flushed_together_all_before_the_journal_and_the_renames_holding_few(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    events: list[str] = []
    lock = threading.Lock()
    running = [0, 0]  # flushes now, most at once
    flush = review_service._flush_staged

    def slow_flush(handle: int, content: bytes) -> None:
        with lock:
            running[0] += 1
            running[1] = max(running)
        time.sleep(0.05)  # a disk's flush: the thread waits, the others go on
        flush(handle, content)
        with lock:
            running[0] -= 1
            events.append("flushed " + content.decode().split()[1])

    replace = os.replace

    def noting_replace(source: object, target: object) -> None:
        events.append(f"renamed {Path(str(target)).name}")
        replace(source, target)  # type: ignore[arg-type]

    monkeypatch.setattr(review_service, "_flush_staged", slow_flush)
    monkeypatch.setattr(os, "replace", noting_replace)
    written = _write_all_atomically(_reports(tmp_path, events))

    assert [path.name for path in written] == [f"report-{number}.json" for number in range(REPORTS)]
    assert all(path.read_bytes() == f"report {number}\n".encode() for number, path in enumerate(written))
    assert running[1] >= 2, "the staged files were flushed one after another"
    first_rename = next(index for index, event in enumerate(events) if event.startswith("renamed"))
    assert events[first_rename] == f"renamed {REPLACING_JOURNAL}"  # the journal, durable before any report
    assert sorted(events[:first_rename]) == sorted(
        [f"rendered {number}" for number in range(REPORTS)] + [f"flushed {number}" for number in range(REPORTS)]
    )
    # Reports handed over but not yet flushed (their bytes held in memory) never exceed the bound.
    held = peak = 0
    for event in events[:first_rename]:
        held += 1 if event.startswith("rendered") else -1
        peak = max(peak, held)
    assert peak <= 2 * STAGING_THREADS + 1
    assert sorted(path.name for path in tmp_path.iterdir()) == sorted(path.name for path in written)


def test_a_flush_that_fails_leaves_nothing_staged_and_replaces_no_report(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    older = {number: tmp_path / f"report-{number}.json" for number in range(REPORTS)}
    for path in older.values():
        path.write_bytes(b"older run")
    flush = review_service._flush_staged

    def full_disk(handle: int, content: bytes) -> None:
        if content.startswith(b"report 5\n"):
            os.close(handle)
            raise OSError(28, "No space left on device")
        flush(handle, content)

    monkeypatch.setattr(review_service, "_flush_staged", full_disk)
    with pytest.raises(OSError, match="No space left"):
        _write_all_atomically(_reports(tmp_path, []))
    assert sorted(tmp_path.iterdir()) == sorted(older.values())  # no staged file, no journal left behind
    assert all(path.read_bytes() == b"older run" for path in older.values())
