"""The filing store: accounts, submissions with their original bytes, reviews, dispositions, sign-offs and the
audit trail, on SQLite (the default) or PostgreSQL. Every rule about who may do what lives here, so the pages, the
JSON endpoints and the command line enforce the same ones.

Changes of a submission's state are optimistic: each carries the version the actor saw, and the update applies
only where the row still has it (``UPDATE ... WHERE version = :seen``), so two reviewers acting at once never
lose an update; the second is told what changed instead.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

from pacomply.submissions import Filing
from pacomply.workspace.models import (
    Decision,
    Disposition,
    Event,
    ReviewRecord,
    Role,
    SignOff,
    Status,
    Submission,
    SubmissionChapter,
    User,
)
from pacomply.workspace.reviewing import StoredReview
from sqlalchemy import Engine, create_engine, event, func, select, update
from sqlalchemy.orm import Session, selectinload, sessionmaker

MIGRATIONS = Path(__file__).resolve().parent / "migrations"


class WorkspaceError(Exception):
    """Something the user asked for that cannot be done; the message says why, for the person who asked."""

    status = 400


class NotFound(WorkspaceError):
    status = 404


class Forbidden(WorkspaceError):
    status = 403


class Conflict(WorkspaceError):
    status = 409


def default_database_url() -> str:
    """A SQLite file in the platform's data folder (created when missing)."""
    from platformdirs import user_data_dir

    folder = Path(user_data_dir("pacomply", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'workspace.sqlite3'}"


def now() -> datetime:
    return datetime.now(UTC)


def _utc(moment: datetime) -> datetime:
    # SQLite hands back naive datetimes; everything the store writes is UTC.
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def finding_key(finding: dict[str, Any]) -> str:
    """A finding's identity within a submission, stable across re-reviews: rule, chapter, table and place."""
    location = finding.get("location") or {}
    return "|".join(
        str(part or "")
        for part in (finding.get("rule_id"), finding.get("chapter"), finding.get("table_id"), location.get("text"))
    )


@dataclass(frozen=True, slots=True)
class QueuePage:
    """One page of the queue and how many submissions match in all."""

    submissions: list[Submission]
    total: int
    verdicts: dict[int, str]
    """The latest review's verdict of each submission on the page."""


HASH_PARAMETERS: dict[str, int] = {}
"""Overrides of argon2-cffi's defaults (RFC 9106's low-memory profile) for new hashes; a stored hash carries its
own parameters, so a change here never locks anyone out."""


def _hasher() -> Any:
    from argon2 import PasswordHasher

    return PasswordHasher(**HASH_PARAMETERS)


class Store:
    """The database behind the workspace; open it with :func:`open_store`."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._sessions = sessionmaker(engine, expire_on_commit=False)

    # -- plumbing -------------------------------------------------------------------------------------------

    @contextmanager
    def session(self) -> Iterator[Session]:
        """A transaction: committed when the block ends, rolled back when it raises."""
        with self._sessions() as session, session.begin():
            yield session

    def upgrade(self, revision: str = "head") -> None:
        """Bring the schema to a revision (the newest by default); a no-op when it is already there."""
        from alembic import command
        from alembic.config import Config

        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        with self.engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, revision)

    def revision(self) -> str | None:
        """The schema revision the database is at, or None for an empty database."""
        from alembic.runtime.migration import MigrationContext

        with self.engine.connect() as connection:
            return MigrationContext.configure(connection).get_current_revision()

    @staticmethod
    def _event(session: Session, actor: str, action: str, submission_id: int | None, **detail: Any) -> None:
        session.add(
            Event(
                at=now(),
                actor=actor,
                action=action,
                submission_id=submission_id,
                detail=json.dumps(detail, sort_keys=True, ensure_ascii=False, default=str),
            )
        )

    # -- accounts -------------------------------------------------------------------------------------------

    def add_user(
        self, username: str, password: str, role: Role | str, licensee: str | None = None, actor: str = "cli"
    ) -> User:
        """A new local account; a licensee account must name its licensee (exactly as its filings do)."""
        role = Role(role)
        if not username.strip() or len(username) > 80:
            raise WorkspaceError("a user name is 1 to 80 characters")
        if len(password) < 8:
            raise WorkspaceError("a password is at least 8 characters")
        if role is Role.LICENSEE and not licensee:
            raise WorkspaceError("a licensee account needs --licensee, the licensee's name as its filings give it")
        with self.session() as session:
            if session.scalar(select(User).where(User.username == username)) is not None:
                raise Conflict(f"the user '{username}' already exists")
            user = User(
                username=username,
                password_hash=_hasher().hash(password),
                role=role.value,
                licensee=licensee if role is Role.LICENSEE else None,
                active=True,
                created_at=now(),
            )
            session.add(user)
            self._event(session, actor, "user added", None, username=username, role=role.value, licensee=licensee)
        return user

    def set_role(self, username: str, role: Role | str, actor: str, licensee: str | None = None) -> User:
        """Change an account's role (an audited action)."""
        role = Role(role)
        with self.session() as session:
            user = session.scalar(select(User).where(User.username == username))
            if user is None:
                raise NotFound(f"there is no user '{username}'")
            if role is Role.LICENSEE and not (licensee or user.licensee):
                raise WorkspaceError("a licensee account needs the licensee's name")
            before = user.role
            user.role = role.value
            user.licensee = (licensee or user.licensee) if role is Role.LICENSEE else None
            self._event(session, actor, "role changed", None, username=username, old=before, new=role.value)
        return user

    def authenticate(self, username: str, password: str) -> User | None:
        """The active account with that name and password, or None (the same answer for either mismatch)."""
        from argon2.exceptions import VerificationError

        with self.session() as session:
            user = session.scalar(select(User).where(User.username == username, User.active.is_(True)))
        hasher = _hasher()
        if user is None:
            # Spend the time of a real check (one hash), so a wrong name and a wrong password look alike.
            hasher.hash(password)
            return None
        try:
            hasher.verify(user.password_hash, password)
        except VerificationError:
            return None
        return user

    def user(self, user_id: int) -> User | None:
        with self.session() as session:
            return session.get(User, user_id)

    def users(self) -> list[User]:
        with self.session() as session:
            return list(session.scalars(select(User).order_by(User.username)))

    # -- submissions ----------------------------------------------------------------------------------------

    @staticmethod
    def _visible(statement: Any, user: User) -> Any:
        if user.role == Role.LICENSEE:
            return statement.where(Submission.licensee == user.licensee)
        return statement

    def add_submission(self, name: str, data: bytes, filing: Filing, user: User | None, actor: str) -> Submission:
        """Store an upload that has been read (its review comes later, from the worker)."""
        if user is not None and user.role == Role.LICENSEE and filing.metadata.licensee != user.licensee:
            raise Forbidden(
                f"this filing is for '{filing.metadata.licensee}'; your account files for '{user.licensee}' only"
            )
        digest = hashlib.sha256(data).hexdigest()
        with self.session() as session:
            submission = Submission(
                original_name=name,
                sha256=digest,
                size=len(data),
                content=data,
                licensee=filing.metadata.licensee,
                date_filed=filing.metadata.date_filed,
                uploaded_at=now(),
                uploaded_by_id=user.id if user is not None else None,
                status=Status.RECEIVED.value,
                review_state="pending",
                version=1,
                chapters=[SubmissionChapter(chapter=chapter) for chapter in filing.filed_chapters],
            )
            session.add(submission)
            session.flush()
            self._event(session, actor, "upload", submission.id, file=name, sha256=digest, size=len(data))
        return submission

    def record_review(self, submission_id: int, stored: StoredReview, actor: str) -> ReviewRecord:
        """Keep a review run (a re-run adds a row; earlier ones stay)."""
        verdict = stored.document["verdict"]
        with self.session() as session:
            record = ReviewRecord(
                submission_id=submission_id,
                created_at=now(),
                tool_version=stored.tool_version,
                rulebooks=json.dumps(stored.rulebooks, sort_keys=True),
                compliant=bool(verdict["compliant"]),
                summary=str(verdict["summary"]),
                document=json.dumps(stored.document, ensure_ascii=False),
                pdf=stored.pdf,
                xlsx=stored.xlsx,
            )
            session.add(record)
            session.flush()
            session.execute(
                update(Submission)
                .where(Submission.id == submission_id)
                .values(review_state="done", review_problem=None, version=Submission.version + 1)
            )
            self._event(
                session,
                actor,
                "review",
                submission_id,
                review=record.id,
                verdict=record.summary,
                pacomply=record.tool_version,
                rulebooks=[f"{book['chapter']} {book['version']}" for book in stored.rulebooks],
            )
        return record

    def record_review_failure(self, submission_id: int, problem: str, actor: str) -> None:
        """A review that could not be made: kept visible on the filing page, never shown as a verdict."""
        with self.session() as session:
            session.execute(
                update(Submission)
                .where(Submission.id == submission_id)
                .values(review_state="failed", review_problem=problem, version=Submission.version + 1)
            )
            self._event(session, actor, "review failed", submission_id, problem=problem)

    def pending_reviews(self) -> list[tuple[int, str, bytes]]:
        """Submissions still waiting for their first review (after a restart)."""
        with self.session() as session:
            rows = session.execute(
                select(Submission.id, Submission.original_name, Submission.content).where(
                    Submission.review_state == "pending"
                )
            )
            return [(row[0], row[1], row[2]) for row in rows]

    def queue(
        self,
        user: User,
        status: str | None = None,
        licensee: str | None = None,
        chapter: str | None = None,
        filed_from: date | None = None,
        filed_to: date | None = None,
        limit: int = 50,
        offset: int = 0,
    ) -> QueuePage:
        """The submissions the user may see, newest first, filtered."""
        statement = self._visible(select(Submission), user)
        if status:
            statement = statement.where(Submission.status == status)
        if licensee:
            statement = statement.where(Submission.licensee == licensee)
        if chapter:
            statement = statement.where(
                Submission.id.in_(select(SubmissionChapter.submission_id).where(SubmissionChapter.chapter == chapter))
            )
        if filed_from:
            statement = statement.where(Submission.date_filed >= filed_from)
        if filed_to:
            statement = statement.where(Submission.date_filed <= filed_to)
        with self.session() as session:
            total = session.scalar(select(func.count()).select_from(statement.subquery())) or 0
            rows = session.scalars(
                statement.options(selectinload(Submission.chapters))
                .order_by(Submission.uploaded_at.desc(), Submission.id.desc())
                .limit(limit)
                .offset(offset)
            )
            submissions = list(rows)
            verdicts = {
                row[0]: row[1]
                for row in session.execute(
                    select(ReviewRecord.submission_id, ReviewRecord.summary)
                    .where(ReviewRecord.submission_id.in_([submission.id for submission in submissions]))
                    .order_by(ReviewRecord.id)
                )
            }
            return QueuePage(submissions, total, verdicts)

    def licensees(self, user: User) -> list[str]:
        """Every licensee with a submission the user may see, sorted (the queue's filter)."""
        with self.session() as session:
            statement = self._visible(select(Submission.licensee).distinct(), user)
            return sorted(session.scalars(statement))

    def submission(self, user: User, submission_id: int, with_content: bool = False) -> Submission:
        """One submission the user may see; NotFound (not Forbidden) otherwise, so its existence is not told."""
        statement = self._visible(select(Submission).where(Submission.id == submission_id), user)
        statement = statement.options(selectinload(Submission.chapters), selectinload(Submission.uploaded_by))
        if with_content:
            from sqlalchemy.orm import undefer

            statement = statement.options(undefer(Submission.content))
        with self.session() as session:
            submission = session.scalar(statement)
        if submission is None:
            raise NotFound(f"there is no filing {submission_id} you may see")
        return submission

    def reviews(self, submission_id: int) -> list[ReviewRecord]:
        """Every review of a submission, newest first."""
        with self.session() as session:
            return list(
                session.scalars(
                    select(ReviewRecord)
                    .where(ReviewRecord.submission_id == submission_id)
                    .order_by(ReviewRecord.id.desc())
                )
            )

    def review_document(self, review_id: int) -> dict[str, Any]:
        with self.session() as session:
            text = session.scalar(select(ReviewRecord.document).where(ReviewRecord.id == review_id))
        return json.loads(text) if text else {}

    def review_download(self, submission_id: int, kind: str) -> tuple[ReviewRecord, bytes]:
        """The latest review's PDF or Excel workbook."""
        column = ReviewRecord.pdf if kind == "pdf" else ReviewRecord.xlsx
        with self.session() as session:
            row = session.execute(
                select(ReviewRecord, column)
                .where(ReviewRecord.submission_id == submission_id)
                .order_by(ReviewRecord.id.desc())
                .limit(1)
            ).first()
        if row is None:
            raise NotFound("this filing has no review yet")
        return row[0], row[1]

    def dispositions(self, submission_id: int) -> dict[str, Disposition]:
        """The standing disposition of each finding (the latest row for its key)."""
        with self.session() as session:
            rows = session.scalars(
                select(Disposition)
                .options(selectinload(Disposition.user))
                .where(Disposition.submission_id == submission_id)
                .order_by(Disposition.id)
            )
            return {row.finding_key: row for row in rows}

    def signoffs(self, submission_id: int) -> list[SignOff]:
        with self.session() as session:
            return list(
                session.scalars(
                    select(SignOff)
                    .options(selectinload(SignOff.user))
                    .where(SignOff.submission_id == submission_id)
                    .order_by(SignOff.id)
                )
            )

    def events(self, submission_id: int) -> list[Event]:
        """The audit trail of a submission, oldest first."""
        with self.session() as session:
            return list(session.scalars(select(Event).where(Event.submission_id == submission_id).order_by(Event.id)))

    def history(self, user: User, licensee: str, chapter: str) -> list[Submission]:
        """A licensee's submissions of a chapter, oldest first: the amendments in the order they came."""
        statement = self._visible(
            select(Submission).where(
                Submission.licensee == licensee,
                Submission.id.in_(select(SubmissionChapter.submission_id).where(SubmissionChapter.chapter == chapter)),
            ),
            user,
        ).options(selectinload(Submission.chapters))
        with self.session() as session:
            return list(session.scalars(statement.order_by(Submission.date_filed, Submission.id)))

    # -- decisions ------------------------------------------------------------------------------------------

    def _advance(self, session: Session, submission: Submission, seen_version: int, status: str) -> None:
        changed = session.execute(
            update(Submission)
            .where(Submission.id == submission.id, Submission.version == seen_version)
            .values(status=status, version=Submission.version + 1)
            .execution_options(synchronize_session=False)
        ).rowcount
        if changed != 1:
            self._conflict(session, submission.id)

    @staticmethod
    def _conflict(session: Session, submission_id: int) -> None:
        latest = session.scalar(
            select(Event).where(Event.submission_id == submission_id).order_by(Event.id.desc()).limit(1)
        )
        by = f" ({latest.action} by {latest.actor} at {_utc(latest.at):%Y-%m-%d %H:%M:%S} UTC)" if latest else ""
        raise Conflict(
            f"this filing changed after you opened it{by}; nothing you sent was saved. Reload the page, check the "
            "change, and act again."
        )

    def _for_action(self, session: Session, user: User, submission_id: int, seen_version: int) -> Submission:
        if user.role not in (Role.REVIEWER, Role.SUPERVISOR):
            raise Forbidden("only a reviewer or a supervisor decides on findings and signs off")
        submission = session.get(Submission, submission_id)
        if submission is None:
            raise NotFound(f"there is no filing {submission_id}")
        if submission.version != seen_version:
            self._conflict(session, submission_id)
        if submission.review_state != "done":
            raise WorkspaceError("this filing has no review yet; wait for the review to finish")
        if submission.status == Status.APPROVED:
            raise WorkspaceError("this filing is approved and countersigned; it can no longer change")
        return submission

    @staticmethod
    def _latest_review(session: Session, submission_id: int) -> ReviewRecord:
        record = session.scalar(
            select(ReviewRecord)
            .where(ReviewRecord.submission_id == submission_id)
            .order_by(ReviewRecord.id.desc())
            .limit(1)
        )
        if record is None:
            raise WorkspaceError("this filing has no review yet")
        return record

    def dispose(
        self,
        user: User,
        submission_id: int,
        seen_version: int,
        key: str,
        decision: Decision | str,
        note: str = "",
        board_reference: str = "",
    ) -> Disposition:
        """Record a decision about one finding of the latest review."""
        try:
            decision = Decision(decision)
        except ValueError:
            raise WorkspaceError("a disposition is 'agreed', 'disputed' or 'waived'") from None
        note, board_reference = note.strip(), board_reference.strip()
        if decision is Decision.DISPUTED and not note:
            raise WorkspaceError("a disputed finding needs a note saying why")
        if decision is Decision.WAIVED and not board_reference:
            raise WorkspaceError("a waived finding needs the Board's reference for the waiver (§ 601a.4)")
        with self.session() as session:
            submission = self._for_action(session, user, submission_id, seen_version)
            record = self._latest_review(session, submission_id)
            document = json.loads(session.scalar(select(ReviewRecord.document).where(ReviewRecord.id == record.id)))
            if key not in {finding_key(finding) for finding in document.get("findings", [])}:
                raise NotFound("that finding is not in the latest review of this filing")
            status = Status.IN_REVIEW.value if submission.status == Status.RECEIVED else submission.status
            self._advance(session, submission, seen_version, status)
            disposition = Disposition(
                submission_id=submission_id,
                review_id=record.id,
                finding_key=key,
                decision=decision.value,
                note=note,
                board_reference=board_reference,
                user_id=user.id,
                created_at=now(),
            )
            session.add(disposition)
            self._event(
                session,
                user.username,
                "disposition",
                submission_id,
                finding=key,
                decision=decision.value,
                note=note,
                board_reference=board_reference,
            )
        return disposition

    def sign_off(self, user: User, submission_id: int, seen_version: int, decision: str, note: str = "") -> SignOff:
        """A reviewer's sign-off: 'approve' (every finding disposed of; awaits a supervisor) or 'request changes'."""
        if decision not in ("approve", "request changes"):
            raise WorkspaceError("a sign-off is 'approve' or 'request changes'")
        with self.session() as session:
            submission = self._for_action(session, user, submission_id, seen_version)
            record = self._latest_review(session, submission_id)
            document = json.loads(session.scalar(select(ReviewRecord.document).where(ReviewRecord.id == record.id)))
            disposed = set(
                session.scalars(select(Disposition.finding_key).where(Disposition.submission_id == submission_id))
            )
            open_findings = [
                finding_key(finding) for finding in document.get("findings", []) if finding_key(finding) not in disposed
            ]
            if decision == "approve" and open_findings:
                raise WorkspaceError(
                    f"{len(open_findings)} finding(s) have no disposition yet; dispose of every finding before "
                    "approving"
                )
            status = Status.IN_REVIEW.value if decision == "approve" else Status.CHANGES_REQUESTED.value
            self._advance(session, submission, seen_version, status)
            signoff = SignOff(
                submission_id=submission_id,
                review_id=record.id,
                kind="sign-off",
                decision=decision,
                note=note.strip(),
                user_id=user.id,
                created_at=now(),
            )
            session.add(signoff)
            self._event(session, user.username, "sign-off", submission_id, decision=decision, review=record.id)
        return signoff

    def countersign(self, user: User, submission_id: int, seen_version: int, note: str = "") -> SignOff:
        """A supervisor's countersignature of an approving sign-off by someone else; the filing is approved."""
        if user.role != Role.SUPERVISOR:
            raise Forbidden("only a supervisor countersigns")
        with self.session() as session:
            submission = self._for_action(session, user, submission_id, seen_version)
            record = self._latest_review(session, submission_id)
            last = session.scalar(
                select(SignOff).where(SignOff.submission_id == submission_id).order_by(SignOff.id.desc()).limit(1)
            )
            if last is None or last.kind != "sign-off" or last.decision != "approve" or last.review_id != record.id:
                raise WorkspaceError("there is no approving sign-off of the latest review to countersign")
            if last.user_id == user.id:
                raise Forbidden("a countersignature must come from someone other than the reviewer who signed off")
            self._advance(session, submission, seen_version, Status.APPROVED.value)
            signoff = SignOff(
                submission_id=submission_id,
                review_id=record.id,
                kind="countersignature",
                decision="approve",
                note=note.strip(),
                user_id=user.id,
                created_at=now(),
            )
            session.add(signoff)
            self._event(session, user.username, "countersign", submission_id, review=record.id)
        return signoff

    def request_rereview(self, user: User, submission_id: int, seen_version: int) -> tuple[str, bytes]:
        """Mark a submission for a new review run (the worker adds a review row); its name and bytes."""
        if user.role not in (Role.REVIEWER, Role.SUPERVISOR, Role.ADMIN):
            raise Forbidden("only the Board's staff re-run a review")
        with self.session() as session:
            submission = session.get(Submission, submission_id)
            if submission is None:
                raise NotFound(f"there is no filing {submission_id}")
            changed = session.execute(
                update(Submission)
                .where(Submission.id == submission_id, Submission.version == seen_version)
                .values(review_state="pending", version=Submission.version + 1)
                .execution_options(synchronize_session=False)
            ).rowcount
            if changed != 1:
                self._conflict(session, submission_id)
            self._event(session, user.username, "re-review requested", submission_id)
            content = session.scalar(select(Submission.content).where(Submission.id == submission_id))
            return submission.original_name, content


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA busy_timeout=30000")
    cursor.close()


def open_store(url: str | None = None, upgrade: bool = True) -> Store:
    """Open the store at a database URL (the default SQLite file when None), upgraded to the newest schema."""
    url = url or default_database_url()
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})
        event.listen(engine, "connect", _sqlite_pragmas)
    else:
        engine = create_engine(url, pool_pre_ping=True)
    store = Store(engine)
    if upgrade:
        store.upgrade()
    return store
