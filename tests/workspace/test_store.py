"""The store, on SQLite and on PostgreSQL alike: migrations, original bytes, reviews, roles, audit, concurrency."""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest
from sqlalchemy import text

from tests.workspace.conftest import EXAMPLES, LICENSEE_A, LICENSEE_B, PASSWORD, add_accounts, upload_example


def test_migrations_upgrade_an_empty_database_to_the_head(empty_database_url: str) -> None:
    from pacomply.workspace.store import open_store

    store = open_store(empty_database_url, upgrade=False)
    assert store.revision() is None
    store.upgrade()
    assert store.revision() == "0007"
    store.upgrade()  # a second upgrade is a no-op
    assert store.revision() == "0007"
    store.engine.dispose()


def _old_rows(connection: Any) -> None:
    """A user, a reviewed submission, a disposition and two events as revisions 0001 and 0002 wrote them."""
    now = "2026-01-05 10:00:00"
    connection.execute(
        text("INSERT INTO users (id, username, password_hash, role, licensee, active, created_at) "
             "VALUES (1, 'rita', 'x', 'reviewer', NULL, :yes, :now)"), {"yes": True, "now": now}
    )
    connection.execute(
        text("INSERT INTO submissions (id, original_name, sha256, size, content, licensee, date_filed, uploaded_at, "
             "uploaded_by_id, status, review_state, review_problem, version) VALUES (1, 'f.json', :sha, 3, :bytes, "
             "'Allegheny Riverfront Gaming', '2026-01-02', :now, 1, 'in review', 'done', NULL, 3)"),
        {"sha": hashlib.sha256(b"abc").hexdigest(), "bytes": b"abc", "now": now},
    )
    connection.execute(
        text("INSERT INTO submission_chapters (submission_id, chapter) VALUES (1, '686a')")
    )
    connection.execute(
        text("INSERT INTO reviews (id, submission_id, created_at, tool_version, rulebooks, compliant, summary, "
             "document, pdf, xlsx) VALUES (1, 1, :now, '1', '[]', :no, 'not compliant', :document, :pdf, :pdf)"),
        {"now": now, "no": False, "document": json.dumps({"findings": [{"rule_id": "R", "severity": "error"}]}),
         "pdf": b"%PDF-"},
    )
    connection.execute(
        text("INSERT INTO dispositions (submission_id, review_id, finding_key, decision, note, board_reference, "
             "user_id, created_at) VALUES (1, 1, 'R|||', 'agreed', '', '', 1, :now)"), {"now": now}
    )
    for action in ("upload", "review"):
        connection.execute(
            text("INSERT INTO events (at, actor, action, submission_id, detail) VALUES (:now, 'rita', :a, 1, '{}')"),
            {"now": now, "a": action},
        )


@pytest.mark.parametrize("made_by", ["0001", "0002", "0005"])
def test_migrations_upgrade_a_database_made_by_an_earlier_revision_keeping_its_rows(
    empty_database_url: str, made_by: str
) -> None:
    from pacomply.workspace.store import open_store

    store = open_store(empty_database_url, upgrade=False)
    store.upgrade(made_by)
    assert store.revision() == made_by
    with store.engine.begin() as connection:
        _old_rows(connection)
    store.upgrade()
    assert store.revision() == "0007"
    reviewer = store.users()[0]
    kept = store.submission(reviewer, 1)
    assert kept.sha256 == hashlib.sha256(b"abc").hexdigest()
    assert kept.due_date is None and kept.review_attempts == 0 and kept.assigned_to_id is None
    assert [event.action for event in store.events(1)] == ["upload", "review"]
    # The finding's version counts the disposition made before per-finding versions existed.
    assert store.finding_versions(1) == {"R|||": 1}
    # Revision 0006 sealed the rows made before it: verification finds them intact.
    assert store.verify().intact, store.verify().problems
    # The new revision's protection applies to the rows made before it.
    for statement in ("DELETE FROM events", "UPDATE reviews SET summary = 'compliant'", "DELETE FROM reviews"):
        with pytest.raises(Exception, match="append-only"), store.engine.begin() as connection:
            connection.execute(text(statement))
    store.engine.dispose()


def test_the_models_match_the_migrated_schema(store: Any) -> None:
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext
    from pacomply.workspace.models import Base

    with store.engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), Base.metadata)
    assert differences == []


def test_the_original_bytes_are_kept_with_their_sha256_and_refuse_any_change(store: Any, accounts: Any) -> None:
    data = (EXAMPLES / "686a-violations.xlsx").read_bytes()
    submission = upload_example(store, "686a-violations.xlsx", accounts["reviewer"])
    kept = store.submission(accounts["reviewer"], submission.id, with_content=True)
    assert kept.content == data
    assert kept.sha256 == hashlib.sha256(data).hexdigest()
    assert kept.size == len(data)
    with pytest.raises(Exception, match="never altered"), store.engine.begin() as connection:
        connection.execute(text("UPDATE submissions SET content = :junk"), {"junk": b"changed"})
    # A change of the review's bookkeeping leaves the bytes alone (the trigger lets it through).
    with store.engine.begin() as connection:
        connection.execute(text("UPDATE submissions SET review_state = 'done', version = version + 1"))


def test_the_audit_trail_refuses_update_and_delete(store: Any, accounts: Any) -> None:
    upload_example(store, "686a-violations.xlsx", accounts["reviewer"])
    for statement in ("UPDATE events SET actor = 'someone else'", "DELETE FROM events"):
        with pytest.raises(Exception, match="append-only"), store.engine.begin() as connection:
            connection.execute(text(statement))


def test_a_review_is_stored_with_the_pacomply_and_rulebook_versions_and_a_rerun_keeps_the_old(
    store: Any, accounts: Any
) -> None:
    from pacomply.checker.review import tool_version
    from pacomply.workspace import reviewing

    from pacomply import regulations

    reviewer = accounts["reviewer"]
    submission = upload_example(store, "686a-violations.xlsx", reviewer)
    first = store.reviews(submission.id)
    assert len(first) == 1
    assert first[0].tool_version == tool_version()
    book = regulations.rulebook("686a")
    assert [(item["chapter"], item["version"]) for item in json.loads(first[0].rulebooks)] == [("686a", book.version)]
    name, data = store.request_rereview(reviewer, submission.id, store.submission(reviewer, submission.id).version)
    store.record_review(submission.id, reviewing.review_upload(name, data), "pacomply")
    again = store.reviews(submission.id)
    assert [record.id for record in again] == [again[0].id, first[0].id]
    assert store.review_document(again[0].id) == store.review_document(first[0].id)
    assert [event.action for event in store.events(submission.id)] == [
        "upload", "review", "re-review requested", "review",
    ]


def _findings(store: Any, submission_id: int) -> list[str]:
    from pacomply.workspace.store import finding_key

    document = store.review_document(store.reviews(submission_id)[0].id)
    return [finding_key(finding) for finding in document["findings"]]


def _version(store: Any, user: Any, submission_id: int) -> int:
    return int(store.submission(user, submission_id).version)


def test_dispose_sign_off_and_countersign_move_the_filing_to_approved(store: Any, accounts: Any) -> None:
    from pacomply.workspace.store import WorkspaceError

    reviewer, supervisor = accounts["reviewer"], accounts["supervisor"]
    submission = upload_example(store, "686a-violations.xlsx", reviewer)
    keys = _findings(store, submission.id)
    assert len(keys) == 11  # the example's eleven errors (its 'validate' run lists them)
    store.dispose(reviewer, submission.id, _version(store, reviewer, submission.id), keys[0], "disputed", "misread")
    assert store.submission(reviewer, submission.id).status == "in review"
    for key in keys[1:-1]:
        store.dispose(
            reviewer, submission.id, _version(store, reviewer, submission.id), key, "waived",
            board_reference="BGO-2026-117",
        )
    with pytest.raises(WorkspaceError, match="1 finding"):
        store.sign_off(reviewer, submission.id, _version(store, reviewer, submission.id), "approve")
    store.dispose(
        reviewer, submission.id, _version(store, reviewer, submission.id), keys[-1], "waived",
        board_reference="PGCB waiver W-2026-117",
    )
    # The dispute is not resolved until a supervisor upholds it.
    with pytest.raises(WorkspaceError, match="1 error"):
        store.sign_off(reviewer, submission.id, _version(store, reviewer, submission.id), "approve")
    store.dispose(supervisor, submission.id, _version(store, supervisor, submission.id), keys[0], "dispute upheld")
    store.sign_off(reviewer, submission.id, _version(store, reviewer, submission.id), "approve")
    assert store.submission(reviewer, submission.id).status == "in review"
    store.countersign(supervisor, submission.id, _version(store, supervisor, submission.id))
    assert store.submission(reviewer, submission.id).status == "approved"
    standing = store.dispositions(submission.id)
    assert standing[keys[0]].decision == "dispute upheld"
    assert standing[keys[-1]].board_reference == "PGCB waiver W-2026-117"
    actions = [event.action for event in store.events(submission.id)]
    assert actions[:2] == ["upload", "review"]
    assert actions.count("disposition") == len(keys) + 1  # one a finding, and the dispute upheld
    assert actions[-3:] == ["sign-off", "countersign", "letter"]
    assert [letter.kind for letter in store.letters(submission.id)] == ["approval"]


def test_a_disputed_finding_needs_a_note_and_a_waived_one_the_boards_reference(store: Any, accounts: Any) -> None:
    from pacomply.workspace.store import WorkspaceError

    reviewer = accounts["reviewer"]
    submission = upload_example(store, "686a-violations.xlsx", reviewer)
    key = _findings(store, submission.id)[0]
    with pytest.raises(WorkspaceError, match="note"):
        store.dispose(reviewer, submission.id, _version(store, reviewer, submission.id), key, "disputed")
    with pytest.raises(WorkspaceError, match="Board's reference"):
        store.dispose(reviewer, submission.id, _version(store, reviewer, submission.id), key, "waived")


def test_only_a_supervisor_countersigns_and_never_their_own_sign_off(store: Any, accounts: Any) -> None:
    from pacomply.workspace.store import Forbidden

    reviewer, supervisor = accounts["reviewer"], accounts["supervisor"]
    submission = upload_example(store, "686a-compliant.json", reviewer)
    assert _findings(store, submission.id) == []
    store.sign_off(supervisor, submission.id, _version(store, supervisor, submission.id), "approve")
    for user in (reviewer, accounts["admin"], accounts["licensee_b"]):
        with pytest.raises(Forbidden):
            store.countersign(user, submission.id, _version(store, reviewer, submission.id))
    with pytest.raises(Forbidden, match="someone other"):
        store.countersign(supervisor, submission.id, _version(store, supervisor, submission.id))
    other = store.add_user("sue", PASSWORD, "supervisor")
    store.countersign(other, submission.id, _version(store, other, submission.id))
    assert store.submission(other, submission.id).status == "approved"


def test_two_reviewers_acting_on_one_version_the_second_gets_a_conflict_and_nothing_is_lost(
    store: Any, accounts: Any
) -> None:
    from pacomply.workspace.store import Conflict

    first, second = accounts["reviewer"], accounts["reviewer2"]
    submission = upload_example(store, "686a-violations.xlsx", first)
    keys = _findings(store, submission.id)
    seen = _version(store, first, submission.id)  # both open the page at this version
    store.dispose(first, submission.id, seen, keys[0], "agreed")
    with pytest.raises(Conflict, match=r"changed after you opened it \(disposition by rita"):
        store.dispose(second, submission.id, seen, keys[0], "disputed", "not so")
    assert store.dispositions(submission.id)[keys[0]].decision == "agreed"
    assert [event.action for event in store.events(submission.id)].count("disposition") == 1


def test_the_conflict_holds_when_two_transactions_race_past_the_version_check(store: Any, accounts: Any) -> None:
    # Both actors pass the first check (the version they saw is current); the guarded UPDATE lets one through.
    import threading

    from pacomply.workspace.store import Conflict

    first, second = accounts["reviewer"], accounts["reviewer2"]
    submission = upload_example(store, "686a-violations.xlsx", first)
    keys = _findings(store, submission.id)
    seen = _version(store, first, submission.id)
    outcomes: list[str] = []
    barrier = threading.Barrier(2)

    def act(user: Any, key: str) -> None:
        barrier.wait()
        try:
            store.dispose(user, submission.id, seen, key, "agreed")
            outcomes.append("saved")
        except Conflict:
            outcomes.append("conflict")

    threads = [threading.Thread(target=act, args=(user, key)) for user, key in ((first, keys[0]), (second, keys[1]))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["conflict", "saved"]
    assert len(store.dispositions(submission.id)) == 1
    assert _version(store, first, submission.id) == seen + 1


def test_a_licensee_account_sees_only_its_own_licensees_filings(store: Any, accounts: Any) -> None:
    from pacomply.workspace.store import Forbidden, NotFound

    own = upload_example(store, "686a-violations.xlsx", accounts["reviewer"])  # LICENSEE_A's filing
    other = upload_example(store, "686a-compliant.json", accounts["reviewer"])  # LICENSEE_B's filing
    lee = accounts["licensee_a"]
    assert [item.id for item in store.queue(lee).submissions] == [own.id]
    assert store.licensees(lee) == [LICENSEE_A]
    assert store.submission(lee, own.id).licensee == LICENSEE_A
    with pytest.raises(NotFound):
        store.submission(lee, other.id)
    assert store.history(lee, LICENSEE_B, "686a") == []
    assert {item.id for item in store.queue(accounts["reviewer"]).submissions} == {own.id, other.id}
    # A licensee files for itself only.
    from pacomply.workspace import reviewing

    data = (EXAMPLES / "686a-compliant.json").read_bytes()
    with pytest.raises(Forbidden, match=LICENSEE_B):
        store.add_submission("x.json", data, reviewing.read_upload("x.json", data), lee, lee.username)
    with pytest.raises(Forbidden):
        store.dispose(lee, own.id, _version(store, lee, own.id), _findings(store, own.id)[0], "agreed")


def test_the_queue_filters_by_status_licensee_chapter_and_date(store: Any, accounts: Any) -> None:
    from datetime import date

    reviewer = accounts["reviewer"]
    a686 = upload_example(store, "686a-violations.xlsx", reviewer)
    b686 = upload_example(store, "686a-compliant.json", reviewer)
    a687 = upload_example(store, "687a-compliant.json", reviewer)
    store.sign_off(reviewer, b686.id, _version(store, reviewer, b686.id), "request changes")

    def ids(**filters: Any) -> set[int]:
        return {item.id for item in store.queue(reviewer, **filters).submissions}

    assert ids() == {a686.id, b686.id, a687.id}
    assert ids(status="changes requested") == {b686.id}
    assert ids(status="received") == {a686.id, a687.id}
    assert ids(chapter="687a") == {a687.id}
    assert ids(licensee=LICENSEE_B) == {b686.id} | ({a687.id} if a687.licensee == LICENSEE_B else set())
    filed = {item.id: item.date_filed for item in store.queue(reviewer).submissions}
    day = filed[a686.id]
    assert ids(filed_from=day, filed_to=day) == {key for key, value in filed.items() if value == day}
    assert ids(filed_to=date(2000, 1, 1)) == set()
    assert store.queue(reviewer, limit=2).total == 3
    assert len(store.queue(reviewer, limit=2).submissions) == 2


def test_a_role_change_is_an_audited_event(store: Any) -> None:
    accounts = add_accounts(store)
    store.set_role("rita", "supervisor", actor="ada")
    with store.engine.connect() as connection:
        rows = connection.execute(text("SELECT actor, action, detail FROM events WHERE action = 'role changed'")).all()
    assert [(row[0], row[1], json.loads(row[2])) for row in rows] == [
        ("ada", "role changed", {"new": "supervisor", "old": "reviewer", "username": "rita"})
    ]
    assert accounts["reviewer"].username == "rita"


def test_authentication_accepts_the_password_only(store: Any) -> None:
    add_accounts(store)
    assert store.authenticate("rita", PASSWORD).username == "rita"
    assert store.authenticate("rita", PASSWORD + "!") is None
    assert store.authenticate("nobody", PASSWORD) is None
    with store.engine.connect() as connection:
        stored = connection.execute(text("SELECT password_hash FROM users WHERE username = 'rita'")).scalar_one()
    assert stored.startswith("$argon2id$") and PASSWORD not in stored
