"""Server-side sessions, the review workflow's columns, decision letters, and sealed reviews.

- ``web_sessions``: one row per signed-in browser; the cookie carries only a random token whose SHA-256 is the
  row's key, so signing out, a password change or a deactivation ends a session for good, and idle and absolute
  timeouts are enforced where the cookie cannot be replayed around them.
- ``submissions``: the review clock's due date, the reviewer it is assigned to, and how often its review was
  attempted (a filing that keeps killing review processes is recorded as a failure, not retried for ever).
- ``dispositions.sequence``: a version per finding; two rows for one finding with one sequence are refused, so
  two reviewers may work on different findings of one filing at once and never overwrite each other on one.
- ``letters``: the decision letter (deficiency notice or approval, in total or in part) made from a review.
- ``reviews`` and ``letters`` refuse UPDATE and DELETE like the audit trail; on PostgreSQL every sealed table
  also refuses TRUNCATE, which row triggers do not see.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

SEALED = ("reviews", "letters")
NO_TRUNCATE = ("events", "dispositions", "signoffs", "reviews", "letters", "submissions")


def upgrade() -> None:
    op.create_table(
        "web_sessions",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False, index=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_seen_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ended_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("ended_why", sa.String(40), nullable=True),
        sa.Column("address", sa.String(64), nullable=False),
    )
    op.add_column("submissions", sa.Column("due_date", sa.Date, nullable=True))
    if op.get_bind().dialect.name == "sqlite":
        # SQLite adds a column with a reference in place (Alembic would copy the table, and lose its triggers).
        op.execute("ALTER TABLE submissions ADD COLUMN assigned_to_id INTEGER REFERENCES users (id)")
    else:
        op.add_column(
            "submissions", sa.Column("assigned_to_id", sa.Integer, sa.ForeignKey("users.id"), nullable=True)
        )
    op.add_column(
        "submissions", sa.Column("review_attempts", sa.Integer, nullable=False, server_default="0")
    )
    op.create_index("ix_submissions_due_date", "submissions", ["due_date"])
    op.create_index("ix_submissions_assigned_to_id", "submissions", ["assigned_to_id"])
    op.add_column("dispositions", sa.Column("sequence", sa.Integer, nullable=True))
    op.create_index(
        "ix_dispositions_finding_sequence", "dispositions", ["submission_id", "finding_key", "sequence"], unique=True
    )
    op.create_table(
        "letters",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("submission_id", sa.Integer, sa.ForeignKey("submissions.id"), nullable=False, index=True),
        sa.Column("review_id", sa.Integer, sa.ForeignKey("reviews.id"), nullable=False),
        sa.Column("kind", sa.String(40), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
        sa.Column("pdf", sa.LargeBinary, nullable=False),
    )
    if op.get_bind().dialect.name == "postgresql":
        for table in SEALED:
            op.execute(
                f"CREATE TRIGGER {table}_append_only BEFORE UPDATE OR DELETE ON {table} "
                "FOR EACH ROW EXECUTE FUNCTION pacomply_append_only()"
            )
        for table in NO_TRUNCATE:
            op.execute(
                f"CREATE TRIGGER {table}_no_truncate BEFORE TRUNCATE ON {table} "
                "FOR EACH STATEMENT EXECUTE FUNCTION pacomply_append_only()"
            )
        return
    for table in SEALED:
        for action in ("UPDATE", "DELETE"):
            op.execute(
                f"CREATE TRIGGER {table}_no_{action.lower()} BEFORE {action} ON {table} "
                f"BEGIN SELECT RAISE(ABORT, 'the {table} table is append-only'); END"
            )


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        for table in NO_TRUNCATE:
            op.execute(f"DROP TRIGGER {table}_no_truncate ON {table}")
        for table in SEALED:
            op.execute(f"DROP TRIGGER {table}_append_only ON {table}")
    else:
        for table in SEALED:
            for action in ("update", "delete"):
                op.execute(f"DROP TRIGGER {table}_no_{action}")
    op.drop_table("letters")
    op.drop_index("ix_dispositions_finding_sequence", "dispositions")
    op.drop_index("ix_submissions_assigned_to_id", "submissions")
    op.drop_index("ix_submissions_due_date", "submissions")
    with op.batch_alter_table("dispositions") as batch:
        batch.drop_column("sequence")
    with op.batch_alter_table("submissions") as batch:
        batch.drop_column("review_attempts")
        batch.drop_column("assigned_to_id")
        batch.drop_column("due_date")
    op.drop_table("web_sessions")
