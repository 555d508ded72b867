"""Make the record tamper-evident in the database itself: the audit trail, dispositions and sign-offs refuse
UPDATE and DELETE, and a submission's original bytes and SHA-256 refuse any change. The application never does
either; this stops a mistake (or a hand-written SQL session) from rewriting what a reviewer did.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

APPEND_ONLY = ("events", "dispositions", "signoffs")


def upgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute(
            "CREATE FUNCTION pacomply_append_only() RETURNS trigger AS $$ BEGIN "
            "RAISE EXCEPTION 'the % table is append-only', TG_TABLE_NAME; END $$ LANGUAGE plpgsql"
        )
        op.execute(
            "CREATE FUNCTION pacomply_original_fixed() RETURNS trigger AS $$ BEGIN "
            "IF NEW.content IS DISTINCT FROM OLD.content OR NEW.sha256 IS DISTINCT FROM OLD.sha256 THEN "
            "RAISE EXCEPTION 'the original bytes of a submission are never altered'; END IF; RETURN NEW; END $$ "
            "LANGUAGE plpgsql"
        )
        for table in APPEND_ONLY:
            op.execute(
                f"CREATE TRIGGER {table}_append_only BEFORE UPDATE OR DELETE ON {table} "
                "FOR EACH ROW EXECUTE FUNCTION pacomply_append_only()"
            )
        op.execute(
            "CREATE TRIGGER submissions_original_fixed BEFORE UPDATE ON submissions "
            "FOR EACH ROW EXECUTE FUNCTION pacomply_original_fixed()"
        )
        return
    for table in APPEND_ONLY:
        for action in ("UPDATE", "DELETE"):
            op.execute(
                f"CREATE TRIGGER {table}_no_{action.lower()} BEFORE {action} ON {table} "
                f"BEGIN SELECT RAISE(ABORT, 'the {table} table is append-only'); END"
            )
    op.execute(
        "CREATE TRIGGER submissions_original_fixed BEFORE UPDATE OF content, sha256 ON submissions "
        "WHEN NEW.content IS NOT OLD.content OR NEW.sha256 IS NOT OLD.sha256 "
        "BEGIN SELECT RAISE(ABORT, 'the original bytes of a submission are never altered'); END"
    )


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        for table in APPEND_ONLY:
            op.execute(f"DROP TRIGGER {table}_append_only ON {table}")
        op.execute("DROP TRIGGER submissions_original_fixed ON submissions")
        op.execute("DROP FUNCTION pacomply_append_only()")
        op.execute("DROP FUNCTION pacomply_original_fixed()")
        return
    for table in APPEND_ONLY:
        for action in ("update", "delete"):
            op.execute(f"DROP TRIGGER {table}_no_{action}")
    op.execute("DROP TRIGGER submissions_original_fixed")
