"""``pacomply store backup``, ``restore`` and ``verify`` on SQLite (the online backup API) and PostgreSQL
(``pg_dump``/``pg_restore``): back up, tamper with a copy, restore the tampered copy, and verify names each row that
is not what was written; the untouched backup restores intact."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text
from typer.testing import CliRunner

from tests.workspace.conftest import upload_example

runner = CliRunner()


def _cli(*arguments: str) -> Any:
    from pacomply.cli import app

    return runner.invoke(app, ["store", *arguments])


def _second_database(request: pytest.FixtureRequest, database_url: str, tmp_path: Path) -> str:
    if database_url.startswith("sqlite"):
        return f"sqlite:///{tmp_path / 'copy.sqlite3'}"
    return request.getfixturevalue("postgres_cluster").new_database()


def _tamper(url: str, event_id: int, review_id: int, deleted_event: int) -> None:
    """Alter an event and a review, and delete an event, past the triggers, as someone with the database's owner
    rights could."""
    from sqlalchemy import create_engine

    engine = create_engine(url)
    with engine.begin() as connection:
        if url.startswith("sqlite"):
            for trigger in ("events_no_update", "events_no_delete", "reviews_no_update"):
                connection.execute(text(f"DROP TRIGGER {trigger}"))
        else:
            connection.execute(text("ALTER TABLE events DISABLE TRIGGER USER"))
            connection.execute(text("ALTER TABLE reviews DISABLE TRIGGER USER"))
        connection.execute(text("UPDATE events SET actor = 'mallory' WHERE id = :id"), {"id": event_id})
        connection.execute(text("UPDATE reviews SET summary = 'compliant' WHERE id = :id"), {"id": review_id})
        connection.execute(text("DELETE FROM events WHERE id = :id"), {"id": deleted_event})
    engine.dispose()


def test_back_up_tamper_with_a_copy_restore_it_and_verify_names_what_is_not_intact(
    store: Any, accounts: Any, database_url: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    from pacomply.workspace.store import finding_key

    rita = accounts["reviewer"]
    submission = upload_example(store, "686a-violations.xlsx", rita)
    document = store.review_document(store.reviews(submission.id)[0].id)
    store.dispose(rita, submission.id, store.submission(rita, submission.id).version,
                  finding_key(document["findings"][0]), "agreed")
    events = [event.id for event in store.events(submission.id)]
    review_id = store.reviews(submission.id)[0].id
    store.engine.dispose()

    intact = _cli("verify", "--database", database_url)
    assert intact.exit_code == 0, intact.output
    assert intact.output.startswith("intact; checked ")
    backup = tmp_path / "store.backup"
    made = _cli("backup", str(backup), "--database", database_url)
    assert made.exit_code == 0, made.output
    assert backup.stat().st_size > 0
    refused = _cli("backup", str(backup), "--database", database_url)
    assert refused.exit_code == 2 and "never overwrites" in refused.output

    # A copy of the store, restored from the backup, tampered with, and backed up in turn.
    copy = _second_database(request, database_url, tmp_path)
    assert _cli("restore", str(backup), "--yes", "--database", copy).exit_code == 0
    _tamper(copy, events[0], review_id, events[-1])
    tampered = tmp_path / "tampered.backup"
    assert _cli("backup", str(tampered), "--database", copy).exit_code == 0

    without_yes = _cli("restore", str(tampered), "--database", database_url)
    assert without_yes.exit_code == 2 and "--yes" in without_yes.output
    restored = _cli("restore", str(tampered), "--yes", "--database", database_url)
    assert restored.exit_code == 1, restored.output
    named = [line for line in restored.output.splitlines() if line.startswith("NOT INTACT")]
    assert named == [
        f"NOT INTACT  reviews row {review_id}: differs from its seal: altered after it was written",
        f"NOT INTACT  events row {events[0]}: differs from its seal: altered after it was written",
        f"NOT INTACT  events row {events[-1]}: is sealed but missing: deleted",
    ]
    checked = _cli("verify", "--database", database_url, "--format", "json")
    assert checked.exit_code == 1 and '"intact": false' in checked.output

    # The untouched backup restores intact.
    again = _cli("restore", str(backup), "--yes", "--database", database_url)
    assert again.exit_code == 0, again.output
    assert "intact; checked" in again.output and "NOT INTACT" not in again.output


def test_a_seal_removed_or_a_row_written_outside_pacomply_is_named(store: Any, accounts: Any) -> None:
    upload_example(store, "686a-compliant.json", accounts["reviewer"])
    assert store.verify().intact
    with store.engine.begin() as connection:
        connection.execute(text(
            "INSERT INTO events (at, actor, action, submission_id, detail) VALUES ('2026-01-01 00:00:00', 'x', "
            "'upload', NULL, '{}')"
        ))
        added = connection.execute(text("SELECT max(id) FROM events")).scalar()
    problems = [str(problem) for problem in store.verify().problems]
    assert problems == [f"events row {added}: has no seal: written outside pacomply, or its seal removed"]
    # The seals themselves refuse change.
    with pytest.raises(Exception, match="append-only"), store.engine.begin() as connection:
        connection.execute(text("UPDATE seals SET sha256 = chain"))
