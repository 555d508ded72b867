"""Several servers over one database: claimed reviews and renderings, the servers' heartbeats, sign-in failures
counted in the database, and the deployment's session-signing key.

- ``submissions.claimed_by`` and ``submissions.claim_expires_at``: the server reviewing a pending filing and until
  when its lease runs (renewed while the review runs, cleared when it is recorded). A claim that has expired is
  taken by any live server. ``submissions.queued_at``: when the filing last became pending (its upload, or a
  request for a new review), from which ``pacomply store status`` reckons the oldest wait; the filings pending
  before this revision take their upload time.
- ``rendering_claims``: the server making a sealed review's PDF and workbook in the background, and until when.
- ``servers``: each running server's id, host and process, when it started and when it was last seen (its
  heartbeat).
- ``sign_in_failures``: each failed sign-in per account and per address, so every server applies the same limits
  and a restart forgets none.
- ``workspace_settings``: values made once for the whole deployment (the session-signing key).

None of these is part of the record: they are neither sealed nor append-only.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ALTERs on both databases (a batch copy on SQLite would drop the table's triggers).
    op.add_column("submissions", sa.Column("claimed_by", sa.String(80), nullable=True))
    op.add_column("submissions", sa.Column("claim_expires_at", sa.DateTime(timezone=True), nullable=True))
    op.add_column("submissions", sa.Column("queued_at", sa.DateTime(timezone=True), nullable=True))
    op.execute("UPDATE submissions SET queued_at = uploaded_at WHERE review_state = 'pending'")
    op.create_index("ix_submissions_review_state", "submissions", ["review_state"])
    op.create_table(
        "rendering_claims",
        sa.Column("review_id", sa.Integer, sa.ForeignKey("reviews.id"), primary_key=True),
        sa.Column("claimed_by", sa.String(80), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "servers",
        sa.Column("id", sa.String(80), primary_key=True),
        sa.Column("host", sa.String(255), nullable=False),
        sa.Column("pid", sa.Integer, nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("seen_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "sign_in_failures",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(10), nullable=False),
        sa.Column("key", sa.String(255), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_sign_in_failures_kind_key_at", "sign_in_failures", ["kind", "key", "at"])
    op.create_index("ix_sign_in_failures_at", "sign_in_failures", ["at"])
    op.create_table(
        "workspace_settings",
        sa.Column("name", sa.String(40), primary_key=True),
        sa.Column("value", sa.Text, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("workspace_settings")
    op.drop_index("ix_sign_in_failures_at", "sign_in_failures")
    op.drop_index("ix_sign_in_failures_kind_key_at", "sign_in_failures")
    op.drop_table("sign_in_failures")
    op.drop_table("servers")
    op.drop_table("rendering_claims")
    op.drop_index("ix_submissions_review_state", "submissions")
    for column in ("queued_at", "claim_expires_at", "claimed_by"):
        op.execute(f"ALTER TABLE submissions DROP COLUMN {column}")
