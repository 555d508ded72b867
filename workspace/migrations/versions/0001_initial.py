"""The first schema: accounts, submissions (original bytes and SHA-256), reviews, dispositions, sign-offs, events.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "users",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("username", sa.String(80), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(255), nullable=False),
        sa.Column("role", sa.String(20), nullable=False),
        sa.Column("licensee", sa.String(255), nullable=True),
        sa.Column("active", sa.Boolean, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "submissions",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("original_name", sa.String(255), nullable=False),
        sa.Column("sha256", sa.String(64), nullable=False, index=True),
        sa.Column("size", sa.Integer, nullable=False),
        sa.Column("content", sa.LargeBinary, nullable=False),
        sa.Column("licensee", sa.String(255), nullable=False, index=True),
        sa.Column("date_filed", sa.Date, nullable=False, index=True),
        sa.Column("uploaded_at", sa.DateTime(timezone=True), nullable=False, index=True),
        sa.Column("uploaded_by_id", sa.Integer, sa.ForeignKey("users.id"), nullable=True),
        sa.Column("status", sa.String(40), nullable=False, index=True),
        sa.Column("review_state", sa.String(20), nullable=False),
        sa.Column("review_problem", sa.Text, nullable=True),
        sa.Column("version", sa.Integer, nullable=False),
    )
    op.create_table(
        "submission_chapters",
        sa.Column("submission_id", sa.Integer, sa.ForeignKey("submissions.id"), primary_key=True),
        sa.Column("chapter", sa.String(10), primary_key=True, index=True),
    )
    op.create_table(
        "reviews",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("submission_id", sa.Integer, sa.ForeignKey("submissions.id"), nullable=False, index=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("tool_version", sa.String(40), nullable=False),
        sa.Column("rulebooks", sa.Text, nullable=False),
        sa.Column("compliant", sa.Boolean, nullable=False),
        sa.Column("summary", sa.String(255), nullable=False),
        sa.Column("document", sa.Text, nullable=False),
        sa.Column("pdf", sa.LargeBinary, nullable=False),
        sa.Column("xlsx", sa.LargeBinary, nullable=False),
    )
    op.create_table(
        "dispositions",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("submission_id", sa.Integer, sa.ForeignKey("submissions.id"), nullable=False, index=True),
        sa.Column("review_id", sa.Integer, sa.ForeignKey("reviews.id"), nullable=False),
        sa.Column("finding_key", sa.String(500), nullable=False),
        sa.Column("decision", sa.String(20), nullable=False),
        sa.Column("note", sa.Text, nullable=False),
        sa.Column("board_reference", sa.String(255), nullable=False),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "signoffs",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("submission_id", sa.Integer, sa.ForeignKey("submissions.id"), nullable=False, index=True),
        sa.Column("review_id", sa.Integer, sa.ForeignKey("reviews.id"), nullable=False),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("decision", sa.String(40), nullable=False),
        sa.Column("note", sa.Text, nullable=False),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "events",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False, index=True),
        sa.Column("actor", sa.String(80), nullable=False),
        sa.Column("action", sa.String(40), nullable=False),
        sa.Column("submission_id", sa.Integer, sa.ForeignKey("submissions.id"), nullable=True, index=True),
        sa.Column("detail", sa.Text, nullable=False),
    )


def downgrade() -> None:
    for table in ("events", "signoffs", "dispositions", "reviews", "submission_chapters", "submissions", "users"):
        op.drop_table(table)
