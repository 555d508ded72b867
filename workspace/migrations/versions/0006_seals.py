"""Seals: the SHA-256 of every sealed row in one hash chain (``workspace/seals.py``), so that ``pacomply store
verify`` names a review, letter, event, disposition or sign-off that is no longer what was written.

``seals`` refuses UPDATE and DELETE (and TRUNCATE on PostgreSQL) like the tables it seals. The rows written before
this revision are sealed here, table by table in id order.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from pacomply.workspace.seals import CHAIN_START, SEALED_TABLES, chained, row_digest

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    seals = op.create_table(
        "seals",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("row_id", sa.Integer, nullable=False),
        sa.Column("sha256", sa.String(64), nullable=False),
        sa.Column("chain", sa.String(64), nullable=False),
        sa.UniqueConstraint("kind", "row_id", name="uq_seals_kind_row"),
    )
    bind = op.get_bind()
    previous = CHAIN_START
    for kind in SEALED_TABLES:
        table = sa.Table(kind, sa.MetaData(), autoload_with=bind)
        for row in bind.execute(sa.select(table).order_by(table.c.id)).mappings():
            digest = row_digest(row)
            previous = chained(previous, kind, int(row["id"]), digest)
            bind.execute(seals.insert().values(kind=kind, row_id=int(row["id"]), sha256=digest, chain=previous))
    if bind.dialect.name == "postgresql":
        op.execute(
            "CREATE TRIGGER seals_append_only BEFORE UPDATE OR DELETE ON seals "
            "FOR EACH ROW EXECUTE FUNCTION pacomply_append_only()"
        )
        op.execute(
            "CREATE TRIGGER seals_no_truncate BEFORE TRUNCATE ON seals "
            "FOR EACH STATEMENT EXECUTE FUNCTION pacomply_append_only()"
        )
        return
    for action in ("UPDATE", "DELETE"):
        op.execute(
            f"CREATE TRIGGER seals_no_{action.lower()} BEFORE {action} ON seals "
            "BEGIN SELECT RAISE(ABORT, 'the seals table is append-only'); END"
        )


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP TRIGGER seals_no_truncate ON seals")
        op.execute("DROP TRIGGER seals_append_only ON seals")
    else:
        for action in ("update", "delete"):
            op.execute(f"DROP TRIGGER seals_no_{action}")
    op.drop_table("seals")
