"""The store's tables, as SQLAlchemy 2 declarative models. The schema itself is made by the Alembic migrations
in ``migrations/versions``; these models must match the head revision (a test compares them)."""

from __future__ import annotations

from datetime import date, datetime
from enum import StrEnum

import pacomply.workspace.stack  # noqa: F401  # isort: skip  (names the extra when it is missing)
from sqlalchemy import (
    Boolean,
    Date,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship


class Role(StrEnum):
    """What an account may do."""

    REVIEWER = "reviewer"
    """Reviews filings: disposes of findings, signs off."""
    SUPERVISOR = "supervisor"
    """Everything a reviewer does, and countersigns a sign-off."""
    LICENSEE = "licensee"
    """A licensee's compliance staff: uploads and reads its own filings only."""
    ADMIN = "admin"
    """Manages accounts; reads every filing."""


class Status(StrEnum):
    """Where a filing stands in the Board's queue."""

    RECEIVED = "received"
    IN_REVIEW = "in review"
    CHANGES_REQUESTED = "changes requested"
    APPROVED = "approved"
    APPROVED_IN_PART = "approved in part"
    """Approved except for the errors the approval names, which the licensee must still correct."""


FINAL_STATUSES = frozenset({Status.APPROVED, Status.APPROVED_IN_PART})
"""A countersigned decision: the filing no longer changes; the licensee files a new submission instead."""


class Decision(StrEnum):
    """A reviewer's decision about one finding."""

    AGREED = "agreed"
    DISPUTED = "disputed"
    WAIVED = "waived"
    UPHELD = "dispute upheld"
    """A supervisor upholds a reviewer's dispute of a finding: the Board does not hold the licensee to it."""


class LetterKind(StrEnum):
    """The decision letter sent to the licensee."""

    DEFICIENCY_NOTICE = "deficiency notice"
    APPROVAL = "approval"
    APPROVAL_IN_PART = "approval in part"


class Base(DeclarativeBase):
    pass


class User(Base):
    __tablename__ = "users"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    username: Mapped[str] = mapped_column(String(80), unique=True)
    password_hash: Mapped[str] = mapped_column(String(255))
    role: Mapped[str] = mapped_column(String(20))
    licensee: Mapped[str | None] = mapped_column(String(255), nullable=True)
    active: Mapped[bool] = mapped_column(Boolean, default=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class Submission(Base):
    """One uploaded filing. ``content`` is the original bytes, never altered; ``version`` counts every change of
    state, and a change applies only where the row still has the version its actor saw (no lost update)."""

    __tablename__ = "submissions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    original_name: Mapped[str] = mapped_column(String(255))
    sha256: Mapped[str] = mapped_column(String(64), index=True)
    size: Mapped[int] = mapped_column(Integer)
    content: Mapped[bytes] = mapped_column(LargeBinary, deferred=True)
    licensee: Mapped[str] = mapped_column(String(255), index=True)
    date_filed: Mapped[date] = mapped_column(Date, index=True)
    uploaded_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)
    uploaded_by_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), nullable=True)
    status: Mapped[str] = mapped_column(String(40), index=True)
    review_state: Mapped[str] = mapped_column(String(20), index=True)
    review_problem: Mapped[str | None] = mapped_column(Text, nullable=True)
    version: Mapped[int] = mapped_column(Integer)
    due_date: Mapped[date | None] = mapped_column(Date, nullable=True, index=True)
    """The last day of the Board's review clock (§ 601a.10(c)); filings stored before the clock have none."""
    assigned_to_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), nullable=True, index=True)
    review_attempts: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    claimed_by: Mapped[str | None] = mapped_column(String(80), nullable=True)
    """The server reviewing the filing while its review is pending (its lease until ``claim_expires_at``)."""
    claim_expires_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    queued_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    """When the filing last became pending (its upload or a request for a new review)."""

    chapters: Mapped[list[SubmissionChapter]] = relationship(
        back_populates="submission", cascade="all, delete-orphan", order_by="SubmissionChapter.chapter"
    )
    uploaded_by: Mapped[User | None] = relationship(foreign_keys=[uploaded_by_id])
    assigned_to: Mapped[User | None] = relationship(foreign_keys=[assigned_to_id])

    @property
    def chapter_ids(self) -> list[str]:
        return [chapter.chapter for chapter in self.chapters]


class SubmissionChapter(Base):
    __tablename__ = "submission_chapters"

    submission_id: Mapped[int] = mapped_column(ForeignKey("submissions.id"), primary_key=True)
    chapter: Mapped[str] = mapped_column(String(10), primary_key=True, index=True)
    submission: Mapped[Submission] = relationship(back_populates="chapters")


class ReviewRecord(Base):
    """One run of the review engine over a submission; a re-run adds a row and keeps the old one."""

    __tablename__ = "reviews"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    submission_id: Mapped[int] = mapped_column(ForeignKey("submissions.id"), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    tool_version: Mapped[str] = mapped_column(String(40))
    rulebooks: Mapped[str] = mapped_column(Text)
    compliant: Mapped[bool] = mapped_column(Boolean)
    summary: Mapped[str] = mapped_column(String(255))
    document: Mapped[str] = mapped_column(Text, deferred=True)
    pdf: Mapped[bytes] = mapped_column(LargeBinary, deferred=True)
    xlsx: Mapped[bytes] = mapped_column(LargeBinary, deferred=True)


class Disposition(Base):
    """A reviewer's decision about one finding; a later row for the same finding supersedes, none is erased."""

    __tablename__ = "dispositions"
    __table_args__ = (
        Index("ix_dispositions_finding_sequence", "submission_id", "finding_key", "sequence", unique=True),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    submission_id: Mapped[int] = mapped_column(ForeignKey("submissions.id"), index=True)
    review_id: Mapped[int] = mapped_column(ForeignKey("reviews.id"))
    finding_key: Mapped[str] = mapped_column(String(500))
    sequence: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The finding's version: 1 for its first disposition, one more for each later one (none before 0003)."""
    decision: Mapped[str] = mapped_column(String(20))
    note: Mapped[str] = mapped_column(Text, default="")
    board_reference: Mapped[str] = mapped_column(String(255), default="")
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    user: Mapped[User] = relationship()


class SignOff(Base):
    """A reviewer's sign-off (approve or request changes) or a supervisor's countersignature."""

    __tablename__ = "signoffs"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    submission_id: Mapped[int] = mapped_column(ForeignKey("submissions.id"), index=True)
    review_id: Mapped[int] = mapped_column(ForeignKey("reviews.id"))
    kind: Mapped[str] = mapped_column(String(20))
    decision: Mapped[str] = mapped_column(String(40))
    note: Mapped[str] = mapped_column(Text, default="")
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    user: Mapped[User] = relationship()


class ReviewRendering(Base):
    """A review's PDF or workbook (``kind`` 'pdf' or 'xlsx'), rendered after the review from its original bytes,
    only when the re-review gave the sealed document exactly (``document_sha256``); one of each per review, never
    altered."""

    __tablename__ = "review_renderings"

    review_id: Mapped[int] = mapped_column(ForeignKey("reviews.id"), primary_key=True)
    kind: Mapped[str] = mapped_column(String(8), primary_key=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    document_sha256: Mapped[str] = mapped_column(String(64))
    sha256: Mapped[str] = mapped_column(String(64))
    content: Mapped[bytes] = mapped_column(LargeBinary, deferred=True)


class Letter(Base):
    """A decision letter to the licensee, made from a review when the Board decides; never altered."""

    __tablename__ = "letters"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    submission_id: Mapped[int] = mapped_column(ForeignKey("submissions.id"), index=True)
    review_id: Mapped[int] = mapped_column(ForeignKey("reviews.id"))
    kind: Mapped[str] = mapped_column(String(40))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    pdf: Mapped[bytes] = mapped_column(LargeBinary, deferred=True)


class WebSession(Base):
    """A signed-in browser. The cookie holds a random token; this row, keyed by the token's SHA-256, says whether
    it still stands: signing out, a password change or a deactivation end it, as do the idle and absolute limits."""

    __tablename__ = "web_sessions"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    last_seen_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    ended_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    ended_why: Mapped[str | None] = mapped_column(String(40), nullable=True)
    address: Mapped[str] = mapped_column(String(64))


class Event(Base):
    """The audit trail: append-only (the second migration makes the database refuse an update or delete)."""

    __tablename__ = "events"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)
    actor: Mapped[str] = mapped_column(String(80))
    action: Mapped[str] = mapped_column(String(40))
    submission_id: Mapped[int | None] = mapped_column(ForeignKey("submissions.id"), nullable=True, index=True)
    detail: Mapped[str] = mapped_column(Text, default="")
    status: Mapped[str | None] = mapped_column(String(40), nullable=True)
    """The status the event moved its filing to (revision 0005); a filing's status changes only with such an event."""


class Seal(Base):
    """The SHA-256 of a sealed row, in one hash chain over every seal (``workspace/seals.py``); append-only."""

    __tablename__ = "seals"
    __table_args__ = (UniqueConstraint("kind", "row_id", name="uq_seals_kind_row"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(20))
    """The sealed row's table."""
    row_id: Mapped[int] = mapped_column(Integer)
    sha256: Mapped[str] = mapped_column(String(64))
    chain: Mapped[str] = mapped_column(String(64))


class RenderingClaim(Base):
    """The server making a sealed review's PDF and workbook in the background, and until when its lease runs."""

    __tablename__ = "rendering_claims"

    review_id: Mapped[int] = mapped_column(ForeignKey("reviews.id"), primary_key=True)
    claimed_by: Mapped[str] = mapped_column(String(80))
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class Server(Base):
    """A ``pacomply serve`` process over this database, and when it was last seen (its heartbeat)."""

    __tablename__ = "servers"

    id: Mapped[str] = mapped_column(String(80), primary_key=True)
    host: Mapped[str] = mapped_column(String(255))
    pid: Mapped[int] = mapped_column(Integer)
    started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    seen_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class SignInFailure(Base):
    """One failed sign-in, counted against an account (``kind`` 'account') and an address ('address')."""

    __tablename__ = "sign_in_failures"
    __table_args__ = (Index("ix_sign_in_failures_kind_key_at", "kind", "key", "at"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(10))
    key: Mapped[str] = mapped_column(String(255))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)


class WorkspaceSetting(Base):
    """A value made once for the whole deployment (the session-signing key)."""

    __tablename__ = "workspace_settings"

    name: Mapped[str] = mapped_column(String(40), primary_key=True)
    value: Mapped[str] = mapped_column(Text)
