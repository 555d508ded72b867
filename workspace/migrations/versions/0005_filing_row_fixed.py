"""A filing's own row is fixed: it is never deleted, what was received (the file, its name, size and SHA-256, the
licensee, the date filed, when and by whom it was uploaded) never changes, and its status moves only with an event.

- ``submissions`` refuses DELETE, and an UPDATE that changes any of the columns above. Revision ``0002`` fixed the
  bytes and their SHA-256 only, so a hand-written ``UPDATE submissions SET licensee = ...`` moved a filing into
  another licensee's view, and on SQLite ``DELETE FROM submissions`` removed the original bytes.
- ``events.status``: the status an event moved its filing to (a disposition that opened the review, a sign-off, a
  countersignature), NULL for every other event. A change of ``submissions.status`` is refused unless the latest
  event of the filing that names a status names the new one, so the store writes the event first and a bare
  ``UPDATE submissions SET status = 'approved'`` is refused.

SQLite and PostgreSQL enforce both through triggers.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

FIXED = ("original_name", "sha256", "size", "content", "licensee", "date_filed", "uploaded_at", "uploaded_by_id")
"""The columns of a filing's row that record what was received, by whom and when."""

LATEST_STATUS_EVENT = (
    "(SELECT events.status FROM events WHERE events.submission_id = NEW.id AND events.status IS NOT NULL "
    "ORDER BY events.id DESC LIMIT 1)"
)


def upgrade() -> None:
    # A plain ALTER on both databases (a batch copy on SQLite would drop the table's triggers).
    op.execute("ALTER TABLE events ADD COLUMN status VARCHAR(40)")
    if op.get_bind().dialect.name == "postgresql":
        changed = " OR ".join(f"NEW.{column} IS DISTINCT FROM OLD.{column}" for column in FIXED)
        op.execute(
            "CREATE FUNCTION pacomply_submission_fixed() RETURNS trigger AS $$ BEGIN "
            "IF TG_OP = 'DELETE' THEN RAISE EXCEPTION 'a submission is never deleted'; END IF; "
            f"IF {changed} THEN RAISE EXCEPTION 'what a submission received is never altered "
            "(its file, licensee, date filed and upload)'; END IF; "
            f"IF NEW.status IS DISTINCT FROM OLD.status AND {LATEST_STATUS_EVENT} IS DISTINCT FROM NEW.status THEN "
            "RAISE EXCEPTION 'a submission''s status changes only with an event naming the new status'; END IF; "
            "RETURN NEW; END $$ LANGUAGE plpgsql"
        )
        op.execute(
            "CREATE TRIGGER submissions_fixed BEFORE UPDATE OR DELETE ON submissions "
            "FOR EACH ROW EXECUTE FUNCTION pacomply_submission_fixed()"
        )
        return
    changed = " OR ".join(f"NEW.{column} IS NOT OLD.{column}" for column in FIXED)
    op.execute(
        "CREATE TRIGGER submissions_no_delete BEFORE DELETE ON submissions "
        "BEGIN SELECT RAISE(ABORT, 'a submission is never deleted'); END"
    )
    op.execute(
        f"CREATE TRIGGER submissions_received_fixed BEFORE UPDATE ON submissions WHEN {changed} "
        "BEGIN SELECT RAISE(ABORT, 'what a submission received is never altered (its file, licensee, date filed and "
        "upload)'); END"
    )
    op.execute(
        "CREATE TRIGGER submissions_status_by_event BEFORE UPDATE OF status ON submissions "
        f"WHEN NEW.status IS NOT OLD.status AND {LATEST_STATUS_EVENT} IS NOT NEW.status "
        "BEGIN SELECT RAISE(ABORT, 'a submission''s status changes only with an event naming the new status'); END"
    )


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP TRIGGER submissions_fixed ON submissions")
        op.execute("DROP FUNCTION pacomply_submission_fixed()")
    else:
        for trigger in ("submissions_no_delete", "submissions_received_fixed", "submissions_status_by_event"):
            op.execute(f"DROP TRIGGER {trigger}")
    op.execute("ALTER TABLE events DROP COLUMN status")
