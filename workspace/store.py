"""The filing store: accounts, submissions with their original bytes, reviews, dispositions, sign-offs and the
audit trail, on SQLite (the default) or PostgreSQL. Every rule about who may do what lives here, so the pages, the
JSON endpoints and the command line enforce the same ones.

Changes of a submission's state are optimistic: each carries the version the actor saw, and the update applies
only where the row still has it (``UPDATE ... WHERE version = :seen``), so two reviewers acting at once never
lose an update; the second is told what changed instead.
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
import secrets
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any, ClassVar

from pacomply.submissions import Filing
from pacomply.workspace.models import (
    FINAL_STATUSES,
    Decision,
    Disposition,
    Event,
    Letter,
    LetterKind,
    RenderingClaim,
    ReviewRecord,
    ReviewRendering,
    Role,
    Seal,
    Server,
    SignInFailure,
    SignOff,
    Status,
    Submission,
    SubmissionChapter,
    User,
    WebSession,
    WorkspaceSetting,
)
from pacomply.workspace.passwords import WeakPassword, check_password
from pacomply.workspace.reviewing import StoredReview
from sqlalchemy import CursorResult, Engine, Result, create_engine, delete, event, func, insert, or_, select, update
from sqlalchemy.exc import IntegrityError
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


class QuotaExceeded(WorkspaceError):
    """More than an account may have under way at once; nothing was stored."""

    status = 429


class ClaimLost(WorkspaceError):
    """A review recorded by a server whose claim another server took over (its lease expired); nothing was written,
    since the other server reviews the filing."""

    status = 409


class TooLarge(WorkspaceError):
    """A filing beyond what the workspace reviews (too many tables); nothing was stored."""

    status = 413


REVIEW_DAYS = 15
"""The Board's review clock under § 601a.10(c): a filing is due 15 calendar days after the Board's day
(America/New_York) on which the workspace received it (the day of receipt is day 0; the chapter gives no business-day
rule)."""

MAX_TABLES = 200
"""Tables one filing may list; a review's CPU time grows with them (a 2,000-table filing held a process ~70 s)."""

MAX_PENDING_PER_ACCOUNT = 10
"""Reviews one account may have waiting or running at once."""

MAX_REVIEW_ATTEMPTS = 3
"""A filing whose review ended its process this often is recorded as a failure instead of being tried again."""

BOARD_REFERENCE = re.compile(r"(PGCB waiver )?[A-Z]{1,8}-(19|20)\d\d-\d{1,6}")
"""The Board's reference for a waiver under § 601a.4: an office or series prefix, the year and a number, as in
``W-2026-117`` or ``BGO-2026-117``, optionally written ``PGCB waiver W-2026-117``."""

SESSION_IDLE = timedelta(minutes=30)
SESSION_ABSOLUTE = timedelta(hours=12)
SESSION_TOUCH = timedelta(seconds=60)
"""A session's last use is written at most this often (a page load is not a database write), and at most a tenth
of the idle limit apart, so a session in use is never taken for an idle one."""

APPROVING = ("approve", "approve in part")

REVIEW_LEASE = timedelta(seconds=60)
"""How long a server's claim on a pending review or a background rendering lasts unless renewed; a server renews its
claims every third of it, so another server takes them over only from a server that stopped renewing (killed, or
cut off from the database)."""

SESSION_KEY = "session signing key"
"""The name of the deployment's session-signing key in ``workspace_settings``."""

SERVERS_RECENT = timedelta(minutes=5)
"""A server seen within this is listed by ``pacomply store status`` as running."""


@functools.cache
def newest_revision() -> str | None:
    """The newest schema revision this pacomply's migrations make."""
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return ScriptDirectory.from_config(config).get_current_head()


def default_database_url() -> str:
    """A SQLite file in the platform's data folder (created when missing)."""
    from platformdirs import user_data_dir

    folder = Path(user_data_dir("pacomply", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'workspace.sqlite3'}"


def now() -> datetime:
    """The store's one clock: every time it writes, and every date it reckons (:func:`board_today`), reads it."""
    return datetime.now(UTC)


def board_date(moment: datetime) -> date:
    """The Board's calendar day of a moment: its date in America/New_York (the zone reviews are dated in), whatever
    the server's own time zone."""
    from zoneinfo import ZoneInfo

    from pacomply.checker.registry import REVIEW_TIME_ZONE

    return _utc(moment).astimezone(ZoneInfo(REVIEW_TIME_ZONE)).date()


def board_today() -> date:
    """Today in the Board's days, from :func:`now`: what "overdue" is measured against on every page, in the JSON
    and in the queue's filter alike."""
    return board_date(now())


def is_overdue(submission: Submission, today: date | None = None) -> bool:
    """Past its due date in the Board's days and not yet decided (approved in total or in part): the one test the
    pages, the JSON and the queue's "overdue only" filter (:meth:`Store.queue`, the same test in SQL) apply."""
    return bool(
        submission.due_date is not None
        and submission.due_date < (today or board_today())
        and submission.status not in FINAL_STATUSES
    )


def due_date(received: datetime) -> date:
    """A filing's due date: :data:`REVIEW_DAYS` calendar days after the Board's day on which it was received."""
    return board_date(received) + timedelta(days=REVIEW_DAYS)


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


@dataclass(frozen=True, slots=True)
class ServerStatus:
    """A server seen recently, and the claims it holds."""

    id: str
    host: str
    pid: int
    started_at: datetime
    seen_at: datetime
    reviews: int
    """Pending reviews it has claimed."""
    renderings: int
    """Background renderings it has claimed."""


@dataclass(frozen=True, slots=True)
class StoreStatus:
    """The servers over one database and its review queue (``pacomply store status``)."""

    database: str
    checked_at: datetime
    servers: tuple[ServerStatus, ...]
    pending: int
    """Reviews waiting or running."""
    unclaimed: int
    """Pending reviews no server holds."""
    expired: int
    """Pending reviews whose claim's lease has expired (their server stopped renewing): any server takes them."""
    oldest_wait: timedelta | None
    """How long the longest-waiting pending review has waited; None when none is pending."""


HASH_PARAMETERS: dict[str, Any] = {}
"""Overrides of argon2-cffi's defaults (RFC 9106's low-memory profile) for new hashes; a stored hash carries its
own parameters, so a change here never locks anyone out."""


def _rows_changed(result: Result[Any]) -> int:
    """How many rows an UPDATE changed (SQLAlchemy returns a CursorResult for one, typed as any Result)."""
    assert isinstance(result, CursorResult)
    return result.rowcount


def _hasher() -> Any:
    from argon2 import PasswordHasher

    return PasswordHasher(**HASH_PARAMETERS)


class Store:
    """The database behind the workspace; open it with :func:`open_store`."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._sessions = sessionmaker(engine, expire_on_commit=False)
        event.listen(self._sessions, "before_flush", _note_sealed_rows)

    # -- plumbing -------------------------------------------------------------------------------------------

    @contextmanager
    def session(self) -> Iterator[Session]:
        """A transaction: committed when the block ends, rolled back when it raises. Every sealed row it wrote is
        sealed last, in the same transaction (:meth:`_seal`)."""
        with self._sessions() as session, session.begin():
            yield session
            self._seal(session)

    @staticmethod
    def _seal(session: Session) -> None:
        """Seal the rows of sealed tables this transaction wrote: their digests as the database holds them, each
        appended to the chain (``workspace/seals.py``). On PostgreSQL a transaction-level advisory lock orders the
        chain; it is the last lock the transaction takes. SQLite has one writer at a time, and a transaction that
        wrote holds that lock until it ends."""
        from pacomply.workspace import seals

        session.flush()
        written: list[Any] = session.info.pop("sealed_rows", [])
        if not written:
            return
        connection = session.connection()
        if connection.dialect.name == "postgresql":
            connection.execute(select(func.pg_advisory_xact_lock(seals.CHAIN_LOCK)))
        previous = connection.execute(
            select(Seal.chain).order_by(Seal.id.desc()).limit(1)
        ).scalar() or seals.CHAIN_START
        tables = {type(row).__table__.name: type(row).__table__ for row in written}
        ids: dict[str, list[int]] = {}
        for row in written:
            ids.setdefault(type(row).__table__.name, []).append(int(row.id))
        for kind in seals.SEALED_TABLES:
            if kind not in ids:
                continue
            table = tables[kind]
            rows = connection.execute(select(table).where(table.c.id.in_(ids[kind])).order_by(table.c.id)).mappings()
            for row in rows:
                digest = seals.row_digest(row)
                previous = seals.chained(previous, kind, int(row["id"]), digest)
                connection.execute(
                    insert(Seal).values(kind=kind, row_id=int(row["id"]), sha256=digest, chain=previous)
                )

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

    def readiness(self) -> str:
        """'ready' when the database answers and is at the newest schema; else what is wrong, in a few words (no
        connection details: the answer is public, for a load balancer)."""
        from sqlalchemy.exc import SQLAlchemyError

        try:
            current = self.revision()
        except SQLAlchemyError:
            return "the database does not answer"
        head = newest_revision()
        return "ready" if current == head else f"the schema is at {current or 'nothing'}, not {head}"

    @staticmethod
    def _event(
        session: Session, actor: str, action: str, submission_id: int | None, moves_to: str | None = None,
        **detail: Any,
    ) -> None:
        """Record an event; ``moves_to``: the status it moves its filing to, written (flushed) before the status
        itself, which the database refuses to change without such an event (revision 0005)."""
        event = Event(
            at=now(),
            actor=actor,
            action=action,
            submission_id=submission_id,
            detail=json.dumps(detail, sort_keys=True, ensure_ascii=False, default=str),
            status=moves_to,
        )
        session.add(event)
        if moves_to is not None:
            session.flush()
            # A conflict found after this (the status update) names the change someone else made, not this one.
            session.info.setdefault("own_events", []).append(event.id)

    # -- integrity ------------------------------------------------------------------------------------------

    def verify(self) -> Any:
        """Check that every sealed row is what was written (its digest against its seal, the seals' chain), that
        every submission's original bytes match their SHA-256, and every review download its own: a
        :class:`seals.Verification` naming each row or seal that is not intact."""
        from pacomply.workspace import seals
        from pacomply.workspace.models import Base

        checked: dict[str, int] = {}
        with self.engine.connect() as connection:
            chain = connection.execute(
                select(Seal.id, Seal.kind, Seal.row_id, Seal.sha256, Seal.chain).order_by(Seal.id)
            )
            expected, problems = seals.check_chain((row[0], row[1], row[2], row[3], row[4]) for row in chain)
            for kind in seals.SEALED_TABLES:
                table = Base.metadata.tables[kind]
                rows = connection.execution_options(yield_per=200).execute(select(table).order_by(table.c.id))
                checked[kind], found = seals.check_rows(kind, rows.mappings(), expected)
                problems.extend(found)
            for kind, row_id in sorted(expected):  # a seal of a table that is not sealed: a seal forged
                problems.append(seals.Problem(f"seal of {kind} row {row_id}", "names no sealed table"))
            for name, statement in (
                ("submissions", select(Submission.id, Submission.sha256, Submission.content).order_by(Submission.id)),
                ("review_renderings", select(
                    ReviewRendering.review_id, ReviewRendering.sha256, ReviewRendering.content
                ).order_by(ReviewRendering.review_id, ReviewRendering.kind)),
            ):
                checked[name] = 0
                for row_id, digest, content in connection.execution_options(yield_per=50).execute(statement):
                    checked[name] += 1
                    if hashlib.sha256(content or b"").hexdigest() != digest:
                        where = f"submission {row_id}" if name == "submissions" else f"download of review {row_id}"
                        problems.append(seals.Problem(where, "its bytes no longer match their SHA-256"))
        return seals.Verification(checked, tuple(problems))

    # -- accounts -------------------------------------------------------------------------------------------

    def add_user(
        self, username: str, password: str, role: Role | str, licensee: str | None = None, actor: str = "cli"
    ) -> User:
        """A new local account; a licensee account must name its licensee (exactly as its filings do)."""
        role = Role(role)
        if not username.strip() or len(username) > 80 or "\x00" in username:
            raise WorkspaceError("a user name is 1 to 80 characters")
        self._check_password(password, username)
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

    @staticmethod
    def _check_password(password: str, username: str) -> None:
        try:
            check_password(password, username)
        except WeakPassword as error:
            raise WorkspaceError(str(error)) from None

    @staticmethod
    def _account(session: Session, username: str) -> User:
        user = session.scalar(select(User).where(User.username == username))
        if user is None:
            raise NotFound(f"there is no user '{username}'")
        return user

    @staticmethod
    def _keep_an_admin(session: Session, user: User) -> None:
        """Refuse to take the last active administrator away (nobody could manage accounts after it)."""
        others = session.scalar(
            select(func.count()).select_from(User).where(
                User.role == Role.ADMIN.value, User.active.is_(True), User.id != user.id
            )
        )
        if user.role == Role.ADMIN and user.active and not others:
            raise Conflict(
                f"'{user.username}' is the last active administrator; make another account an administrator first"
            )

    def set_role(self, username: str, role: Role | str, actor: str, licensee: str | None = None) -> User:
        """Change an account's role (an audited action); the last administrator keeps its role."""
        role = Role(role)
        with self.session() as session:
            user = self._account(session, username)
            if role is Role.LICENSEE and not (licensee or user.licensee):
                raise WorkspaceError("a licensee account needs the licensee's name")
            if role is not Role.ADMIN:
                self._keep_an_admin(session, user)
            before = user.role
            user.role = role.value
            user.licensee = (licensee or user.licensee) if role is Role.LICENSEE else None
            self._event(session, actor, "role changed", None, username=username, old=before, new=role.value)
            if before != role.value:
                self._end_sessions(session, user.id, "role changed")
        return user

    def set_active(self, username: str, active: bool, actor: str) -> User:
        """Deactivate an account (its sessions end, it can no longer sign in) or activate it again."""
        with self.session() as session:
            user = self._account(session, username)
            if not active:
                self._keep_an_admin(session, user)
            user.active = active
            self._event(session, actor, "account activated" if active else "account deactivated", None,
                        username=username)
            if not active:
                self._end_sessions(session, user.id, "deactivated")
        return user

    def change_password(self, user_id: int, current: str, new: str, keep_session: str | None = None) -> None:
        """The account's own change: the current password is checked; every other session of it ends."""
        from argon2.exceptions import VerificationError

        with self.session() as session:
            user = session.get(User, user_id)
            if user is None or not user.active:
                raise NotFound("there is no such account")
            try:
                _hasher().verify(user.password_hash, current)
            except VerificationError:
                raise Forbidden("the current password is wrong; nothing was changed") from None
            self._check_password(new, user.username)
            user.password_hash = _hasher().hash(new)
            self._event(session, user.username, "password changed", None, username=user.username)
            self._end_sessions(session, user.id, "password changed", keep=keep_session)

    def reset_password(self, username: str, new: str, actor: str) -> None:
        """An administrator sets a new password for an account (every session of the account ends)."""
        with self.session() as session:
            user = self._account(session, username)
            self._check_password(new, user.username)
            user.password_hash = _hasher().hash(new)
            self._event(session, actor, "password reset", None, username=username)
            self._end_sessions(session, user.id, "password reset")

    def authenticate(self, username: str, password: str) -> User | None:
        """The active account with that name and password, or None (the same answer for either mismatch)."""
        from argon2.exceptions import VerificationError

        if "\x00" in username or len(username) > 80 or len(password) > 1024:
            return None
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

    def record_sign_in(self, username: str, address: str, outcome: str, detail: str = "") -> None:
        """An audit event for a sign-in: 'sign-in', 'sign-in failed' or 'sign-in throttled'."""
        with self.session() as session:
            self._event(session, username[:80].replace("\x00", ""), outcome, None, address=address, why=detail)

    # -- server-side sessions -------------------------------------------------------------------------------

    @staticmethod
    def _token_key(token: str) -> str:
        return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()

    def open_session(self, user: User, address: str) -> str:
        """A new session for a signed-in account; the token for its cookie (only its hash is stored)."""
        token = secrets.token_urlsafe(32)
        moment = now()
        with self.session() as session:
            session.add(
                WebSession(id=self._token_key(token), user_id=user.id, created_at=moment, last_seen_at=moment,
                           address=address[:64])
            )
        return token

    def session_user(
        self, token: str, idle: timedelta = SESSION_IDLE, absolute: timedelta = SESSION_ABSOLUTE
    ) -> tuple[User, datetime] | None:
        """The active account a session token stands for and when it signed in, or None once the session was
        ended, has been idle longer than ``idle`` or open longer than ``absolute`` (and it is ended now)."""
        moment = now()
        with self.session() as session:
            row = session.get(WebSession, self._token_key(token))
            if row is None or row.ended_at is not None:
                return None
            user = session.get(User, row.user_id)
            ended = None
            if moment - _utc(row.last_seen_at) > idle:
                ended = "idle timeout"
            elif moment - _utc(row.created_at) > absolute:
                ended = "absolute timeout"
            elif user is None or not user.active:
                ended = "deactivated"
            if ended is not None:
                row.ended_at, row.ended_why = moment, ended
                return None
            if moment - _utc(row.last_seen_at) > min(SESSION_TOUCH, idle / 10):
                row.last_seen_at = moment
            return user, _utc(row.created_at)  # type: ignore[return-value]

    def end_session(self, token: str, why: str = "signed out") -> None:
        with self.session() as session:
            row = session.get(WebSession, self._token_key(token))
            if row is not None and row.ended_at is None:
                row.ended_at, row.ended_why = now(), why

    @classmethod
    def _end_sessions(cls, session: Session, user_id: int, why: str, keep: str | None = None) -> None:
        statement = (
            update(WebSession)
            .where(WebSession.user_id == user_id, WebSession.ended_at.is_(None))
            .values(ended_at=now(), ended_why=why)
        )
        if keep is not None:
            statement = statement.where(WebSession.id != cls._token_key(keep))
        session.execute(statement.execution_options(synchronize_session=False))

    def has_admin(self) -> bool:
        """Whether an active administrator exists (the sign-in page says how to make the first one until then)."""
        with self.session() as session:
            return session.scalar(
                select(User.id).where(User.role == Role.ADMIN.value, User.active.is_(True)).limit(1)
            ) is not None

    def user(self, user_id: int) -> User | None:
        with self.session() as session:
            return session.get(User, user_id)

    def users(self) -> list[User]:
        with self.session() as session:
            return list(session.scalars(select(User).order_by(User.username)))

    # -- submissions ----------------------------------------------------------------------------------------

    @staticmethod
    def _lock_account(session: Session, user_id: int) -> None:
        """Hold the account's lock until the transaction ends, so that what it counts (its reviews waiting) and
        what it inserts are one step against every other upload of the account: on PostgreSQL a row lock on the
        account (``SELECT ... FOR UPDATE``); on SQLite, which locks the whole database, the transaction takes the
        write lock before it reads (``BEGIN IMMEDIATE``), so no two uploads count the same waiting reviews."""
        connection = session.connection()
        if connection.dialect.name == "sqlite":
            connection.exec_driver_sql("BEGIN IMMEDIATE")
        else:
            session.execute(select(User.id).where(User.id == user_id).with_for_update())

    @staticmethod
    def _visible(statement: Any, user: User) -> Any:
        if user.role == Role.LICENSEE:
            return statement.where(Submission.licensee == user.licensee)
        return statement

    def add_submission(
        self,
        name: str,
        data: bytes,
        filing: Filing,
        user: User | None,
        actor: str,
        max_tables: int = MAX_TABLES,
        max_pending: int = MAX_PENDING_PER_ACCOUNT,
        claimant: str | None = None,
        lease: timedelta = REVIEW_LEASE,
    ) -> Submission:
        """Store an upload that has been read (its review comes later, from the worker). Refused, with nothing
        stored, when the filing lists more than ``max_tables`` tables or the uploader already has
        ``max_pending`` reviews waiting. ``claimant``: the server (or command) that reviews it, claimed with the
        row for ``lease`` (:meth:`claim_review`), so no other server takes it meanwhile."""
        if user is not None and user.role == Role.LICENSEE and filing.metadata.licensee != user.licensee:
            raise Forbidden(
                f"this filing is for '{filing.metadata.licensee}'; your account files for '{user.licensee}' only"
            )
        if len(filing.tables) > max_tables:
            raise TooLarge(
                f"this filing lists {len(filing.tables):,} tables; the workspace reviews at most {max_tables} in one "
                "filing. Split it into several filings; nothing was stored"
            )
        if "\x00" in filing.metadata.licensee:
            raise WorkspaceError("the filing's licensee name holds a NUL character; nothing was stored")
        digest = hashlib.sha256(data).hexdigest()
        received = now()
        with self.session() as session:
            if user is not None:
                self._lock_account(session, user.id)
                waiting = session.scalar(
                    select(func.count()).select_from(Submission).where(
                        Submission.uploaded_by_id == user.id, Submission.review_state == "pending"
                    )
                )
                if (waiting or 0) >= max_pending:
                    raise self._over_quota(waiting or 0, max_pending)
            submission = Submission(
                original_name=name,
                sha256=digest,
                size=len(data),
                content=data,
                licensee=filing.metadata.licensee,
                date_filed=filing.metadata.date_filed,
                uploaded_at=received,
                uploaded_by_id=user.id if user is not None else None,
                status=Status.RECEIVED.value,
                review_state="pending",
                version=1,
                due_date=due_date(received),
                review_attempts=0,
                queued_at=received,
                claimed_by=claimant,
                claim_expires_at=received + lease if claimant is not None else None,
                chapters=[SubmissionChapter(chapter=chapter) for chapter in filing.filed_chapters],
            )
            session.add(submission)
            session.flush()
            self._event(session, actor, "upload", submission.id, file=name, sha256=digest, size=len(data))
        return submission

    @staticmethod
    def _over_quota(waiting: int, max_pending: int) -> QuotaExceeded:
        return QuotaExceeded(
            f"you have {waiting} filings waiting for their review; the workspace takes at most {max_pending} from "
            "one account at a time. Upload this one when one of them is reviewed; nothing was stored"
        )

    def check_quota(self, user: User, max_pending: int = MAX_PENDING_PER_ACCOUNT, **_other: int) -> None:
        """Refuse an upload at once, before its bytes are read, when the account already has ``max_pending``
        reviews waiting (a count without a lock: :meth:`add_submission` counts again under one and decides)."""
        with self.session() as session:
            waiting = session.scalar(
                select(func.count()).select_from(Submission).where(
                    Submission.uploaded_by_id == user.id, Submission.review_state == "pending"
                )
            ) or 0
        if waiting >= max_pending:
            raise self._over_quota(waiting, max_pending)

    def start_review_attempt(self, submission_id: int) -> int:
        """Count one more attempt at reviewing a submission (made when it is handed to a review process); the
        count so far."""
        with self.session() as session:
            session.execute(
                update(Submission)
                .where(Submission.id == submission_id)
                .values(review_attempts=Submission.review_attempts + 1)
                .execution_options(synchronize_session=False)
            )
            return int(session.scalar(select(Submission.review_attempts).where(Submission.id == submission_id)) or 0)

    def record_review_interrupted(self, submission_id: int, attempt: int, problem: str) -> None:
        """A review process ended under a review (killed, out of memory); it is queued again."""
        with self.session() as session:
            self._event(session, "pacomply", "review interrupted", submission_id, attempt=attempt, problem=problem)

    def record_review(
        self, submission_id: int, stored: StoredReview, actor: str, claimant: str | None = None
    ) -> ReviewRecord:
        """Keep a review run (a re-run adds a row; earlier ones stay) and release its claim. ``claimant``: the
        server that claimed the review; :class:`ClaimLost`, with nothing written, when the review is no longer
        pending under its claim (another server took it over after the lease expired)."""
        verdict = stored.document["verdict"]
        # A document reused from an earlier review of the same bytes, name, date and configuration says so.
        reused: dict[str, Any] = {"reused": True} if stored.reused else {}
        with self.session() as session:
            self._release_review(session, submission_id, claimant)
            # The first review moves no version: nobody could act on the filing before it (every action needs a
            # finished review), so a first upload stays "version 1". A later review moves it, so an action sent
            # from a page showing the earlier review is refused instead of applied to findings its sender never saw.
            earlier = session.scalar(
                select(func.count()).select_from(ReviewRecord).where(ReviewRecord.submission_id == submission_id)
            )
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
                .values(
                    review_state="done",
                    review_problem=None,
                    review_attempts=0,
                    version=Submission.version + (1 if earlier else 0),
                    claimed_by=None,
                    claim_expires_at=None,
                )
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
                **reused,
            )
        return record

    def record_review_failure(
        self, submission_id: int, problem: str, actor: str, claimant: str | None = None
    ) -> None:
        """A review that could not be made: kept visible on the filing page, never shown as a verdict. Its claim
        is released; ``claimant`` as for :meth:`record_review`."""
        with self.session() as session:
            self._release_review(session, submission_id, claimant)
            session.execute(
                update(Submission)
                .where(Submission.id == submission_id)
                .values(
                    review_state="failed", review_problem=problem, review_attempts=0, version=Submission.version + 1,
                    claimed_by=None, claim_expires_at=None,
                )
            )
            self._event(session, actor, "review failed", submission_id, problem=problem)

    def pending_reviews(self, exclude: Iterable[int] = ()) -> list[tuple[int, str, bytes]]:
        """Submissions waiting for a review, oldest first: the durable queue, read at start-up and whenever the
        review processes are rebuilt (``exclude``: those already handed to a process)."""
        statement = select(Submission.id, Submission.original_name, Submission.content).where(
            Submission.review_state == "pending"
        )
        excluded = list(exclude)
        if excluded:
            statement = statement.where(Submission.id.not_in(excluded))
        with self.session() as session:
            rows = session.execute(statement.order_by(Submission.id))
            return [(row[0], row[1], row[2]) for row in rows]

    def pending_content(self, submission_id: int) -> tuple[str, bytes] | None:
        """A submission's name and bytes while its review is pending, else None."""
        with self.session() as session:
            row = session.execute(
                select(Submission.original_name, Submission.content).where(
                    Submission.id == submission_id, Submission.review_state == "pending"
                )
            ).first()
        return (row[0], row[1]) if row else None

    # -- several servers: claims, heartbeats, the deployment's settings ----------------------------------------

    @staticmethod
    def _write_lock(session: Session) -> None:
        """On SQLite, take the database's write lock before the transaction reads (``BEGIN IMMEDIATE``), so what it
        reads and what it writes are one step; PostgreSQL locks rows instead."""
        connection = session.connection()
        if connection.dialect.name == "sqlite":
            connection.exec_driver_sql("BEGIN IMMEDIATE")

    @staticmethod
    def _free_for(claimant: str, moment: datetime) -> Any:
        """A pending review nobody holds: unclaimed, its lease expired, or already this claimant's."""
        return or_(
            Submission.claimed_by.is_(None), Submission.claim_expires_at < moment, Submission.claimed_by == claimant
        )

    @staticmethod
    def _release_review(session: Session, submission_id: int, claimant: str | None) -> None:
        """Check, in the recording transaction, that ``claimant`` still holds the pending review (its row locked
        until the transaction ends); :class:`ClaimLost` otherwise. Nothing is checked without a claimant (a
        review recorded directly, as ``store add`` and the tests do)."""
        if claimant is None:
            return
        held = session.scalar(
            select(Submission.id)
            .where(
                Submission.id == submission_id,
                Submission.review_state == "pending",
                Submission.claimed_by == claimant,
            )
            .with_for_update()
        )
        if held is None:
            raise ClaimLost(
                f"the review of submission {submission_id} was taken over by another server (this server's lease "
                "expired); nothing of this one was recorded"
            )

    def claim_review(self, submission_id: int, claimant: str, lease: timedelta = REVIEW_LEASE) -> bool:
        """Claim one pending review for ``claimant`` until ``lease`` from now; False when it is not pending or
        another server holds it. One UPDATE: the database's row lock decides between servers claiming at once."""
        moment = now()
        with self.session() as session:
            changed = _rows_changed(session.execute(
                update(Submission)
                .where(
                    Submission.id == submission_id,
                    Submission.review_state == "pending",
                    self._free_for(claimant, moment),
                )
                .values(claimed_by=claimant, claim_expires_at=moment + lease)
                .execution_options(synchronize_session=False)
            ))
        return changed == 1

    def claim_reviews(
        self, claimant: str, limit: int, lease: timedelta = REVIEW_LEASE, exclude: Iterable[int] = ()
    ) -> list[tuple[int, str, bytes]]:
        """Claim up to ``limit`` pending reviews nobody holds (unclaimed, or their lease expired), oldest first, for
        ``claimant`` until ``lease`` from now; their ids, names and bytes (``exclude``: those this server already
        runs). On PostgreSQL the rows are read ``FOR UPDATE SKIP LOCKED``, so servers claiming at once each take
        other rows and none waits on another; on SQLite the transaction holds the database's write lock."""
        moment = now()
        excluded = list(exclude)
        statement = select(Submission.id).where(Submission.review_state == "pending", self._free_for(claimant, moment))
        if excluded:
            statement = statement.where(Submission.id.not_in(excluded))
        with self.session() as session:  # a look without a lock first: most looks find nothing free
            if session.scalar(statement.limit(1)) is None:
                return []
        statement = statement.order_by(Submission.id).limit(max(0, limit)).with_for_update(skip_locked=True)
        with self.session() as session:
            self._write_lock(session)
            ids = list(session.scalars(statement))
            if not ids:
                return []
            session.execute(
                update(Submission)
                .where(Submission.id.in_(ids))
                .values(claimed_by=claimant, claim_expires_at=moment + lease)
                .execution_options(synchronize_session=False)
            )
            rows = session.execute(
                select(Submission.id, Submission.original_name, Submission.content)
                .where(Submission.id.in_(ids))
                .order_by(Submission.id)
            )
            return [(row[0], row[1], row[2]) for row in rows]

    def renew_claims(self, claimant: str, lease: timedelta = REVIEW_LEASE) -> int:
        """Extend every claim ``claimant`` still holds (reviews pending, renderings) to ``lease`` from now; how many
        reviews it holds. A claim another server has taken over is not renewed."""
        moment = now()
        with self.session() as session:
            held = _rows_changed(session.execute(
                update(Submission)
                .where(Submission.claimed_by == claimant, Submission.review_state == "pending")
                .values(claim_expires_at=moment + lease)
                .execution_options(synchronize_session=False)
            ))
            session.execute(
                update(RenderingClaim)
                .where(RenderingClaim.claimed_by == claimant)
                .values(expires_at=moment + lease)
                .execution_options(synchronize_session=False)
            )
        return held

    def release_claims(self, claimant: str) -> int:
        """Give up every claim of ``claimant`` (a server stopping): its pending reviews are at once free for another
        server; how many. The server's heartbeat row goes with them."""
        with self.session() as session:
            released = _rows_changed(session.execute(
                update(Submission)
                .where(Submission.claimed_by == claimant, Submission.review_state == "pending")
                .values(claimed_by=None, claim_expires_at=None)
                .execution_options(synchronize_session=False)
            ))
            session.execute(delete(RenderingClaim).where(RenderingClaim.claimed_by == claimant))
            session.execute(delete(Server).where(Server.id == claimant))
        return released

    def _upsert(self, session: Session, model: Any, values: dict[str, Any], keys: list[str], changes: dict[str, Any],
                where: Any = None) -> bool:
        """INSERT a row, or on a key conflict UPDATE it with ``changes`` where ``where`` holds (one statement, so
        the database's row lock decides between servers); whether a row was written."""
        from sqlalchemy.dialects import postgresql, sqlite

        dialect_insert: Any = postgresql.insert if session.connection().dialect.name == "postgresql" else sqlite.insert
        statement = dialect_insert(model).values(**values)
        statement = statement.on_conflict_do_update(index_elements=keys, set_=changes, where=where)
        first_key = getattr(model, keys[0])
        return session.execute(statement.returning(first_key)).first() is not None

    def claim_rendering(self, review_id: int, claimant: str, lease: timedelta = REVIEW_LEASE) -> bool:
        """Claim the background rendering of a sealed review's downloads for ``claimant``; False while another
        server holds it."""
        moment = now()
        with self.session() as session:
            return self._upsert(
                session, RenderingClaim,
                {"review_id": review_id, "claimed_by": claimant, "expires_at": moment + lease},
                ["review_id"],
                {"claimed_by": claimant, "expires_at": moment + lease},
                where=or_(RenderingClaim.expires_at < moment, RenderingClaim.claimed_by == claimant),
            )

    def release_rendering(self, review_id: int, claimant: str) -> None:
        """Give up a rendering's claim (made, or given up: a download makes it when first asked)."""
        with self.session() as session:
            session.execute(
                delete(RenderingClaim).where(
                    RenderingClaim.review_id == review_id, RenderingClaim.claimed_by == claimant
                )
            )

    def heartbeat(self, server_id: str, host: str, pid: int, started_at: datetime) -> None:
        """Record that a server is running (``pacomply store status`` lists the servers seen recently); servers not
        seen for a day are forgotten."""
        moment = now()
        with self.session() as session:
            self._upsert(
                session, Server,
                {"id": server_id, "host": host[:255], "pid": pid, "started_at": started_at, "seen_at": moment},
                ["id"], {"seen_at": moment},
            )
            session.execute(delete(Server).where(Server.seen_at < moment - timedelta(days=1)))

    def other_servers(self, server_id: str, recent: timedelta = SERVERS_RECENT) -> list[Server]:
        """The servers other than ``server_id`` seen within ``recent``."""
        with self.session() as session:
            return list(session.scalars(
                select(Server).where(Server.id != server_id, Server.seen_at >= now() - recent).order_by(Server.id)
            ))

    def status(self, recent: timedelta = SERVERS_RECENT) -> StoreStatus:
        """The servers seen within ``recent`` and the claims each holds, and the review queue: its length, the
        pending reviews nobody holds, the claims whose lease has expired, and the oldest wait."""
        moment = now()
        with self.session() as session:
            held: dict[str, int] = dict(session.execute(
                select(Submission.claimed_by, func.count())
                .where(Submission.review_state == "pending", Submission.claimed_by.is_not(None))
                .group_by(Submission.claimed_by)
            ).all())
            rendering: dict[str, int] = dict(session.execute(
                select(RenderingClaim.claimed_by, func.count()).group_by(RenderingClaim.claimed_by)
            ).all())
            servers = [
                ServerStatus(
                    row.id, row.host, row.pid, _utc(row.started_at), _utc(row.seen_at), int(held.get(row.id, 0)),
                    int(rendering.get(row.id, 0)),
                )
                for row in session.scalars(select(Server).where(Server.seen_at >= moment - recent).order_by(Server.id))
            ]
            pending = session.scalar(
                select(func.count()).select_from(Submission).where(Submission.review_state == "pending")
            ) or 0
            unclaimed = session.scalar(
                select(func.count()).select_from(Submission).where(
                    Submission.review_state == "pending", Submission.claimed_by.is_(None)
                )
            ) or 0
            expired = session.scalar(
                select(func.count()).select_from(Submission).where(
                    Submission.review_state == "pending", Submission.claimed_by.is_not(None),
                    Submission.claim_expires_at < moment,
                )
            ) or 0
            oldest = session.scalar(
                select(func.min(func.coalesce(Submission.queued_at, Submission.uploaded_at))).where(
                    Submission.review_state == "pending"
                )
            )
            dialect = session.connection().dialect.name
        return StoreStatus(
            database=dialect,
            checked_at=moment,
            servers=tuple(servers),
            pending=int(pending),
            unclaimed=int(unclaimed),
            expired=int(expired),
            oldest_wait=(moment - _utc(oldest)) if oldest is not None else None,
        )

    def deployment_setting(self, name: str, make: Any) -> str:
        """A value made once for the whole deployment and kept in the database (``make()`` makes it when there is
        none yet): every server reads the same one, whichever made it first."""
        with self.session() as session:
            found = session.get(WorkspaceSetting, name)
            if found is not None:
                return found.value
        try:
            with self.session() as session:
                session.add(WorkspaceSetting(name=name, value=str(make())))
        except IntegrityError:
            pass  # another server made it at the same moment: its value stands
        with self.session() as session:
            return session.get(WorkspaceSetting, name).value  # type: ignore[union-attr]

    # -- sign-in failures, counted for every server ------------------------------------------------------------

    def sign_in_failures(
        self, keys: Iterable[tuple[str, str]], since: datetime
    ) -> dict[tuple[str, str], list[datetime]]:
        """The failed sign-ins since ``since`` of each (kind, key), oldest first."""
        wanted = list(keys)
        found: dict[tuple[str, str], list[datetime]] = {key: [] for key in wanted}
        if not wanted:
            return found
        condition = or_(*(
            (SignInFailure.kind == kind) & (SignInFailure.key == key[:255]) for kind, key in wanted
        ))
        with self.session() as session:
            rows = session.execute(
                select(SignInFailure.kind, SignInFailure.key, SignInFailure.at)
                .where(condition, SignInFailure.at > since)
                .order_by(SignInFailure.at)
            )
            by_stored = {(kind, key[:255]): (kind, key) for kind, key in wanted}
            for kind, key, at in rows:
                found[by_stored[(kind, key)]].append(_utc(at))
        return found

    def record_sign_in_failure(self, keys: Iterable[tuple[str, str]], at: datetime, forget_before: datetime) -> None:
        """Count one failed sign-in against each (kind, key); failures before ``forget_before`` (out of every
        window) are deleted now and then."""
        with self.session() as session:
            session.execute(insert(SignInFailure), [
                {"kind": kind, "key": key[:255], "at": at} for kind, key in keys
            ])
            if secrets.randbelow(50) == 0:
                session.execute(delete(SignInFailure).where(SignInFailure.at < forget_before))

    def clear_sign_in_failures(self, kind: str, key: str) -> None:
        """Forget the failures of one account (it signed in)."""
        with self.session() as session:
            session.execute(delete(SignInFailure).where(SignInFailure.kind == kind, SignInFailure.key == key[:255]))

    SORTS: ClassVar[dict[str, Any]] = {
        "uploaded": Submission.uploaded_at,
        "id": Submission.id,
        "licensee": Submission.licensee,
        "filed": Submission.date_filed,
        "due": Submission.due_date,
        "status": Submission.status,
    }
    """The queue's sortable columns."""

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
        reviewer: str | None = None,
        text: str | None = None,
        overdue: bool = False,
        sort: str = "uploaded",
        descending: bool = True,
        today: date | None = None,
    ) -> QueuePage:
        """The submissions the user may see, filtered, sorted (newest upload first by default).

        ``reviewer``: assigned to that account ('-' for unassigned); ``text``: in the licensee's name or the file
        name; ``overdue``: past its due date and not yet decided."""
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
        if reviewer == "-":
            statement = statement.where(Submission.assigned_to_id.is_(None))
        elif reviewer:
            statement = statement.where(
                Submission.assigned_to_id.in_(select(User.id).where(User.username == reviewer))
            )
        if text:
            pattern = "%" + text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
            statement = statement.where(
                or_(
                    Submission.licensee.ilike(pattern, escape="\\"),
                    Submission.original_name.ilike(pattern, escape="\\"),
                )
            )
        if overdue:
            statement = statement.where(
                Submission.due_date < (today or board_today()),
                Submission.status.not_in([item.value for item in FINAL_STATUSES]),
            )
        column = self.SORTS.get(sort, Submission.uploaded_at)
        order = [column.desc() if descending else column.asc(), Submission.id.desc() if descending else Submission.id]
        with self.session() as session:
            total = session.scalar(select(func.count()).select_from(statement.subquery())) or 0
            rows = session.scalars(
                statement.options(selectinload(Submission.chapters), selectinload(Submission.assigned_to))
                .order_by(*order)
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

    def assign(self, user: User, submission_id: int, seen_version: int, reviewer: str | None) -> Submission:
        """Assign a filing to a reviewer or supervisor (None: unassign); staff only, an audited change."""
        if user.role not in (Role.REVIEWER, Role.SUPERVISOR, Role.ADMIN):
            raise Forbidden("only the Board's staff assign filings")
        with self.session() as session:
            submission = session.get(Submission, submission_id)
            if submission is None:
                raise NotFound(f"there is no filing {submission_id}")
            target = None
            if reviewer:
                target = session.scalar(select(User).where(User.username == reviewer, User.active.is_(True)))
                if target is None or target.role not in (Role.REVIEWER, Role.SUPERVISOR):
                    raise WorkspaceError(f"'{reviewer}' is not an active reviewer or supervisor")
            changed = _rows_changed(session.execute(
                update(Submission)
                .where(Submission.id == submission_id, Submission.version == seen_version)
                .values(assigned_to_id=target.id if target else None, version=Submission.version + 1)
                .execution_options(synchronize_session=False)
            ))
            if changed != 1:
                self._conflict(session, submission_id)
            self._event(session, user.username, "assigned", submission_id, to=reviewer or None)
        return self.submission(user, submission_id)

    def reviewers(self) -> list[str]:
        """The active reviewers' and supervisors' names (the assignment list)."""
        with self.session() as session:
            return list(
                session.scalars(
                    select(User.username)
                    .where(User.active.is_(True), User.role.in_([Role.REVIEWER.value, Role.SUPERVISOR.value]))
                    .order_by(User.username)
                )
            )

    def licensees(self, user: User) -> list[str]:
        """Every licensee with a submission the user may see, sorted (the queue's filter)."""
        with self.session() as session:
            statement = self._visible(select(Submission.licensee).distinct(), user)
            return sorted(session.scalars(statement))

    def submission(self, user: User, submission_id: int, with_content: bool = False) -> Submission:
        """One submission the user may see; NotFound (not Forbidden) otherwise, so its existence is not told."""
        statement = self._visible(select(Submission).where(Submission.id == submission_id), user)
        statement = statement.options(
            selectinload(Submission.chapters),
            selectinload(Submission.uploaded_by),
            selectinload(Submission.assigned_to),
        )
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

    def review_download(self, submission_id: int, kind: str) -> tuple[ReviewRecord, bytes | None]:
        """The latest review and its PDF or workbook (``kind`` 'pdf' or 'xlsx'): sealed with the review (before
        revision 0004), or made after it and sealed in ``review_renderings``; None when not made yet (the caller
        makes it from :meth:`rendering_source` and seals it with :meth:`record_rendering`)."""
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
            record, sealed = row[0], row[1]
            if sealed:
                return record, sealed
            made = session.scalar(
                select(ReviewRendering.content).where(
                    ReviewRendering.review_id == record.id, ReviewRendering.kind == kind
                )
            )
        return record, made

    def rendering_source(self, review_id: int) -> tuple[str, bytes, dict[str, Any]]:
        """What a review's downloads are made from: the submission's name and original bytes, the sealed document."""
        with self.session() as session:
            row = session.execute(
                select(Submission.original_name, Submission.content, ReviewRecord.document)
                .join(ReviewRecord, ReviewRecord.submission_id == Submission.id)
                .where(ReviewRecord.id == review_id)
            ).first()
        if row is None:
            raise NotFound(f"there is no review {review_id}")
        return row[0], row[1], json.loads(row[2])

    def record_rendering(self, review_id: int, kind: str, content: bytes, document_sha256: str) -> bytes:
        """Seal a review's PDF or workbook, made after the review; what is sealed for it (another process may have
        sealed one first: the first stands, and both were made from the same sealed review)."""
        try:
            with self.session() as session:
                session.add(
                    ReviewRendering(
                        review_id=review_id, kind=kind, created_at=now(), document_sha256=document_sha256,
                        sha256=hashlib.sha256(content).hexdigest(), content=content,
                    )
                )
        except IntegrityError:
            pass
        with self.session() as session:
            return session.scalar(  # type: ignore[return-value]
                select(ReviewRendering.content).where(
                    ReviewRendering.review_id == review_id, ReviewRendering.kind == kind
                )
            )

    def reviews_without_renderings(self, limit: int = 1000, unclaimed: bool = False) -> list[int]:
        """The latest review of each filing that was sealed without its PDF and has none made since, oldest
        first (the PDF is made with the workbook, so one stands for both). ``unclaimed``: leave out those a server
        holds a live claim on (making them, or having given up on them until it restarts)."""
        latest = select(func.max(ReviewRecord.id).label("id")).group_by(ReviewRecord.submission_id).subquery()
        made = select(ReviewRendering.review_id).where(ReviewRendering.kind == "pdf")
        statement = (
            select(ReviewRecord.id)
            .join(latest, latest.c.id == ReviewRecord.id)
            .where(ReviewRecord.id.not_in(made), func.length(ReviewRecord.pdf) == 0)
            .order_by(ReviewRecord.id)
            .limit(limit)
        )
        if unclaimed:
            taken = select(RenderingClaim.review_id).where(RenderingClaim.expires_at >= now())
            statement = statement.where(ReviewRecord.id.not_in(taken))
        with self.session() as session:
            return list(session.scalars(statement))

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

    def finding_versions(self, submission_id: int) -> dict[str, int]:
        """Each finding's version: how many dispositions it has had (0 for none)."""
        with self.session() as session:
            return self._standing(session, submission_id)[1]

    def account_events(self, limit: int = 100) -> list[Event]:
        """The latest events that concern accounts rather than a filing (sign-ins, role and password changes)."""
        with self.session() as session:
            return list(
                session.scalars(select(Event).where(Event.submission_id.is_(None)).order_by(Event.id.desc()).limit(limit))
            )

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
        changed = _rows_changed(session.execute(
            update(Submission)
            .where(Submission.id == submission.id, Submission.version == seen_version)
            .values(status=status, version=Submission.version + 1)
            .execution_options(synchronize_session=False)
        ))
        if changed != 1:
            self._conflict(session, submission.id)

    @staticmethod
    def _conflict(session: Session, submission_id: int) -> None:
        own = session.info.get("own_events", [])
        latest = session.scalar(
            select(Event)
            .where(Event.submission_id == submission_id, Event.id.not_in(own))
            .order_by(Event.id.desc())
            .limit(1)
        )
        by = f" ({latest.action} by {latest.actor} at {_utc(latest.at):%Y-%m-%d %H:%M:%S} UTC)" if latest else ""
        raise Conflict(
            f"this filing changed after you opened it{by}; nothing you sent was saved. Reload the page, check the "
            "change, and act again."
        )

    def _for_action(
        self, session: Session, user: User, submission_id: int, seen_version: int | None
    ) -> Submission:
        if user.role not in (Role.REVIEWER, Role.SUPERVISOR):
            raise Forbidden("only a reviewer or a supervisor decides on findings and signs off")
        submission = session.get(Submission, submission_id)
        if submission is None:
            raise NotFound(f"there is no filing {submission_id}")
        if seen_version is not None and submission.version != seen_version:
            self._conflict(session, submission_id)
        if submission.review_state != "done":
            raise WorkspaceError("this filing has no finished review; wait for the review to finish")
        if submission.status in FINAL_STATUSES:
            raise WorkspaceError(
                f"this filing is {submission.status} and countersigned; it no longer changes. A change comes as a new "
                "submission from the licensee"
            )
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

    @staticmethod
    def _document(session: Session, record: ReviewRecord) -> dict[str, Any]:
        document = session.scalar(select(ReviewRecord.document).where(ReviewRecord.id == record.id))
        if document is None:
            raise WorkspaceError(f"review {record.id} has no stored document")
        return json.loads(document)

    @staticmethod
    def _standing(session: Session, submission_id: int) -> tuple[dict[str, Disposition], dict[str, int]]:
        """Each finding's standing disposition and its version (how many dispositions it has had)."""
        standing: dict[str, Disposition] = {}
        counts: dict[str, int] = {}
        rows = session.scalars(
            select(Disposition).where(Disposition.submission_id == submission_id).order_by(Disposition.id)
        )
        for row in rows:
            standing[row.finding_key] = row
            counts[row.finding_key] = counts.get(row.finding_key, 0) + 1
        return standing, counts

    @staticmethod
    def unresolved_errors(document: dict[str, Any], standing: dict[str, Any]) -> list[dict[str, Any]]:
        """The review's errors the Board has not resolved: an error is resolved when waived (with the Board's
        reference) or when a reviewer's dispute of it is upheld by a supervisor; 'agreed' means the licensee
        must correct it."""
        resolved = (Decision.WAIVED.value, Decision.UPHELD.value)
        return [
            finding
            for finding in document.get("findings", [])
            if finding.get("severity") == "error"
            and (standing.get(finding_key(finding)) is None or standing[finding_key(finding)].decision not in resolved)
        ]

    def _validated(self, request: DispositionRequest, user: User) -> DispositionRequest:
        try:
            decision = Decision(request.decision)
        except ValueError:
            raise WorkspaceError(
                f"'{request.decision}' is not a disposition; use 'agreed', 'disputed', 'waived' or 'dispute upheld'"
            ) from None
        note, reference = request.note.strip(), request.board_reference.strip()
        if decision is Decision.DISPUTED and not note:
            raise WorkspaceError("a disputed finding needs a note saying why")
        if decision is Decision.WAIVED and not reference:
            raise WorkspaceError("a waived finding needs the Board's reference for the waiver (§ 601a.4)")
        if decision is Decision.WAIVED and not BOARD_REFERENCE.fullmatch(reference):
            raise WorkspaceError(
                f"'{reference[:60]}' is not a Board reference for a waiver; write it as the Board issued it, e.g. "
                "W-2026-117 or BGO-2026-117 (letters, the year, a number)"
            )
        if decision is Decision.UPHELD and user.role != Role.SUPERVISOR:
            raise Forbidden("only a supervisor upholds a dispute")
        return DispositionRequest(request.finding, decision.value, note, reference, request.seen_sequence)

    def dispose_many(
        self, user: User, submission_id: int, seen_version: int | None, requests: list[DispositionRequest]
    ) -> list[Disposition]:
        """Record decisions about findings of the latest review, all or none.

        Each request carries the version of its finding as the sender saw it (``seen_sequence``), so two
        reviewers may work on different findings at once; without it, the filing's ``seen_version`` is checked
        instead. A change after an approving sign-off withdraws that sign-off (it rested on what was changed)."""
        if not requests:
            raise WorkspaceError("choose a disposition for at least one finding")
        if seen_version is None and any(request.seen_sequence is None for request in requests):
            raise WorkspaceError("the request lacks the filing's version or each finding's version; reload and retry")
        keys = [request.finding for request in requests]
        if len(set(keys)) != len(keys):
            raise WorkspaceError("a finding is named twice in one request")
        requests = [self._validated(request, user) for request in requests]
        try:
            with self.session() as session:
                submission = self._for_action(session, user, submission_id, seen_version)
                record = self._latest_review(session, submission_id)
                present = {finding_key(finding) for finding in self._document(session, record).get("findings", [])}
                standing, counts = self._standing(session, submission_id)
                for request in requests:
                    if request.finding not in present:
                        raise NotFound("that finding is not in the latest review of this filing")
                    if request.seen_sequence is not None and counts.get(request.finding, 0) != request.seen_sequence:
                        latest = standing[request.finding]
                        who = session.get(User, latest.user_id)
                        raise Conflict(
                            f"a finding changed after you opened it ({latest.decision} by "
                            f"{who.username if who else '?'} at {_utc(latest.created_at):%Y-%m-%d %H:%M:%S} UTC); "
                            "nothing you sent was saved. Reload the page, check the change, and act again."
                        )
                    if request.decision == Decision.UPHELD:
                        disputed = standing.get(request.finding)
                        if disputed is None or disputed.decision != Decision.DISPUTED:
                            raise WorkspaceError("only a disputed finding's dispute can be upheld")
                        if disputed.user_id == user.id:
                            raise Forbidden("a dispute is upheld by a supervisor other than the one who disputed")
                status = Status.IN_REVIEW.value if submission.status == Status.RECEIVED else submission.status
                self._withdraw_sign_off(session, user, submission_id)
                made = []
                for index, request in enumerate(requests):
                    disposition = Disposition(
                        submission_id=submission_id,
                        review_id=record.id,
                        finding_key=request.finding,
                        sequence=counts.get(request.finding, 0) + 1,
                        decision=request.decision,
                        note=request.note,
                        board_reference=request.board_reference,
                        user_id=user.id,
                        created_at=now(),
                    )
                    session.add(disposition)
                    made.append(disposition)
                    self._event(
                        session,
                        user.username,
                        "disposition",
                        submission_id,
                        moves_to=status if index == 0 and status != submission.status else None,
                        finding=request.finding,
                        decision=request.decision,
                        note=request.note,
                        board_reference=request.board_reference,
                    )
                session.flush()
                if seen_version is not None:
                    self._advance(session, submission, seen_version, status)
                else:
                    session.execute(
                        update(Submission)
                        .where(Submission.id == submission_id)
                        .values(status=status, version=Submission.version + 1)
                        .execution_options(synchronize_session=False)
                    )
        except IntegrityError:
            raise Conflict(
                "another reviewer recorded a disposition of the same finding at the same moment; nothing you sent "
                "was saved. Reload the page, check the change, and act again."
            ) from None
        return made

    def dispose(
        self,
        user: User,
        submission_id: int,
        seen_version: int | None,
        key: str,
        decision: Decision | str,
        note: str = "",
        board_reference: str = "",
        finding_version: int | None = None,
    ) -> Disposition:
        """Record a decision about one finding of the latest review (see :meth:`dispose_many`)."""
        request = DispositionRequest(key, str(decision), note, board_reference, finding_version)
        return self.dispose_many(user, submission_id, seen_version, [request])[0]

    def _withdraw_sign_off(self, session: Session, user: User, submission_id: int) -> None:
        last = session.scalar(
            select(SignOff).where(SignOff.submission_id == submission_id).order_by(SignOff.id.desc()).limit(1)
        )
        if last is not None and last.kind == "sign-off" and last.decision in APPROVING:
            session.add(
                SignOff(
                    submission_id=submission_id,
                    review_id=last.review_id,
                    kind="withdrawal",
                    decision="withdrawn",
                    note="a disposition changed after the approving sign-off",
                    user_id=user.id,
                    created_at=now(),
                )
            )
            self._event(session, user.username, "sign-off withdrawn", submission_id, signoff=last.id)

    def sign_off(self, user: User, submission_id: int, seen_version: int, decision: str, note: str = "") -> SignOff:
        """A reviewer's sign-off of the latest review.

        'approve': every finding has a disposition and every error is resolved; 'approve in part': every finding
        has a disposition and the errors not resolved are named as not approved; either awaits a supervisor's
        countersignature. 'request changes': a deficiency notice goes to the licensee."""
        if decision not in (*APPROVING, "request changes"):
            raise WorkspaceError("a sign-off is 'approve', 'approve in part' or 'request changes'")
        with self.session() as session:
            submission = self._for_action(session, user, submission_id, seen_version)
            record = self._latest_review(session, submission_id)
            document = self._document(session, record)
            standing, _counts = self._standing(session, submission_id)
            open_findings = [
                finding_key(finding) for finding in document.get("findings", []) if finding_key(finding) not in standing
            ]
            unresolved = [finding_key(finding) for finding in self.unresolved_errors(document, standing)]
            if decision in APPROVING and open_findings:
                raise WorkspaceError(
                    f"{len(open_findings)} finding(s) have no disposition yet; dispose of every finding before "
                    "approving"
                )
            if decision == "approve" and unresolved:
                raise WorkspaceError(
                    f"{len(unresolved)} error(s) are not resolved (waived with the Board's reference, or disputed and "
                    f"the dispute upheld): {'; '.join(unresolved[:5])}{' …' if len(unresolved) > 5 else ''}. "
                    "Sign off 'approve in part', which names them as not approved, or 'request changes'"
                )
            if decision == "approve in part" and not unresolved:
                raise WorkspaceError("every error is resolved; sign off 'approve' (in total)")
            status = Status.IN_REVIEW.value if decision in APPROVING else Status.CHANGES_REQUESTED.value
            detail: dict[str, Any] = {"decision": decision, "review": record.id}
            if decision != "approve":
                detail["not_approved"] = unresolved
            moves_to = status if status != submission.status else None
            self._event(session, user.username, "sign-off", submission_id, moves_to=moves_to, **detail)
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
            if decision == "request changes":
                self._letter(session, user, submission, record, document, standing, LetterKind.DEFICIENCY_NOTICE)
        return signoff

    def countersign(self, user: User, submission_id: int, seen_version: int, note: str = "") -> SignOff:
        """A supervisor's countersignature of an approving sign-off by someone else: the filing is approved (in
        total or in part), its decision letter is made, and it no longer changes."""
        if user.role != Role.SUPERVISOR:
            raise Forbidden("only a supervisor countersigns")
        with self.session() as session:
            submission = self._for_action(session, user, submission_id, seen_version)
            record = self._latest_review(session, submission_id)
            last = session.scalar(
                select(SignOff).where(SignOff.submission_id == submission_id).order_by(SignOff.id.desc()).limit(1)
            )
            if last is None or last.kind != "sign-off" or last.decision not in APPROVING or last.review_id != record.id:
                raise WorkspaceError("there is no standing approving sign-off of the latest review to countersign")
            if last.user_id == user.id:
                raise Forbidden("a countersignature must come from someone other than the reviewer who signed off")
            document = self._document(session, record)
            standing, _counts = self._standing(session, submission_id)
            unresolved = self.unresolved_errors(document, standing)
            if last.decision == "approve" and unresolved:
                raise WorkspaceError("an error is not resolved; the sign-off cannot be countersigned as an approval")
            final = Status.APPROVED if last.decision == "approve" else Status.APPROVED_IN_PART
            self._event(
                session, user.username, "countersign", submission_id, moves_to=final.value, review=record.id,
                decision=last.decision,
            )
            self._advance(session, submission, seen_version, final.value)
            signoff = SignOff(
                submission_id=submission_id,
                review_id=record.id,
                kind="countersignature",
                decision=last.decision,
                note=note.strip(),
                user_id=user.id,
                created_at=now(),
            )
            session.add(signoff)
            kind = LetterKind.APPROVAL if final is Status.APPROVED else LetterKind.APPROVAL_IN_PART
            self._letter(session, user, submission, record, document, standing, kind)
        return signoff

    def _letter(
        self,
        session: Session,
        user: User,
        submission: Submission,
        record: ReviewRecord,
        document: dict[str, Any],
        standing: dict[str, Disposition],
        kind: LetterKind,
    ) -> None:
        from pacomply.workspace.letters import LetterFinding, render_letter

        unresolved = {finding_key(finding) for finding in self.unresolved_errors(document, standing)}
        cited = []
        for finding in document.get("findings", []):
            key = finding_key(finding)
            disposition = standing.get(key)
            if key in unresolved:
                outcome = "to be corrected"
            elif disposition is not None and disposition.decision == Decision.WAIVED:
                outcome = f"waived ({disposition.board_reference})"
            elif disposition is not None and disposition.decision == Decision.UPHELD:
                outcome = "withdrawn by the Board"
            else:
                continue
            cited.append(LetterFinding.from_json(finding, outcome))
        moment = now()
        session.flush()
        pdf = render_letter(
            kind=kind,
            submission_id=submission.id,
            licensee=submission.licensee,
            file_name=submission.original_name,
            sha256=submission.sha256,
            chapters=[chapter.chapter for chapter in submission.chapters],
            date_filed=submission.date_filed,
            review_id=record.id,
            verdict=str(document.get("verdict", {}).get("summary", "")),
            findings=cited,
            issued=moment,
        )
        letter = Letter(
            submission_id=submission.id, review_id=record.id, kind=kind.value, created_at=moment, user_id=user.id,
            pdf=pdf,
        )
        session.add(letter)
        session.flush()
        self._event(session, user.username, "letter", submission.id, kind=kind.value, letter=letter.id,
                    findings=len(cited))

    def letters(self, submission_id: int) -> list[Letter]:
        """A submission's decision letters, newest first (without their PDFs)."""
        with self.session() as session:
            return list(
                session.scalars(select(Letter).where(Letter.submission_id == submission_id).order_by(Letter.id.desc()))
            )

    def letter_pdf(self, submission_id: int, letter_id: int) -> tuple[Letter, bytes]:
        with self.session() as session:
            row = session.execute(
                select(Letter, Letter.pdf).where(Letter.id == letter_id, Letter.submission_id == submission_id)
            ).first()
        if row is None:
            raise NotFound("there is no such letter for this filing")
        return row[0], row[1]

    def request_rereview(self, user: User, submission_id: int, seen_version: int) -> tuple[str, bytes]:
        """Mark a submission for a new review run (the worker adds a review row); its name and bytes. Refused
        while a review is pending and once the filing is approved (the countersigned review stays the latest)."""
        if user.role not in (Role.REVIEWER, Role.SUPERVISOR, Role.ADMIN):
            raise Forbidden("only the Board's staff re-run a review")
        with self.session() as session:
            submission = session.get(Submission, submission_id)
            if submission is None:
                raise NotFound(f"there is no filing {submission_id}")
            if submission.status in FINAL_STATUSES:
                raise WorkspaceError(
                    f"this filing is {submission.status}; its countersigned review stays the latest. A change comes "
                    "as a new submission"
                )
            if submission.review_state == "pending":
                raise WorkspaceError("a review of this filing is already under way")
            changed = _rows_changed(session.execute(
                update(Submission)
                .where(
                    Submission.id == submission_id,
                    Submission.version == seen_version,
                    Submission.review_state != "pending",
                    Submission.status.not_in([item.value for item in FINAL_STATUSES]),
                )
                .values(
                    review_state="pending", review_attempts=0, version=Submission.version + 1, queued_at=now(),
                    claimed_by=None, claim_expires_at=None,
                )
                .execution_options(synchronize_session=False)
            ))
            if changed != 1:
                self._conflict(session, submission_id)
            self._event(session, user.username, "re-review requested", submission_id)
            content = session.scalar(select(Submission.content).where(Submission.id == submission_id))
            if content is None:
                raise WorkspaceError(f"submission {submission_id} has no stored file")
            return submission.original_name, content


@dataclass(frozen=True, slots=True)
class DispositionRequest:
    """One finding's disposition as a reviewer sent it."""

    finding: str
    decision: str
    note: str = ""
    board_reference: str = ""
    seen_sequence: int | None = None
    """The finding's version as the sender saw it (how many dispositions it had); None: not sent."""


SEALED_MODELS = (ReviewRecord, Letter, Event, Disposition, SignOff)
"""The models of the sealed tables (``seals.SEALED_TABLES``)."""


def _note_sealed_rows(session: Session, _context: Any, _instances: Any) -> None:
    """Before a flush: note the new rows of sealed tables, for :meth:`Store._seal` at the transaction's end."""
    new = [row for row in session.new if isinstance(row, SEALED_MODELS)]
    if new:
        session.info.setdefault("sealed_rows", []).extend(new)


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
