"""The PDF and workbook of a review, made after the review itself and sealed when made.

Rendering a review's PDF and workbook costs nine tenths of a review's CPU, and many are never opened. From this
revision the review row is sealed with its JSON document alone (its ``pdf`` and ``xlsx`` columns stay empty), and
the two downloads are rendered later, from the submission's original bytes re-reviewed on the sealed review's
date, only when that re-review gives the sealed document exactly. ``review_renderings`` keeps one of each per
review with the SHA-256 of the document it was checked against and of itself, and refuses UPDATE, DELETE and (on
PostgreSQL) TRUNCATE like the other sealed tables, so a download once made never changes.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "review_renderings",
        sa.Column("review_id", sa.Integer, sa.ForeignKey("reviews.id"), primary_key=True),
        sa.Column("kind", sa.String(8), primary_key=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("document_sha256", sa.String(64), nullable=False),
        sa.Column("sha256", sa.String(64), nullable=False),
        sa.Column("content", sa.LargeBinary, nullable=False),
    )
    if op.get_bind().dialect.name == "postgresql":
        op.execute(
            "CREATE TRIGGER review_renderings_append_only BEFORE UPDATE OR DELETE ON review_renderings "
            "FOR EACH ROW EXECUTE FUNCTION pacomply_append_only()"
        )
        op.execute(
            "CREATE TRIGGER review_renderings_no_truncate BEFORE TRUNCATE ON review_renderings "
            "FOR EACH STATEMENT EXECUTE FUNCTION pacomply_append_only()"
        )
        return
    for action in ("UPDATE", "DELETE"):
        op.execute(
            f"CREATE TRIGGER review_renderings_no_{action.lower()} BEFORE {action} ON review_renderings "
            "BEGIN SELECT RAISE(ABORT, 'the review_renderings table is append-only'); END"
        )


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP TRIGGER review_renderings_no_truncate ON review_renderings")
        op.execute("DROP TRIGGER review_renderings_append_only ON review_renderings")
    else:
        for action in ("update", "delete"):
            op.execute(f"DROP TRIGGER review_renderings_no_{action}")
    op.drop_table("review_renderings")
